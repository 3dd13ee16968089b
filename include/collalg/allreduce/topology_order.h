/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_order.h
 * @ingroup allreduce
 * @brief Allreduce, any rank-order allreduce run with the ranks renumbered in the topology's
 *        depth-first order (Faraj & Yuan, ICS'05, §3.1: topology-specific routines from a
 *        description of the switches; Patarasuk & Yuan's observation that the DFS order keeps
 *        neighbouring ranks under one switch).
 *
 * @par Phases
 * 1. The first call on a communicator computes its topology (machine/topology_comm.h: the DFS logical
 *    ring) and one communicator whose rank i is the rank at ring position i (an MPI_Comm_split
 *    of the private communicator, cached with the topology).
 * 2. The inner allreduce (recursive halving and doubling, Rabenseifner's algorithm, by default)
 *    runs on that communicator. Its partners at distance 1, 2, 4, ... in the new numbering sit
 *    under one switch for as long as the switch has ranks, so the early, large exchanges of the
 *    reduce-scatter and the late ones of the allgather stay off the uplinks; with ranks placed
 *    round-robin over the switches the same algorithm in rank order sends every exchange
 *    across them.
 *
 * @par Trace, two switches (the example of allgather/topology_ring.h)
 * `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`, `SwitchName=top Switches=s[0-1]`;
 * p = 4, rank 0 on n0, 1 on n2, 2 on n1, 3 on n3. The DFS ring is 0, 2, 1, 3, so the ordered
 * ranks 0 1 2 3 are the ranks 0 2 1 3. Rabenseifner there (halving from distance 1 up):
 * @verbatim
   halving,  mask 1 (ordered 0 <-> 1, 2 <-> 3) = ranks 0 <-> 2, 1 <-> 3: inside s0 and s1, n/2 bytes
   halving,  mask 2 (ordered 0 <-> 2, 1 <-> 3) = ranks 0 <-> 1, 2 <-> 3: across, n/4 bytes
   doubling, mask 2 then mask 1: the same pairs, n/4 then n/2 bytes
   @endverbatim
 * Only the quarter-vector exchanges cross the uplinks; in rank order (ranks 0 <-> 1 first) the
 * half-vector exchanges would cross them too.
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * The inner allreduce's cost on the reordered ranks (Rabenseifner: 2 lg p alpha + 2 (p - 1)/p n
 * beta + (p - 1)/p n gamma, n bytes in the vector), with kappa (contention) from the exchanges
 * that still cross a switch's uplink: with k ranks per switch, the lg k smallest distances stay
 * inside a switch. The first call on a communicator adds the topology's computation (see
 * topology_ring.h of allgather) and one MPI_Comm_split.
 *
 * @par Restrictions
 * A commutative operation (the renumbering changes the operand order): MPI_Op_commutative
 * false gives MPI_ERR_OP before any message. Otherwise the inner allreduce's restrictions.
 * Topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level (ranks grouped
 * by host); a bad description gives MPI_ERR_ARG on every rank before any data moves.
 *
 * @par Memory
 * The inner allreduce's scratch. Cached with the communicator: the topology and one
 * communicator.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1; P. Patarasuk, X. Yuan, "Bandwidth optimal all-reduce algorithms for clusters of
 * workstations", JPDC 69(2), 2009; R. Rabenseifner, "Optimization of Collective Reduction
 * Operations", ICCS 2004.
 */
#ifndef COLLALG_ALLREDUCE_TOPOLOGY_ORDER_H
#define COLLALG_ALLREDUCE_TOPOLOGY_ORDER_H

#include "../machine/topology_comm.h"
#include "../core/fn.h"
#include "rabenseifner.h"

/**
 * @brief MPI_Allreduce by the allreduce @p allreduce run on the ranks renumbered in the
 *        topology's DFS order.
 *
 * @param[in] sendbuf  count elements of datatype, or MPI_IN_PLACE (the input is then recvbuf)
 * @param[out] recvbuf count elements of datatype: the reduction of every rank's vector
 * @param[in] count    elements per vector (>= 0)
 * @param[in] datatype the element type
 * @param[in] op       a commutative reduction
 * @param[in] comm     the intracommunicator
 * @param[in] allreduce the inner allreduce (any collalg_allreduce_fn; NULL = Rabenseifner's,
 *                     collalg_allreduce_rabenseifner())
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_OP, MPI_ERR_BUFFER for
 *         bad arguments (core/args.h); MPI_ERR_OP for a non-commutative @p op, before any
 *         message; MPI_ERR_ARG on every rank, receive buffer untouched, when the description of
 *         `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm, or differs
 *         between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM; the inner allreduce's
 *         errors; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_allreduce_topology_order(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                    collalg_allreduce_fn allreduce)
{
    collalg__ctx c;
    const void *user_sendbuf = sendbuf; /* the inner call resolves MPI_IN_PLACE itself */
    MPI_Comm ordered = MPI_COMM_NULL;
    int commute = 1, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (!allreduce)
        allreduce = collalg_allreduce_rabenseifner;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    if (err == MPI_SUCCESS && !commute)
        err = MPI_ERR_OP;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_ordered(&c, &ordered);
    if (err == MPI_SUCCESS)
        err = allreduce(user_sendbuf, recvbuf, count, datatype, op, ordered);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_TOPOLOGY_ORDER_H */
