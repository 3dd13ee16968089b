/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pat.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, PAT: Parallel Aggregated Trees (Jeaugey 2025, NCCL 2.23+): the PAT
 *        all-gather's steps in the reverse order with every edge reversed, partial results
 *        combined on the way, in a scratch buffer of bounded size.
 *
 * @par Phases
 * Every rank's block is reduced up a binomial tree rooted at that rank (the all-gather's tree
 * of allgather/pat.h, run backwards); the p trees run in parallel and the partial results that
 * take the same edge in the same step travel in one message of at most A blocks. Offsets are
 * relative to the rank (offset s of rank y is rank (y + s) mod p's block); D = ceil(lg p),
 * M = 2^D / A, m = lg M; group c is the offsets c + j M (schedule/pat.h).
 * - Groups c = min(M, p) - 1 .. 1 (one step each), h the lowest set bit of c: y sends its
 *   partial results of group c to y + 2^h and receives from y - 2^h partial results of its
 *   offsets c - 2^h + j M (j < the count of group c), which it folds into its own.
 * - High dimensions d = m .. D - 1 (lg A steps): y sends to y + 2^d its partial results of the
 *   offsets 2^d + j 2^(d+1) < p and folds those of its offsets j 2^(d+1) received from y - 2^d.
 * - The own block, offset 0, is then reduced over every rank: copied to recvbuf.
 * A group's partial results start as the input blocks when the group is first touched and stay
 * in one slot of A blocks until the group is sent (slot lowbit(c); group 0 in slot m): at most
 * about lg M groups are alive at once, so the scratch is (m + 2) A blocks, lg p + 2 blocks with
 * A = 1 and 1.5 p blocks with full aggregation. Invariant: when y sends a partial result of
 * offset s, it holds the contributions of the ranks of the subtree below y in s's tree.
 *
 * Full aggregation (A = 2^(D-1), small blocks) is Bruck's reduce-scatter in the near-first
 * order, ceil(lg p) steps, the largest message (half of the vector) to the neighbour; A = 1 is
 * p - 1 steps of one block and lg p + 2 blocks of scratch.
 *
 * @par Trace, p = 6, rank 0 (blocks by destination rank; [a b] = partial over ranks a, b)
 * @verbatim
   A = 4 (M = 2):  c=1: sends its inputs for 1 3 5 to 1; folds 5's parts for 0 2 4
                   d=1: sends [0 5] for 2 to 2;        folds 4's [4 3] for 0
                   d=2: sends [0 5] for 4 to 4;        folds 2's [2 1] for 0: block 0 done
   A = 1 (M = 8):  c=5, 4, 3, 2, 1 (one block each, distances 1 4 1 2 1)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_pat_p6.svg
 * @image html reduce_scatter_pat_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n bytes per block (the largest, recvcounts[i] * size of datatype), A the
 * aggregation and M = 2^ceil(lg p) / A: (lg A + min(M, p) - 1) alpha + (p - 1) n (beta + gamma)
 * + (steps - 1) theta, plus local copies of about 2 p n bytes (the inputs into the slots, the
 * packing of the high dimensions). Full aggregation: ceil(lg p) alpha + (p - 1) n (beta + gamma).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise): a partial result
 * combines ranks of a subtree, not a run of consecutive ranks. Any p >= 1, any counts, any
 * datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * (m + 2) A blocks of the largest count of datatype (their span), m = ceil(lg p) - lg A: at
 * most @p buffer bytes, except that A = 1 needs ceil(lg p) + 2 blocks whatever the bound.
 *
 * @par References
 * S. Jeaugey, "PAT: a new algorithm for all-gather and reduce-scatter operations at scale",
 * arXiv:2506.20252, 2025, §3 and §4 (the reduce-scatter as the reversed all-gather, the bounded
 * buffer); NCCL src/include/collectives.h (PatRSAlgorithm).
 */
#ifndef COLLALG_REDUCE_SCATTER_PAT_H
#define COLLALG_REDUCE_SCATTER_PAT_H

#include "../family/reduce_scatter.h"
#include "../schedule/pat.h"

/** @brief The state of one PAT reduce-scatter: the schedule, the input, the slots and who holds them. */
typedef struct collalg__rs_pat {
    collalg__pat s; /**< the schedule */
    const void *in; /**< the input vector (recvbuf with MPI_IN_PLACE) */
    char *scr;      /**< m + 2 slots of @c cap elements: groups' partial results, then the receive area */
    MPI_Aint cap;   /**< elements of one slot: A times the largest block */
    int owner[34];  /**< the group whose partial results slot k holds, -1: none */
} collalg__rs_pat;

/** @brief The rank whose block is element @p k of group @p g of rank @p me (offset g + k M). */
COLLALG_INLINE int collalg__rs_pat_block(const collalg__rs_pat *w, int me, int g, int k)
{
    return (me + g + k * w->s.groups) % w->s.p;
}

/** @brief Elements of the first @p k blocks of group @p g of rank @p me (their offset in a slot). */
COLLALG_INLINE MPI_Aint collalg__rs_pat_off(const collalg__rs *l, const collalg__rs_pat *w, int me, int g, int k)
{
    MPI_Aint off = 0;
    int j;
    if (!l->counts)
        return (MPI_Aint)k * l->count;
    for (j = 0; j < k; j++)
        off += l->counts[collalg__rs_pat_block(w, me, g, j)];
    return off;
}

/** @brief Start of slot @p k. */
COLLALG_INLINE char *collalg__rs_pat_slot(const collalg__rs *l, const collalg__rs_pat *w, int k)
{
    return collalg__allreduce_at(&l->r, w->scr, (MPI_Aint)k * w->cap);
}

/**
 * @brief Makes sure group @p g's partial results are in its slot: when the slot does not hold
 *        them yet, copies the group's input blocks there. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_pat_open(const collalg__ctx *c, const collalg__rs *l, collalg__rs_pat *w, int g)
{
    int k, t, err = MPI_SUCCESS, slot = collalg__pat_slot(&w->s, g);
    int n = collalg__pat_cdiv((long long)w->s.p - g, w->s.groups);
    MPI_Aint off = 0;
    if (w->owner[slot] == g)
        return MPI_SUCCESS;
    w->owner[slot] = g;
    for (k = 0; k < n && err == MPI_SUCCESS; k++) {
        t = collalg__rs_pat_block(w, c->rank, g, k);
        err = collalg__rs_copy(c, l, collalg__rs_block(l, w->in, t),
                               collalg__allreduce_at(&l->r, collalg__rs_pat_slot(l, w, slot), off),
                               collalg__rs_cnt(l, t));
        off += collalg__rs_cnt(l, t);
    }
    return err;
}

/**
 * @brief One group step: group @p st->group's partial results to rank + dist, the first
 *        st->count blocks of group group - dist from rank - dist, folded in.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_pat_group(const collalg__ctx *c, const collalg__rs *l, collalg__rs_pat *w,
                                         const collalg__pat_step *st)
{
    int g = st->group, gp = st->group - st->dist, p = c->size, me = c->rank;
    char *sb = collalg__rs_pat_slot(l, w, collalg__pat_slot(&w->s, g));
    char *acc = collalg__rs_pat_slot(l, w, collalg__pat_slot(&w->s, gp));
    char *rb = collalg__rs_pat_slot(l, w, w->s.mlog + 1);
    MPI_Aint sn = collalg__rs_pat_off(l, w, me, g, st->count), rn = collalg__rs_pat_off(l, w, me, gp, st->count);
    int err = collalg__rs_pat_open(c, l, w, g);
    if (err == MPI_SUCCESS)
        err = collalg__rs_pat_open(c, l, w, gp);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Sendrecv)(sb, (int)sn, l->r.type, collalg__ring_to(me, p, st->dist), COLLALG_TAG_DATA, rb,
                                    (int)rn, l->r.type, collalg__ring_from(me, p, st->dist), COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS && rn > 0)
        err = collalg__reduce_local(rb, acc, (int)rn, l->r.type, l->r.op);
    w->owner[collalg__pat_slot(&w->s, g)] = -1;
    return err;
}

/**
 * @brief One high-dimension step: the partial results of offsets first + j stride (group 0's
 *        elements (first + j stride) / M), packed in slot 0, to rank + dist; those of offsets
 *        j stride from rank - dist, folded into group 0's. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_pat_high(const collalg__ctx *c, const collalg__rs *l, collalg__rs_pat *w,
                                        const collalg__pat_step *st)
{
    int j, k, t, n, p = c->size, me = c->rank, m = w->s.mlog;
    char *acc = collalg__rs_pat_slot(l, w, m), *sb = collalg__rs_pat_slot(l, w, 0);
    char *rb = collalg__rs_pat_slot(l, w, m + 1);
    MPI_Aint sn = 0, rn = 0;
    int err = collalg__rs_pat_open(c, l, w, 0);
    for (j = 0; j < st->count && err == MPI_SUCCESS; j++) {
        k = (st->first + j * st->stride) / w->s.groups;
        t = collalg__rs_pat_block(w, me, 0, k);
        n = collalg__rs_cnt(l, t);
        err = collalg__rs_copy(c, l, collalg__allreduce_at(&l->r, acc, collalg__rs_pat_off(l, w, me, 0, k)),
                               collalg__allreduce_at(&l->r, sb, sn), n);
        sn += n;
        rn +=
            collalg__rs_cnt(l, collalg__rs_pat_block(w, me, 0, (st->first - st->dist + j * st->stride) / w->s.groups));
    }
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Sendrecv)(sb, (int)sn, l->r.type, collalg__ring_to(me, p, st->dist), COLLALG_TAG_DATA, rb,
                                    (int)rn, l->r.type, collalg__ring_from(me, p, st->dist), COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
    for (j = 0, rn = 0; j < st->count && err == MPI_SUCCESS; j++) {
        k = (st->first - st->dist + j * st->stride) / w->s.groups;
        n = collalg__rs_cnt(l, collalg__rs_pat_block(w, me, 0, k));
        if (n > 0)
            err = collalg__reduce_local(collalg__allreduce_at(&l->r, rb, rn),
                                        collalg__allreduce_at(&l->r, acc, collalg__rs_pat_off(l, w, me, 0, k)), n,
                                        l->r.type, l->r.op);
        rn += n;
    }
    return err;
}

/**
 * @brief The PAT reduce-scatter of @p sendbuf (the input vector, recvbuf when in place) into
 *        @p recvbuf with a scratch bound of @p buffer bytes (0: the default). Shared with
 *        reduce_scatter_block/pat.h. @return MPI_SUCCESS, MPI_ERR_NO_MEM or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_pat_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                   void *recvbuf, int buffer)
{
    collalg__rs_pat w;
    collalg__pat_step st;
    void *scr = NULL;
    int i, maxcount = collalg__rs_max(l), err = MPI_SUCCESS, me = c->rank;
    MPI_Aint ext = l->r.ti.extent > 0 ? l->r.ti.extent : -l->r.ti.extent;

    if (c->size == 1)
        return collalg__rs_copy(c, l, sendbuf, recvbuf, collalg__rs_cnt(l, 0));
    collalg__pat_init(&w.s, c->size, collalg__pat_agg_bytes(c->size, buffer, (long long)maxcount * ext, maxcount, 1));
    w.in = sendbuf;
    w.cap = (MPI_Aint)w.s.agg * maxcount;
    for (i = 0; i < (int)(sizeof w.owner / sizeof w.owner[0]); i++)
        w.owner[i] = -1;
    err = collalg__scratch_typed(c, (MPI_Aint)(w.s.mlog + 2) * w.cap, &l->r.ti, &scr);
    w.scr = (char *)scr;
    for (i = w.s.steps - 1; i >= 0 && err == MPI_SUCCESS; i--) {
        collalg__pat_step_get(&w.s, i, &st);
        err = st.group ? collalg__rs_pat_group(c, l, &w, &st) : collalg__rs_pat_high(c, l, &w, &st);
    }
    if (err == MPI_SUCCESS)
        err = collalg__rs_pat_open(c, l, &w, 0);
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, collalg__rs_pat_slot(l, &w, w.s.mlog), recvbuf, collalg__rs_cnt(l, me));
    return err;
}

/**
 * @brief MPI_Reduce_scatter by PAT, Parallel Aggregated Trees (see the file comment).
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
 * @param[in] buffer     bound in bytes of the scratch (partial results, staging); the messages
 *                       carry as many blocks as it allows, a power of two. 0 selects
 *                       #COLLALG_PAT_BUFFER_DEFAULT (1 MiB); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_ARG when @p buffer is negative; MPI_ERR_OP for a non-commutative op, or the
 *         error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype,
 *         before any message; MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_pat(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int buffer)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS && buffer < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_pat_run(&c, &l, sendbuf, recvbuf, buffer);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_PAT_H */
