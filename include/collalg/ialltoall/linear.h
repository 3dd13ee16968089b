/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoall/linear.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoall, linear algorithm (LibNBC's only ialltoall, MPICH's sched_inplace and
 *        sched_linear): every message posted at once, run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * One round: the own block is copied, and for distance i = 1 .. p - 1 a receive of block
 * (r - i) mod p from rank r - i and a send of block (r + i) mod p to rank r + i are posted, in
 * that order, so each rank's first messages go to different peers. In place, the p blocks of the
 * receive buffer are first copied to scratch and sent from there.
 *
 * @par Trace, p = 3, rank 0 (block j of rank r written r.j)
 * @verbatim
   copy 0.0 -> recv block 0
   i = 1: receive 2.0 from 2 into block 2, send 0.1 to 1
   i = 2: receive 1.0 from 1 into block 1, send 0.2 to 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoall_linear_p6.svg
 * @image html ialltoall_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank. About alpha + n beta when the
 * network takes every message at once (p - 1 messages in flight per rank); the start posts
 * 2 (p - 1) requests.
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps) plus 300 bytes; in place, p blocks of the
 * receive type as well.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4 (LibNBC's linear ialltoall); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 19(1), 2005, §4.3 (posting every message, in the order of distance).
 */
#ifndef COLLALG_IALLTOALL_LINEAR_H
#define COLLALG_IALLTOALL_LINEAR_H

#include "../core/persistent.h"
#include "../schedule/icoll_alltoall.h"

/** @brief The start of collalg_ialltoall_linear() (@p persistent 0) and of
 *         collalg_alltoall_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoall_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                             int persistent)
{
    return collalg__nbc_transport(collalg__ialltoall_linear_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoall by posting every message at once.
 * @param sendbuf   p blocks of @p sendcount elements of @p sendtype (block j, at element
 *                  j * sendcount, goes to rank j), or MPI_IN_PLACE (the blocks are then taken
 *                  from @p recvbuf, and @p sendcount, @p sendtype are ignored)
 * @param sendcount elements per block sent (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j comes from rank j
 * @param recvcount elements per block received (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ialltoall_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__ialltoall_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Alltoall_init by the algorithm of collalg_ialltoall_linear(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoall_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoall_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ialltoall_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLTOALL_LINEAR_H */
