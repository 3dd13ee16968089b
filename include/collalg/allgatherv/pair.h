/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair.h
 * @ingroup allgatherv
 * @brief Allgatherv, pair algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv": the allgather pair algorithm extended to irregular blocks).
 *
 * @par Phases
 * Phase 0 copies the own block to displs[rank] of recvbuf. Then, in step s = 0 .. S-1, rank j
 * exchanges own blocks with its partner collalg__pair_peer(j, p, s): it sends its own block
 * and receives the partner's own block straight to the partner's place of recvbuf (no
 * forwarding). A block of zero bytes is neither sent nor received, so an exchange with a rank
 * without data is a receive only (or nothing). Invariant: after step s, rank j holds its own
 * block and the blocks of its partners of steps 0 .. s.
 *
 * @par Generalisation to any p
 * The paper pairs j with j XOR i in step i, which needs p to be a power of two; for those p the
 * schedule is exactly that (S = p - 1). For other p the steps follow the 1-factorisation of the
 * complete graph in schedule/common.h (round-robin "circle" method): even p takes S = p - 1
 * steps, each a perfect matching; odd p takes S = p steps, each a matching plus one idle rank.
 *
 * @par Trace, p = 3 (a <-> b: a and b exchange their own blocks)
 * @verbatim
   step 0:  1 <-> 2,  0 idle
   step 1:  0 <-> 1,  2 idle
   step 2:  0 <-> 2,  1 idle
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_pair_p6.svg
 * @image html allgatherv_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j and S steps (p - 1
 * for even p, p for odd p), a step lasting as long as its largest message:
 * at most S (alpha + max_j n_j beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather and MPI_Allgatherv, "Pair
 * algorithm"; the 1-factorisation for other p as in schedule/common.h.
 */
#ifndef COLLALG_ALLGATHERV_PAIR_H
#define COLLALG_ALLGATHERV_PAIR_H

#include "../family/allgatherv.h"

/**
 * @brief The pair steps shared by the pair family: phase 0 is the local copy, step s exchanges
 *        own blocks with the step's partner, with @p sync between steps.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_pair_phases(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                   MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                                   const int *displs, MPI_Datatype recvtype, collalg__phase_sync *sync)
{
    MPI_Aint rext = 0;
    int s, peer, next, rsize = 0, p = c->size, me = c->rank, steps = collalg__pair_nsteps(c->size);
    int err = collalg__allgatherv_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);

    if (err == MPI_SUCCESS)
        err = collalg__type_size(recvtype, &rsize);
    for (s = 0; s < steps && err == MPI_SUCCESS; s++) {
        peer = collalg__pair_peer(me, p, s);
        if (peer != me)
            err = COLLALG_MPI(Sendrecv)(sendbuf, sendcount, sendtype, collalg__vpeer(peer, recvcounts[me], rsize),
                                        COLLALG_TAG_DATA, collalg__at(recvbuf, displs[peer], rext), recvcounts[peer],
                                        recvtype, collalg__vpeer(peer, recvcounts[peer], rsize), COLLALG_TAG_DATA,
                                        c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && s + 1 < steps) {
            next = collalg__pair_peer(me, p, s + 1);
            next = next == me ? MPI_PROC_NULL : next;
            err = collalg__phase_sync_between(sync, s, c->pcomm, next, next);
        }
    }
    return err;
}

/**
 * @brief The whole call of the pair family: enter step, N resolved for COLLALG_SYNC_NMPI
 *        (MPI_ERR_ARG out of range, before any message), the phases with synchronisation
 *        @p kind, one exit.
 * @return as collalg_allgatherv_pair(), plus MPI_ERR_ARG for a bad @p nbarriers.
 */
COLLALG_INLINE int collalg__allgatherv_pair_run(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
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
        err = collalg__nbarriers_resolve(nbarriers, collalg__pair_nsteps(c.size), &n);
    if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, kind, collalg__pair_nsteps(c.size), n);
        err = collalg__allgatherv_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                              &sync);
    }
    return collalg__leave(&c, err);
}

/**
 * @brief MPI_Allgatherv by the pair algorithm.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_pair(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                           MPI_Comm comm)
{
    return collalg__allgatherv_pair_run(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        COLLALG_SYNC_NONE, 0);
}

#endif /* COLLALG_ALLGATHERV_PAIR_H */
