/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, Bine butterfly (De Sensi et al., SC 2025): vector halving over the
 *        peers r +- rho(s) (1, 1, 3, 5, 11, ... ranks apart) with the blocks staged in the
 *        negabinary order that makes every message one contiguous run.
 *
 * @par Phases
 * q = 2^k, the largest power of two <= p, rem = p - q; the vector is p blocks, block i of
 * recvcounts[i] elements. The schedule is schedule/bine_butterfly.h's.
 * 1. Checks, before any message: a commutative op (else MPI_ERR_OP), the (datatype, op) pair,
 *    the sum of the counts within an int (MPI_ERR_COUNT).
 * 2. Stage: the input is copied into an accumulator in the block order nu: the super-block of
 *    survivor i (below) at position collalg__bine_nu(i), one run of blocks each.
 * 3. Fold (p not a power of two), as in recursive halving: ranks 2i < 2 rem send their staged
 *    vector to 2i + 1, survivor i, which combines it; rank j >= 2 rem is survivor j - rem.
 *    Survivor i's super-block is the blocks of the ranks it stands for (2i and 2i + 1, or j).
 * 4. Halving, s = 0 .. k - 1: survivor i and its peer pi(i, s) = i + rho(s) mod q (i even),
 *    i - rho(s) (i odd), hold the same run of positions; each keeps one half
 *    (collalg__bine_bf_halve(): the lower one when bit s of its label is 0), sends the other
 *    and combines the half it receives. Invariant: after step s survivor i holds the positions
 *    agreeing with nu(i) on their top s + 1 bits, reduced over the 2^(s+1) survivors of its group.
 * 5. Deliver: survivor i holds position nu(i), its super-block, fully reduced; one below rem
 *    sends block 2i to rank 2i; each copies its own block into recvbuf.
 *
 * @par Trace, p = 6 (q = 4, rem = 2; survivors 0 .. 3 = ranks 1, 3, 4, 5; nu = 0, 2, 3, 1)
 * @verbatim
   staged order:     blocks 0 1 | 5 | 2 3 | 4   (positions 0 .. 3: ranks 1, 5, 3, 4)
   fold:             0 -> 1, 2 -> 3 (whole vectors)
   step 0 (rho 1):   1 <-> 3: 1 keeps blocks 0 1 5, 3 keeps 2 3 4;  4 <-> 5: 4 keeps 2 3 4,
                     5 keeps 0 1 5
   step 1 (rho -1):  1 <-> 5: 1 keeps 0 1, 5 keeps 5;  3 <-> 4: 3 keeps 2 3, 4 keeps 4
   deliver:          1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_bine_p6.svg
 * @image html reduce_scatter_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the whole vector in bytes
 * (equal blocks): lg(q) alpha + (q - 1)/q n (beta + gamma) (the input copied into the
 * accumulator in the block order, as recursive halving copies it in rank order), plus 2 alpha + n (beta + gamma) + n/p beta when p is not a power of two:
 * recursive halving's. What differs is the distance: the n / 2^(s+1) bytes of step s travel
 * |rho(s)| = (2^(s+1) + (-1)^s) / 3 ranks (1, 1, 3, 5, 11, ...) instead of recursive halving's
 * q / 2^(s+1) (the largest messages farthest), so on ranks placed in order fewer bytes leave a
 * group of neighbours (smaller kappa_l; the paper: up to a third less global-link traffic).
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): a survivor's group is not a run of
 * consecutive ranks (q = 8: survivor 0 combines {0, 1} with {6, 7}), so the standard's operand
 * order cannot be kept; a non-commutative op returns MPI_ERR_OP on every rank before any message.
 * Any p >= 1 (the fold above: the paper's butterfly needs a power of two), any counts (zeros
 * allowed), any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The whole vector
 * must fit an int count: MPI_ERR_COUNT otherwise, before any message. The halving splits at
 * super-block boundaries, so very uneven counts give uneven messages.
 *
 * @par Memory
 * Two whole vectors (sum of the counts elements of datatype each), and q + 1 ints and offsets.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Ba, M. Turisini, J. Domke, T. Hoefler,
 * "Bine Trees: Enhancing Collective Operations by Optimizing Communication Locality", SC 2025
 * (arXiv 2508.17311), §4 (Bine butterflies, the reduce-scatter and the remapped blocks);
 * R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA 2005, §4.5 (the fold).
 */
#ifndef COLLALG_REDUCE_SCATTER_BINE_H
#define COLLALG_REDUCE_SCATTER_BINE_H

#include "../family/reduce_scatter.h"
#include "../schedule/bine_butterfly.h"

/**
 * @brief Phases 2 to 5 after the enter and init steps: the Bine butterfly reduce-scatter of the
 *        blocks of @p l over every rank, block c->rank into @p recvbuf.
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_bine_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                    void *recvbuf)
{
    collalg__rdb_fold f;
    void *acc = NULL, *tmp = NULL, *mem = NULL;
    int *first;
    MPI_Aint *off, total;
    int k, pos, s, sb, peer, lo, hi, glo, ghi, me = c->rank, err = collalg__rs_fits(l);
    collalg__rdb_fold_init(&f, c->size, 1, me, COLLALG__RDB_FOLD_PAIRS);
    k = collalg__swing_steps(f.q);
    total = collalg__rs_off(l, l->p);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)(f.q + 1) * (MPI_Aint)(sizeof(MPI_Aint) + sizeof(int)), &mem);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, total, &l->r.ti, &acc);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, total, &l->r.ti, &tmp);
    if (err != MPI_SUCCESS)
        return err;
    off = (MPI_Aint *)mem;
    first = (int *)(void *)(off + f.q + 1);
    collalg__bine_bf_first(c->size, f.q, k, first);
    off[0] = 0;
    for (pos = 0; pos < f.q; pos++) { /* position pos: the super-block of survivor nu_rank(pos) */
        sb = collalg__rs_sb(&f, collalg__bine_nu_rank(pos, f.q, k));
        off[pos + 1] = off[pos] + collalg__rs_off(l, sb + first[pos + 1] - first[pos]) - collalg__rs_off(l, sb);
    }
    for (pos = 0; pos < f.q && err == MPI_SUCCESS; pos++) /* stage */
        err = collalg__rs_copy(c, l,
                               collalg__rs_block(l, sendbuf, collalg__rs_sb(&f, collalg__bine_nu_rank(pos, f.q, k))),
                               collalg__allreduce_at(&l->r, acc, off[pos]), (int)(off[pos + 1] - off[pos]));
    if (err == MPI_SUCCESS) /* the folded-in vector is the lower operand, combined in place */
        err = collalg__allreduce_fold_in(c, &l->r, &f, &acc, &tmp, (int)total);
    lo = 0;
    hi = f.q;
    for (s = 0; s < k && f.newrank >= 0 && err == MPI_SUCCESS; s++) {
        collalg__bine_bf_halve(f.newrank, f.q, k, s, &lo, &hi, &glo, &ghi);
        peer = collalg__rdb_rank(&f, collalg__swing_peer(f.newrank, f.q, s));
        err = collalg__rs_exchange(c, l, acc, off[glo], off[ghi], tmp, off[lo], off[hi], peer);
        if (err == MPI_SUCCESS) /* commutative: the peer's part goes in as the lower operand */
            err = collalg__rs_reduce(l, tmp, acc, off[lo], off[hi]);
    }
    if (err != MPI_SUCCESS)
        return err;
    if (f.newrank < 0) /* deliver */
        return COLLALG_MPI(Recv)(recvbuf, collalg__rs_cnt(l, me), l->r.type, me + 1, COLLALG_TAG_DATA2, c->pcomm,
                                 MPI_STATUS_IGNORE);
    pos = lo; /* the own position, nu(newrank), holding the super-block */
    if (me < 2 * f.rem) {
        err = COLLALG_MPI(Send)(collalg__allreduce_at(&l->r, acc, off[pos]), collalg__rs_cnt(l, me - 1), l->r.type,
                                me - 1, COLLALG_TAG_DATA2, c->pcomm);
        return err == MPI_SUCCESS
                   ? collalg__rs_copy(c, l, collalg__allreduce_at(&l->r, acc, off[pos] + collalg__rs_cnt(l, me - 1)),
                                      recvbuf, collalg__rs_cnt(l, me))
                   : err;
    }
    return collalg__rs_copy(c, l, collalg__allreduce_at(&l->r, acc, off[pos]), recvbuf, collalg__rs_cnt(l, me));
}

/**
 * @brief MPI_Reduce_scatter by the Bine butterfly (see the file comment).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
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
COLLALG_INLINE int collalg_reduce_scatter_bine(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_bine_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BINE_H */
