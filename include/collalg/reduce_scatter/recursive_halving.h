/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_halving.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, recursive halving (MPICH's commutative reduce-scatter): exchange half of
 *        the remaining vector with a partner at distance pof2/2, pof2/4, ..., 1.
 *
 * @par Phases
 * pof2 = largest power of two <= p, rem = p - pof2.
 * 1. Fold: each rank copies its input into an accumulator. Ranks 2i < 2 rem send the whole
 *    vector to rank 2i + 1, which combines it (order kept) and becomes survivor i; rank
 *    j >= 2 rem becomes survivor j - rem. Survivor i owns the "super-block" i: the blocks of the
 *    ranks it stands for (2i and 2i + 1, or i + rem), a run of consecutive blocks.
 * 2. Halving, mask = pof2/2, pof2/4, ..., 1: survivor i and i XOR mask share a range of 2 mask
 *    super-blocks; the one whose bit mask is 0 keeps the lower half, the other the upper half;
 *    each sends the half it gives up and folds the received half into its own. Invariant: after
 *    the step with mask m, survivor i holds, for the m super-blocks of its range, the reduction
 *    over the pof2/m survivors that agree with i on the bits below m (not a run of ranks: the op
 *    must be commutative); at the end its range is super-block i, reduced over every rank.
 * 3. Deliver: survivor i < rem sends block 2i to rank 2i; each survivor copies its own block to
 *    recvbuf.
 *
 * @par Trace, p = 6 (pof2 = 4, rem = 2; survivors s0..s3 = ranks 1, 3, 4, 5; super-blocks
 * {0,1}, {2,3}, {4}, {5})
 * @verbatim
   fold:        0 -> 1, 2 -> 3 (whole vectors)
   mask 2:      1 <-> 4 (1 keeps {0..3}, 4 keeps {4,5}),   3 <-> 5 (3 keeps {0..3}, 5 keeps {4,5})
   mask 1:      1 <-> 3 (1 keeps {0,1}, 3 keeps {2,3}),    4 <-> 5 (4 keeps {4}, 5 keeps {5})
   deliver:     1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_recursive_halving_p6.svg
 * @image html reduce_scatter_recursive_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the whole vector in bytes
 * (equal blocks): lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma), plus
 * 2 alpha + n (beta + gamma) + n/p beta when p is not a power of two (fold and delivery).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise). Any p >= 1, any counts
 * (zeros allowed), any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The whole
 * vector (sum of the counts) must fit an int count: MPI_ERR_COUNT otherwise, before any message.
 * The halving splits at super-block boundaries, so very uneven counts give uneven messages.
 *
 * @par Memory
 * Two whole vectors (sum of the counts elements of datatype each).
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter/reduce_scatter_intra_recursive_halving.c; Thakur,
 * Rabenseifner & Gropp, "Optimization of collective communication operations in MPICH",
 * IJHPCA 2005, §4.5.
 */
#ifndef COLLALG_REDUCE_SCATTER_RECURSIVE_HALVING_H
#define COLLALG_REDUCE_SCATTER_RECURSIVE_HALVING_H

#include "../family/reduce_scatter.h"

/**
 * @brief Phase 2 among the survivors: halving on super-blocks; on return *acc holds super-block
 *        newrank reduced over every rank. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_halving(const collalg__ctx *c, const collalg__rs *l,
                                                   const collalg__rdb_fold *f, void *acc, void *tmp)
{
    collalg__rdb_step st;
    int lo = 0, hi = f->pof2, mid, upper, err = MPI_SUCCESS;
    MPI_Aint klo, khi, glo, ghi;
    for (collalg__rdb_begin(f, &st, 1); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        mid = lo + st.mask;
        upper = st.upper;
        klo = collalg__rs_sboff(l, f, upper ? mid : lo);
        khi = collalg__rs_sboff(l, f, upper ? hi : mid);
        glo = collalg__rs_sboff(l, f, upper ? lo : mid);
        ghi = collalg__rs_sboff(l, f, upper ? mid : hi);
        err = collalg__rs_exchange(c, l, acc, glo, ghi, tmp, klo, khi, st.rank);
        if (err == MPI_SUCCESS)
            err = collalg__rs_reduce(l, tmp, acc, klo, khi);
        if (upper)
            lo = mid;
        else
            hi = mid;
    }
    return err;
}

/**
 * @brief Phases 1 to 3 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_recursive_halving_run(collalg__ctx *c, const collalg__rs *l,
                                                                 const void *sendbuf, void *recvbuf)
{
    collalg__rdb_fold f;
    void *acc = NULL, *tmp = NULL;
    int err = collalg__rs_fold_start(c, l, &f, sendbuf, &acc, &tmp);
    if (err == MPI_SUCCESS && f.newrank >= 0)
        err = collalg__reduce_scatter_halving(c, l, &f, acc, tmp);
    if (err == MPI_SUCCESS)
        err = collalg__rs_deliver(c, l, &f, acc, recvbuf);
    return err;
}

/**
 * @brief MPI_Reduce_scatter by recursive halving.
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
COLLALG_INLINE int collalg_reduce_scatter_recursive_halving(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_recursive_halving_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_RECURSIVE_HALVING_H */
