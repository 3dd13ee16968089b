/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup allreduce
 * @brief Allreduce, Bine butterfly, bandwidth form (De Sensi et al., SC 2025): a Bine
 *        reduce-scatter then a Bine allgather over the peers r +- rho(s), on blocks laid out in the
 *        paper's negabinary order so that every message is one contiguous piece.
 *
 * @par Phases
 * Phases 1 to 3 and 6 are collalg_allreduce_swing_bandwidth's: the checks before any message (a
 * non-commutative op is refused with MPI_ERR_OP), the input copied into @c recvbuf, and for p
 * not a power of two the fold of pairs (2i folds onto 2i + 1; q = the largest power of two <= p
 * survivors remain) and the unfold at the end. In between, on the q survivors:
 * 4. Reduce-scatter, the reduce_scatter_block_bine steps on q blocks of the vector (sizes differing
 *    by at most one element; some empty when count < q), laid out in the negabinary order nu of
 *    schedule/bine_butterfly.h: in step s = 0 .. lg(q) - 1 survivor i and its peer
 *    pi(i, s) = i +- rho(s) mod q hold the same run of blocks; each keeps one half
 *    (collalg__bine_bf_halve(): the lower one when bit s of its label is 0), sends the other and
 *    combines the half it receives. Survivor i ends holding block nu(i), fully reduced.
 * 5. Allgather, the allgather_bine steps on the same blocks, s = lg(q) - 1 .. 0: the peers swap
 *    their runs (collalg__bine_bf_run()), which double back to the whole vector.
 *
 * @par Trace, p = 8, count = 16 (no fold; nu = 0 4 6 1 3 7 5 2 for ranks 0 .. 7; block t is
 *      elements 2t, 2t + 1)
 * @verbatim
   step 0 (rho 1):   0-1 2-3 4-5 6-7, 8 elements each way: 0 keeps blocks 0-3, 1 keeps 4-7
   step 1 (rho -1):  0-7 1-2 3-4 5-6, 4 elements each way: 0 keeps blocks 0-1, 7 keeps 2-3
   step 2 (rho 3):   0-3 1-6 2-5 4-7, 2 elements each way: 0 keeps block 0, 3 keeps block 1
   allgather:        steps 2, 1, 0 with the same pairs, 2, 4 then 8 elements each way
   @endverbatim
 * With p = 6 ranks 0 and 2 fold onto 1 and 3, and survivors 1, 3, 4, 5 run the q = 4 butterfly.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_bine_p6.svg
 * @image html allreduce_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With n = count * size of datatype bytes and q as above:
 * Rabenseifner's terms, 2 lg(q) alpha + 2 (q - 1)/q n beta + about n gamma, plus
 * 2 (alpha + n beta) for the fold when p != q. Step s moves n / 2^(s+1) bytes over
 * |rho(s)| = 1, 1, 3, 5, 11, ... ranks where recursive halving moves them 2^s or q / 2^(s+1)
 * ranks: with ranks placed in order, fewer bytes leave a group of neighbours (smaller kappa_l;
 * the paper reports up to a third less global-link traffic). Peers and message sizes are those
 * of collalg_allreduce_swing_bandwidth: the paper derives the same butterfly from its negabinary
 * labels; what is Bine's here is the block order.
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE), refused with MPI_ERR_OP on every rank
 * before any message: the groups combined are not runs of ranks ({0, 1} with {6, 7} in step 1 of
 * p = 8). Any p >= 1 (the paper's butterfly needs a power of two: the fold above), any count,
 * any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The paper's latency form
 * (whole vectors over the same peers) is collalg_allreduce_swing_latency.
 *
 * @par Memory
 * count elements of datatype of scratch (extent included).
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Ba, M. Turisini, J. Domke, T. Hoefler,
 * "Bine Trees: Enhancing Collective Operations by Optimizing Communication Locality", SC 2025
 * (arXiv 2508.17311), §4 (Bine butterflies, the allreduce as reduce-scatter plus allgather, the
 * remapped blocks); R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA 2005 (the fold).
 */
#ifndef COLLALG_ALLREDUCE_BINE_H
#define COLLALG_ALLREDUCE_BINE_H

#include "../family/allreduce.h"
#include "../schedule/bine_butterfly.h"
#include "swing_latency.h"

/**
 * @brief MPI_Allreduce by the Bine butterfly, bandwidth form (reduce-scatter, then allgather).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_OP for a non-commutative @p op
 *         and the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not
 *         defined for @p datatype, both found on every rank before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by
 *         an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_bine(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__rdb_fold f;
    void *acc = recvbuf, *tmp = NULL;
    int s, k, q,
        lo = 0, hi, glo, ghi,
        err = collalg__allreduce_swing_enter(&c, &r, sendbuf, recvbuf, count, datatype, op, comm, &f, &tmp, &k);
    q = k > 0 ? f.q : 1;
    hi = q;
    for (s = 0; s < k && f.newrank >= 0 && err == MPI_SUCCESS; s++) { /* reduce-scatter */
        collalg__bine_bf_halve(f.newrank, q, k, s, &lo, &hi, &glo, &ghi);
        err = collalg__allreduce_exchange(&c, &r, acc, collalg__allreduce_split(count, q, glo),
                                          collalg__allreduce_split(count, q, ghi), tmp,
                                          collalg__allreduce_split(count, q, lo),
                                          collalg__allreduce_split(count, q, hi), collalg__allreduce_swing_peer(&f, s));
        if (err == MPI_SUCCESS) /* commutative: the peer's part goes in on the left, in place (acc stays recvbuf) */
            err = collalg__allreduce_combine(
                &r, &acc, &tmp, collalg__allreduce_split(count, q, lo),
                collalg__allreduce_split(count, q, hi) - collalg__allreduce_split(count, q, lo), 1);
    }
    for (s = k - 1; s >= 0 && f.newrank >= 0 && err == MPI_SUCCESS; s--) { /* allgather: swap the runs */
        collalg__bine_bf_run(f.newrank, q, k, s, &lo, &hi);
        collalg__bine_bf_run(collalg__swing_peer(f.newrank, q, s), q, k, s, &glo, &ghi);
        err = collalg__allreduce_exchange(
            &c, &r, acc, collalg__allreduce_split(count, q, lo), collalg__allreduce_split(count, q, hi), acc,
            collalg__allreduce_split(count, q, glo), collalg__allreduce_split(count, q, ghi),
            collalg__allreduce_swing_peer(&f, s));
    }
    return collalg__allreduce_swing_leave(&c, &r, &f, recvbuf, count, k, err);
}

#endif /* COLLALG_ALLREDUCE_BINE_H */
