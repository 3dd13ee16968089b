/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_chain.h
 * @ingroup reduce
 * @brief Reduce, pipelined chain along the topology's depth-first logical ring towards the root
 *        (bcast/topology_chain.h run backwards: the contention-free ring of Faraj, Patarasuk &
 *        Yuan, Cluster 2005, with the segmented chain reduce of pipeline.h).
 *
 * @par Phases
 * The ranks are put in the order a depth-first walk of the topology tree (switches, hosts, ranks;
 * machine/topology_comm.h, schedule/topology.h) meets them; ring[i] is the rank at position i. On
 * a tree network the ring, walked either way, crosses every directed link exactly once. The chain
 * is that ring cut after the root and walked backwards: with the root at position q, ring[q - 1]
 * -> ring[q - 2] -> ... -> ring[q + 1] -> ring[q] = root (positions mod p), so no link carries two
 * of its edges.
 * 1. The first call on a communicator computes the topology (collective: processor names
 *    allgathered, the description's checksum compared) and caches it with the communicator in
 *    topology order (collalg__topo_comm_ordered(): rank i there = ring position i).
 * 2. collalg_reduce_pipeline() on that communicator with the root's position as root: the vector
 *    is cut into segments of @p segsize bytes; for each segment the chain's far end sends its
 *    input to its successor towards the root, and every rank on the way receives it, folds in its
 *    own segment and forwards it, the segments overlapping (up to 3 in flight per link).
 *    Invariant: what position q + k sends for a segment is the reduction of that segment over the
 *    chain's positions q + k .. q + p - 1.
 *
 * @par Operand order
 * The chain combines in the ring's order, which is the rank order only when ring[i] = i: the
 * algorithm needs a commutative operation. A non-commutative op is detected (before any message)
 * and runs collalg_reduce_pipeline() in rank order on the communicator instead (the chain 0 -> 1
 * -> ... with the result handed to the root): right for every op, and the same chain as the
 * topology's when the DFS order is the rank order (ranks placed host by host in the order of the
 * description, or no description and one block of ranks per host).
 *
 * @par Trace, two switches, root 1, 2 segments (a -s-> b: segment s)
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=top Switches=s[0-1]`; p = 4, ranks round-robin over the switches: rank 0 on n0,
 * 1 on n2, 2 on n1, 3 on n3. The DFS ring is 0, 2, 1, 3 (root 1 at position 2), so the chain is
 * 2 -> 0 -> 3 -> 1: it crosses between the switches once (0 -> 3). The rank-order chain 0 -> 3 ->
 * 2 -> 1 of pipeline.h crosses three times.
 * @verbatim
   step 1:  2 -0-> 0
   step 2:  2 -1-> 0,  0 -0-> 3
   step 3:             0 -1-> 3,  3 -0-> 1
   step 4:                        3 -1-> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there.
 * @image html reduce_topology_chain_p6.svg
 * @image html reduce_topology_chain_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, n = count * size of datatype bytes and
 * s segments of n/s bytes: (p + s - 2)(alpha + (n/s) beta + (n/s) gamma), with no link carrying
 * two edges of the chain on a tree network (beta the bandwidth of one link), as pipeline.h. The
 * first call on a communicator adds an allgather of p * MPI_MAX_PROCESSOR_NAME bytes, an
 * allreduce of 40 bytes, the parse of the description and one MPI_Comm_split.
 *
 * @par Restrictions
 * Any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * at the root. Non-commutative operations run the rank-order pipeline (see Operand order). Without
 * a description (neither collalg_topology_attach() nor `COLLALG_TOPOLOGY`) the ring is the
 * node-level order: ranks grouped by host, hosts in order of their lowest rank. A bad
 * description, a host missing in it, or ranks disagreeing on it give MPI_ERR_ARG on every rank
 * before any data moves.
 *
 * @par Memory
 * As collalg_reduce_pipeline(): 3 segments of receive slots on a rank that receives, and the
 * whole vector at rank 0 for a non-commutative op when the root is not 0. Cached with the communicator until it is freed:
 * the rank tree (about 5 ints per vertex), 2 p ints (ring and positions) and the communicator in
 * topology order.
 *
 * @par References
 * A. Faraj, P. Patarasuk and X. Yuan, "Bandwidth efficient all-to-all broadcast on switched
 * clusters", IEEE Cluster 2005, §3 (the DFS logical ring, contention-free on a tree); A. Faraj
 * and X. Yuan, "Automatic generation and tuning of MPI collective communication routines", ICS
 * 2005, §3.1; Open MPI ompi/mca/coll/base/coll_base_reduce.c (the segmented pipeline reduce).
 */
#ifndef COLLALG_REDUCE_TOPOLOGY_CHAIN_H
#define COLLALG_REDUCE_TOPOLOGY_CHAIN_H

#include "../family/reduce.h"
#include "../machine/topology_comm.h"
#include "pipeline.h"

/**
 * @brief MPI_Reduce by the pipelined chain along the topology's DFS ring towards the root.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (commutative for the topology chain; a non-commutative op
 *                     takes the rank-order chain: see the file comment)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0, rounded down to whole elements (at least
 *                     one); 0 = COLLALG_REDUCE_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p segsize < 0; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when
 *         a predefined @p op is not defined for @p datatype; all of these before any message;
 *         MPI_ERR_ARG on every rank, recvbuf untouched, when the description of
 *         `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm, or differs
 *         between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_topology_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                 MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    const collalg__topo_comm *t = NULL;
    MPI_Comm ordered = MPI_COMM_NULL;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    const void *in = sendbuf == recvbuf && c.rank == root ? MPI_IN_PLACE : sendbuf;
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    if (err == MPI_SUCCESS && !r.commute)
        err = collalg_reduce_pipeline(in, recvbuf, count, datatype, op, root, c.pcomm, segsize);
    else if (err == MPI_SUCCESS) {
        err = collalg__topo_comm_get(&c, &t);
        if (err == MPI_SUCCESS)
            err = collalg__topo_comm_ordered(&c, &ordered);
        if (err == MPI_SUCCESS)
            err = collalg_reduce_pipeline(in, recvbuf, count, datatype, op, t->pos[root], ordered, segsize);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_TOPOLOGY_CHAIN_H */
