/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_light_barrier.h
 * @ingroup allgatherv
 * @brief Allgatherv, ring with light barrier (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv").
 *
 * @par Phases
 * The allgatherv ring (ring.h): phase 0 copies the own block into recvbuf; in phase
 * i = 1 .. p-1 rank j sends its own block to (j + i) mod p and receives the own block of
 * (j - i) mod p (no forwarding; blocks of zero bytes skipped). Between phases i and i + 1,
 * rank j sends a zero-byte token to its next sender (j - i - 1) mod p once its phase-i receive
 * is complete, and waits for the token of its next receiver (j + i + 1) mod p before sending
 * (core/phase_sync.h): a receiver never gets a phase-(i+1) message while still busy with phase i.
 * The tokens are exchanged even where a block is empty.
 *
 * @par Trace, p = 3
 * @verbatim
   phase 1:  0 -> 1,  1 -> 2,  2 -> 0
   tokens:   0 -> 1 (1 is 0's next sender), 1 -> 2, 2 -> 0
   phase 2:  0 -> 2,  1 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_ring_light_barrier_p6.svg
 * @image html allgatherv_ring_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_j = recvcounts[j] * size of recvtype bytes in block j:
 * at most (p - 1)(alpha + max_j n_j beta) + (p - 2) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgatherv (extended from the
 * MPI_Allgather algorithms), "Ring with light barrier algorithm"; cost model delta_l.
 */
#ifndef COLLALG_ALLGATHERV_RING_LIGHT_BARRIER_H
#define COLLALG_ALLGATHERV_RING_LIGHT_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Allgatherv by the ring algorithm with a light-weight barrier between phases.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_ring_light_barrier(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                         void *recvbuf, const int recvcounts[], const int displs[],
                                                         MPI_Datatype recvtype, MPI_Comm comm)
{
    return collalg__allgatherv_ring_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_LIGHT, 0);
}

#endif /* COLLALG_ALLGATHERV_RING_LIGHT_BARRIER_H */
