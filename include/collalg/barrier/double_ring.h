/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file double_ring.h
 * @ingroup barrier
 * @brief Barrier, double ring (Open MPI's `doublering`): a zero-byte token goes twice around the
 *        ring 0 -> 1 -> ... -> p - 1 -> 0, the first time to collect the arrivals, the second
 *        time to release the ranks.
 *
 * @par Phases
 * - Ring 1 (arrival): rank 0 sends the token to rank 1 as soon as it enters; rank r > 0 waits
 *   for the token of r - 1, then sends it to r + 1 (rank p - 1 to rank 0); rank 0 waits for it
 *   to come back. Invariant: when rank r > 0 sends, ranks 0 .. r have entered; when the token
 *   is back at rank 0, every rank has.
 * - Ring 2 (release): the same round again, started by rank 0 once ring 1 is complete. A rank
 *   r > 0 leaves as soon as it has passed the second token on: that token left rank 0 after
 *   every rank had entered. Rank 0 leaves when the token is back, so no message is left pending
 *   on the private communicator. The two tokens between the same two ranks travel on one tag
 *   and cannot overtake each other (MPI's order of messages).
 *
 * Any p: the ring has no shape to fill; p = 1 returns at once after the entry step, p = 2 sends
 * the token back and forth (0 -> 1 -> 0, twice).
 *
 * @par Trace, p = 5 (a -> b: token from a to b, in the order they happen)
 * @verbatim
   ring 1:  0 -> 1 -> 2 -> 3 -> 4 -> 0     rank 0 knows every rank has entered
   ring 2:  0 -> 1 -> 2 -> 3 -> 4 -> 0     ranks 1, 2, 3, 4 leave after passing it on,
                                           rank 0 after the token is back
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_double_ring_p6.svg
 * @image html barrier_double_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes (p >= 2): 2 p zero-byte messages, one
 * after another on the critical path, 2 p alpha + (2 p - 1) theta. No beta term (the tokens carry no data) and no contention: one message in flight at a time.
 * Linear in p: a teaching baseline, against the dissemination barrier's ceil(lg p) alpha.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step).
 *
 * @par Memory
 * None.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_barrier.c, ompi_coll_base_barrier_intra_doublering (the
 * double ring, no paper cited there; Open MPI sends the second ring in synchronous mode, which
 * the release does not need: a rank leaves only after receiving the second token). The
 * logarithmic barriers it is measured against: D. Hensgen, R. Finkel, U. Manber, "Two
 * algorithms for barrier synchronization", International Journal of Parallel Programming
 * 17(1), 1988 (barrier/dissemination.h).
 */
#ifndef COLLALG_BARRIER_DOUBLE_RING_H
#define COLLALG_BARRIER_DOUBLE_RING_H

#include "../core/core.h"

/** @brief The two token rounds around the ring, p >= 2. @return MPI_SUCCESS or the MPI error code. */
COLLALG_INLINE int collalg__barrier_double_ring_rounds(const collalg__ctx *c)
{
    int k, err = MPI_SUCCESS, p = c->size, me = c->rank;
    int right = collalg__ring_to(me, p, 1), left = collalg__ring_from(me, p, 1);
    for (k = 0; k < 2 && err == MPI_SUCCESS; k++) {
        if (me > 0)
            err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, left, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, right, COLLALG_TAG_TOKEN, c->pcomm);
        if (err == MPI_SUCCESS && me == 0)
            err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, left, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief MPI_Barrier by a token sent twice around the ring: returns on each rank only after every
 *        rank of @p comm has entered the call.
 *
 * @barrier_args
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator; or the
 *         error class of a failing MPI call (point-to-point, or the private communicator's
 *         creation).
 */
COLLALG_INLINE int collalg_barrier_double_ring(MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__barrier_double_ring_rounds(&c);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_DOUBLE_RING_H */
