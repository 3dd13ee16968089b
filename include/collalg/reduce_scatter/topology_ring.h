/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_ring.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, ring along the topology's depth-first logical ring (ring.h on the
 *        contention-free ring of Faraj, Patarasuk & Yuan, Cluster 2005): p - 1 steps, each block
 *        travelling round the ring to its owner, every rank on the way folding in its part.
 *
 * @par Phases
 * The ranks are put in the order a depth-first walk of the topology tree (switches, hosts, ranks;
 * machine/topology_comm.h, schedule/topology.h) meets them; ring[i] is the rank at position i and
 * pos[r] the position of rank r. On a tree network the ring ring[0] -> ring[1] -> ... ->
 * ring[p - 1] -> ring[0] crosses every directed link exactly once, so the p messages of a step
 * never share a link. The first call on a communicator computes the topology (collective) and
 * caches it. The rank at position j sends to position j + 1 and receives from j - 1 (mod p):
 * 1. Step 0: it sends its input block of the rank at position j - 1 and receives the partial
 *    block of the rank at position j - 2, into which it folds its own input block.
 * 2. Steps s = 1 .. p-2: it forwards the partial block received in step s - 1 and receives the
 *    partial block of the rank at position j - s - 2, folding its input in. Invariant: after step
 *    s that block holds the contributions of positions j - s - 1 .. j; after step p-2 the rank
 *    holds its own block (position j's), fully reduced.
 * 3. Copy it into recvbuf (the input is read until here: MPI_IN_PLACE needs no copy).
 *
 * @par Trace, two switches, p = 4 (rank 0 on n0, 1 on n2, 2 on n1, 3 on n3; [..] = sum)
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=top Switches=s[0-1]`. The DFS ring is 0, 2, 1, 3: each step sends 0 -> 2 -> 1 ->
 * 3 -> 0, crossing between the switches twice (1 -> 3 is inside s1; 2 -> 1 and 3 -> 0 cross),
 * where the rank-order ring 0 -> 1 -> 2 -> 3 -> 0 crosses four times.
 * @verbatim
   step 0:  0 -> 2 block 3 (v0), 2 -> 1 block 0 (v2), 1 -> 3 block 2 (v1), 3 -> 0 block 1 (v3)
            0: block 1 of [3,0]   2: block 3 of [0,2]   1: block 0 of [2,1]   3: block 2 of [1,3]
   step 1:  each forwards what it holds; 2: block 1 of [3,0,2], 1: block 3 of [0,2,1], ...
   step 2:  each forwards again; 1: block 1 of all four, 3: block 3, 0: block 0, 2: block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there.
 * @image html reduce_scatter_topology_ring_p6.svg
 * @image html reduce_scatter_topology_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the bytes of the whole vector,
 * uniform blocks: (p - 1)(alpha + n/p beta + n/p gamma), with no link carrying two messages of a
 * step on a tree network. The first call on a communicator adds an allgather of
 * p * MPI_MAX_PROCESSOR_NAME bytes, an allreduce of 40 bytes and the parse of the description.
 *
 * @par Restrictions
 * Commutative operations only: the blocks are combined in ring order, which wraps round; for an
 * op that MPI_Op_commutative reports as non-commutative the call returns MPI_ERR_OP before any
 * message. Any p >= 1, any counts (zeros allowed), any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Without a description (neither collalg_topology_attach() nor
 * `COLLALG_TOPOLOGY`) the ring is the node-level order. A bad description, a host missing in it,
 * or ranks disagreeing on it give MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * Two blocks of the largest count. Cached with the communicator: the rank tree (about 5 ints per
 * vertex) and 2 p ints (ring and positions).
 *
 * @par References
 * A. Faraj, P. Patarasuk and X. Yuan, "Bandwidth efficient all-to-all broadcast on switched
 * clusters", IEEE Cluster 2005, §3 (the DFS logical ring); P. Patarasuk and X. Yuan, "Bandwidth
 * optimal all-reduce algorithms for clusters of workstations", JPDC 2009, §3 (the reduce-scatter
 * half of the ring allreduce on that ring).
 */
#ifndef COLLALG_REDUCE_SCATTER_TOPOLOGY_RING_H
#define COLLALG_REDUCE_SCATTER_TOPOLOGY_RING_H

#include "../family/reduce_scatter.h"
#include "../machine/topology_comm.h"

/**
 * @brief Phases 1 to 3 on the ring @p ring / @p pos after the enter and init steps (both
 *        collectives). @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_topo_ring_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                         void *recvbuf, const int *ring, const int *pos)
{
    int p = c->size, j = pos[c->rank], next = ring[(j + 1) % p], prev = ring[(j - 1 + p) % p], s, out, in, err;
    void *a = NULL, *b = NULL, *swap;
    const void *send;
    if (p == 1)
        return collalg__rs_copy(c, l, sendbuf, recvbuf, collalg__rs_cnt(l, 0));
    err = collalg__scratch_typed(c, collalg__rs_max(l), &l->r.ti, &a);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, collalg__rs_max(l), &l->r.ti, &b);
    for (s = 0; s < p - 1 && err == MPI_SUCCESS; s++) {
        out = ring[(j - s - 1 + 2 * p) % p]; /* the owner of the block sent */
        in = ring[(j - s - 2 + 2 * p) % p];  /* the owner of the block received */
        send = s == 0 ? (const void *)collalg__rs_block(l, sendbuf, out) : a;
        err = COLLALG_MPI(Sendrecv)(send, collalg__rs_cnt(l, out), l->r.type, next, COLLALG_TAG_DATA, b,
                                    collalg__rs_cnt(l, in), l->r.type, prev, COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && collalg__rs_cnt(l, in) > 0)
            err =
                collalg__reduce_local(collalg__rs_block(l, sendbuf, in), b, collalg__rs_cnt(l, in), l->r.type, l->r.op);
        swap = a; /* a: the partial block to send next */
        a = b;
        b = swap;
    }
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, a, recvbuf, collalg__rs_cnt(l, c->rank));
    return err;
}

/**
 * @brief The body after the enter step (both collectives): init (commutative only), the
 *        topology, the ring. @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_topo_ring(collalg__ctx *c, collalg__rs *l, const int *counts, int count,
                                                     MPI_Datatype datatype, MPI_Op op, const void *sendbuf,
                                                     void *recvbuf)
{
    const collalg__topo_comm *t = NULL;
    int err = collalg__rs_init(c, l, counts, count, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(c, &t);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_topo_ring_run(c, l, sendbuf, recvbuf, t->ring, t->pos);
    return err;
}

/**
 * @brief MPI_Reduce_scatter around the topology's DFS ring.
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction; commutative only
 * @param[in] comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_OP for a non-commutative op, or the error of MPI_Reduce_local when a predefined
 *         @p op is not defined for @p datatype, before any message; MPI_ERR_ARG on every rank,
 *         recvbuf untouched, when the description of `COLLALG_TOPOLOGY` is malformed or
 *         unreadable, lacks a host of @p comm, or differs between ranks (one line on rank 0's
 *         stderr); MPI_ERR_NO_MEM; or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_topology_ring(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_topo_ring(&c, &l, recvcounts, 0, datatype, op, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_TOPOLOGY_RING_H */
