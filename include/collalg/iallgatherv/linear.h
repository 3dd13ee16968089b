/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/linear.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, linear (LibNBC's iallgatherv): every rank sends its block to every
 *        other rank, all messages at once, run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round: rank r copies its block to displs[r] (not in place) and, for i = 1 .. p - 1,
 * receives block b = (r - i) mod p from rank b straight into [displs[b], displs[b] +
 * recvcounts[b]) and sends its own block to (r + i) mod p, straight from the send buffer (from
 * its place in the receive buffer in place). Every message of the rank is in flight at once.
 *
 * @par Trace, p = 3, rank 0, recvcounts {2, 0, 1} (all started together)
 * @verbatim
   receives block 2 (1 element) from 2, block 1 (0 elements) from 1
   sends block 0 (2 elements) to 1 and to 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_linear_p6.svg
 * @image html iallgatherv_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all, m the rank's own block.
 * alpha + max(n - m, (p - 1) m) beta at a rank, with its 2 (p - 1) messages in flight at once.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (p - 1) + 1) plus 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (LibNBC; Open MPI's ompi/mca/coll/libnbc/nbc_iallgatherv.c).
 */
#ifndef COLLALG_IALLGATHERV_LINEAR_H
#define COLLALG_IALLGATHERV_LINEAR_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgatherv_linear() (@p persistent 0) and of
 *         collalg_allgatherv_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                               MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_allgatherv(collalg__iallgatherv_linear_steps, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                   displs, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgatherv with every message at once.
 * @param sendbuf    @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                   already at @p displs[rank] of @p recvbuf)
 * @param sendcount  elements this rank contributes (>= 0)
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    block b is @p recvcounts[b] elements of @p recvtype at element @p displs[b]
 * @param recvcounts p counts (>= 0); read during the call only
 * @param displs     p displacements, in elements of @p recvtype
 * @param recvtype   committed datatype of @p recvbuf
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_iallgatherv_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                              MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgatherv_linear(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                       request, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_linear(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgatherv_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, const int recvcounts[], const int displs[],
                                                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                  MPI_Request *request)
{
    (void)info;
    return collalg__iallgatherv_linear(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                       request, 1);
}

#endif /* COLLALG_IALLGATHERV_LINEAR_H */
