/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file swing_bandwidth.h
 * @ingroup allreduce
 * @brief Allreduce, Swing, bandwidth-optimal form: a reduce-scatter then an allgather over the
 *        Swing peers r +- rho(s), the blocks halving then doubling in each step (De Sensi,
 *        Bonato, Saam, Hoefler, NSDI 2024).
 *
 * @par Phases
 * 1. Checks, before any message: a commutative op (else MPI_ERR_OP), the (datatype, op) pair
 *    (collalg__allreduce_probe).
 * 2. Copy the input into @c recvbuf.
 * 3. Fold (p not a power of two), the standard one of recursive doubling and Rabenseifner
 *    (schedule/recursive_doubling.h, COLLALG__RDB_FOLD_PAIRS): pof2 = the largest power of two
 *    <= p, rem = p - pof2; each even rank j < 2 rem sends its vector to j + 1, which combines it
 *    and continues as survivor j / 2; ranks j >= 2 rem continue as survivor j - rem.
 * 4. Reduce-scatter over pof2 blocks (sizes differing by at most one element; some empty when
 *    count < pof2), s = 0 .. lg(pof2) - 1: survivor i and its Swing peer pi(i, s) (i + rho(s)
 *    mod pof2 for an even i, i - rho(s) for an odd one; rho(s) = 1, -1, 3, -5, 11, ...) hold the
 *    same range of blocks; each keeps one half (collalg__swing_halve()), sends the other and
 *    combines the half it receives. These are the paper's block sets: the blocks of the ranks r
 *    is still responsible for, B(i, s + 1), are kept, those of B(pi(i, s), s + 1) sent; the blocks
 *    are laid out so that each such set is one run of blocks (schedule/swing.h), so every message
 *    is one contiguous piece of the vector. At the end survivor i holds block
 *    collalg__swing_block(i, pof2), fully reduced.
 * 5. Allgather, the steps backwards (s = lg(pof2) - 1 .. 0): the same peers swap their ranges,
 *    which double back to the whole vector.
 * 6. Unfold: each odd rank j < 2 rem sends the result to j - 1.
 *
 * @par Trace, p = 6, count = 8 (pof2 = 4, rem = 2; survivors 1, 3, 4, 5 = new 0, 1, 2, 3;
 *      4 blocks of 2 elements)
 * @verbatim
   fold:             0 -> 1, 2 -> 3 (8 elements)
   step 0 (rho 1):   1 <-> 3: 1 keeps blocks 0-1, 3 keeps 2-3;  4 <-> 5: 4 keeps 2-3, 5 keeps 0-1
                     (4 elements each way)
   step 1 (rho -1):  1 <-> 5: 1 keeps block 0, 5 block 1;  3 <-> 4: 3 keeps block 2, 4 block 3
                     (2 elements each way)
   allgather:        step 1 then step 0, the same pairs swap 2 then 4 elements
   unfold:           1 -> 0, 3 -> 2 (8 elements)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_swing_bandwidth_p6.svg
 * @image html allreduce_swing_bandwidth_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta + (2 lg(pof2) - 1) theta + kappa, plus
 * 2 (alpha + n beta) for the fold and unfold when p is not a power of two; local reductions of
 * about n bytes in all (n gamma): Rabenseifner's. What differs is the distance: the n / 2^(s+1)
 * bytes of step s travel |rho(s)| = (2^(s+1) + (-1)^s) / 3 ranks (1, 1, 3, 5, 11, ...) instead of
 * 2^s, alternating between the two directions, so on a ring with ranks in order the bytes times
 * links of a phase are about n lg(pof2) / 3 instead of n lg(pof2) / 2 (smaller kappa_l).
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): the peers' groups are not runs of
 * consecutive ranks (p = 8: survivor 0 combines {0, 1} with {6, 7} in step 1), so the
 * standard's operand order cannot be kept; a non-commutative op returns MPI_ERR_OP on every rank
 * before any message, recvbuf untouched. Any p >= 1 (the fold above: the paper's own treatment
 * of p not a power of two is not followed), any count (blocks may be empty), any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * count elements of datatype (in its layout, extent included) of scratch.
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3 (the peers, the bandwidth-optimal form and the
 * blocks sent in each step); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 2005 (the fold).
 */
#ifndef COLLALG_ALLREDUCE_SWING_BANDWIDTH_H
#define COLLALG_ALLREDUCE_SWING_BANDWIDTH_H

#include "../family/allreduce.h"
#include "../schedule/swing.h"
#include "swing_latency.h"

/**
 * @brief MPI_Allreduce by Swing, bandwidth-optimal form (reduce-scatter, then allgather, over
 *        the Swing peers).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_OP for a non-commutative @p op
 *         and the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not
 *         defined for @p datatype, both found on every rank before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by
 *         an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_swing_bandwidth(const void *sendbuf, void *recvbuf, int count,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__rdb_fold f;
    int lo[COLLALG_SWING_MAX_STEPS + 1], hi[COLLALG_SWING_MAX_STEPS + 1];
    void *acc = recvbuf, *tmp = NULL;
    int s, k, glo, ghi,
        err = collalg__allreduce_swing_enter(&c, &r, sendbuf, recvbuf, count, datatype, op, comm, &f, &tmp, &k);
    lo[0] = 0;
    hi[0] = f.q;
    for (s = 0; s < k && f.newrank >= 0 && err == MPI_SUCCESS; s++) { /* reduce-scatter */
        int klo, khi;
        lo[s + 1] = lo[s];
        hi[s + 1] = hi[s];
        collalg__swing_halve(f.newrank, f.q, k, s, &lo[s + 1], &hi[s + 1], &glo, &ghi);
        klo = collalg__allreduce_split(count, f.q, lo[s + 1]);
        khi = collalg__allreduce_split(count, f.q, hi[s + 1]);
        err = collalg__allreduce_exchange(&c, &r, acc, collalg__allreduce_split(count, f.q, glo),
                                          collalg__allreduce_split(count, f.q, ghi), tmp, klo, khi,
                                          collalg__allreduce_swing_peer(&f, s));
        if (err == MPI_SUCCESS) /* commutative: the peer's part goes in on the left, in place (acc stays recvbuf) */
            err = collalg__allreduce_combine(&r, &acc, &tmp, klo, khi - klo, 1);
    }
    for (s = k - 1; s >= 0 && f.newrank >= 0 && err == MPI_SUCCESS; s--) { /* allgather */
        /* the peer holds the other half of the range both held before step s */
        glo = lo[s + 1] == lo[s] ? hi[s + 1] : lo[s];
        ghi = lo[s + 1] == lo[s] ? hi[s] : lo[s + 1];
        err = collalg__allreduce_exchange(
            &c, &r, acc, collalg__allreduce_split(count, f.q, lo[s + 1]),
            collalg__allreduce_split(count, f.q, hi[s + 1]), acc, collalg__allreduce_split(count, f.q, glo),
            collalg__allreduce_split(count, f.q, ghi), collalg__allreduce_swing_peer(&f, s));
    }
    return collalg__allreduce_swing_leave(&c, &r, &f, recvbuf, count, k, err);
}

#endif /* COLLALG_ALLREDUCE_SWING_BANDWIDTH_H */
