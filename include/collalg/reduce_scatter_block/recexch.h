/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/reduce_scatter_block/recexch.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, recursive exchange of radix k in rank order (MPICH's
 *        reduce_scatter_block `recexch`): collalg_reduce_scatter_recexch() with every block
 *        recvcount elements.
 *
 * The blocking form of collalg_ireduce_scatter_block_recexch(): the same schedule
 * (collalg__ireduce_scatter_recexch_steps(), schedule/icoll_recexch.h) run to completion in
 * place (collalg__nbc_run(), core/nbc.h).
 *
 * @par Phases
 * As collalg_reduce_scatter_recexch() on p blocks of recvcount elements, with k clamped to p and
 * pofk = the largest power of k <= p: fold of each run of 1 .. k consecutive ranks into its
 * leader, left to right; the leader lays the super-blocks (its run's blocks) out in the
 * digit-reversed order of their survivors; steps t = 0 .. log_k(pofk) - 1 in which each
 * survivor sends the k - 1 other parts of its range to its group and combines its own part in
 * digit order, the range shrinking k-fold; delivery of the members' blocks by their leaders.
 * Every combine folds consecutive runs of ranks, lowest first: the standard's operand order.
 *
 * @par Trace, p = 6, radix 3 (pofk = 3; runs [0 1] [2 3] [4 5], survivors 0, 2, 4;
 * [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    1 -> 0;  3 -> 2;  5 -> 4 (whole vectors)   0: [0..1]  2: [2..3]  4: [4..5]
   step 0:  group {0, 2, 4}: 0 keeps blocks 0, 1, 2 keeps 2, 3, 4 keeps 4, 5; each
            receives them from the two others and combines ([0..1] op [2..3]) op [4..5]
   deliver: 0 -> 1;  2 -> 3;  4 -> 5 (one block each)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_recexch_p6.svg
 * @image html reduce_scatter_block_recexch_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements in bytes (the whole vector),
 * L = log_k(pofk). L alpha + (pofk - 1)/pofk n (beta + gamma) in the k-port model (up to
 * L (k - 1) alpha one message after another), plus 2 alpha + n beta + (k - 1) n gamma when p is
 * not a power of k, and local copies of n bytes on the leaders.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any recvcount (the whole vector may exceed
 * an int count), MPI_IN_PLACE as the send buffer. The radix must be the same on every rank.
 *
 * @par Memory
 * min(k, p) whole vectors (p recvcount elements of the datatype each) on the leaders, plus the
 * schedule (about 60 bytes per step plus 300 bytes), during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, section 4.3 (recursive halving, radix 2); M. Ruefenacht, M. Bull,
 * S. Booth, "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel
 * Computing 69, 2017; MPICH src/mpi/coll/reduce_scatter_block
 * (reduce_scatter_block_intra_recexch, for commutative operations).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_RECEXCH_H
#define COLLALG_REDUCE_SCATTER_BLOCK_RECEXCH_H

#include "../ireduce_scatter_block/recexch.h"

/**
 * @brief MPI_Reduce_scatter_block by recursive exchange of radix k (any op, order kept).
 *
 * @param[in] sendbuf   this rank's input: p blocks of @p recvcount elements of @p datatype
 *                      (MPI_IN_PLACE: the input is in @p recvbuf)
 * @param[out] recvbuf  block rank of the result, @p recvcount elements (with MPI_IN_PLACE: the
 *                      whole input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of each block (>= 0, the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction (any op, commutative or not)
 * @param[in] comm      intracommunicator
 * @param[in] radix     k >= 2, the size of the groups that exchange in one step; 0 selects
 *                      COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT (2, as MPICH's); a radix
 *                      above p acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h); MPI_ERR_ARG when @p radix
 *         is negative or 1; MPI_ERR_NO_MEM when the scratch or the schedule cannot be
 *         allocated; or the class of an error raised by an MPI call. Nothing is sent when an
 *         argument is refused. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_recexch(const void *sendbuf, void *recvbuf, int recvcount,
                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__ireduce_scatter_block_recexch(sendbuf, recvbuf, recvcount, datatype, op, comm, &none, radix,
                                                  COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_RECEXCH_H */
