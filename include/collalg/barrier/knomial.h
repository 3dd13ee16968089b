/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file knomial.h
 * @ingroup barrier
 * @brief Barrier, k-nomial gather-release (radix k a parameter): tokens gathered to rank 0 up the
 *        k-nomial tree of schedule/knomial.h, then a release token sent down the same tree; radix
 *        2 is barrier/binomial.h.
 *
 * @par Phases
 * The k-nomial tree rooted at rank 0: the parent of r > 0 is r with its lowest non-zero base-k
 * digit cleared; the children of r are r + m k^j (m = 1 .. k - 1) for every level k^j below that
 * digit's (every k^j < p for rank 0), clipped to p.
 * - Gather: rank r waits for a token from each child, smallest subtree first (the lowest level,
 *   m = k - 1 down to 1, then the next level up), then sends a token to its parent. Invariant: a
 *   rank sends its token up only when every rank of its subtree (a run of consecutive ranks) has
 *   entered; when rank 0 has all its children's tokens, every rank has entered the barrier.
 * - Release: rank r > 0 waits for a token from its parent, then sends one to each child, the
 *   highest level (largest subtree) first.
 *
 * @par Trace, p = 7, radix 3 (a -> b: token from a to b, in order)
 * @verbatim
   gather:   rank 3 waits for 5, 4, then sends to 0;   rank 0 waits for 2, 1, 6, 3
             (ranks 1, 2, 4, 5, 6 are leaves: they send at once)
   release:  rank 0 sends to 3, 6, 1, 2;   rank 3, once released, sends to 4, 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_knomial_p6.svg
 * @image html barrier_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and radix k: at most
 * 2 (k - 1) ceil(log_k p) alpha (a rank handles the k - 1 tokens of each level one after
 * another; each half crosses a tree of depth ceil(log_k p)). No beta term: the tokens carry no
 * data.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step).
 *
 * @par Memory
 * None.
 *
 * @par References
 * T. Hoefler, T. Mehlan, F. Mietke, W. Rehm, "A Survey of Barrier Algorithms for Coarse Grained
 * Supercomputers", Chemnitzer Informatik-Berichte 04-03, 2004 (gather-release tree barriers);
 * Open MPI ompi/mca/coll/base/coll_base_barrier.c (ompi_coll_base_barrier_intra_tree, the
 * binomial case); the k-nomial tree of schedule/knomial.h as in MPICH
 * src/mpi/coll/algorithms/treealgo/treeutil.c.
 */
#ifndef COLLALG_BARRIER_KNOMIAL_H
#define COLLALG_BARRIER_KNOMIAL_H

#include "../core/args.h"
#include "../core/tags.h"
#include "../schedule/knomial.h"
#include "../bcast/knomial.h"

/** @brief The gather to rank 0 and the release from it, radix @p k >= 2. @return MPI error code. */
COLLALG_INLINE int collalg__barrier_knomial_tree(const collalg__ctx *c, int k)
{
    collalg__knomial_it it;
    int err = MPI_SUCCESS, p = c->size, me = c->rank;

    for (collalg__knomial_first(&it, me, p, k, 1); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it))
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, it.child, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    if (me > 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, collalg__knomial_parent(me, k), COLLALG_TAG_TOKEN, c->pcomm);
    if (me > 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, collalg__knomial_parent(me, k), COLLALG_TAG_TOKEN, c->pcomm,
                                MPI_STATUS_IGNORE);
    for (collalg__knomial_first(&it, me, p, k, 0); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it))
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, it.child, COLLALG_TAG_TOKEN, c->pcomm);
    return err;
}

/**
 * @brief MPI_Barrier by a k-nomial gather to rank 0 and a k-nomial release: returns on each rank
 *        only after every rank of @p comm has entered the call.
 *
 * @param[in] comm  intracommunicator
 * @param[in] radix the tree's radix k >= 2 (2: the binomial tree); 0 selects
 *                  COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT (4); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p radix is negative or 1 (before any message); or the error class of
 *         a failing MPI call (point-to-point, or the private communicator's creation).
 */
COLLALG_INLINE int collalg_barrier_knomial(MPI_Comm comm, int radix)
{
    collalg__ctx c;
    int k = 2, err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_knomial_radix(radix, &k);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__barrier_knomial_tree(&c, k);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_KNOMIAL_H */
