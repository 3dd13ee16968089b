/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file decide.h
 * @brief The tuner's statistically sound choice (collalg-tune; the Wilcoxon rank-sum test of
 *        PGMPI, Hunold et al., Euro-Par 2016, §4): which of several options (parameter values of
 *        one algorithm, or algorithms) runs at a size, given the samples of each. Pure C99, no
 *        MPI, so the unit tests call it on synthetic samples.
 *
 * @par The rule (per sample size, then merged)
 * - Every measurement that enters a choice has at least TUNE_MIN_SAMPLES (10) samples; one with
 *   fewer (or a failed call: median HUGE_VAL) is no option at that size.
 * - At each sample size the choice is the fastest option (smallest median).
 * - Neighbouring sizes merge into one choice only where it costs nothing: walking the sizes
 *   upward, a group of sizes takes one option that is *acceptable* at every size of the group,
 *   i.e. not significantly slower than the fastest there. Significantly slower = both slower by
 *   more than the tolerance (median > (1 + tol) times the fastest's) and the one-sided Wilcoxon
 *   rank-sum test (wilcoxon.h) of "the fastest is stochastically smaller" gives p < alpha. Each
 *   group is made as long as one option allows (the option acceptable over the longest run of
 *   sizes from the group's first; of several, the smallest sum of median / fastest median over
 *   the run). A group of one size takes the fastest there.
 * - A binary search between two groups (search.h) decides a midpoint by tune_beats(): the upper
 *   group's option takes it only when faster by more than the tolerance and significantly so.
 * Each comparison is a test at level alpha (no correction for their number: the tolerance keeps
 * a mere tie from counting). The chosen option is therefore never slower than the fastest at a
 * sample size by more than the tolerance unless that difference is not significant.
 */
#ifndef COLLALG_SRC_TUNE_DECIDE_H
#define COLLALG_SRC_TUNE_DECIDE_H

#include <math.h> /* HUGE_VAL */
#include <stdlib.h>
#include "wilcoxon.h"

/** @brief One measurement kept for the choice: its median and its samples. */
typedef struct tune_meas {
    double median; /**< median (s), HUGE_VAL when the call failed or was not measured */
    int n;         /**< samples in x */
    double *x;     /**< the samples (s), malloc'ed (NULL when n = 0) */
} tune_meas;

/** @brief The statistical settings of the choice (--alpha, --tolerance). */
typedef struct tune_test {
    double alpha; /**< level of the one-sided Wilcoxon rank-sum test, e.g. 0.05 */
    double tol;   /**< relative tolerance: a challenger must be faster by more than this, e.g. 0.02 */
} tune_test;

/** @brief Frees the samples of @p m. */
static void tune_meas_free(tune_meas *m)
{
    free(m->x);
    m->x = NULL;
    m->n = 0;
}

/** @brief Fewest samples a measurement needs to enter a choice (the tuner measures at least this many). */
#define TUNE_MIN_SAMPLES 10

/** @brief 1 when @p m may enter a choice: measured (not NULL), a valid median, at least
 *         TUNE_MIN_SAMPLES samples. */
static int tune_meas_valid(const tune_meas *m)
{
    return m && m->median < HUGE_VAL && m->n >= TUNE_MIN_SAMPLES;
}

/**
 * @brief 1 when @p c beats @p inc under @p t (a binary-search step): faster by more than the
 *        tolerance and significantly faster (one-sided Wilcoxon p < alpha), or @p inc is not
 *        valid while @p c is (tune_meas_valid()); 0 otherwise. @p p_out (if not NULL) receives
 *        the p-value (1 when the tolerance already fails).
 */
static int tune_beats(const tune_meas *c, const tune_meas *inc, const tune_test *t, double *p_out)
{
    double p = 1;
    int cv = tune_meas_valid(c), iv = tune_meas_valid(inc);
    if (cv && iv && c->median < (1 - t->tol) * inc->median)
        p = tune_wilcoxon_less(c->x, c->n, inc->x, inc->n);
    if (p_out)
        *p_out = p;
    return cv && (!iv || p < t->alpha);
}

/**
 * @brief 1 when @p a is significantly slower than @p b under @p t: its median above (1 + tol)
 *        times @p b's and the one-sided Wilcoxon test of "@p b stochastically smaller" gives
 *        p < alpha; 0 otherwise (also when either is not valid). @p p_out (if not NULL)
 *        receives that p-value (1 when the tolerance already fails).
 */
static int tune_slower(const tune_meas *a, const tune_meas *b, const tune_test *t, double *p_out)
{
    double p = 1;
    if (tune_meas_valid(a) && tune_meas_valid(b) && a->median > (1 + t->tol) * b->median)
        p = tune_wilcoxon_less(b->x, b->n, a->x, a->n);
    if (p_out)
        *p_out = p;
    return p < t->alpha;
}

/**
 * @brief Natural logarithm of @p x > 0 without the C math library (the tuner links none): x =
 *        m 2^e with m in [sqrt(1/2), sqrt(2)), ln m = 2 atanh u = 2 (u + u^3/3 + u^5/5 + ...),
 *        u = (m - 1) / (m + 1), |u| < 0.172 (relative error below 1e-15). @return -HUGE_VAL for
 *        x <= 0, HUGE_VAL for x = HUGE_VAL.
 */
static double tune_ln(double x)
{
    double m = x, u, u2, term, sum = 0;
    int e = 0, k;
    if (!(x > 0))
        return -HUGE_VAL;
    if (x >= HUGE_VAL)
        return HUGE_VAL;
    for (; m >= 1.4142135623730951; e++)
        m /= 2;
    for (; m < 0.7071067811865476; e--)
        m *= 2;
    u = (m - 1) / (m + 1), u2 = u * u, term = u;
    for (k = 1; k < 40; k += 2, term *= u2)
        sum += term / k;
    return 2 * sum + e * 0.6931471805599453;
}

/** @brief e^@p x for any finite @p x (tune_exp() takes x <= 0): a geometric mean from a mean of
 *         tune_ln() values. */
static double tune_exp_any(double x)
{
    return x > 0 ? 1 / tune_exp(-x) : tune_exp(x);
}

/** @brief The option with the smallest valid median among @p m[0..n) (NULL: not available).
 *         @return its index, or -1 when none is valid. */
static int tune_fastest_of(const tune_meas *const *m, int n)
{
    int k, best = -1;
    for (k = 0; k < n; k++)
        if (tune_meas_valid(m[k]) && (best < 0 || m[k]->median < m[best]->median))
            best = k;
    return best;
}

/** @brief 1 when option @p k of @p m[0..n) (one sample size) is valid and not significantly
 *         slower than the fastest there (tune_slower()). */
static int tune_acceptable(const tune_meas *const *m, int n, int k, const tune_test *t)
{
    int f = tune_fastest_of(m, n);
    return f >= 0 && tune_meas_valid(m[k]) && !tune_slower(m[k], m[f], t, NULL);
}

/**
 * @brief The last sample size of the run from @p i over which option @p k is acceptable at
 *        every size (@p m[j * n + k]: option k at size j of @p ns). @p score receives the sum of
 *        its median over the fastest median along that run. @return i - 1 when k is not
 *        acceptable at @p i.
 */
static int tune_reach(const tune_meas *const *m, int ns, int n, int k, int i, const tune_test *t, double *score)
{
    int j;
    *score = 0;
    for (j = i; j < ns && tune_acceptable(m + (size_t)j * n, n, k, t); j++)
        *score += m[(size_t)j * n + k]->median / m[(size_t)j * n + tune_fastest_of(m + (size_t)j * n, n)]->median;
    return j - 1;
}

/**
 * @brief The choice at every sample size (see the file comment): @p m[i * n + k] is option k's
 *        measurement at sample size i (NULL: not available), @p ns sizes, @p n options.
 *        @p win[i] receives the option chosen at size i (-1: none valid there). Invariant: the
 *        option of each size is acceptable there (tune_acceptable()), and sizes in one group
 *        share one option.
 */
static void tune_walk(const tune_meas *const *m, int ns, int n, const tune_test *t, int *win)
{
    int i = 0, j, k;
    while (i < ns) {
        int best = -1, end = i - 1;
        double score = HUGE_VAL, sc;
        for (k = 0; k < n; k++) { /* the option that carries furthest, then the cheapest over its run */
            int e = tune_reach(m, ns, n, k, i, t, &sc);
            if (e >= i && (e > end || (e == end && sc < score)))
                best = k, end = e, score = sc;
        }
        if (best < 0) {
            win[i++] = -1;
            continue;
        }
        for (j = i; j <= end; j++)
            win[j] = best;
        i = end + 1;
    }
}

/* ---- piecewise choices: one option per size range ------------------------------------------ */

/** @brief Most segments of one piecewise choice. */
#define TUNE_MAX_SEGS 256

/** @brief A choice per size range: an index (parameter value or candidate) for each segment. */
typedef struct tune_piece {
    long lo[TUNE_MAX_SEGS];  /**< segment s covers [lo[s], hi[s]) bytes */
    long hi[TUNE_MAX_SEGS];  /**< end of segment s (TUNE_INF for the last) */
    int pick[TUNE_MAX_SEGS]; /**< index of the choice or candidate used there, -1 = none */
    int n;                   /**< segments */
} tune_piece;

/** @brief Index of the segment of @p pw that contains @p bytes (-1 if none). */
static int tune_piece_at(const tune_piece *pw, long bytes)
{
    int s;
    for (s = 0; s < pw->n; s++)
        if (bytes >= pw->lo[s] && bytes < pw->hi[s])
            return pw->pick[s];
    return -1;
}

/** @brief Appends segment [lo, hi) -> pick to @p pw, merging with an equal predecessor. */
static void tune_piece_add(tune_piece *pw, long lo, long hi, int pick)
{
    if (lo >= hi)
        return;
    if (pw->n > 0 && pw->pick[pw->n - 1] == pick && pw->hi[pw->n - 1] == lo) {
        pw->hi[pw->n - 1] = hi;
        return;
    }
    if (pw->n == TUNE_MAX_SEGS)
        return;
    pw->lo[pw->n] = lo;
    pw->hi[pw->n] = hi;
    pw->pick[pw->n] = pick;
    pw->n++;
}

/**
 * @brief Sets [@p lo, @p hi) of @p pw to @p pick, keeping the segments sorted, non-overlapping
 *        and merged with equal neighbours (what was there is clipped around the new segment).
 */
static void tune_piece_set(tune_piece *pw, long lo, long hi, int pick)
{
    tune_piece out;
    int s, placed = 0;
    out.n = 0;
    for (s = 0; s < pw->n; s++) {
        tune_piece_add(&out, pw->lo[s], pw->hi[s] < lo ? pw->hi[s] : lo, pw->pick[s]); /* the part below */
        if (!placed && pw->hi[s] > lo) {
            tune_piece_add(&out, lo, hi, pick);
            placed = 1;
        }
        tune_piece_add(&out, pw->lo[s] > hi ? pw->lo[s] : hi, pw->hi[s], pw->pick[s]); /* the part above */
    }
    if (!placed)
        tune_piece_add(&out, lo, hi, pick);
    *pw = out;
}

#endif /* COLLALG_SRC_TUNE_DECIDE_H */
