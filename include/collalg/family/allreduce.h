/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/allreduce.h
 * @brief Building blocks shared by the allreduce family: the reduction descriptor, the
 *        order-preserving combine step, block split points, recursive doubling over a group of
 *        ranks, and recursive halving.
 *
 * @par Operand order
 * MPI defines the result as v0 op v1 op ... op v(p-1) (any association), and
 * MPI_Reduce_local(in, inout) computes inout = in op inout. Every combine step here knows
 * whether the data just received stand for lower or higher ranks than the data already held,
 * and puts them on the correct side (collalg__allreduce_combine), so the algorithms built on
 * these blocks are correct for non-commutative operations too. Two ranks that combine the same
 * two partial results therefore also compute bit-identical values.
 *
 * @par Block layout
 * A vector of `count` elements cut into n blocks: block b covers elements
 * [split(b), split(b + 1)). Two split rules are used: the even one (block sizes differ by at
 * most one, collalg__allreduce_split) and the padded one (every block ceil(count / n) elements,
 * trailing blocks clipped at count, collalg__allreduce_split_padded) that matches an inner
 * alltoall or allgather with equal blocks. Either way the elements keep their natural index, so
 * a padded buffer is just the vector extended to n * ceil(count / n) elements.
 */
#ifndef COLLALG_ALLREDUCE_COMMON_H
#define COLLALG_ALLREDUCE_COMMON_H

#include "../core/core.h"
#include "../schedule/run_tree.h"
#include "../schedule/recursive_doubling.h"

/** @brief What one allreduce call reduces with: datatype, op and the facts needed about them. */
typedef struct collalg__allreduce_red {
    MPI_Datatype type;    /**< the user's datatype (messages and MPI_Reduce_local) */
    MPI_Op op;            /**< the user's operation */
    int commute;          /**< 1 when @c op is commutative (MPI_Op_commutative) */
    collalg__typeinfo ti; /**< extent facts of @c type (scratch layout and offsets) */
} collalg__allreduce_red;

/** @brief 1 when @p op is one of MPI's predefined operations. */
COLLALG_INLINE int collalg__allreduce_predefined(MPI_Op op)
{
    return op == MPI_MAX || op == MPI_MIN || op == MPI_SUM || op == MPI_PROD || op == MPI_LAND || op == MPI_BAND ||
           op == MPI_LOR || op == MPI_BOR || op == MPI_LXOR || op == MPI_BXOR || op == MPI_MAXLOC || op == MPI_MINLOC ||
           op == MPI_REPLACE || op == MPI_NO_OP;
}

/**
 * @brief 1 when the pair (@p type, @p op) needs collalg__allreduce_probe(): a predefined op on
 *        a datatype collalg__reduce_local() does not reduce in line (a user op accepts any
 *        datatype and must not be called on made-up data).
 */
COLLALG_INLINE int collalg__allreduce_probe_needed(MPI_Op op, MPI_Datatype type)
{
    return collalg__allreduce_predefined(op) && !collalg__reduce_local_known(op, type);
}

/**
 * @brief Checks, before any message, that MPI_Reduce_local accepts the pair (type, op), so that
 *        an invalid pair (e.g. MPI_SUM on a derived datatype, which the standard does not
 *        define) fails on every rank at the same point instead of part-way through a schedule,
 *        where the peers would wait forever.
 *
 * Predefined ops only (a user op accepts any datatype, and must not be called on made-up
 * data), and not the pairs the standard defines and collalg__reduce_local() computes in line
 * (collalg__reduce_local_known(): MPI_SUM on MPI_INT, ...), which need no probe: one zeroed
 * element is folded into another, in scratch (on the stack when two elements span at most 128
 * bytes). Done for count 0 too, as the native MPI_Allreduce checks the pair then.
 * @return MPI_SUCCESS, or the error of MPI_Reduce_local (e.g. MPI_ERR_OP), or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__allreduce_probe(collalg__ctx *c, const collalg__allreduce_red *r)
{
    double small[16];
    void *raw = small;
    MPI_Aint span = collalg__span(2, &r->ti);
    char *first;
    int err = MPI_SUCCESS;
    if (!collalg__allreduce_probe_needed(r->op, r->type))
        return MPI_SUCCESS;
    if (span > (MPI_Aint)sizeof small)
        err = collalg__scratch(c, span, &raw);
    if (err != MPI_SUCCESS)
        return err;
    memset(raw, 0, (size_t)span);
    first = (char *)raw - r->ti.true_lb;
    return collalg__reduce_local(first, collalg__at(first, 1, r->ti.extent), 1, r->type, r->op);
}

/**
 * @brief Fills @p r for @p type and @p op and probes the pair (collalg__allreduce_probe).
 *        Every algorithm calls it right after the enter step, before any message.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_red_init(collalg__ctx *c, collalg__allreduce_red *r, MPI_Datatype type, MPI_Op op)
{
    int err;
    r->type = type;
    r->op = op;
    r->commute = 1;
    err = collalg__typeinfo_get(type, &r->ti);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &r->commute);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_probe(c, r);
    return err;
}

/**
 * @brief The pair check of a blocking reduction that runs a nonblocking schedule in place
 *        (core/nbc.h's executor: the pipelined trees, the recursive-exchange reduce-scatters),
 *        after @p err, when @p blocking: collalg__allreduce_red_init() on (@p type, @p op), so
 *        that an invalid pair fails on every rank before any message instead of on the ranks
 *        that reduce, part-way through the schedule, while their peers wait forever. The probe's
 *        scratch, if any, is freed at once (@p c holds nothing else yet). The nonblocking and
 *        persistent forms skip it: their error comes back through the request. A user op, or a
 *        pair collalg__reduce_local() computes in line (MPI_SUM on MPI_INT, ...), returns at
 *        once, without an MPI call; MPI_Op_commutative is not asked.
 * @return @p err, or the error of the probe.
 */
COLLALG_INLINE int collalg__allreduce_probe_blocking(int err, collalg__ctx *c, MPI_Datatype type, MPI_Op op,
                                                     int blocking)
{
    collalg__allreduce_red r;
    if (err != MPI_SUCCESS || !blocking || !collalg__allreduce_probe_needed(op, type))
        return err; /* nothing to probe: no MPI call */
    r.type = type;
    r.op = op;
    r.commute = 1;
    err = collalg__typeinfo_get(type, &r.ti);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_probe(c, &r);
    (void)collalg__leave(c, MPI_SUCCESS); /* frees the probe's scratch; reports nothing */
    return err;
}

/** @brief Address of element @p index of a buffer laid out in @p r's datatype. */
COLLALG_INLINE char *collalg__allreduce_at(const collalg__allreduce_red *r, const void *buf, MPI_Aint index)
{
    return collalg__at(buf, index, r->ti.extent);
}

/** @brief Even split point: first element of block @p b of @p n blocks over @p count elements. */
COLLALG_INLINE int collalg__allreduce_split(int count, int n, int b)
{
    return collalg__even_split(count, n, b);
}

/** @brief Padded split point: min(b * ceil(count / n), count). */
COLLALG_INLINE int collalg__allreduce_split_padded(int count, int n, int b)
{
    MPI_Aint blk = count / n + (count % n != 0), at = (MPI_Aint)b * blk;
    return at < count ? (int)at : count;
}

/**
 * @brief Folds the @p n elements at element offset @p first of *tmp into *acc, operand order
 *        preserved.
 *
 * @p tmp_is_lower = 1: *tmp stands for lower ranks, acc = tmp op acc, computed in place. Else
 * tmp = acc op tmp is computed in *tmp and the two pointers are swapped, so that afterwards
 * *acc holds the combined range either way (the rest of the swapped buffers is stale).
 * @return MPI_SUCCESS or the error code of MPI_Reduce_local.
 */
COLLALG_INLINE int collalg__allreduce_combine(const collalg__allreduce_red *r, void **acc, void **tmp, MPI_Aint first,
                                              int n, int tmp_is_lower)
{
    char *a = collalg__allreduce_at(r, *acc, first), *t = collalg__allreduce_at(r, *tmp, first);
    void *swap;
    int err;
    if (n == 0)
        return MPI_SUCCESS;
    if (tmp_is_lower)
        return collalg__reduce_local(t, a, n, r->type, r->op);
    err = collalg__reduce_local(a, t, n, r->type, r->op);
    swap = *acc;
    *acc = *tmp;
    *tmp = swap;
    return err;
}

/**
 * @brief Sends elements [lo, hi) of @p sbuf to @p to while receiving elements [rlo, rhi) of
 *        @p rbuf from @p from (one step of a ring or pairwise exchange).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_exchange_to(const collalg__ctx *c, const collalg__allreduce_red *r,
                                                  const void *sbuf, int lo, int hi, int to, void *rbuf, int rlo,
                                                  int rhi, int from)
{
    return COLLALG_MPI(Sendrecv)(collalg__allreduce_at(r, sbuf, lo), hi - lo, r->type, to, COLLALG_TAG_DATA,
                                 collalg__allreduce_at(r, rbuf, rlo), rhi - rlo, r->type, from, COLLALG_TAG_DATA,
                                 c->pcomm, MPI_STATUS_IGNORE);
}

/**
 * @brief Pairwise exchange with @p peer: elements [lo, hi) of @p sbuf out, elements [rlo, rhi)
 *        of @p rbuf in. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_exchange(const collalg__ctx *c, const collalg__allreduce_red *r, const void *sbuf,
                                               int lo, int hi, void *rbuf, int rlo, int rhi, int peer)
{
    return collalg__allreduce_exchange_to(c, r, sbuf, lo, hi, peer, rbuf, rlo, rhi, peer);
}

/**
 * @brief Fold step of MPICH's fold (schedule/recursive_doubling.h, COLLALG__RDB_FOLD_PAIRS): the
 *        even members j < 2 rem send their @p count elements of *acc to j + 1, which combines them
 *        into *acc (the even member is the lower one). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_fold_in(const collalg__ctx *c, const collalg__allreduce_red *r,
                                              const collalg__rdb_fold *f, void **acc, void **tmp, int count)
{
    int err;
    if (f->partner < 0)
        return MPI_SUCCESS;
    if (f->newrank < 0)
        return COLLALG_MPI(Send)(*acc, count, r->type, f->partner, COLLALG_TAG_DATA, c->pcomm);
    err = COLLALG_MPI(Recv)(*tmp, count, r->type, f->partner, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_combine(r, acc, tmp, 0, count, 1);
    return err;
}

/**
 * @brief Unfold step: odd members j < 2 rem send the final @p count elements of @p acc to
 *        j - 1, which receives them into @p acc. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_unfold(const collalg__ctx *c, const collalg__allreduce_red *r,
                                             const collalg__rdb_fold *f, void *acc, int count)
{
    if (f->partner < 0)
        return MPI_SUCCESS;
    if (f->newrank >= 0)
        return COLLALG_MPI(Send)(acc, count, r->type, f->partner, COLLALG_TAG_DATA, c->pcomm);
    return COLLALG_MPI(Recv)(acc, count, r->type, f->partner, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
}

/**
 * @brief Allreduce of @p count elements by recursive doubling over the group @p f.
 *
 * Fold; then for mask = 1, 2, ..., pof2/2 survivor i exchanges its whole vector with survivor
 * i XOR mask and combines (after the step with mask, survivor i holds the reduction over the
 * aligned run of 2 mask survivors containing i, so the partner's run is wholly below or wholly
 * above: order preserved); then unfold. On entry *acc holds this member's vector, *tmp is
 * scratch of @p count elements; on return *acc holds the result (the pointers may have been
 * swapped). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_rdb(const collalg__ctx *c, const collalg__allreduce_red *r,
                                          const collalg__rdb_fold *f, void **acc, void **tmp, int count)
{
    collalg__rdb_step st;
    int err = collalg__allreduce_fold_in(c, r, f, acc, tmp, count);
    for (collalg__rdb_begin(f, &st, 0); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        err = collalg__allreduce_exchange(c, r, *acc, 0, count, *tmp, 0, count, st.rank);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(r, acc, tmp, 0, count, st.upper);
    }
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_unfold(c, r, f, *acc, count);
    return err;
}

/** @brief Split rule of a block layout: first element of block b of n blocks over count. */
typedef int (*collalg__allreduce_split_fn)(int count, int n, int b);

/** @brief Most recursive-halving steps (log2 of the largest power of two an int can hold). */
#define COLLALG_ALLREDUCE_MAX_STEPS 32

/**
 * @brief Reduce-scatter by recursive halving among the survivors of the fold @p f, on
 *        @p nblocks blocks (split rule @p split) of a @p count-element vector.
 *
 * The survivors start with the block range [0, nblocks). In the step with mask = 1, 2, ...,
 * pof2/2, survivor i and its partner i XOR mask hold the same range [lo, hi), cut at
 * mid = lo + (hi - lo) / 2; the one whose bit `mask` is 0 keeps [lo, mid), the other
 * [mid, hi); each sends the half it gives up and combines the half it keeps. The distance
 * doubles, so (as in collalg__allreduce_rdb) the partner's contributions are a run of survivors
 * wholly below or above this one's: order preserved. The range kept in step s is recorded in
 * @p lo[s+1], @p hi[s+1] (lo[0] = 0, hi[0] = nblocks) for the allgather that retraces them.
 * On return survivor i holds the reduction of its final range in *acc.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_halving(const collalg__ctx *c, const collalg__allreduce_red *r,
                                              const collalg__rdb_fold *f, void **acc, void **tmp, int count,
                                              int nblocks, collalg__allreduce_split_fn split, int *lo, int *hi)
{
    collalg__rdb_step st;
    int s, mid, klo, khi, glo, ghi, err = MPI_SUCCESS;
    lo[0] = 0;
    hi[0] = nblocks;
    for (collalg__rdb_begin(f, &st, 0); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        s = st.s;
        mid = lo[s] + (hi[s] - lo[s]) / 2;
        klo = st.upper ? mid : lo[s];
        khi = st.upper ? hi[s] : mid;
        glo = st.upper ? lo[s] : mid;
        ghi = st.upper ? mid : hi[s];
        klo = split(count, nblocks, klo);
        khi = split(count, nblocks, khi);
        err = collalg__allreduce_exchange(c, r, *acc, split(count, nblocks, glo), split(count, nblocks, ghi), *tmp, klo,
                                          khi, st.rank);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(r, acc, tmp, klo, khi - klo, st.upper);
        lo[s + 1] = st.upper ? mid : lo[s];
        hi[s + 1] = st.upper ? hi[s] : mid;
    }
    return err;
}

/**
 * @brief Survivor index that ends recursive halving holding block @p b (the same cuts as
 *        collalg__allreduce_halving): bit `mask` of the index is 1 when b lies in the upper
 *        half of the step's range.
 */
COLLALG_INLINE int collalg__allreduce_halving_holder(int b, int nblocks, int pof2)
{
    int lo = 0, hi = nblocks, mask, mid, idx = 0;
    for (mask = 1; mask < pof2; mask <<= 1) {
        mid = lo + (hi - lo) / 2;
        if (b >= mid) {
            idx |= mask;
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return idx;
}

/**
 * @brief Copies @p count elements in @p r's datatype from @p src to @p dst (no-op when they are
 *        the same buffer). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_copy(const collalg__ctx *c, const collalg__allreduce_red *r, const void *src,
                                           void *dst, int count)
{
    return collalg__copy(src, count, r->type, dst, count, r->type, c->pcomm);
}

#endif /* COLLALG_ALLREDUCE_COMMON_H */
