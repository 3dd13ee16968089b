/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file butterfly.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, Träff's butterfly for non-commutative operations: recursive halving at
 *        doubling distance (the partner's contributions always a run of ranks wholly below or
 *        above), the blocks ending in bit-reversed order, then one permutation step; any p by a
 *        fold onto the largest power of two.
 *
 * @par Phases
 * pof2 = largest power of two <= p, rem = p - pof2.
 * 1. Fold (order kept): the input is copied into an accumulator; rank 2i < 2 rem sends its whole
 *    vector to 2i + 1, which combines (v_2i op v_2i+1) and goes on as survivor i; rank j >= 2 rem
 *    is survivor j - rem. Survivor i stands for a run of consecutive ranks and owns their blocks,
 *    super-block i (family/reduce_scatter.h).
 * 2. Halving, mask = 1, 2, ..., pof2/2: survivor i and its partner i XOR mask hold the same range
 *    of super-blocks [lo, hi) and cut it at mid = (lo + hi) / 2; the one whose bit `mask` is 0
 *    keeps [lo, mid), the other [mid, hi); each sends the half it gives up and folds the half it
 *    receives into the half it keeps, the lower survivor's part on the left. Invariant: after the
 *    step with mask, survivor i holds its range reduced over the aligned run of 2 mask survivors
 *    containing i, a run of consecutive ranks: the operand order is kept for any op.
 * 3. Permutation: the first cut takes bit 0 of i, the last the top bit, so survivor i ends with
 *    super-block rev(i) (i's lg(pof2) bits reversed). Survivors i != rev(i) swap: i sends
 *    super-block rev(i) to survivor rev(i) and receives its own super-block i from it.
 * 4. Deliver: survivor i < rem sends the lower block of its pair to rank 2i; each survivor
 *    copies its own block into recvbuf.
 *
 * @par Trace, p = 6, one element per block ([a..b] = v_a op ... op v_b)
 * @verbatim
   fold:     0 -> 1, 2 -> 3          survivors 1, 3, 4, 5 (indices 0..3); super-blocks
                                     {0,1}, {2,3}, {4}, {5}
   mask 1:   1 <-> 3, 4 <-> 5         1, 4 keep super-blocks 0-1; 3, 5 keep 2-3
             1: sb 0-1 of [0..3]  3: sb 2-3 of [0..3]  4: sb 0-1 of [4..5]  5: sb 2-3 of [4..5]
   mask 2:   1 <-> 4, 3 <-> 5         1: sb 0 of [0..5]  4: sb 1  3: sb 2  5: sb 3
   permute:  4 <-> 3 (indices 2 and 1: rev(1) = 2), 1 and 5 keep theirs
   deliver:  1 -> 0 (block 0), 3 -> 2 (block 2); each survivor copies its own block
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_butterfly_p6.svg
 * @image html reduce_scatter_butterfly_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the bytes of the whole vector,
 * uniform blocks, p a power of two: lg(p) alpha + (p - 1)/p n (beta + gamma) for the halving,
 * plus alpha + n/p beta for the permutation (none for the survivors with rev(i) = i). Otherwise
 * the fold adds alpha + n (beta + gamma) and the delivery alpha + n/p beta. Recursive doubling
 * (the other order-keeping reduce-scatter) moves lg(p) n / 2 bytes per rank instead.
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zeros allowed), any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Non-commutative operations: the operand order is kept. The sum of the
 * counts must fit an int (MPI_ERR_COUNT otherwise, before any message).
 *
 * @par Memory
 * Two whole vectors of scratch per rank (accumulator and receive buffer).
 *
 * @par References
 * J. L. Träff, "An improved algorithm for (non-commutative) reduce-scatter with an application",
 * EuroPVM/MPI 2005, LNCS 3666 (the butterfly whose result lies in bit-reversed order, and its
 * permutation); the fold for p not a power of two as in R. Rabenseifner, J. L. Träff,
 * "More efficient reduction algorithms for non-power-of-two number of processors in message-passing
 * parallel systems", EuroPVM/MPI 2004; Open MPI ompi/mca/coll/base/coll_base_reduce_scatter.c
 * (ompi_coll_base_reduce_scatter_intra_butterfly).
 */
#ifndef COLLALG_REDUCE_SCATTER_BUTTERFLY_H
#define COLLALG_REDUCE_SCATTER_BUTTERFLY_H

#include "../family/reduce_scatter.h"

/**
 * @brief Phase 2 on a survivor: the halving over the pof2 super-blocks of the fold @p f. On
 *        return *acc holds super-block rev(newrank), reduced over every rank, at its natural
 *        offsets. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_butterfly_halving(const collalg__ctx *c, const collalg__rs *l,
                                                 const collalg__rdb_fold *f, void **acc, void **tmp)
{
    collalg__rdb_step st;
    int lo = 0, hi = f->pof2, mid, up, err = MPI_SUCCESS;
    MPI_Aint klo, khi, glo, ghi;
    for (collalg__rdb_begin(f, &st, 0); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        up = st.upper;
        mid = lo + (hi - lo) / 2;
        klo = collalg__rs_sboff(l, f, up ? mid : lo);
        khi = collalg__rs_sboff(l, f, up ? hi : mid);
        glo = collalg__rs_sboff(l, f, up ? lo : mid);
        ghi = collalg__rs_sboff(l, f, up ? mid : hi);
        err = collalg__rs_exchange(c, l, *acc, glo, ghi, *tmp, klo, khi, st.rank);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(&l->r, acc, tmp, klo, (int)(khi - klo), up);
        lo = up ? mid : lo;
        hi = up ? hi : mid;
    }
    return err;
}

/**
 * @brief Phase 3 on a survivor: swaps super-blocks with survivor rev(newrank) (nothing when it is
 *        this one). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_butterfly_permute(const collalg__ctx *c, const collalg__rs *l,
                                                 const collalg__rdb_fold *f, void *acc)
{
    int me = f->newrank, j = collalg__rdb_bitrev(me, f->pof2);
    if (j == me)
        return MPI_SUCCESS;
    return collalg__rs_exchange(c, l, acc, collalg__rs_sboff(l, f, j), collalg__rs_sboff(l, f, j + 1), acc,
                                collalg__rs_sboff(l, f, me), collalg__rs_sboff(l, f, me + 1), collalg__rdb_rank(f, j));
}

/**
 * @brief Phases 1 to 4 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_butterfly_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                         void *recvbuf)
{
    collalg__rdb_fold f;
    void *acc = NULL, *tmp = NULL;
    int err = collalg__rs_fold_start(c, l, &f, sendbuf, &acc, &tmp);
    if (err == MPI_SUCCESS && f.newrank >= 0)
        err = collalg__rs_butterfly_halving(c, l, &f, &acc, &tmp);
    if (err == MPI_SUCCESS && f.newrank >= 0)
        err = collalg__rs_butterfly_permute(c, l, &f, acc);
    if (err == MPI_SUCCESS)
        err = collalg__rs_deliver(c, l, &f, acc, recvbuf);
    return err;
}

/**
 * @brief MPI_Reduce_scatter by Träff's butterfly (any op, order kept).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction (any op, commutative or not)
 * @param[in] comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         the error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype,
 *         before any message; MPI_ERR_COUNT when the sum of the counts exceeds INT_MAX;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_butterfly(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_butterfly_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BUTTERFLY_H */
