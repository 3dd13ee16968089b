/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file wilcoxon.h
 * @brief The Wilcoxon rank-sum (Mann-Whitney U) test of two samples of run times, the test PGMPI
 *        decides its guidelines with (Hunold et al., Euro-Par 2016, §4), and the normal
 *        distribution it needs. Pure C99, no MPI and no libm (the examples link without -lm).
 *
 * @par The test
 * Pool the nx + ny values and rank them from 1 (smallest); tied values get the mean of the ranks
 * they span (mid-ranks). With R the rank sum of x, U = R - nx (nx + 1) / 2 counts the pairs
 * (x_i, y_j) with x_i < y_j as 0 and x_i = y_j as 1/2, x_i > y_j as 1: U small means x tends to
 * be smaller. Under the null hypothesis (both samples from one distribution)
 * E[U] = nx ny / 2 and, with t_k the sizes of the groups of tied values and N = nx + ny,
 * Var[U] = nx ny / 12 ((N + 1) - sum_k (t_k^3 - t_k) / (N (N - 1))) (tie correction).
 * tune_wilcoxon_less() gives the one-sided p-value of "x is stochastically smaller than y" by
 * the normal approximation with continuity correction,
 * p = Phi((U - E[U] + 1/2) / sqrt(Var[U])), as R's `wilcox.test(x, y, alternative = "less",
 * exact = FALSE, correct = TRUE)` does. A small p (below the level alpha, e.g. 0.05) is
 * significant evidence that x is faster than y. Worked values (tests/test_wilcoxon.c):
 * - two fully separated samples of 10 (every x below every y): U = 0, E[U] = 50,
 *   Var[U] = 175, z = -49.5 / sqrt(175) = -3.7418, p = 9.14e-5;
 * - two constant samples of 3, x below y (SimGrid's deterministic runs): ranks 2, 2, 2 and
 *   5, 5, 5, U = 0, Var[U] = 9/12 (7 - 48/30) = 4.05, z = -4 / sqrt(4.05), p = 0.0235;
 * - identical samples: U = E[U], z = 1/2 / sqrt(Var[U]) > 0, p > 1/2;
 * - every value equal (Var[U] = 0): no evidence either way, p = 1.
 *
 * @par Accuracy
 * The normal approximation itself is the test's main error for small samples (10 vs 10 fully
 * separated: exact p = 1 / C(20, 10) = 5.4e-6 against 9.1e-5 approximated, i.e. conservative
 * there). The arithmetic: tune_exp() has a relative error below 1e-15 on [-745, 0];
 * tune_normal_cdf() an absolute error below 1e-15 for |z| <= 3 (Taylor series of Phi) and a
 * relative error below 1e-13 in the tails |z| > 3 (Laplace's continued fraction, 100 terms),
 * compared with erfc of the C library in the tests.
 */
#ifndef COLLALG_SRC_TUNE_WILCOXON_H
#define COLLALG_SRC_TUNE_WILCOXON_H

#include <stdlib.h>
#include "stats.h" /* tune_sqrt */

/** @brief One value of the pooled sample: the time and which sample it came from. */
typedef struct tune_wx_item {
    double v; /**< the value (e.g. seconds) */
    int g;    /**< 0: from x, 1: from y */
} tune_wx_item;

/** @brief The statistic of a rank-sum test (see the file comment). */
typedef struct tune_wx_stat {
    double u;    /**< U of x: pairs with x_i > y_j, ties counted 1/2 */
    double mean; /**< E[U] = nx ny / 2 under the null hypothesis */
    double var;  /**< Var[U] under the null hypothesis, tie-corrected */
} tune_wx_stat;

/**
 * @brief e^x for x <= 0 without libm: x = k ln 2 + r with |r| <= ln 2 / 2, e^r by its Taylor
 *        series (20 terms), times 2^k by halving.
 * @param x the exponent, <= 0 (a positive x is treated as 0)
 * @return e^x, 0 below -745 (below the smallest subnormal double); relative error below 1e-15.
 */
static double tune_exp(double x)
{
    static const double ln2_hi = 0.693147180369123816490, ln2_lo = 1.90821492927058770002e-10;
    double r, term = 1, sum = 1;
    long k;
    int i;
    if (x >= 0)
        return 1;
    if (x < -745.2)
        return 0;
    k = (long)(x / 0.693147180559945309417 - 0.5); /* round to nearest, x < 0 */
    r = (x - (double)k * ln2_hi) - (double)k * ln2_lo;
    for (i = 1; i <= 20; i++) {
        term *= r / i;
        sum += term;
    }
    for (; k < 0; k++)
        sum *= 0.5;
    return sum;
}

/**
 * @brief Phi(z), the standard normal distribution function P(Z <= z), without libm.
 *        |z| <= 3: Phi(z) = 1/2 + phi(z) (z + z^3/3 + z^5/(3 5) + ...), summed until the terms
 *        vanish (absolute error below 1e-15); |z| > 3: the tail phi(|z|) / (|z| + 1/(|z| +
 *        2/(|z| + 3/(|z| + ...)))) (Laplace's continued fraction, 100 terms evaluated from the
 *        last; relative error below 1e-13), with phi(z) = e^{-z^2/2} / sqrt(2 pi).
 * @param z the point
 * @return Phi(z) in [0, 1].
 */
static double tune_normal_cdf(double z)
{
    static const double inv_sqrt_2pi = 0.398942280401432677940;
    double a = z < 0 ? -z : z, phi, s, term, tail;
    int k;
    if (a > 40)
        return z < 0 ? 0 : 1;
    phi = inv_sqrt_2pi * tune_exp(-0.5 * a * a);
    if (a <= 3) {
        s = term = z; /* the terms have z's sign and shrink from k > z^2 on */
        for (k = 3; k < 200 && (term < 0 ? -term : term) > 1e-17 * (s < 0 ? -s : s); k += 2) {
            term *= z * z / k;
            s += term;
        }
        s = 0.5 + phi * s;
        return s < 0 ? 0 : s > 1 ? 1 : s;
    }
    tail = a;
    for (k = 100; k >= 1; k--)
        tail = a + k / tail;
    tail = phi / tail;
    return z < 0 ? tail : 1 - tail;
}

/** @brief qsort comparator of tune_wx_item by value (ascending). */
static int tune_wx_cmp(const void *a, const void *b)
{
    double x = ((const tune_wx_item *)a)->v, y = ((const tune_wx_item *)b)->v;
    return x < y ? -1 : x > y;
}

/**
 * @brief U, E[U] and the tie-corrected Var[U] of x against y (see the file comment).
 * @param x first sample (@p nx values), @param nx its size, >= 1
 * @param y second sample (@p ny values), @param ny its size, >= 1
 * @param scratch nx + ny items of scratch (the pooled sample, sorted on return)
 * @param st receives the statistic
 */
static void tune_wilcoxon_stat(const double *x, int nx, const double *y, int ny, tune_wx_item *scratch,
                               tune_wx_stat *st)
{
    int i, j, n = nx + ny;
    double rx = 0, ties = 0;
    for (i = 0; i < nx; i++)
        scratch[i].v = x[i], scratch[i].g = 0;
    for (i = 0; i < ny; i++)
        scratch[nx + i].v = y[i], scratch[nx + i].g = 1;
    qsort(scratch, (size_t)n, sizeof *scratch, tune_wx_cmp);
    for (i = 0; i < n; i = j) {
        double t, midrank;
        for (j = i + 1; j < n && scratch[j].v == scratch[i].v; j++)
            ;
        t = j - i;
        midrank = (i + 1 + j) / 2.0; /* ranks i+1 .. j */
        ties += t * t * t - t;
        for (; i < j; i++)
            if (scratch[i].g == 0)
                rx += midrank;
    }
    st->u = rx - (double)nx * (nx + 1) / 2;
    st->mean = (double)nx * ny / 2;
    st->var = (double)nx * ny / 12 * ((n + 1) - (n > 1 ? ties / ((double)n * (n - 1)) : 0));
}

/**
 * @brief One-sided p-value of "x is stochastically smaller than y" (x faster than y, for run
 *        times) by the Wilcoxon rank-sum test: normal approximation with the tie correction and
 *        the continuity correction (see the file comment).
 * @param x first sample (@p nx values), @param nx its size
 * @param y second sample (@p ny values), @param ny its size
 * @return p in [0, 1]: small when x is significantly smaller. 1 when a sample is empty, when
 *         every value is the same (no evidence), or when the scratch cannot be allocated.
 */
static double tune_wilcoxon_less(const double *x, int nx, const double *y, int ny)
{
    tune_wx_item *scratch;
    tune_wx_stat st;
    double sd, z;
    if (nx < 1 || ny < 1)
        return 1;
    scratch = (tune_wx_item *)malloc((size_t)(nx + ny) * sizeof *scratch);
    if (!scratch)
        return 1;
    tune_wilcoxon_stat(x, nx, y, ny, scratch, &st);
    free(scratch);
    if (st.var <= 0)
        return 1;
    sd = tune_sqrt(st.var);
    z = (st.u - st.mean + 0.5) / sd;
    return tune_normal_cdf(z);
}

#endif /* COLLALG_SRC_TUNE_WILCOXON_H */
