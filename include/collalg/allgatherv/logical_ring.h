/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file logical_ring.h
 * @ingroup allgatherv
 * @brief Allgatherv, logical ring with neighbour forwarding in rank order (MPICH's ring
 *        allgatherv; the pattern of Faraj & Yuan's topology-specific allgather, ICS'05, §3.1,
 *        on the ring 0 -> 1 -> ... -> p - 1 -> 0 instead of the switches' DFS order).
 *
 * @par Phases
 * Phase 0 copies the own block to displs[rank] of recvbuf. In step s = 0 .. p - 2, rank r sends
 * block (r - s) mod p (the one it received in the previous step; its own in step 0) from its
 * place in recvbuf to r + 1, and receives block (r - s - 1) mod p from r - 1 straight to its
 * place in recvbuf (ranks mod p). Every rank talks only to its two neighbours, so on a network
 * where the ring is contention free (the paper's DFS order of the switches) the links carry
 * one message each per step. A block of zero bytes is neither sent nor received.
 *
 * The ring in topology (DFS) order needs a topology description of the machine, which the
 * catalogue does not have yet; this header is the rank-order ring only.
 *
 * @par Trace, p = 3 (a -> b [k]: a sends block k to b)
 * @verbatim
   step 0:  0 -> 1 [0],  1 -> 2 [1],  2 -> 0 [2]
   step 1:  0 -> 1 [2],  1 -> 2 [0],  2 -> 0 [1]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_logical_ring_p6.svg
 * @image html allgatherv_logical_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_j = recvcounts[j] * size of recvtype bytes in block j: each step lasts
 * as long as its largest block, at most (p - 1)(alpha + max_j n_j beta) + (p - 2) theta +
 * kappa_s (equal blocks n: (p - 1)(alpha + n beta), the paper's estimate); a very large block
 * travels around the whole ring, one step per rank.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Topology specific algorithm"
 * (logical ring; "MPICH uses a topology unaware logical ring algorithm that operates in the
 * same way"); R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA 2005, §4.1 (ring allgather).
 */
#ifndef COLLALG_ALLGATHERV_LOGICAL_RING_H
#define COLLALG_ALLGATHERV_LOGICAL_RING_H

#include "../family/allgatherv.h"

/**
 * @brief The neighbour-forwarding steps shared by the logical rings: the ring visits the ranks in
 *        the order @p order[0 .. p-1] (NULL: rank order) and this rank sits at position @p pos.
 *        In step s it sends the block of the rank s positions before it to its successor and
 *        receives the block of the rank s + 1 positions before it from its predecessor; a
 *        block of zero bytes is not sent. Call only on an attached context.
 *
 * As in collalg__allgather_ring_forward(): a step's send starts once its block has arrived and
 * is not waited for before the next step (up to COLLALG_FORWARD_WINDOW sends in flight,
 * receives posted as many steps ahead); blocks are never written again once received.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_ring_forward(const collalg__ctx *c, void *recvbuf, const int *recvcounts,
                                                    const int *displs, MPI_Datatype recvtype, MPI_Aint rext,
                                                    const int *order, int pos)
{
    enum { W = COLLALG_FORWARD_WINDOW };
    MPI_Request sq[W], rq[W];
    int s, k, b, p = c->size, rsize = 0, steps = p - 1;
    int right = collalg__ring_block(order, pos + 1, p), left = collalg__ring_block(order, pos - 1, p);
    int err = collalg__type_size(recvtype, &rsize);

    for (k = 0; k < W; k++)
        sq[k] = rq[k] = MPI_REQUEST_NULL;
    /* receive of step s: the block of position pos - s - 1 */
    for (s = 0; s < steps && s < W && err == MPI_SUCCESS; s++) {
        b = collalg__ring_block(order, pos - s - 1, p);
        err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, displs[b], rext), recvcounts[b], recvtype,
                                 collalg__vpeer(left, recvcounts[b], rsize), COLLALG_TAG_DATA, c->pcomm, &rq[s]);
    }
    for (s = 0; s < steps && err == MPI_SUCCESS; s++) {
        k = s % W;
        b = collalg__ring_block(order, pos - s, p);
        err = COLLALG_MPI(Wait)(&sq[k], MPI_STATUS_IGNORE); /* the send of step s - W */
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Isend)(collalg__at(recvbuf, displs[b], rext), recvcounts[b], recvtype,
                                     collalg__vpeer(right, recvcounts[b], rsize), COLLALG_TAG_DATA, c->pcomm, &sq[k]);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Wait)(&rq[k], MPI_STATUS_IGNORE); /* step s + 1's block is here */
        b = collalg__ring_block(order, pos - s - W - 1, p);
        if (err == MPI_SUCCESS && s + W < steps)
            err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, displs[b], rext), recvcounts[b], recvtype,
                                     collalg__vpeer(left, recvcounts[b], rsize), COLLALG_TAG_DATA, c->pcomm, &rq[k]);
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(W, rq));
    return collalg__first(err, collalg__waitall(W, sq));
}

/**
 * @brief MPI_Allgatherv by neighbour forwarding around the ring of ranks.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_logical_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                   void *recvbuf, const int recvcounts[], const int displs[],
                                                   MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    MPI_Aint rext = 0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_ring_forward(&c, recvbuf, recvcounts, displs, recvtype, rext, NULL, c.rank);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_LOGICAL_RING_H */
