/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter/recexch.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter, recursive exchange of radix k in rank order (MPICH's
 *        ireduce_scatter tsp_recexch, on the order-keeping groups of the recursive multiplying
 *        allreduce), run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p survivors (schedule/kradix.h): the p
 * ranks are cut into pofk runs of 1 .. k consecutive ranks (the longer runs first); the first
 * rank of run g, its leader, is survivor g and owns the run's blocks, its super-block g. Each
 * phase starts when the one before has completed on this rank.
 * 1. Fold: the other ranks of a run send their whole vector to its leader, which receives them
 *    all at once and combines the run left to right, its own input first.
 * 2. Layout: the leader copies the run's vector into scratch with super-block rev(i) in slot i,
 *    rev() reversing the log_k pofk base-k digits (one copy per stretch of slots that are
 *    consecutive in both layouts: one copy for pofk <= k).
 * 3. Steps t = 0 .. log_k(pofk) - 1, span k^t: survivor g holds pofk / k^t consecutive slots,
 *    cut into k parts; it sends part j to the survivor of its group (the k survivors that differ
 *    from g in base-k digit t only) whose digit t is j, receives its own part (its digit d) from
 *    the k - 1 others (all 2 (k - 1) messages in flight together) and combines the k operands in
 *    digit order. Invariant: after step t, survivor g holds part d reduced over the aligned run
 *    of k^(t+1) survivors containing g, a run of consecutive ranks; after the last step it holds
 *    slot rev(g), its own super-block, reduced over every rank.
 * 4. Deliver: each leader sends the other ranks of its run their blocks and copies its own to
 *    element 0 of its receive buffer. Empty parts and blocks are neither sent nor combined.
 *
 * @par Operand order
 * Every combine folds operands that stand for consecutive runs of ranks, lowest first, left to
 * right: the standard's v0 op ... op v(p-1), so any operation is reduced correctly.
 *
 * @par Trace, p = 5, radix 2 (pofk = 4; runs [0 1] [2] [3] [4], survivors g 0..3 = ranks 0, 2,
 * 3, 4; slots: 0 = blocks 0,1  1 = block 3  2 = block 2  3 = block 4; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    1 -> 0 (whole vector)                    0: [0..1]
   step 0:  0 <-> 2: 0 keeps slots 0,1, 2 keeps 2,3  0, 2: [0..2]
            3 <-> 4: 3 keeps slots 0,1, 4 keeps 2,3  3, 4: [3..4]
   step 1:  0 <-> 3: 0 keeps slot 0, 3 keeps slot 1  (blocks 0,1 and 3 of [0..4])
            2 <-> 4: 2 keeps slot 2, 4 keeps slot 3  (blocks 2 and 4 of [0..4])
   deliver: 0 -> 1 block 1
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in the whole vector (equal blocks),
 * L = log_k(pofk) steps. L alpha + (pofk - 1)/pofk n (beta + gamma) when a rank's k - 1
 * messages of a step overlap (the k-port model), up to L (k - 1) alpha when they go one after
 * another; plus, when p is not a power of k, 2 alpha + n beta + (k - 1) n gamma for the fold and
 * the delivery, and local copies of n bytes on the leaders. Radix 2 moves the data of the
 * recursive halving in the order of recursive doubling's groups.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any counts (zeros allowed; the whole vector
 * may exceed an int count), MPI_IN_PLACE as the send buffer. The radix must be the same on every
 * rank. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * min(k, p) whole vectors (the sum of the counts elements of the datatype each) on the leaders,
 * plus the operation (about 60 bytes per step, about 3 k + pofk per rank, plus 300 bytes), until
 * the request completes.
 *
 * @par References
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now with
 * simulation", Parallel Computing 69, 2017 (the groups of k); R. Thakur, R. Rabenseifner,
 * W. Gropp, "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005
 * (the recursive-halving reduce-scatter); MPICH src/mpi/coll/ireduce_scatter
 * (ireduce_scatter_tsp_recexch, for commutative operations: its ranks above pofk fold into lower
 * ones), whose radix-k exchange this follows on runs of consecutive ranks.
 */
#ifndef COLLALG_IREDUCE_SCATTER_RECEXCH_H
#define COLLALG_IREDUCE_SCATTER_RECEXCH_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_recexch.h"

/**
 * @def COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT
 * @brief The radix of collalg_ireduce_scatter_recexch() and
 *        collalg_ireduce_scatter_block_recexch() when they are given 0: 2, as MPICH's
 *        `MPIR_CVAR_IREDUCE_SCATTER_RECEXCH_KVAL`. Define it before the include to change it.
 */
#ifndef COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT
#define COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_ireduce_scatter_recexch() (@p persistent 0) and of
 *         collalg_reduce_scatter_init_recexch() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_recexch(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                    MPI_Request *request, int radix, int persistent)
{
    return collalg__nbc_reduce_scatter_any(NULL, collalg__ireduce_scatter_recexch_steps, radix,
                                           COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT, 0, 1, sendbuf, recvbuf, 0,
                                           recvcounts, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter by recursive exchange of radix k, in the standard's operand order.
 * @param sendbuf    the whole vector, sum of @p recvcounts elements of @p datatype, or
 *                   MPI_IN_PLACE (the vector is then in @p recvbuf)
 * @param recvbuf    @p recvcounts[rank] elements of @p datatype: block rank of the reduction
 * @param recvcounts p counts (>= 0), the same on every rank; read during the call only
 * @param datatype   committed datatype
 * @param op         the reduction operation (predefined or user-defined)
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @param radix      k >= 2, the size of the groups that exchange in one step; 0 selects
 *                   COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT (2); a radix above p acts as
 *                   p (one step among all ranks); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL @p recvcounts, or when @p radix is
 *         negative or 1; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count,
 *         type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST when @p request
 *         is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 *         Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ireduce_scatter_recexch(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                   MPI_Request *request, int radix)
{
    return collalg__ireduce_scatter_recexch(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, radix, 0);
}

/**
 * @brief MPI_Reduce_scatter_init by the algorithm of collalg_ireduce_scatter_recexch(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_recexch()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_init_recexch(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                       MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ireduce_scatter_recexch(sendbuf, recvbuf, recvcounts, datatype, op, comm, request, radix, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_RECEXCH_H */
