/**
 * @file decide.h
 * @brief The tuner's statistically sound choice (collalg-tune; the Wilcoxon rank-sum test of
 *        PGMPI, Hunold et al., Euro-Par 2016, §4): which of several options (parameter values of
 *        one algorithm, or algorithms) runs at a size, given the samples of each. Pure C99, no
 *        MPI, so the unit tests call it on synthetic samples.
 *
 * @par The rule
 * Walking the sample sizes upward, the *incumbent* at a size is the option chosen at the size
 * before; at the first size (or when the incumbent has no valid time at this size) it is the
 * option with the smallest median. A *challenger* replaces the incumbent only when both hold:
 * - it is faster by more than the tolerance: median(challenger) < (1 - tol') median(incumbent),
 *   where tol' = max(tol, IQR / median of the incumbent's samples): a gain smaller than the
 *   incumbent's own spread (interquartile range) is not one a run can count on. Deterministic
 *   samples (SimGrid) have no spread, so there tol' = tol; on a loaded machine the spread of
 *   microsecond calls is often 5 to 20% and keeps noise from making rules;
 * - it is significantly faster: the one-sided Wilcoxon rank-sum test of "challenger
 *   stochastically smaller than incumbent" (wilcoxon.h) gives p < alpha.
 * Among the challengers that qualify the one with the smallest median wins. Each challenger is
 * tested at level alpha (no correction for their number: the tolerance keeps a mere tie from
 * switching, and with 3 deterministic samples, as SimGrid gives, the smallest p-value the test
 * can reach is 0.023). The chosen option is therefore never slower than another by more than the
 * tolerance unless the difference is not significant.
 */
#ifndef COLLALG_SRC_TUNE_DECIDE_H
#define COLLALG_SRC_TUNE_DECIDE_H

#include <math.h> /* HUGE_VAL */
#include <stdlib.h>
#include <string.h>
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

/**
 * @brief Relative spread of @p m: (third quartile - first quartile) / median of its samples
 *        (quartiles as the samples at ranks n/4 and 3n/4 of the sorted copy); 0 with fewer than 4
 *        samples, a zero median, or when the copy cannot be allocated.
 */
static double tune_rel_iqr(const tune_meas *m)
{
    double *y, q;
    if (m->n < 4 || !(m->median > 0) || m->median >= HUGE_VAL)
        return 0;
    y = (double *)malloc((size_t)m->n * sizeof *y);
    if (!y)
        return 0;
    memcpy(y, m->x, (size_t)m->n * sizeof *y);
    qsort(y, (size_t)m->n, sizeof *y, tune_cmp_double);
    q = (y[(3 * m->n) / 4] - y[m->n / 4]) / m->median;
    free(y);
    return q;
}

/**
 * @brief 1 when @p c beats @p inc under @p t: faster by more than the tolerance (at least the
 *        incumbent's relative spread) and significantly faster (see the file comment); 0
 *        otherwise. @p p_out (if not NULL) receives the p-value (1 when the tolerance already
 *        fails).
 */
static int tune_beats(const tune_meas *c, const tune_meas *inc, const tune_test *t, double *p_out)
{
    double p = 1, tol = t->tol, spread = tune_rel_iqr(inc);
    if (spread > tol)
        tol = spread < 0.5 ? spread : 0.5;
    if (c->median < HUGE_VAL && inc->median < HUGE_VAL && c->median < (1 - tol) * inc->median)
        p = tune_wilcoxon_less(c->x, c->n, inc->x, inc->n);
    if (p_out)
        *p_out = p;
    if (c->median < HUGE_VAL && inc->median >= HUGE_VAL)
        return 1; /* the incumbent failed here: any valid option beats it */
    return p < t->alpha;
}

/**
 * @brief The option that runs at one size: @p m[0..n) the options' measurements there (NULL: the
 *        option is not available), @p inc the incumbent (-1: none, the fastest median wins).
 * @return the index chosen, or -1 when no option has a valid time.
 */
static int tune_decide(const tune_meas *const *m, int n, int inc, const tune_test *t)
{
    int k, best = -1;
    for (k = 0; k < n; k++) /* the fastest valid median */
        if (m[k] && m[k]->median < HUGE_VAL && (best < 0 || m[k]->median < m[best]->median))
            best = k;
    if (inc < 0 || inc >= n || !m[inc] || m[inc]->median >= HUGE_VAL)
        return best;
    best = inc;
    for (k = 0; k < n; k++)
        if (k != inc && m[k] && (best == inc || m[k]->median < m[best]->median) && tune_beats(m[k], m[inc], t, NULL))
            best = k;
    return best;
}

/**
 * @brief The walk over the sample sizes (see the file comment): @p m[i * n + k] is option k's
 *        measurement at sample size i (NULL: not available), @p ns sizes, @p n options.
 *        @p win[i] receives the option chosen at size i (-1: none valid).
 */
static void tune_walk(const tune_meas *const *m, int ns, int n, const tune_test *t, int *win)
{
    int i, inc = -1;
    for (i = 0; i < ns; i++) {
        win[i] = tune_decide(m + (size_t)i * n, n, inc, t);
        if (win[i] >= 0)
            inc = win[i];
    }
}

#endif /* COLLALG_SRC_TUNE_DECIDE_H */
