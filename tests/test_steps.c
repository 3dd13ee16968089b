/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the schedules of the nonblocking collectives (schedule/steps.h,
 * schedule/icoll.h), run without MPI for every rank of p = 1 .. 40 (70 under make check-large) in a simulated network.
 *
 * Every collective of the builders, every root (for p > 9 four of them), counts 0, 1 and 3 (the
 * v-collectives: count arrays with zeros and displacements in reverse order with gaps), in place
 * where MPI allows it.
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
/* Pieces longer than 4 elements are cut (schedule/steps.h): the messages and reductions of
 * several blocks of 3 elements run the cut path, the single blocks the whole one. */
#define COLLALG_PIECE_MAX 4
#include <collalg/schedule/icoll.h>
#include <collalg/schedule/icoll_reduce.h>
#include <collalg/schedule/icoll_rooted.h>
#include <collalg/schedule/icoll_alltoall.h>
#include <collalg/schedule/icoll_recexch.h>
#include <collalg/schedule/recexch.h>
#include <collalg/schedule/icoll_tree.h>
#include <collalg/schedule/icoll_smp.h>

#define PMAX 70

/* The largest p simulated: PMAX under make check-large (COLLALG_CHECK_LARGE set and not "0"), 40
 * under make check. A schedule's cost grows about as p^3 over p = 1 .. P: p = 41 .. 70 were three
 * quarters of the suite's CPU time (259 s), and p <= 40 already has every radix up to 8 past its
 * second level and the non-powers of two on both sides of 32. */
static int p_last(void)
{
    const char *v = getenv("COLLALG_CHECK_LARGE");
    return v && *v && strcmp(v, "0") != 0 ? PMAX : 40;
}

/* The alltoall cases (COLL_ALLTOALL, COLL_ALLTOALLV, COLL_ALLTOALLW) run collalg__a2a_steps()
 * with algorithm a2a_alg and window a2a_window (by default the linear algorithm: the scattered
 * schedule with every message at once); run() checks that the scattered schedules never have more
 * than the window's receives or sends in flight. */
static int a2a_alg = COLLALG_A2A_SCATTERED, a2a_window = COLLALG_A2A_ALL_AT_ONCE;
/* The bcast, allgather, allgatherv, scan and exscan cases by their linear builders (LibNBC's)
 * instead of binomial, ring, ring and recursive doubling (simulate_linear()). */
static int linear_alg;
/* The reduce_scatter(_block) recursive-doubling cases by the butterfly instead (same contract). */
static int butterfly_alg;

/* Only failures are reported to the runner (Criterion passes every assertion to its runner).
 * While expect_failure is set (the tests of the simulator itself), failures are only counted. */
static int expect_failure, failures;
/* The radix of the builders the tests run for several radices (simulate_radices()). */
static int radix = 3;
/* Elements per segment of the chain and binary-tree broadcasts (above COLLALG_PIECE_MAX: clipped
 * to it). */
static long long chain_seg = 1;
/* The tree of the pipelined tree allreduce (COLLALG_TREE_KNOMIAL or COLLALG_TREE_KARY). */
static int tree_kind = COLLALG_TREE_KNOMIAL;

/* The v-collectives' blocks back to back in rank order (else in reverse order, with gaps). */
static int packed_layout = 0;
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
    unsigned long long m[2]; /* the ranks lo .. hi as a set (a commutative reduction's record) */
} elem;

enum { WAITING, ACTIVE, DONE };

typedef struct sim_rank {
    collalg__steps s;
    elem *buf[COLLALG_NBUF];
    elem *want; /* the receive buffer as it must be after the collective */
    long long len[COLLALG_NBUF];
    unsigned char *state;
    unsigned char *knows;    /* ranks this one has heard from, directly or not */
    unsigned char **carried; /* per send step: the sender's knows when it started */
} sim_rank;

typedef enum {
    COLL_BARRIER,
    COLL_BCAST,
    COLL_BCAST_SCATTER, /* scatter + ring allgather */
    COLL_BCAST_RDB,     /* scatter + recursive-doubling allgather */
    COLL_BCAST_CHAIN,   /* segments of chain_seg elements */
    COLL_BCAST_BINARY,  /* binary tree, segments of chain_seg elements */
    COLL_ALLGATHER,
    COLL_ALLGATHERV,
    COLL_ALLGATHERV_RDB,   /* recursive doubling */
    COLL_ALLGATHERV_BRUCK, /* Bruck, radix 2 */
    COLL_ALLGATHERV_CIRCULANT,
    COLL_ALLGATHERV_KBRUCK, /* Bruck, radix `radix` */
    COLL_ALLGATHER_RDB,
    COLL_ALLTOALL,
    COLL_ALLTOALL_PAIR,
    COLL_ALLTOALLV,
    COLL_ALLTOALLW, /* alltoallv's case; a unit per element, one datatype per block */
    COLL_GATHER,
    COLL_GATHERV,
    COLL_SCATTER,
    COLL_SCATTERV,
    COLL_GATHER_BINOMIAL,
    COLL_GATHER_KNOMIAL, /* radix `radix` */
    COLL_SCATTER_BINOMIAL,
    COLL_SCATTER_KNOMIAL, /* radix `radix` */
    COLL_REDUCE,
    COLL_REDUCE_RAB,    /* Rabenseifner */
    COLL_REDUCE_PIPE,   /* pipelined chain in rank order, segments of `radix` elements */
    COLL_REDUCE_PIPE_C, /* the same relative to the root, commutative */
    COLL_ALLREDUCE,
    COLL_ALLREDUCE_RING, /* commutative */
    COLL_ALLREDUCE_CIRC, /* circulant reduce-scatter + allgather, commutative */
    COLL_SCAN,
    COLL_EXSCAN,
    COLL_RSB,               /* reduce_scatter_block */
    COLL_RS,                /* reduce_scatter */
    COLL_ALLREDUCE_RAB,     /* Rabenseifner */
    COLL_ALLREDUCE_RECMULT, /* recursive multiplying, radix `radix` */
    COLL_ALLREDUCE_RB,      /* reduce_bcast, radix `radix` */
    COLL_ALLREDUCE_PTREE,   /* pipelined_tree: tree `tree_kind`, radix `radix`, segments of `chain_seg` */
    COLL_RSB_HALVING,       /* commutative */
    COLL_RS_HALVING,        /* commutative */
    COLL_RSB_PAIRWISE,      /* commutative */
    COLL_RS_PAIRWISE,       /* commutative */
    COLL_RSB_CIRC,          /* commutative */
    COLL_RS_CIRC,           /* commutative */
    COLL_RSB_RDB,           /* recursive doubling */
    COLL_RS_RDB,            /* recursive doubling */
    COLL_RSB_RX,            /* recursive exchange, radix `radix` */
    COLL_RS_RX,             /* recursive exchange, radix `radix` */
    COLL_ALLREDUCE_RX,      /* recexch reduce-scatter + allgather, radix `radix` */
    COLL_ALLGATHER_BRUCK,
    COLL_ALLGATHER_KBRUCK, /* Bruck, radix `radix` */
    COLL_ALLGATHER_NEIGHBOR,
    COLL_ALLGATHER_SPARBIT,
    COLL_ALLGATHER_CIRCULANT,
    COLL_ALLTOALL_BRUCK,
    COLL_ALLTOALL_KBRUCK, /* Bruck, radix `radix` */
    COLL_BCAST_KNOMIAL,   /* radix 3 */
    COLL_REDUCE_KNOMIAL,  /* radix 3 */
    COLL_BARRIER_K,       /* radix 3 */
    COLL_BARRIER_RX,      /* recexch, radix `radix` */
    COLL_ALLGATHER_RXD,   /* recexch_doubling, radix `radix` (the four: allgather, allgatherv) */
    COLL_ALLGATHER_RXH,   /* recexch_halving */
    COLL_ALLGATHERV_RXD,
    COLL_ALLGATHERV_RXH,
    COLL_BCAST_SMP,       /* node layout smp_mode, segments of chain_seg elements */
    COLL_REDUCE_SMP,      /* node layout smp_mode cut into its runs (collalg__smp_runs()), rank order */
    COLL_REDUCE_SMP_C,    /* node layout smp_mode, relative to the root, commutative */
    COLL_ALLREDUCE_SMP,   /* node layout smp_mode cut into its runs, rank order */
    COLL_ALLREDUCE_SMP_C, /* node layout smp_mode, commutative */
    COLL_SCAN_SMP,        /* node layout smp_mode cut into its runs */
    COLL_BCAST_RX,        /* scatterv_recexch_allgatherv, radix `radix` */
    COLL_BCAST_PTREE,     /* pipelined_tree: tree `tree_kind`, radix `radix`, segments of `chain_seg` */
    COLL_REDUCE_PTREE,    /* pipelined_tree in rank order: tree `tree_kind`, radix `radix`, segments `chain_seg` */
    COLL_REDUCE_PTREE_C,  /* the same relative to the root, commutative */
    BAD_ORDER,            /* an allreduce that reduces in the wrong order */
    BAD_UNMATCHED,        /* a send no one receives */
    BAD_HAZARD            /* a copy over data a send is still sending */
} coll_kind;

#define NCOLL ((int)COLL_REDUCE_PTREE_C + 1)

static const char *const coll_name[NCOLL] = {[COLL_BARRIER] = "barrier",
                                             [COLL_BCAST] = "bcast",
                                             [COLL_BCAST_SCATTER] = "bcast scatter_ring_allgather",
                                             [COLL_BCAST_RDB] = "bcast scatter_rdb_allgather",
                                             [COLL_BCAST_CHAIN] = "bcast chain",
                                             [COLL_BCAST_BINARY] = "bcast binary_tree",
                                             [COLL_ALLGATHER] = "allgather",
                                             [COLL_ALLGATHERV] = "allgatherv",
                                             [COLL_ALLGATHERV_RDB] = "allgatherv recursive_doubling",
                                             [COLL_ALLGATHERV_BRUCK] = "allgatherv bruck",
                                             [COLL_ALLGATHERV_CIRCULANT] = "allgatherv circulant",
                                             [COLL_ALLGATHERV_KBRUCK] = "allgatherv k_bruck",
                                             [COLL_ALLGATHER_RDB] = "allgather rdb",
                                             [COLL_ALLTOALL] = "alltoall",
                                             [COLL_ALLTOALL_PAIR] = "alltoall pair",
                                             [COLL_ALLTOALLV] = "alltoallv",
                                             [COLL_ALLTOALLW] = "alltoallw",
                                             [COLL_GATHER] = "gather",
                                             [COLL_GATHERV] = "gatherv",
                                             [COLL_SCATTER] = "scatter",
                                             [COLL_SCATTERV] = "scatterv",
                                             [COLL_GATHER_BINOMIAL] = "gather binomial",
                                             [COLL_GATHER_KNOMIAL] = "gather knomial",
                                             [COLL_SCATTER_BINOMIAL] = "scatter binomial",
                                             [COLL_SCATTER_KNOMIAL] = "scatter knomial",
                                             [COLL_REDUCE] = "reduce",
                                             [COLL_REDUCE_RAB] = "reduce rabenseifner",
                                             [COLL_REDUCE_PIPE] = "reduce pipeline",
                                             [COLL_REDUCE_PIPE_C] = "reduce pipeline commutative",
                                             [COLL_ALLREDUCE] = "allreduce",
                                             [COLL_ALLREDUCE_RING] = "allreduce ring",
                                             [COLL_ALLREDUCE_CIRC] = "allreduce circulant_reduce_scatter_allgather",
                                             [COLL_SCAN] = "scan",
                                             [COLL_EXSCAN] = "exscan",
                                             [COLL_RSB] = "reduce_scatter_block",
                                             [COLL_RS] = "reduce_scatter",
                                             [COLL_ALLREDUCE_RAB] = "allreduce rabenseifner",
                                             [COLL_ALLREDUCE_RECMULT] = "allreduce recursive_multiplying",
                                             [COLL_ALLREDUCE_RB] = "allreduce reduce_bcast",
                                             [COLL_ALLREDUCE_PTREE] = "allreduce pipelined_tree",
                                             [COLL_RSB_HALVING] = "reduce_scatter_block recursive_halving",
                                             [COLL_RS_HALVING] = "reduce_scatter recursive_halving",
                                             [COLL_RSB_PAIRWISE] = "reduce_scatter_block pairwise",
                                             [COLL_RS_PAIRWISE] = "reduce_scatter pairwise",
                                             [COLL_RSB_CIRC] = "reduce_scatter_block circulant",
                                             [COLL_RS_CIRC] = "reduce_scatter circulant",
                                             [COLL_RSB_RDB] = "reduce_scatter_block recursive_doubling",
                                             [COLL_RS_RDB] = "reduce_scatter recursive_doubling",
                                             [COLL_RSB_RX] = "reduce_scatter_block recexch",
                                             [COLL_RS_RX] = "reduce_scatter recexch",
                                             [COLL_ALLREDUCE_RX] = "allreduce recexch_reduce_scatter_allgather",
                                             [COLL_ALLGATHER_BRUCK] = "allgather bruck",
                                             [COLL_ALLGATHER_KBRUCK] = "allgather k_bruck",
                                             [COLL_ALLGATHER_NEIGHBOR] = "allgather neighbor_exchange",
                                             [COLL_ALLGATHER_SPARBIT] = "allgather sparbit",
                                             [COLL_ALLGATHER_CIRCULANT] = "allgather circulant",
                                             [COLL_ALLTOALL_BRUCK] = "alltoall bruck",
                                             [COLL_ALLTOALL_KBRUCK] = "alltoall k_bruck",
                                             [COLL_BCAST_KNOMIAL] = "bcast knomial",
                                             [COLL_REDUCE_KNOMIAL] = "reduce knomial",
                                             [COLL_BARRIER_K] = "barrier k_dissemination",
                                             [COLL_BARRIER_RX] = "barrier recexch",
                                             [COLL_ALLGATHER_RXD] = "allgather recexch_doubling",
                                             [COLL_ALLGATHER_RXH] = "allgather recexch_halving",
                                             [COLL_ALLGATHERV_RXD] = "allgatherv recexch_doubling",
                                             [COLL_ALLGATHERV_RXH] = "allgatherv recexch_halving",
                                             [COLL_BCAST_SMP] = "bcast smp",
                                             [COLL_REDUCE_SMP] = "reduce smp",
                                             [COLL_REDUCE_SMP_C] = "reduce smp commutative",
                                             [COLL_ALLREDUCE_SMP] = "allreduce smp",
                                             [COLL_ALLREDUCE_SMP_C] = "allreduce smp commutative",
                                             [COLL_SCAN_SMP] = "scan smp",
                                             [COLL_BCAST_RX] = "bcast scatterv_recexch_allgatherv",
                                             [COLL_BCAST_PTREE] = "bcast pipelined_tree",
                                             [COLL_REDUCE_PTREE] = "reduce pipelined_tree",
                                             [COLL_REDUCE_PTREE_C] = "reduce pipelined_tree commutative"};

/* The collectives whose builders need a commutative operation (any order of disjoint rank sets). */
static int commutative(coll_kind c)
{
    return c == COLL_ALLREDUCE_RING || c == COLL_ALLREDUCE_CIRC || c == COLL_REDUCE_PIPE_C || c == COLL_RSB_HALVING ||
           c == COLL_RS_HALVING || c == COLL_RSB_PAIRWISE || c == COLL_RS_PAIRWISE || c == COLL_RSB_CIRC ||
           c == COLL_RS_CIRC || c == COLL_REDUCE_SMP_C || c == COLL_ALLREDUCE_SMP_C || c == COLL_REDUCE_PTREE_C;
}

/* The reduce-scatter cases: block r of the reduction lands at element 0 of rank r. */
static int reduce_scatter_kind(coll_kind c)
{
    return c == COLL_RSB || c == COLL_RS || c == COLL_RSB_HALVING || c == COLL_RS_HALVING || c == COLL_RSB_PAIRWISE ||
           c == COLL_RS_PAIRWISE || c == COLL_RSB_CIRC || c == COLL_RS_CIRC || c == COLL_RSB_RDB || c == COLL_RS_RDB ||
           c == COLL_RSB_RX || c == COLL_RS_RX;
}

/* The reduce_scatter cases with the counts array (the others: blocks of count elements). */
static int vcounts_kind(coll_kind c)
{
    return c == COLL_RS || c == COLL_RS_HALVING || c == COLL_RS_PAIRWISE || c == COLL_RS_CIRC || c == COLL_RS_RDB ||
           c == COLL_RS_RX;
}

typedef struct sim {
    int p, root, inplace;
    long long count;
    coll_kind coll;
    int *vc, *vd;   /* the v-collectives' counts and displacements (reverse order, with gaps) */
    long long vlen; /* elements a buffer of the vd layout spans */
    sim_rank *r;
} sim;

static const elem broken = {-1, -1, -1, {0, 0}};

static elem mk(int lo, int hi, int j)
{
    elem e;
    int b;
    e.lo = lo;
    e.hi = hi;
    e.j = j;
    e.m[0] = e.m[1] = 0;
    for (b = lo; b >= 0 && b <= hi && b < 128; b++)
        e.m[b / 64] |= 1ull << (b % 64);
    return e;
}

/* src op dst: in rank order, {a, b, j} op {b + 1, c, j} = {a, c, j}; for a commutative operation
 * any two disjoint sets of ranks of the same element join; anything else is broken. */
static elem join(elem a, elem b, int commutative)
{
    elem e = a;
    if (a.lo < 0 || b.lo < 0 || a.j != b.j)
        return mk(-1, -1, -1);
    if (!commutative)
        return a.hi + 1 == b.lo ? mk(a.lo, b.hi, a.j) : mk(-1, -1, -1);
    if ((a.m[0] & b.m[0]) || (a.m[1] & b.m[1]))
        return mk(-1, -1, -1);
    e.lo = a.lo < b.lo ? a.lo : b.lo;
    e.hi = a.hi > b.hi ? a.hi : b.hi;
    e.m[0] |= b.m[0];
    e.m[1] |= b.m[1];
    return e;
}

/* Elements rank r sends to rank d in the alltoallv case (symmetric, so in place is legal). */
static int a2av_count(const sim *m, int r, int d)
{
    return (r + d) % 3 == 0 ? 0 : (int)m->count + (r + d) % 2;
}

/* Displacement of block d of rank r's alltoallv buffers: packed in block order (send), or in
 * reverse block order with a gap after each block (receive); *len gets the span. */
static long long a2av_displ(const sim *m, int r, int d, int recv, long long *len)
{
    long long at = 0, mine = 0;
    int b;
    for (b = 0; b < m->p; b++) {
        int e = recv ? m->p - 1 - b : b;
        if (e == d)
            mine = at;
        at += a2av_count(m, r, e) + recv;
    }
    if (len)
        *len = at;
    return mine;
}

/* The node layout of the SMP builders: smp_mode 0, nodes of smp_k consecutive ranks (the last
 * one shorter); 1, smp_k nodes round robin (rank r on node r mod smp_k); 2, uneven: node sizes
 * 1, 2, 3, ... in turn, consecutive; 3, uneven and interleaved (rank r on node (r * r) mod smp_k,
 * empty nodes dropped). */
static int smp_mode, smp_k = 2;
static int smp_node_of[PMAX], smp_first[PMAX + 1], smp_members[PMAX];

static void smp_layout(int p, collalg__smp_layout *nl)
{
    int raw[PMAX], map[PMAX], r, i, nn = 0, at = 0, size = 1, left = 1;
    for (r = 0; r < p; r++) {
        if (smp_mode == 0)
            raw[r] = r / smp_k;
        else if (smp_mode == 1)
            raw[r] = r % smp_k;
        else if (smp_mode == 2) {
            raw[r] = r == 0 ? 0 : raw[r - 1] + (left == 0);
            if (left == 0)
                left = ++size;
            left--;
        } else
            raw[r] = (r * r) % smp_k;
    }
    for (i = 0; i < PMAX; i++)
        map[i] = -1;
    for (r = 0; r < p; r++) /* nodes numbered in the order of their lowest ranks */
        if (map[raw[r]] < 0)
            map[raw[r]] = nn++;
    for (i = 0; i < nn; i++) {
        smp_first[i] = at;
        for (r = 0; r < p; r++)
            if (map[raw[r]] == i) {
                smp_node_of[r] = i;
                smp_members[at++] = r;
            }
    }
    smp_first[nn] = at;
    nl->nnodes = nn;
    nl->node_of = smp_node_of;
    nl->first = smp_first;
    nl->members = smp_members;
}

static void build(sim *m, int rank, collalg__steps *s)
{
    int p = m->p, root = m->root, inplace = m->inplace, i;
    long long n = m->count;
    int sc[PMAX], sd[PMAX], rc[PMAX], rd[PMAX];
    long long len;
    collalg__a2a a;
    switch (m->coll) {
    case COLL_BARRIER: collalg__ibarrier_dissemination_steps(s, rank, p); break;
    case COLL_BARRIER_K: collalg__ibarrier_k_dissemination_steps(s, rank, p, 3); break;
    case COLL_BARRIER_RX: collalg__ibarrier_recexch_steps(s, rank, p, radix); break;
    case COLL_ALLGATHER_RXD:
    case COLL_ALLGATHER_RXH:
        collalg__iallgather_recexch_steps(s, rank, p, n, n, inplace, radix, m->coll == COLL_ALLGATHER_RXH);
        break;
    case COLL_ALLGATHERV_RXD:
    case COLL_ALLGATHERV_RXH:
        collalg__iallgatherv_recexch_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace, radix,
                                           m->coll == COLL_ALLGATHERV_RXH);
        break;
    case COLL_BCAST:
        if (linear_alg)
            collalg__ibcast_linear_steps(s, rank, p, root, n);
        else
            collalg__ibcast_binomial_steps(s, rank, p, root, n);
        break;
    case COLL_BCAST_KNOMIAL: collalg__ibcast_knomial_steps(s, rank, p, root, n, 3); break;
    case COLL_BCAST_SCATTER: collalg__ibcast_scatter_ring_allgather_steps(s, rank, p, root, n); break;
    case COLL_BCAST_RDB: collalg__ibcast_scatter_rdb_allgather_steps(s, rank, p, root, n); break;
    case COLL_BCAST_CHAIN: collalg__ibcast_chain_steps(s, rank, p, root, n, chain_seg); break;
    case COLL_BCAST_BINARY: collalg__ibcast_binary_tree_steps(s, rank, p, root, n, chain_seg); break;
    case COLL_BCAST_RX: collalg__ibcast_scatterv_recexch_allgatherv_steps(s, rank, p, root, n, radix); break;
    case COLL_BCAST_PTREE:
        collalg__ibcast_pipelined_tree_steps(s, rank, p, root, n, chain_seg, tree_kind, radix);
        break;
    case COLL_BCAST_SMP: {
        collalg__smp_layout nl;
        smp_layout(p, &nl);
        collalg__ibcast_smp_steps(s, rank, p, root, n, chain_seg, &nl);
        break;
    }
    case COLL_REDUCE_SMP:
    case COLL_REDUCE_SMP_C:
    case COLL_ALLREDUCE_SMP:
    case COLL_ALLREDUCE_SMP_C:
    case COLL_SCAN_SMP: {
        collalg__smp_layout nl, runs;
        int run_of[PMAX], run_first[PMAX + 1], run_members[PMAX];
        smp_layout(p, &nl);
        if (!commutative(m->coll)) { /* the header's rule for a non-commutative operation */
            collalg__smp_runs(&nl, p, run_of, run_first, run_members, &runs);
            nl = runs;
        }
        if (m->coll == COLL_REDUCE_SMP || m->coll == COLL_REDUCE_SMP_C)
            collalg__ireduce_smp_steps(s, rank, p, root, n, inplace, m->coll == COLL_REDUCE_SMP_C, &nl);
        else if (m->coll == COLL_SCAN_SMP)
            collalg__iscan_smp_steps(s, rank, p, n, inplace, &nl);
        else
            collalg__iallreduce_smp_steps(s, rank, p, n, inplace, &nl);
        break;
    }
    case COLL_ALLGATHER:
        if (linear_alg)
            collalg__iallgather_linear_steps(s, rank, p, n, n, inplace);
        else
            collalg__iallgather_ring_steps(s, rank, p, n, n, inplace);
        break;
    case COLL_ALLGATHER_RDB: collalg__iallgather_recursive_doubling_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLGATHER_BRUCK: collalg__iallgather_bruck_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLGATHER_KBRUCK: collalg__iallgather_k_bruck_steps(s, rank, p, n, n, inplace, radix); break;
    case COLL_ALLGATHER_NEIGHBOR: collalg__iallgather_neighbor_exchange_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLGATHER_SPARBIT: collalg__iallgather_sparbit_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLGATHER_CIRCULANT: collalg__iallgather_circulant_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLTOALL_BRUCK: collalg__ialltoall_bruck_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLTOALL_KBRUCK: collalg__ialltoall_k_bruck_steps(s, rank, p, n, n, inplace, radix); break;
    case COLL_ALLGATHERV:
        if (linear_alg)
            collalg__iallgatherv_linear_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace);
        else
            collalg__iallgatherv_ring_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace);
        break;
    case COLL_ALLGATHERV_RDB:
        collalg__iallgatherv_recursive_doubling_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace);
        break;
    case COLL_ALLGATHERV_BRUCK:
        collalg__iallgatherv_bruck_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace);
        break;
    case COLL_ALLGATHERV_CIRCULANT:
        collalg__iallgatherv_circulant_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace);
        break;
    case COLL_ALLGATHERV_KBRUCK:
        collalg__iallgatherv_k_bruck_steps(s, rank, p, m->vc[rank], 0, m->vc, m->vd, inplace, radix);
        break;
    case COLL_ALLTOALL:
        a = collalg__a2a_uniform(n, n, inplace);
        if (a2a_window == COLLALG_A2A_ALL_AT_ONCE) /* by the name ialltoall linear uses */
            collalg__ialltoall_linear_steps(s, rank, p, n, n, inplace);
        else
            collalg__a2a_steps(s, rank, p, &a, a2a_alg, a2a_window);
        break;
    case COLL_ALLTOALL_PAIR: collalg__ialltoall_pair_steps(s, rank, p, n, n, inplace); break;
    case COLL_ALLTOALLV:
        for (i = 0; i < p; i++) {
            sc[i] = rc[i] = a2av_count(m, rank, i);
            sd[i] = (int)a2av_displ(m, rank, i, 0, NULL);
            rd[i] = (int)a2av_displ(m, rank, i, 1, NULL);
        }
        a = collalg__a2a_v(sc, sd, rc, rd, 0, inplace);
        collalg__a2a_steps(s, rank, p, &a, a2a_alg, a2a_window);
        break;
    case COLL_ALLTOALLW: /* the blocks as alltoallv's; the image of the receive buffer when in place */
        for (i = 0; i < p; i++) {
            sc[i] = rc[i] = a2av_count(m, rank, i);
            sd[i] = (int)a2av_displ(m, rank, i, 0, NULL);
            rd[i] = (int)a2av_displ(m, rank, i, 1, NULL);
        }
        a2av_displ(m, rank, 0, 1, &len);
        a = collalg__a2a_v(sc, sd, rc, rd, 1, inplace);
        a.hi = len; /* one unit per element: the staged image is the whole buffer ... */
        for (i = 0; i < p && a2a_alg == COLLALG_A2A_PAIR_INPLACE; i++) /* ... the swap one the largest block */
            a.hi = i == 0 || rc[i] > a.hi ? rc[i] : a.hi;
        collalg__a2a_steps(s, rank, p, &a, a2a_alg, a2a_window);
        break;
    case COLL_GATHER: collalg__igatherv_linear_steps(s, rank, p, root, n, n, NULL, NULL, inplace); break;
    case COLL_GATHERV:
        collalg__igatherv_linear_steps(s, rank, p, root, m->vc[rank], 0, rank == root ? m->vc : NULL,
                                       rank == root ? m->vd : NULL, inplace);
        break;
    case COLL_SCATTER: collalg__iscatterv_linear_steps(s, rank, p, root, n, NULL, NULL, n, inplace); break;
    case COLL_GATHER_BINOMIAL: collalg__igather_knomial_steps(s, rank, p, root, n, n, 2, inplace); break;
    case COLL_GATHER_KNOMIAL: collalg__igather_knomial_steps(s, rank, p, root, n, n, radix, inplace); break;
    case COLL_SCATTER_BINOMIAL: collalg__iscatter_knomial_steps(s, rank, p, root, n, n, 2, inplace); break;
    case COLL_SCATTER_KNOMIAL: collalg__iscatter_knomial_steps(s, rank, p, root, n, n, radix, inplace); break;
    case COLL_SCATTERV:
        collalg__iscatterv_linear_steps(s, rank, p, root, 0, rank == root ? m->vc : NULL, rank == root ? m->vd : NULL,
                                        m->vc[rank], inplace);
        break;
    case COLL_REDUCE: collalg__ireduce_binomial_steps(s, rank, p, root, n, inplace); break;
    case COLL_REDUCE_RAB: collalg__ireduce_rabenseifner_steps(s, rank, p, root, n, inplace); break;
    case COLL_REDUCE_PIPE: collalg__ireduce_pipeline_steps(s, rank, p, root, n, inplace, radix, 0); break;
    case COLL_REDUCE_PIPE_C: collalg__ireduce_pipeline_steps(s, rank, p, root, n, inplace, radix, 1); break;
    case COLL_REDUCE_KNOMIAL: collalg__ireduce_knomial_steps(s, rank, p, root, n, inplace, 3); break;
    case COLL_REDUCE_PTREE:
    case COLL_REDUCE_PTREE_C:
        collalg__ireduce_pipelined_tree_steps(s, rank, p, root, n, inplace, (int)chain_seg, tree_kind, radix,
                                              m->coll == COLL_REDUCE_PTREE_C);
        break;
    case COLL_ALLREDUCE: collalg__iallreduce_recursive_doubling_steps(s, rank, p, n, inplace, 0); break;
    case COLL_ALLREDUCE_RING: collalg__iallreduce_ring_steps(s, rank, p, n, inplace, 0); break;
    case COLL_ALLREDUCE_CIRC: collalg__iallreduce_circulant_steps(s, rank, p, n, inplace, 0); break;
    case COLL_SCAN:
    case COLL_EXSCAN:
        if (linear_alg)
            collalg__iscan_linear_steps(s, rank, p, n, inplace, m->coll == COLL_EXSCAN);
        else
            collalg__iscan_recursive_doubling_steps(s, rank, p, n, inplace, m->coll == COLL_EXSCAN);
        break;
    case COLL_RSB: collalg__ireduce_scatter_steps(s, rank, p, n, NULL, inplace); break;
    case COLL_RS: collalg__ireduce_scatter_steps(s, rank, p, 0, m->vc, inplace); break;
    case COLL_ALLREDUCE_RAB: collalg__iallreduce_rabenseifner_steps(s, rank, p, n, inplace, 0); break;
    case COLL_ALLREDUCE_RECMULT: collalg__iallreduce_recursive_multiplying_steps(s, rank, p, n, inplace, radix); break;
    case COLL_ALLREDUCE_RB: collalg__iallreduce_reduce_bcast_steps(s, rank, p, n, inplace, radix); break;
    case COLL_ALLREDUCE_PTREE:
        collalg__iallreduce_pipelined_tree_steps(s, rank, p, n, inplace, (int)chain_seg, tree_kind, radix);
        break;
    case COLL_RSB_HALVING: collalg__ireduce_scatter_halving_steps(s, rank, p, n, NULL, inplace); break;
    case COLL_RS_HALVING: collalg__ireduce_scatter_halving_steps(s, rank, p, 0, m->vc, inplace); break;
    case COLL_RSB_PAIRWISE: collalg__ireduce_scatter_pairwise_steps(s, rank, p, n, NULL, inplace); break;
    case COLL_RS_PAIRWISE: collalg__ireduce_scatter_pairwise_steps(s, rank, p, 0, m->vc, inplace); break;
    case COLL_RSB_CIRC: collalg__ireduce_scatter_circulant_steps(s, rank, p, n, NULL, inplace); break;
    case COLL_RS_CIRC: collalg__ireduce_scatter_circulant_steps(s, rank, p, 0, m->vc, inplace); break;
    case COLL_RSB_RDB:
        if (butterfly_alg)
            collalg__ireduce_scatter_butterfly_steps(s, rank, p, n, NULL, inplace);
        else
            collalg__ireduce_scatter_rdb_steps(s, rank, p, n, NULL, inplace);
        break;
    case COLL_RS_RDB:
        if (butterfly_alg)
            collalg__ireduce_scatter_butterfly_steps(s, rank, p, 0, m->vc, inplace);
        else
            collalg__ireduce_scatter_rdb_steps(s, rank, p, 0, m->vc, inplace);
        break;
    case COLL_RSB_RX: collalg__ireduce_scatter_recexch_steps(s, rank, p, n, NULL, inplace, radix); break;
    case COLL_RS_RX: collalg__ireduce_scatter_recexch_steps(s, rank, p, 0, m->vc, inplace, radix); break;
    case COLL_ALLREDUCE_RX: collalg__iallreduce_recexch_steps(s, rank, p, n, inplace, radix); break;
    case BAD_ORDER: /* rank 1 adds rank 0's vector after its own */
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, n), collalg__pc(COLLALG_BUF_RECV, 0, n));
        collalg__steps_round(s);
        if (rank == 0)
            collalg__steps_send(s, 1, collalg__pc(COLLALG_BUF_RECV, 0, n));
        else
            collalg__steps_recv(s, 0, collalg__pc(COLLALG_BUF_TMP, 0, n));
        collalg__steps_tmp(s, n);
        collalg__steps_round(s);
        if (rank == 1)
            collalg__steps_reduce(s, collalg__pc(COLLALG_BUF_RECV, 0, n), collalg__pc(COLLALG_BUF_TMP, 0, n));
        break;
    case BAD_UNMATCHED:
        if (rank == 0)
            collalg__steps_send(s, 1, collalg__pc(COLLALG_BUF_SEND, 0, n));
        break;
    case BAD_HAZARD:
        if (rank == 0) {
            collalg__steps_send(s, 1, collalg__pc(COLLALG_BUF_RECV, 0, n));
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, n), collalg__pc(COLLALG_BUF_RECV, 0, n));
        } else {
            collalg__steps_recv(s, 0, collalg__pc(COLLALG_BUF_RECV, 0, n));
        }
        break;
    }
}

static elem *elems(long long n, elem v)
{
    elem *e = calloc((size_t)n + 1, sizeof(elem));
    long long i;
    for (i = 0; i < n; i++)
        e[i] = v;
    return e;
}

/* Rank r's buffers before the call (send: what it contributes; receive: broken, or the input when
 * in place) and what its receive buffer must hold after it (every element the collective does
 * not define keeps its value). Reductions: {r, r, j} is rank r's element j. */
static void fill(sim *m, int r, sim_rank *x)
{
    long long n = m->count, pn = (long long)m->p * n, i, len, total = 0;
    int p = m->p, b, root_in = m->inplace && r == m->root;
    elem *snd, *rcv, *want;
    long long slen = 0, rlen = 0;
    for (b = 0; b < p; b++)
        total += m->vc[b];
    switch (m->coll) { /* lengths */
    case COLL_BARRIER:
    case COLL_BARRIER_K:
    case COLL_BARRIER_RX: break;
    case COLL_BCAST:
    case COLL_BCAST_KNOMIAL:
    case COLL_BCAST_SCATTER:
    case COLL_BCAST_RDB:
    case COLL_BCAST_CHAIN:
    case COLL_BCAST_BINARY:
    case COLL_BCAST_RX:
    case COLL_BCAST_PTREE:
    case COLL_BCAST_SMP: rlen = n; break;
    case COLL_ALLGATHER:
    case COLL_ALLGATHER_RDB:
    case COLL_ALLGATHER_BRUCK:
    case COLL_ALLGATHER_NEIGHBOR:
    case COLL_ALLGATHER_SPARBIT:
    case COLL_ALLGATHER_CIRCULANT:
    case COLL_ALLGATHER_RXD:
    case COLL_ALLGATHER_RXH:
    case COLL_ALLGATHER_KBRUCK: slen = n, rlen = pn; break;
    case COLL_ALLGATHERV:
    case COLL_ALLGATHERV_RDB:
    case COLL_ALLGATHERV_RXD:
    case COLL_ALLGATHERV_RXH:
    case COLL_ALLGATHERV_BRUCK:
    case COLL_ALLGATHERV_CIRCULANT:
    case COLL_ALLGATHERV_KBRUCK: slen = m->vc[r], rlen = m->vlen; break;
    case COLL_ALLTOALL:
    case COLL_ALLTOALL_PAIR:
    case COLL_ALLTOALL_BRUCK:
    case COLL_ALLTOALL_KBRUCK: slen = rlen = pn; break;
    case COLL_ALLTOALLV:
    case COLL_ALLTOALLW: a2av_displ(m, r, 0, 0, &slen), a2av_displ(m, r, 0, 1, &rlen); break;
    case COLL_GATHER:
    case COLL_GATHER_BINOMIAL:
    case COLL_GATHER_KNOMIAL: slen = n, rlen = r == m->root ? pn : 0; break;
    case COLL_GATHERV: slen = m->vc[r], rlen = r == m->root ? m->vlen : 0; break;
    case COLL_SCATTER:
    case COLL_SCATTER_BINOMIAL:
    case COLL_SCATTER_KNOMIAL: slen = r == m->root ? pn : 0, rlen = root_in ? 0 : n; break;
    case COLL_SCATTERV: slen = r == m->root ? m->vlen : 0, rlen = root_in ? 0 : m->vc[r]; break;
    case COLL_REDUCE:
    case COLL_REDUCE_RAB:
    case COLL_REDUCE_PIPE:
    case COLL_REDUCE_PIPE_C:
    case COLL_REDUCE_KNOMIAL:
    case COLL_REDUCE_PTREE:
    case COLL_REDUCE_PTREE_C:
    case COLL_REDUCE_SMP:
    case COLL_REDUCE_SMP_C: slen = n, rlen = r == m->root ? n : 0; break;
    case COLL_RSB:
    case COLL_RSB_HALVING:
    case COLL_RSB_PAIRWISE:
    case COLL_RSB_CIRC:
    case COLL_RSB_RDB:
    case COLL_RSB_RX: slen = pn, rlen = m->inplace ? pn : n; break;
    case COLL_RS:
    case COLL_RS_HALVING:
    case COLL_RS_PAIRWISE:
    case COLL_RS_CIRC:
    case COLL_RS_RDB:
    case COLL_RS_RX: slen = total, rlen = m->inplace ? total : m->vc[r]; break;
    default: slen = rlen = n; break;
    }
    x->len[COLLALG_BUF_SEND] = slen;
    x->len[COLLALG_BUF_RECV] = rlen;
    x->len[COLLALG_BUF_TMP] = x->s.tmp_count;
    x->buf[COLLALG_BUF_TMP] = elems(x->s.tmp_count, broken);
    snd = x->buf[COLLALG_BUF_SEND] = elems(slen, broken);
    rcv = x->buf[COLLALG_BUF_RECV] = elems(rlen, broken);
    for (i = 0; i < slen; i++) /* reductions and transports alike: {r, r, i}, except below */
        snd[i] = mk(r, r, (int)i);
    switch (m->coll) { /* the send buffers' own layouts, and the input in place */
    case COLL_ALLGATHER:
    case COLL_ALLGATHER_RDB:
    case COLL_ALLGATHER_BRUCK:
    case COLL_ALLGATHER_KBRUCK:
    case COLL_ALLGATHER_RXD:
    case COLL_ALLGATHER_RXH:
    case COLL_ALLGATHER_NEIGHBOR:
    case COLL_ALLGATHER_SPARBIT:
    case COLL_ALLGATHER_CIRCULANT:
        if (m->inplace)
            for (i = 0; i < n; i++)
                rcv[r * n + i] = mk(r, r, (int)i);
        break;
    case COLL_ALLGATHERV:
    case COLL_ALLGATHERV_RDB:
    case COLL_ALLGATHERV_BRUCK:
    case COLL_ALLGATHERV_CIRCULANT:
    case COLL_ALLGATHERV_KBRUCK:
    case COLL_ALLGATHERV_RXD:
    case COLL_ALLGATHERV_RXH:
        if (m->inplace)
            for (i = 0; i < m->vc[r]; i++)
                rcv[m->vd[r] + i] = mk(r, r, (int)i);
        break;
    case COLL_ALLTOALL: /* block d is {r, d, j} */
    case COLL_ALLTOALL_PAIR:
    case COLL_ALLTOALL_BRUCK:
    case COLL_ALLTOALL_KBRUCK:
        for (i = 0; i < pn; i++)
            snd[i] = mk(r, (int)(i / n), (int)(i % n));
        if (m->inplace)
            memcpy(rcv, snd, (size_t)pn * sizeof(elem));
        break;
    case COLL_ALLTOALLV:
    case COLL_ALLTOALLW:
        for (b = 0; b < p; b++)
            for (i = 0; i < a2av_count(m, r, b); i++) {
                snd[a2av_displ(m, r, b, 0, NULL) + i] = mk(r, b, (int)i);
                if (m->inplace)
                    rcv[a2av_displ(m, r, b, 1, NULL) + i] = mk(r, b, (int)i);
            }
        break;
    case COLL_GATHER:
    case COLL_GATHER_BINOMIAL:
    case COLL_GATHER_KNOMIAL:
        if (root_in)
            for (i = 0; i < n; i++)
                rcv[r * n + i] = mk(r, r, (int)i);
        break;
    case COLL_GATHERV:
        if (root_in)
            for (i = 0; i < m->vc[r]; i++)
                rcv[m->vd[r] + i] = mk(r, r, (int)i);
        break;
    case COLL_SCATTER: /* block b is {root, b, j} */
    case COLL_SCATTER_BINOMIAL:
    case COLL_SCATTER_KNOMIAL:
        for (i = 0; i < slen; i++)
            snd[i] = mk(r, (int)(i / n), (int)(i % n));
        break;
    case COLL_SCATTERV:
        for (i = 0; i < slen; i++)
            snd[i] = broken;
        for (b = 0; b < p && r == m->root; b++)
            for (i = 0; i < m->vc[b]; i++)
                snd[m->vd[b] + i] = mk(r, b, (int)i);
        break;
    case COLL_BCAST:
    case COLL_BCAST_KNOMIAL:
    case COLL_BCAST_SCATTER:
    case COLL_BCAST_RDB:
    case COLL_BCAST_CHAIN:
    case COLL_BCAST_BINARY:
    case COLL_BCAST_RX:
    case COLL_BCAST_PTREE:
    case COLL_BCAST_SMP:
        for (i = 0; i < n && r == m->root; i++)
            rcv[i] = mk(r, r, (int)i);
        break;
    case COLL_REDUCE:
    case COLL_REDUCE_RAB:
    case COLL_REDUCE_PIPE:
    case COLL_REDUCE_PIPE_C:
    case COLL_REDUCE_KNOMIAL:
    case COLL_REDUCE_PTREE:
    case COLL_REDUCE_PTREE_C:
    case COLL_REDUCE_SMP:
    case COLL_REDUCE_SMP_C:
    case COLL_ALLREDUCE_SMP:
    case COLL_ALLREDUCE_SMP_C:
    case COLL_ALLREDUCE:
    case COLL_ALLREDUCE_RING:
    case COLL_ALLREDUCE_CIRC:
    case COLL_SCAN:
    case COLL_SCAN_SMP:
    case COLL_EXSCAN:
    case COLL_RSB:
    case COLL_RS:
    case COLL_ALLREDUCE_RAB:
    case COLL_ALLREDUCE_RECMULT:
    case COLL_ALLREDUCE_RB:
    case COLL_ALLREDUCE_PTREE:
    case COLL_RSB_HALVING:
    case COLL_RS_HALVING:
    case COLL_RSB_PAIRWISE:
    case COLL_RSB_CIRC:
    case COLL_RS_PAIRWISE:
    case COLL_RS_CIRC:
    case COLL_RSB_RDB:
    case COLL_RS_RDB:
    case COLL_RSB_RX:
    case COLL_RS_RX:
    case COLL_ALLREDUCE_RX:
    case BAD_ORDER:
        if ((m->coll == COLL_REDUCE || m->coll == COLL_REDUCE_KNOMIAL || m->coll == COLL_REDUCE_RAB ||
                     m->coll == COLL_REDUCE_SMP || m->coll == COLL_REDUCE_SMP_C || m->coll == COLL_REDUCE_PIPE ||
                     m->coll == COLL_REDUCE_PIPE_C || m->coll == COLL_REDUCE_PTREE || m->coll == COLL_REDUCE_PTREE_C
                 ? root_in
                 : m->inplace) ||
            m->coll == BAD_ORDER)
            for (i = 0; i < rlen; i++)
                rcv[i] = mk(r, r, (int)i);
        break;
    default: break;
    }
    want = x->want = elems(rlen, broken);
    memcpy(want, rcv, (size_t)rlen * sizeof(elem));
    len = 0;
    switch (m->coll) { /* what the receive buffer must hold */
    case COLL_BCAST:
    case COLL_BCAST_KNOMIAL:
    case COLL_BCAST_SCATTER:
    case COLL_BCAST_RDB:
    case COLL_BCAST_CHAIN:
    case COLL_BCAST_BINARY:
    case COLL_BCAST_RX:
    case COLL_BCAST_PTREE:
    case COLL_BCAST_SMP:
        for (i = 0; i < n; i++)
            want[i] = mk(m->root, m->root, (int)i);
        break;
    case COLL_ALLGATHER:
    case COLL_ALLGATHER_RDB:
    case COLL_ALLGATHER_BRUCK:
    case COLL_ALLGATHER_KBRUCK:
    case COLL_ALLGATHER_RXD:
    case COLL_ALLGATHER_RXH:
    case COLL_ALLGATHER_NEIGHBOR:
    case COLL_ALLGATHER_SPARBIT:
    case COLL_ALLGATHER_CIRCULANT:
    case COLL_GATHER:
    case COLL_GATHER_BINOMIAL:
    case COLL_GATHER_KNOMIAL:
        for (i = 0; i < rlen; i++)
            want[i] = mk((int)(i / n), (int)(i / n), (int)(i % n));
        break;
    case COLL_ALLGATHERV:
    case COLL_ALLGATHERV_RDB:
    case COLL_ALLGATHERV_BRUCK:
    case COLL_ALLGATHERV_CIRCULANT:
    case COLL_ALLGATHERV_KBRUCK:
    case COLL_ALLGATHERV_RXD:
    case COLL_ALLGATHERV_RXH:
    case COLL_GATHERV:
        for (b = 0; b < p && rlen > 0; b++)
            for (i = 0; i < m->vc[b]; i++)
                want[m->vd[b] + i] = mk(b, b, (int)i);
        break;
    case COLL_ALLTOALL:
    case COLL_ALLTOALL_PAIR:
    case COLL_ALLTOALL_BRUCK:
    case COLL_ALLTOALL_KBRUCK:
        for (i = 0; i < pn; i++)
            want[i] = mk((int)(i / n), r, (int)(i % n));
        break;
    case COLL_ALLTOALLV:
    case COLL_ALLTOALLW:
        for (b = 0; b < p; b++)
            for (i = 0; i < a2av_count(m, r, b); i++)
                want[a2av_displ(m, r, b, 1, NULL) + i] = mk(b, r, (int)i);
        break;
    case COLL_SCATTER:
    case COLL_SCATTERV:
    case COLL_SCATTER_BINOMIAL:
    case COLL_SCATTER_KNOMIAL:
        for (i = 0; i < rlen; i++)
            want[i] = mk(m->root, r, (int)i);
        break;
    case COLL_REDUCE:
    case COLL_REDUCE_RAB:
    case COLL_REDUCE_PIPE:
    case COLL_REDUCE_PIPE_C:
    case COLL_REDUCE_KNOMIAL:
    case COLL_REDUCE_PTREE:
    case COLL_REDUCE_PTREE_C:
    case COLL_REDUCE_SMP:
    case COLL_REDUCE_SMP_C:
    case COLL_ALLREDUCE_SMP:
    case COLL_ALLREDUCE_SMP_C:
    case COLL_ALLREDUCE:
    case COLL_ALLREDUCE_RING:
    case COLL_ALLREDUCE_CIRC:
    case COLL_ALLREDUCE_RAB:
    case COLL_ALLREDUCE_RECMULT:
    case COLL_ALLREDUCE_RB:
    case COLL_ALLREDUCE_RX:
    case COLL_ALLREDUCE_PTREE:
    case BAD_ORDER:
        for (i = 0; i < rlen; i++)
            want[i] = mk(0, p - 1, (int)i);
        break;
    case COLL_SCAN:
    case COLL_SCAN_SMP:
        for (i = 0; i < n; i++)
            want[i] = mk(0, r, (int)i);
        break;
    case COLL_EXSCAN: /* rank 0's buffer is undefined: it must stay as it was */
        for (i = 0; i < n && r > 0; i++)
            want[i] = mk(0, r - 1, (int)i);
        break;
    case COLL_RSB:
    case COLL_RS:
    case COLL_RSB_HALVING:
    case COLL_RS_HALVING:
    case COLL_RSB_PAIRWISE:
    case COLL_RSB_CIRC:
    case COLL_RS_PAIRWISE:
    case COLL_RS_CIRC:
    case COLL_RSB_RDB:
    case COLL_RS_RDB:
    case COLL_RSB_RX:
    case COLL_RS_RX: /* block r of the reduced vector at element 0; in place the rest is undefined */
        for (b = 0; b < r; b++)
            len += vcounts_kind(m->coll) ? m->vc[b] : n;
        for (i = 0; i < (vcounts_kind(m->coll) ? m->vc[r] : n); i++)
            want[i] = mk(0, p - 1, (int)(len + i));
        break;
    default: break;
    }
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
                *b = t->kind == COLLALG_STEP_COPY ? a : join(a, *b, commutative(m->coll));
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

/* The most steps of one kind a scattered alltoall of window a2a_window may have in flight: the
 * window's messages, each cut in up to ceil((count + 1) / COLLALG_PIECE_MAX) pieces. */
static void check_window(const sim *m, int r)
{
    const sim_rank *k = &m->r[r];
    long long most = (long long)(a2a_window > 0 ? a2a_window : COLLALG_IALLTOALL_SCATTERED_WINDOW) *
                     ((m->count + COLLALG_PIECE_MAX) / COLLALG_PIECE_MAX);
    int i, sends = 0, recvs = 0;
    for (i = 0; i < k->s.nsteps; i++) {
        sends += k->state[i] == ACTIVE && k->s.steps[i].kind == COLLALG_STEP_SEND;
        recvs += k->state[i] == ACTIVE && k->s.steps[i].kind == COLLALG_STEP_RECV;
    }
    CHECK(sends <= most && recvs <= most, "p=%d rank %d: %d sends and %d receives in flight, window %d", m->p, r, sends,
          recvs, a2a_window);
}

/* The collective and algorithm of a case, for failure messages: coll_name[], or the variant that
 * linear_alg or butterfly_alg runs in its place. */
static const char *case_name(coll_kind coll)
{
    if (butterfly_alg && coll == COLL_RSB_RDB)
        return "reduce_scatter_block butterfly";
    if (butterfly_alg && coll == COLL_RS_RDB)
        return "reduce_scatter butterfly";
    if (linear_alg && (coll == COLL_BCAST || coll == COLL_ALLGATHER || coll == COLL_ALLGATHERV || coll == COLL_SCAN ||
                       coll == COLL_EXSCAN))
        return coll == COLL_BCAST        ? "bcast linear"
               : coll == COLL_ALLGATHER  ? "allgather linear"
               : coll == COLL_ALLGATHERV ? "allgatherv linear"
               : coll == COLL_SCAN       ? "scan linear"
                                         : "exscan linear";
    return coll < NCOLL ? coll_name[coll] : "bad";
}

/* Runs the schedules of all ranks to the end; fails on a deadlock. */
static void run(sim *m)
{
    int r, d, moved = 1;
    while (moved) {
        moved = 0;
        for (r = 0; r < m->p; r++)
            moved += start_ready(m, r);
        for (r = 0; r < m->p && a2a_alg == COLLALG_A2A_SCATTERED && a2a_window != COLLALG_A2A_ALL_AT_ONCE; r++)
            check_window(m, r);
        for (r = 0; r < m->p; r++) /* the peers of the active sends: each delivers in order */
            for (d = 0; d < m->r[r].s.nsteps; d++) {
                const collalg__step *t = &m->r[r].s.steps[d];
                if (m->r[r].state[d] == ACTIVE && t->kind == COLLALG_STEP_SEND && t->peer >= 0 && t->peer < m->p &&
                    t->peer != r)
                    while (deliver(m, r, t->peer))
                        moved = 1;
            }
    }
    for (r = 0; r < m->p; r++)
        for (d = 0; d < m->r[r].s.nsteps; d++)
            CHECK(m->r[r].state[d] == DONE, "p=%d: rank %d never finishes step %d (kind %d, peer %d)", m->p, r, d,
                  m->r[r].s.steps[d].kind, m->r[r].s.steps[d].peer);
}

static int same(elem a, elem b)
{
    return a.lo == b.lo && a.hi == b.hi && a.j == b.j && a.m[0] == b.m[0] && a.m[1] == b.m[1];
}

static void check_result(const sim *m)
{
    int r, q;
    long long i;
    int undefined_tail = m->inplace && reduce_scatter_kind(m->coll);
    for (r = 0; r < m->p; r++) {
        const sim_rank *k = &m->r[r];
        long long upto = undefined_tail ? (vcounts_kind(m->coll) ? m->vc[r] : m->count) : k->len[COLLALG_BUF_RECV];
        for (q = 0; q < m->p && (m->coll == COLL_BARRIER || m->coll == COLL_BARRIER_K || m->coll == COLL_BARRIER_RX);
             q++)
            CHECK(k->knows[q], "p=%d: rank %d finishes without hearing from %d", m->p, r, q);
        for (i = 0; i < upto; i++) {
            elem got = k->buf[COLLALG_BUF_RECV][i], want = k->want[i];
            CHECK(same(got, want),
                  "%s p=%d root %d inplace %d count %lld: rank %d element %lld is {%d, %d, %d}, not {%d, %d, %d}",
                  case_name(m->coll), m->p, m->root, m->inplace, m->count, r, i, got.lo, got.hi, got.j, want.lo,
                  want.hi, want.j);
        }
    }
}

/* Builds (a counting run, then a filling one of that size), runs and checks one case. */
static void simulate(coll_kind coll, int p, int root, long long count, int inplace)
{
    sim m;
    int r, i, vc[PMAX], vd[PMAX];
    long long at = 0;
    m.coll = coll;
    m.p = p;
    m.root = root;
    m.count = count;
    m.inplace = inplace;
    m.vc = vc;
    m.vd = vd;
    for (i = 0; i < p; i++) /* zeros, and blocks of two lengths */
        vc[i] = i % 3 == 1 ? 0 : (int)count + i % 2;
    for (i = p - 1; i >= 0; i--) { /* reverse order, a gap after each block */
        vd[i] = (int)at;
        at += vc[i] + 1;
    }
    if (packed_layout) /* or back to back in rank order, one element after them */
        for (at = 1, i = 0; i < p; i++) {
            vd[i] = (int)at - 1;
            at += vc[i];
        }
    m.vlen = at;
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
        free(k->want);
        free(k->carried);
        free(k->knows);
        free(k->state);
        free(k->s.steps);
        free(k->s.deps);
    }
    free(m.r);
}

/* Every p up to p_last(), counts 0, 1, 3, every root (four of them for p > 9), in place or not. */
static void simulate_all(coll_kind coll, int rooted, int can_inplace)
{
    static const long long counts[] = {0, 1, 3};
    int p, root, c, inplace;
    for (p = 1; p <= p_last(); p++)
        for (root = 0; root<(rooted ? p : 1); root += p> 9 ? p / 4 : 1)
            for (c = 0; c < 3; c++)
                for (inplace = 0; inplace <= can_inplace; inplace++)
                    simulate(coll, p, root, counts[c], inplace);
}

/* The pipelined reduce (segments of `radix` elements): segments of 1, 2 and 3 elements, counts 0, 1, 3 and 7 (more segments than
 * scratch slots), every p up to p_last(), every root (four of them for p > 9), in place or not. */
static void simulate_segments(coll_kind coll)
{
    static const long long counts[] = {0, 1, 3, 7};
    int p, root, c, inplace;
    for (radix = 1; radix <= 3; radix++)
        for (p = 1; p <= p_last(); p++)
            for (root = 0; root<p; root += p> 9 ? p / 4 : 1)
                for (c = 0; c < 4; c++)
                    for (inplace = 0; inplace <= 1; inplace++)
                        simulate(coll, p, root, counts[c], inplace);
    radix = 3;
}

/* simulate_all() for each radix of 2, 3, 4, 5, 8 and 71 (above every p). */
static void simulate_radices(coll_kind coll, int rooted, int can_inplace)
{
    static const int radices[] = {2, 3, 4, 5, 8, 71};
    int i;
    for (i = 0; i < 6; i++) {
        radix = radices[i];
        simulate_all(coll, rooted, can_inplace);
    }
    radix = 3;
}

/* simulate_all() of a segmented broadcast for segments of 1, 2, 3 and more than COLLALG_PIECE_MAX
 * elements. */
static void simulate_bcast_segments(coll_kind coll)
{
    static const long long seg[] = {1, 2, 3, 1000};
    int i;
    for (i = 0; i < 4; i++) {
        chain_seg = seg[i];
        simulate_all(coll, 1, 0);
    }
    chain_seg = 1;
}

/* simulate_all() of the linear builder of a bcast, allgather(v) or (ex)scan case. */
static void simulate_linear(coll_kind coll, int rooted, int can_inplace)
{
    linear_alg = 1;
    simulate_all(coll, rooted, can_inplace);
    linear_alg = 0;
}

Test(steps, ibarrier_dissemination)
{
    simulate_all(COLL_BARRIER, 0, 0);
}
Test(steps, ibarrier_k_dissemination)
{
    simulate_all(COLL_BARRIER_K, 0, 0);
}
Test(steps, ibarrier_recexch)
{
    simulate_radices(COLL_BARRIER_RX, 0, 0);
}
Test(steps, ibcast_binomial)
{
    simulate_all(COLL_BCAST, 1, 0);
}
Test(steps, ibcast_knomial)
{
    simulate_all(COLL_BCAST_KNOMIAL, 1, 0);
}
Test(steps, ibcast_scatter_ring_allgather)
{
    simulate_all(COLL_BCAST_SCATTER, 1, 0);
}
Test(steps, ibcast_scatter_rdb_allgather)
{
    simulate_all(COLL_BCAST_RDB, 1, 0);
}
/* Scatter + recursive-exchange allgatherv: radices 2, 3, 4, 5, 8, 71, counts 0, 1, 3, p - 1, p
 * and 2 p + 1 (empty, short and whole blocks), p = 1 .. p_last(), every root (four for p > 9). */
Test(steps, ibcast_scatterv_recexch_allgatherv)
{
    static const int radices[] = {2, 3, 4, 5, 8, 71};
    int r, p, root, c;
    for (r = 0; r < 6; r++)
        for (p = 1; p <= p_last(); p++)
            for (root = 0; root<p; root += p> 9 ? p / 4 : 1) {
                const long long counts[] = {0, 1, 3, p - 1, p, 2 * p + 1};
                for (c = 0; c < 6; c++) {
                    radix = radices[r];
                    simulate(COLL_BCAST_RX, p, root, counts[c], 0);
                }
            }
    radix = 3;
}
/* The pipelined trees: both trees, radices 2, 3, 5 and 71, segments of segs[0 .. nsegs) elements,
 * counts 0, 1, 3, 7 (more segments than scratch sets), p = 1 .. p_last(), every root (four for p > 9)
 * when rooted, in place or not when can_inplace. */
static void simulate_ptree(coll_kind coll, int rooted, int can_inplace, const long long *segs, int nsegs)
{
    static const int radices[] = {2, 3, 5, 71};
    static const long long counts[] = {0, 1, 3, 7};
    int kind, r, i, p, root, c, inplace;
    for (kind = COLLALG_TREE_KNOMIAL; kind <= COLLALG_TREE_KARY; kind++)
        for (r = 0; r < 4; r++)
            for (i = 0; i < nsegs; i++)
                for (p = 1; p <= p_last(); p++)
                    for (root = 0; root<(rooted ? p : 1); root += p> 9 ? p / 4 : 1)
                        for (c = 0; c < 4; c++)
                            for (inplace = 0; inplace <= can_inplace; inplace++) {
                                tree_kind = kind;
                                radix = radices[r];
                                chain_seg = segs[i];
                                simulate(coll, p, root, counts[c], inplace);
                            }
    tree_kind = COLLALG_TREE_KNOMIAL;
    radix = 3;
    chain_seg = 1;
}
/* The pipelined tree broadcast: segments of 1, 2, 3 and more than COLLALG_PIECE_MAX elements. */
Test(steps, ibcast_pipelined_tree)
{
    static const long long seg[] = {1, 2, 3, 1000};
    simulate_ptree(COLL_BCAST_PTREE, 1, 0, seg, 4);
}
Test(steps, ibcast_chain)
{
    simulate_bcast_segments(COLL_BCAST_CHAIN);
}
Test(steps, ibcast_binary_tree)
{
    simulate_bcast_segments(COLL_BCAST_BINARY);
}
/* The node-aware collectives over node layouts smp_mode 0 .. 3 (nodes of 1, 2, 3, 4 and 71 ranks;
 * the uneven one once): the broadcast for segments of several lengths, the reductions
 * (simulate_all(), in place or not) in rank order on the layouts' runs of consecutive ranks and
 * relative to the root with a commutative operation on the layouts themselves. */
static void simulate_smp_layouts(coll_kind coll, int rooted)
{
    static const int ks[] = {1, 2, 3, 4, 71};
    int i;
    for (smp_mode = 0; smp_mode <= 3; smp_mode++)
        for (i = 0; i < 5; i++) {
            smp_k = ks[i];
            if (smp_mode == 2 && i > 0)
                continue;
            if (coll == COLL_BCAST_SMP)
                simulate_bcast_segments(coll);
            else
                simulate_all(coll, rooted, 1);
        }
    smp_mode = 0;
    smp_k = 2;
}
Test(steps, ibcast_smp)
{
    simulate_smp_layouts(COLL_BCAST_SMP, 1);
}
Test(steps, ireduce_smp_in_rank_order)
{
    simulate_smp_layouts(COLL_REDUCE_SMP, 1);
}
Test(steps, ireduce_smp_commutative)
{
    simulate_smp_layouts(COLL_REDUCE_SMP_C, 1);
}
Test(steps, iallreduce_smp_in_rank_order)
{
    simulate_smp_layouts(COLL_ALLREDUCE_SMP, 0);
}
Test(steps, iallreduce_smp_commutative)
{
    simulate_smp_layouts(COLL_ALLREDUCE_SMP_C, 0);
}
Test(steps, iscan_smp_in_rank_order)
{
    simulate_smp_layouts(COLL_SCAN_SMP, 0);
}
Test(steps, ibcast_linear)
{
    simulate_linear(COLL_BCAST, 1, 0);
}
Test(steps, iallgather_linear)
{
    simulate_linear(COLL_ALLGATHER, 0, 1);
}
Test(steps, iallgatherv_linear)
{
    simulate_linear(COLL_ALLGATHERV, 0, 1);
}
Test(steps, iscan_linear_in_rank_order)
{
    simulate_linear(COLL_SCAN, 0, 1);
}
Test(steps, iexscan_linear_in_rank_order)
{
    simulate_linear(COLL_EXSCAN, 0, 1);
}
Test(steps, iallgather_ring)
{
    simulate_all(COLL_ALLGATHER, 0, 1);
}
Test(steps, iallgather_recursive_doubling)
{
    simulate_all(COLL_ALLGATHER_RDB, 0, 1);
}
Test(steps, iallgather_bruck)
{
    simulate_all(COLL_ALLGATHER_BRUCK, 0, 1);
}
Test(steps, iallgather_k_bruck)
{
    simulate_radices(COLL_ALLGATHER_KBRUCK, 0, 1);
}
Test(steps, iallgather_neighbor_exchange)
{
    simulate_all(COLL_ALLGATHER_NEIGHBOR, 0, 1);
}
Test(steps, iallgather_sparbit)
{
    simulate_all(COLL_ALLGATHER_SPARBIT, 0, 1);
}
Test(steps, iallgather_circulant)
{
    simulate_all(COLL_ALLGATHER_CIRCULANT, 0, 1);
}
Test(steps, ialltoall_bruck)
{
    simulate_all(COLL_ALLTOALL_BRUCK, 0, 1);
}
Test(steps, ialltoall_k_bruck)
{
    simulate_radices(COLL_ALLTOALL_KBRUCK, 0, 1);
}
Test(steps, iallgatherv_ring)
{
    simulate_all(COLL_ALLGATHERV, 0, 1);
}
Test(steps, iallgatherv_recursive_doubling)
{
    simulate_all(COLL_ALLGATHERV_RDB, 0, 1);
    packed_layout = 1; /* the blocks back to back in rank order: worked on in the receive buffer */
    simulate_all(COLL_ALLGATHERV_RDB, 0, 1);
    packed_layout = 0;
}
Test(steps, iallgatherv_circulant)
{
    simulate_all(COLL_ALLGATHERV_CIRCULANT, 0, 1);
    packed_layout = 1;
    simulate_all(COLL_ALLGATHERV_CIRCULANT, 0, 1);
    packed_layout = 0;
}
Test(steps, iallgatherv_bruck)
{
    simulate_all(COLL_ALLGATHERV_BRUCK, 0, 1);
    packed_layout = 1;
    simulate_all(COLL_ALLGATHERV_BRUCK, 0, 1);
    packed_layout = 0;
}
Test(steps, iallgatherv_k_bruck)
{
    for (packed_layout = 0; packed_layout <= 1; packed_layout++)
        simulate_radices(COLL_ALLGATHERV_KBRUCK, 0, 1);
    packed_layout = 0;
}
Test(steps, iallgather_recexch)
{
    simulate_radices(COLL_ALLGATHER_RXD, 0, 1);
    simulate_radices(COLL_ALLGATHER_RXH, 0, 1);
}
Test(steps, iallgatherv_recexch)
{
    for (packed_layout = 0; packed_layout <= 1; packed_layout++) {
        simulate_radices(COLL_ALLGATHERV_RXD, 0, 1);
        simulate_radices(COLL_ALLGATHERV_RXH, 0, 1);
    }
    packed_layout = 0;
}
Test(steps, ialltoall_linear)
{
    simulate_all(COLL_ALLTOALL, 0, 1);
}
Test(steps, ialltoall_pair)
{
    simulate_all(COLL_ALLTOALL_PAIR, 0, 1);
}
Test(steps, ialltoallv_linear)
{
    simulate_all(COLL_ALLTOALLV, 0, 1);
}
Test(steps, ialltoallw_linear)
{
    simulate_all(COLL_ALLTOALLW, 0, 1);
}

/* The alltoall, alltoallv and alltoallw cases by collalg__a2a_steps(): algorithm alg, window w. */
static void simulate_a2a(coll_kind coll, int alg, int w)
{
    a2a_alg = alg;
    a2a_window = w;
    simulate_all(coll, 0, 1);
    a2a_alg = COLLALG_A2A_SCATTERED;
    a2a_window = COLLALG_A2A_ALL_AT_ONCE;
}

/* The scattered windows: 2, 5, one above most p, and 0 (the default). */
static void simulate_scattered(coll_kind coll)
{
    static const int windows[] = {2, 5, PMAX + 1, 0};
    int w;
    for (w = 0; w < 4; w++)
        simulate_a2a(coll, COLLALG_A2A_SCATTERED, windows[w]);
}

Test(steps, ialltoall_scattered)
{
    simulate_scattered(COLL_ALLTOALL);
}
Test(steps, ialltoallv_scattered)
{
    simulate_scattered(COLL_ALLTOALLV);
}
Test(steps, ialltoallw_scattered)
{
    simulate_scattered(COLL_ALLTOALLW);
}

/* Messages cut into pieces (counts 5 and 9 against COLLALG_PIECE_MAX 4): a pair waits for every
 * piece of the pair a window back. */
Test(steps, ialltoall_scattered_cut_pieces)
{
    static const long long counts[] = {5, 9};
    static const coll_kind colls[] = {COLL_ALLTOALL, COLL_ALLTOALLV};
    int p, w, c, inplace, k;
    for (k = 0; k < 2; k++)
        for (w = 1; w <= 3; w++)
            for (p = 1; p <= 24; p++)
                for (c = 0; c < 2; c++)
                    for (inplace = 0; inplace <= 1; inplace++) {
                        a2a_window = w;
                        simulate(colls[k], p, 0, counts[c], inplace);
                    }
    a2a_window = COLLALG_A2A_ALL_AT_ONCE;
}

/* The ring: the scattered schedule with a window of one pair. */
Test(steps, ialltoall_ring)
{
    simulate_a2a(COLL_ALLTOALL, COLLALG_A2A_SCATTERED, 1);
}
Test(steps, ialltoallv_ring)
{
    simulate_a2a(COLL_ALLTOALLV, COLLALG_A2A_SCATTERED, 1);
}
Test(steps, ialltoallw_ring)
{
    simulate_a2a(COLL_ALLTOALLW, COLLALG_A2A_SCATTERED, 1);
}
Test(steps, ialltoallv_pair)
{
    simulate_a2a(COLL_ALLTOALLV, COLLALG_A2A_PAIR, 0);
}
Test(steps, ialltoallw_pair)
{
    simulate_a2a(COLL_ALLTOALLW, COLLALG_A2A_PAIR, 0);
}

/* In place by swaps through one block (not in place: the pair schedule). */
Test(steps, ialltoall_pair_inplace)
{
    simulate_a2a(COLL_ALLTOALL, COLLALG_A2A_PAIR_INPLACE, 0);
}
Test(steps, ialltoallv_pair_inplace)
{
    simulate_a2a(COLL_ALLTOALLV, COLLALG_A2A_PAIR_INPLACE, 0);
}
Test(steps, ialltoallw_pair_inplace)
{
    simulate_a2a(COLL_ALLTOALLW, COLLALG_A2A_PAIR_INPLACE, 0);
}
Test(steps, igather_linear)
{
    simulate_all(COLL_GATHER, 1, 1);
}
Test(steps, igatherv_linear)
{
    simulate_all(COLL_GATHERV, 1, 1);
}
Test(steps, iscatter_linear)
{
    simulate_all(COLL_SCATTER, 1, 1);
}
Test(steps, iscatterv_linear)
{
    simulate_all(COLL_SCATTERV, 1, 1);
}
Test(steps, igather_binomial)
{
    simulate_all(COLL_GATHER_BINOMIAL, 1, 1);
}
Test(steps, igather_knomial)
{
    simulate_radices(COLL_GATHER_KNOMIAL, 1, 1);
}
Test(steps, iscatter_binomial)
{
    simulate_all(COLL_SCATTER_BINOMIAL, 1, 1);
}
Test(steps, iscatter_knomial)
{
    simulate_radices(COLL_SCATTER_KNOMIAL, 1, 1);
}
Test(steps, ireduce_binomial_in_rank_order)
{
    simulate_all(COLL_REDUCE, 1, 1);
}
Test(steps, ireduce_rabenseifner_in_rank_order)
{
    simulate_all(COLL_REDUCE_RAB, 1, 1);
}
Test(steps, ireduce_pipeline_in_rank_order)
{
    simulate_segments(COLL_REDUCE_PIPE);
}
Test(steps, ireduce_pipeline_commutative)
{
    simulate_segments(COLL_REDUCE_PIPE_C);
}
Test(steps, ireduce_knomial_in_rank_order)
{
    simulate_all(COLL_REDUCE_KNOMIAL, 1, 1);
}
Test(steps, iallreduce_recursive_doubling_in_rank_order)
{
    simulate_all(COLL_ALLREDUCE, 0, 1);
}
Test(steps, iallreduce_ring_commutative)
{
    simulate_all(COLL_ALLREDUCE_RING, 0, 1);
}
Test(steps, iallreduce_circulant_commutative)
{
    simulate_all(COLL_ALLREDUCE_CIRC, 0, 1);
}
Test(steps, iscan_recursive_doubling_in_rank_order)
{
    simulate_all(COLL_SCAN, 0, 1);
}
Test(steps, iexscan_recursive_doubling_in_rank_order)
{
    simulate_all(COLL_EXSCAN, 0, 1);
}
Test(steps, ireduce_scatter_block_in_rank_order)
{
    simulate_all(COLL_RSB, 0, 1);
}
Test(steps, ireduce_scatter_in_rank_order)
{
    simulate_all(COLL_RS, 0, 1);
}
Test(steps, iallreduce_rabenseifner_in_rank_order)
{
    simulate_all(COLL_ALLREDUCE_RAB, 0, 1);
}
Test(steps, iallreduce_recursive_multiplying_in_rank_order)
{
    simulate_radices(COLL_ALLREDUCE_RECMULT, 0, 1);
}
Test(steps, iallreduce_reduce_bcast_in_rank_order)
{
    simulate_radices(COLL_ALLREDUCE_RB, 0, 1);
}
/* The pipelined tree allreduce and reduce: segments of 1, 2 and 3 elements, in place or not; the
 * reduce in rank order on the ranks as they are (rank 0 hands the segments to the root), or
 * relative to the root with a commutative operation. */
static const long long ptree_segs[] = {1, 2, 3};
Test(steps, iallreduce_pipelined_tree_in_rank_order)
{
    simulate_ptree(COLL_ALLREDUCE_PTREE, 0, 1, ptree_segs, 3);
}
Test(steps, ireduce_pipelined_tree_in_rank_order)
{
    simulate_ptree(COLL_REDUCE_PTREE, 1, 1, ptree_segs, 3);
}
Test(steps, ireduce_pipelined_tree_commutative)
{
    simulate_ptree(COLL_REDUCE_PTREE_C, 1, 1, ptree_segs, 3);
}
Test(steps, ireduce_scatter_block_recursive_halving_commutative)
{
    simulate_all(COLL_RSB_HALVING, 0, 1);
}
Test(steps, ireduce_scatter_recursive_halving_commutative)
{
    simulate_all(COLL_RS_HALVING, 0, 1);
}
Test(steps, ireduce_scatter_block_pairwise_commutative)
{
    simulate_all(COLL_RSB_PAIRWISE, 0, 1);
}
Test(steps, ireduce_scatter_pairwise_commutative)
{
    simulate_all(COLL_RS_PAIRWISE, 0, 1);
}
Test(steps, ireduce_scatter_block_circulant_commutative)
{
    simulate_all(COLL_RSB_CIRC, 0, 1);
}
Test(steps, ireduce_scatter_circulant_commutative)
{
    simulate_all(COLL_RS_CIRC, 0, 1);
}
Test(steps, ireduce_scatter_block_recursive_doubling_in_rank_order)
{
    simulate_all(COLL_RSB_RDB, 0, 1);
}
Test(steps, ireduce_scatter_recursive_doubling_in_rank_order)
{
    simulate_all(COLL_RS_RDB, 0, 1);
}
Test(steps, ireduce_scatter_block_butterfly_in_rank_order)
{
    butterfly_alg = 1;
    simulate_all(COLL_RSB_RDB, 0, 1);
    butterfly_alg = 0;
}
Test(steps, ireduce_scatter_butterfly_in_rank_order)
{
    butterfly_alg = 1;
    simulate_all(COLL_RS_RDB, 0, 1);
    butterfly_alg = 0;
}
Test(steps, ireduce_scatter_block_recexch_in_rank_order)
{
    simulate_radices(COLL_RSB_RX, 0, 1);
}
Test(steps, ireduce_scatter_recexch_in_rank_order)
{
    simulate_radices(COLL_RS_RX, 0, 1);
}
Test(steps, iallreduce_recexch_reduce_scatter_allgather_in_rank_order)
{
    simulate_radices(COLL_ALLREDUCE_RX, 0, 1);
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
