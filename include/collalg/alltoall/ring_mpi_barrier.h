/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_mpi_barrier.h
 * @ingroup alltoall
 * @brief Alltoall, ring with MPI barrier (Faraj & Yuan, ICS'05, §3.1).
 *
 * @par Phases
 * The ring algorithm (ring.h) with MPI_Barrier between every two of its p - 1 phases, so the
 * phases run in lock step and at most one phase's data is in the network at a time.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_ring_mpi_barrier_p6.svg
 * @image html alltoall_ring_mpi_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n bytes per pair: (p - 1)(alpha + n beta) + (p - 2) delta_h + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * As ring.h: none, except p * recvcount elements of recvtype for MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, "Ring with MPI barrier algorithm"; cost model δ_h.
 */
#ifndef COLLALG_ALLTOALL_RING_MPI_BARRIER_H
#define COLLALG_ALLTOALL_RING_MPI_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Alltoall by the ring algorithm with an MPI barrier between phases.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when in-place staging cannot be allocated; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_ring_mpi_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                     void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_MPI, c.size - 1, 0);
        err = collalg__alltoall_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_RING_MPI_BARRIER_H */
