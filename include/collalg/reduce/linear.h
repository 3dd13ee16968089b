/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup reduce
 * @brief Reduce, linear: every rank sends its vector to the root, which combines them in rank
 *        order (Open MPI's basic linear reduce).
 *
 * @par Phases
 * 1. Every rank but the root sends its whole vector to the root.
 * 2. The root folds the vectors from the right: it receives v(p-1) into @c recvbuf (or copies
 *    its own when it is rank p - 1), then for i = p-2 down to 0 receives v(i) into scratch and
 *    computes recvbuf = v(i) op recvbuf (MPI_Reduce_local). Invariant: after rank i, recvbuf
 *    holds v(i) op v(i+1) op ... op v(p-1), so the operand order is the standard's. With
 *    MPI_IN_PLACE the root's own vector is saved first (recvbuf is overwritten by v(p-1)).
 *    Small vectors (p - 1 of them within #COLLALG_REDUCE_LINEAR_EAGER_BYTES, 256 KiB) take the
 *    eager form: the root posts all p - 1 receives at once into slots, waits for them, then folds
 *    in the same order. The vectors then travel concurrently even where a message moves only
 *    once its receive is posted (rendezvous, or SimGrid's SMPI below its asynchronous threshold:
 *    there the in-order receives cost one latency per rank, 0.489 ms for 8 B at 128 ranks of the
 *    smp platform, the eager form 0.0118 ms).
 *
 * @par Trace, p = 6, root 2 (a -> b: a's vector to b; [a..b] = v_a op ... op v_b)
 * @verbatim
   1 -> 2, 3 -> 2, 4 -> 2, 5 -> 2, 0 -> 2   (all at once; the root takes them from 5 down)
   root: recvbuf = v5; [4..5]; [3..5]; [2..5] (its own); [1..5]; [0..5]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_linear_p6.svg
 * @image html reduce_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: (p - 1)(alpha + n beta) at the root
 * (its link receives every vector) + (p - 1) n gamma; the eager form overlaps the latencies:
 * alpha + (p - 1) n beta + (p - 1) n gamma.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE at
 * the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * At the root only: count elements of datatype of scratch (2 count with MPI_IN_PLACE when the
 * root is not rank p - 1); in the eager form (p - 1) count elements and p - 1 requests instead of
 * the first count (at most #COLLALG_REDUCE_LINEAR_EAGER_BYTES); none elsewhere.
 *
 * @par References
 * Open MPI ompi/mca/coll/basic/coll_basic_reduce.c (linear reduce, folded from the highest rank);
 * MPI 4.0 standard, §6.9.1 (the operand order of MPI_Reduce).
 */
#ifndef COLLALG_REDUCE_LINEAR_H
#define COLLALG_REDUCE_LINEAR_H

#include "../family/reduce.h"

/**
 * @brief The root posts every receive at once (into p - 1 slots of scratch) when those slots
 *        take at most this many bytes (p - 1 vectors, an element counted as max(size, extent)),
 *        and receives the vectors one after the other, in the fold's order, above: 256 KiB.
 */
#ifndef COLLALG_REDUCE_LINEAR_EAGER_BYTES
#define COLLALG_REDUCE_LINEAR_EAGER_BYTES (256 << 10)
#endif

/** @brief 1 when the root of collalg_reduce_linear() posts every receive at once (see
 *         #COLLALG_REDUCE_LINEAR_EAGER_BYTES). */
COLLALG_INLINE int collalg__reduce_linear_eager(const collalg__allreduce_red *r, int p, int count)
{
    MPI_Aint elem = r->ti.extent > r->ti.size ? r->ti.extent : r->ti.size;
    return (MPI_Aint)(p - 1) * count <= COLLALG_REDUCE_LINEAR_EAGER_BYTES / (elem > 0 ? elem : 1);
}

/** @brief Rank @p i's vector at the root @p me of the eager form: @p own, or its slot. */
COLLALG_INLINE const void *collalg__reduce_linear_vec(const collalg__allreduce_red *r, const void *slots,
                                                      const void *own, int i, int me, int count)
{
    if (i == me)
        return own;
    return collalg__allreduce_at(r, slots, (MPI_Aint)(i < me ? i : i - 1) * count);
}

/**
 * @brief Phase 2 at the root, eager form: the p - 1 receives posted at once into slots (rank i's
 *        vector in slot i, or i - 1 past the root), then the same fold from the right into
 *        @p recvbuf as collalg__reduce_linear_root(). @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the
 *        MPI error code; nothing is left pending.
 */
COLLALG_INLINE int collalg__reduce_linear_root_eager(collalg__ctx *c, const collalg__allreduce_red *r, const void *own,
                                                     void *recvbuf, int count)
{
    void *raw = NULL, *slots = NULL;
    MPI_Request *rq = NULL;
    int i, p = c->size, me = c->rank, n = 0;
    int err = collalg__scratch(c, (MPI_Aint)(p - 1) * (MPI_Aint)sizeof(MPI_Request), &raw);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, (MPI_Aint)(p - 1) * count, &r->ti, &slots);
    if (err != MPI_SUCCESS)
        return err;
    rq = (MPI_Request *)raw;
    for (i = 0; i < p - 1; i++)
        rq[i] = MPI_REQUEST_NULL;
    for (i = 0; i < p && err == MPI_SUCCESS; i++) {
        if (i == me)
            continue;
        err = COLLALG_MPI(Irecv)(collalg__allreduce_at(r, slots, (MPI_Aint)n * count), count, r->type, i,
                                 COLLALG_TAG_DATA, c->pcomm, &rq[n]);
        n++;
    }
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(p - 1, rq));
    err = collalg__waitall(p - 1, rq);
    if (err == MPI_SUCCESS)
        err =
            collalg__allreduce_copy(c, r, collalg__reduce_linear_vec(r, slots, own, p - 1, me, count), recvbuf, count);
    for (i = p - 2; i >= 0 && err == MPI_SUCCESS; i--)
        err = collalg__reduce_local(collalg__reduce_linear_vec(r, slots, own, i, me, count), recvbuf, count, r->type,
                                    r->op);
    return err;
}

/**
 * @brief Phase 2 at the root: the fold from the right into @p recvbuf; @p own is the root's
 *        input (not recvbuf unless the root is rank p - 1); the eager form
 *        (collalg__reduce_linear_root_eager()) for small vectors. @return MPI_SUCCESS,
 *        MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_linear_root(collalg__ctx *c, const collalg__allreduce_red *r, const void *own,
                                               void *recvbuf, int count)
{
    void *tmp = NULL;
    int i, p = c->size, err;
    if (collalg__reduce_linear_eager(r, p, count))
        return collalg__reduce_linear_root_eager(c, r, own, recvbuf, count);
    err = collalg__scratch_typed(c, count, &r->ti, &tmp);
    if (err == MPI_SUCCESS && c->rank == p - 1)
        err = collalg__allreduce_copy(c, r, own, recvbuf, count);
    else if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(recvbuf, count, r->type, p - 1, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    for (i = p - 2; i >= 0 && err == MPI_SUCCESS; i--) {
        if (i == c->rank) {
            err = collalg__reduce_local(own, recvbuf, count, r->type, r->op);
            continue;
        }
        err = COLLALG_MPI(Recv)(tmp, count, r->type, i, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_local(tmp, recvbuf, count, r->type, r->op);
    }
    return err;
}

/**
 * @brief MPI_Reduce by the linear algorithm (every vector to the root, folded in rank order).
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
COLLALG_INLINE int collalg_reduce_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                         MPI_Op op, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    void *own = NULL;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    if (err != MPI_SUCCESS || count == 0)
        return collalg__leave(&c, err);
    if (c.rank != root)
        err = COLLALG_MPI(Send)(sendbuf, count, datatype, root, COLLALG_TAG_DATA, c.pcomm);
    else if (sendbuf == recvbuf && root != c.size - 1) { /* in place: save the input first */
        err = collalg__scratch_typed(&c, count, &r.ti, &own);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, sendbuf, own, count);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_linear_root(&c, &r, own, recvbuf, count);
    } else {
        err = collalg__reduce_linear_root(&c, &r, sendbuf, recvbuf, count);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_LINEAR_H */
