/**
 * @file search.h
 * @brief The binary search for a crossing point (collalg-tune; Faraj & Yuan, ICS'05, §3.3):
 *        between two adjacent sample sizes with different winners, the first size from which the
 *        second one is used.
 */
#ifndef COLLALG_EXAMPLES_TUNE_SEARCH_H
#define COLLALG_EXAMPLES_TUNE_SEARCH_H

#include "measure.h"
#include "rules.h"

/** @brief What one side of a binary search runs at a size. */
typedef struct tune_side {
    tune_cand *cand; /**< the candidate */
    int choice;      /**< fixed choice index, or -1: the candidate's tuned choice at the size */
} tune_side;

/** @brief Median time of @p side at @p bytes (HUGE_VAL if it has no valid choice there). */
static double tune_measure_side(tuner *T, enum tune_coll coll, tune_side side, long bytes, const char *phase)
{
    int c = side.choice >= 0 ? side.choice : tune_piece_at(&side.cand->piece, bytes);
    if (c < 0)
        return HUGE_VAL;
    return tune_measure(T, coll, side.cand->algo, side.cand->algo->space ? &side.cand->choice[c] : NULL, bytes, phase);
}

/**
 * @brief Binary search between sample sizes @p lo (where @p a is best) and @p hi (where @p b is
 *        best) for the first size from which @p b is used. Stops at the relative precision, at
 *        one granule (@p gran bytes), or when hurried or stopped (then the midpoint).
 */
static long tune_search(tuner *T, enum tune_coll coll, tune_side a, tune_side b, long lo, long hi, long gran,
                        const char *phase)
{
    while (hi - lo > gran && (double)(hi - lo) > T->o.precision * (double)lo) {
        long m = (lo + hi) / 2 / gran * gran;
        double ta, tb;
        if (T->hurry || T->stopped)
            return m > lo ? m : hi;
        if (m <= lo || m >= hi)
            break;
        ta = tune_measure_side(T, coll, a, m, phase);
        tb = tune_measure_side(T, coll, b, m, phase);
        if (T->stopped)
            continue;
        if (ta <= tb)
            lo = m;
        else
            hi = m;
    }
    return hi;
}

#endif /* COLLALG_EXAMPLES_TUNE_SEARCH_H */
