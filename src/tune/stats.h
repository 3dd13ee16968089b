/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file stats.h
 * @brief Statistics of the tuner (collalg-tune): summary of a sample of run times and the
 *        repetition rule of PGMPI (Hunold et al., Euro-Par 2016, §4.2). Pure C99, no MPI, so
 *        the unit tests call it on synthetic samples.
 *
 * @par The repetition rule (NREP by relative standard error)
 * A measurement repeats the timed call in chunks (first @c min_reps calls, then @c step more at
 * a time) and stops as soon as the relative standard error of the mean,
 * RSE = (s / sqrt(n)) / mean (s the sample standard deviation of the n times), falls below the
 * threshold t_RSE, or when @c max_reps calls were made. PGMPI's example uses min = 20,
 * max = 1000, step = 10, t_RSE = 0.025; SKaMPI stops at RSE < 0.1. The reported time is the
 * median of the n samples (each sample: the time of one call, the maximum over the ranks).
 */
#ifndef COLLALG_SRC_TUNE_STATS_H
#define COLLALG_SRC_TUNE_STATS_H

#include <math.h> /* HUGE_VAL */
#include <stdlib.h>
#include <string.h>

/** @brief Summary of a sample of run times (seconds). */
typedef struct tune_stats {
    int n;         /**< number of samples */
    double mean;   /**< arithmetic mean (s) */
    double sd;     /**< sample standard deviation (s), 0 for n < 2 */
    double rse;    /**< relative standard error of the mean, sd / sqrt(n) / mean; HUGE_VAL for n < 2 */
    double median; /**< median (s): the middle value, or the mean of the two middle values */
    double min;    /**< smallest sample (s) */
    double max;    /**< largest sample (s) */
} tune_stats;

/** @brief The repetition rule's settings (see the file comment). */
typedef struct tune_rule {
    int min_reps;     /**< calls before the RSE is first looked at, >= 1 */
    int max_reps;     /**< most calls, >= min_reps */
    int step;         /**< calls added per chunk after the first, >= 1 */
    double threshold; /**< t_RSE: stop when RSE < threshold (e.g. 0.025 .. 0.1) */
} tune_rule;

/** @brief Square root of @p x >= 0 by Newton's iteration (no libm: the examples link without -lm). */
static inline double tune_sqrt(double x)
{
    double r = x > 1 ? x : 1, prev = 0;
    int i;
    if (x <= 0)
        return 0;
    for (i = 0; i < 200 && r != prev; i++) {
        prev = r;
        r = 0.5 * (r + x / r);
    }
    return r;
}

/** @brief qsort comparator of doubles (ascending). */
static inline int tune_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/**
 * @brief Relative standard error of the mean of @p x[0..n): sd / sqrt(n) / mean.
 * @return HUGE_VAL for n < 2 (undecided), 0 for a sample of zeros, HUGE_VAL for a mean <= 0
 *         with a non-zero spread.
 */
static inline double tune_rse(const double *x, int n)
{
    double sum = 0, ss = 0, mean;
    int i;
    if (n < 2)
        return HUGE_VAL;
    for (i = 0; i < n; i++)
        sum += x[i];
    mean = sum / n;
    for (i = 0; i < n; i++)
        ss += (x[i] - mean) * (x[i] - mean);
    if (ss == 0)
        return 0;
    if (mean <= 0)
        return HUGE_VAL;
    return tune_sqrt(ss / (n - 1)) / tune_sqrt((double)n) / mean;
}

/**
 * @brief Summarises @p x[0..n) into @p s. @p scratch (n doubles) receives a sorted copy; it may
 *        be @p x itself when the order of @p x does not matter. n = 0 gives all zeros.
 */
static inline void tune_stats_compute(const double *x, int n, double *scratch, tune_stats *s)
{
    double sum = 0, ss = 0;
    int i;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->rse = HUGE_VAL;
    if (n <= 0)
        return;
    if (scratch != x)
        memcpy(scratch, x, (size_t)n * sizeof *x);
    qsort(scratch, (size_t)n, sizeof *scratch, tune_cmp_double);
    for (i = 0; i < n; i++)
        sum += scratch[i];
    s->mean = sum / n;
    for (i = 0; i < n; i++)
        ss += (scratch[i] - s->mean) * (scratch[i] - s->mean);
    s->sd = n > 1 ? tune_sqrt(ss / (n - 1)) : 0;
    s->rse = tune_rse(scratch, n);
    s->min = scratch[0];
    s->max = scratch[n - 1];
    s->median = n % 2 ? scratch[n / 2] : (scratch[n / 2 - 1] + scratch[n / 2]) / 2;
}

/**
 * @brief PGMPI's stopping rule: 1 when the @p n samples of @p x are enough under @p r (n >=
 *        max_reps, or n >= min_reps and RSE < threshold), else 0.
 */
static inline int tune_rule_done(const tune_rule *r, const double *x, int n)
{
    if (n >= r->max_reps)
        return 1;
    if (n < r->min_reps)
        return 0;
    return tune_rse(x, n) < r->threshold;
}

/**
 * @brief Size of the next chunk of calls after @p n samples: min_reps first, then step, never
 *        beyond max_reps. 0 once the rule is satisfied (tune_rule_done()).
 */
static inline int tune_rule_next(const tune_rule *r, const double *x, int n)
{
    int k;
    if (tune_rule_done(r, x, n))
        return 0;
    k = n < r->min_reps ? r->min_reps - n : r->step;
    if (n + k > r->max_reps)
        k = r->max_reps - n;
    return k;
}

#endif /* COLLALG_SRC_TUNE_STATS_H */
