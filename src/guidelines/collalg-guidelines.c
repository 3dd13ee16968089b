/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg-guidelines.c
 * @brief Checks the tuned routines of a tuned header (written by collalg-tune) against
 *        self-consistent performance guidelines, PGMPI style (Hunold et al., "Automatic
 *        Verification of Self-Consistent MPI Performance Guidelines", Euro-Par 2016, §2, §4.3 and
 *        Appendix A), each decided by a one-sided Wilcoxon rank-sum test.
 *
 * @par Usage
 * @code
 *   mpicc -std=c99 -Iinclude -Ibuild/tuned -DCOLLALG_TUNED_HEADER='"collalg_tuned.h"' \
 *         src/guidelines/collalg-guidelines.c -o build/tuned/collalg-guidelines
 *   mpiexec -n P build/tuned/collalg-guidelines [--out DIR] [--alpha A] [--reps N]
 *                                               [--sizes LIST | --max-size BYTES] [--tolerance F]
 *                                               [--all] [--slow-tuned COLL] [--help]
 * @endcode
 * `make tune` and `make tune-smpi` run it right after tuned_check; `make guidelines` runs it
 * against an existing $(TUNE_OUT)/collalg_tuned.h (mk/guidelines.mk). Without
 * COLLALG_TUNED_HEADER every "tuned" routine is the selector with no rule, i.e. the native
 * collective: the program then checks the MPI library's own guidelines, as PGMPI does.
 *
 * @par Sizes n (bytes), as the selector compares them (collalg/select.h)
 * alltoall: per-pair block; allgather: per-process block; allreduce: whole vector (MPI_INT,
 * MPI_SUM, ceil(n / 4) ints); bcast: whole vector (MPI_BYTE, root 0); alltoallv and allgatherv:
 * uniform counts, every block n bytes; reduce: whole vector (c = ceil(n / 4) ints, MPI_SUM, root
 * 0); gather, scatter: per-process block (MPI_BYTE, root 0); gatherv, scatterv: uniform counts,
 * every block n bytes, root 0; alltoallw: MPI_BYTE for every peer, every block n bytes;
 * reduce_scatter_block, reduce_scatter: whole vector, b = ceil(c / p) ints per rank (uniform
 * counts), p b >= c; scan, exscan: whole vector (c ints, MPI_SUM); barrier: no size (reported as
 * 0). The sample sizes are
 * `--sizes LIST` (comma-separated, suffixes K and M), else the header's `COLLALG_TUNED_SIZES`
 * when it defines one, else 8 B, 32 B, ... (powers of 4 from 8 B) up to `--max-size` (default
 * 64 KiB, or `COLLALG_TUNED_MAX_SIZE` when the header defines it), the maximum included.
 *
 * @par The guidelines (p processes, n bytes; each left <= right)
 * - **tuned <= native** (coll): collalg_tuned_<coll>(n) <= MPI_<Coll>(n), for each of the
 *   seventeen collectives the header defines (a macro `COLLALG_TUNED_<COLL>_BOUNDS` says so; the
 *   barrier at n = 0). PGMPI's "MPI_X <= mock-up" turned around: the tuned routine should not be
 *   significantly slower than the library's own collective.
 * - **monotony** (coll), GL1: tuned(coll, n) <= tuned(coll, n') for adjacent sample sizes
 *   n < n' (the row of size n compares it with the next sample size).
 * - **pattern** (PGMPI's pattern guidelines, 004 Appendix A), the right side run and timed as one
 *   pattern; every side is a tuned routine (the native collective where the header does not tune
 *   that collective, as PGMPI checks the library's own). n is the whole volume: where a side
 *   moves one block per process, the block is b = ceil(n / p) bytes (ints: ceil(c / p) ints,
 *   c = ceil(n / 4)); every pattern moves at least what its left side moves:
 *   - `allreduce<=reduce_scatter_block+allgather` (GL13): allreduce of c ints <= reduce_scatter_block
 *     of the c ints (ceil(c / p) ints per rank), then allgather of those ints per process;
 *   - `allreduce<=reduce+bcast` (GL12): allreduce of c ints <= reduce of c ints to root 0, then
 *     bcast of the c ints from root 0;
 *   - `bcast<=scatter+allgather` (GL10): bcast of n bytes <= scatter of b bytes per rank from root
 *     0, then allgather of those b bytes per process;
 *   - `allgather<=alltoall` (GL5): allgather with an n-byte block per process <= alltoall with an
 *     n-byte block per pair: both give each rank the same p n bytes, the alltoall sending p
 *     distinct blocks where the allgather sends one;
 *   - `gather<=allgather` (GL3): gather of b bytes per rank to root 0 <= allgather of b bytes per
 *     process;
 *   - `gather<=reduce` (GL4): gather of b bytes per rank <= reduce of c ints;
 *   - `scatter<=bcast` (GL7): scatter of b bytes per rank from root 0 <= bcast of n bytes;
 *   - `reduce<=allreduce` (GL8): reduce of c ints to root 0 <= allreduce of c ints;
 *   - `reduce_scatter<=allreduce` (GL9): reduce_scatter of c ints (ceil(c / p) per rank) <=
 *     allreduce of c ints;
 *   - `allgather<=gather+bcast` (GL11): allgather of b bytes per process <= gather of b bytes per
 *     rank to root 0, then bcast of the p b bytes;
 *   - `reduce<=reduce_scatter_block+gather` (GL14): reduce of c ints <= reduce_scatter_block of the
 *     c ints, then gather of the ceil(c / p) ints per rank to root 0;
 *   - `reduce_scatter_block<=reduce+scatter` (GL15): reduce_scatter_block of c ints <= reduce of
 *     the p ceil(c / p) ints to root 0, then scatter of ceil(c / p) ints per rank;
 *   - `scan<=exscan+reduce_local` (GL16): scan of c ints <= exscan of c ints, then
 *     MPI_Reduce_local of c ints;
 *   - `reduce_scatter<=reduce+scatterv` (GL17): reduce_scatter of c ints <= reduce of the
 *     p ceil(c / p) ints to root 0, then scatterv of ceil(c / p) ints per rank (uniform counts).
 *
 * @par Measurement
 * A series is one routine (or one pattern) at one size. Every series is timed `--reps` times
 * (default 50) after one untimed round: each sample is one call (one pattern), all ranks leaving
 * an MPI_Barrier first, timed with MPI_Wtime, and the sample is the maximum over the ranks (as
 * in collalg-tune). The series are interleaved: each round runs every series once, in an order
 * shuffled anew each round (the same on every rank), so a slow drift of the machine falls on
 * both sides of every comparison alike. Everything runs on the program's own duplicate of
 * MPI_COMM_WORLD.
 *
 * @par The decision rule
 * For a guideline left <= right at one size, with samples L (left) and R (right):
 * p-value = tune_wilcoxon_less(R, L) (tune/wilcoxon.h: the one-sided Wilcoxon rank-sum p-value
 * that R is stochastically smaller than L). The guideline is violated when p-value < alpha
 * (`--alpha`, default 0.05) and the ratio median(L) / median(R) > 1 + tolerance (`--tolerance`,
 * default 0.05: PGMPI's tolerance for split-robustness, and the 5% the tuner allows a tuned
 * routine behind the best single algorithm). The test alone (`--tolerance 0`, as PGMPI decides
 * pattern guidelines) also reports differences too small to matter: under SimGrid, whose times
 * repeat almost exactly, the native collective behind the selector (a routine with no rule) is
 * slower than the same collective called directly in most samples by far less than 0.1%, and
 * the rank-sum test calls that significant (p < 0.02, mostly far less, at p = 16 with 40
 * repetitions). With many checks at alpha = 0.05, about one check in twenty of a guideline that
 * holds with equality can be reported by chance on a noisy machine: read a violation at one
 * isolated size with that in mind.
 *
 * @par Report
 * On rank 0's stdout: a table with one line per violated check (every check with `--all`):
 * guideline, n in bytes (monotony: n -> n'), left and right medians (microseconds), their ratio,
 * the p-value and the verdict; then a summary line
 * `collalg-guidelines p=P: C checks of G guidelines, V violated (W guidelines)`.
 * The CSV `DIR/guidelines.csv` (`--out DIR`, default build/tuned, created like mkdir -p) has
 * one row per check, in columns `guideline,bytes,lhs_us,rhs_us,ratio,p_value,violated` (bytes: n;
 * for monotony the smaller size, the row's right side being the next sample size; times are the
 * medians in microseconds, ratio = lhs / rhs, violated 0 or 1).
 *
 * @par Options
 * `--out DIR`, `--alpha A` (0 < A < 1), `--reps N` (5 .. 10000), `--sizes LIST`,
 * `--max-size BYTES`, `--tolerance F` (>= 0), `--all`, `--help`. For tests only:
 * `--slow-tuned COLL` runs the tuned routine of COLL twice wherever it is called, so that the
 * check "tuned <= native" of COLL has a real violation to find.
 *
 * @par Exit status
 * 0 whether or not guidelines are violated (violations are findings, not failures); 1 on a bad
 * command line or when a measured call returned an error; 2 when the CSV cannot be written.
 */
#ifndef _POSIX_C_SOURCE
/** @brief mkdir() of POSIX. */
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <limits.h>
#include <math.h> /* HUGE_VAL */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <mpi.h>

#ifdef COLLALG_TUNED_HEADER
#include COLLALG_TUNED_HEADER
#else
/** @cond GL_STAND_IN */
/* Stand-in: every routine with no rule, i.e. the native collective behind the selector. */
#include <collalg/collalg.h>
#include <collalg/alltoallv.h>
#include <collalg/allgatherv.h>
#include <collalg/barrier.h>
#include <collalg/select.h>
COLLALG_TUNED_ALLTOALL(collalg_tuned_alltoall, )
#define COLLALG_TUNED_ALLTOALL_BOUNDS 0
COLLALG_TUNED_ALLGATHER(collalg_tuned_allgather, )
#define COLLALG_TUNED_ALLGATHER_BOUNDS 0
COLLALG_TUNED_ALLREDUCE(collalg_tuned_allreduce, )
#define COLLALG_TUNED_ALLREDUCE_BOUNDS 0
COLLALG_TUNED_BCAST(collalg_tuned_bcast, )
#define COLLALG_TUNED_BCAST_BOUNDS 0
COLLALG_TUNED_ALLTOALLV(collalg_tuned_alltoallv, )
#define COLLALG_TUNED_ALLTOALLV_BOUNDS 0
COLLALG_TUNED_ALLGATHERV(collalg_tuned_allgatherv, )
#define COLLALG_TUNED_ALLGATHERV_BOUNDS 0
COLLALG_TUNED_BARRIER(collalg_tuned_barrier, )
#define COLLALG_TUNED_BARRIER_BOUNDS 0
COLLALG_TUNED_REDUCE(collalg_tuned_reduce, )
#define COLLALG_TUNED_REDUCE_BOUNDS 0
COLLALG_TUNED_GATHER(collalg_tuned_gather, )
#define COLLALG_TUNED_GATHER_BOUNDS 0
COLLALG_TUNED_SCATTER(collalg_tuned_scatter, )
#define COLLALG_TUNED_SCATTER_BOUNDS 0
COLLALG_TUNED_GATHERV(collalg_tuned_gatherv, )
#define COLLALG_TUNED_GATHERV_BOUNDS 0
COLLALG_TUNED_SCATTERV(collalg_tuned_scatterv, )
#define COLLALG_TUNED_SCATTERV_BOUNDS 0
COLLALG_TUNED_ALLTOALLW(collalg_tuned_alltoallw, )
#define COLLALG_TUNED_ALLTOALLW_BOUNDS 0
COLLALG_TUNED_REDUCE_SCATTER_BLOCK(collalg_tuned_reduce_scatter_block, )
#define COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS 0
COLLALG_TUNED_REDUCE_SCATTER(collalg_tuned_reduce_scatter, )
#define COLLALG_TUNED_REDUCE_SCATTER_BOUNDS 0
COLLALG_TUNED_SCAN(collalg_tuned_scan, )
#define COLLALG_TUNED_SCAN_BOUNDS 0
COLLALG_TUNED_EXSCAN(collalg_tuned_exscan, )
#define COLLALG_TUNED_EXSCAN_BOUNDS 0
/** @endcond */
#endif

#include "../tune/wilcoxon.h" /* and tune/stats.h: tune_cmp_double */

/** @brief Most sample sizes. */
#define GL_MAX_SIZES 64
/** @brief Default largest sample size (bytes) when neither the header nor the options give one. */
#define GL_DEFAULT_MAX 65536L

/** @brief The collectives a tuned header may define. */
enum gl_coll {
    GL_ALLTOALL,
    GL_ALLGATHER,
    GL_ALLREDUCE,
    GL_BCAST,
    GL_ALLTOALLV,
    GL_ALLGATHERV,
    GL_REDUCE,
    GL_GATHER,
    GL_SCATTER,
    GL_GATHERV,
    GL_SCATTERV,
    GL_ALLTOALLW,
    GL_RSB,
    GL_RS,
    GL_SCAN,
    GL_EXSCAN,
    GL_BARRIER,
    GL_NCOLL
};

/** @brief Their names (as in the routine names collalg_tuned_<name>). */
static const char *const gl_coll_name[GL_NCOLL] = {
    "alltoall", "allgather", "allreduce", "bcast",    "alltoallv", "allgatherv",           "reduce",
    "gather",   "scatter",   "gatherv",   "scatterv", "alltoallw", "reduce_scatter_block", "reduce_scatter",
    "scan",     "exscan",    "barrier"};

/** @brief What a series runs. */
enum gl_kind {
    GL_TUNED,             /**< collalg_tuned_<coll> */
    GL_NATIVE,            /**< MPI_<Coll> */
    GL_RSB_ALLGATHER,     /**< tuned reduce_scatter_block + tuned allgather (GL13) */
    GL_REDUCE_BCAST,      /**< tuned reduce + tuned bcast (GL12) */
    GL_SCATTER_ALLGATHER, /**< tuned scatter + tuned allgather (GL10) */
    GL_GATHER_BCAST,      /**< tuned gather + tuned bcast (GL11) */
    GL_RSB_GATHER,        /**< tuned reduce_scatter_block + tuned gather (GL14) */
    GL_REDUCE_SCATTER,    /**< tuned reduce + tuned scatter (GL15) */
    GL_EXSCAN_LOCAL,      /**< tuned exscan + MPI_Reduce_local (GL16) */
    GL_REDUCE_SCATTERV    /**< tuned reduce + tuned scatterv (GL17) */
};

/** @brief One routine or pattern at one size, and its samples. */
typedef struct gl_series {
    enum gl_kind kind; /**< what runs */
    enum gl_coll coll; /**< which collective (GL_TUNED, GL_NATIVE) */
    long bytes;        /**< n */
    double median;     /**< median of the samples (s), rank 0 */
} gl_series;

/** @brief Options. */
typedef struct gl_opts {
    const char *out;          /**< output directory */
    double alpha;             /**< level of the test */
    double tolerance;         /**< relative margin a violation must also exceed */
    int reps;                 /**< samples per series */
    int all;                  /**< print every check, not only violations */
    int slow;                 /**< collective whose tuned routine runs twice (testing), -1 none */
    long sizes[GL_MAX_SIZES]; /**< sample sizes, ascending */
    int nsizes;               /**< how many */
} gl_opts;

/** @brief The run: communicator, buffers, series and their samples. */
typedef struct gl_run {
    MPI_Comm comm;                    /**< duplicate of MPI_COMM_WORLD */
    int rank, p;                      /**< rank and size of comm */
    gl_opts o;                        /**< options */
    int have[GL_NCOLL];               /**< the header defines collalg_tuned_<coll> */
    unsigned char *sbuf, *rbuf, *mid; /**< send, receive and intermediate buffers (zeros) */
    int *counts;                      /**< 2 p ints: uniform counts, then displacements */
    MPI_Datatype *types;              /**< p times MPI_BYTE: alltoallw's datatypes */
    gl_series *ser;                   /**< the series */
    int nser;                         /**< how many */
    double *t;                        /**< samples: t[s * reps + r], local then (rank 0) max over ranks */
} gl_run;

/* ---- command line ------------------------------------------------------------------------ */

/** @brief Prints the usage on stdout. */
static void gl_usage(void)
{
    printf("usage: mpiexec -n P collalg-guidelines [--out DIR] [--alpha A] [--reps N] [--sizes LIST | --max-size "
           "BYTES]\n"
           "                                     [--tolerance F] [--all] [--slow-tuned COLL] [--help]\n"
           "Checks the tuned routines of the header it was built with against PGMPI's guidelines\n"
           "(tuned <= native, monotony, mock-up patterns): violated when the one-sided Wilcoxon rank-sum test\n"
           "at level A (default 0.05) on N (default 50) per-call times says so and the ratio of medians\n"
           "exceeds 1 + F (default 0.05); writes DIR/guidelines.csv (default build/tuned).\n"
           "--slow-tuned COLL (for tests) runs the tuned routine of COLL twice per call.\n");
}

/** @brief Bytes from "123", "4K", "2M"; @return -1 when malformed. */
static long gl_parse_size(const char *s, char **end)
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

/** @brief qsort comparator of longs (ascending). */
static int gl_cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/** @brief Parses a comma-separated size list into @p o (sorted, duplicates dropped). @return 0 or -1. */
static int gl_parse_sizes(const char *v, gl_opts *o)
{
    char *end;
    int i, n = 0;
    o->nsizes = 0;
    while (*v) {
        long s = gl_parse_size(v, &end);
        if (s < 0 || (*end && *end != ',') || o->nsizes >= GL_MAX_SIZES)
            return -1;
        o->sizes[o->nsizes++] = s;
        v = *end ? end + 1 : end;
    }
    qsort(o->sizes, (size_t)o->nsizes, sizeof *o->sizes, gl_cmp_long);
    for (i = 0; i < o->nsizes; i++)
        if (n == 0 || o->sizes[i] != o->sizes[n - 1])
            o->sizes[n++] = o->sizes[i];
    o->nsizes = n;
    return n > 0 ? 0 : -1;
}

/** @brief The default sizes: the header's list, else 8 B, 32 B, ... up to @p max (included). */
static void gl_default_sizes(gl_opts *o, long max)
{
#ifdef COLLALG_TUNED_SIZES
    static const long hs[] = {COLLALG_TUNED_SIZES};
    int i;
    (void)max;
    o->nsizes = 0;
    for (i = 0; i < (int)(sizeof hs / sizeof *hs) && o->nsizes < GL_MAX_SIZES; i++)
        o->sizes[o->nsizes++] = hs[i];
#else
    long s;
    o->nsizes = 0;
    for (s = 8; s <= max && o->nsizes < GL_MAX_SIZES - 1; s *= 4)
        o->sizes[o->nsizes++] = s;
    if (o->nsizes == 0 || o->sizes[o->nsizes - 1] != max)
        o->sizes[o->nsizes++] = max;
#endif
}

/** @brief Index of collective @p name, or -1. */
static int gl_coll_index(const char *name)
{
    int c;
    for (c = 0; c < GL_NCOLL; c++)
        if (!strcmp(name, gl_coll_name[c]))
            return c;
    return -1;
}

/**
 * @brief Parses the command line into @p o (every rank, same result).
 * @return 0 to run, 1 for --help (done), -1 on an error (rank 0 has said which).
 */
static int gl_parse(int argc, char **argv, gl_opts *o, int rank)
{
    int i, sized = 0;
    long max = GL_DEFAULT_MAX;
    char *end;
#ifdef COLLALG_TUNED_MAX_SIZE
    max = COLLALG_TUNED_MAX_SIZE;
#endif
    memset(o, 0, sizeof *o);
    o->out = "build/tuned";
    o->alpha = 0.05;
    o->reps = 50;
    o->tolerance = 0.05;
    o->slow = -1;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0, takes = strcmp(a, "--help") && strcmp(a, "-h") && strcmp(a, "--all");
        if (takes && !v) {
            bad = 1;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            if (rank == 0)
                gl_usage();
            return 1;
        } else if (!strcmp(a, "--all")) {
            o->all = 1;
        } else if (!strcmp(a, "--out")) {
            o->out = v;
        } else if (!strcmp(a, "--alpha")) {
            o->alpha = strtod(v, &end);
            bad = *end || !(o->alpha > 0 && o->alpha < 1);
        } else if (!strcmp(a, "--tolerance")) {
            o->tolerance = strtod(v, &end);
            bad = *end || !(o->tolerance >= 0);
        } else if (!strcmp(a, "--reps")) {
            long r = strtol(v, &end, 10);
            bad = *end || r < 5 || r > 10000;
            o->reps = (int)r;
        } else if (!strcmp(a, "--sizes")) {
            bad = gl_parse_sizes(v, o) != 0;
            sized = 1;
        } else if (!strcmp(a, "--max-size")) {
            max = gl_parse_size(v, &end);
            bad = *end || max < 1;
        } else if (!strcmp(a, "--slow-tuned")) {
            o->slow = gl_coll_index(v);
            bad = o->slow < 0;
        } else {
            bad = 2;
        }
        if (bad) {
            if (rank == 0)
                fprintf(stderr, "collalg-guidelines: %s %s%s\n", bad == 2 ? "unknown option" : "bad value for", a,
                        bad == 2 ? " (see --help)" : "");
            return -1;
        }
        i += takes;
    }
    if (!sized)
        gl_default_sizes(o, max);
    return 0;
}

/* ---- the routines ------------------------------------------------------------------------ */

/** @brief Marks the collectives the header defines (its `COLLALG_TUNED_<COLL>_BOUNDS`). */
static void gl_have(int *have)
{
    memset(have, 0, GL_NCOLL * sizeof *have);
#ifdef COLLALG_TUNED_ALLTOALL_BOUNDS
    have[GL_ALLTOALL] = 1;
#endif
#ifdef COLLALG_TUNED_ALLGATHER_BOUNDS
    have[GL_ALLGATHER] = 1;
#endif
#ifdef COLLALG_TUNED_ALLREDUCE_BOUNDS
    have[GL_ALLREDUCE] = 1;
#endif
#ifdef COLLALG_TUNED_BCAST_BOUNDS
    have[GL_BCAST] = 1;
#endif
#ifdef COLLALG_TUNED_ALLTOALLV_BOUNDS
    have[GL_ALLTOALLV] = 1;
#endif
#ifdef COLLALG_TUNED_ALLGATHERV_BOUNDS
    have[GL_ALLGATHERV] = 1;
#endif
#ifdef COLLALG_TUNED_BARRIER_BOUNDS
    have[GL_BARRIER] = 1;
#endif
#ifdef COLLALG_TUNED_REDUCE_BOUNDS
    have[GL_REDUCE] = 1;
#endif
#ifdef COLLALG_TUNED_GATHER_BOUNDS
    have[GL_GATHER] = 1;
#endif
#ifdef COLLALG_TUNED_SCATTER_BOUNDS
    have[GL_SCATTER] = 1;
#endif
#ifdef COLLALG_TUNED_GATHERV_BOUNDS
    have[GL_GATHERV] = 1;
#endif
#ifdef COLLALG_TUNED_SCATTERV_BOUNDS
    have[GL_SCATTERV] = 1;
#endif
#ifdef COLLALG_TUNED_ALLTOALLW_BOUNDS
    have[GL_ALLTOALLW] = 1;
#endif
#ifdef COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS
    have[GL_RSB] = 1;
#endif
#ifdef COLLALG_TUNED_REDUCE_SCATTER_BOUNDS
    have[GL_RS] = 1;
#endif
#ifdef COLLALG_TUNED_SCAN_BOUNDS
    have[GL_SCAN] = 1;
#endif
#ifdef COLLALG_TUNED_EXSCAN_BOUNDS
    have[GL_EXSCAN] = 1;
#endif
}

/** @brief ceil(a / b) for a >= 0, b >= 1. */
static long gl_ceil_div(long a, long b)
{
    return (a + b - 1) / b;
}

/** @brief Ints of an allreduce of @p n bytes: ceil(n / 4). */
static int gl_ints(long n)
{
    return (int)gl_ceil_div(n, 4);
}

/** @brief Sets R->counts to @p c per rank and displacements c * j (times @p scale bytes). */
static void gl_uniform(gl_run *R, int c, int scale)
{
    int j;
    for (j = 0; j < R->p; j++)
        R->counts[j] = c, R->counts[R->p + j] = c * j * scale;
}

/** @brief The rooted collectives (root 0) and alltoallw on @p n bytes, as gl_call(). */
static int gl_call_rooted(gl_run *R, enum gl_coll coll, int tuned, long n)
{
    MPI_Comm cm = R->comm;
    void *s = R->sbuf, *r = R->rbuf;
    int c = (int)n, *cnt = R->counts, *dsp = R->counts + R->p;
    (void)tuned;
    gl_uniform(R, c, 1);
    switch (coll) {
    case GL_REDUCE:
#ifdef COLLALG_TUNED_REDUCE_BOUNDS
        if (tuned)
            return collalg_tuned_reduce(s, r, gl_ints(n), MPI_INT, MPI_SUM, 0, cm);
#endif
        return MPI_Reduce(s, r, gl_ints(n), MPI_INT, MPI_SUM, 0, cm);
    case GL_GATHER:
#ifdef COLLALG_TUNED_GATHER_BOUNDS
        if (tuned)
            return collalg_tuned_gather(s, c, MPI_BYTE, r, c, MPI_BYTE, 0, cm);
#endif
        return MPI_Gather(s, c, MPI_BYTE, r, c, MPI_BYTE, 0, cm);
    case GL_SCATTER:
#ifdef COLLALG_TUNED_SCATTER_BOUNDS
        if (tuned)
            return collalg_tuned_scatter(s, c, MPI_BYTE, r, c, MPI_BYTE, 0, cm);
#endif
        return MPI_Scatter(s, c, MPI_BYTE, r, c, MPI_BYTE, 0, cm);
    case GL_GATHERV:
#ifdef COLLALG_TUNED_GATHERV_BOUNDS
        if (tuned)
            return collalg_tuned_gatherv(s, c, MPI_BYTE, r, cnt, dsp, MPI_BYTE, 0, cm);
#endif
        return MPI_Gatherv(s, c, MPI_BYTE, r, cnt, dsp, MPI_BYTE, 0, cm);
    case GL_SCATTERV:
#ifdef COLLALG_TUNED_SCATTERV_BOUNDS
        if (tuned)
            return collalg_tuned_scatterv(s, cnt, dsp, MPI_BYTE, r, c, MPI_BYTE, 0, cm);
#endif
        return MPI_Scatterv(s, cnt, dsp, MPI_BYTE, r, c, MPI_BYTE, 0, cm);
    case GL_ALLTOALLW:
    default:
#ifdef COLLALG_TUNED_ALLTOALLW_BOUNDS
        if (tuned)
            return collalg_tuned_alltoallw(s, cnt, dsp, R->types, r, cnt, dsp, R->types, cm);
#endif
        return MPI_Alltoallw(s, cnt, dsp, R->types, r, cnt, dsp, R->types, cm);
    }
}

/**
 * @brief The reductions of make bench-reductions on @p n bytes (c = ceil(n / 4) ints, MPI_SUM), as gl_call():
 *        reduce_scatter_block and reduce_scatter (uniform counts) with b = ceil(c / p) ints per
 *        rank (the whole vector, p b >= c ints, is what the selector compares), scan and exscan of
 *        the c ints.
 */
static int gl_call_scans(gl_run *R, enum gl_coll coll, int tuned, long n)
{
    MPI_Comm cm = R->comm;
    void *s = R->sbuf, *r = R->rbuf;
    int c = gl_ints(n), b = (int)gl_ceil_div(c, R->p);
    (void)tuned;
    gl_uniform(R, b, 1);
    switch (coll) {
    case GL_RSB:
#ifdef COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS
        if (tuned)
            return collalg_tuned_reduce_scatter_block(s, r, b, MPI_INT, MPI_SUM, cm);
#endif
        return MPI_Reduce_scatter_block(s, r, b, MPI_INT, MPI_SUM, cm);
    case GL_RS:
#ifdef COLLALG_TUNED_REDUCE_SCATTER_BOUNDS
        if (tuned)
            return collalg_tuned_reduce_scatter(s, r, R->counts, MPI_INT, MPI_SUM, cm);
#endif
        return MPI_Reduce_scatter(s, r, R->counts, MPI_INT, MPI_SUM, cm);
    case GL_SCAN:
#ifdef COLLALG_TUNED_SCAN_BOUNDS
        if (tuned)
            return collalg_tuned_scan(s, r, c, MPI_INT, MPI_SUM, cm);
#endif
        return MPI_Scan(s, r, c, MPI_INT, MPI_SUM, cm);
    case GL_EXSCAN:
    default:
#ifdef COLLALG_TUNED_EXSCAN_BOUNDS
        if (tuned)
            return collalg_tuned_exscan(s, r, c, MPI_INT, MPI_SUM, cm);
#endif
        return MPI_Exscan(s, r, c, MPI_INT, MPI_SUM, cm);
    }
}

/**
 * @brief One call of collective @p coll on @p n bytes: the tuned routine (@p tuned), else the
 *        native one. Buffers: R->sbuf -> R->rbuf (bcast: R->rbuf). @return the MPI error code.
 */
static int gl_call(gl_run *R, enum gl_coll coll, int tuned, long n)
{
    MPI_Comm cm = R->comm;
    void *s = R->sbuf, *r = R->rbuf;
    int c = (int)n, j, *cnt = R->counts, *dsp = R->counts + R->p;
    if (coll >= GL_REDUCE && coll <= GL_ALLTOALLW)
        return gl_call_rooted(R, coll, tuned, n);
    if (coll >= GL_RSB && coll <= GL_EXSCAN)
        return gl_call_scans(R, coll, tuned, n);
    switch (coll) {
    case GL_ALLTOALL:
#ifdef COLLALG_TUNED_ALLTOALL_BOUNDS
        if (tuned)
            return collalg_tuned_alltoall(s, c, MPI_BYTE, r, c, MPI_BYTE, cm);
#endif
        return MPI_Alltoall(s, c, MPI_BYTE, r, c, MPI_BYTE, cm);
    case GL_ALLGATHER:
#ifdef COLLALG_TUNED_ALLGATHER_BOUNDS
        if (tuned)
            return collalg_tuned_allgather(s, c, MPI_BYTE, r, c, MPI_BYTE, cm);
#endif
        return MPI_Allgather(s, c, MPI_BYTE, r, c, MPI_BYTE, cm);
    case GL_ALLREDUCE:
#ifdef COLLALG_TUNED_ALLREDUCE_BOUNDS
        if (tuned)
            return collalg_tuned_allreduce(s, r, gl_ints(n), MPI_INT, MPI_SUM, cm);
#endif
        return MPI_Allreduce(s, r, gl_ints(n), MPI_INT, MPI_SUM, cm);
    case GL_BCAST:
#ifdef COLLALG_TUNED_BCAST_BOUNDS
        if (tuned)
            return collalg_tuned_bcast(r, c, MPI_BYTE, 0, cm);
#endif
        return MPI_Bcast(r, c, MPI_BYTE, 0, cm);
    case GL_ALLTOALLV:
        for (j = 0; j < R->p; j++)
            cnt[j] = c, dsp[j] = (int)(n * j);
#ifdef COLLALG_TUNED_ALLTOALLV_BOUNDS
        if (tuned)
            return collalg_tuned_alltoallv(s, cnt, dsp, MPI_BYTE, r, cnt, dsp, MPI_BYTE, cm);
#endif
        return MPI_Alltoallv(s, cnt, dsp, MPI_BYTE, r, cnt, dsp, MPI_BYTE, cm);
    case GL_ALLGATHERV:
        for (j = 0; j < R->p; j++)
            cnt[j] = c, dsp[j] = (int)(n * j);
#ifdef COLLALG_TUNED_ALLGATHERV_BOUNDS
        if (tuned)
            return collalg_tuned_allgatherv(s, c, MPI_BYTE, r, cnt, dsp, MPI_BYTE, cm);
#endif
        return MPI_Allgatherv(s, c, MPI_BYTE, r, cnt, dsp, MPI_BYTE, cm);
    case GL_BARRIER:
    default:
#ifdef COLLALG_TUNED_BARRIER_BOUNDS
        if (tuned)
            return collalg_tuned_barrier(cm);
#endif
        return MPI_Barrier(cm);
    }
}

/** @brief The tuned routine of @p coll (twice under --slow-tuned @p coll). @return the MPI error code. */
static int gl_tuned(gl_run *R, enum gl_coll coll, long n)
{
    int err = gl_call(R, coll, R->have[coll], n);
    if (err == MPI_SUCCESS && R->o.slow == (int)coll)
        err = gl_call(R, coll, R->have[coll], n);
    return err;
}

/** @brief The tuned allgather of @p b elements of @p type per process from R->mid into R->rbuf. */
static int gl_allgather_mid(gl_run *R, int b, MPI_Datatype type)
{
    int err = MPI_SUCCESS, k;
    for (k = 0; k < (R->o.slow == GL_ALLGATHER ? 2 : 1) && err == MPI_SUCCESS; k++) {
#ifdef COLLALG_TUNED_ALLGATHER_BOUNDS
        err = collalg_tuned_allgather(R->mid, b, type, R->rbuf, b, type, R->comm);
#else
        err = MPI_Allgather(R->mid, b, type, R->rbuf, b, type, R->comm);
#endif
    }
    return err;
}

/** @brief One call of the patterns of GL11, GL14 to GL17 (see the file comment). @return the MPI error code. */
static int gl_pattern_run(gl_run *R, const gl_series *s)
{
    long n = s->bytes, bb = gl_ceil_div(n, R->p), bi = 4 * gl_ceil_div(gl_ints(n), R->p); /* bytes per rank */
    int err;
    switch (s->kind) {
    case GL_GATHER_BCAST: /* allgather of bb bytes per process */
        err = gl_tuned(R, GL_GATHER, bb);
        return err == MPI_SUCCESS ? gl_tuned(R, GL_BCAST, R->p * bb) : err;
    case GL_RSB_GATHER: /* reduce of n bytes */
        err = gl_tuned(R, GL_RSB, n);
        return err == MPI_SUCCESS ? gl_tuned(R, GL_GATHER, bi) : err;
    case GL_REDUCE_SCATTER: /* reduce_scatter_block of n bytes */
        err = gl_tuned(R, GL_REDUCE, R->p * bi);
        return err == MPI_SUCCESS ? gl_tuned(R, GL_SCATTER, bi) : err;
    case GL_EXSCAN_LOCAL: /* scan of n bytes */
        err = gl_tuned(R, GL_EXSCAN, n);
        return err == MPI_SUCCESS ? MPI_Reduce_local(R->sbuf, R->rbuf, gl_ints(n), MPI_INT, MPI_SUM) : err;
    case GL_REDUCE_SCATTERV: /* reduce_scatter of n bytes */
    default: err = gl_tuned(R, GL_REDUCE, R->p * bi); return err == MPI_SUCCESS ? gl_tuned(R, GL_SCATTERV, bi) : err;
    }
}

/** @brief One call of series @p s. @return the MPI error code. */
static int gl_series_run(gl_run *R, const gl_series *s)
{
    long n = s->bytes;
    int err, c = gl_ints(n), b;
    switch (s->kind) {
    case GL_TUNED: return gl_tuned(R, s->coll, n);
    case GL_NATIVE: return gl_call(R, s->coll, 0, n);
    case GL_RSB_ALLGATHER: /* the tuned reduce_scatter_block of n bytes leaves b ints per rank */
        b = (int)gl_ceil_div(c, R->p);
        err = gl_tuned(R, GL_RSB, n);
        return err == MPI_SUCCESS ? gl_allgather_mid(R, b, MPI_INT) : err;
    case GL_REDUCE_BCAST:
        err = gl_tuned(R, GL_REDUCE, n);
        return err == MPI_SUCCESS ? gl_tuned(R, GL_BCAST, 4L * c) : err;
    case GL_SCATTER_ALLGATHER:
        b = (int)gl_ceil_div(n, R->p);
        err = gl_tuned(R, GL_SCATTER, b);
        return err == MPI_SUCCESS ? gl_allgather_mid(R, b, MPI_BYTE) : err;
    default: return gl_pattern_run(R, s);
    }
}

/* ---- the series and their measurement ------------------------------------------------------ */

/** @brief Index of the series (@p kind, @p coll, @p n), or -1. */
static int gl_find(const gl_run *R, enum gl_kind kind, enum gl_coll coll, long n)
{
    int i;
    for (i = 0; i < R->nser; i++)
        if (R->ser[i].kind == kind && (kind > GL_NATIVE || R->ser[i].coll == coll) && R->ser[i].bytes == n)
            return i;
    return -1;
}

/** @brief Adds series (@p kind, @p coll, @p n) unless it is there. */
static void gl_add(gl_run *R, enum gl_kind kind, enum gl_coll coll, long n)
{
    if (gl_find(R, kind, coll, n) >= 0)
        return;
    R->ser[R->nser].kind = kind;
    R->ser[R->nser].coll = coll;
    R->ser[R->nser].bytes = n;
    R->ser[R->nser].median = 0;
    R->nser++;
}

/**
 * @brief The series of GL3, GL4, GL7, GL8, GL9, GL11, GL14 to GL17 at @p n: both sides of each,
 *        whether or not the header tunes the collectives (a routine it does not tune is the
 *        native one, as in PGMPI). b = ceil(n / p) bytes per rank where a side moves blocks.
 */
static void gl_plan_reductions(gl_run *R, long n)
{
    long b = gl_ceil_div(n, R->p);
    static const enum gl_coll whole[] = {GL_REDUCE, GL_ALLREDUCE, GL_RS, GL_RSB, GL_SCAN, GL_BCAST};
    static const enum gl_kind pat[] = {GL_GATHER_BCAST, GL_RSB_GATHER, GL_REDUCE_SCATTER, GL_EXSCAN_LOCAL,
                                       GL_REDUCE_SCATTERV};
    static const enum gl_coll left[] = {GL_ALLGATHER, GL_REDUCE, GL_RSB, GL_SCAN, GL_RS}; /* for messages */
    int i;
    for (i = 0; i < (int)(sizeof whole / sizeof *whole); i++)
        gl_add(R, GL_TUNED, whole[i], n);
    gl_add(R, GL_TUNED, GL_GATHER, b);
    gl_add(R, GL_TUNED, GL_ALLGATHER, b);
    gl_add(R, GL_TUNED, GL_SCATTER, b);
    for (i = 0; i < (int)(sizeof pat / sizeof *pat); i++)
        gl_add(R, pat[i], left[i], n);
}

/** @brief Lists every series the guidelines need (see the file comment). */
static void gl_plan(gl_run *R)
{
    int i, c;
    for (i = 0; i < R->o.nsizes; i++) {
        long n = R->o.sizes[i];
        for (c = 0; c < GL_BARRIER; c++)
            if (R->have[c]) {
                gl_add(R, GL_TUNED, (enum gl_coll)c, n);
                gl_add(R, GL_NATIVE, (enum gl_coll)c, n);
            }
        if (R->have[GL_ALLREDUCE]) {
            gl_add(R, GL_RSB_ALLGATHER, GL_ALLREDUCE, n);
            gl_add(R, GL_REDUCE_BCAST, GL_ALLREDUCE, n);
        }
        if (R->have[GL_BCAST])
            gl_add(R, GL_SCATTER_ALLGATHER, GL_BCAST, n);
        gl_plan_reductions(R, n);
    }
    if (R->have[GL_BARRIER]) {
        gl_add(R, GL_TUNED, GL_BARRIER, 0);
        gl_add(R, GL_NATIVE, GL_BARRIER, 0);
    }
}

/**
 * @brief Allocates the buffers for the largest size (zeros, so that sums cannot overflow).
 * @return 0, or -1 when a count or displacement would not fit in an int or memory is short.
 */
static int gl_alloc(gl_run *R)
{
    long maxn = R->o.sizes[R->o.nsizes - 1], big = (long)R->p * maxn + 4L * R->p + 64;
    int i;
    int nmax = 2 * GL_NCOLL + 16; /* series per size: tuned and native, 8 patterns, derived sizes */
    if (maxn > (INT_MAX - 64) / R->p - 4)
        return -1;
    R->sbuf = (unsigned char *)calloc((size_t)big, 1);
    R->rbuf = (unsigned char *)calloc((size_t)big, 1);
    R->mid = (unsigned char *)calloc((size_t)maxn + 4L * R->p + 64, 1);
    R->counts = (int *)calloc(2 * (size_t)R->p, sizeof(int));
    R->types = (MPI_Datatype *)malloc((size_t)R->p * sizeof(MPI_Datatype));
    for (i = 0; R->types && i < R->p; i++)
        R->types[i] = MPI_BYTE;
    R->ser = (gl_series *)calloc((size_t)nmax * R->o.nsizes + 2, sizeof(gl_series));
    R->t = (double *)calloc(((size_t)nmax * R->o.nsizes + 2) * (size_t)R->o.reps, sizeof(double));
    return R->sbuf && R->rbuf && R->mid && R->counts && R->types && R->ser && R->t ? 0 : -1;
}

/** @brief Frees what gl_alloc() allocated. */
static void gl_free(gl_run *R)
{
    free(R->sbuf), free(R->rbuf), free(R->mid), free(R->counts), free(R->types), free(R->ser), free(R->t);
}

/** @brief Shuffles @p ord[0..n) with a generator of state @p seed (the same on every rank). */
static void gl_shuffle(int *ord, int n, unsigned long seed)
{
    int i;
    for (i = n - 1; i > 0; i--) {
        int j, x;
        seed = seed * 6364136223846793005UL + 1442695040888963407UL;
        j = (int)((seed >> 33) % (unsigned long)(i + 1));
        x = ord[i], ord[i] = ord[j], ord[j] = x;
    }
}

/**
 * @brief Runs every series reps times, interleaved (see "Measurement"), after one untimed round;
 *        rank 0 ends with the per-call maxima over the ranks in R->t.
 * @return the index of a series whose call failed on some rank, or -1.
 */
static int gl_measure(gl_run *R)
{
    int *ord = (int *)malloc((size_t)R->nser * sizeof(int) + 1), *bad = (int *)calloc((size_t)R->nser + 1, sizeof(int));
    int r, k, failed = -1, any;
    double *mx;
    for (r = -1; r < R->o.reps; r++) {
        for (k = 0; k < R->nser; k++)
            ord[k] = k;
        gl_shuffle(ord, R->nser, 12345UL + (unsigned long)(r + 1));
        for (k = 0; k < R->nser; k++) {
            int s = ord[k], err;
            double t0;
            MPI_Barrier(R->comm);
            t0 = MPI_Wtime();
            err = gl_series_run(R, &R->ser[s]);
            if (r >= 0)
                R->t[(size_t)s * R->o.reps + r] = MPI_Wtime() - t0;
            bad[s] |= err != MPI_SUCCESS;
        }
    }
    for (k = 0, any = 0; k < R->nser; k++)
        any |= bad[k];
    MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_MAX, R->comm);
    if (any) {
        MPI_Allreduce(MPI_IN_PLACE, bad, R->nser, MPI_INT, MPI_MAX, R->comm);
        for (k = 0; k < R->nser && failed < 0; k++)
            if (bad[k])
                failed = k;
    }
    mx = R->rank == 0 ? (double *)malloc((size_t)R->nser * R->o.reps * sizeof(double)) : NULL;
    MPI_Reduce(R->t, mx, R->nser * R->o.reps, MPI_DOUBLE, MPI_MAX, 0, R->comm);
    if (mx)
        memcpy(R->t, mx, (size_t)R->nser * R->o.reps * sizeof(double));
    free(mx), free(ord), free(bad);
    return failed;
}

/* ---- the checks ---------------------------------------------------------------------------- */

/** @brief One check: left <= right at one size. */
typedef struct gl_check {
    char name[64]; /**< guideline */
    long bytes;    /**< n */
    long next;     /**< monotony: n', else -1 */
    int lhs, rhs;  /**< series */
    double ratio;  /**< median(left) / median(right) */
    double pvalue; /**< one-sided: right stochastically smaller than left */
    int violated;  /**< pvalue < alpha and ratio > 1 + tolerance */
} gl_check;

/** @brief Decides one check (rank 0). */
static void gl_decide(const gl_run *R, gl_check *c)
{
    const double *l = R->t + (size_t)c->lhs * R->o.reps, *r = R->t + (size_t)c->rhs * R->o.reps;
    double ml = R->ser[c->lhs].median, mr = R->ser[c->rhs].median;
    c->ratio = mr > 0 ? ml / mr : (ml > 0 ? HUGE_VAL : 1);
    c->pvalue = tune_wilcoxon_less(r, R->o.reps, l, R->o.reps);
    c->violated = c->pvalue < R->o.alpha && c->ratio > 1 + R->o.tolerance;
}

/** @brief Appends check (@p name, @p n, @p next, @p lhs, @p rhs) to @p out[*n] when both series exist. */
static void gl_push(const gl_run *R, gl_check *out, int *count, const char *name, long n, long next, int lhs, int rhs)
{
    gl_check *c = &out[*count];
    if (lhs < 0 || rhs < 0)
        return;
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->bytes = n;
    c->next = next;
    c->lhs = lhs;
    c->rhs = rhs;
    gl_decide(R, c);
    (*count)++;
}

/** @brief One check of a guideline whose sides are the tuned @p l at @p ln and series @p rhs, at n. */
static void gl_push_tuned(const gl_run *R, gl_check *out, int *count, const char *name, long n, enum gl_coll l, long ln,
                          int rhs)
{
    gl_push(R, out, count, name, n, -1, gl_find(R, GL_TUNED, l, ln), rhs);
}

/** @brief The checks of GL3, GL4, GL7, GL8, GL9, GL11, GL14 to GL17 at @p n (rank 0). */
static void gl_checks_reductions(const gl_run *R, gl_check *out, int *count, long n)
{
    long b = gl_ceil_div(n, R->p);
    gl_push_tuned(R, out, count, "gather<=allgather", n, GL_GATHER, b, gl_find(R, GL_TUNED, GL_ALLGATHER, b));
    gl_push_tuned(R, out, count, "gather<=reduce", n, GL_GATHER, b, gl_find(R, GL_TUNED, GL_REDUCE, n));
    gl_push_tuned(R, out, count, "scatter<=bcast", n, GL_SCATTER, b, gl_find(R, GL_TUNED, GL_BCAST, n));
    gl_push_tuned(R, out, count, "reduce<=allreduce", n, GL_REDUCE, n, gl_find(R, GL_TUNED, GL_ALLREDUCE, n));
    gl_push_tuned(R, out, count, "reduce_scatter<=allreduce", n, GL_RS, n, gl_find(R, GL_TUNED, GL_ALLREDUCE, n));
    gl_push_tuned(R, out, count, "allgather<=gather+bcast", n, GL_ALLGATHER, b,
                  gl_find(R, GL_GATHER_BCAST, GL_ALLGATHER, n));
    gl_push_tuned(R, out, count, "reduce<=reduce_scatter_block+gather", n, GL_REDUCE, n,
                  gl_find(R, GL_RSB_GATHER, GL_REDUCE, n));
    gl_push_tuned(R, out, count, "reduce_scatter_block<=reduce+scatter", n, GL_RSB, n,
                  gl_find(R, GL_REDUCE_SCATTER, GL_RSB, n));
    gl_push_tuned(R, out, count, "scan<=exscan+reduce_local", n, GL_SCAN, n, gl_find(R, GL_EXSCAN_LOCAL, GL_SCAN, n));
    gl_push_tuned(R, out, count, "reduce_scatter<=reduce+scatterv", n, GL_RS, n,
                  gl_find(R, GL_REDUCE_SCATTERV, GL_RS, n));
}

/** @brief Builds and decides every check (rank 0). @return how many. */
static int gl_checks(const gl_run *R, gl_check *out)
{
    char name[64];
    int c, i, n = 0;
    const long *sz = R->o.sizes;
    for (c = 0; c < GL_NCOLL; c++) {
        if (!R->have[c])
            continue;
        snprintf(name, sizeof name, "tuned<=native(%s)", gl_coll_name[c]);
        for (i = 0; i < (c == GL_BARRIER ? 1 : R->o.nsizes); i++) {
            long b = c == GL_BARRIER ? 0 : sz[i];
            gl_push(R, out, &n, name, b, -1, gl_find(R, GL_TUNED, (enum gl_coll)c, b),
                    gl_find(R, GL_NATIVE, (enum gl_coll)c, b));
        }
    }
    for (c = 0; c < GL_BARRIER; c++) {
        if (!R->have[c])
            continue;
        snprintf(name, sizeof name, "monotony(%s)", gl_coll_name[c]);
        for (i = 0; i + 1 < R->o.nsizes; i++)
            gl_push(R, out, &n, name, sz[i], sz[i + 1], gl_find(R, GL_TUNED, (enum gl_coll)c, sz[i]),
                    gl_find(R, GL_TUNED, (enum gl_coll)c, sz[i + 1]));
    }
    for (i = 0; i < R->o.nsizes; i++)
        gl_push(R, out, &n, "allreduce<=reduce_scatter_block+allgather", sz[i], -1,
                gl_find(R, GL_TUNED, GL_ALLREDUCE, sz[i]), gl_find(R, GL_RSB_ALLGATHER, GL_ALLREDUCE, sz[i]));
    for (i = 0; i < R->o.nsizes; i++)
        gl_push(R, out, &n, "allreduce<=reduce+bcast", sz[i], -1, gl_find(R, GL_TUNED, GL_ALLREDUCE, sz[i]),
                gl_find(R, GL_REDUCE_BCAST, GL_ALLREDUCE, sz[i]));
    for (i = 0; i < R->o.nsizes; i++)
        gl_push(R, out, &n, "bcast<=scatter+allgather", sz[i], -1, gl_find(R, GL_TUNED, GL_BCAST, sz[i]),
                gl_find(R, GL_SCATTER_ALLGATHER, GL_BCAST, sz[i]));
    for (i = 0; i < R->o.nsizes; i++)
        gl_push(R, out, &n, "allgather<=alltoall", sz[i], -1, gl_find(R, GL_TUNED, GL_ALLGATHER, sz[i]),
                gl_find(R, GL_TUNED, GL_ALLTOALL, sz[i]));
    for (i = 0; i < R->o.nsizes; i++)
        gl_checks_reductions(R, out, &n, sz[i]);
    return n;
}

/* ---- the report ---------------------------------------------------------------------------- */

/** @brief Creates directory @p path and its parents (like mkdir -p). @return 0 or -1. */
static int gl_mkdirs(const char *path)
{
    char buf[1024];
    size_t i, len = strlen(path);
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, path, len + 1);
    for (i = 1; i <= len; i++) {
        if (buf[i] != '/' && buf[i] != 0)
            continue;
        buf[i] = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return -1;
        buf[i] = path[i];
    }
    return 0;
}

/** @brief Writes DIR/guidelines.csv. @return 0, or 2 when it cannot be written. */
static int gl_write_csv(const gl_run *R, const gl_check *ck, int n)
{
    char path[1200];
    FILE *f;
    int i;
    if (gl_mkdirs(R->o.out) != 0)
        return 2;
    snprintf(path, sizeof path, "%s/guidelines.csv", R->o.out);
    f = fopen(path, "w");
    if (!f)
        return 2;
    fprintf(f, "guideline,bytes,lhs_us,rhs_us,ratio,p_value,violated\n");
    for (i = 0; i < n; i++)
        fprintf(f, "%s,%ld,%.4f,%.4f,%.4f,%.4g,%d\n", ck[i].name, ck[i].bytes, 1e6 * R->ser[ck[i].lhs].median,
                1e6 * R->ser[ck[i].rhs].median, ck[i].ratio, ck[i].pvalue, ck[i].violated);
    return fclose(f) == 0 ? 0 : 2;
}

/** @brief Prints the table (violations, or every check with --all) and the summary line. */
static void gl_print(const gl_run *R, const gl_check *ck, int n)
{
    int i, j, violated = 0, guidelines = 0, bad_guidelines = 0, lines = 0;
    printf("collalg-guidelines p=%d: %d series x %d calls (max over ranks); violated: one-sided Wilcoxon rank-sum "
           "p < %g and ratio > %g\n",
           R->p, R->nser, R->o.reps, R->o.alpha, 1 + R->o.tolerance);
#ifdef COLLALG_TUNED_PROCS
    if (R->p != COLLALG_TUNED_PROCS)
        printf("NOTE: the header was tuned on %d processes; unless it was tuned with --any-procs, its rules do not "
               "apply at p = %d (native MPI runs)\n",
               COLLALG_TUNED_PROCS, R->p);
#endif
    printf("%-42s %16s %11s %11s %8s %9s  %s\n", "guideline", "bytes", "left us", "right us", "ratio", "p-value",
           "verdict");
    for (i = 0; i < n; i++) {
        char bytes[48];
        int first = 1, any = 0;
        for (j = 0; j < i; j++)
            first &= strcmp(ck[j].name, ck[i].name) != 0;
        for (j = 0; first && j < n; j++)
            any |= !strcmp(ck[j].name, ck[i].name) && ck[j].violated;
        guidelines += first;
        bad_guidelines += first && any;
        violated += ck[i].violated;
        if (!ck[i].violated && !R->o.all)
            continue;
        if (ck[i].next >= 0)
            snprintf(bytes, sizeof bytes, "%ld -> %ld", ck[i].bytes, ck[i].next);
        else
            snprintf(bytes, sizeof bytes, "%ld", ck[i].bytes);
        printf("%-42s %16s %11.2f %11.2f %8.3f %9.3g  %s\n", ck[i].name, bytes, 1e6 * R->ser[ck[i].lhs].median,
               1e6 * R->ser[ck[i].rhs].median, ck[i].ratio, ck[i].pvalue, ck[i].violated ? "VIOLATED" : "ok");
        lines++;
    }
    if (lines == 0)
        printf("(no violation)\n");
    printf("collalg-guidelines p=%d: %d checks of %d guidelines, %d violated (%d guidelines); %s/guidelines.csv\n",
           R->p, n, guidelines, violated, bad_guidelines, R->o.out);
}

/** @brief Medians of every series (rank 0): the middle sample, or the mean of the two middle ones. */
static void gl_medians(gl_run *R)
{
    double *x = (double *)malloc((size_t)R->o.reps * sizeof(double));
    int s, n = R->o.reps;
    for (s = 0; x && s < R->nser; s++) {
        memcpy(x, R->t + (size_t)s * n, (size_t)n * sizeof *x);
        qsort(x, (size_t)n, sizeof *x, tune_cmp_double);
        R->ser[s].median = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
    }
    free(x);
}

/** @brief Analysis and report on rank 0. @return the exit status (0, or 2: CSV not written). */
static int gl_report(gl_run *R)
{
    gl_check *ck = (gl_check *)calloc((size_t)(3 * GL_NCOLL + 16) * R->o.nsizes + 2, sizeof(gl_check));
    int n, status;
    if (!ck)
        return 2;
    gl_medians(R);
    n = gl_checks(R, ck);
    gl_print(R, ck, n);
    status = gl_write_csv(R, ck, n);
    if (status)
        fprintf(stderr, "collalg-guidelines: cannot write %s/guidelines.csv\n", R->o.out);
    fflush(stdout);
    free(ck);
    return status;
}

/** @brief Runs the check (see the file comment). @return the exit status described there. */
int main(int argc, char **argv)
{
    gl_run R;
    int status = 0, failed, ok;
    MPI_Init(&argc, &argv);
    memset(&R, 0, sizeof R);
    MPI_Comm_dup(MPI_COMM_WORLD, &R.comm);
    MPI_Comm_set_errhandler(R.comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(R.comm, &R.rank);
    MPI_Comm_size(R.comm, &R.p);
    gl_have(R.have);
    status = gl_parse(argc, argv, &R.o, R.rank);
    if (status == 0) {
        ok = gl_alloc(&R) == 0;
        MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT, MPI_LAND, R.comm);
        if (!ok) {
            if (R.rank == 0)
                fprintf(stderr, "collalg-guidelines: buffers for %ld B at p = %d do not fit (int counts or memory)\n",
                        R.o.sizes[R.o.nsizes - 1], R.p);
            status = -1;
        }
    }
    if (status == 0) {
        gl_plan(&R);
        failed = gl_measure(&R);
        if (failed >= 0) {
            static const char *const what[] = {"collalg_tuned_",
                                               "MPI_",
                                               "reduce_scatter_block+allgather for ",
                                               "reduce+bcast for ",
                                               "scatter+allgather for ",
                                               "gather+bcast for ",
                                               "reduce_scatter_block+gather for ",
                                               "reduce+scatter for ",
                                               "exscan+reduce_local for ",
                                               "reduce+scatterv for "};
            if (R.rank == 0)
                fprintf(stderr, "collalg-guidelines: a call returned an error: %s%s at %ld B\n",
                        what[R.ser[failed].kind], gl_coll_name[R.ser[failed].coll], R.ser[failed].bytes);
            status = -1;
        } else if (R.rank == 0) {
            status = gl_report(&R);
        }
        MPI_Bcast(&status, 1, MPI_INT, 0, R.comm);
    }
    gl_free(&R);
    MPI_Comm_free(&R.comm);
    MPI_Finalize();
    return status < 0 ? 1 : status == 1 ? 0 : status;
}
