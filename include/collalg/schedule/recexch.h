/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/recexch.h
 * @brief Schedule builders of the recursive exchange of radix k without reduction: ibarrier
 *        recexch, iallgather(v) recexch_doubling and recexch_halving, ibcast
 *        scatterv_recexch_allgatherv (see schedule/icoll.h for what a builder is). No MPI.
 *
 * @par Groups
 * The groups of the recursive multiplying allreduce (collalg__recmult, schedule/kradix.h): with k
 * clamped to p, the p ranks are cut into pofk (the largest power of k <= p) runs of 1 .. k
 * consecutive ranks; the first rank of run g, its leader, is survivor g, the others are its
 * members. In the step of span k^t, t = 0 .. log_k pofk - 1, the k survivors that differ in
 * base-k digit t form a group, and each survivor exchanges with the k - 1 others. A member
 * hands its part to its leader before the steps and gets the result back after them.
 *
 * @par Example, p = 7, k = 2
 * @verbatim
   pofk = 4, runs [0 1] [2 3] [4 5] [6]: survivors 0, 2, 4, 6, members 1, 3, 5
   step 0 (span 1): groups {0, 2} {4, 6};  step 1 (span 2): groups {0, 4} {2, 6}
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_RECEXCH_H
#define COLLALG_SCHEDULE_RECEXCH_H

#include "icoll.h"

/**
 * @brief Recursive-exchange barrier of radix @p k >= 2: a member sends a zero-element token to
 *        its leader and receives one back; a leader receives its members' tokens, then in each
 *        step sends a token to the k - 1 others of its group and receives theirs (one round per
 *        step), and at the end sends a token to each member. Invariant: after the step of span
 *        k^t a survivor has heard, directly or not, from every rank of the runs of its aligned
 *        k^(t + 1) survivors, so after the last step from every rank.
 */
static inline void collalg__ibarrier_recexch_steps(collalg__steps *s, int rank, int p, int k)
{
    collalg__recmult r;
    collalg__piece tok = collalg__pc(COLLALG_BUF_RECV, 0, 0);
    long long span;
    int q, j;
    collalg__recmult_init(&r, rank, p, k);
    if (rank != r.leader) { /* a member: the reply can come only after the leader heard from all */
        collalg__steps_send(s, r.leader, tok);
        collalg__steps_recv(s, r.leader, tok);
        return;
    }
    for (q = rank + 1; q < rank + r.gsize; q++)
        collalg__steps_recv(s, q, tok);
    collalg__steps_round(s);
    for (span = 1; span < r.pofk; span *= r.k) {
        for (j = 0; j < r.k; j++)
            if (j != collalg__recmult_digit(&r, span))
                collalg__steps_recv(s, collalg__recmult_peer(&r, span, j), tok);
        for (j = 0; j < r.k; j++)
            if (j != collalg__recmult_digit(&r, span))
                collalg__steps_send(s, collalg__recmult_peer(&r, span, j), tok);
        collalg__steps_round(s);
    }
    for (q = rank + 1; q < rank + r.gsize; q++)
        collalg__steps_send(s, q, tok);
}

/** @brief One rank's view of a recursive-exchange allgatherv (see collalg__iallgatherv_recexch_steps()). */
typedef struct collalg__rxag {
    collalg__recmult r; /**< the groups */
    int halving;        /**< 0: spans 1, k, k^2, ...; 1: the reverse, slots in digit-reversed order */
    long long rcount;   /**< elements of every block when @c rcounts is NULL */
    long long clip;     /**< with @c rcounts NULL: the vector's length (blocks past it shorter or
                             empty), or -1 (p whole blocks) */
    const int *rcounts; /**< the blocks' counts, or NULL */
    int root;           /**< index i is rank (i + root) mod p */
    int scattered;      /**< 1: index i holds at the start the blocks of its binomial subtree, [i,
                             i + collalg__binomial_subtree(i, p)) (after a binomial scatter) */
} collalg__rxag;

/** @brief Elements of blocks @p lo .. @p lo + @p n - 1 (@p lo + @p n <= p). */
static inline long long collalg__rxag_blocks(const collalg__rxag *x, int lo, int n)
{
    long long a, b;
    if (x->rcounts || x->clip < 0)
        return collalg__vrun(x->rcounts, x->rcount, x->r.p, lo, n);
    a = lo * x->rcount < x->clip ? lo * x->rcount : x->clip;
    b = (lo + n) * x->rcount < x->clip ? (lo + n) * x->rcount : x->clip;
    return b - a;
}

/** @brief Block @p q of COLLALG_BUF_RECV (at @p displs[q], or back to back from element 0). */
static inline collalg__piece collalg__rxag_block(const collalg__rxag *x, const int *displs, int q)
{
    if (x->rcounts)
        return collalg__vblock(COLLALG_BUF_RECV, x->rcounts, displs, 0, q);
    return collalg__pc(COLLALG_BUF_RECV, collalg__rxag_blocks(x, 0, q), collalg__rxag_blocks(x, q, 1));
}

/** @brief Whether leader @p lo holds block @p q of its run at the start. */
static inline int collalg__rxag_held(const collalg__rxag *x, int lo, int q)
{
    return x->scattered && q < lo + collalg__binomial_subtree(lo, x->r.p);
}

/** @brief The rank of index @p i. */
static inline int collalg__rxag_rank(const collalg__rxag *x, int i)
{
    return (int)(((long long)i + x->root) % x->r.p);
}

/** @brief Survivor whose run lies in slot @p i of the work vector (an involution). */
static inline int collalg__rxag_surv(const collalg__rxag *x, int i)
{
    int t, v = 0;
    if (!x->halving)
        return i;
    for (t = 0; t < x->r.steps; t++, i /= x->r.k)
        v = v * x->r.k + i % x->r.k;
    return v;
}

/** @brief Elements of the blocks of survivor @p g's run. */
static inline long long collalg__rxag_run(const collalg__rxag *x, int g)
{
    int lo = collalg__recmult_leader(&x->r, g);
    return collalg__rxag_blocks(x, lo, collalg__recmult_leader(&x->r, g + 1) - lo);
}

/** @brief First element of slot @p i (0 <= i <= pofk) in the work vector, relative to its start. */
static inline long long collalg__rxag_at(const collalg__rxag *x, int i)
{
    long long at = 0;
    int j;
    if (!x->halving)
        return collalg__rxag_blocks(x, 0, collalg__recmult_leader(&x->r, i));
    for (j = 0; j < i; j++)
        at += collalg__rxag_run(x, collalg__rxag_surv(x, j));
    return at;
}

/**
 * @brief Recursive-exchange allgatherv of radix @p k on the blocks that @p x describes (its
 *        rcount, clip, rcounts and root set by the caller; its groups set here), as index
 *        @p rank of @p p, spans 1, k, ... (@p halving 0) or the reverse (1). Index i is rank
 *        (i + x->root) mod p and block i is its block, so a rooted caller (ibcast
 *        scatterv_recexch_allgatherv) runs it on relative ranks.
 *
 * The work vector holds the runs of the pofk survivors (collalg__recmult) back to back, the
 * blocks of a run in rank order, in slot order: slot i holds the run of survivor i (doubling) or
 * of survivor rev(i), rev() reversing the log_k pofk base-k digits (halving). Before the step of
 * span k^t (doubling) a survivor holds the aligned k^t survivors around it, before the step of
 * span k^(s - 1 - t) (halving, s steps) those that differ from it in the t highest digits only:
 * in both cases the aligned run of k^t slots around its own, one piece of the work vector. So
 * every message is one piece: in each step a survivor sends its held piece to the k - 1 others
 * of its group and receives theirs next to it. The work vector is COLLALG_BUF_RECV itself when
 * the blocks lie there back to back in rank order (collalg__vpacked(), always for an allgather)
 * and the slots are in rank order (doubling, or one step at most), else COLLALG_BUF_TMP (n
 * elements), copied out block by block at the end. A member sends its block to its leader
 * first (unless x->scattered says the leader holds it) and receives the whole work vector from it after the last step. Empty messages are
 * left out (both sides know every count).
 */
static inline void collalg__rxag_steps(collalg__steps *s, collalg__rxag *x, int rank, int p, long long scount,
                                       const int *displs, int inplace, int k, int halving)
{
    long long base, total, span, held, runat;
    int buf, j, i, q, d;
    collalg__piece own, mine;
    collalg__recmult_init(&x->r, rank, p, k);
    x->halving = halving && x->r.steps > 1;
    own = collalg__rxag_block(x, displs, rank);
    total = collalg__rxag_blocks(x, 0, p);
    buf = collalg__vpacked(x->rcounts, displs, p, &base) && !x->halving ? COLLALG_BUF_RECV : COLLALG_BUF_TMP;
    if (buf == COLLALG_BUF_TMP) {
        base = 0;
        collalg__steps_tmp(s, total);
    }
    i = collalg__rxag_surv(x, x->r.group); /* own slot */
    runat = base + collalg__rxag_at(x, i);
    mine = collalg__pc(buf, runat + collalg__rxag_blocks(x, x->r.leader, rank - x->r.leader), own.count);
    if (rank != x->r.leader) { /* a member: its block to the leader, then everything back */
        if (own.count > 0 && !collalg__rxag_held(x, x->r.leader, rank))
            collalg__steps_send(s, collalg__rxag_rank(x, x->r.leader),
                                inplace ? own : collalg__pc(COLLALG_BUF_SEND, 0, scount));
        collalg__steps_round(s);
        if (total > 0)
            collalg__steps_recv(s, collalg__rxag_rank(x, x->r.leader), collalg__pc(buf, base, total));
    } else {
        if ((!inplace || buf == COLLALG_BUF_TMP) && own.count > 0)
            collalg__steps_copy(s, inplace ? own : collalg__pc(COLLALG_BUF_SEND, 0, scount), mine);
        for (q = rank + 1; q < rank + x->r.gsize; q++)
            if (collalg__rxag_blocks(x, q, 1) > 0 && !collalg__rxag_held(x, rank, q))
                collalg__steps_recv(
                    s, collalg__rxag_rank(x, q),
                    collalg__pc(buf, runat + collalg__rxag_blocks(x, rank, q - rank), collalg__rxag_blocks(x, q, 1)));
        collalg__steps_round(s);
        for (span = 1; span < x->r.pofk; span *= x->r.k) {
            int lo = (int)(i - i % span);
            d = (int)((i / span) % x->r.k);
            for (j = 0; j < x->r.k; j++) {
                int plo = (int)(lo + ((long long)j - d) * span);
                long long at = collalg__rxag_at(x, plo), n = collalg__rxag_at(x, (int)(plo + span)) - at;
                int peer = collalg__recmult_leader(&x->r, collalg__rxag_surv(x, (int)(i + ((long long)j - d) * span)));
                if (j == d || n == 0)
                    continue;
                collalg__steps_recv(s, collalg__rxag_rank(x, peer), collalg__pc(buf, base + at, n));
            }
            held = collalg__rxag_at(x, (int)(lo + span)) - collalg__rxag_at(x, lo);
            for (j = 0; j < x->r.k && held > 0; j++)
                if (j != d)
                    collalg__steps_send(
                        s,
                        collalg__rxag_rank(x, collalg__recmult_leader(
                                                  &x->r, collalg__rxag_surv(x, (int)(i + ((long long)j - d) * span)))),
                        collalg__pc(buf, base + collalg__rxag_at(x, lo), held));
            collalg__steps_round(s);
        }
        for (q = rank + 1; q < rank + x->r.gsize && total > 0; q++)
            collalg__steps_send(s, collalg__rxag_rank(x, q), collalg__pc(buf, base, total));
    }
    collalg__steps_round(s);
    if (buf == COLLALG_BUF_TMP)
        for (i = 0; i < x->r.pofk; i++) {
            int sg = collalg__rxag_surv(x, i), lo = collalg__recmult_leader(&x->r, sg);
            long long at = collalg__rxag_at(x, i);
            for (q = lo; q < collalg__recmult_leader(&x->r, sg + 1); q++) {
                collalg__piece b = collalg__rxag_block(x, displs, q);
                if (b.count > 0)
                    collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, at, b.count), b);
                at += b.count;
            }
        }
}

/** @brief collalg__rxag_steps() on the ranks as they are, blocks of @p rcounts (or of @p rcount
 *         elements when @p rcounts is NULL). */
static inline void collalg__iallgatherv_recexch_steps(collalg__steps *s, int rank, int p, long long scount,
                                                      long long rcount, const int *rcounts, const int *displs,
                                                      int inplace, int k, int halving)
{
    collalg__rxag x;
    x.rcount = rcount;
    x.clip = -1;
    x.rcounts = rcounts;
    x.root = 0;
    x.scattered = 0;
    collalg__rxag_steps(s, &x, rank, p, scount, displs, inplace, k, halving);
}

/** @brief Recursive-exchange allgather: collalg__iallgatherv_recexch_steps() with blocks of
 *         @p rcount elements. */
static inline void collalg__iallgather_recexch_steps(collalg__steps *s, int rank, int p, long long scount,
                                                     long long rcount, int inplace, int k, int halving)
{
    collalg__iallgatherv_recexch_steps(s, rank, p, scount, rcount, 0, 0, inplace, k, halving);
}

/**
 * @brief Broadcast of @p count elements of COLLALG_BUF_RECV from @p root as a binomial scatter
 *        (collalg__ibcast_scatter_steps(): p blocks of ceil(count / p) elements, the last ones
 *        shorter or empty, block j for relative rank j) followed by the recursive-exchange
 *        allgatherv of radix @p k, spans 1, k, ... (collalg__rxag_steps()) on the relative
 *        ranks, the blocks back to back in COLLALG_BUF_RECV, so every message lands in place and
 *        nothing is copied. A member whose block lies in its leader's binomial subtree does not
 *        send it (the leader has it from the scatter). Nothing is sent for @p count 0.
 */
static inline void collalg__ibcast_scatterv_recexch_allgatherv_steps(collalg__steps *s, int rank, int p, int root,
                                                                     long long count, int k)
{
    collalg__rxag x;
    int rel = collalg__relrank(rank, root, p);
    if (count == 0)
        return;
    collalg__ibcast_scatter_steps(s, rel, p, root, count);
    x.rcount = (count + p - 1) / p;
    x.clip = count;
    x.rcounts = 0;
    x.root = root;
    x.scattered = 1;
    collalg__rxag_steps(s, &x, rel, p, 0, 0, 1, k, 0);
}

#endif /* COLLALG_SCHEDULE_RECEXCH_H */
