/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file dissemination.h
 * @ingroup barrier
 * @brief Barrier, dissemination algorithm (Hensgen, Finkel & Manber 1988; Mellor-Crummey &
 *        Scott 1991, "The dissemination barrier").
 *
 * @par Phases
 * Rounds k = 0 .. ceil(lg p) - 1: rank r sends a zero-byte token to (r + 2^k) mod p and waits
 * for the token of (r - 2^k) mod p (one MPI_Sendrecv). Invariant: after round k, rank r has
 * heard, transitively, from the ranks r - 1, ..., r - 2^(k+1) + 1 (mod p), i.e. each of them has
 * entered the barrier; after the last round that is every rank, since 2^ceil(lg p) - 1 >= p - 1.
 * Every rank is busy in every round (no idle ranks, no fold), for any p.
 *
 * @par Trace, p = 6 (a -> b: token from a to b)
 * @verbatim
   round 0 (2^0 = 1):  0->1  1->2  2->3  3->4  4->5  5->0    rank 0 has heard from {5}
   round 1 (2^1 = 2):  0->2  1->3  2->4  3->5  4->0  5->1    rank 0 has heard from {5,4,3}
   round 2 (2^2 = 4):  0->4  1->5  2->0  3->1  4->2  5->3    rank 0 has heard from {5,4,3,2,1}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_dissemination_p6.svg
 * @image html barrier_dissemination_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes: ceil(lg p) rounds of one zero-byte message sent and one received per rank,
 * ceil(lg p) alpha (no beta term: the tokens carry no data).
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step).
 *
 * @par Memory
 * None.
 *
 * @par References
 * D. Hensgen, R. Finkel, U. Manber, "Two algorithms for barrier synchronization", International
 * Journal of Parallel Programming 17(1), 1988; J. M. Mellor-Crummey, M. L. Scott, "Algorithms
 * for scalable synchronization on shared-memory multiprocessors", ACM TOCS 9(1), 1991,
 * "The dissemination barrier".
 */
#ifndef COLLALG_BARRIER_DISSEMINATION_H
#define COLLALG_BARRIER_DISSEMINATION_H

#include "../core/args.h"
#include "../core/tags.h"
#include "../schedule/barrier.h"

/** @brief The ceil(lg p) token rounds on the private communicator. @return MPI error code. */
COLLALG_INLINE int collalg__barrier_dissemination_rounds(const collalg__ctx *c)
{
    int k, err = MPI_SUCCESS, p = c->size, n = collalg__dissemination_nrounds(p);
    for (k = 0; k < n && err == MPI_SUCCESS; k++)
        err = COLLALG_MPI(Sendrecv)(NULL, 0, MPI_BYTE, collalg__dissemination_to(c->rank, p, k), COLLALG_TAG_TOKEN,
                                    NULL, 0, MPI_BYTE, collalg__dissemination_from(c->rank, p, k), COLLALG_TAG_TOKEN,
                                    c->pcomm, MPI_STATUS_IGNORE);
    return err;
}

/**
 * @brief MPI_Barrier by the dissemination algorithm: returns on each rank only after every rank
 *        of @p comm has entered the call.
 *
 * @barrier_args
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator; or
 *         the error class of a failing MPI call (point-to-point, or the private communicator's
 *         creation).
 */
COLLALG_INLINE int collalg_barrier_dissemination(MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS)
        err = collalg__barrier_dissemination_rounds(&c);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_DISSEMINATION_H */
