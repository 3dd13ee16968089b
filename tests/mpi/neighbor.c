/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neighbor.c - the neighbourhood collectives (include/collalg/neighbor_<coll>/linear.h,
 * neighbor_allgather/combining.h and neighbor_alltoall/combining.h) against a point-to-point
 * reference written to the MPI-4.1 text (§8.6), byte for byte over the whole receive allocation,
 * in their blocking, nonblocking and persistent forms.
 *
 * The combining allgather and alltoall run on every topology beside the linear ones: on
 * Cartesian communicators with their own grid, on graphs read on the ring (the test decides by
 * itself whether every rank has the same (source - rank) mod p list, and for the alltoall the
 * same (destination - rank) mod p list; where not, MPI_ERR_TOPOLOGY is expected on every rank in
 * every form, the receive buffer untouched), and on isomorphic distributed graphs on a torus
 * (stencils(): 9 and 27 points, an asymmetric list) where only the allgathers and alltoalls run;
 * a grid that is not the communicator's gives MPI_ERR_ARG.
 *
 * The reference reads the neighbour lists itself (MPI_Cart_shift, MPI_Graph_neighbors,
 * MPI_Dist_graph_neighbors) and posts one receive per source and one send per destination: on a
 * Cartesian communicator with a tag per block (block s of a sender is tagged s and received into
 * block s ^ 1, Example 8.10: what goes in the negative direction of a dimension arrives in the
 * neighbour's positive slot), so a neighbour met twice (periodic dimensions of size 1 and 2)
 * cannot be confused; on graphs with one tag, receives and sends in list order (the k-th edge
 * from a to b fills the k-th occurrence of a in b's sources).
 *
 * Neighbourhoods for the p of the run: Cartesian 1-D, 2-D, 3-D (p x 1, 1 x p, MPI_Dims_create's,
 * p x 1 x 1, 1 x 1 x p), every mix of periodic and not; a graph with a self loop and every
 * neighbour twice; a graph where rank 0 has no neighbours; distributed graphs (adjacent,
 * weighted and unweighted, and MPI_Dist_graph_create with reorder) with self loops, repeated
 * edges and in-degree != out-degree, some ranks with an empty side. Collectives: allgather,
 * allgatherv, alltoall, alltoallv (per-edge counts with zeros, blocks in reverse order with
 * gaps), alltoallw (per-edge datatypes: MPI_INT on one side, a strided vector on the other).
 * Datatypes of the harness (int, vector, struct, int-vector), --counts (default 0, 1, 5).
 * Forms: blocking; nonblocking completed by collalg_progress() + MPI_Test (and MPI_Wait under
 * MPICH); persistent, started three times with the send buffer's contents changed between
 * starts; a nonblocking one outstanding while a blocking one runs on the same communicator.
 * A communicator without a topology: MPI_ERR_TOPOLOGY, request MPI_REQUEST_NULL, nothing sent.
 *
 * The native calls are compared with the reference too, and must agree except where a native
 * library is known to deviate from MPI-4.1 (then a note is printed, not a failure): a Cartesian
 * dimension of size 1 or 2 that is periodic (repeated neighbours: MPICH 4.0.2 and Open MPI's
 * nonblocking ones pair the blocks differently), and MPICH 4.0.2's MPI_Neighbor_alltoall on
 * any topology with a repeated source (it posts the receives in reverse list order, so repeated
 * graph neighbours fill each other's blocks; its alltoallv does not); MPICH's
 * MPI_Neighbor_alltoallw is not called
 * on a topology where in-degree != out-degree on some rank (pmodels/mpich#6233: wrong data or a
 * crash). Under SimGrid 3.32, which aborts in MPI_Topo_test ("not yet implemented") and in its
 * own neighbourhood collectives, src/bench/smpi_topo.h supplies MPI_Topo_test and the adjacent
 * distributed graphs: there the program runs without native calls, graph communicators
 * (MPI_Graph_create) and MPI_Dist_graph_create (the reordered distributed graph).
 *
 * Options: the harness's (--counts, --types, -v); --algo S runs only the cases whose description
 * contains S ("neighbor_<coll> <linear|combining> <topology> <type> count <n>", "mixed
 * <topology> <type>"): a collective, an algorithm or a kind of topology ("cart", "dist graph").
 *
 * Under SimGrid a run slows down as it goes (SimGrid 3.32 keeps every message a test completed in
 * its rank's list of activities, and each later wait walks it: docs/limitations.md), so its
 * matrix is split over several runs with --algo.
 */
#include "harness.h"
#include "select_hook.h"
#include <collalg/neighbor.h>
#include <collalg/select.h>

#if defined(MPICH) && !defined(SMPI_H)
#define MPICH_NATIVE 1
#else
#define MPICH_NATIVE 0
#endif

/* SimGrid 3.32: no native neighbourhood collectives (they abort), no MPI_Topo_test and no
 * distributed graphs; src/bench/smpi_topo.h supplies MPI_Topo_test and the adjacent distributed
 * graphs, not MPI_Graph_create nor MPI_Dist_graph_create. */
#ifdef SMPI_H
#include "../../src/bench/smpi_topo.h"
#define HAVE_NATIVE 0
#define HAVE_GRAPH_CREATE 0
#else
#define HAVE_NATIVE 1
#define HAVE_GRAPH_CREATE 1
#endif

enum { C_ALLGATHER, C_ALLGATHERV, C_ALLTOALL, C_ALLTOALLV, C_ALLTOALLW, NCOLLS };
static const char *const coll_name[NCOLLS] = {"allgather", "allgatherv", "alltoall", "alltoallv", "alltoallw"};
enum { H_REF, H_NATIVE, H_BLOCKING, H_NONBLOCKING, H_INIT };

/* A topology under test, with the neighbour lists the reference read from it. */
typedef struct topo {
    MPI_Comm comm;    /* the communicator the calls get */
    MPI_Comm refcomm; /* a duplicate for the reference's messages */
    char name[96];
    int cart;     /* 1: Cartesian (tag per block) */
    int dup_nbrs; /* 1: a periodic dimension of size 1 or 2 (natives may deviate) */
    int in, out;
    int *src, *dst;   /* MPI_PROC_NULL kept */
    int inout_differ; /* 1: in-degree != out-degree on some rank */
    int repeats;      /* 1: a source appears twice in some rank's list */
    int gnd;          /* combining: the torus's dimensions (0: the ring, or the Cartesian grid) */
    int gdims[3];     /* combining: their sizes */
    int iso;          /* combining: 1 isomorphic on that grid, 0 not (MPI_ERR_TOPOLOGY expected) */
    int iso_out;      /* combining alltoall: 1 the destinations are isomorphic too */
    int only_gather;  /* 1: only neighbor_allgather and neighbor_alltoall run on it */
} topo;

/* One call's arguments. */
typedef struct args {
    int coll;
    const th_types *t;
    int c; /* --counts entry */
    void *sbuf, *rbuf;
    size_t sbytes, rbytes;
    int scount, rcount;
    int *scounts, *sdispls, *rcounts, *rdispls;
    MPI_Aint *sw, *rw;             /* alltoallw byte displacements */
    MPI_Datatype *stypes, *rtypes; /* alltoallw datatypes */
} args;

static MPI_Datatype vec2; /* 1 vector = 2 ints at stride 2 (the alltoallw partner of 2 MPI_INT) */

/* 1 when every rank of @p comm has the same list of (list[d] - rank) mod p, in the same order. */
static int ring_iso(MPI_Comm comm, const int *list, int n)
{
    int p, rank, d, iso, lo = n, hi = n, *v, *vlo, *vhi;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_INT, MPI_MIN, comm);
    MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_INT, MPI_MAX, comm);
    iso = lo == hi;
    if (!iso || n == 0)
        return iso;
    v = (int *)th_alloc(sizeof(int) * (size_t)(3 * n));
    vlo = v + n;
    vhi = vlo + n;
    for (d = 0; d < n; d++)
        v[d] = ((list[d] - rank) % p + p) % p;
    MPI_Allreduce(v, vlo, n, MPI_INT, MPI_MIN, comm);
    MPI_Allreduce(v, vhi, n, MPI_INT, MPI_MAX, comm);
    for (d = 0; d < n; d++)
        iso = iso && vlo[d] == vhi[d];
    free(v);
    return iso;
}

static void topo_lists(topo *t)
{
    int st, rank, d, nd, w;
    MPI_Comm_rank(t->comm, &rank);
    MPI_Topo_test(t->comm, &st);
    if (st == MPI_CART) {
        MPI_Cartdim_get(t->comm, &nd);
        t->in = t->out = 2 * nd;
        t->src = (int *)th_alloc(sizeof(int) * (size_t)(2 * nd + 1));
        t->dst = (int *)th_alloc(sizeof(int) * (size_t)(2 * nd + 1));
        for (d = 0; d < nd; d++) {
            MPI_Cart_shift(t->comm, d, 1, &t->src[2 * d], &t->src[2 * d + 1]);
            t->dst[2 * d] = t->src[2 * d];
            t->dst[2 * d + 1] = t->src[2 * d + 1];
        }
        t->cart = 1;
    } else if (st == MPI_GRAPH) {
        MPI_Graph_neighbors_count(t->comm, rank, &t->in);
        t->out = t->in;
        t->src = (int *)th_alloc(sizeof(int) * (size_t)(t->in + 1));
        t->dst = (int *)th_alloc(sizeof(int) * (size_t)(t->in + 1));
        MPI_Graph_neighbors(t->comm, rank, t->in, t->src);
        memcpy(t->dst, t->src, sizeof(int) * (size_t)t->in);
    } else {
        int *ws, *wd;
        MPI_Dist_graph_neighbors_count(t->comm, &t->in, &t->out, &w);
        t->src = (int *)th_alloc(sizeof(int) * (size_t)(t->in + 1));
        t->dst = (int *)th_alloc(sizeof(int) * (size_t)(t->out + 1));
        ws = (int *)th_alloc(sizeof(int) * (size_t)(t->in + 1));
        wd = (int *)th_alloc(sizeof(int) * (size_t)(t->out + 1));
        MPI_Dist_graph_neighbors(t->comm, t->in, t->src, ws, t->out, t->dst, wd);
        free(ws);
        free(wd);
    }
    MPI_Comm_dup(t->comm, &t->refcomm);
    st = t->in != t->out;
    MPI_Allreduce(&st, &t->inout_differ, 1, MPI_INT, MPI_LOR, t->comm);
    for (d = 0, st = 0; d < t->in; d++)
        for (w = 0; w < d; w++)
            st |= t->src[w] == t->src[d] && t->src[d] != MPI_PROC_NULL;
    MPI_Allreduce(&st, &t->repeats, 1, MPI_INT, MPI_LOR, t->comm);
    if (!t->cart && t->gnd == 0) { /* the ring: the same (neighbour - rank) mod p lists everywhere? */
        t->iso = ring_iso(t->comm, t->src, t->in);
        t->iso_out = ring_iso(t->comm, t->dst, t->out);
    } else if (t->cart)
        t->iso = t->iso_out = 1;
}
static void topo_free(topo *t)
{
    free(t->src);
    free(t->dst);
    MPI_Comm_free(&t->refcomm);
    MPI_Comm_free(&t->comm);
}

/* ---- per-edge counts, datatypes and the buffers --------------------------------------------- */

/* Elements of rtype on the edge a -> b (both sides know it): count entry c times 0, 1 or 2. */
static int edge_count(int c, int a, int b)
{
    return c * ((a + 2 * b) % 3);
}

/* 1 when the edge a -> b of alltoallw sends MPI_INT (and receives vec2), 0 the other way. */
static int edge_int_first(int a, int b)
{
    return (a + b) % 2 == 0;
}

/* Sets up the buffers and arrays of coll on topology t for count entry c, types tt. */
static void args_make(args *a, const topo *t, int coll, const th_types *tt, int c)
{
    int rank, i;
    MPI_Aint lb, sext, rext, iext, vext;
    long off;
    memset(a, 0, sizeof *a);
    a->coll = coll;
    a->t = tt;
    a->c = c;
    MPI_Comm_rank(t->comm, &rank);
    MPI_Type_get_extent(tt->stype, &lb, &sext);
    MPI_Type_get_extent(tt->rtype, &lb, &rext);
    MPI_Type_get_extent(MPI_INT, &lb, &iext);
    MPI_Type_get_extent(vec2, &lb, &vext);
    a->scounts = (int *)th_alloc(sizeof(int) * (size_t)(t->out + 1));
    a->sdispls = (int *)th_alloc(sizeof(int) * (size_t)(t->out + 1));
    a->rcounts = (int *)th_alloc(sizeof(int) * (size_t)(t->in + 1));
    a->rdispls = (int *)th_alloc(sizeof(int) * (size_t)(t->in + 1));
    a->sw = (MPI_Aint *)th_alloc(sizeof(MPI_Aint) * (size_t)(t->out + 1));
    a->rw = (MPI_Aint *)th_alloc(sizeof(MPI_Aint) * (size_t)(t->in + 1));
    a->stypes = (MPI_Datatype *)th_alloc(sizeof(MPI_Datatype) * (size_t)(t->out + 1));
    a->rtypes = (MPI_Datatype *)th_alloc(sizeof(MPI_Datatype) * (size_t)(t->in + 1));
    switch (coll) {
    case C_ALLGATHER:
    case C_ALLTOALL:
        a->rcount = c;
        a->scount = c * tt->ratio;
        a->sbytes = th_bytes((long)a->scount * (coll == C_ALLTOALL ? t->out : 1), tt->stype);
        a->rbytes = th_bytes((long)c * t->in, tt->rtype);
        break;
    case C_ALLGATHERV: /* sender a sends c * (a % 3) + 1 elements; blocks reversed with gaps */
        a->rcount = c * (rank % 3) + (c > 0);
        a->scount = a->rcount * tt->ratio;
        a->sbytes = th_bytes(a->scount, tt->stype);
        for (i = t->in - 1, off = 1; i >= 0; i--) {
            a->rcounts[i] = t->src[i] == MPI_PROC_NULL ? 1 : c * (t->src[i] % 3) + (c > 0);
            a->rdispls[i] = (int)off;
            off += a->rcounts[i] + 1;
        }
        a->rbytes = th_bytes(off, tt->rtype);
        break;
    case C_ALLTOALLV:
        for (i = 0, off = 0; i < t->out; i++) {
            a->scounts[i] = t->dst[i] == MPI_PROC_NULL ? 2 : edge_count(c, rank, t->dst[i]) * tt->ratio;
            a->sdispls[i] = (int)off;
            off += a->scounts[i];
        }
        a->sbytes = th_bytes(off, tt->stype);
        for (i = t->in - 1, off = 2; i >= 0; i--) {
            a->rcounts[i] = t->src[i] == MPI_PROC_NULL ? 1 : edge_count(c, t->src[i], rank);
            a->rdispls[i] = (int)off;
            off += a->rcounts[i] + 1;
        }
        a->rbytes = th_bytes(off, tt->rtype);
        break;
    default: /* alltoallw: edge a -> b carries 2k MPI_INT as k vec2, or k vec2 as 2k MPI_INT */
        for (i = 0, off = 8; i < t->out; i++) {
            int k = t->dst[i] == MPI_PROC_NULL ? 1 : edge_count(c, rank, t->dst[i]);
            int ints = t->dst[i] == MPI_PROC_NULL || edge_int_first(rank, t->dst[i]);
            a->stypes[i] = ints ? MPI_INT : vec2;
            a->scounts[i] = ints ? 2 * k : k;
            a->sw[i] = off;
            off += a->scounts[i] * (ints ? iext : vext) + 4;
        }
        a->sbytes = (size_t)off + 16;
        for (i = t->in - 1, off = 12; i >= 0; i--) {
            int k = t->src[i] == MPI_PROC_NULL ? 1 : edge_count(c, t->src[i], rank);
            int ints = t->src[i] != MPI_PROC_NULL && !edge_int_first(t->src[i], rank);
            a->rtypes[i] = ints ? MPI_INT : vec2;
            a->rcounts[i] = ints ? 2 * k : k;
            a->rw[i] = off;
            off += a->rcounts[i] * (ints ? iext : vext) + 8;
        }
        a->rbytes = (size_t)off + 16;
    }
    (void)sext;
    (void)rext;
    a->sbuf = th_alloc(a->sbytes);
    a->rbuf = th_alloc(a->rbytes);
}

static void args_free(args *a)
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

/* ---- the reference (MPI-4.1 §8.6) --------------------------------------------------------------- */

static void *at(void *buf, long index, MPI_Datatype type)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(type, &lb, &ext);
    return (char *)buf + index * ext;
}

/* Receive block i (addr, count, type) of a, and send block i. */
static void rblock(const args *a, int i, void **addr, int *count, MPI_Datatype *type)
{
    MPI_Datatype rt = a->t->rtype;
    switch (a->coll) {
    case C_ALLGATHER:
    case C_ALLTOALL: *addr = at(a->rbuf, (long)i * a->rcount, rt), *count = a->rcount, *type = rt; break;
    case C_ALLGATHERV:
    case C_ALLTOALLV: *addr = at(a->rbuf, a->rdispls[i], rt), *count = a->rcounts[i], *type = rt; break;
    default: *addr = (char *)a->rbuf + a->rw[i], *count = a->rcounts[i], *type = a->rtypes[i];
    }
}

static void sblock(const args *a, int i, void **addr, int *count, MPI_Datatype *type)
{
    MPI_Datatype st = a->t->stype;
    switch (a->coll) {
    case C_ALLGATHER:
    case C_ALLGATHERV: *addr = a->sbuf, *count = a->scount, *type = st; break;
    case C_ALLTOALL: *addr = at(a->sbuf, (long)i * a->scount, st), *count = a->scount, *type = st; break;
    case C_ALLTOALLV: *addr = at(a->sbuf, a->sdispls[i], st), *count = a->scounts[i], *type = st; break;
    default: *addr = (char *)a->sbuf + a->sw[i], *count = a->scounts[i], *type = a->stypes[i];
    }
}

static int reference(const topo *t, args *a)
{
    MPI_Request *r = (MPI_Request *)th_alloc(sizeof(MPI_Request) * (size_t)(t->in + t->out + 1));
    int i, n = 0, count, err;
    void *addr;
    MPI_Datatype type;
    for (i = 0; i < t->in; i++) {
        rblock(a, i, &addr, &count, &type);
        MPI_Irecv(addr, count, type, t->src[i], t->cart ? 100 + (i ^ 1) : 100, t->refcomm, &r[n++]);
    }
    for (i = 0; i < t->out; i++) {
        sblock(a, i, &addr, &count, &type);
        MPI_Isend(addr, count, type, t->dst[i], t->cart ? 100 + i : 100, t->refcomm, &r[n++]);
    }
    err = MPI_Waitall(n, r, collalg__statuses_ignore()); /* GCC 12's false -Wstringop-overflow */
    free(r);
    return err;
}

/* ---- the calls -------------------------------------------------------------------------------- */

#define ARGS_UNIFORM a->sbuf, a->scount, a->t->stype, a->rbuf, a->rcount, a->t->rtype, t->comm
#define ARGS_GATHERV a->sbuf, a->scount, a->t->stype, a->rbuf, a->rcounts, a->rdispls, a->t->rtype, t->comm
#define ARGS_V a->sbuf, a->scounts, a->sdispls, a->t->stype, a->rbuf, a->rcounts, a->rdispls, a->t->rtype, t->comm
#define ARGS_W a->sbuf, a->scounts, a->sw, a->stypes, a->rbuf, a->rcounts, a->rw, a->rtypes, t->comm

static int comb; /* 1: the allgather and alltoall forms are the message-combining algorithm's */

/* Runs (H_REF, H_NATIVE, H_BLOCKING) or starts (H_NONBLOCKING, H_INIT: *req) the call. */
static int call(const topo *t, args *a, int how, MPI_Request *req)
{
    if (how == H_REF)
        return reference(t, a);
    if (comb && a->coll == C_ALLGATHER && how == H_BLOCKING)
        return collalg_neighbor_allgather_combining(ARGS_UNIFORM, t->gnd, t->gdims);
    if (comb && a->coll == C_ALLGATHER && how == H_NONBLOCKING)
        return collalg_ineighbor_allgather_combining(ARGS_UNIFORM, req, t->gnd, t->gdims);
    if (comb && a->coll == C_ALLGATHER && how == H_INIT)
        return collalg_neighbor_allgather_init_combining(ARGS_UNIFORM, MPI_INFO_NULL, req, t->gnd, t->gdims);
    if (comb && a->coll == C_ALLTOALL && how == H_BLOCKING)
        return collalg_neighbor_alltoall_combining(ARGS_UNIFORM, t->gnd, t->gdims);
    if (comb && a->coll == C_ALLTOALL && how == H_NONBLOCKING)
        return collalg_ineighbor_alltoall_combining(ARGS_UNIFORM, req, t->gnd, t->gdims);
    if (comb && a->coll == C_ALLTOALL && how == H_INIT)
        return collalg_neighbor_alltoall_init_combining(ARGS_UNIFORM, MPI_INFO_NULL, req, t->gnd, t->gdims);
#define FORMS(coll, ARGS)                                               \
    if (how == H_NATIVE)                                                \
        return HAVE_NATIVE ? MPI_Neighbor_##coll(ARGS) : MPI_ERR_OTHER; \
    if (how == H_BLOCKING)                                              \
        return collalg_neighbor_##coll##_linear(ARGS);                  \
    if (how == H_NONBLOCKING)                                           \
        return collalg_ineighbor_##coll##_linear(ARGS, req);            \
    return collalg_neighbor_##coll##_init_linear(ARGS, MPI_INFO_NULL, req);
    switch (a->coll) {
    case C_ALLGATHER: FORMS(allgather, ARGS_UNIFORM)
    case C_ALLGATHERV: FORMS(allgatherv, ARGS_GATHERV)
    case C_ALLTOALL: FORMS(alltoall, ARGS_UNIFORM)
    case C_ALLTOALLV: FORMS(alltoallv, ARGS_V)
    default: FORMS(alltoallw, ARGS_W)
    }
#undef FORMS
}

/* The selector (select.h): combining below 16 B where it applies, linear otherwise; a nonblocking
 * alltoall with combining as its only rule (native where it does not apply); an alltoallw by
 * process count. */
/* clang-format off */
COLLALG_TUNED_NEIGHBOR_ALLGATHER(nag_tuned,
    COLLALG_RULE(0,  16,          combining, 0, 0)
    COLLALG_RULE(0,  16,          linear)
    COLLALG_RULE(16, COLLALG_INF, linear))
COLLALG_TUNED_INEIGHBOR_ALLTOALL(ina2a_tuned,
    COLLALG_RULE(0, COLLALG_INF, combining, 0, 0))
COLLALG_TUNED_NEIGHBOR_ALLTOALLW(na2aw_tuned,
    COLLALG_RULE_P(1, COLLALG_INF, 0, COLLALG_INF, linear))
/* clang-format on */

static void complete(MPI_Request *req, int use_wait)
{
    int done = 0;
    if (use_wait && COLLALG_NBC_MPIX) {
        MPI_Wait(req, MPI_STATUS_IGNORE);
        return;
    }
    while (!done) {
        collalg_progress();
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
}

static th_result res;
static th_opts opts;
static int notes;

/* Fills the send buffer (seed) and the receive buffer (fixed pattern), runs `how`, returns the
 * receive buffer's copy in *out (malloc'ed). */
static int run(const topo *t, args *a, int how, unsigned seed, unsigned char **out)
{
    int rank, err;
    MPI_Request req = MPI_REQUEST_NULL;
    MPI_Comm_rank(t->comm, &rank);
    th_fill(a->sbuf, a->sbytes, seed * 131u + (unsigned)rank);
    th_fill(a->rbuf, a->rbytes, 7u + (unsigned)rank);
    err = call(t, a, how, &req);
    if (err == MPI_SUCCESS && how == H_NONBLOCKING)
        complete(&req, seed % 2);
    *out = (unsigned char *)th_alloc(a->rbytes);
    memcpy(*out, a->rbuf, a->rbytes);
    return err;
}

/* The combining allgather or alltoall on a neighbourhood that is not isomorphic: MPI_ERR_TOPOLOGY on every
 * rank in the three forms, the receive buffer untouched, the request MPI_REQUEST_NULL. */
static void comb_refused(const topo *t, args *a, const char *what)
{
    int how, err, rank;
    char w2[240];
    unsigned char *before = (unsigned char *)th_alloc(a->rbytes);
    MPI_Errhandler eh;
    MPI_Comm_rank(t->comm, &rank);
    MPI_Comm_create_errhandler(th_record_error, &eh);
    MPI_Comm_set_errhandler(t->comm, eh);
    for (how = H_BLOCKING; how <= H_INIT; how++) {
        MPI_Request req = MPI_REQUEST_NULL;
        th_fill(a->rbuf, a->rbytes, 7u + (unsigned)rank);
        memcpy(before, a->rbuf, a->rbytes);
        th_handler_saw = 0;
        err = call(t, a, how, &req);
        snprintf(w2, sizeof w2, "%s not isomorphic: MPI_ERR_TOPOLOGY (form %d)", what, how);
        th_expect_class(&res, &opts, w2, err, MPI_ERR_TOPOLOGY,
                        memcmp(before, a->rbuf, a->rbytes) == 0 && req == MPI_REQUEST_NULL);
    }
    MPI_Comm_set_errhandler(t->comm, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);
    free(before);
}

static void one_case(const topo *t, int coll, const th_types *tt, int c)
{
    args a;
    unsigned char *want, *got;
    char what[160];
    int err, start, rank;
    MPI_Request req = MPI_REQUEST_NULL;
    snprintf(what, sizeof what, "neighbor_%s %s %s %s count %d", coll_name[coll], comb ? "combining" : "linear",
             t->name, tt->name, c);
    if (!th_want_algo(&opts, what)) /* --algo: a part of the description */
        return;
    MPI_Comm_rank(t->comm, &rank);
    args_make(&a, t, coll, tt, c);
    run(t, &a, H_REF, 1, &want);
    if (comb && !(t->iso && (coll != C_ALLTOALL ||
                             t->iso_out))) { /* not isomorphic: MPI_ERR_TOPOLOGY in every form, nothing received */
        comb_refused(t, &a, what);
        free(want);
        args_free(&a);
        return;
    }
    {
        char w2[240];
        const char *form[] = {"blocking", "nonblocking"};
        int f;
        for (f = 0; f < 2; f++) {
            snprintf(w2, sizeof w2, "%s %s", what, form[f]);
            err = run(t, &a, f ? H_NONBLOCKING : H_BLOCKING, 1, &got);
            th_expect_same(&res, &opts, w2, err, got, want, a.rbytes);
            free(got);
        }
        /* MPICH's MPI_Neighbor_alltoallw mixes in- and out-degree (wrong data or a crash) */
        if (HAVE_NATIVE && !comb && !(coll == C_ALLTOALLW && t->inout_differ && MPICH_NATIVE)) {
            int diff, any;
            err = run(t, &a, H_NATIVE, 1, &got);
            diff = err != MPI_SUCCESS || memcmp(got, want, a.rbytes) != 0;
            free(got);
            MPI_Allreduce(&diff, &any, 1, MPI_INT, MPI_LOR, t->comm);
            snprintf(w2, sizeof w2, "%s native agrees with the MPI-4.1 reference", what);
            /* known: repeated Cartesian neighbours; MPICH's MPI_Neighbor_alltoall posts its
             * receives in reverse list order on every topology, so repeated graph neighbours
             * get each other's blocks */
            if (any && (t->dup_nbrs || (MPICH_NATIVE && coll == C_ALLTOALL && t->repeats))) {
                if (rank == 0 && opts.verbose)
                    printf("note: native differs from MPI-4.1 (known): %s\n", what);
                notes++;
            } else
                th_expect(&res, &opts, w2, !diff);
        }
        /* persistent: three starts, the send buffer's contents changed before each */
        snprintf(w2, sizeof w2, "%s persistent init", what);
        th_fill(a.rbuf, a.rbytes, 7u + (unsigned)rank);
        err = call(t, &a, H_INIT, &req);
        th_expect(&res, &opts, w2, err == MPI_SUCCESS);
        for (start = 0; start < 3 && err == MPI_SUCCESS; start++) {
            unsigned char *ref;
            free(want);
            run(t, &a, H_REF, 10u + (unsigned)start, &ref);
            want = ref;
            th_fill(a.sbuf, a.sbytes, (10u + (unsigned)start) * 131u + (unsigned)rank);
            th_fill(a.rbuf, a.rbytes, 7u + (unsigned)rank);
            err = collalg_start(&req);
            if (err == MPI_SUCCESS)
                complete(&req, 0);
            snprintf(w2, sizeof w2, "%s persistent start %d", what, start);
            th_expect_same(&res, &opts, w2, err, a.rbuf, want, a.rbytes);
        }
        if (req != MPI_REQUEST_NULL)
            collalg_request_free(&req);
    }
    free(want);
    args_free(&a);
}

/* The tuned routines above on topology t (int, counts 1 and 8: 4 and 32 B): the rule the selector
 * ran (COLLALG_SELECT_HOOK) and its result against the reference. combining applies on a
 * Cartesian communicator, and on a graph one whose sources and destinations are isomorphic on the
 * ring (the selector's test is the alltoall's for both collectives); where it does not, the
 * allgather runs linear and the alltoall native (compared only where the native call is known to
 * follow MPI-4.1). Not on the stencils, whose grid is not the ring. */
static void selector_case(const topo *t, const th_types *tt)
{
    static const int counts[2] = {1, 8};
    int k, p, iso = t->iso && t->iso_out;
    char what[200], want[96];
    MPI_Comm_size(t->comm, &p);
    for (k = 0; k < 2; k++) {
        args a;
        unsigned char *ref;
        int c = counts[k], err;
        long long n = (long long)c * (long long)sizeof(int);
        MPI_Request req = MPI_REQUEST_NULL;
        snprintf(what, sizeof what, "tuned %s %s count %d", t->name, tt->name, c);
        if (!th_want_algo(&opts, what))
            continue;
        args_make(&a, t, C_ALLGATHER, tt, c);
        run(t, &a, H_REF, 5, &ref);
        th_fill(a.sbuf, a.sbytes, 5u * 131u + (unsigned)sel_world_rank());
        th_fill(a.rbuf, a.rbytes, 7u + (unsigned)sel_world_rank());
        err = nag_tuned(a.sbuf, a.scount, a.t->stype, a.rbuf, a.rcount, a.t->rtype, t->comm);
        snprintf(want, sizeof want, "nag_tuned:%s", iso && n < 16 ? "combining(0, 0)" : "linear");
        th_expect(&res, &opts, what, sel_was(want, n, p));
        th_expect_same(&res, &opts, what, err, a.rbuf, ref, a.rbytes);
        free(ref);
        args_free(&a);

        if (!iso && !HAVE_NATIVE) /* the selector picks the native call, which SimGrid aborts in */
            continue;
        args_make(&a, t, C_ALLTOALL, tt, c);
        run(t, &a, H_REF, 6, &ref);
        th_fill(a.sbuf, a.sbytes, 6u * 131u + (unsigned)sel_world_rank());
        th_fill(a.rbuf, a.rbytes, 7u + (unsigned)sel_world_rank());
        err = ina2a_tuned(a.sbuf, a.scount, a.t->stype, a.rbuf, a.rcount, a.t->rtype, t->comm, &req);
        if (err == MPI_SUCCESS)
            complete(&req, 1);
        th_expect(&res, &opts, what, sel_was(iso ? "ina2a_tuned:combining(0, 0)" : "ina2a_tuned:native", n, p));
        if (iso || (HAVE_NATIVE && !t->dup_nbrs && !(MPICH_NATIVE && t->repeats)))
            th_expect_same(&res, &opts, what, err, a.rbuf, ref, a.rbytes);
        free(ref);
        args_free(&a);
    }
    snprintf(what, sizeof what, "tuned %s %s alltoallw", t->name, tt->name);
    if (th_want_algo(&opts, what)) {
        args a;
        unsigned char *ref;
        int err;
        args_make(&a, t, C_ALLTOALLW, tt, 2);
        run(t, &a, H_REF, 7, &ref);
        th_fill(a.sbuf, a.sbytes, 7u * 131u + (unsigned)sel_world_rank());
        th_fill(a.rbuf, a.rbytes, 7u + (unsigned)sel_world_rank());
        err = na2aw_tuned(a.sbuf, a.scounts, a.sw, a.stypes, a.rbuf, a.rcounts, a.rw, a.rtypes, t->comm);
        th_expect(&res, &opts, what, sel_was("na2aw_tuned:linear", 0, p));
        th_expect_same(&res, &opts, what, err, a.rbuf, ref, a.rbytes);
        free(ref);
        args_free(&a);
    }
}

/* A nonblocking alltoall outstanding while a blocking allgatherv runs on the same communicator,
 * then completed; both against the reference. */
static void mixed_case(const topo *t, const th_types *tt)
{
    args x, y;
    unsigned char *wx, *wy;
    char what[200];
    MPI_Request req;
    int rank, err1, err2;
    snprintf(what, sizeof what, "mixed %s %s", t->name, tt->name);
    if (!th_want_algo(&opts, what))
        return;
    MPI_Comm_rank(t->comm, &rank);
    args_make(&x, t, C_ALLTOALL, tt, 3);
    args_make(&y, t, C_ALLGATHERV, tt, 2);
    run(t, &x, H_REF, 3, &wx);
    run(t, &y, H_REF, 4, &wy);
    th_fill(x.sbuf, x.sbytes, 3u * 131u + (unsigned)rank);
    th_fill(x.rbuf, x.rbytes, 7u + (unsigned)rank);
    th_fill(y.sbuf, y.sbytes, 4u * 131u + (unsigned)rank);
    th_fill(y.rbuf, y.rbytes, 7u + (unsigned)rank);
    err1 = call(t, &x, H_NONBLOCKING, &req);
    err2 = call(t, &y, H_BLOCKING, NULL);
    if (err1 == MPI_SUCCESS)
        complete(&req, 1);
    snprintf(what, sizeof what, "mixed %s %s: ineighbor_alltoall outstanding", t->name, tt->name);
    th_expect_same(&res, &opts, what, err1, x.rbuf, wx, x.rbytes);
    snprintf(what, sizeof what, "mixed %s %s: neighbor_allgatherv meanwhile", t->name, tt->name);
    th_expect_same(&res, &opts, what, err2, y.rbuf, wy, y.rbytes);
    free(wx);
    free(wy);
    args_free(&x);
    args_free(&y);
}

static void run_topo(topo *t, const th_types *types)
{
    int coll, ti, ci;
    topo_lists(t);
    for (ti = 0; ti < TH_NTYPES; ti++) {
        if (!th_want_type(&opts, types[ti].name) || !strcmp(types[ti].name, "double"))
            continue;
        for (coll = 0; coll < NCOLLS; coll++) {
            if ((coll == C_ALLTOALLW && ti > 0) || (t->only_gather && coll != C_ALLGATHER && coll != C_ALLTOALL))
                continue; /* alltoallw brings its own datatypes */
            for (comb = 0; comb < (coll == C_ALLGATHER || coll == C_ALLTOALL ? 2 : 1); comb++)
                for (ci = 0; ci < opts.ncounts; ci++)
                    one_case(t, coll, &types[ti], opts.counts[ci] < 0 ? 200 : opts.counts[ci]);
            comb = 0;
        }
        if (!t->only_gather)
            mixed_case(t, &types[ti]);
        if (!t->only_gather && ti == 0) /* int */
            selector_case(t, &types[ti]);
    }
    topo_free(t);
}

/* ---- the neighbourhoods ----------------------------------------------------------------------- */

/* MPI_Dims_create(p, nd, dims) for dims all 0, as MPICH and Open MPI answer: each prime factor of
 * p, the largest first, multiplies the smallest size so far; sizes in decreasing order. SimGrid
 * 3.32's own gives p x 1 (9 on 2 dimensions: 9 x 1, not 3 x 3), so there the program uses this. */
static void dims_create(int p, int nd, int *dims)
{
#ifdef SMPI_H
    int f[32], nf = 0, q = p, d, i, j, k;
    for (d = 2; d * d <= q; d++)
        while (q % d == 0)
            f[nf++] = d, q /= d;
    if (q > 1)
        f[nf++] = q;
    for (k = 0; k < nd; k++)
        dims[k] = 1;
    for (i = nf - 1; i >= 0; i--) {
        for (j = 0, k = 1; k < nd; k++)
            j = dims[k] < dims[j] ? k : j;
        dims[j] *= f[i];
    }
    for (i = 0; i < nd; i++)
        for (j = i + 1; j < nd; j++)
            if (dims[j] > dims[i])
                k = dims[i], dims[i] = dims[j], dims[j] = k;
#else
    MPI_Dims_create(p, nd, dims);
#endif
}

static void cart(const th_types *types, int nd, const int *dims, int pmask, int reorder)
{
    topo t;
    int d, periods[3];
    memset(&t, 0, sizeof t);
    for (d = 0; d < nd; d++) {
        periods[d] = (pmask >> d) & 1;
        t.dup_nbrs |= periods[d] && dims[d] <= 2;
    }
    MPI_Cart_create(MPI_COMM_WORLD, nd, dims, periods, reorder, &t.comm);
    snprintf(t.name, sizeof t.name, "cart %dx%dx%d periods %d%d%d", dims[0], nd > 1 ? dims[1] : 0, nd > 2 ? dims[2] : 0,
             periods[0], nd > 1 ? periods[1] : 0, nd > 2 ? periods[2] : 0);
    run_topo(&t, types);
}

static void carts(const th_types *types, int p)
{
    int shapes[8][3], nds[8], n = 0, s, m;
    nds[n] = 1, shapes[n][0] = p, n++;
    nds[n] = 2, shapes[n][0] = p, shapes[n][1] = 1, n++;
    nds[n] = 2, shapes[n][0] = 0, shapes[n][1] = 0, n++;
    nds[n] = 3, shapes[n][0] = 1, shapes[n][1] = 1, shapes[n][2] = p, n++;
    nds[n] = 3, shapes[n][0] = 0, shapes[n][1] = 0, shapes[n][2] = 0, n++;
    for (s = 0; s < n; s++) {
        if (shapes[s][0] == 0)
            dims_create(p, nds[s], shapes[s]);
        for (m = 0; m < (1 << nds[s]); m++)
            cart(types, nds[s], shapes[s], m, 0);
    }
}

static void graphs(const th_types *types, int p)
{
    int *index = (int *)th_alloc(sizeof(int) * (size_t)p), *edges = (int *)th_alloc(sizeof(int) * (size_t)(5 * p));
    int r, n = 0;
    topo t;
    /* self loop, then both ring neighbours twice (symmetric multiplicities) */
    for (r = 0; r < p; r++) {
        edges[n++] = r;
        edges[n++] = (r + 1) % p;
        edges[n++] = (r + p - 1) % p;
        edges[n++] = (r + 1) % p;
        edges[n++] = (r + p - 1) % p;
        index[r] = n;
    }
    memset(&t, 0, sizeof t);
    MPI_Graph_create(MPI_COMM_WORLD, p, index, edges, 0, &t.comm);
    snprintf(t.name, sizeof t.name, "graph self loops and repeats");
    run_topo(&t, types);
    /* rank 0 without neighbours, the others a ring among themselves */
    for (r = 0, n = 0; r < p; r++) {
        if (r > 0 && p > 1) {
            edges[n++] = r == p - 1 ? 1 : r + 1;
            edges[n++] = r == 1 ? p - 1 : r - 1;
        }
        index[r] = n;
    }
    memset(&t, 0, sizeof t);
    MPI_Graph_create(MPI_COMM_WORLD, p, index, edges, 0, &t.comm);
    snprintf(t.name, sizeof t.name, "graph rank 0 empty");
    run_topo(&t, types);
    free(index);
    free(edges);
}

/* Rank a's out-edges: a + k for k = 0 .. a % 3 (a self loop first), and a + 1 again when a is
 * even; every rank computes every list, so the in-lists follow (sources in descending order). */
static int dist_out(int a, int p, int *dst)
{
    int k, n = 0;
    for (k = 0; k <= a % 3; k++)
        dst[n++] = (a + k) % p;
    if (a % 2 == 0)
        dst[n++] = (a + 1) % p;
    return n;
}

static void dists(const th_types *types, int p)
{
    int rank, a, i, in = 0, out, dst[8], *src = (int *)th_alloc(sizeof(int) * (size_t)(8 * p)), v;
    int wi[64 * 8], wo[8];
    int *volatile unweighted = MPI_UNWEIGHTED; /* through a volatile: GCC 12 sees Open MPI's as a bad pointer */
    topo t;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    out = dist_out(rank, p, dst);
    for (a = p - 1; a >= 0; a--) {
        int d[8], n = dist_out(a, p, d);
        for (i = 0; i < n; i++)
            if (d[i] == rank)
                src[in++] = a;
    }
    for (i = 0; i < 8; i++)
        wo[i] = i + 1;
    for (i = 0; i < in && i < 64 * 8; i++)
        wi[i] = 2 * i + 1;
    for (v = 0; v < (HAVE_GRAPH_CREATE ? 3 : 2); v++) {
        memset(&t, 0, sizeof t);
        if (v < 2) {
            MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, in, src, v ? wi : unweighted, out, dst, v ? wo : unweighted,
                                           MPI_INFO_NULL, 0, &t.comm);
            snprintf(t.name, sizeof t.name, "dist graph adjacent %s", v ? "weighted" : "unweighted");
        } else { /* each rank gives its own out-edges, reorder allowed */
            int srcs[1] = {rank}, degs[1] = {out};
            MPI_Dist_graph_create(MPI_COMM_WORLD, 1, srcs, degs, dst, unweighted, MPI_INFO_NULL, 1, &t.comm);
            snprintf(t.name, sizeof t.name, "dist graph create reorder");
        }
        run_topo(&t, types);
    }
    free(src);
}

/* Isomorphic distributed graphs on the torus dims_create() gives (reorder 0): block j from
 * r + offs[j], sent to r - offs[j] in the same order: the 9-point (2-D) and 27-point (3-D)
 * stencils, centre included, and an asymmetric 2-D list with a repeat and offsets beyond the
 * torus. Only neighbor_allgather and neighbor_alltoall run on them (linear and combining against the
 * reference; the alltoall's send block j goes to r - offs[j], which receives it as its block j,
 * or, where offsets repeat modulo the torus, as the k-th of the repeats). */
static void stencils(const th_types *types, int p)
{
    static const int asym[] = {1, 0, 2, 1, 0, -3, 1, 1, 1, 1, -2, 2, 0, 0, -1, 4};
    int kind, rank, j, k, offs[27 * 3], src[27], dst[27];
    int *volatile unweighted = MPI_UNWEIGHTED; /* as in dists() */
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (kind = 0; kind < 3; kind++) {
        topo t;
        int nd = kind == 1 ? 3 : 2, ns = kind == 0 ? 9 : kind == 1 ? 27 : 8, coord[3], at[3];
        memset(&t, 0, sizeof t);
        t.gnd = nd;
        dims_create(p, nd, t.gdims);
        for (j = 0; j < ns; j++)
            for (k = 0; k < nd; k++)
                offs[j * nd + k] = kind == 2 ? asym[j * nd + k] : (j / (k == 0 ? 1 : k == 1 ? 3 : 9)) % 3 - 1;
        for (k = nd - 1, at[0] = rank; k >= 0; k--) {
            coord[k] = at[0] % t.gdims[k];
            at[0] /= t.gdims[k];
        }
        for (j = 0; j < ns; j++) {
            int sgn;
            for (sgn = 1; sgn >= -1; sgn -= 2) {
                int r = 0;
                for (k = 0; k < nd; k++)
                    r = r * t.gdims[k] +
                        ((coord[k] + sgn * offs[j * nd + k]) % t.gdims[k] + 8 * t.gdims[k]) % t.gdims[k];
                (sgn > 0 ? src : dst)[j] = r;
            }
        }
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, ns, src, unweighted, ns, dst, unweighted, MPI_INFO_NULL, 0,
                                       &t.comm);
        t.iso = t.iso_out = 1;
        t.only_gather = 1;
        snprintf(t.name, sizeof t.name, "dist graph %s on %dx%dx%d",
                 kind == 0   ? "9-point"
                 : kind == 1 ? "27-point"
                             : "asymmetric",
                 t.gdims[0], t.gdims[1], nd > 2 ? t.gdims[2] : 1);
        run_topo(&t, types);
    }
}

/* A communicator without a topology: MPI_ERR_TOPOLOGY in every form, nothing sent. */
static void errors(void)
{
    MPI_Errhandler eh;
    MPI_Comm c = th_recording_comm(&eh);
    int sb[4] = {1, 2, 3, 4}, rb[4] = {9, 9, 9, 9}, err;
    MPI_Request req = MPI_REQUEST_NULL;
    err = collalg_neighbor_allgather_linear(sb, 1, MPI_INT, rb, 1, MPI_INT, c);
    th_expect_class(&res, &opts, "no topology: blocking MPI_ERR_TOPOLOGY", err, MPI_ERR_TOPOLOGY, rb[0] == 9);
    err = collalg_ineighbor_alltoall_linear(sb, 1, MPI_INT, rb, 1, MPI_INT, c, &req);
    th_expect_class(&res, &opts, "no topology: nonblocking MPI_ERR_TOPOLOGY", err, MPI_ERR_TOPOLOGY,
                    rb[0] == 9 && req == MPI_REQUEST_NULL);
    err = collalg_neighbor_alltoall_init_linear(sb, 1, MPI_INT, rb, 1, MPI_INT, c, MPI_INFO_NULL, &req);
    th_expect_class(&res, &opts, "no topology: persistent MPI_ERR_TOPOLOGY", err, MPI_ERR_TOPOLOGY,
                    rb[0] == 9 && req == MPI_REQUEST_NULL);
    err = collalg_neighbor_allgather_combining(sb, 1, MPI_INT, rb, 1, MPI_INT, c, 0, NULL);
    th_expect_class(&res, &opts, "no topology: combining MPI_ERR_TOPOLOGY", err, MPI_ERR_TOPOLOGY, rb[0] == 9);
    err = collalg_ineighbor_alltoall_combining(sb, 1, MPI_INT, rb, 1, MPI_INT, c, &req, 0, NULL);
    th_expect_class(&res, &opts, "no topology: alltoall combining MPI_ERR_TOPOLOGY", err, MPI_ERR_TOPOLOGY,
                    rb[0] == 9 && req == MPI_REQUEST_NULL);
    th_recording_comm_free(&c, &eh);
    { /* a grid that is not the communicator's: MPI_ERR_ARG, nothing sent */
        int p, i, rank, wrong[1], period[1] = {1}, *index, *edges;
        int *volatile unweighted = MPI_UNWEIGHTED; /* as in dists() */
        MPI_Comm g;
        MPI_Comm_size(MPI_COMM_WORLD, &p);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        index = (int *)th_alloc(sizeof(int) * (size_t)p);
        edges = (int *)th_alloc(sizeof(int) * (size_t)p);
        wrong[0] = p + 1;
        MPI_Comm_create_errhandler(th_record_error, &eh);
        MPI_Cart_create(MPI_COMM_WORLD, 1, &p, period, 0, &g);
        MPI_Comm_set_errhandler(g, eh);
        th_handler_saw = 0;
        err = collalg_neighbor_allgather_combining(sb, 1, MPI_INT, rb, 1, MPI_INT, g, 1, wrong);
        th_expect_class(&res, &opts, "cartesian, another grid: combining MPI_ERR_ARG", err, MPI_ERR_ARG, rb[0] == 9);
        err = collalg_neighbor_alltoall_combining(sb, 1, MPI_INT, rb, 1, MPI_INT, g, 1, wrong);
        th_expect_class(&res, &opts, "cartesian, another grid: alltoall combining MPI_ERR_ARG", err, MPI_ERR_ARG,
                        rb[0] == 9);
        MPI_Comm_free(&g);
        for (i = 0; i < p; i++) /* every rank a self loop; the sizes do not multiply to p */
            index[i] = i + 1, edges[i] = i;
        if (HAVE_GRAPH_CREATE)
            MPI_Graph_create(MPI_COMM_WORLD, p, index, edges, 0, &g);
        else
            MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &rank, unweighted, 1, &rank, unweighted, MPI_INFO_NULL, 0,
                                           &g);
        MPI_Comm_set_errhandler(g, eh);
        th_handler_saw = 0;
        err = collalg_ineighbor_allgather_combining(sb, 1, MPI_INT, rb, 1, MPI_INT, g, &req, 1, wrong);
        th_expect_class(&res, &opts, "graph, sizes not p: combining MPI_ERR_ARG", err, MPI_ERR_ARG,
                        rb[0] == 9 && req == MPI_REQUEST_NULL);
        err =
            collalg_neighbor_alltoall_init_combining(sb, 1, MPI_INT, rb, 1, MPI_INT, g, MPI_INFO_NULL, &req, 1, wrong);
        th_expect_class(&res, &opts, "graph, sizes not p: alltoall combining MPI_ERR_ARG", err, MPI_ERR_ARG,
                        rb[0] == 9 && req == MPI_REQUEST_NULL);
        MPI_Comm_free(&g);
        free(index);
        free(edges);
        MPI_Errhandler_free(&eh);
    }
}

int main(int argc, char **argv)
{
    th_types types[TH_NTYPES];
    int p, rc;
    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &opts);
    if (opts.ncounts == 5 && opts.counts[4] == -1) { /* the harness's default list: a smaller one */
        opts.counts[0] = 0, opts.counts[1] = 1, opts.counts[2] = 5;
        opts.ncounts = 3;
    }
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    th_types_init(types);
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec2);
    MPI_Type_commit(&vec2);
    errors();
    carts(types, p);
    if (HAVE_GRAPH_CREATE)
        graphs(types, p);
    dists(types, p);
    stencils(types, p);
    MPI_Type_free(&vec2);
    th_types_free(types);
    rc = th_finish(&res, "neighbor");
    if (HAVE_NATIVE) {
        int rank;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        if (rank == 0)
            printf("neighbor: %d cases where the native call deviates from MPI-4.1 as known\n", notes);
    }
    MPI_Finalize();
    return rc;
}
