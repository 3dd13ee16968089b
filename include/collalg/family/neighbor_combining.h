/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/neighbor_combining.h
 * @brief What the message-combining neighbourhood collectives share: the grid and the relative
 *        offsets of a neighbourhood (collalg__nbr_grid_get()) and the collective check that every
 *        rank has the same offsets (collalg__nbr_isomorphic()).
 *
 * @par The grid
 * - Cartesian communicator: its own grid (MPI_Cart_get), periodic or not; the neighbourhood is
 *   the Cartesian one, for each dimension k the offsets -e_k then +e_k (MPI-4.1 §8.6's order), a
 *   source beyond a non-periodic border a hole. Isomorphic by construction: no check, no message.
 * - Graph or distributed-graph communicator: a torus (every dimension periodic) of @p ndims
 *   dimensions of sizes @p dims, the algorithm's parameters, whose product must be p; ranks
 *   row-major on it (as MPI_Cart_create numbers them); ndims 0 is the ring of the p ranks
 *   (dims {p}). Source j of a rank is at offset coords(sources[j]) - coords(rank), each component
 *   taken modulo the size into (-n/2, n/2]. The neighbourhood is isomorphic when every rank has
 *   the same list, in the same order: collalg__nbr_isomorphic() checks that collectively, once
 *   per communicator and grid (collalg__nbr_isomorphic_cached()).
 */
#ifndef COLLALG_FAMILY_NEIGHBOR_COMBINING_H
#define COLLALG_FAMILY_NEIGHBOR_COMBINING_H

#include "../core/neighbor.h"
#include "../schedule/neighbor_combining.h"

/** @brief A neighbourhood on a grid: one allocation holds the arrays. */
typedef struct collalg__nbr_grid {
    int nd;       /**< dimensions */
    int ns;       /**< source offsets (the in-degree) */
    int *dims;    /**< sizes, nd */
    int *periods; /**< 1: periodic, nd */
    int *offs;    /**< offs[j * nd + k]: component k of source j's offset, ns * nd */
    int *check;   /**< room for 2 ns nd ints (collalg__nbr_isomorphic()) */
    int *mem;     /**< the allocation */
} collalg__nbr_grid;

/**
 * @brief The entry of a uniform message-combining collective (allgather, alltoall): the context,
 *        the neighbour lists and, with COLLALG_ARG_CHECKS, the (buffer, count, type) of both
 *        sides.
 * @return MPI_SUCCESS or the error of the first failing check (nothing sent yet).
 */
COLLALG_INLINE int collalg__nbr_comb_begin(collalg__ctx *c, MPI_Comm comm, const void *sendbuf, int sendcount,
                                           MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                           collalg__nbrs *n, int *p, int *rank)
{
    collalg__nbr_side snd = collalg__nbr_side_of(sendbuf, sendcount, NULL, NULL, NULL, sendtype, NULL);
    collalg__nbr_side rcv = collalg__nbr_side_of(recvbuf, recvcount, NULL, NULL, NULL, recvtype, NULL);
    int err;
    memset(n, 0, sizeof *n);
    collalg__ctx_init(c, comm);
    err = collalg__ctx_comm(c, p, rank);
    if (err == MPI_SUCCESS)
        err = collalg__nbrs_get(comm, *rank, n);
    if (COLLALG_ARG_CHECKS && err == MPI_SUCCESS) {
        err = collalg__nbr_check_side(&snd, n->outdegree, 0, 0);
        err = collalg__first(err, collalg__nbr_check_side(&rcv, n->indegree, 0, 0));
    }
    return err;
}

/**
 * @brief The exit of a uniform message-combining collective: binds the buffers to the built
 *        schedule @p op, then runs it (blocking) or returns its request (nonblocking, persistent).
 * @return what collalg__nbc_run() or collalg__nbc_launch() returns.
 */
COLLALG_INLINE int collalg__nbr_comb_end(collalg__nbc *op, int err, collalg__ctx *c, const void *sendbuf,
                                         MPI_Datatype sendtype, void *recvbuf, MPI_Datatype recvtype,
                                         MPI_Request *request, int mode)
{
    if (err == MPI_SUCCESS) {
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
        err = collalg__first(err, collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype));
    }
    if (mode == COLLALG_NBR_BLOCKING)
        return collalg__nbc_run(op, err, c);
    return collalg__nbc_launch(op, err, c, request, mode == COLLALG_NBR_PERSISTENT);
}

/** @brief Frees the arrays of @p g. */
COLLALG_INLINE void collalg__nbr_grid_free(collalg__nbr_grid *g)
{
    COLLALG_FREE(g->mem);
    g->mem = NULL;
}

/** @brief The rows of @p g for @p nd dimensions and @p ns offsets (plus @p extra ints for the
 *         caller's coordinates). @return MPI_SUCCESS or MPI_ERR_NO_MEM. */
COLLALG_INLINE int collalg__nbr_grid_alloc(collalg__nbr_grid *g, int nd, int ns, int extra)
{
    size_t n = (size_t)nd * 2 + (size_t)ns * (size_t)nd * 3 + (size_t)extra + 1;
    g->mem = (int *)COLLALG_MALLOC(n * sizeof(int));
    if (!g->mem)
        return MPI_ERR_NO_MEM;
    g->nd = nd;
    g->ns = ns;
    g->dims = g->mem;
    g->periods = g->dims + nd;
    g->offs = g->periods + nd;
    g->check = g->offs + (size_t)ns * nd;
    return MPI_SUCCESS;
}

/** @brief The coordinates of @p rank, row-major on the @p nd dimensions @p dims, into @p coord. */
COLLALG_INLINE void collalg__nbr_coords(int rank, int nd, const int *dims, int *coord)
{
    int k;
    for (k = nd - 1; k >= 0; k--) {
        coord[k] = rank % dims[k];
        rank /= dims[k];
    }
}

/**
 * @brief The grid and the caller's source offsets (see the file comment).
 * @param comm  the communicator (its topology is read)
 * @param p     its size
 * @param rank  the caller's rank
 * @param n     its neighbour lists (collalg__nbrs_get())
 * @param ndims parameter: dimensions of the torus of a graph communicator (0: the ring of p);
 *              on a Cartesian one 0 or its own number of dimensions
 * @param dims  parameter: their sizes (ndims > 0), or NULL
 * @param g     out: the grid, freed with collalg__nbr_grid_free() (also after an error)
 * @return MPI_SUCCESS; MPI_ERR_ARG for a grid that is not the communicator's (Cartesian) or
 *         whose sizes are not positive or do not multiply to p; MPI_ERR_NO_MEM; or the error of
 *         a topology query.
 */
COLLALG_INLINE int collalg__nbr_grid_get(MPI_Comm comm, int p, int rank, const collalg__nbrs *n, int ndims,
                                         const int *dims, collalg__nbr_grid *g)
{
    int err = MPI_SUCCESS, k, j, nd;
    long long prod = 1;
    memset(g, 0, sizeof *g);
    if (ndims < 0 || (ndims > 0 && !dims))
        return MPI_ERR_ARG;
    if (n->cart) {
        err = COLLALG_MPI(Cartdim_get)(comm, &nd);
        if (err == MPI_SUCCESS)
            err = collalg__nbr_grid_alloc(g, nd, 2 * nd, nd);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Cart_get)(comm, nd, g->dims, g->periods, g->check + 4 * nd * nd);
        if (err == MPI_SUCCESS && ndims != 0 && ndims != nd)
            err = MPI_ERR_ARG;
        for (k = 0; err == MPI_SUCCESS && k < ndims; k++)
            err = dims[k] == g->dims[k] ? MPI_SUCCESS : MPI_ERR_ARG;
        for (j = 0; err == MPI_SUCCESS && j < g->ns; j++) /* -e_k then +e_k */
            for (k = 0; k < nd; k++)
                g->offs[j * nd + k] = k == j / 2 ? (j % 2 ? 1 : -1) : 0;
        for (k = 0; err == MPI_SUCCESS && k < nd; k++)
            g->periods[k] = g->periods[k] != 0;
        return err;
    }
    nd = ndims > 0 ? ndims : 1;
    err = collalg__nbr_grid_alloc(g, nd, n->indegree, 2 * nd);
    for (k = 0; err == MPI_SUCCESS && k < nd; k++) {
        g->dims[k] = ndims > 0 ? dims[k] : p;
        g->periods[k] = 1;
        prod *= g->dims[k] > 0 ? g->dims[k] : 0;
        if (prod == 0 || prod > p)
            err = MPI_ERR_ARG;
    }
    if (err == MPI_SUCCESS && prod != p)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS) {
        int *mine = g->check + 2 * (size_t)g->ns * nd, *theirs = mine + nd;
        collalg__nbr_coords(rank, nd, g->dims, mine);
        for (j = 0; j < g->ns; j++) {
            collalg__nbr_coords(n->sources[j], nd, g->dims, theirs);
            for (k = 0; k < nd; k++)
                g->offs[j * nd + k] = collalg__nbr_comb_canon((long long)theirs[k] - mine[k], g->dims[k], 1);
        }
    }
    return err;
}

/**
 * @brief Whether every rank of @p pcomm has the source offsets of @p g, in the same order
 *        (collective: two MPI_Allreduce on @p pcomm; every rank gets the same answer).
 * @param pcomm the private communicator
 * @param g     the caller's grid and offsets (the same grid on every rank)
 * @param iso   out: 1 when isomorphic
 * @return MPI_SUCCESS or the error code of MPI_Allreduce.
 */
COLLALG_INLINE int collalg__nbr_isomorphic(MPI_Comm pcomm, const collalg__nbr_grid *g, int *iso)
{
    int a[2], len = g->ns * g->nd, i, err;
    a[0] = g->ns;
    a[1] = -g->ns;
    err = COLLALG_MPI(Allreduce)(MPI_IN_PLACE, a, 2, MPI_INT, MPI_MAX, pcomm);
    *iso = err == MPI_SUCCESS && a[0] == -a[1];
    if (!*iso || len == 0)
        return err;
    for (i = 0; i < len; i++) { /* equal everywhere when the largest of v and of -v agree */
        g->check[i] = g->offs[i];
        g->check[len + i] = -g->offs[i];
    }
    err = COLLALG_MPI(Allreduce)(MPI_IN_PLACE, g->check, 2 * len, MPI_INT, MPI_MAX, pcomm);
    for (i = 0; err == MPI_SUCCESS && i < len; i++)
        *iso = *iso && g->check[i] == -g->check[len + i];
    return err;
}

/**
 * @brief collalg__nbr_isomorphic(), its answer cached on @p pcomm under @p kind for the grid of
 *        @p g: the first call on a communicator with a grid runs the check (collective), later
 *        calls with the same grid read the answer (local: no message). A communicator's neighbour
 *        lists never change, and every rank passes the same grid, so every rank finds the answer
 *        or none. Each kind of offset list (allgather's sources; alltoall's sources and
 *        destinations) has its own @p kind.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code of the check or of the attribute calls.
 */
COLLALG_INLINE int collalg__nbr_isomorphic_cached_as(MPI_Comm pcomm, const collalg__nbr_grid *g, int *iso,
                                                     collalg__attr_kind *kind)
{
    void *v = NULL;
    int err = collalg__attr_find(pcomm, kind, &v), k, hit, *keep;
    const int *cached = (const int *)v; /* nd, the answer, the sizes */
    hit = err == MPI_SUCCESS && cached && cached[0] == g->nd;
    for (k = 0; hit && k < g->nd; k++)
        hit = cached[2 + k] == g->dims[k];
    if (err != MPI_SUCCESS || hit) {
        *iso = hit ? cached[1] : 0;
        return err;
    }
    err = collalg__nbr_isomorphic(pcomm, g, iso);
    if (err != MPI_SUCCESS)
        return err;
    keep = (int *)COLLALG_MALLOC(((size_t)g->nd + 2) * sizeof(int));
    if (!keep)
        return MPI_ERR_NO_MEM;
    keep[0] = g->nd;
    keep[1] = *iso;
    for (k = 0; k < g->nd; k++)
        keep[2 + k] = g->dims[k];
    return collalg__attr_keep(pcomm, kind, keep);
}

/** @brief collalg__nbr_isomorphic_cached_as() for the source offsets (the allgather's). */
COLLALG_INLINE int collalg__nbr_isomorphic_cached(MPI_Comm pcomm, const collalg__nbr_grid *g, int *iso)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__nbc_state_delete, NULL}; /* frees it */
    return collalg__nbr_isomorphic_cached_as(pcomm, g, iso, &kind);
}

/**
 * @brief The grid and the offsets of an alltoall (local; collalg__nbr_a2a_pairing() checks and
 *        pairs them). On a Cartesian communicator the sources' list, which is also the
 *        destinations' (-e_k then +e_k); on a graph or distributed-graph one @p g holds the
 *        in-degree source offsets, then the out-degree destination offsets, on the torus of the
 *        parameters (collalg__nbr_grid_get()).
 * @param comm  the communicator
 * @param p     its size
 * @param rank  the caller's rank
 * @param n     its neighbour lists
 * @param ndims parameter: the torus's dimensions (as collalg__nbr_grid_get())
 * @param dims  parameter: their sizes
 * @param g     out: the grid (freed with collalg__nbr_grid_free(), also after an error)
 * @return as collalg__nbr_grid_get().
 */
COLLALG_INLINE int collalg__nbr_a2a_grid_get(MPI_Comm comm, int p, int rank, const collalg__nbrs *n, int ndims,
                                             const int *dims, collalg__nbr_grid *g)
{
    collalg__nbrs both = *n;
    int err, i;
    memset(g, 0, sizeof *g);
    if (n->cart)
        return collalg__nbr_grid_get(comm, p, rank, n, ndims, dims, g);
    both.indegree = n->indegree + n->outdegree; /* one list: the sources, then the destinations */
    both.sources = (int *)COLLALG_MALLOC(((size_t)both.indegree + 1) * sizeof(int));
    if (!both.sources)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < both.indegree; i++)
        both.sources[i] = i < n->indegree ? n->sources[i] : n->dests[i - n->indegree];
    err = collalg__nbr_grid_get(comm, p, rank, &both, ndims, dims, g);
    COLLALG_FREE(both.sources);
    return err;
}

/**
 * @brief The destination offsets of collalg__nbr_a2a_grid_get()'s grid and the receive block each
 *        send block fills (collective on a graph communicator).
 *
 * On a Cartesian communicator the pairing is exact: send block j fills receive block j ^ 1
 * (MPI-4.1 Example 8.10), also where -e_k and +e_k name one rank. On a graph or distributed-graph
 * one every rank must have both lists, in the same order (collalg__nbr_isomorphic(), cached on
 * @p pcomm apart from the allgather's answer, which checks the sources only); the pairing is
 * modulo the sizes, the k-th edge to an offset with the k-th source at its opposite
 * (collalg__nbr_a2a_pair(): MPI's order of repeated edges).
 * @param pcomm the private communicator
 * @param n     the neighbour lists
 * @param g     the grid of collalg__nbr_a2a_grid_get()
 * @param offs  out: the destination offsets, in @p g
 * @param pair  out: allocated (n->outdegree + 1 ints), freed by the caller also after an error
 * @return MPI_SUCCESS; MPI_ERR_TOPOLOGY when not isomorphic or the lists do not pair (on every
 *         rank: the lists are everyone's); MPI_ERR_NO_MEM; or the error code of the check.
 */
COLLALG_INLINE int collalg__nbr_a2a_pairing(MPI_Comm pcomm, const collalg__nbrs *n, const collalg__nbr_grid *g,
                                            const int **offs, int **pair)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__nbc_state_delete, NULL};
    int err = MPI_SUCCESS, iso = 1;
    *offs = g->offs + (n->cart ? 0 : (size_t)n->indegree * g->nd);
    *pair = (int *)COLLALG_MALLOC(((size_t)n->outdegree + 1) * sizeof(int));
    if (!*pair)
        return MPI_ERR_NO_MEM;
    if (!n->cart) {
        err = collalg__nbr_isomorphic_cached_as(pcomm, g, &iso, &kind);
        err = err == MPI_SUCCESS && !iso ? MPI_ERR_TOPOLOGY : err;
    }
    if (err == MPI_SUCCESS &&
        !collalg__nbr_a2a_pair(g->nd, g->dims, n->cart, n->indegree, g->offs, n->outdegree, *offs, *pair))
        err = MPI_ERR_TOPOLOGY;
    return err;
}

/**
 * @brief Whether the message-combining allgather (@p alltoall 0) or alltoall (1) with its default
 *        grid (@p ndims 0: a graph communicator's neighbourhood read on the ring of the p ranks)
 *        runs on @p comm, rather than failing with MPI_ERR_TOPOLOGY: restriction
 *        #COLLALG_R_ISOMORPHIC, as the PMPI library tests it before it forces the algorithm.
 *
 * Local on a Cartesian communicator (1) and on one without a topology (0). On a graph or
 * distributed-graph communicator it runs the algorithm's own collective check
 * (collalg__nbr_isomorphic_cached(), collalg__nbr_a2a_pairing(): two MPI_Allreduce on the private
 * communicator the first time, every rank gets the same answer), whose answer is cached where the
 * algorithm reads it: later calls, and the algorithm itself, are local. So, like the algorithm,
 * it must be called by every rank of @p comm, in the order of the other collectives.
 * @return 1 when the algorithm applies; 0 when it does not, or when a query fails.
 */
COLLALG_INLINE int collalg__nbr_combining_applies(MPI_Comm comm, int alltoall)
{
    collalg__nbrs n;
    collalg__nbr_grid g;
    MPI_Comm pcomm = MPI_COMM_NULL;
    const int *offs = NULL;
    int p = 0, rank = 0, iso = 0, *pair = NULL, status = MPI_UNDEFINED, err;
    memset(&n, 0, sizeof n);
    memset(&g, 0, sizeof g);
    if (COLLALG_MPI(Topo_test)(comm, &status) != MPI_SUCCESS || status == MPI_UNDEFINED)
        return 0;
    if (status == MPI_CART) /* local: no neighbour lists, no grid */
        return 1;
    err = COLLALG_MPI(Comm_size)(comm, &p);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_rank)(comm, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__nbrs_get(comm, rank, &n);
    if (err == MPI_SUCCESS)
        err = alltoall ? collalg__nbr_a2a_grid_get(comm, p, rank, &n, 0, NULL, &g)
                       : collalg__nbr_grid_get(comm, p, rank, &n, 0, NULL, &g);
    if (err == MPI_SUCCESS)
        err = collalg__private_comm(comm, &pcomm);
    if (err == MPI_SUCCESS && alltoall) {
        err = collalg__nbr_a2a_pairing(pcomm, &n, &g, &offs, &pair);
        iso = err == MPI_SUCCESS;
    } else if (err == MPI_SUCCESS)
        err = collalg__nbr_isomorphic_cached(pcomm, &g, &iso);
    COLLALG_FREE(pair);
    collalg__nbr_grid_free(&g);
    collalg__nbrs_free(&n);
    return err == MPI_SUCCESS && iso;
}

#endif /* COLLALG_FAMILY_NEIGHBOR_COMBINING_H */
