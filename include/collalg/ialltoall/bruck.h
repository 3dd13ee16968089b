/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoall/bruck.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoall, Bruck's algorithm for any p (MPICH's ialltoall sched_brucks, meant for
 *        short messages): the schedule of collalg_alltoall_bruck() run by the nonblocking
 *        executor (core/nbc.h).
 *
 * @par Phases
 * A scratch vector of p blocks, and two packing areas of floor(p/2) blocks. Each phase, and each
 * part of a round, starts when the one before has completed.
 * 1. Rotation: block j of the scratch is a copy of block (rank + j) mod p of the input (the send
 *    buffer, or the receive buffer in place): the data for the rank j ahead.
 * 2. Rounds d = 1, 2, 4, ... below p: the blocks j whose bit d is set (the runs of d blocks that
 *    start at j = d, 3d, 5d, ...) are copied into the outgoing area, sent to rank + d as one
 *    message, and the message from rank - d is copied from the incoming area into the same
 *    places. A block thus travels j ranks in all, one bit of j per round. Invariant: after the
 *    rounds below d, block j of rank r holds the data that rank r - (j mod d) has for rank
 *    r - (j mod d) + j.
 * 3. Inverse rotation: block j of the scratch is copied to block (rank - j) mod p of the receive
 *    buffer.
 *
 * @par Trace, p = 5 (the scratch blocks that move, of every rank)
 * @verbatim
   d = 1:  blocks 1, 3 -> rank + 1
   d = 2:  blocks 2, 3 -> rank + 2
   d = 4:  block 4     -> rank + 4
   rank 0 then holds in block j the data of rank -j for it: receive block (0 - j) mod 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoall_bruck_p6.svg
 * @image html ialltoall_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank in all (p blocks).
 * ceil(lg p) alpha + about ceil(lg p) n/2 beta, plus local copies of about (2 + ceil(lg p)) n
 * bytes (rotations, packing and unpacking). Fewer messages than collalg_ialltoall_pair() (p - 1)
 * for more bytes: for short blocks.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * (p + 2 floor(p/2)) recvcount elements of the receive datatype (the span of the type), plus the
 * operation (about 60 bytes per step, about 4 p + 4 ceil(lg p) steps, plus 300 bytes), until the
 * request completes.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the index
 * algorithm); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication
 * Operations in MPICH", IJHPCA 19(1), 2005, §4.3; T. Hoefler, A. Lumsdaine, W. Rehm, SC'07
 * (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLTOALL_BRUCK_H
#define COLLALG_IALLTOALL_BRUCK_H

#include "../core/persistent.h"
#include "../schedule/icoll_alltoall.h"

/** @brief The start of collalg_ialltoall_bruck() (@p persistent 0) and of
 *         collalg_alltoall_init_bruck() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoall_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                            int persistent)
{
    return collalg__nbc_transport(collalg__ialltoall_bruck_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoall by Bruck's algorithm.
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
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ialltoall_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__ialltoall_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Alltoall_init by the algorithm of collalg_ialltoall_bruck(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoall_bruck()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoall_init_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                               MPI_Request *request)
{
    (void)info;
    return collalg__ialltoall_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLTOALL_BRUCK_H */
