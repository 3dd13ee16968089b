/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/ring.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, ring algorithm (MPICH's sched_ring, LibNBC's allgatherv): the ring of
 *        collalg_allgatherv_logical_ring() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied to displs[rank] (not in place). Then p - 1 steps, each after the
 * previous one has completed: in step i rank r sends block (r - i) mod p to r + 1 and receives
 * block (r - i - 1) mod p from r - 1, each straight from and into its place
 * [displs[b], displs[b] + recvcounts[b]) of the receive buffer. Invariant: after step i rank r
 * holds blocks r, r - 1, ..., r - i - 1.
 *
 * @par Trace, p = 3, rank 0, recvcounts {2, 0, 1}
 * @verbatim
   start:  {0}
   step 0: sends block 0 (2 elements) to 1, receives block 2 (1 element) from 2   {0,2}
   step 1: sends block 2 to 1, receives block 1 (0 elements) from 2              {0,2,1}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_ring_p6.svg
 * @image html iallgatherv_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all, m the largest block.
 * (p - 1) alpha + (p - 1) m beta at most ((p - 1)/p n beta for equal blocks).
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 per ring step) plus 300 bytes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.1; T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and
 * Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IALLGATHERV_RING_H
#define COLLALG_IALLGATHERV_RING_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgatherv_ring() (@p persistent 0) and of
 *         collalg_allgatherv_init_ring() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_allgatherv(collalg__iallgatherv_ring_steps, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                   displs, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgatherv by a ring.
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
COLLALG_INLINE int collalg_iallgatherv_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                            MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgatherv_ring(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request,
                                     0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_ring(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgatherv_ring()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                MPI_Request *request)
{
    (void)info;
    return collalg__iallgatherv_ring(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request,
                                     1);
}

#endif /* COLLALG_IALLGATHERV_RING_H */
