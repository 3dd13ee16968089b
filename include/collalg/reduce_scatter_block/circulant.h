/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block on the circulant graph of Träff's broadcast schedules: ceil(log2 p)
 *        rounds for any p, every rank sending, receiving and reducing p - 1 blocks in all.
 *
 * The body is reduce_scatter/circulant.h's, run on p blocks of recvcount elements; that file
 * gives the phases, the invariant and the argument that every contribution is folded in once.
 *
 * @par Phases
 * Skips skip[0 .. q] of schedule/circulant.h (q = ceil(log2 p), skip[q] = p, skip[k] =
 * ceil(skip[k + 1] / 2)); rank r keeps block (r + i) mod p in slot i of a scratch vector.
 * 1. Copy the input into the slots.
 * 2. Rounds k = q - 1 .. 0: send slots skip[k] .. skip[k + 1] - 1 (one message) to r + skip[k],
 *    receive the partials of slots 0 .. skip[k + 1] - skip[k] - 1 from r - skip[k] and fold them
 *    in; slots 0 .. skip[k] - 1 stay live.
 * 3. Copy slot 0, block r with every contribution, into recvbuf.
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r -> t: a..b" = r sends its partials of blocks a..b to t)
 * @verbatim
   round 2 (skip 3):  r -> r+3: blocks r+3 .. r+5
   round 1 (skip 2):  r -> r+2: block r+2
   round 0 (skip 1):  r -> r+1: block r+1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_circulant_p6.svg
 * @image html reduce_scatter_block_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p) and n = p *
 * recvcount * size of datatype bytes: q alpha + (p - 1)/p n (beta + gamma), against the ring's
 * (p - 1) alpha for the same volume and recursive halving's extra rounds for p not a power of
 * two. Plus a local copy of the whole vector.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise). Any p >= 1, any
 * recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE; p * recvcount must
 * fit an int.
 *
 * @par Memory
 * The whole vector (p * recvcount elements of datatype) plus ceil(p / 2) blocks.
 *
 * @par References
 * J. L. Träff, "Optimal, Non-pipelined Reduce-scatter and Allreduce Algorithms", arXiv 2410.14234
 * (2024), for MPI_Reduce_scatter_block, MPI_Reduce_scatter and MPI_Allreduce.
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_CIRCULANT_H
#define COLLALG_REDUCE_SCATTER_BLOCK_CIRCULANT_H

#include "../reduce_scatter/circulant.h"

/**
 * @brief MPI_Reduce_scatter_block on the circulant graph (see the file comment).
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
 *         predefined @p op is not defined for @p datatype, before any message; MPI_ERR_COUNT
 *         when p * recvcount exceeds INT_MAX; MPI_ERR_NO_MEM when scratch cannot be allocated;
 *         or the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_circulant(const void *sendbuf, void *recvbuf, int recvcount,
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_circulant_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_CIRCULANT_H */
