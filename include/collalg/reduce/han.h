/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file han.h
 * @ingroup reduce
 * @brief Reduce, HAN's hierarchical pipeline (Luo et al., CLUSTER 2020, §III: tasks sr and ir):
 *        reduce inside each node to its leader, reduce among the leaders to the root's node,
 *        segment by segment, the two levels overlapped.
 *
 * @par Levels
 * The node level of machine/node.h: every node's lowest rank is its leader, the leaders'
 * communicator holds them in node order. Task sr(i) reduces segment i inside a node to its
 * leader (point-to-point on the node communicator, folded in rank order); task ir(i) reduces
 * segment i among the leaders to the leader of the root's node (the @p inter algorithm, on the
 * leaders' communicator); when the root is not its node's leader, that leader hands segment i to
 * the root.
 *
 * @par Phases
 * The vector is cut into s segments of @p segsize bytes (whole elements).
 * 1. Every member but the leader sends segment 0 to its leader; the leader posts one receive per
 *    member (sr(0)).
 * 2. For i = 0 .. s-1: the leader completes sr(i) and folds its own segment i with its members'
 *    in rank order (v_leader op v_m1 op v_m2 ...: the node's members are in increasing rank
 *    order); it posts the receives of sr(i + 1), so that the members' sends of segment i + 1
 *    (memory inside the node) overlap ir(i) (the links between nodes); then it runs ir(i).
 *    A member completes its send of segment i and starts that of segment i + 1.
 * 3. The leader of the root's node, if it is not the root, sends the result of segment i to the
 *    root after ir(i); the root receives it once its own send of segment i has completed.
 * Invariant: after step 2 for segment i, the leader of node k holds segment i of the reduction
 * over node k's ranks, and after ir(i) the leader of the root's node holds segment i of the
 * whole reduction.
 *
 * @par Operand order
 * The hierarchy keeps the rank order when every node holds consecutive ranks (node k's run then
 * lies wholly between node k - 1's and node k + 1's, and the leaders reduce in node order with
 * an order-keeping @p inter). A non-commutative operation on a placement whose nodes are not
 * consecutive (e.g. round-robin) is detected from the node level and runs
 * collalg_reduce_binomial()'s body on the whole communicator instead (every rank takes the same
 * branch): the result is right, never MPI_ERR_OP. Commutative operations take the hierarchy on
 * any placement.
 *
 * @par Trace, p = 6 on 2 nodes {0, 1, 2} and {3, 4, 5}, root 4, 2 segments
 * @verbatim
   sr(0): 1, 2 -> 0 | 4, 5 -> 3          (0: [0..2] seg 0, 3: [3..5] seg 0)
   ir(0): 0 -> 3 (leaders 0, 3)  ||  sr(1): 1, 2 -> 0 | 4, 5 -> 3
   3 -> 4 seg 0                          (4: [0..5] seg 0)
   ir(1): 0 -> 3                 ;   3 -> 4 seg 1
   ( '||' : the tasks on either side overlap )
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_han_p6.svg
 * @image html reduce_han_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n = count * size of
 * datatype bytes, s segments of m = n / s bytes, T_ir(m) the inter algorithm on N ranks:
 * T = T_sr(m) + (s - 1) max(T_ir(m), T_sr(m)) + T_ir(m) (+ alpha + m beta when the root is not
 * a leader), with T_sr(m) = (q - 1)(alpha + m beta + m gamma) at the leader (its members' sends
 * arrive concurrently: kappa_n). The default inter algorithm above 64 KiB segments: for a
 * commutative op the leaders' chain in segments of m' = 16 KiB, T_ir(m) = (m / m' + N - 2)(alpha
 * + m' beta + m' gamma), the chain not drained between HAN segments, so that the call approaches
 * T_sr(m) + n beta + (N - 2)(alpha + m' beta) when the node level keeps up; for a non-commutative
 * op Rabenseifner, T_ir(m) = 2 lg(N) alpha + 2 (N - 1)/N m beta + (N - 1)/N m gamma for N a power
 * of two. Binomial below (lg(N)(alpha + m beta + m gamma)).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any placement, count 0, any datatype MPI_Reduce_local accepts
 * with @c op, MPI_IN_PLACE at the root. Non-commutative operations keep the operand order (the
 * hierarchy on consecutive nodes, the binomial tree otherwise: see Operand order).
 *
 * @par Memory
 * On a leader of a node of q ranks: (q - 1) segments of receive slots, plus one segment for the
 * partial result unless the leader is the root, and q - 1 requests; one request elsewhere; plus
 * the node level (machine/node.h) and what the inter algorithm takes.
 *
 * @par References
 * X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication Framework", IEEE
 * CLUSTER 2020, §III (collectives as tasks on two levels; reduce as the sr and ir tasks of the
 * allreduce of §III-B, the ib/sb tasks left out); Open MPI ompi/mca/coll/han/coll_han_reduce.c.
 */
#ifndef COLLALG_REDUCE_HAN_H
#define COLLALG_REDUCE_HAN_H

#include "../family/reduce.h"
#include "../machine/node.h"
#include "binomial.h"
#include "pipeline.h"
#include "rabenseifner.h"

/** @brief Default segment size of collalg_reduce_han(), bytes: 512 KiB. */
#define COLLALG_REDUCE_HAN_SEGSIZE_DEFAULT (512 << 10)

/** @brief Segments of at most this many bytes take the binomial tree among the leaders by
 *         default (collalg__reduce_han_inter_default()); larger ones the leaders' chain
 *         (commutative op) or Rabenseifner's algorithm. */
#define COLLALG_REDUCE_HAN_INTER_SMALL_BYTES (64 << 10)

/** @brief Segment size of the leaders' chain (collalg__reduce_han_chain()), bytes: 16 KiB. On
 *         the smp platform (1.25 GB/s and 2 us per node link) a 16 KiB segment takes 13 us on a
 *         link, so the chain's fill over 15 leaders stays near 0.25 ms. */
#define COLLALG_REDUCE_HAN_CHAIN_SEGSIZE (16 << 10)

/**
 * @brief The leaders' chain: collalg_reduce_pipeline() in segments of
 *        #COLLALG_REDUCE_HAN_CHAIN_SEGSIZE (for a commutative op the chain runs towards the root:
 *        leader root + N - 1 -> ... -> root + 1 -> root). Every link between two leaders carries
 *        the segment once, so the root's node link receives m bytes, not Rabenseifner's 2 m;
 *        the segments of one HAN segment and those of the next follow each other along the
 *        chain without draining it (a leader's task ir(i) ends once its sends are out).
 * @return as collalg_reduce_pipeline().
 */
COLLALG_INLINE int collalg__reduce_han_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                             MPI_Op op, int root, MPI_Comm comm)
{
    return collalg_reduce_pipeline(sendbuf, recvbuf, count, datatype, op, root, comm, COLLALG_REDUCE_HAN_CHAIN_SEGSIZE);
}

/**
 * @brief The default inter-node algorithm of collalg_reduce_han() for segments of @p seg_bytes:
 *        collalg_reduce_binomial() up to #COLLALG_REDUCE_HAN_INTER_SMALL_BYTES; above, for a
 *        commutative op (@p commute), the leaders' chain collalg__reduce_han_chain() (every
 *        node link carries m bytes each way), else collalg_reduce_rabenseifner() (reduce-scatter
 *        + gather, order kept: the root's node link receives about 2 m instead of lg(N) m).
 */
COLLALG_INLINE collalg_reduce_fn collalg__reduce_han_inter_default(MPI_Aint seg_bytes, int commute)
{
    if (seg_bytes <= COLLALG_REDUCE_HAN_INTER_SMALL_BYTES)
        return collalg_reduce_binomial;
    return commute ? collalg__reduce_han_chain : collalg_reduce_rabenseifner;
}

/* ---- task sr: a segment reduced inside the node to its leader (also used by the hierarchical
 *      reduce_scatter algorithms) ---------------------------------------------------------- */

/** @brief State of one rank's node reduction, segment by segment (task sr). */
typedef struct collalg__hred {
    const char *send;  /**< this rank's input (whole vector) */
    MPI_Datatype type; /**< the datatype */
    MPI_Op op;         /**< the operation */
    MPI_Aint ext;      /**< extent of type */
    int count;         /**< elements in all */
    int seg;           /**< elements per segment (>= 1) */
    int q;             /**< ranks in this node */
    int leader;        /**< 1 on the node's leader (node rank 0) */
    MPI_Comm nodecomm; /**< the node (members in rank order) */
    MPI_Comm pcomm;    /**< the private communicator (local copies) */
    char *tmp;         /**< leader: q - 1 receive slots of seg elements, slot j - 1 for node rank j */
    MPI_Request *rq;   /**< q - 1 requests on the leader, 1 elsewhere */
    int nr;            /**< pending entries of rq */
} collalg__hred;

/** @brief Number of segments of @p h (0 for count 0). */
COLLALG_INLINE int collalg__hred_nseg(const collalg__hred *h)
{
    return h->count == 0 ? 0 : (int)((h->count + (MPI_Aint)h->seg - 1) / h->seg);
}

/** @brief Elements of segment @p i. */
COLLALG_INLINE int collalg__hred_len(const collalg__hred *h, int i)
{
    MPI_Aint left = h->count - (MPI_Aint)i * h->seg;
    return left < h->seg ? (int)left : h->seg;
}

/** @brief Address of segment @p i of the whole vector @p buf. */
COLLALG_INLINE char *collalg__hred_at(const collalg__hred *h, const void *buf, int i)
{
    return collalg__at(buf, (MPI_Aint)i * h->seg, h->ext);
}

/**
 * @brief Fills @p h and takes its scratch (requests; receive slots on a leader of q > 1): the
 *        vector @p send of @p count elements in segments of @p seg elements on node @p nd.
 * @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__hred_init(collalg__ctx *c, collalg__hred *h, const collalg__allreduce_red *r,
                                      const collalg__node *nd, const void *send, int count, int seg)
{
    void *raw = NULL;
    int err;
    h->send = (const char *)send;
    h->type = r->type;
    h->op = r->op;
    h->ext = r->ti.extent;
    h->count = count;
    h->seg = seg < count ? seg : (count > 0 ? count : 1);
    h->q = nd->node_size;
    h->leader = nd->node_rank == 0;
    h->nodecomm = nd->nodecomm;
    h->pcomm = c->pcomm;
    h->tmp = NULL;
    h->nr = 0;
    err = collalg__scratch(c, (MPI_Aint)(h->q > 1 ? h->q - 1 : 1) * (MPI_Aint)sizeof(MPI_Request), &raw);
    h->rq = (MPI_Request *)raw;
    if (err == MPI_SUCCESS && h->leader && h->q > 1 && count > 0) {
        err = collalg__scratch_typed(c, (MPI_Aint)(h->q - 1) * h->seg, &r->ti, &raw);
        h->tmp = (char *)raw;
    }
    return err;
}

/** @brief Starts sr(@p i): a member sends its segment i to the leader, the leader posts one
 *         receive per member. @return MPI_SUCCESS or the MPI error code. */
COLLALG_INLINE int collalg__hred_start(collalg__hred *h, int i)
{
    int j, err = MPI_SUCCESS, len = collalg__hred_len(h, i);
    if (h->q == 1)
        return MPI_SUCCESS;
    if (!h->leader) {
        h->nr = 1;
        return COLLALG_MPI(Isend)(collalg__hred_at(h, h->send, i), len, h->type, 0, COLLALG_TAG_DATA, h->nodecomm,
                                  &h->rq[0]);
    }
    for (j = 1; j < h->q && err == MPI_SUCCESS; j++, h->nr++)
        err = COLLALG_MPI(Irecv)(collalg__at(h->tmp, (MPI_Aint)(j - 1) * h->seg, h->ext), len, h->type, j,
                                 COLLALG_TAG_DATA, h->nodecomm, &h->rq[j - 1]);
    return err;
}

/**
 * @brief Completes sr(@p i) (the requests are completed whatever @p err: they point into the
 *        buffers). On the leader, folds the node's segments i in rank order from the right
 *        (the last member's slot is the accumulator; MPI_Reduce_local(lower, acc)) and writes the
 *        result to @p out (which may be the leader's own segment: it is read before @p out is
 *        written). @return @p err, else the first error of the completion or the fold.
 */
COLLALG_INLINE int collalg__hred_finish(collalg__hred *h, int i, void *out, int err)
{
    int j, len = collalg__hred_len(h, i), e = MPI_SUCCESS;
    const char *own = collalg__hred_at(h, h->send, i);
    char *acc;
    if (h->nr > 0)
        e = collalg__waitall(h->nr, h->rq);
    h->nr = 0;
    err = collalg__first(err, e);
    if (err != MPI_SUCCESS || !h->leader)
        return err;
    if (h->q == 1)
        return own == out ? MPI_SUCCESS : collalg__copy(own, len, h->type, out, len, h->type, h->pcomm);
    acc = collalg__at(h->tmp, (MPI_Aint)(h->q - 2) * h->seg, h->ext);
    for (j = h->q - 2; j >= 1 && err == MPI_SUCCESS; j--)
        err = collalg__reduce_local(collalg__at(h->tmp, (MPI_Aint)(j - 1) * h->seg, h->ext), acc, len, h->type, h->op);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_local(own, acc, len, h->type, h->op);
    if (err == MPI_SUCCESS)
        err = collalg__copy(acc, len, h->type, out, len, h->type, h->pcomm);
    return err;
}

/**
 * @brief The whole vector reduced to the leader, segment by segment, without overlap with
 *        anything else: the leader writes the node's reduction into @p out (whole vector), the
 *        members only send. @return MPI_SUCCESS or the first error.
 */
COLLALG_INLINE int collalg__hred_all(collalg__hred *h, void *out)
{
    int s = collalg__hred_nseg(h), i, err = MPI_SUCCESS;
    if (s > 0)
        err = collalg__hred_start(h, 0);
    for (i = 0; i < s && err == MPI_SUCCESS; i++) {
        err = collalg__hred_finish(h, i, h->leader ? collalg__hred_at(h, out, i) : NULL, err);
        if (err == MPI_SUCCESS && i + 1 < s)
            err = collalg__hred_start(h, i + 1);
    }
    if (h->nr > 0)
        err = collalg__hred_finish(h, i, NULL, err);
    return err;
}

/* ---- the HAN reduce ------------------------------------------------------------------------ */

/** @brief The roles of one rank in collalg_reduce_han(). */
typedef struct collalg__han_reduce {
    collalg__hred h;      /**< task sr */
    collalg_reduce_fn ir; /**< task ir, among the leaders */
    MPI_Comm leaders;     /**< the leaders' communicator (leaders only) */
    int root;             /**< the root, rank of pcomm */
    int rleader;          /**< rank of the root's node leader in pcomm */
    int rnode;            /**< the root's node: its leader's rank among the leaders */
    char *recv;           /**< recvbuf (root only) */
    char *res;            /**< leader: segment i of the node's reduction (recvbuf at the root) */
    int me;               /**< this rank in pcomm */
} collalg__han_reduce;

/** @brief Where a leader keeps segment @p i of its node's reduction: recvbuf at the root, the
 *         partial-result segment elsewhere, its own input when it is alone in its node. */
COLLALG_INLINE char *collalg__han_reduce_res(const collalg__han_reduce *t, int i)
{
    if (t->me == t->root)
        return collalg__hred_at(&t->h, t->recv, i);
    return t->res ? t->res : collalg__hred_at(&t->h, t->h.send, i);
}

/** @brief On a leader, ir(@p i) and the hand-off of segment @p i to a root that is no leader.
 *         @return MPI_SUCCESS or the error code. */
COLLALG_INLINE int collalg__han_reduce_ir(collalg__han_reduce *t, int i)
{
    collalg__hred *h = &t->h;
    int len = collalg__hred_len(h, i), err;
    char *res = collalg__han_reduce_res(t, i);
    if (t->me == t->rleader)
        err = t->ir(MPI_IN_PLACE, res, len, h->type, h->op, t->rnode, t->leaders);
    else
        err = t->ir(res, NULL, len, h->type, h->op, t->rnode, t->leaders);
    if (err == MPI_SUCCESS && t->me == t->rleader && t->me != t->root)
        err = COLLALG_MPI(Send)(res, len, h->type, t->root, COLLALG_TAG_DATA2, h->pcomm);
    return err;
}

/**
 * @brief Phases 1 to 3 on one rank (see the file comment).
 * @return MPI_SUCCESS or the first error; nothing is left pending.
 */
COLLALG_INLINE int collalg__han_reduce_run(collalg__han_reduce *t)
{
    collalg__hred *h = &t->h;
    int s = collalg__hred_nseg(h), i, err = MPI_SUCCESS;
    if (s > 0)
        err = collalg__hred_start(h, 0);
    for (i = 0; i < s && err == MPI_SUCCESS; i++) {
        err = collalg__hred_finish(h, i, h->leader ? collalg__han_reduce_res(t, i) : NULL, err);
        if (err == MPI_SUCCESS && i + 1 < s)
            err = collalg__hred_start(h, i + 1);
        if (err == MPI_SUCCESS && h->leader)
            err = collalg__han_reduce_ir(t, i);
        else if (err == MPI_SUCCESS && t->me == t->root && t->rleader != t->root)
            err = COLLALG_MPI(Recv)(collalg__hred_at(h, t->recv, i), collalg__hred_len(h, i), h->type, t->rleader,
                                    COLLALG_TAG_DATA2, h->pcomm, MPI_STATUS_IGNORE);
    }
    if (h->nr > 0) /* an error left sr(i + 1) pending */
        err = collalg__hred_finish(h, i, NULL, err);
    return err;
}

/**
 * @brief Sets up the roles and scratch of collalg_reduce_han() on the node level @p nd and runs
 *        the pipeline. @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__han_reduce_hier(collalg__ctx *c, const collalg__allreduce_red *r, const collalg__node *nd,
                                            const void *sendbuf, void *recvbuf, int count, int root, int segsize,
                                            collalg_reduce_fn inter)
{
    collalg__han_reduce t;
    void *raw = NULL;
    int size = r->ti.size > 0 ? r->ti.size : 1, seg = 1, err;
    err = collalg__reduce_seg_elems(segsize ? segsize : COLLALG_REDUCE_HAN_SEGSIZE_DEFAULT, size, count, &seg);
    if (err == MPI_SUCCESS)
        err = collalg__hred_init(c, &t.h, r, nd, sendbuf, count, seg);
    t.leaders = nd->leaders;
    t.root = root;
    t.rnode = nd->node_of[root];
    t.rleader = nd->members[nd->first[t.rnode]];
    t.recv = (char *)recvbuf;
    t.res = NULL;
    t.me = c->rank;
    t.ir = inter ? inter : collalg__reduce_han_inter_default((MPI_Aint)t.h.seg * size, r->commute);
    if (err == MPI_SUCCESS && t.h.leader && t.h.q > 1 && c->rank != root) {
        err = collalg__scratch_typed(c, t.h.seg, &r->ti, &raw);
        t.res = (char *)raw;
    }
    if (err == MPI_SUCCESS)
        err = collalg__han_reduce_run(&t);
    return err;
}

/**
 * @brief MPI_Reduce by HAN's hierarchical pipeline: reduction inside each node, reduction among
 *        the node leaders, segment by segment and overlapped.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not: see the file comment)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0, rounded down to whole elements (at least
 *                     one); 0 = #COLLALG_REDUCE_HAN_SEGSIZE_DEFAULT (512 KiB)
 * @param[in] inter    the reduce among the node leaders (task ir), any MPI_Reduce-shaped function
 *                     that keeps the operand order when the op is not commutative; called by the
 *                     leaders only, on the leaders' communicator of machine/node.h, the root's
 *                     node leader as its root (with MPI_IN_PLACE). NULL =
 *                     collalg__reduce_han_inter_default(): binomial up to 64 KiB segments;
 *                     above, a pipelined chain of the leaders in 16 KiB segments for a
 *                     commutative op, Rabenseifner for a non-commutative one.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p segsize < 0 (before any message); the error of MPI_Reduce_local
 *         (e.g. MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, on every rank
 *         before any message; MPI_ERR_NO_MEM when scratch or the node level cannot be allocated;
 *         the error of @p inter as it returns it; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_han(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                      int root, MPI_Comm comm, int segsize, collalg_reduce_fn inter)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    const collalg__node *nd = NULL;
    int size = 0;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    err = collalg__node_get_for(&c, count, datatype, &size, &nd, err);
    if (err == MPI_SUCCESS && nd && !r.commute && !nd->consecutive)
        err = collalg__reduce_binomial_run(&c, &r, sendbuf, recvbuf, count, root);
    else if (err == MPI_SUCCESS && nd)
        err = collalg__han_reduce_hier(&c, &r, nd, sendbuf, recvbuf, count, root, segsize, inter);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_HAN_H */
