/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_ring.h
 * @ingroup allgather
 * @brief Allgather, logical ring with neighbour forwarding along the topology's depth-first
 *        order (Faraj & Yuan, ICS'05, §3.1 "Topology specific algorithm"; Faraj, Patarasuk &
 *        Yuan, Cluster 2005).
 *
 * @par Phases
 * The ranks are put in the order a depth-first walk of the topology tree (switches, hosts, ranks;
 * machine/topology_comm.h, schedule/topology.h) meets them; ring[i] is the rank at position i. On a
 * tree, the ring ring[0] -> ring[1] -> ... -> ring[p - 1] -> ring[0] crosses every directed link
 * exactly once, so when all ranks send to their successor at once no link carries two messages.
 * Phase 0 copies the own block into slot rank of recvbuf. In step s = 0 .. p - 2, the rank at
 * position i sends the block of rank ring[i - s] (received in the previous step; its own in step
 * 0) to ring[i + 1] and receives the block of ring[i - s - 1] from ring[i - 1] straight into its
 * slot (positions mod p). The first call on a communicator computes the topology (collective:
 * processor names allgathered, the description's checksum compared) and caches it.
 *
 * @par Trace, two switches (a -> b [k]: a sends block k to b)
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=top Switches=s[0-1]`; p = 4, ranks round-robin over the switches: rank 0 on n0,
 * 1 on n2, 2 on n1, 3 on n3. The DFS ring is 0, 2, 1, 3: each step crosses s0 -> s1 once
 * (2 -> 1) and s1 -> s0 once (3 -> 0); the rank-order ring (logical_ring.h) would cross each
 * direction twice per step.
 * @verbatim
   step 0:  0 -> 2 [0],  2 -> 1 [2],  1 -> 3 [1],  3 -> 0 [3]
   step 1:  0 -> 2 [3],  2 -> 1 [0],  1 -> 3 [2],  3 -> 0 [1]
   step 2:  0 -> 2 [1],  2 -> 1 [3],  1 -> 3 [0],  3 -> 0 [2]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there.
 * @image html allgather_topology_ring_p6.svg
 * @image html allgather_topology_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + (p - 2) theta + kappa_s, with no link shared by two messages of a
 * step on a tree network (beta the bandwidth of one link). The first call on a communicator adds
 * an allgather of p * MPI_MAX_PROCESSOR_NAME bytes, an allreduce of 40 bytes and the parse of the
 * description.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0. Without a description (neither
 * collalg_topology_attach() nor `COLLALG_TOPOLOGY`) the ring is the node-level order: ranks
 * grouped by host, hosts in order of their lowest rank. A bad description, a host missing in it,
 * or ranks disagreeing on it give MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * No scratch per call. Cached with the communicator until it is freed: the rank tree (about 5 ints per
 * vertex: ranks, their hosts and switches) and 2 p ints (ring and positions); the first call
 * also holds p * MPI_MAX_PROCESSOR_NAME bytes of names while it builds them.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Allgather, "Topology specific algorithm". A. Faraj,
 * P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on Switched Clusters",
 * IEEE Cluster 2005 (the DFS logical ring is contention free on a tree).
 */
#ifndef COLLALG_ALLGATHER_TOPOLOGY_RING_H
#define COLLALG_ALLGATHER_TOPOLOGY_RING_H

#include "../machine/topology_comm.h"
#include "logical_ring.h"

/**
 * @brief MPI_Allgather by neighbour forwarding around the topology's DFS ring.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG on every rank, receive buffer untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM; or the class
 *         of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_topology_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                   void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    const collalg__topo_comm *t = NULL;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_ring_forward(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, t->ring,
                                              t->pos);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_TOPOLOGY_RING_H */
