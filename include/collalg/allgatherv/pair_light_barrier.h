/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_light_barrier.h
 * @ingroup allgatherv
 * @brief Allgatherv, pair with light barrier (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv").
 *
 * @par Phases
 * The allgatherv pair algorithm (pair.h): phase 0 copies the own block into recvbuf; in step
 * s = 0 .. S-1 rank j exchanges own blocks with collalg__pair_peer(j, p, s) (no forwarding;
 * blocks of zero bytes skipped). S = p - 1 for even p, p for odd p (one idle rank per step for
 * odd p). Between steps s and s + 1, rank j exchanges a zero-byte token with its step-(s+1)
 * partner once its step-s exchange is complete (core/phase_sync.h; an idle rank skips it): a rank
 * never gets a step-(s+1) message while still busy with step s.
 *
 * @par Trace, p = 3
 * @verbatim
   step 0:  1 <-> 2;   tokens 0 <-> 1
   step 1:  0 <-> 1;   tokens 0 <-> 2
   step 2:  0 <-> 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_pair_light_barrier_p6.svg
 * @image html allgatherv_pair_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j and S steps as
 * above: at most S (alpha + max_j n_j beta) + (S - 1) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgatherv (extended from the
 * MPI_Allgather algorithms), "Pair with light barrier algorithm"; cost model delta_l.
 */
#ifndef COLLALG_ALLGATHERV_PAIR_LIGHT_BARRIER_H
#define COLLALG_ALLGATHERV_PAIR_LIGHT_BARRIER_H

#include "pair.h"

/**
 * @brief MPI_Allgatherv by the pair algorithm with a light-weight barrier between steps.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_pair_light_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                         void *recvbuf, const int recvcounts[], const int displs[],
                                                         MPI_Datatype recvtype, MPI_Comm comm)
{
    return collalg__allgatherv_pair_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_LIGHT, 0);
}

#endif /* COLLALG_ALLGATHERV_PAIR_LIGHT_BARRIER_H */
