/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pat.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, PAT: Parallel Aggregated Trees (Jeaugey 2025, NCCL 2.23+): the
 *        reversed PAT all-gather with the partial results combined on the way, in a scratch
 *        buffer of bounded size.
 *
 * The body is reduce_scatter/pat.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * D = ceil(lg p); a message carries at most A blocks (a power of two <= 2^(D-1), the largest
 * whose scratch fits the bound), M = 2^D / A; offsets are relative to the rank (schedule/pat.h).
 * - Groups c = min(M, p) - 1 .. 1, one step each, h the lowest set bit of c: rank y sends its
 *   partial results for the ranks y + c + j M to y + 2^h and folds those for y + c - 2^h + j M
 *   received from y - 2^h.
 * - High dimensions d = lg M .. D - 1: y sends the partial results for y + 2^d + j 2^(d+1) to
 *   y + 2^d and folds those for y + j 2^(d+1) received from y - 2^d.
 * - Its own block, now reduced over every rank, goes to recvbuf.
 * Invariant: a partial result y sends for rank t holds the contributions of the subtree below y
 * in t's binomial tree. Full aggregation: ceil(lg p) steps, half of the vector to the neighbour
 * first; A = 1: p - 1 steps of one block, ceil(lg p) + 2 blocks of scratch.
 *
 * @par Trace, p = 6, A = 4, rank 0 ([a b] = partial over ranks a, b)
 * @verbatim
   c=1:  sends its inputs for ranks 1 3 5 to 1;  folds 5's parts for 0 2 4
   d=1:  sends [0 5] for 2 to 2;                folds 4's [4 3] for 0
   d=2:  sends [0 5] for 4 to 4;                folds 2's [2 1] for 0: block 0 complete
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_pat_p6.svg
 * @image html reduce_scatter_block_pat_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, n = recvcount * size of datatype
 * bytes per block, A the aggregation and M = 2^ceil(lg p) / A: (lg A + min(M, p) - 1) alpha +
 * (p - 1) n (beta + gamma) + (steps - 1) theta, plus local copies of about 2 p n bytes. Full
 * aggregation: ceil(lg p) alpha + (p - 1) n (beta + gamma).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise). Any p >= 1, any
 * recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * (m + 2) A recvcount elements of datatype, m = ceil(lg p) - lg A: at most @p buffer bytes,
 * except that A = 1 needs ceil(lg p) + 2 blocks whatever the bound.
 *
 * @par References
 * S. Jeaugey, "PAT: a new algorithm for all-gather and reduce-scatter operations at scale",
 * arXiv:2506.20252, 2025, §3 and §4; NCCL src/include/collectives.h (PatRSAlgorithm).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_PAT_H
#define COLLALG_REDUCE_SCATTER_BLOCK_PAT_H

#include "../reduce_scatter/pat.h"

/**
 * @brief MPI_Reduce_scatter_block by PAT, Parallel Aggregated Trees (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction; commutative only
 * @param[in] comm      intracommunicator
 * @param[in] buffer    bound in bytes of the scratch (partial results, staging); the messages
 *                      carry as many blocks as it allows, a power of two. 0 selects
 *                      #COLLALG_PAT_BUFFER_DEFAULT (1 MiB); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h); MPI_ERR_ARG when @p buffer
 *         is negative; MPI_ERR_OP for a non-commutative op, or the error of MPI_Reduce_local
 *         when a predefined @p op is not defined for @p datatype, before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_pat(const void *sendbuf, void *recvbuf, int recvcount,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int buffer)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS && buffer < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_pat_run(&c, &l, sendbuf, recvbuf, buffer);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_PAT_H */
