/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_ring.h
 * @ingroup allgatherv
 * @brief Allgatherv, logical ring with neighbour forwarding along the topology's depth-first
 *        order (Faraj & Yuan, ICS'05, §3.1 "Topology specific algorithm"; Faraj, Patarasuk &
 *        Yuan, Cluster 2005), with blocks of any size.
 *
 * @par Phases
 * As collalg_allgather_topology_ring(): the ranks in the DFS order of the topology tree
 * (machine/topology_comm.h), ring[i] the rank at position i. Phase 0 copies the own block to
 * displs[rank] of recvbuf. In step s = 0 .. p - 2, the rank at position i sends block ring[i - s]
 * from its place in recvbuf to ring[i + 1] and receives block ring[i - s - 1] from ring[i - 1]
 * straight to its place (positions mod p). A block of zero bytes is neither sent nor received.
 * The first call on a communicator computes the topology (collective) and caches it.
 *
 * @par Trace, two switches (a -> b [k]: a sends block k to b)
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=top Switches=s[0-1]`; p = 4, rank 0 on n0, 1 on n2, 2 on n1, 3 on n3: the DFS ring
 * is 0, 2, 1, 3 and each step crosses each direction between the switches once.
 * @verbatim
   step 0:  0 -> 2 [0],  2 -> 1 [2],  1 -> 3 [1],  3 -> 0 [3]
   step 1:  0 -> 2 [3],  2 -> 1 [0],  1 -> 3 [2],  3 -> 0 [1]
   step 2:  0 -> 2 [1],  2 -> 1 [3],  1 -> 3 [0],  3 -> 0 [2]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there.
 * @image html allgatherv_topology_ring_p6.svg
 * @image html allgatherv_topology_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_j = recvcounts[j] * size of recvtype bytes in block j: each step lasts
 * as long as its largest block, at most (p - 1)(alpha + max_j n_j beta) + (p - 2) theta +
 * kappa_s, with no link shared by two messages of a step on a tree network. The first call on a
 * communicator adds an allgather of p * MPI_MAX_PROCESSOR_NAME bytes, an allreduce of 40 bytes
 * and the parse of the description.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements. Without a
 * description the ring is the node-level order (ranks grouped by host, hosts in order of their
 * lowest rank). A bad description, a host missing in it, or ranks disagreeing on it give
 * MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * No scratch per call. Cached with the communicator until it is freed: the rank tree (about 5
 * ints per vertex: ranks, their hosts and switches) and 2 p ints (ring and positions).
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, "Topology specific algorithm". A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth
 * Efficient All-to-All Broadcast on Switched Clusters", IEEE Cluster 2005.
 */
#ifndef COLLALG_ALLGATHERV_TOPOLOGY_RING_H
#define COLLALG_ALLGATHERV_TOPOLOGY_RING_H

#include "logical_ring.h"
#include "../machine/topology_comm.h"

/**
 * @brief MPI_Allgatherv by neighbour forwarding around the topology's DFS ring.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); MPI_ERR_ARG on every rank,
 *         receive buffer untouched, when the description of `COLLALG_TOPOLOGY` is malformed or
 *         unreadable, lacks a host of @p comm, or differs between ranks (one line on rank 0's
 *         stderr); MPI_ERR_NO_MEM; or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_topology_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                    void *recvbuf, const int recvcounts[], const int displs[],
                                                    MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    const collalg__topo_comm *t = NULL;
    MPI_Aint rext = 0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);
    if (err == MPI_SUCCESS)
        err =
            collalg__allgatherv_ring_forward(&c, recvbuf, recvcounts, displs, recvtype, rext, t->ring, t->pos[c.rank]);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_TOPOLOGY_RING_H */
