/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup alltoall
 * @brief Alltoall, ring algorithm (Faraj & Yuan, ICS'05, §3.1 "Ring algorithm").
 *
 * @par Phases
 * Phase 0 copies the rank's own block locally. In phase i = 1 .. p-1, rank j sends its block for
 * rank (j + i) mod p and receives the block of rank (j - i) mod p. Each rank receives from one
 * sender per phase, so there is no node contention while the phases stay in step; nothing keeps
 * them in step (the synchronised variants in ring_light_barrier.h, ring_mpi_barrier.h and
 * ring_n_mpi_barriers.h do).
 *
 * @par Trace, p = 3 (a -> b: a sends its block for b)
 * @verbatim
   phase 1:  0 -> 1,  1 -> 2,  2 -> 0
   phase 2:  0 -> 2,  1 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_ring_p6.svg
 * @image html alltoall_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair:
 * (p - 1)(alpha + n beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * No scratch, except p * recvcount elements of recvtype when sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall.
 */
#ifndef COLLALG_ALLTOALL_RING_H
#define COLLALG_ALLTOALL_RING_H

#include "../core/core.h"

/**
 * @brief The ring phases shared by the ring family: phase 0 is the local copy, phase i sends to
 *        rank + i and receives from rank - i, with @p sync between phases.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_ring_phases(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype, collalg__phase_sync *sync)
{
    MPI_Aint sext, rext, lb;
    int i, to, from, err, p = c->size, me = c->rank;

    err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &sext);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &rext));
    err = collalg__first(err, collalg__copy(collalg__at(sendbuf, (MPI_Aint)me * sendcount, sext), sendcount, sendtype,
                                            collalg__at(recvbuf, (MPI_Aint)me * recvcount, rext), recvcount, recvtype,
                                            c->pcomm));
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        to = collalg__ring_to(me, p, i);
        from = collalg__ring_from(me, p, i);
        err = COLLALG_MPI(Sendrecv)(collalg__at(sendbuf, (MPI_Aint)to * sendcount, sext), sendcount, sendtype, to,
                                    COLLALG_TAG_DATA, collalg__at(recvbuf, (MPI_Aint)from * recvcount, rext), recvcount,
                                    recvtype, from, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && i + 1 < p)
            err = collalg__phase_sync_between(sync, i - 1, c->pcomm, collalg__ring_from(me, p, i + 1),
                                              collalg__ring_to(me, p, i + 1));
    }
    return err;
}

/**
 * @brief MPI_Alltoall by the ring algorithm.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when in-place staging cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, c.size - 1, 0);
        err = collalg__alltoall_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_RING_H */
