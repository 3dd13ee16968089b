/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the PAT schedule of schedule/pat.h, simulated without MPI for p = 1 .. 300 and
 * every aggregation A = 1, 2, 4, .. P2 / 2: the step shapes, the all-gather (every send matched by
 * the receive of the same blocks, every block forwarded only after it arrived, every rank ends
 * with every block once), the reduce-scatter (the steps reversed: every partial result sent once,
 * every rank ends with the sum of all contributions to its block), the slots of the
 * reduce-scatter's partial results (never two groups in one slot, within the scratch the schedule
 * announces) and the choice of A under a scratch bound. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/schedule/pat.h>

/* Only failures are reported to the runner (see tests/test_kradix.c). */
#define CHECK(cond, ...)                  \
    do {                                  \
        if (!(cond))                      \
            cr_assert(cond, __VA_ARGS__); \
    } while (0)

#define PMAX 300

static int pow2_ceil(int p)
{
    int q = 1;
    while (q < p)
        q *= 2;
    return q;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* Shapes: steps, counts within [1, A], offsets within [0, p), distances powers of two below p,
 * the received offsets of a step share the lowest set bit log2(dist). */
static void check_shape(const collalg__pat *s)
{
    int i, j, p = s->p;
    collalg__pat_step st;
    CHECK(s->agg >= 1 && (s->agg & (s->agg - 1)) == 0, "p=%d A=%d", p, s->agg);
    CHECK(p == 1 || 2 * s->agg <= pow2_ceil(p), "p=%d A=%d", p, s->agg);
    CHECK(s->steps == s->alog + (s->groups < p ? s->groups : p) - 1, "p=%d A=%d", p, s->agg);
    for (i = 0; i < s->steps; i++) {
        collalg__pat_step_get(s, i, &st);
        CHECK(st.count >= 1 && st.count <= s->agg, "p=%d A=%d step %d count %d", p, s->agg, i, st.count);
        CHECK(st.dist >= 1 && st.dist < p && (st.dist & (st.dist - 1)) == 0, "p=%d step %d", p, i);
        CHECK(st.first - st.dist >= 0, "p=%d step %d", p, i);
        for (j = 0; j < st.count; j++) {
            int o = st.first + j * st.stride;
            CHECK(o < p, "p=%d A=%d step %d offset %d", p, s->agg, i, o);
            CHECK((o & -o) == st.dist, "p=%d A=%d step %d offset %d dist %d", p, s->agg, i, o, st.dist);
        }
        CHECK(st.first + st.count * st.stride >= p, "p=%d A=%d step %d: offsets left out", p, s->agg, i);
    }
}

/* The all-gather on all p ranks at once: have[y * p + t] = rank y holds rank t's block. */
static void check_allgather(const collalg__pat *s, char *have, int *sent)
{
    int i, j, y, t, p = s->p;
    collalg__pat_step st;
    memset(have, 0, (size_t)p * p);
    for (y = 0; y < p; y++)
        have[y * p + y] = 1;
    for (i = 0; i < s->steps; i++) {
        collalg__pat_step_get(s, i, &st);
        /* the sends, from the state before the step */
        for (y = 0; y < p; y++) {
            int z = (y + st.dist) % p; /* y's sender; it sends to z - dist = y */
            for (j = 0; j < st.count; j++) {
                int tsend = (z + st.first - st.dist + j * st.stride) % p;
                int trecv = (y + st.first + j * st.stride) % p;
                CHECK(tsend == trecv, "p=%d A=%d step %d: %d sends %d, %d receives %d", p, s->agg, i, z, tsend, y,
                      trecv);
                CHECK(have[z * p + tsend] == 1, "p=%d A=%d step %d: %d forwards %d before it has it", p, s->agg, i, z,
                      tsend);
                sent[y * p + j] = trecv;
            }
        }
        for (y = 0; y < p; y++)
            for (j = 0; j < st.count; j++) {
                t = sent[y * p + j];
                CHECK(have[y * p + t] == 0, "p=%d A=%d step %d: %d receives %d twice", p, s->agg, i, y, t);
                have[y * p + t] = 2;
            }
        for (y = 0; y < p * p; y++)
            have[y] = have[y] != 0;
    }
    for (y = 0; y < p; y++)
        for (t = 0; t < p; t++)
            CHECK(have[y * p + t] == 1, "p=%d A=%d: rank %d lacks block %d", p, s->agg, y, t);
}

/* The reduce-scatter on all ranks: val[y * p + t] is y's partial result for rank t's block,
 * alive[] while y has not sent it; contributions are mix(r * p + t). */
static void check_reduce_scatter(const collalg__pat *s, uint64_t *val, char *alive, uint64_t *msg)
{
    int i, j, y, t, r, p = s->p;
    collalg__pat_step st;
    for (y = 0; y < p; y++)
        for (t = 0; t < p; t++) {
            val[y * p + t] = mix((uint64_t)y * (uint64_t)p + (uint64_t)t);
            alive[y * p + t] = 1;
        }
    for (i = s->steps - 1; i >= 0; i--) {
        collalg__pat_step_get(s, i, &st);
        for (y = 0; y < p; y++) /* y sends to y + dist */
            for (j = 0; j < st.count; j++) {
                t = (y + st.first + j * st.stride) % p;
                CHECK(alive[y * p + t], "p=%d A=%d step %d: %d sends block %d twice", p, s->agg, i, y, t);
                alive[y * p + t] = 0;
                msg[y * p + j] = val[y * p + t];
            }
        for (y = 0; y < p; y++) { /* z receives from z - dist = y */
            int z = (y + st.dist) % p;
            for (j = 0; j < st.count; j++) {
                int trecv = (z + st.first - st.dist + j * st.stride) % p;
                CHECK(trecv == (y + st.first + j * st.stride) % p, "p=%d step %d: block sets differ", p, i);
                CHECK(alive[z * p + trecv], "p=%d A=%d step %d: %d folds %d after sending it", p, s->agg, i, z, trecv);
                val[z * p + trecv] += msg[y * p + j];
            }
        }
    }
    for (t = 0; t < p; t++) {
        uint64_t want = 0;
        for (r = 0; r < p; r++)
            want += mix((uint64_t)r * (uint64_t)p + (uint64_t)t);
        CHECK(val[t * p + t] == want && alive[t * p + t], "p=%d A=%d: rank %d's block is wrong", p, s->agg, t);
        for (y = 0; y < p; y++)
            CHECK(y == t || !alive[y * p + t], "p=%d A=%d: %d never sent its part of %d", p, s->agg, y, t);
    }
}

/* The reduce-scatter's slots, from one rank's point of view (every rank does the same): a group's
 * partial results live in collalg__pat_slot() from its first fold to its send; no two groups share
 * a slot at once; slot 0 is free in the high dimensions (it stages their sends); the receive
 * slot is m + 1; in all (m + 2) A blocks = collalg__pat_scratch_blocks(). */
static void check_slots(const collalg__pat *s, int *owner)
{
    int i, k, p = s->p, m = s->mlog;
    collalg__pat_step st;
    if (p == 1)
        return;
    CHECK(collalg__pat_scratch_blocks(s, 1) == (long long)(m + 2) * s->agg, "p=%d", p);
    CHECK(collalg__pat_scratch_blocks(s, 0) == 2LL * s->agg, "p=%d", p);
    for (k = 0; k <= m; k++)
        owner[k] = -1;
    for (i = s->steps - 1; i >= 0; i--) {
        collalg__pat_step_get(s, i, &st);
        if (st.group != 0) {
            int c = st.group, cp = st.group - st.dist, sc = collalg__pat_slot(s, c), sp = collalg__pat_slot(s, cp);
            CHECK(sc >= 0 && sc < m && sp > sc && sp <= m, "p=%d A=%d c=%d", p, s->agg, c);
            CHECK(owner[sc] == -1 || owner[sc] == c, "p=%d A=%d: group %d meets %d in slot %d", p, s->agg, c, owner[sc],
                  sc);
            CHECK(owner[sp] == -1 || owner[sp] == cp, "p=%d A=%d: group %d meets %d in slot %d", p, s->agg, cp,
                  owner[sp], sp);
            CHECK(st.count <= collalg__pat_cdiv((long long)p - cp, s->groups), "p=%d c=%d", p, c);
            owner[sp] = cp;
            owner[sc] = -1;
        } else {
            for (k = 0; k < m; k++)
                CHECK(owner[k] == -1, "p=%d A=%d: slot %d busy in the high dimensions", p, s->agg, k);
            CHECK((st.first - st.dist) % s->groups == 0 && st.first % s->groups == 0, "p=%d", p);
            owner[m] = 0;
        }
    }
}

Test(pat, schedules)
{
    int p, a;
    char *have = malloc((size_t)PMAX * PMAX), *alive = malloc((size_t)PMAX * PMAX);
    int *sent = malloc(sizeof(int) * PMAX * PMAX), owner[40];
    uint64_t *val = malloc(sizeof(uint64_t) * PMAX * PMAX), *msg = malloc(sizeof(uint64_t) * PMAX * PMAX);
    cr_assert(have && alive && sent && val && msg);
    for (p = 1; p <= PMAX; p++)
        for (a = 1; a <= (p > 1 ? pow2_ceil(p) / 2 : 1); a *= 2) {
            collalg__pat s;
            collalg__pat_init(&s, p, a);
            CHECK(s.agg == a, "p=%d a=%d: A=%d", p, a, s.agg);
            check_shape(&s);
            check_allgather(&s, have, sent);
            check_reduce_scatter(&s, val, alive, msg);
            check_slots(&s, owner);
        }
    free(have);
    free(alive);
    free(sent);
    free(val);
    free(msg);
}

Test(pat, step_counts)
{
    int p;
    collalg__pat s;
    for (p = 1; p <= PMAX; p++) {
        int lg = collalg__ceil_log2(p);
        collalg__pat_init(&s, p, 1LL << 40); /* full aggregation: the reversed Bruck all-gather */
        CHECK(s.steps == lg, "p=%d: %d steps", p, s.steps);
        collalg__pat_init(&s, p, 1); /* no aggregation: one block per step */
        CHECK(s.steps == p - 1, "p=%d: %d steps", p, s.steps);
        collalg__pat_init(&s, p, 0);
        CHECK(s.agg == 1, "p=%d", p);
    }
    collalg__pat_init(&s, 6, 3); /* rounded down */
    CHECK(s.agg == 2 && s.steps == 4, "p=6 A=3: A=%d steps=%d", s.agg, s.steps);
}

Test(pat, scratch_bound)
{
    static const long long budgets[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 17, 31, 64, 100, 257, 1000, 1LL << 40};
    int p, rs;
    size_t b;
    for (p = 1; p <= PMAX; p++)
        for (rs = 0; rs <= 1; rs++)
            for (b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
                collalg__pat s, s2;
                int a = collalg__pat_agg_for(p, budgets[b], rs);
                collalg__pat_init(&s, p, a);
                CHECK(s.agg == a, "p=%d", p);
                /* within the bound, unless even A = 1 does not fit */
                CHECK(a == 1 || collalg__pat_scratch_blocks(&s, rs) <= budgets[b], "p=%d rs=%d budget %lld: A=%d", p,
                      rs, budgets[b], a);
                /* and the largest such A */
                collalg__pat_init(&s2, p, 2LL * a);
                CHECK(s2.agg == a || collalg__pat_scratch_blocks(&s2, rs) > budgets[b], "p=%d rs=%d budget %lld: A=%d",
                      p, rs, budgets[b], a);
                if (a == 1 && p > 1)
                    CHECK(collalg__pat_scratch_blocks(&s, rs) == (rs ? collalg__ceil_log2(p) + 2 : 2), "p=%d", p);
            }
}

Test(pat, scratch_bound_bytes)
{
    static const long long buffers[] = {0, 1, 63, 64, 4096, 16384, 1 << 20, 2147483647LL};
    static const long long sizes[] = {0, 1, 4, 40, 4000, 65540, 1LL << 30};
    int p, rs;
    size_t b, z;
    for (p = 1; p <= PMAX; p += p < 40 ? 1 : 13)
        for (rs = 0; rs <= 1; rs++)
            for (b = 0; b < sizeof buffers / sizeof buffers[0]; b++)
                for (z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
                    long long bound = buffers[b] ? buffers[b] : COLLALG_PAT_BUFFER_DEFAULT, count = sizes[z] / 4;
                    int a = collalg__pat_agg_bytes(p, buffers[b], sizes[z], count, rs);
                    collalg__pat s;
                    collalg__pat_init(&s, p, a);
                    CHECK(s.agg == a, "p=%d", p);
                    /* the scratch in bytes within the bound (0: the default), unless A = 1 */
                    CHECK(a == 1 || collalg__pat_scratch_blocks(&s, rs) * sizes[z] <= bound,
                          "p=%d rs=%d buffer %lld block %lld: A=%d", p, rs, buffers[b], sizes[z], a);
                    /* every message an int count of elements */
                    CHECK((long long)a * count <= 2147483647LL, "p=%d: A=%d count %lld", p, a, count);
                    /* empty blocks: full aggregation */
                    if (sizes[z] == 0)
                        CHECK(p == 1 || 2 * a >= pow2_ceil(p), "p=%d: A=%d", p, a);
                }
}
