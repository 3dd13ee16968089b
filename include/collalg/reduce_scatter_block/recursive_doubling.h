/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, recursive doubling (MPICH's reduce-scatter-block for non-commutative
 *        operations): partners at distance 1, 2, 4, ... exchange every block outside their
 *        own group; the operand order is kept.
 *
 * The body is reduce_scatter/recursive_doubling.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * pof2 = largest power of two <= p, rem = p - pof2.
 * 1. Fold (order kept): the input is copied into an accumulator; ranks 2i < 2 rem send their
 *    whole vector to 2i + 1 (survivor i); rank j >= 2 rem is survivor j - rem. Survivor i stands
 *    for a run of consecutive ranks and owns their blocks, super-block i.
 * 2. Doubling, mask = 1, 2, ..., pof2/2: survivor i is in the aligned group G of mask survivors,
 *    its partner i XOR mask in the sibling group G'. Invariant: before the step, i holds every
 *    super-block outside G and its own, reduced over the ranks of G. It sends those outside G,
 *    receives the partner's outside G', and combines the super-blocks outside G u G' and its own
 *    with G' on the left when G' is the lower group: ranks stay in order.
 * 3. Deliver: survivor i < rem sends block 2i to rank 2i; each survivor copies its own block.
 *
 * @par Trace, p = 6, equal blocks (pof2 = 4; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    0 -> 1, 2 -> 3 (whole vectors)      1: [0..1]  3: [2..3]  (survivors 1, 3, 4, 5)
   mask 1:  1 -> 3 blocks 2..5;  3 -> 1 blocks 0,1,4,5;  4 -> 5 blocks 0..3,5;  5 -> 4 blocks 0..4
            1: blocks 0,1,4,5 of [0..3]  3: 2..5 of [0..3]  4: 0..4 of [4..5]  5: 0..3,5 of [4..5]
   mask 2:  1 -> 4 blocks 4,5;  4 -> 1 blocks 0..3;  3 -> 5 blocks 4,5;  5 -> 3 blocks 0..3
            1: blocks 0,1 of [0..5]  3: 2,3  4: 4  5: 5
   deliver: 1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_recursive_doubling_p6.svg
 * @image html reduce_scatter_block_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector): lg(pof2) alpha + (lg(pof2) - (pof2 - 1)/pof2) n (beta + gamma), plus
 * 2 alpha + n (beta + gamma) + n/p beta when p is not a power of two.
 *
 * @par Restrictions
 * None on the op: non-commutative operations keep their operand order. Any p >= 1 (the
 * remainder is folded first, unlike MPICH's variant), any recvcount, any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. p * recvcount must fit an int count:
 * MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Two whole vectors (p * recvcount elements of datatype each).
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter_block/reduce_scatter_block_intra_recursive_doubling.c;
 * Thakur, Rabenseifner & Gropp, IJHPCA 2005, §4.5.
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING_H
#define COLLALG_REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING_H

#include "../reduce_scatter/recursive_doubling.h"

/**
 * @brief MPI_Reduce_scatter_block, recursive doubling (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction (any op, commutative or not)
 * @param[in] comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         the error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype,
 *         before any message; MPI_ERR_COUNT when p * recvcount exceeds INT_MAX;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_recursive_doubling(const void *sendbuf, void *recvbuf, int recvcount,
                                                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_recursive_doubling_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_RECURSIVE_DOUBLING_H */
