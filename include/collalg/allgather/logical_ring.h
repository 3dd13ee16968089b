/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file logical_ring.h
 * @ingroup allgather
 * @brief Allgather, logical ring with neighbour forwarding in rank order (MPICH's ring allgather;
 *        the pattern of Faraj & Yuan's topology-specific allgather, ICS'05, §3.1, on the ring
 *        0 -> 1 -> ... -> p - 1 -> 0 instead of the switches' DFS order).
 *
 * @par Phases
 * Phase 0 copies the own block into slot rank of recvbuf. In step s = 0 .. p - 2, rank r sends
 * block (r - s) mod p (the one it received in the previous step; its own in step 0) from its slot
 * of recvbuf to r + 1, and receives block (r - s - 1) mod p from r - 1 straight into its slot
 * (ranks mod p). Every rank talks only to its two neighbours: where the ring is contention free
 * each link carries one message per step. collalg_allgather_topology_ring() runs the same steps
 * along the topology's DFS ring.
 *
 * @par Trace, p = 3 (a -> b [k]: a sends block k to b)
 * @verbatim
   step 0:  0 -> 1 [0],  1 -> 2 [1],  2 -> 0 [2]
   step 1:  0 -> 1 [2],  1 -> 2 [0],  2 -> 0 [1]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_logical_ring_p6.svg
 * @image html allgather_logical_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + (p - 2) theta + kappa_s; each step waits for the previous one's
 * block, so a late rank delays its successors. A step does not wait for its own send to
 * complete (up to COLLALG_FORWARD_WINDOW sends in flight, receives posted as far ahead), so the
 * latency of one step overlaps the transfer of the previous one where the network allows.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Allgather, "Topology specific algorithm" ("MPICH uses a
 * topology unaware logical ring algorithm that operates in the same way"); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 2005, §4.1 (ring allgather).
 */
#ifndef COLLALG_ALLGATHER_LOGICAL_RING_H
#define COLLALG_ALLGATHER_LOGICAL_RING_H

#include "../family/allgather.h"

/**
 * @brief Neighbour forwarding around a logical ring, shared by logical_ring.h and
 *        topology_ring.h: after the own-block copy, in step s the rank at ring position i sends
 *        the block of the rank at position i - s to position i + 1 and receives the block of the
 *        rank at position i - s - 1 from position i - 1 (positions mod p).
 *
 * Invariant: the send of step s starts once the receive of step s - 1 (its block) has completed;
 * it is not waited for before step s + 1, so up to COLLALG_FORWARD_WINDOW sends are in flight
 * and the receives of as many steps ahead are posted. Every block has its own slot of recvbuf
 * and is never written again once received, so a send in flight reads stable data; one pair
 * (left to me, me to right) carries the steps in order, so MPI's ordering matches them.
 * @param c the call's context
 * @param sendbuf,sendcount,sendtype the own block (enter step already applied)
 * @param recvbuf,recvcount,recvtype the receive buffer, p blocks
 * @param ring ring[i]: the rank at position i (NULL: rank order, ring[i] = i)
 * @param pos pos[r]: the position of rank r (NULL with @p ring NULL)
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_ring_forward(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                   MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                   MPI_Datatype recvtype, const int *ring, const int *pos)
{
    enum { W = COLLALG_FORWARD_WINDOW };
    MPI_Request sq[W], rq[W];
    MPI_Aint rext = 0;
    int s, k, p = c->size, i = pos ? pos[c->rank] : c->rank, steps = p - 1;
    int right = collalg__ring_block(ring, i + 1, p), left = collalg__ring_block(ring, i - 1, p);
    int err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);

    for (k = 0; k < W; k++)
        sq[k] = rq[k] = MPI_REQUEST_NULL;
    /* receive of step s: the block of position i - s - 1, into its slot */
    for (s = 0; s < steps && s < W && err == MPI_SUCCESS; s++)
        err = COLLALG_MPI(Irecv)(
            collalg__at(recvbuf, (MPI_Aint)collalg__ring_block(ring, i - s - 1, p) * recvcount, rext), recvcount,
            recvtype, left, COLLALG_TAG_DATA, c->pcomm, &rq[s]);
    for (s = 0; s < steps && err == MPI_SUCCESS; s++) {
        k = s % W;
        err = COLLALG_MPI(Wait)(&sq[k], MPI_STATUS_IGNORE); /* the send of step s - W */
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Isend)(
                collalg__at(recvbuf, (MPI_Aint)collalg__ring_block(ring, i - s, p) * recvcount, rext), recvcount,
                recvtype, right, COLLALG_TAG_DATA, c->pcomm, &sq[k]);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Wait)(&rq[k], MPI_STATUS_IGNORE); /* step s + 1's block is here */
        if (err == MPI_SUCCESS && s + W < steps)
            err = COLLALG_MPI(Irecv)(
                collalg__at(recvbuf, (MPI_Aint)collalg__ring_block(ring, i - s - W - 1, p) * recvcount, rext),
                recvcount, recvtype, left, COLLALG_TAG_DATA, c->pcomm, &rq[k]);
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(W, rq));
    return collalg__first(err, collalg__waitall(W, sq));
}

/**
 * @brief MPI_Allgather by neighbour forwarding around the ring of ranks.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_logical_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err =
            collalg__allgather_ring_forward(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, NULL, NULL);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_LOGICAL_RING_H */
