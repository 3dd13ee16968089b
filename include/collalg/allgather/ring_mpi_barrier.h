/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_mpi_barrier.h
 * @ingroup allgather
 * @brief Allgather, ring with MPI barrier (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather").
 *
 * @par Phases
 * The allgather ring (ring.h): phase 0 copies the own block into recvbuf; in phase
 * i = 1 .. p-1 rank j sends its own block to (j + i) mod p and receives the own block of
 * (j - i) mod p (no forwarding). An MPI barrier on the private
 * communicator separates every two phases, so the phases run in lock step and less data is in
 * flight at once (less switch contention) at the price of p - 2 heavy synchronisations.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_ring_mpi_barrier_p6.svg
 * @image html allgather_ring_mpi_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + (p - 2) delta_h + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0. For p <= 2 there is no
 * gap between phases and no barrier.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather ("work exactly like their
 * all-to-all counterparts"), "Ring with MPI barrier algorithm"; cost model delta_h.
 */
#ifndef COLLALG_ALLGATHER_RING_MPI_BARRIER_H
#define COLLALG_ALLGATHER_RING_MPI_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Allgather by the ring algorithm with an MPI barrier between every two phases.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_ring_mpi_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                      MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_MPI, c.size - 1, 0);
        err = collalg__allgather_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_RING_MPI_BARRIER_H */
