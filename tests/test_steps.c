/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the schedules of the nonblocking collectives (schedule/steps.h,
 * schedule/icoll.h), run without MPI for every rank of p = 1 .. 70 in a simulated network.
 *
 * The simulator starts a step once the steps it depends on are done and matches messages as MPI
 * does: per pair of ranks in start order, a send done only when its receive is matched (no
 * buffering, so a schedule that needs it deadlocks here). It fails on a deadlock, on a message
 * whose receive has another size, on a step that writes data an active send or receive still
 * uses (or reads data a receive is still writing), and on a wrong result. Elements carry where
 * they came from: {lo, hi, j} is the reduction of ranks lo .. hi of element j, and a reduction
 * step joins {a, b, j} (src) and {b + 1, c, j} (dst) into {a, c, j} or marks the result broken,
 * so the operand order is checked too. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/schedule/icoll.h>

#define PMAX 70

/* Only failures are reported to the runner (Criterion passes every assertion to its runner).
 * While expect_failure is set (the tests of the simulator itself), failures are only counted. */
static int expect_failure, failures;
#define CHECK(cond, ...)                      \
    do {                                      \
        if (!(cond)) {                        \
            failures++;                       \
            if (!expect_failure)              \
                cr_assert(cond, __VA_ARGS__); \
        }                                     \
    } while (0)

typedef struct elem {
    int lo, hi, j;
} elem;

enum { WAITING, ACTIVE, DONE };

typedef struct sim_rank {
    collalg__steps s;
    elem *buf[COLLALG_NBUF];
    long long len[COLLALG_NBUF];
    unsigned char *state;
    unsigned char *knows;    /* ranks this one has heard from, directly or not */
    unsigned char **carried; /* per send step: the sender's knows when it started */
} sim_rank;

typedef enum {
    COLL_BARRIER,
    COLL_BCAST,
    COLL_ALLGATHER,
    COLL_ALLTOALL,
    COLL_ALLREDUCE,
    BAD_ORDER,     /* an allreduce that reduces in the wrong order */
    BAD_UNMATCHED, /* a send no one receives */
    BAD_HAZARD     /* a copy over data a send is still sending */
} coll_kind;

typedef struct sim {
    int p, root, inplace;
    long long count;
    coll_kind coll;
    sim_rank *r;
} sim;

static const elem broken = {-1, -1, -1};

static void build(sim *m, int rank, collalg__steps *s)
{
    switch (m->coll) {
    case COLL_BARRIER: collalg__ibarrier_dissemination_steps(s, rank, m->p); break;
    case COLL_BCAST: collalg__ibcast_binomial_steps(s, rank, m->p, m->root, m->count); break;
    case COLL_ALLGATHER: collalg__iallgather_ring_steps(s, rank, m->p, m->count, m->count, m->inplace); break;
    case COLL_ALLTOALL: collalg__ialltoall_linear_steps(s, rank, m->p, m->count, m->count, m->inplace); break;
    case COLL_ALLREDUCE: collalg__iallreduce_recursive_doubling_steps(s, rank, m->p, m->count, m->inplace); break;
    case BAD_ORDER: /* rank 1 adds rank 0's vector after its own */
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, m->count), collalg__pc(COLLALG_BUF_RECV, 0, m->count));
        collalg__steps_round(s);
        if (rank == 0)
            collalg__steps_send(s, 1, collalg__pc(COLLALG_BUF_RECV, 0, m->count));
        else
            collalg__steps_recv(s, 0, collalg__pc(COLLALG_BUF_TMP, 0, m->count));
        collalg__steps_tmp(s, m->count);
        collalg__steps_round(s);
        if (rank == 1)
            collalg__steps_reduce(s, collalg__pc(COLLALG_BUF_RECV, 0, m->count),
                                  collalg__pc(COLLALG_BUF_TMP, 0, m->count));
        break;
    case BAD_UNMATCHED:
        if (rank == 0)
            collalg__steps_send(s, 1, collalg__pc(COLLALG_BUF_SEND, 0, m->count));
        break;
    case BAD_HAZARD:
        if (rank == 0) {
            collalg__steps_send(s, 1, collalg__pc(COLLALG_BUF_RECV, 0, m->count));
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, m->count),
                                collalg__pc(COLLALG_BUF_RECV, 0, m->count));
        } else {
            collalg__steps_recv(s, 0, collalg__pc(COLLALG_BUF_RECV, 0, m->count));
        }
        break;
    }
}

static elem mk(int lo, int hi, int j)
{
    elem e;
    e.lo = lo;
    e.hi = hi;
    e.j = j;
    return e;
}

/* The send and receive buffers of rank r before the call, and their lengths in elements. */
static void fill(sim *m, int r, sim_rank *x)
{
    long long n = m->count, i, pn = (long long)m->p * n;
    x->len[COLLALG_BUF_SEND] = m->coll == COLL_ALLTOALL ? pn : n;
    x->len[COLLALG_BUF_RECV] = m->coll == COLL_ALLGATHER || m->coll == COLL_ALLTOALL ? pn : n;
    x->len[COLLALG_BUF_TMP] = x->s.tmp_count;
    for (i = 0; i < COLLALG_NBUF; i++)
        x->buf[i] = calloc((size_t)x->len[i] + 1, sizeof(elem));
    for (i = 0; i < x->len[COLLALG_BUF_RECV]; i++)
        x->buf[COLLALG_BUF_RECV][i] = broken;
    for (i = 0; i < x->len[COLLALG_BUF_TMP]; i++)
        x->buf[COLLALG_BUF_TMP][i] = broken;
    for (i = 0; i < x->len[COLLALG_BUF_SEND]; i++) /* alltoall: block d of rank r is {r, d, j} */
        x->buf[COLLALG_BUF_SEND][i] = m->coll == COLL_ALLTOALL ? mk(r, (int)(i / n), (int)(i % n)) : mk(r, r, (int)i);
    if (m->coll == COLL_BCAST && r == m->root)
        for (i = 0; i < n; i++)
            x->buf[COLLALG_BUF_RECV][i] = mk(r, r, (int)i);
    if (m->inplace && m->coll == COLL_ALLGATHER)
        for (i = 0; i < n; i++)
            x->buf[COLLALG_BUF_RECV][r * n + i] = mk(r, r, (int)i);
    if (m->inplace && (m->coll == COLL_ALLTOALL || m->coll == COLL_ALLREDUCE || m->coll == BAD_ORDER))
        memcpy(x->buf[COLLALG_BUF_RECV], x->buf[COLLALG_BUF_SEND], (size_t)x->len[COLLALG_BUF_SEND] * sizeof(elem));
}

static int overlaps(collalg__piece a, collalg__piece b)
{
    return a.buf == b.buf && a.count > 0 && b.count > 0 && a.first < b.first + b.count && b.first < a.first + a.count;
}

/* Checks that piece x (written when w, else read) of rank r touches no data an active step uses. */
static void check_hazard(sim *m, int r, collalg__piece x, int w, int self)
{
    sim_rank *k = &m->r[r];
    int i;
    for (i = 0; i < k->s.nsteps; i++) {
        const collalg__step *t = &k->s.steps[i];
        if (i == self || k->state[i] != ACTIVE)
            continue;
        CHECK(!(t->kind == COLLALG_STEP_RECV && overlaps(t->dst, x)),
              "p=%d rank %d step %d touches what step %d receives", m->p, r, self, i);
        CHECK(!(w && t->kind == COLLALG_STEP_SEND && overlaps(t->src, x)),
              "p=%d rank %d step %d writes what step %d sends", m->p, r, self, i);
    }
}

static void check_piece(sim *m, int r, collalg__piece x)
{
    long long len = x.buf >= 0 && x.buf < COLLALG_NBUF ? m->r[r].len[x.buf] : -1;
    CHECK(len >= 0 && x.first >= 0 && x.count >= 0 && x.first + x.count <= len,
          "p=%d rank %d: piece (%d, %lld, %lld) outside its buffer of %lld elements", m->p, r, x.buf, x.first, x.count,
          len);
}

static int deps_done(const sim_rank *k, int i)
{
    const collalg__step *t = &k->s.steps[i];
    int d;
    for (d = 0; d < t->ndeps; d++)
        if (k->state[k->s.deps[t->dep_first + d]] != DONE)
            return 0;
    return 1;
}

/* Starts every waiting step of rank r whose dependencies are done; local steps complete at once.
 * @return the number of steps started. */
static int start_ready(sim *m, int r)
{
    sim_rank *k = &m->r[r];
    int i, started = 0;
    long long e;
    for (i = 0; i < k->s.nsteps; i++) {
        const collalg__step *t = &k->s.steps[i];
        if (k->state[i] != WAITING || !deps_done(k, i))
            continue;
        started++;
        k->state[i] = ACTIVE;
        switch (t->kind) {
        case COLLALG_STEP_SEND:
            check_piece(m, r, t->src);
            check_hazard(m, r, t->src, 0, i);
            CHECK(t->peer >= 0 && t->peer < m->p && t->peer != r, "p=%d rank %d sends to %d", m->p, r, t->peer);
            memcpy(k->carried[i], k->knows, (size_t)m->p);
            break;
        case COLLALG_STEP_RECV:
            check_piece(m, r, t->dst);
            check_hazard(m, r, t->dst, 1, i);
            CHECK(t->peer >= 0 && t->peer < m->p && t->peer != r, "p=%d rank %d receives from %d", m->p, r, t->peer);
            break;
        case COLLALG_STEP_COPY:
        case COLLALG_STEP_REDUCE:
            check_piece(m, r, t->src);
            check_piece(m, r, t->dst);
            check_hazard(m, r, t->src, 0, i);
            check_hazard(m, r, t->dst, 1, i);
            CHECK(t->src.count == t->dst.count, "p=%d rank %d step %d: %lld elements into %lld", m->p, r, i,
                  t->src.count, t->dst.count);
            CHECK(!overlaps(t->src, t->dst), "p=%d rank %d step %d: source and destination overlap", m->p, r, i);
            for (e = 0; e < t->src.count; e++) {
                elem a = k->buf[t->src.buf][t->src.first + e], *b = &k->buf[t->dst.buf][t->dst.first + e];
                if (t->kind == COLLALG_STEP_COPY)
                    *b = a;
                else
                    *b = a.lo >= 0 && a.j == b->j && a.hi + 1 == b->lo ? mk(a.lo, b->hi, a.j) : broken;
            }
            k->state[i] = DONE;
            break;
        default: CHECK(0, "p=%d rank %d step %d: unknown kind %d", m->p, r, i, t->kind);
        }
    }
    return started;
}

/* The first active step of rank r that is a send to (or receive from) peer, in start order, or -1. */
static int first_active(const sim_rank *k, int kind, int peer)
{
    int i;
    for (i = 0; i < k->s.nsteps; i++)
        if (k->state[i] == ACTIVE && k->s.steps[i].kind == kind && k->s.steps[i].peer == peer)
            return i;
    return -1;
}

/* Matches the oldest active send from src to dst with the oldest receive of dst from src.
 * @return 1 when a message was delivered. */
static int deliver(sim *m, int src, int dst)
{
    sim_rank *a = &m->r[src], *b = &m->r[dst];
    int i = first_active(a, COLLALG_STEP_SEND, dst), j = first_active(b, COLLALG_STEP_RECV, src), q;
    const collalg__step *snd, *rcv;
    if (i < 0 || j < 0)
        return 0;
    snd = &a->s.steps[i];
    rcv = &b->s.steps[j];
    CHECK(snd->src.count == rcv->dst.count, "p=%d: %d sends %lld elements (step %d), %d receives %lld (step %d)", m->p,
          src, snd->src.count, i, dst, rcv->dst.count, j);
    memcpy(&b->buf[rcv->dst.buf][rcv->dst.first], &a->buf[snd->src.buf][snd->src.first],
           (size_t)snd->src.count * sizeof(elem));
    for (q = 0; q < m->p; q++)
        b->knows[q] |= a->carried[i][q];
    a->state[i] = b->state[j] = DONE;
    return 1;
}

/* Runs the schedules of all ranks to the end; fails on a deadlock. */
static void run(sim *m)
{
    int r, d, moved = 1;
    while (moved) {
        moved = 0;
        for (r = 0; r < m->p; r++)
            moved += start_ready(m, r);
        for (r = 0; r < m->p; r++)
            for (d = 0; d < m->p; d++)
                while (d != r && deliver(m, r, d))
                    moved = 1;
    }
    for (r = 0; r < m->p; r++)
        for (d = 0; d < m->r[r].s.nsteps; d++)
            CHECK(m->r[r].state[d] == DONE, "p=%d: rank %d never finishes step %d (kind %d, peer %d)", m->p, r, d,
                  m->r[r].s.steps[d].kind, m->r[r].s.steps[d].peer);
}

static int same(elem a, elem b)
{
    return a.lo == b.lo && a.hi == b.hi && a.j == b.j;
}

/* What element i of rank r's receive buffer must hold after the collective. */
static elem expected(const sim *m, int r, long long i)
{
    long long n = m->count;
    switch (m->coll) {
    case COLL_BCAST: return mk(m->root, m->root, (int)i);
    case COLL_ALLGATHER: return mk((int)(i / n), (int)(i / n), (int)(i % n));
    case COLL_ALLTOALL: return mk((int)(i / n), r, (int)(i % n));
    case COLL_ALLREDUCE:
    case BAD_ORDER: return mk(0, m->p - 1, (int)i);
    default: return broken;
    }
}

static void check_result(const sim *m)
{
    int r, q;
    long long i;
    for (r = 0; r < m->p; r++) {
        const sim_rank *k = &m->r[r];
        for (q = 0; q < m->p && m->coll == COLL_BARRIER; q++)
            CHECK(k->knows[q], "p=%d: rank %d finishes without hearing from %d", m->p, r, q);
        for (i = 0; i < k->len[COLLALG_BUF_RECV]; i++) {
            elem got = k->buf[COLLALG_BUF_RECV][i], want = expected(m, r, i);
            CHECK(same(got, want),
                  "p=%d root %d inplace %d count %lld: rank %d element %lld is {%d, %d, %d}, not {%d, %d, %d}", m->p,
                  m->root, m->inplace, m->count, r, i, got.lo, got.hi, got.j, want.lo, want.hi, want.j);
        }
    }
}

/* Builds (a counting run, then a filling one of that size), runs and checks one case. */
static void simulate(coll_kind coll, int p, int root, long long count, int inplace)
{
    sim m;
    int r, i;
    m.coll = coll;
    m.p = p;
    m.root = root;
    m.count = count;
    m.inplace = inplace;
    m.r = calloc((size_t)p, sizeof *m.r);
    for (r = 0; r < p; r++) {
        sim_rank *k = &m.r[r];
        collalg__steps c;
        collalg__steps_counting(&c);
        build(&m, r, &c);
        collalg__steps_filling(&k->s, calloc((size_t)c.nsteps + 1, sizeof(collalg__step)),
                               calloc((size_t)c.ndeps + 1, sizeof(int)));
        build(&m, r, &k->s);
        CHECK(k->s.nsteps == c.nsteps && k->s.ndeps == c.ndeps && k->s.tmp_count == c.tmp_count,
              "p=%d rank %d: the counting run found %d steps, %d dependencies, the filling one %d, %d", p, r, c.nsteps,
              c.ndeps, k->s.nsteps, k->s.ndeps);
        for (i = 0; i < k->s.nsteps; i++) {
            int d;
            for (d = 0; d < k->s.steps[i].ndeps; d++)
                CHECK(k->s.deps[k->s.steps[i].dep_first + d] < i, "p=%d rank %d: step %d waits for a later step", p, r,
                      i);
        }
        k->state = calloc((size_t)k->s.nsteps + 1, 1);
        k->knows = calloc((size_t)p, 1);
        k->knows[r] = 1;
        k->carried = calloc((size_t)k->s.nsteps + 1, sizeof *k->carried);
        for (i = 0; i < k->s.nsteps; i++)
            k->carried[i] = calloc((size_t)p, 1);
        fill(&m, r, k);
    }
    run(&m);
    check_result(&m);
    for (r = 0; r < p; r++) {
        sim_rank *k = &m.r[r];
        for (i = 0; i < k->s.nsteps; i++)
            free(k->carried[i]);
        for (i = 0; i < COLLALG_NBUF; i++)
            free(k->buf[i]);
        free(k->carried);
        free(k->knows);
        free(k->state);
        free(k->s.steps);
        free(k->s.deps);
    }
    free(m.r);
}

static const long long counts[] = {0, 1, 3};

Test(steps, ibarrier_dissemination)
{
    int p;
    for (p = 1; p <= PMAX; p++)
        simulate(COLL_BARRIER, p, 0, 0, 0);
}

Test(steps, ibcast_binomial_every_root)
{
    int p, root, c;
    for (p = 1; p <= PMAX; p++)
        for (root = 0; root<p; root += p> 9 ? p / 4 : 1)
            for (c = 0; c < 3; c++)
                simulate(COLL_BCAST, p, root, counts[c], 0);
}

Test(steps, iallgather_ring)
{
    int p, c, inplace;
    for (p = 1; p <= PMAX; p++)
        for (c = 0; c < 3; c++)
            for (inplace = 0; inplace < 2; inplace++)
                simulate(COLL_ALLGATHER, p, 0, counts[c], inplace);
}

Test(steps, ialltoall_linear)
{
    int p, c, inplace;
    for (p = 1; p <= PMAX; p++)
        for (c = 0; c < 3; c++)
            for (inplace = 0; inplace < 2; inplace++)
                simulate(COLL_ALLTOALL, p, 0, counts[c], inplace);
}

Test(steps, iallreduce_recursive_doubling_in_rank_order)
{
    int p, c, inplace;
    for (p = 1; p <= PMAX; p++)
        for (c = 0; c < 3; c++)
            for (inplace = 0; inplace < 2; inplace++)
                simulate(COLL_ALLREDUCE, p, 0, counts[c], inplace);
}

/* The simulator fails schedules that are wrong: a reduction out of rank order, a send nobody
 * receives, a copy over data a send has not yet delivered. */
Test(steps, simulator_fails_wrong_schedules)
{
    coll_kind bad[] = {BAD_ORDER, BAD_UNMATCHED, BAD_HAZARD};
    int b;
    expect_failure = 1;
    for (b = 0; b < 3; b++) {
        failures = 0;
        simulate(bad[b], 2, 0, 2, 0);
        cr_expect(failures > 0, "the simulator passes wrong schedule %d", b);
    }
    expect_failure = 0;
}
