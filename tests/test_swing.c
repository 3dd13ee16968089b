/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the Swing schedule of schedule/swing.h, simulated without MPI.
 * - peers: rho(s), pi(r, s) an involution onto the other parity, for q = 2 .. 2^20;
 * - the allreduce forms of allreduce/swing_latency.h and swing_bandwidth.h for p = 1 .. 130, with
 *   the fold of the extra ranks (schedule/recursive_doubling.h, COLLALG__RDB_FOLD_PAIRS) that
 *   both use: every message matched (the peer's peer is the sender, sent and expected block
 *   ranges agree), every rank's contribution reduced exactly once into every block, the
 *   reduce-scatter leaving each survivor one distinct block (collalg__swing_block()), and every
 *   rank ending with the whole result;
 * - for q = 2 .. 2^12 the ranges alone (peers hold the same range in every step, the final blocks
 *   a permutation of 0 .. q - 1);
 * - collalg__swing_owners() the inverse of collalg__swing_block() for q = 1 .. 2^16;
 * - the reduce-scatter of reduce_scatter/swing.h for p = 1 .. 130: the user's p blocks laid out in
 *   Swing order by super-block (the blocks of the ranks a survivor stands for), halving over that
 *   layout, then the delivery of a folded rank's block: every rank ends with its own block in
 *   rank order, reduced exactly once over every rank, and every message is one run of the
 *   layout. */
#include <criterion/criterion.h>
#include <string.h>
#include <collalg/schedule/swing.h>
#include <collalg/schedule/recursive_doubling.h>

/* Only failures are reported to the runner (see tests/test_kradix.c). */
#define CHECK(cond, ...)                  \
    do {                                  \
        if (!(cond))                      \
            cr_assert(cond, __VA_ARGS__); \
    } while (0)

#define PMAX 130
#define QMAX 128 /* the largest power of two <= PMAX */

Test(swing, rho_and_peers)
{
    static const long long want[] = {1, -1, 3, -5, 11, -21, 43, -85, 171, -341};
    int s, q, r, k;
    for (s = 0; s < 10; s++)
        CHECK(collalg__swing_rho(s) == want[s], "rho(%d) = %lld", s, collalg__swing_rho(s));
    CHECK(collalg__swing_rho(29) == (1 - (1LL << 30)) / 3, "rho(29)");
    for (k = 1, q = 2; k <= 20; k++, q *= 2) {
        CHECK(collalg__swing_steps(q) == k, "steps(%d)", q);
        for (r = 0; r < q; r += (q > 4096 ? 997 : 1))
            for (s = 0; s < k; s++) {
                int x = collalg__swing_peer(r, q, s);
                CHECK(x >= 0 && x < q && x != r, "q=%d r=%d s=%d: peer %d", q, r, s, x);
                CHECK((x - r) % 2 != 0, "q=%d r=%d s=%d: same parity", q, r, s);
                CHECK(collalg__swing_peer(x, q, s) == r, "q=%d r=%d s=%d: not an involution", q, r, s);
            }
    }
    CHECK(collalg__swing_steps(1) == 0, "steps(1)");
    CHECK(collalg__swing_peer(0, 8, 1) == 7 && collalg__swing_peer(6, 8, 2) == 1, "q=8 peers");
}

/* The block ranges alone, for q up to 2^12: lo[r], hi[r] walk the halving of every rank. */
Test(swing, ranges_match)
{
    static int lo[4096], hi[4096], seen[4096];
    int q, k, r, s, glo, ghi;
    for (k = 1, q = 2; q <= 4096; k++, q *= 2) {
        for (r = 0; r < q; r++) {
            lo[r] = 0;
            hi[r] = q;
        }
        for (s = 0; s < k; s++) {
            for (r = 0; r < q; r++) {
                int x = collalg__swing_peer(r, q, s);
                CHECK(lo[x] == lo[r] && hi[x] == hi[r], "q=%d s=%d: %d and %d hold different ranges", q, s, r, x);
                CHECK(collalg__swing_upper(r, q, k, s) != collalg__swing_upper(x, q, k, s),
                      "q=%d s=%d: %d and %d keep the same half", q, s, r, x);
            }
            for (r = 0; r < q; r++)
                collalg__swing_halve(r, q, k, s, &lo[r], &hi[r], &glo, &ghi);
        }
        memset(seen, 0, sizeof seen);
        for (r = 0; r < q; r++) {
            int b = collalg__swing_block(r, q);
            CHECK(hi[r] == lo[r] + 1 && lo[r] == b, "q=%d r=%d: range [%d, %d), block %d", q, r, lo[r], hi[r], b);
            CHECK(b >= 0 && b < q && !seen[b], "q=%d r=%d: block %d", q, r, b);
            if (b >= 0 && b < q)
                seen[b] = 1;
        }
    }
}

/* The allreduce forms with the fold, p ranks, q survivors: hold[r][b][j] counts rank j's
 * contributions in rank r's copy of block b. */
static unsigned char hold[PMAX][QMAX][PMAX], snap[PMAX][QMAX][PMAX];

static void fold_in(const collalg__rdb_fold *f, int p, int nb)
{
    int j, b, x;
    for (j = 0; j < p; j++) {
        if (f[j].newrank >= 0)
            continue;
        x = f[j].partner;
        CHECK(x >= 0 && x < p && f[x].newrank >= 0 && f[x].partner == j, "p=%d: fold of %d onto %d unmatched", p, j, x);
        for (b = 0; b < nb; b++) {
            int i;
            for (i = 0; i < p; i++)
                hold[x][b][i] += hold[j][b][i];
        }
    }
}

static void check_full(int p, int r, int b, const char *what)
{
    int j;
    for (j = 0; j < p; j++)
        CHECK(hold[r][b][j] == 1, "p=%d %s: rank %d block %d has %d contributions of rank %d", p, what, r, b,
              hold[r][b][j], j);
}

static void check_latency(int p)
{
    collalg__rdb_fold f[PMAX];
    int j, s, i;
    memset(hold, 0, sizeof hold);
    for (j = 0; j < p; j++) {
        collalg__rdb_fold_init(&f[j], p, 1, j, COLLALG__RDB_FOLD_PAIRS);
        hold[j][0][j] = 1;
    }
    fold_in(f, p, 1);
    for (s = 0; s < collalg__swing_steps(f[0].q); s++) {
        memcpy(snap, hold, sizeof hold);
        for (j = 0; j < p; j++) {
            int peer, x;
            if (f[j].newrank < 0)
                continue;
            peer = collalg__swing_peer(f[j].newrank, f[j].q, s);
            x = collalg__rdb_rank(&f[j], peer);
            CHECK(f[x].newrank == peer, "p=%d s=%d: survivor %d is rank %d", p, s, peer, x);
            CHECK(collalg__swing_peer(peer, f[j].q, s) == f[j].newrank, "p=%d s=%d: %d unmatched", p, s, j);
            for (i = 0; i < p; i++)
                hold[j][0][i] += snap[x][0][i];
        }
    }
    for (j = 0; j < p; j++)
        if (f[j].newrank < 0)
            memcpy(hold[j][0], hold[f[j].partner][0], sizeof hold[j][0]);
    for (j = 0; j < p; j++)
        check_full(p, j, 0, "latency");
}

static void check_bandwidth(int p)
{
    static int lo[PMAX][COLLALG_SWING_MAX_STEPS + 1], hi[PMAX][COLLALG_SWING_MAX_STEPS + 1];
    collalg__rdb_fold f[PMAX];
    int j, s, i, b, q, k, glo, ghi, seen[QMAX];
    memset(hold, 0, sizeof hold);
    for (j = 0; j < p; j++) {
        collalg__rdb_fold_init(&f[j], p, 1, j, COLLALG__RDB_FOLD_PAIRS);
        for (b = 0; b < QMAX; b++)
            hold[j][b][j] = 1;
    }
    q = f[0].q;
    k = collalg__swing_steps(q);
    cr_assert(q <= QMAX && (q & (q - 1)) == 0, "p=%d: q = %d", p, q);
    fold_in(f, p, q);
    for (j = 0; j < p; j++) {
        lo[j][0] = 0;
        hi[j][0] = q;
    }
    /* reduce-scatter: j gives [glo, ghi) to its peer, which combines it into the half it keeps */
    for (s = 0; s < k; s++) {
        memcpy(snap, hold, sizeof hold);
        for (j = 0; j < p; j++) {
            lo[j][s + 1] = lo[j][s];
            hi[j][s + 1] = hi[j][s];
            if (f[j].newrank >= 0)
                collalg__swing_halve(f[j].newrank, q, k, s, &lo[j][s + 1], &hi[j][s + 1], &glo, &ghi);
        }
        for (j = 0; j < p; j++) {
            int x;
            if (f[j].newrank < 0)
                continue;
            x = collalg__rdb_rank(&f[j], collalg__swing_peer(f[j].newrank, q, s));
            CHECK(collalg__swing_peer(f[x].newrank, q, s) == f[j].newrank, "p=%d s=%d: %d unmatched", p, s, j);
            CHECK(lo[x][s] == lo[j][s] && hi[x][s] == hi[j][s], "p=%d s=%d: %d and %d hold different ranges", p, s, j,
                  x);
            /* what x sends j is the other half of the common range: exactly what j keeps */
            CHECK((lo[x][s + 1] == lo[j][s] && hi[x][s + 1] == lo[j][s + 1] && hi[j][s + 1] == hi[j][s]) ||
                      (lo[x][s + 1] == hi[j][s + 1] && hi[x][s + 1] == hi[j][s] && lo[j][s + 1] == lo[j][s]),
                  "p=%d s=%d: %d and %d keep overlapping halves", p, s, j, x);
            for (b = lo[j][s + 1]; b < hi[j][s + 1]; b++)
                for (i = 0; i < p; i++)
                    hold[j][b][i] += snap[x][b][i];
        }
    }
    memset(seen, 0, sizeof seen);
    for (j = 0; j < p; j++) {
        if (f[j].newrank < 0)
            continue;
        b = collalg__swing_block(f[j].newrank, q);
        CHECK(lo[j][k] == b && hi[j][k] == b + 1, "p=%d: rank %d ends with [%d, %d), block %d", p, j, lo[j][k],
              hi[j][k], b);
        CHECK(!seen[b], "p=%d: block %d held twice", p, b);
        seen[b] = 1;
        check_full(p, j, b, "reduce-scatter");
    }
    /* allgather, the steps backwards: j sends its range to its peer, which stores it */
    for (s = k - 1; s >= 0; s--) {
        memcpy(snap, hold, sizeof hold);
        for (j = 0; j < p; j++) {
            int x;
            if (f[j].newrank < 0)
                continue;
            x = collalg__rdb_rank(&f[j], collalg__swing_peer(f[j].newrank, q, s));
            for (b = lo[x][s + 1]; b < hi[x][s + 1]; b++) {
                CHECK(b >= lo[j][s] && b < hi[j][s] && (b < lo[j][s + 1] || b >= hi[j][s + 1]),
                      "p=%d s=%d: %d receives block %d outside its range", p, s, j, b);
                memcpy(hold[j][b], snap[x][b], sizeof hold[j][b]);
            }
        }
    }
    for (j = 0; j < p; j++)
        if (f[j].newrank < 0)
            memcpy(hold[j], hold[f[j].partner], sizeof hold[j]);
    for (j = 0; j < p; j++)
        for (b = 0; b < q; b++)
            check_full(p, j, b, "allgather");
}

Test(swing, latency_p1_to_130)
{
    int p;
    for (p = 1; p <= PMAX; p++)
        check_latency(p);
}

Test(swing, bandwidth_p1_to_130)
{
    int p;
    for (p = 1; p <= PMAX; p++)
        check_bandwidth(p);
}

Test(swing, owners_invert_block)
{
    static int owner[1 << 16];
    int q, b;
    for (q = 1; q <= (1 << 16); q *= 2) {
        collalg__swing_owners(q, owner);
        for (b = 0; b < q; b++) {
            CHECK(owner[b] >= 0 && owner[b] < q, "q=%d: owner[%d] = %d", q, b, owner[b]);
            if (owner[b] >= 0 && owner[b] < q)
                CHECK(collalg__swing_block(owner[b], q) == b, "q=%d: owner[%d] = %d holds block %d", q, b, owner[b],
                      collalg__swing_block(owner[b], q));
        }
    }
}

/* The reduce-scatter in rank order (reduce_scatter/swing.h): hrs[r][u][j] counts rank j's
 * contributions in rank r's copy of the user's block u. */
static unsigned char hrs[PMAX][PMAX][PMAX], srs[PMAX][PMAX][PMAX];

static void check_reduce_scatter(int p)
{
    collalg__rdb_fold f[PMAX];
    int owner[QMAX], pos[PMAX], first[QMAX + 1], lo[PMAX], hi[PMAX];
    int j, s, u, b, i, q, k, glo, ghi;
    memset(hrs, 0, sizeof hrs);
    for (j = 0; j < p; j++) {
        collalg__rdb_fold_init(&f[j], p, 1, j, COLLALG__RDB_FOLD_PAIRS);
        for (u = 0; u < p; u++)
            hrs[j][u][j] = 1;
    }
    q = f[0].q;
    k = collalg__swing_steps(q);
    collalg__swing_owners(q, owner);
    /* the layout: position b holds the super-block of survivor owner[b], its ranks in order */
    first[0] = 0;
    for (b = 0; b < q; b++) {
        int n = owner[b] < f[0].pairs ? 2 : 1;
        for (u = 0; u < p; u++)
            if (collalg__rdb_survivor(&f[0], u) == owner[b])
                pos[u] = b;
        first[b + 1] = first[b] + n;
    }
    CHECK(first[q] == p, "p=%d: the layout holds %d blocks", p, first[q]);
    for (u = 0; u + 1 < p; u++) /* super-blocks are runs of consecutive ranks */
        CHECK(collalg__rdb_survivor(&f[0], u) <= collalg__rdb_survivor(&f[0], u + 1), "p=%d: super-blocks", p);
    /* fold */
    for (j = 0; j < p; j++)
        if (f[j].newrank < 0)
            for (u = 0; u < p; u++)
                for (i = 0; i < p; i++)
                    hrs[f[j].partner][u][i] += hrs[j][u][i];
    for (j = 0; j < p; j++) {
        lo[j] = 0;
        hi[j] = q;
    }
    for (s = 0; s < k; s++) {
        int olo[PMAX], ohi[PMAX];
        memcpy(srs, hrs, sizeof hrs);
        memcpy(olo, lo, sizeof lo);
        memcpy(ohi, hi, sizeof hi);
        for (j = 0; j < p; j++)
            if (f[j].newrank >= 0)
                collalg__swing_halve(f[j].newrank, q, k, s, &lo[j], &hi[j], &glo, &ghi);
        for (j = 0; j < p; j++) {
            int x;
            if (f[j].newrank < 0)
                continue;
            x = collalg__rdb_rank(&f[j], collalg__swing_peer(f[j].newrank, q, s));
            CHECK(olo[x] == olo[j] && ohi[x] == ohi[j], "p=%d s=%d: %d, %d hold different ranges", p, s, j, x);
            /* the peer sends the run of positions j keeps: the user blocks u with pos[u] in it */
            for (u = 0; u < p; u++)
                if (pos[u] >= lo[j] && pos[u] < hi[j]) {
                    CHECK(pos[u] < lo[x] || pos[u] >= hi[x], "p=%d s=%d: %d and %d both keep block %d", p, s, j, x, u);
                    for (i = 0; i < p; i++)
                        hrs[j][u][i] += srs[x][u][i];
                }
        }
    }
    for (j = 0; j < p; j++) { /* deliver: a folded rank's block comes from its survivor */
        int holder = f[j].newrank >= 0 ? j : f[j].partner;
        b = pos[j];
        CHECK(lo[holder] == b && hi[holder] == b + 1, "p=%d: rank %d's block at %d, holder keeps [%d, %d)", p, j, b,
              lo[holder], hi[holder]);
        for (i = 0; i < p; i++)
            CHECK(hrs[holder][j][i] == 1, "p=%d: block %d has %d contributions of rank %d", p, j, hrs[holder][j][i], i);
    }
}

Test(swing, reduce_scatter_p1_to_130)
{
    int p;
    for (p = 1; p <= PMAX; p++)
        check_reduce_scatter(p);
}
