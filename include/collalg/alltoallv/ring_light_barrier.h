/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring_light_barrier.h
 * @ingroup alltoallv
 * @brief Alltoallv, ring with light barrier (Faraj & Yuan, ICS'05, §3.1, the alltoallv version
 *        of the alltoall one).
 *
 * @par Phases
 * The ring algorithm (ring.h): in phase i = 1 .. p-1 rank j sends to (j + i) mod p and receives
 * from (j - i) mod p. Between phases i and i + 1, once its phase-i receive is complete, rank j
 * sends a zero-byte token to its next sender (j - i - 1) mod p and waits for the token of its
 * next receiver (j + i + 1) mod p before sending (core/phase_sync.h); a token travels only along
 * a non-empty message of phase i + 1 (both ends know its size), the others need no ordering.
 * A receiver thus never gets a phase-(i+1) message while still busy with phase i.
 *
 * @par Trace, p = 3, rank 1 sends nothing to rank 2 (a ~> b: receiver a's token to its next
 * sender b)
 * @verbatim
   phase 1:  0 -> 1,  2 -> 0                     (1 -> 2 empty)
   tokens:   2 ~> 0,  0 ~> 1,  1 ~> 2
   phase 2:  0 -> 2,  1 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_ring_light_barrier_p6.svg
 * @image html alltoallv_ring_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_i bytes the largest message of phase i:
 * sum over i of (alpha + n_i beta) + (p - 2) delta_l + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * As ring.h: none, except the in-place staging copy.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, "Ring with light barrier algorithm", Algorithms for
 * MPI_Alltoallv; cost model δ_l.
 */
#ifndef COLLALG_ALLTOALLV_RING_LIGHT_BARRIER_H
#define COLLALG_ALLTOALLV_RING_LIGHT_BARRIER_H

#include "ring.h"

/**
 * @brief MPI_Alltoallv by the ring algorithm with a light-weight barrier between phases.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG (a
 *         NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM when
 *         the in-place staging cannot be allocated; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_ring_light_barrier(const void *sendbuf, const int sendcounts[],
                                                        const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                                        const int recvcounts[], const int rdispls[],
                                                        MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_LIGHT, c.size - 1, 0);
        err = collalg__alltoallv_ring_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_RING_LIGHT_BARRIER_H */
