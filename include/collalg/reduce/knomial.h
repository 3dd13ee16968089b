/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file knomial.h
 * @ingroup reduce
 * @brief Reduce, segmented k-nomial tree: the k-nomial broadcast tree of schedule/knomial.h run
 *        backwards, segments pipelined towards the root.
 *
 * @par Phases
 * The tree is schedule/knomial.h's on relative ranks (radix k): the parent of r > 0 is r with its
 * lowest non-zero base-k digit cleared; the children of r are r + m k^j (m = 1 .. k-1, k^j below
 * r's lowest non-zero digit), and the subtree of r is the run [r, r + mask(r)) clipped to p.
 * Children are taken in increasing rank order (level 0 first, m = 1 .. k-1 within a level), so
 * each child's run follows the previous one. Ranks are taken relative to the root for a
 * commutative op, and as they are (relative rank = rank) for a non-commutative one. Radix 2 is
 * the binomial tree.
 * 1. The vector is cut into segments of `segsize` bytes (whole elements). For each segment, a
 *    rank receives its children's partial results (receives posted up to 3 segments ahead),
 *    computes own op child1 op child2 ... from the right (the last child's buffer is the
 *    accumulator: MPI_Reduce_local(child, acc) for the others from the right, then
 *    MPI_Reduce_local(own, acc)), and sends the result to its parent while it works on the next
 *    segment. Invariant: a rank's result for a segment is the reduction over its run, in rank
 *    order.
 * 2. Relative rank 0 writes each segment into recvbuf; for a non-commutative op with root != 0
 *    rank 0 collects the result in scratch and sends it to the root at the end.
 *
 * @par Trace, p = 7, k = 3, root 0, one segment ([a..b] = v_a op ... op v_b)
 * @verbatim
   tree:     0 [0,7): children 1, 2, 3 [3,6), 6;  3: children 4, 5
   round 1:  4 -> 3, 5 -> 3, 1 -> 0, 2 -> 0, 6 -> 0     3: [3..5]
   round 2:  3 -> 0                                     0: v0 op v1 op v2 op [3..5] op v6
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_knomial_p6.svg
 * @image html reduce_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, s segments of n/s bytes, radix k and
 * L = ceil(log_k p) levels: (L + s - 1)(k - 1)(alpha + (n/s) beta + (n/s) gamma) (a rank takes up
 * to k - 1 children per level, one after the other on its link); plus alpha + n beta for a
 * non-commutative op when root != 0.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE at the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * 3 c segments of scratch on a rank with c children (c <= (k - 1) L); count elements more at
 * relative rank 0 when it is not the root.
 *
 * @par References
 * MPICH src/mpi/coll/reduce/reduce_intra_binomial.c (the binomial case) and the k-nomial trees of
 * MPICH src/mpi/coll/algorithms/treealgo/treeutil.c; Open MPI ompi/mca/coll/base/coll_base_reduce.c
 * (ompi_coll_base_reduce_generic, the segmented tree reduction).
 */
#ifndef COLLALG_REDUCE_KNOMIAL_H
#define COLLALG_REDUCE_KNOMIAL_H

#include "../family/reduce.h"
#include "../schedule/knomial.h"

/** @brief Default radix of collalg_reduce_knomial(). */
#ifndef COLLALG_REDUCE_KNOMIAL_RADIX_DEFAULT
#define COLLALG_REDUCE_KNOMIAL_RADIX_DEFAULT 4
#endif

/** @brief Parent in the k-nomial tree (radix t->param), -1 for relative rank 0. */
COLLALG_INLINE int collalg__reduce_knomial_parent(const collalg__reduce_tree *t, int rel)
{
    return rel == 0 ? -1 : collalg__knomial_parent(rel, t->param);
}

/** @brief Child @p i of @p rel in increasing rank order: level 0 first, m = 1 .. k-1 in a level. */
COLLALG_INLINE int collalg__reduce_knomial_child(const collalg__reduce_tree *t, int rel, int i)
{
    long long top = collalg__knomial_mask(rel, t->p, t->param), step;
    int m;
    for (step = 1; step < top; step *= t->param)
        for (m = 1; m < t->param; m++) {
            if (rel + m * step >= t->p)
                return -1; /* clipped by p: every later child is larger */
            if (i-- == 0)
                return (int)(rel + m * step);
        }
    return -1;
}

/**
 * @brief MPI_Reduce by a segmented k-nomial tree.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] radix    the tree's radix k, >= 2; 0 = COLLALG_REDUCE_KNOMIAL_RADIX_DEFAULT (4)
 * @param[in] segsize  segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *                     0 = COLLALG_REDUCE_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p radix is negative or 1, or @p segsize < 0; the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype; all of these before any message; MPI_ERR_NO_MEM when scratch cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_reduce_knomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                          MPI_Op op, int root, MPI_Comm comm, int radix, int segsize)
{
    collalg__ctx c;
    collalg__reduce_tree t;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS) {
        t.p = c.size;
        t.param = radix ? radix : COLLALG_REDUCE_KNOMIAL_RADIX_DEFAULT;
        t.own_last = 0;
        t.parent = collalg__reduce_knomial_parent;
        t.child = collalg__reduce_knomial_child;
        err = collalg__reduce_segtree_run(&c, &t, sendbuf, recvbuf, count, datatype, op, root, segsize);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_KNOMIAL_H */
