/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file light_weight.h
 * @ingroup barrier
 * @brief Barrier, the catalogue's light-weight barrier (Faraj & Yuan, ICS'05, §3.1, cost model
 *        delta_l; core/phase_sync.h) repeated p - 1 times around the ring: a full barrier.
 *
 * @par Phases
 * Rounds k = 1 .. p - 1, each one light-weight barrier of core/phase_sync.h,
 * collalg__light_barrier(pcomm, r + 1, r - 1) (mod p): rank r sends a zero-byte token to r + 1
 * and waits for the token of r - 1 (in the words of core/phase_sync.h: on a ring whose data would
 * flow from r + 1 to r, the token goes to the rank r hears from and comes from the rank r talks
 * to). Invariant: after round k, rank r has heard, transitively, from the k ranks r - 1, ...,
 * r - k (each of them has entered the barrier): r - 1 sent its round-k token only after its own
 * round k - 1, which needed r - 2's token, and so on.
 * After p - 1 rounds that is every rank.
 *
 * A single light-weight barrier only orders the pairs it links: it tells r that r - 1 has
 * reached the same point, and nothing about any other rank. Between the phases of the ring and
 * pair algorithms that is all that is wanted (a sender must not reach a receiver still busy with
 * the previous phase); a stand-alone barrier must order every pair, hence p - 1 rounds.
 *
 * @par Trace, p = 6 (every round: 0->1 1->2 2->3 3->4 4->5 5->0)
 * @verbatim
   after round 1: rank 0 has heard from {5}
   after round 2: rank 0 has heard from {5, 4}
   after round 3: rank 0 has heard from {5, 4, 3}
   after round 4: rank 0 has heard from {5, 4, 3, 2}
   after round 5: rank 0 has heard from {5, 4, 3, 2, 1}   (all: the barrier is complete)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_light_weight_p6.svg
 * @image html barrier_light_weight_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes: p - 1 rounds, (p - 1) alpha, i.e. (p - 1) delta_l in the cost model of Faraj
 * & Yuan, where delta_l is the cost of one light-weight barrier. No beta term: the tokens carry
 * no data. Linear in p: a teaching baseline, and what p - 1 light barriers between phases add up
 * to.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step).
 *
 * @par Memory
 * None.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (the light-weight barrier of the ring and pair algorithms, cost delta_l).
 */
#ifndef COLLALG_BARRIER_LIGHT_WEIGHT_H
#define COLLALG_BARRIER_LIGHT_WEIGHT_H

#include "../core/args.h"
#include "../core/phase_sync.h"

/** @brief The p - 1 light-weight barriers around the ring. @return MPI error code. */
COLLALG_INLINE int collalg__barrier_light_weight_rounds(const collalg__ctx *c)
{
    int k, err = MPI_SUCCESS, p = c->size, me = c->rank;
    for (k = 1; k < p && err == MPI_SUCCESS; k++)
        err = collalg__light_barrier(c->pcomm, collalg__ring_to(me, p, 1), collalg__ring_from(me, p, 1));
    return err;
}

/**
 * @brief MPI_Barrier by p - 1 light-weight barriers around the ring: returns on each rank only
 *        after every rank of @p comm has entered the call.
 *
 * @barrier_args
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator; or the
 *         error class of a failing MPI call (point-to-point, or the private communicator's
 *         creation).
 */
COLLALG_INLINE int collalg_barrier_light_weight(MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS)
        err = collalg__barrier_light_weight_rounds(&c);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_LIGHT_WEIGHT_H */
