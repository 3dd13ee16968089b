/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file simple.h
 * @ingroup allgather
 * @brief Allgather, simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Allgather",
 *        simple algorithm, the all-to-all simple pattern).
 *
 * @par Phases
 * Phase 0 copies the own block into recvbuf. Then every rank posts all its p - 1 non-blocking
 * receives (the block of rank r straight into slot r of recvbuf) and all its p - 1 non-blocking
 * sends of its own block, in rank order r = 0, 1, ..., p - 1 (itself skipped), and waits for
 * all of them. One communication phase: MPI and the network decide the order, so every rank
 * sends to rank 0 first (node contention at low ranks); spreading_simple.h staggers the order.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_simple_p6.svg
 * @image html allgather_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + kappa_n + kappa_s + kappa_l (no theta: a single phase).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request and MPI_Status.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather ("work exactly like their
 * all-to-all counterparts"), "Simple algorithm".
 */
#ifndef COLLALG_ALLGATHER_SIMPLE_H
#define COLLALG_ALLGATHER_SIMPLE_H

#include "../family/allgather.h"

/**
 * @brief The one phase of simple and spreading simple: after the own-block copy, posts p - 1
 *        receives then p - 1 sends of the own block, peers in rank order (@p spread 0) or
 *        staggered (@p spread 1: i-th receive from rank - i, i-th send to rank + i), and waits
 *        for all of them (also after a failed post, for the requests already posted).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM for the request array, or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_simple_phase(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                   MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                   MPI_Datatype recvtype, int spread)
{
    MPI_Aint rext = 0;
    collalg__allgather_reqs_t r = {NULL, NULL, 0};
    int i, peer, p = c->size, me = c->rank;
    int err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);

    if (err != MPI_SUCCESS || p == 1)
        return err;
    err = collalg__allgather_reqs(c, 2 * (p - 1), &r);
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        peer = spread ? collalg__ring_from(me, p, i) : (i <= me ? i - 1 : i);
        err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, (MPI_Aint)peer * recvcount, rext), recvcount, recvtype, peer,
                                 COLLALG_TAG_DATA, c->pcomm, &r.req[r.n]);
        r.n += err == MPI_SUCCESS;
    }
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        peer = spread ? collalg__ring_to(me, p, i) : (i <= me ? i - 1 : i);
        err = COLLALG_MPI(Isend)(sendbuf, sendcount, sendtype, peer, COLLALG_TAG_DATA, c->pcomm, &r.req[r.n]);
        r.n += err == MPI_SUCCESS;
    }
    return collalg__allgather_waitall(&r, err);
}

/**
 * @brief MPI_Allgather by the simple algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler. Also MPI_ERR_NO_MEM when the request array cannot be allocated.
 */
COLLALG_INLINE int collalg_allgather_simple(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_simple_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_SIMPLE_H */
