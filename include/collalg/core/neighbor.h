/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/neighbor.h
 * @ingroup nonblocking
 * @brief What the neighbourhood collectives share: the neighbour lists of a communicator
 *        (collalg__nbrs_get()), the argument checks, and the one start of all five linear algorithms
 *        (collalg__neighbor_linear()).
 *
 * @par Neighbour lists (MPI-4.1 §8.6)
 * - Cartesian (MPI_Topo_test says MPI_CART): 2 ndims sources and as many destinations, the same
 *   list: for each dimension d, MPI_Cart_shift(d, 1)'s source (the negative neighbour) then its
 *   destination (the positive one). MPI_PROC_NULL (a non-periodic border, or a non-periodic
 *   dimension of size 1) becomes -1, a hole that sends and receives nothing. In a periodic
 *   dimension of size 1 (self) or 2 (the other rank) one peer is both neighbours; the schedule
 *   orders the receives so that block s of the sender lands in block s ^ 1 of the receiver
 *   (schedule/neighbor.h).
 * - Graph (MPI_GRAPH): MPI_Graph_neighbors, the same list for sources and destinations.
 * - Distributed graph (MPI_DIST_GRAPH): MPI_Dist_graph_neighbors, in- and out-degree as given
 *   (they may differ); the weights are read and ignored.
 * - No topology: MPI_ERR_TOPOLOGY before any message.
 *
 * @par The blocking form
 * The blocking calls build the same schedule as the nonblocking and persistent ones and run it
 * to completion in place (collalg__nbc_run(), core/nbc.h, which every blocking algorithm built
 * from a schedule uses): the executor's own step functions (core/nbc.h)
 * start the ready steps, and MPI_Waitsome blocks on the messages in flight, so no generalized
 * request, no per-communicator tag counter and no progress loop are involved. Its messages carry
 * COLLALG_TAG_DATA on the private communicator, as every blocking algorithm's (the nonblocking
 * operations' tags start at COLLALG_NBC_TAG_FIRST, so the two never match each other).
 */
#ifndef COLLALG_CORE_NEIGHBOR_H
#define COLLALG_CORE_NEIGHBOR_H

#include "persistent.h"
#include "tags.h"
#include "../schedule/neighbor.h"

/** @brief A rank's neighbourhood (see the file comment); one allocation holds both lists. */
typedef struct collalg__nbrs {
    int cart;      /**< 1 on a Cartesian communicator */
    int indegree;  /**< entries of sources */
    int outdegree; /**< entries of dests */
    int *sources;  /**< receive block i comes from sources[i] (-1: a hole) */
    int *dests;    /**< send block i goes to dests[i] (-1: a hole) */
    int *mem;      /**< the allocation (collalg__nbrs_free()) */
} collalg__nbrs;

/** @brief Frees the lists of @p n. */
COLLALG_INLINE void collalg__nbrs_free(collalg__nbrs *n)
{
    COLLALG_FREE(n->mem);
    n->mem = n->sources = n->dests = NULL;
}

/** @brief Room for @p count ints of @p n's lists (at least one, so a degree of 0 still gives a
 *         valid pointer). @return MPI_SUCCESS or MPI_ERR_NO_MEM. */
COLLALG_INLINE int collalg__nbrs_alloc(collalg__nbrs *n, long long count)
{
    n->mem = (int *)COLLALG_MALLOC((size_t)(count > 0 ? count : 1) * sizeof(int));
    return n->mem ? MPI_SUCCESS : MPI_ERR_NO_MEM;
}

/**
 * @brief The neighbour lists of @p comm at rank @p rank into @p n (freed with
 *        collalg__nbrs_free(), also after an error).
 * @return MPI_SUCCESS; MPI_ERR_TOPOLOGY when @p comm has no topology; MPI_ERR_NO_MEM; or the
 *         error code of a topology query.
 */
COLLALG_INLINE int collalg__nbrs_get(MPI_Comm comm, int rank, collalg__nbrs *n)
{
    int status = MPI_UNDEFINED, err, d, nd = 0, weighted = 0;
    memset(n, 0, sizeof *n);
    err = COLLALG_MPI(Topo_test)(comm, &status);
    if (err != MPI_SUCCESS)
        return err;
    if (status == MPI_CART) {
        err = COLLALG_MPI(Cartdim_get)(comm, &nd);
        if (err == MPI_SUCCESS)
            err = collalg__nbrs_alloc(n, 2LL * nd);
        for (d = 0; d < nd && err == MPI_SUCCESS; d++) {
            err = COLLALG_MPI(Cart_shift)(comm, d, 1, &n->mem[2 * d], &n->mem[2 * d + 1]);
            n->mem[2 * d] = n->mem[2 * d] == MPI_PROC_NULL ? -1 : n->mem[2 * d];
            n->mem[2 * d + 1] = n->mem[2 * d + 1] == MPI_PROC_NULL ? -1 : n->mem[2 * d + 1];
        }
        n->cart = 1;
        n->indegree = n->outdegree = 2 * nd;
        n->sources = n->dests = n->mem;
    } else if (status == MPI_GRAPH) {
        err = COLLALG_MPI(Graph_neighbors_count)(comm, rank, &nd);
        if (err == MPI_SUCCESS)
            err = collalg__nbrs_alloc(n, nd);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Graph_neighbors)(comm, rank, nd, n->mem);
        n->indegree = n->outdegree = nd;
        n->sources = n->dests = n->mem;
    } else if (status == MPI_DIST_GRAPH) {
        err = COLLALG_MPI(Dist_graph_neighbors_count)(comm, &n->indegree, &n->outdegree, &weighted);
        if (err == MPI_SUCCESS) /* sources, dests, then room for the weights */
            err = collalg__nbrs_alloc(n, 2LL * (n->indegree + n->outdegree));
        if (err == MPI_SUCCESS) {
            n->sources = n->mem;
            n->dests = n->mem + n->indegree;
            err = COLLALG_MPI(Dist_graph_neighbors)(comm, n->indegree, n->sources, n->dests + n->outdegree,
                                                    n->outdegree, n->dests, n->dests + n->outdegree + n->indegree);
        }
    } else
        err = MPI_ERR_TOPOLOGY;
    return err;
}

/** @brief The arguments of a neighbourhood collective, one side: a buffer and its blocks. */
typedef struct collalg__nbr_side {
    const void *buf;           /**< the buffer */
    int count;                 /**< elements per block (uniform) */
    const int *counts;         /**< per block (vector, typed), or NULL */
    const int *displs;         /**< per block, with counts (vector) */
    const MPI_Aint *bytes;     /**< per block, with counts (typed: byte displacements) */
    MPI_Datatype type;         /**< datatype (uniform, vector) */
    const MPI_Datatype *types; /**< per block (typed, alltoallw), or NULL */
} collalg__nbr_side;

/**
 * @brief The checks of one side of a neighbourhood collective, @p degree blocks of @p x->buf:
 *        uniform (@p vector 0: @p x->count elements of @p x->type), vector (@p x->counts and
 *        @p x->displs) or typed (@p typed: @p x->counts, @p x->bytes, @p x->types).
 * @return MPI_ERR_BUFFER for MPI_IN_PLACE (the neighbourhood collectives have no in-place
 *         form); MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER as
 *         collalg__check_buffer(); else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__nbr_check_side(const struct collalg__nbr_side *x, int degree, int vector, int typed)
{
    int i, err = MPI_SUCCESS;
    if (x->buf == MPI_IN_PLACE)
        return MPI_ERR_BUFFER;
    if (!vector)
        return collalg__check_buffer(x->buf, x->count, x->type);
    if (degree > 0 && (!x->counts || (typed ? !x->bytes || !x->types : !x->displs)))
        return MPI_ERR_ARG;
    for (i = 0; i < degree && err == MPI_SUCCESS; i++)
        err = collalg__check_buffer(x->buf, x->counts[i], typed ? x->types[i] : x->type);
    return err;
}

/** @brief A side: uniform (@p counts NULL), vector (@p displs) or typed (@p bytes and @p types). */
COLLALG_INLINE collalg__nbr_side collalg__nbr_side_of(const void *buf, int count, const int *counts, const int *displs,
                                                      const MPI_Aint *bytes, MPI_Datatype type,
                                                      const MPI_Datatype *types)
{
    collalg__nbr_side x;
    x.buf = buf;
    x.count = count;
    x.counts = counts;
    x.displs = displs;
    x.bytes = bytes;
    x.type = type;
    x.types = types;
    return x;
}

/**
 * @brief Copies the first @p n byte displacements of @p x (typed) into @p out as long longs
 *        (the schedule's type), @p out having room for them.
 */
COLLALG_INLINE void collalg__nbr_bytes(const collalg__nbr_side *x, int n, long long *out)
{
    int i;
    for (i = 0; i < n; i++)
        out[i] = (long long)x->bytes[i];
}

/** @brief The shapes of the five collectives' arguments (collalg__neighbor_linear()). */
enum collalg__nbr_kind {
    COLLALG_NBR_UNIFORM = 0, /**< alltoall: uniform blocks on both sides */
    COLLALG_NBR_GATHER = 1,  /**< allgather: one send block for every destination, uniform receive
                                  blocks */
    COLLALG_NBR_GATHERV = 2, /**< allgatherv: as allgather, vector receive blocks */
    COLLALG_NBR_VECTOR = 3,  /**< alltoallv: counts and element displacements on both sides */
    COLLALG_NBR_TYPED = 4    /**< alltoallw: counts, byte displacements, datatypes per block */
};

/** @brief The blocking, nonblocking and persistent forms (collalg__neighbor_linear()). */
enum collalg__nbr_mode {
    COLLALG_NBR_NONBLOCKING = 0, /**< `MPI_Ineighbor_*`: collalg__nbc_start() */
    COLLALG_NBR_PERSISTENT = 1,  /**< `MPI_Neighbor_*_init`: collalg__nbc_init() */
    COLLALG_NBR_BLOCKING = 2     /**< `MPI_Neighbor_*`: collalg__nbc_run() */
};

/**
 * @brief Names a per-block datatype buffer of @p op: the executor keeps one table length for
 *        both buffers, so the table is padded with MPI_DATATYPE_NULL to @p width entries.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error of collalg__nbc_table().
 */
COLLALG_INLINE int collalg__nbr_table(collalg__nbc *op, int buf, const collalg__nbr_side *x, int degree, int width)
{
    int i, err;
    MPI_Datatype *t = (MPI_Datatype *)COLLALG_MALLOC((size_t)(width > 0 ? width : 1) * sizeof(MPI_Datatype));
    if (!t)
        return MPI_ERR_NO_MEM;
    t[0] = MPI_DATATYPE_NULL; /* the one entry of an empty table (width 0) */
    for (i = 0; i < width; i++)
        t[i] = i < degree ? x->types[i] : MPI_DATATYPE_NULL;
    err = collalg__nbc_table(op, buf, x->buf, t, width);
    COLLALG_FREE(t);
    return err;
}

/**
 * @brief The one start of the five linear neighbourhood collectives: checks, neighbour lists,
 *        schedule (collalg__neighbor_linear_steps()), buffers, then the form's run.
 * @param snd     the send side
 * @param rcv     the receive side
 * @param kind    a collalg__nbr_kind
 * @param comm    a communicator with a topology
 * @param request out: the request (ignored, may be NULL, in the blocking form)
 * @param mode    a collalg__nbr_mode
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_TOPOLOGY without a topology; MPI_ERR_ARG,
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad buffers; MPI_ERR_REQUEST;
 *         MPI_ERR_NO_MEM; or the class of a failing MPI call. On an error nothing is sent and
 *         *@p request is MPI_REQUEST_NULL.
 */
COLLALG_INLINE int collalg__neighbor_linear(const collalg__nbr_side *snd, const collalg__nbr_side *rcv, int kind,
                                            MPI_Comm comm, MPI_Request *request, int mode)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    collalg__nbrs n;
    MPI_Request dummy = MPI_REQUEST_NULL;
    int p = 0, rank = 0, err, typed = kind == COLLALG_NBR_TYPED;
    int same = kind == COLLALG_NBR_GATHER || kind == COLLALG_NBR_GATHERV;
    int svec = kind == COLLALG_NBR_VECTOR || typed, rvec = svec || kind == COLLALG_NBR_GATHERV;
    collalg__nbr_blocks sb, rb;
    long long *bytes = NULL;
    memset(&n, 0, sizeof n);
    collalg__ctx_init(&c, comm);
    err = collalg__ctx_comm(&c, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__nbrs_get(comm, rank, &n);
    if (COLLALG_ARG_CHECKS && err == MPI_SUCCESS) {
        err = collalg__nbr_check_side(snd, n.outdegree, svec, typed);
        err = collalg__first(err, collalg__nbr_check_side(rcv, n.indegree, rvec, typed));
    }
    err = collalg__nbc_enter(&c, err, mode == COLLALG_NBR_BLOCKING ? &dummy : request, &p, &rank);
    sb = svec ? collalg__nbr_vector(snd->counts, snd->displs) : collalg__nbr_uniform(snd->count, same);
    rb = rvec ? collalg__nbr_vector(rcv->counts, rcv->displs) : collalg__nbr_uniform(rcv->count, 0);
    if (err == MPI_SUCCESS && typed) { /* MPI_Aint displacements as the schedule's long longs */
        bytes = (long long *)COLLALG_MALLOC(((size_t)n.indegree + (size_t)n.outdegree + 1) * sizeof(long long));
        err = bytes ? MPI_SUCCESS : MPI_ERR_NO_MEM;
        if (bytes) {
            collalg__nbr_bytes(rcv, n.indegree, bytes);
            collalg__nbr_bytes(snd, n.outdegree, bytes + n.indegree);
            rb = collalg__nbr_typed(rcv->counts, bytes);
            sb = collalg__nbr_typed(snd->counts, bytes + n.indegree);
        }
    }
    COLLALG__NBC_BUILD(err, op, collalg__neighbor_linear_steps,
                       (n.indegree, n.sources, n.outdegree, n.dests, n.cart, sb, rb));
    if (err == MPI_SUCCESS && typed) {
        int width = n.indegree > n.outdegree ? n.indegree : n.outdegree;
        err = collalg__nbr_table(op, COLLALG_BUF_RECV, rcv, n.indegree, width);
        err = collalg__first(err, collalg__nbr_table(op, COLLALG_BUF_SEND, snd, n.outdegree, width));
    } else if (err == MPI_SUCCESS) {
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, rcv->buf, rcv->type);
        err = collalg__first(err, collalg__nbc_buffer(op, COLLALG_BUF_SEND, snd->buf, snd->type));
    }
    collalg__nbrs_free(&n);
    COLLALG_FREE(bytes);
    if (mode == COLLALG_NBR_BLOCKING)
        return collalg__nbc_run(op, err, &c);
    return collalg__nbc_launch(op, err, &c, request, mode == COLLALG_NBR_PERSISTENT);
}

#endif /* COLLALG_CORE_NEIGHBOR_H */
