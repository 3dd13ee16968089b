/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce_scatter.c - every catalogue reduce_scatter algorithm against MPI_Reduce_scatter; built
 * with RS_BLOCK defined (tests/mpi/reduce_scatter_block.c includes this file), every
 * reduce_scatter_block algorithm against MPI_Reduce_scatter_block. See harness.h for the options
 * and the output.
 *
 * The cases, one (datatype, op) pair each, selected with --types by name, are those of
 * reduction_cases.h (as tests/mpi/reduce.c): int-sum, double-sum, dint-minloc, int2-user,
 * vec-user, mat-noncomm.
 * --counts as harness.h: the count c of a case ("big": a block over 64 KiB). The blocks: for
 * reduce_scatter_block every rank gets c elements; for reduce_scatter four patterns (--patterns
 * LIST to pick): uniform (c each), zeros (0 on ranks 1, 4, 7, ..., c elsewhere), one (c on rank
 * (p-1)/2, 0 elsewhere), random (a reproducible count in [0, 2c] per rank).
 * References: for the predefined ops, the native collective on the same inputs; for the user ops
 * the whole vector v0 op ... op v(p-1) computed locally with MPI_Reduce_local in rank order
 * (SimGrid 3.32's native is not trusted for them; elsewhere the native is also run and checked
 * against it). The whole receive allocation plus a 16-byte guard is compared byte for byte; with
 * MPI_IN_PLACE (every case runs out of place and, unless --no-inplace, in place) the whole input
 * vector is in recvbuf and must come back as the result block followed by the rest of the input,
 * untouched. A commutative-only algorithm must return MPI_ERR_OP for mat-noncomm and leave
 * recvbuf untouched. Also checked: MPI_OP_NULL (MPI_ERR_OP), a negative count (MPI_ERR_COUNT)
 * and, for reduce_scatter, recvcounts NULL (MPI_ERR_ARG) are rejected before any message.
 */
#ifdef RS_BLOCK
#include <collalg/reduce_scatter_block.h>
#define RS_NAME "reduce_scatter_block"
#else
#include <collalg/reduce_scatter.h>
#define RS_NAME "reduce_scatter"
#endif
#include <collalg/reduce_scatter/butterfly.h>
#include <collalg/reduce_scatter/hierarchical.h>
#include <collalg/reduce_scatter/ring.h>
#include <collalg/reduce_scatter/topology_ring.h>
#include <collalg/reduce_scatter_block/butterfly.h>
#include <collalg/reduce_scatter_block/hierarchical.h>
#include <collalg/reduce_scatter_block/topology_ring.h>
#include "harness.h"
#include "reduction_cases.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the counts array (reduce_scatter_block: counts[0]). */
typedef int (*rs_fn)(const void *, void *, const int *, MPI_Datatype, MPI_Op, MPI_Comm);

#ifdef RS_BLOCK
#define ALGO(name)                                                                                        \
    static int run_##name(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm) \
    {                                                                                                     \
        return collalg_reduce_scatter_block_##name(sb, rb, n[0], t, op, cm);                              \
    }
static int rs_native(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    return MPI_Reduce_scatter_block(sb, rb, n[0], t, op, cm);
}
#else
#define ALGO(name)                                                                                        \
    static int run_##name(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm) \
    {                                                                                                     \
        return collalg_reduce_scatter_##name(sb, rb, n, t, op, cm);                                       \
    }
static int rs_native(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    return MPI_Reduce_scatter(sb, rb, n, t, op, cm);
}
#endif

ALGO(recursive_halving)
ALGO(swing)
ALGO(pairwise)
ALGO(ring)
ALGO(recursive_doubling)
ALGO(reduce_scatterv)
ALGO(topology_ring)
ALGO(butterfly)
ALGO(bine)
ALGO(circulant)

/* The hierarchical algorithms with their default inter-node algorithm and with the ring. */
#ifdef RS_BLOCK
#define HIER(suffix, inter)                                                                                \
    static int run_hierarchical##suffix(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, \
                                        MPI_Comm cm)                                                       \
    {                                                                                                      \
        return collalg_reduce_scatter_block_hierarchical(sb, rb, n[0], t, op, cm, inter);                  \
    }
#else
#define HIER(suffix, inter)                                                                                \
    static int run_hierarchical##suffix(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, \
                                        MPI_Comm cm)                                                       \
    {                                                                                                      \
        return collalg_reduce_scatter_hierarchical(sb, rb, n, t, op, cm, inter);                           \
    }
#endif
/* An algorithm with a radix: run_<name>_<suffix> calls it with radix k. */
#ifdef RS_BLOCK
#define ALGO_K(name, suffix, k)                                                                                      \
    static int run_##name##_##suffix(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm) \
    {                                                                                                                \
        return collalg_reduce_scatter_block_##name(sb, rb, n[0], t, op, cm, k);                                      \
    }
#else
#define ALGO_K(name, suffix, k)                                                                                      \
    static int run_##name##_##suffix(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm) \
    {                                                                                                                \
        return collalg_reduce_scatter_##name(sb, rb, n, t, op, cm, k);                                               \
    }
#endif
ALGO_K(recexch, 0, 0)
ALGO_K(recexch, 3, 3)
ALGO_K(recexch, 4, 4)
ALGO_K(recexch, 1000, 1000)
ALGO_K(pat, 0, 0)
ALGO_K(pat, 1, 1)
ALGO_K(pat, 64, 64)
ALGO_K(pat, 16384, 16384)

HIER(, NULL)
HIER(_ring, collalg_reduce_scatter_ring)

static const struct {
    const char *name;
    rs_fn fn;
    int noncomm; /* 1: keeps the operand order; 0: documented to return MPI_ERR_OP */
} algos[] = {
    {"recursive_halving", run_recursive_halving, 0},
    {"swing", run_swing, 0},
    {"pairwise", run_pairwise, 0},
    {"ring", run_ring, 0},
    {"recursive_doubling", run_recursive_doubling, 1},
    {"reduce_scatterv", run_reduce_scatterv, 1},
    {"hierarchical", run_hierarchical, 1},
    {"hierarchical(ring)", run_hierarchical_ring, 1},
    {"topology_ring", run_topology_ring, 0},
    {"butterfly", run_butterfly, 1},
    {"recexch(0)", run_recexch_0, 1},
    {"recexch(3)", run_recexch_3, 1},
    {"recexch(4)", run_recexch_4, 1},
    {"recexch(1000)", run_recexch_1000, 1},
    {"pat(0)", run_pat_0, 0},
    {"pat(1)", run_pat_1, 0},
    {"pat(64)", run_pat_64, 0},
    {"pat(16384)", run_pat_16384, 0},
    {"bine", run_bine, 0},
    {"circulant", run_circulant, 0},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* ---- block patterns ----------------------------------------------------------------------- */

#ifdef RS_BLOCK
#define NPATTERNS 1
static const char *patterns[NPATTERNS] = {"uniform"};
#else
#define NPATTERNS 4
static const char *patterns[NPATTERNS] = {"uniform", "zeros", "one", "random"};
#endif

/* Fills counts[0..p) for pattern `pat` and count `c`; returns the total. */
static long rs_counts(int pat, int c, int p, unsigned seed, int *counts)
{
    long total = 0;
    int i;
    for (i = 0; i < p; i++) {
        switch (pat) {
        case 0: counts[i] = c; break;
        case 1: counts[i] = i % 3 == 1 ? 0 : c; break;
        case 2: counts[i] = i == (p - 1) / 2 ? c : 0; break;
        default: counts[i] = (int)(rc_hash(seed, i, 99) % (unsigned)(2 * c + 1));
        }
        total += counts[i];
    }
    return total;
}

/* ---- one case ------------------------------------------------------------------------------ */

/* Runs every algorithm on case `k` with the blocks `counts` (total `total`), out of place and in
 * place. */
static void run_case(th_result *res, const th_opts *o, const rc_case *k, const int *counts, long total, int c,
                     const char *pat, unsigned seed, int p, int rank)
{
    size_t vbytes = (size_t)total * (size_t)k->extent + 16, bbytes = (size_t)counts[rank] * (size_t)k->extent + 16;
    long off = 0;
    void *sbuf = th_alloc(vbytes), *input = th_alloc(vbytes), *want = th_alloc(bbytes), *got = th_alloc(vbytes);
    void *want_ip = th_alloc(vbytes);
    int a, i, inplace, err, cls;
    char what[200];

    for (i = 0; i < rank; i++)
        off += counts[i];
    memset(sbuf, 0x5A, vbytes);
    rc_fill(k, sbuf, (int)total, rank, seed);
    memcpy(input, sbuf, vbytes);
    memset(want, 0x5A, bbytes);
    err = rs_native(sbuf, want, counts, k->type, k->op, MPI_COMM_WORLD);
    snprintf(what, sizeof what, "%s native p=%d type=%s count=%d pattern=%s", RS_NAME, p, k->name, c, pat);
    th_expect(res, o, what, err == MPI_SUCCESS);
    if (k->user) {
        void *exact = th_alloc(vbytes), *block = th_alloc(bbytes);
        memset(exact, 0x5A, vbytes);
        rc_reference(k, exact, vbytes, (int)total, p - 1, seed);
        memset(block, 0x5A, bbytes);
        memcpy(block, (char *)exact + off * k->extent, (size_t)counts[rank] * (size_t)k->extent);
#ifndef SMPI_H
        snprintf(what, sizeof what, "%s native-vs-exact p=%d type=%s count=%d pattern=%s", RS_NAME, p, k->name, c, pat);
        th_check(res, o, what, want, block, bbytes);
#endif
        memcpy(want, block, bbytes);
        free(exact);
        free(block);
    }
    /* in place: the result block at the start of the input vector, the rest as it was */
    memcpy(want_ip, input, vbytes);
    memcpy(want_ip, want, (size_t)counts[rank] * (size_t)k->extent);
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < NALGOS; a++) {
            int refuse = k->kind == RC_K_MAT && !algos[a].noncomm;
            size_t bytes = inplace ? vbytes : bbytes;
            if (!th_want_algo(o, algos[a].name))
                continue;
            if (inplace) {
                memcpy(got, input, vbytes);
                err = algos[a].fn(MPI_IN_PLACE, got, counts, k->type, k->op, MPI_COMM_WORLD);
            } else {
                memset(got, 0x5A, vbytes);
                err = algos[a].fn(sbuf, got, counts, k->type, k->op, MPI_COMM_WORLD);
            }
            snprintf(what, sizeof what, "%s %s p=%d type=%s count=%d pattern=%s%s%s", RS_NAME, algos[a].name, p,
                     k->name, c, pat, inplace ? " in-place" : "", refuse ? " (expects MPI_ERR_OP)" : "");
            cls = err;
            MPI_Error_class(err, &cls);
            if (refuse) {
                void *untouched = th_alloc(vbytes);
                memset(untouched, 0x5A, vbytes);
                th_expect(res, o, what, cls == MPI_ERR_OP);
                th_check(res, o, what, got, inplace ? input : untouched, bytes);
                free(untouched);
            } else {
                th_expect(res, o, what, err == MPI_SUCCESS);
                th_check(res, o, what, got, inplace ? want_ip : want, bytes);
            }
            if (!inplace)
                th_check(res, o, what, sbuf, input, vbytes); /* the input is left as it was */
        }
    }
    free(sbuf);
    free(input);
    free(want);
    free(got);
    free(want_ip);
}

/* Rejections before any message: MPI_OP_NULL, a negative count, recvcounts NULL (reduce_scatter),
 * MPI_SUM on a contiguous type of two ints (the standard defines no predefined op on a derived
 * type; MPICH and SimGrid refuse it with MPI_ERR_OP: an algorithm that found out only where it
 * first reduces would leave its peers waiting). */
static void run_rejections(th_result *res, const th_opts *o, int p)
{
    MPI_Errhandler eh;
    MPI_Comm comm = th_recording_comm(&eh);
    int a, i, *in = (int *)th_alloc((size_t)p * 3 * sizeof(int)), out[3] = {7, 7, 7};
    int *counts = (int *)th_alloc((size_t)p * sizeof(int)), *neg = (int *)th_alloc((size_t)p * sizeof(int));
    int *ones = (int *)th_alloc((size_t)p * sizeof(int));
    MPI_Datatype int2;
    char what[160];
    MPI_Type_contiguous(2, MPI_INT, &int2);
    MPI_Type_commit(&int2);
    for (i = 0; i < p; i++) {
        counts[i] = 3;
        neg[i] = i == p - 1 ? -1 : 3;
        ones[i] = 1;
    }
    for (i = 0; i < 3 * p; i++)
        in[i] = i;
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        snprintf(what, sizeof what, "%s %s p=%d rejects MPI_OP_NULL", RS_NAME, algos[a].name, p);
        rc_expect_rejected(res, o, what, algos[a].fn(in, out, counts, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP, out);
#ifdef RS_BLOCK
        neg[0] = -1;
#endif
        snprintf(what, sizeof what, "%s %s p=%d rejects a negative count", RS_NAME, algos[a].name, p);
        rc_expect_rejected(res, o, what, algos[a].fn(in, out, neg, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT, out);
#ifndef RS_BLOCK
        snprintf(what, sizeof what, "%s %s p=%d rejects recvcounts NULL", RS_NAME, algos[a].name, p);
        rc_expect_rejected(res, o, what, algos[a].fn(in, out, NULL, MPI_INT, MPI_SUM, comm), MPI_ERR_ARG, out);
#endif
        snprintf(what, sizeof what, "%s %s p=%d rejects MPI_SUM on a derived type", RS_NAME, algos[a].name, p);
        rc_expect_rejected(res, o, what, algos[a].fn(in, out, ones, int2, MPI_SUM, comm), MPI_ERR_OP, out);
    }
    MPI_Type_free(&int2);
    free(in);
    free(counts);
    free(neg);
    free(ones);
    th_recording_comm_free(&comm, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    rc_set cases;
    const char *plist = NULL;
    int p, rank, ci, ki, pat, i, *counts;

    rc_begin(&argc, &argv, &o, &cases, &p, &rank);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--patterns"))
            plist = argv[i + 1];
    counts = (int *)th_alloc((size_t)p * sizeof(int));

    for (ki = 0; ki < RC_NCASES; ki++) {
        if (!th_want_type(&o, cases.c[ki].name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int c = rc_count(&cases.c[ki], o.counts[ci]);
            for (pat = 0; pat < NPATTERNS; pat++) {
                unsigned seed = (unsigned)(ki * 131 + ci * 17 + pat * 7 + 1);
                long total = rs_counts(pat, c, p, seed, counts);
                if (plist && !th_in_list(plist, patterns[pat]))
                    continue;
                if ((double)total * cases.c[ki].extent * 4 > o.max_bytes)
                    continue;
                run_case(&r, &o, &cases.c[ki], counts, total, c, patterns[pat], seed, p, rank);
            }
        }
    }
    run_rejections(&r, &o, p);
    free(counts);
    return rc_end(&r, &cases, RS_NAME);
}
