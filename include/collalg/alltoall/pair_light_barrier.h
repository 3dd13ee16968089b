/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_light_barrier.h
 * @ingroup alltoall
 * @brief Alltoall, pair with light barrier (Faraj & Yuan, ICS'05, §3.1), any p.
 *
 * @par Phases
 * The pair algorithm (pair.h): in step s rank j exchanges blocks with collalg__pair_peer(j, p, s)
 * (XOR for powers of two, the circle 1-factorisation otherwise). Between steps s and s + 1, once
 * its step-s exchange is complete, rank j exchanges a zero-byte token with its step-(s+1)
 * partner (core/phase_sync.h): in a pairwise schedule the next sender and the next receiver are the
 * same rank. So no rank receives step-(s+1) data while its partner-to-be is still busy with step
 * s. A rank idle in step s + 1 (p odd) skips the token (MPI_PROC_NULL).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_pair_light_barrier_p6.svg
 * @image html alltoall_pair_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n bytes per pair and S = p - 1 (p even) or p (p odd) steps:
 * S (alpha + n beta) + (S - 1) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * As pair.h: none, except p * recvcount elements of recvtype for MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, pair family and light-weight barrier δ_l; H. Pritchard et
 * al., CUG 2004 (edge-colouring pairing).
 */
#ifndef COLLALG_ALLTOALL_PAIR_LIGHT_BARRIER_H
#define COLLALG_ALLTOALL_PAIR_LIGHT_BARRIER_H

#include "pair.h"

/**
 * @brief MPI_Alltoall by the pair algorithm with a light-weight barrier between steps.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when in-place staging cannot be allocated; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_pair_light_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                       MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_LIGHT, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoall_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_PAIR_LIGHT_BARRIER_H */
