/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iscan/smp.h
 * @ingroup nonblocking
 * @brief MPI_Iscan, node-aware (MPICH's iscan sched_smp: a scan inside each node, a scan of the
 *        nodes' totals among the nodes, a fix-up inside each node), in rank order, run by the
 *        nonblocking executor (core/nbc.h) on the one private communicator.
 *
 * @par Phases
 * Nodes are machine/node.h's (shared memory, or `COLLALG_NODE_SIZE` / `COLLALG_NODE_ROUNDROBIN`
 * for tests), as for collalg_ibcast_smp(). A rank's prefix is a run of ranks, so the nodes must
 * be runs of consecutive ranks: on any other layout (round robin, interleaved) they are first cut
 * into their runs of consecutive ranks (collalg__smp_runs(); round robin: one rank per run),
 * whatever the operation. The whole schedule is written in the communicator's ranks
 * (collalg__iscan_smp_steps()); each rank's phases follow one another.
 * 1. Inside each node, collalg_iscan_recursive_doubling()'s schedule on node ranks: every rank
 *    holds the reduction of its node's ranks up to itself, the node's last rank the node's total.
 * 2. The nodes' last ranks run the exclusive recursive-doubling scan of the totals on node
 *    indices (collalg_iexscan_recursive_doubling()'s schedule): at node v > 0 the last rank gets
 *    E, the reduction of all ranks of nodes 0 .. v - 1. (MPICH lets the leaders scan, after the
 *    last rank has sent its total to its leader; the last rank holds the total already.)
 * 3. In every node but the first, a binomial broadcast of E from the last rank, then every rank
 *    computes E op its node prefix: v_0 op ... op v_rank.
 *
 * @par Trace, p = 6, nodes {0,1,2} {3,4,5} ([a..b] = v_a op ... op v_b; result of each rank)
 * @verbatim
   1 (in each node):  [0]  [0..1]  [0..2]  |  [3]  [3..4]  [3..5]
   2:                 2 <-> 5: 5 gets E = [0..2]
   3:                 5 -> 4, 5 -> 3 (E); every rank of node 1: E op prefix
                      [0]  [0..1]  [0..2]  |  [0..3]  [0..4]  [0..5]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8
 * (the recording platform has one rank per host: every rank is a node of its own there, so the
 * figures show the exclusive scan among the nodes alone):
 * @image html iscan_smp_p6.svg
 * @image html iscan_smp_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, N nodes (runs) of at most q ranks: ceil(lg q)
 * (alpha + n beta + 2 n gamma) inside the nodes, ceil(lg N) (alpha + n beta + 2 n gamma) among
 * them, ceil(lg q) (alpha + n beta) + n gamma for the fix-up; about N ceil(lg N) inter-node
 * messages in all, where a flat scan sends about p ceil(lg p).
 *
 * @par Restrictions
 * None: any p >= 1, any node layout, any operation (see Phases); MPI_IN_PLACE as the send buffer.
 * The node level is built by the first call on a communicator (collective, cached;
 * machine/node.h); the node environment must be the same on every rank. The operation must not
 * be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Three vectors of count elements of the datatype until the request completes (two on a single
 * node); the node level (16 p bytes per rank, cached); on non-consecutive nodes 12 p bytes while
 * the schedule is built; the operation: about 60 bytes per step plus 300 bytes.
 *
 * @par References
 * MPICH, src/mpi/coll/iscan (sched_smp: intra-node scan, inter-node scan of the nodes' totals,
 * intra-node broadcast and local reduction); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization
 * of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005 (the recursive-doubling
 * scan).
 */
#ifndef COLLALG_ISCAN_SMP_H
#define COLLALG_ISCAN_SMP_H

#include "../family/scan.h"
#include "../ireduce/smp.h"

/** @brief The start of collalg_iscan_smp() (@p persistent 0) and of collalg_scan_init_smp() (1):
 *         checks, node level, schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iscan_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                      MPI_Comm comm, MPI_Request *request, int persistent)
{
    /* a prefix is a run of ranks: the runs of consecutive ranks, whatever the operation */
    return collalg__nbc_smp_vector(collalg__scan_enter, collalg__iscan_smp_steps, 0, sendbuf, recvbuf, count, datatype,
                                   op, comm, request, persistent);
}

/**
 * @brief MPI_Iscan, node-aware: a scan inside each node, an exclusive scan of the nodes' totals,
 *        a fix-up inside each node, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: v_0 op ... op v_rank
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting (the node level's, on the first call). Nothing is sent when an argument is
 *         refused.
 */
COLLALG_INLINE int collalg_iscan_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                     MPI_Comm comm, MPI_Request *request)
{
    return collalg__iscan_smp(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Scan_init by the algorithm of collalg_iscan_smp(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 *        The node level is built here, not at the starts.
 * @copydetails collalg_iscan_smp()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_scan_init_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iscan_smp(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_ISCAN_SMP_H */
