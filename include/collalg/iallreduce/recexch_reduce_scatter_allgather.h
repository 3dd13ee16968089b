/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/recexch_reduce_scatter_allgather.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, a recursive-exchange reduce-scatter of radix k followed by the
 *        mirror-image recursive-exchange allgather, in rank order (MPICH's iallreduce
 *        tsp_recexch_reduce_scatter_recexch_allgatherv, on the order-keeping groups of the
 *        recursive multiplying allreduce), run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p survivors (schedule/kradix.h): the p
 * ranks are cut into pofk runs of 1 .. k consecutive ranks (the longer runs first); the first
 * rank of run g, its leader, is survivor g. The vector is cut into pofk slots (the first
 * count mod pofk one element longer). Each phase starts when the one before has completed on
 * this rank.
 * 1. The input is copied into the receive buffer (not in place).
 * 2. Fold (p not a power of k): the other ranks of a run send their vector to its leader, which
 *    combines the run's vectors in rank order.
 * 3. Reduce-scatter, steps t = 0 .. L - 1 (L = log_k pofk), span k^t: survivor g holds
 *    pofk / k^t consecutive slots, cut into k parts; it sends part j to the survivor of its
 *    group (the k survivors that differ from g in base-k digit t only) whose digit t is j,
 *    receives its own part (its digit d) from the k - 1 others and combines the k operands in
 *    digit order. Invariant: after step t, survivor g holds part d reduced over the aligned run
 *    of k^(t+1) survivors containing g, a run of consecutive ranks; at the end slot rev(g)
 *    (g's digits reversed) reduced over every rank.
 * 4. Allgather, steps t = L - 1 .. 0: survivor g sends its range to the k - 1 others of the
 *    group of step t and receives theirs, its range growing k-fold, until it holds all slots.
 * 5. The result is copied into the receive buffer (when it ended in scratch), and each leader
 *    sends it to the other ranks of its run.
 *
 * @par Operand order
 * Every combine folds operands that stand for consecutive runs of ranks, lowest first, left to
 * right: the standard's v0 op ... op v(p-1), so any operation is reduced correctly, and every
 * element is combined by one survivor, so all ranks get the same bits.
 *
 * @par Trace, p = 10, radix 3 (pofk = 9 runs: [0 1] [2] [3] ... [9], survivors g 0..8 = ranks
 * 0, 2, 3, ..., 9; slots s0 .. s8; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    1 -> 0                                     0: [0..1]
   rs 0:    groups {0, 2, 3} {4, 5, 6} {7, 8, 9}: the first of each keeps s0..s2, the second
            s3..s5, the third s6..s8, of [0..3], [4..6], [7..9]
   rs 1:    groups {0, 4, 7} {2, 5, 8} {3, 6, 9}: 0, 4, 7 keep s0, s1, s2; 2, 5, 8 keep s3,
            s4, s5; 3, 6, 9 keep s6, s7, s8, each of [0..9]
   ag 1:    groups {0, 4, 7} ...: 0, 4, 7 hold s0..s2; 2, 5, 8 s3..s5; 3, 6, 9 s6..s8
   ag 0:    groups {0, 2, 3} ...: all hold s0..s8
   unfold:  0 -> 1
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, L = log_k(pofk). 2 L alpha +
 * 2 (pofk - 1)/pofk n beta + (pofk - 1)/pofk n gamma when a rank's k - 1 messages of a step
 * overlap (the k-port model), up to 2 L (k - 1) alpha when they go one after another; plus,
 * when p is not a power of k, 2 (alpha + n beta) for the fold and unfold and up to
 * (k - 1) n gamma. Radix 2 is Rabenseifner's bandwidth with recursive doubling's groups; against
 * collalg_iallreduce_recursive_multiplying() (L (alpha + n beta) + L (k - 1) n gamma) it trades
 * L alpha for a data volume and a computation that do not grow with L.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any operation (rank order kept); MPI_IN_PLACE as the send
 * buffer. The radix must be the same on every rank. The operation must not be freed before the
 * request completes (core/nbc.h).
 *
 * @par Memory
 * (min(k, p) - 1) vectors of count elements of the datatype on the leaders, plus the operation
 * (about 60 bytes per step, about 5 k per step pair, plus 300 bytes), until the request
 * completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (reduce-scatter + allgather); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (the groups of k); MPICH src/mpi/coll/iallreduce
 * (iallreduce_tsp_recexch_reduce_scatter_recexch_allgatherv, for commutative operations: its
 * ranks above pofk fold into lower ones), whose radix-k exchange this follows on runs of
 * consecutive ranks.
 */
#ifndef COLLALG_IALLREDUCE_RECEXCH_REDUCE_SCATTER_ALLGATHER_H
#define COLLALG_IALLREDUCE_RECEXCH_REDUCE_SCATTER_ALLGATHER_H

#include "../core/persistent.h"
#include "../schedule/icoll_recexch.h"

/**
 * @def COLLALG_IALLREDUCE_RECEXCH_RADIX_DEFAULT
 * @brief The radix of collalg_iallreduce_recexch_reduce_scatter_allgather() when it is given 0:
 *        2, as MPICH's `MPIR_CVAR_IALLREDUCE_RECEXCH_KVAL`. Define it before the include to
 *        change it.
 */
#ifndef COLLALG_IALLREDUCE_RECEXCH_RADIX_DEFAULT
#define COLLALG_IALLREDUCE_RECEXCH_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_iallreduce_recexch_reduce_scatter_allgather() (@p persistent 0)
 *         and of collalg_allreduce_init_recexch_reduce_scatter_allgather() (1): checks, schedule,
 *         buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_recexch_reduce_scatter_allgather(const void *sendbuf, void *recvbuf, int count,
                                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                                        MPI_Request *request, int radix, int persistent)
{
    return collalg__nbc_allreduce_radix(collalg__iallreduce_recexch_steps, radix,
                                        COLLALG_IALLREDUCE_RECEXCH_RADIX_DEFAULT, sendbuf, recvbuf, count, datatype, op,
                                        comm, request, persistent);
}

/**
 * @brief MPI_Iallreduce by a recursive-exchange reduce-scatter and allgather of radix k, in the
 *        standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param radix    k >= 2, the size of the groups that exchange in one step; 0 selects
 *                 COLLALG_IALLREDUCE_RECEXCH_RADIX_DEFAULT (2); a radix above p acts as p (one
 *                 step each way among all ranks); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when
 *         @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting. Nothing is sent when an argument
 *         is refused.
 */
COLLALG_INLINE int collalg_iallreduce_recexch_reduce_scatter_allgather(const void *sendbuf, void *recvbuf, int count,
                                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                                       MPI_Request *request, int radix)
{
    return collalg__iallreduce_recexch_reduce_scatter_allgather(sendbuf, recvbuf, count, datatype, op, comm, request,
                                                                radix, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of
 *        collalg_iallreduce_recexch_reduce_scatter_allgather(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_iallreduce_recexch_reduce_scatter_allgather()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_recexch_reduce_scatter_allgather(const void *sendbuf, void *recvbuf,
                                                                           int count, MPI_Datatype datatype, MPI_Op op,
                                                                           MPI_Comm comm, MPI_Info info,
                                                                           MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallreduce_recexch_reduce_scatter_allgather(sendbuf, recvbuf, count, datatype, op, comm, request,
                                                                radix, 1);
}

#endif /* COLLALG_IALLREDUCE_RECEXCH_REDUCE_SCATTER_ALLGATHER_H */
