/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoall/scattered.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoall, scattered algorithm with a bounded window (MPICH's ialltoall
 *        tsp_scattered and its blocking scattered alltoall): every peer in the order of distance,
 *        at most @p window receives and @p window sends in flight, run by the nonblocking
 *        executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied. Then, for distance i = 1 .. p - 1, a receive of block r - i from rank
 * r - i and a send of block r + i to rank r + i (r the caller's rank; the peers spread around the
 * ring, so no rank is every rank's first target). The pair of distance i starts when the pair of
 * distance i - w (w = @p window) has completed, its receive and its send: a sliding window, not
 * batches, so a new pair starts as soon as an old one ends. Invariant: at most w receives and w
 * sends in flight; every rank takes the distances in the same order, so the message of distance
 * i always meets its receive under the same window. w >= p - 1 is collalg_ialltoall_linear()
 * (every message at once); w = 1 is collalg_ialltoall_ring(). In place, the p blocks are first
 * copied to scratch and sent from there.
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
 * @image html ialltoall_scattered_p6.svg
 * @image html ialltoall_scattered_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank, p - 1 messages of n/p bytes.
 * About ceil((p - 1)/w) alpha + (p - 1)/p n beta while the network takes w messages at once, and
 * kappa_n when several ranks' windows meet at one receiver; a larger w overlaps more and contends
 * more, w = 1 pays (p - 1) alpha, one message in and one out at a time.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes; MPI_IN_PLACE as the send buffer; any window >= 1.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps, each waiting for the 2 steps a window back)
 * plus 300 bytes; in place, p blocks of the receive type as well.
 *
 * @par References
 * MPICH src/mpi/coll/ialltoall/ialltoall_tsp_scattered.c (its window:
 * MPIR_CVAR_IALLTOALL_SCATTERED_OUTSTANDING_TASKS);
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (the spreading order); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of
 * Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.3 (a bounded number of
 * messages at once).
 */
#ifndef COLLALG_IALLTOALL_SCATTERED_H
#define COLLALG_IALLTOALL_SCATTERED_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoall_scattered() (@p persistent 0) and of
 *         collalg_alltoall_init_scattered() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoall_scattered(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                MPI_Request *request, int window, int persistent)
{
    return collalg__ialltoall_start(COLLALG_A2A_SCATTERED, window, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                    recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoall by the scattered algorithm, at most @p window pairs in flight.
 * @param sendbuf   p blocks of @p sendcount elements of @p sendtype (block j, at element
 *                  j * sendcount, goes to rank j), or MPI_IN_PLACE (the blocks are then taken
 *                  from @p recvbuf, and @p sendcount, @p sendtype are ignored)
 * @param sendcount elements per block sent (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j comes from rank j
 * @param recvcount elements per block received (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @param window    w >= 1, the most receives (and sends) in flight; 0 selects
 *                  #COLLALG_IALLTOALL_SCATTERED_WINDOW (32); ranks may differ
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_ARG when @p window is negative;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ialltoall_scattered(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Request *request, int window)
{
    return collalg__ialltoall_scattered(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request,
                                        window, 0);
}

/**
 * @brief MPI_Alltoall_init by the algorithm of collalg_ialltoall_scattered(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoall_scattered()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoall_init_scattered(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                   void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                   MPI_Info info, MPI_Request *request, int window)
{
    (void)info;
    return collalg__ialltoall_scattered(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request,
                                        window, 1);
}

#endif /* COLLALG_IALLTOALL_SCATTERED_H */
