/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup reduce
 * @brief Reduce, binomial tree (MPICH's binomial reduce): the binomial broadcast tree run
 *        backwards, partial results combined on the way up.
 *
 * @par Phases
 * Ranks are taken relative to a base rank b: relrank = (rank - b) mod p, with b = root for a
 * commutative op and b = 0 for a non-commutative one. The tree is schedule/common.h's binomial
 * tree: the parent of relrank > 0 is relrank with its lowest set bit cleared; the children of
 * relrank are relrank + 1, relrank + 2, relrank + 4, ... below its lowest set bit, each standing
 * for the run [relrank + 2^k, relrank + 2^(k+1)) clipped to p.
 * 1. A rank with children copies its input into an accumulator; then, for each child in that
 *    order, receives the child's partial result and appends it on the right (acc = acc op
 *    child; for a commutative op MPI_Reduce_local(child, acc) in place). Invariant: after child
 *    relrank + 2^k the accumulator holds the reduction over [relrank, relrank + 2^(k+1)).
 * 2. It then sends the accumulator (a leaf: its input) to its parent. Relative rank 0 ends
 *    with the result.
 * 3. Non-commutative op and root != 0: rank 0 sends the result to the root.
 *
 * @par Trace, p = 6, root 0 ([a..b] = v_a op ... op v_b)
 * @verbatim
   round 1:  1 -> 0, 3 -> 2, 5 -> 4      0: [0..1]  2: [2..3]  4: [4..5]
   round 2:  2 -> 0                      0: [0..3]
   round 3:  4 -> 0                      0: [0..5]
   @endverbatim
 * With root 2 and a commutative op the same tree is turned by 2 (relative rank 0 is rank 2);
 * with a non-commutative op it is not, and round 4 is 0 -> 2.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_binomial_p6.svg
 * @image html reduce_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: ceil(lg p)(alpha + n beta) +
 * ceil(lg p) n gamma at the top; plus alpha + n beta for a non-commutative op when root != 0.
 *
 * @par Restrictions
 * None: any p >= 1 (no power of two needed), any root, any count, any datatype MPI_Reduce_local
 * accepts with @c op, MPI_IN_PLACE at the root. Non-commutative operations: the operand order is
 * kept (each child's run is appended on the right of the held run, ranks in order from 0).
 *
 * @par Memory
 * On a rank with children: 2 count elements of datatype of scratch (count at the root, whose
 * accumulator is recvbuf); none on a leaf.
 *
 * @par References
 * MPICH src/mpi/coll/reduce/reduce_intra_binomial.c; Open MPI
 * ompi/mca/coll/base/coll_base_reduce.c (ompi_coll_base_reduce_intra_binomial).
 */
#ifndef COLLALG_REDUCE_BINOMIAL_H
#define COLLALG_REDUCE_BINOMIAL_H

#include "../family/reduce.h"

/**
 * @brief Phase 1 on a rank with children: receives and appends them into *acc (holding this
 *        rank's input), with *tmp as receive buffer. @p relrank is the relative rank, @p base the
 *        rank of relative rank 0. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_binomial_children(const collalg__ctx *c, const collalg__allreduce_red *r, void **acc,
                                                     void **tmp, int count, int relrank, int base)
{
    int mask, p = c->size, top = collalg__binomial_mask(relrank, p), err = MPI_SUCCESS;
    for (mask = 1; mask < top && relrank + mask < p && err == MPI_SUCCESS; mask <<= 1) {
        err = COLLALG_MPI(Recv)(*tmp, count, r->type, collalg__reduce_abs(relrank + mask, base, p), COLLALG_TAG_DATA,
                                c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && r->commute)
            err = collalg__reduce_local(*tmp, *acc, count, r->type, r->op);
        else if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(r, acc, tmp, 0, count, 0);
    }
    return err;
}

/**
 * @brief Phases 1 to 3 after the enter and init steps. @return MPI_SUCCESS, MPI_ERR_NO_MEM, or
 *        the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_binomial_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                                void *recvbuf, int count, int root)
{
    int p = c->size, base = r->commute ? root : 0, relrank = collalg__relrank(c->rank, base, p), err = MPI_SUCCESS;
    const void *part = sendbuf; /* what goes up: the input on a leaf, else the accumulator */
    void *acc = NULL, *tmp = NULL;
    if (count == 0)
        return MPI_SUCCESS;
    if (relrank + 1 < p && (relrank & 1) == 0) { /* has a child */
        if (c->rank == root)
            acc = recvbuf;
        else
            err = collalg__scratch_typed(c, count, &r->ti, &acc);
        if (err == MPI_SUCCESS)
            err = collalg__scratch_typed(c, count, &r->ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(c, r, sendbuf, acc, count);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_binomial_children(c, r, &acc, &tmp, count, relrank, base);
        part = acc;
    }
    if (err == MPI_SUCCESS && relrank > 0)
        err = COLLALG_MPI(Send)(part, count, r->type, collalg__reduce_abs(collalg__binomial_parent(relrank), base, p),
                                COLLALG_TAG_DATA, c->pcomm);
    if (err == MPI_SUCCESS && relrank == 0 && c->rank == root)
        err = collalg__allreduce_copy(c, r, part, recvbuf, count);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_handoff(c, r, part, recvbuf, count, base, root);
    return err;
}

/**
 * @brief MPI_Reduce by the binomial tree.
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
COLLALG_INLINE int collalg_reduce_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_binomial_run(&c, &r, sendbuf, recvbuf, count, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_BINOMIAL_H */
