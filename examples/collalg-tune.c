/**
 * @file collalg-tune.c
 * @brief The tuner: measures every catalogue algorithm on this machine and writes a paste-ready
 *        header of selector rules (Faraj & Yuan, ICS'05, §3.2-3.4 and Figure 2), with the
 *        repetition rule of PGMPI (Hunold et al., Euro-Par 2016, §4.2).
 *
 * @par Usage
 * @code
 *   mpiexec -n P collalg-tune [--collectives alltoall,allgather,allreduce,bcast,alltoallv,
 *                                            allgatherv,barrier]
 *                             [--sizes LIST | --max-size BYTES] [--pattern NAME|FILE]
 *                             [--time-budget SECONDS] [--out DIR] [--min-reps N] [--max-reps N]
 *                             [--step N] [--rse T] [--precision F] [--any-procs] [--quick]
 *                             [--topology FILE] [--native-only]
 * @endcode
 * - `--sizes LIST`: comma-separated sample sizes in bytes (suffixes K and M = KiB, MiB);
 *   default the paper's 1, 64, 256, 512 B, 1 KiB, 2 KiB ... 256 KiB. `--max-size BYTES`: the
 *   default list, cut at or extended (by doubling) to BYTES (e.g. 4M).
 * - `--collectives LIST`: comma-separated names (default all seven).
 * - Sizes are those the selector compares (select.h): per-pair block for alltoall, per-process
 *   block for allgather, whole vector for allreduce and bcast, mean per-pair block for alltoallv,
 *   mean per-process block for allgatherv. Allreduce runs MPI_INT with MPI_SUM, so its sizes are
 *   rounded up to whole ints (4 bytes); the others run MPI_BYTE; bcast root 0. The barrier is
 *   measured once per algorithm and parameter value (MCS fan-in x fan-out in {2,4,8,16} x {2,4},
 *   JS group in {2, 4, 8, ceil sqrt P}); its rules select by process count only.
 * - `--pattern NAME|FILE` (default uniform): the communication pattern alltoallv and allgatherv
 *   are tuned for (Faraj & Yuan §3.4; tune/pattern.h): `uniform`, `random[:SEED]` (each block
 *   uniform between 0 and twice the sample size, the same on every rank), `heavy` (rank 0's row,
 *   or block, holds 90% of the bytes), or a FILE of counts (p lines of p counts, row i = what
 *   rank i sends; or one line of p counts for allgatherv; `#` comments). The pattern is scaled so
 *   that its mean block is each sample size; a FILE is used as is, at its own mean block only,
 *   when neither --sizes nor --max-size is given. The header records the pattern and a checksum.
 * - `--time-budget SECONDS`: wall-clock budget. Each collective gets an even share of what is
 *   left; past its share the binary searches stop (crossings are set to the midpoint) and every
 *   further measurement takes only min(3, min-reps) calls; past the whole budget the run stops
 *   as after Ctrl-C.
 * - Repetitions (PGMPI's RSE rule, tune/stats.h): `--min-reps` (default 10), `--max-reps`
 *   (100), `--step` (5), `--rse` threshold (0.05). `--quick` = 3, 15, 3, 0.1.
 * - `--precision F`: a binary search stops when its interval is narrower than F times its lower
 *   end (default 0.05) or one element.
 * - `--topology FILE`: a topology description (Slurm topology.conf, core/topology.h) attached to
 *   the tuner's communicator; without it a non-empty environment variable `COLLALG_TOPOLOGY`
 *   is attached the same way. With either, the topology algorithms (tune/table.h, fifth field)
 *   are measured too, and the header records the file, its checksum and how to give the tuned
 *   routines the same topology; without, they are left out. A description that cannot be used
 *   stops the run (exit status 1) with the attach's message.
 * - `--native-only`: measure only the native collectives at the sample sizes and write the CSV
 *   (no rules, no header, no plots): what `make bench-topology` uses to time SimGrid's own
 *   selectors.
 * - `--any-procs`: emit rules for every communicator size (COLLALG_RULE) instead of rules for
 *   exactly P processes (COLLALG_RULE_P(P, P, ...)), the default.
 *
 * @par Procedure, per collective (Figure 2 of the paper)
 * 1. The native MPI collective is measured at every sample size (for the ratios).
 * 2. Step 3 of the paper: each algorithm with a parameter is measured with every value of its
 *    search space (tune/table.h) at every sample size (linear search); between adjacent sample
 *    sizes whose best values differ, a binary search finds where the best value changes. The
 *    result, a piecewise choice of values, is from then on one more plain algorithm.
 * 3. Step 4: the plain algorithms are measured at every sample size; with the tuned
 *    parameterised ones, the best at each size is chosen, and binary searches find the crossing
 *    points between adjacent sizes with different winners. Below the first sample size the first
 *    winner applies, above the last the last one (the paper's "same algorithm from 256 KiB on").
 * 4. The rules are written (header), the tuned routine is re-measured at every sample size and
 *    compared with the native collective (ratio) and with the best single algorithm there: more
 *    than 5% slower is reported as a defect of the tuner.
 *
 * @par Timing
 * Each sample is one call: all ranks leave an MPI_Barrier, time the call with MPI_Wtime, and the
 * sample is the maximum over the ranks (one MPI_Allreduce per chunk of calls). Chunks follow the
 * RSE rule; the reported time is the median of the samples (seconds).
 *
 * @par Output (in --out DIR, default build/tuned; rank 0 writes)
 * - `collalg_tuned.h`: `collalg_tuned_alltoall`, `_allgather`, `_allreduce`, `_bcast`,
 *   `_alltoallv`, `_allgatherv`, `_barrier` defined with the selector (untuned collectives: no rules, i.e. native), a comment saying where, when,
 *   on how many processes and with which MPI they were tuned, and `COLLALG_TUNED_<COLL>_BOUNDS`
 *   (the rules' lower bounds, for tests). When the alltoallv rules depend on the size, the tuned
 *   alltoallv and its runners-up are re-measured with the selector's 8-byte MPI_Allreduce
 *   included (what the generated routine then adds to each call); the sample measurements (CSV,
 *   plots) are of the algorithms alone.
 * - `collalg_tuned.csv`: every measurement, written as it is made.
 * - `<coll>.dat`, `<coll>.gp`, `<coll>.png`, `<coll>.svg` (not for the barrier, which has one
 *   size): time against size of every algorithm
 *   (parameterised ones at their best value), the native collective and the tuned routine, with
 *   the chosen ranges marked (gnuplot).
 * On stdout (rank 0): per collective and sample size the tuned and native times, their ratio and
 * defects. On stderr (rank 0): a progress bar with what is measured and the time left.
 *
 * @par Interruption
 * Ctrl-C (SIGINT) or SIGTERM sets a flag that the ranks agree on at the next chunk of calls; the
 * tuner then writes what is finished: collectives whose sample measurements are complete get
 * their rules (with midpoint crossings for searches not done), the others none. A second Ctrl-C
 * kills the run.
 *
 * @par Exit status
 * 0 on success (also after an interruption), 1 on a bad command line, 2 when an output file
 * cannot be written.
 */
#ifndef _POSIX_C_SOURCE
/** @brief isatty(), signal() semantics of POSIX. */
#define _POSIX_C_SOURCE 200809L
#endif

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <mpi.h>

#include "tune/stats.h"
#include "tune/table.h"
#include "tune/vcoll.h"

/** @brief Most sample sizes. */
#define TUNE_MAX_SIZES 64
/** @brief Most segments of one piecewise choice. */
#define TUNE_MAX_SEGS 256
/** @brief Largest message size the selector rules can name (bytes). */
#define TUNE_INF 2147483647L

/** @brief Set by the SIGINT/SIGTERM handler; the ranks agree on it between measurements. */
static volatile sig_atomic_t tune_interrupted = 0;

/** @brief SIGINT/SIGTERM: ask for a clean stop; the next signal kills the run. */
static void tune_on_signal(int sig)
{
    tune_interrupted = 1;
    signal(sig, SIG_DFL);
}

/** @brief Command-line settings. */
typedef struct tune_opts {
    int want[TUNE_NCOLL];       /**< collectives to tune */
    long sizes[TUNE_MAX_SIZES]; /**< sample sizes (bytes), ascending */
    int nsizes;                 /**< used entries of sizes */
    double budget;              /**< wall-clock budget (s), 0 = none */
    const char *out;            /**< output directory */
    tune_rule rule;             /**< repetition rule */
    double precision;           /**< binary-search stop, relative */
    int any_procs;              /**< emit COLLALG_RULE instead of COLLALG_RULE_P(P, P, ...) */
    const char *pattern;        /**< --pattern of alltoallv and allgatherv */
    int sizes_given;            /**< --sizes or --max-size was given */
    const char *topology;       /**< --topology FILE, else NULL */
    int native_only;            /**< --native-only: measure the native collectives only */
    char cmdline[1024];         /**< the command line, for the header comment */
} tune_opts;

/** @brief A candidate at a size: an algorithm with a fixed value, or a piecewise tuned one. */
typedef struct tune_piece {
    long lo[TUNE_MAX_SEGS];  /**< segment s covers [lo[s], hi[s]) bytes */
    long hi[TUNE_MAX_SEGS];  /**< end of segment s (TUNE_INF for the last) */
    int pick[TUNE_MAX_SEGS]; /**< index of the choice or candidate used there, -1 = none */
    int n;                   /**< segments */
} tune_piece;

/** @brief A tunable unit: an algorithm of the table and (for parameters) its tuned values. */
typedef struct tune_cand {
    const tune_algo *algo;                      /**< row of tune_table */
    tune_choice choice[TUNE_MAX_CHOICES];       /**< parameter values (one empty choice without a parameter) */
    int nchoice;                                /**< used entries of choice */
    double t[TUNE_MAX_SIZES][TUNE_MAX_CHOICES]; /**< median time (s) at sample size i with choice c */
    tune_piece piece;                           /**< best choice per size range (step 3) */
    double best[TUNE_MAX_SIZES];                /**< time of the best choice at each sample size */
} tune_cand;

/** @brief State of one run. */
typedef struct tuner {
    MPI_Comm comm;               /**< duplicate of MPI_COMM_WORLD, errors return */
    int rank;                    /**< rank in comm */
    int p;                       /**< size of comm */
    tune_opts o;                 /**< settings */
    char *sbuf;                  /**< send buffer: p * largest size bytes */
    char *rbuf;                  /**< receive buffer: p * largest size bytes */
    double *loc;                 /**< per-chunk local times + flags */
    double *glob;                /**< per-chunk maxima over ranks + flags */
    double *samples;             /**< the samples of the current measurement */
    double *sorted;              /**< scratch for the median */
    FILE *csv;                   /**< measurement log (rank 0) */
    tune_pattern pat;            /**< communication pattern of alltoallv and allgatherv */
    int *vc;                     /**< counts and offsets of one v-collective call (4 p ints) */
    int routine_phase;           /**< measuring the tuned routine: add the selector's own cost (tune_routine_cost) */
    time_t start;                /**< wall-clock start (for the budget and the ETA) */
    time_t coll_deadline;        /**< end of the current collective's share of the budget, 0 = none */
    int stopped;                 /**< agreed: interrupted or out of budget */
    int hurry;                   /**< agreed: past this collective's share, no more binary searches */
    long done;                   /**< measurements made (progress) */
    long total;                  /**< measurements planned (estimate, progress) */
    int tty;                     /**< stderr is a terminal */
    time_t last_draw;            /**< last progress output */
    const char *topo;            /**< the topology description file of this run (--topology or
                               COLLALG_TOPOLOGY), NULL without one: no topology algorithms */
    unsigned long long topo_sum; /**< its checksum (core/topology.h) */
} tuner;

/* ---- command line ---------------------------------------------------------------------------- */

/** @brief Parses "64", "4K", "4M" (KiB, MiB); -1 when malformed. */
static long tune_parse_size(const char *s, char **end)
{
    long v = strtol(s, end, 10);
    if (*end == s || v < 0)
        return -1;
    if (**end == 'K' || **end == 'k')
        v *= 1024, (*end)++;
    else if (**end == 'M' || **end == 'm')
        v *= 1024 * 1024, (*end)++;
    return v;
}

/** @brief The paper's sample sizes (bytes), up to @p max (doubling past 256 KiB). */
static int tune_default_sizes(long max, long *sizes)
{
    static const long base[] = {1, 64, 256, 512};
    int n = 0, i;
    long s;
    for (i = 0; i < 4; i++)
        if (base[i] <= max)
            sizes[n++] = base[i];
    for (s = 1024; s <= max && n < TUNE_MAX_SIZES; s *= 2)
        sizes[n++] = s;
    return n;
}

/** @brief Prints the usage on stderr (rank 0). */
static void tune_usage(void)
{
    fprintf(stderr, "usage: mpiexec -n P collalg-tune\n"
                    "         [--collectives alltoall,allgather,allreduce,bcast,alltoallv,allgatherv,barrier]\n"
                    "         [--sizes LIST|--max-size BYTES] [--pattern uniform|random[:SEED]|heavy|FILE]\n"
                    "         [--time-budget SECONDS] [--out DIR] [--min-reps N] [--max-reps N] [--step N]\n"
                    "         [--rse T] [--precision F] [--any-procs] [--quick] [--topology FILE]\n"
                    "         [--native-only]\n");
}

/** @brief Sets want[] from a comma-separated list of collective names. @return 0, or 1 for an unknown name. */
static int tune_parse_colls(const char *v, int *want)
{
    int c;
    for (c = 0; c < TUNE_NCOLL; c++)
        want[c] = 0;
    while (*v) {
        size_t len = strcspn(v, ",");
        for (c = 0; c < TUNE_NCOLL; c++)
            if (strlen(tune_coll_name[c]) == len && !strncmp(v, tune_coll_name[c], len))
                break;
        if (c == TUNE_NCOLL)
            return 1;
        want[c] = 1;
        v += len + (v[len] == ',');
    }
    return 0;
}

/** @brief Parses the command line into @p o. @return 0, or 1 on an error (already reported). */
static int tune_parse(int argc, char **argv, tune_opts *o, int rank)
{
    int i, c;
    long max = 256 * 1024;
    char *end;
    memset(o, 0, sizeof *o);
    for (c = 0; c < TUNE_NCOLL; c++)
        o->want[c] = 1;
    o->out = "build/tuned";
    o->rule.min_reps = 10;
    o->rule.max_reps = 100;
    o->rule.step = 5;
    o->rule.threshold = 0.05;
    o->precision = 0.05;
    o->pattern = "uniform";
    for (i = 0; i < argc; i++) {
        size_t len = strlen(o->cmdline);
        snprintf(o->cmdline + len, sizeof o->cmdline - len, "%s%s", i ? " " : "", argv[i]);
    }
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--any-procs")) {
            o->any_procs = 1;
            continue;
        }
        if (!strcmp(a, "--native-only")) {
            o->native_only = 1;
            continue;
        }
        if (!strcmp(a, "--quick")) {
            o->rule.min_reps = 3, o->rule.max_reps = 15, o->rule.step = 3, o->rule.threshold = 0.1;
            continue;
        }
        if (!v)
            goto bad;
        i++;
        if (!strcmp(a, "--collectives")) {
            if (tune_parse_colls(v, o->want))
                goto bad;
        } else if (!strcmp(a, "--pattern"))
            o->pattern = v;
        else if (!strcmp(a, "--sizes")) {
            const char *s = v;
            o->nsizes = 0;
            o->sizes_given = 1;
            while (*s && o->nsizes < TUNE_MAX_SIZES) {
                long sz = tune_parse_size(s, &end);
                if (sz < 0 || sz > TUNE_INF / 2)
                    goto bad;
                o->sizes[o->nsizes++] = sz;
                s = *end == ',' ? end + 1 : end;
                if (*end && *end != ',')
                    goto bad;
            }
        } else if (!strcmp(a, "--max-size")) {
            max = tune_parse_size(v, &end);
            o->sizes_given = 1;
            if (max < 1 || *end || max > TUNE_INF / 2)
                goto bad;
        } else if (!strcmp(a, "--time-budget"))
            o->budget = atof(v);
        else if (!strcmp(a, "--out"))
            o->out = v;
        else if (!strcmp(a, "--topology"))
            o->topology = v;
        else if (!strcmp(a, "--min-reps"))
            o->rule.min_reps = atoi(v);
        else if (!strcmp(a, "--max-reps"))
            o->rule.max_reps = atoi(v);
        else if (!strcmp(a, "--step"))
            o->rule.step = atoi(v);
        else if (!strcmp(a, "--rse"))
            o->rule.threshold = atof(v);
        else if (!strcmp(a, "--precision"))
            o->precision = atof(v);
        else
            goto bad;
    }
    if (o->nsizes == 0)
        o->nsizes = tune_default_sizes(max, o->sizes);
    for (i = 1; i < o->nsizes; i++)
        if (o->sizes[i] <= o->sizes[i - 1])
            goto bad;
    if (o->rule.min_reps < 1 || o->rule.max_reps < o->rule.min_reps || o->rule.step < 1 || o->nsizes < 1)
        goto bad;
    return 0;
bad:
    if (rank == 0)
        tune_usage();
    return 1;
}

/* ---- progress ------------------------------------------------------------------------------ */

/** @brief Formats @p s seconds as "1h02m", "3m05s" or "12s". */
static void tune_fmt_time(double s, char *buf, size_t size)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, size, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, size, "%lds", t);
}

/** @brief Progress bar on stderr (rank 0): done/total, what is measured, elapsed, time left. */
static void tune_progress(tuner *T, const char *what, int force)
{
    char el[32], eta[32], bar[31];
    double elapsed, frac;
    time_t now = time(NULL);
    int i, fill;
    if (T->rank != 0 || (!force && now == T->last_draw) || (!T->tty && !force && now - T->last_draw < 10))
        return;
    T->last_draw = now;
    if (T->done > T->total)
        T->total = T->done + T->done / 10 + 1;
    frac = T->total ? (double)T->done / T->total : 0;
    elapsed = difftime(now, T->start);
    fill = (int)(frac * 30);
    for (i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    tune_fmt_time(elapsed, el, sizeof el);
    if (T->done > 0)
        tune_fmt_time(elapsed * (T->total - T->done) / T->done, eta, sizeof eta);
    else
        snprintf(eta, sizeof eta, "?");
    fprintf(stderr, "%s[%s] %3d%% %-48.48s elapsed %s, left ~%s%s", T->tty ? "\r" : "", bar, (int)(frac * 100), what,
            el, eta, T->tty ? "   " : "\n");
    fflush(stderr);
}

/* ---- measurement --------------------------------------------------------------------------- */

/** @brief Arguments of a call of collective @p coll on @p bytes bytes (see the file comment). */
static tune_call tune_make_call(tuner *T, enum tune_coll coll, long bytes)
{
    tune_call c;
    c.sbuf = T->sbuf;
    c.rbuf = T->rbuf;
    c.type = coll == TUNE_ALLREDUCE ? MPI_INT : MPI_BYTE;
    c.count = (int)(coll == TUNE_ALLREDUCE ? bytes / 4 : bytes);
    c.op = MPI_SUM;
    c.root = 0;
    c.comm = T->comm;
    c.scounts = c.sdispls = c.rcounts = c.rdispls = NULL;
    c.select_cost = T->routine_phase;
    if (tune_is_v(coll))
        tune_pattern_call(&T->pat, coll, bytes, T->rank, T->vc, &c);
    return c;
}

/** @brief Appends one measurement to the CSV (rank 0). */
static void tune_log(tuner *T, enum tune_coll coll, const char *phase, const char *alg, const tune_choice *ch,
                     long bytes, const tune_stats *s, const char *status)
{
    if (T->rank != 0 || !T->csv)
        return;
    fprintf(T->csv, "%s,%s,%s,\"%s\",%ld,%d,%d,%.9g,%.9g,%.9g,%.9g,%.4g,%s\n", tune_coll_name[coll], phase, alg,
            ch ? ch->str[0] ? ch->str : ch->text : "", bytes, T->p, s->n, s->median, s->mean, s->min, s->max,
            s->rse == HUGE_VAL ? -1.0 : s->rse, status);
    fflush(T->csv);
}

/**
 * @brief Median time (seconds) of algorithm @p a (NULL: the native collective) with parameter
 *        @p ch at @p bytes, by the RSE rule, each sample the maximum over the ranks.
 * @return the median, or HUGE_VAL when the call failed on some rank or the run was stopped
 *         (T->stopped then set on every rank).
 */
static double tune_measure(tuner *T, enum tune_coll coll, const tune_algo *a, const tune_choice *ch, long bytes,
                           const char *phase)
{
    tune_call call = tune_make_call(T, coll, bytes);
    tune_stats st;
    char what[512];
    int n = 0, k, j, failed = 0;
    tune_rule hurried = T->o.rule; /* past the collective's share: the fewest repetitions */
    hurried.max_reps = hurried.min_reps = hurried.min_reps < 3 ? hurried.min_reps : 3;
    if (T->stopped)
        return HUGE_VAL;
    snprintf(what, sizeof what, "%s %s%s%s%s %ld B", tune_coll_name[coll], a ? a->name : "native",
             ch && ch->text[0] ? "(" : "", ch ? ch->text : "", ch && ch->text[0] ? ")" : "", bytes);
    tune_progress(T, what, 0);
    MPI_Barrier(T->comm); /* one untimed call: first-touch, connection and cache effects */
    if (tune_run(coll, a, &call, ch) != MPI_SUCCESS)
        failed = 1;
    while ((k = tune_rule_next(T->hurry ? &hurried : &T->o.rule, T->samples, n)) > 0) {
        int bad = 0;
        for (j = 0; j < k; j++) {
            double t0;
            int err;
            MPI_Barrier(T->comm);
            t0 = MPI_Wtime();
            err = tune_run(coll, a, &call, ch);
            T->loc[j] = MPI_Wtime() - t0;
            bad |= err != MPI_SUCCESS;
        }
        T->loc[k] = bad | failed;
        T->loc[k + 1] = tune_interrupted;
        T->loc[k + 2] = T->rank == 0 && T->o.budget > 0 && difftime(time(NULL), T->start) > T->o.budget;
        T->loc[k + 3] = T->rank == 0 && T->coll_deadline && time(NULL) > T->coll_deadline;
        MPI_Allreduce(T->loc, T->glob, k + 4, MPI_DOUBLE, MPI_MAX, T->comm);
        memcpy(T->samples + n, T->glob, (size_t)k * sizeof(double));
        n += k;
        if (T->glob[k + 3] > 0)
            T->hurry = 1;
        if (T->glob[k + 1] > 0 || T->glob[k + 2] > 0) {
            T->stopped = T->glob[k + 1] > 0 ? 1 : 2;
            return HUGE_VAL;
        }
        if (T->glob[k] > 0) {
            failed = 1;
            break;
        }
    }
    T->done++;
    tune_stats_compute(T->samples, n, T->sorted, &st);
    tune_log(T, coll, phase, a ? a->name : "native", ch, bytes, &st, failed ? "error" : "ok");
    return failed ? HUGE_VAL : st.median;
}

/* ---- the procedure --------------------------------------------------------------------------- */

/** @brief Sample size @p s adjusted to the collective (allreduce: whole ints, at least one). */
static long tune_adjust(enum tune_coll coll, long s)
{
    if (coll != TUNE_ALLREDUCE)
        return s;
    return s < 4 ? 4 : (s + 3) / 4 * 4;
}

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
            return (lo + hi) / 2 / gran * gran > lo ? (lo + hi) / 2 / gran * gran : hi;
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

/** @brief Index of the smallest of @p t[0..n) (finite), -1 if none is. */
static int tune_argmin(const double *t, int n)
{
    int i, best = -1;
    for (i = 0; i < n; i++)
        if (t[i] < HUGE_VAL && (best < 0 || t[i] < t[best]))
            best = i;
    return best;
}

/** @brief Step 3's linear search, and step 4's sampling, at sample size @p i of every candidate. */
static void tune_sample(tuner *T, enum tune_coll coll, tune_cand *cands, int n, const long *sz, int i)
{
    int k, c;
    for (k = 0; k < n; k++) {
        tune_cand *cd = &cands[k];
        for (c = 0; c < cd->nchoice; c++)
            cd->t[i][c] = tune_measure(T, coll, cd->algo, cd->algo->space ? &cd->choice[c] : NULL, sz[i],
                                       cd->algo->space ? "param" : "sample");
        c = tune_argmin(cd->t[i], cd->nchoice);
        cd->best[i] = c >= 0 ? cd->t[i][c] : HUGE_VAL;
    }
}

/**
 * @brief Step 3 for one candidate after the linear search (tune_sample): binary searches where
 *        the best value changes between adjacent sample sizes. Fills cand->piece.
 */
static void tune_params(tuner *T, enum tune_coll coll, tune_cand *cd, const long *sz, int ns)
{
    int i, win[TUNE_MAX_SIZES];
    long gran = coll == TUNE_ALLREDUCE ? 4 : 1, lo = 0;
    for (i = 0; i < ns; i++)
        win[i] = tune_argmin(cd->t[i], cd->nchoice);
    cd->piece.n = 0;
    for (i = 0; i < ns; i++) {
        long cross = TUNE_INF;
        if (i + 1 < ns && win[i + 1] != win[i]) {
            tune_side a, b;
            a.cand = b.cand = cd;
            a.choice = win[i];
            b.choice = win[i + 1];
            cross = win[i] < 0 || win[i + 1] < 0 ? sz[i + 1]
                                                 : tune_search(T, coll, a, b, sz[i], sz[i + 1], gran, "param-search");
        } else if (i + 1 < ns)
            continue;
        tune_piece_add(&cd->piece, lo, cross, win[i]);
        lo = cross;
    }
}

/** @brief Runners-up re-measured beside the tuned routine at each sample size. */
#define TUNE_RIVALS 2

/** @brief Index of the (@p nth + 1)-fastest finite entry of @p t[0..n) (0 = fastest), -1 if none. */
static int tune_rank_nth(const double *t, int n, int nth)
{
    int i, j, below;
    for (i = 0; i < n; i++) {
        if (t[i] >= HUGE_VAL)
            continue;
        for (below = 0, j = 0; j < n; j++)
            below += t[j] < t[i] || (t[j] == t[i] && j < i);
        if (below == nth)
            return i;
    }
    return -1;
}

/** @brief Everything known about one collective after tuning. */
typedef struct tune_result {
    int tuned;                           /**< 1 when rules were chosen */
    int ns;                              /**< sample sizes */
    long sz[TUNE_MAX_SIZES];             /**< sample sizes (bytes, adjusted) */
    double native[TUNE_MAX_SIZES];       /**< native median (s) */
    double routine[TUNE_MAX_SIZES];      /**< tuned routine re-measured (s), HUGE_VAL if not */
    double best1[TUNE_MAX_SIZES];        /**< best single algorithm (s), when it was chosen */
    double rival[TUNE_MAX_SIZES];        /**< fastest of the runners-up, re-measured beside the routine (s) */
    char rival_name[TUNE_MAX_SIZES][64]; /**< which runner-up that was */
    int ncand;                           /**< candidates */
    tune_cand *cand;                     /**< candidates (step 4) */
    tune_piece final;                    /**< winner candidate per size range */
    int searched;                        /**< 1 when every binary search ran to its precision */
} tune_result;

/** @brief Writes rule text "alg" or "alg, param" of range segment @p s of @p r into @p buf. */
static void tune_rule_text(const tune_result *r, long bytes, char *buf, size_t size, const tune_cand **cd_out,
                           int *choice_out)
{
    int k = tune_piece_at(&r->final, bytes), c = -1;
    const tune_cand *cd;
    buf[0] = 0;
    *cd_out = NULL;
    *choice_out = -1;
    if (k < 0)
        return;
    cd = &r->cand[k];
    if (cd->algo->space)
        c = tune_piece_at(&cd->piece, bytes);
    else
        c = 0;
    if (c < 0)
        return;
    *cd_out = cd;
    *choice_out = c;
    if (cd->algo->space)
        snprintf(buf, size, "%s, %s", cd->algo->name, cd->choice[c].text);
    else
        snprintf(buf, size, "%s", cd->algo->name);
}

/** @brief One flattened selector rule. */
typedef struct tune_flat {
    long lo;        /**< from (bytes) */
    long hi;        /**< to, exclusive (TUNE_INF: no bound) */
    char text[400]; /**< "alg" or "alg, param" */
} tune_flat;

/** @brief qsort comparator of longs (ascending). */
static int tune_cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/** @brief Flattens the final choice and the tuned parameters into selector rules. @return count. */
static int tune_flatten(const tune_result *r, tune_flat *out, int max)
{
    long cuts[2 * TUNE_MAX_SEGS * 2 + 2];
    int nc = 0, i, j, n = 0;
    for (i = 0; i < r->final.n; i++) {
        cuts[nc++] = r->final.lo[i];
        if (r->final.pick[i] >= 0 && r->cand[r->final.pick[i]].algo->space) {
            const tune_piece *pw = &r->cand[r->final.pick[i]].piece;
            for (j = 0; j < pw->n && nc < (int)(sizeof cuts / sizeof *cuts) - 1; j++)
                if (pw->lo[j] > r->final.lo[i] && pw->lo[j] < r->final.hi[i])
                    cuts[nc++] = pw->lo[j];
        }
    }
    qsort(cuts, (size_t)nc, sizeof *cuts, tune_cmp_long);
    for (i = 0; i < nc && n < max; i++) {
        long lo = cuts[i], hi = i + 1 < nc ? cuts[i + 1] : TUNE_INF;
        const tune_cand *cd;
        int c;
        char text[400];
        if (hi <= lo)
            continue;
        tune_rule_text(r, lo, text, sizeof text, &cd, &c);
        if (!cd)
            continue;
        if (n > 0 && out[n - 1].hi == lo && !strcmp(out[n - 1].text, text)) {
            out[n - 1].hi = hi;
            continue;
        }
        out[n].lo = lo;
        out[n].hi = hi;
        snprintf(out[n].text, sizeof out[n].text, "%s", text);
        n++;
    }
    return n;
}

/**
 * @brief 1 when the routine the rules of @p r define pays the selector's own cost at each call:
 *        alltoallv rules that depend on the size (select.h sends its 8-byte allreduce only then).
 */
static int tune_routine_cost(enum tune_coll coll, const tune_result *r)
{
    tune_flat fl[TUNE_MAX_SEGS];
    int nf;
    if (coll != TUNE_ALLTOALLV)
        return 0;
    nf = tune_flatten(r, fl, TUNE_MAX_SEGS);
    return nf > 1 || (nf == 1 && (fl[0].lo != 0 || fl[0].hi < TUNE_INF));
}

/** @brief The tuned routine as the generated header defines it, at @p bytes. @return its time. */
static double tune_measure_routine(tuner *T, enum tune_coll coll, const tune_result *r, long bytes)
{
    char text[400];
    const tune_cand *cd;
    int c;
    double t;
    tune_rule_text(r, bytes, text, sizeof text, &cd, &c);
    T->routine_phase = tune_routine_cost(coll, r);
    if (!cd)
        t = tune_measure(T, coll, NULL, NULL, bytes, "routine");
    else
        t = tune_measure(T, coll, cd->algo, cd->algo->space ? &cd->choice[c] : NULL, bytes, "routine");
    T->routine_phase = 0;
    return t;
}

/** @brief Measurements one collective is expected to take (progress estimate). */
static long tune_plan(const tuner *T, enum tune_coll coll)
{
    long units = 0, sz[TUNE_MAX_SIZES];
    int i;
    tune_choice tmp[TUNE_MAX_CHOICES];
    for (i = 0; i < TUNE_NALGOS; i++)
        if (tune_table[i].coll == coll && (!tune_table[i].topo || T->topo))
            units += tune_table[i].space ? tune_table[i].space(T->p, tmp, TUNE_MAX_CHOICES) : 1;
    /* values and algorithms, native, re-measure, at each sample size */
    units = (units + 2 + TUNE_RIVALS) * tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, tune_adjust, sz);
    return units + units / 4; /* binary searches (estimate) */
}

/** @brief Tunes collective @p coll (the file comment's procedure) into @p r. */
static void tune_collective(tuner *T, enum tune_coll coll, tune_result *r)
{
    int i, k, n = 0;
    long gran = coll == TUNE_ALLREDUCE ? 4 : 1, lo = 0;
    int win[TUNE_MAX_SIZES];
    double t[TUNE_MAX_SIZES][TUNE_NALGOS];

    memset(r, 0, sizeof *r);
    r->ns = tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, tune_adjust, r->sz);
    r->cand = (tune_cand *)calloc(TUNE_NALGOS, sizeof *r->cand);
    if (!r->cand)
        return;
    for (i = 0; i < TUNE_NALGOS; i++) {
        if (tune_table[i].coll != coll || (tune_table[i].topo && !T->topo))
            continue;
        r->cand[n].algo = &tune_table[i];
        r->cand[n].nchoice = tune_table[i].space ? tune_table[i].space(T->p, r->cand[n].choice, TUNE_MAX_CHOICES) : 1;
        n++;
    }
    r->ncand = n;
    r->searched = 1;

    /* 1.-3. size by size (so that load changes on the machine hit every candidate alike): the
     *       native collective, every value of every parameter, every plain algorithm */
    for (i = 0; i < r->ns; i++) {
        r->native[i] = tune_measure(T, coll, NULL, NULL, r->sz[i], "native");
        tune_sample(T, coll, r->cand, n, r->sz, i);
    }
    if (T->stopped)
        return; /* sample measurements incomplete: no rules */
    /* step 3: where the best value of each parameter changes */
    for (k = 0; k < n; k++)
        tune_params(T, coll, &r->cand[k], r->sz, r->ns);
    for (i = 0; i < r->ns; i++) {
        for (k = 0; k < n; k++)
            t[i][k] = r->cand[k].best[i];
        win[i] = tune_argmin(t[i], n);
        r->best1[i] = win[i] >= 0 ? t[i][win[i]] : HUGE_VAL;
    }
    for (i = 0; i < r->ns; i++) {
        long cross = TUNE_INF;
        if (i + 1 < r->ns && win[i + 1] != win[i]) {
            tune_side a, b;
            a.cand = &r->cand[win[i] >= 0 ? win[i] : 0];
            b.cand = &r->cand[win[i + 1] >= 0 ? win[i + 1] : 0];
            a.choice = b.choice = -1;
            if (T->hurry || T->stopped)
                r->searched = 0;
            cross = win[i] < 0 || win[i + 1] < 0 ? r->sz[i + 1]
                                                 : tune_search(T, coll, a, b, r->sz[i], r->sz[i + 1], gran, "search");
        } else if (i + 1 < r->ns)
            continue;
        tune_piece_add(&r->final, lo, cross, win[i]);
        lo = cross;
    }
    if (T->hurry || T->stopped)
        r->searched = 0;
    r->tuned = 1;
    /* 4. re-measure the routine the rules define, beside the runners-up at each sample size (the
     *    routine runs the winner there, so a defect means the ranking did not hold up) */
    for (i = 0; i < r->ns; i++) {
        r->routine[i] = tune_measure_routine(T, coll, r, r->sz[i]);
        r->rival[i] = HUGE_VAL;
        r->rival_name[i][0] = 0;
        for (k = 0; k < TUNE_RIVALS; k++) {
            int j = tune_rank_nth(t[i], n, k + 1);
            tune_side sd;
            double tr;
            if (j < 0)
                break;
            sd.cand = &r->cand[j];
            sd.choice = -1;
            T->routine_phase = tune_routine_cost(coll, r); /* on the routine's footing */
            tr = tune_measure_side(T, coll, sd, r->sz[i], "rival");
            T->routine_phase = 0;
            if (tr < r->rival[i]) {
                r->rival[i] = tr;
                snprintf(r->rival_name[i], sizeof r->rival_name[i], "%s", r->cand[j].algo->name);
            }
        }
    }
}

/* ---- output ------------------------------------------------------------------------------ */

/** @brief "1.23 us" style time for the report. */
static const char *tune_us(double s, char *buf, size_t size)
{
    if (s >= HUGE_VAL)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%.2f", s * 1e6);
    return buf;
}

/** @brief Prints the per-size comparison of collective @p coll (rank 0). @return defects. */
static int tune_report(const tuner *T, enum tune_coll coll, const tune_result *r)
{
    int i, defects = 0;
    char a[32], b[32], c[32], text[400];
    const tune_cand *cd;
    int ch;
    printf("\n%s on %d processes%s\n", tune_coll_name[coll], T->p,
           r->tuned ? (r->searched ? "" : " (some crossings approximated: budget or interruption)")
                    : " (not tuned: interrupted)");
    if (!r->tuned)
        return 0;
    if (tune_routine_cost(coll, r))
        printf("  (tuned and next include the selector's 8-byte MPI_Allreduce; algorithms alone: %s.dat)\n",
               tune_coll_name[coll]);
    printf("  %10s  %-50s %11s %11s %11s %-20s %8s\n", "bytes", "tuned routine runs", "tuned (us)", "native (us)",
           "next (us)", "next best", "t/native");
    for (i = 0; i < r->ns; i++) {
        double ratio = r->native[i] > 0 && r->native[i] < HUGE_VAL && r->routine[i] < HUGE_VAL
                           ? r->routine[i] / r->native[i]
                           : NAN;
        int defect = r->routine[i] < HUGE_VAL && r->rival[i] < HUGE_VAL && r->routine[i] > 1.05 * r->rival[i];
        tune_rule_text(r, r->sz[i], text, sizeof text, &cd, &ch);
        printf("  %10ld  %-50.50s %11s %11s %11s %-20.20s %8.3f%s\n", r->sz[i], cd ? text : "native",
               tune_us(r->routine[i], a, sizeof a), tune_us(r->native[i], b, sizeof b),
               tune_us(r->rival[i], c, sizeof c), r->rival_name[i], ratio,
               defect ? "  DEFECT: >5% slower than a single algorithm" : "");
        defects += defect;
    }
    return defects;
}

/** @brief Upper-case copy of @p s into @p buf. */
static const char *tune_upper(const char *s, char *buf, size_t size)
{
    size_t i;
    for (i = 0; s[i] && i + 1 < size; i++)
        buf[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 'a' + 'A' : s[i]);
    buf[i] = 0;
    return buf;
}

/** @brief The header comment's lines on the sizes and the pattern of the v-collectives. */
static void tune_header_sizes(FILE *f, const tuner *T)
{
    fprintf(f, " * Sizes:       bytes compared as in collalg/select.h (alltoall: per-pair block, allgather:\n"
               " *              per-process block, allreduce and bcast: whole vector, alltoallv: mean\n"
               " *              per-pair block, allgatherv: mean per-process block; barrier: by process count)\n");
    if (!T->o.want[TUNE_ALLTOALLV] && !T->o.want[TUNE_ALLGATHERV])
        return;
    fprintf(f, " * Pattern:     %s %s, checksum 0x%016llx (alltoallv, allgatherv; collalg-tune --pattern)\n",
            T->pat.kind == TUNE_PAT_FILE ? "file" : "built-in", T->pat.name, tune_pattern_checksum(&T->pat));
    fprintf(f, " *              %s\n",
            T->pat.asis ? "used as is: rules from its own mean block, applied to every size"
                        : "scaled so that its mean block is each sample size");
}

/** @brief Writes the paste-ready header. @return 0, or 2 when the file cannot be written. */
static int tune_write_header(const tuner *T, const tune_result *res, const char *host, const char *mpi)
{
    char path[1200], up[32], when[64], a[32], b[32];
    time_t now = time(NULL);
    FILE *f;
    int c, i;
    snprintf(path, sizeof path, "%s/collalg_tuned.h", T->o.out);
    f = fopen(path, "w");
    if (!f)
        return 2;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S %Z", localtime(&now));
    fprintf(f, "/*\n * collalg_tuned.h - collectives tuned by collalg-tune (paste it, or include it).\n *\n");
    fprintf(f, " * Tuned on:    %s, %s\n * Processes:   %d%s\n * MPI:         %s\n * Command:     %s\n", host, when,
            T->p,
            T->o.any_procs ? " (rules apply to every communicator size)"
                           : " (rules apply to communicators of exactly this size; others use native MPI)",
            mpi, T->o.cmdline);
    fprintf(f, " * Timing:      median of per-call maxima over ranks; repetitions by RSE < %g (%d..%d, step %d)\n",
            T->o.rule.threshold, T->o.rule.min_reps, T->o.rule.max_reps, T->o.rule.step);
    tune_header_sizes(f, T);
    if (T->topo)
        fprintf(
            f,
            " * Topology:    %s, checksum 0x%016llx (collalg-tune --topology or COLLALG_TOPOLOGY).\n"
            " *              The topology algorithms in the rules schedule by the topology of the\n"
            " *              communicator they are called on: give them this one with the environment\n"
            " *              variable COLLALG_TOPOLOGY or collalg_topology_attach(comm, COLLALG_TUNED_TOPOLOGY, 1).\n",
            T->topo, T->topo_sum);
    if (T->stopped)
        fprintf(f, " * NOTE:        the run was %s; collectives not tuned have no rules (native).\n",
                T->stopped == 1 ? "interrupted" : "stopped by its time budget");
    fprintf(f, " *\n * Tuned vs native at the sample sizes (microseconds):\n");
    for (c = 0; c < TUNE_NCOLL; c++) {
        if (!res[c].tuned)
            continue;
        fprintf(f, " *   %s:", tune_coll_name[c]);
        for (i = 0; i < res[c].ns; i++)
            fprintf(f, "%s %ld B %s/%s", i % 4 ? "," : "\n *    ", res[c].sz[i],
                    tune_us(res[c].routine[i], a, sizeof a), tune_us(res[c].native[i], b, sizeof b));
        fprintf(f, "\n");
    }
    fprintf(f, " */\n#ifndef COLLALG_TUNED_H\n#define COLLALG_TUNED_H\n\n#include <collalg/collalg.h>\n"
               "#include <collalg/alltoallv.h>\n#include <collalg/allgatherv.h>\n#include <collalg/barrier.h>\n"
               "#include <collalg/select.h>\n\n");
    for (c = 0; c < TUNE_NCOLL; c++) {
        tune_flat fl[TUNE_MAX_SEGS];
        int nf = res[c].tuned ? tune_flatten(&res[c], fl, TUNE_MAX_SEGS) : 0;
        fprintf(f, "%sCOLLALG_TUNED_%s(collalg_tuned_%s,", res[c].tuned ? "" : "/* not tuned: native */\n",
                tune_upper(tune_coll_name[c], up, sizeof up), tune_coll_name[c]);
        for (i = 0; i < nf; i++) {
            char hi[32];
            if (fl[i].hi >= TUNE_INF)
                snprintf(hi, sizeof hi, "COLLALG_INF");
            else
                snprintf(hi, sizeof hi, "%ld", fl[i].hi);
            if (T->o.any_procs)
                fprintf(f, "\n    COLLALG_RULE(%ld, %s, %s)", fl[i].lo, hi, fl[i].text);
            else
                fprintf(f, "\n    COLLALG_RULE_P(%d, %d, %ld, %s, %s)", T->p, T->p, fl[i].lo, hi, fl[i].text);
        }
        fprintf(f,
                ")\n/** Lower bounds (bytes) of the rules of collalg_tuned_%s. */\n#define COLLALG_TUNED_%s_BOUNDS 0",
                tune_coll_name[c], up);
        for (i = 0; i < nf; i++)
            if (fl[i].lo > 0)
                fprintf(f, ", %ld", fl[i].lo);
        fprintf(f, "\n\n");
    }
    fprintf(f, "/** Processes the rules were tuned on. */\n#define COLLALG_TUNED_PROCS %d\n\n", T->p);
    if (T->topo) {
        fprintf(f, "/** The topology description (a file name) the rules were tuned with. */\n"
                   "#define COLLALG_TUNED_TOPOLOGY \"");
        for (i = 0; T->topo[i]; i++)
            fprintf(f, "%s%c", T->topo[i] == '"' || T->topo[i] == '\\' ? "\\" : "", T->topo[i]);
        fprintf(f,
                "\"\n/** Its checksum (core/topology.h: FNV-1a 64 of the parsed description). */\n"
                "#define COLLALG_TUNED_TOPOLOGY_CHECKSUM 0x%016llxULL\n\n",
                T->topo_sum);
    }
    fprintf(f, "#endif /* COLLALG_TUNED_H */\n");
    return fclose(f) == 0 ? 0 : 2;
}

/** @brief Writes the data and gnuplot script of @p coll and runs gnuplot. @return 0 or 2. */
static int tune_write_plot(const tuner *T, enum tune_coll coll, const tune_result *r, const char *mpi)
{
    static const char *const axis[TUNE_NCOLL] = {"per-pair block",
                                                 "per-process block",
                                                 "whole vector",
                                                 "whole vector",
                                                 "mean per-pair block",
                                                 "mean per-process block",
                                                 ""};
    char path[1200], cmd[2600], mpi1[80];
    const char *name = tune_coll_name[coll];
    tune_flat fl[TUNE_MAX_SEGS];
    FILE *f;
    int i, k, nf = tune_flatten(r, fl, TUNE_MAX_SEGS);
    snprintf(mpi1, sizeof mpi1, "%s", mpi);
    mpi1[strcspn(mpi1, "\n,")] = 0;
    snprintf(path, sizeof path, "%s/%s.dat", T->o.out, name);
    if (!(f = fopen(path, "w")))
        return 2;
    fprintf(f, "bytes native tuned");
    for (k = 0; k < r->ncand; k++)
        fprintf(f, " %s", r->cand[k].algo->name);
    fprintf(f, "\n");
    for (i = 0; i < r->ns; i++) {
        fprintf(f, "%ld", r->sz[i]);
        fprintf(f, r->native[i] < HUGE_VAL ? " %.9g" : " ?", r->native[i]);
        fprintf(f, r->routine[i] < HUGE_VAL ? " %.9g" : " ?", r->routine[i]);
        for (k = 0; k < r->ncand; k++)
            fprintf(f, r->cand[k].best[i] < HUGE_VAL ? " %.9g" : " ?", r->cand[k].best[i]);
        fprintf(f, "\n");
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/%s.gp", T->o.out, name);
    if (!(f = fopen(path, "w")))
        return 2;
    fprintf(f, "# gnuplot script written by collalg-tune: time against size for MPI_%s\n", name);
    fprintf(f, "set termoption noenhanced\nset datafile missing '?'\nset logscale x 2\nset logscale y 10\n");
    fprintf(f, "set xlabel 'message size (bytes, %s)'\nset ylabel 'time per call (s, median of max over ranks)'\n",
            axis[coll]);
    fprintf(f,
            "set title '%s on %d processes, %s: algorithms (parameterised ones at their best value), native, tuned'\n",
            name, T->p, mpi1);
    fprintf(f, "set key outside right top\nset grid\nset xrange [%g:%g]\n", (double)r->sz[0] / 1.5,
            (double)r->sz[r->ns - 1] * 1.5);
    for (i = 0; i < nf; i++) {
        double lo = fl[i].lo > r->sz[0] ? (double)fl[i].lo : (double)r->sz[0];
        double hi = fl[i].hi < r->sz[r->ns - 1] ? (double)fl[i].hi : (double)r->sz[r->ns - 1];
        if (fl[i].lo > 0)
            fprintf(f, "set arrow from %ld, graph 0 to %ld, graph 1 nohead dashtype 2 linecolor rgb 'gray40'\n",
                    fl[i].lo, fl[i].lo);
        fprintf(f, "set label %d '%s' at %g, graph 0.02 rotate by 90 left front font ',8' textcolor rgb 'gray20'\n",
                i + 1, fl[i].text, hi > lo ? tune_sqrt(lo * hi) : lo);
    }
    fprintf(
        f,
        "plot for [i=4:%d] '%s.dat' using 1:i with linespoints linewidth 1 pointsize 0.6 title columnheader(i), \\\n"
        "     '%s.dat' using 1:2 with linespoints linewidth 3 linecolor rgb 'black' title 'native MPI', \\\n"
        "     '%s.dat' using 1:3 with linespoints linewidth 3 dashtype 3 linecolor rgb 'red' title 'tuned'\n",
        3 + r->ncand, name, name, name);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && gnuplot -e \"set terminal pngcairo size 1400,800; set output '%s.png'\" %s.gp && "
             "gnuplot -e \"set terminal svg size 1400,800 dynamic; set output '%s.svg'\" %s.gp",
             T->o.out, name, name, name, name);
    if (system(cmd) != 0)
        fprintf(stderr, "collalg-tune: gnuplot failed for %s (data and script are in %s)\n", name, T->o.out);
    return 0;
}

/**
 * @brief Bytes of each of the send and receive buffers: p times the largest sample size, or what
 *        the pattern of a wanted v-collective needs at its largest size if more.
 * @return the size, or -1 (rank 0 has said why) when a pattern's counts would not fit in an int.
 */
static long tune_buffer_bytes(tuner *T)
{
    long maxb = tune_adjust(TUNE_ALLREDUCE, T->o.sizes[T->o.nsizes - 1]) * (long)T->p, sz[TUNE_MAX_SIZES];
    int c, ns;
    for (c = TUNE_ALLTOALLV; c <= TUNE_ALLGATHERV; c++) {
        long long need;
        if (!T->o.want[c])
            continue;
        ns = tune_coll_sizes(&T->pat, (enum tune_coll)c, T->o.sizes, T->o.nsizes, tune_adjust, sz);
        need = tune_pattern_bytes(&T->pat, (enum tune_coll)c, sz[ns - 1]);
        if (need < 0) {
            if (T->rank == 0)
                fprintf(stderr,
                        "collalg-tune: %s with pattern %s at %ld B: a buffer would pass 2 GiB (int counts); "
                        "use smaller --sizes\n",
                        tune_coll_name[c], T->pat.name, sz[ns - 1]);
            return -1;
        }
        maxb = need > maxb ? (long)need : maxb;
    }
    return maxb > 0 ? maxb : 1;
}

/** @brief Runs the tuner (see the file comment). @return the exit status described there. */
/**
 * @brief Gives the run its topology: the file of --topology, else a non-empty `COLLALG_TOPOLOGY`,
 *        is attached to the tuner's communicator (collalg_topology_attach(), which checks it on
 *        every rank) and its name and checksum kept for the header. Without either the topology
 *        algorithms are left out.
 * @return 0, or 1 when the description cannot be used (the attach's one line on rank 0's stderr).
 */
static int tune_topology_setup(tuner *T)
{
    const char *path = T->o.topology ? T->o.topology : getenv(COLLALG_TOPOLOGY_ENV);
    collalg__topo desc;
    char msg[512];
    if (!path || !*path)
        return 0;
    if (collalg_topology_attach(T->comm, path, 1) != MPI_SUCCESS)
        return 1;
    memset(&desc, 0, sizeof desc);
    if (collalg__topo_parse_file(path, &desc, msg, sizeof msg) == 0) /* read again, only for the checksum */
        T->topo_sum = desc.checksum;
    collalg__topo_free(&desc);
    T->topo = path;
    return 0;
}

/** @brief --native-only: the native collective at every sample size, into the CSV (phase native). */
static void tune_natives(tuner *T, enum tune_coll coll)
{
    long sz[TUNE_MAX_SIZES];
    int i, ns = tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, tune_adjust, sz);
    for (i = 0; i < ns && !T->stopped; i++)
        tune_measure(T, coll, NULL, NULL, sz[i], "native");
}

int main(int argc, char **argv)
{
    tuner T;
    tune_result res[TUNE_NCOLL];
    char host[MPI_MAX_PROCESSOR_NAME + 1] = "", mpi[MPI_MAX_LIBRARY_VERSION_STRING + 1] = "";
    int c, i, len = 0, remaining = 0, status = 0, defects = 0;
    long maxb;
    char path[1200];

    MPI_Init(&argc, &argv);
    memset(&T, 0, sizeof T);
    memset(res, 0, sizeof res);
    MPI_Comm_dup(MPI_COMM_WORLD, &T.comm);
    MPI_Comm_set_errhandler(T.comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(T.comm, &T.rank);
    MPI_Comm_size(T.comm, &T.p);
    if (tune_parse(argc, argv, &T.o, T.rank)) {
        MPI_Finalize();
        return 1;
    }
    MPI_Get_processor_name(host, &len);
    MPI_Get_library_version(mpi, &len);
    mpi[strcspn(mpi, "\n")] = 0;
    for (i = 0; mpi[i]; i++) /* MPICH says "MPICH Version:\t4.0.2": no tabs in titles and comments */
        if (mpi[i] == '\t')
            mpi[i] = ' ';
    signal(SIGINT, tune_on_signal);
    signal(SIGTERM, tune_on_signal);
    T.tty = isatty(2);
    T.start = time(NULL);

    if (tune_topology_setup(&T) ||
        ((T.o.want[TUNE_ALLTOALLV] || T.o.want[TUNE_ALLGATHERV]) &&
         tune_pattern_setup(&T.pat, T.o.pattern, !T.o.sizes_given, T.comm, T.rank, T.p)) ||
        (maxb = tune_buffer_bytes(&T)) < 0) {
        tune_pattern_free(&T.pat);
        MPI_Comm_free(&T.comm);
        MPI_Finalize();
        return 1;
    }
    T.vc = (int *)malloc(4 * (size_t)T.p * sizeof(int));
#ifdef SMPI_SHARED_MALLOC
    /* SimGrid: one buffer shared by the simulated ranks; SMPI skips copying its contents. */
    T.sbuf = (char *)SMPI_SHARED_MALLOC((size_t)maxb);
    T.rbuf = (char *)SMPI_SHARED_MALLOC((size_t)maxb);
#else
    T.sbuf = (char *)calloc((size_t)maxb, 1);
    T.rbuf = (char *)calloc((size_t)maxb, 1);
#endif
    T.loc = (double *)malloc((size_t)(T.o.rule.max_reps + T.o.rule.step + 8) * sizeof(double));
    T.glob = (double *)malloc((size_t)(T.o.rule.max_reps + T.o.rule.step + 8) * sizeof(double));
    T.samples = (double *)malloc((size_t)(T.o.rule.max_reps + T.o.rule.step + 8) * sizeof(double));
    T.sorted = (double *)malloc((size_t)(T.o.rule.max_reps + T.o.rule.step + 8) * sizeof(double));
    if (!T.sbuf || !T.rbuf || !T.loc || !T.glob || !T.samples || !T.sorted || !T.vc) {
        fprintf(stderr, "collalg-tune: out of memory (%ld-byte buffers)\n", maxb);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (T.rank == 0) {
        snprintf(path, sizeof path, "mkdir -p '%s'", T.o.out);
        if (system(path) != 0)
            fprintf(stderr, "collalg-tune: cannot create %s\n", T.o.out);
        snprintf(path, sizeof path, "%s/collalg_tuned.csv", T.o.out);
        T.csv = fopen(path, "w");
        if (!T.csv)
            fprintf(stderr, "collalg-tune: cannot write %s\n", path);
        else
            fprintf(T.csv,
                    "collective,phase,algorithm,param,bytes,procs,reps,median_s,mean_s,min_s,max_s,rse,status\n");
        printf("collalg-tune: %d processes on %s, %s\n", T.p, host, mpi);
        fflush(stdout);
    }
    for (c = 0; c < TUNE_NCOLL; c++)
        if (T.o.want[c]) {
            T.total += tune_plan(&T, (enum tune_coll)c);
            remaining++;
        }
    for (c = 0; c < TUNE_NCOLL; c++) {
        if (!T.o.want[c])
            continue;
        T.hurry = 0;
        T.coll_deadline = 0;
        if (T.o.budget > 0) {
            double left = T.o.budget - difftime(time(NULL), T.start);
            T.coll_deadline = time(NULL) + (time_t)(left > 0 ? left / remaining : 0);
        }
        remaining--;
        if (T.o.native_only)
            tune_natives(&T, (enum tune_coll)c);
        else
            tune_collective(&T, (enum tune_coll)c, &res[c]);
        if (T.rank == 0 && !T.stopped) {
            tune_progress(&T, tune_coll_name[c], 1);
            if (T.tty)
                fprintf(stderr, "\n");
        }
    }
    if (T.rank == 0 && T.o.native_only)
        printf("wrote %s/collalg_tuned.csv (native collectives only) in %.0f s\n", T.o.out,
               difftime(time(NULL), T.start));
    else if (T.rank == 0) {
        for (c = 0; c < TUNE_NCOLL; c++)
            if (T.o.want[c])
                defects += tune_report(&T, (enum tune_coll)c, &res[c]);
        printf("\n%d defect(s) of the tuner (tuned routine > 5%% slower than the best single algorithm)\n", defects);
        if (T.stopped)
            printf("stopped early (%s): wrote what was finished\n", T.stopped == 1 ? "interrupted" : "time budget");
        status = tune_write_header(&T, res, host, mpi);
        for (c = 0; c < TUNE_NCOLL && status == 0; c++)
            if (res[c].tuned && c != TUNE_BARRIER)
                status = tune_write_plot(&T, (enum tune_coll)c, &res[c], mpi);
        if (status)
            fprintf(stderr, "collalg-tune: cannot write into %s\n", T.o.out);
        else
            printf("wrote %s/collalg_tuned.h, collalg_tuned.csv and plots in %.0f s\n", T.o.out,
                   difftime(time(NULL), T.start));
        fflush(stdout);
    }
    if (T.csv)
        fclose(T.csv);
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (c = 0; c < TUNE_NCOLL; c++)
        free(res[c].cand);
#ifdef SMPI_SHARED_MALLOC
    SMPI_SHARED_FREE(T.sbuf);
    SMPI_SHARED_FREE(T.rbuf);
#else
    free(T.sbuf);
    free(T.rbuf);
#endif
    free(T.loc);
    free(T.glob);
    free(T.samples);
    free(T.sorted);
    free(T.vc);
    tune_pattern_free(&T.pat);
    MPI_Comm_free(&T.comm);
    MPI_Finalize();
    return status;
}
