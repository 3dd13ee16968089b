/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter/pairwise.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter, pairwise exchange for commutative operations (MPICH's
 *        ireduce_scatter sched_pairwise): the schedule of collalg_reduce_scatter_pairwise() run
 *        by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Each phase starts when the one before has completed on this rank.
 * 1. The own block of the input is copied into the accumulator (the receive buffer, or scratch
 *    in place).
 * 2. Steps i = 1 .. p - 1: block (rank + i) mod p of the input goes to rank + i, and block rank
 *    of rank - i's input comes into scratch and is combined with the accumulator. Invariant:
 *    after step i the accumulator holds the reduction of the own block over ranks rank,
 *    rank - 1, ..., rank - i (mod p), combined in that order: the operation must be commutative.
 * 3. In place, the accumulator is copied to element 0 of the receive buffer.
 *
 * @par Trace, p = 4 (step i: j -> j + i for every j; rank 0 receives from 3, 2, 1)
 * @verbatim
   step 1:  0->1 1->2 2->3 3->0     0: [3,0]
   step 2:  0->2 1->3 2->0 3->1     0: [2,3,0]
   step 3:  0->3 1->0 2->1 3->2     0: all four
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_pairwise_p6.svg
 * @image html ireduce_scatter_pairwise_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector (equal blocks).
 * (p - 1)(alpha + n/p beta + n/p gamma), one message in and out at a time: for long vectors
 * and when p is not a power of two (no fold, every message a block).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise, as the blocking
 * collalg_reduce_scatter_pairwise()). Any p >= 1, any counts (zeros allowed), MPI_IN_PLACE as
 * the send buffer. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * One block (this rank's count of elements of the datatype), two in place, plus the operation
 * (about 60 bytes per step, 4 (p - 1) + 2 steps, plus 300 bytes), until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.5 (pairwise exchange); MPICH src/mpi/coll/ireduce_scatter
 * (sched_pairwise); T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis
 * of Non-Blocking Collective Operations for MPI", SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IREDUCE_SCATTER_PAIRWISE_H
#define COLLALG_IREDUCE_SCATTER_PAIRWISE_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_pairwise() (@p persistent 0) and of
 *         collalg_reduce_scatter_init_pairwise() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_pairwise(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                     MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_pairwise_steps, 1, 1, sendbuf, recvbuf, 0, recvcounts,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter by pairwise exchange, for commutative operations.
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
 *         MPI_ERR_OP for MPI_OP_NULL or a
 *         non-commutative operation; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_pairwise(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                    MPI_Request *request)
{
    return collalg__ireduce_scatter_pairwise(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_init by the algorithm of collalg_ireduce_scatter_pairwise(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_pairwise()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_init_pairwise(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                        MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_pairwise(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_PAIRWISE_H */
