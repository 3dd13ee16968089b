/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair.h
 * @ingroup alltoallv
 * @brief Alltoallv, pair algorithm (Faraj & Yuan, ICS'05, §3.1, the alltoallv version of the
 *        alltoall pair algorithm), any p by a 1-factorisation of the complete graph (Pritchard
 *        et al., CUG 2004).
 *
 * @par Phases
 * The steps s = 0 .. S-1 of the pair schedule (schedule/common.h, collalg__pair_peer): in step s
 * rank j exchanges blocks with its partner peer(j, s) in one send-receive: it sends its block
 * for the partner and receives the partner's block for j. A side of zero bytes is skipped
 * (both partners know its size). Every step is a matching and every pair of ranks meets in
 * exactly one step.
 * - p a power of two: peer(j, s) = j XOR (s + 1), S = p - 1 steps: the paper's algorithm.
 * - p even, not a power of two: the circle 1-factorisation, S = p - 1 perfect matchings.
 * - p even (both cases) and p = 1: the own block is copied locally before step 0.
 * - p odd: S = p steps; in each step one rank is its own partner (idle), and that step is its
 *   local copy of its own block.
 *
 * @par Trace, p = 5, rank 3 sends nothing to rank 4 (a <-> b exchange, a -> b one way,
 * (a) idle = local copy)
 * @verbatim
   step 0:  1 <-> 4,  2 <-> 3,  (0)
   step 1:  0 <-> 1,  2 <-> 4,  (3)
   step 2:  0 <-> 2,  4 -> 3,   (1)
   step 3:  0 <-> 3,  1 <-> 2,  (4)
   step 4:  0 <-> 4,  1 <-> 3,  (2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_pair_p6.svg
 * @image html alltoallv_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, S = p - 1 (p even) or p (p odd) steps and n_s bytes the largest message of
 * step s: sum over s of (alpha + n_s beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included) and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * No scratch, except, when sendbuf is MPI_IN_PLACE, a copy of the span of recvbuf the receive
 * blocks cover.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (pair family) and for MPI_Alltoallv; H. Pritchard,
 * J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004 (edge-colouring
 * pairing).
 */
#ifndef COLLALG_ALLTOALLV_PAIR_H
#define COLLALG_ALLTOALLV_PAIR_H

#include "../family/alltoallv.h"

/**
 * @brief The pair steps shared by the pair family: own block copied (before step 0 for even p
 *        and p = 1, in the idle step for odd p), step s exchanges blocks with
 *        collalg__pair_peer(rank, p, s) (zero-byte sides skipped), with @p sync between steps.
 *        The light-weight barrier pairs a rank with its next partner only along the non-empty
 *        directions of the next exchange. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_pair_phases(collalg__ctx *c, const collalg__alltoallv_view *v,
                                                  collalg__phase_sync *sync)
{
    int s, peer, next, err = MPI_SUCCESS, p = c->size, me = c->rank, nsteps = collalg__pair_nsteps(p);

    if (p % 2 == 0 || p == 1)
        err = collalg__alltoallv_self_copy(c, v);
    for (s = 0; s < nsteps && err == MPI_SUCCESS; s++) {
        peer = collalg__pair_peer(me, p, s);
        if (peer == me)
            err = collalg__alltoallv_self_copy(c, v);
        else
            err = collalg__alltoallv_exchange(c, v, peer, peer);
        if (err == MPI_SUCCESS && s + 1 < nsteps) {
            next = collalg__pair_peer(me, p, s + 1);
            next = next == me ? -1 : next;
            err = collalg__phase_sync_between(sync, s, c->pcomm, collalg__alltoallv_sync_from(v, next),
                                              collalg__alltoallv_sync_to(v, next));
        }
    }
    return err;
}

/**
 * @brief MPI_Alltoallv by the pair algorithm.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (a NULL counts or displacements array) for bad arguments (core/args.h);
 *         MPI_ERR_NO_MEM when the in-place staging cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_pair(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                          const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoallv_pair_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_PAIR_H */
