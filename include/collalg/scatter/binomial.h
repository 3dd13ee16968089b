/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup scatter
 * @brief Scatter, binomial tree (MPICH's binomial scatter; Open MPI's binomial scatter): the
 *        binomial broadcast's tree, each rank forwarding only its subtree's blocks.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p; the subtree of relrank is
 * the contiguous range [relrank, relrank + mask) clipped to p, mask being relrank's lowest set bit
 * (schedule/common.h). The root sends each child relrank + 2^j (the farthest, largest subtree
 * first) that child's subtree's blocks in one message: straight from sendbuf when they are one run
 * of bytes there (a gap-free send type, no wrap-around past rank p - 1), else packed into scratch
 * in relative rank order (relative rank j is block (j + root) mod p). Every other rank receives its
 * subtree's blocks from its parent into scratch, sends each child its part in the same order, and
 * unpacks its own block (the first) into recvbuf. Invariant: what a rank receives holds the blocks
 * of relative ranks [relrank, relrank + subtree) in that order. Blocks travel as bytes of the type
 * signature, so every rank may pass its own datatype; leaves with a gap-free type receive in
 * place.
 *
 * @par Trace, p = 6, root 0 (a -> b: a sends b the blocks [x, y) of relative ranks)
 * @verbatim
   round 1:  0 -> 4 [4,6)
   round 2:  0 -> 2 [2,4),  4 -> 5 [5,6)
   round 3:  0 -> 1 [1,2),  2 -> 3 [3,4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatter_binomial_p6.svg
 * @image html scatter_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes (one rank's block):
 * ceil(lg p) alpha + (p - 1) n beta (the root sends p n / 2, p n / 4, ..., n bytes when p is a
 * power of two), plus local packing of up to p n / 2 bytes at the root for a type with gaps or a
 * root other than 0 (wrap-around).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A block of more than INT_MAX bytes is scattered by the linear algorithm instead (one
 * MPI_Pack cannot describe it). Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * A rank with subtree s (not a leaf with a gap-free type): s n bytes. The root: the largest
 * subtree it cannot send in place, at most p n / 2 bytes (none for root 0 and a gap-free send
 * type).
 *
 * @par References
 * MPICH src/mpi/coll/scatter/scatter_intra_binomial.c; Open MPI
 * ompi/mca/coll/base/coll_base_scatter.c (ompi_coll_base_scatter_intra_binomial).
 */
#ifndef COLLALG_SCATTER_BINOMIAL_H
#define COLLALG_SCATTER_BINOMIAL_H

#include "../family/scatter.h"

/**
 * @brief MPI_Scatter by the binomial tree.
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
 *         arguments (family/scatter.h); MPI_ERR_NO_MEM when scratch cannot be allocated;
 *         MPI_ERR_TYPE when packed data is not the bare signature; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__scatter_tree(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, 2);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_BINOMIAL_H */
