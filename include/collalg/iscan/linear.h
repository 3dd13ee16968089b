/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iscan/linear.h
 * @ingroup nonblocking
 * @brief MPI_Iscan, linear in rank order (LibNBC's linear iscan): a chain from rank 0 up, run
 *        by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * A chain, each rank waiting for the one below it. The result starts as the rank's input. Rank
 * r > 0 receives [0..r-1] = v_0 op ... op v_(r - 1) from r - 1 into scratch and folds it in front
 * of its input, making [0..r]; every rank but the last then sends its result to r + 1.
 *
 * @par Trace, p = 4 ([a..b] = v_a op ... op v_b)
 * @verbatim
   0 -> 1: [0]       rank 1's result [0..1]
   1 -> 2: [0..1]    rank 2's result [0..2]
   2 -> 3: [0..2]    rank 3's result [0..3]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iscan_linear_p6.svg
 * @image html iscan_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. (p - 1)(alpha + n beta + n gamma) on the
 * chain: linear in p, for small p only (collalg_iscan_recursive_doubling() takes ceil(lg p)
 * steps).
 *
 * @par Restrictions
 * None: any p >= 1, any operation (the operand order is the standard's); MPI_IN_PLACE as the
 * send buffer. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * One vector of count elements of the datatype (ranks 1 .. p - 1), plus the operation (about 60
 * bytes per step plus 300 bytes).
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (LibNBC; Open MPI's ompi/mca/coll/libnbc/nbc_iscan.c, linear).
 */
#ifndef COLLALG_ISCAN_LINEAR_H
#define COLLALG_ISCAN_LINEAR_H

#include "../core/persistent.h"
#include "../family/scan.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iscan_linear() (@p persistent 0) and of
 *         collalg_scan_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iscan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_vector(collalg__scan_enter, collalg__iscan_linear_steps, 0, MPI_SUCCESS, 0, sendbuf, recvbuf,
                               count, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Iscan by a chain, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: v_0 op ... op v_rank
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         significant (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iscan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                        MPI_Comm comm, MPI_Request *request)
{
    return collalg__iscan_linear(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Scan_init by the algorithm of collalg_iscan_linear(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_iscan_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_scan_init_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iscan_linear(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_ISCAN_LINEAR_H */
