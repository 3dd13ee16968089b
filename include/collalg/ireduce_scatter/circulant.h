/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter/circulant.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter on the circulant graph for commutative operations (Träff's: the
 *        circulant allgather run backwards, blocks combined): the schedule of
 *        collalg_reduce_scatter_circulant() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Each phase starts when the one before has completed on this rank. The skips of
 * schedule/circulant.h: q = ceil(lg p), skip[q] = p, skip[k] = ceil(skip[k + 1] / 2). The partials
 * live in scratch in relative order: slot i holds block (rank + i) mod p.
 * 1. The input is copied into the slots (two pieces: blocks rank .. p - 1, then 0 .. rank - 1).
 * 2. Rounds k = q - 1 down to 0, m = skip[k + 1] - skip[k]: slots skip[k] .. skip[k + 1] - 1 (one
 *    message) go to rank + skip[k], which holds the same blocks in its slots 0 .. m - 1; the
 *    partials of slots 0 .. m - 1 come from rank - skip[k] and are folded in. Invariant: before
 *    round k, slots 0 .. skip[k + 1] - 1 are live. The partials are combined in the order of
 *    each block's circulant broadcast tree, not the ranks': commutative operations only.
 * 3. Slot 0 (block rank, every contribution folded in) is copied to element 0 of the receive
 *    buffer.
 * Empty runs (zero counts) are not sent (collalg__ireduce_scatter_circulant_steps()).
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r -> t: a..b" = r sends its partials of blocks a..b to t)
 * @verbatim
   round 2 (skip 3, m 3):  r -> r+3: r+3..r+5
   round 1 (skip 2, m 1):  r -> r+2: r+2
   round 0 (skip 1, m 1):  r -> r+1: r+1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_circulant_p6.svg
 * @image html ireduce_scatter_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector (equal blocks).
 * ceil(lg p) alpha + (p - 1)/p n (beta + gamma): the fewest rounds and the least volume at once,
 * for any p; plus a local copy of the whole vector. With unequal blocks a round costs the larger
 * of the runs sent and received.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise, as the blocking
 * collalg_reduce_scatter_circulant()). Any p >= 1, any counts (zeros allowed), MPI_IN_PLACE as
 * the send buffer. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * The whole vector (sum of the counts, elements of the datatype) and the largest run received
 * (at most ceil(p / 2) blocks) in scratch, plus the operation (about 60 bytes per step, at most
 * 3 ceil(lg p) + 3 steps, plus 300 bytes), until the request completes.
 *
 * @par References
 * J. L. Träff, "Optimal, Non-pipelined Reduce-scatter and Allreduce Algorithms", arXiv 2410.14234
 * (2024); J. L. Träff, "Optimal Broadcast Schedules in Logarithmic Time with Applications to
 * Broadcast, All-Broadcast, Reduction and All-Reduction", arXiv 2407.18004 (the circulant graph);
 * T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IREDUCE_SCATTER_CIRCULANT_H
#define COLLALG_IREDUCE_SCATTER_CIRCULANT_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_circulant() (@p persistent 0) and of
 *         collalg_reduce_scatter_init_circulant() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_circulant(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                      MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_circulant_steps, 1, 1, sendbuf, recvbuf, 0, recvcounts,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter on the circulant graph, for commutative operations.
 * @param sendbuf    the whole vector, sum of @p recvcounts elements of @p datatype, or
 *                   MPI_IN_PLACE (the vector is then in @p recvbuf)
 * @param recvbuf    @p recvcounts[rank] elements of @p datatype: block rank of the reduction
 * @param recvcounts p counts (>= 0), the same on every rank; read during the call only
 * @param datatype   committed datatype
 * @param op         a commutative reduction operation (predefined or user-defined)
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL @p recvcounts; MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL or a
 *         non-commutative operation; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_circulant(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                     MPI_Request *request)
{
    return collalg__ireduce_scatter_circulant(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_init by the algorithm of collalg_ireduce_scatter_circulant(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_circulant()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_init_circulant(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                         MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_circulant(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_CIRCULANT_H */
