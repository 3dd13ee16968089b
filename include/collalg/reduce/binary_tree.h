/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binary_tree.h
 * @ingroup reduce
 * @brief Reduce, segmented binary tree (Open MPI's binary reduce on its generic segmented
 *        reduce), with the tree numbered in pre-order so that any op keeps its operand order.
 *
 * @par Phases
 * The tree (family/reduce.h, collalg__reduce_tree_binary): the node of a run [lo, lo + n) of
 * relative ranks is its first rank lo; its left child is the node of the next ceil((n - 1)/2)
 * ranks, its right child the node of the rest. The top is relative rank 0. Ranks are taken
 * relative to the root for a commutative op, and as they are for a non-commutative one.
 * (Open MPI numbers its binary tree level by level; the pre-order numbering has the same shape
 * and depth but makes every subtree a run of consecutive ranks.)
 * 1. The vector is cut into segments of `segsize` bytes (whole elements). For each segment, a
 *    node receives its children's partial results (receives posted up to 3 segments ahead),
 *    computes own op left op right from the right (MPI_Reduce_local(left, right), then
 *    MPI_Reduce_local(own, right)), and sends the result to its parent while it works on the
 *    next segment. Invariant: a node's result for a segment is the reduction over its run, in
 *    rank order.
 * 2. The top writes each segment into recvbuf; for a non-commutative op with root != 0 rank 0
 *    collects the result in scratch and sends it to the root at the end.
 *
 * @par Trace, p = 7, root 0, one segment
 * @verbatim
   tree:     0 [0,7): children 1 [1,4), 4 [4,7);  1: children 2, 3;  4: children 5, 6
   round 1:  2 -> 1, 3 -> 1, 5 -> 4, 6 -> 4     1: [1..3]  4: [4..6]
   round 2:  1 -> 0, 4 -> 0                     0: v0 op [1..3] op [4..6]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_binary_tree_p6.svg
 * @image html reduce_binary_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, s segments of n/s bytes and depth
 * d = floor(lg p): (d + s - 1)(2 alpha + 2 (n/s) beta + 2 (n/s) gamma) (a node takes two children
 * per segment); plus alpha + n beta for a non-commutative op when root != 0.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE at the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * 3 c segments of scratch on a node with c <= 2 children; count elements more at the top when it
 * is not the root.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_reduce.c (ompi_coll_base_reduce_intra_binary,
 * ompi_coll_base_reduce_generic) and ompi/mca/coll/base/coll_base_topo.c (its binary tree).
 */
#ifndef COLLALG_REDUCE_BINARY_TREE_H
#define COLLALG_REDUCE_BINARY_TREE_H

#include "../family/reduce.h"

/**
 * @brief MPI_Reduce by a segmented binary tree.
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
COLLALG_INLINE int collalg_reduce_binary_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                              MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__reduce_tree t;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS) {
        collalg__reduce_tree_binary(&t, c.size);
        err = collalg__reduce_segtree_run(&c, &t, sendbuf, recvbuf, count, datatype, op, root, segsize);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_BINARY_TREE_H */
