/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recexch_halving.h
 * @ingroup allgather
 * @brief Allgather, recursive exchange of radix k with distance halving (MPICH's allgather
 *        `recexch_halving`): collalg_allgather_recexch_doubling()'s groups with the spans in the
 *        reverse order, the farthest group first.
 *
 * The blocking form of collalg_iallgather_recexch_halving(): the same schedule
 * (collalg__iallgather_recexch_steps(), schedule/recexch.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h).
 *
 * @par Phases
 * The survivors, runs and leaders of collalg_allgather_recexch_doubling() (pofk = the largest
 * power of k <= p, s = log_k pofk steps).
 * 1. A member sends its block to its leader.
 * 2. Steps t = 0 .. s - 1 of span k^(s - 1 - t): the survivors that differ in base-k digit
 *    s - 1 - t only form a group of k and exchange what they hold. Before step t a survivor
 *    holds the runs of the k^t survivors that differ from it in the t highest digits, a strided
 *    set of runs; they are worked on in a scratch vector in which survivor g's run lies at slot
 *    rev(g), rev() reversing the s base-k digits: there the held runs are k^t consecutive
 *    slots, so every message is one piece. At the end the runs are copied to their places in
 *    the receive buffer.
 * 3. The leader sends the whole scratch vector to each member, which copies it out as well.
 * Halving and doubling move the same data; halving's largest messages (its last step) go between
 * the nearest survivors (span 1), which suits a network where consecutive ranks share the faster
 * links; doubling's go over the farthest span.
 *
 * @par Trace, p = 10, radix 3 (blocks held; pofk = 9, two steps)
 * @verbatim
   runs [0 1] [2] [3] ... [9]: survivors g = 0 .. 8 are ranks 0, 2, 3, ..., 9; member 1
   slots (rev): 0: g0 (0 1)  1: g3 (4)  2: g6 (7)  3: g1 (2)  4: g4 (5)  5: g7 (8) ...
   phase 1:          1 -> 0                            0: 0-1   others: own block
   step 0 (span 3):  groups {0 4 7} {2 5 8} {3 6 9}    0, 4, 7: 0-1 4 7 (slots 0-2)
                                                       2, 5, 8: 2 5 8   3, 6, 9: 3 6 9
   step 1 (span 1):  groups {0 2 3} {4 5 6} {7 8 9},   each sends its 3 slots to two peers
                                                       all: 0-9 (slots 0-8)
   phase 3:          0 -> 1 (slots 0-8); everyone copies the slots out in rank order
   @endverbatim
 * With p = 7, radix 3 there is one step (groups {0 3 5} after the runs [0 1 2] [3 4] [5 6]
 * handed their blocks in): the slots are in rank order, the receive buffer is the work vector,
 * and halving is collalg_allgather_recexch_doubling()'s trace.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_recexch_halving_p6.svg
 * @image html allgather_recexch_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements of the result, in bytes. As
 * collalg_allgather_recexch_doubling(): log_k pofk alpha (overlapped) + n (pofk - 1) / pofk
 * beta, 2 alpha and up to (k - 1) n beta more when p is not a power of k; plus the local copies
 * of the own block into and of the n bytes out of the scratch vector.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0; the radix must be the same on every
 * rank.
 *
 * @par Memory
 * n bytes of scratch (the result in slot order; none when pofk <= k, where the slots are in rank
 * order and the receive buffer is used), plus the schedule, about 60 bytes per step
 * (2 (k - 1) (log_k pofk + 1) + p steps at most) and 300 bytes, during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, sections 4.1 and 4.4 (recursive doubling and recursive halving,
 * radix 2); M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for
 * allreduce: Now with simulation", Parallel Computing 69, 2017 (groups of k, any p); MPICH
 * src/mpi/coll/allgather/allgather_intra_recexch.c (recexch_halving).
 */
#ifndef COLLALG_ALLGATHER_RECEXCH_HALVING_H
#define COLLALG_ALLGATHER_RECEXCH_HALVING_H

#include "../iallgather/recexch_doubling.h"

/**
 * @brief MPI_Allgather by recursive exchange of radix k, spans k^(s - 1), ..., k, 1; besides,
 *        MPI_ERR_NO_MEM when the scratch vector cannot be allocated.
 * @copydetails collalg_allgather_recexch_doubling()
 */
COLLALG_INLINE int collalg_allgather_recexch_halving(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                     void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                     int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__iallgather_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &none, radix,
                                       1, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLGATHER_RECEXCH_HALVING_H */
