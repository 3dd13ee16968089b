/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/common.h
 * @brief Pure schedule functions: peers, phases, meshes, hypercubes, trees. No MPI calls.
 *
 * Every function here is a pure function of (rank, p, step, parameters), so the unit tests
 * check them exhaustively without MPI, and an algorithm reads like its paper: "in step i, node
 * j sends to ... and receives from ...".
 */
#ifndef COLLALG_SCHEDULE_COMMON_H
#define COLLALG_SCHEDULE_COMMON_H

/** @brief (a mod p) in [0, p) for any int a, p > 0. */
static inline int collalg__mod(int a, int p)
{
    int r = a % p;
    return r < 0 ? r + p : r;
}

/** @brief 1 when @p p is a power of two (p >= 1). */
static inline int collalg__is_pof2(int p)
{
    return p > 0 && (p & (p - 1)) == 0;
}

/** @brief Largest power of two <= @p p (p >= 1). */
static inline int collalg__pof2_floor(int p)
{
    int k = 1;
    while (k <= p / 2)
        k *= 2;
    return k;
}

/** @brief ceil(log2(p)) for p >= 1: the number of rounds of a doubling algorithm. */
static inline int collalg__ceil_log2(int p)
{
    int k = 0;
    while ((1L << k) < (long)p)
        k++;
    return k;
}

/* ---- Ring family: p - 1 steps, step i = 1 .. p-1 ------------------------------------- */

/** @brief Ring step i (1 <= i < p): the rank @p rank sends to, (rank + i) mod p. */
static inline int collalg__ring_to(int rank, int p, int i)
{
    return collalg__mod(rank + i, p);
}

/** @brief Ring step i (1 <= i < p): the rank @p rank receives from, (rank - i) mod p. */
static inline int collalg__ring_from(int rank, int p, int i)
{
    return collalg__mod(rank - i, p);
}

/** @brief The rank at position @p j (mod p) of the ring order @p ring (NULL: rank order). */
static inline int collalg__ring_block(const int *ring, int j, int p)
{
    return ring ? ring[collalg__mod(j, p)] : collalg__mod(j, p);
}

/* ---- Pair family: a 1-factorisation of the complete graph K_p ---------------------------
 * The paper's pair algorithm pairs node j with j XOR i in step i, a perfect matching per step,
 * which needs p to be a power of two. For other p the same property (every step a matching,
 * every pair of ranks meets in exactly one step) comes from the round-robin "circle"
 * 1-factorisation of K_p (the edge colouring used for alltoall pairing in Pritchard et al.):
 *  - p odd:  p steps; in step s, rank r meets (s - r) mod p; the rank with 2r = s (mod p) meets
 *            itself (that rank is idle in step s).
 *  - p even, not a power of two: p - 1 steps over the first m = p - 1 ranks as for odd m; the
 *            rank left idle in step s meets rank p - 1 instead.
 * So every step is a perfect matching (p even) or a matching plus one idle rank (p odd).
 */

/** @brief Number of steps of the pair schedule: p - 1 when p is even (or 1), p when p is odd > 1. */
static inline int collalg__pair_nsteps(int p)
{
    if (p <= 1)
        return 0;
    return (p % 2 == 0) ? p - 1 : p;
}

/**
 * @brief Partner of @p rank in step @p s (0 <= s < collalg__pair_nsteps(p)) of the pair schedule.
 * @return a rank in [0, p); equal to @p rank when @p rank is idle in that step (p odd only).
 */
static inline int collalg__pair_peer(int rank, int p, int s)
{
    int m, peer;
    if (collalg__is_pof2(p))
        return rank ^ (s + 1);
    if (p % 2 == 1)
        return collalg__mod(s - rank, p);
    m = p - 1; /* odd: circle method on ranks 0..m-1, rank m takes the idle one */
    if (rank == m) {
        /* the r with 2r = s (mod m); 2 is invertible mod odd m with inverse (m + 1) / 2 */
        return (int)(((long)s * ((m + 1) / 2)) % m);
    }
    peer = collalg__mod(s - rank, m);
    return peer == rank ? m : peer;
}

/* ---- Sparbit allgather (Loch & Koslovski, SBAC-PAD 2021) ----------------------------------
 * L = ceil(lg p) steps with halving distances d = 2^(L-1), ..., 2, 1. Offsets count down from a
 * rank: offset o of rank r is the block of rank (r - o) mod p. Before the step of distance d a
 * rank holds the blocks at the offsets that are multiples of 2d below p (only its own before the
 * first step, 2^L >= p); in the step it sends those of them whose offset plus d is still below
 * p, the offsets 2 d j for j = 0 .. collalg__sparbit_nblocks(p, d) - 1, to rank r + d, which
 * files them at its offsets 2 d j + d, the odd multiples of d below p. Afterwards every rank holds
 * the multiples of d below p: after the last step (d = 1) every block, each received once. Where
 * p is not a power of two the offsets that would wrap past p are simply not sent (Open MPI's
 * "ignore" steps): the count is clipped, no block is sent twice and none is missing.
 */

/** @brief Distance of Sparbit step @p s (0 <= s < ceil(lg p)): 2^(ceil(lg p) - 1 - s). */
static inline int collalg__sparbit_dist(int p, int s)
{
    return 1 << (collalg__ceil_log2(p) - 1 - s);
}

/** @brief Blocks sent (and received) by every rank in the Sparbit step of distance @p d
 *         (1 <= d < p): the odd multiples of d below p, ceil((p - d) / (2 d)). */
static inline int collalg__sparbit_nblocks(int p, int d)
{
    return (int)(((long long)p + d - 1) / (2LL * d));
}

/** @brief Block (a rank's slot of the receive buffer) number @p j (0 <= j <
 *         collalg__sparbit_nblocks(p, d)) that rank @p rank sends to rank + d in the step of
 *         distance @p d: (rank - 2 d j) mod p. Its receiver gets the same block, so the receiver
 *         of rank - d's blocks asks for collalg__sparbit_block(rank - d, ...). */
static inline int collalg__sparbit_block(int rank, int p, int d, int j)
{
    return collalg__mod(collalg__mod(rank, p) - (int)(2LL * d * j % p), p);
}

/* ---- Neighbour exchange allgather (Chen et al., HPC Asia 2005), p even -------------------
 * The p ranks form m = p / 2 pairs {2g, 2g + 1}, the groups g = 0 .. m - 1 (each two consecutive
 * blocks). Step 0: a rank exchanges its own block with its partner, rank XOR 1: both now hold
 * their group. Steps s = 1 .. m - 1: an even rank talks to its left neighbour in odd steps and
 * to its right one (its partner) in even steps, an odd rank the other way round; it sends the
 * group it received in step s - 1 (its own in step 1) and receives one new group, so that an
 * even rank of group g collects g - 1, g + 1, g - 2, g + 2, ... and an odd one g + 1, g - 1,
 * g + 2, g - 2, ... (mod m): m steps in all, every group once.
 */

/** @brief Peer of @p rank in step @p s (0 <= s < p / 2) of the neighbour exchange, p even. */
static inline int collalg__neighbor_exchange_peer(int rank, int p, int s)
{
    if (s == 0)
        return rank ^ 1;
    return (rank & 1) == (s & 1) ? collalg__ring_to(rank, p, 1) : collalg__ring_from(rank, p, 1);
}

/** @brief Group (blocks 2g and 2g + 1) that @p rank receives in step @p s (1 <= s < p / 2) of
 *         the neighbour exchange, p even; for s = 0 its own group, rank / 2 (the group it sends
 *         in step 1). In step s >= 1 a rank sends the group of step s - 1. */
static inline int collalg__neighbor_exchange_group(int rank, int p, int s)
{
    int h = (s + 1) / 2, g = rank / 2;
    if (s == 0)
        return g;
    return collalg__mod(g + ((rank & 1) == (s & 1) ? h : -h), p / 2);
}

/* ---- Phased barriers: "N MPI barriers" among nphases phases -------------------------------
 * The N barriers are spread evenly over the nphases - 1 gaps between phases: barrier k
 * (1 <= k <= N) follows phase floor(k * nphases / (N + 1)) - 1 (phases counted from 0). For
 * N = nphases - 1 this is every gap; the positions are distinct for every 0 <= N <= nphases - 1.
 */

/** @brief Phase (0-based) after which barrier @p k (1 <= k <= nbarriers) goes. */
static inline int collalg__barrier_after(int k, int nphases, int nbarriers)
{
    return (int)(((long)k * nphases) / (nbarriers + 1)) - 1;
}

/* ---- Meshes ----------------------------------------------------------------------------- */

/**
 * @brief The most nearly square factorisation p = x * y with x <= y (x is the largest divisor
 *        of p not above sqrt(p)). For prime p it is 1 x p.
 */
static inline void collalg__mesh2d(int p, int *x, int *y)
{
    int d, best = 1;
    for (d = 1; (long)d * d <= p; d++)
        if (p % d == 0)
            best = d;
    *x = best;
    *y = p / best;
}

/**
 * @brief The most nearly cubic factorisation p = x * y * z with x <= y <= z: among all such
 *        triples the one with the smallest z - x (ties: the larger x). For prime p it is 1 x 1 x p.
 */
static inline void collalg__mesh3d(int p, int *x, int *y, int *z)
{
    int a, b;
    *x = 1;
    *y = 1;
    *z = p;
    for (a = 1; (long)a * a * a <= p; a++) {
        if (p % a)
            continue;
        for (b = a; (long)a * b * b <= p; b++) {
            int c;
            if ((p / a) % b)
                continue;
            c = p / a / b;
            if (c - a < *z - *x || (c - a == *z - *x && a > *x)) {
                *x = a;
                *y = b;
                *z = c;
            }
        }
    }
}

/* ---- Binomial trees rooted at `root` (ranks relative to the root) -------------------------
 * Relative rank relrank = (rank - root) mod p. The parent of relrank > 0 is relrank with its lowest
 * set bit cleared; the children of relrank are relrank + 2^k for 2^k below relrank's lowest set bit
 * (all k for relrank = 0) and relrank + 2^k < p. This is the tree of MPICH's binomial bcast, gather
 * and reduce.
 */

/** @brief Relative rank of @p rank in a tree rooted at @p root. */
static inline int collalg__relrank(int rank, int root, int p)
{
    return collalg__mod(rank - root, p);
}

/** @brief Parent (relative) of relative rank @p relrank > 0 in the binomial tree. */
static inline int collalg__binomial_parent(int relrank)
{
    return relrank & (relrank - 1);
}

/** @brief Lowest set bit of relative rank relrank (for relrank = 0: the smallest power of two >= p). */
static inline int collalg__binomial_mask(int relrank, int p)
{
    int mask = 1;
    if (relrank == 0) {
        while (mask < p)
            mask <<= 1;
        return mask;
    }
    return relrank & -relrank;
}

/**
 * @brief Number of relative ranks in the subtree of relative rank @p relrank (relrank itself
 *        included): the block of ranks [relrank, relrank + mask) clipped to p, where mask is
 *        relrank's lowest set bit.
 */
static inline int collalg__binomial_subtree(int relrank, int p)
{
    long end = (long)relrank + collalg__binomial_mask(relrank, p);
    return (int)((end < p ? end : p) - relrank);
}

/**
 * @brief Phases of the segmented ring allreduce (allreduce/segmented_ring.h) on @p count >= 0
 *        elements over @p p >= 1 blocks with segments of at most @p seg >= 1 elements: the largest
 *        block, ceil(count / p) elements, cut into segments of at most seg elements, at least 1.
 */
static inline int collalg__segring_phases(int count, int p, int seg)
{
    int bmax = count / p + (count % p != 0), n = bmax / seg + (bmax % seg != 0);
    return n > 1 ? n : 1;
}

/**
 * @brief Elements [*@p lo, *@p hi) of the segment of phase @p ph (0 <= ph < @p nph) of block @p b
 *        (0 <= b < @p p) in the segmented ring allreduce: the @p count elements are cut into p
 *        blocks whose sizes differ by at most one (the longer first), and each block into nph
 *        segments the same way, so the segments of a block tile it in phase order.
 */
static inline void collalg__segring_range(int count, int p, int nph, int b, int ph, int *lo, int *hi)
{
    int q = count / p, rem = count % p, blo = b * q + (b < rem ? b : rem), len = q + (b < rem);
    int sq = len / nph, srem = len % nph;
    *lo = blo + ph * sq + (ph < srem ? ph : srem);
    *hi = *lo + sq + (ph < srem);
}

/**
 * @brief One relative rank's place in the split binary tree of @p p ranks (Open MPI's split
 *        binary tree broadcast, bcast/split_binary_tree.h).
 *
 * The root (relative rank 0) has two subtrees: the left one holds the odd relative ranks
 * 1, 3, 5, .. (floor(p / 2) of them), the right one the even ones 2, 4, .. (floor((p - 1) / 2)).
 * Member i of a subtree (relative rank 2i + 1 on the left, 2i + 2 on the right) sits in heap
 * order, as in the binary tree of bcast/binary_tree.h: its children are members 2i + 1 and
 * 2i + 2 of the same subtree when they exist, its parent member (i - 1) / 2, and member 0's parent
 * is the root. The exchange partner of left member i is right member i (relative ranks 2i + 1 and
 * 2i + 2); when p is even the left subtree has one member more, relative rank p - 1, which has no
 * partner and gets the right subtree's half from the root instead (@c pair = 0).
 */
typedef struct collalg__split_tree {
    int half;     /**< 0: left subtree, 1: right subtree, -1: the root */
    int parent;   /**< relative rank of the parent, -1 at the root */
    int child[2]; /**< relative ranks of the children (child[0] the left one at the root) */
    int nchild;   /**< number of children, 0 .. 2 */
    int pair;     /**< the exchange partner's relative rank; 0: the root sends the other half (p even,
                       relative rank p - 1); -1: none (the root) */
} collalg__split_tree;

/** @brief Fills @p t for relative rank @p relrank (0 <= relrank < p) of the split binary tree of
 *         @p p >= 1 ranks (see collalg__split_tree). */
static inline void collalg__split_tree_node(int relrank, int p, collalg__split_tree *t)
{
    int m[2], i, k;
    m[0] = p / 2;       /* left: relative ranks 1, 3, .. */
    m[1] = (p - 1) / 2; /* right: relative ranks 2, 4, .. */
    t->nchild = 0;
    if (relrank == 0) {
        t->half = t->parent = t->pair = -1;
        for (k = 0; k < 2; k++)
            if (m[k] > 0)
                t->child[t->nchild++] = k + 1;
        return;
    }
    t->half = relrank % 2 == 0;
    i = (relrank - 1) / 2;
    t->parent = i == 0 ? 0 : 2 * ((i - 1) / 2) + 1 + t->half;
    for (k = 1; k <= 2; k++)
        if (2L * i + k < m[t->half])
            t->child[t->nchild++] = 2 * (2 * i + k) + 1 + t->half;
    t->pair = i < m[1 - t->half] ? 2 * i + 1 + (1 - t->half) : 0;
}

/**
 * @brief First element of segment @p k of a staggered pipeline of segments of @p seg >= 1 elements
 *        with @p w >= 1 segments in flight (k >= 0; the result for k = the number of segments is
 *        at least the message length, which the caller clips to).
 *
 * The first w segments ramp up: segment j < w holds max(1, floor(seg (j + 1) / w)) elements, the
 * others seg. Transfers of equal size that start together on a fairly shared link end together,
 * so a pipeline whose w segments in flight all began at once idles the link a latency between
 * bursts; the ramp staggers their ends by seg / w (family/bcast.h, collalg__bcast_pipeline).
 */
static inline long long collalg__ramp_lo(long long k, int seg, int w)
{
    long long lo = 0, j;
    for (j = 0; j < k && j < w; j++) {
        long long len = (long long)seg * (j + 1) / w;
        lo += len > 0 ? len : 1;
    }
    return lo + (k > w ? (k - w) * (long long)seg : 0);
}

/** @brief Number of segments of collalg__ramp_lo()'s pipeline for @p count >= 0 elements. */
static inline long long collalg__ramp_nseg(long long count, int seg, int w)
{
    long long k = 0, ramp = collalg__ramp_lo(w, seg, w);
    if (count > ramp)
        return w + (count - ramp + seg - 1) / seg;
    while (collalg__ramp_lo(k, seg, w) < count)
        k++;
    return k;
}

#endif /* COLLALG_SCHEDULE_COMMON_H */
