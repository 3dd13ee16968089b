/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/bruck.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, Bruck's concatenation algorithm for any p (MPICH's iallgatherv
 *        sched_brucks): the rounds of collalg_allgatherv_bruck() run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * A scratch vector of sum(recvcounts) elements holds the blocks back to back in the order of
 * the ranks from this one upwards: block j, the block of rank (rank + j) mod p, starts after
 * those of ranks rank .. rank + j - 1. Each phase starts when the one before has completed.
 * 1. The own block is copied to the start of the scratch (from the send buffer, or from its
 *    place in the receive buffer in place).
 * 2. Rounds d = 1, 2, 4, ... below p: blocks [0, m) with m = min(d, p - d) go to rank - d as one
 *    message, and blocks [d, d + m) come from rank + d (the same ranks' blocks, which the sender
 *    holds at its start). Invariant: after the round with d, the rank holds blocks
 *    [0, min(2d, p)), those of ranks rank .. rank + 2d - 1 (mod p).
 * 3. Each run of blocks that also lies back to back in the receive buffer is copied to its place
 *    (for blocks in rank order: two copies, ranks rank .. p - 1 and 0 .. rank - 1).
 *
 * @par Trace, p = 5, recvcounts {1, 0, 2, 1, 1}, rank 1 (scratch as ranks: elements)
 * @verbatim
   start:  1:0                                   (nothing but its empty block)
   d = 1:  sends 0 elements to 0; receives block 2 (2 elements) from 2     1:0 2:2
   d = 2:  sends blocks 1, 2 (2 elements) to 4; receives 3, 4 (2) from 3  1:0 2:2 3:1 4:1
   d = 4:  sends block 1 (0 elements) to 2; receives block 0 (1) from 0    ... 0:1: all
   copies: blocks 2, 3, 4, 0 to their displacements
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_bruck_p6.svg
 * @image html iallgatherv_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(lg p) alpha + the bytes
 * of the heaviest round's messages beta per round ((p - 1)/p n beta for equal blocks), plus two
 * local copies of about n bytes (the own block and the final copies). Against
 * collalg_iallgatherv_recursive_doubling(): ceil(lg p) rounds for every p, without forwarding
 * rounds, at the price of the scratch.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype (the span of the type), plus the operation
 * (about 60 bytes per step, 2 ceil(lg p) + p + 1 steps at most, plus 300 bytes), until the
 * request completes.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the concatenation
 * algorithm); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication
 * Operations in MPICH", IJHPCA 19(1), 2005, §4.1; T. Hoefler, A. Lumsdaine, W. Rehm, SC'07
 * (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHERV_BRUCK_H
#define COLLALG_IALLGATHERV_BRUCK_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgatherv_bruck() (@p persistent 0) and of
 *         collalg_allgatherv_init_bruck() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                              MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_allgatherv(collalg__iallgatherv_bruck_steps, sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                                   displs, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgatherv by Bruck's concatenation algorithm.
 * @param sendbuf    @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                   already at @p displs[rank] of @p recvbuf)
 * @param sendcount  elements this rank contributes (>= 0)
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    block b is @p recvcounts[b] elements of @p recvtype at element @p displs[b]
 * @param recvcounts p counts (>= 0); read during the call only
 * @param displs     p displacements, in elements of @p recvtype
 * @param recvtype   committed datatype of @p recvbuf
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_iallgatherv_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgatherv_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                      request, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_bruck(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgatherv_bruck()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, const int recvcounts[], const int displs[],
                                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                 MPI_Request *request)
{
    (void)info;
    return collalg__iallgatherv_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                      request, 1);
}

#endif /* COLLALG_IALLGATHERV_BRUCK_H */
