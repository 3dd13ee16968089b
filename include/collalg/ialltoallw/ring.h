/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoallw/ring.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoallw, ring algorithm (Faraj & Yuan): the schedule of collalg_alltoallw_ring()
 *        run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied. In phase i = 1 .. p - 1, each after the previous one has completed,
 * rank r sends its block for rank r + i, each with its own datatype and receives the block of rank
 * r - i: the scattered schedule with a window of one pair (collalg_ialltoallw_scattered()).
 * Invariant: each rank receives from one sender per phase, so no node contention while the phases
 * stay in step. In place, the bytes the receive blocks span are first copied as raw bytes to
 * scratch, and the blocks sent from that image with their datatypes, so the datatypes' gaps in the
 * receive buffer are never written.
 *
 * @par Trace, p = 5 (a -> b: a sends its block for b)
 * @verbatim
   phase 1:  0 -> 1,  1 -> 2,  2 -> 3,  3 -> 4,  4 -> 0
   phase 2:  0 -> 2,  1 -> 3,  2 -> 4,  3 -> 0,  4 -> 1
   phase 3:  0 -> 3,  1 -> 4,  2 -> 0,  3 -> 1,  4 -> 2
   phase 4:  0 -> 4,  1 -> 0,  2 -> 1,  3 -> 2,  4 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoallw_ring_p6.svg
 * @image html ialltoallw_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank, m_i the largest message of
 * phase i. Sum over i of (alpha + m_i beta), (p - 1)(alpha + n/p beta) for equal blocks, with one
 * message in and one out at a time.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements and datatypes; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps), a table of p datatypes per buffer plus 300
 * bytes; in place, the bytes the receive blocks span as well.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (ring algorithm); MPICH's ialltoall tsp_ring (src/mpi/coll/ialltoall/
 * ialltoall_tsp_ring.c) keeps the name for another schedule: the whole buffer forwarded around
 * the ring p - 1 times, n bytes per step, where this one sends each block once.
 */
#ifndef COLLALG_IALLTOALLW_RING_H
#define COLLALG_IALLTOALLW_RING_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoallw_ring() (@p persistent 0) and of
 *         collalg_alltoallw_init_ring() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoallw_ring(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                            const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                            MPI_Request *request, int persistent)
{
    return collalg__ialltoallw_start(COLLALG_A2A_SCATTERED, 1, sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                                     recvcounts, rdispls, recvtypes, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoallw by the ring algorithm.
 * @param sendbuf    block j is @p sendcounts[j] elements of @p sendtypes[j] at byte
 *                   @p sdispls[j], for rank j; or MPI_IN_PLACE (the blocks are then taken from
 *                   @p recvbuf, with the receive counts, displacements and datatypes)
 * @param sendcounts p counts (>= 0); read during the call only, as every array here
 * @param sdispls    p displacements, in bytes
 * @param sendtypes  p committed datatypes
 * @param recvbuf    block j is @p recvcounts[j] elements of @p recvtypes[j] at byte
 *                   @p rdispls[j], from rank j
 * @param recvcounts p counts (>= 0)
 * @param rdispls    p displacements, in bytes
 * @param recvtypes  p committed datatypes
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing
 *         MPI call while starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ialltoallw_ring(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                           const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                           const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                           MPI_Request *request)
{
    return collalg__ialltoallw_ring(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                    comm, request, 0);
}

/**
 * @brief MPI_Alltoallw_init by the algorithm of collalg_ialltoallw_ring(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoallw_ring()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoallw_init_ring(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                               const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ialltoallw_ring(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                    comm, request, 1);
}

#endif /* COLLALG_IALLTOALLW_RING_H */
