/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pipelined_tree.h
 * @ingroup reduce
 * @brief Reduce, pipelined tree (MPICH's tree reduce of the transport-based collectives, with a
 *        pipeline chunk size): the vector cut into segments, each reduced up a k-nomial or k-ary
 *        tree while the next one follows, in rank order for any operation.
 *
 * The blocking form of collalg_ireduce_pipelined_tree(): the same schedule
 * (collalg__ireduce_pipelined_tree_steps(), schedule/icoll_tree.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h: the executor's steps and local reductions, MPI_Waitsome on the
 * messages in flight, COLLALG_TAG_DATA on the private communicator, no request). Unlike the
 * nonblocking form it first probes the (datatype, op) pair on every rank
 * (collalg__allreduce_probe_blocking(), family/allreduce.h), so that an invalid pair fails before any message.
 *
 * @par Phases
 * The tree is one of schedule/icoll_tree.h (the k-nomial tree, or the k-ary tree in pre-order
 * numbering), every subtree a run of consecutive ranks: on the ranks relative to the root,
 * (rank - root) mod p, for a commutative operation, the root on top; on the ranks as they are,
 * rank 0 on top, for any other. The vector goes in segments of `segsize` bytes, whole elements
 * (collalg_ireduce_pipelined_tree() has the details of the steps and their dependencies).
 * 1. Per segment: a rank receives the segment's partial results of all its children at once into
 *    scratch, folds them onto its own operand in increasing rank order (so the result is
 *    v_r op ... over its run of ranks, in order), and sends it to its parent.
 * 2. The top puts each finished segment into the root's receive buffer; when the top is rank 0
 *    and the root another rank (a non-commutative operation), it sends the segment to the root
 *    as soon as it is finished.
 * No rounds: each step starts as soon as its data and the previous message between the same two
 * ranks are through; two scratch segments per child let segment i + 1 arrive while segment i is
 * sent on.
 *
 * @par Trace, p = 6, root 3, the k-ary tree of radix 2, 2 segments (a -s-> b: segment s; one line
 * per pipeline step)
 * @verbatim
   commutative op, tree on the relative ranks: 3's children 4, 1; 4's 5, 0; 1's 2
   step 1:  5, 0 -0-> 4;  2 -0-> 1
   step 2:  4, 1 -0-> 3;  5, 0 -1-> 4;  2 -1-> 1
   step 3:  4, 1 -1-> 3
   non-commutative op, tree on the ranks: 0's children 1, 4; 1's 2, 3; 4's 5; then 0 -> root
   step 1:  2, 3 -0-> 1;  5 -0-> 4
   step 2:  1, 4 -0-> 0;  2, 3 -1-> 1;  5 -1-> 4          (0: v0 op [1..3] op [4..5])
   step 3:  0 -0-> 3;  1, 4 -1-> 0
   step 4:  0 -1-> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_pipelined_tree_p6.svg
 * @image html reduce_pipelined_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With n = count * size(datatype) bytes cut into s
 * segments on p ranks, a tree of height L (ceil(log_k p) k-nomial, about log_k p k-ary) whose
 * busiest rank has c children (k-nomial: (k - 1) L; k-ary: k): about
 * (L + s - 1) c (alpha + (n/s) beta + (n/s) gamma), and alpha + (n/s) beta more for the hand-off
 * of a non-commutative operation to a root other than 0; s = 1 is the unsegmented tree reduce
 * (collalg_reduce_knomial()'s tree for the k-nomial kind). Worth it for long vectors, s well
 * above L.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any operation (rank order kept on both trees);
 * MPI_IN_PLACE at the root. The segment size, tree and radix must be the same on every rank.
 *
 * @par Memory
 * Two segments of scratch per child (2 c segsize bytes at most on a rank with c children, none on
 * a leaf), plus the schedule (about 60 bytes per step, 2 c + 2 per segment, plus 300 bytes),
 * during the call.
 *
 * @par References
 * MPICH src/mpi/coll/ireduce/ireduce_tsp_tree_algos.h and src/mpi/coll/algorithms/treealgo (the
 * tree reduce of the transport-based collectives, its chunked pipeline and tree kinds);
 * P. Sanders, J. Speck, J. L. Traff, "Two-tree algorithms for full bandwidth broadcast,
 * reduction and scan", Parallel Computing 35 (2009) 581-594, §3 (a pipelined reduction is the
 * pipelined broadcast reversed; in-order trees for non-commutative operators).
 */
#ifndef COLLALG_REDUCE_PIPELINED_TREE_H
#define COLLALG_REDUCE_PIPELINED_TREE_H

#include "../ireduce/pipelined_tree.h"

/**
 * @brief MPI_Reduce by a pipelined tree (segments reduced up a k-nomial or k-ary tree), in the
 *        standard's operand order.
 *
 * @param[in] sendbuf  this rank's input, @p count elements of @p datatype (MPI_IN_PLACE at the
 *                     root: the root's input is in @p recvbuf)
 * @param[out] recvbuf the result, @p count elements of @p datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0, rounded down to whole elements, at least one;
 *                     0 selects COLLALG_IREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT (64 KiB); the same
 *                     on every rank
 * @param[in] tree     #COLLALG_TREE_KNOMIAL or #COLLALG_TREE_KARY; 0 selects
 *                     COLLALG_IREDUCE_PIPELINED_TREE_KIND_DEFAULT (k-nomial); the same on every
 *                     rank
 * @param[in] radix    the tree's radix k >= 2; 0 selects
 *                     COLLALG_IREDUCE_PIPELINED_TREE_RADIX_DEFAULT (2); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h); MPI_ERR_ARG when
 *         @p segsize is negative, @p tree is not 0 or a tree kind, or @p radix is negative or 1;
 *         the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined
 *         for @p datatype; all of these before any message; MPI_ERR_NO_MEM when the scratch or
 *         the schedule cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_pipelined_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                 MPI_Op op, int root, MPI_Comm comm, int segsize, int tree, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__ireduce_pipelined_tree(sendbuf, recvbuf, count, datatype, op, root, comm, &none, segsize, tree,
                                           radix, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_REDUCE_PIPELINED_TREE_H */
