/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the tuner's Wilcoxon rank-sum test (src/tune/wilcoxon.h), no MPI.
 * - tune_exp and tune_normal_cdf against values of the C library's exp and erfc (printed with 17
 *   digits by Python's math module: Phi(z) = erfc(-z / sqrt 2) / 2);
 * - U, E[U] and the tie-corrected Var[U] of small samples counted by hand;
 * - p-values of fully separated, identical, constant and tied samples against the formula of the
 *   header (normal approximation, tie and continuity corrections; R's wilcox.test with
 *   exact = FALSE, correct = TRUE gives the same). */
#include <criterion/criterion.h>
#include <math.h>
#include "../src/tune/wilcoxon.h"

/** Relative difference of a computed value @p got from a reference @p want. */
static double rel(double got, double want)
{
    return want == 0 ? fabs(got) : fabs(got - want) / fabs(want);
}

Test(wilcoxon, exp_matches_libc)
{
    static const double x[] = {-1e-3, -0.5, -1, -10, -100, -700};
    static const double want[] = {0.999000499833375,      0.6065306597126334,    0.36787944117144233,
                                  4.5399929762484854e-05, 3.720075976020836e-44, 9.85967654375977e-305};
    int i;
    for (i = 0; i < 6; i++)
        cr_expect(rel(tune_exp(x[i]), want[i]) < 1e-14, "exp(%g) = %.17g, want %.17g", x[i], tune_exp(x[i]), want[i]);
    cr_expect(tune_exp(0) == 1 && tune_exp(3) == 1, "x >= 0 is 1 (the function is for x <= 0)");
    cr_expect(tune_exp(-800) == 0);
}

Test(wilcoxon, normal_cdf_matches_erfc)
{
    static const double z[] = {-8, -6, -5, -4, -3.5, -3.0001, -3, -2, -1, -0.5, 0, 0.3, 1, 2.5, 3, 3.2, 4, 6};
    static const double want[] = {6.220960574271819e-16,
                                  9.865876450377012e-10,
                                  2.866515718791946e-07,
                                  3.1671241833119965e-05,
                                  0.00023262907903552504,
                                  0.001349454913260717,
                                  0.0013498980316300957,
                                  0.02275013194817922,
                                  0.15865525393145707,
                                  0.3085375387259869,
                                  0.5,
                                  0.6179114221889526,
                                  0.8413447460685429,
                                  0.9937903346742238,
                                  0.9986501019683699,
                                  0.9993128620620841,
                                  0.9999683287581669,
                                  0.9999999990134123};
    int i;
    for (i = 0; i < (int)(sizeof z / sizeof *z); i++) {
        double got = tune_normal_cdf(z[i]);
        /* lower tail: relative accuracy; upper: absolute (1 - Phi is what carries the tail) */
        cr_expect(z[i] <= 0 ? rel(got, want[i]) < 1e-12 : fabs(got - want[i]) < 1e-15, "Phi(%g) = %.17g, want %.17g",
                  z[i], got, want[i]);
    }
    cr_expect(tune_normal_cdf(-50) == 0 && tune_normal_cdf(50) == 1);
    for (i = -60; i < 60; i++) /* monotone across the switch at |z| = 3 */
        cr_expect(tune_normal_cdf(i / 10.0) <= tune_normal_cdf((i + 1) / 10.0), "monotone at %g", i / 10.0);
}

Test(wilcoxon, statistic_by_hand)
{
    /* x = {1,2,2,3,5}, y = {2,4,4,6,7,8}: pairs with x_i > y_j: 0 + 1/2 + 1/2 + 1 + 3 = 5 (ties 1/2);
     * tie groups {2,2,2} and {4,4}: sum t^3 - t = 24 + 6 = 30, N = 11,
     * Var = 30/12 (12 - 30/110) = 29.318181... */
    double x[] = {1, 2, 2, 3, 5}, y[] = {2, 4, 4, 6, 7, 8};
    tune_wx_item s[11];
    tune_wx_stat st;
    tune_wilcoxon_stat(x, 5, y, 6, s, &st);
    cr_expect(st.u == 5 && st.mean == 15, "U = %g, E[U] = %g", st.u, st.mean);
    cr_expect(rel(st.var, 2.5 * (12 - 30.0 / 110)) < 1e-14, "Var = %g", st.var);
    cr_expect(s[0].v == 1 && s[10].v == 8, "the pooled sample comes back sorted");
    /* no ties: Var = nx ny (N + 1) / 12 */
    {
        double a[] = {0.3, 0.1, 0.2}, b[] = {0.25, 0.05};
        tune_wilcoxon_stat(a, 3, b, 2, s, &st);
        cr_expect(st.u == 4 && st.mean == 3 && rel(st.var, 6 * 6 / 12.0) < 1e-14,
                  "U = %g (0.3 > both, 0.1 > 0.05, 0.2 "
                  "> 0.05)",
                  st.u);
    }
}

Test(wilcoxon, separated_samples)
{
    double x[10], y[10];
    int i;
    for (i = 0; i < 10; i++)
        x[i] = 1e-6 * (1 + i), y[i] = 1e-6 * (11 + i);
    /* U = 0, E[U] = 50, Var = 100/12 21 = 175: p = Phi(-49.5 / sqrt 175) */
    cr_expect(rel(tune_wilcoxon_less(x, 10, y, 10), 9.13358955547752e-05) < 1e-9, "p = %g",
              tune_wilcoxon_less(x, 10, y, 10));
    cr_expect(rel(tune_wilcoxon_less(y, 10, x, 10), 0.9999325785388228) < 1e-12, "the other way round: p = %g",
              tune_wilcoxon_less(y, 10, x, 10));
    cr_expect(tune_wilcoxon_less(x, 10, y, 10) < 0.05 && tune_wilcoxon_less(y, 10, x, 10) > 0.95);
}

Test(wilcoxon, constant_samples)
{
    /* deterministic runs (SimGrid): 3 equal times each, x below y.
     * ranks 2,2,2 | 5,5,5: U = 0, ties 2 (27 - 3) = 48, Var = 9/12 (7 - 48/30) = 4.05 */
    double x[3] = {2e-5, 2e-5, 2e-5}, y[3] = {3e-5, 3e-5, 3e-5};
    cr_expect(rel(tune_wilcoxon_less(x, 3, y, 3), 0.023427088801936887) < 1e-9, "p = %g",
              tune_wilcoxon_less(x, 3, y, 3));
    cr_expect(tune_wilcoxon_less(x, 3, x, 3) == 1, "every value the same: no evidence, p = 1");
    cr_expect(tune_wilcoxon_less(x, 1, y, 1) > 0.05, "one value each cannot be significant");
}

Test(wilcoxon, identical_and_tied_samples)
{
    double x[5] = {1, 2, 3, 4, 5};
    double a[] = {3.1, 2.9, 3.0, 3.3, 2.8, 3.05, 3.2, 2.95}, b[] = {3.0, 3.4, 3.6, 3.25, 3.5, 3.1, 3.7, 3.45, 3.3};
    double u[] = {1, 2, 2, 3, 5}, v[] = {2, 4, 4, 6, 7, 8};
    double p = tune_wilcoxon_less(x, 5, x, 5);
    /* U = E[U] = 12.5, 5 ties of 2: Var = 25/12 (11 - 30/90); z = 0.5 / sqrt(Var) */
    cr_expect(rel(p, 0.5422350133116141) < 1e-12 && p > 0.5, "identical samples: p = %g", p);
    /* overlapping samples with ties across them (3.0, 3.1, 3.3): U = 8.5 of 72 */
    cr_expect(rel(tune_wilcoxon_less(a, 8, b, 9), 0.004622413459686997) < 1e-9, "p = %g",
              tune_wilcoxon_less(a, 8, b, 9));
    cr_expect(rel(tune_wilcoxon_less(u, 5, v, 6), 0.03967184159885754) < 1e-9, "p = %g",
              tune_wilcoxon_less(u, 5, v, 6));
    cr_expect(tune_wilcoxon_less(x, 0, x, 5) == 1 && tune_wilcoxon_less(x, 5, x, 0) == 1, "an empty sample: p = 1");
}

Test(wilcoxon, shift_is_detected_not_noise)
{
    /* 20 samples each, interleaved deterministic "noise": a 10 % shift is significant, a copy
     * of the same distribution in another order is not */
    double x[20], y[20], z[20];
    int i;
    for (i = 0; i < 20; i++) {
        double noise = 0.02 * ((i * 7) % 20) / 20.0;
        x[i] = 1.0 + noise;
        y[i] = 1.1 + noise;
        z[i] = 1.0 + 0.02 * ((i * 3) % 20) / 20.0;
    }
    cr_expect(tune_wilcoxon_less(x, 20, y, 20) < 1e-6, "p = %g", tune_wilcoxon_less(x, 20, y, 20));
    cr_expect(tune_wilcoxon_less(x, 20, z, 20) > 0.3, "p = %g", tune_wilcoxon_less(x, 20, z, 20));
}
