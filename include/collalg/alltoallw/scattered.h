/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file scattered.h
 * @ingroup alltoallw
 * @brief Alltoallw, scattered algorithm: every receive and send posted, at most @p max_requests
 *        pairs in flight at a time, peers spread around the ring (MPICH's "scattered" alltoallw
 *        with its throttle).
 *
 * @par Phases
 * Phase 0 copies the rank's own block locally (send type to receive type). The p - 1 other peers
 * are taken at distances i = 1 .. p-1 in batches of m = max_requests consecutive distances: for
 * batch [b, b + m) rank j posts a nonblocking receive from rank (j - i) mod p and then a
 * nonblocking send to rank (j + i) mod p for each i of the batch, and waits for all of them
 * before the next batch. Invariant: in a batch every rank sends to and receives from the same
 * distances, so a message's sender and receiver are always in the same batch (no batch waits on
 * a later one), and the k-th message of every rank goes to a different rank (no common first
 * target, the node contention of the simple order). Messages of zero bytes are not sent (sender
 * and receiver agree on their size).
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
 * @image html alltoallw_scattered_p6.svg
 * @image html alltoallw_scattered_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, m = max_requests, B = ceil((p - 1) / m) batches, and N_b the bytes rank j
 * sends in batch b (its largest such sum over the ranks): about sum over b of
 * (m alpha + N_b beta) + (B - 1) theta + kappa; for equal blocks of n bytes,
 * (p - 1)(alpha + n beta) + (B - 1) theta + kappa. A larger m overlaps more messages and
 * contends more; m >= p - 1 is one batch (the simple algorithm in the spreading order).
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included), byte displacements and datatypes per peer,
 * MPI_IN_PLACE (the receive blocks are staged).
 *
 * @par Memory
 * 2 min(m, p - 1) MPI_Request handles; plus, when sendbuf is MPI_IN_PLACE, a copy of the span of
 * recvbuf the receive blocks touch.
 *
 * @par References
 * MPICH src/mpi/coll/alltoallw/alltoallw_intra_scattered.c (the throttle is its
 * MPIR_CVAR_ALLTOALL_THROTTLE); A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI
 * Collective Communication Routines", ICS'05, §3.1 (the simple and spreading simple algorithms).
 */
#ifndef COLLALG_ALLTOALLW_SCATTERED_H
#define COLLALG_ALLTOALLW_SCATTERED_H

#include "../family/alltoallw.h"

/** @brief Pairs (one receive, one send) in flight per batch when max_requests is 0. */
#define COLLALG_ALLTOALLW_SCATTERED_MAX_REQUESTS 32

/**
 * @brief One side of distance @p i (collalg__scattered_post_fn): the receive from rank - i or
 *        the send to rank + i of the alltoallw view @p arg, nothing for an empty block.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_scattered_post(const collalg__ctx *c, const void *arg, int i, int recv,
                                                     MPI_Request *req, int *n)
{
    const collalg__alltoallw_view *v = (const collalg__alltoallw_view *)arg;
    int peer = recv ? collalg__ring_from(c->rank, c->size, i) : collalg__ring_to(c->rank, c->size, i);
    if (recv && collalg__alltoallw_rbytes(v, peer) > 0)
        return COLLALG_MPI(Irecv)(collalg__alltoallw_rblock(v, peer), v->recvcounts[peer], v->recvtypes[peer], peer,
                                  COLLALG_TAG_DATA, c->pcomm, &req[(*n)++]);
    if (!recv && collalg__alltoallw_sbytes(v, peer) > 0)
        return COLLALG_MPI(Isend)(collalg__alltoallw_sblock(v, peer), v->sendcounts[peer], v->sendtypes[peer], peer,
                                  COLLALG_TAG_DATA, c->pcomm, &req[(*n)++]);
    return MPI_SUCCESS;
}

/**
 * @brief The scattered algorithm: own block copied, then the batches of @p m distances
 *        (collalg__scattered_exchange).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM when the request array cannot be allocated, or the MPI
 *         error code.
 */
COLLALG_INLINE int collalg__alltoallw_scattered_phases(collalg__ctx *c, const collalg__alltoallw_view *v, int m)
{
    int err = collalg__alltoallw_self_copy(c, v);
    if (err == MPI_SUCCESS)
        err = collalg__scattered_exchange(c, m, collalg__alltoallw_scattered_post, v);
    return err;
}

/**
 * @brief MPI_Alltoallw by the scattered algorithm.
 *
 * @param[in] sendbuf send buffer, or MPI_IN_PLACE (then the send arguments are ignored and the
 *        data to send is taken from @p recvbuf, with the receive counts, displacements and types)
 * @param[in] sendcounts p counts: elements of sendtypes[j] sent to rank j
 * @param[in] sdispls p displacements in bytes from @p sendbuf: where the block for rank j starts
 * @param[in] sendtypes p datatypes: the type of the block for rank j
 * @param[out] recvbuf receive buffer
 * @param[in] recvcounts p counts: elements of recvtypes[i] received from rank i
 * @param[in] rdispls p displacements in bytes from @p recvbuf: where the block from rank i goes
 * @param[in] recvtypes p datatypes: the type of the block from rank i
 * @param[in] comm intracommunicator
 * @param[in] max_requests m, the most (receive, send) pairs in flight, >= 1; 0 selects
 *        #COLLALG_ALLTOALLW_SCATTERED_MAX_REQUESTS (32)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (a NULL counts, displacements or types array),
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments (family/alltoallw.h);
 *         MPI_ERR_ARG when @p max_requests < 0 (before any message; the receive buffer is
 *         untouched); MPI_ERR_NO_MEM when the request array or the in-place staging cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_alltoallw_scattered(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                               const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                               int max_requests)
{
    collalg__ctx c;
    collalg__alltoallw_view v;
    /* A rejected max_requests stages nothing: the call ends before any copy or message. */
    int err = collalg__alltoallw_start(&c, &v, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                       recvtypes, comm, max_requests >= 0);
    if (err == MPI_SUCCESS && max_requests < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__alltoallw_scattered_phases(
            &c, &v, max_requests ? max_requests : COLLALG_ALLTOALLW_SCATTERED_MAX_REQUESTS);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLW_SCATTERED_H */
