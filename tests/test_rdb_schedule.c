/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the recursive doubling schedule for any p without folding
 * (schedule/recursive_doubling.h), checked exhaustively for p = 1 .. RS_MAXP without MPI.
 *
 * A simulation replays the schedule: every rank starts with its own block; in each exchange or
 * forwarding round every message carries a range of blocks taken from the state before the
 * round, its sender must hold all of them, and the receiver must post the matching receive (same
 * peer, same range). At the end every rank must hold every block, each received exactly once. */
#include <criterion/criterion.h>
#include <string.h>
#include <collalg/schedule/common.h>
#include <collalg/schedule/recursive_doubling.h>

#define RS_MAXP 130

/* has[r][b]: rank r holds block b; before: the same at the start of the round; times[r][b]: how
 * often r received b. */
static unsigned char has[RS_MAXP][RS_MAXP], before[RS_MAXP][RS_MAXP], times[RS_MAXP][RS_MAXP];

/* Rank `to` receives blocks [lo, lo + n) from `from`, which held them before the round. */
static void rs_move(int p, int m, int from, int to, int lo, int n)
{
    for (int b = lo; b < lo + n; b++) {
        cr_assert(before[from][b], "p=%d m=%d: %d sends block %d to %d without holding it", p, m, from, b, to);
        has[to][b] = 1;
        times[to][b]++;
    }
}

/* Replays the whole schedule for p; returns the steps on the longest path (exchanges + rounds). */
static int rs_replay(int p)
{
    int steps = 0;
    memset(has, 0, sizeof has);
    memset(times, 0, sizeof times);
    for (int r = 0; r < p; r++)
        has[r][r] = 1;
    for (int m = 1; m < p; m <<= 1) {
        int rounds = 0, g, gn, pg, pgn;
        memcpy(before, has, sizeof has);
        for (int r = 0; r < p; r++) {
            int partner = collalg__rdb_partner(r, p, m);
            cr_assert_eq(partner, (r ^ m) < p ? (r ^ m) : -1);
            if (!collalg__rdb_groups(r, p, m, &g, &gn, &pg, &pgn)) {
                cr_assert_eq(collalg__rdb_rounds(r, p, m), 0);
                continue;
            }
            cr_assert(g <= r && r < g + gn && gn >= 1 && pgn >= 1 && pg + pgn <= p && g + gn <= p);
            if (pg < g)
                cr_assert(partner >= 0, "p=%d m=%d: upper-group rank %d without partner", p, m, r);
            if (partner >= 0) {
                int g2, gn2, pg2, pgn2;
                cr_assert_eq(collalg__rdb_partner(partner, p, m), r);
                cr_assert(collalg__rdb_groups(partner, p, m, &g2, &gn2, &pg2, &pgn2));
                cr_assert(g2 == pg && gn2 == pgn && pg2 == g && pgn2 == gn, "p=%d m=%d: %d and %d disagree", p, m, r,
                          partner);
                rs_move(p, m, partner, r, pg, pgn);
            }
            if (collalg__rdb_rounds(r, p, m) > rounds)
                rounds = collalg__rdb_rounds(r, p, m);
        }
        for (int t = 0; t < rounds; t++) {
            memcpy(before, has, sizeof has);
            for (int r = 0; r < p; r++) {
                int to, from;
                if (t >= collalg__rdb_rounds(r, p, m))
                    continue;
                collalg__rdb_forward(r, p, m, t, &to, &from);
                cr_assert(to < 0 || from < 0, "p=%d m=%d round %d: %d sends and receives", p, m, t, r);
                collalg__rdb_groups(r, p, m, &g, &gn, &pg, &pgn);
                if (to >= 0) {
                    int tto, tfrom;
                    cr_assert(to > r && to < g + gn && t < collalg__rdb_rounds(to, p, m));
                    collalg__rdb_forward(to, p, m, t, &tto, &tfrom);
                    cr_assert_eq(tfrom, r, "p=%d m=%d round %d: %d sends to %d, which receives from %d", p, m, t, r, to,
                                 tfrom);
                    cr_assert_eq(collalg__rdb_partner(to, p, m), -1, "forward to a rank that has a partner");
                }
                if (from >= 0) {
                    int fto, ffrom;
                    collalg__rdb_forward(from, p, m, t, &fto, &ffrom);
                    cr_assert_eq(fto, r, "p=%d m=%d round %d: %d receives from %d, which sends to %d", p, m, t, r, from,
                                 fto);
                    rs_move(p, m, from, r, pg, pgn);
                }
            }
        }
        /* invariant: every rank holds its whole 2m-group */
        for (int r = 0; r < p; r++) {
            int lo = r & ~(2 * m - 1);
            for (int b = lo; b < lo + 2 * m && b < p; b++)
                cr_assert(has[r][b], "p=%d after m=%d: rank %d lacks block %d", p, m, r, b);
        }
        steps += 1 + rounds;
    }
    for (int r = 0; r < p; r++)
        for (int b = 0; b < p; b++)
            cr_assert_eq(times[r][b], b == r ? 0 : 1, "p=%d: rank %d received block %d %d times", p, r, b, times[r][b]);
    return steps;
}

Test(rdb_schedule, every_block_once_for_any_p)
{
    for (int p = 1; p <= RS_MAXP; p++) {
        int steps = rs_replay(p), l = collalg__ceil_log2(p);
        if (collalg__is_pof2(p))
            cr_assert_eq(steps, l, "p=%d: %d steps for a power of two", p, steps);
        else
            cr_assert(steps >= l && steps <= l + l * (l - 1) / 2, "p=%d: %d steps", p, steps);
    }
}

/* p = 2^k + 1: the single upper rank joins at the last step, whose lower group then needs k
 * forwarding rounds (the worst case documented in allgather/recursive_doubling.h). */
Test(rdb_schedule, one_past_a_power_of_two)
{
    for (int k = 1; k <= 6; k++) {
        int p = (1 << k) + 1;
        cr_assert_eq(rs_replay(p), 2 * k + 1, "p=%d", p);
        cr_assert_eq(collalg__rdb_rounds(0, p, 1 << k), k);
        cr_assert_eq(collalg__rdb_rounds(p - 1, p, 1 << k), 0);
    }
}

/* The p = 6 trace of the headers' Doxygen blocks. */
Test(rdb_schedule, trace_p6)
{
    int g, gn, pg, pgn, to, from;
    cr_assert_eq(collalg__rdb_partner(4, 6, 1), 5);
    cr_assert_not(collalg__rdb_groups(4, 6, 2, &g, &gn, &pg, &pgn)); /* 4 and 5 idle at m = 2 */
    cr_assert_not(collalg__rdb_groups(5, 6, 2, &g, &gn, &pg, &pgn));
    cr_assert(collalg__rdb_groups(0, 6, 2, &g, &gn, &pg, &pgn) && g == 0 && gn == 2 && pg == 2 && pgn == 2);
    cr_assert(collalg__rdb_groups(1, 6, 4, &g, &gn, &pg, &pgn) && g == 0 && gn == 4 && pg == 4 && pgn == 2);
    cr_assert(collalg__rdb_groups(5, 6, 4, &g, &gn, &pg, &pgn) && g == 4 && gn == 2 && pg == 0 && pgn == 4);
    cr_assert_eq(collalg__rdb_partner(1, 6, 4), 5);
    cr_assert_eq(collalg__rdb_partner(2, 6, 4), -1);
    cr_assert_eq(collalg__rdb_rounds(0, 6, 4), 1);
    cr_assert_eq(collalg__rdb_rounds(4, 6, 4), 0);
    collalg__rdb_forward(0, 6, 4, 0, &to, &from);
    cr_assert(to == 2 && from == -1);
    collalg__rdb_forward(1, 6, 4, 0, &to, &from);
    cr_assert(to == 3 && from == -1);
    collalg__rdb_forward(3, 6, 4, 0, &to, &from);
    cr_assert(to == -1 && from == 1);
    cr_assert_eq(rs_replay(6), 4);
}

/* ---- the fold and the step iterator ------------------------------------------------------------ */

static const int rs_styles[3] = {COLLALG__RDB_FOLD_NONE, COLLALG__RDB_FOLD_PAIRS, COLLALG__RDB_FOLD_HIGH};

/* Every member of every group size, fold and stride: the survivors are 0 .. q-1, each once, at the
 * rank collalg__rdb_rank() names; fold partners are mutual, one survivor and one folded member;
 * collalg__rdb_survivor() names the survivor a member counts as. */
Test(rdb_schedule, fold_any_n)
{
    static int seen[RS_MAXP];
    for (int n = 1; n <= RS_MAXP; n++)
        for (int k = 0; k < 3; k++)
            for (int stride = 1; stride <= 3; stride += 2) {
                int style = rs_styles[k], pof2 = collalg__pof2_floor(n), q = style ? pof2 : n, last = -1;
                memset(seen, 0, sizeof seen);
                for (int j = 0; j < n; j++) {
                    collalg__rdb_fold f, g;
                    collalg__rdb_fold_init(&f, n, stride, j, style);
                    cr_assert(f.pof2 == pof2 && f.rem == n - pof2 && f.q == q && f.steps == collalg__ceil_log2(q));
                    if (style == COLLALG__RDB_FOLD_NONE)
                        cr_assert(f.newrank == j && f.partner == -1);
                    if (f.newrank >= 0) {
                        cr_assert(f.newrank < q && !seen[f.newrank]++, "n=%d style=%d: survivor %d twice", n, style,
                                  f.newrank);
                        cr_assert_eq(collalg__rdb_rank(&f, f.newrank), j * stride);
                        cr_assert_eq(collalg__rdb_survivor(&f, j), f.newrank);
                    } else {
                        cr_assert(f.partner >= 0, "n=%d style=%d: member %d folded without a partner", n, style, j);
                    }
                    if (f.partner >= 0) {
                        cr_assert(f.partner % stride == 0 && f.partner / stride < n);
                        collalg__rdb_fold_init(&g, n, stride, f.partner / stride, style);
                        cr_assert_eq(g.partner, j * stride, "n=%d style=%d: fold of %d not mutual", n, style, j);
                        cr_assert((f.newrank < 0) != (g.newrank < 0), "n=%d style=%d: %d and %d", n, style, j,
                                  f.partner / stride);
                        if (f.newrank < 0)
                            cr_assert_eq(collalg__rdb_survivor(&f, j), g.newrank);
                    }
                    if (style == COLLALG__RDB_FOLD_HIGH)
                        cr_assert_eq(f.partner,
                                     j >= pof2 ? (j - pof2) * stride : (j < n - pof2 ? (j + pof2) * stride : -1));
                    if (style == COLLALG__RDB_FOLD_PAIRS) { /* the survivors keep the members' order */
                        cr_assert(collalg__rdb_survivor(&f, j) >= last);
                        last = collalg__rdb_survivor(&f, j);
                    }
                }
                for (int i = 0; i < q; i++)
                    cr_assert(seen[i], "n=%d style=%d: no survivor %d", n, style, i);
            }
}

/* The iterator walks the steps mask = 1, 2, ... below q of every survivor, in increasing or
 * decreasing order, with the partner the primitives above name and its side (with a fold: whole
 * groups, a partner, no forwarding); a folded member has no step. */
Test(rdb_schedule, iterator_walks_the_steps)
{
    for (int n = 1; n <= RS_MAXP; n++)
        for (int k = 0; k < 3; k++)
            for (int j = 0; j < n; j++) {
                collalg__rdb_fold f;
                collalg__rdb_step st;
                int want[32], nwant = 0, got = 0, me, g, gn, pg, pgn;
                collalg__rdb_fold_init(&f, n, 2, j, rs_styles[k]);
                me = f.newrank;
                for (int mask = 1; me >= 0 && mask < f.q; mask <<= 1)
                    want[nwant++] = mask;
                for (int down = 0; down <= 1; down++) {
                    got = 0;
                    for (collalg__rdb_begin(&f, &st, down); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
                        int mask, peer, busy;
                        cr_assert(got < nwant, "n=%d style=%d member %d: too many steps", n, rs_styles[k], j);
                        mask = want[down ? nwant - 1 - got : got];
                        peer = collalg__rdb_partner(me, f.q, mask);
                        busy = collalg__rdb_groups(me, f.q, mask, &g, &gn, &pg, &pgn);
                        cr_assert(busy || st.rank < 0, "n=%d: an idle step with a partner", n);
                        cr_assert(st.mask == mask && 1 << st.s == mask && st.peer == (me ^ mask));
                        cr_assert_eq(st.rank, peer < 0 ? -1 : collalg__rdb_rank(&f, peer));
                        cr_assert_eq(st.upper, (me & mask) != 0);
                        if (rs_styles[k] != COLLALG__RDB_FOLD_NONE)
                            cr_assert(busy && peer >= 0 && gn == mask && pgn == mask &&
                                      collalg__rdb_rounds(me, f.q, mask) == 0);
                        got++;
                    }
                    cr_assert_eq(got, nwant, "n=%d style=%d member %d: %d steps, not %d", n, rs_styles[k], j, got,
                                 nwant);
                }
            }
}

/* An allreduce over MPICH's fold, replayed on intervals of members: every survivor combines runs of
 * members that adjoin its own on the side the step names (upper: the partner's run is below), so a
 * non-commutative reduction keeps the members' order, and after the unfold every member holds the
 * reduction over all of them. */
Test(rdb_schedule, folded_pairs_keep_the_order)
{
    static int lo[RS_MAXP], hi[RS_MAXP], plo[RS_MAXP], phi[RS_MAXP];
    for (int n = 1; n <= RS_MAXP; n++) {
        collalg__rdb_fold f[RS_MAXP];
        for (int j = 0; j < n; j++) {
            collalg__rdb_fold_init(&f[j], n, 1, j, COLLALG__RDB_FOLD_PAIRS);
            lo[j] = j;
            hi[j] = j + 1;
        }
        for (int j = 0; j < n; j++) /* fold in: the even (lower) member's run goes before the odd one's */
            if (f[j].newrank < 0) {
                cr_assert(hi[j] == lo[f[j].partner]);
                lo[f[j].partner] = lo[j];
            }
        for (int s = 0; s < f[0].pof2 && (1 << s) < f[0].pof2; s++) {
            memcpy(plo, lo, sizeof lo);
            memcpy(phi, hi, sizeof hi);
            for (int j = 0; j < n; j++) {
                collalg__rdb_step st;
                int t = 0;
                if (f[j].newrank < 0)
                    continue;
                for (collalg__rdb_begin(&f[j], &st, 0); collalg__rdb_more(&f[j], &st) && t < s;
                     collalg__rdb_next(&f[j], &st))
                    t++;
                cr_assert(collalg__rdb_more(&f[j], &st) && st.s == s);
                if (st.upper) {
                    cr_assert(phi[st.rank] == plo[j], "n=%d step %d: %d's partner run is not just below", n, s, j);
                    lo[j] = plo[st.rank];
                } else {
                    cr_assert(plo[st.rank] == phi[j], "n=%d step %d: %d's partner run is not just above", n, s, j);
                    hi[j] = phi[st.rank];
                }
            }
        }
        for (int j = 0; j < n; j++) { /* unfold */
            int from = f[j].newrank < 0 ? f[j].partner : j;
            cr_assert(lo[from] == 0 && hi[from] == n, "n=%d: member %d ends with [%d, %d)", n, j, lo[from], hi[from]);
        }
    }
}
