/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/recursive_multiplying.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, recursive multiplying of radix k in rank order (MPICH's iallreduce
 *        tsp_recexch, the recursive exchange of pmodels/mpich#7177): the schedule of
 *        collalg_allreduce_recursive_multiplying() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p survivors (schedule/kradix.h): the p
 * ranks are cut into pofk runs of consecutive ranks of 1 .. k ranks each (the longer runs
 * first); the first rank of run g, its leader, is survivor g. Each phase starts when the one
 * before has completed on this rank.
 * 1. The input is copied into the receive buffer (not in place).
 * 2. Fold (p not a power of k): the other ranks of a run send their vector to its leader, which
 *    receives them all at once and combines the run's vectors in rank order.
 * 3. Steps t = 0 .. log_k(pofk) - 1, span k^t: survivor g sends its partial result to the k - 1
 *    survivors that differ from g in base-k digit t only and receives theirs (all 2 (k - 1)
 *    messages in flight together), then combines the group's k partial results in digit order.
 *    Invariant: after step t, survivor g holds the reduction over the ranks of the aligned run
 *    of k^(t+1) survivors containing g, a run of consecutive ranks.
 * 4. The result is copied into the receive buffer (when it ended in scratch), and each leader
 *    sends it to the other ranks of its run.
 *
 * @par Operand order
 * Every combine folds partial results that stand for consecutive runs of ranks from the lowest
 * to the highest, left to right ((P_0 op P_1) op P_2) ... op P_(k-1), each reduction step writing
 * into the next operand's vector: the standard's v0 op ... op v(p-1), so any operation is reduced
 * correctly, and every rank of a group computes the same association (bit-identical results).
 *
 * @par Trace, p = 10, radix 3 (pofk = 9 runs: [0 1] [2] [3] ... [9]; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    1 -> 0                                      0: [0..1]
   step 0:  groups {0, 2, 3} {4, 5, 6} {7, 8, 9}        0, 2, 3: [0..3]  4, 5, 6: [4..6]  7, 8, 9: [7..9]
            (each member sends to the two others)
   step 1:  groups {0, 4, 7} {2, 5, 8} {3, 6, 9}        all: ([0..3] op [4..6]) op [7..9]
   unfold:  0 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_recursive_multiplying_p6.svg
 * @image html iallreduce_recursive_multiplying_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, L = log_k(pofk) steps. L (alpha + n beta) +
 * L (k - 1) n gamma when a rank's k - 1 messages of a step overlap (the k-port model), up to
 * L (k - 1)(alpha + n beta) when they go one after another; plus, when p is not a power of k,
 * 2 (alpha + n beta) for the fold and unfold and up to (k - 1) n gamma. Radix 2 has the
 * exchange pattern of collalg_iallreduce_recursive_doubling() (which folds pairs instead of
 * runs); a larger radix gives fewer steps with more messages each.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any operation (rank order kept); MPI_IN_PLACE as the send
 * buffer. The radix must be the same on every rank. The operation must not be freed before the
 * request completes (core/nbc.h).
 *
 * @par Memory
 * (min(k, p) - 1) vectors of count elements of the datatype on the leaders, plus the operation
 * (about 60 bytes per step, about (3 k - 1) per step t, plus 300 bytes), until the request
 * completes.
 *
 * @par References
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now with
 * simulation", Parallel Computing 69, 2017; MPICH src/mpi/coll/iallreduce
 * (iallreduce_tsp_recexch, pmodels/mpich PR #7177 for the blocking recursive multiplying), whose
 * fold sends the ranks above pofk to lower ones; here the runs of consecutive ranks keep the
 * operand order. T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of
 * Non-Blocking Collective Operations for MPI", SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLREDUCE_RECURSIVE_MULTIPLYING_H
#define COLLALG_IALLREDUCE_RECURSIVE_MULTIPLYING_H

#include "../core/persistent.h"
#include "../schedule/icoll_reduce.h"
#include "../allreduce/recursive_multiplying.h"

/** @brief The start of collalg_iallreduce_recursive_multiplying() (@p persistent 0) and of
 *         collalg_allreduce_init_recursive_multiplying() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_recursive_multiplying(const void *sendbuf, void *recvbuf, int count,
                                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                             MPI_Request *request, int radix, int persistent)
{
    return collalg__nbc_allreduce_radix(collalg__iallreduce_recursive_multiplying_steps, radix,
                                        COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_RADIX_DEFAULT, sendbuf, recvbuf, count,
                                        datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Iallreduce by recursive multiplying (groups of k exchange in each step), in the
 *        standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param radix    k >= 2, the size of the groups that exchange in one step (2: recursive
 *                 doubling's pattern); 0 selects COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_RADIX_DEFAULT
 *                 (4), as the blocking collalg_allreduce_recursive_multiplying(); a radix above p
 *                 acts as p (one step among all ranks); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when
 *         @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting. Nothing is sent when an argument
 *         is refused. An operation the datatype does not support fails in MPI_Reduce_local and
 *         comes back through the request.
 */
COLLALG_INLINE int collalg_iallreduce_recursive_multiplying(const void *sendbuf, void *recvbuf, int count,
                                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                            MPI_Request *request, int radix)
{
    return collalg__iallreduce_recursive_multiplying(sendbuf, recvbuf, count, datatype, op, comm, request, radix, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_recursive_multiplying(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_iallreduce_recursive_multiplying()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_recursive_multiplying(const void *sendbuf, void *recvbuf, int count,
                                                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                                MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallreduce_recursive_multiplying(sendbuf, recvbuf, count, datatype, op, comm, request, radix, 1);
}

#endif /* COLLALG_IALLREDUCE_RECURSIVE_MULTIPLYING_H */
