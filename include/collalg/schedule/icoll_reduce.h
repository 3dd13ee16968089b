/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_reduce.h
 * @brief Schedule builders of the nonblocking reductions: ireduce, iallreduce, iscan, iexscan,
 *        ireduce_scatter_block, ireduce_scatter (see schedule/icoll.h for what a builder is).
 *        No MPI.
 *
 * Every builder here keeps the standard's operand order (v0 op v1 op ... op v(p-1)), so any
 * operation, commutative or not, reduces correctly; a reduction step dst = src op dst is given
 * the lower ranks' operand as src. Where the result alternates between two buffers, the running
 * value moves to the buffer the step wrote instead of being copied back.
 *
 * The builders of iallreduce, iscan and iexscan share one signature (collalg__vector_steps_fn,
 * core/nbc.h), whose last int is the one parameter some have (a radix, the scans' exclusive
 * flag); the others ignore it.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_REDUCE_H
#define COLLALG_SCHEDULE_ICOLL_REDUCE_H

#include "steps.h"
#include "common.h"
#include "recursive_doubling.h"
#include "knomial.h"
#include "kradix.h"
#include "icoll.h"
#include "circulant.h"

/**
 * @brief The fold of MPICH's order-keeping fold (COLLALG__RDB_FOLD_PAIRS, @p f): a folded rank
 *        sends piece @p in (its whole vector) to the survivor above it; that survivor receives it
 *        into @p other and combines it in front of its own vector @p acc (acc = other op acc: the
 *        folded rank is the lower one). Nothing for the other ranks.
 */
static inline void collalg__ifold_in(collalg__steps *s, const collalg__rdb_fold *f, collalg__piece in,
                                     collalg__piece acc, collalg__piece other)
{
    if (f->partner < 0)
        return;
    if (f->newrank < 0) {
        collalg__steps_send(s, f->partner, in);
    } else {
        collalg__steps_recv(s, f->partner, other);
        collalg__steps_round(s);
        collalg__steps_reduce(s, other, acc);
    }
    collalg__steps_round(s);
}

/** @brief The unfold of collalg__ifold_in(): the survivor sends the result @p res to its folded
 *         rank, which receives it into @p res. Nothing for the other ranks. */
static inline void collalg__ifold_out(collalg__steps *s, const collalg__rdb_fold *f, collalg__piece res)
{
    if (f->partner >= 0 && f->newrank >= 0)
        collalg__steps_send(s, f->partner, res);
    else if (f->partner >= 0)
        collalg__steps_recv(s, f->partner, res);
    collalg__steps_round(s);
}

/** @brief Elements [lo, hi) of the vector that starts at piece @p v (its buffer and first element). */
static inline collalg__piece collalg__sub(collalg__piece v, long long lo, long long hi)
{
    return collalg__pc(v.buf, v.first + lo, hi - lo);
}

/** @brief First element of block @p b of @p count elements cut into @p n blocks (the first
 *         count mod n blocks one element longer; collalg__even_split() in long long). */
static inline long long collalg__even_at(long long count, int n, int b)
{
    long long q = count / n, r = count % n;
    return b * q + (b < r ? b : r);
}

/**
 * @brief One exchange of a recursive-halving reduce-scatter: elements [@p glo, @p ghi) (the half
 *        given up) of the running vector *@p acc go to @p peer, which sends its elements
 *        [@p klo, @p khi) (the half kept) into *@p other; they are combined with this rank's in
 *        rank order: when @p upper (the peer's ranks lie below) other op acc into *acc, else
 *        acc op other into *other, and the two vectors swap roles (outside the kept half the new
 *        *acc is stale, and no later step reads it).
 */
static inline void collalg__ihalving_exchange(collalg__steps *s, int peer, int upper, collalg__piece *acc,
                                              collalg__piece *other, long long glo, long long ghi, long long klo,
                                              long long khi)
{
    collalg__piece mine = collalg__sub(*acc, klo, khi), theirs = collalg__sub(*other, klo, khi), t;
    collalg__steps_send(s, peer, collalg__sub(*acc, glo, ghi));
    collalg__steps_recv(s, peer, theirs);
    collalg__steps_round(s);
    if (upper) {
        collalg__steps_reduce(s, theirs, mine);
    } else {
        collalg__steps_reduce(s, mine, theirs);
        t = *acc;
        *acc = *other;
        *other = t;
    }
    collalg__steps_round(s);
}

/** @brief collalg__ihalving_exchange() of the range [@p a, @p b) cut at @p m: the @p upper rank of
 *         the pair keeps [m, b), the other [a, m). */
static inline void collalg__ihalving_split(collalg__steps *s, int peer, int upper, collalg__piece *acc,
                                           collalg__piece *other, long long a, long long m, long long b)
{
    if (upper)
        collalg__ihalving_exchange(s, peer, 1, acc, other, a, m, m, b);
    else
        collalg__ihalving_exchange(s, peer, 0, acc, other, m, b, a, m);
}

/**
 * @brief collalg__ireduce_tree_steps() with its two scratch vectors given: @p a and @p b, two
 *        disjoint vectors of @p count elements of COLLALG_BUF_TMP that do not overlap @p in (a
 *        rank with children receives into them in turn, and the running value alternates between
 *        them once it has left @p in).
 * @return where the result is on rank 0 (on the others, what was sent): @p in, @p a or @p b.
 */
static inline collalg__piece collalg__ireduce_tree_in_steps(collalg__steps *s, int rank, int p, int k, long long count,
                                                            collalg__piece in, collalg__piece a, collalg__piece b)
{
    collalg__piece acc = in, other = a, t;
    long long step, top = collalg__knomial_mask(rank, p, k);
    int m;
    if (rank + 1 < p && top > 1)
        collalg__steps_tmp(s, (a.first > b.first ? a.first : b.first) + count);
    for (step = 1; step < top && rank + step < p; step *= k)
        for (m = 1; m < k && rank + m * step < p; m++) {
            collalg__steps_recv(s, (int)(rank + m * step), other);
            collalg__steps_round(s);
            collalg__steps_reduce(s, acc, other); /* other = acc op child's */
            collalg__steps_round(s);
            t = acc.buf == in.buf && acc.first == in.first ? b : acc;
            acc = other;
            other = t;
        }
    if (rank > 0) {
        collalg__steps_send(s, collalg__knomial_parent(rank, k), acc);
        collalg__steps_round(s);
    }
    return acc;
}

/**
 * @brief K-nomial reduction (radix @p k >= 2, schedule/knomial.h) of piece @p in (@p count
 *        elements) of every rank onto rank 0, in rank order: rank r combines its children
 *        r + m k^j in increasing rank order (level j = 0 first, m = 1 .. k - 1 within a level,
 *        k^j below the weight of r's lowest non-zero base-k digit) one after another, its running
 *        value (ranks [r, child)) as the left operand, then sends it to its parent. Invariant:
 *        before child c is combined, the running value is the reduction over ranks [r, c), and
 *        c's subtree is the run that follows. A rank with children uses COLLALG_BUF_TMP elements
 *        [0, 2 count) and leaves @p in untouched. Radix 2 is the binomial tree.
 * @return where the result is on rank 0 (on the others, what was sent).
 */
static inline collalg__piece collalg__ireduce_tree_steps(collalg__steps *s, int rank, int p, int k, long long count,
                                                         collalg__piece in)
{
    return collalg__ireduce_tree_in_steps(s, rank, p, k, count, in, collalg__pc(COLLALG_BUF_TMP, 0, count),
                                          collalg__pc(COLLALG_BUF_TMP, count, count));
}

/**
 * @brief K-nomial reduce (radix @p k) to @p root in rank order (MPICH's rule for a
 *        non-commutative operation: reduce onto rank 0, then send to the root):
 *        collalg__ireduce_tree_steps() of the @p count elements of COLLALG_BUF_SEND (the root's
 *        COLLALG_BUF_RECV when @p inplace), then the result into the root's COLLALG_BUF_RECV.
 */
static inline void collalg__ireduce_knomial_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                  int inplace, int k)
{
    int in = inplace && rank == root ? COLLALG_BUF_RECV : COLLALG_BUF_SEND;
    collalg__piece res = collalg__ireduce_tree_steps(s, rank, p, k, count, collalg__pc(in, 0, count));
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count);
    if (root == 0 && rank == 0 && res.buf != COLLALG_BUF_RECV)
        collalg__steps_copy(s, res, out);
    else if (root != 0 && rank == 0)
        collalg__steps_send(s, root, res);
    else if (root != 0 && rank == root)
        collalg__steps_recv(s, 0, out);
}

/** @brief Binomial reduce to @p root in rank order: collalg__ireduce_knomial_steps() of radix 2. */
static inline void collalg__ireduce_binomial_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                   int inplace)
{
    collalg__ireduce_knomial_steps(s, rank, p, root, count, inplace, 2);
}

/**
 * @brief The reduce-scatter by recursive halving of the Rabenseifner builders among the pof2
 *        survivors of @p f (this rank one of them): @p count elements cut into pof2 blocks
 *        (collalg__even_at()), at doubling distance, the upper survivor of a pair keeping the
 *        upper half (collalg__ihalving_split()); on return this rank's block range is
 *        [*@p lo, *@p hi) of *@p acc. Invariant: after the step with mask, survivor i holds, for
 *        its range, the reduction over the aligned run of 2 mask survivors that contains i, so the
 *        peer's run lies wholly below or above.
 */
static inline void collalg__ihalving_blocks_steps(collalg__steps *s, const collalg__rdb_fold *f, long long count,
                                                  collalg__piece *acc, collalg__piece *other, int *lo, int *hi)
{
    collalg__rdb_step st;
    *lo = 0;
    *hi = f->pof2;
    for (collalg__rdb_begin(f, &st, 0); collalg__rdb_more(f, &st); collalg__rdb_next(f, &st)) {
        int mid = *lo + (*hi - *lo) / 2; /* the upper survivor of the pair keeps [mid, hi) */
        collalg__ihalving_split(s, st.rank, st.upper, acc, other, collalg__even_at(count, f->pof2, *lo),
                                collalg__even_at(count, f->pof2, mid), collalg__even_at(count, f->pof2, *hi));
        *(st.upper ? lo : hi) = mid;
    }
}

/**
 * @brief The way back of the Rabenseifner builders, retracing collalg__ihalving_blocks_steps()
 *        (mask = pof2/2, ..., 1) from this rank's block range [@p lo, @p hi) of @p acc: with
 *        @p target < 0 an allgather by recursive doubling (the pair swaps ranges, each received
 *        next to its own); else a binomial gather to survivor @p target, where the survivor whose
 *        bit mask differs from target's sends its range and is done.
 * @return 0 when this rank has handed its range on, 1 when it holds the whole vector.
 */
static inline int collalg__idoubling_blocks_steps(collalg__steps *s, const collalg__rdb_fold *f, long long count,
                                                  collalg__piece acc, int lo, int hi, int target)
{
    collalg__rdb_step st;
    for (collalg__rdb_begin(f, &st, 1); collalg__rdb_more(f, &st); collalg__rdb_next(f, &st)) {
        int n = hi - lo, plo = st.upper ? lo - n : hi; /* the peer's range: the other half of the pair's */
        int gives = target >= 0 && ((f->newrank ^ target) & st.mask);
        if (target < 0 || gives)
            collalg__steps_send(
                s, st.rank,
                collalg__sub(acc, collalg__even_at(count, f->pof2, lo), collalg__even_at(count, f->pof2, hi)));
        if (gives)
            return 0;
        collalg__steps_recv(
            s, st.rank,
            collalg__sub(acc, collalg__even_at(count, f->pof2, plo), collalg__even_at(count, f->pof2, plo + n)));
        collalg__steps_round(s);
        lo = lo < plo ? lo : plo;
        hi = lo + 2 * n;
    }
    return 1;
}

/**
 * @brief Rabenseifner's reduce of @p count elements to @p root for any p, in rank order (the
 *        schedule of collalg_reduce_rabenseifner(), MPICH's reduce_scatter_gather): the input
 *        (COLLALG_BUF_SEND, the root's COLLALG_BUF_RECV when @p inplace) is copied into a scratch
 *        vector (COLLALG_BUF_TMP elements [0, count); the incoming one is [count, 2 count));
 *        MPICH's fold of pairs (collalg__ifold_in()); among the pof2 survivors the reduce-scatter
 *        by recursive halving of collalg__iallreduce_rabenseifner_steps() over pof2 blocks; then a
 *        binomial gather to survivor T (the root's, or for a folded root the survivor it folded
 *        onto) that retraces the halving backwards: in the step of mask, a survivor whose bit
 *        mask differs from T's sends its range to its partner and is done, the partner receives
 *        it next to its own (the two halves of the range both held before that halving step).
 *        T copies the result into the root's COLLALG_BUF_RECV, or sends it to the folded root.
 *        Gathering only moves data, so the operand order is the halving's. Nothing is sent when
 *        @p count is 0 or p is 1.
 */
static inline void collalg__ireduce_rabenseifner_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                       int inplace)
{
    collalg__rdb_fold f;
    collalg__piece in = collalg__pc(inplace && rank == root ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count);
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count);
    collalg__piece acc = collalg__pc(COLLALG_BUF_TMP, 0, count), other = collalg__pc(COLLALG_BUF_TMP, count, count);
    int lo, hi, target, troot;

    if (count == 0 || p == 1) {
        if (rank == root && in.buf != COLLALG_BUF_RECV)
            collalg__steps_copy(s, in, out);
        return;
    }
    collalg__rdb_fold_init(&f, p, 1, rank, COLLALG__RDB_FOLD_PAIRS);
    target = root < 2 * f.rem ? root / 2 : root - f.rem; /* the survivor that ends with the result */
    troot = target < f.rem ? 2 * target + 1 : target + f.rem;
    if (f.newrank < 0) { /* folded: hand the input on; the root gets the result from T */
        collalg__ifold_in(s, &f, in, acc, other);
        if (rank == root)
            collalg__steps_recv(s, troot, out);
        return;
    }
    collalg__steps_tmp(s, 2 * count);
    collalg__steps_copy(s, in, acc);
    collalg__steps_round(s);
    collalg__ifold_in(s, &f, in, acc, other);
    collalg__ihalving_blocks_steps(s, &f, count, &acc, &other, &lo, &hi);
    if (!collalg__idoubling_blocks_steps(s, &f, count, acc, lo, hi, target))
        return;
    if (rank == root)
        collalg__steps_copy(s, acc, out);
    else
        collalg__steps_send(s, root, acc);
}

/** @brief Scratch segments of the pipelined reduce: a rank receives into one while the partial
 *         results of the two before may still be on their way up. */
#define COLLALG_IREDUCE_PIPELINE_SLOTS 3

/** @brief Appends a step of @p kind that waits for steps @p d1 and @p d2 (-1: none), outside
 *         the rounds, uncut (a segment is at most an int count of elements). @return its index. */
static inline int collalg__steps_after(collalg__steps *s, int kind, int peer, collalg__piece src, collalg__piece dst,
                                       int d1, int d2)
{
    int i = collalg__steps_add(s, kind, peer, src, dst);
    collalg__steps_dep(s, d1);
    collalg__steps_dep(s, d2);
    return i;
}

/**
 * @brief Pipelined chain reduce of @p count elements to @p root in segments of @p seg elements
 *        (the schedule of collalg_reduce_pipeline()): chain position q sends to q - 1, position 0
 *        is the top; positions are the ranks relative to the root when @p relative (a
 *        commutative operation: the root is the top), else the ranks themselves (rank 0 is the
 *        top and hands the result to the root at the end). The last position sends its input's
 *        segments up, all at once; every other one receives segment j from below into scratch
 *        slot j mod COLLALG_IREDUCE_PIPELINE_SLOTS (once that slot's previous segment has left
 *        and segment j - 1 has been combined, so receives are posted in segment order), combines
 *        its own segment in front (own op received: the ranks in order) and sends the result up,
 *        or at the top copies it into the result (the root's COLLALG_BUF_RECV, else scratch
 *        after the slots). Segments go up in order: each combination waits for the one before.
 */
static inline void collalg__ireduce_pipeline_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                   int inplace, int seg, int relative)
{
    int in = inplace && rank == root ? COLLALG_BUF_RECV : COLLALG_BUF_SEND;
    int pos = relative ? collalg__relrank(rank, root, p) : rank, top = relative ? root : 0;
    int up = (pos - 1 + (relative ? root : 0) + p) % p, down = (pos + 1 + (relative ? root : 0)) % p;
    int last[COLLALG_IREDUCE_PIPELINE_SLOTS] = {-1, -1, -1}, prev = -1, r, x;
    long long width = seg < count ? seg : count, j, lo, n;
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count), res = out, slot;
    if (count == 0 || p == 1) {
        if (count > 0 && in != COLLALG_BUF_RECV)
            collalg__steps_copy(s, collalg__pc(in, 0, count), out);
        return;
    }
    if (pos + 1 < p)
        collalg__steps_tmp(s, COLLALG_IREDUCE_PIPELINE_SLOTS * width + (rank == top && top != root ? count : 0));
    if (rank == top && top != root)
        res = collalg__pc(COLLALG_BUF_TMP, COLLALG_IREDUCE_PIPELINE_SLOTS * width, count);
    for (j = 0, lo = 0; lo < count; j++, lo += n) {
        int k = (int)(j % COLLALG_IREDUCE_PIPELINE_SLOTS);
        n = count - lo < seg ? count - lo : seg;
        if (pos + 1 == p) { /* the last position: its own segments, in order */
            collalg__steps_after(s, COLLALG_STEP_SEND, up, collalg__pc(in, lo, n), collalg__pc(0, 0, 0), -1, -1);
            continue;
        }
        slot = collalg__pc(COLLALG_BUF_TMP, k * width, n);
        r = collalg__steps_after(s, COLLALG_STEP_RECV, down, collalg__pc(0, 0, 0), slot, last[k], prev);
        x = collalg__steps_after(s, COLLALG_STEP_REDUCE, -1, collalg__pc(in, lo, n), slot, r, -1);
        if (pos > 0)
            last[k] = collalg__steps_after(s, COLLALG_STEP_SEND, up, slot, collalg__pc(0, 0, 0), x, -1);
        else
            last[k] = collalg__steps_after(s, COLLALG_STEP_COPY, -1, slot, collalg__sub(res, lo, lo + n), x, -1);
        prev = x;
    }
    if (top == root)
        return;
    collalg__steps_round(s); /* the hand-off waits for all of the chain */
    if (rank == top)
        collalg__steps_send(s, root, res);
    else if (rank == root)
        collalg__steps_recv(s, top, out);
}

/** @brief Elements of blocks 0 .. @p r - 1 of a reduce-scatter: the sum of @p counts[0 .. r), or,
 *         when @p counts is NULL, r @p block. */
static inline long long collalg__vsum(const int *counts, long long block, int r)
{
    long long n = 0;
    int j;
    if (!counts)
        return r * block;
    for (j = 0; j < r; j++)
        n += counts[j];
    return n;
}

/**
 * @brief Reduce-scatter as a binomial reduce of the whole vector onto rank 0 followed by a linear
 *        scatter (LibNBC's ireduce_scatter): the input is @p total elements of COLLALG_BUF_SEND
 *        (COLLALG_BUF_RECV when @p inplace); rank r gets elements [displ(r), displ(r) + counts[r])
 *        of the result in COLLALG_BUF_RECV at element 0, where displ(r) is the sum of the counts
 *        below r (@p counts NULL: every block @p block elements). @p counts is every rank's array.
 */
static inline void collalg__ireduce_scatter_steps(collalg__steps *s, int rank, int p, long long block,
                                                  const int *counts, int inplace)
{
    long long total = collalg__vsum(counts, block, p), displ = 0, mine = counts ? counts[rank] : block;
    int r, in = inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND;
    collalg__piece res;
    res = collalg__ireduce_tree_steps(s, rank, p, 2, total, collalg__pc(in, 0, total));
    if (rank != 0) {
        collalg__steps_recv(s, 0, collalg__pc(COLLALG_BUF_RECV, 0, mine));
        return;
    }
    if (!(res.buf == COLLALG_BUF_RECV && res.first == 0)) /* p = 1 in place: already there */
        collalg__steps_copy(s, collalg__pc(res.buf, res.first, mine), collalg__pc(COLLALG_BUF_RECV, 0, mine));
    for (r = 0; r < p; r++) {
        long long n = counts ? counts[r] : block;
        if (r > 0)
            collalg__steps_send(s, r, collalg__pc(res.buf, res.first + displ, n));
        displ += n;
    }
}

/** @brief First element of the super-block of survivor @p i (0 <= i <= pof2) of the fold @p f:
 *         the blocks of the ranks it stands for (2i and 2i + 1 for i < rem, else i + rem). */
static inline long long collalg__super_at(const collalg__rdb_fold *f, const int *counts, long long block, int i)
{
    return collalg__vsum(counts, block, i < f->rem ? 2 * i : i + f->rem);
}

/**
 * @brief The start shared by the reduce-scatters with MPICH's fold of pairs (recursive halving,
 *        recursive doubling), blocks as collalg__ireduce_scatter_halving_steps(): sets *@p out to
 *        this rank's block (COLLALG_BUF_RECV at element 0), *@p acc and *@p other to the running
 *        and the incoming vector (COLLALG_BUF_TMP, the whole vector each). For p = 1 the input is
 *        copied to *@p out (unless @p inplace); a folded rank hands its input to the survivor
 *        above and receives its block into *@p out; a survivor copies its input into *@p acc and
 *        combines the folded rank's in front.
 * @return 1 when this rank goes on as a survivor of @p f (initialized here), else 0.
 */
static inline int collalg__irs_fold_steps(collalg__steps *s, collalg__rdb_fold *f, int rank, int p, long long block,
                                          const int *counts, int inplace, collalg__piece *acc, collalg__piece *other,
                                          collalg__piece *out)
{
    long long total = collalg__vsum(counts, block, p);
    collalg__piece in = collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, total);
    *acc = collalg__pc(COLLALG_BUF_TMP, 0, total);
    *other = collalg__pc(COLLALG_BUF_TMP, total, total);
    *out = collalg__pc(COLLALG_BUF_RECV, 0, counts ? counts[rank] : block);
    if (p == 1) {
        if (!inplace)
            collalg__steps_copy(s, in, *out);
        return 0;
    }
    collalg__rdb_fold_init(f, p, 1, rank, COLLALG__RDB_FOLD_PAIRS);
    if (f->newrank < 0) { /* folded: hand the input to the survivor above, then receive the block */
        collalg__ifold_in(s, f, in, *acc, *other);
        collalg__steps_recv(s, f->partner, *out);
        return 0;
    }
    collalg__steps_tmp(s, 2 * total);
    collalg__steps_copy(s, in, *acc);
    collalg__steps_round(s);
    collalg__ifold_in(s, f, in, *acc, *other);
    return 1;
}

/** @brief The end shared by those reduce-scatters: survivor @p rank, whose vector @p acc holds its
 *         super-block reduced over every rank, sends its folded rank that rank's block (just below
 *         its own) and copies its own block into @p out. */
static inline void collalg__irs_deliver_steps(collalg__steps *s, const collalg__rdb_fold *f, int rank, long long block,
                                              const int *counts, collalg__piece acc, collalg__piece out)
{
    long long at = collalg__vsum(counts, block, rank);
    if (f->partner >= 0)
        collalg__steps_send(s, f->partner, collalg__sub(acc, collalg__vsum(counts, block, f->partner), at));
    collalg__steps_copy(s, collalg__sub(acc, at, at + out.count), out);
}

/**
 * @brief Reduce-scatter by recursive halving, MPICH's commutative one (the schedule of
 *        collalg_reduce_scatter_recursive_halving()): the input is @p total = sum of the counts
 *        elements of COLLALG_BUF_SEND (COLLALG_BUF_RECV when @p inplace); rank r's block (elements
 *        [displ(r), displ(r) + counts[r]), displ(r) the sum of the counts below r; @p counts NULL:
 *        blocks of @p block elements) lands at element 0 of its COLLALG_BUF_RECV.
 *        A survivor copies its input into COLLALG_BUF_TMP (two vectors: the running one and the
 *        incoming one, which alternate); MPICH's fold of pairs (collalg__ifold_in()); halving
 *        at distance pof2/2, pof2/4, ..., 1 on super-blocks (collalg__super_at()), the upper rank
 *        of a pair keeping the upper half; then survivor i holds super-block i reduced over every
 *        rank, sends a folded rank its block and copies its own. The halving combines survivors
 *        that agree on the low bits of their index, not runs of ranks: the operation must be
 *        commutative.
 */
static inline void collalg__ireduce_scatter_halving_steps(collalg__steps *s, int rank, int p, long long block,
                                                          const int *counts, int inplace)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    collalg__piece acc, other, out;
    int lo = 0, hi;

    if (!collalg__irs_fold_steps(s, &f, rank, p, block, counts, inplace, &acc, &other, &out))
        return;
    hi = f.pof2;
    for (collalg__rdb_begin(&f, &st, 1); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        int mid = lo + st.mask; /* [lo, hi) holds 2 mask super-blocks */
        collalg__ihalving_split(s, st.rank, st.upper, &acc, &other, collalg__super_at(&f, counts, block, lo),
                                collalg__super_at(&f, counts, block, mid), collalg__super_at(&f, counts, block, hi));
        *(st.upper ? &lo : &hi) = mid;
    }
    collalg__irs_deliver_steps(s, &f, rank, block, counts, acc, out);
}

/**
 * @brief Reduce-scatter by Träff's butterfly, in rank order for any operation (the schedule of
 *        collalg_reduce_scatter_butterfly(); MPICH's sched_noncommutative for powers of two):
 *        input, blocks, fold and delivery as collalg__ireduce_scatter_halving_steps(), but the
 *        halving runs at distance 1, 2, ..., pof2/2, so that each exchange joins two aligned runs
 *        of survivors (runs of consecutive ranks), the lower run's part in front; the upper
 *        survivor of a pair keeps the upper half of their range of super-blocks. Survivor i then
 *        holds super-block rev(i) (collalg__rdb_bitrev()) reduced over every rank; survivors i and
 *        rev(i) swap them (one message each way, none when rev(i) = i) before the delivery.
 */
static inline void collalg__ireduce_scatter_butterfly_steps(collalg__steps *s, int rank, int p, long long block,
                                                            const int *counts, int inplace)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    collalg__piece acc, other, out;
    int lo = 0, hi, j;

    if (!collalg__irs_fold_steps(s, &f, rank, p, block, counts, inplace, &acc, &other, &out))
        return;
    hi = f.pof2;
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        int mid = lo + (hi - lo) / 2; /* [lo, hi) holds pof2 / mask super-blocks */
        collalg__ihalving_split(s, st.rank, st.upper, &acc, &other, collalg__super_at(&f, counts, block, lo),
                                collalg__super_at(&f, counts, block, mid), collalg__super_at(&f, counts, block, hi));
        *(st.upper ? &lo : &hi) = mid;
    }
    j = collalg__rdb_bitrev(f.newrank, f.pof2); /* == lo: the super-block held */
    if (j != f.newrank) {
        int peer = collalg__rdb_rank(&f, j);
        collalg__steps_send(
            s, peer,
            collalg__sub(acc, collalg__super_at(&f, counts, block, j), collalg__super_at(&f, counts, block, j + 1)));
        collalg__steps_recv(s, peer,
                            collalg__sub(acc, collalg__super_at(&f, counts, block, f.newrank),
                                         collalg__super_at(&f, counts, block, f.newrank + 1)));
        collalg__steps_round(s);
    }
    collalg__irs_deliver_steps(s, &f, rank, block, counts, acc, out);
}

/**
 * @brief Reduce-scatter by pairwise exchange, MPICH's commutative one (the schedule of
 *        collalg_reduce_scatter_pairwise()): input and blocks as
 *        collalg__ireduce_scatter_halving_steps(); the own block of the input is copied into the
 *        accumulator (COLLALG_BUF_RECV at element 0, or COLLALG_BUF_TMP when @p inplace); in step
 *        i = 1 .. p - 1 block (rank + i) mod p of the input goes to rank + i, and block rank of
 *        rank - i's input comes into COLLALG_BUF_TMP and is combined with the accumulator; in
 *        place, the accumulator is then copied to COLLALG_BUF_RECV. The accumulator takes the
 *        ranks rank, rank - 1, ..., rank + 1 (mod p): the operation must be commutative.
 */
static inline void collalg__ireduce_scatter_pairwise_steps(collalg__steps *s, int rank, int p, long long block,
                                                           const int *counts, int inplace)
{
    long long at = collalg__vsum(counts, block, rank), mine = counts ? counts[rank] : block;
    int in = inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, i;
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, mine), incoming = collalg__pc(COLLALG_BUF_TMP, 0, mine);
    collalg__piece acc = inplace ? collalg__pc(COLLALG_BUF_TMP, mine, mine) : out;
    collalg__steps_tmp(s, inplace ? 2 * mine : mine);
    if (!inplace || p > 1) {
        collalg__steps_copy(s, collalg__pc(in, at, mine), acc);
        collalg__steps_round(s);
    }
    for (i = 1; i < p; i++) {
        int dst = collalg__ring_to(rank, p, i), src = collalg__ring_from(rank, p, i);
        collalg__steps_send(s, dst, collalg__pc(in, collalg__vsum(counts, block, dst), counts ? counts[dst] : block));
        collalg__steps_recv(s, src, incoming);
        collalg__steps_round(s);
        collalg__steps_reduce(s, incoming, acc);
        collalg__steps_round(s);
    }
    if (inplace && p > 1)
        collalg__steps_copy(s, acc, out);
}

/** @brief Sends elements [@p lo, @p hi) of vector @p v to @p peer, or nothing when empty. */
static inline void collalg__isend_range(collalg__steps *s, int peer, collalg__piece v, long long lo, long long hi)
{
    if (hi > lo)
        collalg__steps_send(s, peer, collalg__sub(v, lo, hi));
}

/** @brief Receives elements [@p lo, @p hi) of vector @p v from @p peer, or nothing when empty. */
static inline void collalg__irecv_range(collalg__steps *s, int peer, collalg__piece v, long long lo, long long hi)
{
    if (hi > lo)
        collalg__steps_recv(s, peer, collalg__sub(v, lo, hi));
}

/** @brief Elements [@p lo, @p hi) of vector @p b = those of @p a op those of @p b, or nothing when
 *         empty. */
static inline void collalg__ireduce_range(collalg__steps *s, collalg__piece a, collalg__piece b, long long lo,
                                          long long hi)
{
    if (hi > lo)
        collalg__steps_reduce(s, collalg__sub(a, lo, hi), collalg__sub(b, lo, hi));
}

/** @brief First element of block @p r of the circulant builders' vector: collalg__vsum(), or, for
 *         @p block < 0, the even split of -block elements into @p p blocks (collalg__even_at()). */
static inline long long collalg__circ_at(const int *counts, long long block, int p, int r)
{
    return block < 0 ? collalg__even_at(-block, p, r) : collalg__vsum(counts, block, r);
}

/** @brief Elements of the blocks rank .. rank + i - 1 (mod @p p) of the vector of blocks of
 *         collalg__circ_at(): where slot i starts in collalg__circulant_reduce_scatter_core(). */
static inline long long collalg__circ_rel(const int *counts, long long block, int p, int rank, int i)
{
    long long from = collalg__circ_at(counts, block, p, rank), total = collalg__circ_at(counts, block, p, p);
    return rank + i <= p ? collalg__circ_at(counts, block, p, rank + i) - from
                         : total - from + collalg__circ_at(counts, block, p, rank + i - p);
}

/**
 * @brief Träff's reduce-scatter on the circulant graph (the circulant allgather run backwards,
 *        blocks combined; commutative operations), from the input vector in buffer @p in (blocks
 *        of collalg__circ_at()), block rank fully reduced at last to element @p dst of
 *        COLLALG_BUF_RECV. The partials live in COLLALG_BUF_TMP in the rank's relative order
 *        (slot i is block (rank + i) mod p), copied in first (two pieces); then in round
 *        k = q - 1 down to 0 over the skips of schedule/circulant.h, m = skip[k + 1] - skip[k],
 *        slots skip[k] .. skip[k + 1] - 1 (one run) go to rank + skip[k], and the partials of
 *        slots 0 .. m - 1 come from rank - skip[k] into a second scratch run and are folded into
 *        those slots once received; each round after the previous one's reduction. Last, slot 0
 *        goes to the receive buffer. Empty runs are not sent.
 */
static inline void collalg__circulant_reduce_scatter_core(collalg__steps *s, int rank, int p, long long block,
                                                          const int *counts, int in, long long dst)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1], q = collalg__circulant_skips(p, skip), k;
    long long at = collalg__circ_at(counts, block, p, rank), total = collalg__circ_at(counts, block, p, p), most = 0;
    long long mine = collalg__circ_at(counts, block, p, rank + 1) - at, run;
    collalg__piece part = collalg__pc(COLLALG_BUF_TMP, 0, total), incoming;
    for (k = 0; k < q; k++) { /* the largest run received: slots 0 .. m - 1 */
        run = collalg__circ_rel(counts, block, p, rank, skip[k + 1] - skip[k]);
        most = run > most ? run : most;
    }
    incoming = collalg__pc(COLLALG_BUF_TMP, total, most);
    collalg__steps_tmp(s, total + most);
    if (total > at) /* the input in relative order: blocks rank .. p - 1, then 0 .. rank - 1 */
        collalg__steps_copy(s, collalg__pc(in, at, total - at), collalg__sub(part, 0, total - at));
    if (at > 0)
        collalg__steps_copy(s, collalg__pc(in, 0, at), collalg__sub(part, total - at, total));
    collalg__steps_round(s);
    for (k = q - 1; k >= 0; k--) {
        int m = skip[k + 1] - skip[k];
        long long lo = collalg__circ_rel(counts, block, p, rank, skip[k]);
        long long hi = collalg__circ_rel(counts, block, p, rank, skip[k + 1]);
        long long got = collalg__circ_rel(counts, block, p, rank, m);
        collalg__isend_range(s, collalg__ring_to(rank, p, skip[k]), part, lo, hi);
        collalg__irecv_range(s, collalg__ring_from(rank, p, skip[k]), incoming, 0, got);
        collalg__steps_round(s);
        collalg__ireduce_range(s, incoming, part, 0, got);
        collalg__steps_round(s);
    }
    if (mine > 0)
        collalg__steps_copy(s, collalg__sub(part, 0, mine), collalg__pc(COLLALG_BUF_RECV, dst, mine));
}

/**
 * @brief Reduce-scatter on the circulant graph (the schedule of collalg_reduce_scatter_circulant()):
 *        input and blocks as collalg__ireduce_scatter_pairwise_steps(), the rounds of
 *        collalg__circulant_reduce_scatter_core(), block rank to the start of the receive buffer.
 */
static inline void collalg__ireduce_scatter_circulant_steps(collalg__steps *s, int rank, int p, long long block,
                                                            const int *counts, int inplace)
{
    collalg__circulant_reduce_scatter_core(s, rank, p, block, counts, inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0);
}

/** @brief Sends (@p kind COLLALG_STEP_SEND) or receives the run of @p m blocks that ends at block
 *         @p last (mod @p p) of the even split of @p count elements of COLLALG_BUF_RECV, to or from
 *         @p peer: one piece, or two where the run wraps. */
static inline void collalg__circ_even_run(collalg__steps *s, int kind, int peer, long long count, int p, int last,
                                          int m)
{
    int first = collalg__mod(last - m + 1, p), end = first + m;
    collalg__piece v = collalg__pc(COLLALG_BUF_RECV, 0, count);
    long long lo = collalg__even_at(count, p, first), hi = collalg__even_at(count, p, end <= p ? end : p);
    long long wrap = end > p ? collalg__even_at(count, p, end - p) : 0;
    if (kind == COLLALG_STEP_SEND) {
        collalg__isend_range(s, peer, v, lo, hi);
        collalg__isend_range(s, peer, v, 0, wrap);
    } else {
        collalg__irecv_range(s, peer, v, lo, hi);
        collalg__irecv_range(s, peer, v, 0, wrap);
    }
}

/**
 * @brief Allreduce on the circulant graph (Träff's reduce-scatter, then the circulant allgather on
 *        the same skips; the schedule of collalg_iallreduce_circulant_reduce_scatter_allgather();
 *        commutative operations): the vector of @p count elements cut into p blocks by the even
 *        split, the input in COLLALG_BUF_SEND (COLLALG_BUF_RECV when @p inplace).
 *        collalg__circulant_reduce_scatter_core() leaves block rank, fully reduced, in its place
 *        in the receive buffer; then in round k = 0 .. q - 1 (m = skip[k + 1] - skip[k]) the run
 *        of m blocks ending at block rank goes to rank + skip[k], and the run ending at block
 *        rank - skip[k] comes from rank - skip[k], straight into its place. Invariant: before
 *        round k the blocks rank - skip[k] + 1 .. rank are final. Nothing is sent when @p count
 *        is 0 or p is 1.
 */
static inline void collalg__iallreduce_circulant_steps(collalg__steps *s, int rank, int p, long long count, int inplace,
                                                       int unused)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1], q = collalg__circulant_skips(p, skip), k, m;
    (void)unused;
    if (count == 0 || p == 1) {
        if (!inplace && count > 0)
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        return;
    }
    collalg__circulant_reduce_scatter_core(s, rank, p, -count, 0, inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND,
                                           collalg__even_at(count, p, rank));
    collalg__steps_round(s);
    for (k = 0; k < q; k++) {
        m = skip[k + 1] - skip[k];
        collalg__circ_even_run(s, COLLALG_STEP_RECV, collalg__ring_from(rank, p, skip[k]), count, p,
                               collalg__ring_from(rank, p, skip[k]), m);
        collalg__circ_even_run(s, COLLALG_STEP_SEND, collalg__ring_to(rank, p, skip[k]), count, p, rank, m);
        collalg__steps_round(s);
    }
}

/**
 * @brief Reduce-scatter by recursive doubling in rank order, MPICH's for non-commutative
 *        operations (the schedule of collalg_reduce_scatter_recursive_doubling()): input and
 *        blocks as collalg__ireduce_scatter_halving_steps(), with its fold of pairs and
 *        super-blocks (collalg__super_at()). Survivor i copies its input into COLLALG_BUF_TMP (the
 *        running vector and the incoming one alternate there); in the step of mask = 1, 2, ...,
 *        pof2/2, with G the aligned group of mask survivors containing i, G' its partner's and
 *        U = G u G', it sends the super-blocks outside G (two ranges), receives its partner's
 *        outside G' and combines the ranges outside U and its own super-block, the lower group's
 *        operand first (when G' is the upper group the result lands in the incoming vector, which
 *        becomes the running one). Invariant: before the step, survivor i holds, for every
 *        super-block outside G and for its own, the reduction over the ranks of G, a run of
 *        consecutive ranks. Empty ranges are neither sent nor combined (both sides know them).
 */
static inline void collalg__ireduce_scatter_rdb_steps(collalg__steps *s, int rank, int p, long long block,
                                                      const int *counts, int inplace)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    collalg__piece acc, other, out, t;
    long long total;

    if (!collalg__irs_fold_steps(s, &f, rank, p, block, counts, inplace, &acc, &other, &out))
        return;
    total = acc.count;
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        int glo = f.newrank & ~(st.mask - 1), plo = st.peer & ~(st.mask - 1), ulo = glo < plo ? glo : plo;
        long long g0 = collalg__super_at(&f, counts, block, glo),
                  g1 = collalg__super_at(&f, counts, block, glo + st.mask);
        long long p0 = collalg__super_at(&f, counts, block, plo),
                  p1 = collalg__super_at(&f, counts, block, plo + st.mask);
        long long u0 = collalg__super_at(&f, counts, block, ulo);
        long long u1 = collalg__super_at(&f, counts, block, ulo + 2 * st.mask);
        long long o0 = collalg__super_at(&f, counts, block, f.newrank);
        long long o1 = collalg__super_at(&f, counts, block, f.newrank + 1);
        collalg__isend_range(s, st.rank, acc, 0, g0);
        collalg__isend_range(s, st.rank, acc, g1, total);
        collalg__irecv_range(s, st.rank, other, 0, p0);
        collalg__irecv_range(s, st.rank, other, p1, total);
        collalg__steps_round(s);
        if (st.upper) { /* G' lies below: other op acc, into acc */
            collalg__ireduce_range(s, other, acc, 0, u0);
            collalg__ireduce_range(s, other, acc, u1, total);
            collalg__ireduce_range(s, other, acc, o0, o1);
        } else { /* acc op other, into other, which becomes the running vector */
            collalg__ireduce_range(s, acc, other, 0, u0);
            collalg__ireduce_range(s, acc, other, u1, total);
            collalg__ireduce_range(s, acc, other, o0, o1);
            t = acc;
            acc = other;
            other = t;
        }
        collalg__steps_round(s);
    }
    collalg__irs_deliver_steps(s, &f, rank, block, counts, acc, out);
}

/**
 * @brief collalg__iscan_recursive_doubling_steps() from piece @p in (read only, unless it is
 *        @p out) into piece @p out, both of @p count elements and outside COLLALG_BUF_TMP
 *        [0, 2 count), which P and the incoming vector use.
 */
static inline void collalg__iscan_rdb_in_steps(collalg__steps *s, int rank, int p, long long count, collalg__piece in,
                                               collalg__piece out, int exclusive)
{
    collalg__piece part = collalg__pc(COLLALG_BUF_TMP, 0, count);
    collalg__piece incoming = collalg__pc(COLLALG_BUF_TMP, count, count), t;
    int mask, first = 1;
    collalg__steps_tmp(s, 2 * count);
    collalg__steps_copy(s, in, part);
    if (!exclusive && !(in.buf == out.buf && in.first == out.first))
        collalg__steps_copy(s, in, out);
    collalg__steps_round(s);
    for (mask = 1; mask < p; mask <<= 1) {
        int partner = rank ^ mask;
        if (partner >= p)
            continue;
        collalg__steps_send(s, partner, part);
        collalg__steps_recv(s, partner, incoming);
        collalg__steps_round(s);
        if (partner < rank) { /* the partner's ranks come first */
            collalg__steps_reduce(s, incoming, part);
            if (exclusive && first)
                collalg__steps_copy(s, incoming, out);
            else
                collalg__steps_reduce(s, incoming, out);
            first = 0;
        } else { /* part op incoming, into incoming, which becomes part */
            collalg__steps_reduce(s, part, incoming);
            t = part;
            part = incoming;
            incoming = t;
        }
        collalg__steps_round(s);
    }
}

/**
 * @brief Recursive-doubling inclusive (@p exclusive 0) or exclusive (1) scan of @p count
 *        elements in rank order (MPICH's): the partial reduction of the group so far, P, starts
 *        as the rank's input; in step mask = 1, 2, 4, ... P is exchanged with rank ^ mask (when it
 *        exists); a lower partner's P is combined in front of both P and the result, a higher
 *        partner's behind P only. P and the incoming vector use COLLALG_BUF_TMP elements
 *        [0, 2 count). The inclusive result starts as the input, the exclusive one as the first
 *        lower partner's P (rank 0's COLLALG_BUF_RECV is not written).
 */
static inline void collalg__iscan_recursive_doubling_steps(collalg__steps *s, int rank, int p, long long count,
                                                           int inplace, int exclusive)
{
    collalg__iscan_rdb_in_steps(s, rank, p, count, collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count),
                                collalg__pc(COLLALG_BUF_RECV, 0, count), exclusive);
}

/**
 * @brief Linear inclusive (@p exclusive 0) or exclusive (1) scan of @p count elements in rank
 *        order (LibNBC's linear iscan and iexscan): a chain from rank 0 up, each rank waiting
 *        for the prefix of the ranks below it.
 *        Inclusive: rank r > 0 receives v_0 op ... op v_(r - 1) from r - 1 into COLLALG_BUF_TMP,
 *        folds it in front of its input (already in COLLALG_BUF_RECV, or copied there) and sends
 *        the result on to r + 1.
 *        Exclusive: rank r keeps its input in COLLALG_BUF_TMP (when it has a rank above), receives
 *        v_0 op ... op v_(r - 1) from r - 1 straight into COLLALG_BUF_RECV (its result), folds it
 *        in front of the kept input and sends that on; rank 0 sends its input as it is and its
 *        COLLALG_BUF_RECV is not written.
 */
static inline void collalg__iscan_linear_steps(collalg__steps *s, int rank, int p, long long count, int inplace,
                                               int exclusive)
{
    collalg__piece in = collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count);
    collalg__piece res = collalg__pc(COLLALG_BUF_RECV, 0, count), tmp = collalg__pc(COLLALG_BUF_TMP, 0, count);
    if (rank > 0 && (!exclusive || rank < p - 1))
        collalg__steps_tmp(s, count);
    if (exclusive) {
        if (rank == 0) {
            if (p > 1)
                collalg__steps_send(s, 1, in);
            return;
        }
        if (rank < p - 1) { /* the input, kept before the prefix lands on it (in place) */
            collalg__steps_copy(s, in, tmp);
            collalg__steps_round(s);
        }
        collalg__steps_recv(s, rank - 1, res);
        if (rank < p - 1) {
            collalg__steps_round(s);
            collalg__steps_reduce(s, res, tmp); /* v_0 .. v_(r - 1) in front of v_r */
            collalg__steps_round(s);
            collalg__steps_send(s, rank + 1, tmp);
        }
        return;
    }
    if (!inplace)
        collalg__steps_copy(s, in, res);
    if (rank > 0)
        collalg__steps_recv(s, rank - 1, tmp);
    collalg__steps_round(s);
    if (rank > 0) {
        collalg__steps_reduce(s, tmp, res); /* v_0 .. v_(r - 1) in front of v_r */
        collalg__steps_round(s);
    }
    if (rank < p - 1)
        collalg__steps_send(s, rank + 1, res);
}

/**
 * @brief Recursive-doubling allreduce of @p count elements for any p, in rank order (MPICH's
 *        fold of pairs, COLLALG__RDB_FOLD_PAIRS): the input is copied into COLLALG_BUF_RECV
 *        (unless @p inplace); each of the first p - 2^floor(lg p) even ranks sends its vector to
 *        the odd rank above and later receives the result from it; the survivors exchange
 *        vectors with the survivor newrank XOR 2^s in step s and combine them lower group first.
 *        The running result alternates between COLLALG_BUF_RECV and COLLALG_BUF_TMP (the
 *        reduction writes into the operand that comes second), and ends in COLLALG_BUF_RECV.
 */
static inline void collalg__iallreduce_recursive_doubling_steps(collalg__steps *s, int rank, int p, long long count,
                                                                int inplace, int unused)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int cur = COLLALG_BUF_RECV, other = COLLALG_BUF_TMP;
    (void)unused;

    collalg__rdb_fold_init(&f, p, 1, rank, COLLALG__RDB_FOLD_PAIRS);
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
    }
    collalg__ifold_in(s, &f, collalg__pc(COLLALG_BUF_RECV, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count),
                      collalg__pc(COLLALG_BUF_TMP, 0, count));
    if (f.newrank < 0) { /* folded: wait for the result */
        collalg__ifold_out(s, &f, collalg__pc(COLLALG_BUF_RECV, 0, count));
        return;
    }
    collalg__steps_tmp(s, count);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        collalg__steps_send(s, st.rank, collalg__pc(cur, 0, count));
        collalg__steps_recv(s, st.rank, collalg__pc(other, 0, count));
        collalg__steps_round(s);
        if (st.upper) { /* the partner's group lies below: other op cur, into cur */
            collalg__steps_reduce(s, collalg__pc(other, 0, count), collalg__pc(cur, 0, count));
        } else { /* cur op other, into other, which becomes the running result */
            collalg__steps_reduce(s, collalg__pc(cur, 0, count), collalg__pc(other, 0, count));
            other = cur;
            cur = COLLALG_BUF_RECV + COLLALG_BUF_TMP - other;
        }
        collalg__steps_round(s);
    }
    if (cur != COLLALG_BUF_RECV) {
        collalg__steps_copy(s, collalg__pc(cur, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
    }
    collalg__ifold_out(s, &f, collalg__pc(COLLALG_BUF_RECV, 0, count));
}

/**
 * @brief Rabenseifner's allreduce of @p count elements for any p, in rank order (the schedule of
 *        collalg_allreduce_rabenseifner()): the input is copied into COLLALG_BUF_RECV (unless
 *        @p inplace); MPICH's fold of pairs (collalg__ifold_in()); among the pof2 survivors a
 *        reduce-scatter by recursive halving at doubling distance over pof2 blocks, the running
 *        vector alternating between COLLALG_BUF_RECV and COLLALG_BUF_TMP
 *        (collalg__ihalving_exchange()); then an allgather by recursive doubling that retraces the
 *        halving steps backwards, in the vector that holds the running value; the unfold.
 *        Invariant of the halving: after the step with mask, survivor i holds, for its block range
 *        [lo, hi) (hi - lo = pof2 / 2 mask), the reduction over the aligned run of 2 mask survivors
 *        that contains i, so the peer's run lies wholly below or above. Nothing is sent when
 *        @p count is 0 or p is 1.
 */
static inline void collalg__iallreduce_rabenseifner_steps(collalg__steps *s, int rank, int p, long long count,
                                                          int inplace, int unused)
{
    collalg__rdb_fold f;
    collalg__piece acc = collalg__pc(COLLALG_BUF_RECV, 0, count), other = collalg__pc(COLLALG_BUF_TMP, 0, count);
    int lo, hi;
    (void)unused;

    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), acc);
        collalg__steps_round(s);
    }
    if (count == 0 || p == 1)
        return;
    collalg__rdb_fold_init(&f, p, 1, rank, COLLALG__RDB_FOLD_PAIRS);
    collalg__ifold_in(s, &f, acc, acc, other);
    if (f.newrank >= 0) {
        collalg__steps_tmp(s, count);
        collalg__ihalving_blocks_steps(s, &f, count, &acc, &other, &lo, &hi);
        collalg__idoubling_blocks_steps(s, &f, count, acc, lo, hi, -1);
        if (acc.buf != COLLALG_BUF_RECV) {
            collalg__steps_copy(s, acc, collalg__pc(COLLALG_BUF_RECV, 0, count));
            collalg__steps_round(s);
        }
    }
    collalg__ifold_out(s, &f, collalg__pc(COLLALG_BUF_RECV, 0, count));
}

/** @brief Block @p b of a vector of @p count elements cut into @p p blocks (the first count mod p
 *         one element longer), as a piece of buffer @p buf. */
static inline collalg__piece collalg__ring_part(int buf, long long count, int p, int b)
{
    long long lo = collalg__even_at(count, p, b);
    return collalg__pc(buf, lo, collalg__even_at(count, p, b + 1) - lo);
}

/**
 * @brief Ring allreduce of @p count elements (reduce-scatter then allgather along the ring, the
 *        vector cut into p blocks): the input is copied into COLLALG_BUF_RECV (unless @p inplace);
 *        in reduce-scatter step i = 0 .. p - 2 block (rank - i) mod p goes to the right
 *        neighbour and block (rank - i - 1) mod p comes from the left one into COLLALG_BUF_TMP
 *        (one block) and is added to the own copy; then rank holds block (rank + 1) mod p
 *        complete, and allgather step i sends block (rank + 1 - i) mod p and receives block
 *        (rank - i) mod p in place. The operation must be commutative: block b is reduced in the
 *        order b + 1, b + 2, ..., b (mod p).
 */
static inline void collalg__iallreduce_ring_steps(collalg__steps *s, int rank, int p, long long count, int inplace,
                                                  int unused)
{
    int i, right = collalg__ring_to(rank, p, 1), left = collalg__ring_from(rank, p, 1);
    (void)unused;
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
    }
    collalg__steps_tmp(s, count / p + 1);
    for (i = 0; i < p - 1; i++) {
        collalg__piece in = collalg__ring_part(COLLALG_BUF_RECV, count, p, collalg__ring_from(rank, p, i + 1));
        collalg__steps_send(s, right, collalg__ring_part(COLLALG_BUF_RECV, count, p, collalg__ring_from(rank, p, i)));
        collalg__steps_recv(s, left, collalg__pc(COLLALG_BUF_TMP, 0, in.count));
        collalg__steps_round(s);
        collalg__steps_reduce(s, collalg__pc(COLLALG_BUF_TMP, 0, in.count), in);
        collalg__steps_round(s);
    }
    for (i = 0; i < p - 1; i++) {
        collalg__steps_send(s, right,
                            collalg__ring_part(COLLALG_BUF_RECV, count, p, collalg__ring_from(rank, p, i - 1)));
        collalg__steps_recv(s, left, collalg__ring_part(COLLALG_BUF_RECV, count, p, collalg__ring_from(rank, p, i)));
        collalg__steps_round(s);
    }
}

/** @brief Vector @p i of the recursive multiplying allreduce's pool of @p count elements:
 *         0 is COLLALG_BUF_RECV, 1 .. k - 1 follow one another in COLLALG_BUF_TMP. */
static inline collalg__piece collalg__recmult_vec(int i, long long count)
{
    return i == 0 ? collalg__pc(COLLALG_BUF_RECV, 0, count) : collalg__pc(COLLALG_BUF_TMP, (i - 1) * count, count);
}

/** @brief The pool vector of position @p j (not @p mine) of a combine whose own partial result
 *         is in pool vector @p cur: the others in position order, skipping @p cur. */
static inline int collalg__recmult_slot(int j, int mine, int cur)
{
    int q = j < mine ? j : j - 1;
    return j == mine ? cur : q < cur ? q : q + 1;
}

/**
 * @brief One combine of the recursive multiplying allreduce (schedule/kradix.h, @p r): in the
 *        fold (@p span 0) the gsize vectors of this leader's run, in the step of span @p span the
 *        k partial results of this survivor's group. This rank's own, in pool vector *@p cur, is
 *        at position @p mine; the others are received from their ranks all at once into the other
 *        pool vectors in position order (collalg__recmult_slot()), and in a step this rank's is
 *        sent to each of them; then they are folded left to right, position 0 first: dst = src op
 *        dst puts the running value into the next position's vector, the last of which becomes
 *        *@p cur.
 */
static inline void collalg__recmult_combine_steps(collalg__steps *s, const collalg__recmult *r, long long span,
                                                  long long count, int *cur)
{
    int n = span ? r->k : r->gsize, mine = span ? collalg__recmult_digit(r, span) : 0, j;
    for (j = 0; j < n; j++)
        if (j != mine)
            collalg__steps_recv(s, span ? collalg__recmult_peer(r, span, j) : r->leader + j,
                                collalg__recmult_vec(collalg__recmult_slot(j, mine, *cur), count));
    for (j = 0; j < n && span; j++)
        if (j != mine)
            collalg__steps_send(s, collalg__recmult_peer(r, span, j), collalg__recmult_vec(*cur, count));
    collalg__steps_round(s);
    for (j = 1; j < n; j++) {
        collalg__steps_reduce(s, collalg__recmult_vec(collalg__recmult_slot(j - 1, mine, *cur), count),
                              collalg__recmult_vec(collalg__recmult_slot(j, mine, *cur), count));
        collalg__steps_round(s);
    }
    *cur = collalg__recmult_slot(n - 1, mine, *cur);
}

/**
 * @brief Recursive multiplying allreduce of @p count elements, radix @p k (>= 2; clamped to p),
 *        in rank order (the schedule of collalg_allreduce_recursive_multiplying(), groups of
 *        schedule/kradix.h): the input is copied into COLLALG_BUF_RECV (unless @p inplace); a
 *        member sends it to its run's leader and receives the result from it; a leader combines
 *        its run (collalg__recmult_combine_steps(), span 0), then in the step of span k^t
 *        exchanges its partial result with the k - 1 other survivors of its group and combines the
 *        group's k in digit order, and finally sends the result to its members. The running value
 *        moves through a pool of k vectors (COLLALG_BUF_RECV and k - 1 in COLLALG_BUF_TMP) and is
 *        copied into COLLALG_BUF_RECV at the end. Nothing is sent when @p count is 0 or p is 1.
 */
static inline void collalg__iallreduce_recursive_multiplying_steps(collalg__steps *s, int rank, int p, long long count,
                                                                   int inplace, int k)
{
    collalg__recmult r;
    collalg__piece res = collalg__pc(COLLALG_BUF_RECV, 0, count);
    long long span;
    int cur = 0, j;
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), res);
        collalg__steps_round(s);
    }
    if (count == 0 || p == 1)
        return;
    collalg__recmult_init(&r, rank, p, k);
    if (rank != r.leader) { /* a member: its vector to the leader, the result back */
        collalg__steps_send(s, r.leader, res);
        collalg__steps_round(s);
        collalg__steps_recv(s, r.leader, res);
        return;
    }
    collalg__steps_tmp(s, (r.k - 1) * count);
    if (r.gsize > 1)
        collalg__recmult_combine_steps(s, &r, 0, count, &cur);
    for (span = 1; span < r.pofk; span *= r.k)
        collalg__recmult_combine_steps(s, &r, span, count, &cur);
    if (cur != 0) {
        collalg__steps_copy(s, collalg__recmult_vec(cur, count), res);
        collalg__steps_round(s);
    }
    for (j = 1; j < r.gsize; j++)
        collalg__steps_send(s, r.leader + j, res);
}

/**
 * @brief Allreduce as a k-nomial reduce of @p count elements onto rank 0 followed by a k-nomial
 *        broadcast from it (radix @p k >= 2; 2: the binomial trees of
 *        collalg_allreduce_reduce_bcast()), in rank order: collalg__ireduce_tree_steps() of the
 *        input (COLLALG_BUF_SEND, or COLLALG_BUF_RECV when @p inplace), rank 0 puts the result
 *        into its COLLALG_BUF_RECV, then collalg__ibcast_knomial_steps() from rank 0 on the same
 *        tree. A rank starts receiving the result once its own partial reduction has been sent.
 */
static inline void collalg__iallreduce_reduce_bcast_steps(collalg__steps *s, int rank, int p, long long count,
                                                          int inplace, int k)
{
    collalg__piece in = collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count);
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count);
    collalg__piece res = collalg__ireduce_tree_steps(s, rank, p, k, count, in);
    if (rank == 0 && !(res.buf == COLLALG_BUF_RECV && res.first == 0)) {
        collalg__steps_copy(s, res, out);
        collalg__steps_round(s);
    }
    collalg__ibcast_knomial_steps(s, rank, p, 0, count, k);
}

#endif /* COLLALG_SCHEDULE_ICOLL_REDUCE_H */
