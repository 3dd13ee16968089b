/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/rabenseifner.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, Rabenseifner's algorithm for any p in rank order (MPICH's iallreduce
 *        sched_reduce_scatter_allgather): recursive-halving reduce-scatter then
 *        recursive-doubling allgather, the schedule of collalg_allreduce_rabenseifner() run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * pof2 = 2^floor(lg p), rem = p - pof2; the vector is cut into pof2 blocks (sizes differ by at
 * most one element; some are empty when count < pof2). Each phase starts when the one before has
 * completed.
 * 1. The input is copied into the receive buffer (not in place).
 * 2. Fold: each even rank r < 2 rem sends its vector to r + 1, which combines the two (r's
 *    operand first) and goes on as survivor r / 2; the ranks r >= 2 rem go on as survivors
 *    r - rem. The survivors keep the ranks' order.
 * 3. Reduce-scatter by recursive halving, mask = 1, 2, ..., pof2/2: survivors i and i XOR mask
 *    hold the same block range; each keeps one half (bit mask of i set: the upper one), sends the
 *    other and combines the half it receives with its own, the lower group's operand first.
 *    Invariant: after the step with mask, survivor i holds, for its range, the reduction over
 *    the aligned run of 2 mask survivors containing i. The running vector alternates between the
 *    receive buffer and a scratch vector (a combination is written into its second operand).
 * 4. Allgather by recursive doubling, mask = pof2/2, ..., 1: the same pairs as in phase 3 swap
 *    their ranges, so each range doubles back to the whole vector; it is copied into the receive
 *    buffer when it ends in the scratch vector.
 * 5. Unfold: each odd rank r < 2 rem sends the result to r - 1.
 *
 * @par Trace, p = 5, count = 8 (pof2 = 4; survivors 1, 2, 3, 4; blocks of 2 elements)
 * @verbatim
   fold:       0 -> 1 (8 elements)
   halving:    mask 1: 1 <-> 2, 3 <-> 4 (4 elements each way; 1, 3 keep blocks 0-1, 2, 4 keep 2-3)
               mask 2: 1 <-> 3 (1 keeps 0, 3 keeps 1), 2 <-> 4 (2 keeps 2, 4 keeps 3)
   allgather:  mask 2: 1 <-> 3, 2 <-> 4 (2 elements each way); mask 1: 1 <-> 2, 3 <-> 4 (4)
   unfold:     1 -> 0 (8 elements)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_rabenseifner_p6.svg
 * @image html iallreduce_rabenseifner_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per rank. 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2
 * n beta + (pof2 - 1)/pof2 n gamma, plus 2 (alpha + n beta) + n gamma for the fold and unfold
 * when p is not a power of two. Against collalg_iallreduce_recursive_doubling(): the same number
 * of messages, but each rank sends and combines about n instead of lg(p) n bytes.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any operation (the operand order is the standard's, so a
 * non-commutative operation is reduced correctly: the halving runs at doubling distance, so a
 * partner's contribution is a run of ranks wholly below or above this rank's); MPI_IN_PLACE as
 * the send buffer. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * One vector of count elements of the datatype (the span of the type) on the survivors, plus the
 * operation (about 60 bytes per step, 4 lg(pof2) + 6 steps at most, plus 300 bytes), until the
 * request completes.
 *
 * @par References
 * R. Rabenseifner, "Optimization of Collective Reduction Operations", ICCS 2004 (the
 * reduce-scatter + allgather allreduce); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of
 * Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.4 (recursive halving
 * and doubling, the fold for p not a power of two); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07
 * (rounds of a nonblocking schedule); A. Faraj, X. Yuan, ICS'05, §3.1 ("MPICH Rabenseifner
 * algorithm").
 */
#ifndef COLLALG_IALLREDUCE_RABENSEIFNER_H
#define COLLALG_IALLREDUCE_RABENSEIFNER_H

#include "../core/persistent.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iallreduce_rabenseifner() (@p persistent 0) and of
 *         collalg_allreduce_init_rabenseifner() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_rabenseifner(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                    MPI_Request *request, int persistent)
{
    return collalg__nbc_allreduce(collalg__iallreduce_rabenseifner_steps, 0, sendbuf, recvbuf, count, datatype, op,
                                  comm, request, persistent);
}

/**
 * @brief MPI_Iallreduce by Rabenseifner's algorithm (recursive-halving reduce-scatter,
 *        recursive-doubling allgather), in the standard's operand order.
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
COLLALG_INLINE int collalg_iallreduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallreduce_rabenseifner(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_rabenseifner(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallreduce_rabenseifner()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_rabenseifner(const void *sendbuf, void *recvbuf, int count,
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                       MPI_Request *request)
{
    (void)info;
    return collalg__iallreduce_rabenseifner(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IALLREDUCE_RABENSEIFNER_H */
