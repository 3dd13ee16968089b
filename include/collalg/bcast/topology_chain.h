/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_chain.h
 * @ingroup bcast
 * @brief Bcast, pipelined chain along the topology's depth-first logical ring, starting at the
 *        root (the chain of chain.h on the contention-free ring of Faraj, Patarasuk & Yuan,
 *        Cluster 2005; the topology-specific routines of Faraj & Yuan, ICS'05, §3.1).
 *
 * @par Phases
 * The ranks are put in the order a depth-first walk of the topology tree (switches, hosts, ranks;
 * machine/topology_comm.h, schedule/topology.h) meets them; ring[i] is the rank at position i, and
 * on a tree the ring ring[0] -> ring[1] -> ... -> ring[p - 1] -> ring[0] crosses every directed
 * link exactly once. The chain is that ring cut before the root: root = ring[q] -> ring[q + 1] ->
 * ... -> ring[q - 1] (positions mod p), so no link carries two of its edges and every segment
 * crosses each link at most once. Then the steps of collalg_bcast_chain() along it: the message
 * is cut into s segments of `seg` elements (the last one shorter); for each segment in turn, the
 * k-th rank of the chain (k > 0) receives it from the (k - 1)-th, and the k-th rank (k < p - 1)
 * forwards it to the (k + 1)-th with a non-blocking send as soon as it is in, with up to W =
 * COLLALG_FORWARD_WINDOW (4) segments in flight per link (receives posted W segments ahead;
 * segment k's send waits only for segment k - W's: family/bcast.h, collalg__bcast_pipeline).
 * In step t (t = 1 .. p + s - 2) the k-th rank forwards segment t - k, if there is one.
 * The first call on a communicator computes the topology (collective: processor names
 * allgathered, the description's checksum compared) and caches it.
 *
 * @par Trace, two switches, root 1, 2 segments (a -s-> b: segment s)
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=top Switches=s[0-1]`; p = 4, ranks round-robin over the switches: rank 0 on n0,
 * 1 on n2, 2 on n1, 3 on n3. The DFS ring is 0, 2, 1, 3, so the chain from root 1 is
 * 1 -> 3 -> 0 -> 2: it crosses between the switches once (3 -> 0). The rank-order chain of
 * chain.h, 1 -> 2 -> 3 -> 0, crosses three times, twice from s1 to s0, and those two carry
 * segments at the same time.
 * @verbatim
   step 1:  1 -0-> 3
   step 2:  1 -1-> 3,  3 -0-> 0
   step 3:             3 -1-> 0,  0 -0-> 2
   step 4:                        0 -1-> 2
   @endverbatim
 *
 * @par Segments
 * As in chain.h: a segment is `segsize` bytes rounded down to whole elements of the datatype (at
 * least one element), so every message is a range of elements of the user's buffer sent with the
 * user's datatype. segsize 0 selects COLLALG_BCAST_SEGSIZE_DEFAULT (4096 bytes;
 * family/bcast.h).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there.
 * @image html bcast_topology_chain_p6.svg
 * @image html bcast_topology_chain_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s = ceil(n / segment bytes)
 * segments, window W = COLLALG_FORWARD_WINDOW: (p - 1)(alpha + (n / s) beta) + (s - 1)
 * max((n / s) beta, (alpha + (n / s) beta) / W), as chain.h, with no link carrying two edges of
 * the chain on a tree network (beta the bandwidth of one link). Measured in SimGrid on the 4 x 8
 * switch tree of tests/platform/topology (100 Mb/s, 50 us per cable, p = 32, 256 KiB): 53.9 ms
 * at the default 4 KiB, 52.4 ms at 2 KiB (with the window alone: 76.6 ms at 4 KiB; before the
 * window: 56.1 ms at 4 KiB), against n beta = 21 ms for the root's own link; see
 * COLLALG_BCAST_SEGSIZE_DEFAULT for why the window alone did not help there. The first call on a communicator adds an
 * allgather of p * MPI_MAX_PROCESSOR_NAME bytes, an allreduce of 40 bytes and the parse of the
 * description.
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the message is cut in bytes of the signature: family/bcast.h,
 * collalg__bcast_view). Without a description (neither collalg_topology_attach() nor
 * `COLLALG_TOPOLOGY`) the ring is the node-level order: ranks grouped by host, hosts in order of
 * their lowest rank. A bad description, a host missing in it, or ranks disagreeing on it give
 * MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view of
 * family/bcast.h); none otherwise. Cached with the communicator until it is freed: the rank
 * tree (about 5 ints per vertex) and 2 p ints (ring and positions); the first call also holds
 * p * MPI_MAX_PROCESSOR_NAME bytes of names while it builds them.
 *
 * @par References
 * A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on Switched
 * Clusters", IEEE Cluster 2005 (the DFS logical ring is contention free on a tree). A. Faraj,
 * X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines", ICS'05,
 * §3.1 (topology-specific routines generated from a description). T. Imamura, "Automatic Tuning
 * for Collective Communication Operations" (slides), Broadcast: Chain, after Vadhiyar, Fagg,
 * Dongarra (2004) (the pipelined chain).
 */
#ifndef COLLALG_BCAST_TOPOLOGY_CHAIN_H
#define COLLALG_BCAST_TOPOLOGY_CHAIN_H

#include "../machine/topology_comm.h"
#include "chain.h"

/**
 * @brief MPI_Bcast by the pipelined chain along the topology's DFS ring, from the root.
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *        0 = COLLALG_BCAST_SEGSIZE_DEFAULT (4096). A value above the message size gives one
 *        segment (no pipelining).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0 (before any message, the
 *         topology not looked up); MPI_ERR_ARG on every rank, @p buffer untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM when the scratch
 *         buffer of a datatype with gaps (family/bcast.h) cannot be allocated; or the class
 *         of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_topology_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                                int segsize)
{
    collalg__ctx c;
    const collalg__topo_comm *t = NULL;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_chain_run(&c, buffer, count, datatype, root, segsize, t->ring, t->pos);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_TOPOLOGY_CHAIN_H */
