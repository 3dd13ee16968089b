/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup scan
 * @brief Scan, hierarchical (MPICH's smp scan, any placement here): scan inside each node, exscan
 *        of the node totals among the node leaders, the leader's prefix broadcast and combined in
 *        the node.
 *
 * @par Levels
 * The node level of machine/node.h: every node's lowest rank is its leader, nodes are numbered in
 * the order of their leaders, the leaders' communicator holds them in node order.
 *
 * @par Phases (every node holds consecutive ranks)
 * Node k holds ranks f_k .. f_k + q_k - 1; v_a..v_b below is v_a op ... op v_b.
 * 1. Node scan (@p intra on the node communicator, rank order kept): the member with node rank j
 *    holds S = v_(f_k)..v_(f_k + j) in recvbuf.
 * 2. The node's last member sends its S, the node total T_k, to the leader (none when q_k = 1).
 * 3. Leaders: exscan of the totals (@p inter on the leaders' communicator): the leader of node
 *    k > 0 gets E_k = T_0 op ... op T_(k-1) = v_0..v_(f_k - 1).
 * 4. Node k > 0: the leader broadcasts E_k in the node; every member computes E_k op S =
 *    v_0..v_(f_k + j), its inclusive prefix. Node 0 is done after phase 1.
 *
 * @par Other placements
 * When a node's ranks are not consecutive (round-robin placements), a rank's prefix takes some
 * but not all ranks of other nodes, so no node total serves it: the placement is detected from
 * the node level and the ranks run the flat algorithm the hierarchy would use inside a node on
 * the whole communicator instead (every rank takes the same branch), for every operation:
 * collalg_scan_recursive_doubling() up to #COLLALG_SCAN_HIER_PIPELINE_BYTES, the linear pipeline
 * (collalg_scan_linear(), default segment) above, whose links carry each part of the vector once
 * instead of lg(p) times (smp platform, 128 ranks round-robin, 1 MiB: recursive doubling 28.5 ms,
 * the pipeline 8.4 ms). The result is right on any placement; the hierarchy serves
 * node-consecutive ones.
 *
 * @par Trace, p = 7 on nodes {0, 1, 2}, {3, 4}, {5, 6}
 * @verbatim
   1. node scans:  0: [0] 1: [0..1] 2: [0..2] | 3: [3] 4: [3..4] | 5: [5] 6: [5..6]
   2. totals:      2 -> 0 ([0..2]), 4 -> 3 ([3..4]), 6 -> 5 ([5..6])
   3. leaders:     exscan over 0, 3, 5: 3 gets [0..2], 5 gets [0..4]
   4. broadcast:   3 -> 4 ([0..2]); 5 -> 6 ([0..4]); 4: [0..2] op [3..4] = [0..4], 6: [0..6]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scan_hierarchical_p6.svg
 * @image html scan_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks and n = count * size of
 * datatype bytes: T_intra(q) + (alpha + n beta) + T_inter(N) + T_bcast(q) + n gamma, where with
 * the defaults (recursive doubling up to 64 KiB) T_intra = ceil(lg q)(alpha + n beta + 2 n gamma),
 * T_inter = ceil(lg N)(alpha + n beta + 2 n gamma), and above 64 KiB the linear pipelines
 * (about (q - 1 + s) (alpha + n/s (beta + gamma)) for s segments). The inter-node links carry
 * lg(N) n (recursive doubling) or n (pipeline) bytes per leader instead of lg(p) n.
 *
 * @par Restrictions
 * None: any p >= 1, any placement, count 0, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE on any rank, non-commutative operations (the order is kept: each node's run lies
 * between its neighbours' runs; other placements take recursive doubling or the linear pipeline,
 * both in rank order).
 *
 * @par Memory
 * count elements of scratch per rank for E_k (not on node 0's non-leaders), count more on a
 * leader of q > 1 ranks for T_k; plus the node level (machine/node.h) and what @p intra and
 * @p inter take.
 *
 * @par References
 * MPICH src/mpi/coll/scan/scan_intra_smp.c (node scan, leaders' exscan, node broadcast, for
 * node-consecutive ranks).
 */
#ifndef COLLALG_SCAN_HIERARCHICAL_H
#define COLLALG_SCAN_HIERARCHICAL_H

#include "../family/scan.h"
#include "../machine/node.h"
#include "../exscan/linear.h"
#include "../exscan/recursive_doubling.h"
#include "linear.h"
#include "recursive_doubling.h"

/** @brief Vectors of more bytes than this take the linear pipelines (default segment) inside the
 *         node and among the leaders by default; recursive doubling up to it. */
#define COLLALG_SCAN_HIER_PIPELINE_BYTES (64 << 10)

/** @brief collalg_scan_linear() with its default segment size (an MPI_Scan-shaped function). */
COLLALG_INLINE int collalg__scan_hier_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm)
{
    return collalg_scan_linear(sendbuf, recvbuf, count, datatype, op, comm, 0);
}

/** @brief collalg_exscan_linear() with its default segment size (an MPI_Exscan-shaped function). */
COLLALG_INLINE int collalg__exscan_hier_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm)
{
    return collalg_exscan_linear(sendbuf, recvbuf, count, datatype, op, comm, 0);
}

/** @brief The node and leader roles of one rank in the hierarchical scan and exscan. */
typedef struct collalg__scan_hier {
    const collalg__allreduce_red *r; /**< datatype, op, extent facts */
    const collalg__node *nd;         /**< the node level */
    MPI_Comm pcomm;                  /**< the private communicator (local copies) */
    int count;                       /**< elements */
    collalg_scan_fn iscan;           /**< node scan (scan) */
    collalg_exscan_fn iexscan;       /**< node exscan (exscan) */
    collalg_exscan_fn inter;         /**< leaders' exscan */
} collalg__scan_hier;

/** @brief 1 on the node's last member, 0 elsewhere. */
COLLALG_INLINE int collalg__scan_hier_last(const collalg__scan_hier *s)
{
    return s->nd->node_rank == s->nd->node_size - 1;
}

/**
 * @brief Phases 2 to 4 from the node total: the last member sends @p total (its node's total) to
 *        the leader (the leader's *@p t is then the received copy, else @p total itself); the
 *        leaders run the exscan into @p e; node k > 0 broadcasts e in the node.
 * @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__scan_hier_prefix(const collalg__scan_hier *s, const void *total, void *t, void *e)
{
    const collalg__node *nd = s->nd;
    int err = MPI_SUCCESS, q = nd->node_size;
    const void *tk = total;
    if (q > 1 && collalg__scan_hier_last(s))
        err = COLLALG_MPI(Send)(total, s->count, s->r->type, 0, COLLALG_TAG_DATA2, nd->nodecomm);
    if (q > 1 && nd->node_rank == 0) {
        err = COLLALG_MPI(Recv)(t, s->count, s->r->type, q - 1, COLLALG_TAG_DATA2, nd->nodecomm, MPI_STATUS_IGNORE);
        tk = t;
    }
    if (err == MPI_SUCCESS && nd->node_rank == 0)
        err = s->inter(tk, e, s->count, s->r->type, s->r->op, nd->leaders);
    if (err == MPI_SUCCESS && nd->node > 0 && q > 1)
        err = COLLALG_MPI(Bcast)(e, s->count, s->r->type, 0, nd->nodecomm);
    return err;
}

/**
 * @brief Scratch for e (every rank of a node k > 0, and the leader of node 0 as the exscan's
 *        receive buffer) and t (a leader of q > 1 ranks).
 * @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__scan_hier_scratch(collalg__ctx *c, const collalg__scan_hier *s, void **t, void **e)
{
    int err = MPI_SUCCESS;
    *t = NULL;
    *e = NULL;
    if (s->nd->node > 0 || s->nd->node_rank == 0)
        err = collalg__scratch_typed(c, s->count, &s->r->ti, e);
    if (err == MPI_SUCCESS && s->nd->node_rank == 0 && s->nd->node_size > 1)
        err = collalg__scratch_typed(c, s->count, &s->r->ti, t);
    return err;
}

/** @brief The inclusive scan's phases 1 to 4 (see the file comment). @return MPI_SUCCESS or the
 *         error code. */
COLLALG_INLINE int collalg__scan_hier_inclusive(collalg__ctx *c, const collalg__scan_hier *s, const void *sendbuf,
                                                void *recvbuf)
{
    void *t = NULL, *e = NULL;
    int err = collalg__scan_hier_scratch(c, s, &t, &e);
    if (err == MPI_SUCCESS)
        err = s->iscan(sendbuf == recvbuf ? MPI_IN_PLACE : sendbuf, recvbuf, s->count, s->r->type, s->r->op,
                       s->nd->nodecomm);
    if (err == MPI_SUCCESS)
        err = collalg__scan_hier_prefix(s, recvbuf, t, e);
    if (err == MPI_SUCCESS && s->nd->node > 0)
        err = collalg__reduce_local(e, recvbuf, s->count, s->r->type, s->r->op);
    return err;
}

/**
 * @brief The exclusive scan: the node exscan into scratch x (recvbuf is written last, so
 *        MPI_IN_PLACE needs no copy), the last member's total x op v (v alone at node rank 0),
 *        phases 2 to 4, then recvbuf = E_k op x (x on node 0; E_k at node rank 0; rank 0 is not
 *        written). @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__scan_hier_exclusive(collalg__ctx *c, const collalg__scan_hier *s, const void *sendbuf,
                                                void *recvbuf)
{
    const collalg__node *nd = s->nd;
    void *t = NULL, *e = NULL, *x = NULL, *tot = NULL;
    const void *total = sendbuf;
    int err = collalg__scan_hier_scratch(c, s, &t, &e), last = collalg__scan_hier_last(s), j = nd->node_rank;
    if (err == MPI_SUCCESS && nd->node_size > 1)
        err = collalg__scratch_typed(c, s->count, &s->r->ti, &x);
    if (err == MPI_SUCCESS && nd->node_size > 1)
        err = s->iexscan(sendbuf, x, s->count, s->r->type, s->r->op, nd->nodecomm);
    if (err == MPI_SUCCESS && last && j > 0) { /* total = x op v, in scratch */
        err = collalg__scratch_typed(c, s->count, &s->r->ti, &tot);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(c, s->r, sendbuf, tot, s->count);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_local(x, tot, s->count, s->r->type, s->r->op);
        total = tot;
    }
    if (err == MPI_SUCCESS)
        err = collalg__scan_hier_prefix(s, total, t, e);
    if (err == MPI_SUCCESS && nd->node > 0 && j > 0)
        err = collalg__reduce_local(e, x, s->count, s->r->type, s->r->op);
    if (err == MPI_SUCCESS && (nd->node > 0 || j > 0))
        err = collalg__allreduce_copy(c, s->r, j > 0 ? x : e, recvbuf, s->count);
    return err;
}

/**
 * @brief The hierarchical body after the enter step (both collectives): init, the node level,
 *        then the hierarchy or, on a placement whose nodes are not consecutive, the flat
 *        fallback (recursive doubling, or the linear pipeline above 64 KiB; see the file comment).
 * @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__scan_hier_run(collalg__ctx *c, const void *sendbuf, void *recvbuf, int count,
                                          MPI_Datatype datatype, MPI_Op op, int exclusive, collalg_scan_fn iscan,
                                          collalg_exscan_fn iexscan, collalg_exscan_fn inter)
{
    collalg__allreduce_red r;
    collalg__scan_hier s;
    int size = 0, big, err = collalg__allreduce_red_init(c, &r, datatype, op);
    const void *in = sendbuf == recvbuf ? MPI_IN_PLACE : sendbuf;
    err = collalg__node_get_for(c, count, datatype, &size, &s.nd, err);
    if (err != MPI_SUCCESS || !s.nd)
        return err;
    big = (MPI_Aint)count * size > COLLALG_SCAN_HIER_PIPELINE_BYTES;
    if (!s.nd->consecutive && exclusive) {
        collalg_exscan_fn flat = big ? collalg__exscan_hier_linear : collalg_exscan_recursive_doubling;
        return flat(in, recvbuf, count, datatype, op, c->pcomm);
    }
    if (!s.nd->consecutive) {
        collalg_scan_fn flat = big ? collalg__scan_hier_linear : collalg_scan_recursive_doubling;
        return flat(in, recvbuf, count, datatype, op, c->pcomm);
    }
    s.r = &r;
    s.pcomm = c->pcomm;
    s.count = count;
    s.iscan = iscan ? iscan : (big ? collalg__scan_hier_linear : collalg_scan_recursive_doubling);
    s.iexscan = iexscan ? iexscan : (big ? collalg__exscan_hier_linear : collalg_exscan_recursive_doubling);
    s.inter = inter ? inter : (big ? collalg__exscan_hier_linear : collalg_exscan_recursive_doubling);
    if (exclusive)
        return collalg__scan_hier_exclusive(c, &s, sendbuf, recvbuf);
    return collalg__scan_hier_inclusive(c, &s, sendbuf, recvbuf);
}

/**
 * @brief MPI_Scan, hierarchical: node scan, exscan among the node leaders, node broadcast and
 *        combine (see the file comment).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_rank, count elements of datatype
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @param[in] intra    the scan inside each node (phase 1), any MPI_Scan-shaped function that
 *                     keeps the operand order; called on the node communicator of
 *                     machine/node.h, with MPI_IN_PLACE when the call is in place. NULL:
 *                     collalg_scan_recursive_doubling() up to 64 KiB
 *                     (#COLLALG_SCAN_HIER_PIPELINE_BYTES), the linear pipeline above.
 * @param[in] inter    the exscan among the node leaders (phase 3), any MPI_Exscan-shaped
 *                     function that keeps the operand order, out of place, on the leaders'
 *                     communicator. NULL: collalg_exscan_recursive_doubling() up to 64 KiB, the
 *                     linear pipeline above.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__scan_enter); the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, before any message; MPI_ERR_NO_MEM when scratch or the node level cannot be
 *         allocated; the error of @p intra or @p inter as they return it; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scan_hierarchical(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                             MPI_Op op, MPI_Comm comm, collalg_scan_fn intra, collalg_exscan_fn inter)
{
    collalg__ctx c;
    int err = collalg__scan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__scan_hier_run(&c, sendbuf, recvbuf, count, datatype, op, 0, intra, NULL, inter);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCAN_HIERARCHICAL_H */
