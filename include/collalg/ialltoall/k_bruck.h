/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoall/k_bruck.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoall, Bruck's index algorithm with radix k for any p (MPICH's ialltoall
 *        tsp_brucks, meant for short messages), run by the nonblocking executor (core/nbc.h);
 *        radix 2 is collalg_ialltoall_bruck().
 *
 * @par Phases
 * A scratch vector of p blocks, and an outgoing and an incoming packing area of M blocks each
 * (M: the most blocks a round sends). Each phase, and each part of a round, starts when the one
 * before has completed.
 * 1. Rotation: block j of the scratch is a copy of block (rank + j) mod p of the input (the send
 *    buffer, or the receive buffer in place): the data for the rank j ahead.
 * 2. Rounds of span d = 1, k, k^2, ... below p (schedule/kradix.h): for each digit value
 *    v = 1 .. k - 1 with v d < p, the blocks j whose base-k digit at d is v (the runs of d blocks
 *    that start at j = v d, v d + k d, ...) are copied into the outgoing area, sent to rank + v d
 *    as one message, and the message from rank - v d is copied from the incoming area into the
 *    same places; the k - 1 messages of a round each way are in flight together. A block thus
 *    travels j ranks in all, one base-k digit of j per round. Invariant: after the rounds of the
 *    spans below d, block j of rank r holds the data that rank r - (j mod d) has for rank
 *    r - (j mod d) + j.
 * 3. Inverse rotation: block j of the scratch is copied to block (rank - j) mod p of the receive
 *    buffer.
 * Any p: a digit value with v d >= p has no block below p and sends nothing; a radix k >= p is
 * one round of p - 1 messages each way (the linear exchange through the scratch).
 *
 * @par Trace, p = 5, radix 3 (the scratch blocks that move, of every rank)
 * @verbatim
   d = 1:  blocks 1, 4 -> rank + 1;  block 2 -> rank + 2
   d = 3:  blocks 3, 4 -> rank + 3   (6 >= 5: no message for v = 2)
   block 4 = 11 in base 3 moves 1 + 3 ranks; rank 0 then holds in block j the data of rank -j
   for it: receive block (0 - j) mod 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoall_k_bruck_p6.svg
 * @image html ialltoall_k_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank in all (p blocks).
 * ceil(log_k p) alpha + about ceil(log_k p) (k - 1)/k n beta where a rank's k - 1 messages of a
 * round overlap (the k-port model), up to (k - 1) ceil(log_k p) alpha where they go one after
 * another; plus local copies of about (2 + 2 ceil(log_k p) (k - 1)/k) n bytes (rotations, packing
 * and unpacking). A larger radix: fewer rounds, each block moved fewer times, more messages.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes; MPI_IN_PLACE as the send buffer; the radix must be the same on
 * every rank.
 *
 * @par Memory
 * (p + 2 M) recvcount elements of the receive datatype (the span of the type), M <= p - 1 the most
 * blocks with one non-zero base-k digit value (floor(p/2) for radix 2), plus the operation (about
 * 60 bytes per step, about 4 p + 2 (k - 1) ceil(log_k p) steps, plus 300 bytes), until the
 * request completes.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the index
 * algorithm with radix r in the k-port model); MPICH src/mpi/coll/ialltoall/
 * ialltoall_tsp_brucks_algos.h (the radix-k nonblocking form); T. Hoefler, A. Lumsdaine, W. Rehm,
 * SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLTOALL_K_BRUCK_H
#define COLLALG_IALLTOALL_K_BRUCK_H

#include "../core/persistent.h"
#include "../schedule/icoll_alltoall.h"

/**
 * @def COLLALG_IALLTOALL_K_BRUCK_RADIX_DEFAULT
 * @brief The radix radix 0 selects in collalg_ialltoall_k_bruck(): 2, as MPICH's
 *        `MPIR_CVAR_IALLTOALL_BRUCKS_KVAL`. Define it before the include to change it.
 */
#ifndef COLLALG_IALLTOALL_K_BRUCK_RADIX_DEFAULT
#define COLLALG_IALLTOALL_K_BRUCK_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_ialltoall_k_bruck() (@p persistent 0) and of
 *         collalg_alltoall_init_k_bruck() (1): checks (the radix too), schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoall_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                              int radix, int persistent)
{
    return collalg__nbc_transport_k(NULL, collalg__ialltoall_k_bruck_steps, radix,
                                    COLLALG_IALLTOALL_K_BRUCK_RADIX_DEFAULT, sendbuf, sendcount, sendtype, recvbuf,
                                    recvcount, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoall by Bruck's index algorithm with radix k.
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
 * @param radix     k >= 2, the messages a rank sends per round plus one (2: the rounds of
 *                  collalg_ialltoall_bruck()); 0 selects COLLALG_IALLTOALL_K_BRUCK_RADIX_DEFAULT
 *                  (2); a radix above p acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_ARG when @p radix is negative or 1 (nothing is sent); MPI_ERR_NO_MEM; or the
 *         error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ialltoall_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                             int radix)
{
    return collalg__ialltoall_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                      0);
}

/**
 * @brief MPI_Alltoall_init by the algorithm of collalg_ialltoall_k_bruck(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoall_k_bruck()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoall_init_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ialltoall_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                      1);
}

#endif /* COLLALG_IALLTOALL_K_BRUCK_H */
