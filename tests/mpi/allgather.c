/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * allgather.c - every catalogue allgather algorithm against MPI_Allgather, byte for byte.
 * See harness.h for the options and the output.
 */
#include <collalg/allgather.h>
#include <collalg/allgatherv.h>
#include <collalg/bcast.h>
#include <collalg/allgather/circulant.h>
#include "harness.h"

TH_PLAIN(allgather, simple)
TH_PLAIN(allgather, spreading_simple)
TH_PLAIN(allgather, ring)
TH_PLAIN(allgather, ring_light_barrier)
TH_PLAIN(allgather, ring_mpi_barrier)
TH_PARAM(allgather, ring_n_mpi_barriers)
TH_PLAIN(allgather, pair)
TH_PLAIN(allgather, pair_light_barrier)
TH_PLAIN(allgather, pair_mpi_barrier)
TH_PARAM(allgather, pair_n_mpi_barriers)
TH_PLAIN(allgather, mesh_2d)
TH_PLAIN(allgather, mesh_3d)
TH_PLAIN(allgather, recursive_doubling)
TH_PLAIN(allgather, swing)
TH_PLAIN(allgather, bruck)
TH_PARAM(allgather, k_bruck)
TH_PARAM(allgather, recexch_doubling)
TH_PARAM(allgather, recexch_halving)
TH_PARAM(allgather, pat)
TH_PLAIN(allgather, bine)
TH_PLAIN(allgather, sparbit)
TH_PLAIN(allgather, neighbor_exchange)
TH_PLAIN(allgather, circulant)
TH_PLAIN(allgather, gather_bcast)
TH_PLAIN(allgather, logical_ring)
TH_PLAIN(allgather, topology_ring)

/* The hierarchical allgather with its inner algorithms: 0 the defaults (Bruck or ring among the
 * leaders by size, MPI_Bcast in the node), 1 ring / allgatherv ring among the leaders and a
 * binomial bcast in the node, 2 the native MPI_Allgather / MPI_Allgatherv among the leaders and
 * the van de Geijn bcast in the node. */
static int run_hierarchical(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, MPI_Comm cm,
                            int param)
{
    if (param == 1)
        return collalg_allgather_hierarchical(sb, sc, st, rb, rc, rt, cm, collalg_allgather_ring,
                                              collalg_allgatherv_ring, collalg_bcast_binomial);
    if (param == 2)
        return collalg_allgather_hierarchical(sb, sc, st, rb, rc, rt, cm, MPI_Allgather, MPI_Allgatherv,
                                              collalg_bcast_scatter_ring_allgather);
    return collalg_allgather_hierarchical(sb, sc, st, rb, rc, rt, cm, NULL, NULL, NULL);
}

static const struct {
    const char *name;
    th_transport_fn fn;
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
    {"mesh_2d", run_mesh_2d, 0},
    {"mesh_3d", run_mesh_3d, 0},
    {"recursive_doubling", run_recursive_doubling, 0},
    {"swing", run_swing, 0},
    {"bruck", run_bruck, 0},
    {"k_bruck(0)", run_k_bruck, 0},
    {"k_bruck(3)", run_k_bruck, 3},
    {"k_bruck(4)", run_k_bruck, 4},
    {"k_bruck(1000)", run_k_bruck, 1000},
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
    {"bine", run_bine, 0},
    {"sparbit", run_sparbit, 0},
    {"neighbor_exchange", run_neighbor_exchange, 0},
    {"circulant", run_circulant, 0},
    {"gather_bcast", run_gather_bcast, 0},
    {"logical_ring", run_logical_ring, 0},
    {"topology_ring", run_topology_ring, 0},
    {"hierarchical", run_hierarchical, 0},
    {"hierarchical(ring,binomial)", run_hierarchical, 1},
    {"hierarchical(native,scatter_ring_allgather)", run_hierarchical, 2},
};

/* The N of the N-barrier algorithms outside its range: the communicator's error handler is
 * called, the call returns MPI_ERR_ARG and the receive buffer is untouched. The handler is a
 * recording one rather than MPI_ERRORS_RETURN: SimGrid 3.32's MPI_Comm_call_errhandler crashes
 * on a communicator whose handler is MPI_ERRORS_RETURN. */
static void check_bad_nbarriers(th_result *r, const th_opts *o, int p)
{
    static const struct {
        const char *name;
        th_transport_fn fn;
        int pair;
    } bad[] = {{"ring_n_mpi_barriers", run_ring_n_mpi_barriers, 0},
               {"pair_n_mpi_barriers", run_pair_n_mpi_barriers, 1}};
    MPI_Comm ec;
    MPI_Errhandler eh;
    int i, k, in = 7, out[64], copy[64];

    ec = th_recording_comm(&eh);
    for (i = 0; i < 2; i++) {
        int values[2], nvalues = th_bad_nbarriers(bad[i].pair, p, values);
        if (!th_want_algo(o, bad[i].name))
            continue;
        for (k = 0; k < nvalues; k++) {
            char what[160];
            int err;
            memset(out, 0x5A, sizeof out);
            memcpy(copy, out, sizeof out);
            err = bad[i].fn(&in, 1, MPI_INT, out, p <= 64 ? 1 : 0, MPI_INT, ec, values[k]);
            snprintf(what, sizeof what,
                     "allgather %s p=%d nbarriers=%d: MPI_ERR_ARG, handler called, recvbuf untouched", bad[i].name, p,
                     values[k]);
            th_expect_rejected(r, o, what, err, memcmp(out, copy, sizeof out) == 0);
        }
    }
    th_recording_comm_free(&ec, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    int p, rank, a, ci, ti, inplace, status;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_types_init(types);

    /* One native reference per (type, count, in place); every algorithm is compared with it. */
    for (ti = 0; ti < TH_NTYPES; ti++) {
        const th_types *t = &types[ti];
        if (!th_want_type(&o, t->name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int rcount = o.counts[ci] < 0 ? th_big_count(t->rtype) : o.counts[ci];
            int scount = rcount * t->ratio;
            size_t sbytes = th_bytes((long)scount, t->stype), rbytes = th_bytes((long)rcount * p, t->rtype);
            if ((double)(sbytes > rbytes ? sbytes : rbytes) > o.max_bytes)
                continue;
            for (inplace = 0; inplace <= (o.inplace && t->stype == t->rtype); inplace++) {
                void *sbuf = th_alloc(sbytes), *want = th_alloc(rbytes), *got = th_alloc(rbytes);
                void *input = th_alloc(rbytes);
                unsigned seed = (unsigned)(rank * 7919 + ci * 31 + ti);
                th_fill(sbuf, sbytes, seed);
                if (inplace) {
                    /* The own block lives in the receive buffer (block `rank`, the rest is
                     * garbage the call overwrites). The reference is the native out-of-place
                     * allgather of that own block. */
                    MPI_Aint lb, ext;
                    MPI_Type_get_extent(t->rtype, &lb, &ext);
                    th_fill(input, rbytes, seed + 1);
                    memcpy(want, input, rbytes);
                    MPI_Allgather((char *)input + (MPI_Aint)rank * rcount * ext, rcount, t->rtype, want, rcount,
                                  t->rtype, MPI_COMM_WORLD);
                } else {
                    memset(input, 0xA5, rbytes);
                    memcpy(want, input, rbytes);
                    MPI_Allgather(sbuf, scount, t->stype, want, rcount, t->rtype, MPI_COMM_WORLD);
                }
                for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
                    char what[160];
                    int err, param = th_resolve_nbarriers(algos[a].param, p);
                    if (!th_want_algo(&o, algos[a].name))
                        continue;
                    memcpy(got, input, rbytes);
                    if (inplace)
                        err = algos[a].fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, rcount, t->rtype, MPI_COMM_WORLD,
                                          param);
                    else
                        err = algos[a].fn(sbuf, scount, t->stype, got, rcount, t->rtype, MPI_COMM_WORLD, param);
                    snprintf(what, sizeof what, "allgather %s p=%d type=%s count=%d%s", algos[a].name, p, t->name,
                             rcount, inplace ? " in-place" : "");
                    th_expect(&r, &o, what, err == MPI_SUCCESS);
                    th_check(&r, &o, what, got, want, rbytes);
                }
                free(sbuf);
                free(want);
                free(got);
                free(input);
            }
        }
    }
    check_bad_nbarriers(&r, &o, p);
    th_types_free(types);
    status = th_finish(&r, "allgather");
    MPI_Finalize();
    return status;
}
