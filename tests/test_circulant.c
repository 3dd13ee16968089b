/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the circulant-graph n-block broadcast schedule of schedule/circulant.h, checked
 * without MPI for p = 1 .. 300 and several block counts n by simulating the rounds: every
 * non-root rank receives every block exactly once, from a sender that holds it, before it sends
 * it; sends and receives agree; one send and one receive per rank and round; n - 1 + q rounds. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/schedule/circulant.h>

#define PMAX 300

static int ceil_log2(int p)
{
    int q = 0;
    while ((1 << q) < p)
        q++;
    return q;
}

Test(circulant, skips_halve_from_p_down_to_one)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1];
    for (int p = 1; p <= 100000; p++) {
        int q = collalg__circulant_skips(p, skip);
        cr_assert_eq(q, ceil_log2(p), "p=%d", p);
        cr_assert_eq(skip[q], p);
        cr_assert_eq(skip[0], 1, "p=%d", p);
        for (int k = 0; k < q; k++)
            cr_assert(skip[k] < skip[k + 1] && 2 * skip[k] >= skip[k + 1], "p=%d k=%d", p, k);
        if ((p & (p - 1)) == 0)
            for (int k = 0; k <= q; k++)
                cr_assert_eq(skip[k], 1 << k);
    }
    cr_assert_eq(collalg__circulant_skips(2147483647, skip), 31);
}

Test(circulant, baseblock_is_the_last_skip_of_the_greedy_sum)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1];
    for (int p = 1; p <= PMAX; p++) {
        int q = collalg__circulant_skips(p, skip);
        cr_assert_eq(collalg__circulant_baseblock(0, skip, q), q);
        for (int r = 1; r < p; r++) {
            int k = q - 1, rt = r, last = -1;
            for (; k >= 0 && rt > 0; k--)
                if (rt >= skip[k]) {
                    rt -= skip[k];
                    last = k;
                }
            cr_assert_eq(rt, 0, "p=%d r=%d not a sum of skips", p, r);
            cr_assert_eq(collalg__circulant_baseblock(r, skip, q), last, "p=%d r=%d", p, r);
        }
    }
}

/* The receive schedule by its definition: every rank of each window visited. */
static void recv_reference(int rel, int p, const int *skip, int q, int *recv)
{
    int b = collalg__circulant_baseblock(rel, skip, q);
    unsigned long long used = 1ULL << b;
    for (int k = 0; k < q; k++) {
        long long lo = (long long)rel - skip[k + 1];
        int best = -1;
        for (long long x = lo + 1; x <= (long long)rel - skip[k]; x++) {
            int e = collalg__circulant_baseblock((int)((x + p) % p), skip, q);
            if (e > best && !(used >> e & 1ULL))
                best = e;
        }
        if (best < 0)
            best = collalg__circulant_baseblock((int)((lo + p) % p), skip, q);
        used |= 1ULL << best;
        recv[k] = best == q ? b : best - q;
    }
}

Test(circulant, window_search_matches_a_scan_of_every_window)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1], fast[COLLALG_CIRCULANT_MAXQ], ref[COLLALG_CIRCULANT_MAXQ];
    for (int p = 1; p <= 1100; p++) {
        int q = collalg__circulant_skips(p, skip);
        for (int r = 0; r<p; r += p> 300 ? 7 : 1) {
            collalg__circulant_recv_schedule(r, p, skip, q, q - 1, fast);
            recv_reference(r, p, skip, q, ref);
            for (int k = 0; k < q; k++)
                cr_assert_eq(fast[k], ref[k], "p=%d r=%d k=%d: %d, by the definition %d", p, r, k, fast[k], ref[k]);
        }
    }
}

Test(circulant, root_sends_its_blocks_in_order)
{
    collalg__circulant s;
    for (int p = 2; p <= PMAX; p++) {
        collalg__circulant_init(&s, p, 0);
        for (int k = 0; k < s.q; k++)
            cr_assert_eq(s.send[k], k, "p=%d k=%d: %d", p, k, s.send[k]);
    }
}

/* Simulates a broadcast of n blocks over p ranks; has[r * n + b] records when r got block b. */
static void simulate(const collalg__circulant *all, int p, int n, char *has, char *got)
{
    int rounds = collalg__circulant_rounds(&all[0], n);
    cr_assert_eq(rounds, p == 1 ? 0 : n - 1 + ceil_log2(p), "p=%d n=%d rounds %d", p, n, rounds);
    memset(has, 0, (size_t)p * n);
    memset(has, 1, (size_t)n); /* the root */
    for (int j = 0; j < rounds; j++) {
        memset(got, 0, (size_t)p);
        for (int r = 0; r < p; r++) {
            const collalg__circulant *s = &all[r];
            int to = collalg__circulant_to(s, n, j), sb = collalg__circulant_send_block(s, n, j);
            int from = collalg__circulant_from(s, n, j), rb = collalg__circulant_recv_block(s, n, j);
            cr_assert_eq(collalg__circulant_from(&all[to], n, j), r, "p=%d n=%d j=%d r=%d: peers disagree", p, n, j, r);
            cr_assert_eq(collalg__circulant_recv_block(&all[to], n, j), sb,
                         "p=%d n=%d j=%d: %d sends %d, %d expects %d", p, n, j, r, sb, to,
                         collalg__circulant_recv_block(&all[to], n, j));
            if (rb < 0)
                continue;
            cr_assert(r != 0 && rb < n);
            cr_assert_eq(got[r], 0, "p=%d n=%d j=%d: rank %d receives twice", p, n, j, r);
            got[r] = 1;
            cr_assert_eq(has[(size_t)from * n + rb] & 1, 1, "p=%d n=%d j=%d: %d sends block %d it does not hold", p, n,
                         j, from, rb);
            cr_assert_eq(has[(size_t)r * n + rb], 0, "p=%d n=%d j=%d: %d receives block %d again", p, n, j, r, rb);
            has[(size_t)r * n + rb] = 2; /* held from the next round on */
        }
        for (size_t i = 0; i < (size_t)p * n; i++)
            if (has[i] == 2)
                has[i] = 1;
    }
    for (int r = 0; r < p; r++)
        for (int b = 0; b < n; b++)
            cr_assert_eq(has[(size_t)r * n + b], 1, "p=%d n=%d: rank %d misses block %d", p, n, r, b);
}

Test(circulant, every_rank_receives_every_block_once_in_n_minus_1_plus_q_rounds)
{
    collalg__circulant *all = malloc(sizeof *all * PMAX);
    char *has = malloc((size_t)PMAX * 64), got[PMAX];
    cr_assert(all && has);
    for (int p = 1; p <= PMAX; p++) {
        int q = ceil_log2(p), ns[] = {1, 2, 3, 4, 5, 7, 10, q, q + 1, 2 * q - 1, 3 * q + 2, 64};
        for (int r = 0; r < p; r++)
            collalg__circulant_init(&all[r], p, r);
        for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
            if (ns[i] >= 1 && ns[i] <= 64)
                simulate(all, p, ns[i], has, got);
    }
    free(has);
    free(all);
}

Test(circulant, large_p_schedules_are_consistent)
{
    collalg__circulant s, t;
    int ps[] = {1000, 1023, 1025, 4097, 65537, 1000003, 2147483647};
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++)
        for (long long r = 0; r < ps[i]; r += ps[i] / 37 + 1) {
            collalg__circulant_init(&s, ps[i], (int)r);
            for (int k = 0; k < s.q; k++) {
                collalg__circulant_init(&t, ps[i], (int)(((long long)r + s.skip[k]) % ps[i]));
                cr_assert_eq(s.send[k], t.recv[k]);
                cr_assert(s.recv[k] >= -s.q && s.recv[k] < s.q);
            }
        }
}
