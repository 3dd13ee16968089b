/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/k_bruck.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, Bruck's concatenation algorithm with radix k for any p (MPICH's
 *        iallgather tsp_brucks, Open MPI's bruck-k-fanout): the rounds of
 *        collalg_allgather_k_bruck() run by the nonblocking executor (core/nbc.h); radix 2 is
 *        collalg_iallgather_bruck().
 *
 * @par Phases
 * A scratch vector of p blocks holds, in block j, the block of rank (rank + j) mod p. Each phase
 * starts when the one before has completed.
 * 1. The own block is copied to block 0 of the scratch (from the send buffer, or from its place
 *    in the receive buffer in place).
 * 2. Rounds of span s = 1, k, k^2, ... below p (schedule/kradix.h): for each j = 1 .. k - 1 with
 *    j s < p, m_j = min(s, p - j s) blocks come from rank + j s into blocks [j s, j s + m_j) and
 *    blocks [0, m_j) go to rank - j s; the 2 (k - 1) messages of a round are in flight together.
 *    Invariant: after the round of span s, the rank holds blocks [0, min(k s, p)), those of
 *    ranks rank .. rank + k s - 1 (mod p).
 * 3. Rotation: block j of the scratch is copied to block (rank + j) mod p of the receive buffer,
 *    as two pieces (the blocks of ranks rank .. p - 1, then 0 .. rank - 1).
 * Any p: the last round sends only the blocks still missing (m_j clipped at p, no message for
 * j s >= p); a radix k >= p is one round of p - 1 messages each way.
 *
 * @par Trace, p = 7, radix 3 (blocks held by rank r, as ranks)
 * @verbatim
   s = 1:  from r+1, r+2 (1 block each); to r-1, r-2       r holds r .. r+2
   s = 3:  from r+3 (3 blocks), r+6 (1 block); to r-3, r-6  r holds r .. r+6: all
   rotation: rank 2's scratch 2 3 4 5 6 0 1 -> receive buffer 0 1 2 3 4 5 6
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_k_bruck_p6.svg
 * @image html iallgather_k_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(log_k p) alpha +
 * (p - 1)/p n beta where a rank's k - 1 messages of a round overlap (the k-port model), up to
 * (k - 1) ceil(log_k p) alpha where they go one after another; plus two local copies of about n
 * bytes (the own block and the rotation).
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer; the radix must be the same on every rank.
 *
 * @par Memory
 * p recvcount elements of the receive datatype (the span of the type), plus the operation (about
 * 60 bytes per step, 2 (min(k, p) - 1) ceil(log_k p) + 3 steps at most, plus 300 bytes), until
 * the request completes.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the concatenation
 * in the k-port model); T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking
 * schedule).
 */
#ifndef COLLALG_IALLGATHER_K_BRUCK_H
#define COLLALG_IALLGATHER_K_BRUCK_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"
#include "../allgather/k_bruck.h"

/** @brief The start of collalg_iallgather_k_bruck() (@p persistent 0) and of
 *         collalg_allgather_init_k_bruck() (1): checks (the radix too), schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Request *request, int radix, int persistent)
{
    return collalg__nbc_transport_k(NULL, collalg__iallgather_k_bruck_steps, radix,
                                    COLLALG_ALLGATHER_K_BRUCK_RADIX_DEFAULT, sendbuf, sendcount, sendtype, recvbuf,
                                    recvcount, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by Bruck's concatenation algorithm with radix k.
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
 * @param radix     k >= 2, the messages a rank sends per round plus one (2: the rounds of
 *                  collalg_iallgather_bruck()); 0 selects COLLALG_ALLGATHER_K_BRUCK_RADIX_DEFAULT
 *                  (2); a radix above p acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_ARG when @p radix is negative or 1 (nothing is sent); MPI_ERR_NO_MEM; or the
 *         error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgather_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                              int radix)
{
    return collalg__iallgather_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                       0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_k_bruck(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_k_bruck()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                  MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallgather_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                       1);
}

#endif /* COLLALG_IALLGATHER_K_BRUCK_H */
