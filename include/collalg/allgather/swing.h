/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file swing.h
 * @ingroup allgather
 * @brief Allgather, Swing (De Sensi, Bonato, Saam, Hoefler, NSDI 2024): the allgather half of
 *        the bandwidth-optimal Swing allreduce, the gathered blocks doubling in each step between
 *        the peers r +- rho(s), rho(s) = 1, -1, 3, -5, 11, ..., received in place in rank order.
 *
 * The body is allgatherv/swing.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * pof2 = the largest power of two <= p, rem = p - pof2, k = lg(pof2).
 * 1. Own block into slot rank of recvbuf (a no-op with MPI_IN_PLACE).
 * 2. Fold (p not a power of two): each even rank j < 2 rem sends its block to j + 1 (survivor
 *    j / 2); rank j >= 2 rem is survivor j - rem. Survivor i holds its super-block (the blocks of
 *    the ranks it stands for).
 * 3. Swing allgather, s = k - 1 .. 0: survivor i and its Swing peer pi(i, s) (i + rho(s) mod pof2
 *    for an even i, i - rho(s) for an odd one) swap what they hold. Survivor i starts with
 *    position collalg__swing_block(i, pof2) of the Swing order of super-blocks
 *    (collalg__swing_owners()); each range it holds is one run of that order, and its blocks are
 *    sent and received in place, in rank order, as one message through one derived datatype
 *    (MPI_Type_create_hindexed over recvtype; none when the blocks are back to back): no copy.
 * 4. Unfold: survivor i < rem sends the whole result to rank 2i (one message).
 *
 * @par Trace, p = 6 (survivors 0..3 = ranks 1, 3, 4, 5; Swing order of blocks [0 1 | 5 | 2 3 | 4])
 * @verbatim
   fold:            0 -> 1 block 0, 2 -> 3 block 2
   step 1 (rho -1): 1 <-> 5: {0,1} / {5};  3 <-> 4: {2,3} / {4}
   step 0 (rho 1):  1 <-> 3: {0,1,5} / {2,3,4};  4 <-> 5: {2,3,4} / {0,1,5}
   unfold:          1 -> 0, 3 -> 2 (all 6 blocks)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_swing_p6.svg
 * @image html allgather_swing_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = recvcount * size of recvtype
 * bytes per block, p a power of two: lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta + kappa,
 * recursive doubling's, with the 2^(k-s-1) n bytes of step s travelling |rho(s)| = 1, 1, 3, 5,
 * 11, ... ranks instead of 2^s, alternating between the two directions (smaller kappa_l on a
 * ring or torus with ranks in order). Otherwise the fold and unfold add 2 alpha + (p + 1) n beta
 * and a step's message is as long as its super-blocks (one or two blocks each: between
 * (pof2 - 1) n beta and 2 (pof2 - 1) n beta on the critical path of the steps). One derived
 * datatype created and freed per multi-block message; O(p + pof2 lg(pof2)) integer operations
 * for the plan.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0 (a set of blocks may hold more than
 * INT_MAX elements: it travels as one hindexed datatype).
 *
 * @par Memory
 * p (2 MPI_Aint + 2 int) + (2 pof2 + 1) int bytes of plan; a derived datatype per multi-block
 * message, freed after it.
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3; R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA
 * 2005 (the fold).
 */
#ifndef COLLALG_ALLGATHER_SWING_H
#define COLLALG_ALLGATHER_SWING_H

#include "../family/allgather.h"
#include "../allgatherv/swing.h"

/**
 * @brief MPI_Allgather by Swing (see the file comment).
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when the plan cannot be allocated; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_swing(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    MPI_Aint rext = 0;
    int err = collalg__allgather_enter_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &rext);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__allgatherv_swing_run(&c, recvbuf, recvcount, NULL, NULL, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_SWING_H */
