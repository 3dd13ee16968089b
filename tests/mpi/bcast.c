/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bcast.c - every catalogue bcast algorithm against MPI_Bcast, byte for byte.
 * See harness.h for the common options and the output. Own options:
 *   --roots all|few   every root (default for p <= 8), or 0, p/2 and p-1 (default for p > 8);
 *                     with "all", roots other than 0 and p-1 get the first type and counts <= 3
 *   --csm-all         instead of the matrix: every canonical Copy/Split/Merge program for p (both
 *                     dimension orders) on a small matrix, then every program with every
 *                     dimension naming (k! per canonical program) on one case
 *
 * Datatypes: the harness pairs. For "int-vector" the root passes 2n MPI_INT and the others n
 * vectors of 2 ints (same signature, different elements), for every algorithm: the splitting
 * ones cut the message in bytes of the signature (family/bcast.h, collalg__bcast_view).
 */
#include <collalg/bcast.h>
#include <collalg/bcast/circulant.h>
#include <collalg/bcast/knomial.h>
#include <collalg/bcast/two_tree.h>
#include "harness.h"

/* Every algorithm behind one signature: the MPI_Bcast arguments, a segment size, a program. */
typedef int (*bc_fn)(void *, int, MPI_Datatype, int, MPI_Comm, int, const char *);

/* clang-format off */
#define PLAIN(name)                                                                                  \
    static int run_##name(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr) \
    {                                                                                                \
        (void)seg;                                                                                   \
        (void)pr;                                                                                    \
        return collalg_bcast_##name(b, n, t, r, cm);                                                 \
    }
#define SEG(name)                                                                                    \
    static int run_##name(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr) \
    {                                                                                                \
        (void)pr;                                                                                    \
        return collalg_bcast_##name(b, n, t, r, cm, seg);                                            \
    }
/* clang-format on */

PLAIN(linear)
PLAIN(binomial)
PLAIN(bine)
PLAIN(scatter_rdb_allgather)
PLAIN(scatter_ring_allgather)
SEG(chain)
SEG(topology_chain)
SEG(binary_tree)
SEG(split_binary_tree)
SEG(pipelined_scatter_allgather)
SEG(hierarchical)
SEG(circulant)
SEG(knomial)
SEG(two_tree)
/* topology_order: seg = 0 runs the default inner broadcast (binomial), 1 the scatter-ring-allgather,
 * 2 .. 4 the two-tree, k-nomial and circulant adapters at their defaults (the tuner's inner choices) */
static int run_topology_order(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr)
{
    static const collalg_bcast_fn inner[] = {NULL, collalg_bcast_scatter_ring_allgather,
                                             collalg__bcast_two_tree_default, collalg__bcast_knomial_default,
                                             collalg__bcast_circulant_default};
    (void)pr;
    return collalg_bcast_topology_order(b, n, t, r, cm, inner[seg]);
}

/* pipelined_tree: the segment size, and the tree and radix of the wrapper's name (0 0: the defaults,
 * the k-ary tree of radix 2) */
#define PTREE(suffix, tree, radix)                                                                                     \
    static int run_pipelined_tree##suffix(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr) \
    {                                                                                                                  \
        (void)pr;                                                                                                      \
        return collalg_bcast_pipelined_tree(b, n, t, r, cm, seg, tree, radix);                                         \
    }
PTREE(, 0, 0)
PTREE(_knomial3, COLLALG_TREE_KNOMIAL, 3)
PTREE(_kary3, COLLALG_TREE_KARY, 3)

static int run_han(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr)
{
    (void)pr;
    return collalg_bcast_han(b, n, t, r, cm, seg, NULL, NULL);
}
/* blocking catalogue algorithms at both levels */
static int run_han_blocking(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr)
{
    (void)pr;
    return collalg_bcast_han(b, n, t, r, cm, seg, collalg_bcast_binomial, collalg_bcast_scatter_ring_allgather);
}
static int run_han_native_inter(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr)
{
    (void)pr;
    return collalg_bcast_han(b, n, t, r, cm, seg, MPI_Bcast, NULL);
}

static int run_csm(void *b, int n, MPI_Datatype t, int r, MPI_Comm cm, int seg, const char *pr)
{
    (void)seg;
    return collalg_bcast_csm(b, n, t, r, cm, pr);
}

/* Segment parameter codes: >= 0 literal bytes; SEG_ONE = 1 byte (one element), used only for
 * counts <= SEG_ONE_MAX_COUNT (one message per element is slow under oversubscribed MPICH). */
#define SEG_ONE 1
#define SEG_ONE_MAX_COUNT 3
#define SEG_HUGE 2147483647
/* A segment size that cuts the big count into ~17 segments; run at one root only (root p-1). */
#define SEG_MID 4000

/* CSM presets, resolved for the run's p. */
enum { PRE_NONE, PRE_DEFAULT, PRE_BINOMIAL, PRE_VDG, PRE_HYBRID1_0, PRE_HYBRID1_K2 };

static const struct {
    const char *name;
    bc_fn fn;
    int seg;
    int preset, order;
} algos[] = {
    {"linear", run_linear, 0, PRE_NONE, 0},
    {"binomial", run_binomial, 0, PRE_NONE, 0},
    {"bine", run_bine, 0, PRE_NONE, 0},
    {"circulant(0)", run_circulant, 0, PRE_NONE, 0},
    {"circulant(1)", run_circulant, SEG_ONE, PRE_NONE, 0},
    {"circulant(4000)", run_circulant, SEG_MID, PRE_NONE, 0},
    {"knomial(0)", run_knomial, 0, PRE_NONE, 0},
    {"knomial(2)", run_knomial, 2, PRE_NONE, 0},
    {"knomial(3)", run_knomial, 3, PRE_NONE, 0},
    {"chain(0)", run_chain, 0, PRE_NONE, 0},
    {"chain(1)", run_chain, SEG_ONE, PRE_NONE, 0},
    {"chain(4000)", run_chain, SEG_MID, PRE_NONE, 0},
    {"chain(INT_MAX)", run_chain, SEG_HUGE, PRE_NONE, 0},
    {"topology_chain(0)", run_topology_chain, 0, PRE_NONE, 0},
    {"topology_chain(1)", run_topology_chain, SEG_ONE, PRE_NONE, 0},
    {"topology_chain(4000)", run_topology_chain, SEG_MID, PRE_NONE, 0},
    {"binary_tree(0)", run_binary_tree, 0, PRE_NONE, 0},
    {"binary_tree(1)", run_binary_tree, SEG_ONE, PRE_NONE, 0},
    {"binary_tree(4000)", run_binary_tree, SEG_MID, PRE_NONE, 0},
    {"binary_tree(INT_MAX)", run_binary_tree, SEG_HUGE, PRE_NONE, 0},
    {"split_binary_tree(0)", run_split_binary_tree, 0, PRE_NONE, 0},
    {"split_binary_tree(1)", run_split_binary_tree, SEG_ONE, PRE_NONE, 0},
    {"split_binary_tree(4000)", run_split_binary_tree, SEG_MID, PRE_NONE, 0},
    {"split_binary_tree(INT_MAX)", run_split_binary_tree, SEG_HUGE, PRE_NONE, 0},
    {"pipelined_scatter_allgather(0)", run_pipelined_scatter_allgather, 0, PRE_NONE, 0},
    {"pipelined_scatter_allgather(1)", run_pipelined_scatter_allgather, SEG_ONE, PRE_NONE, 0},
    {"pipelined_scatter_allgather(4000)", run_pipelined_scatter_allgather, SEG_MID, PRE_NONE, 0},
    {"pipelined_scatter_allgather(INT_MAX)", run_pipelined_scatter_allgather, SEG_HUGE, PRE_NONE, 0},
    {"hierarchical(0)", run_hierarchical, 0, PRE_NONE, 0},
    {"hierarchical(1)", run_hierarchical, SEG_ONE, PRE_NONE, 0},
    {"hierarchical(4000)", run_hierarchical, SEG_MID, PRE_NONE, 0},
    {"hierarchical(INT_MAX)", run_hierarchical, SEG_HUGE, PRE_NONE, 0},
    {"han(0)", run_han, 0, PRE_NONE, 0},
    {"han(4000)", run_han, SEG_MID, PRE_NONE, 0},
    {"han(1,binomial,scatter_ring_allgather)", run_han_blocking, SEG_ONE, PRE_NONE, 0},
    {"han(4000,binomial,scatter_ring_allgather)", run_han_blocking, SEG_MID, PRE_NONE, 0},
    {"han(4000,MPI_Bcast)", run_han_native_inter, SEG_MID, PRE_NONE, 0},
    {"scatter_rdb_allgather", run_scatter_rdb_allgather, 0, PRE_NONE, 0},
    {"scatter_ring_allgather", run_scatter_ring_allgather, 0, PRE_NONE, 0},
    {"csm(NULL)", run_csm, 0, PRE_DEFAULT, 0},
    {"csm(binomial,desc)", run_csm, 0, PRE_BINOMIAL, COLLALG_BCAST_CSM_DESCENDING},
    {"csm(van_de_geijn,asc)", run_csm, 0, PRE_VDG, COLLALG_BCAST_CSM_ASCENDING},
    {"csm(van_de_geijn,desc)", run_csm, 0, PRE_VDG, COLLALG_BCAST_CSM_DESCENDING},
    {"csm(hybrid1(0),asc)", run_csm, 0, PRE_HYBRID1_0, COLLALG_BCAST_CSM_ASCENDING},
    {"csm(hybrid1(k-2),desc)", run_csm, 0, PRE_HYBRID1_K2, COLLALG_BCAST_CSM_DESCENDING},
    {"topology_order(binomial)", run_topology_order, 0, PRE_NONE, 0},
    {"topology_order(scatter_ring_allgather)", run_topology_order, 1, PRE_NONE, 0},
    {"topology_order(two_tree)", run_topology_order, 2, PRE_NONE, 0},
    {"topology_order(knomial)", run_topology_order, 3, PRE_NONE, 0},
    {"topology_order(circulant)", run_topology_order, 4, PRE_NONE, 0},
    {"two_tree(0)", run_two_tree, 0, PRE_NONE, 0},
    {"two_tree(1)", run_two_tree, SEG_ONE, PRE_NONE, 0},
    {"two_tree(4000)", run_two_tree, SEG_MID, PRE_NONE, 0},
    {"two_tree(INT_MAX)", run_two_tree, SEG_HUGE, PRE_NONE, 0},
    {"pipelined_tree(0)", run_pipelined_tree, 0, PRE_NONE, 0},
    {"pipelined_tree(1)", run_pipelined_tree, SEG_ONE, PRE_NONE, 0},
    {"pipelined_tree(4000)", run_pipelined_tree, SEG_MID, PRE_NONE, 0},
    {"pipelined_tree(1,knomial,3)", run_pipelined_tree_knomial3, SEG_ONE, PRE_NONE, 0},
    {"pipelined_tree(4000,knomial,3)", run_pipelined_tree_knomial3, SEG_MID, PRE_NONE, 0},
    {"pipelined_tree(4000,kary,3)", run_pipelined_tree_kary3, SEG_MID, PRE_NONE, 0},
    {"pipelined_tree(INT_MAX,knomial,3)", run_pipelined_tree_knomial3, SEG_HUGE, PRE_NONE, 0},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* The program of a CSM entry for p ranks into buf (NULL for the default). */
static const char *preset_program(int a, int p, char *buf, size_t size)
{
    int k = collalg_bcast_csm_dims(p), len = 0;
    switch (algos[a].preset) {
    case PRE_BINOMIAL: len = collalg_bcast_csm_binomial(p, algos[a].order, buf, size); break;
    case PRE_VDG: len = collalg_bcast_csm_van_de_geijn(p, algos[a].order, buf, size); break;
    case PRE_HYBRID1_0: len = collalg_bcast_csm_hybrid1(p, k > 0 ? 0 : -1, algos[a].order, buf, size); break;
    case PRE_HYBRID1_K2: len = collalg_bcast_csm_hybrid1(p, k >= 1 ? k - 2 : -1, algos[a].order, buf, size); break;
    default: return NULL;
    }
    if (len < 0) {
        fprintf(stderr, "bcast: preset %s has no program for p=%d\n", algos[a].name, p);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return buf;
}

/* One test case: a (type, count, root) with its inputs and the native reference. */
typedef struct bc_case {
    const th_types *t;
    int count, root, rank, p;
    size_t bytes;
    void *input, *want, *got;
} bc_case;

/* This rank's (count, datatype) for the case: the root passes the send type of the pair. */
static void case_args(const bc_case *c, int *count, MPI_Datatype *type)
{
    *count = c->count;
    *type = c->t->rtype;
    if (c->rank == c->root && c->t->ratio > 1) {
        *count = c->count * c->t->ratio;
        *type = c->t->stype;
    }
}

static void case_init(bc_case *c, const th_types *t, int count, int root, unsigned seed)
{
    int n;
    MPI_Datatype type;
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->p);
    c->t = t;
    c->count = count;
    c->root = root;
    c->bytes = th_bytes(count, t->rtype);
    if (th_bytes((long)count * t->ratio, t->stype) > c->bytes)
        c->bytes = th_bytes((long)count * t->ratio, t->stype);
    c->input = th_alloc(c->bytes);
    c->want = th_alloc(c->bytes);
    c->got = th_alloc(c->bytes);
    /* The root's message and every other rank's prior contents (kept in the gaps) differ. */
    th_fill(c->input, c->bytes, c->rank == root ? seed : seed * 31u + 7u + (unsigned)c->rank);
    memcpy(c->want, c->input, c->bytes);
    case_args(c, &n, &type);
    MPI_Bcast(c->want, n, type, root, MPI_COMM_WORLD);
}

static void case_free(bc_case *c)
{
    free(c->input);
    free(c->want);
    free(c->got);
}

/* Runs one algorithm on the case and records success and the byte comparison. */
static void case_run(th_result *r, const th_opts *o, const bc_case *c, const char *name, bc_fn fn, int seg,
                     const char *program)
{
    char what[160];
    int n, err;
    MPI_Datatype type;
    case_args(c, &n, &type);
    memcpy(c->got, c->input, c->bytes);
    err = fn(c->got, n, type, c->root, MPI_COMM_WORLD, seg, program);
    snprintf(what, sizeof what, "bcast %s p=%d type=%s count=%d root=%d%s%s", name, c->p, c->t->name, c->count, c->root,
             program ? " program=" : "", program ? program : "");
    th_expect(r, o, what, err == MPI_SUCCESS);
    th_check(r, o, what, c->got, c->want, c->bytes);
}

/* Errors reach this handler (SimGrid 3.32 crashes in MPI_Comm_call_errhandler under
 * MPI_ERRORS_RETURN, so the test installs a handler of its own that only counts). */
static int handler_calls;
static void count_errors(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
    handler_calls++;
}

/* Bad parameters: MPI_ERR_ARG (before any message), MPI_ERR_ROOT. */
static void error_cases(th_result *r, const th_opts *o, int p)
{
    int buf[4] = {1, 2, 3, 4}, cls = MPI_SUCCESS, err;
    char what[160];
    const char *bad[] = {"C0 C0 C0 C0 C0 C0 C0 C0", "M0", "C99", "S0 C1 C2 C3 C4 C5 C6 C7 C8 C9"};
    size_t i;

    err = collalg_bcast_chain(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, -1);
    MPI_Error_class(err, &cls);
    snprintf(what, sizeof what, "bcast chain(-1) p=%d -> MPI_ERR_ARG", p);
    th_expect(r, o, what, cls == MPI_ERR_ARG);
    err = collalg_bcast_topology_chain(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, -1);
    MPI_Error_class(err, &cls);
    snprintf(what, sizeof what, "bcast topology_chain(-1) p=%d -> MPI_ERR_ARG", p);
    th_expect(r, o, what, cls == MPI_ERR_ARG);
    err = collalg_bcast_binary_tree(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, -5);
    MPI_Error_class(err, &cls);
    snprintf(what, sizeof what, "bcast binary_tree(-5) p=%d -> MPI_ERR_ARG", p);
    th_expect(r, o, what, cls == MPI_ERR_ARG);
    err = collalg_bcast_split_binary_tree(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, -5);
    MPI_Error_class(err, &cls);
    snprintf(what, sizeof what, "bcast split_binary_tree(-5) p=%d -> MPI_ERR_ARG", p);
    th_expect(r, o, what, cls == MPI_ERR_ARG);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err = collalg_bcast_csm(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, bad[i]);
        MPI_Error_class(err, &cls);
        snprintf(what, sizeof what, "bcast csm(\"%s\") p=%d -> MPI_ERR_ARG", bad[i], p);
        th_expect(r, o, what, cls == MPI_ERR_ARG);
    }
    if (p > 1) {
        err = collalg_bcast_csm(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, "");
        MPI_Error_class(err, &cls);
        snprintf(what, sizeof what, "bcast csm(\"\") p=%d -> MPI_ERR_ARG", p);
        th_expect(r, o, what, cls == MPI_ERR_ARG);
    }
    { /* circulant, knomial and pipelined_tree: bad tuning parameters (their handler calls are
       * counted here); pipelined_tree's (segsize, tree, radix) of bad_ptree[i] */
        int calls = handler_calls, bad_radix[] = {-1, 1}, bad_ptree[3][3] = {{-1, 0, 0}, {0, 3, 0}, {0, 0, 1}};
        err = collalg_bcast_circulant(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, -1);
        MPI_Error_class(err, &cls);
        snprintf(what, sizeof what, "bcast circulant(-1) p=%d -> MPI_ERR_ARG", p);
        th_expect(r, o, what, cls == MPI_ERR_ARG);
        for (i = 0; i < 2; i++) {
            err = collalg_bcast_knomial(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, bad_radix[i]);
            MPI_Error_class(err, &cls);
            snprintf(what, sizeof what, "bcast knomial(%d) p=%d -> MPI_ERR_ARG", bad_radix[i], p);
            th_expect(r, o, what, cls == MPI_ERR_ARG);
        }
        for (i = 0; i < 3; i++) {
            err = collalg_bcast_pipelined_tree(buf, 4, MPI_INT, 0, MPI_COMM_WORLD, bad_ptree[i][0], bad_ptree[i][1],
                                               bad_ptree[i][2]);
            MPI_Error_class(err, &cls);
            snprintf(what, sizeof what, "bcast pipelined_tree(%d,%d,%d) p=%d -> MPI_ERR_ARG", bad_ptree[i][0],
                     bad_ptree[i][1], bad_ptree[i][2], p);
            th_expect(r, o, what, cls == MPI_ERR_ARG);
        }
        snprintf(what, sizeof what, "bcast circulant/knomial/pipelined_tree error cases p=%d call the error handler",
                 p);
        th_expect(r, o, what, handler_calls == calls + 6);
        handler_calls = calls;
    }
    err = collalg_bcast_binomial(buf, 4, MPI_INT, p, MPI_COMM_WORLD);
    MPI_Error_class(err, &cls);
    snprintf(what, sizeof what, "bcast binomial root=p p=%d -> MPI_ERR_ROOT", p);
    th_expect(r, o, what, cls == MPI_ERR_ROOT);
    snprintf(what, sizeof what, "bcast error cases p=%d leave the buffer alone", p);
    th_expect(r, o, what, buf[0] == 1 && buf[1] == 2 && buf[2] == 3 && buf[3] == 4);
    snprintf(what, sizeof what, "bcast error cases p=%d call the error handler (%d calls)", p, handler_calls);
    th_expect(r, o, what, handler_calls == 10 - (p == 1));
}

/* The roots that get the whole matrix: with --roots all, 0 and p-1; the others then get the
 * first type and the counts <= SMALL_COUNT (the root only changes the relative ranks, which the
 * small counts exercise as well, and the full matrix at every root costs minutes under MPICH).
 * With --roots few, all three roots get the whole matrix. */
#define SMALL_COUNT 3
static int main_root(int root, int p, int allroots)
{
    return !allroots || root == 0 || root == p - 1;
}

/* The standard matrix: every algorithm on types x counts x roots. */
static void matrix(th_result *r, const th_opts *o, th_types *types, int allroots)
{
    int p, ti, ci, ri, a, nroots, roots[4096], first_type;
    char prog[COLLALG_BCAST_CSM_MAX_TEXT];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    nroots = th_roots(p, allroots, roots);
    for (ti = 0; ti < TH_NTYPES && !th_want_type(o, types[ti].name); ti++)
        ;
    first_type = ti;
    for (ti = 0; ti < TH_NTYPES; ti++) {
        if (!th_want_type(o, types[ti].name))
            continue;
        for (ci = 0; ci < o->ncounts; ci++) {
            int count = o->counts[ci] < 0 ? th_big_count(types[ti].rtype) : o->counts[ci];
            if ((double)th_bytes(count, types[ti].rtype) > o->max_bytes)
                continue;
            for (ri = 0; ri < nroots; ri++) {
                bc_case c;
                if (!main_root(roots[ri], p, allroots) && (ti != first_type || count > SMALL_COUNT))
                    continue;
                case_init(&c, &types[ti], count, roots[ri], (unsigned)(ti * 977 + ci * 31 + ri));
                for (a = 0; a < NALGOS; a++) {
                    if (!th_want_algo(o, algos[a].name))
                        continue;
                    if (algos[a].seg == SEG_ONE && count > SEG_ONE_MAX_COUNT)
                        continue;
                    if (algos[a].seg == SEG_MID && roots[ri] != p - 1)
                        continue;
                    case_run(r, o, &c, algos[a].name, algos[a].fn, algos[a].seg,
                             preset_program(a, p, prog, sizeof prog));
                }
                case_free(&c);
            }
        }
    }
}

/* ---- --csm-all ------------------------------------------------------------------------------ */

typedef struct csm_run {
    th_result *r;
    const th_opts *o;
    bc_case *cases;
    int ncases;
} csm_run;

static int run_program(const char *program, void *arg)
{
    csm_run *cr = (csm_run *)arg;
    int i;
    for (i = 0; i < cr->ncases; i++)
        case_run(cr->r, cr->o, &cr->cases[i], "csm", run_csm, 0, program);
    return 0;
}

/* Every canonical program (both orders) on int and vector (struct under MPICH: the options pick
 * the types) x counts {1, 5, 1000} x roots {0, p-1}; then every program with every dimension
 * naming on one case (int, count 37, root p/2). */
static void csm_all(th_result *r, const th_opts *o, th_types *types)
{
    bc_case cases[64];
    int p, ti, ci, ri, n = 0, counts[3] = {1, 5, 1000};
    csm_run cr;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (ti = 0; ti < TH_NTYPES; ti++) {
        if (!th_want_type(o, types[ti].name) || !strcmp(types[ti].name, "double"))
            continue;
        for (ci = 0; ci < 3; ci++)
            for (ri = 0; ri < (p > 1 ? 2 : 1); ri++)
                case_init(&cases[n++], &types[ti], counts[ci], ri ? p - 1 : 0, (unsigned)(ti * 977 + ci * 31 + ri + 5));
    }
    cr.r = r;
    cr.o = o;
    cr.cases = cases;
    cr.ncases = n;
    collalg_bcast_csm_enumerate(p, COLLALG_BCAST_CSM_ASCENDING, run_program, &cr);
    collalg_bcast_csm_enumerate(p, COLLALG_BCAST_CSM_DESCENDING, run_program, &cr);
    for (ci = 0; ci < n; ci++)
        case_free(&cases[ci]);
    case_init(&cases[0], &types[0], 37, p / 2, 4242u);
    cr.ncases = 1;
    collalg_bcast_csm_enumerate(p, COLLALG_BCAST_CSM_ALL_ORDERS, run_program, &cr);
    case_free(&cases[0]);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    MPI_Errhandler handler;
    int p, i, allroots = -1, csmall = 0, status;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--roots") && i + 1 < argc)
            allroots = !strcmp(argv[++i], "all");
        else if (!strcmp(argv[i], "--csm-all"))
            csmall = 1;
    }
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (allroots < 0)
        allroots = p <= 8;
    MPI_Comm_create_errhandler(count_errors, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    th_types_init(types);

    if (csmall)
        csm_all(&r, &o, types);
    else {
        matrix(&r, &o, types, allroots);
        error_cases(&r, &o, p);
    }

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&handler);
    th_types_free(types);
    status = th_finish(&r, "bcast");
    MPI_Finalize();
    return status;
}
