/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iscan/recursive_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iscan, recursive doubling in rank order (MPICH's iscan sched_recursive_doubling):
 *        the schedule of collalg_scan_recursive_doubling() run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * The result starts as the rank's input, and so does the partial reduction P of its group. In
 * step mask = 1, 2, 4, ... (each after the previous one has completed) rank r exchanges P with
 * r XOR mask when that rank exists: from a lower partner, the received P goes in front of both P
 * and the result; from a higher one, behind P only. Invariant: after the step with mask, P is
 * the reduction of r's aligned group of 2 mask ranks (clipped to p) and the result that of the
 * ranks of that group up to r.
 *
 * @par Trace, p = 5 ([a..b] = v_a op ... op v_b; result of each rank after each step)
 * @verbatim
   start:     [0]    [1]     [2]     [3]     [4]
   mask 1:    [0]    [0..1]  [2]     [2..3]  [4]      (4 has no partner)
   mask 2:    [0]    [0..1]  [0..2]  [0..3]  [4]
   mask 4:    [0]    [0..1]  [0..2]  [0..3]  [0..4]   (0 <-> 4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iscan_recursive_doubling_p6.svg
 * @image html iscan_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. ceil(lg p) (alpha + n beta + 2 n gamma).
 *
 * @par Restrictions
 * None: any p >= 1, any operation; MPI_IN_PLACE as the send buffer. The operation must not be
 * freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of count elements of the datatype, plus the operation (about 60 bytes per step plus
 * 300 bytes).
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (MPICH's recursive-doubling scan); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_ISCAN_RECURSIVE_DOUBLING_H
#define COLLALG_ISCAN_RECURSIVE_DOUBLING_H

#include "../core/persistent.h"
#include "../family/scan.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iscan_recursive_doubling() (@p persistent 0) and of
 *         collalg_scan_init_recursive_doubling() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iscan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                     MPI_Request *request, int persistent)
{
    return collalg__nbc_vector(collalg__scan_enter, collalg__iscan_recursive_doubling_steps, 0, MPI_SUCCESS, 0, sendbuf,
                               recvbuf, count, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Iscan by recursive doubling, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: v_0 op ... op v_rank
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_iscan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                    MPI_Request *request)
{
    return collalg__iscan_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Scan_init by the algorithm of collalg_iscan_recursive_doubling(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iscan_recursive_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_scan_init_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                        MPI_Request *request)
{
    (void)info;
    return collalg__iscan_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_ISCAN_RECURSIVE_DOUBLING_H */
