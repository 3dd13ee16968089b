/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/reduce_scatter.h
 * @brief Building blocks shared by the reduce_scatter and reduce_scatter_block families: the
 *        entry steps (argument checks, MPI_IN_PLACE), the block layout, the fold of a
 *        non-power-of-two group onto "super-blocks", and the delivery of the final blocks.
 *
 * @par Operand order
 * Block i of the result is v_0 op v_1 op ... op v_(p-1) restricted to block i, and
 * MPI_Reduce_local(in, inout) computes inout = in op inout. An algorithm that combines partial
 * results out of rank order documents "commutative operations only" and returns MPI_ERR_OP, before
 * any message, for an op that MPI_Op_commutative reports as non-commutative (collalg__rs_init).
 *
 * @par Layout
 * The input vector holds p blocks in rank order: block i has counts[i] elements (recvcount for
 * reduce_scatter_block) and starts at element collalg__rs_off(l, i), a prefix sum in MPI_Aint.
 * reduce_scatter_block is reduce_scatter with equal counts: its layout has no counts array and
 * every algorithm serves both collectives through one run function taking a collalg__rs.
 *
 * @par Buffers and MPI_IN_PLACE
 * MPI_IN_PLACE is allowed on every rank: the input is then the whole vector in recvbuf and the
 * result goes to the start of recvbuf. The entry step points sendbuf at recvbuf, so an algorithm
 * must read all of its input from sendbuf before it writes recvbuf (or stage what it needs).
 */
#ifndef COLLALG_REDUCE_SCATTER_COMMON_H
#define COLLALG_REDUCE_SCATTER_COMMON_H

#include "../core/core.h"
#include "../core/nbc.h"
#include "allreduce.h"

/** @brief The block layout and the reduction of one reduce_scatter(_block) call. */
typedef struct collalg__rs {
    collalg__allreduce_red r; /**< datatype, op, commutativity, extent facts */
    const int *counts;        /**< elements of each block; NULL: every block has @c count */
    int count;                /**< elements of every block when @c counts is NULL */
    int p;                    /**< number of blocks (ranks) */
} collalg__rs;

/** @brief Elements of block @p i. */
COLLALG_INLINE int collalg__rs_cnt(const collalg__rs *l, int i)
{
    return l->counts ? l->counts[i] : l->count;
}

/** @brief First element of block @p i (0 <= i <= p; i = p gives the total). */
COLLALG_INLINE MPI_Aint collalg__rs_off(const collalg__rs *l, int i)
{
    MPI_Aint off = 0;
    int j;
    if (!l->counts)
        return (MPI_Aint)i * l->count;
    for (j = 0; j < i; j++)
        off += l->counts[j];
    return off;
}

/** @brief Largest block, in elements. */
COLLALG_INLINE int collalg__rs_max(const collalg__rs *l)
{
    int i, m = 0;
    for (i = 0; i < l->p; i++)
        if (collalg__rs_cnt(l, i) > m)
            m = collalg__rs_cnt(l, i);
    return m;
}

/** @brief Address of block @p i of a whole vector @p buf. */
COLLALG_INLINE char *collalg__rs_block(const collalg__rs *l, const void *buf, int i)
{
    return collalg__allreduce_at(&l->r, buf, collalg__rs_off(l, i));
}

/**
 * @brief Checks the arguments common to both collectives, before any message and any write:
 *        communicator (MPI_ERR_COMM), datatype (MPI_ERR_TYPE), the send vector of @p total
 *        elements unless MPI_IN_PLACE and the receive buffer of @p own elements (@p total when
 *        in place) (MPI_ERR_BUFFER), aliased buffers (MPI_ERR_BUFFER), op (MPI_ERR_OP).
 */
COLLALG_INLINE int collalg__rs_check(const void *sendbuf, const void *recvbuf, MPI_Aint total, int own,
                                     MPI_Datatype datatype, MPI_Op op)
{
    int inplace = sendbuf == MPI_IN_PLACE, err = MPI_SUCCESS;
    if (datatype == MPI_DATATYPE_NULL)
        err = MPI_ERR_TYPE;
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_buffer(sendbuf, total > 0, datatype);
    if (err == MPI_SUCCESS)
        err = collalg__check_buffer(recvbuf, inplace ? total > 0 : own, datatype);
    if (err == MPI_SUCCESS && !inplace && sendbuf == recvbuf && total > 0)
        err = MPI_ERR_BUFFER;
    if (err == MPI_SUCCESS && op == MPI_OP_NULL)
        err = MPI_ERR_OP;
    return err;
}

/**
 * @brief Entry step of the reduce_scatter algorithms.
 *
 * Checks, before any message: the communicator (MPI_ERR_COMM); recvcounts != NULL (MPI_ERR_ARG);
 * every recvcounts[i] >= 0 (MPI_ERR_COUNT); then collalg__rs_check. Attaches the private
 * communicator and resolves MPI_IN_PLACE by setting *sendbuf = recvbuf.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__reduce_scatter_enter(collalg__ctx *c, const void **sendbuf, void *recvbuf,
                                                 const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                                                 MPI_Comm comm)
{
    int err = MPI_SUCCESS, p = 0, rank = 0, i;
    MPI_Aint total = 0;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__ctx_comm(c, &p, &rank);
        if (err == MPI_SUCCESS && recvcounts == NULL)
            err = MPI_ERR_ARG;
        for (i = 0; err == MPI_SUCCESS && i < p; i++) {
            if (recvcounts[i] < 0)
                err = MPI_ERR_COUNT;
            total += recvcounts[i];
        }
        if (err == MPI_SUCCESS)
            err = collalg__rs_check(*sendbuf, recvbuf, total, recvcounts[rank], datatype, op);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err == MPI_SUCCESS && *sendbuf == MPI_IN_PLACE)
        *sendbuf = recvbuf;
    return err;
}

/**
 * @brief Entry step of the reduce_scatter_block algorithms: as collalg__reduce_scatter_enter with
 *        every count equal to @p recvcount (MPI_ERR_COUNT when it is negative).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__reduce_scatter_block_enter(collalg__ctx *c, const void **sendbuf, void *recvbuf,
                                                       int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int err = MPI_SUCCESS, p = 0;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__ctx_comm(c, &p, NULL);
        if (err == MPI_SUCCESS && recvcount < 0)
            err = MPI_ERR_COUNT;
        if (err == MPI_SUCCESS)
            err = collalg__rs_check(*sendbuf, recvbuf, (MPI_Aint)p * recvcount, recvcount, datatype, op);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err == MPI_SUCCESS && *sendbuf == MPI_IN_PLACE)
        *sendbuf = recvbuf;
    return err;
}

/**
 * @brief Fills @p l after the enter step (layout @p counts, or @p count per block when @p counts
 *        is NULL; reduction facts and the probe of collalg__allreduce_red_init); with
 *        @p commutative_only, refuses a non-commutative @p op with MPI_ERR_OP. Before any message.
 * @return MPI_SUCCESS, MPI_ERR_OP, or the error of collalg__allreduce_red_init.
 */
COLLALG_INLINE int collalg__rs_init(collalg__ctx *c, collalg__rs *l, const int *counts, int count,
                                    MPI_Datatype datatype, MPI_Op op, int commutative_only)
{
    int err = collalg__allreduce_red_init(c, &l->r, datatype, op);
    l->counts = counts;
    l->count = count;
    l->p = c->size;
    if (err == MPI_SUCCESS && commutative_only && !l->r.commute)
        err = MPI_ERR_OP;
    return err;
}

/** @brief MPI_ERR_COUNT when the whole vector does not fit an int count (one message), else MPI_SUCCESS. */
COLLALG_INLINE int collalg__rs_fits(const collalg__rs *l)
{
    return collalg__rs_off(l, l->p) > (MPI_Aint)INT_MAX ? MPI_ERR_COUNT : MPI_SUCCESS;
}

/** @brief Copies block @p i's @p n elements between buffers in the reduction's datatype. */
COLLALG_INLINE int collalg__rs_copy(const collalg__ctx *c, const collalg__rs *l, const void *src, void *dst, int n)
{
    return collalg__allreduce_copy(c, &l->r, src, dst, n);
}

/**
 * @brief Sends elements [slo, shi) of @p sbuf to @p peer while receiving elements [rlo, rhi) of
 *        @p rbuf from it (whole-vector offsets; each range fits an int, see collalg__rs_fits).
 *        An empty side is skipped: both ends compute the same range for one message, so they
 *        agree on which messages exist. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_exchange(const collalg__ctx *c, const collalg__rs *l, const void *sbuf, MPI_Aint slo,
                                        MPI_Aint shi, void *rbuf, MPI_Aint rlo, MPI_Aint rhi, int peer)
{
    MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int err = MPI_SUCCESS;
    if (rhi > rlo)
        err = COLLALG_MPI(Irecv)(collalg__allreduce_at(&l->r, rbuf, rlo), (int)(rhi - rlo), l->r.type, peer,
                                 COLLALG_TAG_DATA, c->pcomm, &rq[0]);
    if (err == MPI_SUCCESS && shi > slo)
        err = COLLALG_MPI(Isend)(collalg__allreduce_at(&l->r, sbuf, slo), (int)(shi - slo), l->r.type, peer,
                                 COLLALG_TAG_DATA, c->pcomm, &rq[1]);
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(2, rq));
    return collalg__waitall(2, rq);
}

/**
 * @brief Reduces elements [lo, hi) of two whole-vector buffers: @p lower op @p upper, the result
 *        in @p upper (MPI_Reduce_local(lower, upper)). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_reduce(const collalg__rs *l, const void *lower, void *upper, MPI_Aint lo, MPI_Aint hi)
{
    if (hi <= lo)
        return MPI_SUCCESS;
    return collalg__reduce_local(collalg__allreduce_at(&l->r, lower, lo), collalg__allreduce_at(&l->r, upper, lo),
                                 (int)(hi - lo), l->r.type, l->r.op);
}

/* ---- super-blocks: the blocks of a folded group ------------------------------------------ */

/**
 * @brief First block of super-block @p i of the fold @p f (schedule/recursive_doubling.h, stride 1): the
 *        survivor with new index i stands for ranks 2i, 2i + 1 (i < rem) or i + rem, so its
 *        super-block is their run of blocks [sb(i), sb(i + 1)); sb(pof2) = p.
 */
COLLALG_INLINE int collalg__rs_sb(const collalg__rdb_fold *f, int i)
{
    return i < f->rem ? 2 * i : i + f->rem;
}

/** @brief First element of super-block @p i (0 <= i <= pof2). */
COLLALG_INLINE MPI_Aint collalg__rs_sboff(const collalg__rs *l, const collalg__rdb_fold *f, int i)
{
    return collalg__rs_off(l, collalg__rs_sb(f, i));
}

/**
 * @brief Last phase of the folded algorithms: a survivor holds its super-block, fully reduced,
 *        at its natural offsets in @p acc; it sends the lower block of a pair to the waiting even
 *        rank and copies its own block into @p recvbuf; a waiting rank receives its block.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_deliver(const collalg__ctx *c, const collalg__rs *l, const collalg__rdb_fold *f,
                                       const void *acc, void *recvbuf)
{
    int me = c->rank, err = MPI_SUCCESS;
    if (f->newrank < 0)
        return COLLALG_MPI(Recv)(recvbuf, collalg__rs_cnt(l, me), l->r.type, me + 1, COLLALG_TAG_DATA2, c->pcomm,
                                 MPI_STATUS_IGNORE);
    if (me < 2 * f->rem)
        err = COLLALG_MPI(Send)(collalg__rs_block(l, acc, me - 1), collalg__rs_cnt(l, me - 1), l->r.type, me - 1,
                                COLLALG_TAG_DATA2, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, collalg__rs_block(l, acc, me), recvbuf, collalg__rs_cnt(l, me));
    return err;
}

/**
 * @brief Common start of the folded algorithms: checks that the vector fits one message
 *        (MPI_ERR_COUNT), allocates @p acc and @p tmp (whole vectors), copies the input into
 *        *acc and runs the fold (the even rank of a pair sends, the odd one combines, order kept).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_fold_start(collalg__ctx *c, const collalg__rs *l, collalg__rdb_fold *f,
                                          const void *sendbuf, void **acc, void **tmp)
{
    int total, err = collalg__rs_fits(l);
    collalg__rdb_fold_init(f, c->size, 1, c->rank, COLLALG__RDB_FOLD_PAIRS);
    if (err != MPI_SUCCESS)
        return err;
    total = (int)collalg__rs_off(l, l->p);
    err = collalg__scratch_typed(c, total, &l->r.ti, acc);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, total, &l->r.ti, tmp);
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, sendbuf, *acc, total);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_fold_in(c, &l->r, f, acc, tmp, total);
    return err;
}

/** @brief A nonblocking reduce-scatter's schedule builder (schedule/icoll_reduce.h): blocks of
 *         @p block elements, or of @p counts[r] elements when @p counts is not NULL. */
typedef void (*collalg__reduce_scatter_steps_fn)(collalg__steps *s, int rank, int p, long long block, const int *counts,
                                                 int inplace);

/** @brief The schedule builder of a nonblocking reduce-scatter with a radix @p k (>= 2):
 *         collalg__reduce_scatter_steps_fn's arguments, then @p k. */
typedef void (*collalg__reduce_scatter_radix_steps_fn)(collalg__steps *s, int rank, int p, long long block,
                                                       const int *counts, int inplace, int k);

/**
 * @brief The whole start of a nonblocking reduce-scatter, with MPI_Ireduce_scatter's arguments
 *        when @p vform (@p recvcounts; @p recvcount unused), else MPI_Ireduce_scatter_block's
 *        (@p recvcount; @p recvcounts unused): the checks of the blocking ones, MPI_ERR_OP for a
 *        non-commutative @p op when @p commutative_only, the (datatype, op) pair's probe when
 *        blocking (collalg__allreduce_probe_blocking()), the counting and filling runs of
 *        @p build (or, when it is NULL, of @p build_k with @p radix, 0 meaning @p radix_default;
 *        a negative radix or 1 is refused with MPI_ERR_ARG before any message),
 *        collalg__nbc_reduction_start() (@p persistent: see collalg__nbc_launch()).
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__nbc_reduce_scatter_any(collalg__reduce_scatter_steps_fn build,
                                                   collalg__reduce_scatter_radix_steps_fn build_k, int radix,
                                                   int radix_default, int commutative_only, int vform,
                                                   const void *sendbuf, void *recvbuf, int recvcount,
                                                   const int *recvcounts, MPI_Datatype datatype, MPI_Op op,
                                                   MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reduce-scatters */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, k = radix ? radix : radix_default;
    int err = vform ? collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm)
                    : collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && !build && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (commutative_only)
        err = collalg__nbc_commutative(err, op);
    err = collalg__allreduce_probe_blocking(err, &c, datatype, op, persistent == COLLALG__NBC_BLOCKING);
    if (build)
        COLLALG__NBC_BUILD(err, o, build, (rank, p, vform ? 0 : recvcount, vform ? recvcounts : NULL, inplace));
    else
        COLLALG__NBC_BUILD(err, o, build_k, (rank, p, vform ? 0 : recvcount, vform ? recvcounts : NULL, inplace, k));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, recvbuf, datatype, inplace, &c, request, persistent);
}

/** @brief collalg__nbc_reduce_scatter_any() of a builder without a radix. */
COLLALG_INLINE int collalg__nbc_reduce_scatter(collalg__reduce_scatter_steps_fn build, int commutative_only, int vform,
                                               const void *sendbuf, void *recvbuf, int recvcount, const int *recvcounts,
                                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request,
                                               int persistent)
{
    return collalg__nbc_reduce_scatter_any(build, NULL, 0, 0, commutative_only, vform, sendbuf, recvbuf, recvcount,
                                           recvcounts, datatype, op, comm, request, persistent);
}

#endif /* COLLALG_REDUCE_SCATTER_COMMON_H */
