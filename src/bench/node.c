/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file node.c
 * @brief The real-node benchmark of `make bench-node`: at every collective and sample
 *        size of a tuner run, the native MPI collective, the tuned routine `collalg_tuned_<coll>`
 *        of that run's header, and the best single catalogue algorithm of that run's CSV, measured
 *        again, interleaved, by this program (not the tuner's own numbers).
 *
 * @par Usage
 * @code
 *   mpicc -std=c99 -Iinclude -Ibuild/node/mpich -DCOLLALG_TUNED_HEADER='"collalg_tuned.h"' \
 *         src/bench/node.c -o build/node/mpich/node_bench
 *   mpiexec -n P build/node/mpich/node_bench --mpi mpich --tuned-csv build/node/mpich/collalg_tuned.csv \
 *           --out build/bench/node.csv [--choices FILE] [--reps N] [--chunk K] [-- TUNER OPTIONS]
 * @endcode
 * The options after `--` are the tuner's own (src/tune/cli.h), given as to the tuner run whose
 * header and CSV are used (e.g. `--max-size 1M`): they fix the sample sizes (tune_coll_sizes()),
 * the collectives (`--collectives`) and the pattern of the v-collectives (`--pattern`, default
 * uniform) exactly as the tuner made them.
 *
 * @par What runs at each point (collective, size n)
 * - **native**: the MPI library's collective (tune_native() through tune_run());
 * - **tuned**: the header's `collalg_tuned_<coll>` (its selector, with the selector's own cost);
 * - **best**: the catalogue algorithm, at the parameter value, whose median was the smallest of
 *   the tuner's CSV rows of phases `sample` and `param` at (collective, n, p) with status ok,
 *   called through its row of the catalogue's table (tune_table, src/catalogue/table.h).
 * The arguments are the tuner's (tune_make_call(), src/tune/measure.h): MPI_BYTE, the reductions
 * MPI_INT with MPI_SUM, root 0, the v-collectives the counts of the pattern (uniform by default),
 * on the buffers tune_setup() allocates.
 *
 * @par Measurement
 * One untimed call of each implementation, then `--reps` (default 40, at least 30) samples of
 * each, taken in turns of `--chunk` (default 5) calls: native, tuned, best, then tuned, best,
 * native, ... (the order rotates each turn), so that a change of load on the node hits all three
 * alike. A sample is one call between an MPI_Barrier and MPI_Wtime, the maximum over the ranks;
 * the reported time is the median of the samples (microseconds).
 *
 * @par Output (rank 0)
 * Appends to `--out` (written with its header line `mpi,collective,bytes,impl,us` when new or
 * empty) three rows per point: impl `native`, `tuned`, and `best:<algorithm>` or
 * `best:<algorithm>(<parameter>)` (commas in a parameter written as `;`), `us` the median.
 * `--choices FILE` appends `mpi,collective,bytes,tuned_algorithm,best` (what the tuned routine ran
 * on rank 0, and the best's label). One line per point on stdout. A point where the CSV names no
 * best algorithm gets no best row; a call that returns an error makes the point's rows be left out
 * (said on stderr).
 *
 * @par Exit status
 * 0, or 1 on a bad command line or when the files cannot be opened. It asserts nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

/** @brief The algorithm the tuned routine ran in its warm-up call on this process (the hook). */
static char nb_last[128];
/** @brief 1 during the warm-up calls: only they record, so the timed calls cost what a program's do. */
static int nb_recording;
/** @brief Records the algorithm of a warm-up call in nb_last (see select.h); one test otherwise. */
/* clang-format off */
#define COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs)                                                 \
    ((void)(bytes), (void)(procs), nb_recording ? (void)snprintf(nb_last, sizeof nb_last, "%s", algorithm) : (void)0)
/* clang-format on */

#ifndef COLLALG_TUNED_HEADER
#error "build against a tuned header: -I<dir> -DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' (see the file comment)"
#endif
#include COLLALG_TUNED_HEADER

/* The tuner's run state (run.h), call builder and table (table.h); most of its routines unused. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../tune/measure.h"
#pragma GCC diagnostic pop

/** @brief Implementations measured at one point. */
enum nb_impl { NB_NATIVE, NB_TUNED, NB_BEST, NB_NIMPL };

/** @brief The CSV's names of enum nb_impl (best: followed by the algorithm). */
static const char *const nb_impl_name[NB_NIMPL] = {"native", "tuned", "best"};

/** @brief Options of this program (before `--`). */
typedef struct nb_opts {
    const char *mpi;       /**< the `mpi` column */
    const char *tuned_csv; /**< the tuner's CSV, read for the best algorithm */
    const char *out;       /**< node.csv, appended to */
    const char *choices;   /**< side CSV of the algorithms run, NULL: none */
    int reps;              /**< samples per implementation (>= 30) */
    int chunk;             /**< calls per turn */
    int targc;             /**< tuner options: count (targv[0] is the program) */
    char **targv;          /**< tuner options */
} nb_opts;

/** @brief The best single algorithm at one point. */
typedef struct nb_best {
    int algo;        /**< row of tune_table, -1: none */
    int choice;      /**< index into its parameter space, -1: no parameter */
    tune_choice ch;  /**< the parameter value */
    char label[300]; /**< `algorithm` or `algorithm(parameter)`, CSV-safe */
} nb_best;

/** @brief One point: the call and what runs. */
typedef struct nb_point {
    enum tune_coll coll; /**< collective */
    long bytes;          /**< sample size, as the tuner logs it */
    tune_call call;      /**< the tuner's arguments (tune_make_call()) */
    nb_best best;        /**< the best single algorithm */
} nb_point;

/* ---- command line ------------------------------------------------------------------------ */

/** @brief Parses this program's options (up to `--`) into @p o. @return 0, or 1 when malformed. */
static int nb_parse(int argc, char **argv, nb_opts *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->mpi = "mpi";
    o->reps = 40;
    o->chunk = 5;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--"))
            break;
        if (!v)
            return 1;
        if (!strcmp(a, "--mpi"))
            o->mpi = v;
        else if (!strcmp(a, "--tuned-csv"))
            o->tuned_csv = v;
        else if (!strcmp(a, "--out"))
            o->out = v;
        else if (!strcmp(a, "--choices"))
            o->choices = v;
        else if (!strcmp(a, "--reps"))
            o->reps = atoi(v);
        else if (!strcmp(a, "--chunk"))
            o->chunk = atoi(v);
        else
            return 1;
        i++;
    }
    /* the tuner's options: argv[i] ("--", or past the end) stands in for the program name */
    o->targc = i < argc ? argc - i : 1;
    o->targv = i < argc ? argv + i : argv;
    return !o->tuned_csv || !o->out || o->reps < 30 || o->chunk < 1;
}

/* ---- the best single algorithm (the tuner's CSV) ------------------------------------------ */

/**
 * @brief Splits CSV line @p line in place into at most @p max fields (@p f), dropping the double
 *        quotes around a field (a quoted field may hold commas). @return how many fields.
 */
static int nb_split(char *line, char **f, int max)
{
    char *r = line, *w = line, end;
    int n = 0, quoted;
    do {
        f[n++] = w;
        for (quoted = 0; *r && (quoted || (*r != ',' && *r != '\n')); r++)
            if (*r == '"')
                quoted = !quoted;
            else
                *w++ = *r;
        end = *r; /* read before writing: w may have caught up with r */
        *w++ = 0;
        r += end == ',';
    } while (end == ',' && n < max);
    return n;
}

/**
 * @brief The fastest row of the tuner's CSV @p path in phases `sample` and `param` at (@p coll,
 *        @p bytes, @p p) with status ok: its algorithm into @p alg and parameter into @p param.
 * @return 0, or -1 when there is none (or the file cannot be read).
 */
static int nb_best_row(const char *path, enum tune_coll coll, long bytes, int p, char *alg, char *param, size_t size)
{
    char line[2048], *f[16];
    double best = -1;
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    while (fgets(line, sizeof line, in)) {
        double med;
        if (nb_split(line, f, 16) < 13 || strcmp(f[0], tune_coll_name[coll]) ||
            (strcmp(f[1], "sample") && strcmp(f[1], "param")) || atol(f[4]) != bytes || atoi(f[5]) != p ||
            strncmp(f[12], "ok", 2))
            continue;
        med = atof(f[7]);
        if (best < 0 || med < best) {
            best = med;
            snprintf(alg, size, "%s", f[2]);
            snprintf(param, size, "%s", f[3]);
        }
    }
    fclose(in);
    return best < 0 ? -1 : 0;
}

/**
 * @brief Finds algorithm @p alg of @p coll in tune_table and the value of its parameter space on
 *        @p p processes written as @p param (as the tuner logs it: tune_choice::str, else ::text).
 *        @return 0 with @p b set, or -1 when the table has no such row or value.
 */
static int nb_best_resolve(enum tune_coll coll, const char *alg, const char *param, int p, nb_best *b)
{
    tune_choice all[TUNE_MAX_CHOICES];
    int i, k, n;
    for (i = 0; i < TUNE_NALGOS; i++)
        if (tune_table[i].coll == coll && !strcmp(tune_table[i].name, alg))
            break;
    if (i == TUNE_NALGOS)
        return -1;
    b->algo = i;
    b->choice = -1;
    if (!tune_table[i].space)
        return *param ? -1 : 0;
    n = tune_table[i].space(p, all, TUNE_MAX_CHOICES);
    for (k = 0; k < n && b->choice < 0; k++)
        if (!strcmp(all[k].str[0] ? all[k].str : all[k].text, param))
            b->choice = k, b->ch = all[k];
    return b->choice < 0 ? -1 : 0;
}

/** @brief Makes @p s one CSV field in place: commas written as ';', double quotes dropped. */
static void nb_csv_safe(char *s)
{
    char *w = s;
    for (; *s; s++)
        if (*s != '"')
            *w++ = *s == ',' ? ';' : *s;
    *w = 0;
}

/** @brief The CSV-safe label of @p b: `alg` or `alg(param)` (nb_csv_safe()). */
static void nb_best_label(nb_best *b, const char *alg, const char *param)
{
    snprintf(b->label, sizeof b->label, *param ? "%s(%s)" : "%s", alg, param);
    nb_csv_safe(b->label);
}

/**
 * @brief The best single algorithm at (@p pt->coll, @p pt->bytes) on every rank: rank 0 reads the
 *        CSV and resolves it, every rank gets the table row and the value index (then its own
 *        parameter space gives the value).
 */
static void nb_best_find(const tuner *T, const nb_opts *o, nb_point *pt)
{
    char alg[256] = "", param[256] = "";
    int idx[2] = {-1, -1};
    nb_best *b = &pt->best;
    memset(b, 0, sizeof *b);
    if (T->rank == 0 && nb_best_row(o->tuned_csv, pt->coll, pt->bytes, T->p, alg, param, sizeof alg) == 0) {
        if (nb_best_resolve(pt->coll, alg, param, T->p, b) == 0)
            idx[0] = b->algo, idx[1] = b->choice;
        else
            fprintf(stderr, "node: %s %ld B: no table row for the CSV's best %s \"%s\"\n", tune_coll_name[pt->coll],
                    pt->bytes, alg, param);
    }
    MPI_Bcast(idx, 2, MPI_INT, 0, T->comm);
    b->algo = idx[0];
    b->choice = -1;
    if (b->algo >= 0 && idx[1] >= 0) {
        tune_choice all[TUNE_MAX_CHOICES];
        tune_table[b->algo].space(T->p, all, TUNE_MAX_CHOICES);
        b->choice = idx[1];
        b->ch = all[idx[1]];
    }
    if (T->rank == 0 && b->algo >= 0)
        nb_best_label(b, alg, param);
}

/* ---- the calls ----------------------------------------------------------------------------- */

/** @brief The header's tuned routine of @p coll with the arguments of @p c. @return MPI error code. */
static int nb_tuned(enum tune_coll coll, const tune_call *c)
{
    switch (coll) {
    case TUNE_ALLTOALL: return collalg_tuned_alltoall(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);
    case TUNE_ALLGATHER:
        return collalg_tuned_allgather(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);
    case TUNE_ALLREDUCE: return collalg_tuned_allreduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_ALLTOALLV:
        return collalg_tuned_alltoallv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcounts, c->rdispls,
                                       c->type, c->comm);
    case TUNE_ALLGATHERV:
        return collalg_tuned_allgatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->type, c->comm);
    case TUNE_BARRIER: return collalg_tuned_barrier(c->comm);
    case TUNE_GATHER:
        return collalg_tuned_gather(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_SCATTER:
        return collalg_tuned_scatter(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_GATHERV:
        return collalg_tuned_gatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->rtype, c->root,
                                     c->comm);
    case TUNE_SCATTERV:
        return collalg_tuned_scatterv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcount, c->rtype, c->root,
                                      c->comm);
    case TUNE_REDUCE: return collalg_tuned_reduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm);
    case TUNE_SCAN: return collalg_tuned_scan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_EXSCAN: return collalg_tuned_exscan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_REDUCE_SCATTER_BLOCK:
        return collalg_tuned_reduce_scatter_block(c->sbuf, c->rbuf, c->rcount, c->type, c->op, c->comm);
    case TUNE_REDUCE_SCATTER:
        return collalg_tuned_reduce_scatter(c->sbuf, c->rbuf, c->rcounts, c->type, c->op, c->comm);
    case TUNE_ALLTOALLW:
        return collalg_tuned_alltoallw(c->sbuf, c->scounts, c->sdispls, c->stypes, c->rbuf, c->rcounts, c->rdispls,
                                       c->rtypes, c->comm);
    default: return collalg_tuned_bcast(c->rbuf, c->count, c->type, c->root, c->comm);
    }
}

/** @brief One call of implementation @p impl at point @p pt. @return MPI error code. */
static int nb_call(const nb_point *pt, enum nb_impl impl)
{
    const nb_best *b = &pt->best;
    if (impl == NB_TUNED)
        return nb_tuned(pt->coll, &pt->call);
    if (impl == NB_BEST)
        return tune_run(pt->coll, &tune_table[b->algo], &pt->call, b->choice >= 0 ? &b->ch : NULL);
    return tune_run(pt->coll, NULL, &pt->call, NULL);
}

/* ---- measurement --------------------------------------------------------------------------- */

/**
 * @brief Samples @p nimpl implementations at @p pt (see "Measurement"): t[impl * reps + k] ends
 *        as the maximum over the ranks of sample k (every rank).
 * @return 0, or 1 when a call failed on some rank.
 */
static int nb_sample(const tuner *T, const nb_opts *o, const nb_point *pt, int nimpl, double *t)
{
    int v, turn, k, bad = 0;
    nb_recording = 1; /* warm-up: scratch buffers, private communicators, connections; what ran */
    for (v = 0; v < nimpl; v++)
        bad |= nb_call(pt, (enum nb_impl)v) != MPI_SUCCESS;
    nb_recording = 0;
    for (turn = 0; turn * o->chunk < o->reps; turn++) {
        int i;
        for (i = 0; i < nimpl; i++) {
            v = (i + turn) % nimpl; /* invariant: each turn runs every implementation once */
            for (k = turn * o->chunk; k < (turn + 1) * o->chunk && k < o->reps; k++) {
                double t0;
                MPI_Barrier(T->comm);
                t0 = MPI_Wtime();
                bad |= nb_call(pt, (enum nb_impl)v) != MPI_SUCCESS;
                t[v * o->reps + k] = MPI_Wtime() - t0;
            }
        }
    }
    MPI_Allreduce(MPI_IN_PLACE, t, nimpl * o->reps, MPI_DOUBLE, MPI_MAX, T->comm);
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, T->comm);
    return bad;
}

/** @brief Median (microseconds) of the @p n samples at @p x (sorted in place). */
static double nb_median_us(double *x, int n)
{
    qsort(x, (size_t)n, sizeof *x, tune_cmp_double);
    return 1e6 * (n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2);
}

/** @brief Opens @p path for appending and writes @p header when it is new or empty. */
static FILE *nb_open(const char *path, const char *header)
{
    FILE *f = fopen(path, "a");
    if (f && ftell(f) == 0)
        fprintf(f, "%s\n", header);
    return f;
}

/** @brief Writes the rows of point @p pt (rank 0): medians @p us of its @p nimpl implementations. */
static void nb_write(const nb_opts *o, FILE *csv, FILE *choices, const nb_point *pt, const double *us, int nimpl)
{
    const char *coll = tune_coll_name[pt->coll], *tuned = nb_last[0] ? nb_last : "native";
    int v;
    nb_csv_safe(nb_last); /* the hook writes a parameter list as the rule does: "alg(a, b)" */
    for (v = 0; v < nimpl; v++)
        fprintf(csv, "%s,%s,%ld,%s%s%s,%.3f\n", o->mpi, coll, pt->bytes, nb_impl_name[v], v == NB_BEST ? ":" : "",
                v == NB_BEST ? pt->best.label : "", us[v]);
    if (choices)
        fprintf(choices, "%s,%s,%ld,%s,%s\n", o->mpi, coll, pt->bytes, tuned, nimpl > NB_BEST ? pt->best.label : "");
    printf("%-20s %8ld B  native %10.2f us  tuned %10.2f us (%s)", coll, pt->bytes, us[NB_NATIVE], us[NB_TUNED], tuned);
    if (nimpl > NB_BEST)
        printf("  best %10.2f us (%s)", us[NB_BEST], pt->best.label);
    printf("\n");
    fflush(stdout);
}

/** @brief Measures and writes one point (every rank measures; rank 0 writes). */
static void nb_point_run(tuner *T, const nb_opts *o, FILE *csv, FILE *choices, nb_point *pt, double *t)
{
    int nimpl, v;
    double us[NB_NIMPL];
    pt->call = tune_make_call(T, pt->coll, pt->bytes);
    nb_best_find(T, o, pt);
    nimpl = pt->best.algo >= 0 ? NB_NIMPL : NB_BEST;
    nb_last[0] = 0;
    if (nb_sample(T, o, pt, nimpl, t)) {
        if (T->rank == 0)
            fprintf(stderr, "node: %s %ld B: a call returned an error; point left out\n", tune_coll_name[pt->coll],
                    pt->bytes);
        return;
    }
    for (v = 0; v < nimpl; v++)
        us[v] = nb_median_us(t + v * o->reps, o->reps);
    if (T->rank == 0)
        nb_write(o, csv, choices, pt, us, nimpl);
}

/** @brief Every wanted collective at every one of its sample sizes (tune_coll_sizes()). */
static void nb_all(tuner *T, const nb_opts *o, FILE *csv, FILE *choices)
{
    double *t = (double *)malloc(NB_NIMPL * (size_t)o->reps * sizeof(double));
    long sz[TUNE_MAX_SIZES];
    int c, i, ns;
    for (c = 0; t && c < TUNE_NCOLL; c++) {
        if (!T->o.want[c])
            continue;
        ns = tune_coll_sizes(&T->pat, (enum tune_coll)c, T->o.sizes, T->o.nsizes, T->p, tune_adjust, sz);
        for (i = 0; i < ns; i++) {
            nb_point pt;
            memset(&pt, 0, sizeof pt);
            pt.coll = (enum tune_coll)c;
            pt.bytes = sz[i];
            nb_point_run(T, o, csv, choices, &pt, t);
        }
    }
    free(t);
}

/** @brief Runs the benchmark (see the file comment). @return the exit status described there. */
int main(int argc, char **argv)
{
    tuner T;
    nb_opts o;
    FILE *csv = NULL, *choices = NULL;
    int rank, status;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    status = nb_parse(argc, argv, &o);
    if (status && rank == 0)
        fprintf(stderr, "usage: node_bench --mpi NAME --tuned-csv FILE --out FILE [--choices FILE] [--reps N>=30] "
                        "[--chunk K] [-- TUNER OPTIONS]\n");
    if (!status)
        status = tune_begin(&T, o.targc, o.targv) ? 1 : 0;
    if (!status) {
        tune_enter_size(&T, T.P);
        status = tune_setup(&T);
        if (!status && rank == 0) {
            csv = nb_open(o.out, "mpi,collective,bytes,impl,us");
            choices = o.choices ? nb_open(o.choices, "mpi,collective,bytes,tuned_algorithm,best") : NULL;
            if (!csv || (o.choices && !choices))
                fprintf(stderr, "node: cannot open %s or %s\n", o.out, o.choices ? o.choices : "-");
        }
        if (!status) { /* rank 0's files decide for every rank */
            status = rank == 0 && (!csv || (o.choices && !choices));
            MPI_Bcast(&status, 1, MPI_INT, 0, T.comm);
        }
        if (!status)
            nb_all(&T, &o, csv, choices);
        tune_end(&T);
    }
    if (csv)
        fclose(csv);
    if (choices)
        fclose(choices);
    MPI_Finalize();
    return status ? 1 : 0;
}
