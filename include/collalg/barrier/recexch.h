/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recexch.h
 * @ingroup barrier
 * @brief Barrier, recursive exchange of radix k (MPICH's barrier `recexch`, an allreduce of no
 *        data): the exchange pattern of the recursive multiplying allreduce with zero-byte
 *        tokens; radix 2 is the recursive doubling (pairwise exchange) barrier for any p.
 *
 * The blocking form of collalg_ibarrier_recexch(): the same schedule
 * (collalg__ibarrier_recexch_steps(), schedule/recexch.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h: the executor's steps, MPI_Waitsome on the tokens in flight,
 * COLLALG_TAG_DATA on the private communicator, no request).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p ranks take part in the steps (the
 * survivors); the p ranks are cut into pofk runs of 1 .. k consecutive ranks, the first rank of
 * each (its leader) a survivor, the others its members (collalg__recmult, schedule/kradix.h).
 * 1. A member sends a token to its leader; the leader receives them all.
 * 2. Steps t = 0 .. log_k pofk - 1 (span k^t), each after the previous one: a survivor sends a
 *    token to the k - 1 survivors that differ from it in base-k digit t only and receives
 *    theirs, all 2 (k - 1) in flight together. After step t it has heard, directly or not, from
 *    every rank of the runs of its aligned k^(t + 1) survivors; after the last step from every
 *    rank.
 * 3. The leader sends a token to each member, which leaves on receiving it.
 *
 * @par Trace, p = 7, radix 3 (a -> b: token from a to b)
 * @verbatim
   pofk = 3, runs [0 1 2] [3 4] [5 6]: survivors 0, 3, 5; members 1, 2, 4, 6
   phase 1:          1, 2 -> 0;  4 -> 3;  6 -> 5     0 knows {0 1 2}, 3 {3 4}, 5 {5 6}
   step 0 (span 1):  group {0, 3, 5}: each to the two others
                                                     every survivor knows all: it leaves
   phase 3:          0 -> 1, 2;  3 -> 4;  5 -> 6     the members leave
   @endverbatim
 * With p = 9, radix 3 (every rank a survivor): step 0 in the groups {0 1 2} {3 4 5} {6 7 8},
 * step 1 in {0 3 6} {1 4 7} {2 5 8}; after it every rank has heard from all.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_recexch_p6.svg
 * @image html barrier_recexch_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. (log_k pofk + 2) alpha where the k - 1 tokens of a step
 * overlap (the two extra: to and from the leader when p is not a power of k), up to
 * ((k - 1) log_k pofk + 2 (k - 1)) alpha where a leader's tokens go one after another. Radix 2
 * with p a power of two: lg(p) alpha, collalg_barrier_pairwise_exchange()'s.
 *
 * @par Restrictions
 * None: any p >= 1; the radix must be the same on every rank.
 *
 * @par Memory
 * No scratch buffer; the schedule, about 60 bytes per step (2 (k - 1) (log_k pofk + 1) steps at
 * most) plus 300 bytes, during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, section 4.5 (recursive doubling with the ranks beyond a power of
 * two folded in, radix 2); M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive
 * doubling for allreduce: Now with simulation", Parallel Computing 69, 2017 (groups of k);
 * MPICH src/mpi/coll/barrier/barrier_intra_recexch.c (an allreduce recexch of no data).
 */
#ifndef COLLALG_BARRIER_RECEXCH_H
#define COLLALG_BARRIER_RECEXCH_H

#include "../ibarrier/recexch.h"

/**
 * @brief MPI_Barrier by recursive exchange of radix k: no rank leaves before every rank of
 *        @p comm has entered.
 * @param[in] comm  intracommunicator
 * @param[in] radix k >= 2, the size of the exchange groups (2: recursive doubling); 0 selects
 *                  COLLALG_IBARRIER_RECEXCH_RADIX_DEFAULT (2, as MPICH's); a radix above p acts
 *                  as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p radix is negative or 1 (before any message); MPI_ERR_NO_MEM when
 *         the schedule cannot be allocated; or the error class of a failing MPI call
 *         (point-to-point, or the private communicator's creation). Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_barrier_recexch(MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__ibarrier_recexch(comm, &none, radix, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_BARRIER_RECEXCH_H */
