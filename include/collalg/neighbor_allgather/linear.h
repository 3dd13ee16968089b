/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file neighbor_allgather/linear.h
 * @ingroup neighbor
 * @brief MPI_Neighbor_allgather, linear algorithm (the one MPICH and Open MPI ship: every receive and send
 *        posted at once), blocking, nonblocking and persistent from one schedule (collalg__neighbor_allgather_linear_steps(),
 *        schedule/neighbor.h).
 *
 * On a communicator with a Cartesian, graph or distributed-graph topology, every rank sends the same block to each of its destinations and receives one block from each of its sources, block i from sources[i] at i * recvcount.
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
   sources = dests = {2, 1}, the 1-D periodic ring of p = 3, rank 0
   post receive of block 0 from 2 (negative), of block 1 from 1 (positive)  [pair swapped: 1 first]
   post send of the send buffer to 2, then to 1
   @endverbatim
 *
 * @par Forms
 * - collalg_neighbor_allgather_linear(): blocking; the schedule is run to completion in place
 *   (collalg__nbc_run(): the executor's steps, MPI_Waitsome on the messages in flight, no
 *   generalized request);
 * - collalg_ineighbor_allgather_linear(): nonblocking, collalg__nbc_launch() as every i-collective (core/nbc.h
 *   says who advances the request);
 * - collalg_neighbor_allgather_init_linear(): persistent, the schedule built once; collalg_start() runs it,
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
#ifndef COLLALG_NEIGHBOR_ALLGATHER_LINEAR_H
#define COLLALG_NEIGHBOR_ALLGATHER_LINEAR_H

#include "../core/neighbor.h"

/** @brief The three forms of the algorithm: @p mode a collalg__nbr_mode. */
COLLALG_INLINE int collalg__neighbor_allgather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                      MPI_Comm comm, MPI_Request *request, int mode)
{
    collalg__nbr_side snd = collalg__nbr_side_of(sendbuf, sendcount, NULL, NULL, NULL, sendtype, NULL);
    collalg__nbr_side rcv = collalg__nbr_side_of(recvbuf, recvcount, NULL, NULL, NULL, recvtype, NULL);
    return collalg__neighbor_linear(&snd, &rcv, COLLALG_NBR_GATHER, comm, request, mode);
}

/**
 * @brief MPI_Neighbor_allgather by posting every message at once (blocking).
 * @param sendbuf   the block sent to every destination
 * @param sendcount its elements (>= 0)
 * @param sendtype  committed datatype
 * @param recvbuf   block i (@p recvcount elements at i * recvcount) comes from source i
 * @param recvcount elements per source (>= 0)
 * @param recvtype  committed datatype
 * @param comm       communicator with a Cartesian, graph or distributed-graph topology
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_TOPOLOGY without a topology; MPI_ERR_ARG for NULL
 *         arrays; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or
 *         MPI_IN_PLACE; MPI_ERR_NO_MEM; or the error class of a failing MPI call. On a bad
 *         argument nothing is sent.
 */
COLLALG_INLINE int collalg_neighbor_allgather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                     void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    return collalg__neighbor_allgather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, NULL,
                                              COLLALG_NBR_BLOCKING);
}

/**
 * @brief MPI_INeighbor_allgather by the algorithm of collalg_neighbor_allgather_linear(): returns at
 *        once with a request (see core/nbc.h for who advances it).
 * @copydetails collalg_neighbor_allgather_linear()
 * @param request out: the request; MPI_REQUEST_NULL after an error
 * @return besides, MPI_ERR_REQUEST when @p request is NULL.
 */
COLLALG_INLINE int collalg_ineighbor_allgather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                      MPI_Comm comm, MPI_Request *request)
{
    return collalg__neighbor_allgather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request,
                                              COLLALG_NBR_NONBLOCKING);
}

/**
 * @brief `MPI_Neighbor_allgather_init` by the algorithm of collalg_neighbor_allgather_linear(): a persistent
 *        request whose every collalg_start() runs the schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ineighbor_allgather_linear()
 * @param info ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_neighbor_allgather_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                          void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                          MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__neighbor_allgather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request,
                                              COLLALG_NBR_PERSISTENT);
}

#endif /* COLLALG_NEIGHBOR_ALLGATHER_LINEAR_H */
