/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_mpi_barrier.h
 * @ingroup alltoallv
 * @brief Alltoallv, pair with MPI barrier (Faraj & Yuan, ICS'05, §3.1, the alltoallv version of
 *        the alltoall one), any p.
 *
 * @par Phases
 * The pair algorithm (pair.h) with MPI_Barrier between every two of its S steps (S = p - 1 for
 * even p, p for odd p; idle ranks and ranks whose messages of a step are empty take part in
 * every barrier), so the steps run in lock step.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_pair_mpi_barrier_p6.svg
 * @image html alltoallv_pair_mpi_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, S steps as above and n_s bytes the largest message of step s:
 * sum over s of (alpha + n_s beta) + (S - 1) delta_h + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * As pair.h: none, except the in-place staging copy.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, pair family, Algorithms for MPI_Alltoallv, MPI barrier δ_h;
 * H. Pritchard et al., CUG 2004 (edge-colouring pairing).
 */
#ifndef COLLALG_ALLTOALLV_PAIR_MPI_BARRIER_H
#define COLLALG_ALLTOALLV_PAIR_MPI_BARRIER_H

#include "pair.h"

/**
 * @brief MPI_Alltoallv by the pair algorithm with an MPI barrier between steps.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG (a
 *         NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM when
 *         the in-place staging cannot be allocated; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_pair_mpi_barrier(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                      MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                      const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_MPI, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoallv_pair_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_PAIR_MPI_BARRIER_H */
