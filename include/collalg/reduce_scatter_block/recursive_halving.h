/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_halving.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, recursive halving (MPICH's commutative reduce-scatter): exchange half of the
 *        remaining vector with a partner at distance pof2/2, pof2/4, ..., 1.
 *
 * The body is reduce_scatter/recursive_halving.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * pof2 = largest power of two <= p, rem = p - pof2; the vector is p blocks of recvcount elements.
 * 1. Fold: the input is copied into an accumulator; ranks 2i < 2 rem send the whole vector to
 *    2i + 1 (survivor i, which combines it); rank j >= 2 rem is survivor j - rem. Survivor i owns
 *    super-block i: the blocks of the ranks it stands for.
 * 2. Halving, mask = pof2/2, ..., 1: survivor i and i XOR mask share a range of 2 mask
 *    super-blocks; each keeps one half (the upper one when bit mask of i is set), sends the other
 *    and folds the received half into its own. Invariant: after the step with mask m, survivor i
 *    holds its m super-blocks reduced over the pof2/m survivors agreeing with i on the bits
 *    below m (not a run of ranks: commutative op only).
 * 3. Deliver: survivor i < rem sends block 2i to rank 2i; each survivor copies its own block.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   fold:      0 -> 1, 2 -> 3 (whole vectors); survivors s0..s3 = ranks 1, 3, 4, 5
   mask 2:    1 <-> 4, 3 <-> 5   (1, 3 keep blocks 0..3; 4, 5 keep blocks 4, 5)
   mask 1:    1 <-> 3, 4 <-> 5   (1: blocks 0,1; 3: blocks 2,3; 4: block 4; 5: block 5)
   deliver:   1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_recursive_halving_p6.svg
 * @image html reduce_scatter_block_recursive_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector): lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma), plus 2 alpha + n (beta + gamma) +
 * n/p beta when p is not a power of two.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise). Any p >= 1, any
 * recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. p * recvcount must
 * fit an int count: MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Two whole vectors (p * recvcount elements of datatype each).
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter_block/reduce_scatter_block_intra_recursive_halving.c;
 * Thakur, Rabenseifner & Gropp, IJHPCA 2005, §4.5.
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING_H
#define COLLALG_REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING_H

#include "../reduce_scatter/recursive_halving.h"

/**
 * @brief MPI_Reduce_scatter_block, recursive halving (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction; commutative only
 * @param[in] comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_OP for a non-commutative op, or the error of MPI_Reduce_local when a
 *         predefined @p op is not defined for @p datatype, before any message; MPI_ERR_COUNT when p * recvcount exceeds INT_MAX;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_recursive_halving(const void *sendbuf, void *recvbuf, int recvcount,
                                                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_recursive_halving_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_RECURSIVE_HALVING_H */
