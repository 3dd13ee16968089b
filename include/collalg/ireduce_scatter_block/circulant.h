/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter_block/circulant.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter_block on the circulant graph for commutative operations (Träff's):
 *        the schedule of collalg_reduce_scatter_block_circulant() run by the nonblocking
 *        executor (core/nbc.h).
 *
 * @par Phases
 * As ireduce_scatter/circulant.h on p blocks of recvcount elements: the input copied into the
 * slots in relative order, then in rounds k = q - 1 .. 0 over the circulant skips the run of
 * slots skip[k] .. skip[k + 1] - 1 goes to rank + skip[k] and the partials of slots 0 .. m - 1
 * come from rank - skip[k] and are folded in; last slot 0 to the receive buffer.
 *
 * @par Trace, p = 6
 * As ireduce_scatter/circulant.h (round k: r -> r + skip[k], skips 3, 2, 1).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_block_circulant_p6.svg
 * @image html ireduce_scatter_block_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements in bytes (the whole vector).
 * ceil(lg p) alpha + (p - 1)/p n (beta + gamma), plus a local copy of the whole vector.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise, as the blocking
 * collalg_reduce_scatter_block_circulant()). Any p >= 1, recvcount 0, MPI_IN_PLACE as the send
 * buffer. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * The whole vector and ceil(p / 2) blocks in scratch (elements of the datatype), plus the
 * operation (about 60 bytes per step, at most 3 ceil(lg p) + 3 steps, plus 300 bytes), until the
 * request completes.
 *
 * @par References
 * J. L. Träff, "Optimal, Non-pipelined Reduce-scatter and Allreduce Algorithms", arXiv 2410.14234
 * (2024); T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IREDUCE_SCATTER_BLOCK_CIRCULANT_H
#define COLLALG_IREDUCE_SCATTER_BLOCK_CIRCULANT_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_block_circulant() (@p persistent 0) and of
 *         collalg_reduce_scatter_block_init_circulant() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_block_circulant(const void *sendbuf, void *recvbuf, int recvcount,
                                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                            MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_circulant_steps, 1, 0, sendbuf, recvbuf, recvcount,
                                       NULL, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter_block on the circulant graph, for commutative operations.
 * @param sendbuf   p blocks of @p recvcount elements of @p datatype, or MPI_IN_PLACE (the vector
 *                  is then in @p recvbuf)
 * @param recvbuf   @p recvcount elements of @p datatype: block rank of the reduction
 * @param recvcount elements per block (>= 0)
 * @param datatype  committed datatype
 * @param op        a commutative reduction operation (predefined or user-defined)
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL or a
 *         non-commutative operation;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_block_circulant(const void *sendbuf, void *recvbuf, int recvcount,
                                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                           MPI_Request *request)
{
    return collalg__ireduce_scatter_block_circulant(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_block_init by the algorithm of collalg_ireduce_scatter_block_circulant(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_block_circulant()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_init_circulant(const void *sendbuf, void *recvbuf, int recvcount,
                                                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                               MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_block_circulant(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_BLOCK_CIRCULANT_H */
