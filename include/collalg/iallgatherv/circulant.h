/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/circulant.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv as p simultaneous circulant-graph broadcasts of one block each (Träff's
 *        all-broadcast with n = 1, irregular blocks): the ceil(lg p) rounds of
 *        collalg_iallgather_circulant() with each rank's own block size, run by the nonblocking
 *        executor (core/nbc.h); every block goes straight into its place.
 *
 * @par Phases
 * Each phase starts when the one before has completed.
 * 1. The own block is copied into its place (not in place).
 * 2. Rounds k = 0 .. q - 1 over the skips of schedule/circulant.h (q = ceil(lg p), skip[q] = p,
 *    skip[k] = ceil(skip[k + 1] / 2)). Invariant: before round k, rank r holds the blocks of the
 *    skip[k] ranks r, r - 1, ..., r - skip[k] + 1 (mod p). In round k, with m = skip[k + 1] -
 *    skip[k] <= skip[k], rank r sends the blocks of ranks r - m + 1 .. r to r + skip[k] and
 *    receives those of ranks r - skip[k + 1] + 1 .. r - skip[k] from r - skip[k], one message
 *    per block (the blocks lie where @p displs puts them; collalg__iallgatherv_circulant_steps()).
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r: a..b <- f" = r receives the blocks of ranks a..b from f)
 * @verbatim
   round 0 (skip 1, m 1):  r: r-1 <- r-1             (1 message)
   round 1 (skip 2, m 1):  r: r-2 <- r-2             (1 message)
   round 2 (skip 3, m 3):  r: r-5..r-3 <- r-3        (3 messages, one per block)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_circulant_p6.svg
 * @image html iallgatherv_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sum(recvcounts) elements in bytes. ceil(lg p) rounds;
 * a round lasts as long as its heaviest run of blocks: for equal blocks ceil(lg p) alpha +
 * (p - 1)/p n beta where the messages of a round (to one peer) pipeline, up to (p - 1) alpha in
 * all where each pays its own latency; p - 1 messages per rank.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (p - 1) + 1 steps) plus 300 bytes.
 *
 * @par References
 * J. L. Träff, "Optimal broadcast schedules in logarithmic time with applications to broadcast,
 * all-broadcast, reduction and all-reduction", arXiv 2407.18004, all-broadcast section (here with
 * one block per root, blocks of any size); T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a
 * nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHERV_CIRCULANT_H
#define COLLALG_IALLGATHERV_CIRCULANT_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgatherv_circulant() (@p persistent 0), of
 *         collalg_allgatherv_init_circulant() (1) and of collalg_allgatherv_circulant()
 *         (COLLALG__NBC_BLOCKING): checks, schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, const int recvcounts[], const int displs[],
                                                  MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                                  int persistent)
{
    return collalg__nbc_allgatherv(collalg__iallgatherv_circulant_steps, sendbuf, sendcount, sendtype, recvbuf,
                                   recvcounts, displs, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgatherv by p simultaneous one-block circulant-graph broadcasts.
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
COLLALG_INLINE int collalg_iallgatherv_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, const int recvcounts[], const int displs[],
                                                 MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgatherv_circulant(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                          request, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_circulant(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgatherv_circulant()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                     void *recvbuf, const int recvcounts[], const int displs[],
                                                     MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                     MPI_Request *request)
{
    (void)info;
    return collalg__iallgatherv_circulant(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                          request, 1);
}

#endif /* COLLALG_IALLGATHERV_CIRCULANT_H */
