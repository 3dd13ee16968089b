/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/circulant_reduce_scatter_allgather.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce as Träff's optimal non-pipelined reduce-scatter on the circulant graph
 *        followed by the circulant allgather on the same skips: 2 ceil(lg p) rounds and
 *        2 (p - 1)/p of the vector sent per rank, for any p without a fold; the algorithm of
 *        collalg_allreduce_circulant_reduce_scatter_allgather() run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * The vector is cut into p blocks whose sizes differ by at most one element; skips skip[0 .. q]
 * of schedule/circulant.h (q = ceil(lg p), skip[q] = p, skip[k] = ceil(skip[k + 1] / 2)). The
 * schedule is collalg__iallreduce_circulant_steps(); each round starts when the one before has
 * completed.
 * 1. Copy the input into scratch in rank r's relative order (slot i = block (r + i) mod p), so
 *    that every message of the reduce-scatter is one run of slots.
 * 2. Reduce-scatter, rounds k = q - 1 .. 0: slots skip[k] .. skip[k + 1] - 1 to r + skip[k]; the
 *    partials of slots 0 .. m - 1 (m = skip[k + 1] - skip[k]) from r - skip[k], folded in.
 *    Afterwards slot 0 holds block r reduced over every rank; it is copied into its place in the
 *    receive buffer.
 * 3. Allgather, rounds k = 0 .. q - 1, in the receive buffer itself: the run of m blocks ending at
 *    block r to r + skip[k], the run ending at block r - skip[k] from r - skip[k], straight into
 *    its place (one piece, or two where the run wraps). Invariant: before round k the blocks
 *    r - skip[k] + 1 .. r are final.
 * Each block is reduced once, at its owner, and copied from there: every rank ends with the same
 * bits.
 *
 * @par Trace, p = 6 (skips 1 2 3 6)
 * @verbatim
   reduce-scatter  round 2 (skip 3):  r -> r+3: partials of blocks r+3 .. r+5
                   round 1 (skip 2):  r -> r+2: partial of block r+2
                   round 0 (skip 1):  r -> r+1: partial of block r+1   (r holds block r reduced)
   allgather       round 0 (skip 1):  r -> r+1: block r
                   round 1 (skip 2):  r -> r+2: block r
                   round 2 (skip 3):  r -> r+3: blocks r-2 .. r         (r holds all six)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_circulant_reduce_scatter_allgather_p6.svg
 * @image html iallreduce_circulant_reduce_scatter_allgather_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, q = ceil(lg p). 2 q alpha + 2 (p - 1)/p n beta +
 * (p - 1)/p n gamma for any p, against collalg_iallreduce_rabenseifner()'s
 * 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta plus 2 alpha + n beta for its fold when p is not a
 * power of two, and collalg_iallreduce_ring()'s 2 (p - 1) alpha; plus one local copy of the
 * vector.
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): the partials are combined in a tree's order,
 * not the ranks'; a non-commutative operation is refused with MPI_ERR_OP before any message. Any
 * p >= 1, count 0 (and count < p: empty blocks, not sent); MPI_IN_PLACE as the send buffer. The
 * operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * The vector plus its largest received run (at most ceil(p / 2) blocks) of the datatype, plus the
 * operation (about 60 bytes per step, about 6 ceil(lg p) + 3 steps, plus 300 bytes).
 *
 * @par References
 * J. L. Träff, "Optimal, Non-pipelined Reduce-scatter and Allreduce Algorithms", arXiv 2410.14234
 * (2024) (the reduce-scatter, and the allreduce as reduce-scatter plus the circulant allgather on
 * the same circulant graph; commutative operators); T. Hoefler, A. Lumsdaine, W. Rehm, SC'07
 * (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLREDUCE_CIRCULANT_REDUCE_SCATTER_ALLGATHER_H
#define COLLALG_IALLREDUCE_CIRCULANT_REDUCE_SCATTER_ALLGATHER_H

#include "../core/persistent.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iallreduce_circulant_reduce_scatter_allgather() (@p persistent 0) and of
 *         collalg_allreduce_init_circulant_reduce_scatter_allgather() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_circulant_reduce_scatter_allgather(const void *sendbuf, void *recvbuf, int count,
                                                                          MPI_Datatype datatype, MPI_Op op,
                                                                          MPI_Comm comm, MPI_Request *request,
                                                                          int persistent)
{
    return collalg__nbc_allreduce(collalg__iallreduce_circulant_steps, 1, sendbuf, recvbuf, count, datatype, op, comm,
                                  request, persistent);
}

/**
 * @brief MPI_Iallreduce by the circulant reduce-scatter and allgather, for commutative operations.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       a commutative reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL or a
 *         non-commutative operation; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallreduce_circulant_reduce_scatter_allgather(const void *sendbuf, void *recvbuf, int count,
                                                                         MPI_Datatype datatype, MPI_Op op,
                                                                         MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallreduce_circulant_reduce_scatter_allgather(sendbuf, recvbuf, count, datatype, op, comm, request,
                                                                  0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_circulant_reduce_scatter_allgather(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallreduce_circulant_reduce_scatter_allgather()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_circulant_reduce_scatter_allgather(const void *sendbuf, void *recvbuf,
                                                                             int count, MPI_Datatype datatype,
                                                                             MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                                             MPI_Request *request)
{
    (void)info;
    return collalg__iallreduce_circulant_reduce_scatter_allgather(sendbuf, recvbuf, count, datatype, op, comm, request,
                                                                  1);
}

#endif /* COLLALG_IALLREDUCE_CIRCULANT_REDUCE_SCATTER_ALLGATHER_H */
