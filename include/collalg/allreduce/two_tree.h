/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file two_tree.h
 * @ingroup allreduce
 * @brief Allreduce, two-tree algorithm: the two-tree reduction to the highest rank, then the
 *        two-tree broadcast back down the same pair of trees (Sanders, Speck & Traff 2009;
 *        NCCL's double binary tree allreduce), operand order kept.
 *
 * @par Phases
 * The trees, colouring and steps of schedule/two_tree.h, with the paper's extra node X = rank
 * p - 1 and tree rank v = rank v (v < p - 1): both in-order trees keep every subtree a run of
 * consecutive ranks, so the result is v0 op v1 op ... op v(p-1) for any op.
 * 1. Reduction (reduce/two_tree.h, collalg__reduce_two_tree_go): segments of `segsize` bytes,
 *    tree 0 reduces segments 0, 2, ..., tree 1 segments 1, 3, ...; a node sends lower op own op
 *    higher to its parent; X computes result op own into recvbuf. Invariant: every rank sends
 *    and receives at most once per step.
 * 2. Broadcast (bcast/two_tree.h, collalg__bcast_two_tree_run) of X's recvbuf down the same
 *    trees with the same colouring and plan. Invariant as in 1.
 * The two phases run one after the other (NCCL overlaps them, a segment going down as soon as
 * it is reduced; not done here).
 *
 * @par Trace, p = 7 (X = 6, tree ranks = ranks 0 .. 5), 2 segments
 * @verbatim
   T1 (segment 0):  up 0,2 -> 1;  4 -> 5;  1,5 -> 3;  3 -> 6     down 6 -> 3 -> 1,5;  1 -> 0,2;  5 -> 4
   T2 (segment 1):  up 1 -> 0;  3,5 -> 4;  0,4 -> 2;  2 -> 6     down 6 -> 2 -> 0,4;  0 -> 1;  4 -> 3,5
   @endverbatim
 *
 * @par Segments
 * As reduce/two_tree.h: `segsize` bytes rounded down to whole elements (at least one), an element
 * counted as the larger of its size and its extent; 0 = COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT
 * (8192 bytes).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_two_tree_p6.svg
 * @image html allreduce_two_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and nb segments: twice at most
 * 2 ceil(nb / 2) + 2 ceil(log2 p) steps of alpha + (n / nb) beta, plus (n / nb) 2 gamma per
 * step of the reduction: about 2 n beta + 4 log2 p alpha + 2 n gamma for many segments.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 * Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * 2 (p - 1) + 16 bytes kept with the communicator by the first call (the colouring, shared by
 * every two-tree call on it: collalg__two_tree_shared_get()); on a rank with children:
 * 3 (W + 2) segments of scratch (W = COLLALG_FORWARD_WINDOW); at rank p - 1: 3 W segments.
 *
 * @par References
 * P. Sanders, J. Speck, J. L. Traff, "Two-tree algorithms for full bandwidth broadcast,
 * reduction and scan", Parallel Computing 35 (2009) 581-594, §2-3; NCCL src/graph/trees.cc
 * (the double binary tree) and its tree allreduce.
 */
#ifndef COLLALG_ALLREDUCE_TWO_TREE_H
#define COLLALG_ALLREDUCE_TWO_TREE_H

#include "../reduce/two_tree.h"

/**
 * @brief MPI_Allreduce by the two-tree algorithm.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input
 *                     is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *                     0 = COLLALG_REDUCE_TWO_TREE_SEGSIZE_DEFAULT (8192)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0; the
 *         error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype; all of these before any message and before recvbuf is written;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_two_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                              MPI_Op op, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__two_tree_plan s;
    int seg = 1, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_two_tree_seg(&r, segsize, count, &seg);
    if (err == MPI_SUCCESS && count > 0 && c.size == 1)
        err = collalg__copy(sendbuf, count, datatype, recvbuf, count, datatype, c.pcomm);
    else if (err == MPI_SUCCESS && count > 0) {
        seg = seg < count ? seg : count;
        err = collalg__two_tree_plan_init(&c, &s, c.size - 1, c.rank == c.size - 1 ? COLLALG_TWO_TREE_X : c.rank,
                                          ((long long)count + seg - 1) / seg);
        if (err == MPI_SUCCESS) /* up: X = rank p - 1 gets the result in recvbuf */
            err = collalg__reduce_two_tree_go(&c, &r, &s, sendbuf, recvbuf, count, seg, c.size - 1);
        if (err == MPI_SUCCESS) /* down: the same trees, X as the root */
            err = collalg__bcast_two_tree_run(&c, &s, recvbuf, count, datatype, r.ti.extent, seg, c.size - 1);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_TWO_TREE_H */
