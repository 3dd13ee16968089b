/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/smp.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, node-aware (MPICH's iallreduce sched_smp: a reduce inside each node to
 *        its leader, an allreduce among the leaders, a broadcast inside each node), in rank order,
 *        run by the nonblocking executor (core/nbc.h) on the one private communicator.
 *
 * @par Phases
 * Nodes are machine/node.h's (shared memory, or `COLLALG_NODE_SIZE` / `COLLALG_NODE_ROUNDROBIN`
 * for tests), as for collalg_ibcast_smp(); a node's leader is its lowest rank. The whole
 * schedule is written in the communicator's ranks (collalg__iallreduce_smp_steps()). Each rank's
 * phases follow one another; different nodes run theirs independently.
 * 1. Inside each node, the order-keeping binomial tree of collalg_ireduce_binomial() on node ranks
 *    reduces the inputs onto the leader, in node-rank order.
 * 2. The leaders run collalg_iallreduce_recursive_doubling()'s schedule on node indices, in node
 *    order (MPICH's fold of pairs when the number of nodes is not a power of two).
 * 3. Inside each node, a binomial broadcast from the leader (collalg_ibcast_binomial()'s tree on
 *    node ranks) hands the result to every member.
 *
 * That is the rank order when every node is a run of consecutive ranks. For a non-commutative
 * operation on any other layout (round robin, interleaved) the nodes are first cut into their
 * runs of consecutive ranks (collalg__smp_runs(); round robin: one rank per run, i.e. a plain
 * recursive doubling), which keeps the order and costs inter-node messages; a commutative
 * operation runs on the nodes as they are.
 *
 * @par Trace, p = 6, nodes {0,1,2} {3,4,5} ([a..b] = v_a op ... op v_b)
 * @verbatim
   1:  1 -> 0, 4 -> 3;  2 -> 0, 5 -> 3        0 = [0..2],  3 = [3..5]
   2:  0 <-> 3                                0, 3 = [0..2] op [3..5] = [0..5]
   3:  0 -> 2, 3 -> 5;  0 -> 1, 3 -> 4        (the larger subtree first)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8
 * (the recording platform has one rank per host: every rank is a node of its own there, so the
 * figures show the leaders' recursive doubling alone):
 * @image html iallreduce_smp_p6.svg
 * @image html iallreduce_smp_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, N nodes of at most q ranks: ceil(lg q)
 * (alpha + n beta + n gamma) inside the nodes, (floor(lg N) + 2) (alpha + n beta) +
 * (floor(lg N) + 1) n gamma among the leaders (floor(lg N) steps and no fold when N is a power
 * of two), ceil(lg q) (alpha + n beta) for the broadcast. Every inter-node message carries the
 * whole vector: for short and medium vectors (N is the number of runs on a non-consecutive
 * layout with a non-commutative operation).
 *
 * @par Restrictions
 * None: any p >= 1, any node layout, any operation (see Phases); MPI_IN_PLACE as the send buffer.
 * The node level is built by the first call on a communicator (collective, cached;
 * machine/node.h); the node environment must be the same on every rank. The operation must not
 * be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * At most two vectors of count elements of the datatype until the request completes; the node
 * level (16 p bytes per rank, cached); for a non-commutative operation on non-consecutive nodes
 * 12 p bytes while the schedule is built; the operation: about 60 bytes per step plus 300 bytes.
 *
 * @par References
 * MPICH, src/mpi/coll/iallreduce (sched_smp: intra-node reduce, inter-node allreduce, intra-node
 * broadcast); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication
 * Operations in MPICH", IJHPCA 19(1), 2005 (binomial reduce and recursive doubling in rank
 * order); X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication Framework", IEEE
 * Cluster 2020 (the three levels of an allreduce).
 */
#ifndef COLLALG_IALLREDUCE_SMP_H
#define COLLALG_IALLREDUCE_SMP_H

#include "../ireduce/smp.h"

/** @brief The start of collalg_iallreduce_smp() (@p persistent 0) and of
 *         collalg_allreduce_init_smp() (1): checks, node level, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_smp_vector(collalg__allreduce_enter, collalg__iallreduce_smp_steps, 1, sendbuf, recvbuf, count,
                                   datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Iallreduce, node-aware: reduce inside each node, recursive doubling among the node
 *        leaders, broadcast inside each node, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting (the node level's, on the first call). Nothing is sent when an argument is
 *         refused. An operation the datatype does not support fails in MPI_Reduce_local and comes
 *         back through the request.
 */
COLLALG_INLINE int collalg_iallreduce_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallreduce_smp(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_smp(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h). The node level is built here, not at the starts.
 * @copydetails collalg_iallreduce_smp()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                              MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallreduce_smp(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IALLREDUCE_SMP_H */
