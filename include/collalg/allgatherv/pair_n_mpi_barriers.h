/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_n_mpi_barriers.h
 * @ingroup allgatherv
 * @brief Allgatherv, pair with N MPI barriers (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv").
 *
 * @par Phases
 * The allgatherv pair algorithm (pair.h): phase 0 copies the own block into recvbuf; in step
 * s = 0 .. S-1 rank j exchanges own blocks with collalg__pair_peer(j, p, s) (no forwarding;
 * blocks of zero bytes skipped). S = p - 1 for even p, p for odd p (one idle rank per step for
 * odd p). N MPI barriers are spread evenly over the S - 1 gaps between the S steps: barrier k
 * (k = 1 .. N) follows step floor(k S / (N + 1)) (steps counted from 1). N trades the
 * contention the unsynchronised pair allows against the synchronisation cost of
 * pair_mpi_barrier.h (N = S - 1).
 *
 * @par Trace, p = 3 (S = 3), N = 1 (the barrier follows step floor(3 / 2) = 1)
 * @verbatim
   step 0:  1 <-> 2;  MPI_Barrier;  step 1:  0 <-> 1;  step 2:  0 <-> 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_pair_n_mpi_barriers_p6.svg
 * @image html allgatherv_pair_n_mpi_barriers_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j and S steps as
 * above: at most S (alpha + max_j n_j beta) + N delta_h + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements. For p <= 2
 * there is one step and no barrier.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgatherv (extended from the
 * MPI_Allgather algorithms), "Pair with N MPI barriers algorithm".
 */
#ifndef COLLALG_ALLGATHERV_PAIR_N_MPI_BARRIERS_H
#define COLLALG_ALLGATHERV_PAIR_N_MPI_BARRIERS_H

#include "pair.h"

/**
 * @brief MPI_Allgatherv by the pair algorithm with @p nbarriers MPI barriers.
 *
 * @allgatherv_args
 * @param[in] nbarriers N, the number of MPI barriers, in 1 .. S - 1 (S = collalg__pair_nsteps(p):
 *        p - 1 for even p, p for odd p); 0 selects the default max(1, (S - 1) / 2) (no barrier
 *        for p <= 2, where any N >= 0 is accepted).
 * @return additionally MPI_ERR_ARG when nbarriers < 0 or, for p > 2, nbarriers > S - 1
 *         (reported before any message and before recvbuf is written).
 */
COLLALG_INLINE int collalg_allgatherv_pair_n_mpi_barriers(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                          void *recvbuf, const int recvcounts[], const int displs[],
                                                          MPI_Datatype recvtype, MPI_Comm comm, int nbarriers)
{
    return collalg__allgatherv_pair_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_NMPI, nbarriers);
}

#endif /* COLLALG_ALLGATHERV_PAIR_N_MPI_BARRIERS_H */
