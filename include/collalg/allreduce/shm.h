/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup allreduce
 * @brief Allreduce through the node's shared window (Pritchard et al., "Leveraging Shared Memory
 *        for MPI Collectives", §3: every rank stores its vector, one barrier, every rank reduces
 *        all of them).
 *
 * @par Phases
 * The vector moves in rounds of e = floor(M / s) elements, M = #COLLALG_SHM_MAX_BYTES (machine/shm.h)
 * and s the size of the datatype. Each round: 1. every rank copies (dense types) or packs the
 * next e elements of its input into its own half of the window; 2. one synchronisation
 * (MPI_Win_sync, MPI_Barrier on the node communicator, MPI_Win_sync); 3. every rank computes
 * the whole result of those elements itself, in rank order from the right:
 * acc = v(p-1), then acc = v_r op acc for r = p-2 .. 0 (MPI_Reduce_local), reading v_r from r's
 * half (dense types in place, others unpacked into scratch first), acc being @p recvbuf.
 * Every rank performs the same operations on the same operands in the same order, so the
 * results are bit-identical on all ranks, and the operand order makes non-commutative
 * operations right. Consecutive rounds and calls alternate halves.
 *
 * @par Trace, p = 3, count * s <= M (one round)
 * @verbatim
   store:  r = 0, 1, 2 writes v_r into half h of region r
   sync:   barrier of 0, 1, 2
   reduce: every rank: acc = v2; acc = v1 op acc; acc = v0 op acc   (= v0 op (v1 op v2))
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, n = count * s bytes: ceil(n / M) rounds, each one barrier (about
 * ceil(lg p) alpha) plus (p - 1) n gamma of local reduction per rank (every rank reduces
 * everything: the short-message trade, no reduce-scatter) and copies of (p + 1) n bytes.
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank; so does a datatype whose size exceeds M (count > 0). Any count (rounds of e
 * elements), any datatype and op MPI_Reduce_local accepts, non-commutative ops, MPI_IN_PLACE.
 * The association (v0 op (v1 op (...))) may round floating-point sums differently from the
 * native MPI_Allreduce, identically on every rank.
 *
 * @par Memory
 * The cached window (2 M bytes of shared memory per rank); e elements of the datatype's layout
 * of scratch when the datatype is not dense.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §5.9.7 (MPI_Reduce_local), §11.2.3, §11.7.
 */
#ifndef COLLALG_ALLREDUCE_SHM_H
#define COLLALG_ALLREDUCE_SHM_H

#include "../family/allreduce.h"
#include "../machine/shm.h"

/** @brief Puts @p n elements of @p r's type at @p buf into the packed bytes @p at (or back). */
COLLALG_INLINE int collalg__allreduce_shm_move(collalg__ctx *c, const collalg__allreduce_red *r, int unpack,
                                               const void *buf, int n, char *at)
{
    if (r->ti.dense) {
        if (unpack)
            collalg__shm_copy((char *)buf + r->ti.lb, at, (MPI_Aint)n * r->ti.size);
        else
            collalg__shm_copy(at, (const char *)buf + r->ti.lb, (MPI_Aint)n * r->ti.size);
        return MPI_SUCCESS;
    }
    return collalg__shm_pack(unpack, buf, n, r->type, &r->ti, at, c->pcomm);
}

/** @brief The rounds of the shared-memory allreduce. @return MPI error code. */
COLLALG_INLINE int collalg__allreduce_shm_rounds(collalg__ctx *c, collalg__shm *s, const collalg__allreduce_red *r,
                                                 const void *sendbuf, void *recvbuf, int count)
{
    MPI_Aint e = r->ti.size > 0 ? s->bytes / r->ti.size : count, done;
    void *tmp = NULL;
    int q, err = MPI_SUCCESS;
    if (count == 0 || r->ti.size == 0)
        return MPI_SUCCESS;
    if (e == 0)
        return MPI_ERR_ARG;
    if (!r->ti.dense)
        err = collalg__scratch_typed(c, e < count ? e : count, &r->ti, &tmp);
    for (done = 0; done < count && err == MPI_SUCCESS; done += e) {
        int n = (int)(count - done < e ? count - done : e);
        char *acc = collalg__allreduce_at(r, recvbuf, done);
        err =
            collalg__allreduce_shm_move(c, r, 0, collalg__allreduce_at(r, sendbuf, done), n, collalg__shm_at(s, s->me));
        if (err == MPI_SUCCESS)
            err = collalg__shm_sync(s);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_shm_move(c, r, 1, acc, n, collalg__shm_at(s, s->n - 1));
        for (q = s->n - 2; q >= 0 && err == MPI_SUCCESS; q--) {
            const void *in = (const char *)collalg__shm_at(s, q) - r->ti.lb;
            if (!r->ti.dense) {
                err = collalg__allreduce_shm_move(c, r, 1, tmp, n, collalg__shm_at(s, q));
                in = tmp;
            }
            if (err == MPI_SUCCESS)
                err = collalg__reduce_local(in, acc, n, r->type, r->op);
        }
        collalg__shm_next(s);
    }
    return err;
}

/**
 * @brief MPI_Allreduce through the node's shared window (one node only).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, on every rank before
 *         any message (family/allreduce.h); MPI_ERR_ARG on every rank when @p comm spans
 *         more than one node or the datatype's size exceeds #COLLALG_SHM_MAX_BYTES (count > 0);
 *         MPI_ERR_NO_MEM when scratch or the window's table cannot be allocated; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_shm(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__shm *s = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_shm_rounds(&c, s, &r, sendbuf, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_SHM_H */
