/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the k-nomial tree of schedule/knomial.h, checked exhaustively without MPI for
 * p = 1 .. 300 and radix k = 2 .. 9 (and a few large radices), and against the binomial tree of
 * schedule/common.h for k = 2. */
#include <criterion/criterion.h>
#include <collalg/schedule/common.h>
#include <collalg/schedule/knomial.h>
#include "radix_ref.h"

#define PMAX 300
#define KMAX 9

/* The children of v in broadcast order into out (at most PMAX); returns how many. */
static int children_of(int v, int p, int k, int reverse, int *out)
{
    collalg__knomial_it it;
    int n = 0;
    for (collalg__knomial_first(&it, v, p, k, reverse); it.child >= 0; collalg__knomial_next(&it)) {
        cr_assert_lt(n, PMAX, "p=%d k=%d v=%d: too many children", p, k, v);
        out[n++] = it.child;
    }
    return n;
}

/* One tree: parents, children lists (each child once, its parent is v, ordered by level, highest
 * first, the reverse list is its mirror), contiguous subtrees, spanning tree rooted at 0, rounds. */
static void check_tree(int p, int k)
{
    static int kids[PMAX], rkids[PMAX], seen[PMAX];
    int v, i;

    cr_assert_eq(collalg__knomial_subtree(0, p, k), p, "p=%d k=%d", p, k);
    cr_assert_eq(collalg__knomial_rounds(p, k), rounds_ref(p, k), "p=%d k=%d", p, k);
    for (v = 0; v < p; v++)
        seen[v] = 0;
    for (v = 0; v < p; v++) {
        int n = children_of(v, p, k, 0, kids), rn = children_of(v, p, k, 1, rkids), covered = 1;
        int size = collalg__knomial_subtree(v, p, k);
        cr_assert_eq(n, rn, "p=%d k=%d v=%d: %d children, %d in reverse", p, k, v, n, rn);
        cr_assert_eq(n, collalg__knomial_nchildren(v, p, k));
        cr_assert(size >= 1 && v + size <= p, "p=%d k=%d v=%d: subtree size %d", p, k, v, size);
        for (i = 0; i < n; i++) {
            int c = kids[i], cs = collalg__knomial_subtree(c, p, k);
            cr_assert_eq(rkids[n - 1 - i], c, "p=%d k=%d v=%d: reverse order differs at %d", p, k, v, i);
            cr_assert(c > v && c < p, "p=%d k=%d v=%d: child %d", p, k, v, c);
            cr_assert_eq(collalg__knomial_parent(c, k), v, "p=%d k=%d: parent(%d) != %d", p, k, c, v);
            cr_assert_eq(seen[c], 0, "p=%d k=%d: %d listed twice", p, k, c);
            seen[c] = 1;
            /* a child's subtree lies inside the parent's */
            cr_assert(c + cs <= v + size, "p=%d k=%d v=%d child %d [%d,%d)", p, k, v, c, c, c + cs);
            covered += cs;
            /* broadcast order: levels (unclipped spans k^j) from the highest down, inside one level
             * increasing ranks */
            if (i > 0) {
                long long span = collalg__knomial_mask(c, p, k), prev = collalg__knomial_mask(kids[i - 1], p, k);
                cr_assert(span < prev || (span == prev && c > kids[i - 1]), "p=%d k=%d v=%d: order", p, k, v);
            }
        }
        /* the subtree [v, v + size) is v plus its children's subtrees */
        cr_assert_eq(covered, size, "p=%d k=%d v=%d: children cover %d of %d", p, k, v, covered, size);
        if (v > 0) {
            int par = collalg__knomial_parent(v, k);
            cr_assert(par >= 0 && par < v, "p=%d k=%d: parent(%d) = %d", p, k, v, par);
            /* v's subtree lies in its parent's */
            cr_assert_leq(v + size, par + collalg__knomial_subtree(par, p, k));
        }
    }
    /* every non-root is some rank's child exactly once (so parents form a tree rooted at 0) */
    cr_assert_eq(seen[0], 0);
    for (v = 1; v < p; v++)
        cr_assert_eq(seen[v], 1, "p=%d k=%d: %d is nobody's child", p, k, v);
    /* every rank reaches 0 in at most `rounds` steps up (each clears one digit) */
    for (v = 1; v < p; v++) {
        int u = v, steps = 0;
        while (u != 0) {
            u = collalg__knomial_parent(u, k);
            steps++;
        }
        cr_assert_leq(steps, collalg__knomial_rounds(p, k), "p=%d k=%d v=%d", p, k, v);
    }
}

Test(knomial, spanning_tree_contiguous_subtrees)
{
    for (int p = 1; p <= PMAX; p++)
        for (int k = 2; k <= KMAX; k++)
            check_tree(p, k);
}

/* A radix at least p is the flat tree: the root's children are 1 .. p-1 in order. */
Test(knomial, large_radix_is_flat)
{
    int kids[PMAX];
    for (int p = 1; p <= 40; p++)
        for (int k = p < 2 ? 2 : p; k <= p + 3; k++) {
            check_tree(p, k);
            cr_assert_eq(children_of(0, p, k, 0, kids), p - 1);
            for (int i = 0; i < p - 1; i++)
                cr_assert_eq(kids[i], i + 1);
        }
}

/* Radix 2 is the binomial tree of schedule/common.h: same parents, masks, subtrees, and the
 * children in the binomial broadcast's order (relrank + mask / 2, + mask / 4, ...). */
Test(knomial, radix_2_is_binomial)
{
    int kids[PMAX];
    for (int p = 1; p <= PMAX; p++) {
        cr_assert_eq(collalg__knomial_rounds(p, 2), collalg__ceil_log2(p));
        for (int v = 0; v < p; v++) {
            int n = children_of(v, p, 2, 0, kids), i = 0, mask;
            cr_assert_eq(collalg__knomial_mask(v, p, 2), collalg__binomial_mask(v, p), "p=%d v=%d", p, v);
            cr_assert_eq(collalg__knomial_subtree(v, p, 2), collalg__binomial_subtree(v, p), "p=%d v=%d", p, v);
            if (v > 0)
                cr_assert_eq(collalg__knomial_parent(v, 2), collalg__binomial_parent(v), "p=%d v=%d", p, v);
            for (mask = collalg__binomial_mask(v, p) >> 1; mask > 0; mask >>= 1)
                if (v + mask < p) {
                    cr_assert_lt(i, n, "p=%d v=%d", p, v);
                    cr_assert_eq(kids[i], v + mask, "p=%d v=%d child %d", p, v, i);
                    i++;
                }
            cr_assert_eq(i, n, "p=%d v=%d", p, v);
        }
    }
}

/* The example of the header (p = 7, k = 3), and no overflow near INT_MAX. */
Test(knomial, example_and_large_p)
{
    int kids[PMAX];
    cr_assert_eq(children_of(0, 7, 3, 0, kids), 4);
    cr_assert(kids[0] == 3 && kids[1] == 6 && kids[2] == 1 && kids[3] == 2);
    cr_assert_eq(children_of(0, 7, 3, 1, kids), 4);
    cr_assert(kids[0] == 2 && kids[1] == 1 && kids[2] == 6 && kids[3] == 3);
    cr_assert_eq(collalg__knomial_subtree(3, 7, 3), 3);
    cr_assert_eq(collalg__knomial_subtree(6, 7, 3), 1);
    cr_assert_eq(collalg__knomial_rounds(7, 3), 2);
    cr_assert_eq(collalg__knomial_rounds(2147483647, 2), 31);
    cr_assert_eq(collalg__knomial_rounds(2147483647, 9), 10);
    cr_assert_eq(collalg__knomial_subtree(0, 2147483647, 7), 2147483647);
    cr_assert_eq(collalg__knomial_parent(2147483646, 2), 2147483644);
    cr_assert_eq(collalg__knomial_nchildren(0, 2147483647, 2), 31);
}
