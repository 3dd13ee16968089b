/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup alltoallv
 * @brief Alltoallv, ring algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Alltoallv":
 *        the alltoallv version of the alltoall ring algorithm).
 *
 * @par Phases
 * Phase 0 copies the rank's own block locally. In phase i = 1 .. p-1, rank j sends its block
 * for rank (j + i) mod p and receives the block of rank (j - i) mod p, in one send-receive; a
 * side whose message has zero bytes is skipped (MPI_PROC_NULL: the peer knows the same size and
 * skips it too). Each rank receives from at most one sender per phase; nothing keeps the phases
 * in step (ring_light_barrier.h, ring_mpi_barrier.h and ring_n_mpi_barriers.h do).
 *
 * @par Trace, p = 3, rank 1 sends nothing to rank 2 (a -> b: a sends its block for b)
 * @verbatim
   phase 1:  0 -> 1,  (1 -> 2 empty),  2 -> 0
   phase 2:  0 -> 2,  1 -> 0,          2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_ring_p6.svg
 * @image html alltoallv_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_i bytes the largest message of phase i:
 * sum over i = 1 .. p-1 of (alpha + n_i beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l;
 * for equal messages of n bytes, the alltoall ring's (p - 1)(alpha + n beta) + ...
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included) and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * No scratch, except, when sendbuf is MPI_IN_PLACE, a copy of the span of recvbuf the receive
 * blocks cover.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (ring family) and for MPI_Alltoallv.
 */
#ifndef COLLALG_ALLTOALLV_RING_H
#define COLLALG_ALLTOALLV_RING_H

#include "../family/alltoallv.h"

/**
 * @brief The ring phases shared by the ring family: phase 0 is the local copy, phase i sends to
 *        rank + i and receives from rank - i (zero-byte sides skipped), with @p sync between
 *        phases. The light-weight barrier pairs a rank only with the peers of its non-empty
 *        messages of the next phase. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_ring_phases(collalg__ctx *c, const collalg__alltoallv_view *v,
                                                  collalg__phase_sync *sync)
{
    int i, err, p = c->size, me = c->rank;

    err = collalg__alltoallv_self_copy(c, v);
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        err = collalg__alltoallv_exchange(c, v, collalg__ring_to(me, p, i), collalg__ring_from(me, p, i));
        if (err == MPI_SUCCESS && i + 1 < p)
            err = collalg__phase_sync_between(sync, i - 1, c->pcomm,
                                              collalg__alltoallv_sync_from(v, collalg__ring_from(me, p, i + 1)),
                                              collalg__alltoallv_sync_to(v, collalg__ring_to(me, p, i + 1)));
    }
    return err;
}

/**
 * @brief MPI_Alltoallv by the ring algorithm.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (a NULL counts or displacements array) for bad arguments (core/args.h);
 *         MPI_ERR_NO_MEM when the in-place staging cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_ring(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                          MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                          const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, c.size - 1, 0);
        err = collalg__alltoallv_ring_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_RING_H */
