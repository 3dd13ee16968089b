/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the Bine butterfly of schedule/bine_butterfly.h, simulated without MPI.
 * - q = 2^k <= 2^16: nu a permutation with its inverse; in every step the peers agree on the bits
 *   below s of their labels and differ in bit s, the peers are |rho(s)| apart;
 * - for p = 1 .. 300 (fold of pairs, super-blocks in the order nu): the reduce-scatter simulated
 *   step by step on hashed contributions: in each step the two peers hold the same run, each
 *   sends exactly what the other keeps (same size), the halves tile the run; at the end survivor
 *   i holds super-block i at position nu(i) and every rank's block is the sum of every rank's
 *   contribution, each exactly once;
 * - the allgather, the same steps backwards: every block is received exactly once (never
 *   overwriting one already held) and each rank ends with all p blocks in MPI order;
 * - the alltoall for p = 1 .. 160: the peers agree on what each sends, and every survivor ends
 *   with every source's blocks for its super-block at the row its order gives. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/schedule/bine_butterfly.h>
#include <collalg/schedule/recursive_doubling.h>

/* Only failures are reported to the runner (see tests/test_kradix.c). */
#define CHECK(cond, ...)                  \
    do {                                  \
        if (!(cond))                      \
            cr_assert(cond, __VA_ARGS__); \
    } while (0)

#define PMAX 300

static int lg(int q)
{
    int k = 0;
    while ((1 << k) < q)
        k++;
    return k;
}

Test(bine_butterfly, order_and_peers)
{
    static unsigned char seen[1 << 16];
    int k;
    for (k = 0; k <= 16; k++) {
        int q = 1 << k, r, s;
        memset(seen, 0, sizeof seen);
        for (r = 0; r < q; r++) {
            int pos = collalg__bine_nu(r, q, k);
            long long x = collalg__bine_bf_coord(r, q, k);
            CHECK(x >= collalg__bine_lo(k) && x <= collalg__bine_hi(k), "q=%d r=%d: coordinate %lld", q, r, x);
            CHECK(pos >= 0 && pos < q && !seen[pos], "q=%d r=%d: position %d", q, r, pos);
            seen[pos] = 1;
            CHECK(collalg__bine_nu_rank(pos, q, k) == r, "q=%d r=%d: inverse", q, r);
            for (s = 0; s < k; s++) {
                int peer = collalg__swing_peer(r, q, s);
                unsigned a = collalg__bine_bf_label(r, q, k), b = collalg__bine_bf_label(peer, q, k),
                         low = (1u << s) - 1;
                long long d = ((long long)peer - r + q) % q, rho = collalg__swing_rho(s);
                CHECK(collalg__swing_peer(peer, q, s) == r, "q=%d s=%d r=%d: matching", q, s, r);
                CHECK((a & low) == (b & low) && ((a ^ b) >> s & 1u), "q=%d s=%d r=%d: labels", q, s, r);
                CHECK(d == ((rho % q) + q) % q || d == ((-rho % q) + q) % q, "q=%d s=%d r=%d: distance", q, s, r);
            }
        }
    }
    CHECK(collalg__bine_nu(1, 8, 3) == 4 && collalg__bine_nu(3, 8, 3) == 1 && collalg__bine_nu(7, 8, 3) == 2, "q = 8");
}

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The contribution of rank r to MPI block j. */
static uint64_t contrib(int r, int j, int p)
{
    return mix((uint64_t)r * (uint64_t)p + (uint64_t)j + 1);
}

/* One rank's state: lo, hi of the run held; val[slot] (slot = staged MPI-block slot). */
typedef struct {
    int lo, hi, glo, ghi;
} run_t;

Test(bine_butterfly, reduce_scatter_and_allgather_any_p)
{
    static uint64_t val[PMAX][PMAX], in[PMAX][PMAX];
    static unsigned char have[PMAX][PMAX];
    static int first[PMAX + 1], sb_of[PMAX + 1];
    static run_t run[PMAX];
    int p;
    for (p = 1; p <= PMAX; p++) {
        collalg__rdb_fold f;
        int q, k, rem, r, s, i, j, pos;
        collalg__rdb_fold_init(&f, p, 1, 0, COLLALG__RDB_FOLD_PAIRS);
        q = f.q;
        k = lg(q);
        rem = p - q;
        collalg__bine_bf_first(p, q, k, first);
        CHECK(first[q] == p, "p=%d: first[q] = %d", p, first[q]);
        for (pos = 0; pos < q; pos++) { /* position pos holds the super-block of survivor nu_rank(pos) */
            i = collalg__bine_nu_rank(pos, q, k);
            sb_of[pos] = i < rem ? 2 * i : i + rem;
            CHECK(first[pos + 1] - first[pos] == 1 + (i < rem), "p=%d pos=%d: super-block size", p, pos);
        }
        /* staging: every rank lays out its vector in the block order; the fold adds 2i into 2i + 1 */
        for (r = 0; r < p; r++)
            for (pos = 0; pos < q; pos++)
                for (j = 0; j < first[pos + 1] - first[pos]; j++)
                    val[r][first[pos] + j] = contrib(r, sb_of[pos] + j, p);
        for (i = 0; i < rem; i++)
            for (j = 0; j < p; j++)
                val[2 * i + 1][j] += val[2 * i][j];
        /* reduce-scatter on survivors (indexed by survivor number i, rank collalg__rdb_rank) */
        for (i = 0; i < q; i++) {
            run[i].lo = 0;
            run[i].hi = q;
        }
        for (s = 0; s < k; s++) {
            for (i = 0; i < q; i++) {
                int lo = run[i].lo, hi = run[i].hi;
                collalg__bine_bf_halve(i, q, k, s, &run[i].lo, &run[i].hi, &run[i].glo, &run[i].ghi);
                CHECK(run[i].hi - run[i].lo == (hi - lo) / 2 && run[i].ghi - run[i].glo == (hi - lo) / 2 &&
                          (run[i].lo == run[i].ghi || run[i].hi == run[i].glo) && (run[i].lo == lo || run[i].glo == lo),
                      "p=%d s=%d i=%d: halves tile the run", p, s, i);
                {
                    int elo, ehi;
                    collalg__bine_bf_run(i, q, k, s, &elo, &ehi);
                    CHECK(elo == run[i].lo && ehi == run[i].hi, "p=%d s=%d i=%d: run", p, s, i);
                }
            }
            for (i = 0; i < q; i++) { /* the message i -> peer: [glo, ghi) of i, what the peer keeps */
                int e = collalg__swing_peer(i, q, s), rr = collalg__rdb_rank(&f, i), re = collalg__rdb_rank(&f, e);
                CHECK(run[i].glo == run[e].lo && run[i].ghi == run[e].hi, "p=%d s=%d i=%d: sends what peer keeps", p, s,
                      i);
                for (j = first[run[i].glo]; j < first[run[i].ghi]; j++)
                    in[re][j] = val[rr][j];
            }
            for (i = 0; i < q; i++) {
                int rr = collalg__rdb_rank(&f, i);
                for (j = first[run[i].lo]; j < first[run[i].hi]; j++)
                    val[rr][j] += in[rr][j];
            }
        }
        for (i = 0; i < q; i++) { /* survivor i holds its super-block at nu(i), fully reduced */
            int rr = collalg__rdb_rank(&f, i), sb = i < rem ? 2 * i : i + rem;
            pos = collalg__bine_nu(i, q, k);
            CHECK(run[i].lo == pos && run[i].hi == pos + 1, "p=%d i=%d: final position", p, i);
            for (j = 0; j < first[pos + 1] - first[pos]; j++) {
                uint64_t want = 0;
                for (r = 0; r < p; r++)
                    want += contrib(r, sb + j, p);
                CHECK(val[rr][first[pos] + j] == want, "p=%d i=%d: block %d reduced once over all", p, i, sb + j);
            }
        }
        /* allgather: survivor i starts with its super-block at nu(i) (the folded rank's block
         * handed over), runs the steps backwards, then every rank (unfolded) has all blocks */
        memset(have, 0, sizeof have);
        for (i = 0; i < q; i++) {
            int rr = collalg__rdb_rank(&f, i);
            pos = collalg__bine_nu(i, q, k);
            for (j = first[pos]; j < first[pos + 1]; j++)
                have[rr][j] = 1;
        }
        for (s = k - 1; s >= 0; s--) {
            for (i = 0; i < q; i++) {
                int e = collalg__swing_peer(i, q, s), lo, hi, elo, ehi, plo, phi, rr = collalg__rdb_rank(&f, i),
                    re = collalg__rdb_rank(&f, e);
                collalg__bine_bf_run(i, q, k, s, &lo, &hi);       /* held before step s */
                collalg__bine_bf_run(e, q, k, s, &elo, &ehi);     /* the peer's */
                collalg__bine_bf_run(i, q, k, s - 1, &plo, &phi); /* held after it */
                CHECK(ehi - elo == hi - lo && phi - plo == 2 * (hi - lo) && (elo == hi || ehi == lo) &&
                          plo == (lo < elo ? lo : elo),
                      "p=%d s=%d i=%d: the peer holds the other half", p, s, i);
                for (j = first[lo]; j < first[hi]; j++)
                    CHECK(have[rr][j] == 1, "p=%d s=%d i=%d: holds what it sends", p, s, i);
                for (j = first[elo]; j < first[ehi]; j++) {
                    CHECK(have[rr][j] == 0 && have[re][j] == 1, "p=%d s=%d i=%d: block received once", p, s, i);
                    have[rr][j] = 2; /* received this step */
                }
            }
            for (i = 0; i < q; i++) {
                int rr = collalg__rdb_rank(&f, i);
                for (j = 0; j < p; j++)
                    if (have[rr][j] == 2)
                        have[rr][j] = 1;
            }
        }
        for (i = 0; i < q; i++) {
            int rr = collalg__rdb_rank(&f, i);
            for (j = 0; j < p; j++)
                CHECK(have[rr][j] == 1, "p=%d i=%d: slot %d held at the end", p, i, j);
        }
    }
}

/* The alltoall (collalg__bine_bf_source(), collalg__bine_a2a_step()) simulated for p = 1 .. AMAX:
 * every survivor's matrix of (source, destination) blocks, rows in the order of its group,
 * columns in the block order; in every step the two peers agree on the columns and on the rows
 * each receives, and at the end survivor i holds, for every source rank, the blocks for the
 * ranks of its super-block, found at the row collalg__bine_bf_source() gives. */
#define AMAX 160
#define AMAT (4 * AMAX) /* the most blocks a survivor's matrix holds: 2 |group| x 2 |run| */

static int a2a_sb(int i, int rem)
{
    return i < rem ? 2 * i : i + rem;
}

Test(bine_butterfly, alltoall_any_p)
{
    static int mat[AMAX][AMAT], next[AMAX][AMAT], rowstart[AMAX][AMAX + 1], first[AMAX + 1];
    static collalg__bine_a2a st[AMAX];
    int p;
    for (p = 1; p <= AMAX; p++) {
        collalg__rdb_fold f;
        int q, k, rem, i, m, s, t, row, col;
        collalg__rdb_fold_init(&f, p, 1, 0, COLLALG__RDB_FOLD_PAIRS);
        q = f.q;
        k = lg(q);
        rem = p - q;
        collalg__bine_bf_first(p, q, k, first);
        for (i = 0; i < q; i++) { /* rows: the sources of the group in order; columns: all p blocks */
            int n = 1 + (i < rem);
            rowstart[i][0] = 0;
            for (m = 0; m < q; m++) {
                int a = collalg__bine_bf_source(i, q, k - 1, m);
                rowstart[i][m + 1] = rowstart[i][m] + 1 + (a < rem);
            }
            CHECK(rowstart[i][q] == p && collalg__bine_bf_source(i, q, k - 1, 0) == i, "p=%d i=%d: rows", p, i);
            for (row = 0; row < n; row++)
                for (t = 0; t < q; t++)
                    for (col = first[t]; col < first[t + 1]; col++)
                        mat[i][row * p + col] =
                            (a2a_sb(i, rem) + row) * p + a2a_sb(collalg__bine_nu_rank(t, q, k), rem) + col - first[t];
        }
        for (s = 0; s < k; s++) {
            for (i = 0; i < q; i++)
                collalg__bine_a2a_step(i, q, k, s, first, rowstart[i], &st[i]);
            for (i = 0; i < q; i++) {
                const collalg__bine_a2a *a = &st[i], *b = &st[a->peer];
                CHECK(b->peer == i && a->width == b->width && a->gw == b->kw && a->give == b->keep &&
                          a->prow == b->rows && a->rows * a->width <= AMAT && a->gw + a->kw == a->width,
                      "p=%d s=%d i=%d: the peers agree", p, s, i);
                for (row = 0; row < a->rows; row++) /* own rows, kept columns */
                    for (col = 0; col < a->kw; col++)
                        next[i][row * a->kw + col] = mat[i][row * a->width + a->keep + col];
                for (row = 0; row < b->rows; row++) /* the peer's rows, the columns it gives */
                    for (col = 0; col < b->gw; col++)
                        next[i][(a->rows + row) * a->kw + col] = mat[a->peer][row * b->width + b->give + col];
            }
            memcpy(mat, next, sizeof mat);
        }
        for (i = 0; i < q; i++) { /* row of source rank src: survivor a's first row plus src - sb(a) */
            int n = 1 + (i < rem), src;
            CHECK(k == 0 || (st[i].kw == n && st[i].rows + st[i].prow == p), "p=%d i=%d: final shape", p, i);
            for (m = 0; m < q; m++) {
                int a = collalg__bine_bf_source(i, q, k - 1, m);
                for (src = a2a_sb(a, rem); src < a2a_sb(a + 1, rem); src++)
                    for (col = 0; col < n; col++)
                        CHECK(mat[i][(rowstart[i][m] + src - a2a_sb(a, rem)) * n + col] ==
                                  src * p + a2a_sb(i, rem) + col,
                              "p=%d i=%d: block from %d to %d", p, i, src, a2a_sb(i, rem) + col);
            }
        }
    }
}
