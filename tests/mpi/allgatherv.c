/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * allgatherv.c - every catalogue allgatherv algorithm against MPI_Allgatherv, byte for byte over
 * the whole receive allocation (gaps between blocks and inside derived types included).
 * See harness.h for the common options and the output. One more option:
 *   --patterns LIST  comma-separated block patterns (default: all of them; harness.h, th_vpattern:
 *                    uniform, zeros, uneven, random, reverse, permuted)
 * c is the base count of --counts; every rank computes the same recvcounts and displs from
 * (pattern, c, p).
 */
#include <collalg/allgatherv.h>
#include "harness.h"

typedef int (*tv_fn)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm, int);

/* clang-format off */
#define TV_PLAIN(name)                                                                                     \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *rd,  \
                          MPI_Datatype rt, MPI_Comm cm, int param)                                         \
    {                                                                                                      \
        (void)param;                                                                                       \
        return collalg_allgatherv_##name(sb, sc, st, rb, rc, rd, rt, cm);                                  \
    }
#define TV_PARAM(name)                                                                                     \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *rd,  \
                          MPI_Datatype rt, MPI_Comm cm, int param)                                         \
    {                                                                                                      \
        return collalg_allgatherv_##name(sb, sc, st, rb, rc, rd, rt, cm, param);                           \
    }
/* clang-format on */

TV_PLAIN(simple)
TV_PLAIN(spreading_simple)
TV_PLAIN(ring)
TV_PLAIN(ring_light_barrier)
TV_PLAIN(ring_mpi_barrier)
TV_PARAM(ring_n_mpi_barriers)
TV_PLAIN(pair)
TV_PLAIN(pair_light_barrier)
TV_PLAIN(pair_mpi_barrier)
TV_PARAM(pair_n_mpi_barriers)
TV_PLAIN(recursive_doubling)
TV_PLAIN(swing)
TV_PLAIN(bruck)
TV_PLAIN(gather_bcast)
TV_PLAIN(logical_ring)
TV_PLAIN(topology_ring)
TV_PARAM(recexch_doubling)
TV_PARAM(recexch_halving)
TV_PARAM(pat)
TV_PLAIN(circulant)

static const struct {
    const char *name;
    tv_fn fn;
    int param;
} algos[] = {
    {"simple", run_simple, 0},
    {"spreading_simple", run_spreading_simple, 0},
    {"ring", run_ring, 0},
    {"ring_light_barrier", run_ring_light_barrier, 0},
    {"ring_mpi_barrier", run_ring_mpi_barrier, 0},
    {"ring_n_mpi_barriers(0)", run_ring_n_mpi_barriers, 0},
    {"ring_n_mpi_barriers(1)", run_ring_n_mpi_barriers, 1},
    {"ring_n_mpi_barriers(p-2)", run_ring_n_mpi_barriers, TH_MAXB},
    {"pair", run_pair, 0},
    {"pair_light_barrier", run_pair_light_barrier, 0},
    {"pair_mpi_barrier", run_pair_mpi_barrier, 0},
    {"pair_n_mpi_barriers(0)", run_pair_n_mpi_barriers, 0},
    {"pair_n_mpi_barriers(1)", run_pair_n_mpi_barriers, 1},
    {"pair_n_mpi_barriers(S-1)", run_pair_n_mpi_barriers, TH_MAXB_PAIR},
    {"recursive_doubling", run_recursive_doubling, 0},
    {"swing", run_swing, 0},
    {"bruck", run_bruck, 0},
    {"gather_bcast", run_gather_bcast, 0},
    {"logical_ring", run_logical_ring, 0},
    {"topology_ring", run_topology_ring, 0},
    {"recexch_doubling(0)", run_recexch_doubling, 0},
    {"recexch_doubling(3)", run_recexch_doubling, 3},
    {"recexch_doubling(4)", run_recexch_doubling, 4},
    {"recexch_doubling(1000)", run_recexch_doubling, 1000},
    {"recexch_halving(0)", run_recexch_halving, 0},
    {"recexch_halving(3)", run_recexch_halving, 3},
    {"recexch_halving(4)", run_recexch_halving, 4},
    {"recexch_halving(1000)", run_recexch_halving, 1000},
    {"pat(0)", run_pat, 0},
    {"pat(1)", run_pat, 1},
    {"pat(64)", run_pat, 64},
    {"pat(16384)", run_pat, 16384},
    {"circulant", run_circulant, 0},
};

/* The reference: MPI_Allgatherv, except on one process, where MPICH 4.0.2's MPI_Allgatherv
 * ignores displs (it copies the block to the start of recvbuf); there the reference is the one
 * block copied by a send-receive to self. */
static void native_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *counts,
                              const int *displs, MPI_Datatype rtype, int p)
{
    MPI_Aint lb, ext;
    if (p > 1) {
        MPI_Allgatherv(sbuf, scount, stype, rbuf, counts, displs, rtype, MPI_COMM_WORLD);
        return;
    }
    MPI_Type_get_extent(rtype, &lb, &ext);
    MPI_Sendrecv(sbuf, scount, stype, 0, 99, (char *)rbuf + (MPI_Aint)displs[0] * ext, counts[0], rtype, 0, 99,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* Runs every algorithm on one case and compares the whole receive allocation with the native
 * reference (one per case). A case whose send buffer exceeds --max-bytes is skipped (the matrix
 * skips those whose receive buffer does). */
static void run_case(th_result *r, const th_opts *o, const th_vcase *k, unsigned seed)
{
    const th_types *t = k->t;
    const int *counts = k->counts, *displs = k->displs;
    MPI_Aint lb, ext;
    int a, p = k->p, rank = k->rank, scount = counts[rank] * t->ratio;
    size_t sbytes = th_bytes((long)scount, t->stype), rbytes = th_bytes(k->span, t->rtype);
    void *sbuf, *want, *got, *input;

    if ((double)sbytes > o->max_bytes)
        return;
    MPI_Type_get_extent(t->rtype, &lb, &ext);
    sbuf = th_alloc(sbytes);
    want = th_alloc(rbytes);
    got = th_alloc(rbytes);
    input = th_alloc(rbytes);
    th_fill(sbuf, sbytes, seed);
    if (k->inplace) {
        /* The own block lives in the receive buffer (at displs[rank], the rest is garbage the call
         * overwrites, gaps excepted). The reference is the native out-of-place allgatherv of that
         * own block. */
        th_fill(input, rbytes, seed + 1);
        memcpy(want, input, rbytes);
        native_allgatherv((char *)input + (MPI_Aint)displs[rank] * ext, counts[rank], t->rtype, want, counts, displs,
                          t->rtype, p);
    } else {
        memset(input, 0xA5, rbytes);
        memcpy(want, input, rbytes);
        native_allgatherv(sbuf, scount, t->stype, want, counts, displs, t->rtype, p);
    }
    for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
        char what[200];
        int err, param = th_resolve_nbarriers(algos[a].param, p);
        if (!th_want_algo(o, algos[a].name))
            continue;
        memcpy(got, input, rbytes);
        if (k->inplace)
            err = algos[a].fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, counts, displs, t->rtype, MPI_COMM_WORLD, param);
        else
            err = algos[a].fn(sbuf, scount, t->stype, got, counts, displs, t->rtype, MPI_COMM_WORLD, param);
        snprintf(what, sizeof what, "allgatherv %s p=%d type=%s count=%d pattern=%s%s", algos[a].name, p, t->name, k->c,
                 th_vpattern_name(k->pat), k->inplace ? " in-place" : "");
        th_expect_same(r, o, what, err, got, want, rbytes);
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
}

/* The N of the N-barrier algorithms outside its range: the communicator's error handler is
 * called, the call returns MPI_ERR_ARG and the receive buffer is untouched (see
 * tests/mpi/allgather.c for why the handler is a recording one). */
static void check_bad_nbarriers(th_result *r, const th_opts *o, int p)
{
    static const struct {
        const char *name;
        tv_fn fn;
        int pair;
    } bad[] = {{"ring_n_mpi_barriers", run_ring_n_mpi_barriers, 0},
               {"pair_n_mpi_barriers", run_pair_n_mpi_barriers, 1}};
    MPI_Comm ec;
    MPI_Errhandler eh;
    int i, k, j, in = 7, out[64], copy[64], counts[64], displs[64];

    for (j = 0; j < 64; j++) {
        counts[j] = p <= 64 ? 1 : 0;
        displs[j] = j;
    }
    ec = th_recording_comm(&eh);
    for (i = 0; i < 2; i++) {
        int values[2], nvalues = th_bad_nbarriers(bad[i].pair, p, values);
        if (!th_want_algo(o, bad[i].name) || p > 64)
            continue;
        for (k = 0; k < nvalues; k++) {
            char what[160];
            int err;
            memset(out, 0x5A, sizeof out);
            memcpy(copy, out, sizeof out);
            err = bad[i].fn(&in, 1, MPI_INT, out, counts, displs, MPI_INT, ec, values[k]);
            snprintf(what, sizeof what,
                     "allgatherv %s p=%d nbarriers=%d: MPI_ERR_ARG, handler called, recvbuf untouched", bad[i].name, p,
                     values[k]);
            th_expect_rejected(r, o, what, err, memcmp(out, copy, sizeof out) == 0);
        }
    }
    th_recording_comm_free(&ec, &eh);
}

/* A block set of more than INT_MAX elements (two back-to-back blocks of INT_MAX - 1 and 5 ints)
 * becomes one hindexed element spanning all of them, never an overflowing int count; a set that
 * fits and lies back to back stays a plain count. Only datatypes are built: no buffer. SimGrid
 * 3.32 computes the extent of such a type in an int (it reports a negative one), so there only
 * the shape of the message is checked. */
static void check_big_set(th_result *r, const th_opts *o)
{
    int counts[3] = {INT_MAX - 1, 5, 7}, len[3];
    MPI_Aint displs[3] = {0, (MPI_Aint)INT_MAX - 1, (MPI_Aint)INT_MAX + 4}, disp[3], lb = 0, ext = 0;
    collalg__vset s;
    collalg__vmsg m;
    int err;

    s.elem = MPI_INT;
    s.ext = (MPI_Aint)sizeof(int);
    s.counts = counts;
    s.displs = displs;
    s.len = len;
    s.disp = disp;
    err = collalg__vmsg_make(&s, NULL, 0, 2, &m);
    if (err == MPI_SUCCESS && m.owned)
        MPI_Type_get_true_extent(m.type, &lb, &ext);
#ifdef SMPI_H
    ext = ((MPI_Aint)INT_MAX + 4) * (MPI_Aint)sizeof(int);
#endif
    th_expect(r, o, "allgatherv block set past INT_MAX: one hindexed element spanning every block",
              err == MPI_SUCCESS && m.owned && m.count == 1 && lb == 0 &&
                  ext == ((MPI_Aint)INT_MAX + 4) * (MPI_Aint)sizeof(int));
    collalg__vmsg_free(&m);
    err = collalg__vmsg_make(&s, NULL, 1, 2, &m);
    th_expect(r, o, "allgatherv block set of back-to-back blocks: a plain count of the element type",
              err == MPI_SUCCESS && !m.owned && m.count == 12 && m.type == MPI_INT);
    collalg__vmsg_free(&m);
}

/* After the matrix: the rejected N of the N-barrier algorithms and the block set past INT_MAX. */
static void more_checks(th_result *r, const th_opts *o, int p, int rank)
{
    (void)rank;
    check_bad_nbarriers(r, o, p);
    check_big_set(r, o);
}

int main(int argc, char **argv)
{
    /* one native reference per (type, count, pattern, in place); every algorithm is compared with it */
    return th_vmain(argc, argv, "allgatherv", 0, run_case, more_checks);
}
