/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pairwise_exchange.h
 * @ingroup barrier
 * @brief Barrier, pairwise exchange (recursive doubling; Brooks' butterfly barrier, 1986) with a
 *        fold for p not a power of two.
 *
 * @par Phases
 * Let q = 2^floor(lg p), the largest power of two <= p; the p - q ranks r >= q are "extra".
 * - Fold in: an extra rank r sends a token to r - q; a rank r < q with r + q < p waits for that
 *   token before its first exchange.
 * - Exchange rounds k = 0 .. lg q - 1: rank r < q exchanges tokens with r XOR 2^k (one
 *   MPI_Sendrecv). Invariant: after round k, r has heard, transitively, from the 2^(k+1) ranks
 *   of its aligned block [r - r mod 2^(k+1), +2^(k+1)), and through their fold-in tokens from
 *   their extra partners; after the last round from every rank.
 * - Fold out: a rank r < q with r + q < p sends a token to r + q; the extra rank r waits for the
 *   token from r - q and leaves.
 *
 * @par Trace, p = 6 (q = 4; a -> b token, a <-> b exchange)
 * @verbatim
   fold in:   4 -> 0,  5 -> 1
   round 0:   0 <-> 1,  2 <-> 3
   round 1:   0 <-> 2,  1 <-> 3
   fold out:  0 -> 4,  1 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_pairwise_exchange_p6.svg
 * @image html barrier_pairwise_exchange_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes: floor(lg p) rounds, floor(lg p) alpha, when p is a power of two;
 * floor(lg p) + 2 rounds, (floor(lg p) + 2) alpha, otherwise (the fold adds one message before
 * and one after). No beta term: the tokens carry no data.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step); the fold handles any p.
 *
 * @par Memory
 * None.
 *
 * @par References
 * E. D. Brooks III, "The butterfly barrier", International Journal of Parallel Programming 15(4),
 * 1986 (pairwise exchange over a power of two); T. Hoefler, T. Mehlan, F. Mietke, W. Rehm, "A
 * Survey of Barrier Algorithms for Coarse Grained Supercomputers", Chemnitzer Informatik-Berichte
 * 04-03, 2004 (pairwise exchange; the fold for other p).
 */
#ifndef COLLALG_BARRIER_PAIRWISE_EXCHANGE_H
#define COLLALG_BARRIER_PAIRWISE_EXCHANGE_H

#include "../core/args.h"
#include "../core/tags.h"
#include "../schedule/recursive_doubling.h"

/**
 * @brief The fold in, the exchange rounds and the fold out (schedule/recursive_doubling.h,
 *        COLLALG__RDB_FOLD_HIGH). @return MPI error code.
 */
COLLALG_INLINE int collalg__barrier_pairwise_exchange_rounds(const collalg__ctx *c)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int err = MPI_SUCCESS;

    collalg__rdb_fold_init(&f, c->size, 1, c->rank, COLLALG__RDB_FOLD_HIGH);
    if (f.newrank < 0) {
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, f.partner, COLLALG_TAG_TOKEN, c->pcomm);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, f.partner, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
        return err;
    }
    if (f.partner >= 0)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, f.partner, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st) && err == MPI_SUCCESS; collalg__rdb_next(&f, &st))
        err = COLLALG_MPI(Sendrecv)(NULL, 0, MPI_BYTE, st.rank, COLLALG_TAG_TOKEN, NULL, 0, MPI_BYTE, st.rank,
                                    COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    if (f.partner >= 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, f.partner, COLLALG_TAG_TOKEN, c->pcomm);
    return err;
}

/**
 * @brief MPI_Barrier by pairwise exchange (recursive doubling) with a fold: returns on each rank
 *        only after every rank of @p comm has entered the call.
 *
 * @barrier_args
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator; or the
 *         error class of a failing MPI call (point-to-point, or the private communicator's
 *         creation).
 */
COLLALG_INLINE int collalg_barrier_pairwise_exchange(MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS)
        err = collalg__barrier_pairwise_exchange_rounds(&c);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_PAIRWISE_EXCHANGE_H */
