/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_light_barrier.h
 * @ingroup allgather
 * @brief Allgather, ring with light barrier (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather").
 *
 * @par Phases
 * The allgather ring (ring.h): phase 0 copies the own block into recvbuf; in phase
 * i = 1 .. p-1 rank j sends its own block to (j + i) mod p and receives the own block of
 * (j - i) mod p (no forwarding). Between phases i and i + 1,
 * rank j sends a zero-byte token to its next sender (j - i - 1) mod p once its phase-i receive
 * is complete, and waits for the token of its next receiver (j + i + 1) mod p before sending
 * (core/phase_sync.h): a receiver never gets a phase-(i+1) message while still busy with phase i,
 * so node contention is gone.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_ring_light_barrier_p6.svg
 * @image html allgather_ring_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + (p - 2) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather ("work exactly like their
 * all-to-all counterparts"), "Ring with light barrier algorithm"; cost model delta_l.
 */
#ifndef COLLALG_ALLGATHER_RING_LIGHT_BARRIER_H
#define COLLALG_ALLGATHER_RING_LIGHT_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Allgather by the ring algorithm with a light-weight barrier between phases.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_ring_light_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_LIGHT, c.size - 1, 0);
        err = collalg__allgather_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_RING_LIGHT_BARRIER_H */
