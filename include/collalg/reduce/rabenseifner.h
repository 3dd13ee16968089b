/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file rabenseifner.h
 * @ingroup reduce
 * @brief Reduce, Rabenseifner's algorithm: reduce-scatter by recursive halving, then a binomial
 *        gather of the blocks to the root (MPICH's reduce_scatter_gather).
 *
 * @par Phases
 * 1. Fold (p not a power of two): pof2 = largest power of two <= p, rem = p - pof2; each even
 *    rank j < 2 rem sends its whole vector to j + 1, which combines it (v_j op v_(j+1)) and goes on
 *    as survivor j / 2; ranks j >= 2 rem go on as survivor j - rem (family/allreduce.h,
 *    collalg__allreduce_fold_in). Survivors keep rank order.
 * 2. Reduce-scatter by recursive halving over pof2 blocks whose sizes differ by at most one
 *    element (the remainder of count / pof2 spread over the first blocks, not piled on one;
 *    some blocks are empty when count < pof2): in the step with mask = 1, 2, ..., pof2/2,
 *    survivors i and i XOR mask cut their common range in halves, swap the halves they give
 *    up and combine the halves they keep, the lower survivor's part on the left
 *    (collalg__allreduce_halving). Invariant: after the step with mask, survivor i holds, for its
 *    range, the reduction over the aligned run of 2 mask survivors containing i.
 * 3. Binomial gather to survivor T (the root's survivor index; for a folded-away even root,
 *    that of root + 1), retracing phase 2 backwards (mask = pof2/2 .. 1): among the survivors
 *    still active (those whose bits above mask agree with T's), the one whose bit `mask`
 *    differs from T's sends its range to its partner and drops out; the partner receives it next
 *    to its own range (the two halves of the range both held before that halving step).
 *    Invariant: after the step with mask, each active survivor holds the final result over the
 *    range it held before halving step mask. Gathering only moves data, so the operand order
 *    is the one phase 2 kept.
 * 4. If the root was folded away, T's rank sends it the result.
 *
 * @par Trace, p = 5, count = 8, root 0 (pof2 = 4; survivors 1, 2, 3, 4; blocks of 2 elements)
 * @verbatim
   fold:     0 -> 1 (8 elements)
   halving:  mask 1: 1 <-> 2, 3 <-> 4 swap 4 elements (1, 3 keep blocks 0-1; 2, 4 keep 2-3)
             mask 2: 1 <-> 3, 2 <-> 4 swap 2 elements (1: block 0, 3: 1, 2: 2, 4: 3)
   gather:   T = survivor 0 (rank 1); mask 2: 3 -> 1 (block 1), 4 -> 2 (block 3)
                                       mask 1: 2 -> 1 (blocks 2-3)
   hand-off: 1 -> 0 (8 elements)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_rabenseifner_p6.svg
 * @image html reduce_rabenseifner_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes, pof2 the largest power of two <= p:
 * 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta + (pof2 - 1)/pof2 n gamma; plus alpha + n (beta +
 * gamma) for the fold when p is not a power of two, and alpha + n beta when the root was folded
 * away.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count (blocks may be empty or differ by one element), any
 * datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE at the root. Non-commutative
 * operations: the operand order is kept (the halving runs at doubling distance, so a partner's
 * contribution is a run of ranks wholly below or above this rank's; the gather only moves data).
 *
 * @par Memory
 * 2 count elements of datatype of scratch (count at the root: its accumulator is recvbuf).
 *
 * @par References
 * R. Rabenseifner, "Optimization of Collective Reduction Operations", ICCS 2004, §3
 * (reduce-scatter + gather); MPICH src/mpi/coll/reduce/reduce_intra_reduce_scatter_gather.c; the
 * uneven blocks: pmodels/mpich#2637.
 */
#ifndef COLLALG_REDUCE_RABENSEIFNER_H
#define COLLALG_REDUCE_RABENSEIFNER_H

#include "../family/reduce.h"

/**
 * @brief Phase 3: the binomial gather to survivor @p target over the halving steps of the fold
 *        @p f recorded in @p lo / @p hi, received into @p acc (at each range's natural place).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_rsg_gather(const collalg__ctx *c, const collalg__allreduce_red *r,
                                              const collalg__rdb_fold *f, void *acc, int count, const int *lo,
                                              const int *hi, int target)
{
    collalg__rdb_step st;
    int s, slo, shi, peer, nb = f->pof2, err = MPI_SUCCESS;
    for (collalg__rdb_begin(f, &st, 1); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        s = st.s;
        if ((f->newrank ^ target) >> (s + 1))
            break; /* sent its range in an earlier step */
        peer = st.rank;
        if ((f->newrank ^ target) & st.mask) {
            err = COLLALG_MPI(Send)(collalg__allreduce_at(r, acc, collalg__allreduce_split(count, nb, lo[s + 1])),
                                    collalg__allreduce_split(count, nb, hi[s + 1]) -
                                        collalg__allreduce_split(count, nb, lo[s + 1]),
                                    r->type, peer, COLLALG_TAG_DATA2, c->pcomm);
            break;
        }
        /* the partner's range is the other half of the range both held before step s */
        slo = collalg__allreduce_split(count, nb, lo[s + 1] == lo[s] ? hi[s + 1] : lo[s]);
        shi = collalg__allreduce_split(count, nb, lo[s + 1] == lo[s] ? hi[s] : lo[s + 1]);
        err = COLLALG_MPI(Recv)(collalg__allreduce_at(r, acc, slo), shi - slo, r->type, peer, COLLALG_TAG_DATA2,
                                c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief Phases 1 to 4 after the enter and init steps, for p >= 2 and count > 0.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_rsg_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                           void *recvbuf, int count, int root)
{
    collalg__rdb_fold f;
    int lo[COLLALG_ALLREDUCE_MAX_STEPS + 1], hi[COLLALG_ALLREDUCE_MAX_STEPS + 1];
    int target, top, err = MPI_SUCCESS;
    void *acc = recvbuf, *tmp = NULL;
    collalg__rdb_fold_init(&f, c->size, 1, c->rank, COLLALG__RDB_FOLD_PAIRS);
    target = collalg__rdb_survivor(&f, root); /* the survivor that is root or root + 1 */
    top = collalg__rdb_rank(&f, target);
    if (c->rank != root)
        err = collalg__scratch_typed(c, count, &r->ti, &acc);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, count, &r->ti, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, sendbuf, acc, count);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_fold_in(c, r, &f, &acc, &tmp, count);
    if (err == MPI_SUCCESS && f.newrank >= 0) {
        err = collalg__allreduce_halving(c, r, &f, &acc, &tmp, count, f.pof2, collalg__allreduce_split, lo, hi);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_rsg_gather(c, r, &f, acc, count, lo, hi, target);
    }
    if (err == MPI_SUCCESS && c->rank == root && top == root)
        err = collalg__allreduce_copy(c, r, acc, recvbuf, count);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_handoff(c, r, acc, recvbuf, count, top, root);
    return err;
}

/**
 * @brief MPI_Reduce by Rabenseifner's algorithm (recursive-halving reduce-scatter, binomial
 *        gather).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined
 *         for @p datatype, found on every rank before any message; MPI_ERR_NO_MEM when scratch
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    if (err == MPI_SUCCESS && count > 0 && c.size == 1)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    else if (err == MPI_SUCCESS && count > 0)
        err = collalg__reduce_rsg_run(&c, &r, sendbuf, recvbuf, count, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_RABENSEIFNER_H */
