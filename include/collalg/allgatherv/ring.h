/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup allgatherv
 * @brief Allgatherv, ring algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv": the allgather ring algorithm extended to irregular blocks).
 *
 * @par Phases
 * Phase 0 copies the rank's own block from sendbuf to displs[rank] of recvbuf. In phase
 * i = 1 .. p-1, rank j sends its OWN block to rank (j + i) mod p and receives the own block of
 * rank (j - i) mod p straight to displs[(j - i) mod p] of recvbuf (recvcounts of that rank
 * elements): nothing is forwarded, exactly as in the all-to-all ring. A block of zero bytes is
 * neither sent nor received (every rank knows every block's size), so a rank without data
 * only receives. Invariant: after phase i, rank j holds the blocks of ranks j, j - 1, ...,
 * j - i (mod p). Nothing keeps the phases in step; ring_light_barrier.h, ring_mpi_barrier.h
 * and ring_n_mpi_barriers.h do.
 *
 * This is not MPICH's ring allgatherv, where every rank forwards the block it just received to
 * its right neighbour: that is logical_ring.h.
 *
 * @par Trace, p = 3 (a -> b: a sends its own block to b)
 * @verbatim
   phase 0:  every rank copies its block into recvbuf
   phase 1:  0 -> 1,  1 -> 2,  2 -> 0
   phase 2:  0 -> 2,  1 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_ring_p6.svg
 * @image html allgatherv_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_j = recvcounts[j] * size of recvtype bytes in block j, phase i lasts
 * as long as its largest message: sum over i of (alpha + max_j n_j beta) over p - 1 phases,
 * at most (p - 1)(alpha + max_j n_j beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication
 * Routines", ICS'05, §3.1, Algorithms for MPI_Allgather and MPI_Allgatherv, "Ring algorithm".
 */
#ifndef COLLALG_ALLGATHERV_RING_H
#define COLLALG_ALLGATHERV_RING_H

#include "../family/allgatherv.h"

/**
 * @brief The ring phases shared by the ring family: phase 0 is the local copy, phase i sends the
 *        own block to rank + i and receives the block of rank - i, with @p sync between phases.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_ring_phases(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                   MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                                   const int *displs, MPI_Datatype recvtype, collalg__phase_sync *sync)
{
    MPI_Aint rext = 0;
    int i, to, from, rsize = 0, p = c->size, me = c->rank;
    int err = collalg__allgatherv_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);

    if (err == MPI_SUCCESS)
        err = collalg__type_size(recvtype, &rsize);
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        to = collalg__vpeer(collalg__ring_to(me, p, i), recvcounts[me], rsize);
        from = collalg__ring_from(me, p, i);
        err = COLLALG_MPI(Sendrecv)(sendbuf, sendcount, sendtype, to, COLLALG_TAG_DATA,
                                    collalg__at(recvbuf, displs[from], rext), recvcounts[from], recvtype,
                                    collalg__vpeer(from, recvcounts[from], rsize), COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && i + 1 < p)
            err = collalg__phase_sync_between(sync, i - 1, c->pcomm, collalg__ring_from(me, p, i + 1),
                                              collalg__ring_to(me, p, i + 1));
    }
    return err;
}

/**
 * @brief The whole call of the ring family: enter step, N resolved for COLLALG_SYNC_NMPI
 *        (MPI_ERR_ARG out of range, before any message), the phases with synchronisation
 *        @p kind, one exit.
 * @return as collalg_allgatherv_ring(), plus MPI_ERR_ARG for a bad @p nbarriers.
 */
COLLALG_INLINE int collalg__allgatherv_ring_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const int *recvcounts, const int *displs,
                                                MPI_Datatype recvtype, MPI_Comm comm, enum collalg__sync_kind kind,
                                                int nbarriers)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int n = 0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS && kind == COLLALG_SYNC_NMPI)
        err = collalg__nbarriers_resolve(nbarriers, c.size - 1, &n);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, kind, c.size - 1, n);
        err = collalg__allgatherv_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                              &sync);
    }
    return collalg__leave(&c, err);
}

/**
 * @brief MPI_Allgatherv by the ring algorithm.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                           MPI_Comm comm)
{
    return collalg__allgatherv_ring_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_NONE, 0);
}

#endif /* COLLALG_ALLGATHERV_RING_H */
