/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * scatterv.c - every catalogue scatterv algorithm against MPI_Scatterv, byte for byte over each
 * rank's whole receive allocation (gaps inside derived types included).
 * See harness.h for the common options and the output. Own options:
 *   --patterns LIST  comma-separated block patterns (default: all of them):
 *     uniform   every rank c elements, blocks back to back in rank order
 *     zeros     every third rank (0, 3, 6, ...) contributes 0 elements, the others c
 *     uneven    rank p / 2 holds about 90 % of the data, the others c / 10 each
 *     random    counts uniform in [0, 2c], back to back in rank order
 *     reverse   counts c or c + 1, blocks in reverse rank order with one-element gaps
 *     permuted  counts uniform in [0, 2c], blocks in a shuffled rank order with gaps of 0-2
 *     (count 0 makes every pattern all-zero: run once, as uniform)
 *   --roots all|few  every root (default for p <= 8), or 0, p/2 and p-1; with "all", roots other
 *                    than 0 and p-1 get the first type and counts <= 3 only
 * Datatypes: the harness pairs, mirrored: the root sends counts[j] elements of rtype to rank j,
 * which receives counts[j] * ratio elements of stype (int-vector: n vectors sent, 2n MPI_INT
 * received). The non-roots pass garbage for the root-only arguments ((void *)8, NULL counts and
 * displs, MPI_DATATYPE_NULL): they must never be read there. In place: the root passes
 * MPI_IN_PLACE as recvbuf (its block stays in sendbuf) and checks that sendbuf is untouched.
 */
#include <collalg/scatterv.h>
#include <collalg/scatterv/hierarchical.h>
#include "harness.h"

typedef int (*gv_fn)(const void *, const int *, const int *, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm);

static const struct {
    const char *name;
    gv_fn fn;
} algos[] = {
    {"linear", collalg_scatterv_linear},
    {"binomial", collalg_scatterv_binomial},
    {"hierarchical", collalg_scatterv_hierarchical},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

static const char *const patterns[] = {"uniform", "zeros", "uneven", "random", "reverse", "permuted"};
#define NPATTERNS ((int)(sizeof patterns / sizeof patterns[0]))

/* Fills counts[p] and displs[p] for pattern `pat` and base count c; returns the number of
 * elements the receive buffer must span (the largest displs[j] + counts[j]). */
static long make_pattern(int pat, int c, int p, int *counts, int *displs, int *order)
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

/* Roots of the run: all, or 0, p/2, p-1. */
static int roots_of(int p, int all, int *roots)
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

/* One case: the block layout, the root, in place or not. */
typedef struct gv_case {
    const th_types *t;
    int c, pat, root, inplace, p, rank;
    const int *counts, *displs;
    long span;
} gv_case;

/* Runs every algorithm on one case and compares with MPI_Scatterv: every rank its whole receive
 * allocation (the root in place: its send buffer, which must stay untouched). */
static void run_case(th_result *r, const th_opts *o, const gv_case *k, unsigned seed)
{
    const th_types *t = k->t;
    int a, err, root = k->rank == k->root, rcount = k->counts[k->rank] * t->ratio;
    size_t sbytes = root ? th_bytes(k->span, t->rtype) : 16, rbytes = th_bytes((long)rcount, t->stype);
    void *sbuf = th_alloc(sbytes), *scopy = th_alloc(sbytes), *want = th_alloc(rbytes), *got = th_alloc(rbytes);
    int inplace = k->inplace && root;

    th_fill(sbuf, sbytes, seed);
    memcpy(scopy, sbuf, sbytes);
    memset(want, 0xA5, rbytes);
    MPI_Scatterv(sbuf, k->counts, k->displs, t->rtype, inplace ? MPI_IN_PLACE : want, rcount, t->stype, k->root,
                 MPI_COMM_WORLD);
    for (a = 0; a < NALGOS; a++) {
        char what[200];
        if (!th_want_algo(o, algos[a].name))
            continue;
        memset(got, 0xA5, rbytes);
        if (root)
            err = algos[a].fn(sbuf, k->counts, k->displs, t->rtype, inplace ? MPI_IN_PLACE : got, rcount, t->stype,
                              k->root, MPI_COMM_WORLD);
        else
            err = algos[a].fn((void *)8, NULL, NULL, MPI_DATATYPE_NULL, got, rcount, t->stype, k->root, MPI_COMM_WORLD);
        snprintf(what, sizeof what, "scatterv %s p=%d type=%s count=%d pattern=%s root=%d%s", algos[a].name, k->p,
                 t->name, k->c, patterns[k->pat], k->root, k->inplace ? " in-place" : "");
        th_expect(r, o, what, err == MPI_SUCCESS);
        if (inplace)
            th_check(r, o, what, sbuf, scopy, sbytes);
        else
            th_check(r, o, what, got, want, rbytes);
    }
    free(sbuf);
    free(scopy);
    free(want);
    free(got);
}

/* The matrix: types x counts x patterns x roots x in place. */
static void matrix(th_result *r, const th_opts *o, th_types *types, const char *pats, int allroots)
{
    int p, rank, ti, ci, pi, ri, nroots, first_type, *roots, *counts, *displs, *order;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    roots = (int *)th_alloc(sizeof(int) * (size_t)p);
    counts = (int *)th_alloc(sizeof(int) * (size_t)p);
    displs = (int *)th_alloc(sizeof(int) * (size_t)p);
    order = (int *)th_alloc(sizeof(int) * (size_t)p);
    nroots = roots_of(p, allroots, roots);
    for (first_type = 0; first_type < TH_NTYPES && !th_want_type(o, types[first_type].name); first_type++)
        ;
    for (ti = 0; ti < TH_NTYPES; ti++) {
        if (!th_want_type(o, types[ti].name))
            continue;
        for (ci = 0; ci < o->ncounts; ci++) {
            int c = o->counts[ci] < 0 ? th_big_count(types[ti].rtype) : o->counts[ci];
            for (pi = 0; pi < NPATTERNS; pi++) {
                gv_case k;
                if (pats && !th_in_list(pats, patterns[pi]))
                    continue;
                if (c == 0 && pi > 0 && (!pats || th_in_list(pats, patterns[0])))
                    continue; /* count 0: every pattern is the all-zero one, run once */
                k.span = make_pattern(pi, c, p, counts, displs, order);
                if ((double)th_bytes(k.span, types[ti].rtype) > o->max_bytes)
                    continue;
                for (ri = 0; ri < nroots; ri++) {
                    int main_root = !allroots || roots[ri] == 0 || roots[ri] == p - 1;
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
                        run_case(r, o, &k, (unsigned)(rank * 7919 + ci * 31 + ti + pi * 1009 + ri * 17));
                }
            }
        }
    }
    free(roots);
    free(counts);
    free(displs);
    free(order);
}

/* Records a call that must fail with error class `want` (MPI_SUCCESS: must succeed), the error
 * handler having seen that class (or not having been called), the receive buffer untouched. */
static void expect_class(th_result *r, const th_opts *o, const char *what, int err, int want, int untouched)
{
    int cls = MPI_SUCCESS, seen = MPI_SUCCESS;
    if (err != MPI_SUCCESS)
        MPI_Error_class(err, &cls);
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(r, o, what, cls == want && seen == want && untouched);
}

/* Bad arguments, each detected on every rank that takes part, before any message (a rank that
 * gave up must leave no other waiting for it or holding an unmatched message): root outside
 * [0, p) and a negative receive count everywhere; on a one-rank communicator (a duplicate of
 * MPI_COMM_SELF) NULL sendcounts or displs and aliased buffers at the root; MPI_IN_PLACE at the
 * non-roots while the root passes a count of -1. Before that last case, a valid call with every
 * count 0 (and garbage for the root-only arguments at the non-roots) creates the private
 * duplicate of the recording communicator, which only a call that passes the checks on every
 * rank may do (MPI_Comm_dup is collective). */
static void error_cases(th_result *r, const th_opts *o, int p, int rank)
{
    MPI_Comm ec, sc;
    MPI_Errhandler eh, seh;
    int a, err, in[64], out[64], copy[64], counts[64], displs[64], zeros[64], j;
    char what[200];

    for (j = 0; j < 64; j++) {
        in[j] = j;
        counts[j] = 1;
        zeros[j] = 0;
        displs[j] = 63 - j;
    }
    ec = th_recording_comm(&eh);
    MPI_Comm_dup(MPI_COMM_SELF, &sc);
    MPI_Comm_create_errhandler(th_record_error, &seh);
    MPI_Comm_set_errhandler(sc, seh);
    memset(out, 0x5A, sizeof out);
    memcpy(copy, out, sizeof out);
    for (a = 0; a < NALGOS && p <= 64; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        err = algos[a].fn(in, counts, displs, MPI_INT, out, 1, MPI_INT, p, ec);
        snprintf(what, sizeof what, "scatterv %s p=%d root=p -> MPI_ERR_ROOT", algos[a].name, p);
        expect_class(r, o, what, err, MPI_ERR_ROOT, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, counts, displs, MPI_INT, out, 1, MPI_INT, -1, ec);
        snprintf(what, sizeof what, "scatterv %s p=%d root=-1 -> MPI_ERR_ROOT", algos[a].name, p);
        expect_class(r, o, what, err, MPI_ERR_ROOT, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, counts, displs, MPI_INT, out, -1, MPI_INT, 0, ec);
        snprintf(what, sizeof what, "scatterv %s p=%d recvcount=-1 -> MPI_ERR_COUNT", algos[a].name, p);
        expect_class(r, o, what, err, MPI_ERR_COUNT, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, NULL, displs, MPI_INT, out, 1, MPI_INT, 0, sc);
        snprintf(what, sizeof what, "scatterv %s self sendcounts=NULL -> MPI_ERR_ARG", algos[a].name);
        expect_class(r, o, what, err, MPI_ERR_ARG, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, counts, NULL, MPI_INT, out, 1, MPI_INT, 0, sc);
        snprintf(what, sizeof what, "scatterv %s self displs=NULL -> MPI_ERR_ARG", algos[a].name);
        expect_class(r, o, what, err, MPI_ERR_ARG, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(out, counts, zeros, MPI_INT, out, 1, MPI_INT, 0, sc);
        snprintf(what, sizeof what, "scatterv %s self sendbuf == recvbuf -> MPI_ERR_BUFFER", algos[a].name);
        expect_class(r, o, what, err, MPI_ERR_BUFFER, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(rank == 0 ? in : (void *)8, zeros, displs, MPI_INT, out, 0, MPI_INT, 0, ec);
        snprintf(what, sizeof what, "scatterv %s p=%d all counts 0 -> MPI_SUCCESS", algos[a].name, p);
        expect_class(r, o, what, err, MPI_SUCCESS, !memcmp(out, copy, sizeof out));
        if (rank == 0)
            err = algos[a].fn(in, zeros, displs, MPI_INT, out, -1, MPI_INT, 0, ec);
        else
            err = algos[a].fn((void *)8, NULL, NULL, MPI_DATATYPE_NULL, MPI_IN_PLACE, 1, MPI_INT, 0, ec);
        snprintf(what, sizeof what, "scatterv %s p=%d MPI_IN_PLACE at a non-root -> MPI_ERR_BUFFER (root: count -1)",
                 algos[a].name, p);
        expect_class(r, o, what, err, rank == 0 ? MPI_ERR_COUNT : MPI_ERR_BUFFER, !memcmp(out, copy, sizeof out));
    }
    MPI_Comm_free(&sc);
    MPI_Errhandler_free(&seh);
    th_recording_comm_free(&ec, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    const char *pats = NULL;
    int p, rank, i, allroots = -1, status;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--patterns"))
            pats = argv[i + 1];
        else if (!strcmp(argv[i], "--roots"))
            allroots = !strcmp(argv[i + 1], "all");
    }
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (allroots < 0)
        allroots = p <= 8;
    th_types_init(types);
    matrix(&r, &o, types, pats, allroots);
    error_cases(&r, &o, p, rank);
    th_types_free(types);
    status = th_finish(&r, "scatterv");
    MPI_Finalize();
    return status;
}
