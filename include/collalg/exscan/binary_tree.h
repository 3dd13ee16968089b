/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binary_tree.h
 * @ingroup exscan
 * @brief Exscan, in-order binary tree (Sanders and Träff): an up-phase of subtree reductions and
 *        a down-phase of prefixes over a balanced binary tree whose in-order numbering is the
 *        rank order. This version is not pipelined (whole vectors, no segments).
 *
 * @par Phases
 * The tree is schedule/run_tree.h's in-order binary tree (collalg__scan_node_find): the node of the
 * run [lo, hi) is its middle m; its left subtree is [lo, m), its right subtree [m + 1, hi). The
 * up-phase is scan/binary_tree.h's (collalg__scan_tree_up), run on a scratch copy of the input.
 * 1. Up-phase. A node receives L = v_lo op ... op v_(m-1) from its left child and keeps it,
 *    computes T = L op v_m; receives R from its right child and sends T op R, the reduction over
 *    its subtree, to its parent. Invariant: what a node sends up is its subtree's run reduced in
 *    rank order.
 * 2. Down-phase. A node with lo > 0 receives P = v_0 op ... op v_(lo-1) from its parent and
 *    forwards it to its left child; its result is P op L (P when it has no left child, L when
 *    lo = 0; rank 0, with lo = 0 and no left child, writes nothing). It sends P op T (T alone
 *    when lo = 0), the prefix up to and including m, to its right child. Invariant: a node
 *    receives exactly the prefix of the ranks left of its subtree.
 *
 * @par Trace, p = 6 (top 3; 1 = node of [0, 3) with children 0 and 2; 5 = node of [4, 6) with
 * child 4; [a..b] = v_a op ... op v_b)
 * @verbatim
   up:    0 -> 1 [0], 2 -> 1 [2], 4 -> 5 [4]
          1 -> 3 [0..2], 5 -> 3 [4..5]
   down:  3 -> 5 [0..3]                   3: [0..2] (its L)
          1 -> 2 [0..1]; 5 -> 4 [0..3]    1: [0]    5: [0..4]
                                          2: [0..1] 4: [0..3]  0: not written
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html exscan_binary_tree_p6.svg
 * @image html exscan_binary_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and h = floor(lg p) the height of the
 * tree: up to 2h(alpha + n beta) + 2h n gamma in the up-phase and as much in the down-phase;
 * about 4 lg p (alpha + n beta) in all. The pipelined version of the paper is not implemented.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * on any rank, non-commutative operations (the operand order is kept). Rank 0's recvbuf is
 * never written.
 *
 * @par Memory
 * Up to 3 count elements of datatype of scratch per rank (the input copy, L, and R or P); one
 * (the input copy) on a leaf with lo = 0.
 *
 * @par References
 * P. Sanders and J. L. Träff, "Parallel prefix (scan) algorithms for MPI", EuroPVM/MPI 2006,
 * LNCS 4192, Section 3 (the in-order binary tree, exclusive variant; the doubly pipelined
 * variants are not done here).
 */
#ifndef COLLALG_EXSCAN_BINARY_TREE_H
#define COLLALG_EXSCAN_BINARY_TREE_H

#include "../scan/binary_tree.h"

/**
 * @brief Down-phase on node @p n: @p w holds T = L op v_m, @p lbuf L (left child), @p pbuf a
 *        receive buffer. Writes the result into @p recvbuf and feeds both children.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__exscan_tree_down(const collalg__ctx *c, const collalg__allreduce_red *r,
                                             const collalg__scan_node *n, void *w, void *lbuf, void *pbuf,
                                             void *recvbuf, int count)
{
    const void *res = n->left >= 0 ? lbuf : NULL;
    int err = MPI_SUCCESS;
    if (n->lo > 0) { /* P = v_0 op ... op v_(lo-1) */
        err = collalg__scan_tree_recv(c, r, pbuf, count, n->parent);
        if (err == MPI_SUCCESS && n->left >= 0)
            err = collalg__scan_tree_send(c, r, pbuf, count, n->left);
        if (err == MPI_SUCCESS && n->right >= 0)
            err = collalg__reduce_local(pbuf, w, count, r->type, r->op);
        if (err == MPI_SUCCESS && n->left >= 0)
            err = collalg__reduce_local(pbuf, lbuf, count, r->type, r->op);
        res = n->left >= 0 ? lbuf : pbuf;
    }
    if (err == MPI_SUCCESS && res)
        err = collalg__allreduce_copy(c, r, res, recvbuf, count);
    if (err == MPI_SUCCESS && n->right >= 0)
        err = collalg__scan_tree_send(c, r, w, count, n->right);
    return err;
}

/**
 * @brief Phases 1 and 2 of the exclusive scan after the enter and init steps.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__exscan_tree_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                            void *recvbuf, int count)
{
    collalg__scan_node n;
    void *w = NULL, *lbuf = NULL, *rbuf = NULL;
    int err;
    if (count == 0 || c->size == 1)
        return MPI_SUCCESS;
    collalg__scan_node_find(&n, c->rank, c->size);
    err = collalg__scratch_typed(c, count, &r->ti, &w);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, sendbuf, w, count);
    if (err == MPI_SUCCESS && n.left >= 0)
        err = collalg__scratch_typed(c, count, &r->ti, &lbuf);
    if (err == MPI_SUCCESS && (n.right >= 0 || n.lo > 0)) /* R, then P */
        err = collalg__scratch_typed(c, count, &r->ti, &rbuf);
    if (err == MPI_SUCCESS)
        err = collalg__scan_tree_up(c, r, &n, w, lbuf, rbuf, count);
    if (err == MPI_SUCCESS)
        err = collalg__exscan_tree_down(c, r, &n, w, lbuf, rbuf, recvbuf, count);
    return err;
}

/**
 * @brief MPI_Exscan by the in-order binary tree (up-phase, down-phase; not pipelined).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_(rank-1), count elements of datatype; rank 0's
 *                     is not significant and is not written
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__exscan_enter); the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, found before any message; MPI_ERR_NO_MEM when scratch cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_exscan_binary_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                              MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__exscan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__exscan_tree_run(&c, &r, sendbuf, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_EXSCAN_BINARY_TREE_H */
