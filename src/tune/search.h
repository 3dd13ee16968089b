/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file search.h
 * @brief The binary search for a crossing point (collalg-tune; Faraj & Yuan, ICS'05, §3.3):
 *        between two adjacent sample sizes with different winners, the first size from which the
 *        second one is used.
 */
#ifndef COLLALG_SRC_TUNE_SEARCH_H
#define COLLALG_SRC_TUNE_SEARCH_H

#include "decide.h"
#include "measure.h"
#include "rules.h"

/** @brief What one side of a binary search runs at a size. */
typedef struct tune_side {
    tune_cand *cand; /**< the candidate */
    int choice;      /**< fixed choice index, or -1: the candidate's tuned choice at the size */
} tune_side;

/**
 * @brief Measures @p a and @p b at @p bytes as one interleaved batch into @p ma and @p mb (free
 *        with tune_meas_free()); a side without a valid choice there gets HUGE_VAL.
 */
static void tune_sides_meas(tuner *T, enum tune_coll coll, tune_side a, tune_side b, long bytes, const char *phase,
                            tune_meas *ma, tune_meas *mb)
{
    tune_side sd[2];
    tune_meas *out[2];
    tune_job jobs[2];
    int s, n = 0;
    sd[0] = a, sd[1] = b, out[0] = ma, out[1] = mb;
    for (s = 0; s < 2; s++) {
        int c = sd[s].choice >= 0 ? sd[s].choice : tune_piece_at(&sd[s].cand->piece, bytes);
        out[s]->median = HUGE_VAL, out[s]->n = 0, out[s]->x = NULL;
        if (c < 0)
            continue;
        jobs[n].a = sd[s].cand->algo;
        jobs[n].ch = sd[s].cand->algo->space ? &sd[s].cand->choice[c] : NULL;
        jobs[n].phase = phase;
        jobs[n].min_n = jobs[n].cost = 0;
        jobs[n++].out = out[s];
    }
    if (tune_measure_batch(T, coll, bytes, jobs, n)) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T->comm, 2);
    }
}

/**
 * @brief Binary search between sample sizes @p lo (where @p a is chosen) and @p hi (where @p b
 *        is) for the first size from which @p b is used: at each midpoint both are measured and
 *        @p b takes the upper half only when it beats @p a there (decide.h, tune_beats(): faster
 *        by more than the tolerance and significantly), else @p a
 *        keeps the lower half. Stops at the relative precision, at one granule (@p gran bytes),
 *        or when hurried or stopped (then the midpoint).
 */
static long tune_search(tuner *T, enum tune_coll coll, tune_side a, tune_side b, long lo, long hi, long gran,
                        const char *phase)
{
    while (hi - lo > gran && (double)(hi - lo) > T->o.precision * (double)lo) {
        long m = (lo + hi) / 2 / gran * gran;
        tune_meas ma, mb;
        if (T->hurry || T->stopped)
            return m > lo ? m : hi;
        if (m <= lo || m >= hi)
            break;
        tune_sides_meas(T, coll, a, b, m, phase, &ma, &mb);
        if (!T->stopped && tune_beats(&mb, &ma, &T->o.test, NULL))
            hi = m;
        else if (!T->stopped)
            lo = m;
        tune_meas_free(&ma);
        tune_meas_free(&mb);
    }
    return hi;
}

#endif /* COLLALG_SRC_TUNE_SEARCH_H */
