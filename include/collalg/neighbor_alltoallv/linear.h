/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file neighbor_alltoallv/linear.h
 * @ingroup neighbor
 * @brief MPI_Neighbor_alltoallv, linear algorithm (the one MPICH and Open MPI ship: every receive and send
 *        posted at once), blocking, nonblocking and persistent from one schedule (collalg__neighbor_alltoallv_linear_steps(),
 *        schedule/neighbor.h).
 *
 * On a communicator with a Cartesian, graph or distributed-graph topology, every rank sends block i (its own count and displacement) to dests[i] and receives block i from sources[i].
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
   2-D Cartesian 3 x 1, periodic in dimension 1 only, rank 0 (coordinates (0, 0)):
   sources = dests = {-1, 1, 0, 0} (no negative neighbour in dimension 0; self twice)
   post receive of block 1 from 1; of block 3 then block 2 from 0 (self, the pair swapped)
   post send of block 1 to 1; of block 2 then block 3 to 0 (block 2 lands in block 3)
   block 0 is a hole: neither sent nor received, its receive block left as it was
   @endverbatim
 *
 * @par Forms
 * - collalg_neighbor_alltoallv_linear(): blocking; the schedule is run to completion in place
 *   (collalg__nbc_run(): the executor's steps, MPI_Waitsome on the messages in flight, no
 *   generalized request);
 * - collalg_ineighbor_alltoallv_linear(): nonblocking, collalg__nbc_launch() as every i-collective (core/nbc.h
 *   says who advances the request);
 * - collalg_neighbor_alltoallv_init_linear(): persistent, the schedule built once; collalg_start() runs it,
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
 * The operation: about 80 bytes per message step (one per non-hole neighbour), 300 bytes, the neighbour lists while the schedule is built.
 *
 * @par References
 * MPI Forum, MPI: A Message-Passing Interface Standard, Version 4.1, 2023, §8.6 (neighborhood
 * collective communication, Example 8.10 for the Cartesian order); T. Hoefler, J. L. Träff,
 * "Sparse Collective Operations for MPI", IPDPS 2009.
 */
#ifndef COLLALG_NEIGHBOR_ALLTOALLV_LINEAR_H
#define COLLALG_NEIGHBOR_ALLTOALLV_LINEAR_H

#include "../core/neighbor.h"

/** @brief The three forms of the algorithm: @p mode a collalg__nbr_mode. */
COLLALG_INLINE int collalg__neighbor_alltoallv_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                      MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                      const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                                      MPI_Request *request, int mode)
{
    collalg__nbr_side snd = collalg__nbr_side_of(sendbuf, 0, sendcounts, sdispls, NULL, sendtype, NULL);
    collalg__nbr_side rcv = collalg__nbr_side_of(recvbuf, 0, recvcounts, rdispls, NULL, recvtype, NULL);
    return collalg__neighbor_linear(&snd, &rcv, COLLALG_NBR_VECTOR, comm, request, mode);
}

/**
 * @brief MPI_Neighbor_alltoallv by posting every message at once (blocking).
 * @param sendbuf    block i (@p sendcounts[i] elements at @p sdispls[i]) goes to destination i
 * @param sendcounts outdegree counts (>= 0); read during the call only, as every array here
 * @param sdispls    outdegree displacements, in elements of @p sendtype
 * @param sendtype   committed datatype
 * @param recvbuf    block i (@p recvcounts[i] elements at @p rdispls[i]) comes from source i
 * @param recvcounts indegree counts (>= 0)
 * @param rdispls    indegree displacements, in elements of @p recvtype
 * @param recvtype   committed datatype
 * @param comm       communicator with a Cartesian, graph or distributed-graph topology
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_TOPOLOGY without a topology; MPI_ERR_ARG for NULL
 *         arrays; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or
 *         MPI_IN_PLACE; MPI_ERR_NO_MEM; or the error class of a failing MPI call. On a bad
 *         argument nothing is sent.
 */
COLLALG_INLINE int collalg_neighbor_alltoallv_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                     MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                     const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    return collalg__neighbor_alltoallv_linear(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                              recvtype, comm, NULL, COLLALG_NBR_BLOCKING);
}

/**
 * @brief MPI_INeighbor_alltoallv by the algorithm of collalg_neighbor_alltoallv_linear(): returns at
 *        once with a request (see core/nbc.h for who advances it).
 * @copydetails collalg_neighbor_alltoallv_linear()
 * @param request out: the request; MPI_REQUEST_NULL after an error
 * @return besides, MPI_ERR_REQUEST when @p request is NULL.
 */
COLLALG_INLINE int collalg_ineighbor_alltoallv_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                      MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                      const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                                                      MPI_Request *request)
{
    return collalg__neighbor_alltoallv_linear(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                              recvtype, comm, request, COLLALG_NBR_NONBLOCKING);
}

/**
 * @brief `MPI_Neighbor_alltoallv_init` by the algorithm of collalg_neighbor_alltoallv_linear(): a persistent
 *        request whose every collalg_start() runs the schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ineighbor_alltoallv_linear()
 * @param info ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_neighbor_alltoallv_init_linear(const void *sendbuf, const int sendcounts[],
                                                          const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                                                          const int recvcounts[], const int rdispls[],
                                                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                          MPI_Request *request)
{
    (void)info;
    return collalg__neighbor_alltoallv_linear(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                              recvtype, comm, request, COLLALG_NBR_PERSISTENT);
}

#endif /* COLLALG_NEIGHBOR_ALLTOALLV_LINEAR_H */
