/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter/butterfly.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter, Träff's butterfly in rank order (MPICH's ireduce_scatter
 *        sched_noncommutative, for any p here): the schedule of
 *        collalg_reduce_scatter_butterfly() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * pof2 = 2^floor(lg p), rem = p - pof2.
 * 1. Fold, order kept: rank 2i < 2 rem hands its vector to 2i + 1 (survivor i), which combines it
 *    in front of its own; rank j >= 2 rem is survivor j - rem. Survivor i stands for the
 *    super-block of its ranks' blocks.
 * 2. Halving at distance 1, 2, ..., pof2/2 (each step after the previous one): survivors i and
 *    i XOR mask cut their common range of super-blocks in two, the one with bit `mask` set keeps
 *    the upper half; each sends the half it gives up and combines the half it keeps, the lower
 *    survivor's operand first. Invariant: after the step with mask, survivor i holds its range
 *    reduced over the aligned run of 2 mask survivors, a run of consecutive ranks.
 * 3. Permutation: survivor i ends with super-block rev(i) (its lg(pof2) bits reversed); i and
 *    rev(i) swap them (nothing when rev(i) = i).
 * 4. Delivery: survivor i < rem sends rank 2i its block; each survivor copies its own.
 *
 * @par Trace, p = 6
 * The messages of reduce_scatter/butterfly.h's trace, step for step (fold, mask 1, mask 2,
 * permutation, delivery).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_butterfly_p6.svg
 * @image html ireduce_scatter_butterfly_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n the bytes of the whole vector, uniform blocks, p a
 * power of two: lg(p) alpha + (p - 1)/p n (beta + gamma) for the halving, plus alpha + n/p beta
 * for the permutation (none for the survivors with rev(i) = i); otherwise the fold adds
 * alpha + n (beta + gamma) and the delivery alpha + n/p beta. The other order-keeping schedules
 * move more: recursive doubling lg(p) n / 2 bytes per rank, reduce_scatterv the whole vector up
 * a binomial tree.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any counts (zeros allowed, the sum may exceed
 * an int count), MPI_IN_PLACE as the send buffer. The operation must not be freed before the
 * request completes (core/nbc.h).
 *
 * @par Memory
 * Two whole vectors (the sum of the counts, in elements of the datatype, each) on the survivors,
 * plus the operation (about 60 bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * J. L. Träff, "An improved algorithm for (non-commutative) reduce-scatter with an application",
 * EuroPVM/MPI 2005, LNCS 3666 (the butterfly and its permutation); R. Thakur, R. Rabenseifner,
 * W. Gropp, "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005,
 * §4.5 (MPICH's ireduce_scatter sched_noncommutative, powers of two); T. Hoefler, A. Lumsdaine,
 * W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective Operations for
 * MPI", SC'07.
 */
#ifndef COLLALG_IREDUCE_SCATTER_BUTTERFLY_H
#define COLLALG_IREDUCE_SCATTER_BUTTERFLY_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_butterfly() (@p persistent 0) and of
 *         collalg_reduce_scatter_init_butterfly() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_butterfly(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                      MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_butterfly_steps, 0, 1, sendbuf, recvbuf, 0, recvcounts,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter by Träff's butterfly, in the standard's operand order.
 * @param sendbuf    the whole vector, sum of @p recvcounts elements of @p datatype, or
 *                   MPI_IN_PLACE (the vector is then in @p recvbuf)
 * @param recvbuf    @p recvcounts[rank] elements of @p datatype: block rank of the reduction
 * @param recvcounts p counts (>= 0), the same on every rank; read during the call only
 * @param datatype   committed datatype
 * @param op         the reduction operation (predefined or user-defined)
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL @p recvcounts; MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_butterfly(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                     MPI_Request *request)
{
    return collalg__ireduce_scatter_butterfly(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_init by the algorithm of collalg_ireduce_scatter_butterfly(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_butterfly()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_init_butterfly(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                         MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_butterfly(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_BUTTERFLY_H */
