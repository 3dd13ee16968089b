/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pipelined_full_lane.h
 * @ingroup allreduce
 * @brief Allreduce, full-lane decomposition pipelined over segments (Träff and Hunold, CLUSTER
 *        2020, with HAN's overlap of the levels): segment t's node reduce-scatter, segment
 *        t - 1's lane allreduces and segment t - 2's node allgather run at the same time, each a
 *        nonblocking catalogue collective.
 *
 * @par Levels
 * Those of collalg_allreduce_full_lane(): the node level (machine/node.h), q the ranks of the
 * smallest node, lane j = node rank j of every node (machine/lanes.h). The vector is cut into
 * T segments of S elements (the last shorter), S = @p segsize bytes / the type's size; segment
 * t's q blocks (sizes differing by at most one element) belong to node ranks 0 .. q - 1.
 *
 * @par Phases
 * The three phases of the full-lane allreduce, for each segment t:
 * - RS(t): node reduce-scatter of segment t, block j to node rank j
 *   (collalg_ireduce_scatter_pairwise() on the node communicator);
 * - AR(t): allreduce of block j of segment t among the node ranks j of every node
 *   (collalg_iallreduce_rabenseifner(), or collalg_iallreduce_recursive_doubling() for blocks of
 *   at most 8 KiB, in place on lane j);
 * - AG(t): node allgather of the q blocks of segment t (collalg_iallgatherv_ring() in place on
 *   the node communicator).
 * Time step u = 0 .. T + 1 starts RS(u), AR(u - 1) and AG(u - 2) (those that exist), in that
 * order on every rank (the order in which all ranks of a communicator start its collectives),
 * then advances all three (collalg_progress(), MPI_Testall) until they are complete. Invariant:
 * at the start of step u segment u - 1 is reduced over its node (block j on node rank j) and
 * segment u - 2 over every rank (block j on node rank j); the node links carry RS(u) and AG(u - 2)
 * while the network carries AR(u - 1).
 *
 * @par Non-commutative operations
 * As collalg_allreduce_full_lane(): collalg_allreduce_recursive_doubling() on the whole
 * communicator, the result right, never MPI_ERR_OP.
 *
 * @par Trace, p = 6 on 2 nodes {0, 1, 2} and {3, 4, 5}, three segments s0 s1 s2 (q = 3)
 * @verbatim
   step 0:  RS(s0) in each node
   step 1:  RS(s1);  AR(s0): lanes {0,3} {1,4} {2,5} each allreduce their block of s0
   step 2:  RS(s2);  AR(s1);  AG(s0) in each node
   step 3:           AR(s2);  AG(s1)
   step 4:                    AG(s2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_pipelined_full_lane_p6.svg
 * @image html allreduce_pipelined_full_lane_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of q ranks, n bytes, T = ceil(n / segsize)
 * segments and m = segsize bytes: (T + 2) steps, each as long as the slowest of its three phases
 * on m bytes: (T + 2) max(2 (q - 1) / q m beta_node + (q - 1) alpha_node, T_inter(m / q)). Against
 * collalg_allreduce_full_lane() (the three phases on n bytes one after the other), the node phases
 * hide under the lane allreduces once T is large; against a single leader (HAN), every rank
 * carries 1/q of the inter-node traffic. Each segment pays the latencies of all three phases: too
 * small a segment costs (T + 2) (q - 1 + 2 lg N) alpha.
 * The call drives the three phases by polling (collalg_progress(), MPI_Testall), so each step
 * also pays a test per message event. Measured under SimGrid on the 16 x 8-core cluster
 * (tests/platform/smp, 128 ranks, consecutive, 4 MiB of doubles): 6.94 ms with 1 MiB segments
 * (7.21, 6.98, 7.05 ms with 256 KiB, 512 KiB, 2 MiB) against collalg_allreduce_full_lane()'s
 * 7.38 ms and collalg_allreduce_han()'s 6.95 ms (node-link bound 6.29 ms), with an MPI_Test
 * costing 100 ns (--cfg=smpi/test:1e-7); at SimGrid's default of 100 us per MPI_Test the polling
 * dominates (37 to 150 ms).
 *
 * @par Restrictions
 * None: any p >= 1, any placement and node sizes (ranks beyond the smallest node's size
 * contribute and receive through their node), count 0, any datatype and op MPI_Reduce_local
 * accepts, MPI_IN_PLACE, non-commutative operations (see above). The nonblocking phases are the
 * catalogue's: with an MPI other than MPICH they progress only inside this call, which drives them.
 *
 * @par Memory
 * 3 (node size) ints; what the three nonblocking phases take per segment (the node ring's
 * blocks of m / q bytes, Rabenseifner's m / q bytes on the lane); the node level and the lanes.
 *
 * @par References
 * J. L. Träff, S. Hunold, "Decomposing MPI Collectives for Exploiting Multi-lane Communication",
 * IEEE CLUSTER 2020, §III (the full-lane allreduce); X. Luo et al., "HAN: a Hierarchical AutotuNed
 * Collective Communication Framework", IEEE CLUSTER 2020, §III-B (segments whose node and
 * inter-node tasks overlap).
 */
#ifndef COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_H
#define COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_H

#include "../family/allreduce.h"
#include "../machine/lanes.h"
#include "../iallgatherv/ring.h"
#include "../iallreduce/rabenseifner.h"
#include "../iallreduce/recursive_doubling.h"
#include "../ireduce_scatter/pairwise.h"
#include "recursive_doubling.h"

/**
 * @def COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SEGSIZE_DEFAULT
 * @brief The segment size (bytes of the whole vector per segment) segsize 0 selects in
 *        collalg_allreduce_pipelined_full_lane(): 1 MiB, HAN's. Define it before the include to
 *        change it.
 */
#ifndef COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SEGSIZE_DEFAULT
#define COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SEGSIZE_DEFAULT (1 << 20)
#endif

/**
 * @def COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SMALL_BYTES
 * @brief Lane blocks of at most this many bytes are allreduced by recursive doubling, larger ones
 *        by Rabenseifner's algorithm: 8 KiB, as collalg_allreduce_han()'s inter default.
 */
#ifndef COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SMALL_BYTES
#define COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SMALL_BYTES (8 << 10)
#endif

/** @brief One pipelined full-lane call on one rank (see the file comment). */
typedef struct collalg__pfl {
    const collalg__node *nd;    /**< the node level */
    const collalg__lanes *l;    /**< the lanes */
    const char *send;           /**< the input, or NULL in place (the input in recv) */
    char *recv;                 /**< the receive buffer */
    MPI_Datatype type;          /**< the datatype */
    MPI_Op op;                  /**< the (commutative) operation */
    MPI_Aint ext;               /**< its extent */
    int count, seg, nseg;       /**< elements, elements per segment, segments */
    int *rs_counts;             /**< node size ints: the blocks of RS's segment */
    int *ag_counts, *ag_displs; /**< node size ints each: the blocks of AG's segment */
} collalg__pfl;

/** @brief Elements of segment @p t. */
COLLALG_INLINE int collalg__pfl_len(const collalg__pfl *f, int t)
{
    int left = f->count - t * f->seg;
    return left < f->seg ? left : f->seg;
}

/** @brief Fills @p counts and (if not NULL) @p displs with the blocks of segment @p t, an entry
 *         per node rank (none beyond q); returns this rank's block start in the segment. */
COLLALG_INLINE int collalg__pfl_blocks(const collalg__pfl *f, int t, int *counts, int *displs)
{
    int j, len = collalg__pfl_len(f, t), q = f->l->q;
    for (j = 0; j < f->nd->node_size; j++) {
        int at = j < q ? collalg__allreduce_split(len, q, j) : len;
        counts[j] = j < q ? collalg__allreduce_split(len, q, j + 1) - at : 0;
        if (displs)
            displs[j] = at;
    }
    return f->nd->node_rank < q ? collalg__allreduce_split(len, q, f->nd->node_rank) : len;
}

/** @brief Address of element @p i of the receive buffer. */
COLLALG_INLINE char *collalg__pfl_at(const collalg__pfl *f, MPI_Aint i)
{
    return (char *)collalg__at(f->recv, i, f->ext);
}

/** @brief Starts RS(@p t) into *@p req. @return MPI_SUCCESS or the error of the start. */
COLLALG_INLINE int collalg__pfl_rs(collalg__pfl *f, int t, MPI_Request *req)
{
    MPI_Aint base = (MPI_Aint)t * f->seg;
    int at = collalg__pfl_blocks(f, t, f->rs_counts, NULL);
    if (!f->send) /* in place: the block lands at the segment's start; moved before AR(t) */
        return collalg_ireduce_scatter_pairwise(MPI_IN_PLACE, collalg__pfl_at(f, base), f->rs_counts, f->type, f->op,
                                                f->nd->nodecomm, req);
    return collalg_ireduce_scatter_pairwise(collalg__at(f->send, base, f->ext), collalg__pfl_at(f, base + at),
                                            f->rs_counts, f->type, f->op, f->nd->nodecomm, req);
}

/** @brief Starts AR(@p t) into *@p req (nothing outside a lane or for an empty block), after the
 *         in-place block move of RS(t). @return MPI_SUCCESS or the MPI error code. */
COLLALG_INLINE int collalg__pfl_ar(collalg__pfl *f, int t, MPI_Request *req, MPI_Comm pcomm)
{
    MPI_Aint base = (MPI_Aint)t * f->seg;
    int me = f->nd->node_rank, len = collalg__pfl_len(f, t), q = f->l->q, at, n, size, err;
    if (me >= q)
        return MPI_SUCCESS;
    at = collalg__allreduce_split(len, q, me);
    n = collalg__allreduce_split(len, q, me + 1) - at;
    if (n == 0)
        return MPI_SUCCESS;
    if (!f->send && at > 0) { /* block me starts at at >= n: no overlap with the segment's start */
        err = collalg__copy(collalg__pfl_at(f, base), n, f->type, collalg__pfl_at(f, base + at), n, f->type, pcomm);
        if (err != MPI_SUCCESS)
            return err;
    }
    if (f->l->lane == MPI_COMM_NULL)
        return MPI_SUCCESS;
    err = collalg__type_size(f->type, &size);
    if (err == MPI_SUCCESS && (MPI_Aint)n * size <= COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SMALL_BYTES)
        return collalg_iallreduce_recursive_doubling(MPI_IN_PLACE, collalg__pfl_at(f, base + at), n, f->type, f->op,
                                                     f->l->lane, req);
    return err == MPI_SUCCESS ? collalg_iallreduce_rabenseifner(MPI_IN_PLACE, collalg__pfl_at(f, base + at), n, f->type,
                                                                f->op, f->l->lane, req)
                              : err;
}

/** @brief Starts AG(@p t) into *@p req. @return MPI_SUCCESS or the error of the start. */
COLLALG_INLINE int collalg__pfl_ag(collalg__pfl *f, int t, MPI_Request *req)
{
    collalg__pfl_blocks(f, t, f->ag_counts, f->ag_displs);
    return collalg_iallgatherv_ring(MPI_IN_PLACE, 0, f->type, collalg__pfl_at(f, (MPI_Aint)t * f->seg), f->ag_counts,
                                    f->ag_displs, f->type, f->nd->nodecomm, req);
}

/**
 * @brief Advances the requests @p req[0 .. 2] (MPI_REQUEST_NULL allowed) until all are complete.
 * @return MPI_SUCCESS, or the first error of a request (its status) or of MPI_Testall.
 */
COLLALG_INLINE int collalg__pfl_wait(MPI_Request *req)
{
    MPI_Status st[3];
    int i, done = 0, err = MPI_SUCCESS;
    while (!done && err == MPI_SUCCESS) {
        err = collalg_progress();
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Testall)(3, req, &done, st);
    }
    for (i = 0; err == MPI_ERR_IN_STATUS && i < 3; i++)
        if (st[i].MPI_ERROR != MPI_SUCCESS)
            err = st[i].MPI_ERROR;
    return err;
}

/** @brief Steps u = 0 .. T + 1 (see the file comment). @return MPI_SUCCESS or the first error. */
COLLALG_INLINE int collalg__pfl_run(collalg__pfl *f, MPI_Comm pcomm)
{
    int u, err = MPI_SUCCESS, e;
    for (u = 0; u < f->nseg + 2 && err == MPI_SUCCESS; u++) {
        MPI_Request req[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
        if (u < f->nseg)
            err = collalg__pfl_rs(f, u, &req[0]);
        if (err == MPI_SUCCESS && u >= 1 && u - 1 < f->nseg)
            err = collalg__pfl_ar(f, u - 1, &req[1], pcomm);
        if (err == MPI_SUCCESS && u >= 2)
            err = collalg__pfl_ag(f, u - 2, &req[2]);
        e = collalg__pfl_wait(req); /* what was started completes, even after a failed start */
        err = err == MPI_SUCCESS ? e : err;
    }
    return err;
}

/**
 * @brief MPI_Allreduce by the full-lane decomposition, pipelined over segments: each segment's
 *        node reduce-scatter, lane allreduces and node allgather overlap the neighbouring
 *        segments' phases.
 *
 * @allreduce_args
 * @param[in] segsize bytes of the vector per segment (>= 0); 0 selects
 *        #COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SEGSIZE_DEFAULT (1 MiB); rounded down to whole
 *        elements, at least one; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_ARG for a negative @p segsize
 *         (before any message); the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined
 *         @p op is not defined for @p datatype, on every rank before any message; MPI_ERR_NO_MEM
 *         when the node level, the lanes or the scratch cannot be allocated; or the class of an
 *         error raised by an MPI call or reported by a phase's request. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_pipelined_full_lane(const void *sendbuf, void *recvbuf, int count,
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__pfl f;
    void *raw = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS && !r.commute)
        err = collalg_allreduce_recursive_doubling(sendbuf == recvbuf ? MPI_IN_PLACE : sendbuf, recvbuf, count,
                                                   datatype, op, c.pcomm);
    else if (err == MPI_SUCCESS && count > 0) {
        MPI_Aint bytes = segsize ? segsize : COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_SEGSIZE_DEFAULT;
        MPI_Aint seg = r.ti.size > 0 ? bytes / r.ti.size : count;
        err = collalg__lanes_get(&c, &f.nd, &f.l);
        if (err == MPI_SUCCESS)
            err = collalg__scratch(&c, 3 * (MPI_Aint)f.nd->node_size * (MPI_Aint)sizeof(int), &raw);
        if (err == MPI_SUCCESS) {
            f.send = sendbuf == recvbuf ? NULL : (const char *)sendbuf;
            f.recv = (char *)recvbuf;
            f.type = datatype;
            f.op = op;
            f.ext = r.ti.extent;
            f.count = count;
            f.seg = seg < 1 ? 1 : seg > count ? count : (int)seg;
            f.nseg = (count + f.seg - 1) / f.seg;
            f.rs_counts = (int *)raw;
            f.ag_counts = f.rs_counts + f.nd->node_size;
            f.ag_displs = f.ag_counts + f.nd->node_size;
            err = collalg__pfl_run(&f, c.pcomm);
        }
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_PIPELINED_FULL_LANE_H */
