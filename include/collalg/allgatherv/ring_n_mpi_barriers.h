/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_n_mpi_barriers.h
 * @ingroup allgatherv
 * @brief Allgatherv, ring with N MPI barriers (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv").
 *
 * @par Phases
 * The allgatherv ring (ring.h): phase 0 copies the own block into recvbuf; in phase
 * i = 1 .. p-1 rank j sends its own block to (j + i) mod p and receives the own block of
 * (j - i) mod p (no forwarding; blocks of zero bytes skipped). N MPI barriers are spread
 * evenly over the p - 2 gaps between the p - 1 phases: barrier k (k = 1 .. N) follows phase
 * floor(k (p - 1) / (N + 1)) (phases counted from 1). N trades the contention the
 * unsynchronised ring allows against the synchronisation cost of ring_mpi_barrier.h
 * (N = p - 2).
 *
 * @par Trace, p = 5, N = 1 (the barrier follows phase floor(4 / 2) = 2)
 * @verbatim
   phase 1:  j -> j + 1;   phase 2:  j -> j + 2;   MPI_Barrier
   phase 3:  j -> j + 3;   phase 4:  j -> j + 4   (mod 5)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_ring_n_mpi_barriers_p6.svg
 * @image html allgatherv_ring_n_mpi_barriers_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_j = recvcounts[j] * size of recvtype bytes in block j:
 * at most (p - 1)(alpha + max_j n_j beta) + N delta_h + kappa_n + kappa_s + kappa_l.
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
 * MPI_Allgather algorithms), "Ring with N MPI barriers algorithm".
 */
#ifndef COLLALG_ALLGATHERV_RING_N_MPI_BARRIERS_H
#define COLLALG_ALLGATHERV_RING_N_MPI_BARRIERS_H

#include "ring.h"

/**
 * @brief MPI_Allgatherv by the ring algorithm with @p nbarriers MPI barriers.
 *
 * @allgatherv_args
 * @param[in] nbarriers N, the number of MPI barriers, in 1 .. p - 2; 0 selects the default
 *        max(1, (p - 2) / 2) (no barrier for p <= 2, where any N >= 0 is accepted).
 * @return additionally MPI_ERR_ARG when nbarriers < 0 or, for p > 2, nbarriers > p - 2
 *         (reported before any message and before recvbuf is written).
 */
COLLALG_INLINE int collalg_allgatherv_ring_n_mpi_barriers(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                          void *recvbuf, const int recvcounts[], const int displs[],
                                                          MPI_Datatype recvtype, MPI_Comm comm, int nbarriers)
{
    return collalg__allgatherv_ring_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_NMPI, nbarriers);
}

#endif /* COLLALG_ALLGATHERV_RING_N_MPI_BARRIERS_H */
