/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file simple.h
 * @ingroup alltoallv
 * @brief Alltoallv, simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Alltoallv": the alltoallv version of the alltoall simple algorithm).
 *
 * @par Phases
 * One phase. Rank i copies its own block locally, posts a nonblocking receive for every other
 * rank's non-empty block (from 0, 1, ..., p-1), then a nonblocking send of every other
 * non-empty block in the order i -> 0, i -> 1, ..., i -> p-1, and waits for all of them.
 * Messages of zero bytes are not sent at all (sender and receiver agree on their size). All
 * messages are in flight at once and every rank targets rank 0 first: the node contention
 * spreading_simple.h avoids.
 *
 * @par Trace, p = 3, rank 1 sends nothing to rank 2 (a -> b: a sends its block for b; one
 * line per rank, in posting order)
 * @verbatim
   rank 0:  0 -> 1,  0 -> 2            (own block copied)
   rank 1:  1 -> 0                     (1 -> 2 is empty: skipped)
   rank 2:  2 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_simple_p6.svg
 * @image html alltoallv_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and rank i sending m_i non-empty messages of N_i bytes in all: about
 * max over i of (m_i alpha + N_i beta) + kappa (all contention terms: nothing orders the
 * messages); for equal messages of n bytes, (p - 1)(alpha + n beta) + kappa.
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included) and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request handles; plus, when sendbuf is MPI_IN_PLACE, a copy of the span of
 * recvbuf the receive blocks cover.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall and Algorithms for MPI_Alltoallv.
 */
#ifndef COLLALG_ALLTOALLV_SIMPLE_H
#define COLLALG_ALLTOALLV_SIMPLE_H

#include "../family/alltoallv.h"

/**
 * @brief The one phase of the simple family: own block copied, then all non-empty receives and
 *        sends posted and waited for. Simple order (@p spread = 0): sends to 0, 1, ..., p-1,
 *        receives from 0, 1, ..., p-1. Spreading order (@p spread = 1): the k-th send goes to
 *        rank + k and the k-th receive is from rank - k (mod p). The rank itself is skipped.
 * @param spread 0 for the simple order, 1 for the spreading order
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_post_all(collalg__ctx *c, const collalg__alltoallv_view *v, int spread)
{
    MPI_Request *req = NULL;
    void *mem = NULL;
    int k, peer, n = 0, p = c->size, me = c->rank, err;

    err = collalg__alltoallv_self_copy(c, v);
    if (err != MPI_SUCCESS || p == 1)
        return err;
    err = collalg__scratch(c, (MPI_Aint)(2 * (p - 1)) * (MPI_Aint)sizeof(MPI_Request), &mem);
    req = (MPI_Request *)mem;
    for (k = 0; k < p && err == MPI_SUCCESS; k++) {
        peer = spread ? collalg__mod(me - k, p) : k;
        if (peer != me && collalg__alltoallv_rbytes(v, peer) > 0)
            err = COLLALG_MPI(Irecv)(collalg__alltoallv_rblock(v, peer), v->recvcounts[peer], v->recvtype, peer,
                                     COLLALG_TAG_DATA, c->pcomm, &req[n++]);
    }
    for (k = 0; k < p && err == MPI_SUCCESS; k++) {
        peer = spread ? collalg__mod(me + k, p) : k;
        if (peer != me && collalg__alltoallv_sbytes(v, peer) > 0)
            err = COLLALG_MPI(Isend)(collalg__alltoallv_sblock(v, peer), v->sendcounts[peer], v->sendtype, peer,
                                     COLLALG_TAG_DATA, c->pcomm, &req[n++]);
    }
    return collalg__first(err, collalg__waitall(n, req));
}

/**
 * @brief MPI_Alltoallv by the simple algorithm.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (a NULL counts or displacements array) for bad arguments (core/args.h);
 *         MPI_ERR_NO_MEM when the request array or the in-place staging cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_simple(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallv_post_all(&c, &v, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_SIMPLE_H */
