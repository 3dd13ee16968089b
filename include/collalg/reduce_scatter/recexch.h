/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/reduce_scatter/recexch.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, recursive exchange of radix k in rank order (MPICH's reduce_scatter
 *        `recexch`, on the order-keeping groups of the recursive multiplying allreduce): groups
 *        of k survivors each keep one k-th of what they hold and reduce it, the range shrinking
 *        k-fold per step; radix 2 is a recursive halving that keeps the operand order.
 *
 * The blocking form of collalg_ireduce_scatter_recexch(): the same schedule
 * (collalg__ireduce_scatter_recexch_steps(), schedule/icoll_recexch.h) run to completion in
 * place (collalg__nbc_run(), core/nbc.h: the executor's steps and local reductions,
 * MPI_Waitsome on the messages in flight, COLLALG_TAG_DATA on the private communicator).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p survivors (schedule/kradix.h): the p
 * ranks are cut into pofk runs of 1 .. k consecutive ranks (the longer runs first); the first
 * rank of run g, its leader, is survivor g and owns the run's blocks, its super-block g.
 * 1. Fold: the other ranks of a run send their whole vector to its leader, which combines the
 *    run left to right, its own input first.
 * 2. Layout: the leader copies the run's vector into scratch with super-block rev(i) in slot i,
 *    rev() reversing the log_k pofk base-k digits (one copy when pofk <= k).
 * 3. Steps t = 0 .. log_k(pofk) - 1, span k^t: survivor g holds pofk / k^t consecutive slots,
 *    cut into k parts; it sends part j to the survivor of its group (the k survivors that differ
 *    from g in base-k digit t only) whose digit t is j, receives its own part from the k - 1
 *    others (all 2 (k - 1) messages in flight together) and combines the k operands in digit
 *    order. After step t, survivor g holds its part reduced over the aligned run of k^(t + 1)
 *    survivors containing g, a run of consecutive ranks; after the last step, slot rev(g), its
 *    own super-block, reduced over every rank.
 * 4. Deliver: each leader sends the other ranks of its run their blocks and copies its own to
 *    its receive buffer. Empty parts and blocks are neither sent nor combined.
 *
 * @par Operand order
 * Every combine folds operands that stand for consecutive runs of ranks, lowest first, left to
 * right: the standard's v0 op ... op v(p-1), so any operation is reduced correctly.
 *
 * @par Trace, p = 7, radix 3, recvcounts {2 0 1 1 3 0 2} (9 elements; pofk = 3)
 * @verbatim
   runs [0 1 2] [3 4] [5 6]: survivors 0, 3, 5 own elements 0-2, 3-6, 7-8
   [a..b] = v_a op ... op v_b, over the whole 9-element vector until the step
   fold:     1, 2 -> 0 (9 elements each);  4 -> 3;  6 -> 5
             0: [0..2]   3: [3..4]   5: [5..6]
   step 0:   group {0, 3, 5}: 0 sends elements 3-6 to 3 and 7-8 to 5, receives 0-2
             from both and combines ([0..2] op [3..4]) op [5..6] on them; 3 and 5 alike
   deliver:  0 -> 2 (element 2; rank 1's block is empty, nothing sent);  3 -> 4
             (elements 4-6);  5 -> 6 (elements 7-8); leaders copy their own block
   @endverbatim
 * With p = 9, radix 3 (every rank a survivor, slot i holding block rev(i)): step 0 in the
 * groups {0 1 2} {3 4 5} {6 7 8}, each keeping a third of the vector reduced over its group;
 * step 1 in {0 3 6} {1 4 7} {2 5 8}, each keeping its own block reduced over all.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_recexch_p6.svg
 * @image html reduce_scatter_recexch_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector (equal blocks),
 * L = log_k(pofk) steps. L alpha + (pofk - 1)/pofk n (beta + gamma) when a rank's k - 1
 * messages of a step overlap (the k-port model), up to L (k - 1) alpha when they go one after
 * another; plus, when p is not a power of k, 2 alpha + n beta + (k - 1) n gamma for the fold and
 * the delivery, and local copies of n bytes on the leaders. Radix 2 with p a power of two:
 * lg(p) alpha + (p - 1)/p n (beta + gamma), the recursive halving's cost.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any counts (zeros allowed; the whole vector
 * may exceed an int count), MPI_IN_PLACE as the send buffer. The radix must be the same on every
 * rank.
 *
 * @par Memory
 * min(k, p) whole vectors (the sum of the counts elements of the datatype each) on the leaders,
 * plus the schedule (about 60 bytes per step, about 3 k + pofk steps per rank, plus 300 bytes),
 * during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, section 4.3 (the recursive-halving reduce-scatter, radix 2);
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now with
 * simulation", Parallel Computing 69, 2017 (the groups of k); MPICH
 * src/mpi/coll/reduce_scatter/reduce_scatter_intra_recexch.c (for commutative operations: its
 * ranks above pofk fold into lower ones), whose radix-k exchange this follows on runs of
 * consecutive ranks.
 */
#ifndef COLLALG_REDUCE_SCATTER_RECEXCH_H
#define COLLALG_REDUCE_SCATTER_RECEXCH_H

#include "../ireduce_scatter/recexch.h"

/**
 * @brief MPI_Reduce_scatter by recursive exchange of radix k (any op, order kept).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction (any op, commutative or not)
 * @param[in] comm       intracommunicator
 * @param[in] radix      k >= 2, the size of the groups that exchange in one step; 0 selects
 *                       COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT (2, as MPICH's); a radix
 *                       above p acts as p (one step among all ranks); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_NO_MEM when the scratch or the
 *         schedule cannot be allocated; or the class of an error raised by an MPI call. Nothing
 *         is sent when an argument is refused. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_recexch(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__ireduce_scatter_recexch(sendbuf, recvbuf, recvcounts, datatype, op, comm, &none, radix,
                                            COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_REDUCE_SCATTER_RECEXCH_H */
