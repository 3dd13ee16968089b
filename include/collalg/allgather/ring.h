/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup allgather
 * @brief Allgather, ring algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather",
 *        ring algorithm, the all-to-all ring pattern).
 *
 * @par Phases
 * Phase 0 copies the rank's own block from sendbuf into its slot of recvbuf. In phase
 * i = 1 .. p-1, rank j sends its OWN block to rank (j + i) mod p and receives the own block of
 * rank (j - i) mod p straight into slot (j - i) mod p of recvbuf: nothing is forwarded, exactly
 * as in the all-to-all ring. Invariant: after phase i, rank j holds the blocks of ranks
 * j, j - 1, ..., j - i (mod p). Each rank receives from one sender per phase, so there is no node
 * contention while the phases stay in step; nothing keeps them in step (the synchronised
 * variants ring_light_barrier.h, ring_mpi_barrier.h and ring_n_mpi_barriers.h do).
 *
 * This is not MPICH's "ring" allgather, where every rank forwards the block it just received to
 * its right neighbour: that neighbour-forwarding logical ring is the paper's topology-specific
 * allgather algorithm and comes with a later issue.
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
 * @image html allgather_ring_p6.svg
 * @image html allgather_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Allgather.
 */
#ifndef COLLALG_ALLGATHER_RING_H
#define COLLALG_ALLGATHER_RING_H

#include "../family/allgather.h"

/**
 * @brief The ring phases shared by the ring family: phase 0 is the local copy, phase i sends the
 *        own block to rank + i and receives the block of rank - i, with @p sync between phases.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_ring_phases(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                  MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                  MPI_Datatype recvtype, collalg__phase_sync *sync)
{
    MPI_Aint rext = 0;
    int i, to, from, p = c->size, me = c->rank;
    int err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);

    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        to = collalg__ring_to(me, p, i);
        from = collalg__ring_from(me, p, i);
        err = COLLALG_MPI(Sendrecv)(sendbuf, sendcount, sendtype, to, COLLALG_TAG_DATA,
                                    collalg__at(recvbuf, (MPI_Aint)from * recvcount, rext), recvcount, recvtype, from,
                                    COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && i + 1 < p)
            err = collalg__phase_sync_between(sync, i - 1, c->pcomm, collalg__ring_from(me, p, i + 1),
                                              collalg__ring_to(me, p, i + 1));
    }
    return err;
}

/**
 * @brief MPI_Allgather by the ring algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, c.size - 1, 0);
        err = collalg__allgather_ring_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_RING_H */
