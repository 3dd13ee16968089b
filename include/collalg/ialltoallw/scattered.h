/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoallw/scattered.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoallw, scattered algorithm with a bounded window (the blocking
 *        collalg_alltoallw_scattered() with a sliding window): every peer in the order of
 *        distance, at most @p window receives and @p window sends in flight, run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied. Then, for distance i = 1 .. p - 1, a receive of block r - i from rank
 * r - i and a send of block r + i to rank r + i, each with its own datatype (r the caller's rank),
 * each straight from and into its place. The pair of distance i starts when the pair of distance
 * i - w (w = @p window) has completed, its receive and its send: a sliding window, so a new pair
 * starts as soon as an old one ends (the blocking collalg_alltoallw_scattered() waits for whole
 * batches). Invariant: at most w receives and w sends in flight; every rank takes the distances in
 * the same order, so the message of distance i always meets its receive under the same window.
 * w >= p - 1 is collalg_ialltoallw_linear(), w = 1 collalg_ialltoallw_ring(). In place, the bytes
 * the receive blocks span are first copied as raw bytes to scratch, and the blocks sent from that
 * image with their datatypes, so the datatypes' gaps in the receive buffer are never written.
 *
 * @par Trace, p = 5, window 2 (rank 0; rank r's are the same shifted by r)
 * @verbatim
   start:            copy block 0; recv from 4, send to 1 (i = 1); recv from 3, send to 2 (i = 2)
   i = 1 completes:  recv from 2, send to 3 (i = 3)
   i = 2 completes:  recv from 1, send to 4 (i = 4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoallw_scattered_p6.svg
 * @image html ialltoallw_scattered_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank in p - 1 messages, m the
 * largest. About ceil((p - 1)/w) alpha + n beta while the network takes w messages at once (at
 * most (p - 1)(alpha + m beta) for w = 1), + kappa_n when several ranks' windows meet at one
 * receiver: a larger w overlaps more and contends more.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements and datatypes; MPI_IN_PLACE as the send buffer;
 * any window >= 1.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps, each waiting for the 2 steps a window back),
 * a table of p datatypes per buffer plus 300 bytes; in place, the bytes the receive blocks span as
 * well.
 *
 * @par References
 * MPICH src/mpi/coll/ialltoallw/ialltoallw_intra_sched_blocked.c (batches of
 * MPIR_CVAR_ALLTOALL_THROTTLE messages) and the blocking collalg_alltoallw_scattered(); A. Faraj,
 * X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines", ICS'05,
 * §3.1 (the spreading order); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.3.
 */
#ifndef COLLALG_IALLTOALLW_SCATTERED_H
#define COLLALG_IALLTOALLW_SCATTERED_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoallw_scattered() (@p persistent 0) and of
 *         collalg_alltoallw_init_scattered() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoallw_scattered(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                 const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                                 const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                 MPI_Request *request, int window, int persistent)
{
    return collalg__ialltoallw_start(COLLALG_A2A_SCATTERED, window, sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                                     recvcounts, rdispls, recvtypes, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoallw by the scattered algorithm, at most @p window pairs in flight.
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
 * @param window     w >= 1, the most receives (and sends) in flight; 0 selects
 *                   #COLLALG_IALLTOALL_SCATTERED_WINDOW (32); ranks may differ
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays or a negative @p window;
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased
 *         buffers; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of
 *         a failing MPI call while starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ialltoallw_scattered(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                                const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                MPI_Request *request, int window)
{
    return collalg__ialltoallw_scattered(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                         recvtypes, comm, request, window, 0);
}

/**
 * @brief MPI_Alltoallw_init by the algorithm of collalg_ialltoallw_scattered(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoallw_scattered()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoallw_init_scattered(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                    const MPI_Datatype sendtypes[], void *recvbuf,
                                                    const int recvcounts[], const int rdispls[],
                                                    const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                                    MPI_Request *request, int window)
{
    (void)info;
    return collalg__ialltoallw_scattered(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                         recvtypes, comm, request, window, 1);
}

#endif /* COLLALG_IALLTOALLW_SCATTERED_H */
