/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_n_mpi_barriers.h
 * @ingroup allgather
 * @brief Allgather, pair with N MPI barriers (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather").
 *
 * @par Phases
 * The allgather pair algorithm (pair.h): phase 0 copies the own block into recvbuf; in step
 * s = 0 .. S-1 rank j exchanges own blocks with collalg__pair_peer(j, p, s) (no forwarding).
 * S = p - 1 for even p, p for odd p (pair.h: XOR pairing for powers of two, a 1-factorisation
 * of the complete graph otherwise, one idle rank per step for odd p). N MPI barriers are spread
 * evenly over the S - 1 gaps between the S steps: barrier k (k = 1 .. N) follows step
 * floor(k S / (N + 1)) (steps counted from 1), i.e. one barrier about every S / (N + 1) steps.
 * N trades the contention the unsynchronised pair allows against the synchronisation cost of
 * pair_mpi_barrier.h (N = S - 1).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_pair_n_mpi_barriers_p6.svg
 * @image html allgather_pair_n_mpi_barriers_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per block and S steps as above:
 * S (alpha + n beta) + N delta_h + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0. For p <= 2 there is one
 * step and no barrier.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather ("work exactly like their
 * all-to-all counterparts"), "Pair with N MPI barriers algorithm".
 */
#ifndef COLLALG_ALLGATHER_PAIR_N_MPI_BARRIERS_H
#define COLLALG_ALLGATHER_PAIR_N_MPI_BARRIERS_H

#include "pair.h"

/**
 * @brief MPI_Allgather by the pair algorithm with @p nbarriers MPI barriers.
 *
 * @allgather_args
 * @param[in] nbarriers N, the number of MPI barriers, in 1 .. S - 1 (S = collalg__pair_nsteps(p):
 *        p - 1 for even p, p for odd p); 0 selects the default max(1, (S - 1) / 2) (no barrier
 *        for p <= 2, where any N >= 0 is accepted).
 * @return additionally MPI_ERR_ARG when nbarriers < 0 or, for p > 2, nbarriers > S - 1.
 */
COLLALG_INLINE int collalg_allgather_pair_n_mpi_barriers(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                         MPI_Comm comm, int nbarriers)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int n = 0;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__nbarriers_resolve(nbarriers, collalg__pair_nsteps(c.size), &n);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NMPI, collalg__pair_nsteps(c.size), n);
        err = collalg__allgather_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_PAIR_N_MPI_BARRIERS_H */
