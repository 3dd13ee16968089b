/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce.c - every catalogue reduce algorithm against MPI_Reduce.
 * See harness.h for the options and the output.
 *
 * The cases, one (datatype, op) pair each, selected with --types by name, are those of
 * reduction_cases.h: int-sum, double-sum, dint-minloc, int2-user, vec-user, mat-noncomm.
 * References: for the predefined ops, the native MPI_Reduce on the same inputs. For the user ops
 * the reference is computed at the root with MPI_Reduce_local in rank order over every rank's
 * input (each rank can regenerate every input): SimGrid 3.32's MPI_Reduce is not trusted for user
 * ops on derived types nor for non-commutative ops (docs/limitations.md). Outside SimGrid
 * the native MPI_Reduce is also run on those cases and checked against that reference.
 * The root's whole receive buffer plus a 16-byte guard is compared byte for byte; the other ranks
 * pass (void *)8 as recvbuf (never touched) and check that their send buffer is unchanged.
 *
 * Roots: every root for p <= 8, else 0, p/2 and p - 1. Every case runs out of place and (unless
 * --no-inplace) with MPI_IN_PLACE at the root. --counts as harness.h ("big": a vector over
 * 64 KiB). An algorithm documented as commutative-only must return MPI_ERR_OP for mat-noncomm
 * (none is at present: every reduce algorithm keeps the operand order). Also checked: negative
 * tuning parameters and a root out of range are rejected before any message.
 */
#include <collalg/reduce.h>
#include <collalg/reduce/han.h>
#include <collalg/reduce/topology_chain.h>
#include <collalg/reduce/circulant.h>
#include <collalg/reduce/two_tree.h>
#include "harness.h"
#include "reduction_cases.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the MPI_Reduce arguments plus two parameters. */
typedef int (*rd_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm, int, int);

/* clang-format off */
#define PLAIN(name)                                                                                        \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, \
                          int a, int b)                                                                    \
    {                                                                                                      \
        (void)a;                                                                                           \
        (void)b;                                                                                           \
        return collalg_reduce_##name(sb, rb, n, t, op, root, cm);                                          \
    }
#define ONE(name)                                                                                          \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, \
                          int a, int b)                                                                    \
    {                                                                                                      \
        (void)a;                                                                                           \
        return collalg_reduce_##name(sb, rb, n, t, op, root, cm, b);                                       \
    }
#define TWO(name)                                                                                          \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, \
                          int a, int b)                                                                    \
    {                                                                                                      \
        return collalg_reduce_##name(sb, rb, n, t, op, root, cm, a, b);                                    \
    }
/* clang-format on */

PLAIN(linear)
PLAIN(binomial)
PLAIN(bine)
PLAIN(rabenseifner)
ONE(in_order_binary)
ONE(pipeline)
ONE(binary_tree)
ONE(circulant)
ONE(two_tree)
TWO(chain)
TWO(knomial)
ONE(topology_chain)
/* han: a = 1 forces the binomial tree among the leaders, b the segment size */
static int run_han(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, int a, int b)
{
    return collalg_reduce_han(sb, rb, n, t, op, root, cm, b, a ? collalg_reduce_binomial : NULL);
}
/* topology_order: a = 0 the default inner reduction (binomial), a = 1 Rabenseifner's */
static int run_topology_order(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, int a,
                              int b)
{
    (void)b;
    return collalg_reduce_topology_order(sb, rb, n, t, op, root, cm, a ? collalg_reduce_rabenseifner : NULL);
}

/* pipelined_tree: b the segment size, a = 16 tree + radix (0: the defaults, the k-nomial tree of
 * radix 2); a negative a is passed as the radix (the rejection checks) */
static int run_pipelined_tree(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, int a,
                              int b)
{
    return collalg_reduce_pipelined_tree(sb, rb, n, t, op, root, cm, b, a < 0 ? 0 : a / 16, a < 0 ? a : a % 16);
}
#define PT_KNOMIAL(radix) (16 * COLLALG_TREE_KNOMIAL + (radix))
#define PT_KARY(radix) (16 * COLLALG_TREE_KARY + (radix))

static const struct {
    const char *name;
    rd_fn fn;
    int a, b;    /* the two parameters (b = RC_SEG_SMALL: the small segment size) */
    int noncomm; /* 1: keeps the operand order; 0: documented to return MPI_ERR_OP */
    int nparams; /* how many parameters the function takes (for the rejection checks) */
} algos[] = {
    {"linear", run_linear, 0, 0, 1, 0},
    {"binomial", run_binomial, 0, 0, 1, 0},
    {"bine", run_bine, 0, 0, 0, 0},
    {"circulant(0)", run_circulant, 0, 0, 0, 1},
    {"circulant(small)", run_circulant, 0, RC_SEG_SMALL, 0, 1},
    {"rabenseifner", run_rabenseifner, 0, 0, 1, 0},
    {"in_order_binary(0)", run_in_order_binary, 0, 0, 1, 1},
    {"in_order_binary(small)", run_in_order_binary, 0, RC_SEG_SMALL, 1, 1},
    {"chain(0,0)", run_chain, 0, 0, 1, 2},
    {"chain(2,small)", run_chain, 2, RC_SEG_SMALL, 1, 2},
    {"chain(3,0)", run_chain, 3, 0, 1, 2},
    {"pipeline(0)", run_pipeline, 0, 0, 1, 1},
    {"pipeline(small)", run_pipeline, 0, RC_SEG_SMALL, 1, 1},
    {"binary_tree(0)", run_binary_tree, 0, 0, 1, 1},
    {"binary_tree(small)", run_binary_tree, 0, RC_SEG_SMALL, 1, 1},
    {"knomial(0,0)", run_knomial, 0, 0, 1, 2},
    {"knomial(2,small)", run_knomial, 2, RC_SEG_SMALL, 1, 2},
    {"knomial(3,0)", run_knomial, 3, 0, 1, 2},
    {"knomial(5,small)", run_knomial, 5, RC_SEG_SMALL, 1, 2},
    {"han(0)", run_han, 0, 0, 1, 1},
    {"han(small)", run_han, 0, RC_SEG_SMALL, 1, 1},
    {"han(small,binomial)", run_han, 1, RC_SEG_SMALL, 1, 1},
    /* segments just over 64 KiB: the leaders' chain (commutative op) or Rabenseifner's, and a
     * "big" vector then has two HAN segments, the second one short */
    {"han(64K+8)", run_han, 0, 65544, 1, 1},
    {"topology_chain(0)", run_topology_chain, 0, 0, 1, 1},
    {"topology_chain(small)", run_topology_chain, 0, RC_SEG_SMALL, 1, 1},
    {"topology_order(binomial)", run_topology_order, 0, 0, 0, 0},
    {"topology_order(rabenseifner)", run_topology_order, 1, 0, 0, 0},
    {"two_tree(0)", run_two_tree, 0, 0, 1, 1},
    {"two_tree(small)", run_two_tree, 0, RC_SEG_SMALL, 1, 1},
    {"two_tree(INT_MAX)", run_two_tree, 0, 2147483647, 1, 1},
    {"pipelined_tree(0,0,0)", run_pipelined_tree, 0, 0, 1, 2},
    {"pipelined_tree(small,0,0)", run_pipelined_tree, 0, RC_SEG_SMALL, 1, 2},
    {"pipelined_tree(small,knomial,3)", run_pipelined_tree, PT_KNOMIAL(3), RC_SEG_SMALL, 1, 2},
    {"pipelined_tree(small,kary,2)", run_pipelined_tree, PT_KARY(2), RC_SEG_SMALL, 1, 2},
    {"pipelined_tree(0,kary,3)", run_pipelined_tree, PT_KARY(3), 0, 1, 2},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* ---- checks ------------------------------------------------------------------------------ */

/* th_check where `applies` (e.g. at the root only), else a passed record: every rank must record
 * the same sequence of cases (th_finish agrees on them with one MPI_Allreduce). */
static void rd_check(th_result *res, const th_opts *o, const char *what, int applies, const void *got, const void *want,
                     size_t bytes)
{
    if (applies)
        th_check(res, o, what, got, want, bytes);
    else
        th_record(res, o, what, 0);
}

/* ---- one case ------------------------------------------------------------------------------ */

/* Runs every algorithm on case `k` with `count` elements and root `root`, out of place and in
 * place. */
static void run_case(th_result *res, const th_opts *o, const rc_case *k, int count, int root, unsigned seed, int p,
                     int rank)
{
    size_t bytes = (size_t)count * (size_t)k->extent + 16;
    void *sbuf = th_alloc(bytes), *want = th_alloc(bytes), *got = th_alloc(bytes), *input = th_alloc(bytes);
    void *blank = th_alloc(bytes); /* what a refused call must leave in the root's recvbuf */
    int a, inplace, err, me_root = rank == root;
    char what[200];

    /* every buffer starts as 0x5A bytes, so gaps and guards are the same everywhere */
    memset(sbuf, 0x5A, bytes);
    rc_fill(k, sbuf, count, rank, seed);
    memcpy(input, sbuf, bytes);
    memset(want, 0x5A, bytes);
    memset(blank, 0x5A, bytes);
    err = MPI_Reduce(sbuf, me_root ? want : NULL, count, k->type, k->op, root, MPI_COMM_WORLD);
    snprintf(what, sizeof what, "reduce native p=%d type=%s count=%d root=%d", p, k->name, count, root);
    th_expect(res, o, what, err == MPI_SUCCESS);
    if (k->user && me_root) {
        void *exact = th_alloc(bytes);
        memset(exact, 0x5A, bytes);
        rc_reference(k, exact, bytes, count, p - 1, seed);
#ifndef SMPI_H
        snprintf(what, sizeof what, "reduce native-vs-exact p=%d type=%s count=%d root=%d", p, k->name, count, root);
        th_check(res, o, what, want, exact, bytes);
#endif
        memcpy(want, exact, bytes);
        free(exact);
    } else if (k->user) { /* every rank records the same sequence of cases (harness.h) */
#ifndef SMPI_H
        snprintf(what, sizeof what, "reduce native-vs-exact p=%d type=%s count=%d root=%d", p, k->name, count, root);
        th_record(res, o, what, 0);
#endif
    }
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < NALGOS; a++) {
            int refuse = k->kind == RC_K_MAT && !algos[a].noncomm, b = rc_segsize(algos[a].b, count, k->extent), cls;
            if (!th_want_algo(o, algos[a].name))
                continue;
            if (me_root && inplace) {
                memcpy(got, sbuf, bytes);
                err = algos[a].fn(MPI_IN_PLACE, got, count, k->type, k->op, root, MPI_COMM_WORLD, algos[a].a, b);
            } else if (me_root) {
                memset(got, 0x5A, bytes);
                err = algos[a].fn(sbuf, got, count, k->type, k->op, root, MPI_COMM_WORLD, algos[a].a, b);
            } else {
                err = algos[a].fn(sbuf, (void *)8, count, k->type, k->op, root, MPI_COMM_WORLD, algos[a].a, b);
            }
            snprintf(what, sizeof what, "reduce %s p=%d type=%s count=%d root=%d%s%s", algos[a].name, p, k->name, count,
                     root, inplace ? " in-place" : "", refuse ? " (expects MPI_ERR_OP)" : "");
            cls = err;
            MPI_Error_class(err, &cls);
            if (refuse) {
                th_expect(res, o, what, cls == MPI_ERR_OP);
                rd_check(res, o, what, me_root, got, inplace ? sbuf : blank, bytes);
            } else {
                th_expect(res, o, what, err == MPI_SUCCESS);
                rd_check(res, o, what, me_root, got, want, bytes);
            }
            rd_check(res, o, what, !me_root || !inplace, sbuf, input, bytes); /* the input is left as it was */
        }
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
    free(blank);
}

/* Rejections: every negative tuning parameter (MPI_ERR_ARG), knomial radix 1 (MPI_ERR_ARG), and
 * root = p (MPI_ERR_ROOT); each call returns the class, the error handler sees it, and the
 * root's recvbuf is untouched. */
static void run_rejections(th_result *res, const th_opts *o, int p, int rank)
{
    MPI_Errhandler eh;
    MPI_Comm comm = th_recording_comm(&eh);
    int a, which, in[3] = {1, 2, 3}, out[3] = {7, 7, 7}, err;
    char what[160];
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        for (which = 0; which < algos[a].nparams + 1; which++) {
            int pa = algos[a].a, pb = 0, expect = MPI_ERR_ARG, root = 0;
            if (which == algos[a].nparams) { /* the root out of range */
                root = p;
                expect = MPI_ERR_ROOT;
            } else if (algos[a].nparams == 2 && which == 0) {
                pa = -1;
            } else {
                pb = -1;
            }
            err = algos[a].fn(in, rank == root ? out : (void *)8, 3, MPI_INT, MPI_SUM, root, comm, pa, pb);
            snprintf(what, sizeof what, "reduce %s p=%d rejects %s", algos[a].name, p,
                     expect == MPI_ERR_ROOT ? "root = p" : (which == 0 ? "parameter 1 = -1" : "parameter 2 = -1"));
            rc_expect_rejected(res, o, what, err, expect, out);
        }
    }
    if (th_want_algo(o, "knomial(1,0)")) {
        err = collalg_reduce_knomial(in, rank == 0 ? out : (void *)8, 3, MPI_INT, MPI_SUM, 0, comm, 1, 0);
        snprintf(what, sizeof what, "reduce knomial(1,0) p=%d rejects radix 1", p);
        rc_expect_rejected(res, o, what, err, MPI_ERR_ARG, out);
    }
    th_recording_comm_free(&comm, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    rc_set cases;
    int p, rank, ci, ki, root;

    rc_begin(&argc, &argv, &o, &cases, &p, &rank);

    for (ki = 0; ki < RC_NCASES; ki++) {
        if (!th_want_type(&o, cases.c[ki].name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int count = rc_count(&cases.c[ki], o.counts[ci]);
            if ((double)count * cases.c[ki].extent * 4 > o.max_bytes)
                continue;
            for (root = 0; root < p; root++) {
                if (p > 8 && root != 0 && root != p / 2 && root != p - 1)
                    continue;
                run_case(&r, &o, &cases.c[ki], count, root, (unsigned)(ki * 131 + ci * 17 + root * 7 + 1), p, rank);
            }
        }
    }
    /* after the cases: under SimGrid 3.32 at p >= 9, duplicating and freeing a communicator before
     * the first MPI_Comm_dup of MPI_COMM_WORLD (the private communicator) made a later receive
     * fail with MPI_ERR_TRUNCATE */
    run_rejections(&r, &o, p, rank);
    return rc_end(&r, &cases, "reduce");
}
