/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_n_mpi_barriers.h
 * @ingroup alltoall
 * @brief Alltoall, pair with N MPI barriers (Faraj & Yuan, ICS'05, §3.1), any p.
 *
 * @par Phases
 * The pair algorithm (pair.h), S steps (S = p - 1 for even p, p for odd p), with N MPI barriers
 * spread evenly over the S - 1 gaps between steps: barrier k (k = 1 .. N) follows step
 * floor(k S / (N + 1)) (steps counted from 1; schedule/common.h collalg__barrier_after), one
 * barrier about every S / (N + 1) steps. N = S - 1 is pair_mpi_barrier.h.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_pair_n_mpi_barriers_p6.svg
 * @image html alltoall_pair_n_mpi_barriers_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n bytes per pair and S steps as above:
 * S (alpha + n beta) + N delta_h + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. For p <= 2 there is no gap and no barrier.
 *
 * @par Memory
 * As pair.h: none, except p * recvcount elements of recvtype for MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, pair family, "N MPI barriers"; H. Pritchard et al.,
 * CUG 2004 (edge-colouring pairing).
 */
#ifndef COLLALG_ALLTOALL_PAIR_N_MPI_BARRIERS_H
#define COLLALG_ALLTOALL_PAIR_N_MPI_BARRIERS_H

#include "pair.h"

/**
 * @brief MPI_Alltoall by the pair algorithm with @p nbarriers MPI barriers.
 *
 * @alltoall_args
 * @param[in] nbarriers N, the number of MPI barriers, in 1 .. S - 1 where S =
 *        collalg__pair_nsteps(p) (p - 1 for even p, p for odd p); 0 selects the default
 *        max(1, (S - 1) / 2) (no barrier for p <= 2).
 * @return additionally MPI_ERR_ARG when nbarriers < 0 or, for p > 2, nbarriers > S - 1.
 */
COLLALG_INLINE int collalg_alltoall_pair_n_mpi_barriers(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm, int nbarriers)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int n = 0, nsteps = 0;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        nsteps = collalg__pair_nsteps(c.size);
        err = collalg__nbarriers_resolve(nbarriers, nsteps, &n);
    }
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NMPI, nsteps, n);
        err = collalg__alltoall_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_PAIR_N_MPI_BARRIERS_H */
