/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file butterfly.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, Träff's butterfly for non-commutative operations: recursive
 *        halving at doubling distance, the blocks ending in bit-reversed order, one permutation
 *        step; any p by a fold onto the largest power of two.
 *
 * The body is reduce_scatter/butterfly.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * pof2 = largest power of two <= p, rem = p - pof2.
 * 1. Fold (order kept): rank 2i < 2 rem sends its whole vector to 2i + 1 (survivor i); rank
 *    j >= 2 rem is survivor j - rem; survivor i owns super-block i, its ranks' blocks.
 * 2. Halving, mask = 1, 2, ..., pof2/2: survivors i and i XOR mask halve their common range of
 *    super-blocks, the one with bit `mask` 0 keeping the lower half, and fold the received half
 *    into the kept one, the lower survivor's part on the left. Invariant: after the step with
 *    mask, survivor i holds its range reduced over the aligned run of 2 mask survivors (a run of
 *    consecutive ranks: order kept).
 * 3. Permutation: survivor i ends with super-block rev(i) (its lg(pof2) bits reversed); i and
 *    rev(i) swap.
 * 4. Deliver: survivor i < rem sends block 2i to rank 2i; each survivor copies its own block.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   fold:     0 -> 1, 2 -> 3          survivors 1, 3, 4, 5; super-blocks {0,1}, {2,3}, {4}, {5}
   mask 1:   1 <-> 3, 4 <-> 5         1: sb 0-1 of [0..3]  3: sb 2-3 of [0..3]  4, 5: of [4..5]
   mask 2:   1 <-> 4, 3 <-> 5         1: sb 0  4: sb 1  3: sb 2  5: sb 3, each of [0..5]
   permute:  3 <-> 4
   deliver:  1 -> 0, 3 -> 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_butterfly_p6.svg
 * @image html reduce_scatter_block_butterfly_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector), p a power of two: lg(p) alpha + (p - 1)/p n (beta + gamma) +
 * alpha + n/p beta; otherwise the fold adds alpha + n (beta + gamma) and the delivery
 * alpha + n/p beta.
 *
 * @par Restrictions
 * None: any p >= 1, any recvcount, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE, non-commutative operations (order kept). p * recvcount must fit an int.
 *
 * @par Memory
 * Two whole vectors (p * recvcount elements each) of scratch per rank.
 *
 * @par References
 * J. L. Träff, "An improved algorithm for (non-commutative) reduce-scatter with an application",
 * EuroPVM/MPI 2005, LNCS 3666; Open MPI ompi/mca/coll/base/coll_base_reduce_scatter_block.c
 * (ompi_coll_base_reduce_scatter_block_intra_butterfly).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_BUTTERFLY_H
#define COLLALG_REDUCE_SCATTER_BLOCK_BUTTERFLY_H

#include "../reduce_scatter/butterfly.h"

/**
 * @brief MPI_Reduce_scatter_block by Träff's butterfly (see the file comment).
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
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h); the error of
 *         MPI_Reduce_local when a predefined @p op is not defined for @p datatype, before any
 *         message; MPI_ERR_COUNT when p * recvcount exceeds INT_MAX; MPI_ERR_NO_MEM when scratch
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_butterfly(const void *sendbuf, void *recvbuf, int recvcount,
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_butterfly_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_BUTTERFLY_H */
