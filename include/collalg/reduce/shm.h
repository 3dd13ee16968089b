/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup reduce
 * @brief Reduce through the node's shared window (Pritchard et al., "Leveraging Shared Memory for
 *        MPI Collectives", §3): every rank stores its vector, one barrier, the root reduces them
 *        all (one node only).
 *
 * @par Phases
 * The vector moves in rounds of e = floor(M / s) elements, M = #COLLALG_SHM_MAX_BYTES
 * (machine/shm.h) and s the size of the datatype. Each round:
 * 1. every rank copies (dense types) or packs the next e elements of its input into its own half
 *    of the window;
 * 2. one synchronisation (MPI_Win_sync, MPI_Barrier on the node communicator, MPI_Win_sync);
 * 3. the root alone computes the result of those elements in rank order from the right: acc =
 *    v(p-1), then acc = v_r op acc for r = p-2 .. 0 (MPI_Reduce_local), reading v_r from r's
 *    half (dense types in place, others unpacked into scratch first), acc being recvbuf.
 * Consecutive rounds and calls alternate halves: a rank overwrites a half only after the barrier
 * of the next round, which the root reaches only when it has read that half.
 *
 * @par Trace, p = 3, root 1, count * s <= M (one round)
 * @verbatim
   store:  r = 0, 1, 2 writes v_r into half h of region r
   sync:   barrier of 0, 1, 2
   reduce: rank 1: acc = v2; acc = v1 op acc; acc = v0 op acc   (= v0 op (v1 op v2))
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, n = count * s bytes: ceil(n / M) rounds, each one barrier (about
 * ceil(lg p) alpha) plus, at the root, (p - 1) n gamma of local reduction and copies of (p + 1) n
 * bytes; n bytes of copies elsewhere.
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank; so does a datatype whose size exceeds M (count > 0). Any root, any count (rounds
 * of e elements), any datatype and op MPI_Reduce_local accepts, non-commutative ops (operand
 * order kept), MPI_IN_PLACE at the root.
 *
 * @par Memory
 * The cached window (2 M bytes of shared memory per rank); at the root, e elements of the
 * datatype's layout of scratch when the datatype is not dense.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §5.9.7 (MPI_Reduce_local), §11.2.3, §11.7.
 */
#ifndef COLLALG_REDUCE_SHM_H
#define COLLALG_REDUCE_SHM_H

#include "../family/reduce.h"
#include "../allreduce/shm.h"

/** @brief The rounds of the shared-memory reduce (root @p root, a rank of the node, which is the
 *         whole communicator). @return MPI error code. */
COLLALG_INLINE int collalg__reduce_shm_rounds(collalg__ctx *c, collalg__shm *s, const collalg__allreduce_red *r,
                                              const void *sendbuf, void *recvbuf, int count, int root)
{
    MPI_Aint e = r->ti.size > 0 ? s->bytes / r->ti.size : count, done;
    void *tmp = NULL;
    int q, err = MPI_SUCCESS;
    if (count == 0 || r->ti.size == 0)
        return MPI_SUCCESS;
    if (e == 0)
        return MPI_ERR_ARG;
    if (!r->ti.dense && c->rank == root)
        err = collalg__scratch_typed(c, e < count ? e : count, &r->ti, &tmp);
    for (done = 0; done < count && err == MPI_SUCCESS; done += e) {
        int n = (int)(count - done < e ? count - done : e);
        char *acc = c->rank == root ? collalg__allreduce_at(r, recvbuf, done) : NULL;
        err =
            collalg__allreduce_shm_move(c, r, 0, collalg__allreduce_at(r, sendbuf, done), n, collalg__shm_at(s, s->me));
        if (err == MPI_SUCCESS)
            err = collalg__shm_sync(s);
        if (err == MPI_SUCCESS && c->rank == root)
            err = collalg__allreduce_shm_move(c, r, 1, acc, n, collalg__shm_at(s, s->n - 1));
        for (q = s->n - 2; q >= 0 && err == MPI_SUCCESS && c->rank == root; q--) {
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
 * @brief MPI_Reduce through the node's shared window (one node only).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator whose ranks share one node
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined
 *         for @p datatype, on every rank before any message; MPI_ERR_ARG on every rank when
 *         @p comm spans more than one node or the datatype's size exceeds #COLLALG_SHM_MAX_BYTES
 *         (count > 0); MPI_ERR_NO_MEM when scratch or the window's table cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_shm(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                      int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__shm *s = NULL;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_shm_rounds(&c, s, &r, sendbuf, recvbuf, count, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SHM_H */
