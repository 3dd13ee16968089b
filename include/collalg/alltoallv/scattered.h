/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file scattered.h
 * @ingroup alltoallv
 * @brief Alltoallv, scattered algorithm: every receive and send posted in batches of at most
 *        @p max_requests pairs, the peers spread around the ring (MPICH's "scattered" blocking
 *        alltoallv with its throttle).
 *
 * @par Phases
 * Phase 0 copies the rank's own block locally. The p - 1 other peers are taken at distances
 * i = 1 .. p - 1 in batches of m = max_requests consecutive distances: for batch [b, b + m) rank
 * j posts a nonblocking receive from rank (j - i) mod p and then a nonblocking send to rank
 * (j + i) mod p for each i of the batch, and waits for all of them before the next batch.
 * Invariant: in a batch every rank sends to and receives from the same distances, so a message's
 * sender and receiver post it in the same batch (no batch waits on a later one), and the k-th
 * message of every rank goes to a different rank. Messages of zero bytes are not sent (sender and
 * receiver agree on their size).
 *
 * @par Trace, p = 6, max_requests = 2 (rank 0's messages; rank j's are the same shifted by j)
 * @verbatim
   batch 1 (i = 1, 2):  recv from 5, 4;  send to 1, 2;  wait
   batch 2 (i = 3, 4):  recv from 3, 2;  send to 3, 4;  wait
   batch 3 (i = 5):     recv from 1;     send to 5;     wait
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_scattered_p6.svg
 * @image html alltoallv_scattered_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, m = max_requests, B = ceil((p - 1) / m) batches, and N_b the bytes rank j
 * sends in batch b (its largest such sum over the ranks): about sum over b of
 * (m alpha + N_b beta) + (B - 1) theta + kappa; for equal blocks of n bytes,
 * (p - 1)(alpha + n beta) + (B - 1) theta + kappa. A larger m overlaps more messages and
 * contends more; m >= p - 1 is one batch (the spreading simple algorithm).
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included), displacements and datatypes, MPI_IN_PLACE (the
 * receive blocks are staged).
 *
 * @par Memory
 * 2 min(m, p - 1) MPI_Request handles; plus, when sendbuf is MPI_IN_PLACE, a copy of the receive
 * blocks.
 *
 * @par References
 * MPICH src/mpi/coll/alltoallv/alltoallv_intra_scattered.c (the batch size is its
 * MPIR_CVAR_ALLTOALL_THROTTLE); A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI
 * Collective Communication Routines", ICS'05, §3.1 (the simple and spreading simple algorithms).
 */
#ifndef COLLALG_ALLTOALLV_SCATTERED_H
#define COLLALG_ALLTOALLV_SCATTERED_H

#include "../family/alltoallv.h"

/** @brief Pairs (one receive, one send) in flight per batch when max_requests is 0. */
#define COLLALG_ALLTOALLV_SCATTERED_MAX_REQUESTS 32

/**
 * @brief One side of distance @p i (collalg__scattered_post_fn): the receive from rank - i or
 *        the send to rank + i of the alltoallv view @p arg, nothing for an empty block.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_scattered_post(const collalg__ctx *c, const void *arg, int i, int recv,
                                                     MPI_Request *req, int *n)
{
    const collalg__alltoallv_view *v = (const collalg__alltoallv_view *)arg;
    int peer = recv ? collalg__ring_from(c->rank, c->size, i) : collalg__ring_to(c->rank, c->size, i);
    if (recv && collalg__alltoallv_rbytes(v, peer) > 0)
        return COLLALG_MPI(Irecv)(collalg__alltoallv_rblock(v, peer), v->recvcounts[peer], v->recvtype, peer,
                                  COLLALG_TAG_DATA, c->pcomm, &req[(*n)++]);
    if (!recv && collalg__alltoallv_sbytes(v, peer) > 0)
        return COLLALG_MPI(Isend)(collalg__alltoallv_sblock(v, peer), v->sendcounts[peer], v->sendtype, peer,
                                  COLLALG_TAG_DATA, c->pcomm, &req[(*n)++]);
    return MPI_SUCCESS;
}

/**
 * @brief MPI_Alltoallv by the scattered algorithm.
 *
 * @alltoallv_args
 * @param[in] max_requests m, the most (receive, send) pairs in flight, >= 1; 0 selects
 *        #COLLALG_ALLTOALLV_SCATTERED_MAX_REQUESTS (32); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (a NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_ARG
 *         when @p max_requests < 0 (before any message; the receive buffer is untouched);
 *         MPI_ERR_NO_MEM when the request array or the in-place staging cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_scattered(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                               MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                               const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                               int max_requests)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS && max_requests < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__alltoallv_self_copy(&c, &v);
    if (err == MPI_SUCCESS)
        err = collalg__scattered_exchange(&c, max_requests ? max_requests : COLLALG_ALLTOALLV_SCATTERED_MAX_REQUESTS,
                                          collalg__alltoallv_scattered_post, &v);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_SCATTERED_H */
