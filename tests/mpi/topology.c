/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * topology.c - the topology layer (machine/topology_comm.h) and the topology-scheduled allgather.
 *
 * Options (besides harness.h's):
 *   --attach FILE       attach FILE with collalg_topology_attach(comm, FILE, 1)
 *   --attach-text FILE  read FILE and attach its text with collalg_topology_attach(comm, text, 0)
 *   --mode described    the ring must be the description's DFS order (hosts named node-K, K in
 *                       the description's order, as in tests/platform/topology/b.conf)
 *   --mode node         the ring must be the node-level order (ranks grouped by processor name)
 *   --mode fail         the attach (with --attach*) or else the first topology_ring call must
 *                       return MPI_ERR_ARG through the error handler, receive buffer untouched
 * In the described and node modes topology_ring and logical_ring are compared with MPI_Allgather
 * byte for byte over the types and counts of the matrix, in place too, and allgatherv's
 * topology_ring with MPI_Allgatherv on irregular blocks (zero blocks, reverse placement, gaps);
 * allreduce topology_ring (and the topology ring as the inner allgather of allgather_based and
 * rabenseifner_var1), bcast topology_chain and topology_order, reduce topology_order and the four
 * contention-free alltoalls against the native collectives on the same topology; and that the private communicator holds the same
 * cached topology as the user's (what inner calls see).
 */
#include <collalg/allgather.h>
#include <collalg/allgatherv.h>
#include <collalg/allreduce.h>
#include <collalg/alltoall.h>
#include <collalg/bcast.h>
#include <collalg/reduce.h>
#include "harness.h"

TH_PLAIN(allgather, logical_ring)
TH_PLAIN(allgather, topology_ring)

static const struct {
    const char *name;
    th_transport_fn fn;
} algos[] = {{"logical_ring", run_logical_ring}, {"topology_ring", run_topology_ring}};

/* Reads a whole file (NUL-terminated; NULL when it cannot be read). */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        buf = (char *)malloc((size_t)n + 1);
        if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        } else if (buf)
            buf[n] = 0;
    }
    fclose(f);
    return buf;
}

/* The key a rank is ordered by in the expected ring: the host number K of "node-K" (described)
 * or the lowest rank with the same processor name (node level); ties in rank order. */
static long ring_key(const char *names, int len, int p, int r, int described)
{
    const char *me = names + (size_t)r * (size_t)len, *dash = strrchr(me, '-');
    int q;
    if (described)
        return dash ? atol(dash + 1) : -1;
    for (q = 0; q < r; q++)
        if (strcmp(names + (size_t)q * (size_t)len, me) == 0)
            return q;
    (void)p;
    return r;
}

/* Checks the cached ring of comm against the order computed here from the processor names. */
static void check_ring(th_result *res, const th_opts *o, MPI_Comm comm, int described)
{
    collalg__ctx c;
    const collalg__topo_comm *t = NULL;
    char *names, what[160];
    long *key;
    int p, rank, len, i, ok, err;

    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    names = (char *)calloc((size_t)p, MPI_MAX_PROCESSOR_NAME);
    key = (long *)malloc((size_t)p * sizeof *key);
    MPI_Get_processor_name(names + (size_t)rank * MPI_MAX_PROCESSOR_NAME, &len);
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, names, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, comm);
    for (i = 0; i < p; i++)
        key[i] = ring_key(names, MPI_MAX_PROCESSOR_NAME, p, i, described);
    collalg__ctx_init(&c, comm);
    err = collalg__ctx_attach(&c);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(&c, &t);
    ok = err == MPI_SUCCESS && t && t->p == p && t->described == described;
    /* the ring visits the ranks in increasing (key, rank) */
    for (i = 1; ok && i < p; i++) {
        int a = t->ring[i - 1], b = t->ring[i];
        ok = key[a] < key[b] || (key[a] == key[b] && a < b);
    }
    for (i = 0; ok && i < p; i++)
        ok = t->pos[t->ring[i]] == i;
    if (o->verbose && rank == 0 && t) {
        printf("ring (%s, rank 0 on %s):", described ? "described" : "node level", names);
        for (i = 0; i < p; i++)
            printf(" %d", t->ring[i]);
        printf("\n");
    }
    snprintf(what, sizeof what, "topology p=%d: %s ring order", p, described ? "DFS (described)" : "node-level");
    th_expect(res, o, what, ok);
    free(names);
    free(key);
}

/* Every algorithm against MPI_Allgather over the matrix, on comm. */
static void check_matrix(th_result *r, const th_opts *o, MPI_Comm comm, const th_types *types)
{
    int p, rank, a, ci, ti, inplace;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (ti = 0; ti < TH_NTYPES; ti++) {
        const th_types *t = &types[ti];
        if (!th_want_type(o, t->name))
            continue;
        for (ci = 0; ci < o->ncounts; ci++) {
            int rcount = o->counts[ci] < 0 ? th_big_count(t->rtype) : o->counts[ci];
            int scount = rcount * t->ratio;
            size_t sbytes = th_bytes((long)scount, t->stype), rbytes = th_bytes((long)rcount * p, t->rtype);
            for (inplace = 0; inplace <= (o->inplace && t->stype == t->rtype); inplace++) {
                void *sbuf = th_alloc(sbytes), *want = th_alloc(rbytes), *got = th_alloc(rbytes);
                void *input = th_alloc(rbytes);
                unsigned seed = (unsigned)(rank * 7919 + ci * 31 + ti);
                MPI_Aint lb, ext;
                th_fill(sbuf, sbytes, seed);
                MPI_Type_get_extent(t->rtype, &lb, &ext);
                if (inplace) {
                    th_fill(input, rbytes, seed + 1);
                    memcpy(want, input, rbytes);
                    MPI_Allgather((char *)input + (MPI_Aint)rank * rcount * ext, rcount, t->rtype, want, rcount,
                                  t->rtype, comm);
                } else {
                    memset(input, 0xA5, rbytes);
                    memcpy(want, input, rbytes);
                    MPI_Allgather(sbuf, scount, t->stype, want, rcount, t->rtype, comm);
                }
                for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
                    char what[160];
                    int err;
                    if (!th_want_algo(o, algos[a].name))
                        continue;
                    memcpy(got, input, rbytes);
                    if (inplace)
                        err = algos[a].fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, rcount, t->rtype, comm, 0);
                    else
                        err = algos[a].fn(sbuf, scount, t->stype, got, rcount, t->rtype, comm, 0);
                    snprintf(what, sizeof what, "topology %s p=%d type=%s count=%d%s", algos[a].name, p, t->name,
                             rcount, inplace ? " in-place" : "");
                    th_expect_same(r, o, what, err, got, want, rbytes);
                }
                free(sbuf);
                free(want);
                free(got);
                free(input);
            }
        }
    }
}

/* allgatherv topology_ring against MPI_Allgatherv: rank j gives (j * base) mod 7 ints (zero
 * blocks included), placed in reverse rank order with a gap of one int between blocks. */
static void check_allgatherv(th_result *r, const th_opts *o, MPI_Comm comm, int base)
{
    int p, rank, j, total = 0, err, *counts, *displs, *sbuf, *want, *got;
    char what[160];
    if (!th_want_algo(o, "allgatherv topology_ring"))
        return;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    counts = (int *)malloc((size_t)p * sizeof(int));
    displs = (int *)malloc((size_t)p * sizeof(int));
    for (j = p - 1; j >= 0; j--) {
        counts[j] = (j * base) % 7;
        displs[j] = total;
        total += counts[j] + 1;
    }
    sbuf = (int *)malloc(8 * sizeof(int));
    want = (int *)malloc((size_t)total * sizeof(int) + 1);
    got = (int *)malloc((size_t)total * sizeof(int) + 1);
    for (j = 0; j < 8; j++)
        sbuf[j] = rank * 100 + j;
    memset(want, 0x3C, (size_t)total * sizeof(int));
    memset(got, 0x3C, (size_t)total * sizeof(int));
    MPI_Allgatherv(sbuf, counts[rank], MPI_INT, want, counts, displs, MPI_INT, comm);
    err = collalg_allgatherv_topology_ring(sbuf, counts[rank], MPI_INT, got, counts, displs, MPI_INT, comm);
    snprintf(what, sizeof what, "topology allgatherv topology_ring p=%d counts (j*%d) mod 7", p, base);
    th_expect_same(r, o, what, err, got, want, (size_t)total * sizeof(int));
    free(counts);
    free(displs);
    free(sbuf);
    free(want);
    free(got);
}

/* allreduce along the topology ring (also as the inner allgather of two parameterised variants),
 * MPI_INT with MPI_SUM against MPI_Allreduce, out of place and in place. */
static void check_allreduce(th_result *r, const th_opts *o, MPI_Comm comm)
{
    static const int counts[] = {0, 1, 7, 1000, 4099};
    int p, rank, ci, k, v, j;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (ci = 0; ci < (int)(sizeof counts / sizeof counts[0]); ci++) {
        int n = counts[ci], *in = (int *)malloc(((size_t)n + 1) * sizeof(int));
        int *want = (int *)malloc(((size_t)n + 1) * sizeof(int)), *got = (int *)malloc(((size_t)n + 1) * sizeof(int));
        for (j = 0; j < n; j++)
            in[j] = (rank + 1) * (j % 13 + 1);
        MPI_Allreduce(in, want, n, MPI_INT, MPI_SUM, comm);
        for (k = 0; k < 7; k++) {
            const char *name[] = {"allreduce topology_ring",
                                  "allreduce topology_ring in-place",
                                  "allreduce allgather_based(topology_ring)",
                                  "allreduce rabenseifner_var1(topology_ring)",
                                  "allreduce topology_order",
                                  "allreduce topology_order in-place",
                                  "allreduce topology_order(recursive_doubling)"};
            char what[200];
            int err;
            if (!th_want_algo(o, name[k]))
                continue;
            memset(got, 0x5A, ((size_t)n + 1) * sizeof(int));
            if (k == 0)
                err = collalg_allreduce_topology_ring(in, got, n, MPI_INT, MPI_SUM, comm);
            else if (k == 1) {
                memcpy(got, in, (size_t)n * sizeof(int));
                err = collalg_allreduce_topology_ring(MPI_IN_PLACE, got, n, MPI_INT, MPI_SUM, comm);
            } else if (k == 2)
                err = collalg_allreduce_allgather_based(in, got, n, MPI_INT, MPI_SUM, comm,
                                                        collalg_allgather_topology_ring);
            else if (k == 3)
                err = collalg_allreduce_rabenseifner_var1(in, got, n, MPI_INT, MPI_SUM, comm,
                                                          collalg_allgather_topology_ring);
            else if (k == 4)
                err = collalg_allreduce_topology_order(in, got, n, MPI_INT, MPI_SUM, comm, NULL);
            else if (k == 5) {
                memcpy(got, in, (size_t)n * sizeof(int));
                err = collalg_allreduce_topology_order(MPI_IN_PLACE, got, n, MPI_INT, MPI_SUM, comm, NULL);
            } else
                err = collalg_allreduce_topology_order(in, got, n, MPI_INT, MPI_SUM, comm,
                                                       collalg_allreduce_recursive_doubling);
            v = got[n];
            snprintf(what, sizeof what, "topology %s p=%d count=%d", name[k], p, n);
            th_expect(r, o, what, err == MPI_SUCCESS && v == 0x5A5A5A5A);
            th_check(r, o, what, got, want, (size_t)n * sizeof(int));
        }
        free(in);
        free(want);
        free(got);
    }
}

/* A non-commutative operation: topology_order refuses it (MPI_ERR_OP, handler called, receive
 * buffer untouched) before any message. */
static void take_first(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in, (void)inout, (void)len, (void)type; /* inout keeps the later operand */
}

static void check_noncommutative(th_result *r, const th_opts *o, MPI_Comm comm)
{
    MPI_Op op;
    int in[4] = {1, 2, 3, 4}, out[4] = {9, 9, 9, 9}, p, err, k, ok = 1, cls = MPI_SUCCESS, seen = MPI_SUCCESS;
    char what[160];
    if (!th_want_algo(o, "allreduce topology_order"))
        return;
    MPI_Comm_size(comm, &p);
    MPI_Op_create(take_first, 0, &op);
    err = collalg_allreduce_topology_order(in, out, 4, MPI_INT, op, comm, NULL);
    for (k = 0; k < 4; k++)
        ok = ok && out[k] == 9;
    snprintf(what, sizeof what, "topology allreduce topology_order p=%d non-commutative op: MPI_ERR_OP", p);
    MPI_Error_class(err, &cls);
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(r, o, what, cls == MPI_ERR_OP && seen == MPI_ERR_OP && ok);
    MPI_Op_free(&op);
}

/* bcast along the topology chain (default and 64-byte segments) and in topology order (inner
 * binomial and scatter_ring_allgather) from three roots. */
static void check_bcast(th_result *r, const th_opts *o, MPI_Comm comm)
{
    static const int counts[] = {0, 1, 1000, 5000};
    const char *name[] = {"bcast topology_chain", "bcast topology_order"};
    int p, rank, ci, ri, si, k, j;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (k = 0; k < 2; k++)
        for (ci = 0; ci < (int)(sizeof counts / sizeof counts[0]); ci++)
            for (ri = 0; ri < 3; ri++)
                for (si = 0; si < 2; si++) {
                    int n = counts[ci], root = ri == 0 ? 0 : ri == 1 ? p / 2 : p - 1, err;
                    int *want, *got;
                    char what[200];
                    if (!th_want_algo(o, name[k]))
                        continue;
                    want = (int *)malloc(((size_t)n + 1) * sizeof(int));
                    got = (int *)malloc(((size_t)n + 1) * sizeof(int));
                    for (j = 0; j <= n; j++)
                        want[j] = j < n ? root * 1000003 + j * 7 : 0x5A5A5A5A;
                    memset(got, 0x5A, ((size_t)n + 1) * sizeof(int));
                    if (rank == root)
                        memcpy(got, want, (size_t)n * sizeof(int));
                    if (k == 0)
                        err = collalg_bcast_topology_chain(got, n, MPI_INT, root, comm, si ? 64 : 0);
                    else
                        err = collalg_bcast_topology_order(got, n, MPI_INT, root, comm,
                                                           si ? collalg_bcast_scatter_ring_allgather : NULL);
                    snprintf(what, sizeof what, "topology %s p=%d count=%d root=%d %s", name[k], p, n, root,
                             k == 0 ? (si ? "segsize=64" : "segsize=0")
                                    : (si ? "inner scatter_ring_allgather" : "inner binomial"));
                    th_expect_same(r, o, what, err, got, want, ((size_t)n + 1) * sizeof(int));
                    free(want);
                    free(got);
                }
}

/* reduce in topology order (inner binomial and Rabenseifner's) against MPI_Reduce, from three
 * roots, out of place and in place at the root; the root's receive buffer is checked whole, one
 * element past the vector included. */
static void check_reduce(th_result *r, const th_opts *o, MPI_Comm comm)
{
    static const int counts[] = {0, 1, 1000, 5000};
    int p, rank, ci, ri, k, j;
    if (!th_want_algo(o, "reduce topology_order"))
        return;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (ci = 0; ci < (int)(sizeof counts / sizeof counts[0]); ci++)
        for (ri = 0; ri < 3; ri++)
            for (k = 0; k < 3; k++) {
                int n = counts[ci], root = ri == 0 ? 0 : ri == 1 ? p / 2 : p - 1, err;
                int *in = (int *)malloc(((size_t)n + 1) * sizeof(int)),
                    *want = (int *)malloc(((size_t)n + 1) * sizeof(int)),
                    *got = (int *)malloc(((size_t)n + 1) * sizeof(int));
                char what[200];
                for (j = 0; j < n; j++)
                    in[j] = rank * 1000003 + j * 7;
                memset(want, 0x5A, ((size_t)n + 1) * sizeof(int));
                memset(got, 0x5A, ((size_t)n + 1) * sizeof(int));
                MPI_Reduce(in, want, n, MPI_INT, MPI_SUM, root, comm);
                if (k == 2 && rank == root) {
                    memcpy(got, in, (size_t)n * sizeof(int));
                    err = collalg_reduce_topology_order(MPI_IN_PLACE, got, n, MPI_INT, MPI_SUM, root, comm, NULL);
                } else
                    err = collalg_reduce_topology_order(in, got, n, MPI_INT, MPI_SUM, root, comm,
                                                        k == 1 ? collalg_reduce_rabenseifner : NULL);
                snprintf(what, sizeof what, "topology reduce topology_order p=%d count=%d root=%d %s", p, n, root,
                         k == 0   ? "inner binomial"
                         : k == 1 ? "inner rabenseifner"
                                  : "in place");
                th_expect_same(r, o, what, err, got, want, ((size_t)n + 1) * sizeof(int));
                free(in);
                free(want);
                free(got);
            }
}

/* The contention-free alltoalls against MPI_Alltoall, out of place and in place. */
static void check_alltoall(th_result *r, const th_opts *o, MPI_Comm comm)
{
    static const int counts[] = {0, 1, 3, 500};
    const char *name[] = {"alltoall contention_free", "alltoall contention_free_light_barrier",
                          "alltoall contention_free_mpi_barrier", "alltoall contention_free_n_mpi_barriers"};
    int p, rank, ci, k, inplace, j;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (ci = 0; ci < (int)(sizeof counts / sizeof counts[0]); ci++) {
        size_t n = (size_t)counts[ci] * (size_t)p;
        int *in = (int *)malloc((n + 1) * sizeof(int)), *want = (int *)malloc((n + 1) * sizeof(int));
        int *got = (int *)malloc((n + 1) * sizeof(int));
        for (j = 0; j < (int)n; j++)
            in[j] = rank * 100003 + j;
        MPI_Alltoall(in, counts[ci], MPI_INT, want, counts[ci], MPI_INT, comm);
        for (k = 0; k < 4; k++)
            for (inplace = 0; inplace < 2; inplace++) {
                const void *s = inplace ? MPI_IN_PLACE : (const void *)in;
                char what[200];
                int err;
                if (!th_want_algo(o, name[k]))
                    continue;
                memset(got, 0x5A, (n + 1) * sizeof(int));
                if (inplace)
                    memcpy(got, in, n * sizeof(int));
                if (k == 0)
                    err = collalg_alltoall_contention_free(s, counts[ci], MPI_INT, got, counts[ci], MPI_INT, comm);
                else if (k == 1)
                    err = collalg_alltoall_contention_free_light_barrier(s, counts[ci], MPI_INT, got, counts[ci],
                                                                         MPI_INT, comm);
                else if (k == 2)
                    err = collalg_alltoall_contention_free_mpi_barrier(s, counts[ci], MPI_INT, got, counts[ci], MPI_INT,
                                                                       comm);
                else
                    err = collalg_alltoall_contention_free_n_mpi_barriers(s, counts[ci], MPI_INT, got, counts[ci],
                                                                          MPI_INT, comm, 0);
                snprintf(what, sizeof what, "topology %s p=%d count=%d%s", name[k], p, counts[ci],
                         inplace ? " in-place" : "");
                th_expect(r, o, what, err == MPI_SUCCESS && got[n] == 0x5A5A5A5A);
                th_check(r, o, what, got, want, n * sizeof(int));
            }
        free(in);
        free(want);
        free(got);
    }
}

/* Inner calls run on the private communicator: it must hold the user's cached topology. */
static void check_private(th_result *r, const th_opts *o, MPI_Comm comm)
{
    collalg__ctx c;
    void *user = NULL, *priv = NULL;
    int keyval, fu = 0, fp = 0, p, err;
    char what[160];
    MPI_Comm_size(comm, &p);
    collalg__ctx_init(&c, comm);
    err = collalg__ctx_attach(&c);
    if (err == MPI_SUCCESS)
        err = collalg__attr_keyval(collalg__topo_comm_attr(), &keyval);
    if (err == MPI_SUCCESS)
        err = MPI_Comm_get_attr(comm, keyval, &user, &fu);
    if (err == MPI_SUCCESS)
        err = MPI_Comm_get_attr(c.pcomm, keyval, &priv, &fp);
    snprintf(what, sizeof what, "topology p=%d: the private communicator holds the user's topology", p);
    th_expect(r, o, what, err == MPI_SUCCESS && fu && fp && user == priv);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    const char *attach = NULL, *mode = "node";
    char *text = NULL, what[200];
    int i, p, is_path = 1, status, err = MPI_SUCCESS;
    MPI_Comm comm;
    MPI_Errhandler eh;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--attach"))
            attach = argv[++i];
        else if (!strcmp(argv[i], "--attach-text")) {
            attach = argv[++i];
            is_path = 0;
        } else if (!strcmp(argv[i], "--mode"))
            mode = argv[++i];
    }
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    th_types_init(types);
    comm = th_recording_comm(&eh);

    if (attach && !is_path) {
        text = read_text(attach);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", attach);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    if (attach)
        err = collalg_topology_attach(comm, is_path ? attach : text, is_path);

    if (!strcmp(mode, "fail")) {
        if (attach) {
            snprintf(what, sizeof what, "topology p=%d attach %s: MPI_ERR_ARG, handler called", p, attach);
            th_expect_rejected(&r, &o, what, err, 1);
        } else {
            /* the description comes from COLLALG_TOPOLOGY; the algorithm refuses it */
            int in = 7, out[64], copy[64], k;
            for (k = 0; k < 2; k++) {
                memset(out, 0x5A, sizeof out);
                memcpy(copy, out, sizeof out);
                err = collalg_allgather_topology_ring(&in, 1, MPI_INT, out, p <= 64 ? 1 : 0, MPI_INT, comm);
                snprintf(what, sizeof what,
                         "topology_ring p=%d call %d: MPI_ERR_ARG, handler called, recvbuf untouched", p, k + 1);
                th_expect_rejected(&r, &o, what, err, memcmp(out, copy, sizeof out) == 0);
            }
        }
    } else {
        int described = !strcmp(mode, "described");
        if (attach) {
            snprintf(what, sizeof what, "topology p=%d attach %s", p, attach);
            th_expect(&r, &o, what, err == MPI_SUCCESS);
        }
        check_ring(&r, &o, comm, described);
        check_matrix(&r, &o, comm, types);
        check_allgatherv(&r, &o, comm, 1);
        check_allgatherv(&r, &o, comm, 3);
        check_allreduce(&r, &o, comm);
        check_noncommutative(&r, &o, comm);
        check_bcast(&r, &o, comm);
        check_reduce(&r, &o, comm);
        check_alltoall(&r, &o, comm);
        check_private(&r, &o, comm);
        if (attach) {
            /* attaching again replaces the cached topology; the result stays the same */
            err = collalg_topology_attach(comm, is_path ? attach : text, is_path);
            snprintf(what, sizeof what, "topology p=%d attach %s again", p, attach);
            th_expect(&r, &o, what, err == MPI_SUCCESS);
            check_ring(&r, &o, comm, described);
        }
    }
    free(text);
    th_recording_comm_free(&comm, &eh);
    th_types_free(types);
    status = th_finish(&r, "topology");
    MPI_Finalize();
    return status;
}
