/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the schedules of the neighbourhood collectives (schedule/neighbor.h), run
 * without MPI for every rank of many neighbourhoods: Cartesian grids of 1 to 3 dimensions of
 * sizes 1 .. 5, periodic and not (sizes 1 and 2 give repeated neighbours), graphs with self
 * loops and repeated edges, distributed graphs with in-degree != out-degree, empty
 * neighbourhoods.
 *
 * The builder runs twice per rank (counting, then filling, as the executor does); every step
 * must wait for nothing (the linear algorithm posts everything at once). Messages are matched as
 * MPI does with one tag: per ordered pair of ranks, the sends in step order with the receives in
 * step order. Each matched receive must get the block the MPI-4.1 text (§8.6) says:
 * - Cartesian: receive block i of rank r comes from sources[i] = s, which sends it as its block
 *   i ^ 1 (Example 8.10: what goes in the negative direction arrives in the positive slot), also
 *   when s is both neighbours (periodic dimensions of size 1 and 2);
 * - graph and distributed graph: the k-th edge from a to b (the k-th occurrence of b in a's
 *   destinations) fills the k-th occurrence of a in b's sources.
 * Holes (-1) give no step; every non-hole edge exactly one; the pieces are the right blocks of
 * the right buffers (uniform, same, vector, typed).
 *
 * The message-combining allgather (schedule/neighbor_combining.h) is run in a simulated network
 * on grids of 1 to 3 dimensions (sizes 1 .. 7, every mix of periods) for the Cartesian
 * neighbourhood, the 3^d-point stencils (9 and 27 points, centre included) and asymmetric offset
 * lists with repeats and offsets beyond the grid: see combining_case(). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/schedule/neighbor.h>
#include <collalg/schedule/neighbor_combining.h>

#define RMAX 64 /* ranks */
#define DMAX 40 /* degree */

/* One rank's neighbourhood and its built schedule. */
typedef struct nbr {
    int in, out;
    int src[DMAX], dst[DMAX];
    collalg__steps s;
    collalg__step steps[2 * DMAX + 1];
    int deps[4 * DMAX + 1];
} nbr;

static nbr g[RMAX];
static int nranks, cart;

enum { K_ALLGATHER, K_ALLGATHERV, K_ALLTOALL, K_ALLTOALLV, K_ALLTOALLW, NKINDS };

/* Counts and displacements of the v and w forms: block i of rank r has (r + i) % 3 elements at
 * element 10 * (deg - i) (reverse order with gaps), or byte 100 * (deg - i). */
static int vcnt[RMAX][DMAX], vdsp[RMAX][DMAX];
static long long vbytes[RMAX][DMAX];

static void build(int r, int kind, collalg__steps *s)
{
    const nbr *x = &g[r];
    switch (kind) {
    case K_ALLGATHER: collalg__neighbor_allgather_linear_steps(s, x->in, x->src, x->out, x->dst, cart, 3, 2); break;
    case K_ALLGATHERV:
        collalg__neighbor_allgatherv_linear_steps(s, x->in, x->src, x->out, x->dst, cart, 3, vcnt[r], vdsp[r]);
        break;
    case K_ALLTOALL: collalg__neighbor_alltoall_linear_steps(s, x->in, x->src, x->out, x->dst, cart, 2, 2); break;
    case K_ALLTOALLV:
        collalg__neighbor_alltoallv_linear_steps(s, x->in, x->src, x->out, x->dst, cart, vcnt[r], vdsp[r], vcnt[r],
                                                 vdsp[r]);
        break;
    default:
        collalg__neighbor_alltoallw_linear_steps(s, x->in, x->src, x->out, x->dst, cart, vcnt[r], vbytes[r], vcnt[r],
                                                 vbytes[r]);
    }
}

/* The piece block i of rank r must be, on the send (recv 0) or receive side. */
static collalg__piece expected_piece(int r, int kind, int i, int recv)
{
    int buf = recv ? COLLALG_BUF_RECV : COLLALG_BUF_SEND;
    switch (kind) {
    case K_ALLGATHER: return recv ? collalg__pc(buf, 2LL * i, 2) : collalg__pc(buf, 0, 3);
    case K_ALLGATHERV: return recv ? collalg__pc(buf, vdsp[r][i], vcnt[r][i]) : collalg__pc(buf, 0, 3);
    case K_ALLTOALL: return collalg__pc(buf, 2LL * i, 2);
    case K_ALLTOALLV: return collalg__pc(buf, vdsp[r][i], vcnt[r][i]);
    default: return collalg__pct(buf, vbytes[r][i], vcnt[r][i], i);
    }
}

/* 1 for the allgathers, whose send blocks are all the same piece (so any of them may match). */
static int gathers(int kind)
{
    return kind == K_ALLGATHER || kind == K_ALLGATHERV;
}

static int same_piece(collalg__piece a, collalg__piece b)
{
    return a.buf == b.buf && a.first == b.first && a.count == b.count && a.type == b.type;
}

/* The block index of step t of rank r, found back from its piece (each block has its own). */
static int block_of(int r, int kind, const collalg__step *t)
{
    int recv = t->kind == COLLALG_STEP_RECV, n = recv ? g[r].in : g[r].out, i;
    const int *peers = recv ? g[r].src : g[r].dst;
    for (i = 0; i < n; i++)
        if (peers[i] == t->peer && same_piece(recv ? t->dst : t->src, expected_piece(r, kind, i, recv)))
            return i;
    return -1;
}

/* The k-th (from 0) occurrence of @p v in @p a[0 .. n), or -1; and which occurrence i is. */
static int nth(const int *a, int n, int v, int k)
{
    int i;
    for (i = 0; i < n; i++)
        if (a[i] == v && k-- == 0)
            return i;
    return -1;
}
static int occurrence(const int *a, int i)
{
    int j, k = 0;
    for (j = 0; j < i; j++)
        k += a[j] == a[i];
    return k;
}

static void check_all_kinds(const char *what)
{
    int kind, r, i, a, b;
    for (r = 0; r < nranks; r++)
        for (i = 0; i < DMAX; i++) {
            vcnt[r][i] = (r + i) % 3;
            vdsp[r][i] = 10 * (DMAX - i);
            vbytes[r][i] = 100LL * (DMAX - i);
        }
    for (kind = 0; kind < NKINDS; kind++) {
        for (r = 0; r < nranks; r++) {
            collalg__steps c;
            nbr *x = &g[r];
            int holes = 0;
            collalg__steps_counting(&c);
            build(r, kind, &c);
            cr_assert(c.nsteps <= 2 * DMAX && c.ndeps == 0, "%s kind %d rank %d: %d steps %d deps", what, kind, r,
                      c.nsteps, c.ndeps);
            collalg__steps_filling(&x->s, x->steps, x->deps);
            build(r, kind, &x->s);
            cr_assert(x->s.nsteps == c.nsteps && x->s.ndeps == 0 && x->s.tmp_count == 0, "%s: runs differ", what);
            for (i = 0; i < x->in; i++)
                holes += x->src[i] < 0;
            for (i = 0; i < x->out; i++)
                holes += x->dst[i] < 0;
            cr_assert_eq(c.nsteps, x->in + x->out - holes, "%s kind %d rank %d: %d steps, %d edges", what, kind, r,
                         c.nsteps, x->in + x->out - holes);
            for (i = 0; i < c.nsteps; i++) { /* every step a distinct block */
                const collalg__step *t = &x->steps[i];
                int j, bi = block_of(r, kind, t);
                cr_assert(t->kind == COLLALG_STEP_SEND || t->kind == COLLALG_STEP_RECV, "%s: step kind", what);
                cr_assert(bi >= 0, "%s kind %d rank %d step %d: not a block of peer %d", what, kind, r, i, t->peer);
                for (j = 0; j < i && !(gathers(kind) && t->kind == COLLALG_STEP_SEND); j++)
                    cr_assert(x->steps[j].kind != t->kind || block_of(r, kind, &x->steps[j]) != bi,
                              "%s kind %d rank %d: block %d twice", what, kind, r, bi);
            }
        }
        /* Match per ordered pair (a, b) in step order; check each receive's block. */
        for (a = 0; a < nranks; a++)
            for (b = 0; b < nranks; b++) {
                int sa[2 * DMAX], rb[2 * DMAX], ns = 0, nr = 0, k;
                for (i = 0; i < g[a].s.nsteps; i++)
                    if (g[a].steps[i].kind == COLLALG_STEP_SEND && g[a].steps[i].peer == b)
                        sa[ns++] = block_of(a, kind, &g[a].steps[i]);
                for (i = 0; i < g[b].s.nsteps; i++)
                    if (g[b].steps[i].kind == COLLALG_STEP_RECV && g[b].steps[i].peer == a)
                        rb[nr++] = block_of(b, kind, &g[b].steps[i]);
                cr_assert_eq(ns, nr, "%s kind %d: %d sends %d -> %d, %d receives", what, kind, ns, a, b, nr);
                for (k = 0; k < ns && !gathers(kind); k++) { /* allgathers: every send block the same */
                    int want;
                    if (cart) /* the sender's block that goes back the receive's way */
                        want = rb[k] ^ 1;
                    else /* the edge of the same occurrence */
                        want = nth(g[a].dst, g[a].out, b, occurrence(g[b].src, rb[k]));
                    cr_assert_eq(sa[k], want,
                                 "%s kind %d: %d's block %d lands in %d's block %d, MPI-4.1 wants %d's block %d", what,
                                 kind, a, sa[k], b, rb[k], a, want);
                }
            }
    }
}

/* A Cartesian grid (row-major ranks, as MPI_Cart_create without reorder). */
static void cart_grid(int nd, const int *dims, const int *periods)
{
    int r, d;
    char what[100];
    nranks = 1;
    for (d = 0; d < nd; d++)
        nranks *= dims[d];
    cart = 1;
    for (r = 0; r < nranks; r++) {
        int coord[3], rest = r, stride = nranks;
        for (d = 0; d < nd; d++) {
            stride /= dims[d];
            coord[d] = rest / stride;
            rest %= stride;
        }
        g[r].in = g[r].out = 2 * nd;
        stride = nranks;
        for (d = 0; d < nd; d++) {
            int dir;
            stride /= dims[d];
            for (dir = 0; dir < 2; dir++) {
                int c = coord[d] + (dir ? 1 : -1), peer;
                if (c < 0 || c >= dims[d])
                    c = periods[d] ? (c + dims[d]) % dims[d] : -1;
                peer = c < 0 ? -1 : r + (c - coord[d]) * stride;
                g[r].src[2 * d + dir] = g[r].dst[2 * d + dir] = peer;
            }
        }
    }
    snprintf(what, sizeof what, "cart %dd %dx%dx%d periods %d%d%d", nd, dims[0], nd > 1 ? dims[1] : 1,
             nd > 2 ? dims[2] : 1, periods[0], nd > 1 ? periods[1] : 0, nd > 2 ? periods[2] : 0);
    check_all_kinds(what);
}

/* Runs @p fn on every grid of 1 to 3 dimensions, sizes 1 .. size_max[nd], every mix of periods. */
static void for_each_grid(const int *size_max, void (*fn)(int nd, const int *dims, const int *periods))
{
    int nd, dims[3], periods[3];
    for (nd = 1; nd <= 3; nd++) {
        int combos = 1, c, pc, d;
        for (d = 0; d < nd; d++)
            combos *= size_max[nd];
        for (c = 0; c < combos; c++) {
            int rest = c;
            for (d = 0; d < nd; d++) {
                dims[d] = 1 + rest % size_max[nd];
                rest /= size_max[nd];
            }
            for (pc = 0; pc < (1 << nd); pc++) {
                for (d = 0; d < nd; d++)
                    periods[d] = (pc >> d) & 1;
                fn(nd, dims, periods);
            }
        }
    }
}

Test(neighbor_steps, cartesian_1d_to_3d)
{
    static const int size_max[4] = {0, 7, 4, 3};
    for_each_grid(size_max, cart_grid);
}

/* A random edge multiset over n ranks (self loops and repeats included), each rank's lists
 * shuffled; symmetric: every edge also reversed (a graph topology, in == out lists). */
static unsigned rng = 12345;
static int rnd(int n)
{
    rng = rng * 1103515245u + 12345u;
    return (int)((rng >> 16) % (unsigned)n);
}

static void shuffle(int *a, int n)
{
    int i;
    for (i = n - 1; i > 0; i--) {
        int j = rnd(i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static void random_graph(int n, int edges, int symmetric)
{
    int e, r;
    char what[100];
    nranks = n;
    cart = 0;
    for (r = 0; r < n; r++)
        g[r].in = g[r].out = 0;
    for (e = 0; e < edges; e++) {
        int a = rnd(n), b = rnd(4) == 0 ? a : rnd(n); /* a quarter self loops */
        if (g[a].out >= DMAX - 2 || g[b].in >= DMAX - 2 || g[b].out >= DMAX - 2 || g[a].in >= DMAX - 2)
            continue;
        g[a].dst[g[a].out++] = b;
        g[b].src[g[b].in++] = a;
        if (symmetric && a != b) {
            g[b].dst[g[b].out++] = a;
            g[a].src[g[a].in++] = b;
        }
    }
    for (r = 0; r < n; r++) {
        shuffle(g[r].dst, g[r].out);
        if (symmetric) /* MPI_Graph_neighbors: one list for both */
            memcpy(g[r].src, g[r].dst, sizeof g[r].dst);
        else
            shuffle(g[r].src, g[r].in);
    }
    snprintf(what, sizeof what, "%s n %d edges %d", symmetric ? "graph" : "dist graph", n, edges);
    check_all_kinds(what);
}

Test(neighbor_steps, graphs_with_self_loops_and_repeats)
{
    int n, edges, rep;
    for (n = 1; n <= 12; n++)
        for (edges = 0; edges <= 3 * n; edges += n > 3 ? n / 2 : 1)
            for (rep = 0; rep < 3; rep++)
                random_graph(n, edges, 1);
}

Test(neighbor_steps, distributed_graphs_in_out_differ)
{
    int n, edges, rep;
    for (n = 1; n <= 20; n++)
        for (edges = 0; edges <= 4 * n; edges += n > 3 ? n / 2 : 1)
            for (rep = 0; rep < 3; rep++)
                random_graph(n, edges, 0);
    random_graph(RMAX, 6 * RMAX, 0);
}

Test(neighbor_steps, holes_only)
{
    int r;
    nranks = 3;
    cart = 0;
    for (r = 0; r < 3; r++) {
        g[r].in = g[r].out = 2;
        g[r].src[0] = g[r].src[1] = g[r].dst[0] = g[r].dst[1] = -1;
    }
    check_all_kinds("holes");
}

/* The receive order: swapped pairs on Cartesian lists (an odd last entry stays), list order else. */
Test(neighbor_steps, recv_slot_swaps_cartesian_pairs_only)
{
    cr_expect_eq(collalg__nbr_recv_slot(0, 4, 1), 1);
    cr_expect_eq(collalg__nbr_recv_slot(1, 4, 1), 0);
    cr_expect_eq(collalg__nbr_recv_slot(3, 4, 1), 2);
    cr_expect_eq(collalg__nbr_recv_slot(2, 3, 1), 2);
    cr_expect_eq(collalg__nbr_recv_slot(1, 4, 0), 1);
}

/* ---- Message combining (schedule/neighbor_combining.h) ------------------------------------- */
/* Every rank's schedule run in a simulated network: steps start when their dependencies are done
 * (copies at once, sends with the data of their start, matched per ordered pair in step order
 * with the receives); elements are tokens source * 1000 + element. Each element of the receive
 * and scratch buffers is written at most once and read only after it is written; at the end
 * receive block j of rank r holds the send buffer of the rank at r + offs[j], exactly once, or,
 * beyond a non-periodic border, is untouched. */

#define CRMAX 400 /* ranks */
#define CNMAX 40  /* offsets */
#define CCOUNT 2  /* elements per block */

typedef struct cmsg {
    int from, to, step, n;
    int *data; /* a send's tokens, or NULL for a receive */
} cmsg;

typedef struct crank {
    collalg__steps s;
    collalg__step *steps;
    int *deps, *work, *left, *state; /* state: 0 waiting, 1 in flight, 2 done */
    int *buf[3], *writes[3];
    long long len[3];
} crank;

static crank cr[CRMAX];
static cmsg cq[CRMAX * 64];
static int ncq;
static int csimulate_sent_last; /* the messages of the last csimulate() */

static int *celem(crank *x, collalg__piece p, long long e, int write)
{
    cr_assert(p.buf >= 0 && p.buf < 3 && p.first + e < x->len[p.buf] && p.first + e >= 0, "piece beyond buffer %d",
              p.buf);
    if (write)
        x->writes[p.buf][p.first + e]++;
    return &x->buf[p.buf][p.first + e];
}

static void cstep_done(crank *x, int i)
{
    int k, j;
    x->state[i] = 2;
    for (k = i + 1; k < x->s.nsteps; k++)
        for (j = 0; j < x->steps[k].ndeps; j++)
            x->left[k] -= x->deps[x->steps[k].dep_first + j] == i;
}

/* Runs the schedules of ranks [0, n) to completion; @return the messages sent. */
static int csimulate(int n)
{
    int progress = 1, r, i, sent = 0;
    ncq = 0;
    while (progress) {
        progress = 0;
        for (r = 0; r < n; r++)
            for (i = 0; i < cr[r].s.nsteps; i++) {
                crank *x = &cr[r];
                const collalg__step *t = &x->steps[i];
                long long e;
                if (x->state[i] != 0 || x->left[i] > 0)
                    continue;
                progress = 1;
                if (t->kind == COLLALG_STEP_COPY) {
                    cr_assert_eq(t->src.count, t->dst.count);
                    for (e = 0; e < t->src.count; e++) {
                        int v = *celem(x, t->src, e, 0);
                        cr_assert(v >= 0, "rank %d step %d copies an unwritten element", r, i);
                        *celem(x, t->dst, e, 1) = v;
                    }
                    cstep_done(x, i);
                    continue;
                }
                x->state[i] = 1;
                cr_assert(ncq < CRMAX * 64, "too many messages");
                cq[ncq].from = t->kind == COLLALG_STEP_SEND ? r : t->peer;
                cq[ncq].to = t->kind == COLLALG_STEP_SEND ? t->peer : r;
                cq[ncq].step = i;
                cq[ncq].data = NULL;
                if (t->kind == COLLALG_STEP_SEND) {
                    cq[ncq].n = (int)t->src.count;
                    cq[ncq].data = (int *)malloc(sizeof(int) * (size_t)(t->src.count + 1));
                    for (e = 0; e < t->src.count; e++) {
                        cq[ncq].data[e] = *celem(x, t->src, e, 0);
                        cr_assert(cq[ncq].data[e] >= 0, "rank %d step %d sends an unwritten element", r, i);
                    }
                    sent++;
                } else
                    cq[ncq].n = (int)t->dst.count;
                ncq++;
            }
        /* Match: per ordered pair, the oldest send with the oldest receive. */
        for (i = 0; i < ncq; i++) {
            int j;
            if (!cq[i].data || cq[i].n < 0)
                continue;
            for (j = 0; j < ncq; j++)
                if (!cq[j].data && cq[j].n >= 0 && cq[j].from == cq[i].from && cq[j].to == cq[i].to)
                    break;
            if (j == ncq)
                continue;
            {
                crank *b = &cr[cq[j].to];
                const collalg__step *t = &b->steps[cq[j].step];
                long long e;
                int k, older = 0;
                for (k = 0; k < i; k++) /* an older unmatched send of the pair goes first */
                    older += cq[k].data && cq[k].n >= 0 && cq[k].from == cq[i].from && cq[k].to == cq[i].to;
                if (older)
                    continue;
                cr_assert_eq(cq[i].n, cq[j].n, "message %d -> %d: %d sent, %d received", cq[i].from, cq[i].to, cq[i].n,
                             cq[j].n);
                for (e = 0; e < cq[i].n; e++)
                    *celem(b, t->dst, e, 1) = cq[i].data[e];
                cstep_done(&cr[cq[i].from], cq[i].step);
                cstep_done(b, cq[j].step);
                free(cq[i].data);
                cq[i].n = cq[j].n = -1;
                progress = 1;
            }
        }
    }
    for (r = 0; r < n; r++)
        for (i = 0; i < cr[r].s.nsteps; i++)
            cr_assert_eq(cr[r].state[i], 2, "rank %d step %d (kind %d) never completes", r, i, cr[r].steps[i].kind);
    csimulate_sent_last = sent;
    return sent;
}

/* Readies rank @p r's built schedule for csimulate(): dependencies (each on an earlier step),
 * the send buffer of @p slen tokens r * 1000 + element, receive and scratch buffers unwritten. */
static void cready(crank *x, int r, long long slen, long long rlen)
{
    int j, k;
    long long e;
    x->left = (int *)calloc((size_t)x->s.nsteps + 1, sizeof(int));
    x->state = (int *)calloc((size_t)x->s.nsteps + 1, sizeof(int));
    for (j = 0; j < x->s.nsteps; j++) {
        x->left[j] = x->steps[j].ndeps;
        for (k = 0; k < x->steps[j].ndeps; k++)
            cr_assert(x->deps[x->steps[j].dep_first + k] < j, "a dependency on a later step");
    }
    x->len[COLLALG_BUF_SEND] = slen;
    x->len[COLLALG_BUF_RECV] = rlen;
    x->len[COLLALG_BUF_TMP] = x->s.tmp_count;
    for (k = 0; k < 3; k++) {
        x->buf[k] = (int *)malloc(sizeof(int) * (size_t)(x->len[k] + 1));
        x->writes[k] = (int *)calloc((size_t)x->len[k] + 1, sizeof(int));
        for (e = 0; e < x->len[k]; e++)
            x->buf[k][e] = k == COLLALG_BUF_SEND ? r * 1000 + (int)e : -1;
    }
}

/* Frees what cready() and the builder allocated. */
static void crelease(crank *x)
{
    int k;
    for (k = 0; k < 3; k++) {
        free(x->buf[k]);
        free(x->writes[k]);
    }
    free(x->work);
    free(x->steps);
    free(x->deps);
    free(x->left);
    free(x->state);
}

/* Builds, runs and checks the combining allgather on a grid for the source offsets @p offs;
 * @p plain: the Cartesian neighbourhood, whose schedule must be the linear one (no copy, no
 * dependency) when every dimension has size >= 3. */
static void combining_case(int nd, const int *dims, const int *periods, int ns, const int *offs, int plain)
{
    int n = 1, r, j, d, rounds = 0, msgs;
    long long e;
    for (d = 0; d < nd; d++)
        n *= dims[d];
    cr_assert(n <= CRMAX && ns <= CNMAX);
    for (r = 0; r < n; r++) {
        crank *x = &cr[r];
        collalg__steps c;
        x->work = (int *)malloc(sizeof(int) * (size_t)collalg__nbr_comb_work(ns, nd));
        collalg__steps_counting(&c);
        collalg__neighbor_allgather_combining_steps(&c, r, nd, dims, periods, ns, offs, CCOUNT, CCOUNT, x->work);
        x->steps = (collalg__step *)malloc(sizeof(collalg__step) * (size_t)(c.nsteps + 1));
        x->deps = (int *)malloc(sizeof(int) * (size_t)(c.ndeps + 1));
        collalg__steps_filling(&x->s, x->steps, x->deps);
        collalg__neighbor_allgather_combining_steps(&x->s, r, nd, dims, periods, ns, offs, CCOUNT, CCOUNT, x->work);
        cr_assert(x->s.nsteps == c.nsteps && x->s.ndeps == c.ndeps && x->s.tmp_count == c.tmp_count, "runs differ");
        cready(x, r, CCOUNT, (long long)ns * CCOUNT);
        for (j = 0; plain && j < c.nsteps; j++)
            if (x->steps[j].kind == COLLALG_STEP_COPY) {
                int big = 1;
                for (d = 0; d < nd; d++)
                    big = big && dims[d] >= 3;
                cr_assert(!big, "a copy in the plain Cartesian neighbourhood");
            }
    }
    msgs = csimulate(n);
    for (d = 0; d < nd; d++) { /* at most one round per dimension and distinct value */
        int v[CNMAX], nv = 0, i;
        for (j = 0; j < ns; j++) {
            int c = collalg__nbr_comb_canon(-(long long)offs[j * nd + d], dims[d], periods[d]);
            for (i = 0; i < nv && v[i] != c; i++)
                ;
            if (c != 0 && i == nv)
                v[nv++] = c;
        }
        rounds += nv;
    }
    cr_assert(msgs <= n * rounds, "%d messages, %d ranks x %d rounds", msgs, n, rounds);
    for (r = 0; r < n; r++) {
        crank *x = &cr[r];
        int coord[8], rest = r;
        for (d = nd - 1; d >= 0; d--) {
            coord[d] = rest % dims[d];
            rest /= dims[d];
        }
        for (j = 0; j < ns; j++) {
            int src = 0, hole = 0;
            for (d = 0; d < nd; d++) {
                int c = coord[d] + offs[j * nd + d];
                if (c < 0 || c >= dims[d]) {
                    hole |= !periods[d];
                    c = ((c % dims[d]) + dims[d]) % dims[d];
                }
                src = src * dims[d] + c;
            }
            for (e = 0; e < CCOUNT; e++) {
                long long at = (long long)j * CCOUNT + e;
                int want = hole ? -1 : src * 1000 + (int)e;
                cr_assert_eq(x->buf[COLLALG_BUF_RECV][at], want, "%dd grid %dx%dx%d: rank %d block %d element %lld", nd,
                             dims[0], nd > 1 ? dims[1] : 1, nd > 2 ? dims[2] : 1, r, j, e);
                cr_assert_eq(x->writes[COLLALG_BUF_RECV][at], hole ? 0 : 1, "rank %d block %d written %d times", r, j,
                             x->writes[COLLALG_BUF_RECV][at]);
            }
        }
        for (e = 0; e < x->len[COLLALG_BUF_TMP]; e++)
            cr_assert(x->writes[COLLALG_BUF_TMP][e] <= 1, "rank %d scratch element %lld written twice", r, e);
        crelease(x);
    }
}

/* Offsets of the stencils, source offsets (receive block j from r + offs[j]). */
static int stencil(int nd, int kind, int *offs)
{
    static const int asym1[] = {1, 2, 3, -5, 0, 2, -1};
    static const int asym2[] = {1, 0, 2, 1, 0, -3, 1, 1, 1, 1, -2, 2, 0, 0, -1, 4};
    static const int asym3[] = {1, 2, 0, 0, 0, 1, -1, -1, -1, 3, 0, 2, 1, 2, 0, 0, -2, 1, 2, 2, 2};
    int ns = 0, d, i, k;
    if (kind == 0) { /* the Cartesian neighbourhood, MPI's order: -e_d then +e_d */
        for (d = 0; d < nd; d++)
            for (k = -1; k <= 1; k += 2, ns++)
                for (i = 0; i < nd; i++)
                    offs[ns * nd + i] = i == d ? k : 0;
    } else if (kind == 1) { /* 3^nd points, the centre included (a self loop) */
        int total = 1;
        for (d = 0; d < nd; d++)
            total *= 3;
        for (ns = 0; ns < total; ns++) {
            int rest = ns;
            for (i = 0; i < nd; i++, rest /= 3)
                offs[ns * nd + i] = rest % 3 - 1;
        }
    } else { /* asymmetric, repeated offsets, offsets beyond the grid */
        const int *a = nd == 1 ? asym1 : nd == 2 ? asym2 : asym3;
        ns = nd == 1 ? 7 : nd == 2 ? 8 : 7;
        for (i = 0; i < ns * nd; i++)
            offs[i] = a[i];
    }
    return ns;
}

/* The three stencils on one grid. */
static void combining_grid(int nd, const int *dims, const int *periods)
{
    int offs[CNMAX * 3], kind;
    for (kind = 0; kind < 3; kind++)
        combining_case(nd, dims, periods, stencil(nd, kind, offs), offs, kind == 0);
}

Test(neighbor_steps, combining_allgather_grids_and_stencils)
{
    static const int size_max[4] = {0, 7, 7, 4};
    for_each_grid(size_max, combining_grid);
}

Test(neighbor_steps, combining_allgather_large_grids)
{
    static const int grids[][3] = {{7, 7, 7}, {3, 3, 3}, {7, 2, 5}, {1, 6, 7}};
    int g3, pc, kind, periods[3], offs[CNMAX * 3], d;
    for (g3 = 0; g3 < 4; g3++)
        for (pc = 0; pc < 8; pc += 7) {
            for (d = 0; d < 3; d++)
                periods[d] = pc ? 1 : 0;
            for (kind = 0; kind < 3; kind++)
                combining_case(3, grids[g3], periods, stencil(3, kind, offs), offs, kind == 0);
        }
}

/* The counts of the 27-point stencil on a 3x3x3 torus's neighbour: 6 messages (one per dimension
 * and direction) carrying 2 + 6 + 18 = 26 blocks, none for the centre. */
Test(neighbor_steps, combining_27_point_counts)
{
    int dims[3] = {5, 5, 5}, periods[3] = {1, 1, 1}, offs[CNMAX * 3], ns = stencil(3, 1, offs), i, sends = 0;
    long long blocks = 0;
    collalg__steps c;
    int *work = (int *)malloc(sizeof(int) * (size_t)collalg__nbr_comb_work(ns, 3));
    collalg__step *steps;
    int *deps;
    collalg__steps_counting(&c);
    collalg__neighbor_allgather_combining_steps(&c, 62, 3, dims, periods, ns, offs, 1, 1, work);
    steps = (collalg__step *)malloc(sizeof *steps * (size_t)c.nsteps);
    deps = (int *)malloc(sizeof *deps * (size_t)(c.ndeps + 1));
    collalg__steps_filling(&c, steps, deps);
    collalg__neighbor_allgather_combining_steps(&c, 62, 3, dims, periods, ns, offs, 1, 1, work);
    for (i = 0; i < c.nsteps; i++)
        if (steps[i].kind == COLLALG_STEP_SEND) {
            sends++;
            blocks += steps[i].src.count;
        }
    cr_expect_eq(sends, 6);
    cr_expect_eq(blocks, 26);
    free(work);
    free(steps);
    free(deps);
}

/* ---- Message-combining alltoall (collalg__neighbor_alltoall_combining_steps()) -------------- */
/* Builds, runs and checks the combining alltoall on a grid: send block j of every rank goes to
 * the rank at offset @p offs_j and must land, exactly once, in its receive block @p pair[j]; a
 * destination or source beyond a non-periodic border is a hole (never written). @p plain: the
 * Cartesian neighbourhood, whose schedule must be the linear one when every size is >= 3.
 * @return the blocks sent, over all ranks. */
static long long alltoall_case(int nd, const int *dims, const int *periods, int nb, const int *offs, const int *pair,
                               int plain)
{
    int n = 1, r, j, d, rounds = 0, msgs, i;
    long long e, blocks = 0;
    for (d = 0; d < nd; d++)
        n *= dims[d];
    cr_assert(n <= CRMAX && nb <= CNMAX);
    for (r = 0; r < n; r++) {
        crank *x = &cr[r];
        collalg__steps c;
        x->work = (int *)malloc(sizeof(int) * (size_t)collalg__nbr_a2a_work(nb, nd));
        collalg__steps_counting(&c);
        collalg__neighbor_alltoall_combining_steps(&c, r, nd, dims, periods, nb, offs, pair, CCOUNT, CCOUNT, x->work);
        x->steps = (collalg__step *)malloc(sizeof(collalg__step) * (size_t)(c.nsteps + 1));
        x->deps = (int *)malloc(sizeof(int) * (size_t)(c.ndeps + 1));
        collalg__steps_filling(&x->s, x->steps, x->deps);
        collalg__neighbor_alltoall_combining_steps(&x->s, r, nd, dims, periods, nb, offs, pair, CCOUNT, CCOUNT,
                                                   x->work);
        cr_assert(x->s.nsteps == c.nsteps && x->s.ndeps == c.ndeps && x->s.tmp_count == c.tmp_count, "runs differ");
        cready(x, r, (long long)nb * CCOUNT, (long long)nb * CCOUNT);
        for (j = 0; j < c.nsteps; j++) {
            int big = 1;
            for (d = 0; d < nd; d++)
                big = big && dims[d] >= 3;
            cr_assert(!plain || !big || (x->steps[j].kind != COLLALG_STEP_COPY && x->steps[j].ndeps == 0),
                      "a copy or a wait in the plain Cartesian neighbourhood");
            if (x->steps[j].kind == COLLALG_STEP_SEND)
                blocks += x->steps[j].src.count / CCOUNT;
        }
    }
    msgs = csimulate(n);
    for (d = 0; d < nd; d++) { /* at most one round per dimension and distinct value */
        int v[CNMAX], nv = 0;
        for (j = 0; j < nb; j++) {
            int c = collalg__nbr_comb_canon(offs[j * nd + d], dims[d], periods[d]);
            for (i = 0; i < nv && v[i] != c; i++)
                ;
            if (c != 0 && i == nv)
                v[nv++] = c;
        }
        rounds += nv;
    }
    cr_assert(msgs <= n * rounds, "%d messages, %d ranks x %d rounds", msgs, n, rounds);
    for (r = 0; r < n; r++) {
        crank *x = &cr[r];
        int coord[8], rest = r;
        for (d = nd - 1; d >= 0; d--) {
            coord[d] = rest % dims[d];
            rest /= dims[d];
        }
        for (j = 0; j < nb; j++) { /* receive block pair[j]: block j of the rank at r - offs_j */
            int src = 0, hole = 0;
            for (d = 0; d < nd; d++) {
                int c = coord[d] - offs[j * nd + d];
                if (c < 0 || c >= dims[d]) {
                    hole |= !periods[d];
                    c = ((c % dims[d]) + dims[d]) % dims[d];
                }
                src = src * dims[d] + c;
            }
            for (e = 0; e < CCOUNT; e++) {
                long long at = (long long)pair[j] * CCOUNT + e;
                int want = hole ? -1 : src * 1000 + j * CCOUNT + (int)e;
                cr_assert_eq(x->buf[COLLALG_BUF_RECV][at], want, "%dd grid %dx%dx%d: rank %d block %d element %lld", nd,
                             dims[0], nd > 1 ? dims[1] : 1, nd > 2 ? dims[2] : 1, r, j, e);
                cr_assert_eq(x->writes[COLLALG_BUF_RECV][at], hole ? 0 : 1, "rank %d block %d written %d times", r,
                             pair[j], x->writes[COLLALG_BUF_RECV][at]);
            }
        }
        for (e = 0; e < x->len[COLLALG_BUF_TMP]; e++)
            cr_assert(x->writes[COLLALG_BUF_TMP][e] <= 1, "rank %d scratch element %lld written twice", r, e);
        crelease(x);
    }
    return blocks;
}

/* The three stencils as alltoalls on one grid: the Cartesian one (destinations = sources, send
 * block j into receive block j ^ 1, MPI-4.1 Example 8.10), the 3^d-point and asymmetric ones
 * with the destinations the negated sources rotated by 3 (send block j into receive block
 * (j + 3) mod s); on a torus also the same destinations shifted by a whole period and paired
 * modulo the sizes (a graph read on the torus). */
static void alltoall_grid(int nd, const int *dims, const int *periods)
{
    int a[CNMAX * 3], b[CNMAX * 3], pair[CNMAX], kind, ns, j, d, torus = 1;
    for (d = 0; d < nd; d++)
        torus = torus && periods[d];
    for (kind = 0; kind < 3; kind++) {
        ns = stencil(nd, kind, a);
        for (j = 0; j < ns; j++)
            for (d = 0; d < nd; d++)
                b[j * nd + d] = kind == 0 ? a[j * nd + d] : -a[((j + 3) % ns) * nd + d];
        cr_assert(collalg__nbr_a2a_pair(nd, dims, 1, ns, a, ns, b, pair), "no pairing");
        for (j = 0; j < ns; j++)
            cr_assert(kind == 2 || pair[j] == (kind == 0 ? j ^ 1 : (j + 3) % ns), "block %d pairs with %d", j, pair[j]);
        alltoall_case(nd, dims, periods, ns, b, pair, kind == 0);
        if (!torus)
            continue;
        for (j = 0; j < ns * nd; j++)
            b[j] += dims[j % nd];
        cr_assert(collalg__nbr_a2a_pair(nd, dims, 0, ns, a, ns, b, pair), "no pairing modulo the sizes");
        alltoall_case(nd, dims, periods, ns, b, pair, 0);
    }
}

Test(neighbor_steps, combining_alltoall_grids_and_stencils)
{
    static const int size_max[4] = {0, 7, 7, 4};
    for_each_grid(size_max, alltoall_grid);
}

Test(neighbor_steps, combining_alltoall_large_grids)
{
    static const int grids[][3] = {{7, 7, 7}, {3, 3, 3}, {7, 2, 5}, {1, 6, 7}};
    int g3, pc, d, periods[3];
    for (g3 = 0; g3 < 4; g3++)
        for (pc = 0; pc < 8; pc += 7) {
            for (d = 0; d < 3; d++)
                periods[d] = pc ? 1 : 0;
            alltoall_grid(3, grids[g3], periods);
        }
}

/* The 27-point stencil on a 5x5x5 torus: 6 messages per rank, one per dimension and direction,
 * forwarding each block once per non-zero component: 3 * 18 = 54 blocks per rank (linear: 26
 * messages of one block); the centre is a local copy. */
Test(neighbor_steps, combining_alltoall_27_point_counts)
{
    int dims[3] = {5, 5, 5}, periods[3] = {1, 1, 1}, a[CNMAX * 3], b[CNMAX * 3], pair[CNMAX], ns, j;
    ns = stencil(3, 1, a);
    for (j = 0; j < ns * 3; j++)
        b[j] = a[j];
    cr_assert(collalg__nbr_a2a_pair(3, dims, 1, ns, a, ns, b, pair));
    cr_expect_eq(alltoall_case(3, dims, periods, ns, b, pair, 0), 125 * 54);
    cr_expect_eq(csimulate_sent_last, 125 * 6);
}

/* Pairings that cannot be: degrees differ, an offset with no opposite, a repeat short. */
Test(neighbor_steps, combining_alltoall_pairing_errors)
{
    int dims[2] = {4, 4}, pair[4];
    const int a[] = {1, 0, -1, 0, 0, 1}, b1[] = {-1, 0, 1, 0, 0, 1}, b2[] = {-1, 0, -1, 0, 0, -1};
    cr_expect(!collalg__nbr_a2a_pair(2, dims, 1, 3, a, 2, b2, pair));
    cr_expect(!collalg__nbr_a2a_pair(2, dims, 1, 3, a, 3, b1, pair));
    cr_expect(!collalg__nbr_a2a_pair(2, dims, 1, 3, a, 3, b2, pair));
    cr_expect(collalg__nbr_a2a_pair(2, dims, 1, 3, a, 3, (const int[]){0, -1, -1, 0, 1, 0}, pair));
    cr_expect(pair[0] == 2 && pair[1] == 0 && pair[2] == 1);
}
