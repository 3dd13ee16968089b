/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file swing.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, Swing (De Sensi, Bonato, Saam, Hoefler, NSDI 2024): the
 *        reduce-scatter half of the bandwidth-optimal Swing allreduce, the vector halving in each
 *        step between the peers r +- rho(s), rho(s) = 1, -1, 3, -5, 11, ..., with the result in
 *        rank order.
 *
 * The body is reduce_scatter/swing.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * pof2 = the largest power of two <= p, rem = p - pof2.
 * 1. Checks before any message: a commutative op (else MPI_ERR_OP), the (datatype, op) pair,
 *    p * recvcount fitting an int count (else MPI_ERR_COUNT).
 * 2. Swing layout: the input is copied into an accumulator with the blocks permuted, position b
 *    holding the super-block (the blocks of the one or two ranks it stands for) of survivor
 *    collalg__swing_owners()[b]: the survivor that ends the Swing reduce-scatter with block b.
 *    Each step's block set is then one run of positions, so every message is contiguous; the
 *    permutation costs no byte (the copy is needed anyway), only pof2 copies instead of one.
 * 3. Fold: even ranks 2i < 2 rem send their accumulator to 2i + 1 (survivor i), which combines it.
 * 4. Halving over the Swing peers pi(i, s) = i +- rho(s) mod pof2 (collalg__swing_halve()): keep
 *    one half of the common range of positions, send the other, combine the received half.
 * 5. Deliver: survivor i < rem sends block 2i to rank 2i; every survivor copies its own block.
 *
 * @par Trace, p = 6 (survivors 0..3 = ranks 1, 3, 4, 5; layout [0 1 | 5 | 2 3 | 4])
 * @verbatim
   fold:            0 -> 1, 2 -> 3 (whole vectors)
   step 0 (rho 1):  1 <-> 3: 1 keeps {0,1,5}, 3 keeps {2,3,4};  4 <-> 5: 4 keeps {2,3,4}, 5 keeps {0,1,5}
   step 1 (rho -1): 1 <-> 5: 1 keeps {0,1}, 5 keeps {5};  3 <-> 4: 3 keeps {2,3}, 4 keeps {4}
   deliver:         1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_swing_p6.svg
 * @image html reduce_scatter_block_swing_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector): lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma) +
 * (lg(pof2) - 1) theta + kappa, plus 2 alpha + n (beta + gamma) + n/p beta when p is not a power
 * of two; n delta for the permuted copy. The n / 2^(s+1) bytes of step s travel |rho(s)| = 1, 1,
 * 3, 5, 11, ... ranks instead of recursive halving's pof2 / 2^(s+1) (smaller kappa_l on a ring or
 * torus).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP on every rank before any message otherwise). Any p >= 1,
 * any recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. p * recvcount
 * must fit an int count: MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Two whole vectors (p * recvcount elements of datatype each), p + pof2 + 2 MPI_Aint and pof2
 * int of layout.
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3; R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA
 * 2005, §4.5 (the fold onto super-blocks).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_SWING_H
#define COLLALG_REDUCE_SCATTER_BLOCK_SWING_H

#include "../reduce_scatter/swing.h"

/**
 * @brief MPI_Reduce_scatter_block by Swing (see the file comment).
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
 *         predefined @p op is not defined for @p datatype, before any message; MPI_ERR_COUNT when
 *         p * recvcount exceeds INT_MAX; MPI_ERR_NO_MEM when scratch cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_swing(const void *sendbuf, void *recvbuf, int recvcount,
                                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_swing_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_SWING_H */
