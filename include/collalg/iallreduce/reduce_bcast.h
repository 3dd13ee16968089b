/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/reduce_bcast.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, a k-nomial reduce to rank 0 then a k-nomial broadcast from it, in one
 *        schedule and in rank order (MPICH's iallreduce tsp_tree and sched_naive; radix 2 is the
 *        binomial tree of collalg_allreduce_reduce_bcast()), run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * The trees are schedule/knomial.h's on the ranks as they are (rank 0 on top), so that every
 * subtree is a run of consecutive ranks.
 * 1. Reduce (the schedule of collalg_ireduce_knomial() to root 0): rank r combines its children
 *    r + m k^j in increasing rank order, one after another as each arrives, its running value
 *    (ranks [r, child)) as the left operand, then sends the reduction of its subtree to its
 *    parent. Rank 0 ends with the result and puts it into its receive buffer.
 * 2. Broadcast (the schedule of collalg_ibcast_knomial() from root 0): each rank other than 0
 *    receives the result from its parent once it has sent its own partial reduction, then sends
 *    it to its children, the largest subtree first.
 *
 * @par Trace, p = 7, radix 3 (rank 0's children 1, 2 and 3, 6; rank 3's 4, 5)
 * @verbatim
   reduce:  1, 2 -> 0 and 4, 5 -> 3 and 6 -> 0, all at once
            0: v0 op v1 op v2 = [0..2]        3: v3 op v4 op v5 = [3..5], then 3 -> 0
            0: [0..2] op [3..5] = [0..5], then op v6 = [0..6]
   bcast:   0 -> 3, 0 -> 6, 0 -> 1, 0 -> 2 (largest subtree first);  3 -> 4, 3 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_reduce_bcast_p6.svg
 * @image html iallreduce_reduce_bcast_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, L = ceil(log_k p). On the longest path at most
 * 2 (k - 1) L (alpha + n beta) + (k - 1) L n gamma; radix 2: 2 ceil(lg p) (alpha + n beta) +
 * ceil(lg p) n gamma. Every message carries the whole vector: for short vectors; Rabenseifner's
 * algorithm moves less for long ones.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any operation (rank order kept); MPI_IN_PLACE as the send
 * buffer. The radix must be the same on every rank. The operation must not be freed before the
 * request completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of count elements of the datatype on ranks with children, plus the operation
 * (about 60 bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1 ("Reduce-Bcast"); R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005 (binomial
 * reduce and broadcast, rank order for non-commutative operations); MPICH src/mpi/coll/iallreduce
 * (iallreduce_tsp_tree, iallreduce_intra_sched_naive); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IALLREDUCE_REDUCE_BCAST_H
#define COLLALG_IALLREDUCE_REDUCE_BCAST_H

#include "../core/persistent.h"
#include "../schedule/icoll_reduce.h"

/** @brief Default radix of collalg_iallreduce_reduce_bcast(): 2, the binomial trees of the
 *         blocking collalg_allreduce_reduce_bcast(). */
#ifndef COLLALG_IALLREDUCE_REDUCE_BCAST_RADIX_DEFAULT
#define COLLALG_IALLREDUCE_REDUCE_BCAST_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_iallreduce_reduce_bcast() (@p persistent 0) and of
 *         collalg_allreduce_init_reduce_bcast() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_reduce_bcast(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                    MPI_Request *request, int radix, int persistent)
{
    return collalg__nbc_allreduce_radix(collalg__iallreduce_reduce_bcast_steps, radix,
                                        COLLALG_IALLREDUCE_REDUCE_BCAST_RADIX_DEFAULT, sendbuf, recvbuf, count,
                                        datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Iallreduce by a k-nomial reduce to rank 0 and a k-nomial broadcast back, in the
 *        standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param radix    the trees' radix k >= 2 (2: binomial); 0 selects
 *                 COLLALG_IALLREDUCE_REDUCE_BCAST_RADIX_DEFAULT (2); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when
 *         @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting. Nothing is sent when an argument
 *         is refused. An operation the datatype does not support fails in MPI_Reduce_local and
 *         comes back through the request.
 */
COLLALG_INLINE int collalg_iallreduce_reduce_bcast(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__iallreduce_reduce_bcast(sendbuf, recvbuf, count, datatype, op, comm, request, radix, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_reduce_bcast(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallreduce_reduce_bcast()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_reduce_bcast(const void *sendbuf, void *recvbuf, int count,
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                       MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallreduce_reduce_bcast(sendbuf, recvbuf, count, datatype, op, comm, request, radix, 1);
}

#endif /* COLLALG_IALLREDUCE_REDUCE_BCAST_H */
