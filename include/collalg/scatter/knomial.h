/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file knomial.h
 * @ingroup scatter
 * @brief Scatter, k-nomial tree (MPICH's k-nomial trees, Open MPI's k-nomial collectives): the
 *        binomial scatter with radix k, each rank sending to up to k - 1 children per level.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p, and written in base k
 * (schedule/knomial.h): the parent of relrank > 0 is relrank with its lowest non-zero digit
 * cleared, its children are relrank + m k^j (m = 1 .. k - 1) for the levels k^j below that digit,
 * its subtree is the contiguous range [relrank, relrank + k^i) clipped to p. The root sends each
 * child (highest level first, m = 1, 2, ... inside a level) its subtree's blocks in one message,
 * in place when they are one run of bytes in sendbuf, else packed (as in binomial.h); every other
 * rank receives its subtree's blocks from its parent, sends each child its part in the same order
 * and unpacks its own block (the first). Invariant: what a rank receives holds the blocks of
 * relative ranks [relrank, relrank + subtree) in order. Radix 2 is exactly
 * collalg_scatter_binomial().
 *
 * @par Trace, p = 7, k = 3, root 0 (a -> b: a sends b the blocks [x, y) of relative ranks)
 * @verbatim
   round 1:  0 -> 3 [3,6),  0 -> 6 [6,7)
   round 2:  0 -> 1 [1,2),  0 -> 2 [2,3),  3 -> 4 [4,5),  3 -> 5 [5,6)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatter_knomial_p6.svg
 * @image html scatter_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, radix k and n = recvcount * size of recvtype bytes (one rank's block):
 * (k - 1) ceil(log_k p) alpha + (p - 1) n beta at the root (up to k - 1 sends per level, one after
 * the other). Fewer rounds than binomial (ceil(log_k p)) at the price of more messages per rank.
 *
 * @par Restrictions
 * As binomial.h: none; blocks of more than INT_MAX bytes go linear; packed data must be the bare
 * signature.
 *
 * @par Memory
 * A rank with subtree s (not a leaf with a gap-free type): s n bytes; the root at most its
 * largest subtree's bytes.
 *
 * @par References
 * MPICH src/mpi/coll/algorithms/treealgo/treeutil.c (the k-nomial tree of its tree-based
 * collectives); Open MPI ompi/mca/coll/base/coll_base_topo.c (ompi_coll_base_topo_build_kmtree).
 */
#ifndef COLLALG_SCATTER_KNOMIAL_H
#define COLLALG_SCATTER_KNOMIAL_H

#include "../family/scatter.h"

/**
 * @brief MPI_Scatter by the k-nomial tree.
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
 * @param radix     k >= 2, the fan-out of the tree; 0 selects COLLALG_KNOMIAL_RADIX_DEFAULT (4)
 * @return MPI_SUCCESS; MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_COMM, MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ROOT for bad arguments (family/scatter.h); MPI_ERR_NO_MEM when scratch
 *         cannot be allocated; MPI_ERR_TYPE when packed data is not the bare signature; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, int radix)
{
    collalg__ctx c;
    int k = 0,
        err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__knomial_radix(radix, &k);
    if (err == MPI_SUCCESS)
        err = collalg__scatter_tree(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, k);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_KNOMIAL_H */
