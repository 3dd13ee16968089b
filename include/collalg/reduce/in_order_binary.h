/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file in_order_binary.h
 * @ingroup reduce
 * @brief Reduce, in-order binary tree, segmented (Open MPI's in_order_binary reduce): every
 *        subtree is a run of consecutive ranks whose last rank is its node, so any op keeps its
 *        operand order.
 *
 * @par Phases
 * The tree (family/reduce.h, collalg__reduce_tree_inorder): the node of a run [lo, lo + n) of
 * relative ranks is its last rank lo + n - 1; its children are the nodes of the lower run
 * [lo, lo + floor(n/2)) and of the upper run [lo + floor(n/2), lo + n - 1). The top is relative
 * rank p - 1. Ranks are taken relative to root + 1 for a commutative op (the top is the root),
 * and as they are for a non-commutative one (the top is rank p - 1).
 * 1. The vector is cut into segments of `segsize` bytes (whole elements). For each segment, a
 *    node receives its children's partial results (receives posted up to 3 segments ahead),
 *    computes lower op upper op own from the right (a copy of its own segment is the
 *    accumulator: MPI_Reduce_local(upper, acc), then MPI_Reduce_local(lower, acc)), and sends
 *    the result to its parent while it works on the next segment. Invariant: a node's result
 *    for a segment is the reduction over its run, in rank order.
 * 2. The top writes each segment into recvbuf; for a non-commutative op with root != p - 1 it
 *    collects the result in scratch and sends it to the root at the end.
 *
 * @par Trace, p = 6, commutative op, root 5 (relative = absolute ranks; one segment)
 * @verbatim
   tree:     5 [0,6): children 2 [0,3), 4 [3,5);  2: children 0 [0,1), 1 [1,2);  4: child 3 [3,4)
   round 1:  0 -> 2, 1 -> 2, 3 -> 4        2: [0..2]  4: [3..4]
   round 2:  2 -> 5, 4 -> 5                5: [0..2] op [3..4] op v5 = [0..5]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_in_order_binary_p6.svg
 * @image html reduce_in_order_binary_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s segments of n/s bytes, depth
 * d = floor(lg p): (d + s - 1)(2 alpha + 2 (n/s) beta + 2 (n/s) gamma) (a node takes two
 * children per segment); plus alpha + n beta for a non-commutative op when root != p - 1.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE at the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * On a node with children: 3 (c + 1) segments of scratch (c <= 2 children, 3 segments in flight);
 * count elements more at the top when it is not the root; none on a leaf.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_reduce.c (ompi_coll_base_reduce_intra_in_order_binary,
 * on the generic segmented reduce) and ompi/mca/coll/base/coll_base_topo.c (the in-order binary
 * tree).
 */
#ifndef COLLALG_REDUCE_IN_ORDER_BINARY_H
#define COLLALG_REDUCE_IN_ORDER_BINARY_H

#include "../family/reduce.h"

/**
 * @brief MPI_Reduce by the segmented in-order binary tree.
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
 *                     0 = COLLALG_REDUCE_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p segsize < 0; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a
 *         predefined @p op is not defined for @p datatype; all of these before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_in_order_binary(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                  MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__reduce_tree t;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS) {
        collalg__reduce_tree_inorder(&t, c.size);
        err = collalg__reduce_segtree_run(&c, &t, sendbuf, recvbuf, count, datatype, op, root, segsize);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_IN_ORDER_BINARY_H */
