/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_light_barrier.h
 * @ingroup alltoallv
 * @brief Alltoallv, pair with light barrier (Faraj & Yuan, ICS'05, §3.1, the alltoallv version
 *        of the alltoall one), any p.
 *
 * @par Phases
 * The pair algorithm (pair.h): in step s rank j exchanges blocks with collalg__pair_peer(j, p, s).
 * Between steps s and s + 1, once its step-s exchange is complete, rank j exchanges zero-byte
 * tokens with its step-(s+1) partner (core/phase_sync.h): a token to the partner when the partner
 * will send to j, one awaited from the partner when j will send to it (a direction whose
 * message is empty needs no token; both partners know its size). A rank idle in step s + 1
 * (p odd) skips the tokens.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_pair_light_barrier_p6.svg
 * @image html alltoallv_pair_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, S = p - 1 (p even) or p (p odd) steps and n_s bytes the largest message of
 * step s: sum over s of (alpha + n_s beta) + (S - 1) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * As pair.h: none, except the in-place staging copy.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, pair family, Algorithms for MPI_Alltoallv, light-weight
 * barrier δ_l; H. Pritchard et al., CUG 2004 (edge-colouring pairing).
 */
#ifndef COLLALG_ALLTOALLV_PAIR_LIGHT_BARRIER_H
#define COLLALG_ALLTOALLV_PAIR_LIGHT_BARRIER_H

#include "pair.h"

/**
 * @brief MPI_Alltoallv by the pair algorithm with a light-weight barrier between steps.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG (a
 *         NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM when
 *         the in-place staging cannot be allocated; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_pair_light_barrier(const void *sendbuf, const int sendcounts[],
                                                        const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                                        const int recvcounts[], const int rdispls[],
                                                        MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_LIGHT, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoallv_pair_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_PAIR_LIGHT_BARRIER_H */
