/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/bine.h
 * @brief The Bine tree of De Sensi et al. (SC 2025): a binomial tree on negabinary rank labels
 *        whose edges join ranks a Swing distance |rho(s)| apart, generalised to any p >= 1; its
 *        parent, children, rounds and the subtrees as runs of a block order. No MPI calls.
 *
 * @par Negabinary coordinates
 * Ranks are taken relative to the root, v = (rank - root) mod p. Let q = 2^k be the largest power
 * of two <= p. The k-digit negabinary numbers (digits b_i in {0, 1}, value sum b_i (-2)^i) are the
 * 2^k consecutive integers [lo_k, hi_k] (lo_k = -2, -10, -42, ... the odd digits set; hi_k = 1, 5,
 * 21, ... the even ones; [0, 0], [0, 1], [-2, 1], [-2, 5], [-10, 5] for k = 0 .. 4). The q "core"
 * ranks are those at a signed coordinate x in [lo_k, hi_k] from the root: v = x for x >= 0,
 * v = x + p for x < 0 (collalg__bine_coord()). The label of a core rank is
 * c = b XOR (b >> 1), b being x's k negabinary digits (collalg__bine_label()).
 *
 * @par The tree on the q core ranks (the paper's tree)
 * The binomial tree on labels: the parent of c != 0 is c with its lowest set bit cleared; the
 * children of c are c + 2^j for every 2^j below c's lowest set bit (every j < k for the root
 * c = 0), sent to in round k - 1 - j (rounds 0 .. k - 1, largest subtree first: a broadcast by
 * distance halving). Setting bit j of c flips the negabinary digits 0 .. j of b, which are all
 * equal (the bits of c below j are 0), so child and parent are rho(j) = sum_{i <= j} (-2)^i
 * apart (schedule/swing.h, collalg__swing_rho(): 1, -1, 3, -5, 11, ...): in round k - 1 - j the
 * messages travel |rho(j)| ~ 2^(j+1) / 3 ranks instead of the binomial tree's 2^j. This is the
 * locality the paper trades for global-link traffic. The subtree of c (t = its number of trailing
 * zeros, k at the root) is every label agreeing with c on bits >= t, i.e. every b agreeing on
 * digits >= t: the integers H + [lo_t, hi_t], H the value of c's digits >= t. So every subtree is
 * one run of consecutive coordinates x, and the root's is [lo_k, hi_k].
 *
 * @par Any p (the generalisation)
 * The paper's tree needs p = 2^k. For q < p < 2q the e = p - q other ranks, the "extras", are the
 * relative ranks v in (hi_k, p + lo_k): the gap between the core's positive and negative ends.
 * Extra v hangs as a leaf under the core rank at coordinate v - q (the core ranks lo_k .. lo_k +
 * e - 1), which is e ranks away around the ring; it is served in one extra round k (a broadcast
 * ends with it, a reduction starts with it). Rounds: ceil(log2 p) = k + (e > 0), as the binomial
 * tree's. The tree order of the blocks (collalg__bine_pos()) lists the core coordinates from lo_k
 * up, each extra right after its parent: every subtree, extras included, is one run of
 * consecutive positions (collalg__bine_subtree()); for p = q the order is the ranks from
 * root + lo_k around the ring.
 *
 * @par Example, p = 8 (lo = -2, hi = 5), root 0: a -> b in round r (distance |rho|)
 * @verbatim
   round 0:  0 -> 3                          (3)
   round 1:  0 -> 7 (x = -1),  3 -> 4        (1)
   round 2:  0 -> 1,  7 -> 6,  3 -> 2,  4 -> 5   (1)
   tree order: 6 7 0 1 2 3 4 5 (x = -2 .. 5); subtrees 3: [2, 5], 7: [6, 7]
   @endverbatim
 * p = 6 (q = 4, lo = -2, hi = 1, extras v = 2, 3 under x = -2, -1, i.e. ranks 4, 5):
 * @verbatim
   round 0:  0 -> 5 (x = -1)      round 1:  0 -> 1,  5 -> 4 (x = -2)
   round 2:  4 -> 2,  5 -> 3      tree order: 4 2 5 3 0 1
   @endverbatim
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Kumar, T. Hoefler, "Bine Trees: Enhancing
 * Collective Operations by Optimizing Communication Locality", SC 2025 (arXiv 2508.17311), §3
 * (the negabinary labels, the distance-halving tree, power-of-two p).
 */
#ifndef COLLALG_SCHEDULE_BINE_H
#define COLLALG_SCHEDULE_BINE_H

#include "swing.h"

/** @brief The negabinary digit mask of the odd positions (their weights are negative). */
#define COLLALG_BINE_ODD 0xAAAAAAAAAAAAAAAAULL

/** @brief The negabinary digits of @p x (any integer of |x| < 2^60). */
static inline unsigned long long collalg__bine_digits(long long x)
{
    return ((unsigned long long)x + COLLALG_BINE_ODD) ^ COLLALG_BINE_ODD;
}

/** @brief The value of the negabinary digits @p b. */
static inline long long collalg__bine_value(unsigned long long b)
{
    return (long long)((b ^ COLLALG_BINE_ODD) - COLLALG_BINE_ODD);
}

/** @brief lo_t: the smallest t-digit negabinary value (0 <= t <= 31). */
static inline long long collalg__bine_lo(int t)
{
    return collalg__bine_value(COLLALG_BINE_ODD & ((1ULL << t) - 1));
}

/** @brief hi_t: the largest t-digit negabinary value (0 <= t <= 31). */
static inline long long collalg__bine_hi(int t)
{
    return collalg__bine_value(~COLLALG_BINE_ODD & ((1ULL << t) - 1));
}

/** @brief The shape of the tree on @p p ranks. */
typedef struct collalg__bine {
    int p;        /**< ranks */
    int q;        /**< core ranks: the largest power of two <= p */
    int k;        /**< lg q: the core's rounds */
    int e;        /**< extras, p - q */
    long long lo; /**< lo_k, the core's smallest coordinate */
    long long hi; /**< hi_k, the core's largest coordinate */
} collalg__bine;

/** @brief The shape of the tree on @p p >= 1 ranks. */
static inline collalg__bine collalg__bine_shape(int p)
{
    collalg__bine t;
    t.p = p;
    t.q = 1;
    t.k = 0;
    while (t.q <= p / 2) {
        t.q *= 2;
        t.k++;
    }
    t.e = p - t.q;
    t.lo = collalg__bine_lo(t.k);
    t.hi = collalg__bine_hi(t.k);
    return t;
}

/** @brief Rounds of the tree: ceil(log2 p) (k, plus one when there are extras). */
static inline int collalg__bine_rounds(const collalg__bine *t)
{
    return t->k + (t->e > 0);
}

/** @brief 1 when relative rank @p v is an extra (not in the core). */
static inline int collalg__bine_is_extra(const collalg__bine *t, int v)
{
    return v > t->hi && v < t->p + t->lo;
}

/** @brief The signed coordinate x of core relative rank @p v (v for v <= hi_k, else v - p). */
static inline long long collalg__bine_coord(const collalg__bine *t, int v)
{
    return v <= t->hi ? (long long)v : (long long)v - t->p;
}

/** @brief The relative rank at core coordinate @p x (lo_k <= x <= hi_k). */
static inline int collalg__bine_rel(const collalg__bine *t, long long x)
{
    return (int)(x < 0 ? x + t->p : x);
}

/** @brief The label c = b XOR (b >> 1) of core coordinate @p x (b its k digits). */
static inline unsigned collalg__bine_label(long long x)
{
    unsigned long long b = collalg__bine_digits(x);
    return (unsigned)(b ^ (b >> 1));
}

/** @brief The core coordinate of label @p c (the inverse of collalg__bine_label()). */
static inline long long collalg__bine_unlabel(unsigned c)
{
    unsigned long long b = c;
    int s;
    for (s = 1; s < 32; s *= 2)
        b ^= b >> s;
    return collalg__bine_value(b);
}

/** @brief Trailing zero bits of label @p c, @p k for c = 0 (the root). */
static inline int collalg__bine_tz(unsigned c, int k)
{
    int t = 0;
    while (t < k && !(c >> t & 1u))
        t++;
    return t;
}

/** @brief Parent (relative rank) of relative rank @p v, -1 for the root v = 0. */
static inline int collalg__bine_parent(const collalg__bine *t, int v)
{
    unsigned c;
    if (v == 0)
        return -1;
    if (collalg__bine_is_extra(t, v))
        return collalg__bine_rel(t, (long long)v - t->q);
    c = collalg__bine_label(collalg__bine_coord(t, v));
    return collalg__bine_rel(t, collalg__bine_unlabel(c & (c - 1)));
}

/** @brief Number of children of relative rank @p v. */
static inline int collalg__bine_nchildren(const collalg__bine *t, int v)
{
    long long x;
    if (collalg__bine_is_extra(t, v))
        return 0;
    x = collalg__bine_coord(t, v);
    return collalg__bine_tz(collalg__bine_label(x), t->k) + (x - t->lo < t->e);
}

/**
 * @brief Child @p i (0 <= i < collalg__bine_nchildren()) of relative rank @p v in broadcast
 *        order (largest subtree first; the extra, if any, last). *round is the round (0 ..
 *        rounds - 1) of the message to it.
 */
static inline int collalg__bine_child(const collalg__bine *t, int v, int i, int *round)
{
    long long x = collalg__bine_coord(t, v);
    unsigned c = collalg__bine_label(x);
    int tz = collalg__bine_tz(c, t->k);
    if (i == tz) {
        *round = t->k;
        return (int)(x + t->q);
    }
    *round = t->k - tz + i;
    return collalg__bine_rel(t, collalg__bine_unlabel(c | 1u << (tz - 1 - i)));
}

/** @brief The round in which relative rank @p v receives in the broadcast (-1 for the root). */
static inline int collalg__bine_round(const collalg__bine *t, int v)
{
    if (v == 0)
        return -1;
    if (collalg__bine_is_extra(t, v))
        return t->k;
    return t->k - 1 - collalg__bine_tz(collalg__bine_label(collalg__bine_coord(t, v)), t->k);
}

/** @brief Position of core coordinate @p x in the tree order (each extra after its parent). */
static inline int collalg__bine_xpos(const collalg__bine *t, long long x)
{
    long long d = x - t->lo;
    return (int)(d + (d < t->e ? d : t->e));
}

/** @brief Position of relative rank @p v in the tree order of the blocks. */
static inline int collalg__bine_pos(const collalg__bine *t, int v)
{
    if (collalg__bine_is_extra(t, v))
        return collalg__bine_xpos(t, (long long)v - t->q) + 1;
    return collalg__bine_xpos(t, collalg__bine_coord(t, v));
}

/** @brief The relative rank at position @p pos of the tree order (the inverse of collalg__bine_pos()). */
static inline int collalg__bine_at(const collalg__bine *t, int pos)
{
    if (pos < 2 * t->e)
        return pos % 2 ? (int)(t->lo + pos / 2 + t->q) : collalg__bine_rel(t, t->lo + pos / 2);
    return collalg__bine_rel(t, t->lo + pos - t->e);
}

/**
 * @brief The subtree of relative rank @p v as the run [*first, *first + *n) of positions of the
 *        tree order (v itself is at collalg__bine_pos(), somewhere inside).
 */
static inline void collalg__bine_subtree(const collalg__bine *t, int v, int *first, int *n)
{
    long long x, h, b;
    int tz, end;
    if (collalg__bine_is_extra(t, v)) {
        *first = collalg__bine_pos(t, v);
        *n = 1;
        return;
    }
    x = collalg__bine_coord(t, v);
    tz = collalg__bine_tz(collalg__bine_label(x), t->k);
    h = collalg__bine_value(collalg__bine_digits(x) & ~((1ULL << tz) - 1));
    b = h + collalg__bine_hi(tz);
    *first = collalg__bine_xpos(t, h + collalg__bine_lo(tz));
    end = collalg__bine_xpos(t, b) + 1 + (b - t->lo < t->e);
    *n = end - *first;
}

#endif /* COLLALG_SCHEDULE_BINE_H */
