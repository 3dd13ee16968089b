/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the two trees, their colouring and the pipelined block schedule of
 * schedule/two_tree.h, checked exhaustively without MPI for p = 1 .. 300 (n = p - 1 tree ranks
 * and the extra root X).
 *
 * The round count checked is the paper's (Sanders, Speck & Traff 2009): nb blocks, ceil(nb / 2)
 * per tree, need at most 2 ceil(nb / 2) + 2 ceil(log2 p) steps. */
#include <criterion/criterion.h>
#include <string.h>
#include <collalg/schedule/common.h>
#include <collalg/schedule/two_tree.h>

#define PMAX 300

/* Subtree of v in tree j: its size, smallest and largest tree rank; checks the in-order layout
 * (lower child's run, v, higher child's run, consecutive). */
static int subtree(int n, int j, int v, int *lo, int *hi, int depth, int *maxdepth)
{
    int c0 = collalg__two_tree_child(n, j, v, 0), c1 = collalg__two_tree_child(n, j, v, 1), size = 1, l, h;
    cr_assert_leq(depth, 64, "n=%d j=%d: a cycle through %d", n, j, v);
    *maxdepth = depth > *maxdepth ? depth : *maxdepth;
    *lo = *hi = v;
    if (c0 >= 0) {
        cr_assert_eq(collalg__two_tree_parent(n, j, c0), v, "n=%d j=%d: parent of %d", n, j, c0);
        size += subtree(n, j, c0, &l, &h, depth + 1, maxdepth);
        cr_assert_eq(h, v - 1, "n=%d j=%d v=%d: lower run ends at %d", n, j, v, h);
        *lo = l;
    }
    if (c1 >= 0) {
        cr_assert_eq(collalg__two_tree_parent(n, j, c1), v, "n=%d j=%d: parent of %d", n, j, c1);
        size += subtree(n, j, c1, &l, &h, depth + 1, maxdepth);
        cr_assert_eq(l, v + 1, "n=%d j=%d v=%d: higher run starts at %d", n, j, v, l);
        *hi = h;
    }
    return size;
}

/* Both trees span 0 .. n-1 as in-order binary trees of depth <= floor(log2(n + 1)); every tree
 * rank is interior in at most one tree (exactly one for n >= 2). */
Test(two_tree, in_order_spanning_trees)
{
    for (int n = 1; n < PMAX; n++) {
        for (int j = 0; j < 2; j++) {
            int root = collalg__two_tree_root(n, j), lo, hi, depth = 0, roots = 0;
            cr_assert_eq(collalg__two_tree_parent(n, j, root), COLLALG_TWO_TREE_X, "n=%d j=%d", n, j);
            cr_assert_eq(subtree(n, j, root, &lo, &hi, 0, &depth), n, "n=%d j=%d: not spanning", n, j);
            cr_assert(lo == 0 && hi == n - 1);
            cr_assert_leq(depth, collalg__ceil_log2(n + 2) - 1, "n=%d j=%d: depth %d", n, j, depth);
            for (int v = 0; v < n; v++)
                roots += collalg__two_tree_parent(n, j, v) == COLLALG_TWO_TREE_X;
            cr_assert_eq(roots, 1);
        }
        for (int v = 0; v < n; v++) {
            int in = collalg__two_tree_interior(n, 0, v) + collalg__two_tree_interior(n, 1, v);
            cr_assert(in == (n >= 2), "n=%d v=%d interior in %d trees", n, v, in);
        }
    }
}

/* The colouring: X's two edges differ, every node's two incoming edges differ, a node's two
 * outgoing edges differ; and the header's example. */
Test(two_tree, colouring_is_proper)
{
    static unsigned char col[2 * PMAX];
    for (int n = 1; n < PMAX; n++) {
        collalg__two_tree_colour(n, col);
        cr_assert_neq(col[2 * collalg__two_tree_root(n, 0)], col[2 * collalg__two_tree_root(n, 1) + 1], "n=%d", n);
        for (int v = 0; v < n; v++) {
            cr_assert(col[2 * v] <= 1 && col[2 * v + 1] <= 1);
            cr_assert_neq(col[2 * v], col[2 * v + 1], "n=%d v=%d: incoming edges", n, v);
            for (int j = 0; j < 2; j++) {
                int a = collalg__two_tree_child(n, j, v, 0), b = collalg__two_tree_child(n, j, v, 1);
                if (a >= 0 && b >= 0)
                    cr_assert_neq(col[2 * a + j], col[2 * b + j], "n=%d j=%d v=%d: outgoing edges", n, j, v);
            }
        }
    }
    cr_assert_eq(collalg__two_tree_root(6, 0), 3);
    cr_assert_eq(collalg__two_tree_root(6, 1), 2);
    cr_assert(collalg__two_tree_child(6, 0, 3, 0) == 1 && collalg__two_tree_child(6, 0, 3, 1) == 5);
    cr_assert(collalg__two_tree_child(6, 1, 2, 0) == 0 && collalg__two_tree_child(6, 1, 2, 1) == 4);
    cr_assert(collalg__two_tree_child(6, 1, 4, 0) == 3 && collalg__two_tree_child(6, 1, 4, 1) == 5);
    cr_assert(collalg__two_tree_child(6, 1, 0, 0) == -1 && collalg__two_tree_child(6, 1, 0, 1) == 1);
}

/* Runs the broadcast schedule of nb blocks step by step: in step t, X sends the k-th block of
 * tree j to the tree's root when t = 2k + colour(root), and a node forwards the k-th block of
 * tree j to child c when t = 2k + delay(c) (it must hold it by then). Checks: at most one send
 * and one receive per node and step, every node gets every block exactly once, in
 * collalg__two_tree_rounds() steps, within the paper's 2 ceil(nb / 2) + 2 ceil(log2 p). */
static void simulate(int n, long nb, const unsigned char *col)
{
    static long got[PMAX][64];
    static int delay[2][PMAX];
    long rounds = (long)collalg__two_tree_rounds(n, nb, col), t, last = 0;
    int p = n + 1;
    memset(got, 0xff, sizeof got);
    for (int j = 0; j < 2; j++)
        for (int v = 0; v < n; v++)
            delay[j][v] = collalg__two_tree_delay(n, j, v, col);
    for (t = 0; t < rounds + 4; t++) {
        int sends[PMAX + 1], recvs[PMAX];
        memset(sends, 0, sizeof sends);
        memset(recvs, 0, sizeof recvs);
        for (int j = 0; j < 2; j++)
            for (int v = 0; v < n; v++) {
                long k = t - delay[j][v], b;
                int u = collalg__two_tree_parent(n, j, v);
                if (k < 0 || k % 2 || k / 2 >= collalg__two_tree_blocks(nb, j))
                    continue;
                b = 2 * (k / 2) + j;
                cr_assert_eq(t % 2, col[2 * v + j], "n=%d: step %ld on an edge of the other colour", n, t);
                if (u != COLLALG_TWO_TREE_X)
                    cr_assert(got[u][b] >= 0 && got[u][b] < t, "n=%d nb=%ld: %d forwards block %ld before it has it", n,
                              nb, u, b);
                cr_assert_lt(got[v][b], 0, "n=%d nb=%ld: %d gets block %ld twice", n, nb, v, b);
                got[v][b] = t;
                sends[u + 1]++;
                recvs[v]++;
                last = t + 1;
            }
        for (int v = 0; v <= n; v++)
            cr_assert_leq(sends[v], 1, "n=%d nb=%ld step %ld: %d sends twice", n, nb, t, v - 1);
        for (int v = 0; v < n; v++)
            cr_assert_leq(recvs[v], 1, "n=%d nb=%ld step %ld: %d receives twice", n, nb, t, v);
    }
    for (int v = 0; v < n; v++)
        for (long b = 0; b < nb; b++)
            cr_assert_geq(got[v][b], 0, "n=%d nb=%ld: %d never gets block %ld", n, nb, v, b);
    cr_assert_eq(last, rounds, "n=%d nb=%ld", n, nb);
    cr_assert_leq(rounds, 2 * ((nb + 1) / 2) + 2 * collalg__ceil_log2(p), "n=%d nb=%ld: %ld rounds", n, nb, rounds);
}

Test(two_tree, pipelined_schedule)
{
    static unsigned char col[2 * PMAX];
    const long nbs[] = {1, 2, 3, 4, 7, 20, 63};
    for (int n = 1; n < PMAX; n++) {
        collalg__two_tree_colour(n, col);
        for (size_t i = 0; i < sizeof nbs / sizeof nbs[0]; i++)
            simulate(n, nbs[i], col);
    }
    cr_assert_eq(collalg__two_tree_rounds(0, 5, col), 0); /* p = 1: nothing moves */
}
