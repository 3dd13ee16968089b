/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_n_mpi_barriers.h
 * @ingroup alltoallv
 * @brief Alltoallv, ring with N MPI barriers (Faraj & Yuan, ICS'05, §3.1, the alltoallv version
 *        of the alltoall one).
 *
 * @par Phases
 * The ring algorithm (ring.h) with N MPI barriers spread evenly over the p - 2 gaps between its
 * p - 1 phases: barrier k (k = 1 .. N) follows phase floor(k (p - 1) / (N + 1)) (phases counted
 * from 1; schedule/common.h collalg__barrier_after), one barrier about every (p - 1) / (N + 1)
 * phases. N = p - 2 is ring_mpi_barrier.h.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_ring_n_mpi_barriers_p6.svg
 * @image html alltoallv_ring_n_mpi_barriers_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_i bytes the largest message of phase i:
 * sum over i of (alpha + n_i beta) + N delta_h + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts and displacements, any datatypes, MPI_IN_PLACE. For p <= 2
 * there is no gap and no barrier.
 *
 * @par Memory
 * As ring.h: none, except the in-place staging copy.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, "Ring with N MPI barriers algorithm", Algorithms for
 * MPI_Alltoallv.
 */
#ifndef COLLALG_ALLTOALLV_RING_N_MPI_BARRIERS_H
#define COLLALG_ALLTOALLV_RING_N_MPI_BARRIERS_H

#include "ring.h"

/**
 * @brief MPI_Alltoallv by the ring algorithm with @p nbarriers MPI barriers.
 *
 * @alltoallv_args
 * @param[in] nbarriers N, the number of MPI barriers, in 1 .. p - 2; 0 selects the default
 *        max(1, (p - 2) / 2) (no barrier for p <= 2).
 * @return additionally MPI_ERR_ARG when nbarriers < 0 or, for p > 2, nbarriers > p - 2 (checked
 *         before any message; the receive buffer is untouched).
 */
COLLALG_INLINE int collalg_alltoallv_ring_n_mpi_barriers(const void *sendbuf, const int sendcounts[],
                                                         const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                                         const int recvcounts[], const int rdispls[],
                                                         MPI_Datatype recvtype, MPI_Comm comm, int nbarriers)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int n = 0;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__nbarriers_resolve(nbarriers, c.size - 1, &n);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NMPI, c.size - 1, n);
        err = collalg__alltoallv_ring_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_RING_N_MPI_BARRIERS_H */
