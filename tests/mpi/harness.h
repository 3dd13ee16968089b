/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * harness.h - shared code of the MPI test programs (tests/mpi/ *.c).
 *
 * Each program runs the catalogue's algorithms of one collective on MPI_COMM_WORLD over a matrix
 * of counts x datatypes (x in place), runs the native MPI collective on identical inputs, and
 * compares the two receive buffers byte for byte over their whole allocation (so the gaps of a
 * derived type must be left untouched, as the native collective leaves them). Each program
 * exits 0 when every check passed and prints, from rank 0, a last line
 *   "<N> passed, <M> failed"
 * The Criterion suites (tests/test_*.c) launch these programs under mpiexec and smpirun.
 *
 * Options common to all programs (th_parse):
 *   --algo NAME     run only the algorithms whose name contains NAME
 *   --counts LIST   comma-separated counts; "big" = one count whose block exceeds 64 KiB
 *   --types LIST    comma-separated type names (int,double,vector,struct,int-vector)
 *   --no-inplace    skip the MPI_IN_PLACE cases
 *   --max-bytes B   skip a case whose largest buffer on one rank exceeds B bytes
 *   -v              print every case
 */
#ifndef COLLALG_TESTS_HARNESS_H
#define COLLALG_TESTS_HARNESS_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- clocks ------------------------------------------------------------------------------ */

/* Seconds on a clock whose readings on different ranks of one host can be compared (the barrier
 * checks compare entry and exit times across ranks). MPI_Wtime under MPICH and SimGrid; under
 * Open MPI, whose MPI_Wtime counts from each process's own start, CLOCK_MONOTONIC (the program
 * must make POSIX visible, e.g. define _DEFAULT_SOURCE before its first include). */
static inline double th_stamp(void)
{
#if defined(OPEN_MPI) && defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return MPI_Wtime();
#endif
}

/* ---- datatypes --------------------------------------------------------------------------- */

/* A pair of datatypes to send with and receive with. `ratio` elements of stype carry the
 * signature of one element of rtype (so a send count is count * ratio). */
typedef struct th_types {
    const char *name;
    MPI_Datatype stype, rtype;
    int ratio;
    int reducible; /* 1 when rtype == stype is a basic numeric type usable with MPI_SUM */
} th_types;

#define TH_NTYPES 5

/* Builds: int, double, vector (2 ints at stride 2: gaps), struct (an int at byte 8 and a
 * double at byte 24, resized to lb 4 and extent 40: gaps and a non-zero lower bound), and
 * int-vector (sent as 2n MPI_INT, received as n vectors: different types, same signature). */
static inline void th_types_init(th_types t[TH_NTYPES])
{
    MPI_Datatype vec, st, sr;
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {8, 24};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};

    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_create_struct(2, bl, disp, ty, &st);
    MPI_Type_create_resized(st, 4, 40, &sr);
    MPI_Type_commit(&sr);
    MPI_Type_free(&st);
    t[0] = (th_types){"int", MPI_INT, MPI_INT, 1, 1};
    t[1] = (th_types){"double", MPI_DOUBLE, MPI_DOUBLE, 1, 1};
    t[2] = (th_types){"vector", vec, vec, 1, 0};
    t[3] = (th_types){"struct", sr, sr, 1, 0};
    t[4] = (th_types){"int-vector", MPI_INT, vec, 2, 0};
}

static inline void th_types_free(th_types t[TH_NTYPES])
{
    MPI_Type_free(&t[2].rtype);
    MPI_Type_free(&t[3].rtype);
}

/* Bytes of memory that `count` elements of `type` touch, counted from the buffer address. */
static inline size_t th_bytes(long count, MPI_Datatype type)
{
    MPI_Aint lb, ext, tlb, text;
    MPI_Type_get_extent(type, &lb, &ext);
    MPI_Type_get_true_extent(type, &tlb, &text);
    if (count <= 0)
        return 16;
    return (size_t)((count - 1) * ext + tlb + text) + 16;
}

/* Count whose block of one element type exceeds 64 KiB. */
static inline int th_big_count(MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return 65536 / size + 3;
}

/* ---- buffers ------------------------------------------------------------------------------ */

static inline unsigned th_rng(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

/* Fills `bytes` bytes with a pattern that depends on `seed` (rank, case) and on the position. */
static inline void th_fill(void *buf, size_t bytes, unsigned seed)
{
    unsigned char *b = (unsigned char *)buf;
    unsigned s = seed * 2654435761u + 1u;
    size_t i;
    for (i = 0; i < bytes; i++)
        b[i] = (unsigned char)th_rng(&s);
}

static inline void *th_alloc(size_t bytes)
{
    void *p = malloc(bytes);
    if (!p) {
        fprintf(stderr, "harness: out of memory (%zu bytes)\n", bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

/* ---- transport collectives (alltoall, allgather): one signature for the algorithm tables ---- */

/* The MPI_Alltoall / MPI_Allgather arguments plus one tuning parameter. */
typedef int (*th_transport_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, int);

/* Defines run_<name>, calling collalg_<coll>_<name> without (PLAIN) or with (PARAM) the parameter. */
/* clang-format off */
#define TH_PLAIN(coll, name)                                                                               \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm cm, \
                          int param)                                                                       \
    {                                                                                                      \
        (void)param;                                                                                       \
        return collalg_##coll##_##name(sb, sc, st, rb, rc, rt, cm);                                        \
    }
#define TH_PARAM(coll, name)                                                                               \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm cm, \
                          int param)                                                                       \
    {                                                                                                      \
        return collalg_##coll##_##name(sb, sc, st, rb, rc, rt, cm, param);                                 \
    }
/* clang-format on */

/* Parameter codes of the N-barrier algorithms: >= 0 literal; TH_MAXB = the largest barrier count
 * (phases - 1) with phases = p - 1 (ring); TH_MAXB_PAIR the same with the pair schedule's phases
 * (p - 1 for even p, p for odd p). */
#define TH_MAXB (-1)
#define TH_MAXB_PAIR (-2)

/* The barrier count a parameter code stands for on p processes (0 where no barrier fits). */
static inline int th_resolve_nbarriers(int code, int p)
{
    int phases = code == TH_MAXB_PAIR ? (p <= 1 ? 0 : (p % 2 == 0 ? p - 1 : p)) : p - 1;
    if (code >= 0)
        return code > 0 && phases < 2 ? 0 : code;
    return phases >= 2 ? phases - 1 : 0;
}

/* ---- options and results ------------------------------------------------------------------- */

typedef struct th_opts {
    const char *algo;
    int counts[16];
    int ncounts; /* -1 in counts[] means "big" */
    const char *types;
    int inplace;
    double max_bytes;
    int verbose;
} th_opts;

/* 1 when `item` is one of the comma-separated entries of `list`. */
static inline int th_in_list(const char *list, const char *item)
{
    size_t n = strlen(item);
    const char *s = list;
    while (s && *s) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (len == n && strncmp(s, item, n) == 0)
            return 1;
        s = end ? end + 1 : NULL;
    }
    return 0;
}

static inline int th_want_type(const th_opts *o, const char *name)
{
    return !o->types || th_in_list(o->types, name);
}

static inline int th_want_algo(const th_opts *o, const char *name)
{
    return !o->algo || strstr(name, o->algo) != NULL;
}

static inline void th_parse(int argc, char **argv, th_opts *o)
{
    int i;
    memset(o, 0, sizeof *o);
    o->inplace = 1;
    o->max_bytes = 1e18;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--algo") && i + 1 < argc)
            o->algo = argv[++i];
        else if (!strcmp(argv[i], "--types") && i + 1 < argc)
            o->types = argv[++i];
        else if (!strcmp(argv[i], "--no-inplace"))
            o->inplace = 0;
        else if (!strcmp(argv[i], "--max-bytes") && i + 1 < argc)
            o->max_bytes = atof(argv[++i]);
        else if (!strcmp(argv[i], "-v"))
            o->verbose = 1;
        else if (!strcmp(argv[i], "--counts") && i + 1 < argc) {
            const char *s = argv[++i];
            while (s && *s && o->ncounts < 16) {
                o->counts[o->ncounts++] = strncmp(s, "big", 3) == 0 ? -1 : atoi(s);
                s = strchr(s, ',');
                s = s ? s + 1 : NULL;
            }
        }
    }
    if (o->ncounts == 0) {
        int defaults[5] = {0, 1, 3, 1000, -1};
        memcpy(o->counts, defaults, sizeof defaults);
        o->ncounts = 5;
    }
}

/* Verdicts are recorded locally, one per case, and agreed over MPI_COMM_WORLD once, in
 * th_finish: a failing case costs no extra collective, so the matrix runs at the speed of the
 * collectives under test. Every rank must record the same sequence of cases. */
typedef struct th_result {
    long ncases;
    long cap;
    char *bad;         /* bad[i] = 1 when case i failed on this rank */
    char (*what)[256]; /* description of each case */
} th_result;

static inline void th_record(th_result *r, const th_opts *o, const char *what, int bad)
{
    int rank;
    if (r->ncases == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 1024;
        r->bad = (char *)realloc(r->bad, (size_t)r->cap);
        r->what = (char(*)[256])realloc(r->what, (size_t)r->cap * sizeof *r->what);
        if (!r->bad || !r->what)
            MPI_Abort(MPI_COMM_WORLD, 2);
    }
    r->bad[r->ncases] = (char)(bad != 0);
    snprintf(r->what[r->ncases], sizeof r->what[0], "%s", what);
    r->ncases++;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (o->verbose && rank == 0)
        printf("%s %s\n", bad ? "FAIL" : "ran ", what);
}

/* Records one case: the first `bytes` bytes of `got` must equal those of `want`. */
static inline void th_check(th_result *r, const th_opts *o, const char *what, const void *got, const void *want,
                            size_t bytes)
{
    int rank, bad = memcmp(got, want, bytes) != 0;
    if (bad) {
        size_t i = 0;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        while (((const unsigned char *)got)[i] == ((const unsigned char *)want)[i])
            i++;
        fprintf(stderr, "FAIL rank %d: %s: first difference at byte %zu of %zu\n", rank, what, i, bytes);
    }
    th_record(r, o, what, bad);
}

/* Records a check decided by the caller (e.g. an expected error code). */
static inline void th_expect(th_result *r, const th_opts *o, const char *what, int ok)
{
    int rank;
    if (!ok) {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        fprintf(stderr, "FAIL rank %d: %s\n", rank, what);
    }
    th_record(r, o, what, !ok);
}

/* Records the usual pair of checks of one call: it returned MPI_SUCCESS, and the first `bytes`
 * bytes of `got` equal those of `want` (the native collective's result). */
static inline void th_expect_same(th_result *r, const th_opts *o, const char *what, int err, const void *got,
                                  const void *want, size_t bytes)
{
    th_expect(r, o, what, err == MPI_SUCCESS);
    th_check(r, o, what, got, want, bytes);
}

/* Agrees on every verdict, prints the failed cases and the closing line
 * "<prog> p=<p>: <N> passed, <M> failed" from rank 0; returns the exit status. */
static inline int th_finish(th_result *r, const char *prog)
{
    int rank, size;
    long i, failed = 0;
    char *all = (char *)calloc((size_t)(r->ncases ? r->ncases : 1), 1);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Allreduce(r->bad, all, (int)r->ncases, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD);
    for (i = 0; i < r->ncases; i++) {
        if (all[i]) {
            failed++;
            if (rank == 0)
                printf("FAILED: %s\n", r->what[i]);
        }
    }
    if (rank == 0) {
        printf("%s p=%d: %ld passed, %ld failed\n", prog, size, r->ncases - failed, failed);
        fflush(stdout);
    }
    free(all);
    free(r->bad);
    free(r->what);
    return failed ? 1 : 0;
}

/* ---- rejected tuning parameters (the N of the N-barrier algorithms) ------------------------- */

/* Error code the recording error handler last saw (0 = not called). */
static int th_handler_saw;

static void th_record_error(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    th_handler_saw = *code;
}

/* A duplicate of `base` whose error handler records into th_handler_saw. A recording handler
 * rather than MPI_ERRORS_RETURN: SimGrid 3.32's MPI_Comm_call_errhandler crashes on a
 * communicator whose handler is MPI_ERRORS_RETURN. Free with th_recording_comm_free. */
static inline MPI_Comm th_recording_dup(MPI_Comm base, MPI_Errhandler *eh)
{
    MPI_Comm c;
    MPI_Comm_dup(base, &c);
    MPI_Comm_create_errhandler(th_record_error, eh);
    MPI_Comm_set_errhandler(c, *eh);
    th_handler_saw = 0;
    return c;
}

/* th_recording_dup of MPI_COMM_WORLD. */
static inline MPI_Comm th_recording_comm(MPI_Errhandler *eh)
{
    return th_recording_dup(MPI_COMM_WORLD, eh);
}

static inline void th_recording_comm_free(MPI_Comm *c, MPI_Errhandler *eh)
{
    MPI_Comm_free(c);
    MPI_Errhandler_free(eh);
}

/* The out-of-range values of N for a phased algorithm on p processes with the ring schedule
 * (pair = 0: p - 1 phases) or the pair schedule (pair = 1): -1, and the number of phases when
 * there are at least two. Returns how many values it wrote (1 or 2). */
static inline int th_bad_nbarriers(int pair, int p, int values[2])
{
    int phases = pair ? (p <= 1 ? 0 : (p % 2 == 0 ? p - 1 : p)) : p - 1;
    values[0] = -1;
    values[1] = phases;
    return phases >= 2 ? 2 : 1;
}

/* Records one call that must be rejected: it returned MPI_ERR_ARG, the error handler saw that
 * class (th_handler_saw, reset here for the next call), and the receive buffer is untouched. */
static inline void th_expect_rejected(th_result *r, const th_opts *o, const char *what, int err, int untouched)
{
    int cls = MPI_SUCCESS;
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &cls);
    th_handler_saw = 0;
    th_expect(r, o, what, err == MPI_ERR_ARG && cls == MPI_ERR_ARG && untouched);
}

/* Records a call that must fail with error class `want` (MPI_SUCCESS: must succeed), the error
 * handler having seen that class (or not having been called: th_handler_saw, reset here), the
 * receive buffer untouched. */
static inline void th_expect_class(th_result *r, const th_opts *o, const char *what, int err, int want, int untouched)
{
    int cls = MPI_SUCCESS, seen = MPI_SUCCESS;
    if (err != MPI_SUCCESS)
        MPI_Error_class(err, &cls);
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(r, o, what, cls == want && seen == want && untouched);
}

/* ---- roots ------------------------------------------------------------------------------------ */

/* The roots of a rooted collective's run: every rank (all), or 0, p/2 and p-1. Returns how many it
 * wrote into roots (at most p). */
static inline int th_roots(int p, int all, int *roots)
{
    int i, n = 0;
    if (all) {
        for (i = 0; i < p; i++)
            roots[n++] = i;
        return n;
    }
    roots[n++] = 0;
    if (p / 2 > 0)
        roots[n++] = p / 2;
    if (p - 1 > p / 2)
        roots[n++] = p - 1;
    return n;
}

/* ---- block patterns of the v collectives (allgatherv, gatherv, scatterv) ------------------------
 * The patterns of a base count c (option --patterns LIST selects some by name):
 *   uniform   every rank c elements, blocks back to back in rank order
 *   zeros     every third rank (0, 3, 6, ...) contributes 0 elements, the others c
 *   uneven    rank p / 2 holds about 90 % of the data, the others c / 10 each
 *   random    counts uniform in [0, 2c], back to back in rank order
 *   reverse   counts c or c + 1, blocks in reverse rank order with one-element gaps
 *   permuted  counts uniform in [0, 2c], blocks in a shuffled rank order with gaps of 0-2
 * Count 0 makes every pattern all-zero: it runs once, as uniform (when uniform is selected).
 * Every rank computes the same counts and displs from (pattern, c, p). */

#define TH_NVPATTERNS 6

/* The name of pattern `pat` (0 <= pat < TH_NVPATTERNS). */
static inline const char *th_vpattern_name(int pat)
{
    static const char *const names[TH_NVPATTERNS] = {"uniform", "zeros", "uneven", "random", "reverse", "permuted"};
    return names[pat];
}

/* Fills counts[p] and displs[p] for pattern `pat` and base count c (order: p ints of scratch);
 * returns the number of elements the buffer of all blocks must span (the largest displs[j] +
 * counts[j]). */
static inline long th_vpattern(int pat, int c, int p, int *counts, int *displs, int *order)
{
    unsigned seed = (unsigned)(c * 131 + p * 7 + pat);
    long pos = 0, end = 0;
    int j, k, light;

    for (j = 0; j < p; j++) {
        order[j] = j;
        switch (pat) {
        case 0: counts[j] = c; break;
        case 1: counts[j] = j % 3 == 0 ? 0 : c; break;
        case 2:
            light = c / 10;
            counts[j] = j == p / 2 ? c * p - light * (p - 1) : light;
            break;
        case 4: counts[j] = c + j % 2 * (c > 0); break;
        default: counts[j] = (int)(th_rng(&seed) % (unsigned)(2 * c + 1)); break;
        }
    }
    if (pat == 4)
        for (j = 0; j < p; j++)
            order[j] = p - 1 - j;
    if (pat == 5)
        for (j = p - 1; j > 0; j--) {
            int t, r = (int)(th_rng(&seed) % (unsigned)(j + 1));
            t = order[j];
            order[j] = order[r];
            order[r] = t;
        }
    for (k = 0; k < p; k++) {
        j = order[k];
        if (pat == 4)
            pos += 1;
        else if (pat == 5)
            pos += k % 3;
        displs[j] = (int)pos;
        pos += counts[j];
        if (pos > end)
            end = pos;
    }
    return end;
}

/* One case of the v-collective matrix: the datatypes, the base count c, the block pattern, the
 * root (0 for the collectives without one), in place or not. */
typedef struct th_vcase {
    const th_types *t;
    int c, pat, root, inplace, p, rank;
    const int *counts, *displs;
    long span; /* elements the buffer of all blocks spans (rtype) */
} th_vcase;

/* Runs every algorithm of the program on case k (seed: for th_fill, distinct per case and rank). */
typedef void (*th_vcase_fn)(th_result *r, const th_opts *o, const th_vcase *k, unsigned seed);

/* The matrix of the v collectives: types x counts x patterns (`pats`: the selected names, NULL for
 * all) x roots x in place (where the send and receive types are the same and --no-inplace is not
 * given). `allroots`: 1 every root, 0 the roots 0, p/2, p-1, -1 no root (one pass with root 0);
 * with every root, the roots other than 0 and p-1 get the first selected type and counts <= 3
 * only. A case whose block buffer (span elements of rtype) exceeds --max-bytes is skipped. */
static inline void th_vmatrix(th_result *r, const th_opts *o, const th_types *types, const char *pats, int allroots,
                              th_vcase_fn run)
{
    int p, rank, ti, ci, pi, ri, nroots, first_type, *roots, *counts, *displs, *order;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    roots = (int *)th_alloc(sizeof(int) * (size_t)p);
    counts = (int *)th_alloc(sizeof(int) * (size_t)p);
    displs = (int *)th_alloc(sizeof(int) * (size_t)p);
    order = (int *)th_alloc(sizeof(int) * (size_t)p);
    nroots = allroots < 0 ? 1 : th_roots(p, allroots, roots);
    roots[0] = allroots < 0 ? 0 : roots[0];
    for (first_type = 0; first_type < TH_NTYPES && !th_want_type(o, types[first_type].name); first_type++)
        ;
    for (ti = 0; ti < TH_NTYPES; ti++) {
        if (!th_want_type(o, types[ti].name))
            continue;
        for (ci = 0; ci < o->ncounts; ci++) {
            int c = o->counts[ci] < 0 ? th_big_count(types[ti].rtype) : o->counts[ci];
            for (pi = 0; pi < TH_NVPATTERNS; pi++) {
                th_vcase k;
                if (pats && !th_in_list(pats, th_vpattern_name(pi)))
                    continue;
                if (c == 0 && pi > 0 && (!pats || th_in_list(pats, th_vpattern_name(0))))
                    continue; /* count 0: every pattern is the all-zero one, run once */
                k.span = th_vpattern(pi, c, p, counts, displs, order);
                if ((double)th_bytes(k.span, types[ti].rtype) > o->max_bytes)
                    continue;
                for (ri = 0; ri < nroots; ri++) {
                    int main_root = allroots != 1 || roots[ri] == 0 || roots[ri] == p - 1;
                    if (!main_root && (ti != first_type || c > 3))
                        continue;
                    k.t = &types[ti];
                    k.c = c;
                    k.pat = pi;
                    k.root = roots[ri];
                    k.p = p;
                    k.rank = rank;
                    k.counts = counts;
                    k.displs = displs;
                    for (k.inplace = 0; k.inplace <= (o->inplace && types[ti].stype == types[ti].rtype); k.inplace++)
                        run(r, o, &k, (unsigned)(rank * 7919 + ci * 31 + ti + pi * 1009 + ri * 17));
                }
            }
        }
    }
    free(roots);
    free(counts);
    free(displs);
    free(order);
}

/* The options of the v collectives: --patterns LIST (*pats, left alone when absent) and, when
 * allroots is not NULL, --roots all|few (*allroots: 1 or 0; p <= 8 picks all when absent). */
static inline void th_vparse(int argc, char **argv, const char **pats, int *allroots)
{
    int i, p;
    if (allroots)
        *allroots = -1;
    for (i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--patterns"))
            *pats = argv[i + 1];
        else if (allroots && !strcmp(argv[i], "--roots"))
            *allroots = !strcmp(argv[i + 1], "all");
    }
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (allroots && *allroots < 0)
        *allroots = p <= 8;
}

/* What a v-collective program checks after its matrix (error cases, ...), on p ranks. */
typedef void (*th_vmore_fn)(th_result *r, const th_opts *o, int p, int rank);

/* The whole main of a v-collective program `prog`: the options (th_parse, th_vparse; --roots only
 * when `rooted`), the matrix of `run` (th_vmatrix), then `more` (NULL: nothing), the closing line
 * (th_finish). Returns the exit status. */
static inline int th_vmain(int argc, char **argv, const char *prog, int rooted, th_vcase_fn run, th_vmore_fn more)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    const char *pats = NULL;
    int p, rank, allroots = -1, status;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    th_vparse(argc, argv, &pats, rooted ? &allroots : NULL);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_types_init(types);
    th_vmatrix(&r, &o, types, pats, allroots, run);
    if (more)
        more(&r, &o, p, rank);
    th_types_free(types);
    status = th_finish(&r, prog);
    MPI_Finalize();
    return status;
}

#endif /* COLLALG_TESTS_HARNESS_H */
