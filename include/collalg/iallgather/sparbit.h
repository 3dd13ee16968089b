/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/sparbit.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, Sparbit (Open MPI's sparbit): the ceil(lg p) steps of
 *        collalg_allgather_sparbit(), distances halving, run by the nonblocking executor
 *        (core/nbc.h); every block goes straight into its place, no scratch, no rotation.
 *
 * @par Phases
 * Offsets count down from a rank: offset o of rank r is the block of rank (r - o) mod p. Each
 * phase starts when the one before has completed.
 * 1. The own block is copied into its place (not in place).
 * 2. Steps s = 0 .. ceil(lg p) - 1, distance d = 2^(ceil(lg p) - 1 - s): rank r sends the blocks
 *    at its offsets 2 d j with 2 d j + d < p (m = ceil((p - d) / (2 d)) of them) to r + d and
 *    receives the m blocks at its offsets 2 d j + d from r - d, one message per block (as Open
 *    MPI does; the blocking algorithm makes one indexed datatype of them), straight from and
 *    into their places. Invariant: after the step, rank r holds the blocks at every offset that
 *    is a multiple of d below p. Where p is not a power of two the offsets at p or beyond are
 *    not sent, so no block travels twice.
 * A call that moves no data (recvcount 0) sends nothing.
 *
 * @par Trace, p = 6 (blocks held by each rank after each step)
 * @verbatim
   step 0 (d=4):  r holds r, r-4            (1 block from r - 4)
   step 1 (d=2):  r holds r, r-2, r-4       (1 block from r - 2: offset 2; offset 6 = p is not sent)
   step 2 (d=1):  all six                   (3 blocks from r - 1: offsets 1, 3, 5)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_sparbit_p6.svg
 * @image html iallgather_sparbit_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(lg p) alpha + (p - 1)/p
 * n beta where the m messages of a step (to one peer) pipeline, up to (p - 1) alpha where each
 * pays its own latency; p - 1 messages in all, p / 2 of them in the last step, to the nearest
 * rank r + 1 (the paper's data locality).
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (p - 1) + 1 steps) plus 300 bytes.
 *
 * @par References
 * W. J. Loch, G. P. Koslovski, "Sparbit: a new logarithmic-cost and data locality-aware MPI
 * Allgather algorithm", SBAC-PAD 2021, arXiv:2109.08751; T. Hoefler, A. Lumsdaine, W. Rehm,
 * SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHER_SPARBIT_H
#define COLLALG_IALLGATHER_SPARBIT_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_sparbit() (@p persistent 0) and of
 *         collalg_allgather_init_sparbit() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Request *request, int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_sparbit_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by Sparbit (Bruck's steps, distances halving, blocks in place).
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
COLLALG_INLINE int collalg_iallgather_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgather_sparbit(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_sparbit(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_sparbit()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                  MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_sparbit(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLGATHER_SPARBIT_H */
