/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file swing.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, Swing (De Sensi, Bonato, Saam, Hoefler, NSDI 2024): the reduce-scatter
 *        half of the bandwidth-optimal Swing allreduce, the vector halving in each step between
 *        the peers r +- rho(s), rho(s) = 1, -1, 3, -5, 11, ..., with the result in rank order.
 *
 * @par Phases
 * pof2 = the largest power of two <= p, rem = p - pof2, k = lg(pof2).
 * 1. Checks, before any message: a commutative op (else MPI_ERR_OP), the (datatype, op) pair,
 *    the whole vector fitting an int count (else MPI_ERR_COUNT).
 * 2. Swing layout: each rank copies its input into an accumulator, the user's blocks permuted
 *    into "Swing order". Survivor i (below) stands for a super-block, the run of blocks of the
 *    ranks it represents (2i and 2i + 1 for i < rem, else i + rem). The Swing reduce-scatter
 *    leaves at survivor i the block position collalg__swing_block(i, pof2), not i; so position b
 *    of the accumulator holds the super-block of survivor collalg__swing_owners()[b] (its blocks
 *    in rank order). In that layout the block set of every step is one run of positions
 *    (schedule/swing.h), so every message is one contiguous piece of the accumulator. The
 *    permutation costs no byte: the input had to be copied into the accumulator anyway (it is
 *    read-only, or recvbuf with MPI_IN_PLACE); it is pof2 copies instead of one.
 * 3. Fold (p not a power of two), recursive halving's (schedule/recursive_doubling.h,
 *    COLLALG__RDB_FOLD_PAIRS): each even rank j < 2 rem sends its whole accumulator to j + 1,
 *    which combines it and is survivor j / 2; rank j >= 2 rem is survivor j - rem. The allreduce's
 *    fold alone would not do: the folded rank needs its own block back, so its block stays in
 *    its survivor's super-block and is delivered in phase 5.
 * 4. Halving, s = 0 .. k - 1: survivor i and its Swing peer pi(i, s) (i + rho(s) mod pof2 for an
 *    even i, i - rho(s) for an odd one) hold the same range of positions; each keeps one half
 *    (collalg__swing_halve()), sends the other and combines the half it receives. Invariant:
 *    after step s survivor i holds 2^(k-s-1) positions reduced over the 2^(s+1) survivors of its
 *    group G(i, s + 1) (the paper's block sets B); at the end, position collalg__swing_block(i,
 *    pof2) = its own super-block, reduced over every rank.
 * 5. Deliver: survivor i < rem (rank 2i + 1) sends the first block of its super-block to rank 2i
 *    and copies its own; every other survivor copies its own block into recvbuf.
 *
 * @par Trace, p = 6 (pof2 = 4, rem = 2; survivors 0..3 = ranks 1, 3, 4, 5 with super-blocks
 *      {0,1}, {2,3}, {4}, {5}; Swing blocks 0, 2, 3, 1, so the layout is [0 1 | 5 | 2 3 | 4])
 * @verbatim
   layout:          every rank: blocks 0 1 5 2 3 4 (positions 0 1 2 3)
   fold:            0 -> 1, 2 -> 3 (whole vectors)
   step 0 (rho 1):  1 <-> 3: 1 keeps {0,1,5}, 3 keeps {2,3,4};  4 <-> 5: 4 keeps {2,3,4}, 5 keeps {0,1,5}
   step 1 (rho -1): 1 <-> 5: 1 keeps {0,1}, 5 keeps {5};  3 <-> 4: 3 keeps {2,3}, 4 keeps {4}
   deliver:         1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_swing_p6.svg
 * @image html reduce_scatter_swing_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the whole vector in bytes
 * (equal blocks): lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma) + (lg(pof2) - 1) theta + kappa,
 * plus 2 alpha + n (beta + gamma) + n/p beta when p is not a power of two (fold and delivery);
 * n delta for the copy into the accumulator (in pof2 pieces). Recursive halving's cost; what
 * differs is the distance: the n / 2^(s+1) bytes of step s travel |rho(s)| = 1, 1, 3, 5, 11, ...
 * ranks instead of pof2 / 2^(s+1), alternating between the two directions of a ring, so on a
 * ring or torus with ranks in order fewer links carry them (smaller kappa_l). Building the
 * layout: O(p + pof2 lg(pof2)) integer operations.
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): a survivor's group G(i, s) is not a run of
 * consecutive ranks, so the standard's operand order cannot be kept; a non-commutative op
 * returns MPI_ERR_OP on every rank before any message, recvbuf untouched. Any p >= 1 (the fold
 * above; the paper's own scheme for p not a power of two is not followed), any counts (zeros
 * allowed), any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The whole vector must
 * fit an int count (MPI_ERR_COUNT otherwise, before any message). The halving splits at
 * super-block boundaries, so uneven counts (or a fold: 2-block super-blocks) give uneven
 * messages.
 *
 * @par Memory
 * Two whole vectors (sum of the counts elements of datatype each, in its layout), p + pof2 + 2
 * MPI_Aint and pof2 int of layout.
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3 (the peers pi(r, s), rho(s), the reduce-scatter of
 * the bandwidth-optimal allreduce and its block sets); R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 2005, §4.5 (the fold
 * onto super-blocks and the delivery of recursive halving).
 */
#ifndef COLLALG_REDUCE_SCATTER_SWING_H
#define COLLALG_REDUCE_SCATTER_SWING_H

#include "../family/reduce_scatter.h"
#include "../schedule/swing.h"

/** @brief The Swing layout of one reduce-scatter call (phase 2 of the file comment). */
typedef struct collalg__rs_swing {
    collalg__rdb_fold f; /**< the fold onto f.q = pof2 survivors */
    int k;               /**< steps, lg(pof2) */
    MPI_Aint *off;       /**< off[u]: first element of block u in rank order, u = 0 .. p */
    MPI_Aint *at;        /**< at[b]: first element of position b in the accumulator, b = 0 .. pof2 */
    int *owner;          /**< owner[b]: the survivor whose super-block is at position b */
} collalg__rs_swing;

/**
 * @brief Builds the layout @p w (fold, offsets, owners) of @p l for this rank.
 * @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__rs_swing_plan(collalg__ctx *c, const collalg__rs *l, collalg__rs_swing *w)
{
    void *mem = NULL;
    int u, b, i, q, err;
    collalg__rdb_fold_init(&w->f, c->size, 1, c->rank, COLLALG__RDB_FOLD_PAIRS);
    q = w->f.q;
    w->k = collalg__swing_steps(q);
    err = collalg__scratch(
        c, (MPI_Aint)(c->size + q + 2) * (MPI_Aint)sizeof(MPI_Aint) + (MPI_Aint)q * (MPI_Aint)sizeof(int), &mem);
    if (err != MPI_SUCCESS)
        return err;
    w->off = (MPI_Aint *)mem;
    w->at = w->off + c->size + 1;
    w->owner = (int *)(void *)(w->at + q + 1);
    w->off[0] = 0;
    for (u = 0; u < c->size; u++)
        w->off[u + 1] = w->off[u] + collalg__rs_cnt(l, u);
    collalg__swing_owners(q, w->owner);
    w->at[0] = 0;
    for (b = 0; b < q; b++) {
        i = w->owner[b];
        w->at[b + 1] = w->at[b] + w->off[collalg__rs_sb(&w->f, i + 1)] - w->off[collalg__rs_sb(&w->f, i)];
    }
    return MPI_SUCCESS;
}

/**
 * @brief Phases 2 to 5 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_swing_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                     void *recvbuf)
{
    collalg__rs_swing w;
    void *acc = NULL, *tmp = NULL;
    int me = c->rank, total = 0, b, i, s, lo, hi, glo, ghi, err = collalg__rs_fits(l);
    if (err == MPI_SUCCESS)
        err = collalg__rs_swing_plan(c, l, &w);
    if (err == MPI_SUCCESS) {
        total = (int)w.off[c->size];
        err = collalg__scratch_typed(c, total, &l->r.ti, &acc);
    }
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, total, &l->r.ti, &tmp);
    for (b = 0; b < w.f.q && err == MPI_SUCCESS; b++) { /* phase 2: the input in Swing order */
        MPI_Aint from = w.off[collalg__rs_sb(&w.f, w.owner[b])];
        err = collalg__rs_copy(c, l, collalg__allreduce_at(&l->r, sendbuf, from),
                               collalg__allreduce_at(&l->r, acc, w.at[b]), (int)(w.at[b + 1] - w.at[b]));
    }
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_fold_in(c, &l->r, &w.f, &acc, &tmp, total);
    lo = 0;
    hi = w.f.q;
    for (s = 0; s < w.k && w.f.newrank >= 0 && err == MPI_SUCCESS; s++) {
        collalg__swing_halve(w.f.newrank, w.f.q, w.k, s, &lo, &hi, &glo, &ghi);
        err = collalg__rs_exchange(c, l, acc, w.at[glo], w.at[ghi], tmp, w.at[lo], w.at[hi],
                                   collalg__rdb_rank(&w.f, collalg__swing_peer(w.f.newrank, w.f.q, s)));
        if (err == MPI_SUCCESS) /* commutative: the peer's part goes in on the left */
            err = collalg__rs_reduce(l, tmp, acc, w.at[lo], w.at[hi]);
    }
    if (err != MPI_SUCCESS)
        return err;
    if (w.f.newrank < 0) /* phase 5 */
        return COLLALG_MPI(Recv)(recvbuf, collalg__rs_cnt(l, me), l->r.type, w.f.partner, COLLALG_TAG_DATA2, c->pcomm,
                                 MPI_STATUS_IGNORE);
    i = lo; /* the survivor's own position: its super-block, blocks in rank order */
    if (w.f.partner >= 0) {
        err = COLLALG_MPI(Send)(collalg__allreduce_at(&l->r, acc, w.at[i]), collalg__rs_cnt(l, w.f.partner), l->r.type,
                                w.f.partner, COLLALG_TAG_DATA2, c->pcomm);
        if (err == MPI_SUCCESS)
            err = collalg__rs_copy(c, l, collalg__allreduce_at(&l->r, acc, w.at[i] + collalg__rs_cnt(l, w.f.partner)),
                                   recvbuf, collalg__rs_cnt(l, me));
        return err;
    }
    return collalg__rs_copy(c, l, collalg__allreduce_at(&l->r, acc, w.at[i]), recvbuf, collalg__rs_cnt(l, me));
}

/**
 * @brief MPI_Reduce_scatter by Swing (see the file comment).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank; zeros allowed)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction; commutative only
 * @param[in] comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_OP for a non-commutative op, or the error of MPI_Reduce_local when a predefined
 *         @p op is not defined for @p datatype, before any message; MPI_ERR_COUNT when the sum of
 *         the counts exceeds INT_MAX; MPI_ERR_NO_MEM when scratch cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_swing(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_swing_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_SWING_H */
