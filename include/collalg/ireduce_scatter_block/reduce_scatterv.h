/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter_block/reduce_scatterv.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter_block as a binomial reduce to rank 0 followed by a linear scatter
 *        (LibNBC's; ireduce_scatter/reduce_scatterv.h with every block recvcount elements), run
 *        by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * 1. The p recvcount elements of the vector are reduced to rank 0 along ireduce/binomial.h's
 *    tree, in rank order, into scratch.
 * 2. Rank 0 copies block 0 into its receive buffer and sends block i (elements
 *    [i recvcount, (i + 1) recvcount)) to rank i, all at once; every other rank receives its
 *    block.
 *
 * @par Trace, p = 6
 * As ireduce_scatter/reduce_scatterv.h.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_block_reduce_scatterv_p6.svg
 * @image html ireduce_scatter_block_reduce_scatterv_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector. ceil(lg p) (alpha + n beta +
 * n gamma) + alpha + (p - 1)/p n beta.
 *
 * @par Restrictions
 * None: any p >= 1, any operation; MPI_IN_PLACE as the send buffer. The operation must not be
 * freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of p recvcount elements on ranks with children, plus the operation (about 60 bytes
 * per step plus 300 bytes).
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (LibNBC's reduce + scatter).
 */
#ifndef COLLALG_IREDUCE_SCATTER_BLOCK_REDUCE_SCATTERV_H
#define COLLALG_IREDUCE_SCATTER_BLOCK_REDUCE_SCATTERV_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_block_reduce_scatterv() (@p persistent 0) and of
 *         collalg_reduce_scatter_block_init_reduce_scatterv() (1): checks, schedule, buffers,
 *         then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_block_reduce_scatterv(const void *sendbuf, void *recvbuf, int recvcount,
                                                                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                                  MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_steps, 0, 0, sendbuf, recvbuf, recvcount, NULL,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter_block by a binomial reduce and a linear scatter, in the standard's
 *        operand order.
 * @param sendbuf   p blocks of @p recvcount elements of @p datatype, or MPI_IN_PLACE (the vector
 *                  is then in @p recvbuf)
 * @param recvbuf   @p recvcount elements of @p datatype: block rank of the reduction
 * @param recvcount elements per block (>= 0)
 * @param datatype  committed datatype
 * @param op        the reduction operation (predefined or user-defined)
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_block_reduce_scatterv(const void *sendbuf, void *recvbuf, int recvcount,
                                                                 MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                                 MPI_Request *request)
{
    return collalg__ireduce_scatter_block_reduce_scatterv(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_block_init by the algorithm of
 *        collalg_ireduce_scatter_block_reduce_scatterv(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_block_reduce_scatterv()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_init_reduce_scatterv(const void *sendbuf, void *recvbuf, int recvcount,
                                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                                     MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_block_reduce_scatterv(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_BLOCK_REDUCE_SCATTERV_H */
