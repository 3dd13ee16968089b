/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_mpi_barrier.h
 * @ingroup allgatherv
 * @brief Allgatherv, ring with MPI barrier (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv").
 *
 * @par Phases
 * The allgatherv ring (ring.h): phase 0 copies the own block into recvbuf; in phase
 * i = 1 .. p-1 rank j sends its own block to (j + i) mod p and receives the own block of
 * (j - i) mod p (no forwarding; blocks of zero bytes skipped). An MPI barrier on the private
 * communicator separates every two phases, so the phases run in lock step at the price of
 * p - 2 heavy synchronisations.
 *
 * @par Trace, p = 3
 * @verbatim
   phase 1:  0 -> 1,  1 -> 2,  2 -> 0
   MPI_Barrier
   phase 2:  0 -> 2,  1 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_ring_mpi_barrier_p6.svg
 * @image html allgatherv_ring_mpi_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_j = recvcounts[j] * size of recvtype bytes in block j:
 * at most (p - 1)(alpha + max_j n_j beta) + (p - 2) delta_h + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements. For p <= 2
 * there is no gap between phases and no barrier.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgatherv (extended from the
 * MPI_Allgather algorithms), "Ring with MPI barrier algorithm"; cost model delta_h.
 */
#ifndef COLLALG_ALLGATHERV_RING_MPI_BARRIER_H
#define COLLALG_ALLGATHERV_RING_MPI_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Allgatherv by the ring algorithm with an MPI barrier between every two phases.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_ring_mpi_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, const int recvcounts[], const int displs[],
                                                       MPI_Datatype recvtype, MPI_Comm comm)
{
    return collalg__allgatherv_ring_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_MPI, 0);
}

#endif /* COLLALG_ALLGATHERV_RING_MPI_BARRIER_H */
