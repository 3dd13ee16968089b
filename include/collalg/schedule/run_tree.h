/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/run_tree.h
 * @brief Trees whose subtrees are runs of consecutive ranks, as pure functions of (rank, p,
 *        parameter): the trees that let a reduction or a scan keep MPI's operand order. No MPI
 *        calls.
 *
 * MPI defines a reduction's result as v0 op v1 op ... op v(p-1). A tree keeps that order for any
 * operation when the subtree of every node is a run of consecutive ranks and the node combines
 * its own operand and its children's partial results in rank order. Two layouts are here:
 * - collalg__reduce_tree (the reduce family, family/reduce.h): the node is the first rank of its
 *   run (chain with fan-out f, pre-order binary tree) or the last (Open MPI's in-order binary
 *   tree), its children's runs follow in increasing order;
 * - collalg__scan_node (the scan family, scan/binary_tree.h): the balanced in-order binary tree,
 *   the node in the middle of its run, its left subtree below it and its right subtree above.
 * tests/test_run_tree.c checks, for p = 1 .. 300, that each is a spanning tree whose subtrees are
 * exactly those runs, and that the children come in increasing rank order.
 *
 * @par Example, p = 6 (relative ranks; runs in brackets)
 * @verbatim
   chain, f = 2:       0 [0,6): children 1 [1,4), 4 [4,6);  1 -> 2 -> 3 and 4 -> 5 below
   pre-order binary:   0 [0,6): children 1 [1,4), 4 [4,6);  1: 2, 3;  4: 5
   in-order binary:    5 [0,6): children 2 [0,3), 4 [3,5);  2: 0, 1;  4: 3
   scan in-order:      3 [0,6): left 1 [0,3), right 5 [4,6);  1: 0, 2;  5: 4
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_RUN_TREE_H
#define COLLALG_SCHEDULE_RUN_TREE_H

/** @brief Even split point: first element of block @p b of @p n blocks over @p count elements
 *         (block sizes differ by at most one, the longer first). */
static inline int collalg__even_split(int count, int n, int b)
{
    int q = count / n, rem = count % n;
    return b * q + (b < rem ? b : rem);
}

/* ---- the reduction trees of the reduce family ---------------------------------------------- */

typedef struct collalg__reduce_tree collalg__reduce_tree;

/**
 * @brief A reduction tree on relative ranks 0 .. p-1 in which the subtree of every node is a run
 *        of consecutive relative ranks: the node first, then its children's runs in increasing
 *        order (own_last = 0; the top is relative rank 0), or the children's runs in increasing
 *        order, then the node (own_last = 1; the top is relative rank p - 1).
 */
struct collalg__reduce_tree {
    int p;        /**< ranks in the tree */
    int param;    /**< the tree's parameter (chain fan-out, k-nomial radix) */
    int own_last; /**< 1: a node is the last rank of its run; 0: the first */
    /** Parent of relative rank @p rel, -1 at the top. */
    int (*parent)(const collalg__reduce_tree *t, int rel);
    /** Child @p i (0, 1, ...) of @p rel in increasing rank order, -1 past the last one. */
    int (*child)(const collalg__reduce_tree *t, int rel, int i);
};

/** @brief The top (relative rank) of @p t: 0, or p - 1 when a node is the last of its run. */
static inline int collalg__reduce_tree_top(const collalg__reduce_tree *t)
{
    return t->own_last ? t->p - 1 : 0;
}

/**
 * @brief Chain with fan-out f = min(param, p - 1): relative ranks 1 .. p-1 are cut into f runs
 *        of consecutive ranks (lengths differ by at most one, the longer first); rank 0 is the
 *        parent of each run's first rank, and each other rank's parent is the rank before it.
 *        Run j starts at 1 + collalg__even_split(p - 1, f, j).
 */
static inline int collalg__reduce_chain_fanout(const collalg__reduce_tree *t)
{
    return t->param < t->p - 1 ? t->param : t->p - 1;
}

/** @brief Run of the chain that relative rank @p rel >= 1 belongs to (see the chain). */
static inline int collalg__reduce_chain_run(const collalg__reduce_tree *t, int rel)
{
    int f = collalg__reduce_chain_fanout(t), j = 0;
    while (j + 1 < f && 1 + collalg__even_split(t->p - 1, f, j + 1) <= rel)
        j++;
    return j;
}

/** @brief Parent in the chain (see collalg__reduce_chain_fanout). */
static inline int collalg__reduce_chain_parent(const collalg__reduce_tree *t, int rel)
{
    int f = collalg__reduce_chain_fanout(t);
    if (rel == 0)
        return -1;
    return 1 + collalg__even_split(t->p - 1, f, collalg__reduce_chain_run(t, rel)) == rel ? 0 : rel - 1;
}

/** @brief Children in the chain: the f run starts for rank 0, else the next rank of the run. */
static inline int collalg__reduce_chain_child(const collalg__reduce_tree *t, int rel, int i)
{
    int f = collalg__reduce_chain_fanout(t), j;
    if (rel == 0)
        return i < f ? 1 + collalg__even_split(t->p - 1, f, i) : -1;
    j = collalg__reduce_chain_run(t, rel);
    return i == 0 && rel + 1 < 1 + collalg__even_split(t->p - 1, f, j + 1) ? rel + 1 : -1;
}

/**
 * @brief Pre-order binary tree: the node of a run [lo, lo + n) is lo; its left child is the node
 *        of [lo + 1, lo + 1 + ceil((n - 1) / 2)), its right child that of the rest. Walks from
 *        the top down to @p rel; sets *parent and the run length *n of @p rel.
 */
static inline void collalg__reduce_binary_find(int p, int rel, int *parent, int *n)
{
    int lo = 0, left;
    *parent = -1;
    *n = p;
    while (lo != rel) {
        left = *n / 2; /* ceil((n - 1) / 2) */
        *parent = lo;
        if (rel < lo + 1 + left) {
            lo = lo + 1;
            *n = left;
        } else {
            lo = lo + 1 + left;
            *n = *n - 1 - left;
        }
    }
}

/** @brief Parent in the pre-order binary tree. */
static inline int collalg__reduce_binary_parent(const collalg__reduce_tree *t, int rel)
{
    int parent, n;
    collalg__reduce_binary_find(t->p, rel, &parent, &n);
    return parent;
}

/** @brief Children in the pre-order binary tree: rel + 1, then rel + 1 + ceil((n - 1) / 2). */
static inline int collalg__reduce_binary_child(const collalg__reduce_tree *t, int rel, int i)
{
    int parent, n;
    collalg__reduce_binary_find(t->p, rel, &parent, &n);
    if (i == 0)
        return n > 1 ? rel + 1 : -1;
    return i == 1 && n - 1 - n / 2 > 0 ? rel + 1 + n / 2 : -1;
}

/**
 * @brief In-order binary tree (Open MPI's in_order_binary shape): the node of a run [lo, lo + n)
 *        is its last rank lo + n - 1; its children are the nodes of the lower run [lo, lo + h),
 *        h = floor(n / 2), and of the upper run [lo + h, lo + n - 1). Walks from the top down to
 *        @p rel; sets *parent, and *lo, *n of @p rel's run.
 */
static inline void collalg__reduce_inorder_find(int p, int rel, int *parent, int *lo, int *n)
{
    int node = p - 1, h;
    *parent = -1;
    *lo = 0;
    *n = p;
    while (node != rel) {
        h = *n / 2;
        *parent = node;
        if (rel < *lo + h) {
            *n = h;
        } else {
            *lo += h;
            *n = *n - 1 - h;
        }
        node = *lo + *n - 1;
    }
}

/** @brief Parent in the in-order binary tree. */
static inline int collalg__reduce_inorder_parent(const collalg__reduce_tree *t, int rel)
{
    int parent, lo, n;
    collalg__reduce_inorder_find(t->p, rel, &parent, &lo, &n);
    return parent;
}

/** @brief Children in the in-order binary tree: the lower run's node, then the upper run's. */
static inline int collalg__reduce_inorder_child(const collalg__reduce_tree *t, int rel, int i)
{
    int parent, lo, n, h, kids[2], k = 0;
    collalg__reduce_inorder_find(t->p, rel, &parent, &lo, &n);
    h = n / 2;
    if (h > 0)
        kids[k++] = lo + h - 1;
    if (n - 1 - h > 0)
        kids[k++] = rel - 1;
    return i < k ? kids[i] : -1;
}

/** @brief Fills @p t as the chain of fan-out @p fanout on @p p ranks. */
static inline void collalg__reduce_tree_chain(collalg__reduce_tree *t, int p, int fanout)
{
    t->p = p;
    t->param = fanout;
    t->own_last = 0;
    t->parent = collalg__reduce_chain_parent;
    t->child = collalg__reduce_chain_child;
}

/** @brief Fills @p t as the pre-order binary tree on @p p ranks. */
static inline void collalg__reduce_tree_binary(collalg__reduce_tree *t, int p)
{
    t->p = p;
    t->param = 2;
    t->own_last = 0;
    t->parent = collalg__reduce_binary_parent;
    t->child = collalg__reduce_binary_child;
}

/** @brief Fills @p t as the in-order binary tree on @p p ranks. */
static inline void collalg__reduce_tree_inorder(collalg__reduce_tree *t, int p)
{
    t->p = p;
    t->param = 2;
    t->own_last = 1;
    t->parent = collalg__reduce_inorder_parent;
    t->child = collalg__reduce_inorder_child;
}

/* ---- the balanced in-order binary tree of the scan family -------------------------------- */

/**
 * @brief A node of the balanced in-order binary tree on ranks 0 .. p-1: the node of a run
 *        [lo, hi) is its middle m = lo + (hi - lo) / 2, its left child the node of [lo, m), its
 *        right child the node of [m + 1, hi). Every subtree is a run of consecutive ranks, all
 *        ranks of the left subtree are below the node and all of the right subtree above it.
 */
typedef struct collalg__scan_node {
    int lo, hi; /**< the node's subtree is the run [lo, hi) */
    int parent; /**< parent rank, -1 at the top */
    int left;   /**< left child (node of [lo, rank)), -1 when that run is empty */
    int right;  /**< right child (node of [rank + 1, hi)), -1 when that run is empty */
} collalg__scan_node;

/** @brief The middle of the run [lo, hi) (hi > lo). */
static inline int collalg__scan_mid(int lo, int hi)
{
    return lo + (hi - lo) / 2;
}

/** @brief Fills @p n for @p rank of the in-order binary tree on @p p ranks (walks from the top). */
static inline void collalg__scan_node_find(collalg__scan_node *n, int rank, int p)
{
    int m;
    n->lo = 0;
    n->hi = p;
    n->parent = -1;
    for (m = collalg__scan_mid(0, p); m != rank; m = collalg__scan_mid(n->lo, n->hi)) {
        n->parent = m;
        if (rank < m)
            n->hi = m;
        else
            n->lo = m + 1;
    }
    n->left = n->lo < rank ? collalg__scan_mid(n->lo, rank) : -1;
    n->right = rank + 1 < n->hi ? collalg__scan_mid(rank + 1, n->hi) : -1;
}

#endif /* COLLALG_SCHEDULE_RUN_TREE_H */
