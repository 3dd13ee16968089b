/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the guideline check (src/guidelines/collalg-guidelines.c), built by mk/guidelines.mk
 * against the fixed tuned header tests/guidelines/collalg_tuned.h (build/guidelines-test/).
 * - MPICH p = 2 (default sizes) and p = 1, SimGrid p = 16: exit status 0, the CSV has its columns
 *   and exactly one row per (guideline, size) expected (tuned <= native for the 16 collectives of
 *   the fixture and the barrier, monotony for the 16, the 14 pattern guidelines GL3, GL4, GL5, GL7
 *   to GL17), p-values in [0, 1], each verdict the
 *   decision rule applied to the row (p < alpha and ratio > 1 + tolerance), and the terminal
 *   table lists exactly the violated rows, with the counts of its summary line;
 * - detection under SimGrid (deterministic): at 8 B, 256 B and 1 KiB the fixture's allreduce
 *   (recursive doubling) and bcast (binomial) run what SMPI's own collectives run, and no
 *   "tuned <= native" violation is reported for them; with --slow-tuned bcast (the tuned bcast
 *   runs twice per call) the bcast check is violated at every size and the allreduce one still
 *   is not;
 * - the command line: --help, bad options (exit 1), an output directory that cannot be made
 *   (exit 2).
 * No test asserts a timing. */
#include "launch.h"

/* clang-format off */
#define GL_SMPIRUN                                                                                          \
    "smpirun -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile --log=root.thres:warning " \
    "--cfg=smpi/display-timing:no " CL_SMPI_CFG
/* clang-format on */

#define GL_MPICH_PROG "build/guidelines-test/mpich/collalg-guidelines"
#define GL_SMPI_PROG "build/guidelines-test/smpi/collalg-guidelines"

/* The collectives of the fixture and the patterns, as the program names them. */
static const char *const colls[] = {
    "alltoall", "allgather", "allreduce", "bcast",    "alltoallv", "allgatherv",           "reduce",
    "gather",   "scatter",   "gatherv",   "scatterv", "alltoallw", "reduce_scatter_block", "reduce_scatter",
    "scan",     "exscan"};
#define NCOLLS ((int)(sizeof colls / sizeof *colls))
static const char *const patterns[] = {"allreduce<=reduce_scatter_block+allgather",
                                       "allreduce<=reduce+bcast",
                                       "bcast<=scatter+allgather",
                                       "allgather<=alltoall",
                                       "gather<=allgather",
                                       "gather<=reduce",
                                       "scatter<=bcast",
                                       "reduce<=allreduce",
                                       "reduce_scatter<=allreduce",
                                       "allgather<=gather+bcast",
                                       "reduce<=reduce_scatter_block+gather",
                                       "reduce_scatter_block<=reduce+scatter",
                                       "scan<=exscan+reduce_local",
                                       "reduce_scatter<=reduce+scatterv"};
#define NPATTERNS ((int)(sizeof patterns / sizeof *patterns))
#define MAXROWS 1024

/* One row of guidelines.csv. */
typedef struct row {
    char name[64];
    long bytes;
    double lhs, rhs, ratio, p;
    int violated;
    int seen; /* matched by an expected (guideline, size) */
} row;

/* Runs `cmd` through the shell; @return its exit status (-1 when it did not exit). */
static int run(const char *cmd)
{
    int st = system(cmd);
    return st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Runs the program with `launcher` on np processes and `args`, output in build/logs/<tag>/;
 * asserts exit status `want`. */
static void gl_launch(const char *launcher, const char *prog, int np, const char *tag, const char *args, int want)
{
    char cmd[2048], log[256];
    int st;
    snprintf(log, sizeof log, "build/logs/%s/run.log", tag);
    snprintf(cmd, sizeof cmd,
             "rm -rf build/logs/%s && mkdir -p build/logs/%s && timeout -k 10 1200 %s -np %d %s --out build/logs/%s %s "
             "</dev/null >%s 2>&1",
             tag, tag, launcher, np, prog, tag, args, log);
    st = run(cmd);
    if (st != want) {
        cr_log_error("exit status %d, expected %d: %s", st, want, cmd);
        cl_show_log(log);
    }
    cr_assert(st == want, "%s: exit status %d, expected %d (log %s)", tag, st, want, log);
}

/* Reads build/logs/<tag>/guidelines.csv into rows (asserting the header). @return the row count. */
static int read_csv(const char *tag, row *r, int max)
{
    char path[256], line[512];
    int n = 0;
    FILE *f;
    snprintf(path, sizeof path, "build/logs/%s/guidelines.csv", tag);
    f = fopen(path, "r");
    cr_assert(f != NULL, "no %s", path);
    cr_assert(fgets(line, sizeof line, f) != NULL);
    cr_assert_str_eq(line, "guideline,bytes,lhs_us,rhs_us,ratio,p_value,violated\n");
    while (n < max && fgets(line, sizeof line, f)) {
        memset(&r[n], 0, sizeof r[n]);
        cr_assert(sscanf(line, "%63[^,],%ld,%lf,%lf,%lf,%lf,%d", r[n].name, &r[n].bytes, &r[n].lhs, &r[n].rhs,
                         &r[n].ratio, &r[n].p, &r[n].violated) == 7,
                  "malformed row: %s", line);
        n++;
    }
    fclose(f);
    return n;
}

/* The row (name, bytes), asserting it is there exactly once; marks it seen. */
static row *expect_row(row *r, int n, const char *name, long bytes)
{
    int i, found = 0;
    row *at = NULL;
    for (i = 0; i < n; i++)
        if (!strcmp(r[i].name, name) && r[i].bytes == bytes)
            found++, at = &r[i];
    cr_assert(found == 1, "%d rows for %s at %ld B (want 1)", found, name, bytes);
    at->seen = 1;
    return at;
}

/* Counts the lines of build/logs/<tag>/run.log containing `needle`; the summary line's numbers
 * go to *checks, *guidelines, *violated when it is there. */
static int scan_log(const char *tag, const char *needle, int *checks, int *guidelines, int *violated)
{
    char path[256], line[512];
    int n = 0, bad_gl;
    FILE *f;
    snprintf(path, sizeof path, "build/logs/%s/run.log", tag);
    f = fopen(path, "r");
    cr_assert(f != NULL, "no %s", path);
    *checks = *guidelines = *violated = -1;
    while (fgets(line, sizeof line, f)) {
        const char *s = strstr(line, ": ");
        n += strstr(line, needle) != NULL;
        if (!strncmp(line, "collalg-guidelines p=", 21) && s && strstr(line, " checks of "))
            cr_assert(sscanf(s, ": %d checks of %d guidelines, %d violated (%d guidelines)", checks, guidelines,
                             violated, &bad_gl) == 4,
                      "summary line: %s", line);
    }
    fclose(f);
    return n;
}

/* Checks the CSV and the table of run `tag` made with `sizes` (ns of them), level alpha and
 * tolerance tol: one row per expected (guideline, size), p-values in [0, 1], verdicts by the
 * rule, the table listing exactly the violated rows. Rows go to r (max MAXROWS). @return the rows. */
static int check_report(const char *tag, const long *sizes, int ns, double alpha, double tol, row *r)
{
    char name[64];
    int n = read_csv(tag, r, MAXROWS), i, c, violated = 0, expected = 0, checks, guidelines, summary_violated;
    for (c = 0; c < NCOLLS; c++) {
        snprintf(name, sizeof name, "tuned<=native(%s)", colls[c]);
        for (i = 0; i < ns; i++, expected++)
            expect_row(r, n, name, sizes[i]);
        snprintf(name, sizeof name, "monotony(%s)", colls[c]);
        for (i = 0; i + 1 < ns; i++, expected++)
            expect_row(r, n, name, sizes[i]);
    }
    expect_row(r, n, "tuned<=native(barrier)", 0), expected++;
    for (c = 0; c < NPATTERNS; c++)
        for (i = 0; i < ns; i++, expected++)
            expect_row(r, n, patterns[c], sizes[i]);
    cr_expect(n == expected, "%d rows, %d expected", n, expected);
    for (i = 0; i < n; i++) {
        int want = r[i].p < alpha && r[i].ratio > 1 + tol;
        cr_expect(r[i].seen, "unexpected row %s %ld", r[i].name, r[i].bytes);
        cr_expect(r[i].p >= 0 && r[i].p <= 1, "%s %ld: p-value %g", r[i].name, r[i].bytes, r[i].p);
        cr_expect(r[i].lhs >= 0 && r[i].rhs >= 0 && r[i].ratio >= 0, "%s %ld: negative time", r[i].name, r[i].bytes);
        /* the CSV rounds p to 4 digits: skip verdicts too close to the level to tell */
        if ((r[i].p < alpha * 0.999 || r[i].p > alpha * 1.001) &&
            (r[i].ratio < 1 + tol - 1e-3 || r[i].ratio > 1 + tol + 1e-3))
            cr_expect(r[i].violated == want, "%s %ld: p %g ratio %g but violated = %d", r[i].name, r[i].bytes, r[i].p,
                      r[i].ratio, r[i].violated);
        violated += r[i].violated;
    }
    cr_expect(scan_log(tag, "VIOLATED", &checks, &guidelines, &summary_violated) == violated,
              "the table lists every violated row (%d) and no other", violated);
    cr_expect(checks == n && guidelines == 2 * NCOLLS + 1 + NPATTERNS && summary_violated == violated,
              "summary: %d checks, %d guidelines, %d violated", checks, guidelines, summary_violated);
    return n;
}

/* The row (name, bytes) of r[0..n). */
static const row *find(const row *r, int n, const char *name, long bytes)
{
    int i;
    for (i = 0; i < n; i++)
        if (!strcmp(r[i].name, name) && r[i].bytes == bytes)
            return &r[i];
    cr_assert(0, "no row %s %ld", name, bytes);
    return NULL;
}

Test(guidelines, mpich_p2_default_sizes, .timeout = 1260)
{
    static const long sizes[] = {8, 32, 128, 512, 2048, 8192, 32768, 65536};
    static row r[MAXROWS];
    gl_launch("mpiexec", GL_MPICH_PROG, 2, "guidelines-mpich-2", "--reps 20", 0);
    check_report("guidelines-mpich-2", sizes, 8, 0.05, 0.05, r);
}

Test(guidelines, mpich_p1_degenerate_patterns, .timeout = 660)
{
    static const long sizes[] = {0, 1, 100, 3000};
    static row r[MAXROWS];
    gl_launch("mpiexec", GL_MPICH_PROG, 1, "guidelines-mpich-1", "--sizes 3000,1,0,100,100 --alpha 0.01 --tolerance 0",
              0);
    check_report("guidelines-mpich-1", sizes, 4, 0.01, 0, r);
}

Test(guidelines, smpi_p16_no_false_alarm, .timeout = 1260)
{
    static const long sizes[] = {8, 256, 1024};
    static row r[MAXROWS];
    int n, i;
    gl_launch(GL_SMPIRUN, GL_SMPI_PROG, 16, "guidelines-smpi-16", "--sizes 8,256,1K", 0);
    n = check_report("guidelines-smpi-16", sizes, 3, 0.05, 0.05, r);
    for (i = 0; i < 3; i++) {
        cr_expect(!find(r, n, "tuned<=native(allreduce)", sizes[i])->violated, "allreduce %ld B", sizes[i]);
        cr_expect(!find(r, n, "tuned<=native(bcast)", sizes[i])->violated, "bcast %ld B", sizes[i]);
    }
}

Test(guidelines, smpi_p16_slow_tuned_bcast_detected, .timeout = 1260)
{
    static const long sizes[] = {8, 256, 1024};
    static row r[MAXROWS];
    int n, i;
    gl_launch(GL_SMPIRUN, GL_SMPI_PROG, 16, "guidelines-smpi-16-slow", "--sizes 8,256,1K --slow-tuned bcast", 0);
    n = check_report("guidelines-smpi-16-slow", sizes, 3, 0.05, 0.05, r);
    for (i = 0; i < 3; i++) {
        cr_expect(find(r, n, "tuned<=native(bcast)", sizes[i])->violated, "slow bcast at %ld B not detected", sizes[i]);
        cr_expect(!find(r, n, "tuned<=native(allreduce)", sizes[i])->violated, "allreduce %ld B", sizes[i]);
    }
}

Test(guidelines, command_line, .timeout = 660)
{
    char cmd[512];
    int i;
    static const char *const bad[] = {"--alpha 1.5",         "--reps 2",     "--sizes 8,x",
                                      "--slow-tuned nosuch", "--frobnicate", "--out"};
    cr_expect(run("mkdir -p build/logs && mpiexec -n 1 " GL_MPICH_PROG
                  " --help </dev/null >build/logs/guidelines-help.log 2>&1") == 0);
    for (i = 0; i < 6; i++) {
        snprintf(cmd, sizeof cmd, "mpiexec -n 1 %s %s </dev/null >build/logs/guidelines-bad.log 2>&1", GL_MPICH_PROG,
                 bad[i]);
        cr_expect(run(cmd) == 1, "%s: exit status 1 expected", bad[i]);
    }
    cr_expect(run("mpiexec -n 2 " GL_MPICH_PROG " --sizes 8 --reps 5 --out /dev/null/x </dev/null "
                  ">build/logs/guidelines-bad.log 2>&1") == 2,
              "an output directory that cannot be made: exit status 2");
}
