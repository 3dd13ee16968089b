/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file reduce_bcast.h
 * @ingroup allreduce
 * @brief Allreduce, reduce then broadcast (Faraj & Yuan, ICS'05, §3.1, "Reduce-Bcast
 *        algorithm"), both on the binomial tree rooted at rank 0.
 *
 * @par Phases
 * 1. Copy the input into @c recvbuf.
 * 2. Binomial reduce to rank 0 (tree of schedule/common.h: the parent of relrank > 0 is relrank with
 *    its lowest set bit cleared). Rank relrank receives from its children relrank + 1, relrank + 2,
 *    relrank + 4, ... in that order, each child standing for the run [relrank + 2^k,
 *    relrank + 2^(k+1)) clipped to p, and appends it on the right. Invariant: after the child
 *    relrank + 2^k, rank relrank holds [relrank .. relrank + 2^(k+1) - 1]. Then relrank sends its
 *    run to its parent.
 * 3. Binomial broadcast of the result from rank 0 on the same tree (each rank receives from its
 *    parent, then sends to its children, farthest first).
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   reduce:  1 -> 0, 3 -> 2, 5 -> 4      0: [0..1]  2: [2..3]  4: [4..5]
            2 -> 0                      0: [0..3]
            4 -> 0                      0: [0..5]
   bcast:   0 -> 4;  0 -> 2, 4 -> 5;  0 -> 1, 2 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_reduce_bcast_p6.svg
 * @image html allreduce_reduce_bcast_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes, ceil(lg p) rounds each way:
 * 2 ceil(lg p) (alpha + n beta) + (2 ceil(lg p) - 1) theta + kappa, plus up to ceil(lg p)
 * local reductions of n bytes at rank 0 (ceil(lg p) n gamma).
 *
 * @par Restrictions
 * None: any p >= 1 (the binomial tree needs no power of two), any count, any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. Non-commutative operations: the operand
 * order is preserved (each received run is appended on the right of the held run).
 *
 * @par Memory
 * count elements of datatype of scratch (on ranks with at least one child).
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allreduce ("Reduce-Bcast").
 */
#ifndef COLLALG_ALLREDUCE_REDUCE_BCAST_H
#define COLLALG_ALLREDUCE_REDUCE_BCAST_H

#include "../family/allreduce.h"

/**
 * @brief Binomial reduce to rank 0: on return *acc holds, at rank relrank, the reduction over
 *        relrank's subtree (at rank 0: the result). *tmp is scratch of @p count elements (NULL on a
 *        leaf). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_binomial_reduce(const collalg__ctx *c, const collalg__allreduce_red *r,
                                                      void **acc, void **tmp, int count)
{
    int mask, err = MPI_SUCCESS, relrank = c->rank, top = collalg__binomial_mask(c->rank, c->size);
    for (mask = 1; mask < top && relrank + mask < c->size && err == MPI_SUCCESS; mask <<= 1) {
        err = COLLALG_MPI(Recv)(*tmp, count, r->type, relrank + mask, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(r, acc, tmp, 0, count, 0);
    }
    if (err == MPI_SUCCESS && relrank > 0)
        err = COLLALG_MPI(Send)(*acc, count, r->type, collalg__binomial_parent(relrank), COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief Binomial broadcast from rank 0 of @p count elements of @p buf (received from the
 *        parent, then sent to the children farthest first). @return MPI_SUCCESS or the MPI
 *        error code.
 */
COLLALG_INLINE int collalg__allreduce_binomial_bcast(const collalg__ctx *c, const collalg__allreduce_red *r, void *buf,
                                                     int count)
{
    int mask, err = MPI_SUCCESS, relrank = c->rank, top = collalg__binomial_mask(c->rank, c->size);
    if (relrank > 0)
        err = COLLALG_MPI(Recv)(buf, count, r->type, collalg__binomial_parent(relrank), COLLALG_TAG_DATA2, c->pcomm,
                                MPI_STATUS_IGNORE);
    for (mask = top >> 1; mask >= 1 && err == MPI_SUCCESS; mask >>= 1)
        if (relrank + mask < c->size)
            err = COLLALG_MPI(Send)(buf, count, r->type, relrank + mask, COLLALG_TAG_DATA2, c->pcomm);
    return err;
}

/**
 * @brief MPI_Allreduce by a binomial reduce to rank 0 followed by a binomial broadcast.
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_reduce_bcast(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                  MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    void *acc = recvbuf, *tmp = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    if (err == MPI_SUCCESS && count > 0 && c.size > 1) {
        if (c.rank % 2 == 0 && c.rank + 1 < c.size)
            err = collalg__scratch_typed(&c, count, &r.ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_binomial_reduce(&c, &r, &acc, &tmp, count);
        if (err == MPI_SUCCESS && c.rank == 0)
            err = collalg__allreduce_copy(&c, &r, acc, recvbuf, count);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_binomial_bcast(&c, &r, recvbuf, count);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_REDUCE_BCAST_H */
