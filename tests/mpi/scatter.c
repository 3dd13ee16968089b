/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * scatter.c - every catalogue scatter algorithm against MPI_Scatter, byte for byte.
 * See harness.h for the common options and the output. Own option:
 *   --roots all|few   every root (default for p <= 8), or 0, p/2 and p-1 (default for p > 8);
 *                     with "all", roots other than 0 and p-1 get the first type and counts <= 3
 *
 * Datatypes: the harness pairs. The root sends count * ratio elements of the pair's send type per
 * block, every rank receives count elements of its receive type (for "int-vector": 2n MPI_INT
 * sent, n vectors of 2 ints received). Every rank's whole receive allocation is compared with the
 * native result (gaps untouched), and the root's send buffer must be unchanged. The non-roots
 * pass garbage as the root-only arguments (sendbuf (void *)8, sendcount -1, MPI_DATATYPE_NULL),
 * which the algorithms must neither check nor touch. In place: the root passes MPI_IN_PLACE as
 * recvbuf (then only its unchanged send buffer is checked).
 *
 * The hierarchical algorithm runs on whatever nodes machine/node.h finds (COLLALG_NODE_SIZE and
 * COLLALG_NODE_ROUNDROBIN split them under MPICH), the topology algorithm on the description of
 * COLLALG_TOPOLOGY if set (else the node-level tree). The shm algorithm must succeed where
 * MPI_COMM_WORLD is one node and return MPI_ERR_ARG on every rank, buffers untouched, elsewhere.
 */
#include <collalg/scatter.h>
#include <collalg/scatter/hierarchical.h>
#include <collalg/scatter/shm.h>
#include <collalg/scatter/topology.h>
#include "harness.h"

/* Every algorithm behind one signature: the MPI_Scatter arguments and one tuning parameter. */
typedef int (*sc_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm, int);

/* clang-format off */
#define PLAIN(name)                                                                                           \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, \
                          MPI_Comm cm, int param)                                                             \
    {                                                                                                         \
        (void)param;                                                                                          \
        return collalg_scatter_##name(sb, sc, st, rb, rc, rt, root, cm);                                       \
    }
#define PARAM(name)                                                                                           \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, \
                          MPI_Comm cm, int param)                                                             \
    {                                                                                                         \
        return collalg_scatter_##name(sb, sc, st, rb, rc, rt, root, cm, param);                                \
    }
/* clang-format on */

PLAIN(linear)
PARAM(linear_nb)
PLAIN(binomial)
PLAIN(bine)
PARAM(knomial)
PLAIN(hierarchical)
PLAIN(topology)
PLAIN(shm)

static const struct {
    const char *name;
    sc_fn fn;
    int param;
} algos[] = {
    {"linear", run_linear, 0},
    {"linear_nb(0)", run_linear_nb, 0},
    {"linear_nb(1)", run_linear_nb, 1},
    {"linear_nb(2)", run_linear_nb, 2},
    {"linear_nb(3)", run_linear_nb, 3},
    {"binomial", run_binomial, 0},
    {"bine", run_bine, 0},
    {"knomial(0)", run_knomial, 0},
    {"knomial(2)", run_knomial, 2},
    {"knomial(3)", run_knomial, 3},
    {"knomial(4)", run_knomial, 4},
    {"knomial(7)", run_knomial, 7},
    {"hierarchical", run_hierarchical, 0},
    {"topology", run_topology, 0},
    {"shm", run_shm, 0},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* 1 when MPI_COMM_WORLD is one node as machine/node.h sees it (MPI_COMM_TYPE_SHARED, then the
 * COLLALG_NODE_SIZE or COLLALG_NODE_ROUNDROBIN split): the shm algorithm runs only there, and
 * must return MPI_ERR_ARG on every rank, receive buffer untouched, elsewhere. */
static int world_is_one_node(void)
{
    MPI_Comm node;
    const char *k = getenv("COLLALG_NODE_SIZE"), *m = getenv("COLLALG_NODE_ROUNDROBIN");
    int n, p, one, kv = k && *k ? atoi(k) : 0, mv = m && *m ? atoi(m) : 0;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &n);
    MPI_Comm_free(&node);
    one = n == p && (kv > 0 ? kv >= n : mv > 1 ? n == 1 : 1);
    MPI_Allreduce(MPI_IN_PLACE, &one, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return one;
}
static int one_node = 1;

/* One test case: (type, count, root, in place) with its inputs and the native reference. */
typedef struct sc_case {
    const th_types *t;
    int count, root, rank, p, inplace;
    size_t sbytes, rbytes;
    void *send, *send0, *init, *want, *got; /* send / send0: the root's send buffer */
} sc_case;

/* The reference by its definition, when the native MPI_Scatter fails (as MPICH 4.0's binomial
 * gather does for the struct type, see tests/mpi/gather.c): the root sends block i to rank i in
 * its send type, every rank receives in its own receive type. */
static void reference_p2p(sc_case *c)
{
    MPI_Aint lb, ext;
    int i, n = c->count * c->t->ratio;
    static int noted;
    memcpy(c->want, c->init, c->rbytes);
    if (c->rank != c->root) {
        MPI_Recv(c->want, c->count, c->t->rtype, c->root, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        return;
    }
    if (!noted++)
        fprintf(stderr, "scatter: native MPI_Scatter failed (type=%s count=%d p=%d); reference by point-to-point\n",
                c->t->name, c->count, c->p);
    MPI_Type_get_extent(c->t->stype, &lb, &ext);
    for (i = 0; i < c->p; i++) {
        char *block = (char *)c->send + (MPI_Aint)i * n * ext;
        if (i != c->root)
            MPI_Send(block, n, c->t->stype, i, 77, MPI_COMM_WORLD);
        else if (!c->inplace)
            MPI_Sendrecv(block, n, c->t->stype, i, 78, c->want, c->count, c->t->rtype, i, 78, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
    }
}

static void case_init(sc_case *c, const th_types *t, int count, int root, int inplace, unsigned seed)
{
    int err, n = count * t->ratio;
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->p);
    c->t = t;
    c->count = count;
    c->root = root;
    c->inplace = inplace;
    c->sbytes = th_bytes((long)n * c->p, t->stype);
    c->rbytes = th_bytes(count, t->rtype);
    c->send = th_alloc(c->sbytes);
    c->send0 = th_alloc(c->sbytes);
    c->init = th_alloc(c->rbytes);
    c->want = th_alloc(c->rbytes);
    c->got = th_alloc(c->rbytes);
    th_fill(c->send, c->sbytes, seed * 131u + 5u);
    memcpy(c->send0, c->send, c->sbytes);
    th_fill(c->init, c->rbytes, seed * 7u + 3u + (unsigned)c->rank);
    memcpy(c->want, c->init, c->rbytes);
    if (c->rank == root && inplace)
        err = MPI_Scatter(c->send, n, t->stype, MPI_IN_PLACE, count, t->rtype, root, MPI_COMM_WORLD);
    else
        err = MPI_Scatter(c->send, n, t->stype, c->want, count, t->rtype, root, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (err != MPI_SUCCESS)
        reference_p2p(c);
}

static void case_free(sc_case *c)
{
    free(c->send);
    free(c->send0);
    free(c->init);
    free(c->want);
    free(c->got);
}

/* Runs one algorithm on the case: success, the receive buffer, the root's unchanged send buffer. */
static void case_run(th_result *r, const th_opts *o, const sc_case *c, const char *name, sc_fn fn, int param)
{
    char what[200];
    int err, is_root = c->rank == c->root;
    memcpy(c->got, c->init, c->rbytes);
    err = fn(is_root ? c->send : (void *)8, is_root ? c->count * c->t->ratio : -1,
             is_root ? c->t->stype : MPI_DATATYPE_NULL, is_root && c->inplace ? MPI_IN_PLACE : c->got, c->count,
             c->t->rtype, c->root, MPI_COMM_WORLD, param);
    snprintf(what, sizeof what, "scatter %s p=%d type=%s count=%d root=%d%s", name, c->p, c->t->name, c->count, c->root,
             c->inplace ? " in place" : "");
    /* two verdicts on every rank (th_finish matches them by position): the call (and the root's
     * unchanged send buffer), then the receive buffer (the send buffer at an in-place root) */
    if (fn == run_shm && !one_node) { /* several nodes: refused, nothing written */
        strncat(what, " -> MPI_ERR_ARG (several nodes)", sizeof what - strlen(what) - 1);
        th_expect(r, o, what, err == MPI_ERR_ARG && (!is_root || memcmp(c->send, c->send0, c->sbytes) == 0));
        th_check(r, o, what, c->got, c->init, c->rbytes);
        return;
    }
    th_expect(r, o, what, err == MPI_SUCCESS && (!is_root || memcmp(c->send, c->send0, c->sbytes) == 0));
    if (is_root && c->inplace)
        th_check(r, o, what, c->send, c->send0, c->sbytes);
    else
        th_check(r, o, what, c->got, c->want, c->rbytes);
}

static int handler_calls;
static void count_errors(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
    handler_calls++;
}

/* One call that must fail with class `want` before touching the receive buffer. */
static void expect_error(th_result *r, const th_opts *o, const char *what, int err, int want, const int *buf)
{
    int cls = MPI_SUCCESS;
    MPI_Error_class(err, &cls);
    th_expect(r, o, what, cls == want && buf[0] == -1 && buf[1] == -1);
}

/* Bad parameters (MPI_ERR_ARG, on every rank) and a root out of range (MPI_ERR_ROOT). */
static void error_cases(th_result *r, const th_opts *o, int p)
{
    int *send = (int *)th_alloc(sizeof(int) * (size_t)p), recv[2] = {-1, -1}, i, calls0 = handler_calls;
    char what[160];
    for (i = 0; i < p; i++)
        send[i] = i;
    snprintf(what, sizeof what, "scatter knomial(1) p=%d -> MPI_ERR_ARG", p);
    expect_error(r, o, what, collalg_scatter_knomial(send, 1, MPI_INT, recv, 1, MPI_INT, 0, MPI_COMM_WORLD, 1),
                 MPI_ERR_ARG, recv);
    snprintf(what, sizeof what, "scatter knomial(-3) p=%d -> MPI_ERR_ARG", p);
    expect_error(r, o, what, collalg_scatter_knomial(send, 1, MPI_INT, recv, 1, MPI_INT, 0, MPI_COMM_WORLD, -3),
                 MPI_ERR_ARG, recv);
    snprintf(what, sizeof what, "scatter linear_nb(-1) p=%d -> MPI_ERR_ARG", p);
    expect_error(r, o, what, collalg_scatter_linear_nb(send, 1, MPI_INT, recv, 1, MPI_INT, 0, MPI_COMM_WORLD, -1),
                 MPI_ERR_ARG, recv);
    snprintf(what, sizeof what, "scatter binomial root=p p=%d -> MPI_ERR_ROOT", p);
    expect_error(r, o, what, collalg_scatter_binomial(send, 1, MPI_INT, recv, 1, MPI_INT, p, MPI_COMM_WORLD),
                 MPI_ERR_ROOT, recv);
    snprintf(what, sizeof what, "scatter linear root=-1 p=%d -> MPI_ERR_ROOT", p);
    expect_error(r, o, what, collalg_scatter_linear(send, 1, MPI_INT, recv, 1, MPI_INT, -1, MPI_COMM_WORLD),
                 MPI_ERR_ROOT, recv);
    snprintf(what, sizeof what, "scatter error cases p=%d call the error handler (%d calls)", p,
             handler_calls - calls0);
    th_expect(r, o, what, handler_calls - calls0 == 5);
    free(send);
}

/* The roots that get the whole matrix: with --roots all, 0 and p-1 (the others get the first
 * type and the counts <= SMALL_COUNT: the root only changes the relative ranks). */
#define SMALL_COUNT 3
static int main_root(int root, int p, int allroots)
{
    return !allroots || root == 0 || root == p - 1;
}

static void matrix(th_result *r, const th_opts *o, th_types *types, int allroots)
{
    int p, ti, ci, ri, a, ip, nroots, roots[4096], first_type;
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
            if ((double)th_bytes((long)count * types[ti].ratio * p, types[ti].stype) > o->max_bytes)
                continue;
            for (ri = 0; ri < nroots; ri++) {
                if (!main_root(roots[ri], p, allroots) && (ti != first_type || count > SMALL_COUNT))
                    continue;
                for (ip = 0; ip <= o->inplace; ip++) {
                    sc_case c;
                    case_init(&c, &types[ti], count, roots[ri], ip, (unsigned)(ti * 977 + ci * 31 + ri * 7 + ip));
                    for (a = 0; a < NALGOS; a++)
                        if (th_want_algo(o, algos[a].name))
                            case_run(r, o, &c, algos[a].name, algos[a].fn, algos[a].param);
                    case_free(&c);
                }
            }
        }
    }
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    MPI_Errhandler handler;
    int p, i, allroots = -1, status;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--roots") && i + 1 < argc)
            allroots = !strcmp(argv[++i], "all");
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (allroots < 0)
        allroots = p <= 8;
    MPI_Comm_create_errhandler(count_errors, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    th_types_init(types);
    one_node = world_is_one_node();

    matrix(&r, &o, types, allroots);
    error_cases(&r, &o, p);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&handler);
    th_types_free(types);
    status = th_finish(&r, "scatter");
    MPI_Finalize();
    return status;
}
