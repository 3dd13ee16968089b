/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neighbor.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): the five neighbourhood collectives, blocking (MPI_Neighbor_<coll>),
 * nonblocking (MPI_Ineighbor_<coll>, completed by MPI_Wait, or by an MPI_Test loop every other
 * case) and persistent (MPI-4's MPI_Neighbor_<coll>_init under MPICH, Open MPI 4.1's MPIX_ one;
 * initialised once, started twice with the send data changed before each start, completed by
 * MPI_Wait, then freed while inactive), on the neighbourhoods below, 0 and 3 elements per block of
 * int and of a strided vector. The v and w forms take the receive blocks in reverse order with a
 * one-element gap between them (and alltoallv and alltoallw send their blocks from there too).
 *
 * Each case dumps this rank's receive buffer (hash and error class, pm_common.h), the gaps
 * included; the nonblocking and persistent results must also equal the blocking one of the same
 * run (counted as a failure otherwise). The neighbourhoods are those where MPICH 4.0.2 and Open
 * MPI 4.1 follow MPI-4.1 (tests/mpi/neighbor.c tests the catalogue on the others against a
 * point-to-point reference): no neighbour met twice, in-degree = out-degree on every rank.
 * - cart-ring: 1-D Cartesian, periodic when p >= 3;
 * - cart-2d: 2-D Cartesian, MPI_Dims_create's, not periodic;
 * - dist-ring: distributed graph (adjacent, weights 1), sources r - 1, r + 1 and destinations r + 1, r - 1
 *   (p >= 3): isomorphic on the ring;
 * - graph-ring: the same ring as a graph communicator (MPI_Graph_create, p >= 3);
 * - dist-chain: a distributed graph that is not isomorphic: r -> r + 1 (mod p), and rank 0 also
 *   to itself (a self loop); the combining algorithms do not apply there.
 * Prints "neighbor p=<p>: <k> checks, <f> failed" (pm_summary()) and exits 1 when one failed.
 */
#include "pm_common.h"
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#define NB_INIT(Name) MPIX_Neighbor_##Name##_init
#else
#define NB_INIT(Name) MPI_Neighbor_##Name##_init
#endif

enum { NB_ALLGATHER, NB_ALLGATHERV, NB_ALLTOALL, NB_ALLTOALLV, NB_ALLTOALLW, NB_N };
static const char *const nb_name[NB_N] = {"allgather", "allgatherv", "alltoall", "alltoallv", "alltoallw"};
enum { F_BLOCKING, F_NONBLOCKING, F_INIT };

static int nb_checks, nb_failed;

/* One call's buffers and arrays on a communicator with in-degree `in` and out-degree `out`. */
typedef struct nb_args {
    int coll, t, count, in, out;
    void *sbuf, *rbuf;
    size_t sbytes, rbytes;
    int *scounts, *sdispls, *rcounts, *rdispls;
    MPI_Aint *sw, *rw;
    MPI_Datatype *stypes, *rtypes;
} nb_args;

static void nb_degrees(MPI_Comm comm, int *in, int *out)
{
    int status, rank, w;
    MPI_Topo_test(comm, &status);
    MPI_Comm_rank(comm, &rank);
    if (status == MPI_CART) {
        MPI_Cartdim_get(comm, in);
        *in = *out = 2 * *in;
    } else if (status == MPI_GRAPH) {
        MPI_Graph_neighbors_count(comm, rank, in);
        *out = *in;
    } else
        MPI_Dist_graph_neighbors_count(comm, in, out, &w);
}

/* Blocks of `count` elements of type t; the v and w forms' block i at (deg - 1 - i) (count + 1). */
static void nb_make(nb_args *a, MPI_Comm comm, int coll, int t, int count)
{
    size_t ext = pm_extent(t);
    int i, vform = coll == NB_ALLGATHERV || coll == NB_ALLTOALLV || coll == NB_ALLTOALLW;
    int spread = coll == NB_ALLTOALL || coll == NB_ALLTOALLV || coll == NB_ALLTOALLW;
    memset(a, 0, sizeof *a);
    a->coll = coll;
    a->t = t;
    a->count = count;
    nb_degrees(comm, &a->in, &a->out);
    a->rbytes = ((size_t)a->in * (size_t)(count + 1) + 1) * ext;
    a->sbytes = ((size_t)(spread ? a->out : 1) * (size_t)(count + 1) + 1) * ext;
    a->rbuf = malloc(a->rbytes);
    a->sbuf = malloc(a->sbytes);
    a->scounts = (int *)malloc(sizeof(int) * (size_t)(a->out + 1));
    a->sdispls = (int *)malloc(sizeof(int) * (size_t)(a->out + 1));
    a->rcounts = (int *)malloc(sizeof(int) * (size_t)(a->in + 1));
    a->rdispls = (int *)malloc(sizeof(int) * (size_t)(a->in + 1));
    a->sw = (MPI_Aint *)malloc(sizeof(MPI_Aint) * (size_t)(a->out + 1));
    a->rw = (MPI_Aint *)malloc(sizeof(MPI_Aint) * (size_t)(a->in + 1));
    a->stypes = (MPI_Datatype *)malloc(sizeof(MPI_Datatype) * (size_t)(a->out + 1));
    a->rtypes = (MPI_Datatype *)malloc(sizeof(MPI_Datatype) * (size_t)(a->in + 1));
    if (!a->rbuf || !a->sbuf || !a->scounts || !a->sdispls || !a->rcounts || !a->rdispls || !a->sw || !a->rw ||
        !a->stypes || !a->rtypes)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (i = 0; i < a->out; i++) {
        a->scounts[i] = count;
        a->sdispls[i] = vform ? (a->out - 1 - i) * (count + 1) : i * count;
        a->sw[i] = (MPI_Aint)a->sdispls[i] * (MPI_Aint)ext;
        a->stypes[i] = pm_type[t];
    }
    for (i = 0; i < a->in; i++) {
        a->rcounts[i] = count;
        a->rdispls[i] = vform ? (a->in - 1 - i) * (count + 1) : i * count;
        a->rw[i] = (MPI_Aint)a->rdispls[i] * (MPI_Aint)ext;
        a->rtypes[i] = pm_type[t];
    }
}

static void nb_free(nb_args *a)
{
    free(a->sbuf);
    free(a->rbuf);
    free(a->scounts);
    free(a->sdispls);
    free(a->rcounts);
    free(a->rdispls);
    free(a->sw);
    free(a->rw);
    free(a->stypes);
    free(a->rtypes);
}

#define NB_UNIFORM a->sbuf, a->count, T, a->rbuf, a->count, T, comm
#define NB_GATHERV a->sbuf, a->count, T, a->rbuf, a->rcounts, a->rdispls, T, comm
#define NB_V a->sbuf, a->scounts, a->sdispls, T, a->rbuf, a->rcounts, a->rdispls, T, comm
#define NB_W a->sbuf, a->scounts, a->sw, a->stypes, a->rbuf, a->rcounts, a->rw, a->rtypes, comm

/* Runs (F_BLOCKING) or starts (F_NONBLOCKING) or initialises (F_INIT: *req) the call. */
static int nb_call(nb_args *a, MPI_Comm comm, int form, MPI_Request *req)
{
    MPI_Datatype T = pm_type[a->t];
#define NB_FORMS(Name, ARGS)                    \
    if (form == F_BLOCKING)                     \
        return MPI_Neighbor_##Name(ARGS);       \
    if (form == F_NONBLOCKING)                  \
        return MPI_Ineighbor_##Name(ARGS, req); \
    return NB_INIT(Name)(ARGS, MPI_INFO_NULL, req);
    switch (a->coll) {
    case NB_ALLGATHER: NB_FORMS(allgather, NB_UNIFORM)
    case NB_ALLGATHERV: NB_FORMS(allgatherv, NB_GATHERV)
    case NB_ALLTOALL: NB_FORMS(alltoall, NB_UNIFORM)
    case NB_ALLTOALLV: NB_FORMS(alltoallv, NB_V)
    default: NB_FORMS(alltoallw, NB_W)
    }
#undef NB_FORMS
}

/* Completes *req with MPI_Wait, or with an MPI_Test loop when `test`. */
static int nb_complete(MPI_Request *req, int test)
{
    int done = 0, err = MPI_SUCCESS;
    if (!test)
        return MPI_Wait(req, MPI_STATUS_IGNORE);
    while (!done && err == MPI_SUCCESS)
        err = MPI_Test(req, &done, MPI_STATUS_IGNORE);
    return err;
}

/* Fills the send buffer (seed, this rank) and the receive buffer (a fixed pattern). */
static void nb_fill(nb_args *a, MPI_Comm comm, int seed)
{
    size_t ext = pm_extent(a->t);
    int rank;
    MPI_Comm_rank(comm, &rank);
    pm_fill(a->sbuf, a->t, a->sbytes / ext, seed * 31 + rank);
    memset(a->rbuf, 0x5a, a->rbytes);
}

/* 1 when `got` equals `want` (the blocking result), counted. */
static void nb_same(const char *label, const void *got, const void *want, size_t bytes, int err)
{
    nb_checks++;
    if (err != MPI_SUCCESS || memcmp(got, want, bytes) != 0) {
        nb_failed++;
        fprintf(stderr, "neighbor [%d]: %s differs from the blocking call (error %d)\n", pm_world_rank, label, err);
    }
}

static void nb_case(MPI_Comm comm, const char *topo, int coll, int t, int count, int *serial)
{
    nb_args a;
    char label[128];
    unsigned char *want;
    MPI_Request req = MPI_REQUEST_NULL;
    int err, start;
    nb_make(&a, comm, coll, t, count);
    snprintf(label, sizeof label, "%s %s %s count %d", nb_name[coll], topo, pm_type_name[t], count);
    nb_fill(&a, comm, 1);
    err = nb_call(&a, comm, F_BLOCKING, NULL);
    pm_dump(label, a.rbuf, a.rbytes, err);
    want = (unsigned char *)malloc(a.rbytes);
    if (!want)
        MPI_Abort(MPI_COMM_WORLD, 2);
    memcpy(want, a.rbuf, a.rbytes);

    nb_fill(&a, comm, 1);
    err = nb_call(&a, comm, F_NONBLOCKING, &req);
    if (err == MPI_SUCCESS)
        err = nb_complete(&req, (*serial)++ % 2);
    snprintf(label, sizeof label, "%s %s %s count %d nonblocking", nb_name[coll], topo, pm_type_name[t], count);
    nb_same(label, a.rbuf, want, a.rbytes, err);

    req = MPI_REQUEST_NULL;
    err = nb_call(&a, comm, F_INIT, &req);
    for (start = 0; start < 2 && err == MPI_SUCCESS; start++) {
        nb_fill(&a, comm, 2 + start); /* after init: the start must read these contents */
        err = MPI_Start(&req);
        if (err == MPI_SUCCESS)
            err = MPI_Wait(&req, MPI_STATUS_IGNORE);
        snprintf(label, sizeof label, "%s %s %s count %d persistent start %d", nb_name[coll], topo, pm_type_name[t],
                 count, start);
        pm_dump(label, a.rbuf, a.rbytes, err);
    }
    if (req != MPI_REQUEST_NULL) {
        err = MPI_Request_free(&req);
        nb_checks++;
        if (err != MPI_SUCCESS || req != MPI_REQUEST_NULL) {
            nb_failed++;
            fprintf(stderr, "neighbor [%d]: MPI_Request_free of an inactive request failed\n", pm_world_rank);
        }
    }
    free(want);
    nb_free(&a);
}

static void nb_topo(MPI_Comm comm, const char *topo)
{
    static const int counts[2] = {0, 3};
    int coll, t, c, serial = 0;
    if (comm == MPI_COMM_NULL)
        return;
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    for (coll = 0; coll < NB_N; coll++)
        for (t = 0; t < PM_NTYPES; t++) {
            if (t == 1) /* double: int and the vector suffice */
                continue;
            for (c = 0; c < 2; c++)
                nb_case(comm, topo, coll, t, counts[c], &serial);
        }
    MPI_Comm_free(&comm);
}

int main(int argc, char **argv)
{
    MPI_Comm comm;
    int p, r, dims[2] = {0, 0}, periods[2] = {0, 0}, ones[2] = {1, 1}; /* edge weights */
    pm_init(&argc, &argv);
    p = pm_world_size;
    r = pm_world_rank;

    periods[0] = p >= 3;
    dims[0] = p;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &comm);
    nb_topo(comm, "cart-ring");

    dims[0] = 0;
    periods[0] = 0;
    MPI_Dims_create(p, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &comm);
    nb_topo(comm, "cart-2d");

    if (p >= 3) {
        int src[2] = {(r + p - 1) % p, (r + 1) % p}, dst[2] = {(r + 1) % p, (r + p - 1) % p};
        int *index = (int *)malloc(sizeof(int) * (size_t)p), *edges = (int *)malloc(sizeof(int) * 2 * (size_t)p), i;
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, src, ones, 2, dst, ones, MPI_INFO_NULL, 0, &comm);
        nb_topo(comm, "dist-ring");
        for (i = 0; i < p; i++) {
            index[i] = 2 * (i + 1);
            edges[2 * i] = (i + p - 1) % p;
            edges[2 * i + 1] = (i + 1) % p;
        }
        MPI_Graph_create(MPI_COMM_WORLD, p, index, edges, 0, &comm);
        nb_topo(comm, "graph-ring");
        free(index);
        free(edges);
    }
    {
        int src[2] = {(r + p - 1) % p, 0}, dst[2] = {(r + 1) % p, 0}, deg = r == 0 && p > 1 ? 2 : 1;
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, deg, src, ones, deg, dst, ones, MPI_INFO_NULL, 0, &comm);
        nb_topo(comm, "dist-chain");
    }

    return pm_summary("neighbor", nb_checks, nb_failed);
}
