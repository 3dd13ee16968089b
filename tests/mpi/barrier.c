/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * barrier.c - every catalogue barrier algorithm, checked for the barrier property itself, not
 * only for termination.
 *
 * A barrier is right when no rank leaves it before the last rank has entered it. Each timed
 * trial: the "late" ranks of the trial sleep (usleep, --delay microseconds, 2 ms by default),
 * each rank reads the clock (th_stamp: MPI_Wtime, or a host-wide clock under Open MPI) just
 * before the call (entry) and just after it returns (exit);
 * the pairs of all trials are gathered afterwards (MPI_Allgather on MPI_COMM_WORLD) and the
 * check is, per trial,
 *     max over ranks of entry  <=  min over ranks of exit.
 * The late rank rotates through all ranks (--rotations times); two more trials have several late
 * ranks (every even rank; every rank but the last). A barrier that lets a rank out early fails
 * the check as soon as the late rank is one it does not wait for: --broken adds two such fakes,
 * "broken_none" (returns at once) and "broken_dissemination" (dissemination with its last round
 * missing), and then the run must report them FAILED (tests/test_barrier.c asserts it).
 *
 * Why the times of different ranks can be compared:
 *  - SimGrid (smpicc): MPI_Wtime is the simulated clock, one clock for all ranks
 *    (MPI_WTIME_IS_GLOBAL is 1), and smpicc's helpers turn usleep into a simulated sleep that
 *    advances it (checked below: the program aborts if a sleep does not advance MPI_Wtime).
 *  - MPICH 4 on one host: MPI_Wtime reads clock_gettime(CLOCK_MONOTONIC) (its values are the
 *    seconds since boot), one kernel clock shared by every process of the machine. MPICH sets
 *    MPI_WTIME_IS_GLOBAL to 0 because it promises nothing across hosts, so the program also
 *    accepts "all ranks share one node" (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED).
 *  Then the order of the readings follows causality: rank i reads its entry before it sends
 *  anything, and rank j can return only after receiving a chain of messages that starts after
 *  i's entry, so entry_i <= exit_j for a right barrier, whatever the scheduler does. The check
 *  never asserts a duration. When neither condition holds (several hosts, clocks not global),
 *  the timed checks are skipped with a note, and only the return codes are checked.
 *
 * Also checked: each algorithm called --repeat times back to back without delay (tokens of
 * consecutive calls must not mix; each call is checked for the property too, and every call
 * must return MPI_SUCCESS) on MPI_COMM_WORLD and on a split communicator with the ranks
 * reversed, and once all algorithms interleaved; the errors: MPI_COMM_NULL -> MPI_ERR_COMM, bad
 * fanin / fanout / group -> MPI_ERR_ARG, each with the error handler called.
 *
 * Options (besides harness.h's --algo and -v):
 *   --rotations R   times the late rank goes round all ranks (default 2)
 *   --stride S      the late rank goes round every S-th rank (and the last) only (default 1)
 *   --repeat N      back-to-back calls per algorithm and communicator (default 20)
 *   --delay US      sleep of a late rank, in microseconds (default 2000)
 *   --broken        add the two broken barriers (the run must then fail)
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* usleep under -std=c99 */
#endif
#include <collalg/barrier.h>
#include <collalg/barrier/knomial.h>
#include <unistd.h>
#include "harness.h"

/* A barrier with up to two tuning parameters. */
typedef int (*tb_fn)(MPI_Comm, int, int);

static int run_dissemination(MPI_Comm c, int a, int b)
{
    (void)a, (void)b;
    return collalg_barrier_dissemination(c);
}
static int run_pairwise_exchange(MPI_Comm c, int a, int b)
{
    (void)a, (void)b;
    return collalg_barrier_pairwise_exchange(c);
}
static int run_binomial(MPI_Comm c, int a, int b)
{
    (void)a, (void)b;
    return collalg_barrier_binomial(c);
}
static int run_mcs(MPI_Comm c, int a, int b)
{
    return collalg_barrier_mcs(c, a, b);
}
static int run_js(MPI_Comm c, int a, int b)
{
    (void)b;
    return collalg_barrier_js(c, a);
}
static int run_knomial(MPI_Comm c, int a, int b)
{
    (void)b;
    return collalg_barrier_knomial(c, a);
}
static int run_k_dissemination(MPI_Comm c, int a, int b)
{
    (void)b;
    return collalg_barrier_k_dissemination(c, a);
}
static int run_recexch(MPI_Comm c, int a, int b)
{
    (void)b;
    return collalg_barrier_recexch(c, a);
}
static int run_double_ring(MPI_Comm c, int a, int b)
{
    (void)a, (void)b;
    return collalg_barrier_double_ring(c);
}
static int run_light_weight(MPI_Comm c, int a, int b)
{
    (void)a, (void)b;
    return collalg_barrier_light_weight(c);
}

/* Broken on purpose: returns at once. */
static int run_broken_none(MPI_Comm c, int a, int b)
{
    (void)c, (void)a, (void)b;
    return MPI_SUCCESS;
}

/* Broken on purpose: dissemination without its last round (for p = 2 no round at all), so a
 * rank hears only from the 2^(ceil(lg p) - 1) - 1 ranks before it. Tokens on the user's
 * communicator with a tag of their own (this program sends nothing else point to point). */
static int run_broken_dissemination(MPI_Comm c, int a, int b)
{
    int p, me, k, n, err = MPI_SUCCESS;
    (void)a, (void)b;
    MPI_Comm_size(c, &p);
    MPI_Comm_rank(c, &me);
    n = collalg__dissemination_nrounds(p) - 1;
    for (k = 0; k < n && err == MPI_SUCCESS; k++)
        err = MPI_Sendrecv(NULL, 0, MPI_BYTE, collalg__dissemination_to(me, p, k), 77, NULL, 0, MPI_BYTE,
                           collalg__dissemination_from(me, p, k), 77, c, MPI_STATUS_IGNORE);
    return err;
}

/* Parameter codes: >= 0 literal; TB_PM1 = p - 1 (at least 2: a fan of 1 is rejected, and for
 * p = 2 any fan >= 1 means "every rank a child of rank 0"); TB_P = p. */
#define TB_PM1 (-1)
#define TB_P (-2)

static int tb_param(int code, int p)
{
    if (code == TB_PM1)
        return p - 1 >= 2 ? p - 1 : 2;
    if (code == TB_P)
        return p;
    return code;
}

static const struct {
    const char *name;
    tb_fn fn;
    int a, b;
    int broken;
} algos[] = {
    {"dissemination", run_dissemination, 0, 0, 0},
    {"pairwise_exchange", run_pairwise_exchange, 0, 0, 0},
    {"binomial", run_binomial, 0, 0, 0},
    {"mcs(0,0)", run_mcs, 0, 0, 0},
    {"mcs(2,2)", run_mcs, 2, 2, 0},
    {"mcs(4,2)", run_mcs, 4, 2, 0},
    {"mcs(3,5)", run_mcs, 3, 5, 0},
    {"mcs(p-1,p-1)", run_mcs, TB_PM1, TB_PM1, 0},
    {"js(0)", run_js, 0, 0, 0},
    {"js(1)", run_js, 1, 0, 0},
    {"js(2)", run_js, 2, 0, 0},
    {"js(p)", run_js, TB_P, 0, 0},
    {"light_weight", run_light_weight, 0, 0, 0},
    {"knomial(0)", run_knomial, 0, 0, 0},
    {"knomial(2)", run_knomial, 2, 0, 0},
    {"knomial(3)", run_knomial, 3, 0, 0},
    {"knomial(p-1)", run_knomial, TB_PM1, 0, 0},
    {"k_dissemination(0)", run_k_dissemination, 0, 0, 0},
    {"k_dissemination(2)", run_k_dissemination, 2, 0, 0},
    {"k_dissemination(3)", run_k_dissemination, 3, 0, 0},
    {"k_dissemination(p-1)", run_k_dissemination, TB_PM1, 0, 0},
    {"k_dissemination(1000)", run_k_dissemination, 1000, 0, 0},
    {"recexch(0)", run_recexch, 0, 0, 0},
    {"recexch(3)", run_recexch, 3, 0, 0},
    {"recexch(4)", run_recexch, 4, 0, 0},
    {"recexch(p-1)", run_recexch, TB_PM1, 0, 0},
    {"recexch(1000)", run_recexch, 1000, 0, 0},
    {"double_ring", run_double_ring, 0, 0, 0},
    {"broken_none", run_broken_none, 0, 0, 1},
    {"broken_dissemination", run_broken_dissemination, 0, 0, 1},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

static th_opts o;
static th_result r = {0, 0, NULL, NULL};
static int rotations = 2, stride = 1, repeat = 20, delay_us = 2000, broken = 0;
static int timed = 1; /* 0 when the ranks' clocks cannot be compared: only return codes checked */
static int wsize, wrank;

static int want(int a)
{
    return (broken || !algos[a].broken) && th_want_algo(&o, algos[a].name);
}

/* Calls under test are recorded locally, (entry, exit, error flag) each, and checked together
 * in tb_flush with one MPI_Allgather, so a check costs no collective per call. */
static int tb_n, tb_cap;
static double *tb_mine;
static char (*tb_what)[160];

/* One call of algorithm `a` on `comm`; a `late` rank first sleeps --delay microseconds. */
static void tb_call(int a, MPI_Comm comm, int late, const char *what)
{
    int p, err;
    if (tb_n == tb_cap) {
        tb_cap = tb_cap ? 2 * tb_cap : 256;
        tb_mine = (double *)realloc(tb_mine, 3 * sizeof(double) * (size_t)tb_cap);
        tb_what = (char(*)[160])realloc(tb_what, sizeof *tb_what * (size_t)tb_cap);
        if (!tb_mine || !tb_what)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_size(comm, &p);
    if (late)
        usleep((useconds_t)delay_us);
    tb_mine[3 * tb_n] = th_stamp();
    err = algos[a].fn(comm, tb_param(algos[a].a, p), tb_param(algos[a].b, p));
    tb_mine[3 * tb_n + 1] = th_stamp();
    tb_mine[3 * tb_n + 2] = err != MPI_SUCCESS;
    snprintf(tb_what[tb_n], sizeof tb_what[0], "%s", what);
    tb_n++;
}

/* Checks every recorded call: it returned MPI_SUCCESS on every rank and max entry <= min exit
 * (the latter only when the clocks compare, see the file comment). With `summary` NULL each
 * call is one check; otherwise all of them make one check named `summary` (with the number of
 * bad calls appended). */
static void tb_flush(const char *summary)
{
    double *all = (double *)th_alloc(3 * sizeof(double) * (size_t)(tb_n ? tb_n : 1) * (size_t)wsize);
    int i, k, nbad = 0;
    char what[256];
    MPI_Allgather(tb_mine, 3 * tb_n, MPI_DOUBLE, all, 3 * tb_n, MPI_DOUBLE, MPI_COMM_WORLD);
    for (i = 0; i < tb_n; i++) {
        double max_in = all[3 * i], min_out = all[3 * i + 1];
        int ok = 1;
        for (k = 0; k < wsize; k++) {
            const double *t = all + (size_t)3 * tb_n * k + 3 * i;
            max_in = t[0] > max_in ? t[0] : max_in;
            min_out = t[1] < min_out ? t[1] : min_out;
            ok = ok && t[2] == 0;
        }
        ok = ok && (!timed || max_in <= min_out);
        nbad += !ok;
        if (!summary) {
            snprintf(what, sizeof what, "%s: returns MPI_SUCCESS, max entry <= min exit", tb_what[i]);
            th_expect(&r, &o, what, ok);
        }
    }
    if (summary) {
        snprintf(what, sizeof what, "%s (%d of %d calls bad)", summary, nbad, tb_n);
        th_expect(&r, &o, what, nbad == 0);
    }
    free(all);
    tb_n = 0;
}

/* The timed trials of algorithm `a` on `comm` (late ranks given as world ranks): each rank late
 * alone, `nrot` times round (`stride` > 1: every stride-th rank and the last); then every even
 * rank late; then all but the last. The ranks line up once (native MPI_Barrier) before the
 * first trial; from then on the barrier under test lines them up for the next trial (if it is
 * wrong, the late rank of the next trial may enter later still: the check only gets harder). */
static void trials(int a, MPI_Comm comm, const char *cname, int nrot, int stride)
{
    char what[160];
    int rot, i, p;
    MPI_Comm_size(comm, &p);
    MPI_Barrier(comm);
    for (rot = 0; rot < nrot; rot++)
        for (i = 0; i < wsize; i++) {
            if (i % stride != 0 && i != wsize - 1)
                continue;
            snprintf(what, sizeof what, "barrier %s p=%d comm=%s late={%d}", algos[a].name, p, cname, i);
            tb_call(a, comm, wrank == i, what);
        }
    if (wsize > 2) {
        snprintf(what, sizeof what, "barrier %s p=%d comm=%s late=evens", algos[a].name, p, cname);
        tb_call(a, comm, wrank % 2 == 0, what);
        snprintf(what, sizeof what, "barrier %s p=%d comm=%s late=all-but-last", algos[a].name, p, cname);
        tb_call(a, comm, wrank != wsize - 1, what);
    }
    tb_flush(NULL);
}

/* `n` calls back to back, no delay, no line-up: algorithm `a`, or (a < 0) all wanted
 * algorithms in turn (at least two rounds of them). Every call must return MPI_SUCCESS and have
 * the barrier property. */
static void back_to_back(int a, int n, MPI_Comm comm, const char *cname)
{
    int p, i, k, nwant = 0;
    char what[160];
    for (k = 0; k < NALGOS; k++)
        nwant += want(k) && !algos[k].broken;
    if (a < 0 && nwant == 0)
        return;
    if (a < 0 && n < 2 * nwant)
        n = 2 * nwant; /* every algorithm at least twice, each after another one */
    MPI_Comm_size(comm, &p);
    MPI_Barrier(comm);
    for (i = 0, k = 0; i < n; i++) {
        int b = a;
        if (a < 0) {
            while (!want(k % NALGOS) || algos[k % NALGOS].broken)
                k++;
            b = k++ % NALGOS;
        }
        tb_call(b, comm, 0, "");
    }
    snprintf(what, sizeof what,
             "barrier %s p=%d comm=%s: %d calls back to back, each returns MPI_SUCCESS with max entry <= min exit",
             a < 0 ? "all-interleaved" : algos[a].name, p, cname, n);
    tb_flush(what);
}

/* Error code the recording error handler last saw (0 = not called) and its number of calls. */
static int handler_saw, handler_calls;

static void record_error(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    handler_saw = *code;
    handler_calls++;
}

static void expect_error(const char *label, int got, int want_cls)
{
    char what[256];
    int cls = -1;
    if (handler_calls)
        MPI_Error_class(handler_saw, &cls);
    snprintf(what, sizeof what, "barrier %s p=%d: returned %d (want %d), handler called %d times (want 1), class %d",
             label, wsize, got, want_cls, handler_calls, cls);
    th_expect(&r, &o, what, got == want_cls && handler_calls == 1 && cls == want_cls);
    handler_saw = handler_calls = 0;
}

/* The error cases. The handler is a recording one, on a dup of MPI_COMM_WORLD (and on
 * MPI_COMM_WORLD itself for MPI_COMM_NULL, whose errors the catalogue reports there), not
 * MPI_ERRORS_RETURN: SimGrid 3.32's MPI_Comm_call_errhandler crashes on a communicator whose
 * handler is MPI_ERRORS_RETURN (see check_bad_nbarriers in allgather.c). */
static void check_errors(void)
{
    static const struct {
        const char *label;
        int fn; /* 0 mcs, 1 js, 2 knomial */
        int a, b;
    } bad[] = {{"mcs fanin=-1", 0, -1, 0}, {"mcs fanout=-1", 0, 0, -1},       {"mcs fanin=1", 0, 1, 2},
               {"mcs fanout=1", 0, 2, 1},  {"mcs fanin=1 fanout=1", 0, 1, 1}, {"js group=-1", 1, -1, 0},
               {"js group=-5", 1, -5, 0},  {"knomial radix=-1", 2, -1, 0},    {"knomial radix=1", 2, 1, 0}};
    MPI_Comm ec;
    MPI_Errhandler eh;
    int a, i;
    char label[128];

    MPI_Comm_dup(MPI_COMM_WORLD, &ec);
    MPI_Comm_create_errhandler(record_error, &eh);
    MPI_Comm_set_errhandler(ec, eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    handler_saw = handler_calls = 0;
    for (a = 0; a < NALGOS; a++) {
        if (algos[a].broken || !th_want_algo(&o, algos[a].name))
            continue;
        snprintf(label, sizeof label, "%s comm=MPI_COMM_NULL", algos[a].name);
        expect_error(label,
                     algos[a].fn(MPI_COMM_NULL, algos[a].a < 0 ? 0 : algos[a].a, algos[a].b < 0 ? 0 : algos[a].b),
                     MPI_ERR_COMM);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    for (i = 0; i < (int)(sizeof bad / sizeof bad[0]); i++) {
        if (!th_want_algo(&o, bad[i].fn == 2 ? "knomial" : bad[i].fn ? "js" : "mcs"))
            continue;
        expect_error(bad[i].label,
                     bad[i].fn == 2 ? collalg_barrier_knomial(ec, bad[i].a)
                     : bad[i].fn    ? collalg_barrier_js(ec, bad[i].a)
                                    : collalg_barrier_mcs(ec, bad[i].a, bad[i].b),
                     MPI_ERR_ARG);
    }
    /* The communicator still works after the errors (nothing left in flight). */
    snprintf(label, sizeof label, "barrier mcs(2,2) p=%d after the errors: MPI_SUCCESS, handler not called", wsize);
    i = collalg_barrier_mcs(ec, 2, 2);
    th_expect(&r, &o, label, i == MPI_SUCCESS && handler_calls == 0);
    MPI_Comm_free(&ec);
    MPI_Errhandler_free(&eh);
}

int main(int argc, char **argv)
{
    MPI_Comm rev;
    int a, i, status, flag = 0, *global = NULL, shared = 0;
    double t0;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rotations") && i + 1 < argc)
            rotations = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--stride") && i + 1 < argc)
            stride = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else if (!strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--delay") && i + 1 < argc)
            delay_us = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--broken"))
            broken = 1;
    }
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);

    /* Can the ranks' MPI_Wtime readings be compared (see the file comment)? */
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &global, &flag);
    {
        MPI_Comm node;
        int nsize;
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
        MPI_Comm_size(node, &nsize);
        MPI_Comm_free(&node);
        MPI_Allreduce(MPI_IN_PLACE, &nsize, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        shared = nsize == wsize;
    }
    timed = (flag && *global) || shared;
    if (wrank == 0 && !timed)
        printf("barrier: MPI_Wtime is not global and the ranks span several nodes: timed checks skipped\n");
    /* A late rank's sleep must advance MPI_Wtime (under SimGrid: simulated time). */
    t0 = th_stamp();
    usleep((useconds_t)delay_us);
    if (th_stamp() - t0 < 0.5e-6 * delay_us) {
        fprintf(stderr, "barrier: usleep(%d) advanced the clock by only %g s\n", delay_us, th_stamp() - t0);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    MPI_Comm_split(MPI_COMM_WORLD, 0, wsize - 1 - wrank, &rev);
    check_errors();
    for (a = 0; a < NALGOS; a++) {
        if (!want(a))
            continue;
        trials(a, MPI_COMM_WORLD, "world", rotations, stride);
        /* The reversed communicator: late world rank 0, then p - 1, then the two sets. */
        trials(a, rev, "reversed", 1, wsize > 1 ? wsize - 1 : 1);
        back_to_back(a, repeat, MPI_COMM_WORLD, "world");
        back_to_back(a, repeat, rev, "reversed");
    }
    back_to_back(-1, repeat, MPI_COMM_WORLD, "world");
    back_to_back(-1, repeat, rev, "reversed");
    MPI_Comm_free(&rev);
    free(tb_mine);
    free(tb_what);
    status = th_finish(&r, "barrier");
    MPI_Finalize();
    return status;
}
