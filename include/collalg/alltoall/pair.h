/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair.h
 * @ingroup alltoall
 * @brief Alltoall, pair algorithm (Faraj & Yuan, ICS'05, §3.1 "Pair algorithm"), generalised to
 *        every p by a 1-factorisation of the complete graph (Pritchard et al., CUG 2004).
 *
 * @par Phases
 * The steps s = 0 .. S-1 of the pair schedule (schedule/common.h, collalg__pair_peer): in step s
 * rank j exchanges blocks with one partner, peer(j, s): it sends its block for the partner and
 * receives the partner's block for j in one send-receive. Every step is a matching (each rank
 * talks to at most one other rank) and every pair of ranks meets in exactly one step, so after
 * the last step every block has arrived.
 * - p a power of two: peer(j, s) = j XOR (s + 1), S = p - 1 steps: the paper's algorithm.
 * - p even, not a power of two: the circle 1-factorisation, S = p - 1 perfect matchings.
 * - p even (both cases): the own block is copied locally before step 0.
 * - p odd: the circle 1-factorisation with S = p steps; in each step exactly one rank is its own
 *   partner (idle), and that step is its local copy of its own block. p = 1: only the copy.
 *
 * @par Trace, p = 5 (odd: a <-> b exchange, (a) idle = local copy)
 * @verbatim
   step 0:  1 <-> 4,  2 <-> 3,  (0)
   step 1:  0 <-> 1,  2 <-> 4,  (3)
   step 2:  0 <-> 2,  3 <-> 4,  (1)
   step 3:  0 <-> 3,  1 <-> 2,  (4)
   step 4:  0 <-> 4,  1 <-> 3,  (2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_pair_p6.svg
 * @image html alltoall_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair, S = p - 1 (p even) or
 * p (p odd): S (alpha + n beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l, the ring's cost
 * for even p (one more step, with one rank idle in each, for odd p). Each rank interacts with
 * one partner per step instead of two in the ring.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * No scratch, except p * recvcount elements of recvtype when sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (pair family); H. Pritchard, J. Nicholson,
 * J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004 (edge-colouring pairing).
 */
#ifndef COLLALG_ALLTOALL_PAIR_H
#define COLLALG_ALLTOALL_PAIR_H

#include "../family/alltoall.h"

/**
 * @brief This rank's partner in pair step @p s as the phase synchronisation wants it: the
 *        partner, or MPI_PROC_NULL when the rank is idle in step @p s (p odd).
 */
COLLALG_INLINE int collalg__alltoall_pair_sync_peer(const collalg__ctx *c, int s)
{
    int peer = collalg__pair_peer(c->rank, c->size, s);
    return peer == c->rank ? MPI_PROC_NULL : peer;
}

/**
 * @brief The pair steps shared by the pair family: own block copied (before step 0 for even p
 *        and p = 1, in the idle step for odd p), step s exchanges blocks with
 *        collalg__pair_peer(rank, p, s), with @p sync between steps. For the light barrier both
 *        the next sender and the next receiver are the next step's partner.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_pair_phases(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype, collalg__phase_sync *sync)
{
    MPI_Aint sext, rext, lb;
    int s, peer, next, err, p = c->size, me = c->rank, nsteps = collalg__pair_nsteps(p);

    err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &sext);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &rext));
    if (err == MPI_SUCCESS && (p % 2 == 0 || p == 1))
        err = collalg__alltoall_self_copy(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    for (s = 0; s < nsteps && err == MPI_SUCCESS; s++) {
        peer = collalg__pair_peer(me, p, s);
        if (peer == me)
            err = collalg__alltoall_self_copy(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
        else
            err = COLLALG_MPI(Sendrecv)(collalg__alltoall_block(sendbuf, peer, sendcount, sext), sendcount, sendtype,
                                        peer, COLLALG_TAG_DATA, collalg__alltoall_block(recvbuf, peer, recvcount, rext),
                                        recvcount, recvtype, peer, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && s + 1 < nsteps) {
            next = collalg__alltoall_pair_sync_peer(c, s + 1);
            err = collalg__phase_sync_between(sync, s, c->pcomm, next, next);
        }
    }
    return err;
}

/**
 * @brief MPI_Alltoall by the pair algorithm.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when in-place staging cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_pair(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoall_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_PAIR_H */
