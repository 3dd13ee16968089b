/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup gather
 * @brief Gather, linear algorithm (Open MPI's basic_linear gather, MPICH's linear gather): the
 *        root receives every block directly.
 *
 * @par Phases
 * One phase: the root copies its own block into its place of recvbuf (nothing to do with
 * MPI_IN_PLACE), posts a non-blocking receive for the block of every other rank i (ranks 0, 1,
 * ..., p - 1, itself skipped) straight into block i of recvbuf, in the root's receive type, and
 * waits for them all once; every other rank sends its block to the root. Invariant: block i of
 * recvbuf is written only by rank i's message (or the root's own copy), so the receives can
 * complete in any order.
 *
 * @par Trace, p = 6, root 2 (a -> b: a sends its block to b)
 * @verbatim
   root 2:  copies block 2; posts receives from 0, 1, 3, 4, 5; waits
   0 -> 2,  1 -> 2,  3 -> 2,  4 -> 2,  5 -> 2   (all at once; the root's link serialises them)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gather_linear_p6.svg
 * @image html gather_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes (one rank's block):
 * (p - 1)(alpha + n beta) + kappa_n at the root (all p - 1 senders target it at once).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes (each rank may pass its own, with the signature of
 * the root's block), count 0, MPI_IN_PLACE at the root.
 *
 * @par Memory
 * p - 1 MPI_Request at the root, none elsewhere.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_gather.c (ompi_coll_base_gather_intra_basic_linear);
 * MPICH src/mpi/coll/gather/ (the linear gather of the MPICH collective framework).
 */
#ifndef COLLALG_GATHER_LINEAR_H
#define COLLALG_GATHER_LINEAR_H

#include "../family/gather.h"

/**
 * @brief MPI_Gather by the linear algorithm: every rank sends its block to the root.
 *
 * @param sendbuf   this rank's block (MPI_IN_PLACE at the root: its block is already in place in
 *                  @p recvbuf)
 * @param sendcount elements of @p sendtype in the block
 * @param sendtype  datatype of the block's elements
 * @param recvbuf   the root's receive buffer, p blocks of @p recvcount elements of @p recvtype in
 *                  rank order (significant at the root only)
 * @param recvcount elements of @p recvtype per block (root only)
 * @param recvtype  datatype of the received elements (root only)
 * @param root      rank that gathers, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/gather.h); MPI_ERR_NO_MEM when the root's requests cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_gather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__gather_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_LINEAR_H */
