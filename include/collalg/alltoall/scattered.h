/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file scattered.h
 * @ingroup alltoall
 * @brief Alltoall, scattered algorithm: every receive and send posted in batches of at most
 *        @p max_requests pairs, the peers spread around the ring (MPICH's "scattered" blocking
 *        alltoall with its throttle).
 *
 * @par Phases
 * Phase 0 copies the rank's own block locally. The p - 1 other peers are taken at distances
 * i = 1 .. p - 1 in batches of m = max_requests consecutive distances: for batch [b, b + m) rank
 * j posts a nonblocking receive of the block of rank (j - i) mod p and then a nonblocking send of
 * its block for rank (j + i) mod p for each i of the batch, and waits for all of them before the
 * next batch. Invariant: in a batch every rank sends to and receives from the same distances, so
 * a message's sender and receiver post it in the same batch (no batch waits on a later one), and
 * the k-th message of every rank goes to a different rank (no common first target, the node
 * contention of the simple algorithm). Blocks of zero bytes are not sent (every block has the
 * same signature, so no rank expects one).
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
 * @image html alltoall_scattered_p6.svg
 * @image html alltoall_scattered_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = sendcount * size of sendtype bytes per pair, m = max_requests and
 * B = ceil((p - 1) / m) batches: (p - 1)(alpha + n beta) + (B - 1) theta + kappa, the messages
 * of a batch overlapped (about B alpha + (p - 1) n beta while the network takes m messages at
 * once). A larger m overlaps more and contends more; m >= p - 1 is one batch (the spreading
 * simple algorithm); m = 1 is the ring algorithm with a wait between its phases.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE (the receive blocks are staged).
 *
 * @par Memory
 * 2 min(m, p - 1) MPI_Request handles; plus p * recvcount elements of recvtype when sendbuf is
 * MPI_IN_PLACE.
 *
 * @par References
 * MPICH src/mpi/coll/alltoall/alltoall_intra_scattered.c (the batch size is its
 * MPIR_CVAR_ALLTOALL_THROTTLE); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of
 * Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.5 (the medium-message
 * alltoall: all messages posted, the destinations spread); A. Faraj, X. Yuan, "Automatic
 * Generation and Tuning of MPI Collective Communication Routines", ICS'05, §3.1 (the simple and
 * spreading simple algorithms).
 */
#ifndef COLLALG_ALLTOALL_SCATTERED_H
#define COLLALG_ALLTOALL_SCATTERED_H

#include "../family/alltoall.h"

/** @brief Pairs (one receive, one send) in flight per batch when max_requests is 0. */
#define COLLALG_ALLTOALL_SCATTERED_MAX_REQUESTS 32

/** @brief The blocks of one alltoall call as the scattered batches address them. */
typedef struct collalg__alltoall_scatter_args {
    const void *sendbuf;   /**< send buffer (the staged copy for MPI_IN_PLACE) */
    int sendcount;         /**< elements of sendtype per block */
    MPI_Datatype sendtype; /**< send datatype */
    MPI_Aint sext;         /**< extent of sendtype (bytes) */
    void *recvbuf;         /**< receive buffer */
    int recvcount;         /**< elements of recvtype per block */
    MPI_Datatype recvtype; /**< receive datatype */
    MPI_Aint rext;         /**< extent of recvtype (bytes) */
} collalg__alltoall_scatter_args;

/**
 * @brief One side of distance @p i (collalg__scattered_post_fn): the receive of block rank - i
 *        or the send of block rank + i of the call @p arg (never empty: the caller skips empty
 *        calls). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_scattered_post(const collalg__ctx *c, const void *arg, int i, int recv,
                                                    MPI_Request *req, int *n)
{
    const collalg__alltoall_scatter_args *a = (const collalg__alltoall_scatter_args *)arg;
    int peer;
    if (recv) {
        peer = collalg__ring_from(c->rank, c->size, i);
        return COLLALG_MPI(Irecv)(collalg__alltoall_block(a->recvbuf, peer, a->recvcount, a->rext), a->recvcount,
                                  a->recvtype, peer, COLLALG_TAG_DATA, c->pcomm, &req[(*n)++]);
    }
    peer = collalg__ring_to(c->rank, c->size, i);
    return COLLALG_MPI(Isend)(collalg__alltoall_block(a->sendbuf, peer, a->sendcount, a->sext), a->sendcount,
                              a->sendtype, peer, COLLALG_TAG_DATA, c->pcomm, &req[(*n)++]);
}

/**
 * @brief MPI_Alltoall by the scattered algorithm.
 *
 * @alltoall_args
 * @param[in] max_requests m, the most (receive, send) pairs in flight, >= 1; 0 selects
 *        #COLLALG_ALLTOALL_SCATTERED_MAX_REQUESTS (32); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG when @p max_requests < 0 (before any message;
 *         the receive buffer is untouched); MPI_ERR_NO_MEM when the request array or the
 *         in-place staging cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_scattered(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int max_requests)
{
    collalg__ctx c;
    collalg__alltoall_scatter_args a;
    MPI_Aint lb;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);

    if (err == MPI_SUCCESS && max_requests < 0)
        err = MPI_ERR_ARG;
    a.sendbuf = sendbuf;
    a.sendcount = sendcount;
    a.sendtype = sendtype;
    a.recvbuf = recvbuf;
    a.recvcount = recvcount;
    a.recvtype = recvtype;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &a.sext);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &a.rext);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_self_copy(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    if (err == MPI_SUCCESS && !collalg__alltoall_empty(recvcount, recvtype))
        err = collalg__scattered_exchange(&c, max_requests ? max_requests : COLLALG_ALLTOALL_SCATTERED_MAX_REQUESTS,
                                          collalg__alltoall_scattered_post, &a);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_SCATTERED_H */
