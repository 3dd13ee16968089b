/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file knomial.h
 * @ingroup gather
 * @brief Gather, k-nomial tree (MPICH's k-nomial trees, Open MPI's k-nomial collectives): the
 *        binomial gather with radix k, each rank gathering from up to k - 1 children per level.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p, and written in base k
 * (schedule/knomial.h). The parent of relrank > 0 is relrank with its lowest non-zero digit
 * cleared; its children are relrank + m k^j (m = 1 .. k - 1) for the levels k^j below that digit;
 * its subtree is the contiguous range [relrank, relrank + k^i) clipped to p. Each rank packs its
 * own block at the start of a scratch buffer of its subtree's blocks, receives each child's whole
 * subtree into its place (level 0 first, smallest subtree first), and sends its subtree to its
 * parent in one message. Invariant: what a rank sends holds the blocks of relative ranks
 * [relrank, relrank + subtree) in order. The root receives straight into recvbuf when a child's
 * blocks are one run of bytes there, else through scratch (as in binomial.h). Radix 2 is exactly
 * collalg_gather_binomial().
 *
 * @par Trace, p = 7, k = 3, root 0 (a -> b: a sends blocks [x, y) of relative ranks to b)
 * @verbatim
   round 1:  2 -> 0 [2,3),  1 -> 0 [1,2),  6 -> 0 [6,7),  5 -> 3 [5,6),  4 -> 3 [4,5)
   round 2:  3 -> 0 [3,6)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gather_knomial_p6.svg
 * @image html gather_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, radix k and n = sendcount * size of sendtype bytes (one rank's block):
 * (k - 1) ceil(log_k p) alpha + (p - 1) n beta at the root (it receives up to k - 1 subtrees per
 * level, one after the other), plus kappa_n (up to k - 1 children send to one parent at once).
 * Fewer rounds than binomial (ceil(log_k p)) at the price of more messages per rank.
 *
 * @par Restrictions
 * As binomial.h: none; blocks of more than INT_MAX bytes go linear; packed data must be the bare
 * signature.
 *
 * @par Memory
 * A rank with subtree s (not a leaf with a gap-free type): s n bytes; the root at most its
 * largest subtree's bytes, (p / k rounded up to a power of k) n.
 *
 * @par References
 * MPICH src/mpi/coll/algorithms/treealgo/treeutil.c (the k-nomial tree of its tree-based
 * collectives); Open MPI ompi/mca/coll/base/coll_base_topo.c (ompi_coll_base_topo_build_kmtree).
 */
#ifndef COLLALG_GATHER_KNOMIAL_H
#define COLLALG_GATHER_KNOMIAL_H

#include "../family/gather.h"

/**
 * @brief MPI_Gather by the k-nomial tree.
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
 * @param radix     k >= 2, the fan-in of the tree; 0 selects COLLALG_KNOMIAL_RADIX_DEFAULT (4)
 * @return MPI_SUCCESS; MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_COMM, MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ROOT for bad arguments (family/gather.h); MPI_ERR_NO_MEM when scratch
 *         cannot be allocated; MPI_ERR_TYPE when packed data is not the bare signature; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_gather_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, int radix)
{
    collalg__ctx c;
    int k = 0,
        err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__knomial_radix(radix, &k);
    if (err == MPI_SUCCESS)
        err = collalg__gather_tree(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, k);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_KNOMIAL_H */
