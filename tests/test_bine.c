/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the Bine tree of schedule/bine.h, simulated without MPI.
 * - negabinary digits and values, the ranges [lo_t, hi_t], labels a bijection of the core;
 * - for p = 1 .. 300 and every root (p <= 40; roots 0, 1, p / 2, p - 1 above): a spanning tree
 *   rooted at root (every other rank has one parent and is one child of it, the parent chain
 *   reaches the root), a broadcast simulated round by round: every rank receives exactly once,
 *   from a rank that already holds the message, one message out per rank per round, all in
 *   ceil(log2 p) rounds; core edges of round r join ranks |rho(k - 1 - r)| apart (Swing's rho),
 *   an extra is e = p - q ranks from its parent;
 * - the tree order: a permutation with its inverse, every subtree one run of positions holding
 *   the node, tiled by the node and its children's runs; p = 2^k: the order is the ring from
 *   lo_k. */
#include <criterion/criterion.h>
#include <string.h>
#include <collalg/schedule/bine.h>

/* Only failures are reported to the runner (see tests/test_kradix.c). */
#define CHECK(cond, ...)                  \
    do {                                  \
        if (!(cond))                      \
            cr_assert(cond, __VA_ARGS__); \
    } while (0)

#define PMAX 300

Test(bine, negabinary)
{
    static const long long lo[] = {0, 0, -2, -2, -10, -10, -42, -42}, hi[] = {0, 1, 1, 5, 5, 21, 21, 85};
    long long x;
    int t;
    for (x = -100000; x <= 100000; x++)
        CHECK(collalg__bine_value(collalg__bine_digits(x)) == x, "x = %lld", x);
    CHECK(collalg__bine_digits(-1) == 3 && collalg__bine_digits(2) == 6 && collalg__bine_digits(-2) == 2, "digits");
    for (t = 0; t < 8; t++)
        CHECK(collalg__bine_lo(t) == lo[t] && collalg__bine_hi(t) == hi[t], "t = %d", t);
    for (t = 0; t <= 30; t++) {
        CHECK(collalg__bine_hi(t) - collalg__bine_lo(t) + 1 == 1LL << t, "t = %d: 2^t values", t);
        CHECK(collalg__bine_digits(collalg__bine_lo(t)) < 1ULL << t, "t = %d: lo has t digits", t);
        CHECK(collalg__bine_digits(collalg__bine_hi(t)) < 1ULL << t, "t = %d: hi has t digits", t);
    }
}

Test(bine, labels)
{
    static unsigned char seen[1 << 16];
    int k;
    for (k = 0; k <= 16; k++) {
        long long x, lo = collalg__bine_lo(k), hi = collalg__bine_hi(k);
        memset(seen, 0, sizeof seen);
        for (x = lo; x <= hi; x++) {
            unsigned c = collalg__bine_label(x);
            CHECK(c < 1u << k && !seen[c], "k=%d x=%lld: label %u", k, x, c);
            seen[c] = 1;
            CHECK(collalg__bine_unlabel(c) == x, "k=%d x=%lld: unlabel", k, x);
        }
    }
    CHECK(collalg__bine_label(0) == 0, "root label");
}

static int cyc(int a, int b, int p)
{
    int d = a > b ? a - b : b - a;
    return d < p - d ? d : p - d;
}

/* The tree on p ranks rooted at root, in absolute ranks. */
static void check_tree(int p, int root)
{
    static int parent[PMAX], got[PMAX], round_of[PMAX], has[PMAX], sent[PMAX][16];
    collalg__bine t = collalg__bine_shape(p);
    int rounds = collalg__bine_rounds(&t), v, i, r, want = 0;
    while ((1 << want) < p)
        want++;
    CHECK(rounds == want, "p=%d: %d rounds", p, rounds);
    CHECK(t.q <= p && 2 * t.q > p && t.q == 1 << t.k, "p=%d: q=%d", p, t.q);
    memset(got, 0, sizeof got);
    memset(sent, 0, sizeof sent);
    for (v = 0; v < p; v++) {
        int a = (v + root) % p, pv = collalg__bine_parent(&t, v), n = collalg__bine_nchildren(&t, v);
        parent[a] = pv < 0 ? -1 : (pv + root) % p;
        round_of[a] = collalg__bine_round(&t, v);
        CHECK((pv < 0) == (v == 0) && pv < p, "p=%d v=%d: parent %d", p, v, pv);
        CHECK(round_of[a] >= (v == 0 ? -1 : 0) && round_of[a] < rounds, "p=%d v=%d: round %d", p, v, round_of[a]);
        CHECK(n >= 0 && n <= rounds, "p=%d v=%d: %d children", p, v, n);
        for (i = 0; i < n; i++) {
            int cr, ch = collalg__bine_child(&t, v, i, &cr);
            CHECK(ch > 0 && ch < p && collalg__bine_parent(&t, ch) == v, "p=%d v=%d: child %d", p, v, ch);
            CHECK(cr == collalg__bine_round(&t, ch) && cr > collalg__bine_round(&t, v), "p=%d v=%d: child %d round %d",
                  p, v, ch, cr);
            CHECK(cr >= 0 && cr < 16 && !sent[v][cr], "p=%d v=%d: two sends in round %d", p, v, cr);
            sent[v][cr] = 1;
            got[(ch + root) % p]++;
            if (collalg__bine_is_extra(&t, ch))
                CHECK(cr == t.k && cyc(v, ch, p) == t.e, "p=%d: extra %d from %d", p, ch, v);
            else {
                long long d = collalg__bine_coord(&t, ch) - collalg__bine_coord(&t, v),
                          rho = collalg__swing_rho(t.k - 1 - cr);
                CHECK(d == rho || d == -rho, "p=%d v=%d -> %d: distance %lld in round %d", p, v, ch, d, cr);
            }
        }
    }
    for (v = 0; v < p; v++) {
        int a = v, steps = 0;
        CHECK(got[v] == (v == root ? 0 : 1), "p=%d root=%d: rank %d received %d times", p, root, v, got[v]);
        while (a != root && steps <= rounds) {
            a = parent[a];
            steps++;
        }
        CHECK(a == root, "p=%d root=%d: rank %d does not reach the root", p, root, v);
    }
    /* the broadcast, round by round: a sender holds the message before its round */
    memset(has, 0, sizeof has);
    has[root] = 1;
    for (r = 0; r < rounds; r++) {
        static int now[PMAX];
        memcpy(now, has, sizeof now);
        for (v = 0; v < p; v++)
            if (round_of[v] == r) {
                CHECK(has[parent[v]] && !has[v], "p=%d root=%d round %d: %d from %d", p, root, r, v, parent[v]);
                now[v] = 1;
            }
        memcpy(has, now, sizeof has);
    }
    for (v = 0; v < p; v++)
        CHECK(has[v], "p=%d root=%d: rank %d never got the message", p, root, v);
}

Test(bine, tree_p1_to_300)
{
    int p, root;
    for (p = 1; p <= PMAX; p++)
        for (root = 0; root < p; root++)
            if (p <= 40 || root == 0 || root == 1 || root == p / 2 || root == p - 1)
                check_tree(p, root);
}

/* The tree order and the subtrees as runs, on relative ranks. */
static void check_order(int p)
{
    static int seen[PMAX];
    collalg__bine t = collalg__bine_shape(p);
    int v, i, first, n;
    memset(seen, 0, sizeof seen);
    for (v = 0; v < p; v++) {
        int pos = collalg__bine_pos(&t, v);
        CHECK(pos >= 0 && pos < p && !seen[pos], "p=%d v=%d: position %d", p, v, pos);
        seen[pos] = 1;
        CHECK(collalg__bine_at(&t, pos) == v, "p=%d: at(%d) = %d, not %d", p, pos, collalg__bine_at(&t, pos), v);
        if (t.e == 0)
            CHECK(pos == (int)(((v - t.lo) % p + p) % p), "p=%d v=%d: not the ring from lo", p, v);
    }
    collalg__bine_subtree(&t, 0, &first, &n);
    CHECK(first == 0 && n == p, "p=%d: root's run [%d, +%d)", p, first, n);
    for (v = 0; v < p; v++) {
        int pos = collalg__bine_pos(&t, v), nc = collalg__bine_nchildren(&t, v), total = 1, r;
        static int cover[PMAX];
        collalg__bine_subtree(&t, v, &first, &n);
        CHECK(first >= 0 && n >= 1 && first + n <= p && pos >= first && pos < first + n,
              "p=%d v=%d: run [%d, +%d), position %d", p, v, first, n, pos);
        memset(cover, 0, sizeof cover);
        cover[pos] = 1;
        for (i = 0; i < nc; i++) {
            int cf, cn, j, ch = collalg__bine_child(&t, v, i, &r);
            collalg__bine_subtree(&t, ch, &cf, &cn);
            CHECK(cf >= first && cf + cn <= first + n, "p=%d v=%d: child %d's run outside", p, v, ch);
            for (j = cf; j < cf + cn && j < p && j >= 0; j++) {
                CHECK(!cover[j], "p=%d v=%d: position %d twice", p, v, j);
                cover[j] = 1;
            }
            total += cn;
        }
        CHECK(total == n, "p=%d v=%d: run of %d, children and node %d", p, v, n, total);
    }
}

Test(bine, order_p1_to_300)
{
    int p;
    for (p = 1; p <= PMAX; p++)
        check_order(p);
}
