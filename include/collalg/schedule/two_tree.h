/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/two_tree.h
 * @brief The two in-order binary trees of Sanders, Speck & Traff's two-tree algorithms, their
 *        edge colouring and the pipelined block schedule, as pure functions. No MPI calls.
 *
 * @par Nodes
 * The operation's root is an extra node X that feeds both trees (as in the paper); the trees
 * span the other n = p - 1 ranks, numbered 0 .. n-1 ("tree ranks"; an algorithm maps them to
 * communicator ranks, e.g. tree rank v = (rank - root - 1) mod p).
 *
 * @par Trees
 * Both trees are in-order binary trees built on positions (1-based integers): the node of a
 * run of positions [a, b] is the position with the most trailing zero bits (unique in any run),
 * its left child the node of the positions before it, its right child that of the positions
 * after it. A node at position x with z = ctz(x) trailing zeros therefore has its parent at
 * x - 2^z or x + 2^z (the one of the two inside the range with fewer trailing zeros), and odd
 * positions are exactly the leaves: every even position has a child (the last one, when even,
 * has only a left child). Depth <= floor(log2(last position)).
 * - Tree 0 (T1): tree rank v at position v + 1, positions 1 .. n. Interior: the odd tree ranks.
 * - Tree 1 (T2), n even: the mirror, tree rank v at position n - v (positions 1 .. n); its
 *   interior nodes are the even tree ranks.
 * - Tree 1 (T2), n odd: the shift, tree rank v at position v + 2 (positions 2 .. n + 1: the tree
 *   of n + 1 positions without its first leaf, moved by one); its interior nodes are the even
 *   tree ranks. (A cyclic shift v -> v + 1 mod n would also swap leaves and interior nodes, but
 *   wraps one rank around, so that a subtree would no longer be a run of consecutive ranks.)
 *
 * Invariants (tests/test_two_tree.c, n = 0 .. 299): both trees span the n tree ranks; in both,
 * the subtree of a node is a run of consecutive tree ranks, the lower child's run below the node
 * and the higher child's above it (so a reduction keeps the operand order); every tree rank is
 * interior (has a child) in at most one tree (exactly one for n >= 2).
 *
 * @par Colouring
 * The edges are X -> root of each tree and parent -> child in each tree; every tree rank has
 * exactly two incoming edges (one per tree), X and every node at most two outgoing ones (a node
 * sends in the one tree where it is interior). Each edge gets a colour 0 or 1 such that the two
 * incoming edges of a node differ and the outgoing edges of a node differ: a 2-edge-colouring of
 * a bipartite graph of degree <= 2 (senders on one side, receivers on the other), which exists by
 * Koenig's theorem. collalg__two_tree_colour() computes it by walking each component of that
 * graph (a path or an even cycle), alternating colours; O(n log n) time, 2n bytes.
 *
 * @par Schedule
 * The message is cut into nb blocks; tree j carries blocks j, j + 2, j + 4, ... (its k-th block
 * is block 2k + j). Step t (t = 0, 1, ...) uses the edges of colour t mod 2. X sends the k-th
 * block of tree j to the tree's root in step 2k + colour(root). A node v receives the k-th block
 * of tree j in step 2k + delay_j(v), where delay_j(root) = colour of X -> root and delay_j(v) =
 * delay_j(parent) + 1 when the colours of the parent's incoming edge and of v's incoming edge in
 * tree j differ, + 2 when they agree; the parent forwards each block as soon as the edge's
 * colour comes up. Hence in every step a node sends at most once (its outgoing edges have
 * different colours) and receives at most once (its incoming edges have different colours),
 * every node receives every block exactly once, and the broadcast takes
 * collalg__two_tree_rounds() steps, at most 2 ceil(nb / 2) + 2 ceil(log2 p) (the paper's bound;
 * checked for p = 1 .. 300). Reversed in time (step t -> T - 1 - t, sends and receives swapped)
 * it is the schedule of the reduction.
 *
 * @par Example, p = 7 (n = 6 tree ranks; X = the root; tree ranks with their children)
 * @verbatim
   T1 (positions v + 1):   X -> 3;  3: 1, 5;  1: 0, 2;  5: 4
   T2 (mirror, 6 - v):     X -> 2;  2: 0, 4;  4: 3, 5;  0: 1
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_TWO_TREE_H
#define COLLALG_SCHEDULE_TWO_TREE_H

/** @brief The sender X (the operation's root) in the parent functions: no tree rank. */
#define COLLALG_TWO_TREE_X (-1)

/** @brief Trailing zero bits of @p x > 0. */
static inline int collalg__two_tree_ctz(long long x)
{
    int z = 0;
    while ((x & 1) == 0) {
        x >>= 1;
        z++;
    }
    return z;
}

/** @brief First position of tree @p j of @p n nodes: 2 for the shifted tree (j = 1, n odd), else 1. */
static inline long long collalg__two_tree_first(int n, int j)
{
    return j == 1 && n % 2 == 1 ? 2 : 1;
}

/** @brief Position of tree rank @p v in tree @p j (see the file comment). */
static inline long long collalg__two_tree_pos(int n, int j, int v)
{
    if (j == 0)
        return (long long)v + 1;
    return n % 2 == 0 ? (long long)n - v : (long long)v + 2;
}

/** @brief Tree rank at position @p x of tree @p j (the inverse of collalg__two_tree_pos). */
static inline int collalg__two_tree_at(int n, int j, long long x)
{
    if (j == 0)
        return (int)(x - 1);
    return n % 2 == 0 ? (int)(n - x) : (int)(x - 2);
}

/** @brief Index of the highest set bit of @p x > 0 (six halving steps, no loop over the bits). */
static inline int collalg__two_tree_log2(unsigned long long x)
{
    int h = 0, s;
    for (s = 32; s > 0; s /= 2)
        if (x >> s) {
            x >>= s;
            h += s;
        }
    return h;
}

/**
 * @brief The position with the most trailing zeros in [@p a, @p b] (1 <= a), 0 when the run is
 *        empty: with h the highest bit in which a - 1 and b differ, b with its bits below h
 *        cleared (at least a, since it exceeds a - 1 at bit h; no multiple of 2^(h+1) lies in
 *        the run, as a - 1 and b agree above h).
 */
static inline long long collalg__two_tree_top(long long a, long long b)
{
    int h;
    if (a > b)
        return 0;
    h = collalg__two_tree_log2((unsigned long long)(a - 1) ^ (unsigned long long)b);
    return (b >> h) << h;
}

/**
 * @brief Parent of tree rank @p v in tree @p j of @p n nodes: a tree rank, or
 *        COLLALG_TWO_TREE_X for the tree's root.
 */
static inline int collalg__two_tree_parent(int n, int j, int v)
{
    long long a = collalg__two_tree_first(n, j), b = a + n - 1, x = collalg__two_tree_pos(n, j, v);
    int z = collalg__two_tree_ctz(x);
    long long lo = x - (1LL << z), hi = x + (1LL << z);
    int lok = lo >= a, hik = hi <= b;
    if (lok && hik) /* both runs' ends exist: the parent is the one with fewer trailing zeros */
        return collalg__two_tree_at(n, j, (x >> (z + 1)) & 1 ? lo : hi);
    if (lok)
        return collalg__two_tree_at(n, j, lo);
    if (hik)
        return collalg__two_tree_at(n, j, hi);
    return COLLALG_TWO_TREE_X;
}

/** @brief Root (a tree rank) of tree @p j of @p n >= 1 nodes. */
static inline int collalg__two_tree_root(int n, int j)
{
    long long a = collalg__two_tree_first(n, j);
    return collalg__two_tree_at(n, j, collalg__two_tree_top(a, a + n - 1));
}

/**
 * @brief Child @p i of tree rank @p v in tree @p j: i = 0 the child whose subtree holds the
 *        lower tree ranks, i = 1 the higher ones; -1 when there is none.
 */
static inline int collalg__two_tree_child(int n, int j, int v, int i)
{
    long long a = collalg__two_tree_first(n, j), b = a + n - 1, x = collalg__two_tree_pos(n, j, v), c;
    int z = collalg__two_tree_ctz(x), left = (i == 0) != (j == 1 && n % 2 == 0); /* the mirror swaps sides */
    long long lo = x - (1LL << z) + 1, hi = x + (1LL << z) - 1;
    if (left)
        c = collalg__two_tree_top(lo > a ? lo : a, x - 1);
    else
        c = collalg__two_tree_top(x + 1, hi < b ? hi : b);
    return c ? collalg__two_tree_at(n, j, c) : -1;
}

/** @brief 1 when tree rank @p v has a child in tree @p j (positions: even ones, n >= 2). */
static inline int collalg__two_tree_interior(int n, int j, int v)
{
    return collalg__two_tree_child(n, j, v, 0) >= 0 || collalg__two_tree_child(n, j, v, 1) >= 0;
}

/* ---- the colouring ------------------------------------------------------------------------ */

/* Edges are named by their receiver: edge 2v + j is the incoming edge of tree rank v in tree j. */

/** @brief The other outgoing edge of the sender of edge @p e (X's other tree, or the sibling), -1 if none. */
static inline int collalg__two_tree_sibling_edge(int n, int e)
{
    int v = e / 2, j = e % 2, u = collalg__two_tree_parent(n, j, v), s;
    if (u == COLLALG_TWO_TREE_X)
        return 2 * collalg__two_tree_root(n, 1 - j) + (1 - j);
    s = collalg__two_tree_child(n, j, u, 0);
    if (s == v)
        s = collalg__two_tree_child(n, j, u, 1);
    return s < 0 ? -1 : 2 * s + j;
}

/** @brief Colours the component of edge @p e from @p e on (colour @p c), alternating. */
static inline void collalg__two_tree_walk(int n, unsigned char *col, int e, int c)
{
    int step = 0;
    while (e >= 0 && col[e] > 1) {
        col[e] = (unsigned char)c;
        c ^= 1;
        e = step % 2 == 0 ? e ^ 1 : collalg__two_tree_sibling_edge(n, e); /* receiver's, then sender's other edge */
        step++;
    }
}

/**
 * @brief Colours every edge: @p col[2v + j] (2n bytes) is the colour of tree rank v's incoming
 *        edge in tree j (from its parent, or from X). Paths are coloured from their end with the
 *        lowest edge number (colour 0 there), then cycles from their lowest edge; so every rank
 *        computes the same colouring.
 */
static inline void collalg__two_tree_colour(int n, unsigned char *col)
{
    int e;
    for (e = 0; e < 2 * n; e++)
        col[e] = 2;
    for (e = 0; e < 2 * n; e++) /* path ends: a sender with one outgoing edge */
        if (col[e] > 1 && collalg__two_tree_sibling_edge(n, e) < 0)
            collalg__two_tree_walk(n, col, e, 0);
    for (e = 0; e < 2 * n; e++) /* what is left are even cycles */
        if (col[e] > 1)
            collalg__two_tree_walk(n, col, e, 0);
}

/* ---- the block schedule --------------------------------------------------------------------- */

/** @brief Blocks of @p nb that tree @p j carries (blocks j, j + 2, ...). */
static inline long long collalg__two_tree_blocks(long long nb, int j)
{
    return nb > j ? (nb - j + 1) / 2 : 0;
}

/**
 * @brief Step in which tree rank @p v receives its first block of tree @p j (the k-th one comes
 *        2k steps later); @p col from collalg__two_tree_colour().
 */
static inline int collalg__two_tree_delay(int n, int j, int v, const unsigned char *col)
{
    int u = collalg__two_tree_parent(n, j, v);
    if (u == COLLALG_TWO_TREE_X)
        return col[2 * v + j];
    return collalg__two_tree_delay(n, j, u, col) + (col[2 * u + j] == col[2 * v + j] ? 2 : 1);
}

/** @brief The latest first-block step of tree @p j over its @p n >= 1 tree ranks (what
 *         collalg__two_tree_rounds_from() needs; O(n log n)). */
static inline int collalg__two_tree_max_delay(int n, int j, const unsigned char *col)
{
    int v, d, m = 0;
    for (v = 0; v < n; v++) {
        d = collalg__two_tree_delay(n, j, v, col);
        m = d > m ? d : m;
    }
    return m;
}

/** @brief Steps of the schedule for @p nb blocks, given each tree's latest first-block step
 *         @p max_delay[j] (0 when nothing moves): the last block of tree j reaches its last rank
 *         2 (blocks - 1) steps after the first. */
static inline long long collalg__two_tree_rounds_from(long long nb, const int max_delay[2])
{
    long long t = 0, last;
    int j;
    for (j = 0; j < 2; j++)
        if (collalg__two_tree_blocks(nb, j) > 0) {
            last = 2 * (collalg__two_tree_blocks(nb, j) - 1) + max_delay[j] + 1;
            t = last > t ? last : t;
        }
    return t;
}

/** @brief Steps of the schedule for @p nb blocks over @p n tree ranks (0 when nothing moves). */
static inline long long collalg__two_tree_rounds(int n, long long nb, const unsigned char *col)
{
    int max_delay[2];
    if (n < 1)
        return 0;
    max_delay[0] = collalg__two_tree_max_delay(n, 0, col);
    max_delay[1] = collalg__two_tree_max_delay(n, 1, col);
    return collalg__two_tree_rounds_from(nb, max_delay);
}

#endif /* COLLALG_SCHEDULE_TWO_TREE_H */
