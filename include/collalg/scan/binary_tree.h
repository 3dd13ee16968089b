/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binary_tree.h
 * @ingroup scan
 * @brief Scan, in-order binary tree (Sanders and Träff): an up-phase of subtree reductions and
 *        a down-phase of prefixes over a balanced binary tree whose in-order numbering is the
 *        rank order. This version is not pipelined (whole vectors, no segments).
 *
 * @par Phases
 * The tree is schedule/run_tree.h's in-order binary tree (collalg__scan_node_find): the node of the
 * run [lo, hi) is its middle m; its left subtree is [lo, m), its right subtree [m + 1, hi).
 * 1. Up-phase. A node receives from its left child L = v_lo op ... op v_(m-1) and computes
 *    T = L op v_m (in recvbuf); it receives from its right child R = v_(m+1) op ... op
 *    v_(hi-1) and sends T op R, the reduction over its whole subtree, to its parent.
 *    Invariant: what a node sends up is its subtree's run reduced in rank order.
 * 2. Down-phase. A node with lo > 0 receives from its parent P = v_0 op ... op v_(lo-1) (the
 *    prefix of everything left of its subtree) and computes its result P op T. It sends P to its
 *    left child (whose subtree starts at lo too, so only when lo > 0) and its result (the prefix
 *    up to m) to its right child. Invariant: a node receives exactly the prefix of the ranks
 *    left of its subtree.
 *
 * @par Trace, p = 6 (top 3; 1 = node of [0, 3) with children 0 and 2; 5 = node of [4, 6) with
 * child 4; [a..b] = v_a op ... op v_b)
 * @verbatim
   up:    0 -> 1 [0], 2 -> 1 [2], 4 -> 5 [4]
          1 -> 3 [0..2], 5 -> 3 [4..5]
   down:  3 -> 5 [0..3]                   3: [0..3]  (top, lo = 0)
          1 -> 2 [0..1]; 5 -> 4 [0..3]    1: [0..1]  5: [0..5]
                                          2: [0..2]  4: [0..4]  0: [0]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scan_binary_tree_p6.svg
 * @image html scan_binary_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and h = floor(lg p) the height of the
 * tree: up to 2h(alpha + n beta) + 2h n gamma in the up-phase (two children per node, one after
 * the other) and as much in the down-phase; about 4 lg p (alpha + n beta) in all. The pipelined
 * version of the paper (segments through the same tree, 2 lg p + O(s) steps) is not implemented.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * on any rank, non-commutative operations (the operand order is kept).
 *
 * @par Memory
 * One count-element scratch vector per child (at most 2 count elements of datatype); none on a
 * leaf.
 *
 * @par References
 * P. Sanders and J. L. Träff, "Parallel prefix (scan) algorithms for MPI", EuroPVM/MPI 2006,
 * LNCS 4192, Section 3 (the in-order binary tree; the doubly pipelined variants are not done
 * here).
 */
#ifndef COLLALG_SCAN_BINARY_TREE_H
#define COLLALG_SCAN_BINARY_TREE_H

#include "../family/scan.h"

/** @brief Receives @p count elements from @p from (a tree neighbour) into @p buf. */
COLLALG_INLINE int collalg__scan_tree_recv(const collalg__ctx *c, const collalg__allreduce_red *r, void *buf, int count,
                                           int from)
{
    return COLLALG_MPI(Recv)(buf, count, r->type, from, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
}

/** @brief Sends @p count elements of @p buf to @p to (a tree neighbour). */
COLLALG_INLINE int collalg__scan_tree_send(const collalg__ctx *c, const collalg__allreduce_red *r, const void *buf,
                                           int count, int to)
{
    return COLLALG_MPI(Send)(buf, count, r->type, to, COLLALG_TAG_DATA, c->pcomm);
}

/**
 * @brief Up-phase on node @p n, shared with collalg_exscan_binary_tree. On entry @p t holds the
 *        node's own input; on return *t = L op v_m (@p lbuf holds L when there is a left child),
 *        and the subtree's reduction has gone to the parent (computed in @p rbuf, or sent
 *        from @p t when there is no right child).
 */
COLLALG_INLINE int collalg__scan_tree_up(const collalg__ctx *c, const collalg__allreduce_red *r,
                                         const collalg__scan_node *n, void *t, void *lbuf, void *rbuf, int count)
{
    const void *up = t;
    int err = MPI_SUCCESS;
    if (n->left >= 0) {
        err = collalg__scan_tree_recv(c, r, lbuf, count, n->left);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_local(lbuf, t, count, r->type, r->op);
    }
    if (err == MPI_SUCCESS && n->right >= 0) {
        err = collalg__scan_tree_recv(c, r, rbuf, count, n->right);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_local(t, rbuf, count, r->type, r->op);
        up = rbuf;
    }
    if (err == MPI_SUCCESS && n->parent >= 0)
        err = collalg__scan_tree_send(c, r, up, count, n->parent);
    return err;
}

/**
 * @brief Phases 1 and 2 of the inclusive scan after the enter and init steps.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__scan_tree_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                          void *recvbuf, int count)
{
    collalg__scan_node n;
    void *lbuf = NULL, *rbuf = NULL;
    int err;
    if (count == 0)
        return MPI_SUCCESS;
    collalg__scan_node_find(&n, c->rank, c->size);
    err = collalg__allreduce_copy(c, r, sendbuf, recvbuf, count);
    if (err == MPI_SUCCESS && (n.left >= 0 || n.lo > 0))
        err = collalg__scratch_typed(c, count, &r->ti, &lbuf);
    if (err == MPI_SUCCESS && n.right >= 0)
        err = collalg__scratch_typed(c, count, &r->ti, &rbuf);
    if (err == MPI_SUCCESS)
        err = collalg__scan_tree_up(c, r, &n, recvbuf, lbuf, rbuf, count);
    if (err == MPI_SUCCESS && n.lo > 0) { /* P into lbuf (L is no longer needed) */
        err = collalg__scan_tree_recv(c, r, lbuf, count, n.parent);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_local(lbuf, recvbuf, count, r->type, r->op);
        if (err == MPI_SUCCESS && n.left >= 0)
            err = collalg__scan_tree_send(c, r, lbuf, count, n.left);
    }
    if (err == MPI_SUCCESS && n.right >= 0)
        err = collalg__scan_tree_send(c, r, recvbuf, count, n.right);
    return err;
}

/**
 * @brief MPI_Scan by the in-order binary tree (up-phase, down-phase; not pipelined).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_rank, count elements of datatype
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__scan_enter); the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, found before any message; MPI_ERR_NO_MEM when scratch cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_scan_binary_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__scan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__scan_tree_run(&c, &r, sendbuf, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCAN_BINARY_TREE_H */
