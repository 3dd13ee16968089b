/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/circulant.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather as p simultaneous circulant-graph broadcasts of one block each (Träff's
 *        all-broadcast with n = 1): the ceil(lg p) rounds of collalg_allgather_circulant(), run by
 *        the nonblocking executor (core/nbc.h); every block goes straight into its place.
 *
 * @par Phases
 * Each phase starts when the one before has completed.
 * 1. The own block is copied into its place (not in place).
 * 2. Rounds k = 0 .. q - 1 over the skips of schedule/circulant.h (q = ceil(lg p), skip[q] = p,
 *    skip[k] = ceil(skip[k + 1] / 2)). Invariant: before round k, rank r holds the blocks of the
 *    skip[k] ranks r, r - 1, ..., r - skip[k] + 1 (mod p). In round k, with m = skip[k + 1] -
 *    skip[k] <= skip[k], rank r sends the blocks of ranks r - m + 1 .. r to r + skip[k] and
 *    receives those of ranks r - skip[k + 1] + 1 .. r - skip[k] from r - skip[k]: runs of
 *    consecutive blocks of the receive buffer modulo p, one message each, or two where the run
 *    wraps past block p - 1 (collalg__iallgather_circulant_steps()).
 * A call that moves no data (recvcount 0) sends nothing.
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r: a..b <- f" = r receives the blocks of ranks a..b from f)
 * @verbatim
   round 0 (skip 1, m 1):  r: r-1 <- r-1
   round 1 (skip 2, m 1):  r: r-2 <- r-2
   round 2 (skip 3, m 3):  r: r-5..r-3 <- r-3   (rank 4 receives blocks 5, 0, 1: two messages)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_circulant_p6.svg
 * @image html iallgather_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(lg p) alpha + (p - 1)/p
 * n beta: the fewest rounds an allgather can take, each block sent once per rank, up to two
 * messages per round and direction where a run wraps. Against Bruck's (also ceil(lg p) rounds),
 * no rotation at the end: the blocks land in place.
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (at most 4 ceil(lg p) + 1 steps) plus 300 bytes.
 *
 * @par References
 * J. L. Träff, "Optimal broadcast schedules in logarithmic time with applications to broadcast,
 * all-broadcast, reduction and all-reduction", arXiv 2407.18004, all-broadcast section (here with
 * one block per root); MPICH src/mpi/coll/allgather/allgather_intra_circ_graph.c (blocking);
 * T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHER_CIRCULANT_H
#define COLLALG_IALLGATHER_CIRCULANT_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_circulant() (@p persistent 0) and of
 *         collalg_allgather_init_circulant() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                 MPI_Request *request, int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_circulant_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by p simultaneous one-block circulant-graph broadcasts.
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
COLLALG_INLINE int collalg_iallgather_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                MPI_Request *request)
{
    return collalg__iallgather_circulant(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_circulant(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_circulant()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                    void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                    MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_circulant(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLGATHER_CIRCULANT_H */
