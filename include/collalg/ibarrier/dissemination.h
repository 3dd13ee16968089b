/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibarrier/dissemination.h
 * @ingroup nonblocking
 * @brief MPI_Ibarrier, dissemination algorithm (Hensgen, Finkel & Manber 1988): the schedule of
 *        collalg_barrier_dissemination() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Rounds k = 0 .. ceil(lg p) - 1, each after the previous one has completed: a zero-byte message
 * to (r + 2^k) mod p and one from (r - 2^k) mod p. Invariant: once round k is complete, rank r
 * has heard, transitively, from ranks r - 1, ..., r - 2^(k+1) + 1 (mod p); after the last round
 * from all p - 1 others, so the request completes only after every rank has started the barrier.
 *
 * @par Trace, p = 6 (a -> b: message from a to b)
 * @verbatim
   round 0:  0->1  1->2  2->3  3->4  4->5  5->0    rank 0 has heard from {5}
   round 1:  0->2  1->3  2->4  3->5  4->0  5->1    rank 0 has heard from {5,4,3}
   round 2:  0->4  1->5  2->0  3->1  4->2  5->3    rank 0 has heard from {5,4,3,2,1}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibarrier_dissemination_p6.svg
 * @image html ibarrier_dissemination_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. ceil(lg p) alpha; the start costs one schedule build
 * (2 ceil(lg p) steps) and each advance one MPI_Testsome over the steps not yet done.
 *
 * @par Restrictions
 * None: any p >= 1 (for p = 1 the request is complete at once).
 *
 * @par Memory
 * The operation: about 60 bytes per step plus 300 bytes, until the request completes.
 *
 * @par References
 * D. Hensgen, R. Finkel, U. Manber, "Two algorithms for barrier synchronization", International
 * Journal of Parallel Programming 17(1), 1988; T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation
 * and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07 (the schedule
 * of rounds, LibNBC).
 */
#ifndef COLLALG_IBARRIER_DISSEMINATION_H
#define COLLALG_IBARRIER_DISSEMINATION_H

#include "k_dissemination.h"

/**
 * @brief MPI_Ibarrier by the dissemination algorithm: the request completes on each rank only
 *        after every rank of @p comm has started the barrier.
 * @param comm    intracommunicator
 * @param request out: the request (complete it with MPI_Wait / MPI_Test; see core/nbc.h for
 *                who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting. Errors of later steps come back through the request.
 */
COLLALG_INLINE int collalg_ibarrier_dissemination(MPI_Comm comm, MPI_Request *request)
{
    return collalg_ibarrier_k_dissemination(comm, request, 2);
}

/**
 * @brief MPI_Barrier_init by the algorithm of collalg_ibarrier_dissemination(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ibarrier_dissemination()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_barrier_init_dissemination(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return collalg_barrier_init_k_dissemination(comm, info, request, 2);
}

#endif /* COLLALG_IBARRIER_DISSEMINATION_H */
