/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the pure schedule functions of schedule/common.h, checked exhaustively without MPI. */
#include <criterion/criterion.h>
#include <collalg/schedule/common.h>

#define PMAX 130

Test(schedule, mod_and_powers)
{
    cr_expect_eq(collalg__mod(-1, 5), 4);
    cr_expect_eq(collalg__mod(-10, 5), 0);
    cr_expect_eq(collalg__mod(7, 5), 2);
    for (int p = 1; p < 5000; p++) {
        int f = collalg__pof2_floor(p), l = collalg__ceil_log2(p);
        cr_assert(collalg__is_pof2(f) && f <= p && 2 * f > p, "pof2_floor(%d) = %d", p, f);
        cr_assert((1L << l) >= p && (l == 0 || (1L << (l - 1)) < p), "ceil_log2(%d) = %d", p, l);
        cr_assert_eq(collalg__is_pof2(p), f == p);
    }
}

Test(schedule, ring_steps_are_permutations)
{
    for (int p = 1; p <= PMAX; p++)
        for (int i = 1; i < p; i++)
            for (int r = 0; r < p; r++) {
                int to = collalg__ring_to(r, p, i);
                cr_assert_eq(collalg__ring_from(to, p, i), r, "p=%d step %d rank %d", p, i, r);
                cr_assert_neq(to, r);
            }
}

/* Every step of the pair schedule is a matching (peer of peer is self), every pair of distinct
 * ranks meets exactly once, and a rank meets itself at most once (exactly once for odd p). */
Test(schedule, pair_is_a_one_factorisation)
{
    static char met[PMAX][PMAX];
    for (int p = 1; p <= PMAX; p++) {
        int steps = collalg__pair_nsteps(p);
        memset(met, 0, sizeof met);
        cr_assert_eq(steps, p <= 1 ? 0 : (p % 2 ? p : p - 1));
        for (int s = 0; s < steps; s++)
            for (int r = 0; r < p; r++) {
                int q = collalg__pair_peer(r, p, s);
                cr_assert(q >= 0 && q < p, "p=%d s=%d r=%d peer %d out of range", p, s, r, q);
                cr_assert_eq(collalg__pair_peer(q, p, s), r, "p=%d s=%d: %d -> %d not symmetric", p, s, r, q);
                met[r][q]++;
            }
        for (int r = 0; r < p; r++)
            for (int q = 0; q < p; q++) {
                int want = r != q ? 1 : (p > 1 && p % 2 == 1);
                cr_assert_eq(met[r][q], want, "p=%d: ranks %d and %d meet %d times", p, r, q, met[r][q]);
            }
    }
}

Test(schedule, pair_is_xor_for_powers_of_two)
{
    for (int p = 2; p <= 128; p *= 2)
        for (int s = 0; s < p - 1; s++)
            for (int r = 0; r < p; r++)
                cr_assert_eq(collalg__pair_peer(r, p, s), r ^ (s + 1));
}

/* N barriers over n phases: distinct, increasing, in the gaps 0 .. n-2, every gap for N = n-1. */
Test(schedule, barrier_placement)
{
    for (int n = 2; n <= PMAX; n++)
        for (int nb = 1; nb <= n - 1; nb++) {
            int prev = -1;
            for (int k = 1; k <= nb; k++) {
                int g = collalg__barrier_after(k, n, nb);
                cr_assert(g > prev && g >= 0 && g <= n - 2, "n=%d N=%d barrier %d after phase %d", n, nb, k, g);
                prev = g;
            }
            if (nb == n - 1)
                cr_assert_eq(prev, n - 2);
        }
}

Test(schedule, meshes_factor_p_closest_to_square_and_cube)
{
    for (int p = 1; p <= 1024; p++) {
        int x, y, x3, y3, z3;
        collalg__mesh2d(p, &x, &y);
        cr_assert(x * y == p && x <= y, "mesh2d(%d) = %d x %d", p, x, y);
        for (int d = x + 1; (long)d * d <= p; d++)
            cr_assert(p % d != 0, "mesh2d(%d): %d x %d is closer to square", p, d, p / d);
        collalg__mesh3d(p, &x3, &y3, &z3);
        cr_assert(x3 * y3 * z3 == p && x3 <= y3 && y3 <= z3, "mesh3d(%d) = %d x %d x %d", p, x3, y3, z3);
    }
    {
        int x, y, z;
        collalg__mesh3d(64, &x, &y, &z);
        cr_expect(x == 4 && y == 4 && z == 4);
        collalg__mesh2d(17, &x, &y);
        cr_expect(x == 1 && y == 17);
    }
}

/* The binomial tree spans every rank once: each v > 0 has a parent below it, and the subtree sizes
 * of the root's children plus the root add up to p. */
Test(schedule, binomial_tree)
{
    for (int p = 1; p <= PMAX; p++) {
        int total = 1;
        cr_assert_eq(collalg__binomial_subtree(0, p), p);
        for (int v = 1; v < p; v++) {
            int parent = collalg__binomial_parent(v);
            cr_assert(parent < v && parent >= 0);
            cr_assert(v - parent == collalg__binomial_mask(v, p), "p=%d v=%d", p, v);
            if (parent == 0)
                total += collalg__binomial_subtree(v, p);
        }
        cr_assert_eq(total, p, "p=%d: root's subtrees cover %d ranks", p, total);
        for (int root = 0; root < p; root++)
            for (int r = 0; r < p; r++)
                cr_assert_eq(collalg__mod(collalg__relrank(r, root, p) + root, p), r);
    }
}

/* The segmented ring's segments: for every count, p and segment bound, the segments of all blocks
 * in block then phase order tile [0, count) exactly, none longer than seg, and the phases are as
 * few as the largest block allows (one fewer would need a segment longer than seg). */
Test(schedule, segring_segments_tile_the_vector)
{
    for (int p = 1; p <= 40; p++)
        for (int seg = 1; seg <= 12; seg++)
            for (int count = 0; count <= 300; count++) {
                int nph = collalg__segring_phases(count, p, seg), next = 0, lo, hi;
                int bmax = count / p + (count % p != 0);
                cr_assert(nph >= 1 && (long)nph * seg >= bmax, "p=%d seg=%d count=%d: %d phases", p, seg, count, nph);
                cr_assert(nph == 1 || (long)(nph - 1) * seg < bmax, "p=%d seg=%d count=%d: %d phases", p, seg, count,
                          nph);
                for (int b = 0; b < p; b++)
                    for (int ph = 0; ph < nph; ph++) {
                        collalg__segring_range(count, p, nph, b, ph, &lo, &hi);
                        cr_assert(lo == next && hi >= lo && hi - lo <= seg, "p=%d seg=%d count=%d b=%d ph=%d: [%d, %d)",
                                  p, seg, count, b, ph, lo, hi);
                        next = hi;
                    }
                cr_assert_eq(next, count);
            }
}

/* The split binary tree, p = 1 .. 300: a spanning tree (every child names its parent, every
 * relative rank reached once from the root), the left subtree the odd relative ranks and the right
 * one the even ones, each of height floor(lg m) below the root's child (m members, heap order),
 * the root's children 1 and 2; the exchange pairs are symmetric and cross the subtrees, and
 * simulated, every rank ends with both halves (its subtree's, then its partner's or the root's). */
Test(schedule, split_tree)
{
    enum { SPMAX = 300 };
    static int seen[SPMAX], depth[SPMAX], has[SPMAX][2];
    for (int p = 1; p <= SPMAX; p++) {
        int queue[SPMAX], head = 0, tail = 0, m[2] = {p / 2, (p - 1) / 2};
        collalg__split_tree t, u;
        for (int v = 0; v < p; v++)
            seen[v] = has[v][0] = has[v][1] = 0;
        queue[tail++] = 0;
        seen[0] = 1;
        depth[0] = 0;
        has[0][0] = has[0][1] = 1;
        while (head < tail) { /* phase 1: each rank gets its subtree's half from its parent */
            int v = queue[head++];
            collalg__split_tree_node(v, p, &t);
            cr_assert(v == 0 ? t.half == -1 && t.parent == -1 : t.half == (v % 2 == 0), "p=%d v=%d", p, v);
            for (int k = 0; k < t.nchild; k++) {
                int c = t.child[k];
                cr_assert(c > 0 && c < p && !seen[c], "p=%d: child %d of %d", p, c, v);
                collalg__split_tree_node(c, p, &u);
                cr_assert_eq(u.parent, v, "p=%d: child %d of %d names %d", p, c, v, u.parent);
                cr_assert(v == 0 ? c == k + 1 : u.half == t.half, "p=%d: child %d of %d", p, c, v);
                seen[c] = 1;
                depth[c] = depth[v] + 1;
                has[c][u.half] = 1;
                queue[tail++] = c;
            }
        }
        cr_assert_eq(tail, p, "p=%d: the tree spans %d ranks", p, tail);
        for (int v = 1; v < p; v++) { /* heights, and phase 2 */
            int h = 0;
            collalg__split_tree_node(v, p, &t);
            while ((2 << h) <= m[t.half])
                h++;
            cr_assert_leq(depth[v], h + 1, "p=%d v=%d: depth %d", p, v, depth[v]);
            if (t.pair == 0) {
                cr_assert(p % 2 == 0 && v == p - 1, "p=%d: %d gets the other half from the root", p, v);
            } else {
                collalg__split_tree_node(t.pair, p, &u);
                cr_assert(t.pair > 0 && t.pair < p && u.pair == v && u.half != t.half, "p=%d: %d pairs %d", p, v,
                          t.pair);
            }
            has[v][1 - t.half] = 1;
        }
        for (int v = 0; v < p; v++)
            cr_assert(has[v][0] && has[v][1], "p=%d: rank %d misses a half", p, v);
    }
}

/* The staggered pipeline's segments: they tile [0, count) in order, the first w ramp up (never
 * empty, never longer than seg, never shorter than the one before) and the rest hold seg; w = 1
 * is the plain pipeline. */
Test(schedule, ramp_segments_tile_the_message)
{
    for (int w = 1; w <= 8; w++)
        for (int seg = 1; seg <= 40; seg++)
            for (long long count = 0; count <= 400; count++) {
                long long n = collalg__ramp_nseg(count, seg, w), prev = 0;
                cr_assert_eq(collalg__ramp_lo(0, seg, w), 0);
                cr_assert(n == 0 ? count == 0 : collalg__ramp_lo(n - 1, seg, w) < count,
                          "w=%d seg=%d count=%lld: %lld segments", w, seg, count, n);
                cr_assert_geq(collalg__ramp_lo(n, seg, w), count);
                for (long long k = 0; k < n; k++) {
                    long long len = collalg__ramp_lo(k + 1, seg, w) - collalg__ramp_lo(k, seg, w);
                    cr_assert(len >= 1 && len <= seg && len >= prev, "w=%d seg=%d segment %lld: %lld", w, seg, k, len);
                    cr_assert(k < w || len == seg);
                    cr_assert(w > 1 || collalg__ramp_lo(k, seg, w) == k * seg);
                    prev = len;
                }
            }
    /* past 2^31 elements: no int overflow */
    cr_assert_eq(collalg__ramp_lo(3, 1 << 30, 2), (1LL << 29) + (1LL << 30) + (1LL << 30));
    cr_assert_eq(collalg__ramp_nseg(1LL << 40, 1 << 20, 4),
                 4 + ((1LL << 40) - (1LL << 20) * 10 / 4 + (1 << 20) - 1) / (1 << 20));
}

/* Sparbit, simulated: in every step each rank sends only blocks it holds, every block it receives
 * is new to it (never its own, never twice), sender and receiver agree on the blocks, and after
 * ceil(lg p) steps every rank holds every block; the counts grow, p - 1 blocks received in all. */
Test(schedule, sparbit_delivers_every_block_once)
{
    static unsigned char have[PMAX + 1][PMAX + 1], got[PMAX + 1][PMAX + 1];
    for (int p = 1; p <= PMAX; p++) {
        int steps = collalg__ceil_log2(p), prev = 1, total = 0;
        for (int r = 0; r < p; r++)
            for (int b = 0; b < p; b++)
                have[r][b] = (unsigned char)(r == b);
        for (int s = 0; s < steps; s++) {
            int d = collalg__sparbit_dist(p, s), n = collalg__sparbit_nblocks(p, d);
            cr_assert(d >= 1 && d < p && (s == 0 || 2 * d == collalg__sparbit_dist(p, s - 1)), "p=%d s=%d d=%d", p, s,
                      d);
            cr_assert(n >= prev && n >= 1, "p=%d d=%d: %d blocks after %d", p, d, n, prev);
            prev = n;
            total += n;
            for (int r = 0; r < p; r++)
                for (int b = 0; b < p; b++)
                    got[r][b] = 0;
            for (int r = 0; r < p; r++) {
                int to = collalg__ring_to(r, p, d), from = collalg__ring_from(to, p, d);
                cr_assert_eq(from, r);
                for (int j = 0; j < n; j++) {
                    int b = collalg__sparbit_block(r, p, d, j);
                    cr_assert(have[r][b], "p=%d d=%d: rank %d sends block %d it lacks", p, d, r, b);
                    cr_assert(!have[to][b] && !got[to][b], "p=%d d=%d: rank %d gets block %d again", p, d, to, b);
                    cr_assert_eq(collalg__sparbit_block(collalg__ring_from(to, p, d), p, d, j), b);
                    got[to][b] = 1;
                }
            }
            for (int r = 0; r < p; r++)
                for (int b = 0; b < p; b++)
                    have[r][b] |= got[r][b];
        }
        cr_assert_eq(total, p - 1, "p=%d", p);
        for (int r = 0; r < p; r++)
            for (int b = 0; b < p; b++)
                cr_assert(have[r][b], "p=%d: rank %d lacks block %d", p, r, b);
    }
}

/* Neighbour exchange, simulated for even p: peers are mutual neighbours, what one sends (a group it
 * holds) is what the other expects (a group it lacks), every group arrives once, and after p / 2
 * steps every rank holds every group. */
Test(schedule, neighbor_exchange_delivers_every_group_once)
{
    static unsigned char have[PMAX + 1][PMAX / 2 + 1];
    static int fresh[PMAX + 1];
    for (int p = 2; p <= PMAX; p += 2) {
        int m = p / 2;
        for (int r = 0; r < p; r++) {
            int q = collalg__neighbor_exchange_peer(r, p, 0);
            cr_assert(q / 2 == r / 2 && q != r && collalg__neighbor_exchange_peer(q, p, 0) == r);
            for (int g = 0; g < m; g++)
                have[r][g] = (unsigned char)(g == r / 2); /* after step 0: the own group */
        }
        for (int s = 1; s < m; s++) {
            for (int r = 0; r < p; r++) {
                int q = collalg__neighbor_exchange_peer(r, p, s), g = collalg__neighbor_exchange_group(r, p, s);
                cr_assert(q == collalg__ring_to(r, p, 1) || q == collalg__ring_from(r, p, 1), "p=%d s=%d r=%d", p, s,
                          r);
                cr_assert_eq(collalg__neighbor_exchange_peer(q, p, s), r, "p=%d s=%d r=%d", p, s, r);
                cr_assert_eq(collalg__neighbor_exchange_group(q, p, s - 1), g, "p=%d s=%d r=%d", p, s, r);
                cr_assert(have[q][g] && !have[r][g], "p=%d s=%d: rank %d gets group %d", p, s, r, g);
                fresh[r] = g;
            }
            for (int r = 0; r < p; r++)
                have[r][fresh[r]] = 1;
        }
        for (int r = 0; r < p; r++)
            for (int g = 0; g < m; g++)
                cr_assert(have[r][g], "p=%d: rank %d lacks group %d", p, r, g);
    }
}
