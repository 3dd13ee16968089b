/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/linear.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, linear (LibNBC's iallgather): every rank sends its block to every other
 *        rank, all messages at once, run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round: rank r copies its block into place (not in place) and, for i = 1 .. p - 1, receives
 * block (r - i) mod p from that rank straight into its place and sends its own block to
 * (r + i) mod p, straight from the send buffer (from its place in the receive buffer in place),
 * so no send waits for the copy. Every message of the rank is in flight at once.
 *
 * @par Trace, p = 4, rank 1 (all started together)
 * @verbatim
   receives block 0 from 0, block 3 from 3, block 2 from 2
   sends block 1 to 2, to 3, to 0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_linear_p6.svg
 * @image html iallgather_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. alpha + (p - 1)/p n beta, with
 * 2 (p - 1) messages of each rank in flight at once: one latency, at the price of p (p - 1)
 * messages on the network together.
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (p - 1) + 1) plus 300 bytes, until the request
 * completes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (LibNBC; Open MPI's ompi/mca/coll/libnbc/nbc_iallgather.c, linear).
 */
#ifndef COLLALG_IALLGATHER_LINEAR_H
#define COLLALG_IALLGATHER_LINEAR_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_linear() (@p persistent 0) and of
 *         collalg_allgather_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                              int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_linear_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather with every message at once.
 * @param sendbuf   @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                  already at offset rank * recvcount of @p recvbuf)
 * @param sendcount elements sent by each rank (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j (at element
 *                  j * recvcount) is rank j's contribution
 * @param recvcount elements received from each rank (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_linear(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLGATHER_LINEAR_H */
