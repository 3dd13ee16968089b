/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file two_tree.h
 * @ingroup reduce
 * @brief Reduce, two-tree algorithm (Sanders, Speck & Traff 2009, §3): the two-tree broadcast
 *        reversed; half of the vector's segments are reduced up each of two in-order binary
 *        trees, pipelined, every rank sending and receiving at most once per step, operand
 *        order kept.
 *
 * @par Phases
 * The trees, colouring and steps are those of bcast/two_tree.h (schedule/two_tree.h) run
 * backwards: step t of the reduction is step T - 1 - t of the broadcast with every message
 * turned round, so a rank still sends and receives at most once per step.
 * - The extra node X of the paper (the top) and the tree ranks: for a commutative op, X is the
 *   root and tree rank v is rank (root + 1 + v) mod p; for a non-commutative op, X is rank p - 1
 *   and tree rank v is rank v (v < p - 1), so that every subtree is a run of consecutive ranks.
 * 1. The vector is cut into nb segments of `segsize` bytes (whole elements); tree 0 reduces
 *    segments 0, 2, 4, ..., tree 1 segments 1, 3, ....
 * 2. A leaf of a tree sends its own segment to its parent. A node with children in tree j
 *    receives their partial results and sends lower op own op higher (from the right: the
 *    higher child's buffer accumulates, MPI_Reduce_local(own, acc), then
 *    MPI_Reduce_local(lower, acc)). Invariant: the partial result a node sends is the reduction
 *    of its subtree's run of ranks, in rank order.
 * 3. X receives both trees' results, segment by segment, and computes result op own into
 *    recvbuf (X is the highest rank for a non-commutative op). For a non-commutative op and
 *    root != p - 1, X collects the result in scratch and sends it to the root at the end
 *    (collalg__reduce_handoff, one message of the whole vector).
 * Each rank walks its steps in order with non-blocking calls (receives posted up to
 * W = COLLALG_FORWARD_WINDOW ahead into W + 2 slot sets; a slot set is reused once its send has
 * completed).
 *
 * @par Trace, p = 7, non-commutative op (X = 6; tree ranks = ranks 0 .. 5), 2 segments
 * @verbatim
   T1 (segment 0):  1 -> 3 <- 5;  0 -> 1 <- 2;  4 -> 5;  3 -> 6
      5: v4 op v5;  1: v0 op v1 op v2;  3: [0..2] op v3 op [4..5];  6: [0..5] op v6
   T2 (segment 1):  0 -> 2 <- 4;  3 -> 4 <- 5;  1 -> 0;  2 -> 6
      0: v0 op v1;  4: v3 op v4 op v5;  2: [0..1] op v2 op [3..5];  6: [0..5] op v6
   @endverbatim
 *
 * @par Segments
 * `segsize` bytes rounded down to whole elements (at least one), an element counted as the larger
 * of its size and its extent, so that the 3 (W + 2) segments of scratch (see Memory) stay near
 * 3 (W + 2) `segsize` bytes for a sparse datatype too (one int resized to 1 MiB: one element per
 * segment); 0 = COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT (8192 bytes).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_two_tree_p6.svg
 * @image html reduce_two_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and nb segments: at most
 * 2 ceil(nb / 2) + 2 ceil(log2 p) steps of alpha + (n / nb)(beta + 2 gamma) (a node folds two
 * children per segment of its tree, one segment per step); plus alpha + n beta for a
 * non-commutative op when root != p - 1.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE at the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * 2 (p - 1) + 16 bytes kept with the communicator by the first call (the colouring, shared by
 * every two-tree call on it: collalg__two_tree_shared_get()); on a rank with children:
 * 3 (W + 2) segments of scratch (W = COLLALG_FORWARD_WINDOW); at X: 2 W segments, and count elements more when X is not the
 * root (non-commutative op, root != p - 1).
 *
 * @par References
 * P. Sanders, J. Speck, J. L. Traff, "Two-tree algorithms for full bandwidth broadcast,
 * reduction and scan", Parallel Computing 35 (2009) 581-594, §3 (reduction: the broadcast
 * reversed; in-order trees for non-commutative operators).
 */
#ifndef COLLALG_REDUCE_TWO_TREE_H
#define COLLALG_REDUCE_TWO_TREE_H

#include "../family/reduce.h"
#include "../bcast/two_tree.h"

/** @brief Default segment size of collalg_reduce_two_tree and collalg_allreduce_two_tree, in bytes. */
#ifndef COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT
#define COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT 8192
#endif

/** @brief Slot sets of the two-tree reduction: a set is reused W + 2 segments later. */
#define COLLALG_REDUCE_TWO_TREE_SETS (COLLALG_FORWARD_WINDOW + 2)

/** @brief State of the reversed two-tree schedule on one rank. */
typedef struct collalg__reduce_two_tree {
    const collalg__ctx *c;
    const collalg__allreduce_red *r;
    const collalg__two_tree_plan *s;
    const void *own; /**< this rank's input */
    void *dst;       /**< X: where the result goes */
    void *slots;     /**< COLLALG_REDUCE_TWO_TREE_SETS sets of 3 segments */
    int count, seg;  /**< elements, elements per segment */
    int base;        /**< rank of tree rank -1 (X): tree rank v is (base + 1 + v) mod p */
    long long setseg[COLLALG_REDUCE_TWO_TREE_SETS];  /**< segment a set holds, -1 when free */
    MPI_Request rq[COLLALG_REDUCE_TWO_TREE_SETS][2]; /**< receives from the lower, higher child */
    MPI_Request sq[COLLALG_REDUCE_TWO_TREE_SETS];    /**< the send of a set's result */
    MPI_Request *pend[COLLALG_FORWARD_WINDOW];       /**< posted receives in step order */
    MPI_Request own_sq[COLLALG_FORWARD_WINDOW];      /**< sends of own segments (leaf) */
    MPI_Request xq[COLLALG_FORWARD_WINDOW];          /**< X: receives into its W slots */
} collalg__reduce_two_tree;

/** @brief Communicator rank of tree rank @p v (COLLALG_TWO_TREE_X: the top). */
COLLALG_INLINE int collalg__reduce_two_tree_rank(const collalg__reduce_two_tree *q, int v)
{
    return (int)(((long)q->base + 1 + v) % q->c->size);
}

/** @brief Slot set of segment @p k: its position in the order segments are reduced in (highest first). */
COLLALG_INLINE int collalg__reduce_two_tree_set(const collalg__reduce_two_tree *q, long long k)
{
    long long blocks = collalg__two_tree_blocks(q->s->nb, (int)(k % 2));
    return (int)((blocks - 1 - k / 2) % COLLALG_REDUCE_TWO_TREE_SETS);
}

/** @brief Slot @p i (0, 1: children; 2: copy of the own segment) of set @p set. */
COLLALG_INLINE char *collalg__reduce_two_tree_slot(const collalg__reduce_two_tree *q, int set, int i)
{
    return collalg__allreduce_at(q->r, q->slots, ((MPI_Aint)set * 3 + i) * q->seg);
}

/** @brief Index (0 lower, 1 higher) of child @p v in the tree of segment @p k. */
COLLALG_INLINE int collalg__reduce_two_tree_which(const collalg__reduce_two_tree *q, long long k, int v)
{
    return q->s->child[k % 2][1] == v;
}

/**
 * @brief Posts the receive of reduction step @p t (the broadcast's send of step T - 1 - t):
 *        into a slot of the segment's set at a node, into X's ring at X. @p n is the count of
 *        receives posted so far. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_two_tree_post(collalg__reduce_two_tree *q, long long k, int from, int n)
{
    MPI_Aint lo, hi;
    MPI_Request *rq;
    char *buf;
    int set, err = MPI_SUCCESS, which;
    collalg__two_tree_range(k, q->seg, q->count, &lo, &hi);
    if (q->s->me == COLLALG_TWO_TREE_X) {
        rq = &q->xq[n % COLLALG_FORWARD_WINDOW];
        buf = collalg__reduce_two_tree_slot(q, n % COLLALG_FORWARD_WINDOW, 0);
    } else {
        set = collalg__reduce_two_tree_set(q, k);
        if (q->setseg[set] != k) { /* a new segment in this set: its last user's send must be done */
            err = COLLALG_MPI(Wait)(&q->sq[set], MPI_STATUS_IGNORE);
            q->setseg[set] = k;
        }
        which = collalg__reduce_two_tree_which(q, k, from);
        rq = &q->rq[set][which];
        buf = collalg__reduce_two_tree_slot(q, set, which);
    }
    q->pend[n % COLLALG_FORWARD_WINDOW] = rq;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Irecv)(buf, (int)(hi - lo), q->r->type, collalg__reduce_two_tree_rank(q, from),
                                 COLLALG_TAG_DATA, q->c->pcomm, rq);
    return err;
}

/**
 * @brief The send of reduction step @p t at a tree rank: segment @p k to the parent @p to; the
 *        own segment as it is (a leaf of that tree), or lower op own op higher folded in the
 *        segment's set. @p n counts the leaf sends so far. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_two_tree_send(collalg__reduce_two_tree *q, long long k, int to, int n)
{
    const collalg__allreduce_red *r = q->r;
    MPI_Aint lo, hi;
    const char *own;
    char *acc;
    int j = (int)(k % 2), set, len, err = MPI_SUCCESS, peer = collalg__reduce_two_tree_rank(q, to);
    MPI_Request *sq;
    collalg__two_tree_range(k, q->seg, q->count, &lo, &hi);
    own = collalg__allreduce_at(r, q->own, lo);
    len = (int)(hi - lo);
    if (q->s->child[j][0] < 0 && q->s->child[j][1] < 0) { /* a leaf of tree j */
        sq = &q->own_sq[n % COLLALG_FORWARD_WINDOW];
        err = COLLALG_MPI(Wait)(sq, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Isend)(own, len, r->type, peer, COLLALG_TAG_DATA, q->c->pcomm, sq);
        return err;
    }
    set = collalg__reduce_two_tree_set(q, k);
    err = collalg__waitall(2, q->rq[set]); /* both children's parts (already in: earlier steps) */
    if (err == MPI_SUCCESS && q->s->child[j][1] >= 0) {
        acc = collalg__reduce_two_tree_slot(q, set, 1);
        err = collalg__reduce_local(own, acc, len, r->type, r->op); /* own op higher */
    } else if (err == MPI_SUCCESS) {
        acc = collalg__reduce_two_tree_slot(q, set, 2);
        err = collalg__copy(own, len, r->type, acc, len, r->type, q->c->pcomm);
    }
    if (err == MPI_SUCCESS && q->s->child[j][0] >= 0)
        err = collalg__reduce_local(collalg__reduce_two_tree_slot(q, set, 0), acc, len, r->type, r->op);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Isend)(acc, len, r->type, peer, COLLALG_TAG_DATA, q->c->pcomm, &q->sq[set]);
    return err;
}

/**
 * @brief X's fold of segment @p k, just received into slot @p n mod W: dst = result op own.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_two_tree_top(collalg__reduce_two_tree *q, long long k, int n)
{
    MPI_Aint lo, hi;
    char *acc;
    int len, err;
    collalg__two_tree_range(k, q->seg, q->count, &lo, &hi);
    len = (int)(hi - lo);
    acc = collalg__allreduce_at(q->r, q->dst, lo);
    err = collalg__copy(collalg__allreduce_at(q->r, q->own, lo), len, q->r->type, acc, len, q->r->type, q->c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_local(collalg__reduce_two_tree_slot(q, n % COLLALG_FORWARD_WINDOW, 0), acc, len,
                                    q->r->type, q->r->op);
    return err;
}

/**
 * @brief The reversed two-tree schedule: for t = 0 .. T - 1, post receives up to W ahead, do
 *        step t's send (folding first), wait for step t's receive (X folds it at once).
 * @return MPI_SUCCESS or the MPI error code; nothing is left pending.
 */
COLLALG_INLINE int collalg__reduce_two_tree_loop(collalg__reduce_two_tree *q)
{
    const collalg__two_tree_plan *s = q->s;
    long long t, tp = 0, k, last = s->rounds - 1;
    int i, peer, nposted = 0, nwaited = 0, nsent = 0, err = MPI_SUCCESS;
    for (t = 0; t < s->rounds && err == MPI_SUCCESS; t++) {
        for (; tp < s->rounds && nposted - nwaited < COLLALG_FORWARD_WINDOW && err == MPI_SUCCESS; tp++)
            if ((k = collalg__two_tree_send_at(s, last - tp, &peer)) >= 0)
                err = collalg__reduce_two_tree_post(q, k, peer, nposted++);
        if (err == MPI_SUCCESS && (k = collalg__two_tree_recv_at(s, last - t, &peer)) >= 0)
            err = collalg__reduce_two_tree_send(q, k, peer, nsent++);
        if (err == MPI_SUCCESS && (k = collalg__two_tree_send_at(s, last - t, &peer)) >= 0) {
            err = COLLALG_MPI(Wait)(q->pend[nwaited % COLLALG_FORWARD_WINDOW], MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS && s->me == COLLALG_TWO_TREE_X)
                err = collalg__reduce_two_tree_top(q, k, nwaited);
            nwaited++;
        }
    }
    if (err != MPI_SUCCESS) {
        err = collalg__first(err, collalg__cancel_all(COLLALG_FORWARD_WINDOW, q->xq));
        for (i = 0; i < COLLALG_REDUCE_TWO_TREE_SETS; i++)
            err = collalg__first(err, collalg__cancel_all(2, q->rq[i]));
    }
    err = collalg__first(err, collalg__waitall(COLLALG_REDUCE_TWO_TREE_SETS, q->sq));
    return collalg__first(err, collalg__waitall(COLLALG_FORWARD_WINDOW, q->own_sq));
}

/**
 * @brief The two-tree reduction of @p count elements on the plan @p s (tree ranks of
 *        collalg__two_tree_plan_init, segments of @p seg elements) after the enter and init
 *        steps: the top X is rank @p base, tree rank v is rank (base + 1 + v) mod p; X's result
 *        goes to @p dst (count elements; the caller hands it on).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_two_tree_go(collalg__ctx *c, const collalg__allreduce_red *r,
                                               const collalg__two_tree_plan *s, const void *sendbuf, void *dst,
                                               int count, int seg, int base)
{
    collalg__reduce_two_tree q;
    int i, err = MPI_SUCCESS;

    memset(&q, 0, sizeof q);
    q.c = c;
    q.r = r;
    q.s = s;
    q.own = sendbuf;
    q.dst = dst;
    q.count = count;
    q.seg = seg < count ? seg : count;
    q.base = base;
    for (i = 0; i < COLLALG_REDUCE_TWO_TREE_SETS; i++) {
        q.setseg[i] = -1;
        q.rq[i][0] = q.rq[i][1] = q.sq[i] = MPI_REQUEST_NULL;
    }
    for (i = 0; i < COLLALG_FORWARD_WINDOW; i++)
        q.own_sq[i] = q.xq[i] = MPI_REQUEST_NULL;
    if (s->me == COLLALG_TWO_TREE_X)
        err = collalg__scratch_typed(c, (MPI_Aint)COLLALG_FORWARD_WINDOW * 3 * q.seg, &r->ti, &q.slots);
    else if (collalg__two_tree_interior(s->n, 0, s->me) || collalg__two_tree_interior(s->n, 1, s->me))
        err = collalg__scratch_typed(c, (MPI_Aint)COLLALG_REDUCE_TWO_TREE_SETS * 3 * q.seg, &r->ti, &q.slots);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_two_tree_loop(&q);
    return err;
}

/**
 * @brief Elements per segment of the two-tree reductions: @p segsize bytes (0 = the default),
 *        an element counted as max(size, |extent|) bytes (see Segments). @return MPI_SUCCESS, or
 *        MPI_ERR_ARG when @p segsize < 0.
 */
COLLALG_INLINE int collalg__reduce_two_tree_seg(const collalg__allreduce_red *r, int segsize, int count, int *seg)
{
    MPI_Aint ext = r->ti.extent > 0 ? r->ti.extent : -r->ti.extent, per = ext > r->ti.size ? ext : r->ti.size;
    return collalg__reduce_seg_elems(segsize ? segsize : COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT,
                                     per > INT_MAX ? INT_MAX : (int)per, count, seg);
}

/**
 * @brief The two-tree reduction of @p count elements after the enter and init steps: builds the
 *        plan (segments of @p seg elements, top X = rank @p base) and runs
 *        collalg__reduce_two_tree_go; p = 1 copies the input to @p dst.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_two_tree_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                                void *dst, int count, int seg, int base)
{
    collalg__two_tree_plan s;
    int err;
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size == 1)
        return collalg__copy(sendbuf, count, r->type, dst, count, r->type, c->pcomm);
    err = collalg__two_tree_plan_init(c, &s, c->size - 1, collalg__relrank(c->rank, base, c->size) - 1,
                                      ((long long)count + seg - 1) / seg);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_two_tree_go(c, r, &s, sendbuf, dst, count, seg, base);
    return err;
}

/**
 * @brief MPI_Reduce by the two-tree algorithm.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *                     0 = COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT (8192)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p segsize < 0; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a
 *         predefined @p op is not defined for @p datatype; all of these before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_two_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    void *dst = recvbuf;
    int seg = 1, top = root, err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_two_tree_seg(&r, segsize, count, &seg);
    if (err == MPI_SUCCESS && !r.commute)
        top = c.size - 1; /* the highest rank is X: every subtree is a run of consecutive ranks */
    if (err == MPI_SUCCESS && c.rank == top && top != root && count > 0)
        err = collalg__scratch_typed(&c, count, &r.ti, &dst);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_two_tree_run(&c, &r, sendbuf, dst, count, seg, top);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_handoff(&c, &r, dst, recvbuf, count, top, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_TWO_TREE_H */
