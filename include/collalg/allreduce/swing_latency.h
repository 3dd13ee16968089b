/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file swing_latency.h
 * @ingroup allreduce
 * @brief Allreduce, Swing, latency-optimal form: lg p steps exchanging the whole vector, as
 *        recursive doubling does, with the Swing peers r +- rho(s) (De Sensi, Bonato, Saam,
 *        Hoefler, NSDI 2024).
 *
 * @par Phases
 * 1. Checks, before any message: a commutative op (else MPI_ERR_OP), the (datatype, op) pair
 *    (collalg__allreduce_probe).
 * 2. Copy the input into @c recvbuf.
 * 3. Fold (p not a power of two), the standard one of recursive doubling and Rabenseifner
 *    (schedule/recursive_doubling.h, COLLALG__RDB_FOLD_PAIRS): pof2 = the largest power of two
 *    <= p, rem = p - pof2; each even rank j < 2 rem sends its vector to j + 1, which combines it
 *    and continues as survivor j / 2; ranks j >= 2 rem continue as survivor j - rem.
 * 4. For s = 0 .. lg(pof2) - 1: survivor i exchanges its whole partial result with survivor
 *    pi(i, s) = i + rho(s) mod pof2 (i even) or i - rho(s) mod pof2 (i odd),
 *    rho(s) = 1, -1, 3, -5, 11, ... (schedule/swing.h) and combines it. Invariant: before step s
 *    survivor i holds the reduction over the set G(i, s) of 2^s survivors (G(i, 0) = {i},
 *    G(i, s + 1) = G(i, s) + G(pi(i, s), s), disjoint; tests/test_swing.c), so after the last step
 *    over all of them.
 * 5. Unfold: each odd rank j < 2 rem sends the result to j - 1.
 *
 * @par Trace, p = 6 (pof2 = 4, rem = 2; survivors 1, 3, 4, 5 = new 0, 1, 2, 3; [..] = the ranks
 *      whose inputs a rank holds)
 * @verbatim
   fold:            0 -> 1, 2 -> 3             1: [0 1]   3: [2 3]
   step 0 (rho 1):  1 <-> 3, 4 <-> 5           1, 3: [0 1 2 3]   4, 5: [4 5]
   step 1 (rho -1): 1 <-> 5, 3 <-> 4           all survivors: [0 .. 5]
   unfold:          1 -> 0, 3 -> 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_swing_latency_p6.svg
 * @image html allreduce_swing_latency_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * lg(pof2) (alpha + n beta) + (lg(pof2) - 1) theta + kappa, plus 2 (alpha + n beta) when p is
 * not a power of two (fold and unfold), and lg(pof2) (+1) local reductions of n bytes (n gamma
 * each): recursive doubling's. What differs is the distance: in step s the peers are
 * |rho(s)| = (2^(s+1) + (-1)^s) / 3 ranks apart (1, 1, 3, 5, 11, 21, ...) instead of 2^s, alternating
 * between the two directions, so on a ring or torus with ranks in order each message crosses
 * fewer links and kappa_l is smaller.
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): G(i, s) is not a run of consecutive
 * ranks (p = 8: G(0, 2) = {0, 1, 6, 7}), so the standard's operand order cannot be kept; a
 * non-commutative op returns MPI_ERR_OP on every rank before any message, recvbuf untouched. Any
 * p >= 1 (the fold above: the paper's own treatment of p not a power of two is not followed),
 * count 0, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * count elements of datatype (in its layout, extent included) of scratch.
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3 (the peers, the latency-optimal form); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 2005 (the fold).
 */
#ifndef COLLALG_ALLREDUCE_SWING_LATENCY_H
#define COLLALG_ALLREDUCE_SWING_LATENCY_H

#include "../family/allreduce.h"
#include "../schedule/swing.h"

/**
 * @brief Phases 1 to 3 of both Swing forms: the checks (a non-commutative @p op is refused with
 *        MPI_ERR_OP before any message), the copy into @p recvbuf, the fold (@p f) and @p count
 *        elements of scratch in *tmp. *steps = lg(pof2) when this rank goes on (p > 1,
 *        count > 0, no error), else 0; a folded rank's steps are skipped by its newrank < 0.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_swing_enter(collalg__ctx *c, collalg__allreduce_red *r, const void *sendbuf,
                                                  void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                                  MPI_Comm comm, collalg__rdb_fold *f, void **tmp, int *steps)
{
    void *acc = recvbuf;
    int err = collalg__allreduce_enter(c, &sendbuf, recvbuf, count, datatype, op, comm);
    *steps = 0;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(c, r, datatype, op);
    if (err == MPI_SUCCESS && !r->commute)
        err = MPI_ERR_OP;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, sendbuf, recvbuf, count);
    if (err != MPI_SUCCESS || count == 0 || c->size == 1)
        return err;
    collalg__rdb_fold_init(f, c->size, 1, c->rank, COLLALG__RDB_FOLD_PAIRS);
    err = collalg__scratch_typed(c, count, &r->ti, tmp);
    if (err == MPI_SUCCESS) /* the folded-in vector is the lower operand: combined in place, acc stays recvbuf */
        err = collalg__allreduce_fold_in(c, r, f, &acc, tmp, count);
    if (err == MPI_SUCCESS)
        *steps = collalg__swing_steps(f->q);
    return err;
}

/**
 * @brief The last phase of both Swing forms: the unfold of @p f when the steps ran (@p steps > 0),
 *        then the exit path (scratch freed, errors through the handler).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_swing_leave(collalg__ctx *c, const collalg__allreduce_red *r,
                                                  const collalg__rdb_fold *f, void *recvbuf, int count, int steps,
                                                  int err)
{
    if (err == MPI_SUCCESS && steps > 0)
        err = collalg__allreduce_unfold(c, r, f, recvbuf, count);
    return collalg__leave(c, err);
}

/** @brief Rank of the Swing peer, in step @p s, of the survivor of the fold @p f (newrank >= 0). */
COLLALG_INLINE int collalg__allreduce_swing_peer(const collalg__rdb_fold *f, int s)
{
    return collalg__rdb_rank(f, collalg__swing_peer(f->newrank, f->q, s));
}

/**
 * @brief MPI_Allreduce by Swing, latency-optimal form (whole vector in every step).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_OP for a non-commutative @p op
 *         and the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not
 *         defined for @p datatype, both found on every rank before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by
 *         an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_swing_latency(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__rdb_fold f;
    void *acc = recvbuf, *tmp = NULL;
    int s, steps,
        err = collalg__allreduce_swing_enter(&c, &r, sendbuf, recvbuf, count, datatype, op, comm, &f, &tmp, &steps);
    for (s = 0; s < steps && f.newrank >= 0 && err == MPI_SUCCESS; s++) {
        err = collalg__allreduce_exchange(&c, &r, acc, 0, count, tmp, 0, count, collalg__allreduce_swing_peer(&f, s));
        if (err == MPI_SUCCESS) /* commutative: the peer's part goes in on the left, in place (acc stays recvbuf) */
            err = collalg__allreduce_combine(&r, &acc, &tmp, 0, count, 1);
    }
    return collalg__allreduce_swing_leave(&c, &r, &f, recvbuf, count, steps, err);
}

#endif /* COLLALG_ALLREDUCE_SWING_LATENCY_H */
