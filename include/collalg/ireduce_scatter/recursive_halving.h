/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter/recursive_halving.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter, recursive halving for commutative operations (MPICH's
 *        ireduce_scatter sched_recursive_halving): the schedule of
 *        collalg_reduce_scatter_recursive_halving() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * pof2 = 2^floor(lg p), rem = p - pof2. Each phase starts when the one before has completed.
 * 1. Fold: each even rank r < 2 rem sends its whole input to r + 1, which copies its own input
 *    into scratch and combines the two there (r's operand first); it goes on as survivor r / 2,
 *    the ranks r >= 2 rem as survivors r - rem. Survivor i owns super-block i: the blocks of the
 *    ranks it stands for (2i and 2i + 1, or i + rem), consecutive in the vector.
 * 2. Halving, mask = pof2/2, pof2/4, ..., 1: survivors i and i XOR mask hold the same range of
 *    2 mask super-blocks; each keeps one half (bit mask of i set: the upper one), sends the other
 *    and combines the half it receives with its own. Invariant: after the step with mask m,
 *    survivor i holds, for its m super-blocks, the reduction over the pof2/m survivors that
 *    agree with i on the bits below m: not a run of ranks, hence the commutative operation. The
 *    running vector alternates between two scratch vectors.
 * 3. Deliver: each odd rank r < 2 rem sends block r - 1 to rank r - 1; each survivor copies its
 *    own block to element 0 of its receive buffer.
 *
 * @par Trace, p = 6 (pof2 = 4, rem = 2; survivors 1, 3, 4, 5; super-blocks {0,1}, {2,3}, {4}, {5})
 * @verbatim
   fold:     0 -> 1, 2 -> 3 (whole vectors)
   mask 2:   1 <-> 4, 3 <-> 5   (1, 3 keep blocks 0..3; 4, 5 keep blocks 4, 5)
   mask 1:   1 <-> 3, 4 <-> 5   (1: blocks 0, 1; 3: blocks 2, 3; 4: block 4; 5: block 5)
   deliver:  1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_recursive_halving_p6.svg
 * @image html ireduce_scatter_recursive_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector (equal blocks).
 * lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma), plus 2 alpha + n (beta + gamma) + n/p beta
 * when p is not a power of two (fold and delivery). The halving splits at super-block
 * boundaries, so very uneven counts give uneven messages.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise, as the blocking
 * collalg_reduce_scatter_recursive_halving()). Any p >= 1, any counts (zeros allowed),
 * MPI_IN_PLACE as the send buffer. The operation must not be freed before the request completes
 * (core/nbc.h).
 *
 * @par Memory
 * Two whole vectors (the sum of the counts elements of the datatype each) on the survivors, plus
 * the operation (about 60 bytes per step, 2 lg(pof2) + 5 steps at most, plus 300 bytes), until
 * the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.5 (recursive halving for commutative operations); T. Hoefler,
 * A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective
 * Operations for MPI", SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IREDUCE_SCATTER_RECURSIVE_HALVING_H
#define COLLALG_IREDUCE_SCATTER_RECURSIVE_HALVING_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_recursive_halving() (@p persistent 0) and of
 *         collalg_reduce_scatter_init_recursive_halving() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_recursive_halving(const void *sendbuf, void *recvbuf,
                                                              const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                                                              MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_halving_steps, 1, 1, sendbuf, recvbuf, 0, recvcounts,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter by recursive halving, for commutative operations.
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
 *         MPI_ERR_OP for MPI_OP_NULL or a non-commutative operation; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_recursive_halving(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                             MPI_Request *request)
{
    return collalg__ireduce_scatter_recursive_halving(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_init by the algorithm of collalg_ireduce_scatter_recursive_halving(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_recursive_halving()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_init_recursive_halving(const void *sendbuf, void *recvbuf,
                                                                 const int recvcounts[], MPI_Datatype datatype,
                                                                 MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                                 MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_recursive_halving(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_RECURSIVE_HALVING_H */
