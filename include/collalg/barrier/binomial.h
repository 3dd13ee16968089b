/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup barrier
 * @brief Barrier, binomial gather-release: tokens gathered to rank 0 up a binomial tree, then a
 *        release token broadcast down the same tree.
 *
 * @par Phases
 * The binomial tree rooted at rank 0 (schedule/common.h): the parent of r > 0 is r with its lowest
 * set bit cleared; the children of r are r + 2^j for every 2^j below r's lowest set bit (every
 * 2^j < p for rank 0) with r + 2^j < p.
 * - Gather: rank r waits for a token from each child, the nearest (smallest subtree, done
 *   first) first, then sends a token to its parent. When rank 0 has all its children's tokens,
 *   every rank has entered the barrier.
 * - Release: rank r > 0 waits for a token from its parent, then sends one to each child, the
 *   farthest (largest subtree) first.
 *
 * @par Trace, p = 6 (a -> b: token from a to b, in round order)
 * @verbatim
   gather:   round 1: 1 -> 0,  3 -> 2,  5 -> 4
             round 2: 2 -> 0,  4 -> 0   (4's subtree {4, 5} is complete after round 1)
   release:  round 1: 0 -> 4
             round 2: 0 -> 2,  4 -> 5
             round 3: 0 -> 1,  2 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_binomial_p6.svg
 * @image html barrier_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes: 2 ceil(lg p) rounds, 2 ceil(lg p) alpha: each half crosses a tree of depth
 * ceil(lg p), and rank 0 handles its ceil(lg p) tokens of each half one after another. No beta
 * term: the tokens carry no data.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step).
 *
 * @par Memory
 * None.
 *
 * @par References
 * J. M. Mellor-Crummey, M. L. Scott, "Algorithms for scalable synchronization on shared-memory
 * multiprocessors", ACM TOCS 9(1), 1991 (tree barriers: arrival up a tree, wake-up down it);
 * T. Hoefler, T. Mehlan, F. Mietke, W. Rehm, "A Survey of Barrier Algorithms for Coarse Grained
 * Supercomputers", Chemnitzer Informatik-Berichte 04-03, 2004 (gather-release tree barriers).
 */
#ifndef COLLALG_BARRIER_BINOMIAL_H
#define COLLALG_BARRIER_BINOMIAL_H

#include "../core/args.h"
#include "../core/tags.h"
#include "../schedule/barrier.h"

/** @brief The gather to rank 0 and the release from it. @return MPI error code. */
COLLALG_INLINE int collalg__barrier_binomial_tree(const collalg__ctx *c)
{
    int mask, err = MPI_SUCCESS, p = c->size, me = c->rank, top = collalg__binomial_mask(me, p);

    for (mask = 1; mask < top && err == MPI_SUCCESS; mask <<= 1)
        if (me + mask < p)
            err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, me + mask, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    if (me > 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, collalg__binomial_parent(me), COLLALG_TAG_TOKEN, c->pcomm);
    if (me > 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, collalg__binomial_parent(me), COLLALG_TAG_TOKEN, c->pcomm,
                                MPI_STATUS_IGNORE);
    for (mask = top >> 1; mask > 0 && err == MPI_SUCCESS; mask >>= 1)
        if (me + mask < p)
            err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, me + mask, COLLALG_TAG_TOKEN, c->pcomm);
    return err;
}

/**
 * @brief MPI_Barrier by a binomial gather to rank 0 and a binomial release: returns on each rank
 *        only after every rank of @p comm has entered the call.
 *
 * @barrier_args
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator; or the
 *         error class of a failing MPI call (point-to-point, or the private communicator's
 *         creation).
 */
COLLALG_INLINE int collalg_barrier_binomial(MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS)
        err = collalg__barrier_binomial_tree(&c);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_BINOMIAL_H */
