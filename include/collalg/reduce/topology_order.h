/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_order.h
 * @ingroup reduce
 * @brief Reduce, any reduction run with the ranks renumbered in the topology's depth-first
 *        order, so that a subtree of ranks of the inner algorithm's tree is a subtree of machines
 *        (Faraj & Yuan, ICS'05, §3.1; the renumbering of allreduce/topology_order.h).
 *
 * @par Phases
 * 1. The first call on a communicator computes its topology (machine/topology_comm.h: the DFS
 *    logical ring) and one communicator whose rank i is the rank at ring position i (an
 *    MPI_Comm_split of the private communicator, cached with the topology). The root of the
 *    call becomes rank pos[root] there.
 * 2. The inner reduction runs on that communicator towards the renumbered root. Invariant: ranks
 *    consecutive in the new numbering sit under one switch for as long as the switch has ranks,
 *    so a tree whose subtrees are ranges of consecutive ranks (binomial, k-nomial, the in-order
 *    trees, the chain) combines each switch's vectors before one of them crosses its uplink.
 *    The operands are combined in the DFS order, not in rank order: hence the restriction.
 *
 * @par Trace, two switches (the example of allgather/topology_ring.h), binomial inside
 * `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`, `SwitchName=top Switches=s[0-1]`;
 * p = 4, rank 0 on n0, 1 on n2, 2 on n1, 3 on n3; the DFS ring is 0, 2, 1, 3. Root 0:
 * @verbatim
   ordered ranks 0 1 2 3 = ranks 0 2 1 3
   binomial step 1 (ordered 1 -> 0, 3 -> 2) = rank 2 -> 0 inside s0, rank 3 -> 1 inside s1
   binomial step 2 (ordered 2 -> 0)         = rank 1 -> 0: crosses top once
   @endverbatim
 * In rank order the binomial tree sends 1 -> 0 and 3 -> 2 (both across), then 2 -> 0.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there, so
 * the figures are the inner binomial tree's.
 * @image html reduce_topology_order_p6.svg
 * @image html reduce_topology_order_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * The inner reduction's on the renumbered ranks (binomial: ceil(lg p)(alpha + n beta + n gamma),
 * n bytes), with less contention on the uplinks. The first call on a communicator adds the
 * topology's computation and one MPI_Comm_split (see bcast/topology_order.h).
 *
 * @par Restrictions
 * A commutative operation (the renumbering changes the operand order): MPI_Op_commutative false
 * gives MPI_ERR_OP before any message. Otherwise the inner reduction's. Topology from
 * collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level (ranks grouped by host); a bad
 * description gives MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * The inner reduction's scratch. Cached with the communicator: the topology and one
 * communicator.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1; A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on
 * Switched Clusters", IEEE Cluster 2005 (the DFS order keeps ranges of ranks under one switch).
 */
#ifndef COLLALG_REDUCE_TOPOLOGY_ORDER_H
#define COLLALG_REDUCE_TOPOLOGY_ORDER_H

#include "../machine/topology_comm.h"
#include "../core/fn.h"
#include "../family/reduce.h"
#include "binomial.h"

/**
 * @brief MPI_Reduce by the reduction @p reduce run on the ranks renumbered in the topology's DFS
 *        order.
 *
 * @param[in] sendbuf  count elements of datatype, or MPI_IN_PLACE at the root (the input is then
 *                     recvbuf)
 * @param[out] recvbuf at the root, count elements of datatype: the reduction of every rank's
 *                     vector; not significant elsewhere
 * @param[in] count    elements per vector (>= 0)
 * @param[in] datatype the element type
 * @param[in] op       a commutative reduction
 * @param[in] root     the rank (of @p comm) that receives the result
 * @param[in] comm     the intracommunicator
 * @param[in] reduce   the inner reduction (any collalg_reduce_fn; NULL = the binomial tree,
 *                     collalg_reduce_binomial())
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ROOT, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_OP,
 *         MPI_ERR_BUFFER for bad arguments (family/reduce.h); MPI_ERR_OP for a non-commutative
 *         @p op, before any message; MPI_ERR_ARG on every rank, receive buffer untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks; MPI_ERR_NO_MEM; the inner reduction's errors; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_topology_order(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                 MPI_Op op, int root, MPI_Comm comm, collalg_reduce_fn reduce)
{
    collalg__ctx c;
    const void *user_sendbuf = sendbuf; /* the inner call resolves MPI_IN_PLACE itself */
    const collalg__topo_comm *t = NULL;
    MPI_Comm ordered = MPI_COMM_NULL;
    int commute = 1, err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (!reduce)
        reduce = collalg_reduce_binomial;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    if (err == MPI_SUCCESS && !commute)
        err = MPI_ERR_OP;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_ordered(&c, &ordered);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t); /* cached: pos[] maps a rank to its new rank */
    if (err == MPI_SUCCESS)
        err = reduce(user_sendbuf, recvbuf, count, datatype, op, t->pos[root], ordered);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_TOPOLOGY_ORDER_H */
