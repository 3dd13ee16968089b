/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_ring.h
 * @ingroup allreduce
 * @brief Allreduce, ring reduce-scatter then ring allgather around the topology's depth-first
 *        logical ring (Patarasuk & Yuan's bandwidth-optimal allreduce, JPDC 2009, on the
 *        contention-free ring of Faraj, Patarasuk & Yuan, Cluster 2005).
 *
 * @par Phases
 * The ranks are put in the order a depth-first walk of the topology tree (switches, hosts, ranks;
 * machine/topology_comm.h, schedule/topology.h) meets them; ring[i] is the rank at position i. On a
 * tree the ring ring[0] -> ring[1] -> ... -> ring[p - 1] -> ring[0] crosses every directed link
 * exactly once, so when all ranks send to their successor at once no link carries two messages.
 * The vector is cut into p blocks whose sizes differ by at most one element (some empty when
 * count < p), numbered by ring position: the rank at position i ends owning block i. Then the
 * steps of collalg_allreduce_ring() with position i in the place of rank j:
 * 1. Copy the input into @c recvbuf.
 * 2. Reduce-scatter, steps s = 0 .. p-2: position i sends its partial block (i - s - 1) mod p to
 *    position i + 1 and receives partial block (i - s - 2) mod p from position i - 1, which it
 *    folds into its own copy. After step s the block position i last received holds the
 *    contributions of positions i - s - 1 .. i; after step p-2 position i holds block i fully
 *    reduced.
 * 3. Allgather, steps s = 0 .. p-2: position i sends block (i - s) mod p and receives block
 *    (i - s - 1) mod p, final, into place.
 *
 * As in ring.h the steps are windowed: a step's send starts as soon as its block is final, with
 * up to w = min(COLLALG_FORWARD_WINDOW, p - 1) = min(4, p - 1) sends in flight and the receives
 * of the next w - 1 steps posted (allreduce/ring.h, collalg__allreduce_ring_phases, states the
 * invariant that keeps a block from being written while a send of it is in flight).
 *
 * The first call on a communicator computes the topology (collective: processor names
 * allgathered, the description's checksum compared) and caches it.
 *
 * @par Trace, two switches (a -> b X: a sends block X to b)
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=top Switches=s[0-1]`; p = 4, ranks round-robin over the switches: rank 0 on n0,
 * 1 on n2, 2 on n1, 3 on n3. The DFS ring is 0, 2, 1, 3; blocks A, B, C, D by position, so rank 0
 * ends owning A, rank 2 B, rank 1 C, rank 3 D. Every step crosses s0 -> s1 once (2 -> 1) and
 * s1 -> s0 once (3 -> 0); the rank-order ring (ring.h) would cross each direction twice per step.
 * @verbatim
   reduce-scatter s=0:  0 -> 2 D,  2 -> 1 A,  1 -> 3 B,  3 -> 0 C
                  s=1:  0 -> 2 C,  2 -> 1 D,  1 -> 3 A,  3 -> 0 B
                  s=2:  0 -> 2 B,  2 -> 1 C,  1 -> 3 D,  3 -> 0 A   (0: A, 2: B, 1: C, 3: D complete)
   allgather      s=0:  0 -> 2 A,  2 -> 1 B,  1 -> 3 C,  3 -> 0 D
                  s=1:  0 -> 2 D,  2 -> 1 A,  1 -> 3 B,  3 -> 0 C
                  s=2:  0 -> 2 C,  2 -> 1 D,  1 -> 3 A,  3 -> 0 B
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there.
 * @image html allreduce_topology_ring_p6.svg
 * @image html allreduce_topology_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * 2 (p - 1)(alpha + n/p beta) + (2p - 3) theta + (p - 1)/p n gamma + kappa ((p - 1) local
 * reductions of n/p bytes), with no link shared by two messages of a step on a tree network
 * (beta the bandwidth of one link): the bandwidth term 2 (p - 1)/p n beta is optimal (Patarasuk &
 * Yuan). The first call on a communicator adds an allgather of p * MPI_MAX_PROCESSOR_NAME bytes,
 * an allreduce of 40 bytes and the parse of the description. The window removes the wait for a
 * step's send before the next step (a latency per step where a send completes only once
 * delivered, as in SimGrid): on the 4 x 8 switch tree of tests/platform/topology (100 Mb/s, 50 us
 * per cable, p = 32, ranks round-robin over the switches) 64 KiB went from 25.4 to 19.1 ms and
 * 256 KiB from 68.0 to 55.6 ms.
 *
 * @par Restrictions
 * Any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 * Non-commutative operations are NOT supported, as in collalg_allreduce_ring(): the ring order
 * follows the topology, not the ranks, and a block's partial result travels round the ring from
 * the position after its owner, so the contributions cannot stay in rank order. For an op that
 * MPI_Op_commutative reports as non-commutative the call returns MPI_ERR_OP before any message
 * (the topology is not looked up). Without a description (neither collalg_topology_attach() nor
 * `COLLALG_TOPOLOGY`) the ring is the node-level order: ranks grouped by host, hosts in order of
 * their lowest rank. A bad description, a host missing in it, or ranks disagreeing on it give
 * MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * min(4, p - 1) ceil(count / p) elements of datatype of scratch (w receive slots of one block).
 * Cached with the communicator until it is
 * freed: the rank tree (about 5 ints per vertex) and 2 p ints (ring and positions); the first
 * call also holds p * MPI_MAX_PROCESSOR_NAME bytes of names while it builds them.
 *
 * @par References
 * P. Patarasuk, X. Yuan, "Bandwidth Optimal All-reduce Algorithms for Clusters of
 * Workstations", JPDC 69(2), 2009 (the ring allreduce on a contention-free logical ring of a
 * tree). A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on Switched
 * Clusters", IEEE Cluster 2005 (the DFS logical ring is contention free on a tree).
 */
#ifndef COLLALG_ALLREDUCE_TOPOLOGY_RING_H
#define COLLALG_ALLREDUCE_TOPOLOGY_RING_H

#include "../machine/topology_comm.h"
#include "ring.h"

/**
 * @brief MPI_Allreduce by the ring algorithm (reduce-scatter ring, allgather ring) around the
 *        topology's DFS ring.
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_OP when
 *         @p op is not commutative (see Restrictions; nothing is sent, @p recvbuf is left
 *         untouched); MPI_ERR_ARG on every rank, @p recvbuf untouched, when the description of
 *         `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm, or differs
 *         between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM when scratch cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_allreduce_topology_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    const collalg__topo_comm *t = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_run(&c, &r, sendbuf, recvbuf, count, t->ring, t->pos);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_TOPOLOGY_RING_H */
