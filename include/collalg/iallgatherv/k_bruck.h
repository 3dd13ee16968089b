/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/k_bruck.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, Bruck's concatenation algorithm with radix k for any p (MPICH's
 *        iallgatherv tsp_brucks): the rounds of collalg_iallgather_k_bruck() on blocks of any
 *        counts, run by the nonblocking executor (core/nbc.h); radix 2 is
 *        collalg_iallgatherv_bruck().
 *
 * @par Phases
 * A scratch vector of sum(recvcounts) elements holds the blocks back to back in the order of
 * the ranks from this one upwards: block j, the block of rank (rank + j) mod p, starts after
 * those of ranks rank .. rank + j - 1. Each phase starts when the one before has completed.
 * 1. The own block is copied to the start of the scratch (from the send buffer, or from its
 *    place in the receive buffer in place).
 * 2. Rounds of span s = 1, k, k^2, ... below p (schedule/kradix.h): for each j = 1 .. k - 1 with
 *    j s < p, m_j = min(s, p - j s) blocks come from rank + j s into blocks [j s, j s + m_j) and
 *    blocks [0, m_j) go to rank - j s, each run of blocks as one message of the sum of their
 *    counts; the 2 (k - 1) messages of a round are in flight together. Invariant: after the round
 *    of span s, the rank holds blocks [0, min(k s, p)), those of ranks rank .. rank + k s - 1
 *    (mod p).
 * 3. Each run of blocks that also lies back to back in the receive buffer is copied to its place
 *    (for blocks in rank order: two copies, ranks rank .. p - 1 and 0 .. rank - 1).
 * Any p: the last round sends only the blocks still missing (m_j clipped at p, no message for
 * j s >= p); a radix k >= p is one round of p - 1 messages each way.
 *
 * @par Trace, p = 5, radix 3, recvcounts {1, 0, 2, 1, 1}, rank 1 (scratch as ranks: elements)
 * @verbatim
   start:  1:0                                        (nothing but its empty block)
   s = 1:  from 2 block 2 (2 elements), from 3 block 3 (1); to 0 and 4 block 1 (0 elements)
           1:0 2:2 3:1
   s = 3:  from 4 blocks 4, 0 (2 elements); to 3 blocks 1, 2 (2 elements); 6 >= 5: no j = 2
           1:0 2:2 3:1 4:1 0:1: all
   copies: blocks 2, 3, 4, 0 to their displacements
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_k_bruck_p6.svg
 * @image html iallgatherv_k_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(log_k p) alpha + the bytes
 * of the heaviest round's messages beta per round ((p - 1)/p n beta for equal blocks) where a
 * rank's k - 1 messages of a round overlap (the k-port model), up to (k - 1) ceil(log_k p) alpha
 * where they go one after another; plus two local copies of about n bytes (the own block and the
 * final copies).
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer; the radix
 * must be the same on every rank.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype (the span of the type), plus the operation
 * (about 60 bytes per step, 2 (min(k, p) - 1) ceil(log_k p) + p + 1 steps at most, plus 300
 * bytes), until the request completes.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the concatenation
 * in the k-port model); MPICH src/mpi/coll/iallgatherv/iallgatherv_tsp_brucks_algos.h (the
 * radix-k nonblocking form for blocks of any counts); T. Hoefler, A. Lumsdaine, W. Rehm, SC'07
 * (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHERV_K_BRUCK_H
#define COLLALG_IALLGATHERV_K_BRUCK_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/**
 * @def COLLALG_IALLGATHERV_K_BRUCK_RADIX_DEFAULT
 * @brief The radix radix 0 selects in collalg_iallgatherv_k_bruck(): 2, as MPICH's
 *        `MPIR_CVAR_IALLGATHERV_BRUCKS_KVAL`. Define it before the include to change it.
 */
#ifndef COLLALG_IALLGATHERV_K_BRUCK_RADIX_DEFAULT
#define COLLALG_IALLGATHERV_K_BRUCK_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_iallgatherv_k_bruck() (@p persistent 0) and of
 *         collalg_allgatherv_init_k_bruck() (1): checks (the radix too), schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request, int radix,
                                                int persistent)
{
    return collalg__nbc_allgatherv_k(NULL, collalg__iallgatherv_k_bruck_steps, radix,
                                     COLLALG_IALLGATHERV_K_BRUCK_RADIX_DEFAULT, sendbuf, sendcount, sendtype, recvbuf,
                                     recvcounts, displs, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgatherv by Bruck's concatenation algorithm with radix k.
 * @param sendbuf    @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                   already at @p displs[rank] of @p recvbuf)
 * @param sendcount  elements this rank contributes (>= 0)
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    block b is @p recvcounts[b] elements of @p recvtype at element @p displs[b]
 * @param recvcounts p counts (>= 0); read during the call only
 * @param displs     p displacements, in elements of @p recvtype; read during the call only
 * @param recvtype   committed datatype of @p recvbuf
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @param radix      k >= 2, the messages a rank sends per round plus one (2: the rounds of
 *                   collalg_iallgatherv_bruck()); 0 selects
 *                   COLLALG_IALLGATHERV_K_BRUCK_RADIX_DEFAULT (2); a radix above p acts as p;
 *                   the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays, a negative radix or radix 1
 *         (nothing is sent); MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer,
 *         count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgatherv_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                               MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__iallgatherv_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        request, radix, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_k_bruck(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h); the counts and displacements are read at the init.
 * @copydetails collalg_iallgatherv_k_bruck()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                   void *recvbuf, const int recvcounts[], const int displs[],
                                                   MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                   MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallgatherv_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        request, radix, 1);
}

#endif /* COLLALG_IALLGATHERV_K_BRUCK_H */
