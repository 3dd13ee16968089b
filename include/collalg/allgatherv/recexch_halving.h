/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/allgatherv/recexch_halving.h
 * @ingroup allgatherv
 * @brief Allgatherv, recursive exchange of radix k with distance halving (MPICH's allgatherv
 *        `recexch_halving`): collalg_allgatherv_recexch_doubling()'s groups with the spans in
 *        the reverse order, the farthest group first.
 *
 * The blocking form of collalg_iallgatherv_recexch_halving(): the same schedule
 * (collalg__iallgatherv_recexch_steps(), schedule/recexch.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h).
 *
 * @par Phases
 * The survivors, runs and leaders of collalg_allgatherv_recexch_doubling() (pofk = the largest
 * power of k <= p, s = log_k pofk steps).
 * 1. A member sends its block to its leader.
 * 2. Steps t = 0 .. s - 1 of span k^(s - 1 - t): the survivors that differ in base-k digit
 *    s - 1 - t only form a group of k and exchange what they hold, in a scratch vector in which
 *    survivor g's run of blocks lies at slot rev(g), rev() reversing the s base-k digits, so
 *    that what a survivor holds is k^t consecutive slots, one message.
 * 3. The leader sends the whole scratch vector to each member.
 * 4. Every rank copies the blocks from slot order to their places (displs).
 * With one step (pofk <= k) the slots are in rank order and the vector is the receive buffer
 * when its blocks lie back to back, as in doubling. Empty messages are left out.
 *
 * @par Trace, p = 10, radix 3, recvcounts 1 each but rank 4's 0 (pofk = 9, two steps)
 * @verbatim
   runs [0 1] [2] [3] ... [9]: survivors g = 0 .. 8 are ranks 0, 2, 3, ..., 9
   slots (rev): 0: g0 (blocks 0 1)  1: g3 (4, empty)  2: g6 (7)  3: g1 (2) ...
   phase 1:          1 -> 0 (1 element)
   step 0 (span 3):  groups {0 4 7} {2 5 8} {3 6 9}; 4 sends nothing (empty block)
                     0, 4, 7: blocks 0 1 4 7   2, 5, 8: 2 5 8   3, 6, 9: 3 6 9
   step 1 (span 1):  groups {0 2 3} {4 5 6} {7 8 9}: 3 elements to each of two peers
                     all: 9 elements (slots 0-8)
   phase 3:          0 -> 1 (9 elements); everyone copies the blocks to their displs
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_recexch_halving_p6.svg
 * @image html allgatherv_recexch_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sum(recvcounts) elements in bytes. As
 * collalg_allgatherv_recexch_doubling(): log_k pofk alpha (overlapped) + n (pofk - 1) / pofk
 * beta for equal blocks, 2 alpha and up to (k - 1) n beta more when p is not a power of k; plus
 * the local copies of the own block into and of the n bytes out of the scratch vector.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer; the radix
 * must be the same on every rank.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype (none when pofk <= k and the blocks lie back
 * to back in rank order); plus the schedule (about 60 bytes per step, at most
 * 2 (k - 1) (log_k pofk + 1) + p, and 300 bytes), during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, sections 4.1 and 4.4 (radix 2); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (groups of k); MPICH src/mpi/coll/allgatherv/allgatherv_intra_recexch.c
 * (recexch_halving).
 */
#ifndef COLLALG_ALLGATHERV_RECEXCH_HALVING_H
#define COLLALG_ALLGATHERV_RECEXCH_HALVING_H

#include "../iallgatherv/recexch_doubling.h"

/**
 * @brief MPI_Allgatherv by recursive exchange of radix k, spans k^(s - 1), ..., k, 1.
 * @copydetails collalg_allgatherv_recexch_doubling()
 */
COLLALG_INLINE int collalg_allgatherv_recexch_halving(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, const int recvcounts[], const int displs[],
                                                      MPI_Datatype recvtype, MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__iallgatherv_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        &none, radix, 1, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLGATHERV_RECEXCH_HALVING_H */
