/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/recursive_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, recursive doubling for any p in rank order (MPICH's
 *        iallreduce sched_recursive_doubling): the schedule of
 *        collalg_allreduce_recursive_doubling() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * pof2 = 2^floor(lg p), rem = p - pof2.
 * 1. Fold: each even rank r < 2 rem sends its vector to r + 1, which combines the two
 *    (r's operand first) and goes on as survivor r / 2; the ranks r >= 2 rem go on as
 *    survivors r - rem. The survivors keep the ranks' order.
 * 2. Steps s = 0 .. lg pof2 - 1, each after the previous one has completed: survivor i exchanges
 *    its running result with survivor i XOR 2^s and combines the lower group's operand first.
 *    The result alternates between the receive buffer and a scratch vector (the combination is
 *    written into its second operand), and ends in the receive buffer.
 * 3. Unfold: each odd rank r < 2 rem sends the result to r - 1.
 *
 * @par Trace, p = 6 (pof2 = 4, rem = 2; survivors 1, 3, 4, 5 as 0, 1, 2, 3)
 * @verbatim
   fold:    0 -> 1 (1 holds 0..1),  2 -> 3 (3 holds 2..3)
   s = 0:   1 <-> 3 (both hold 0..3),  4 <-> 5 (both hold 4..5)
   s = 1:   1 <-> 4, 3 <-> 5 (all hold 0..5)
   unfold:  1 -> 0, 3 -> 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_recursive_doubling_p6.svg
 * @image html iallreduce_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per rank. (lg pof2 + 2 [p not a power of two])
 * (alpha + n beta) + (lg pof2 + 1) n gamma.
 *
 * @par Restrictions
 * None: any p >= 1, any operation (the operand order is the standard's, so a non-commutative
 * operation is reduced correctly); MPI_IN_PLACE as the send buffer. The operation must not be
 * freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * One vector of count elements of the datatype (the span of the type) on the survivors, plus the
 * operation (about 60 bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.4 (recursive doubling, the fold for p not a power of two);
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLREDUCE_RECURSIVE_DOUBLING_H
#define COLLALG_IALLREDUCE_RECURSIVE_DOUBLING_H

#include "../core/persistent.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iallreduce_recursive_doubling() (@p persistent 0) and of
 *         collalg_allreduce_init_recursive_doubling() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                          MPI_Request *request, int persistent)
{
    return collalg__nbc_allreduce(collalg__iallreduce_recursive_doubling_steps, 0, sendbuf, recvbuf, count, datatype,
                                  op, comm, request, persistent);
}

/**
 * @brief MPI_Iallreduce by recursive doubling, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting. An operation the datatype does not support fails in
 *         MPI_Reduce_local and comes back through the request.
 */
COLLALG_INLINE int collalg_iallreduce_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                         MPI_Request *request)
{
    return collalg__iallreduce_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_recursive_doubling(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_iallreduce_recursive_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                             MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallreduce_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IALLREDUCE_RECURSIVE_DOUBLING_H */
