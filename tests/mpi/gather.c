/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gather.c - every catalogue gather algorithm against MPI_Gather, byte for byte.
 * See harness.h for the common options and the output. Own option:
 *   --roots all|few   every root (default for p <= 8), or 0, p/2 and p-1 (default for p > 8);
 *                     with "all", roots other than 0 and p-1 get the first type and counts <= 3
 *
 * Datatypes: the harness pairs. Every rank sends count * ratio elements of the pair's send type,
 * the root receives count elements of its receive type per block (for "int-vector": 2n MPI_INT
 * sent, n vectors of 2 ints received). The root's whole receive allocation is compared with the
 * native result (gaps untouched), and every rank's send buffer must be unchanged. The non-roots
 * pass garbage as the root-only arguments (recvbuf (void *)8, recvcount -1, MPI_DATATYPE_NULL),
 * which the algorithms must neither check nor touch. In place: the root passes MPI_IN_PLACE.
 *
 * The hierarchical algorithm runs on whatever nodes machine/node.h finds (COLLALG_NODE_SIZE and
 * COLLALG_NODE_ROUNDROBIN split them under MPICH), the topology algorithm on the description of
 * COLLALG_TOPOLOGY if set (else the node-level tree). The shm algorithm must succeed where
 * MPI_COMM_WORLD is one node and return MPI_ERR_ARG on every rank, buffers untouched, elsewhere.
 */
#include <collalg/gather.h>
#include <collalg/gather/hierarchical.h>
#include <collalg/gather/shm.h>
#include <collalg/gather/topology.h>
#include "harness.h"

/* Every algorithm behind one signature: the MPI_Gather arguments and one tuning parameter. */
typedef int (*ga_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm, int);

/* clang-format off */
#define PLAIN(name)                                                                                           \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, \
                          MPI_Comm cm, int param)                                                             \
    {                                                                                                         \
        (void)param;                                                                                          \
        return collalg_gather_##name(sb, sc, st, rb, rc, rt, root, cm);                                       \
    }
#define PARAM(name)                                                                                           \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, int root, \
                          MPI_Comm cm, int param)                                                             \
    {                                                                                                         \
        return collalg_gather_##name(sb, sc, st, rb, rc, rt, root, cm, param);                                \
    }
/* clang-format on */

PLAIN(linear)
PARAM(linear_sync)
PLAIN(binomial)
PLAIN(bine)
PARAM(knomial)
PLAIN(hierarchical)
PLAIN(topology)
PLAIN(shm)

static const struct {
    const char *name;
    ga_fn fn;
    int param;
} algos[] = {
    {"linear", run_linear, 0},
    {"linear_sync(0)", run_linear_sync, 0},
    {"linear_sync(1)", run_linear_sync, 1},
    {"linear_sync(7)", run_linear_sync, 7},
    {"linear_sync(100000)", run_linear_sync, 100000},
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
typedef struct ga_case {
    const th_types *t;
    int count, root, rank, p, inplace;
    size_t sbytes, rbytes;
    void *send, *send0, *init, *want, *got; /* init / want / got: the root's receive buffer */
} ga_case;

/* The reference by its definition, when the native MPI_Gather fails: MPICH 4.0's binomial gather
 * reports "Message truncated" for the struct type (lb 4, true lb 8) once a block passes about
 * 64 KiB. Every rank sends its block to the root, which receives block i from rank i in its own
 * receive type (and its own block with a send-receive to itself unless in place). */
static void reference_p2p(ga_case *c)
{
    MPI_Aint lb, ext;
    int i, n = c->count * c->t->ratio;
    static int noted;
    if (c->rank != c->root) {
        MPI_Send(c->send, n, c->t->stype, c->root, 77, MPI_COMM_WORLD);
        return;
    }
    if (!noted++)
        fprintf(stderr, "gather: native MPI_Gather failed (type=%s count=%d p=%d); reference by point-to-point\n",
                c->t->name, c->count, c->p);
    memcpy(c->want, c->init, c->rbytes);
    MPI_Type_get_extent(c->t->rtype, &lb, &ext);
    for (i = 0; i < c->p; i++) {
        char *block = (char *)c->want + (MPI_Aint)i * c->count * ext;
        if (i != c->root)
            MPI_Recv(block, c->count, c->t->rtype, i, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else if (!c->inplace)
            MPI_Sendrecv(c->send, n, c->t->stype, i, 78, block, c->count, c->t->rtype, i, 78, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
    }
}

static void case_init(ga_case *c, const th_types *t, int count, int root, int inplace, unsigned seed)
{
    int err;
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->p);
    c->t = t;
    c->count = count;
    c->root = root;
    c->inplace = inplace;
    c->sbytes = th_bytes((long)count * t->ratio, t->stype);
    c->rbytes = th_bytes((long)count * c->p, t->rtype);
    c->send = th_alloc(c->sbytes);
    c->send0 = th_alloc(c->sbytes);
    c->init = th_alloc(c->rbytes);
    c->want = th_alloc(c->rbytes);
    c->got = th_alloc(c->rbytes);
    th_fill(c->send, c->sbytes, seed * 131u + (unsigned)c->rank);
    memcpy(c->send0, c->send, c->sbytes);
    th_fill(c->init, c->rbytes, seed * 7u + 3u);
    memcpy(c->want, c->init, c->rbytes);
    if (c->rank == root && inplace)
        err = MPI_Gather(MPI_IN_PLACE, count * t->ratio, t->stype, c->want, count, t->rtype, root, MPI_COMM_WORLD);
    else
        err = MPI_Gather(c->send, count * t->ratio, t->stype, c->want, count, t->rtype, root, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (err != MPI_SUCCESS)
        reference_p2p(c);
}

static void case_free(ga_case *c)
{
    free(c->send);
    free(c->send0);
    free(c->init);
    free(c->want);
    free(c->got);
}

/* Runs one algorithm on the case: success, the root's receive buffer, the unchanged send buffer. */
static void case_run(th_result *r, const th_opts *o, const ga_case *c, const char *name, ga_fn fn, int param)
{
    char what[200];
    int err, is_root = c->rank == c->root;
    memcpy(c->got, c->init, c->rbytes);
    err = fn(is_root && c->inplace ? MPI_IN_PLACE : c->send, c->count * c->t->ratio, c->t->stype,
             is_root ? c->got : (void *)8, is_root ? c->count : -1, is_root ? c->t->rtype : MPI_DATATYPE_NULL, c->root,
             MPI_COMM_WORLD, param);
    snprintf(what, sizeof what, "gather %s p=%d type=%s count=%d root=%d%s", name, c->p, c->t->name, c->count, c->root,
             c->inplace ? " in place" : "");
    if (fn == run_shm && !one_node) { /* several nodes: refused, nothing written */
        strncat(what, " -> MPI_ERR_ARG (several nodes)", sizeof what - strlen(what) - 1);
        th_expect(r, o, what, err == MPI_ERR_ARG);
        th_check(r, o, what, is_root ? c->got : c->send, is_root ? c->init : c->send0, is_root ? c->rbytes : c->sbytes);
        return;
    }
    th_expect(r, o, what, err == MPI_SUCCESS);
    th_check(r, o, what, is_root ? c->got : c->send, is_root ? c->want : c->send0, is_root ? c->rbytes : c->sbytes);
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
    int send[2] = {1, 2}, *recv = (int *)th_alloc(sizeof(int) * 2 * (size_t)p), i, calls0 = handler_calls;
    char what[160];
    for (i = 0; i < 2 * p; i++)
        recv[i] = -1;
    snprintf(what, sizeof what, "gather knomial(1) p=%d -> MPI_ERR_ARG", p);
    expect_error(r, o, what, collalg_gather_knomial(send, 2, MPI_INT, recv, 2, MPI_INT, 0, MPI_COMM_WORLD, 1),
                 MPI_ERR_ARG, recv);
    snprintf(what, sizeof what, "gather knomial(-3) p=%d -> MPI_ERR_ARG", p);
    expect_error(r, o, what, collalg_gather_knomial(send, 2, MPI_INT, recv, 2, MPI_INT, 0, MPI_COMM_WORLD, -3),
                 MPI_ERR_ARG, recv);
    snprintf(what, sizeof what, "gather linear_sync(-1) p=%d -> MPI_ERR_ARG", p);
    expect_error(r, o, what, collalg_gather_linear_sync(send, 2, MPI_INT, recv, 2, MPI_INT, 0, MPI_COMM_WORLD, -1),
                 MPI_ERR_ARG, recv);
    snprintf(what, sizeof what, "gather binomial root=p p=%d -> MPI_ERR_ROOT", p);
    expect_error(r, o, what, collalg_gather_binomial(send, 2, MPI_INT, recv, 2, MPI_INT, p, MPI_COMM_WORLD),
                 MPI_ERR_ROOT, recv);
    snprintf(what, sizeof what, "gather linear root=-1 p=%d -> MPI_ERR_ROOT", p);
    expect_error(r, o, what, collalg_gather_linear(send, 2, MPI_INT, recv, 2, MPI_INT, -1, MPI_COMM_WORLD),
                 MPI_ERR_ROOT, recv);
    snprintf(what, sizeof what, "gather error cases p=%d call the error handler (%d calls)", p, handler_calls - calls0);
    th_expect(r, o, what, handler_calls - calls0 == 5);
    free(recv);
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
            if ((double)th_bytes((long)count * p, types[ti].rtype) > o->max_bytes)
                continue;
            for (ri = 0; ri < nroots; ri++) {
                if (!main_root(roots[ri], p, allroots) && (ti != first_type || count > SMALL_COUNT))
                    continue;
                for (ip = 0; ip <= o->inplace; ip++) {
                    ga_case c;
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
    status = th_finish(&r, "gather");
    MPI_Finalize();
    return status;
}
