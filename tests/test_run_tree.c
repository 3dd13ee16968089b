/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the trees of schedule/run_tree.h, checked exhaustively without MPI for
 * p = 1 .. 300: each is a spanning tree of relative ranks whose every subtree is a run of
 * consecutive ranks laid out as the header says (what keeps MPI's operand order in the reduce
 * and scan families), children in increasing rank order, and depths within their bounds. */
#include <criterion/criterion.h>
#include <collalg/schedule/run_tree.h>

#define PMAX 300

/* ---- collalg__reduce_tree ------------------------------------------------------------------ */

/* Walks the subtree of v: checks that it is the run [lo, lo + size) with v first (own_last = 0)
 * or last (own_last = 1) and the children's runs in increasing order, contiguous. Returns the
 * size; *depth gets the subtree's height (v alone: 0). */
static int check_subtree(const collalg__reduce_tree *t, int v, int lo, int *depth, int *seen)
{
    int next = t->own_last ? lo : lo + 1, i, c, d, size;
    cr_assert(v >= 0 && v < t->p, "p=%d: node %d out of range", t->p, v);
    cr_assert(!seen[v], "p=%d: node %d reached twice", t->p, v);
    seen[v] = 1;
    if (!t->own_last)
        cr_assert_eq(v, lo, "p=%d: node %d is not the first rank of its run (starts at %d)", t->p, v, lo);
    *depth = 0;
    for (i = 0; (c = t->child(t, v, i)) >= 0; i++) {
        cr_assert_eq(t->parent(t, c), v, "p=%d: child %d of %d names parent %d", t->p, c, v, t->parent(t, c));
        cr_assert_eq(c == next || (t->own_last && c >= next), 1, "p=%d: child %d of %d out of order", t->p, c, v);
        size = check_subtree(t, c, next, &d, seen);
        next += size;
        if (d + 1 > *depth)
            *depth = d + 1;
    }
    if (t->own_last) {
        cr_assert_eq(v, next, "p=%d: node %d is not the last rank of its run [%d, %d]", t->p, v, lo, next);
        next++;
    }
    return next - lo;
}

/* The whole tree: the top has no parent, the walk from it covers 0 .. p-1 once, as one run. */
static int check_reduce_tree(const collalg__reduce_tree *t)
{
    static int seen[PMAX];
    int top = collalg__reduce_tree_top(t), depth, v;
    for (v = 0; v < t->p; v++)
        seen[v] = 0;
    cr_assert_eq(t->parent(t, top), -1, "p=%d: the top %d has a parent", t->p, top);
    cr_assert_eq(check_subtree(t, top, 0, &depth, seen), t->p, "p=%d: the tree does not span the ranks", t->p);
    for (v = 0; v < t->p; v++)
        cr_assert(seen[v], "p=%d: rank %d not in the tree", t->p, v);
    return depth;
}

static int floor_log2(int p)
{
    int k = 0;
    while ((2 << k) <= p)
        k++;
    return k;
}

Test(run_tree, chain_every_fanout)
{
    collalg__reduce_tree t;
    int p, f;
    for (p = 1; p <= PMAX; p++)
        for (f = 1; f <= 6; f++) {
            int runs = f < p - 1 ? f : p - 1, depth;
            collalg__reduce_tree_chain(&t, p, f);
            depth = check_reduce_tree(&t);
            /* f runs of lengths differing by at most one hang from rank 0 */
            cr_assert_eq(depth, p == 1 ? 0 : (p - 1 + runs - 1) / runs, "chain p=%d f=%d: depth %d", p, f, depth);
        }
}

Test(run_tree, preorder_binary)
{
    collalg__reduce_tree t;
    int p;
    for (p = 1; p <= PMAX; p++) {
        collalg__reduce_tree_binary(&t, p);
        cr_assert_leq(check_reduce_tree(&t), floor_log2(p), "binary p=%d deeper than floor(lg p)", p);
    }
}

Test(run_tree, inorder_binary)
{
    collalg__reduce_tree t;
    int p;
    for (p = 1; p <= PMAX; p++) {
        collalg__reduce_tree_inorder(&t, p);
        cr_assert_eq(collalg__reduce_tree_top(&t), p - 1);
        cr_assert_leq(check_reduce_tree(&t), floor_log2(p), "in-order p=%d deeper than floor(lg p)", p);
    }
}

Test(run_tree, header_example_p6)
{
    collalg__reduce_tree t;
    collalg__reduce_tree_chain(&t, 6, 2);
    cr_assert(t.child(&t, 0, 0) == 1 && t.child(&t, 0, 1) == 4 && t.child(&t, 0, 2) == -1);
    collalg__reduce_tree_inorder(&t, 6);
    cr_assert(t.child(&t, 5, 0) == 2 && t.child(&t, 5, 1) == 4 && t.child(&t, 4, 0) == 3);
}

Test(run_tree, even_split)
{
    int count, n, b;
    for (count = 0; count <= 40; count++)
        for (n = 1; n <= 9; n++) {
            cr_assert_eq(collalg__even_split(count, n, 0), 0);
            cr_assert_eq(collalg__even_split(count, n, n), count);
            for (b = 0; b < n; b++) {
                int len = collalg__even_split(count, n, b + 1) - collalg__even_split(count, n, b);
                cr_assert(len == count / n || len == count / n + 1, "count=%d n=%d block %d: %d", count, n, b, len);
                if (b > 0)
                    cr_assert_leq(len, collalg__even_split(count, n, b) - collalg__even_split(count, n, b - 1));
            }
        }
}

/* ---- collalg__scan_node --------------------------------------------------------------------- */

/* The subtree of rank v is [lo, hi): its left subtree is [lo, v), its right one [v + 1, hi);
 * returns the height. */
static int check_scan_subtree(int p, int v, int lo, int hi, int parent, int *seen)
{
    collalg__scan_node n;
    int dl = -1, dr = -1;
    cr_assert(v >= lo && v < hi, "p=%d: node %d outside its run [%d, %d)", p, v, lo, hi);
    cr_assert(!seen[v], "p=%d: node %d reached twice", p, v);
    seen[v] = 1;
    collalg__scan_node_find(&n, v, p);
    cr_assert(n.lo == lo && n.hi == hi && n.parent == parent,
              "p=%d rank %d: run [%d, %d) parent %d, expected [%d, %d) %d", p, v, n.lo, n.hi, n.parent, lo, hi, parent);
    cr_assert_eq(n.left >= 0, lo < v, "p=%d rank %d: left child %d", p, v, n.left);
    cr_assert_eq(n.right >= 0, v + 1 < hi, "p=%d rank %d: right child %d", p, v, n.right);
    if (n.left >= 0)
        dl = check_scan_subtree(p, n.left, lo, v, v, seen);
    if (n.right >= 0)
        dr = check_scan_subtree(p, n.right, v + 1, hi, v, seen);
    return 1 + (dl > dr ? dl : dr);
}

Test(run_tree, scan_inorder_balanced)
{
    static int seen[PMAX];
    int p, v;
    for (p = 1; p <= PMAX; p++) {
        int top = collalg__scan_mid(0, p), height;
        for (v = 0; v < p; v++)
            seen[v] = 0;
        height = check_scan_subtree(p, top, 0, p, -1, seen);
        for (v = 0; v < p; v++)
            cr_assert(seen[v], "p=%d: rank %d not in the tree", p, v);
        /* balanced: height floor(lg p) */
        cr_assert_eq(height, floor_log2(p), "p=%d: height %d", p, height);
    }
}
