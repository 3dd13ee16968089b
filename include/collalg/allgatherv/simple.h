/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file simple.h
 * @ingroup allgatherv
 * @brief Allgatherv, simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv": the allgather simple algorithm extended to irregular blocks).
 *
 * @par Phases
 * Phase 0 copies the own block into its place of recvbuf (displs[rank]). Then every rank posts
 * all its non-blocking receives (the block of rank r, recvcounts[r] elements, straight to
 * displs[r] of recvbuf) and all its non-blocking sends of its own block, peers in rank order
 * 0, 1, ..., p - 1 (itself skipped), and waits for all of them. A block of zero bytes is
 * neither sent nor received (every rank knows every block's size). One communication phase:
 * every rank sends to rank 0 first (node contention at low ranks); spreading_simple.h
 * staggers the order.
 *
 * @par Trace, p = 3, rank 1 holds no data (a -> b: a sends its own block to b)
 * @verbatim
   phase 0:  ranks 0 and 2 copy their blocks into recvbuf
   phase 1:  0 -> 1, 0 -> 2, 2 -> 0, 2 -> 1   (all at once; rank 1 sends nothing)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_simple_p6.svg
 * @image html allgatherv_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j and N = sum n_j:
 * rank j sends (p - 1) messages of n_j bytes and receives N - n_j bytes:
 * (p - 1)(alpha + max_j n_j beta) + kappa_n + kappa_s + kappa_l (no theta: a single phase).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request and MPI_Status.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication
 * Routines", ICS'05, §3.1, Algorithms for MPI_Allgatherv ("the simple, recursive doubling,
 * ring and pair families algorithms" extended from MPI_Allgather), "Simple algorithm".
 */
#ifndef COLLALG_ALLGATHERV_SIMPLE_H
#define COLLALG_ALLGATHERV_SIMPLE_H

#include "../family/allgatherv.h"

/**
 * @brief The one phase of simple and spreading simple: after the own-block copy, posts the
 *        receives then the sends of the own block, peers in rank order (@p spread 0) or
 *        staggered (@p spread 1: i-th receive from rank - i, i-th send to rank + i), and waits
 *        for all of them (also after a failed post, for the requests already posted).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM for the request array, or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_simple_phase(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                    MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                                    const int *displs, MPI_Datatype recvtype, int spread)
{
    MPI_Aint rext = 0;
    collalg__allgather_reqs_t r = {NULL, NULL, 0};
    int i, peer, rsize = 0, p = c->size, me = c->rank;
    int err = collalg__allgatherv_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);

    if (err != MPI_SUCCESS || p == 1)
        return err;
    err = collalg__type_size(recvtype, &rsize);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_reqs(c, 2 * (p - 1), &r);
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        peer = spread ? collalg__ring_from(me, p, i) : (i <= me ? i - 1 : i);
        if (collalg__vpeer(peer, recvcounts[peer], rsize) == MPI_PROC_NULL)
            continue;
        err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, displs[peer], rext), recvcounts[peer], recvtype, peer,
                                 COLLALG_TAG_DATA, c->pcomm, &r.req[r.n]);
        r.n += err == MPI_SUCCESS;
    }
    for (i = 1; i < p && err == MPI_SUCCESS && collalg__vpeer(me, recvcounts[me], rsize) != MPI_PROC_NULL; i++) {
        peer = spread ? collalg__ring_to(me, p, i) : (i <= me ? i - 1 : i);
        err = COLLALG_MPI(Isend)(sendbuf, sendcount, sendtype, peer, COLLALG_TAG_DATA, c->pcomm, &r.req[r.n]);
        r.n += err == MPI_SUCCESS;
    }
    return collalg__allgather_waitall(&r, err);
}

/**
 * @brief MPI_Allgatherv by the simple algorithm.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); MPI_ERR_NO_MEM when the
 *         request array cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_simple(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                             MPI_Comm comm)
{
    collalg__ctx c;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_simple_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                               0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_SIMPLE_H */
