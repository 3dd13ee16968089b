/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/bruck.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, Bruck's concatenation algorithm for any p (MPICH's iallgather
 *        sched_brucks): the schedule of collalg_allgather_bruck() run by the nonblocking executor
 *        (core/nbc.h); the radix-2 case of collalg_iallgather_k_bruck().
 *
 * @par Phases
 * A scratch vector of p blocks holds, in block j, the block of rank (rank + j) mod p. Each phase
 * starts when the one before has completed.
 * 1. The own block is copied to block 0 of the scratch (from the send buffer, or from its place
 *    in the receive buffer in place).
 * 2. Rounds d = 1, 2, 4, ... below p: blocks [0, m) with m = min(d, p - d) go to rank - d as one
 *    message, and blocks [d, d + m) come from rank + d. Invariant: after the round with d, the
 *    rank holds blocks [0, min(2d, p)), the blocks of ranks rank .. rank + 2d - 1 (mod p).
 * 3. Rotation: block j of the scratch is copied to block (rank + j) mod p of the receive buffer,
 *    as two pieces (the blocks of ranks rank .. p - 1, then 0 .. rank - 1).
 *
 * @par Trace, p = 5 (blocks held by rank r, as ranks)
 * @verbatim
   d = 1:  r -> r - 1 (1 block)     r holds r, r+1
   d = 2:  r -> r - 2 (2 blocks)    r holds r .. r+3
   d = 4:  r -> r - 4 (1 block)     r holds r .. r+4: all
   rotation: rank 2's scratch 2 3 4 0 1 -> receive buffer 0 1 2 3 4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_bruck_p6.svg
 * @image html iallgather_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(lg p) alpha +
 * (p - 1)/p n beta, plus two local copies of about n bytes (the own block and the rotation).
 * Against collalg_iallgather_recursive_doubling(): ceil(lg p) rounds for every p, without
 * forwarding rounds, at the price of the rotation.
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * p recvcount elements of the receive datatype (the span of the type), plus the operation (about
 * 60 bytes per step, 2 ceil(lg p) + 3 steps, plus 300 bytes), until the request completes.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the concatenation
 * algorithm); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication
 * Operations in MPICH", IJHPCA 19(1), 2005, §4.1 (Bruck's allgather for short messages and any
 * p); T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHER_BRUCK_H
#define COLLALG_IALLGATHER_BRUCK_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_bruck() (@p persistent 0) and of
 *         collalg_allgather_init_bruck() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                             int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_bruck_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by Bruck's concatenation algorithm.
 * @param sendbuf   @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                  already at offset rank * recvcount of @p recvbuf)
 * @param sendcount elements sent by each rank (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j (at element
 *                  j * recvcount) is rank j's contribution
 * @param recvcount elements received from each rank (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgather_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgather_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_bruck(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_bruck()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLGATHER_BRUCK_H */
