/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * scan.c - every catalogue scan algorithm against MPI_Scan (and, built through exscan.c with
 * SC_EXCLUSIVE = 1, every exscan algorithm against MPI_Exscan). See harness.h for the options
 * and the output.
 *
 * As in reduce.c, the cases, one (datatype, op) pair each, selected with --types by name, are
 * those of reduction_cases.h: int-sum, double-sum, dint-minloc, int2-user, vec-user, mat-noncomm.
 * References: for the predefined ops, the native collective on the same inputs. For the user ops
 * each rank computes its prefix with MPI_Reduce_local in rank order over the inputs of ranks
 * 0 .. rank (exscan: 0 .. rank-1), which every rank can regenerate: SimGrid's native scan is not
 * trusted for user ops on derived types nor for non-commutative ops. Outside SimGrid the native
 * collective is also run on those cases and checked against that reference.
 * Every rank's whole receive buffer plus a 16-byte guard is compared byte for byte, and its send
 * buffer must be unchanged. Exscan: rank 0's receive buffer must be left exactly as it was (its
 * 0x5A bytes, or its input with MPI_IN_PLACE); the native result there is not looked at.
 *
 * Every case runs out of place and (unless --no-inplace) with MPI_IN_PLACE on every rank.
 * --counts as harness.h ("big": a vector over 64 KiB, two default segments of the linear
 * pipeline). The linear pipeline runs with the default segment size and with a small one (an
 * eighth of the vector: several segments). Also checked: a negative segment size (MPI_ERR_ARG)
 * and MPI_OP_NULL (MPI_ERR_OP) are rejected before any message, the receive buffer untouched.
 */
#ifndef SC_EXCLUSIVE
#define SC_EXCLUSIVE 0
#endif

#if SC_EXCLUSIVE
#include <collalg/exscan.h>
#define SC_NAME "exscan"
#define SC_NATIVE MPI_Exscan
#define SC_FN(name) collalg_exscan_##name
#else
#include <collalg/scan.h>
#define SC_NAME "scan"
#define SC_NATIVE MPI_Scan
#define SC_FN(name) collalg_scan_##name
#endif
#include <collalg/exscan/binary_tree.h>
#include <collalg/exscan/hierarchical.h>
#include <collalg/scan/binary_tree.h>
#include <collalg/scan/hierarchical.h>
#include "harness.h"
#include "reduction_cases.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the MPI_Scan arguments plus one parameter. */
typedef int (*sc_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, int);

static int run_linear(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    return SC_FN(linear)(sb, rb, n, t, op, cm, seg);
}

static int run_recursive_doubling(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    (void)seg;
    return SC_FN(recursive_doubling)(sb, rb, n, t, op, cm);
}

static int run_binary_tree(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    (void)seg;
    return SC_FN(binary_tree)(sb, rb, n, t, op, cm);
}

/* hierarchical: the default node and leader algorithms, and the binary trees on both levels */
static int run_hierarchical(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    (void)seg;
    return SC_FN(hierarchical)(sb, rb, n, t, op, cm, NULL, NULL);
}

static int run_hierarchical_tree(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    (void)seg;
    return SC_FN(hierarchical)(sb, rb, n, t, op, cm, SC_FN(binary_tree), collalg_exscan_binary_tree);
}

static const struct {
    const char *name;
    sc_fn fn;
    int seg;     /* the parameter (RC_SEG_SMALL: the small segment size) */
    int nparams; /* how many parameters the function takes (for the rejection checks) */
} algos[] = {
    {"linear(0)", run_linear, 0, 1},
    {"linear(small)", run_linear, RC_SEG_SMALL, 1},
    {"recursive_doubling", run_recursive_doubling, 0, 0},
    {"binary_tree", run_binary_tree, 0, 0},
    {"hierarchical", run_hierarchical, 0, 0},
    {"hierarchical(binary_tree)", run_hierarchical_tree, 0, 0},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* ---- one case ------------------------------------------------------------------------------ */

/* The expected receive buffer of this rank into `want` (0x5A bytes beforehand): the native
 * collective's, or for user ops the local reference; exscan on rank 0: left as it is. */
static void sc_expected(th_result *res, const th_opts *o, const rc_case *k, void *sbuf, void *want, size_t bytes,
                        int count, unsigned seed, int p, int rank)
{
    int last = SC_EXCLUSIVE ? rank - 1 : rank, err;
    char what[200];
    err = SC_NATIVE(sbuf, want, count, k->type, k->op, MPI_COMM_WORLD);
    snprintf(what, sizeof what, "%s native p=%d type=%s count=%d", SC_NAME, p, k->name, count);
    th_expect(res, o, what, err == MPI_SUCCESS);
    if (k->user) {
        void *exact = th_alloc(bytes);
        memset(exact, 0x5A, bytes);
        if (last >= 0)
            rc_reference(k, exact, bytes, count, last, seed);
#ifndef SMPI_H
        snprintf(what, sizeof what, "%s native-vs-exact p=%d type=%s count=%d", SC_NAME, p, k->name, count);
        if (last >= 0)
            th_check(res, o, what, want, exact, bytes);
        else
            th_record(res, o, what, 0);
#endif
        memcpy(want, exact, bytes);
        free(exact);
    }
    if (last < 0) /* exscan, rank 0: undefined result, the buffer must stay as it was */
        memset(want, 0x5A, bytes);
}

/* Runs every algorithm on case `k` with `count` elements, out of place and in place. */
static void run_case(th_result *res, const th_opts *o, const rc_case *k, int count, unsigned seed, int p, int rank)
{
    size_t bytes = (size_t)count * (size_t)k->extent + 16;
    void *sbuf = th_alloc(bytes), *want = th_alloc(bytes), *got = th_alloc(bytes), *input = th_alloc(bytes);
    int a, inplace, err, untouched0 = SC_EXCLUSIVE && rank == 0;
    char what[200];

    /* every buffer starts as 0x5A bytes, so gaps and guards are the same everywhere */
    memset(sbuf, 0x5A, bytes);
    rc_fill(k, sbuf, count, rank, seed);
    memcpy(input, sbuf, bytes);
    memset(want, 0x5A, bytes);
    sc_expected(res, o, k, sbuf, want, bytes, count, seed, p, rank);
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < NALGOS; a++) {
            int b = rc_segsize(algos[a].seg, count, k->extent);
            if (!th_want_algo(o, algos[a].name))
                continue;
            if (inplace) {
                memcpy(got, sbuf, bytes);
                err = algos[a].fn(MPI_IN_PLACE, got, count, k->type, k->op, MPI_COMM_WORLD, b);
            } else {
                memset(got, 0x5A, bytes);
                err = algos[a].fn(sbuf, got, count, k->type, k->op, MPI_COMM_WORLD, b);
            }
            snprintf(what, sizeof what, "%s %s p=%d type=%s count=%d%s", SC_NAME, algos[a].name, p, k->name, count,
                     inplace ? " in-place" : "");
            th_expect(res, o, what, err == MPI_SUCCESS);
            th_check(res, o, what, got, inplace && untouched0 ? input : want, bytes);
            th_check(res, o, what, sbuf, input, bytes); /* the input is left as it was */
        }
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
}

/* Rejections: a negative segment size (MPI_ERR_ARG) and MPI_OP_NULL (MPI_ERR_OP); each call
 * returns the class, the error handler sees it, and the recvbuf is untouched. */
static void run_rejections(th_result *res, const th_opts *o, int p)
{
    MPI_Errhandler eh;
    MPI_Comm comm = th_recording_comm(&eh);
    int a, which, in[3] = {1, 2, 3}, out[3] = {7, 7, 7}, err;
    char what[160];
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        for (which = 0; which <= algos[a].nparams; which++) {
            int expect = which < algos[a].nparams ? MPI_ERR_ARG : MPI_ERR_OP;
            err = algos[a].fn(in, out, 3, MPI_INT, expect == MPI_ERR_OP ? MPI_OP_NULL : MPI_SUM, comm,
                              expect == MPI_ERR_ARG ? -1 : 0);
            snprintf(what, sizeof what, "%s %s p=%d rejects %s", SC_NAME, algos[a].name, p,
                     expect == MPI_ERR_OP ? "MPI_OP_NULL" : "segsize = -1");
            rc_expect_rejected(res, o, what, err, expect, out);
        }
    }
    th_recording_comm_free(&comm, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    rc_set cases;
    int p, rank, ci, ki;

    rc_begin(&argc, &argv, &o, &cases, &p, &rank);

    for (ki = 0; ki < RC_NCASES; ki++) {
        if (!th_want_type(&o, cases.c[ki].name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int count = rc_count(&cases.c[ki], o.counts[ci]);
            if ((double)count * cases.c[ki].extent * 4 > o.max_bytes)
                continue;
            run_case(&r, &o, &cases.c[ki], count, (unsigned)(ki * 131 + ci * 17 + 1), p, rank);
        }
    }
    /* after the cases, as in reduce.c (SimGrid 3.32: a communicator duplicated and freed before
     * the private communicator exists made a later receive fail) */
    run_rejections(&r, &o, p);
    return rc_end(&r, &cases, SC_NAME);
}
