/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup gather
 * @brief Gather, binomial tree (MPICH's binomial gather; Open MPI's binomial gather): the
 *        binomial broadcast's tree, walked from the leaves to the root.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. The subtree of relrank is
 * the contiguous range [relrank, relrank + mask) clipped to p, mask being relrank's lowest set bit
 * (schedule/common.h, collalg__binomial_*). Each rank packs its own block at the start of a scratch
 * buffer of its subtree's blocks, then receives from its children relrank + 1, relrank + 2,
 * relrank + 4, ... (smallest subtree first) each child's whole subtree right after the blocks
 * already there, and sends its whole subtree to its parent (relrank with its lowest set bit
 * cleared) in one message. Invariant: what a rank sends holds the blocks of relative ranks
 * [relrank, relrank + subtree) in that order. The root receives each child's subtree straight
 * into recvbuf when those blocks are one run of bytes there (a gap-free receive type, no
 * wrap-around past rank p - 1), else into scratch and unpacks each block to its place (relative
 * rank j is block (j + root) mod p). Blocks travel as bytes of the type signature, so every rank
 * may pass its own datatype. Leaves with a gap-free type send in place.
 *
 * @par Trace, p = 6, root 0 (a -> b: a sends blocks [x, y) of relative ranks to b)
 * @verbatim
   round 1:  1 -> 0 [1,2),  3 -> 2 [3,4),  5 -> 4 [5,6)
   round 2:  2 -> 0 [2,4)
   round 3:  4 -> 0 [4,6)
   @endverbatim
 * (rank 4's subtree [4, 8) is clipped to [4, 6); it sends as soon as it holds 5's block.)
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gather_binomial_p6.svg
 * @image html gather_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes (one rank's block):
 * ceil(lg p) alpha + (p - 1) n beta (the root receives subtrees of p n / 2, p n / 4, ..., n bytes
 * when p is a power of two), plus local packing of up to
 * p n bytes at the root for a type with gaps or a root other than 0 (wrap-around).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A block of more than INT_MAX bytes is gathered by the linear algorithm instead (one
 * MPI_Pack cannot describe it). Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * A rank with subtree s (not a leaf with a gap-free type): s n bytes. The root: the largest
 * subtree it cannot receive in place, at most p n / 2 bytes (none for root 0 and a gap-free
 * receive type).
 *
 * @par References
 * MPICH src/mpi/coll/gather/gather_intra_binomial.c; Open MPI
 * ompi/mca/coll/base/coll_base_gather.c (ompi_coll_base_gather_intra_binomial).
 */
#ifndef COLLALG_GATHER_BINOMIAL_H
#define COLLALG_GATHER_BINOMIAL_H

#include "../family/gather.h"

/**
 * @brief MPI_Gather by the binomial tree.
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
 *         arguments (family/gather.h); MPI_ERR_NO_MEM when scratch cannot be allocated;
 *         MPI_ERR_TYPE when packed data is not the bare signature; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_gather_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__gather_tree(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, 2);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_BINOMIAL_H */
