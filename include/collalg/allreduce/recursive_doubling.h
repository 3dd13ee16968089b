/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup allreduce
 * @brief Allreduce, recursive doubling (Faraj & Yuan, ICS'05, §3.1, "Recursive doubling (rdb)
 *        algorithm").
 *
 * @par Phases
 * 1. Copy the input into @c recvbuf.
 * 2. Fold (p not a power of two): with pof2 the largest power of two <= p and rem = p - pof2,
 *    each even rank j < 2 rem sends its vector to j + 1, which combines it (lower operand first)
 *    and continues as new rank j / 2; ranks j >= 2 rem continue as j - rem. The pof2 survivors
 *    keep the order of the ranks they stand for.
 * 3. For mask = 1, 2, ..., pof2/2: survivor i exchanges its whole partial result with survivor
 *    i XOR mask and combines. Invariant: after the step with mask, survivor i holds the reduction
 *    over the aligned run of 2 mask survivors that contains it.
 * 4. Unfold: each odd rank j < 2 rem sends the result to j - 1.
 *
 * @par Trace, p = 5 (pof2 = 4, rem = 1; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    0 -> 1                     1: [0..1]      survivors 1, 2, 3, 4 = new 0, 1, 2, 3
   mask 1:  1 <-> 2,  3 <-> 4          1, 2: [0..2]   3, 4: [3..4]
   mask 2:  1 <-> 3,  2 <-> 4          all survivors: [0..4]
   unfold:  1 -> 0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_recursive_doubling_p6.svg
 * @image html allreduce_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * lg(pof2) (alpha + n beta) + (lg(pof2) - 1) theta + kappa, plus 2 (alpha + n beta) when p is
 * not a power of two (fold and unfold), and lg(pof2) (+1) local reductions of n bytes (n gamma each).
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 * Non-commutative operations: the operand order is preserved (every combine puts the lower
 * ranks' partial result on the left), so the result is the standard's v0 op ... op v(p-1).
 *
 * @par Memory
 * count elements of datatype (in its layout, extent included) of scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Allreduce; R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 2005 (the fold).
 */
#ifndef COLLALG_ALLREDUCE_RECURSIVE_DOUBLING_H
#define COLLALG_ALLREDUCE_RECURSIVE_DOUBLING_H

#include "../family/allreduce.h"

/**
 * @brief MPI_Allreduce by recursive doubling.
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every
 *         rank before any message (family/allreduce.h, collalg__allreduce_probe);
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by
 *         an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__rdb_fold f;
    void *acc = recvbuf, *tmp = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS && count > 0 && c.size > 1) {
        collalg__rdb_fold_init(&f, c.size, 1, c.rank, COLLALG__RDB_FOLD_PAIRS);
        err = collalg__scratch_typed(&c, count, &r.ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_rdb(&c, &r, &f, &acc, &tmp, count);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, acc, recvbuf, count);
    } else if (err == MPI_SUCCESS) {
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RECURSIVE_DOUBLING_H */
