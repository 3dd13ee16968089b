/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter/recursive_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter, recursive doubling in rank order (MPICH's ireduce_scatter
 *        sched_recursive_doubling, for non-commutative operations): the schedule of
 *        collalg_reduce_scatter_recursive_doubling() run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * pof2 = 2^floor(lg p), rem = p - pof2. Each phase starts when the one before has completed on
 * this rank.
 * 1. Fold: each even rank r < 2 rem sends its whole input to r + 1, which copies its own input
 *    into scratch and combines the two there (r's operand first); it goes on as survivor r / 2,
 *    the ranks r >= 2 rem as survivors r - rem. Survivor i stands for a run of consecutive ranks
 *    and owns their blocks, its super-block i.
 * 2. Doubling, mask = 1, 2, ..., pof2/2: with G the aligned group of mask survivors containing
 *    i and G' its partner's (i XOR mask), survivor i sends the super-blocks outside G (two
 *    ranges), receives its partner's outside G' and combines, for the super-blocks outside
 *    G u G' and its own, the two partial results with the lower group's on the left. Invariant:
 *    before the step, survivor i holds, for every super-block outside G and for its own, the
 *    reduction over the ranks of G, so the ranks stay in order and any operation is reduced
 *    correctly. The running vector alternates between two scratch vectors.
 * 3. Deliver: each odd rank r < 2 rem sends block r - 1 to rank r - 1; each survivor copies its
 *    own block to element 0 of its receive buffer.
 *
 * @par Trace, p = 5, equal blocks (pof2 = 4; survivors 1, 2, 3, 4 with super-blocks {0, 1},
 * {2}, {3}, {4}; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    0 -> 1 (whole vector)            1: [0..1]
   mask 1:  1 -> 2 blocks 2..4;  2 -> 1 blocks 0,1,3,4;  3 -> 4 blocks 0..2,4;  4 -> 3 blocks 0..3
            1: blocks 0,1,3,4 of [0..2]  2: 2..4 of [0..2]  3: 0..3 of [3..4]  4: 0..2,4 of [3..4]
   mask 2:  1 -> 3 blocks 3,4;  3 -> 1 blocks 0..2;  2 -> 4 blocks 3,4;  4 -> 2 blocks 0..2
            1: blocks 0,1 of [0..4]  2: 2  3: 3  4: 4
   deliver: 1 -> 0 block 0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_recursive_doubling_p6.svg
 * @image html ireduce_scatter_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector (equal blocks).
 * 2 lg(pof2) alpha (two ranges per step) + (lg(pof2) - (pof2 - 1)/pof2) n (beta + gamma), plus
 * 2 alpha + n (beta + gamma) + n/p beta when p is not a power of two. More data than the
 * recursive halving (for commutative operations), in exchange for the operand order.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any counts (zeros allowed; unlike the
 * blocking collalg_reduce_scatter_recursive_doubling(), the whole vector may exceed an int
 * count), MPI_IN_PLACE as the send buffer. The operation must not be freed before the request
 * completes (core/nbc.h).
 *
 * @par Memory
 * Two whole vectors (the sum of the counts elements of the datatype each) on the survivors, plus
 * the operation (about 60 bytes per step, 7 lg(pof2) + 5 steps at most, plus 300 bytes), until
 * the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.5 (recursive doubling for non-commutative operations); MPICH
 * src/mpi/coll/ireduce_scatter (sched_recursive_doubling), which handles p not a power of two
 * inside the doubling steps where this folds first; T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI",
 * SC'07.
 */
#ifndef COLLALG_IREDUCE_SCATTER_RECURSIVE_DOUBLING_H
#define COLLALG_IREDUCE_SCATTER_RECURSIVE_DOUBLING_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_recursive_doubling() (@p persistent 0) and of
 *         collalg_reduce_scatter_init_recursive_doubling() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_recursive_doubling(const void *sendbuf, void *recvbuf,
                                                               const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                                                               MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_rdb_steps, 0, 1, sendbuf, recvbuf, 0, recvcounts,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter by recursive doubling, in the standard's operand order.
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
COLLALG_INLINE int collalg_ireduce_scatter_recursive_doubling(const void *sendbuf, void *recvbuf,
                                                              const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                                                              MPI_Comm comm, MPI_Request *request)
{
    return collalg__ireduce_scatter_recursive_doubling(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_init by the algorithm of collalg_ireduce_scatter_recursive_doubling(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_recursive_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_init_recursive_doubling(const void *sendbuf, void *recvbuf,
                                                                  const int recvcounts[], MPI_Datatype datatype,
                                                                  MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                                  MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_recursive_doubling(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_RECURSIVE_DOUBLING_H */
