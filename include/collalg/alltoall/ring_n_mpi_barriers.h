/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_n_mpi_barriers.h
 * @ingroup alltoall
 * @brief Alltoall, ring with N MPI barriers (Faraj & Yuan, ICS'05, §3.1).
 *
 * @par Phases
 * The ring algorithm (ring.h) with N MPI barriers spread evenly over the p - 2 gaps between its
 * p - 1 phases: barrier k (k = 1 .. N) follows phase floor(k (p - 1) / (N + 1)) (phases counted
 * from 1), i.e. one barrier about every (p - 1) / (N + 1) phases. N trades the contention the
 * unsynchronised ring allows against the synchronisation cost of ring_mpi_barrier.h (N = p - 2).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_ring_n_mpi_barriers_p6.svg
 * @image html alltoall_ring_n_mpi_barriers_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n bytes per pair: (p - 1)(alpha + n beta) + N delta_h + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. For p <= 2 there is no gap and no barrier.
 *
 * @par Memory
 * As ring.h: none, except p * recvcount elements of recvtype for MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, "Ring with N MPI barriers algorithm".
 */
#ifndef COLLALG_ALLTOALL_RING_N_MPI_BARRIERS_H
#define COLLALG_ALLTOALL_RING_N_MPI_BARRIERS_H

#include "ring.h"

/**
 * @brief MPI_Alltoall by the ring algorithm with @p nbarriers MPI barriers.
 *
 * @alltoall_args
 * @param[in] nbarriers N, the number of MPI barriers, in 1 .. p - 2; 0 selects the default
 *        max(1, (p - 2) / 2) (no barrier for p <= 2).
 * @return additionally MPI_ERR_ARG when nbarriers < 0 or, for p > 2, nbarriers > p - 2.
 */
COLLALG_INLINE int collalg_alltoall_ring_n_mpi_barriers(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm, int nbarriers)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int n = 0;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__nbarriers_resolve(nbarriers, c.size - 1, &n);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NMPI, c.size - 1, n);
        err = collalg__alltoall_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_RING_N_MPI_BARRIERS_H */
