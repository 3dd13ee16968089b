/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file rabenseifner.h
 * @ingroup allreduce
 * @brief Allreduce, Rabenseifner's algorithm: reduce-scatter by recursive halving, then
 *        allgather by recursive doubling (Faraj & Yuan, ICS'05, §3.1, "MPICH Rabenseifner
 *        algorithm"; Rabenseifner 1997).
 *
 * @par Phases
 * 1. Copy the input into @c recvbuf.
 * 2. Fold (p not a power of two): pof2 = largest power of two <= p, rem = p - pof2; each even
 *    rank j < 2 rem sends its whole vector to j + 1, which combines it and continues as
 *    survivor j / 2; ranks j >= 2 rem continue as survivor j - rem (survivors keep rank order).
 * 3. Reduce-scatter by recursive halving over pof2 blocks (sizes differ by at most one element;
 *    some are empty when count < pof2): in the step with mask = 1, 2, ..., pof2/2, survivors i
 *    and i XOR mask hold the same block range, cut it in halves, send each other the half they
 *    give up and combine the half they keep (bit `mask` of i = 0 keeps the lower half).
 *    Invariant: after the step with mask, survivor i holds, for its range, the reduction over
 *    the aligned run of 2 mask survivors containing i. At the end survivor i holds one block,
 *    fully reduced (block number = i with its lg(pof2) bits reversed).
 * 4. Allgather by recursive doubling, retracing phase 3 backwards (mask = pof2/2 .. 1): the
 *    partners swap their ranges, so each range doubles back to the whole vector.
 * 5. Unfold: each odd rank j < 2 rem sends the result to j - 1.
 *
 * @par Trace, p = 5, count = 8 (pof2 = 4; survivors 1, 2, 3, 4; blocks of 2 elements)
 * @verbatim
   fold:     0 -> 1 (8 elements)
   halving:  mask 1: 1 <-> 2, 3 <-> 4 swap 4 elements; 1, 3 keep blocks 0-1, 2, 4 keep blocks 2-3
             mask 2: 1 <-> 3 keep 0 | 1, 2 <-> 4 keep 2 | 3 (2 elements each way)
   allgather: mask 2 then mask 1, the same pairs swap 2 then 4 elements
   unfold:   1 -> 0 (8 elements)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_rabenseifner_p6.svg
 * @image html allreduce_rabenseifner_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta + (2 lg(pof2) - 1) theta + kappa, i.e. about
 * twice a recursive-doubling allgather of n/p bytes per rank; plus 2 (alpha + n beta) for the
 * fold and unfold when p is not a power of two; local reductions of about n bytes in all (n gamma).
 *
 * @par Restrictions
 * None: any p >= 1, any count (blocks may be empty or differ by one element), any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. Non-commutative operations: the operand
 * order is preserved (the halving runs at doubling distance, so a partner's contribution is a
 * run of ranks wholly below or above this rank's).
 *
 * @par Memory
 * count elements of datatype of scratch.
 *
 * @par References
 * R. Rabenseifner, "A new optimized MPI reduce and allreduce algorithm", 1997 (ref. [14] of
 * Faraj & Yuan); A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allreduce.
 */
#ifndef COLLALG_ALLREDUCE_RABENSEIFNER_H
#define COLLALG_ALLREDUCE_RABENSEIFNER_H

#include "../family/allreduce.h"

/**
 * @brief Allgather by recursive doubling that retraces the halving steps of the fold @p f
 *        recorded in @p lo / @p hi (see collalg__allreduce_halving), all in @p buf.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_retrace(const collalg__ctx *c, const collalg__allreduce_red *r,
                                              const collalg__rdb_fold *f, void *buf, int count, int nblocks,
                                              const int *lo, const int *hi)
{
    collalg__rdb_step st;
    int s, slo, shi, err = MPI_SUCCESS;
    for (collalg__rdb_begin(f, &st, 1); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        s = st.s;
        /* the partner's range is the other half of the range both held before step s */
        slo = lo[s + 1] == lo[s] ? hi[s + 1] : lo[s];
        shi = lo[s + 1] == lo[s] ? hi[s] : lo[s + 1];
        err = collalg__allreduce_exchange(c, r, buf, collalg__allreduce_split(count, nblocks, lo[s + 1]),
                                          collalg__allreduce_split(count, nblocks, hi[s + 1]), buf,
                                          collalg__allreduce_split(count, nblocks, slo),
                                          collalg__allreduce_split(count, nblocks, shi), st.rank);
    }
    return err;
}

/**
 * @brief MPI_Allreduce by Rabenseifner's algorithm (recursive-halving reduce-scatter,
 *        recursive-doubling allgather).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                  MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__rdb_fold f;
    int lo[COLLALG_ALLREDUCE_MAX_STEPS + 1], hi[COLLALG_ALLREDUCE_MAX_STEPS + 1];
    void *acc = recvbuf, *tmp = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    if (err != MPI_SUCCESS || count == 0 || c.size == 1)
        return collalg__leave(&c, err);
    collalg__rdb_fold_init(&f, c.size, 1, c.rank, COLLALG__RDB_FOLD_PAIRS);
    err = collalg__scratch_typed(&c, count, &r.ti, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_fold_in(&c, &r, &f, &acc, &tmp, count);
    if (err == MPI_SUCCESS && f.newrank >= 0) {
        err = collalg__allreduce_halving(&c, &r, &f, &acc, &tmp, count, f.pof2, collalg__allreduce_split, lo, hi);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_retrace(&c, &r, &f, acc, count, f.pof2, lo, hi);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, acc, recvbuf, count);
    }
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_unfold(&c, &r, &f, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RABENSEIFNER_H */
