/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup reduce
 * @brief Reduce, Bine tree (De Sensi et al., SC 2025): the Bine broadcast tree run backwards,
 *        partial results combined on the way up, round-r messages |rho| = 1, 1, 3, 5, ... ranks
 *        apart instead of the binomial tree's 1, 2, 4, ...
 *
 * @par Phases
 * Ranks are taken relative to the root, v = (rank - root) mod p; the tree is schedule/bine.h's
 * (the binomial tree on the negabinary labels of the q = 2^k core ranks at offsets
 * [lo_k, hi_k] from the root; the p - q extra ranks, p not a power of two, are leaves under the
 * core ranks at offsets lo_k .. lo_k + p - q - 1).
 * 1. Checks, before any message: a commutative op (else MPI_ERR_OP), the (datatype, op) pair.
 * 2. A rank with children copies its input into an accumulator (the root: recvbuf); then it
 *    receives the children's partial results in the broadcast's reverse order (the extra first,
 *    in round 0; then the smallest subtree first, by distance doubling) and folds each in with
 *    MPI_Reduce_local.
 * 3. It sends the accumulator (a leaf: its input) to its parent. The root ends with the result.
 *
 * @par Trace, p = 6, root 0 (q = 4, offsets -2 .. 1; [..] = the ranks reduced so far)
 * @verbatim
   round 0:  2 -> 4,  3 -> 5            4: [4 2]   5: [5 3]   (the extras)
   round 1:  1 -> 0,  4 -> 5            0: [0 1]   5: [5 3 4 2]
   round 2:  5 -> 0                     0: all six
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_bine_p6.svg
 * @image html reduce_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: ceil(lg p)(alpha + n beta + n gamma)
 * at the root, as the binomial tree, with the messages of round r of k = lg q core rounds
 * |rho(r)| ~ 2^(r+1) / 3 ranks apart instead of 2^r (fewer of them leave a group of consecutive
 * ranks).
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): a subtree is a run of consecutive ranks
 * around the ring from root + lo_k, not from rank 0, and the extras sit apart from their
 * parents; a non-commutative op returns MPI_ERR_OP on every rank before any message. Any p >= 1,
 * any root, count 0, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE at the root.
 *
 * @par Memory
 * On a rank with children: 2 count elements of datatype of scratch (count at the root, whose
 * accumulator is recvbuf); none on a leaf.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Kumar, T. Hoefler, "Bine Trees:
 * Enhancing Collective Operations by Optimizing Communication Locality", SC 2025 (arXiv
 * 2508.17311), §3 (Bine trees) and §4 (reduce: the broadcast tree reversed, distance doubling).
 */
#ifndef COLLALG_REDUCE_BINE_H
#define COLLALG_REDUCE_BINE_H

#include "../family/reduce.h"
#include "../schedule/bine.h"

/**
 * @brief Phases 2 and 3 after the enter and init steps. @return MPI_SUCCESS, MPI_ERR_NO_MEM, or
 *        the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_bine_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                            void *recvbuf, int count, int root)
{
    collalg__bine t = collalg__bine_shape(c->size);
    int v = collalg__relrank(c->rank, root, c->size), parent = collalg__bine_parent(&t, v),
        n = collalg__bine_nchildren(&t, v), i, round, err = MPI_SUCCESS;
    const void *part = sendbuf; /* what goes up: the input on a leaf, else the accumulator */
    void *acc = NULL, *tmp = NULL;

    if (count == 0)
        return MPI_SUCCESS;
    if (n > 0 || parent < 0) {
        if (parent < 0)
            acc = recvbuf;
        else
            err = collalg__scratch_typed(c, count, &r->ti, &acc);
        if (err == MPI_SUCCESS && n > 0)
            err = collalg__scratch_typed(c, count, &r->ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(c, r, sendbuf, acc, count);
        for (i = n - 1; i >= 0 && err == MPI_SUCCESS; i--) {
            err = COLLALG_MPI(Recv)(tmp, count, r->type,
                                    collalg__reduce_abs(collalg__bine_child(&t, v, i, &round), root, c->size),
                                    COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = collalg__reduce_local(tmp, acc, count, r->type, r->op);
        }
        part = acc;
    }
    if (err == MPI_SUCCESS && parent >= 0)
        err = COLLALG_MPI(Send)(part, count, r->type, collalg__reduce_abs(parent, root, c->size), COLLALG_TAG_DATA,
                                c->pcomm);
    return err;
}

/**
 * @brief MPI_Reduce by the Bine tree (commutative operations).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction, commutative
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_OP for a non-commutative @p op and the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, both found on every
 *         rank before any message; MPI_ERR_NO_MEM when scratch cannot be allocated; or the class
 *         of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_bine(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                       int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_bine_run(&c, &r, sendbuf, recvbuf, count, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_BINE_H */
