/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/pat.h
 * @brief The schedule of PAT, Parallel Aggregated Trees (Jeaugey 2025): the all-gather as p
 *        binomial trees with reversed dimensions (far peers first), run in parallel and
 *        aggregated into messages of at most A blocks; the reduce-scatter is the same steps in
 *        the reverse order. Pure functions of (p, A). No MPI calls.
 *
 * @par Offsets, dimensions, trees
 * Every rank does the same thing relative to itself, so the schedule speaks of offsets: block
 * "offset s" of rank y is the block of rank (y + s) mod p, 0 <= s < p. D = ceil(lg p), P2 = 2^D.
 * In Bruck's all-gather with the dimensions reversed, the block of offset s reaches y along the
 * set bits of s, highest first: it moves by 2^d (towards lower ranks) in dimension d, so a rank
 * first talks to its peer at distance 2^(D-1) and last to its neighbour, and the largest messages
 * go to the nearest peers. A rank receives offset s from y + 2^(lowest set bit of s).
 *
 * @par Aggregation (the bounded buffer)
 * A message carries at most A blocks, A a power of two, 1 <= A <= max(1, P2 / 2). With
 * M = P2 / A groups and m = lg M, the offsets split into the M classes s mod M:
 * - group 0 (the multiples of M, at most A of them) is served by the high dimensions
 *   d = D - 1 .. m, one step each: in dimension d, y receives from y + 2^d the offsets
 *   2^d + j 2^(d+1) < p and sends to y - 2^d its offsets j 2^(d+1) (the reversed Bruck
 *   all-gather among the multiples of M);
 * - group c = 1 .. min(M, p) - 1 (offsets c + j M < p) is one step: y receives it from
 *   y + 2^h, h the lowest set bit of c, and sends to y - 2^h its own offsets c - 2^h + j M, which
 *   are group c - 2^h: groups in increasing order, every block a rank forwards has arrived in an
 *   earlier step.
 * Steps: lg A + min(M, p) - 1. A = P2 / 2 is the reversed Bruck all-gather, ceil(lg p) steps
 * (the last one half of the blocks to the neighbour); A = 1 is p - 1 steps of one block. One
 * step is described by collalg__pat_step: a receive of blocks first + j stride (j < count)
 * from y + dist, and a send of first - dist + j stride to y - dist; both ends compute the same
 * count.
 *
 * @par Reduce-scatter
 * The steps in the reverse order, each edge reversed: in step i, y sends the partial results
 * of its offsets first + j stride to y + dist and receives from y - dist partial results of its
 * offsets first - dist + j stride, which it folds into its own. A group's partial results are
 * kept in one slot of A blocks from its first receive to its send: group c != 0 in slot
 * lowbit(c), group 0 in slot m (groups with the same lowest bit are never alive together), one
 * more slot receives, and slot 0 stages the high dimensions' sends: (m + 2) A blocks of scratch,
 * lg p + 2 when A = 1 (collalg__pat_scratch_blocks()).
 *
 * @par Example, p = 6 (D = 3, P2 = 8), offsets received by every rank
 * @verbatim
   A = 4 (M = 2):  d=2: {4} from +4   d=1: {2} from +2   c=1: {1 3 5} from +1       3 steps
   A = 2 (M = 4):  d=2: {4} from +4   c=1: {1 5} from +1  c=2: {2} from +2  c=3: {3} from +1
   A = 1 (M = 8):  c=1: {1} +1  c=2: {2} +2  c=3: {3} +1  c=4: {4} +4  c=5: {5} +1
   @endverbatim
 *
 * @par References
 * S. Jeaugey, "PAT: a new algorithm for all-gather and reduce-scatter operations at scale",
 * arXiv:2506.20252, 2025 (§3 the reversed-dimension Bruck, §4 the bounded intermediate buffer
 * and the aggregation); J. Bruck et al., IEEE TPDS 8(11), 1997 (the concatenation).
 */
#ifndef COLLALG_SCHEDULE_PAT_H
#define COLLALG_SCHEDULE_PAT_H

#include "common.h"

/** @brief One PAT schedule: p ranks, A blocks per message at most. */
typedef struct collalg__pat {
    int p;      /**< ranks */
    int dims;   /**< D = ceil(lg p) */
    int agg;    /**< A, a power of two, 1 <= A <= max(1, 2^(D - 1)) */
    int alog;   /**< lg A: the number of high-dimension steps */
    int groups; /**< M = 2^D / A, the classes of offsets modulo M */
    int mlog;   /**< m = lg M = D - lg A */
    int steps;  /**< lg A + min(M, p) - 1 */
} collalg__pat;

/** @brief One step of the all-gather, from rank y's point of view (offsets relative to y). */
typedef struct collalg__pat_step {
    int dist;   /**< receive from y + dist, send to y - dist; a power of two */
    int first;  /**< first offset received; the first sent is first - dist */
    int stride; /**< the offsets of the step are first + j stride (minus dist for the send) */
    int count;  /**< blocks of the step, j < count, 1 .. A */
    int group;  /**< the group c (0: a high-dimension step) */
} collalg__pat_step;

/** @brief Index of the lowest set bit of @p x > 0. */
static inline int collalg__pat_lowbit(int x)
{
    int h = 0;
    while (!(x & 1)) {
        x >>= 1;
        h++;
    }
    return h;
}

/**
 * @brief Fills @p s for @p p >= 1 ranks and at most @p agg blocks per message, rounded down to a
 *        power of two and clipped to [1, max(1, P2 / 2)].
 */
static inline void collalg__pat_init(collalg__pat *s, int p, long long agg)
{
    int mcap;
    s->p = p;
    s->dims = collalg__ceil_log2(p);
    mcap = s->dims > 0 ? s->dims - 1 : 0;
    s->alog = 0;
    while (s->alog < mcap && (2LL << s->alog) <= agg)
        s->alog++;
    s->agg = 1 << s->alog;
    s->mlog = s->dims - s->alog;
    s->groups = (int)(1LL << s->mlog);
    s->steps = s->alog + (s->groups < p ? s->groups : p) - 1;
}

/** @brief ceil(a / b) for a >= 0, b > 0 (64-bit, no overflow for int a and b). */
static inline int collalg__pat_cdiv(long long a, long long b)
{
    return (int)((a + b - 1) / b);
}

/** @brief Step @p i (0 <= i < s->steps) of the all-gather order into @p st. */
static inline void collalg__pat_step_get(const collalg__pat *s, int i, collalg__pat_step *st)
{
    if (i < s->alog) {
        int d = s->dims - 1 - i;
        st->dist = 1 << d;
        st->first = st->dist;
        st->stride = (int)(2LL << d > s->p ? s->p : 2LL << d);
        st->count = collalg__pat_cdiv((long long)s->p - st->dist, 2LL << d);
        st->group = 0;
    } else {
        int c = i - s->alog + 1;
        st->dist = 1 << collalg__pat_lowbit(c);
        st->first = c;
        st->stride = s->groups < s->p ? s->groups : s->p;
        st->count = collalg__pat_cdiv((long long)s->p - c, s->groups);
        st->group = c;
    }
}

/** @brief Slot of the reduce-scatter's partial results of group @p c: lowbit(c), or m for c = 0. */
static inline int collalg__pat_slot(const collalg__pat *s, int c)
{
    return c == 0 ? s->mlog : collalg__pat_lowbit(c);
}

/**
 * @brief Scratch of the algorithms in blocks: 2 A for the all-gather (a send and a receive
 *        staging area), (m + 2) A for the reduce-scatter (@p rs != 0; see the file comment);
 *        0 for p = 1.
 */
static inline long long collalg__pat_scratch_blocks(const collalg__pat *s, int rs)
{
    if (s->p == 1)
        return 0;
    return (rs ? (long long)s->mlog + 2 : 2) * (long long)s->agg;
}

/**
 * @brief The largest aggregation A whose scratch (collalg__pat_scratch_blocks()) fits
 *        @p budget blocks, for @p p ranks; 1 when even A = 1 does not fit.
 */
static inline int collalg__pat_agg_for(int p, long long budget, int rs)
{
    collalg__pat s;
    long long a;
    collalg__pat_init(&s, p, 1LL << 40);
    for (a = s.agg; a > 1; a /= 2) {
        collalg__pat_init(&s, p, a);
        if (collalg__pat_scratch_blocks(&s, rs) <= budget)
            break;
    }
    return (int)a;
}

/**
 * @brief Scratch bound of the PAT algorithms when their parameter is 0: 1 MiB. Under it the
 *        aggregation is full (ceil(lg p) steps) while p blocks fit in about 1 MiB / 2 (all-gather)
 *        or 1 MiB / 1.5 (reduce-scatter).
 */
#ifndef COLLALG_PAT_BUFFER_DEFAULT
#define COLLALG_PAT_BUFFER_DEFAULT (1 << 20)
#endif

/**
 * @brief The aggregation A of one call: the largest that keeps the scratch within @p buffer bytes
 *        (0: #COLLALG_PAT_BUFFER_DEFAULT) with blocks of @p block_bytes (>= 0) bytes, and whose
 *        A @p maxcount elements (the largest block) fit an int count; 1 when none does.
 */
static inline int collalg__pat_agg_bytes(int p, long long buffer, long long block_bytes, long long maxcount, int rs)
{
    long long budget = buffer > 0 ? buffer : COLLALG_PAT_BUFFER_DEFAULT;
    int a = collalg__pat_agg_for(p, block_bytes > 0 ? budget / block_bytes : 1LL << 40, rs);
    while (a > 1 && (long long)a * maxcount > 2147483647LL)
        a /= 2;
    return a;
}

#endif /* COLLALG_SCHEDULE_PAT_H */
