/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file simple.h
 * @ingroup alltoall
 * @brief Alltoall, simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Simple algorithm").
 *
 * @par Phases
 * One phase. Rank i copies its own block locally, posts a nonblocking receive for the block of
 * every other rank (from 0, 1, ..., p-1), then a nonblocking send of every other block in the
 * order i -> 0, i -> 1, ..., i -> p-1, and waits for all 2 (p - 1) requests. All messages are in
 * flight at once, so rank 0 is the first target of every rank: the node contention this causes
 * is what spreading_simple.h avoids.
 *
 * @par Trace, p = 3 (a -> b: a sends its block for b; one line per rank, in posting order)
 * @verbatim
   rank 0:  0 -> 1,  0 -> 2            (own block copied)
   rank 1:  1 -> 0,  1 -> 2
   rank 2:  2 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_simple_p6.svg
 * @image html alltoall_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair:
 * (p - 1)(alpha + n beta) + kappa (all contention terms: nothing orders the messages).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request handles; plus p * recvcount elements of recvtype when sendbuf is
 * MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall.
 */
#ifndef COLLALG_ALLTOALL_SIMPLE_H
#define COLLALG_ALLTOALL_SIMPLE_H

#include "../family/alltoall.h"

/**
 * @brief The one phase of the simple family: own block copied, then all receives and all sends
 *        posted and waited for. Simple order (@p spread = 0): sends to 0, 1, ..., p-1, receives
 *        from 0, 1, ..., p-1. Spreading order (@p spread = 1): the k-th send goes to rank + k and
 *        the k-th receive is from rank - k (mod p), the rank whose k-th send targets this one.
 *        The rank itself is skipped in both orders (its block was copied).
 * @param spread 0 for the simple order, 1 for the spreading order
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_post_all(collalg__ctx *c, const void *sendbuf, int sendcount,
                                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                              MPI_Datatype recvtype, int spread)
{
    MPI_Aint sext, rext, lb;
    MPI_Request *req = NULL;
    void *mem = NULL;
    int k, peer, n = 0, p = c->size, me = c->rank, err;

    err = collalg__alltoall_self_copy(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    if (err != MPI_SUCCESS || p == 1)
        return err;
    err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &sext);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &rext));
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)(2 * (p - 1)) * (MPI_Aint)sizeof(MPI_Request), &mem);
    req = (MPI_Request *)mem;
    for (k = 0; k < p && err == MPI_SUCCESS; k++) {
        peer = spread ? collalg__mod(me - k, p) : k;
        if (peer != me)
            err = COLLALG_MPI(Irecv)(collalg__alltoall_block(recvbuf, peer, recvcount, rext), recvcount, recvtype, peer,
                                     COLLALG_TAG_DATA, c->pcomm, &req[n++]);
    }
    for (k = 0; k < p && err == MPI_SUCCESS; k++) {
        peer = spread ? collalg__mod(me + k, p) : k;
        if (peer != me)
            err = COLLALG_MPI(Isend)(collalg__alltoall_block(sendbuf, peer, sendcount, sext), sendcount, sendtype, peer,
                                     COLLALG_TAG_DATA, c->pcomm, &req[n++]);
    }
    if (err == MPI_SUCCESS)
        err = collalg__waitall(n, req);
    return err;
}

/**
 * @brief MPI_Alltoall by the simple algorithm.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when the request array or the in-place staging
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_simple(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_post_all(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_SIMPLE_H */
