/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/reduce.h
 * @brief Building blocks shared by the reduce family: the entry step (argument checks,
 *        MPI_IN_PLACE), the reduction descriptor, and the segmented tree reduction (Open MPI's
 *        generic reduce) that chain, pipeline, binary_tree, in_order_binary and knomial run on
 *        the trees of schedule/run_tree.h.
 *
 * @par Operand order
 * MPI defines the result as v0 op v1 op ... op v(p-1), and MPI_Reduce_local(in, inout) computes
 * inout = in op inout. Every tree here is laid out so that the subtree of a node is a run of
 * consecutive (relative) ranks: the node's own rank first (chain, pipeline, binary, binomial,
 * k-nomial) or last (in-order binary), its children's runs in increasing order. A node then
 * reduces its own vector and its children's partial results in rank order, from the right
 * (collalg__reduce_segtree), and the result is in operand order when the ranks are taken
 * relative to rank 0. For a commutative op the ranks are taken relative to the root (the tree's
 * top is the root, no extra message); for a non-commutative op they are taken relative to rank 0
 * and the top of the tree sends the result to the root at the end, as MPICH's binomial reduce
 * and Open MPI's in-order binary reduce do.
 *
 * @par Buffers
 * recvbuf is significant at the root only: the other ranks never read or write it. With
 * MPI_IN_PLACE at the root, the root's input is in recvbuf; the entry step points sendbuf at it,
 * so an algorithm must read the root's input from sendbuf before it writes recvbuf.
 */
#ifndef COLLALG_REDUCE_COMMON_H
#define COLLALG_REDUCE_COMMON_H

#include "../core/core.h"
#include "allreduce.h"
#include "../schedule/run_tree.h"

/**
 * @brief Default segment size of the segmented reduce algorithms (chain, pipeline, binary_tree,
 *        in_order_binary, knomial), in bytes: 64 KiB, Open MPI's usual reduce segment.
 */
#ifndef COLLALG_REDUCE_SEGSIZE_DEFAULT
#define COLLALG_REDUCE_SEGSIZE_DEFAULT 65536
#endif

/** @brief Segments in flight per node of collalg__reduce_segtree (receive slot sets). */
#define COLLALG_REDUCE_WINDOW 3

/**
 * @brief Entry step of the reduce algorithms.
 *
 * Checks, before any message: the communicator (MPI_ERR_COMM); root in [0, p) (MPI_ERR_ROOT);
 * MPI_IN_PLACE only at the root (MPI_ERR_BUFFER elsewhere); the send triple unless it is
 * MPI_IN_PLACE (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER); at the root only, the receive
 * triple and aliased buffers (MPI_ERR_BUFFER); op != MPI_OP_NULL (MPI_ERR_OP). recvbuf is never
 * looked at on the other ranks. Then attaches the private communicator and resolves MPI_IN_PLACE
 * at the root by setting *sendbuf = recvbuf.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__reduce_enter(collalg__ctx *c, const void **sendbuf, void *recvbuf, int count,
                                         MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    int err = MPI_SUCCESS, size = 0, rank = 0, inplace = *sendbuf == MPI_IN_PLACE;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__ctx_comm(c, &size, &rank);
        if (err == MPI_SUCCESS && (root < 0 || root >= size))
            err = MPI_ERR_ROOT;
        if (err == MPI_SUCCESS && inplace && rank != root)
            err = MPI_ERR_BUFFER;
        if (err == MPI_SUCCESS && !inplace)
            err = collalg__check_buffer(*sendbuf, count, datatype);
        if (err == MPI_SUCCESS && rank == root) {
            err = collalg__check_buffer(recvbuf, count, datatype);
            if (err == MPI_SUCCESS && !inplace && *sendbuf == recvbuf && count > 0)
                err = MPI_ERR_BUFFER;
        }
        if (err == MPI_SUCCESS && op == MPI_OP_NULL)
            err = MPI_ERR_OP;
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err == MPI_SUCCESS && inplace && c->rank == root)
        *sendbuf = recvbuf;
    return err;
}

/**
 * @brief Fills @p r (collalg__allreduce_red_init: datatype facts, commutativity, the probe of the
 *        (type, op) pair) right after the enter step, before any message; with
 *        @p commutative_only, refuses a non-commutative @p op with MPI_ERR_OP.
 * @return MPI_SUCCESS, MPI_ERR_OP, or the error of collalg__allreduce_red_init.
 */
COLLALG_INLINE int collalg__reduce_init(collalg__ctx *c, collalg__allreduce_red *r, MPI_Datatype datatype, MPI_Op op,
                                        int commutative_only)
{
    int err = collalg__allreduce_red_init(c, r, datatype, op);
    if (err == MPI_SUCCESS && commutative_only && !r->commute)
        err = MPI_ERR_OP;
    return err;
}

/**
 * @brief Elements per segment: @p segsize bytes (0 = COLLALG_REDUCE_SEGSIZE_DEFAULT) rounded down
 *        to whole elements of @p type_size bytes, at least 1 (the whole vector when elements are
 *        empty). @return MPI_SUCCESS, or MPI_ERR_ARG when @p segsize < 0.
 */
COLLALG_INLINE int collalg__reduce_seg_elems(int segsize, int type_size, int count, int *out)
{
    *out = 1;
    if (segsize < 0)
        return MPI_ERR_ARG;
    if (segsize == 0)
        segsize = COLLALG_REDUCE_SEGSIZE_DEFAULT;
    if (type_size <= 0)
        *out = count > 0 ? count : 1;
    else if (segsize / type_size > 1)
        *out = segsize / type_size;
    return MPI_SUCCESS;
}

/* ---- the segmented tree reduction --------------------------------------------------------- */

/** @brief State of collalg__reduce_segtree on one rank. */
typedef struct collalg__reduce_seg {
    const collalg__ctx *c;
    const collalg__allreduce_red *r;
    const void *own;                       /**< this rank's input */
    void *slots;                           /**< W sets of (nchild + own slot) segments of seg elements */
    MPI_Request *rq;                       /**< rq[set * nchild + j]: receive from child j into set `set` */
    int *child;                            /**< absolute ranks of the children, increasing relative rank */
    int nchild;                            /**< number of children */
    int ownslot;                           /**< 1 when the own segment is copied into a slot (own_last, not a leaf) */
    int count, seg;                        /**< elements of the vector, elements per segment */
    MPI_Request sq[COLLALG_REDUCE_WINDOW]; /**< sq[set]: the send of that set's result */
} collalg__reduce_seg;

/** @brief Slot @p j (a child, or nchild = the own slot) of window set @p set. */
COLLALG_INLINE char *collalg__reduce_slot(const collalg__reduce_seg *s, int set, int j)
{
    return collalg__allreduce_at(s->r, s->slots, ((MPI_Aint)set * (s->nchild + s->ownslot) + j) * s->seg);
}

/** @brief Elements of segment @p k. */
COLLALG_INLINE int collalg__reduce_seg_len(const collalg__reduce_seg *s, int k)
{
    MPI_Aint lo = (MPI_Aint)k * s->seg;
    return s->count - lo < s->seg ? (int)(s->count - lo) : s->seg;
}

/** @brief Posts the receives of segment @p k from every child into set k mod W. */
COLLALG_INLINE int collalg__reduce_seg_post(collalg__reduce_seg *s, int k)
{
    int j, set = k % COLLALG_REDUCE_WINDOW, n = collalg__reduce_seg_len(s, k), err = MPI_SUCCESS;
    for (j = 0; j < s->nchild && err == MPI_SUCCESS; j++)
        err = COLLALG_MPI(Irecv)(collalg__reduce_slot(s, set, j), n, s->r->type, s->child[j], COLLALG_TAG_DATA,
                                 s->c->pcomm, &s->rq[set * s->nchild + j]);
    return err;
}

/**
 * @brief Reduces segment @p k (its children's parts have arrived) in rank order, from the right:
 *        the rightmost operand's buffer is the accumulator (the last child's slot, or the own
 *        slot holding a copy of the own segment when the node is the last of its run), and each
 *        operand to its left is folded in with MPI_Reduce_local(operand, acc). *out is the
 *        result (the own segment itself on a leaf). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_seg_fold(collalg__reduce_seg *s, int own_last, int k, const void **out)
{
    int j, set = k % COLLALG_REDUCE_WINDOW, n = collalg__reduce_seg_len(s, k), err = MPI_SUCCESS;
    const char *own = collalg__allreduce_at(s->r, s->own, (MPI_Aint)k * s->seg);
    char *acc;
    *out = own;
    if (s->nchild == 0)
        return MPI_SUCCESS;
    if (own_last) {
        acc = collalg__reduce_slot(s, set, s->nchild);
        err = collalg__copy(own, n, s->r->type, acc, n, s->r->type, s->c->pcomm);
        j = s->nchild - 1;
    } else {
        acc = collalg__reduce_slot(s, set, s->nchild - 1);
        j = s->nchild - 2;
    }
    for (; j >= 0 && err == MPI_SUCCESS; j--)
        err = collalg__reduce_local(collalg__reduce_slot(s, set, j), acc, n, s->r->type, s->r->op);
    if (!own_last && err == MPI_SUCCESS)
        err = collalg__reduce_local(own, acc, n, s->r->type, s->r->op);
    *out = acc;
    return err;
}

/**
 * @brief The segment loop: for each segment k, wait for the children's parts, fold them with the
 *        own part (collalg__reduce_seg_fold), and send the result to @p parent (a non-blocking
 *        send) or, at the top (@p parent < 0), copy it into @p dst. Receives run up to W =
 *        COLLALG_REDUCE_WINDOW segments ahead: set k mod W is reposted for segment k + W once
 *        segment k's send from it has completed (checked one segment later, so that one send is
 *        in flight while the next segment is folded).
 * @return MPI_SUCCESS or the MPI error code; nothing is left pending.
 */
COLLALG_INLINE int collalg__reduce_seg_loop(collalg__reduce_seg *s, int own_last, int parent, void *dst)
{
    int k, set, nseg = (int)(((MPI_Aint)s->count + s->seg - 1) / s->seg), err = MPI_SUCCESS;
    const void *res;
    for (k = 0; k < nseg && k < COLLALG_REDUCE_WINDOW && err == MPI_SUCCESS; k++)
        err = collalg__reduce_seg_post(s, k);
    for (k = 0; k < nseg && err == MPI_SUCCESS; k++) {
        set = k % COLLALG_REDUCE_WINDOW;
        err = collalg__waitall(s->nchild, &s->rq[set * s->nchild]);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_seg_fold(s, own_last, k, &res);
        if (err == MPI_SUCCESS && parent >= 0) {
            err = COLLALG_MPI(Wait)(&s->sq[set], MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = COLLALG_MPI(Isend)(res, collalg__reduce_seg_len(s, k), s->r->type, parent, COLLALG_TAG_DATA,
                                         s->c->pcomm, &s->sq[set]);
        } else if (err == MPI_SUCCESS) {
            err = collalg__copy(res, collalg__reduce_seg_len(s, k), s->r->type,
                                collalg__allreduce_at(s->r, dst, (MPI_Aint)k * s->seg), collalg__reduce_seg_len(s, k),
                                s->r->type, s->c->pcomm);
        }
        if (err == MPI_SUCCESS && k >= 1 && k - 1 + COLLALG_REDUCE_WINDOW < nseg && s->nchild > 0) {
            set = (k - 1) % COLLALG_REDUCE_WINDOW;
            err = COLLALG_MPI(Wait)(&s->sq[set], MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = collalg__reduce_seg_post(s, k - 1 + COLLALG_REDUCE_WINDOW);
        }
    }
    if (err != MPI_SUCCESS && s->nchild > 0)
        err = collalg__first(err, collalg__cancel_all(COLLALG_REDUCE_WINDOW * s->nchild, s->rq));
    return collalg__first(err, collalg__waitall(COLLALG_REDUCE_WINDOW, s->sq));
}

/** @brief Absolute rank of relative rank @p rel when relative rank 0 is rank @p base. */
COLLALG_INLINE int collalg__reduce_abs(int rel, int base, int p)
{
    return (int)(((long)rel + base) % p);
}

/**
 * @brief Relative rank 0 of a tree whose top must be @p root: for a commutative op the tree is
 *        turned so that its top is the root; for a non-commutative op ranks stay in order
 *        (relative rank = rank) and the top hands the result to the root afterwards.
 */
COLLALG_INLINE int collalg__reduce_base(const collalg__reduce_tree *t, const collalg__allreduce_red *r, int root)
{
    return r->commute ? collalg__mod(root - collalg__reduce_tree_top(t), t->p) : 0;
}

/**
 * @brief Hands the result from the top of the tree (rank @p top, holding it in @p res) to the
 *        root when they differ (one message of the whole vector, tag COLLALG_TAG_DATA2).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_handoff(const collalg__ctx *c, const collalg__allreduce_red *r, const void *res,
                                           void *recvbuf, int count, int top, int root)
{
    if (top == root || count == 0)
        return MPI_SUCCESS;
    if (c->rank == top)
        return COLLALG_MPI(Send)(res, count, r->type, root, COLLALG_TAG_DATA2, c->pcomm);
    if (c->rank == root)
        return COLLALG_MPI(Recv)(recvbuf, count, r->type, top, COLLALG_TAG_DATA2, c->pcomm, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
}

/**
 * @brief Segmented reduction of @p count elements over the tree @p t, segments of @p seg
 *        elements, after the enter and init steps: each rank folds, segment by segment, its own
 *        part with its children's partial results in rank order and passes the result to its
 *        parent; the top writes the result into @p recvbuf (when it is the root) or into scratch
 *        and hands it to the root (collalg__reduce_handoff).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_segtree(collalg__ctx *c, const collalg__allreduce_red *r,
                                           const collalg__reduce_tree *t, const void *sendbuf, void *recvbuf, int count,
                                           int root, int seg)
{
    collalg__reduce_seg s;
    int p = c->size, base = collalg__reduce_base(t, r, root), rel = collalg__relrank(c->rank, base, p);
    int top = collalg__reduce_abs(collalg__reduce_tree_top(t), base, p), parent = t->parent(t, rel), j, err;
    void *raw = NULL, *dst = recvbuf;

    if (count == 0)
        return MPI_SUCCESS;
    memset(&s, 0, sizeof s);
    s.c = c;
    s.r = r;
    s.own = sendbuf;
    s.count = count;
    s.seg = seg < count ? seg : count;
    for (j = 0; j < COLLALG_REDUCE_WINDOW; j++)
        s.sq[j] = MPI_REQUEST_NULL;
    while (t->child(t, rel, s.nchild) >= 0)
        s.nchild++;
    s.ownslot = t->own_last && s.nchild > 0;
    err = collalg__scratch(
        c, (MPI_Aint)s.nchild * (COLLALG_REDUCE_WINDOW * (MPI_Aint)sizeof(MPI_Request) + (MPI_Aint)sizeof(int)), &raw);
    if (err == MPI_SUCCESS && s.nchild > 0) {
        s.rq = (MPI_Request *)raw;
        s.child = (int *)(s.rq + COLLALG_REDUCE_WINDOW * s.nchild);
        for (j = 0; j < COLLALG_REDUCE_WINDOW * s.nchild; j++)
            s.rq[j] = MPI_REQUEST_NULL;
        for (j = 0; j < s.nchild; j++)
            s.child[j] = collalg__reduce_abs(t->child(t, rel, j), base, p);
        err = collalg__scratch_typed(c, (MPI_Aint)COLLALG_REDUCE_WINDOW * (s.nchild + s.ownslot) * s.seg, &r->ti,
                                     &s.slots);
    }
    if (err == MPI_SUCCESS && c->rank == top && top != root)
        err = collalg__scratch_typed(c, count, &r->ti, &dst);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_seg_loop(&s, t->own_last, parent < 0 ? -1 : collalg__reduce_abs(parent, base, p), dst);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_handoff(c, r, dst, recvbuf, count, top, root);
    return err;
}

/**
 * @brief The segmented algorithms' common body after the enter step: init (any op), segment
 *        size (MPI_ERR_ARG for @p segsize < 0, before any message), collalg__reduce_segtree.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__reduce_segtree_run(collalg__ctx *c, const collalg__reduce_tree *t, const void *sendbuf,
                                               void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
                                               int segsize)
{
    collalg__allreduce_red r;
    int seg = 1, err = segsize < 0 ? MPI_ERR_ARG : MPI_SUCCESS;
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(c, &r, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_seg_elems(segsize, r.ti.size, count, &seg);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_segtree(c, &r, t, sendbuf, recvbuf, count, root, seg);
    return err;
}

#endif /* COLLALG_REDUCE_COMMON_H */
