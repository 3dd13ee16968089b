/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/knomial.h
 * @brief The k-nomial tree as pure functions of (relative rank, p, radix k >= 2). No MPI calls.
 *
 * Ranks are taken relative to the root (collalg__relrank in schedule/common.h), so the root is
 * relative rank 0. Write a relative rank r in base k, r = sum_i d_i k^i. Let i0 be the position of
 * r's lowest non-zero digit and mask(r) = k^i0 (for r = 0: the smallest power of k >= p). Then:
 * - the parent of r > 0 is r with that digit cleared, r - d_i0 k^i0;
 * - the children of r are r + m k^j for every level j with k^j < mask(r) and every m = 1 .. k - 1
 *   with r + m k^j < p;
 * - the subtree of r is the contiguous range of relative ranks [r, min(r + mask(r), p));
 * - a broadcast needs ceil(log_k p) rounds: in round t (t = 1, 2, ...) every rank that holds the
 *   message sends it to its children of level L - t, L = ceil(log_k p).
 *
 * Radix 2 is the binomial tree of schedule/common.h (collalg__binomial_parent, _mask, _subtree);
 * tests/test_knomial.c checks that they agree. The order a broadcast sends in (largest subtree
 * first, as the binomial broadcast: the subtree spans k^j before p clips them) is: levels from the
 * highest down, and inside one level m = 1, 2, ..., k - 1 (the last child of a level may be
 * clipped by p, so it is the smallest of its level; a clipped child of a high level may hold fewer
 * ranks than a child of a lower one, e.g. child 4 of p = 5, k = 2, but the farthest first is what
 * the binomial tree of schedule/common.h does). A gather receives in
 * the reverse order (smallest subtree first: those are complete first).
 *
 * @par Example, p = 7, k = 3 (relative ranks; subtree ranges in brackets)
 * @verbatim
   0 [0,7): children 3 [3,6), 6 [6,7) (level 1), then 1 [1,2), 2 [2,3) (level 0)
   3 [3,6): children 4, 5 (level 0)
   rounds: ceil(log_3 7) = 2:  round 1: 0 -> 3, 0 -> 6;  round 2: 0 -> 1, 0 -> 2, 3 -> 4, 3 -> 5
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_KNOMIAL_H
#define COLLALG_SCHEDULE_KNOMIAL_H

/**
 * @brief mask(r) of the file comment: k^i0 for the lowest non-zero base-k digit of @p relrank > 0,
 *        the smallest power of @p k >= @p p for relrank 0 (1 for p = 1). 64-bit: no overflow for
 *        any int p.
 */
static inline long long collalg__knomial_mask(int relrank, int p, int k)
{
    long long mask = 1;
    if (relrank == 0) {
        while (mask < p)
            mask *= k;
        return mask;
    }
    while ((relrank / mask) % k == 0)
        mask *= k;
    return mask;
}

/** @brief Parent (relative) of relative rank @p relrank > 0 in the k-nomial tree of radix @p k. */
static inline int collalg__knomial_parent(int relrank, int k)
{
    long long mask = collalg__knomial_mask(relrank, 1, k); /* p matters for relrank 0 only */
    return (int)(relrank - ((relrank / mask) % k) * mask);
}

/**
 * @brief Number of relative ranks in the subtree of @p relrank (itself included); the subtree is
 *        the range [relrank, relrank + size).
 */
static inline int collalg__knomial_subtree(int relrank, int p, int k)
{
    long long end = (long long)relrank + collalg__knomial_mask(relrank, p, k);
    return (int)((end < p ? end : p) - relrank);
}

/** @brief ceil(log_k p) for p >= 1: the number of rounds of a k-nomial broadcast. */
static inline int collalg__knomial_rounds(int p, int k)
{
    long long span = 1;
    int rounds = 0;
    while (span < p) {
        span *= k;
        rounds++;
    }
    return rounds;
}

/**
 * @brief Iterator over the children of one relative rank (see collalg__knomial_first()).
 *
 * @c child is the current child (relative), or -1 when there is none left. The other fields are
 * the iterator's state.
 */
typedef struct collalg__knomial_it {
    int child;      /**< current child (relative rank), -1 past the last */
    int relrank;    /**< the parent whose children are listed */
    int p;          /**< number of ranks */
    int k;          /**< radix */
    int reverse;    /**< 0: broadcast order (largest subtree first); 1: the reverse */
    int m;          /**< current multiplier, 1 .. k - 1 */
    long long step; /**< current level's k^j */
    long long top;  /**< mask(relrank): levels are the k^j < top */
} collalg__knomial_it;

/** @brief Moves @p it to the first existing child at or after its (step, m) position. */
static inline void collalg__knomial_settle(collalg__knomial_it *it)
{
    for (;;) {
        if (it->step < 1 || it->step >= it->top) {
            it->child = -1;
            return;
        }
        if (it->m >= 1 && it->m < it->k && it->relrank + it->m * it->step < it->p) {
            it->child = (int)(it->relrank + it->m * it->step);
            return;
        }
        if (!it->reverse && it->m >= 1 && it->m < it->k) {
            it->m = it->k; /* clipped by p: the rest of the level is too */
            continue;
        }
        /* next level: down (broadcast order) or up (reverse), from its first multiplier */
        if (it->reverse) {
            long long last;
            it->step *= it->k;
            if (it->step >= it->top)
                continue;
            last = (it->p - 1 - it->relrank) / it->step; /* largest m with relrank + m step < p */
            it->m = (int)(last < it->k - 1 ? last : it->k - 1);
            if (it->m < 1)
                it->step = it->top; /* no child on this level, hence none above */
        } else {
            it->step /= it->k;
            it->m = 1;
        }
    }
}

/**
 * @brief Starts an iteration over the children of relative rank @p relrank in a k-nomial tree of
 *        @p p ranks and radix @p k: broadcast order (highest level first) when @p reverse is 0,
 *        the reverse order (smallest first) when it is 1. Read @c it->child, then call
 *        collalg__knomial_next() until it is -1:
 * @code
 *   collalg__knomial_it it;
 *   for (collalg__knomial_first(&it, r, p, k, 0); it.child >= 0; collalg__knomial_next(&it))
 *       send_to(it.child);
 * @endcode
 */
static inline void collalg__knomial_first(collalg__knomial_it *it, int relrank, int p, int k, int reverse)
{
    it->relrank = relrank;
    it->p = p;
    it->k = k;
    it->reverse = reverse;
    it->top = collalg__knomial_mask(relrank, p, k);
    if (reverse) {
        long long last = (long long)(p - 1 - relrank);
        it->step = 1;
        it->m = (int)(last < k - 1 ? last : k - 1);
        if (it->m < 1)
            it->step = it->top;
    } else {
        it->step = it->top / k;
        it->m = 1;
    }
    collalg__knomial_settle(it);
}

/** @brief Advances @p it to the next child (it->child becomes -1 after the last). */
static inline void collalg__knomial_next(collalg__knomial_it *it)
{
    if (it->child < 0)
        return;
    it->m += it->reverse ? -1 : 1;
    if (it->reverse && it->m < 1)
        it->m = 0; /* settle moves up a level */
    collalg__knomial_settle(it);
}

/** @brief Number of children of relative rank @p relrank. */
static inline int collalg__knomial_nchildren(int relrank, int p, int k)
{
    collalg__knomial_it it;
    int n = 0;
    for (collalg__knomial_first(&it, relrank, p, k, 0); it.child >= 0; collalg__knomial_next(&it))
        n++;
    return n;
}

#endif /* COLLALG_SCHEDULE_KNOMIAL_H */
