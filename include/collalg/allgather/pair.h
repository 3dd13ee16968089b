/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair.h
 * @ingroup allgather
 * @brief Allgather, pair algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather",
 *        pair algorithm, the all-to-all pair pattern).
 *
 * @par Phases
 * Phase 0 copies the own block into recvbuf. Then, in step s = 0 .. S-1, rank j exchanges own
 * blocks with its partner collalg__pair_peer(j, p, s): it sends its own block and receives the
 * partner's own block straight into the partner's slot of recvbuf (no forwarding). Invariant:
 * after step s, rank j holds its own block and the blocks of its partners of steps 0 .. s. Each
 * rank talks to one other rank per step (the ring talks to two).
 *
 * @par Generalisation to any p
 * The paper pairs j with j XOR i in step i, which needs p to be a power of two; for those p the
 * schedule is exactly that (S = p - 1). For other p the steps follow the 1-factorisation of the
 * complete graph in schedule/common.h (round-robin "circle" method): even p takes S = p - 1 steps,
 * each a perfect matching; odd p takes S = p steps, each a matching plus one idle rank (whose
 * partner is itself: it neither sends nor receives in that step).
 *
 * @par Trace, p = 3 (a <-> b: a and b exchange their own blocks)
 * @verbatim
   step 0:  1 <-> 2,  0 idle
   step 1:  0 <-> 1,  2 idle
   step 2:  0 <-> 2,  1 idle
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_pair_p6.svg
 * @image html allgather_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per block and S steps (p - 1 for
 * even p, p for odd p): S (alpha + n beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l
 * (for odd p each rank is idle in one step: (p - 1) messages of n bytes per rank).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Pair algorithm"; the
 * 1-factorisation for other p as in schedule/common.h.
 */
#ifndef COLLALG_ALLGATHER_PAIR_H
#define COLLALG_ALLGATHER_PAIR_H

#include "../family/allgather.h"

/** @brief Partner of @p me in pair step @p s, or MPI_PROC_NULL when @p me is idle in it. */
COLLALG_INLINE int collalg__allgather_pair_partner(int me, int p, int s)
{
    int peer = collalg__pair_peer(me, p, s);
    return peer == me ? MPI_PROC_NULL : peer;
}

/**
 * @brief The pair steps shared by the pair family: phase 0 is the local copy, step s exchanges
 *        own blocks with the step's partner, with @p sync between steps.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_pair_phases(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                  MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                  MPI_Datatype recvtype, collalg__phase_sync *sync)
{
    MPI_Aint rext = 0;
    int s, peer, next, p = c->size, me = c->rank, steps = collalg__pair_nsteps(c->size);
    int err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);

    for (s = 0; s < steps && err == MPI_SUCCESS; s++) {
        peer = collalg__allgather_pair_partner(me, p, s);
        if (peer != MPI_PROC_NULL)
            err = COLLALG_MPI(Sendrecv)(sendbuf, sendcount, sendtype, peer, COLLALG_TAG_DATA,
                                        collalg__at(recvbuf, (MPI_Aint)peer * recvcount, rext), recvcount, recvtype,
                                        peer, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && s + 1 < steps) {
            next = collalg__allgather_pair_partner(me, p, s + 1);
            err = collalg__phase_sync_between(sync, s, c->pcomm, next, next);
        }
    }
    return err;
}

/**
 * @brief MPI_Allgather by the pair algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_pair(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, collalg__pair_nsteps(c.size), 0);
        err = collalg__allgather_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_PAIR_H */
