/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_light_barrier.h
 * @ingroup allgather
 * @brief Allgather, pair with light barrier (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather").
 *
 * @par Phases
 * The allgather pair algorithm (pair.h): phase 0 copies the own block into recvbuf; in step
 * s = 0 .. S-1 rank j exchanges own blocks with collalg__pair_peer(j, p, s) (no forwarding).
 * S = p - 1 for even p, p for odd p (pair.h: XOR pairing for powers of two, a 1-factorisation
 * of the complete graph otherwise, one idle rank per step for odd p). Between steps s and s + 1,
 * rank j exchanges a zero-byte token with its step-(s+1) partner once its step-s exchange is
 * complete (core/phase_sync.h; an idle rank skips it): a rank never gets a step-(s+1) message
 * while still busy with step s.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_pair_light_barrier_p6.svg
 * @image html allgather_pair_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per block and S steps as above:
 * S (alpha + n beta) + (S - 1) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather ("work exactly like their
 * all-to-all counterparts"), "Pair with light barrier algorithm"; cost model delta_l.
 */
#ifndef COLLALG_ALLGATHER_PAIR_LIGHT_BARRIER_H
#define COLLALG_ALLGATHER_PAIR_LIGHT_BARRIER_H

#include "pair.h"

/**
 * @brief MPI_Allgather by the pair algorithm with a light-weight barrier between phases.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_pair_light_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_LIGHT, collalg__pair_nsteps(c.size), 0);
        err = collalg__allgather_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_PAIR_LIGHT_BARRIER_H */
