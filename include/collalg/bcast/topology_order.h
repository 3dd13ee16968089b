/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_order.h
 * @ingroup bcast
 * @brief Bcast, any broadcast run with the ranks renumbered in the topology's depth-first order,
 *        so that a subtree of ranks of the inner algorithm's tree is a subtree of machines
 *        (Faraj & Yuan, ICS'05, §3.1; the renumbering of allreduce/topology_order.h).
 *
 * @par Phases
 * 1. The first call on a communicator computes its topology (machine/topology_comm.h: the DFS
 *    logical ring) and one communicator whose rank i is the rank at ring position i (an
 *    MPI_Comm_split of the private communicator, cached with the topology). The root of the
 *    call becomes rank pos[root] there.
 * 2. The inner broadcast runs on that communicator from the renumbered root. Invariant: ranks
 *    that are consecutive in the new numbering sit under one switch for as long as the switch
 *    has ranks, so every tree whose subtrees are ranges of consecutive ranks (binomial,
 *    k-nomial, the in-order trees of two_tree, the chain) sends one message per switch uplink
 *    per subtree, where in rank order it may send one per rank below the switch.
 *
 * @par Trace, two switches (the example of allgather/topology_ring.h), binomial inside
 * `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`, `SwitchName=top Switches=s[0-1]`;
 * p = 4, rank 0 on n0, 1 on n2, 2 on n1, 3 on n3; the DFS ring is 0, 2, 1, 3. Root 0:
 * @verbatim
   ordered ranks 0 1 2 3 = ranks 0 2 1 3
   binomial step 1 (ordered 0 -> 2) = rank 0 -> rank 1: crosses top once
   binomial step 2 (ordered 0 -> 1, 2 -> 3) = rank 0 -> 2 inside s0, rank 1 -> 3 inside s1
   @endverbatim
 * In rank order the binomial tree sends 0 -> 2 (inside s0), then 0 -> 1 and 2 -> 3, both
 * across: the uplink of s0 carries the message twice.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: the node-level ring is the rank order there, so
 * the figures are the inner binomial tree's.
 * @image html bcast_topology_order_p6.svg
 * @image html bcast_topology_order_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * The inner broadcast's on the renumbered ranks (binomial: ceil(lg p)(alpha + n beta), n bytes),
 * with less contention on the uplinks. The first call on a communicator adds the topology's
 * computation (an allgather of p * MPI_MAX_PROCESSOR_NAME bytes, an allreduce of 40 bytes, the
 * parse of the description) and one MPI_Comm_split.
 *
 * @par Restrictions
 * The inner broadcast's. Topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node
 * level (ranks grouped by host); a bad description gives MPI_ERR_ARG on every rank before any
 * data moves.
 *
 * @par Memory
 * The inner broadcast's scratch. Cached with the communicator: the topology and one communicator.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1; A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on
 * Switched Clusters", IEEE Cluster 2005 (the DFS order keeps ranges of ranks under one switch).
 */
#ifndef COLLALG_BCAST_TOPOLOGY_ORDER_H
#define COLLALG_BCAST_TOPOLOGY_ORDER_H

#include "../machine/topology_comm.h"
#include "../core/fn.h"
#include "binomial.h"
#include "knomial.h"
#include "two_tree.h"
#include "circulant.h"

/**
 * @brief Inner broadcasts for collalg_bcast_topology_order() (and any other collalg_bcast_fn
 *        parameter) made of the parameterised ones at their defaults: the k-nomial tree
 *        (radix 0 = COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT), the two-tree (segment size 0 =
 *        COLLALG_BCAST_TWO_TREE_SEGSIZE_DEFAULT) and the circulant graph (block size 0 =
 *        COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT). A tuned rule names them, e.g.
 *        `collalg_bcast_topology_order(..., collalg__bcast_two_tree_default)`. Same arguments,
 *        returns and errors as those algorithms with the parameter 0.
 */
COLLALG_INLINE int collalg__bcast_knomial_default(void *buffer, int count, MPI_Datatype datatype, int root,
                                                  MPI_Comm comm)
{
    return collalg_bcast_knomial(buffer, count, datatype, root, comm, 0);
}

/** @brief collalg_bcast_two_tree() at its default segment size (see collalg__bcast_knomial_default). */
COLLALG_INLINE int collalg__bcast_two_tree_default(void *buffer, int count, MPI_Datatype datatype, int root,
                                                   MPI_Comm comm)
{
    return collalg_bcast_two_tree(buffer, count, datatype, root, comm, 0);
}

/** @brief collalg_bcast_circulant() at its default block size (see collalg__bcast_knomial_default). */
COLLALG_INLINE int collalg__bcast_circulant_default(void *buffer, int count, MPI_Datatype datatype, int root,
                                                    MPI_Comm comm)
{
    return collalg_bcast_circulant(buffer, count, datatype, root, comm, 0);
}

/**
 * @brief MPI_Bcast by the broadcast @p bcast run on the ranks renumbered in the topology's DFS
 *        order.
 *
 * @param[in,out] buffer count elements of datatype: the message at the root, filled elsewhere
 * @param[in] count    elements in the message (>= 0)
 * @param[in] datatype the element type
 * @param[in] root     the rank (of @p comm) that holds the message
 * @param[in] comm     the intracommunicator
 * @param[in] bcast    the inner broadcast (any collalg_bcast_fn; NULL = the binomial tree,
 *                     collalg_bcast_binomial(); the parameterised trees at their defaults:
 *                     collalg__bcast_two_tree_default, collalg__bcast_knomial_default,
 *                     collalg__bcast_circulant_default)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_ROOT, MPI_ERR_BUFFER for
 *         bad arguments (core/args.h); MPI_ERR_ARG on every rank, buffer untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM; the inner
 *         broadcast's errors; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_topology_order(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                                collalg_bcast_fn bcast)
{
    collalg__ctx c;
    const collalg__topo_comm *t = NULL;
    MPI_Comm ordered = MPI_COMM_NULL;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (!bcast)
        bcast = collalg_bcast_binomial;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_ordered(&c, &ordered);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t); /* cached: pos[] maps a rank to its new rank */
    if (err == MPI_SUCCESS)
        err = bcast(buffer, count, datatype, t->pos[root], ordered);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_TOPOLOGY_ORDER_H */
