/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/allgatherv/recexch_doubling.h
 * @ingroup allgatherv
 * @brief Allgatherv, recursive exchange of radix k with distance doubling (MPICH's allgatherv
 *        `recexch_doubling`): collalg_allgather_recexch_doubling() on irregular blocks, the
 *        groups' spans growing 1, k, k^2, ...
 *
 * The blocking form of collalg_iallgatherv_recexch_doubling(): the same schedule
 * (collalg__iallgatherv_recexch_steps(), schedule/recexch.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p ranks take part in the steps (the
 * survivors); the p ranks are cut into pofk runs of 1 .. k consecutive ranks, the first rank of
 * each (its leader) a survivor (collalg__recmult, schedule/kradix.h). The blocks are worked on
 * back to back in rank order, so that the blocks of a run of consecutive ranks are one piece: in
 * the receive buffer itself when its blocks lie so (displs[b] = displs[0] + recvcounts[0] + ...
 * + recvcounts[b - 1]), else in a scratch vector of sum(recvcounts) elements.
 * 1. A member sends its block to its leader, which places it (and its own) in the vector.
 * 2. Steps t = 0 .. log_k pofk - 1 (span k^t): the survivors that differ in base-k digit t only
 *    form a group of k; each sends the blocks it holds (the runs of its aligned k^t survivors)
 *    to the k - 1 others, one message each, and receives theirs.
 * 3. The leader sends the whole vector to each member.
 * 4. From the scratch vector only: every rank copies each block to its place.
 * Empty messages (zero counts) are left out: every rank knows every count.
 *
 * @par Trace, p = 7, radix 3, recvcounts {2 0 1 1 3 0 2} (elements held, message sizes)
 * @verbatim
   pofk = 3, runs [0 1 2] [3 4] [5 6]: survivors 0, 3, 5
   phase 1:          2 -> 0 (1), 4 -> 3 (3), 6 -> 5 (2); 1 -> 0 left out (empty)
                     0: blocks 0-2 (3 elements)  3: 3-4 (4)  5: 5-6 (2)
   step 0 (span 1):  group {0, 3, 5}: 0 sends 3 elements to 3 and 5, 3 sends 4, 5 sends 2
                     0, 3, 5: all 9 elements
   phase 3:          0 -> 1, 2;  3 -> 4;  5 -> 6 (9 elements each)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_recexch_doubling_p6.svg
 * @image html allgatherv_recexch_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sum(recvcounts) elements in bytes. For equal
 * blocks as collalg_allgather_recexch_doubling(): log_k pofk alpha (the k - 1 messages of a step
 * overlapping) + n (pofk - 1) / pofk beta, and 2 alpha + up to (k - 1) n beta more when p is
 * not a power of k; irregular blocks: a step lasts as long as its heaviest group. Blocks not back
 * to back in rank order add two local copies of about n bytes.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer; the radix
 * must be the same on every rank.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype when the blocks do not lie back to back in
 * rank order, none otherwise; plus the schedule (about 60 bytes per step, at most
 * 2 (k - 1) (log_k pofk + 1) + p, and 300 bytes), during the call.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, section 4.1 (recursive doubling, radix 2); M. Ruefenacht, M. Bull,
 * S. Booth, "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel
 * Computing 69, 2017 (groups of k); MPICH src/mpi/coll/allgatherv/allgatherv_intra_recexch.c.
 */
#ifndef COLLALG_ALLGATHERV_RECEXCH_DOUBLING_H
#define COLLALG_ALLGATHERV_RECEXCH_DOUBLING_H

#include "../iallgatherv/recexch_doubling.h"

/**
 * @brief MPI_Allgatherv by recursive exchange of radix k, spans 1, k, k^2, ...
 *
 * @allgatherv_args
 * @param[in] radix k >= 2, the size of the exchange groups; 0 selects
 *        COLLALG_IALLGATHERV_RECEXCH_RADIX_DEFAULT (2, as MPICH's); a radix above p acts as p;
 *        the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (NULL arrays), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for bad arguments; MPI_ERR_ARG when @p radix is negative or 1 (before
 *         any message); MPI_ERR_NO_MEM when the scratch or the schedule cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_allgatherv_recexch_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, const int recvcounts[], const int displs[],
                                                       MPI_Datatype recvtype, MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__iallgatherv_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        &none, radix, 0, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLGATHERV_RECEXCH_DOUBLING_H */
