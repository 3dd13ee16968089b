/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file neighbor_alltoallw/linear.h
 * @ingroup neighbor
 * @brief MPI_Neighbor_alltoallw, linear algorithm (the one MPICH and Open MPI ship: every receive and send
 *        posted at once), blocking, nonblocking and persistent from one schedule (collalg__neighbor_alltoallw_linear_steps(),
 *        schedule/neighbor.h).
 *
 * On a communicator with a Cartesian, graph or distributed-graph topology, every rank sends block i (its own count, datatype and byte displacement) to dests[i] and receives block i from sources[i]; the send arrays have outdegree entries, the receive arrays indegree (MPICH 4.0.2 mixes the two when they differ, pmodels/mpich#6233).
 * The neighbour lists are read at each call (core/neighbor.h, MPI-4.1 §8.6 order).
 *
 * @par Phases
 * One round: a receive per source into its block, then a send per destination from its block,
 * all posted at once; MPI_PROC_NULL neighbours (Cartesian borders) are holes. Matching of
 * repeated neighbours: list order for graphs; on Cartesian communicators the receives of each
 * dimension's pair are posted positive first, so block s of the sender lands in block s ^ 1 of
 * the receiver also in periodic dimensions of size 1 and 2 (schedule/neighbor.h).
 *
 * @par Trace
 * @verbatim
   distributed graph, rank 2: sources = {0} (indegree 1), dests = {0, 1, 2} (outdegree 3)
   post receive of block 0 (recvtypes[0] at byte rdispls[0]) from 0
   post send of block 0 to 0, block 1 to 1, block 2 to 2 (self), each with its own datatype
   @endverbatim
 *
 * @par Forms
 * - collalg_neighbor_alltoallw_linear(): blocking; the schedule is run to completion in place
 *   (collalg__nbc_run(): the executor's steps, MPI_Waitsome on the messages in flight, no
 *   generalized request);
 * - collalg_ineighbor_alltoallw_linear(): nonblocking, collalg__nbc_launch() as every i-collective (core/nbc.h
 *   says who advances the request);
 * - collalg_neighbor_alltoallw_init_linear(): persistent, the schedule built once; collalg_start() runs it,
 *   collalg_request_free() releases it (core/persistent.h).
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; d = max(indegree, outdegree), n the bytes a rank sends.
 * About alpha + n beta when the network takes the d messages at once; the start posts up to
 * indegree + outdegree requests.
 *
 * @par Restrictions
 * A communicator with a topology (else MPI_ERR_TOPOLOGY, nothing sent); any degrees, zero
 * counts, derived datatypes. No MPI_IN_PLACE (MPI has none for these collectives).
 *
 * @par Memory
 * The operation: about 80 bytes per message step (one per non-hole neighbour), 300 bytes, the neighbour lists while the schedule is built, and a table of max(indegree, outdegree) datatypes per buffer.
 *
 * @par References
 * MPI Forum, MPI: A Message-Passing Interface Standard, Version 4.1, 2023, §8.6 (neighborhood
 * collective communication, Example 8.10 for the Cartesian order); T. Hoefler, J. L. Träff,
 * "Sparse Collective Operations for MPI", IPDPS 2009.
 */
#ifndef COLLALG_NEIGHBOR_ALLTOALLW_LINEAR_H
#define COLLALG_NEIGHBOR_ALLTOALLW_LINEAR_H

#include "../core/neighbor.h"

/** @brief The three forms of the algorithm: @p mode a collalg__nbr_mode. */
COLLALG_INLINE int collalg__neighbor_alltoallw_linear(const void *sendbuf, const int sendcounts[],
                                                      const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                                      void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                                      const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                      MPI_Request *request, int mode)
{
    collalg__nbr_side snd = collalg__nbr_side_of(sendbuf, 0, sendcounts, NULL, sdispls, MPI_DATATYPE_NULL, sendtypes);
    collalg__nbr_side rcv = collalg__nbr_side_of(recvbuf, 0, recvcounts, NULL, rdispls, MPI_DATATYPE_NULL, recvtypes);
    return collalg__neighbor_linear(&snd, &rcv, COLLALG_NBR_TYPED, comm, request, mode);
}

/**
 * @brief MPI_Neighbor_alltoallw by posting every message at once (blocking).
 * @param sendbuf    block i (@p sendcounts[i] elements of @p sendtypes[i] at byte @p sdispls[i])
 *                   goes to destination i
 * @param sendcounts outdegree counts (>= 0); read during the call only, as every array here
 * @param sdispls    outdegree displacements, in bytes
 * @param sendtypes  outdegree committed datatypes
 * @param recvbuf    block i (@p recvcounts[i] elements of @p recvtypes[i] at byte @p rdispls[i])
 *                   comes from source i
 * @param recvcounts indegree counts (>= 0)
 * @param rdispls    indegree displacements, in bytes
 * @param recvtypes  indegree committed datatypes
 * @param comm       communicator with a Cartesian, graph or distributed-graph topology
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_TOPOLOGY without a topology; MPI_ERR_ARG for NULL
 *         arrays; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or
 *         MPI_IN_PLACE; MPI_ERR_NO_MEM; or the error class of a failing MPI call. On a bad
 *         argument nothing is sent.
 */
COLLALG_INLINE int collalg_neighbor_alltoallw_linear(const void *sendbuf, const int sendcounts[],
                                                     const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                                     void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                                     const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    return collalg__neighbor_alltoallw_linear(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                              recvtypes, comm, NULL, COLLALG_NBR_BLOCKING);
}

/**
 * @brief MPI_INeighbor_alltoallw by the algorithm of collalg_neighbor_alltoallw_linear(): returns at
 *        once with a request (see core/nbc.h for who advances it).
 * @copydetails collalg_neighbor_alltoallw_linear()
 * @param request out: the request; MPI_REQUEST_NULL after an error
 * @return besides, MPI_ERR_REQUEST when @p request is NULL.
 */
COLLALG_INLINE int collalg_ineighbor_alltoallw_linear(const void *sendbuf, const int sendcounts[],
                                                      const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                                      void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[],
                                                      const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                      MPI_Request *request)
{
    return collalg__neighbor_alltoallw_linear(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                              recvtypes, comm, request, COLLALG_NBR_NONBLOCKING);
}

/**
 * @brief `MPI_Neighbor_alltoallw_init` by the algorithm of collalg_neighbor_alltoallw_linear(): a persistent
 *        request whose every collalg_start() runs the schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ineighbor_alltoallw_linear()
 * @param info ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_neighbor_alltoallw_init_linear(const void *sendbuf, const int sendcounts[],
                                                          const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
                                                          void *recvbuf, const int recvcounts[],
                                                          const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
                                                          MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__neighbor_alltoallw_linear(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                              recvtypes, comm, request, COLLALG_NBR_PERSISTENT);
}

#endif /* COLLALG_NEIGHBOR_ALLTOALLW_LINEAR_H */
