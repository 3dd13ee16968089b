/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gatherv.c - every catalogue gatherv algorithm against MPI_Gatherv, byte for byte over the
 * root's whole receive allocation (gaps between blocks and inside derived types included).
 * See harness.h for the common options and the output. Own options:
 *   --patterns LIST  comma-separated block patterns (default: all of them; harness.h, th_vpattern:
 *                    uniform, zeros, uneven, random, reverse, permuted)
 *   --roots all|few  every root (default for p <= 8), or 0, p/2 and p-1; with "all", roots other
 *                    than 0 and p-1 get the first type and counts <= 3 only
 * Datatypes: the harness pairs; a rank sends counts[rank] * ratio elements of stype, the root
 * receives counts[j] elements of rtype (int-vector: 2n MPI_INT sent, n vectors received).
 * The non-roots pass garbage for the root-only arguments ((void *)8, NULL counts and displs,
 * MPI_DATATYPE_NULL): they must never be read there. In place: the root passes MPI_IN_PLACE.
 */
#include <collalg/gatherv.h>
#include <collalg/gatherv/hierarchical.h>
#include "harness.h"

typedef int (*gv_fn)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, int, MPI_Comm);

static const struct {
    const char *name;
    gv_fn fn;
} algos[] = {
    {"linear", collalg_gatherv_linear},
    {"binomial", collalg_gatherv_binomial},
    {"hierarchical", collalg_gatherv_hierarchical},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* Runs every algorithm on one case and compares with MPI_Gatherv: the root its whole receive
 * allocation, the others their send buffer (which must stay untouched). */
static void run_case(th_result *r, const th_opts *o, const th_vcase *k, unsigned seed)
{
    const th_types *t = k->t;
    MPI_Aint lb, ext;
    int a, err, root = k->rank == k->root, scount = k->counts[k->rank] * t->ratio;
    size_t sbytes = th_bytes((long)scount, t->stype), rbytes = root ? th_bytes(k->span, t->rtype) : 16;
    void *sbuf = th_alloc(sbytes), *scopy = th_alloc(sbytes), *input = th_alloc(rbytes), *want = th_alloc(rbytes);
    void *got = th_alloc(rbytes);
    const void *sarg = k->inplace && root ? MPI_IN_PLACE : sbuf;

    MPI_Type_get_extent(t->rtype, &lb, &ext);
    th_fill(sbuf, sbytes, seed);
    memcpy(scopy, sbuf, sbytes);
    if (k->inplace && root)
        th_fill(input, rbytes, seed + 1); /* the root's block is in place; the rest is overwritten */
    else
        memset(input, 0xA5, rbytes);
    memcpy(want, input, rbytes);
    MPI_Gatherv(sarg, scount, t->stype, want, k->counts, k->displs, t->rtype, k->root, MPI_COMM_WORLD);
    for (a = 0; a < NALGOS; a++) {
        char what[200];
        if (!th_want_algo(o, algos[a].name))
            continue;
        memcpy(got, input, rbytes);
        if (root)
            err = algos[a].fn(sarg, scount, t->stype, got, k->counts, k->displs, t->rtype, k->root, MPI_COMM_WORLD);
        else
            err =
                algos[a].fn(sbuf, scount, t->stype, (void *)8, NULL, NULL, MPI_DATATYPE_NULL, k->root, MPI_COMM_WORLD);
        snprintf(what, sizeof what, "gatherv %s p=%d type=%s count=%d pattern=%s root=%d%s", algos[a].name, k->p,
                 t->name, k->c, th_vpattern_name(k->pat), k->root, k->inplace ? " in-place" : "");
        th_expect(r, o, what, err == MPI_SUCCESS);
        if (root)
            th_check(r, o, what, got, want, rbytes);
        else
            th_check(r, o, what, sbuf, scopy, sbytes);
    }
    free(sbuf);
    free(scopy);
    free(input);
    free(want);
    free(got);
}

/* Bad arguments, each detected on every rank that takes part, before any message (a rank that
 * gave up must leave no other waiting for it or holding an unmatched message): root outside
 * [0, p) and a negative send count everywhere; on a one-rank communicator (a duplicate of
 * MPI_COMM_SELF) NULL recvcounts or displs and aliased buffers at the root; MPI_IN_PLACE at the
 * non-roots while the root passes a count of -1. Before that last case, a valid call with every
 * count 0 (and garbage for the root-only arguments at the non-roots) creates the private
 * duplicate of the recording communicator, which only a call that passes the checks on every
 * rank may do (MPI_Comm_dup is collective). */
static void error_cases(th_result *r, const th_opts *o, int p, int rank)
{
    MPI_Comm ec, sc;
    MPI_Errhandler eh, seh;
    int a, err, in[2] = {7, 8}, out[64], copy[64], counts[64], displs[64], zeros[64], j;
    char what[200];

    for (j = 0; j < 64; j++) {
        counts[j] = 1;
        zeros[j] = 0;
        displs[j] = 63 - j;
    }
    ec = th_recording_comm(&eh);
    sc = th_recording_dup(MPI_COMM_SELF, &seh);
    memset(out, 0x5A, sizeof out);
    memcpy(copy, out, sizeof out);
    for (a = 0; a < NALGOS && p <= 64; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        err = algos[a].fn(in, 1, MPI_INT, out, counts, displs, MPI_INT, p, ec);
        snprintf(what, sizeof what, "gatherv %s p=%d root=p -> MPI_ERR_ROOT", algos[a].name, p);
        th_expect_class(r, o, what, err, MPI_ERR_ROOT, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, 1, MPI_INT, out, counts, displs, MPI_INT, -1, ec);
        snprintf(what, sizeof what, "gatherv %s p=%d root=-1 -> MPI_ERR_ROOT", algos[a].name, p);
        th_expect_class(r, o, what, err, MPI_ERR_ROOT, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, -1, MPI_INT, out, counts, displs, MPI_INT, 0, ec);
        snprintf(what, sizeof what, "gatherv %s p=%d sendcount=-1 -> MPI_ERR_COUNT", algos[a].name, p);
        th_expect_class(r, o, what, err, MPI_ERR_COUNT, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, 1, MPI_INT, out, NULL, displs, MPI_INT, 0, sc);
        snprintf(what, sizeof what, "gatherv %s self recvcounts=NULL -> MPI_ERR_ARG", algos[a].name);
        th_expect_class(r, o, what, err, MPI_ERR_ARG, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, 1, MPI_INT, out, counts, NULL, MPI_INT, 0, sc);
        snprintf(what, sizeof what, "gatherv %s self displs=NULL -> MPI_ERR_ARG", algos[a].name);
        th_expect_class(r, o, what, err, MPI_ERR_ARG, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(out, 1, MPI_INT, out, counts, zeros, MPI_INT, 0, sc);
        snprintf(what, sizeof what, "gatherv %s self sendbuf == recvbuf -> MPI_ERR_BUFFER", algos[a].name);
        th_expect_class(r, o, what, err, MPI_ERR_BUFFER, !memcmp(out, copy, sizeof out));
        err = algos[a].fn(in, 0, MPI_INT, rank == 0 ? out : (void *)8, zeros, displs, MPI_INT, 0, ec);
        snprintf(what, sizeof what, "gatherv %s p=%d all counts 0 -> MPI_SUCCESS", algos[a].name, p);
        th_expect_class(r, o, what, err, MPI_SUCCESS, !memcmp(out, copy, sizeof out));
        if (rank == 0)
            err = algos[a].fn(in, -1, MPI_INT, out, zeros, displs, MPI_INT, 0, ec);
        else
            err = algos[a].fn(MPI_IN_PLACE, 1, MPI_INT, (void *)8, NULL, NULL, MPI_DATATYPE_NULL, 0, ec);
        snprintf(what, sizeof what, "gatherv %s p=%d MPI_IN_PLACE at a non-root -> MPI_ERR_BUFFER (root: count -1)",
                 algos[a].name, p);
        th_expect_class(r, o, what, err, rank == 0 ? MPI_ERR_COUNT : MPI_ERR_BUFFER, !memcmp(out, copy, sizeof out));
    }
    th_recording_comm_free(&sc, &seh);
    th_recording_comm_free(&ec, &eh);
}

int main(int argc, char **argv)
{
    return th_vmain(argc, argv, "gatherv", 1, run_case, error_cases);
}
