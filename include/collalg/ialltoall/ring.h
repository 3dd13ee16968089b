/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoall/ring.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoall, ring algorithm (Faraj & Yuan): the schedule of collalg_alltoall_ring() run
 *        by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied. In phase i = 1 .. p - 1, each after the previous one has completed,
 * rank r sends its block for rank r + i and receives the block of rank r - i: the scattered
 * schedule with a window of one pair (collalg_ialltoall_scattered()). Invariant: each rank
 * receives from one sender per phase, so no node contention while the phases stay in step. In
 * place, the p blocks are first copied to scratch and sent from there.
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
 * @image html ialltoall_ring_p6.svg
 * @image html ialltoall_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank. (p - 1)(alpha + n/p beta), one
 * message in and one out at a time.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps) plus 300 bytes; in place, p blocks of the
 * receive type as well.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (ring algorithm); MPICH's ialltoall tsp_ring (src/mpi/coll/ialltoall/
 * ialltoall_tsp_ring.c) keeps the name for another schedule: the whole buffer forwarded around
 * the ring p - 1 times, n bytes per step, where this one sends each block once.
 */
#ifndef COLLALG_IALLTOALL_RING_H
#define COLLALG_IALLTOALL_RING_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoall_ring() (@p persistent 0) and of
 *         collalg_alltoall_init_ring() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoall_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                           int persistent)
{
    return collalg__ialltoall_start(COLLALG_A2A_SCATTERED, 1, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                    recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoall by the ring algorithm.
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
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting. Nothing is
 *         sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ialltoall_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__ialltoall_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Alltoall_init by the algorithm of collalg_ialltoall_ring(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoall_ring()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoall_init_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                              MPI_Request *request)
{
    (void)info;
    return collalg__ialltoall_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLTOALL_RING_H */
