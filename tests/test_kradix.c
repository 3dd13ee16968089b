/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the radix-k schedules of schedule/kradix.h, simulated without MPI for p = 1 ..
 * 200 and radix k = 2 .. 9 (and radices above p): the k-ary dissemination barrier (every rank hears
 * from every other), the k-port Bruck allgather (every block lands once, in its place) and the
 * recursive multiplying allreduce (runs of consecutive ranks, symmetric groups, every combine joins
 * adjacent runs in rank order, every rank ends with [0, p)). */
#include <criterion/criterion.h>
#include <string.h>
#include <collalg/schedule/kradix.h>
#include "radix_ref.h"

/* Only failures are reported to the runner (Criterion passes every assertion, passing ones too,
 * to its runner process: millions of them would dominate the suite's time). */
#define CHECK(cond, ...)                  \
    do {                                  \
        if (!(cond))                      \
            cr_assert(cond, __VA_ARGS__); \
    } while (0)

#define PMAX 200
#define KMAX 9

static const int big_radices[] = {PMAX - 1, PMAX, PMAX + 1, 1000, 2147483647};

Test(kradix, pow_floor_and_rounds)
{
    int p, k, steps;
    for (p = 1; p <= PMAX; p++)
        for (k = 2; k <= KMAX + 3; k++) {
            int m = collalg__kradix_pow_floor(p, k, &steps), i, pw = 1;
            for (i = 0; i < steps; i++)
                pw *= k;
            CHECK((m) == (pw), "p=%d k=%d", p, k);
            CHECK(m <= p && (long long)m * k > p, "p=%d k=%d: %d", p, k, m);
            CHECK((collalg__kradix_rounds(p, k)) == (rounds_ref(p, k)), "p=%d k=%d", p, k);
        }
    CHECK((collalg__kradix_pow_floor(2147483647, 2, &steps)) == (1073741824),
          "collalg__kradix_pow_floor(2147483647, 2, &steps) == 1073741824");
    CHECK((steps) == (30), "steps == 30");
    CHECK((collalg__kradix_pow_floor(2147483647, 2147483647, &steps)) == (2147483647),
          "collalg__kradix_pow_floor(2147483647, 2147483647, &steps) == 2147483647");
    CHECK((steps) == (1), "steps == 1");
}

/* Dissemination: know[q] is the set of ranks q has heard from (itself included); in each round q
 * learns what the senders knew at the start of the round. */
static void check_dissemination(int p, int k)
{
    static unsigned char know[PMAX][PMAX], before[PMAX][PMAX];
    long long span;
    int q, i, j, d, rounds = 0, seen[PMAX];
    memset(know, 0, sizeof know);
    memset(seen, 0, sizeof seen);
    for (q = 0; q < p; q++)
        know[q][q] = 1;
    for (span = 1; span < p; span *= k, rounds++) {
        memcpy(before, know, sizeof know);
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0; j++) {
            CHECK(d >= 1 && d < p, "p=%d k=%d: distance %d", p, k, d);
            CHECK((seen[d]) == (0), "p=%d k=%d: distance %d used twice", p, k, d);
            seen[d] = 1;
            for (q = 0; q < p; q++) {
                int from = collalg__ring_from(q, p, d);
                CHECK((collalg__ring_to(from, p, d)) == (q), "collalg__ring_to(from, p, d) == q");
                for (i = 0; i < p; i++)
                    know[q][i] |= before[from][i];
            }
        }
        /* a distance left out only when all larger j are too */
        for (; j < k && j <= p + 1; j++)
            CHECK((collalg__kradix_dist(p, span, j)) == (-1), "p=%d k=%d", p, k);
    }
    CHECK((rounds) == (collalg__kradix_rounds(p, k)), "p=%d k=%d", p, k);
    for (q = 0; q < p; q++)
        for (i = 0; i < p; i++)
            CHECK(know[q][i], "p=%d k=%d: rank %d never heard from %d", p, k, q, i);
}

Test(kradix, dissemination_every_rank_hears_from_every_rank)
{
    int p, k, i;
    for (p = 1; p <= PMAX; p++) {
        for (k = 2; k <= KMAX; k++)
            check_dissemination(p, k);
        for (i = 0; i < (int)(sizeof big_radices / sizeof *big_radices); i++)
            check_dissemination(p, big_radices[i]);
    }
}

/* Bruck: t[q][i] is the source of the block at relative slot i of rank q (-1: empty). */
static void check_bruck(int p, int k)
{
    static int t[PMAX][PMAX], before[PMAX][PMAX];
    long long span;
    int q, i, j, d, m, held = 1;
    for (q = 0; q < p; q++)
        for (i = 0; i < p; i++)
            t[q][i] = i == 0 ? q : -1;
    for (span = 1; span < p; span *= k) {
        int next = held;
        CHECK((held) == ((int)span), "p=%d k=%d: %d blocks held at span %lld", p, k, held, span);
        memcpy(before, t, sizeof t);
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0; j++) {
            m = collalg__kradix_bruck_blocks(p, span, j);
            CHECK(m >= 1 && m <= held && d + m <= p, "p=%d k=%d span=%lld j=%d: %d blocks", p, k, span, j, m);
            for (q = 0; q < p; q++) {
                int from = collalg__ring_to(q, p, d);
                for (i = 0; i < m; i++) {
                    CHECK((t[q][d + i]) == (-1), "p=%d k=%d: slot %d of %d written twice", p, k, d + i, q);
                    CHECK((before[from][i]) != (-1), "p=%d k=%d: %d sends an empty slot", p, k, from);
                    t[q][d + i] = before[from][i];
                }
            }
            next = d + m > next ? d + m : next;
        }
        held = next;
    }
    CHECK((held) == (p), "p=%d k=%d", p, k);
    for (q = 0; q < p; q++)
        for (i = 0; i < p; i++)
            CHECK((t[q][i]) == ((q + i) % p), "p=%d k=%d: rank %d slot %d holds %d", p, k, q, i, t[q][i]);
}

Test(kradix, bruck_every_block_once_in_its_place)
{
    int p, k, i;
    for (p = 1; p <= PMAX; p++) {
        for (k = 2; k <= KMAX; k++)
            check_bruck(p, k);
        for (i = 0; i < (int)(sizeof big_radices / sizeof *big_radices); i++)
            check_bruck(p, big_radices[i]);
    }
}

/* Recursive multiplying: lo[g], hi[g] is the run of ranks [lo, hi) survivor g stands for. */
static void check_recmult(int p, int k)
{
    static collalg__recmult s[PMAX];
    int lo[PMAX], hi[PMAX], nlo[PMAX], nhi[PMAX], peers[PMAX];
    long long span;
    int q, g, j, steps = 0;
    for (q = 0; q < p; q++)
        collalg__recmult_init(&s[q], q, p, k);
    CHECK(s[0].k >= 2 && s[0].k <= (p > 2 ? p : 2), "p=%d k=%d: clamped to %d", p, k, s[0].k);
    CHECK((s[0].pofk) == (collalg__kradix_pow_floor(p, s[0].k, NULL)),
          "s[0].pofk == collalg__kradix_pow_floor(p, s[0].k, NULL)");
    /* the runs: consecutive, 1 .. k ranks, leader first, in group order */
    for (q = 0; q < p; q++) {
        const collalg__recmult *r = &s[q];
        CHECK(r->gsize >= 1 && r->gsize <= r->k, "p=%d k=%d rank %d: run of %d", p, k, q, r->gsize);
        CHECK(q >= r->leader && q < r->leader + r->gsize, "p=%d k=%d rank %d: run [%d, +%d)", p, k, q, r->leader,
              r->gsize);
        CHECK((collalg__recmult_leader(r, r->group)) == (r->leader),
              "collalg__recmult_leader(r, r->group) == r->leader");
        CHECK((s[r->leader].group) == (r->group), "s[r->leader].group == r->group");
        CHECK((s[r->leader].gsize) == (r->gsize), "s[r->leader].gsize == r->gsize");
        if (q > 0)
            CHECK(s[q - 1].group == r->group || s[q - 1].group + 1 == r->group, "p=%d k=%d: runs out of order", p, k);
    }
    CHECK((s[p - 1].group) == (s[0].pofk - 1), "p=%d k=%d", p, k);
    /* fold: the leader combines its run in rank order */
    for (g = 0; g < s[0].pofk; g++) {
        int l = collalg__recmult_leader(&s[0], g);
        lo[g] = l;
        hi[g] = l + s[l].gsize;
    }
    /* steps: each group's k survivors have the same group, adjacent runs in digit order */
    for (span = 1; span < s[0].pofk; span *= s[0].k, steps++) {
        for (g = 0; g < s[0].pofk; g++) {
            const collalg__recmult *r = &s[collalg__recmult_leader(&s[0], g)];
            int d = collalg__recmult_digit(r, span);
            for (j = 0; j < r->k; j++) {
                peers[j] = collalg__recmult_peer(r, span, j);
                CHECK((s[peers[j]].leader) == (peers[j]), "p=%d k=%d: peer %d is no leader", p, k, peers[j]);
            }
            CHECK((peers[d]) == (r->leader), "p=%d k=%d g=%d: not its own peer %d", p, k, g, d);
            for (j = 0; j < r->k; j++) {
                const collalg__recmult *o = &s[peers[j]];
                int i;
                CHECK((collalg__recmult_digit(o, span)) == (j), "p=%d k=%d", p, k);
                for (i = 0; i < r->k; i++)
                    CHECK((collalg__recmult_peer(o, span, i)) == (peers[i]), "p=%d k=%d: groups differ", p, k);
                if (j > 0)
                    CHECK((hi[s[peers[j - 1]].group]) == (lo[o->group]), "p=%d k=%d g=%d: runs not adjacent", p, k, g);
                if (r->k == 2 && j != d)
                    CHECK((o->group) == (g ^ (int)span), "p=%d k=2: not recursive doubling's partner", p);
            }
            nlo[g] = lo[s[peers[0]].group];
            nhi[g] = hi[s[peers[r->k - 1]].group];
        }
        memcpy(lo, nlo, sizeof lo);
        memcpy(hi, nhi, sizeof hi);
    }
    CHECK((steps) == (s[0].steps), "p=%d k=%d", p, k);
    for (g = 0; g < s[0].pofk; g++)
        CHECK(lo[g] == 0 && hi[g] == p, "p=%d k=%d: survivor %d ends with [%d, %d)", p, k, g, lo[g], hi[g]);
}

Test(kradix, recursive_multiplying_keeps_rank_order)
{
    int p, k, i;
    for (p = 1; p <= PMAX; p++) {
        for (k = 2; k <= KMAX; k++)
            check_recmult(p, k);
        for (i = 0; i < (int)(sizeof big_radices / sizeof *big_radices); i++)
            check_recmult(p, big_radices[i]);
    }
}

Test(kradix, recursive_multiplying_trace_p7_k3)
{
    collalg__recmult s;
    static const int leader[7] = {0, 0, 0, 3, 3, 5, 5}, gsize[7] = {3, 3, 3, 2, 2, 2, 2};
    int q;
    for (q = 0; q < 7; q++) {
        collalg__recmult_init(&s, q, 7, 3);
        CHECK((s.pofk) == (3), "s.pofk == 3");
        CHECK((s.steps) == (1), "s.steps == 1");
        CHECK((s.leader) == (leader[q]), "rank %d", q);
        CHECK((s.gsize) == (gsize[q]), "rank %d", q);
    }
    collalg__recmult_init(&s, 3, 7, 3);
    CHECK(collalg__recmult_peer(&s, 1, 0) == 0 && collalg__recmult_peer(&s, 1, 1) == 3 &&
          collalg__recmult_peer(&s, 1, 2) == 5);
}
