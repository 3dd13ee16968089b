/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recexch_doubling.h
 * @ingroup allgather
 * @brief Allgather, recursive exchange of radix k with distance doubling (MPICH's allgather
 *        `recexch_doubling`): in each step a rank exchanges what it holds with the k - 1 other
 *        survivors of its k-ary group, the groups' spans growing 1, k, k^2, ...; radix 2 is the
 *        recursive doubling allgather generalised to any p.
 *
 * The blocking form of collalg_iallgather_recexch_doubling(): the same schedule
 * (collalg__iallgather_recexch_steps(), schedule/recexch.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h: the executor's steps, MPI_Waitsome on the messages in
 * flight, COLLALG_TAG_DATA on the private communicator, no request).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p ranks take part in the steps (the
 * survivors): the p ranks are cut into pofk runs of 1 .. k consecutive ranks, the first rank of
 * each (its leader) a survivor, the others its members (collalg__recmult, schedule/kradix.h).
 * 1. A member sends its block to its leader, which stores it in its place in the receive
 *    buffer.
 * 2. Steps t = 0 .. log_k pofk - 1 (span k^t): the survivors that differ in base-k digit t only
 *    form a group of k; each sends the blocks it holds (the runs of its aligned k^t survivors,
 *    consecutive ranks, one piece of the receive buffer) to the k - 1 others and receives
 *    theirs, all 2 (k - 1) messages in flight together. After the step it holds the runs of
 *    k^(t + 1) survivors; after the last, all p blocks.
 * 3. The leader sends the whole result to each of its members.
 * The blocks are worked on in the receive buffer itself (an allgather's blocks lie back to back
 * in rank order): no scratch, no local copy but the own block's. collalg_allgather_recexch_halving()
 * runs the spans the other way round.
 *
 * @par Trace, p = 7, radix 3 (blocks held; pofk = 3, one step)
 * @verbatim
   runs [0 1 2] [3 4] [5 6]: survivors 0, 3, 5; members 1, 2, 4, 6
   phase 1:          1, 2 -> 0;  4 -> 3;  6 -> 5       0: 0-2   3: 3-4   5: 5-6
   step 0 (span 1):  group {0, 3, 5}: each sends its run to the two others
                                                       0, 3, 5: 0-6
   phase 3:          0 -> 1, 2;  3 -> 4;  5 -> 6 (0-6)
   @endverbatim
 * With p = 9, radix 3 (every rank a survivor, two steps): step 0 (span 1) in the groups
 * {0 1 2} {3 4 5} {6 7 8}, after which each rank holds its group's 3 blocks; step 1 (span 3)
 * in {0 3 6} {1 4 7} {2 5 8}, 3 blocks to each of two peers, after which all hold 0-8.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_recexch_doubling_p6.svg
 * @image html allgather_recexch_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements of the result, in bytes.
 * log_k pofk alpha + n (pofk - 1) / pofk beta where the k - 1 messages of a step overlap (the
 * k-port model), up to (k - 1) log_k pofk alpha where they go one after another; the same
 * volume whichever the radix. When p is not a power of k: 2 alpha more, the members' blocks
 * into their leaders and the leader's (k - 1) n beta at most to its members. Radix 2 with p a
 * power of two: lg(p) alpha + (p - 1)/p n beta, collalg_allgather_recursive_doubling()'s.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0; the radix must be the same on every
 * rank.
 *
 * @par Memory
 * No scratch buffer; the schedule, about 60 bytes per step (2 (k - 1) (log_k pofk + 1) steps at
 * most) plus 300 bytes, during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, section 4.1 (the recursive doubling allgather, radix 2);
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now
 * with simulation", Parallel Computing 69, 2017 (groups of k, any p); MPICH
 * src/mpi/coll/allgather/allgather_intra_recexch.c (recexch_doubling).
 */
#ifndef COLLALG_ALLGATHER_RECEXCH_DOUBLING_H
#define COLLALG_ALLGATHER_RECEXCH_DOUBLING_H

#include "../iallgather/recexch_doubling.h"

/**
 * @brief MPI_Allgather by recursive exchange of radix k, spans 1, k, k^2, ...
 *
 * @allgather_args
 * @param[in] radix k >= 2, the size of the exchange groups (2: recursive doubling); 0 selects
 *        COLLALG_IALLGATHER_RECEXCH_RADIX_DEFAULT (2, as MPICH's); a radix above p acts as p;
 *        the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG when @p radix is negative or 1 (before any
 *         message); MPI_ERR_NO_MEM when the schedule cannot be allocated; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_recexch_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                      MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__iallgather_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &none, radix,
                                       0, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLGATHER_RECEXCH_DOUBLING_H */
