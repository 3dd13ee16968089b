/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, Bine butterfly (De Sensi et al., SC 2025): vector halving over the
 *        peers r +- rho(s) (1, 1, 3, 5, 11, ... ranks apart) with the blocks staged in the
 *        negabinary order that makes every message one contiguous run.
 *
 * The body is reduce_scatter/bine.h's, run on p blocks of recvcount elements: its phases, trace
 * (p = 6: staged order 0 1 | 5 | 2 3 | 4, fold 0 -> 1 and 2 -> 3, then 1 <-> 3, 4 <-> 5 and
 * 1 <-> 5, 3 <-> 4) and restrictions.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_bine_p6.svg
 * @image html reduce_scatter_block_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q the largest power of two <= p and
 * n = p * recvcount * size of datatype bytes: lg(q) alpha + (q - 1)/q n (beta + gamma),
 * plus 2 alpha + n (beta + gamma) + n/p beta when p != q: recursive halving's, the
 * n / 2^(s+1) bytes of step s over |rho(s)| = 1, 1, 3, 5, 11, ... ranks (the largest nearest).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP on every rank before any message otherwise). Any
 * p >= 1, any recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 * p * recvcount must fit an int count: MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Two whole vectors (p * recvcount elements of datatype each), and q + 1 ints and offsets.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Ba, M. Turisini, J. Domke, T. Hoefler,
 * "Bine Trees: Enhancing Collective Operations by Optimizing Communication Locality", SC 2025
 * (arXiv 2508.17311), §4 (Bine butterflies, the reduce-scatter and the remapped blocks).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_BINE_H
#define COLLALG_REDUCE_SCATTER_BLOCK_BINE_H

#include "../reduce_scatter/bine.h"

/**
 * @brief MPI_Reduce_scatter_block by the Bine butterfly (see the file comment).
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
COLLALG_INLINE int collalg_reduce_scatter_block_bine(const void *sendbuf, void *recvbuf, int recvcount,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_bine_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_BINE_H */
