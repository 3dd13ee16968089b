/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the tuner (src/tune/collalg-tune.c, src/tune/stats.h, pattern.h).
 * - the PGMPI repetition rule (RSE) and the summary statistics on synthetic samples (no MPI);
 * - the statistically sound choice (decide.h: the fastest per size, merged only where the merged
 *   choice is not significantly slower, tolerance, Wilcoxon test, at least 10 samples) on
 *   synthetic samples (no MPI): noise alone never switches, a clear crossing does, a merge never
 *   costs a significant slowdown; the piecewise choices stay sorted when a range is cut;
 * - the communication patterns of alltoallv and allgatherv: exact scaling, the built-ins, the
 *   pattern file reader (no MPI);
 * - the tuner end to end on a tiny plan under MPICH (p = 2, random pattern) and SimGrid (p = 4,
 *   heavy pattern), all thirteen collectives: it writes a header, a CSV and plots; the header
 *   compiles, src/tune/tuned_check.c built against it gives the native results, and each call
 *   runs the algorithm the header's rules name for its size (v-collectives: mean block; gatherv
 *   and scatterv: the root's);
 * - a pattern file used as is (the five v-collectives only, SimGrid p = 4), a bad one refused;
 * - with a topology (--topology, SimGrid p = 8 on platform (c)'s network): the topology
 *   algorithms measured, the description recorded, the tuned routines checked; --native-only;
 *   a malformed description refused;
 * - every rule naming an algorithm with restrictions (restrictions.h) is followed by an
 *   alternative rule over the same range naming one without;
 * - communicator sizes (--procs, procs.h): the ranges of the tuned sizes cover 1 .. P (no MPI); a
 *   run on 8 simulated ranks tuning the sizes 2, 4 and 8 writes rules whose ranges cover 1 .. 8,
 *   and tuned_check runs them on sub-communicators of each size with the native results;
 * - Ctrl-C and the time budget still write a header;
 * - the output directory made without a shell (nested, a quote in its name), --help, --procs, --alpha and
 *   --tolerance checked.
 * No test asserts a timing. */
#include "launch.h"
#include <math.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <collalg/restrictions.h>
#include "../src/tune/stats.h"
#include "../src/tune/pattern.h"
#include "../src/tune/decide.h"
#include "../src/tune/procs.h"

/* ---- the repetition rule ------------------------------------------------------------------ */

Test(tune_stats, rse_of_known_samples)
{
    double a[3] = {1, 2, 3}, c[5] = {4, 4, 4, 4, 4};
    cr_expect(fabs(tune_rse(a, 3) - 1 / sqrt(3.0) / 2) < 1e-12, "RSE of {1,2,3} = sd/sqrt(n)/mean");
    cr_expect(tune_rse(c, 5) == 0, "a constant sample has RSE 0");
    cr_expect(tune_rse(a, 1) == HUGE_VAL, "one sample decides nothing");
    cr_expect(tune_rse(a, 0) == HUGE_VAL);
}

Test(tune_stats, summary)
{
    double x[6] = {5, 1, 4, 2, 3, 100}, s[6];
    tune_stats st;
    tune_stats_compute(x, 5, s, &st);
    cr_expect(st.n == 5 && st.median == 3 && st.min == 1 && st.max == 5 && st.mean == 3);
    cr_expect(fabs(st.sd - sqrt(2.5)) < 1e-12);
    cr_expect(x[0] == 5, "the input is left unsorted");
    tune_stats_compute(x, 6, s, &st);
    cr_expect(st.median == 3.5, "even n: mean of the two middle values");
    tune_stats_compute(x, 0, s, &st);
    cr_expect(st.n == 0 && st.median == 0);
    cr_expect(fabs(tune_sqrt(2) - sqrt(2)) < 1e-15 && tune_sqrt(0) == 0 && fabs(tune_sqrt(1e-12) - 1e-6) < 1e-20);
}

Test(tune_stats, rule_chunks_and_stops)
{
    tune_rule r = {20, 1000, 10, 0.025}; /* PGMPI's example */
    double x[1000];
    int i, n = 0, k, chunks = 0;
    /* a quiet sample: 1 +- 0.1 %, stops right after the first chunk */
    for (i = 0; i < 1000; i++)
        x[i] = 1.0 + 0.001 * (i % 3 - 1);
    cr_expect(tune_rule_next(&r, x, 0) == 20, "first chunk: min_reps");
    cr_expect(!tune_rule_done(&r, x, 19), "never before min_reps");
    cr_expect(tune_rule_done(&r, x, 20));
    cr_expect(tune_rule_next(&r, x, 20) == 0);
    /* a noisy sample (1 or 3): RSE = sd/sqrt(n)/2, below 0.025 only from n = 400 on */
    for (i = 0; i < 1000; i++)
        x[i] = i % 2 ? 3 : 1;
    while ((k = tune_rule_next(&r, x, n)) > 0) {
        cr_assert(k == (n == 0 ? 20 : 10), "then chunks of step");
        n += k;
        chunks++;
    }
    cr_expect(tune_rse(x, n) < 0.025 && tune_rse(x, n - 10) >= 0.025, "stops at the first n below the threshold");
    cr_expect(n >= 390 && n <= 410, "n = %d", n);
    /* a sample that never settles stops at max_reps, the last chunk cut to fit */
    r.max_reps = 95;
    n = 0;
    for (i = 0; i < 1000; i++)
        x[i] = (i % 7) * (i % 7) + 0.5;
    while ((k = tune_rule_next(&r, x, n)) > 0)
        n += k;
    cr_expect(n == 95 && tune_rule_done(&r, x, 95));
}

/* ---- the choice (decide.h) ------------------------------------------------------------------- */

/* A measurement of n samples: base times (1 + spread * u), u a fixed pseudo-random sequence
 * (seeded by `seed`) in [0, 1): deterministic "noise". */
static tune_meas meas(double base, double spread, int n, unsigned seed)
{
    tune_meas m;
    unsigned long long st = seed * 2654435761ULL + 1;
    double sorted[200];
    int i;
    m.n = n;
    m.x = (double *)malloc((size_t)n * sizeof(double));
    for (i = 0; i < n; i++) {
        st = st * 6364136223846793005ULL + 1442695040888963407ULL;
        m.x[i] = base * (1 + spread * (double)(st >> 11) / 9007199254740992.0);
    }
    memcpy(sorted, m.x, (size_t)n * sizeof(double));
    qsort(sorted, (size_t)n, sizeof(double), tune_cmp_double);
    m.median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return m;
}

Test(tune_decide, beats_needs_tolerance_and_significance)
{
    tune_test t = {0.05, 0.03};
    tune_meas inc = meas(1.00, 0.01, 20, 1), near = meas(0.98, 0.01, 20, 2), far = meas(0.90, 0.01, 20, 3);
    tune_meas noisy = meas(0.50, 1.5, 20, 5), failed = {HUGE_VAL, 0, NULL};
    double p;
    cr_expect(!tune_beats(&near, &inc, &t, &p), "2%% faster, within the tolerance: no (p = %g)", p);
    cr_expect(tune_beats(&far, &inc, &t, &p) && p < 1e-6, "10%% faster and significant: p = %g", p);
    cr_expect(noisy.median < 0.97 * inc.median, "the noisy one's median is below the tolerance (%g)", noisy.median);
    cr_expect(!tune_beats(&noisy, &inc, &t, &p), "but it is not significantly faster: p = %g", p);
    cr_expect(tune_beats(&near, &failed, &t, NULL), "a failed incumbent: any valid option beats it");
    cr_expect(!tune_beats(&failed, &inc, &t, NULL), "a failed option beats nothing");
    t.alpha = 1e-12;
    cr_expect(!tune_beats(&far, &inc, &t, NULL), "a strict enough level keeps the incumbent");
    tune_meas_free(&inc), tune_meas_free(&near), tune_meas_free(&far), tune_meas_free(&noisy);
}

Test(tune_decide, slower_needs_tolerance_significance_and_ten_samples)
{
    tune_test t = {0.05, 0.03};
    tune_meas fast = meas(1.00, 0.01, 20, 21), near = meas(1.02, 0.01, 20, 22), slow = meas(1.12, 0.01, 20, 23);
    tune_meas few = meas(0.50, 0.01, TUNE_MIN_SAMPLES - 1, 24), noisy = meas(1.00, 0.01, 10, 25);
    static const double wide[10] = {0.5, 0.6, 0.7, 0.8, 0.9, 1.2, 1.3, 1.4, 1.5, 1.6}; /* half below fast's */
    memcpy(noisy.x, wide, sizeof wide);
    noisy.median = 1.05;
    const tune_meas *m[4];
    double p;
    cr_expect(!tune_slower(&near, &fast, &t, &p), "2%% slower: within the tolerance (p = %g)", p);
    cr_expect(tune_slower(&slow, &fast, &t, &p) && p < 1e-6, "12%% slower and significant: p = %g", p);
    cr_expect(noisy.median > 1.03 * fast.median, "the noisy one's median is above the tolerance (%g)", noisy.median);
    cr_expect(!tune_slower(&noisy, &fast, &t, &p), "but it is not significantly slower: p = %g", p);
    cr_expect(!tune_meas_valid(&few), "fewer than %d samples: no option", TUNE_MIN_SAMPLES);
    m[0] = &fast, m[1] = &near, m[2] = &slow, m[3] = &few;
    cr_expect(tune_fastest_of(m, 4) == 0, "the fastest valid median (the 9-sample one does not count)");
    cr_expect(tune_acceptable(m, 4, 1, &t) && !tune_acceptable(m, 4, 2, &t) && !tune_acceptable(m, 4, 3, &t));
    m[1] = NULL;
    cr_expect(tune_fastest_of(m + 3, 1) == -1, "no valid option");
    m[1] = &noisy;
    cr_expect(tune_acceptable(m, 4, 1, &t), "not significantly slower: acceptable");
    tune_meas_free(&fast), tune_meas_free(&near), tune_meas_free(&slow), tune_meas_free(&few);
    tune_meas_free(&noisy);
}

/* Changes of choice along `win`. */
static int walk_changes(const int *win, int ns)
{
    int i, changes = 0;
    for (i = 1; i < ns; i++)
        changes += win[i] != win[i - 1];
    return changes;
}

Test(tune_decide, walk_ignores_noise_and_follows_a_crossing)
{
    enum { NS = 12, NO = 6 };
    tune_test t = {0.05, 0.03};
    tune_meas mm[NS * NO];
    const tune_meas *m[NS * NO];
    int win[NS], i, k;
    /* six equivalent options with 5 % noise at twelve sizes: one choice throughout */
    for (i = 0; i < NS; i++)
        for (k = 0; k < NO; k++) {
            mm[i * NO + k] = meas(1e-6 * (i + 1), 0.05, 10, (unsigned)(i * NO + k + 7));
            m[i * NO + k] = &mm[i * NO + k];
        }
    tune_walk(m, NS, NO, &t, win);
    cr_expect(walk_changes(win, NS) == 0, "noise alone switched %d times", walk_changes(win, NS));
    /* option 5 becomes 20 % faster from size 7 on: it runs there, and (since it costs nothing
     * below, where all are equivalent) one choice may cover every size */
    for (i = 7; i < NS; i++) {
        tune_meas_free(&mm[i * NO + 5]);
        mm[i * NO + 5] = meas(0.8e-6 * (i + 1), 0.05, 10, (unsigned)(i + 99));
    }
    tune_walk(m, NS, NO, &t, win);
    for (i = 0; i < NS; i++)
        cr_expect(tune_acceptable(m + i * NO, NO, win[i], &t), "size %d: option %d is significantly slower", i, win[i]);
    cr_expect(win[7] == 5 && win[NS - 1] == 5 && walk_changes(win, NS) <= 1, "changes %d, win[7] %d",
              walk_changes(win, NS), win[7]);
    for (i = 0; i < NS * NO; i++)
        tune_meas_free(&mm[i]);
}

Test(tune_decide, walk_merges_only_where_it_costs_nothing)
{
    enum { NS = 6, NO = 2 };
    tune_test t = {0.05, 0.02};
    tune_meas mm[NS * NO];
    const tune_meas *m[NS * NO];
    int win[NS], i;
    /* option 1: 1 % slower than option 0 at sizes 0..3 (within the tolerance), 20 % faster at 4, 5 */
    for (i = 0; i < NS; i++) {
        mm[i * NO] = meas(1.0, 0.002, 40, (unsigned)(i + 31));
        mm[i * NO + 1] = meas(i < 4 ? 1.01 : 0.8, 0.002, 40, (unsigned)(i + 41));
        m[i * NO] = &mm[i * NO], m[i * NO + 1] = &mm[i * NO + 1];
    }
    tune_walk(m, NS, NO, &t, win);
    cr_expect(walk_changes(win, NS) == 0 && win[0] == 1, "one rule of option 1 costs nothing: %d changes, win[0] %d",
              walk_changes(win, NS), win[0]);
    /* now 12 % slower at sizes 0..3 (significant): option 0 there, 1 from size 4 on */
    for (i = 0; i < 4; i++) {
        tune_meas_free(&mm[i * NO + 1]);
        mm[i * NO + 1] = meas(1.12, 0.002, 40, (unsigned)(i + 51));
    }
    tune_walk(m, NS, NO, &t, win);
    cr_expect(win[0] == 0 && win[3] == 0 && win[4] == 1 && win[5] == 1, "win %d %d %d %d", win[0], win[3], win[4],
              win[5]);
    /* a size where no option has 10 samples gets none, and splits the groups */
    tune_meas_free(&mm[2 * NO]), tune_meas_free(&mm[2 * NO + 1]);
    mm[2 * NO] = meas(1.0, 0.002, 3, 61), mm[2 * NO + 1] = meas(1.0, 0.002, 3, 62);
    tune_walk(m, NS, NO, &t, win);
    cr_expect(win[2] == -1 && win[1] == 0 && win[3] == 0, "win[2] %d", win[2]);
    for (i = 0; i < NS * NO; i++)
        tune_meas_free(&mm[i]);
}

Test(tune_decide, logarithm_and_geometric_mean)
{
    /* ln x of the C library (printed with 17 digits by Python's math.log) */
    static const double x[] = {0.5, 1, 2, 3.7, 1e-9, 1e6};
    static const double lnx[] = {-0.6931471805599453, 0.0, 0.6931471805599453, 1.308332819650179, -20.72326583694641,
                                 13.815510557964274};
    size_t i;
    for (i = 0; i < sizeof x / sizeof *x; i++) {
        cr_expect(fabs(tune_ln(x[i]) - lnx[i]) < 1e-13 * (1 + fabs(lnx[i])), "ln %g: %.17g vs %.17g", x[i],
                  tune_ln(x[i]), lnx[i]);
        cr_expect(fabs(tune_exp_any(lnx[i]) - x[i]) < 1e-12 * x[i], "exp(ln %g)", x[i]);
    }
    cr_expect(tune_ln(0) == -HUGE_VAL);
    cr_expect(fabs(tune_exp_any((tune_ln(0.5) + tune_ln(2)) / 2) - 1) < 1e-14, "geometric mean of 0.5 and 2");
}

/* The tuner's "no upper bound" (cli.h's TUNE_INF; cli.h itself needs MPI). */
#define TUNE_INF_TEST 2147483647L

Test(tune_decide, piece_set_keeps_segments_sorted_and_disjoint)
{
    tune_piece pw;
    int s;
    pw.n = 0;
    tune_piece_add(&pw, 0, 100, 0);
    tune_piece_add(&pw, 100, 1000, 1);
    tune_piece_add(&pw, 1000, TUNE_INF_TEST, 2);
    tune_piece_set(&pw, 50, 150, 9); /* across a boundary */
    cr_expect(pw.n == 4 && tune_piece_at(&pw, 49) == 0 && tune_piece_at(&pw, 50) == 9 && tune_piece_at(&pw, 149) == 9 &&
                  tune_piece_at(&pw, 150) == 1 && tune_piece_at(&pw, 1000) == 2,
              "n %d", pw.n);
    tune_piece_set(&pw, 150, 1000, 9); /* joins its equal neighbour */
    cr_expect(pw.n == 3 && pw.lo[1] == 50 && pw.hi[1] == 1000 && pw.pick[1] == 9, "n %d", pw.n);
    tune_piece_set(&pw, 0, TUNE_INF_TEST, 4); /* everything */
    cr_expect(pw.n == 1 && pw.lo[0] == 0 && pw.hi[0] == TUNE_INF_TEST && pw.pick[0] == 4);
    tune_piece_set(&pw, 7, 8, 5);
    for (s = 1; s < pw.n; s++)
        cr_expect(pw.hi[s - 1] == pw.lo[s] && pw.lo[s] < pw.hi[s], "segment %d", s);
    cr_expect(pw.n == 3 && tune_piece_at(&pw, 7) == 5 && tune_piece_at(&pw, 8) == 4);
}

/* ---- communication patterns ----------------------------------------------------------------- */

/* Sets up `spec` for p processes, asserting success. */
static void pat_init(tune_pattern *pt, const char *spec, int p, int asis)
{
    char err[300] = "";
    cr_assert(tune_pattern_init(pt, spec, p, 1, asis, err, sizeof err) == 0, "%s: %s", spec, err);
}

Test(tune_pattern, scaling_is_exact_and_proportional)
{
    long long w[5] = {1, 2, 3, 0, 10}, out[5], sum = 0;
    struct tune_frac fr[5];
    long long targets[] = {0, 1, 7, 16, 1000003, 3000000000LL};
    int t, k;
    for (t = 0; t < 6; t++) {
        tune_pattern_scale(w, 5, targets[t], out, fr);
        for (sum = 0, k = 0; k < 5; k++) {
            double exact = (double)w[k] * (double)targets[t] / 16.0;
            sum += out[k];
            cr_expect(out[k] >= (long long)exact && out[k] <= (long long)exact + 1, "block %d of %lld: %lld for %g", k,
                      targets[t], out[k], exact);
        }
        cr_expect(sum == targets[t], "sum %lld != %lld", sum, targets[t]);
        cr_expect(out[3] == 0, "a zero weight stays zero");
    }
    memset(w, 0, sizeof w);
    tune_pattern_scale(w, 5, 12, out, fr);
    cr_expect(out[0] == 3 && out[1] == 3 && out[2] == 2 && out[4] == 2, "zero weights count as equal");
}

Test(tune_pattern, builtins)
{
    tune_pattern u, r, r2, h;
    long long send, recv, row0 = 0, all = 0, lo = 1 << 30, hi = 0;
    const long long *c;
    int j, p = 7, sc[7], sd[7], rc[7], rd[7], below = 0;
    pat_init(&u, "uniform", p, 0);
    c = tune_pattern_counts(&u, TUNE_PAT_MATRIX, 1000);
    for (j = 0; j < p * p; j++)
        cr_expect(c[j] == 1000);
    pat_init(&h, "heavy", p, 0);
    c = tune_pattern_counts(&h, TUNE_PAT_MATRIX, 1024);
    for (j = 0; j < p * p; j++)
        all += c[j], row0 += j < p ? c[j] : 0;
    cr_expect(all == 1024LL * p * p, "mean block = the sample size");
    cr_expect(llabs(row0 * 10 - all * 9) <= 10 * p, "rank 0's row holds 90%%: %lld of %lld", row0, all);
    tune_pattern_need(&h, TUNE_PAT_MATRIX, 1024, &send, &recv);
    cr_expect(send == row0, "the largest send buffer is row 0");
    c = tune_pattern_counts(&h, 0, 1024);
    cr_expect(llabs(c[0] * 10 - 1024LL * p * 9) <= 10, "rank 0's allgatherv block holds 90%%: %lld", c[0]);
    pat_init(&r, "random", p, 0);
    pat_init(&r2, "random:1", p, 0);
    cr_expect(!strcmp(r.name, "random:1") && tune_pattern_checksum(&r) == tune_pattern_checksum(&r2),
              "random is seed 1, the same every time");
    c = tune_pattern_counts(&r, TUNE_PAT_MATRIX, 1024);
    for (all = 0, j = 0; j < p * p; j++) {
        all += c[j];
        lo = c[j] < lo ? c[j] : lo;
        hi = c[j] > hi ? c[j] : hi;
        below += c[j] < 1024;
    }
    cr_expect(all == 1024LL * p * p && lo >= 0 && hi <= 2 * 1024 + 64, "blocks in [0, 2 x 1024]: %lld..%lld", lo, hi);
    cr_expect(below > p * p / 4 && below < 3 * p * p / 4, "median near the sample size (%d of %d below)", below, p * p);
    tune_pattern_free(&r2);
    pat_init(&r2, "random:2", p, 0);
    cr_expect(tune_pattern_checksum(&r) != tune_pattern_checksum(&r2), "another seed, another pattern");
    tune_pattern_alltoallv(&h, 10, 3, sc, sd, rc, rd);
    for (all = 0, j = 0; j < p; j++) {
        cr_expect(sd[j] == all, "send offsets are the prefix sums");
        all += sc[j];
        cr_expect(rc[j] == tune_pattern_counts(&h, TUNE_PAT_MATRIX, 10)[(long)j * p + 3],
                  "column 3 is rank 3's recvcounts");
    }
    tune_pattern_free(&u), tune_pattern_free(&r), tune_pattern_free(&r2), tune_pattern_free(&h);
}

/* Writes `text` to a file under build/logs and returns its path. */
static const char *pat_file(const char *name, const char *text)
{
    static char path[256];
    FILE *f;
    snprintf(path, sizeof path, "build/logs/%s", name);
    cr_assert(system("mkdir -p build/logs") == 0);
    f = fopen(path, "w");
    cr_assert(f != NULL);
    fputs(text, f);
    fclose(f);
    return path;
}

Test(tune_pattern, files)
{
    tune_pattern m, v;
    char err[300] = "";
    const long long *c;
    int rc[3], rd[3];
    pat_init(&m, pat_file("pattern-m.txt", "# a 3 x 3 matrix\n10 0 0\n\n1,1,1  # commas too\n0 0 5\n"), 3, 1);
    cr_expect(m.kind == TUNE_PAT_FILE && m.asis);
    cr_expect(m.m[0] == 10 && m.m[3] == 1 && m.m[8] == 5);
    cr_expect(m.v[0] == 3 && m.v[1] == 1 && m.v[2] == 1, "allgatherv from a matrix: row sum / p");
    cr_expect(tune_pattern_natural(&m, TUNE_PAT_MATRIX) == 2, "18 bytes / 9 blocks");
    c = tune_pattern_counts(&m, TUNE_PAT_MATRIX, 2);
    cr_expect(c[0] == 10 && c[8] == 5, "used as is at its own size");
    c = tune_pattern_counts(&m, TUNE_PAT_MATRIX, 4);
    cr_expect(c[0] == 20 && c[8] == 10 && c[3] == 2, "scaled at any other size");
    pat_init(&v, pat_file("pattern-v.txt", "4 0 8\n"), 3, 0);
    cr_expect(v.v[0] == 4 && v.v[2] == 8 && v.m[0] == 4 && v.m[1] == 4 && v.m[5] == 0 && v.m[7] == 8,
              "alltoallv from a vector: rank i sends v[i] to every rank");
    tune_pattern_allgatherv(&v, 8, rc, rd);
    cr_expect(rc[0] == 8 && rc[1] == 0 && rc[2] == 16 && rd[2] == 8, "scaled to mean 8: 8 0 16");
    cr_expect(tune_pattern_checksum(&m) != tune_pattern_checksum(&v));
    tune_pattern_free(&m), tune_pattern_free(&v);
    cr_expect(tune_pattern_init(&m, pat_file("pattern-bad1.txt", "1 2 3\n4 5 6\n"), 3, 1, 1, err, sizeof err) != 0);
    cr_expect(strstr(err, "2 lines") != NULL, "%s", err);
    cr_expect(tune_pattern_init(&m, pat_file("pattern-bad2.txt", "1 2\n"), 3, 1, 1, err, sizeof err) != 0);
    cr_expect(strstr(err, "has 2 counts") != NULL, "%s", err);
    cr_expect(tune_pattern_init(&m, pat_file("pattern-bad3.txt", "1 -2 3\n"), 3, 1, 1, err, sizeof err) != 0);
    cr_expect(tune_pattern_init(&m, "build/logs/no-such-pattern", 3, 1, 1, err, sizeof err) != 0);
    cr_expect(strstr(err, "cannot read") != NULL, "%s", err);
}

/* ---- communicator sizes (--procs; no MPI) ---------------------------------------------------- */

/* The ranges of the n tuned sizes q on P processes cover 1 .. P in order, without gap or overlap,
 * each tuned size inside its own. */
static void expect_cover(const int *q, int n, int P)
{
    int i, pmin, pmax, next = 1;
    for (i = 0; i < n; i++) {
        tune_procs_range(q, n, i, P, &pmin, &pmax);
        cr_expect(pmin == next && pmin <= q[i] && q[i] <= pmax, "q = %d serves %d .. %d (expected from %d)", q[i], pmin,
                  pmax, next);
        next = pmax + 1;
    }
    cr_expect(next == P + 1, "the ranges end at %d, not at P = %d", next - 1, P);
}

Test(tune_procs, ranges_cover_every_size)
{
    static const int a[] = {4, 8, 32}, b[] = {2, 4}, c[] = {2, 3, 5, 7, 100, 1000}, d[] = {1};
    int q[TUNE_MAX_PROCS + 1], n, i, pmin, pmax, P;
    tune_procs_range(a, 3, 0, 32, &pmin, &pmax);
    cr_expect(pmin == 1 && pmax == 5, "4 serves 1 .. floor(sqrt 32) = 5: %d .. %d", pmin, pmax);
    tune_procs_range(a, 3, 1, 32, &pmin, &pmax);
    cr_expect(pmin == 6 && pmax == 16, "8 serves 6 .. floor(sqrt 256) = 16: %d .. %d", pmin, pmax);
    tune_procs_range(a, 3, 2, 32, &pmin, &pmax);
    cr_expect(pmin == 17 && pmax == 32);
    tune_procs_range(b, 2, 1, 4, &pmin, &pmax);
    cr_expect(pmin == 3 && pmax == 4, "3 is nearer 4 than 2 in ratio");
    expect_cover(a, 3, 32);
    expect_cover(b, 2, 4);
    expect_cover(c, 6, 1000);
    expect_cover(d, 1, 1);
    for (P = 1; P <= 70; P++) { /* the default list: powers of two from 2, and P */
        n = tune_procs_list(NULL, 0, P, 1, q);
        cr_expect(q[n - 1] == P && (P == 1 ? n == 1 && q[0] == 1 : q[0] == 2), "P = %d", P);
        for (i = 1; i + 1 < n; i++)
            cr_expect(q[i] == 2 * q[i - 1], "P = %d: %d after %d", P, q[i], q[i - 1]);
        expect_cover(q, n, P);
    }
    cr_expect(tune_isqrt(0) == 0 && tune_isqrt(15) == 3 && tune_isqrt(16) == 4 && tune_isqrt(1LL << 40) == 1LL << 20);
    cr_expect(tune_isqrt((1LL << 40) - 1) == (1LL << 20) - 1, "exact below a square");
}

Test(tune_procs, list_of_sizes)
{
    static const int given[] = {4, 1, 4, 2}, three[] = {3};
    int q[TUNE_MAX_PROCS + 1], n;
    n = tune_procs_list(given, 4, 8, 1, q);
    cr_expect(n == 3 && q[0] == 2 && q[1] == 4 && q[2] == 8, "sorted, 1 and duplicates dropped, P added");
    n = tune_procs_list(three, 1, 8, 1, q);
    cr_expect(n == 2 && q[0] == 3 && q[1] == 8, "a given list replaces the powers of two");
    n = tune_procs_list(NULL, 0, 8, 0, q);
    cr_expect(n == 1 && q[0] == 8, "P alone (--any-procs, --native-only)");
    n = tune_procs_list(NULL, 0, 12, 1, q);
    cr_expect(n == 4 && q[0] == 2 && q[1] == 4 && q[2] == 8 && q[3] == 12);
}

/* ---- end to end ------------------------------------------------------------------------------ */

/* Runs `cmd` through the shell; asserts exit status 0, printing `log` on failure. */
static void run_ok(const char *cmd, const char *log)
{
    int st = system(cmd);
    if (!(st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
        cr_log_error("failed (status %d): %s", st, cmd);
        cl_show_log(log);
        cr_assert(0, "command failed: %s", cmd);
    }
}

/* 1 when `path` contains `needle`. */
static int has(const char *path, const char *needle)
{
    char line[4096];
    int found = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

/* 1 when a line of the file at `path` starts with `prefix` (a CSV row's first fields: "scan,"
 * must not match "exscan,"). */
static int has_row(const char *path, const char *prefix)
{
    char line[4096];
    int found = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        found = strncmp(line, prefix, strlen(prefix)) == 0;
    fclose(f);
    return found;
}

/* One rule of a generated header. */
typedef struct rule {
    char coll[32];
    int pmin, pmax; /* communicator sizes */
    long lo, hi;
    char alg[600]; /* as the selector reports it: "alg" or "alg(params)" */
} rule;

/* Reads the rules of the header at `path` (COLLALG_RULE_P lines under COLLALG_TUNED_<COLL>). */
static int read_rules(const char *path, rule *out, int max)
{
    char line[1024], coll[32] = "";
    int n = 0;
    FILE *f = fopen(path, "r");
    cr_assert(f != NULL, "no header %s", path);
    while (fgets(line, sizeof line, f) && n < max) {
        char *at, hi[32], rest[512];
        int pmin, pmax;
        if (sscanf(line, "COLLALG_TUNED_%*[A-Z_](collalg_tuned_%31[a-z_]", coll) == 1)
            continue;
        if (strstr(line, "/* alternative: native */") && n > 0) { /* the alternative is the fallback */
            out[n] = out[n - 1];
            snprintf(out[n].alg, sizeof out[n].alg, "native");
            n++;
            continue;
        }
        at = strstr(line, "COLLALG_RULE_P(");
        if (!at ||
            sscanf(at, "COLLALG_RULE_P(%d, %d, %ld, %31[^,], %511[^\n]", &pmin, &pmax, &out[n].lo, hi, rest) != 5)
            continue;
        out[n].pmin = pmin;
        out[n].pmax = pmax;
        out[n].hi = strcmp(hi, "COLLALG_INF") ? atol(hi) : 2147483647L;
        rest[strcspn(rest, ")")] = 0; /* parameters hold no ')' */
        at = strchr(rest, ',');
        if (at) {
            *at = 0;
            snprintf(out[n].alg, sizeof out[n].alg, "%s(%s)", rest, at + 2);
        } else
            snprintf(out[n].alg, sizeof out[n].alg, "%s", rest);
        snprintf(out[n].coll, sizeof out[n].coll, "%s", coll);
        n++;
    }
    fclose(f);
    return n;
}

/* Checks that every rule naming an algorithm with restrictions is followed by an alternative:
 * the same range, an algorithm without restrictions. Returns the number of restricted rules. */
static int check_alternatives(const char *path)
{
    rule r[256];
    int n = read_rules(path, r, 256), i, restricted = 0;
    for (i = 0; i < n; i++) {
        char alg[600];
        snprintf(alg, sizeof alg, "%s", r[i].alg);
        alg[strcspn(alg, "(")] = 0;
        if (collalg_restrictions(r[i].coll, alg) <= 0)
            continue;
        restricted++;
        cr_expect(i + 1 < n && !strcmp(r[i + 1].coll, r[i].coll) && r[i + 1].lo == r[i].lo && r[i + 1].hi == r[i].hi &&
                      r[i + 1].pmin == r[i].pmin && r[i + 1].pmax == r[i].pmax,
                  "%s rule [%ld, %ld) %s has no alternative", r[i].coll, r[i].lo, r[i].hi, r[i].alg);
        if (i + 1 < n) {
            snprintf(alg, sizeof alg, "%s", r[i + 1].alg);
            alg[strcspn(alg, "(")] = 0;
            cr_expect(!strcmp(alg, "native") || collalg_restrictions(r[i + 1].coll, alg) == 0,
                      "the alternative %s is restricted too", alg);
            i++;
        }
    }
    return restricted;
}

/* Whether tuned_check -v's "got" (cut at its first space) names the rule's choice "want". The
 * selector prints parameters after macro expansion (NULL as <stddef.h> defines it,
 * COLLALG_MPI(Bcast) as PMPI_Bcast), so parameters are compared only when the rule's are plain
 * numbers; otherwise the algorithm's name must match. */
static int same_choice(const char *got, const char *want)
{
    size_t name = strcspn(want, "(");
    if (strncmp(got, want, name) || (got[name] != '(' && got[name] != 0))
        return 0;
    if (want[name] == 0)
        return got[name] == 0;
    if (want[name + strspn(want + name, "(0123456789, -)")] != 0)
        return got[name] == '(';
    return !strncmp(got, want, strlen(got));
}

/* Checks that every case tuned_check -v reported ran the algorithm of the rule for its size and
 * communicator size ("ok   alltoall 8 B p=4 in place -> bruck (err 0)"). */
static void check_dispatch(const char *header, const char *log)
{
    rule r[512];
    int nr = read_rules(header, r, 512), checked = 0, i;
    char line[1024];
    FILE *f = fopen(log, "r");
    cr_assert(nr > 0, "the header has no rules");
    cr_assert(f != NULL);
    while (fgets(line, sizeof line, f)) {
        char coll[32], got[400];
        long bytes;
        int p = 0;
        const char *want = "native";
        if (sscanf(line, "ok   %31s %ld B p=%d%*[^>]> %399[^\n]", coll, &bytes, &p, got) != 4)
            continue;
        got[strcspn(got, " ")] = 0;
        if (strstr(got, "(err"))
            *strstr(got, "(err") = 0;
        for (i = 0; i < nr; i++)
            if (!strcmp(r[i].coll, coll) && p >= r[i].pmin && p <= r[i].pmax && bytes >= r[i].lo && bytes < r[i].hi) {
                want = r[i].alg;
                break;
            }
        cr_expect(same_choice(got, want), "%s %ld B p=%d ran %s, the rules say %s", coll, bytes, p, got, want);
        checked++;
    }
    fclose(f);
    cr_expect(checked > 20, "only %d cases checked", checked);
}

#define TINY "--sizes 1,256,4K --quick --precision 0.5"

/* The collectives added after the first four, each with its tuned routine and bounds in a header
 * and its routine re-measured in the CSV. */
static const char *const later_colls[][2] = {
    {"alltoallv", "ALLTOALLV"},
    {"allgatherv", "ALLGATHERV"},
    {"barrier", "BARRIER"},
    {"gather", "GATHER"},
    {"scatter", "SCATTER"},
    {"gatherv", "GATHERV"},
    {"scatterv", "SCATTERV"},
    {"alltoallw", "ALLTOALLW"},
    {"reduce", "REDUCE"},
    {"scan", "SCAN"},
    {"exscan", "EXSCAN"},
    {"reduce_scatter_block", "REDUCE_SCATTER_BLOCK"},
    {"reduce_scatter", "REDUCE_SCATTER"},
};

/* The header at `path` (whose largest tuned size serves the communicator sizes pmin .. pmax) has
 * the tuned routines of later_colls, and records the pattern as `pattern`; its CSV (`csv`, NULL:
 * not checked) re-measured each routine. */
static void check_new_collectives(const char *path, int pmin, int pmax, const char *pattern, const char *csv)
{
    char rule[64], want[128];
    size_t k;
    for (k = 0; k < sizeof later_colls / sizeof later_colls[0]; k++) {
        snprintf(want, sizeof want, "COLLALG_TUNED_%s(collalg_tuned_%s,", later_colls[k][1], later_colls[k][0]);
        cr_expect(has(path, want), "%s: no %s", path, want);
        snprintf(want, sizeof want, "#define COLLALG_TUNED_%s_BOUNDS 0", later_colls[k][1]);
        cr_expect(has(path, want), "%s: no %s", path, want);
        snprintf(want, sizeof want, "%s,routine,", later_colls[k][0]);
        cr_expect(!csv || has_row(csv, want), "%s: no %s", csv, want);
    }
    snprintf(rule, sizeof rule, "COLLALG_RULE_P(%d, %d, 0, COLLALG_INF, ", pmin, pmax);
    cr_expect(has(path, rule), "the barrier has one rule for every size: %s", rule);
    cr_expect(has(path, pattern), "the pattern is recorded: %s", pattern);
}

Test(tune, mpich_p2_end_to_end, .timeout = 1260)
{
    const char *out = "build/logs/tune-mpich-2";
    run_ok("rm -rf build/logs/tune-mpich-2 && mkdir -p build/logs/tune-mpich-2 && timeout -k 10 1200 mpiexec -n 2 "
           "build/bin/collalg-tune " TINY " --pattern random --out build/logs/tune-mpich-2 </dev/null "
           ">build/logs/tune-mpich-2/run.log 2>&1",
           "build/logs/tune-mpich-2/run.log");
    cr_expect(has("build/logs/tune-mpich-2/run.log", "t/native"), "ratios printed");
    cr_expect(has("build/logs/tune-mpich-2/collalg_tuned.h", "COLLALG_TUNED_ALLTOALL(collalg_tuned_alltoall,"));
    cr_expect(has("build/logs/tune-mpich-2/collalg_tuned.h", "COLLALG_RULE_P(1, 2, 0, "),
              "rules start at 0 bytes; P = 2 alone serves the sizes 1 and 2");
    cr_expect(has("build/logs/tune-mpich-2/collalg_tuned.h", "#define COLLALG_TUNED_PROCS_LIST 2\n"));
    cr_expect(has("build/logs/tune-mpich-2/collalg_tuned.h", ", COLLALG_INF, "), "the last rule is unbounded");
    cr_expect(has("build/logs/tune-mpich-2/collalg_tuned.csv", "alltoall,native,native,"));
    cr_expect(has_row("build/logs/tune-mpich-2/collalg_tuned.csv", "bcast,routine,"));
    check_new_collectives("build/logs/tune-mpich-2/collalg_tuned.h", 1, 2, "built-in random:1, checksum 0x",
                          "build/logs/tune-mpich-2/collalg_tuned.csv");
    cr_expect(has_row("build/logs/tune-mpich-2/collalg_tuned.csv", "alltoallv,routine,"));
    cr_expect(access("build/logs/tune-mpich-2/alltoall.png", R_OK) == 0 &&
                  access("build/logs/tune-mpich-2/bcast.svg", R_OK) == 0,
              "plots written");
    run_ok("mpicc -std=c99 -pedantic -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-mpich-2 "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' src/tune/tuned_check.c -o build/logs/tune-mpich-2/tuned_check "
           ">build/logs/tune-mpich-2/cc.log 2>&1",
           "build/logs/tune-mpich-2/cc.log");
    run_ok("timeout -k 10 1200 mpiexec -n 2 build/logs/tune-mpich-2/tuned_check -v </dev/null "
           ">build/logs/tune-mpich-2/check.log 2>&1",
           "build/logs/tune-mpich-2/check.log");
    cr_expect(has("build/logs/tune-mpich-2/check.log", " passed, 0 failed"));
    check_dispatch("build/logs/tune-mpich-2/collalg_tuned.h", "build/logs/tune-mpich-2/check.log");
    check_alternatives("build/logs/tune-mpich-2/collalg_tuned.h");
    (void)out;
}

/* clang-format off */
#define SMPIRUN                                                                                             \
    "smpirun -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile --log=root.thres:warning " \
    "--cfg=smpi/display-timing:no " CL_SMPI_CFG
/* clang-format on */

Test(tune, smpi_p4_end_to_end, .timeout = 1260)
{
    run_ok("rm -rf build/logs/tune-smpi-4 && mkdir -p build/logs/tune-smpi-4 && timeout -k 10 1200 " SMPIRUN
           " -np 4 build/smpi-bin/collalg-tune " TINY " --pattern heavy --out build/logs/tune-smpi-4 </dev/null "
           ">build/logs/tune-smpi-4/run.log 2>&1",
           "build/logs/tune-smpi-4/run.log");
    cr_expect(has("build/logs/tune-smpi-4/collalg_tuned.h", "COLLALG_RULE_P(3, 4, 0, "),
              "by default the sizes 2 and 4 are tuned: 4 serves 3 and 4");
    cr_expect(has("build/logs/tune-smpi-4/collalg_tuned.h", "COLLALG_RULE_P(1, 2, 0, "), "and 2 serves 1 and 2");
    cr_expect(has("build/logs/tune-smpi-4/collalg_tuned.h", "#define COLLALG_TUNED_PROCS_RANGES 1, 2, 3, 4\n"));
    cr_expect(access("build/logs/tune-smpi-4/bcast-p2.dat", R_OK) == 0 &&
                  access("build/logs/tune-smpi-4/bcast.dat", R_OK) == 0,
              "the plots of size 2 are suffixed, those of P are not");
    cr_expect(!has("build/logs/tune-smpi-4/collalg_tuned.csv", "topology_ring"),
              "no topology: no topology algorithm measured");
    check_new_collectives("build/logs/tune-smpi-4/collalg_tuned.h", 3, 4, "built-in heavy, checksum 0x",
                          "build/logs/tune-smpi-4/collalg_tuned.csv");
    run_ok("smpicc -std=c99 -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-smpi-4 "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' src/tune/tuned_check.c -o build/logs/tune-smpi-4/tuned_check "
           ">build/logs/tune-smpi-4/cc.log 2>&1",
           "build/logs/tune-smpi-4/cc.log");
    run_ok("timeout -k 10 1200 " SMPIRUN " -np 4 build/logs/tune-smpi-4/tuned_check -v </dev/null "
           ">build/logs/tune-smpi-4/check.log 2>&1",
           "build/logs/tune-smpi-4/check.log");
    cr_expect(has("build/logs/tune-smpi-4/check.log", " passed, 0 failed"));
    check_dispatch("build/logs/tune-smpi-4/collalg_tuned.h", "build/logs/tune-smpi-4/check.log");
    check_alternatives("build/logs/tune-smpi-4/collalg_tuned.h");
}

/* The nonblocking collectives (--collectives iallreduce,ibcast: start + wait against MPI_I<Coll> +
 * MPI_Wait) on 4 simulated ranks, two sizes, five algorithms (TUNE_NB_ALGOS): the header defines their routines and bounds and
 * none for the untuned nonblocking ones, the CSV's rows carry the i-names, and tuned_check (MPICH,
 * the header built with mpicc) runs both routines (started and waited for) with the native results and the algorithm of the rule.
 * MPI_Test costs a constant 0.1 us (SimGrid's default sleeps 0.1 ms, growing, in every test of
 * a polling loop: mk/bench-nonblocking.mk). */
/* Three iallreduce and two ibcast algorithms: what the test checks needs no more, and the whole
 * catalogue took 51 s of make check (2026-11-29), growing with every nonblocking row. */
#define TUNE_NB_ALGOS "ring,recursive_doubling,rabenseifner,binomial,scatter_ring_allgather"
Test(tune, smpi_p4_nonblocking, .timeout = 1260)
{
    run_ok("rm -rf build/logs/tune-nb && mkdir -p build/logs/tune-nb && timeout -k 10 1200 " SMPIRUN
           " --cfg=smpi/test:1e-7 --cfg=smpi/grow-injected-times:no -np 4 build/smpi-bin/collalg-tune --collectives "
           "iallreduce,ibcast --sizes 8,64K --quick --algorithms " TUNE_NB_ALGOS
           " --out build/logs/tune-nb </dev/null >build/logs/tune-nb/run.log 2>&1",
           "build/logs/tune-nb/run.log");
    cr_expect(has("build/logs/tune-nb/collalg_tuned.h", "COLLALG_TUNED_IALLREDUCE(collalg_tuned_iallreduce,"));
    cr_expect(has("build/logs/tune-nb/collalg_tuned.h", "#define COLLALG_TUNED_IBCAST_BOUNDS 0"));
    cr_expect(!has("build/logs/tune-nb/collalg_tuned.h", "COLLALG_TUNED_IALLTOALL("),
              "ialltoall not tuned: no routine");
    cr_expect(has("build/logs/tune-nb/collalg_tuned.h", "COLLALG_TUNED_ALLREDUCE(collalg_tuned_allreduce,)"),
              "the blocking twin is not tuned");
    cr_expect(has_row("build/logs/tune-nb/collalg_tuned.csv", "iallreduce,sample,ring,"));
    cr_expect(has_row("build/logs/tune-nb/collalg_tuned.csv", "ibcast,native,native,"));
    cr_expect(has_row("build/logs/tune-nb/collalg_tuned.csv", "ibcast,routine,"));
    cr_expect(!has_row("build/logs/tune-nb/collalg_tuned.csv", "allreduce,"), "--collectives iallreduce only");
    /* tuned_check runs under MPICH: under SMPI its polling loops did not finish within the timeout */
    run_ok("mpicc -std=c99 -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-nb "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' src/tune/tuned_check.c -o build/logs/tune-nb/tuned_check "
           ">build/logs/tune-nb/cc.log 2>&1",
           "build/logs/tune-nb/cc.log");
    run_ok("timeout -k 10 300 mpiexec -n 4 build/logs/tune-nb/tuned_check -v </dev/null "
           ">build/logs/tune-nb/check.log 2>&1",
           "build/logs/tune-nb/check.log");
    cr_expect(has("build/logs/tune-nb/check.log", " passed, 0 failed"));
    /* the sizes checked besides the edges follow the rules the run found: only the edges are sure */
    cr_expect(has("build/logs/tune-nb/check.log", "ok   iallreduce 0 B p=4"));
    cr_expect(has("build/logs/tune-nb/check.log", "ok   ibcast 1 B p=4 root 3"));
    check_dispatch("build/logs/tune-nb/collalg_tuned.h", "build/logs/tune-nb/check.log");
}

/* --procs: sizes 2, 4 and 8 tuned in one run on 8 simulated ranks; the rules' communicator
 * ranges cover 1 .. 8, and tuned_check runs every routine on communicators of the first 1, 2, 3,
 * 4, 6 and 8 ranks with the native results and the algorithm of the rule for (p, n). */
Test(tune, smpi_p8_procs_cover_every_size, .timeout = 1260)
{
    const char *hdr = "build/logs/tune-procs/collalg_tuned.h", *csv = "build/logs/tune-procs/collalg_tuned.csv";
    rule r[512];
    int n, i, p, covered[9] = {0}, edges[9] = {0};
    char line[1024];
    FILE *f;
    run_ok("rm -rf build/logs/tune-procs && mkdir -p build/logs/tune-procs && timeout -k 10 1200 " SMPIRUN
           " -np 8 build/smpi-bin/collalg-tune --procs 2,4 --quick --sizes 8,64K --collectives allreduce,alltoall "
           "--out build/logs/tune-procs </dev/null >build/logs/tune-procs/run.log 2>&1",
           "build/logs/tune-procs/run.log");
    cr_expect(has(hdr, "#define COLLALG_TUNED_PROCS 8\n"));
    cr_expect(has(hdr, "#define COLLALG_TUNED_PROCS_LIST 2, 4, 8\n"), "P is always tuned");
    cr_expect(has(hdr, "#define COLLALG_TUNED_PROCS_RANGES 1, 2, 3, 5, 6, 8\n"));
    cr_expect(has(hdr, " *              q = 4 (3 .. 5): "), "the rule counts per size");
    n = read_rules(hdr, r, 512);
    for (i = 0; i < n; i++) {
        int in = (r[i].pmin >= 1 && r[i].pmax <= 2) || (r[i].pmin >= 3 && r[i].pmax <= 5) ||
                 (r[i].pmin >= 6 && r[i].pmax <= 8);
        cr_expect(in, "%s rule over p = %d .. %d crosses a range", r[i].coll, r[i].pmin, r[i].pmax);
        for (p = r[i].pmin; in && !strcmp(r[i].coll, "allreduce") && p <= r[i].pmax; p++)
            covered[p] = 1;
    }
    for (p = 1; p <= 8; p++)
        cr_expect(covered[p], "no allreduce rule for communicators of %d processes", p);
    cr_expect(has(csv, "allreduce,native,native,\"\",8,2,") && has(csv, "allreduce,native,native,\"\",8,4,") &&
                  has(csv, "allreduce,native,native,\"\",8,8,"),
              "the CSV's procs column is the size tuned");
    cr_expect(access("build/logs/tune-procs/allreduce-p2.dat", R_OK) == 0 &&
                  access("build/logs/tune-procs/alltoall-p4.svg", R_OK) == 0 &&
                  access("build/logs/tune-procs/allreduce.dat", R_OK) == 0,
              "plots per size");
    run_ok("smpicc -std=c99 -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-procs "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' src/tune/tuned_check.c -o build/logs/tune-procs/tuned_check "
           ">build/logs/tune-procs/cc.log 2>&1",
           "build/logs/tune-procs/cc.log");
    run_ok("timeout -k 10 1200 " SMPIRUN " -np 8 build/logs/tune-procs/tuned_check -v </dev/null "
           ">build/logs/tune-procs/check.log 2>&1",
           "build/logs/tune-procs/check.log");
    cr_expect(has("build/logs/tune-procs/check.log", "(communicators of 1, 2, 3, 4, 6, 8 processes): "));
    cr_expect(has("build/logs/tune-procs/check.log", " passed, 0 failed"));
    check_dispatch(hdr, "build/logs/tune-procs/check.log");
    f = fopen("build/logs/tune-procs/check.log", "r");
    cr_assert(f != NULL);
    while (fgets(line, sizeof line, f)) {
        char *at = strstr(line, " B p=");
        if (!strncmp(line, "ok   allreduce ", 15) && at && sscanf(at, " B p=%d", &p) == 1 && p >= 1 && p <= 8)
            edges[p] |= !strstr(line, "-> native");
    }
    fclose(f);
    for (p = 1; p <= 8; p++)
        cr_expect(p == 5 || p == 7 || edges[p], "allreduce on %d processes never ran a tuned rule", p);
}

Test(tune, smpi_p4_pattern_file_as_is, .timeout = 1260)
{
    FILE *f;
    cr_assert(system("rm -rf build/logs/tune-file && mkdir -p build/logs/tune-file") == 0);
    f = fopen("build/logs/tune-file/pattern.txt", "w");
    cr_assert(f != NULL);
    fprintf(f, "# what rank i sends to ranks 0..3\n10 0 0 5000\n1,1,1,1\n0 0 0 0  # rank 2 sends nothing\n7 7 7 7\n");
    fclose(f);
    run_ok("timeout -k 10 1200 " SMPIRUN " -np 4 build/smpi-bin/collalg-tune --collectives "
           "alltoallv,allgatherv,gatherv,scatterv,alltoallw --quick --pattern build/logs/tune-file/pattern.txt --out "
           "build/logs/tune-file </dev/null "
           ">build/logs/tune-file/run.log 2>&1",
           "build/logs/tune-file/run.log");
    cr_expect(has("build/logs/tune-file/collalg_tuned.h", "file build/logs/tune-file/pattern.txt, checksum 0x"));
    cr_expect(has("build/logs/tune-file/collalg_tuned.h", "used as is"));
    /* 5042 bytes / 16 blocks: one sample size, 315, so one rule from 0 up; the vector (row sums
     * / 4: 1252, 1, 0, 7) has the same mean block, rounded down */
    cr_expect(has("build/logs/tune-file/collalg_tuned.csv", "alltoallv,native,native,\"\",315,4,"));
    cr_expect(has("build/logs/tune-file/collalg_tuned.csv", "alltoallw,native,native,\"\",315,4,"));
    cr_expect(has("build/logs/tune-file/collalg_tuned.csv", "gatherv,native,native,\"\",315,4,"));
    cr_expect(has("build/logs/tune-file/collalg_tuned.csv", "scatterv,native,native,\"\",315,4,"));
    cr_expect(!has("build/logs/tune-file/collalg_tuned.csv", "gather,"), "--collectives gatherv does not tune gather");
    cr_expect(has("build/logs/tune-file/collalg_tuned.h", "COLLALG_RULE_P(1, 4, 0, COLLALG_INF, "),
              "a pattern file fits P alone: P = 4 is the only tuned size");
    cr_expect(has("build/logs/tune-file/collalg_tuned.h", "COLLALG_TUNED_ALLTOALL(collalg_tuned_alltoall,)"),
              "--collectives alltoallv does not tune alltoall");
    cr_expect(has("build/logs/tune-file/collalg_tuned.h", "COLLALG_TUNED_BARRIER(collalg_tuned_barrier,)"));
    run_ok("smpicc -std=c99 -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-file "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' src/tune/tuned_check.c -o build/logs/tune-file/tuned_check "
           ">build/logs/tune-file/cc.log 2>&1",
           "build/logs/tune-file/cc.log");
    run_ok("timeout -k 10 1200 " SMPIRUN " -np 4 build/logs/tune-file/tuned_check -v </dev/null "
           ">build/logs/tune-file/check.log 2>&1",
           "build/logs/tune-file/check.log");
    cr_expect(has("build/logs/tune-file/check.log", " passed, 0 failed"));
}

/* With a topology (--topology): the topology algorithms are measured, the header records the
 * description and its checksum, and the tuned routines give the native results when they find
 * the same description at run time (COLLALG_TOPOLOGY). p = 8 on the network of platform (c). */
Test(tune, smpi_p8_topology, .timeout = 1260)
{
    const char *d = "build/logs/tune-topo";
    char csv[128], hdr[128];
    snprintf(csv, sizeof csv, "%s/collalg_tuned.csv", d);
    snprintf(hdr, sizeof hdr, "%s/collalg_tuned.h", d);
    run_ok("rm -rf build/logs/tune-topo && mkdir -p build/logs/tune-topo && env -u COLLALG_TOPOLOGY timeout -k 10 1200 "
           "smpirun -np 8 -platform tests/platform/topology/switches-4x8.xml -hostfile "
           "tests/platform/topology/hostfile-c --log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG
           " build/smpi-bin/collalg-tune --collectives alltoall,allgather,allreduce,bcast --sizes 1K,32K --quick "
           "--topology tests/platform/topology/c.conf --out build/logs/tune-topo </dev/null "
           ">build/logs/tune-topo/run.log 2>&1",
           "build/logs/tune-topo/run.log");
    cr_expect(has(hdr, "#define COLLALG_TUNED_TOPOLOGY \"tests/platform/topology/c.conf\""));
    cr_expect(has(hdr, "#define COLLALG_TUNED_TOPOLOGY_CHECKSUM 0x"));
    cr_expect(has(hdr, " * Topology:    tests/platform/topology/c.conf, checksum 0x"));
    cr_expect(has(csv, "allgather,sample,topology_ring,"));
    cr_expect(has(csv, "allreduce,param,topology_order,"));
    cr_expect(has(csv, "bcast,param,topology_chain,"));
    cr_expect(has(csv, "alltoall,sample,contention_free,"));
    run_ok("smpicc -std=c99 -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-topo "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' src/tune/tuned_check.c -o build/logs/tune-topo/tuned_check "
           ">build/logs/tune-topo/cc.log 2>&1",
           "build/logs/tune-topo/cc.log");
    run_ok("env COLLALG_TOPOLOGY=tests/platform/topology/c.conf timeout -k 10 1200 smpirun -np 8 -platform "
           "tests/platform/topology/switches-4x8.xml -hostfile tests/platform/topology/hostfile-c "
           "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG
           " build/logs/tune-topo/tuned_check -v </dev/null >build/logs/tune-topo/check.log 2>&1",
           "build/logs/tune-topo/check.log");
    cr_expect(has("build/logs/tune-topo/check.log", " passed, 0 failed"));
    check_dispatch(hdr, "build/logs/tune-topo/check.log");
    cr_expect(check_alternatives(hdr) > 0,
              "on platform (c) allreduce picks a topology algorithm (commutative ops only)");
    /* --native-only: the native collective at each size, no header */
    run_ok("rm -rf build/logs/tune-native && timeout -k 10 1200 smpirun -np 8 -platform "
           "tests/platform/topology/switches-4x8.xml -hostfile tests/platform/topology/hostfile-c "
           "--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bcast:mpich "
           "build/smpi-bin/collalg-tune --native-only --collectives bcast --sizes 1K,32K --quick "
           "--out build/logs/tune-native </dev/null >build/logs/tune-native.log 2>&1",
           "build/logs/tune-native.log");
    cr_expect(has("build/logs/tune-native/collalg_tuned.csv", "bcast,native,native,\"\",32768,8,"));
    cr_expect(access("build/logs/tune-native/collalg_tuned.h", R_OK) != 0, "no header with --native-only");
}

Test(tune, bad_topology_refused)
{
    int st = system("mpiexec -n 2 build/bin/collalg-tune --collectives allgather --sizes 1K --topology "
                    "tests/platform/topology/bad-syntax.conf </dev/null >build/logs/tune-badtopo.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "status %d", st);
    cr_expect(has("build/logs/tune-badtopo.log", "bad-syntax.conf:"), "the parser's file:line message");
}

Test(tune, bad_pattern_refused)
{
    int st = system("mpiexec -n 2 build/bin/collalg-tune --collectives barrier,allgatherv --pattern "
                    "build/logs/no-such-pattern </dev/null >build/logs/tune-badpat.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "status %d", st);
    cr_expect(has("build/logs/tune-badpat.log", "--pattern build/logs/no-such-pattern: cannot read"));
    st = system("mpiexec -n 1 build/bin/collalg-tune --collectives alltoallvx </dev/null "
                ">build/logs/tune-badcoll.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "an unknown collective is refused");
}

Test(tune, ctrl_c_writes_what_is_finished, .timeout = 1260)
{
    pid_t pid;
    int st, i;
    struct timespec tenth = {0, 100000000};
    cr_assert(system("rm -rf build/logs/tune-int && mkdir -p build/logs/tune-int") == 0);
    pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        setpgid(0, 0);
        execlp("sh", "sh", "-c",
               "exec mpiexec -n 2 build/bin/collalg-tune --collectives alltoall,allgather --sizes 1,64,4M "
               "--out build/logs/tune-int "
               "</dev/null >build/logs/tune-int/run.log 2>&1",
               (char *)NULL);
        _exit(127);
    }
    /* interrupt once alltoall is finished and allgather measured, long before it would finish */
    for (i = 0; i < 1800 && !has("build/logs/tune-int/collalg_tuned.csv", "allgather,"); i++)
        nanosleep(&tenth, NULL);
    kill(pid, SIGINT);
    cr_assert(waitpid(pid, &st, 0) == pid);
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "exit status %d", st);
    cr_expect(has("build/logs/tune-int/run.log", "stopped early (interrupted)"));
    cr_expect(has("build/logs/tune-int/collalg_tuned.h", "the run was interrupted"));
    cr_expect(has("build/logs/tune-int/collalg_tuned.h", "COLLALG_RULE_P(1, 2, 0, "), "finished alltoall has rules");
    /* Where the interrupt lands in allgather depends on the machine's speed: before its selection
     * (no rules) or during its binary searches (rules with approximated crossings). */
    cr_expect(has("build/logs/tune-int/run.log", "allgather on 2 processes (not tuned: interrupted)") ||
                  has("build/logs/tune-int/run.log", "allgather on 2 processes (some crossings approximated"),
              "allgather is reported as cut short by the interrupt");
    cr_expect(has("build/logs/tune-int/collalg_tuned.h", "COLLALG_TUNED_BCAST(collalg_tuned_bcast,"),
              "every routine is defined, untuned ones native");
    run_ok("mpicc -std=c99 -Wall -Wextra -Werror -Iinclude -Ibuild/logs/tune-int "
           "-DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' "
           "src/tune/tuned_check.c -o build/logs/tune-int/tuned_check >build/logs/tune-int/cc.log 2>&1",
           "build/logs/tune-int/cc.log");
}

Test(tune, time_budget_stops_and_writes, .timeout = 1260)
{
    run_ok("rm -rf build/logs/tune-budget && mkdir -p build/logs/tune-budget && timeout -k 10 1200 mpiexec -n 2 "
           "build/bin/collalg-tune --max-size 4M --time-budget 2 --out build/logs/tune-budget </dev/null "
           ">build/logs/tune-budget/run.log 2>&1",
           "build/logs/tune-budget/run.log");
    cr_expect(has("build/logs/tune-budget/collalg_tuned.h", "COLLALG_TUNED_H"));
    cr_expect(has("build/logs/tune-budget/run.log", "wrote build/logs/tune-budget/collalg_tuned.h"));
}

Test(tune, bad_command_line)
{
    int st = system("mpiexec -n 1 build/bin/collalg-tune --sizes 64,1 </dev/null >build/logs/tune-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) != 0, "unsorted sizes are refused");
    cr_expect(has("build/logs/tune-bad.log", "usage: mpiexec -n P collalg-tune"));
    st = system("mpiexec -n 1 build/bin/collalg-tune --alpha 0 </dev/null >build/logs/tune-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "--alpha 0 is refused");
    st = system("mpiexec -n 1 build/bin/collalg-tune --tolerance 1 </dev/null >build/logs/tune-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "--tolerance 1 is refused");
    st = system("mpiexec -n 2 build/bin/collalg-tune --procs 3 </dev/null >build/logs/tune-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "--procs larger than P is refused");
    cr_expect(has("build/logs/tune-bad.log", "--procs: a size is larger than the number of processes"));
    st = system("mpiexec -n 3 build/bin/collalg-tune --procs 2 --any-procs </dev/null >build/logs/tune-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "--procs naming a size below P with --any-procs is refused");
    st = system("mpiexec -n 1 build/bin/collalg-tune --procs 0 </dev/null >build/logs/tune-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 1, "--procs 0 is refused");
    st = system("mpiexec -n 1 build/bin/collalg-tune --help </dev/null >build/logs/tune-help.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 0, "--help: status %d", st);
    cr_expect(has("build/logs/tune-help.log", "--tolerance F") && has("build/logs/tune-help.log", "--alpha A"));
    cr_expect(has("build/logs/tune-help.log", "--procs LIST"));
    (void)cl_mpich, (void)cl_smpi; /* launch.h helpers this suite does not use */
}

/* The output directory is made component by component (no shell): nested and with a quote in
 * its name; one that cannot be made is named in the message and the exit status is 2. */
Test(tune, output_directory)
{
    int st;
    cr_assert(system("rm -rf \"build/logs/tune-dir\"") == 0);
    run_ok("mpiexec -n 2 build/bin/collalg-tune --collectives barrier,bcast --sizes 1,64 --quick "
           "--out \"build/logs/tune-dir/it's/deep\" </dev/null >build/logs/tune-dir.log 2>&1",
           "build/logs/tune-dir.log");
    cr_expect(access("build/logs/tune-dir/it's/deep/collalg_tuned.h", R_OK) == 0);
    cr_expect(access("build/logs/tune-dir/it's/deep/bcast.png", R_OK) == 0, "gnuplot ran in that directory");
    st = system("mpiexec -n 1 build/bin/collalg-tune --collectives barrier --quick --out /dev/null/x "
                "</dev/null >build/logs/tune-dir-bad.log 2>&1");
    cr_expect(WIFEXITED(st) && WEXITSTATUS(st) == 2, "status %d", st);
    cr_expect(has("build/logs/tune-dir-bad.log", "cannot create directory '/dev/null/x': Not a directory"));
}
