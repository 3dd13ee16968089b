/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * shm.c - the shared-memory family (bcast, allreduce, allgather, alltoall, barrier *_shm)
 * against the native collectives, on node communicators.
 * See harness.h for the options and the output.
 *
 * The program splits MPI_COMM_WORLD into nodes itself (MPI_Comm_split_type with
 * MPI_COMM_TYPE_SHARED, then groups of K node ranks when COLLALG_NODE_SIZE=K is set, as
 * machine/node.h does) and runs the matrix on its node communicator, where each algorithm must match
 * the native collective byte for byte over the whole allocation (gaps of derived types included):
 *   bcast      every type, roots 0 and n-1
 *   allgather  every type pair (send and receive types may differ), out of place and in place
 *              (in place compared with the native collective out of place on a copy of the input)
 *   alltoall   the same
 *   allreduce  int-sum, int-max (MPI_INT), affine (MPI_Type_contiguous(2, MPI_INT), a user
 *              NON-commutative op: composition of the affine maps x -> a x + b mod 10007) and
 *              vaffine (the same op on MPI_Type_vector(2, 1, 2, MPI_INT): not dense), out of place
 *              and in place
 *   barrier    returns MPI_SUCCESS; no rank leaves before the last enters (MPI_Wtime stamps,
 *              under SimGrid only, where the clock is simulated and exact)
 * "big" counts exceed the window's half (COLLALG_SHM_MAX_BYTES), so several rounds run.
 * Back to back: six consecutive shm allgathers into six buffers (no other call between them, so
 * the window's two halves alternate under the data) and six bcasts with changing roots, each
 * compared afterwards with the native result.
 * When MPI_COMM_WORLD spans more than one node, every algorithm called on MPI_COMM_WORLD must
 * return MPI_ERR_ARG on every rank, receive buffer untouched; when it is one node, the back-to-back
 * calls run on MPI_COMM_WORLD as well (its cached window is then released by MPI_Finalize).
 * --collectives LIST limits the collectives (bcast,allreduce,allgather,alltoall,barrier).
 */
#include <collalg/allgather/shm.h>
#include <collalg/allreduce/shm.h>
#include <collalg/alltoall/shm.h>
#include <collalg/barrier/shm.h>
#include <collalg/bcast/shm.h>
#include "harness.h"

#define AFF_PRIME 10007
#define BACK_TO_BACK 6

static const char *collectives = "bcast,allreduce,allgather,alltoall,barrier";

static int want_coll(const char *name)
{
    return th_in_list(collectives, name);
}

/* Errors of the calls that must fail reach this handler, which only returns (SimGrid 3.32
 * crashes in MPI_Comm_call_errhandler under MPI_ERRORS_RETURN). */
static void quiet_errors(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
}

static int err_class(int err)
{
    int cls = err;
    MPI_Error_class(err, &cls);
    return cls;
}

/* The count a --counts entry stands for with elements of `type` ("big": past the window). */
static int resolve_count(int c, MPI_Datatype type)
{
    int size;
    MPI_Type_size(type, &size);
    return c >= 0 ? c : 3 * COLLALG_SHM_MAX_BYTES / (size > 0 ? size : 1) + 5;
}

/* ---- bcast --------------------------------------------------------------------------------- */

static void test_bcast(th_result *res, const th_opts *o, MPI_Comm node, const th_types *t, int count, unsigned seed)
{
    int n, me, root, roots[2], r;
    size_t bytes = th_bytes(count, t->rtype);
    char *got = (char *)th_alloc(bytes), *want = (char *)th_alloc(bytes), what[200];
    MPI_Comm_size(node, &n);
    MPI_Comm_rank(node, &me);
    roots[0] = 0;
    roots[1] = n - 1;
    for (r = 0; r < 2; r++) {
        root = roots[r];
        th_fill(got, bytes, seed * 31u + (unsigned)(me == root ? 0 : me + 1) + 7u * (unsigned)r);
        memcpy(want, got, bytes);
        MPI_Bcast(want, count, t->rtype, root, node);
        snprintf(what, sizeof what, "bcast shm n=%d type=%s count=%d root=%d", n, t->name, count, root);
        th_expect(res, o, what, collalg_bcast_shm(got, count, t->rtype, root, node) == MPI_SUCCESS);
        th_check(res, o, what, got, want, bytes);
    }
    free(got);
    free(want);
}

/* ---- allgather and alltoall ----------------------------------------------------------------- */

typedef int (*transport)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);

static void test_transport(th_result *res, const th_opts *o, MPI_Comm node, const th_types *t, int count, unsigned seed,
                           int a2a)
{
    int n, me, inplace;
    transport fn = a2a ? collalg_alltoall_shm : collalg_allgather_shm, native = a2a ? MPI_Alltoall : MPI_Allgather;
    const char *name = a2a ? "alltoall" : "allgather";
    size_t sbytes, rbytes;
    char *sbuf, *got, *want, what[200];
    MPI_Comm_size(node, &n);
    MPI_Comm_rank(node, &me);
    sbytes = th_bytes((long)count * t->ratio * (a2a ? n : 1), t->stype);
    rbytes = th_bytes((long)count * n, t->rtype);
    sbuf = (char *)th_alloc(sbytes);
    got = (char *)th_alloc(rbytes);
    want = (char *)th_alloc(rbytes);
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        if (inplace && t->stype != t->rtype)
            continue;
        th_fill(sbuf, sbytes, seed + (unsigned)me);
        th_fill(got, rbytes, seed * 7u + (unsigned)me + 1000u);
        memcpy(want, got, rbytes);
        if (inplace) {
            /* reference: the native collective out of place on a copy of the input (MPICH 4.0's
             * in-place MPI_Alltoall fails with MPI_ERR_TRUNCATE on the resized struct type) */
            char *copy = (char *)th_alloc(rbytes);
            MPI_Aint lb, ext;
            MPI_Type_get_extent(t->rtype, &lb, &ext);
            memcpy(copy, got, rbytes);
            native(a2a ? copy : copy + (MPI_Aint)me * count * ext, count, t->rtype, want, count, t->rtype, node);
            free(copy);
            snprintf(what, sizeof what, "%s shm n=%d type=%s count=%d in-place", name, n, t->name, count);
            th_expect(res, o, what, fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, count, t->rtype, node) == MPI_SUCCESS);
        } else {
            native(sbuf, count * t->ratio, t->stype, want, count, t->rtype, node);
            snprintf(what, sizeof what, "%s shm n=%d type=%s count=%d", name, n, t->name, count);
            th_expect(res, o, what, fn(sbuf, count * t->ratio, t->stype, got, count, t->rtype, node) == MPI_SUCCESS);
        }
        th_check(res, o, what, got, want, rbytes);
    }
    free(sbuf);
    free(got);
    free(want);
}

/* ---- allreduce ------------------------------------------------------------------------------- */

/* inout = in o inout for affine maps x -> a x + b mod AFF_PRIME stored as the ints at byte 0 (a)
 * and byte 4 (contiguous pair) or 8 (vector type) of each element: (a1, b1) o (a2, b2) =
 * (a1 a2, a1 b2 + b1). Associative, not commutative. */
static void affine(void *in, void *inout, int *len, MPI_Datatype *type)
{
    MPI_Aint lb, ext;
    int i;
    MPI_Type_get_extent(*type, &lb, &ext);
    for (i = 0; i < *len; i++) {
        int *x = (int *)((char *)in + (MPI_Aint)i * ext), *y = (int *)((char *)inout + (MPI_Aint)i * ext);
        int bo = ext == 8 ? 1 : 2;
        long a = (long)x[0] * y[0] % AFF_PRIME, b = ((long)x[0] * y[bo] + x[bo]) % AFF_PRIME;
        y[0] = (int)a;
        y[bo] = (int)b;
    }
}

static void test_allreduce(th_result *res, const th_opts *o, MPI_Comm node, const char *cname, MPI_Datatype type,
                           MPI_Op op, int count, unsigned seed)
{
    int n, me, inplace, i;
    size_t bytes = th_bytes(count, type);
    char *sbuf = (char *)th_alloc(bytes), *got = (char *)th_alloc(bytes), *want = (char *)th_alloc(bytes), what[200];
    MPI_Comm_size(node, &n);
    MPI_Comm_rank(node, &me);
    th_fill(sbuf, bytes, seed + (unsigned)me);
    for (i = 0; i + 4 <= (int)bytes; i += 4) /* small values: no overflow, mod-prime ops exact */
        ((int *)(void *)sbuf)[i / 4] = (int)((unsigned)((int *)(void *)sbuf)[i / 4] % AFF_PRIME);
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        th_fill(got, bytes, seed * 3u + 99u);
        memcpy(want, got, bytes);
        if (inplace) {
            memcpy(got, sbuf, bytes);
            memcpy(want, sbuf, bytes);
            MPI_Allreduce(MPI_IN_PLACE, want, count, type, op, node);
        } else
            MPI_Allreduce(sbuf, want, count, type, op, node);
        snprintf(what, sizeof what, "allreduce shm n=%d type=%s count=%d%s", n, cname, count,
                 inplace ? " in-place" : "");
        th_expect(res, o, what,
                  collalg_allreduce_shm(inplace ? MPI_IN_PLACE : sbuf, got, count, type, op, node) == MPI_SUCCESS);
        th_check(res, o, what, got, want, bytes);
    }
    free(sbuf);
    free(got);
    free(want);
}

/* ---- back to back, barrier, refusal ---------------------------------------------------------- */

static void test_back_to_back(th_result *res, const th_opts *o, MPI_Comm node, unsigned seed)
{
    int n, me, k, count = 5;
    int *s[BACK_TO_BACK], *got[BACK_TO_BACK], *want[BACK_TO_BACK];
    char what[120];
    MPI_Comm_size(node, &n);
    MPI_Comm_rank(node, &me);
    for (k = 0; k < BACK_TO_BACK; k++) {
        s[k] = (int *)th_alloc((size_t)count * 4);
        got[k] = (int *)th_alloc((size_t)count * n * 4);
        want[k] = (int *)th_alloc((size_t)count * n * 4);
        th_fill(s[k], (size_t)count * 4, seed + 17u * (unsigned)k + (unsigned)me);
    }
    if (want_coll("allgather")) {
        for (k = 0; k < BACK_TO_BACK; k++)
            collalg_allgather_shm(s[k], count, MPI_INT, got[k], count, MPI_INT, node);
        for (k = 0; k < BACK_TO_BACK; k++) {
            MPI_Allgather(s[k], count, MPI_INT, want[k], count, MPI_INT, node);
            snprintf(what, sizeof what, "allgather shm n=%d back-to-back call %d", n, k);
            th_check(res, o, what, got[k], want[k], (size_t)count * n * 4);
        }
    }
    if (want_coll("bcast")) {
        for (k = 0; k < BACK_TO_BACK; k++) {
            memcpy(got[k], s[k], (size_t)count * 4);
            collalg_bcast_shm(got[k], count, MPI_INT, k % n, node);
        }
        for (k = 0; k < BACK_TO_BACK; k++) {
            memcpy(want[k], s[k], (size_t)count * 4);
            MPI_Bcast(want[k], count, MPI_INT, k % n, node);
            snprintf(what, sizeof what, "bcast shm n=%d back-to-back call %d", n, k);
            th_check(res, o, what, got[k], want[k], (size_t)count * 4);
        }
    }
    for (k = 0; k < BACK_TO_BACK; k++) {
        free(s[k]);
        free(got[k]);
        free(want[k]);
    }
}

static void test_barrier(th_result *res, const th_opts *o, MPI_Comm node, int simgrid)
{
    int n, me, k, ok = 1;
    double t_in, t_out, last_in, first_out;
    char what[120];
    MPI_Comm_size(node, &n);
    MPI_Comm_rank(node, &me);
    for (k = 0; k < 3; k++) {
        if (simgrid && me == k % n) /* a late rank: nobody may leave before it enters */
            MPI_Recv(NULL, 0, MPI_BYTE, MPI_PROC_NULL, 0, node, MPI_STATUS_IGNORE);
        t_in = th_stamp();
        ok &= collalg_barrier_shm(node) == MPI_SUCCESS;
        t_out = th_stamp();
        MPI_Allreduce(&t_in, &last_in, 1, MPI_DOUBLE, MPI_MAX, node);
        MPI_Allreduce(&t_out, &first_out, 1, MPI_DOUBLE, MPI_MIN, node);
        if (simgrid)
            ok &= first_out >= last_in;
    }
    snprintf(what, sizeof what, "barrier shm n=%d (3 calls)", n);
    th_expect(res, o, what, ok);
}

/* On a communicator spanning several nodes: MPI_ERR_ARG from every algorithm, buffers untouched. */
static void test_refused(th_result *res, const th_opts *o, MPI_Comm comm)
{
    int p, me, in[4] = {1, 2, 3, 4}, *out, i, ok, untouched;
    char what[120];
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &me);
    out = (int *)th_alloc((size_t)p * 4 + 16);
#define REFUSED(coll, call)                                                                             \
    do {                                                                                                \
        if (!want_coll(coll))                                                                           \
            break;                                                                                      \
        for (i = 0; i < p; i++)                                                                         \
            out[i] = -7;                                                                                \
        ok = err_class(call) == MPI_ERR_ARG;                                                            \
        for (untouched = 1, i = 0; i < p; i++)                                                          \
            untouched &= out[i] == -7;                                                                  \
        snprintf(what, sizeof what, "%s shm p=%d over several nodes: MPI_ERR_ARG, untouched", coll, p); \
        th_expect(res, o, what, ok &&untouched);                                                        \
    } while (0)
    REFUSED("bcast", collalg_bcast_shm(out, 1, MPI_INT, 0, comm));
    REFUSED("allreduce", collalg_allreduce_shm(in, out, 1, MPI_INT, MPI_SUM, comm));
    REFUSED("allgather", collalg_allgather_shm(in, 1, MPI_INT, out, 1, MPI_INT, comm));
    REFUSED("alltoall", collalg_alltoall_shm(in, 0, MPI_INT, out, 0, MPI_INT, comm));
    REFUSED("barrier", collalg_barrier_shm(comm));
#undef REFUSED
    (void)me;
    free(out);
}

/* The node communicator of MPI_COMM_WORLD as machine/node.h forms it (shared memory, then groups
 * of COLLALG_NODE_SIZE node ranks). */
static MPI_Comm make_node(void)
{
    MPI_Comm shared, node;
    const char *v = getenv("COLLALG_NODE_SIZE");
    int rank, nrank, k = v ? atoi(v) : 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shared);
    if (k <= 0)
        return shared;
    MPI_Comm_rank(shared, &nrank);
    MPI_Comm_split(shared, nrank / k, rank, &node);
    MPI_Comm_free(&shared);
    return node;
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result res = {0, 0, NULL, NULL};
    th_types t[TH_NTYPES];
    MPI_Datatype pair, vpair;
    MPI_Op aff;
    MPI_Errhandler eh;
    MPI_Comm node;
    int p, rank, leader, nnodes, i, c, status, simgrid = 0, k;
    unsigned seed = 1;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--collectives"))
            collectives = argv[i + 1];
#ifdef SMPI_SHARED_MALLOC
    simgrid = 1;
#endif
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_create_errhandler(quiet_errors, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    th_types_init(t);
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_vector(2, 1, 2, MPI_INT, &vpair);
    MPI_Type_commit(&vpair);
    MPI_Op_create(affine, 0, &aff);

    node = make_node();
    MPI_Comm_set_errhandler(node, eh);
    MPI_Comm_rank(node, &leader);
    leader = leader == 0;
    MPI_Allreduce(&leader, &nnodes, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (nnodes > 1)
        test_refused(&res, &o, MPI_COMM_WORLD);

    for (c = 0; c < o.ncounts; c++) {
        for (i = 0; i < TH_NTYPES; i++) {
            int count = resolve_count(o.counts[c], t[i].rtype);
            if (!th_want_type(&o, t[i].name))
                continue;
            seed++;
            if (want_coll("bcast"))
                test_bcast(&res, &o, node, &t[i], count, seed);
            if (want_coll("allgather"))
                test_transport(&res, &o, node, &t[i], count, seed, 0);
            if (want_coll("alltoall"))
                test_transport(&res, &o, node, &t[i], o.counts[c] < 0 ? count / 4 : count, seed, 1);
        }
        if (want_coll("allreduce")) {
            int count = resolve_count(o.counts[c], pair);
            for (k = 0; k < 4; k++) {
                static const char *names[4] = {"int-sum", "int-max", "affine", "vaffine"};
                MPI_Datatype ty[4];
                MPI_Op op[4];
                ty[0] = ty[1] = MPI_INT;
                ty[2] = pair;
                ty[3] = vpair;
                op[0] = MPI_SUM;
                op[1] = MPI_MAX;
                op[2] = op[3] = aff;
                test_allreduce(&res, &o, node, names[k], ty[k], op[k], k < 2 ? 2 * count : count, ++seed);
            }
        }
    }
    test_back_to_back(&res, &o, node, ++seed);
    if (want_coll("barrier"))
        test_barrier(&res, &o, node, simgrid);
    if (nnodes > 1)
        test_refused(&res, &o, MPI_COMM_WORLD); /* again, with the node level cached */
    else                                        /* on MPI_COMM_WORLD too: its window is freed by MPI_Finalize */
        test_back_to_back(&res, &o, MPI_COMM_WORLD, ++seed);

    MPI_Comm_free(&node); /* frees the cached window */
    MPI_Op_free(&aff);
    MPI_Type_free(&pair);
    MPI_Type_free(&vpair);
    th_types_free(t);
    status = th_finish(&res, "shm");
    MPI_Errhandler_free(&eh);
    MPI_Finalize();
    return status;
}
