/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoallv/linear.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoallv, linear algorithm (LibNBC's ialltoallv, MPICH's sched_blocked with every
 *        message at once, sched_inplace): run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round: the own block is copied, and for distance i = 1 .. p - 1 a receive of block
 * (r - i) mod p from rank r - i and a send of block (r + i) mod p to rank r + i are posted, each
 * straight from and into its place. In place, the blocks of the receive buffer are first copied,
 * one by one and packed in block order, to scratch, and sent from there.
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
 * @image html ialltoallv_linear_p6.svg
 * @image html ialltoallv_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank. About alpha + n beta when the
 * network takes every message at once; the start posts 2 (p - 1) requests.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps) plus 300 bytes; in place, the receive
 * blocks' elements of the receive type as well.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4; R. Thakur, R. Rabenseifner, W. Gropp, "Optimization
 * of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.3.
 */
#ifndef COLLALG_IALLTOALLV_LINEAR_H
#define COLLALG_IALLTOALLV_LINEAR_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoallv_linear() (@p persistent 0) and of
 *         collalg_alltoallv_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoallv_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                              MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                              const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                              MPI_Request *request, int persistent)
{
    return collalg__ialltoallv_start(COLLALG_A2A_SCATTERED, COLLALG_A2A_ALL_AT_ONCE, sendbuf, sendcounts, sdispls,
                                     sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoallv by posting every message at once.
 * @param sendbuf    block j is @p sendcounts[j] elements of @p sendtype at element @p sdispls[j],
 *                   for rank j; or MPI_IN_PLACE (the blocks are then taken from @p recvbuf, with
 *                   the receive counts and displacements)
 * @param sendcounts p counts (>= 0); read during the call only
 * @param sdispls    p displacements, in elements of @p sendtype
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    block j is @p recvcounts[j] elements of @p recvtype at element @p rdispls[j],
 *                   from rank j
 * @param recvcounts p counts (>= 0)
 * @param rdispls    p displacements, in elements of @p recvtype
 * @param recvtype   committed datatype of @p recvbuf
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_ialltoallv_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                             MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                             const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                             MPI_Request *request)
{
    return collalg__ialltoallv_linear(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                      comm, request, 0);
}

/**
 * @brief MPI_Alltoallv_init by the algorithm of collalg_ialltoallv_linear(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoallv_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoallv_init_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                 MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                 const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ialltoallv_linear(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                      comm, request, 1);
}

#endif /* COLLALG_IALLTOALLV_LINEAR_H */
