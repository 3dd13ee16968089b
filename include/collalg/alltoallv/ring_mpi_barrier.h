/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_mpi_barrier.h
 * @ingroup alltoallv
 * @brief Alltoallv, ring with MPI barrier (Faraj & Yuan, ICS'05, §3.1, the alltoallv version of
 *        the alltoall one).
 *
 * @par Phases
 * The ring algorithm (ring.h) with MPI_Barrier between every two of its p - 1 phases, so the
 * phases run in lock step and at most one phase's data is in the network at a time. Every rank
 * takes part in every barrier, even in a phase where all its messages are empty.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_ring_mpi_barrier_p6.svg
 * @image html alltoallv_ring_mpi_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_i bytes the largest message of phase i:
 * sum over i of (alpha + n_i beta) + (p - 2) delta_h + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * As ring.h: none, except the in-place staging copy.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, "Ring with MPI barrier algorithm", Algorithms for
 * MPI_Alltoallv; cost model δ_h.
 */
#ifndef COLLALG_ALLTOALLV_RING_MPI_BARRIER_H
#define COLLALG_ALLTOALLV_RING_MPI_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Alltoallv by the ring algorithm with an MPI barrier between phases.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG (a
 *         NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM when
 *         the in-place staging cannot be allocated; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_ring_mpi_barrier(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                      MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                      const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_MPI, c.size - 1, 0);
        err = collalg__alltoallv_ring_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_RING_MPI_BARRIER_H */
