/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup scatter
 * @brief Scatter, linear algorithm (Open MPI's basic_linear scatter, MPICH's linear scatter): the
 *        root sends every block directly.
 *
 * @par Phases
 * One phase: the root copies its own block into recvbuf (nothing to do with MPI_IN_PLACE), posts
 * a non-blocking send of block i of sendbuf to every other rank i (ranks 0, 1, ..., p - 1, itself
 * skipped), in the user's send type, and waits for all sends once; every other rank receives its
 * block from the root. Invariant: the root only reads sendbuf, and rank i's recvbuf is written
 * only by its one message.
 *
 * @par Trace, p = 6, root 2 (a -> b: a sends b its block)
 * @verbatim
   2 -> 0,  2 -> 1,  2 -> 3,  2 -> 4,  2 -> 5   (all posted at once; the root's link serialises them)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatter_linear_p6.svg
 * @image html scatter_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes (one rank's block):
 * (p - 1)(alpha + n beta) at the root.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes (each rank may pass its own, with the signature of
 * one block of the root's), count 0, MPI_IN_PLACE at the root.
 *
 * @par Memory
 * p - 1 MPI_Request at the root, none elsewhere.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_scatter.c (ompi_coll_base_scatter_intra_basic_linear);
 * MPICH src/mpi/coll/scatter/ (the linear scatter of the MPICH collective framework).
 */
#ifndef COLLALG_SCATTER_LINEAR_H
#define COLLALG_SCATTER_LINEAR_H

#include "../family/scatter.h"

/**
 * @brief MPI_Scatter by the linear algorithm: the root sends every rank its block.
 *
 * @param sendbuf   the root's send buffer, p blocks of @p sendcount elements of @p sendtype in
 *                  rank order (significant at the root only)
 * @param sendcount elements of @p sendtype per block (root only)
 * @param sendtype  datatype of the sent elements (root only)
 * @param recvbuf   this rank's block (MPI_IN_PLACE at the root: its block stays in @p sendbuf)
 * @param recvcount elements of @p recvtype in the block
 * @param recvtype  datatype of the block's elements
 * @param root      rank that scatters, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/scatter.h); MPI_ERR_NO_MEM when the root's requests cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_scatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err =
            collalg__scatter_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, c.size);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_LINEAR_H */
