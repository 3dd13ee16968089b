/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nonblocking.c - the nonblocking collectives (include/collalg/i<collective>/) against the
 * native blocking ones, byte for byte.
 *
 * For every datatype pair of the harness (int, double, vector, struct, int-vector), every count
 * of --counts and with and without MPI_IN_PLACE: ibcast (every root up to p = 4, else the first
 * and the last), iallgather, ialltoall; iallreduce for the (datatype, op) cases of
 * reduction_cases.h against the ordered reduction computed locally (the non-commutative matrix
 * product included); ibarrier completes. Requests are completed by MPI_Wait under MPICH (its
 * poll function advances them) and, everywhere, by a loop of collalg_progress() and MPI_Test.
 *
 * Then what is new with requests: four operations outstanding on one communicator at once,
 * started in one order and completed in another by one MPI_Waitall (or MPI_Testall loop) that
 * also holds a point-to-point pair, with a blocking native and a blocking catalogue collective
 * on the same communicator in between; a derived datatype freed right after the start; bad
 * arguments rejected with the right MPI error class, *request set to MPI_REQUEST_NULL and nothing
 * sent; MPI_Cancel on a request refused.
 *
 * Options: the harness's (--counts, --types, --no-inplace, -v).
 */
#include "harness.h"
#include "reduction_cases.h"
#include <collalg/ibarrier/dissemination.h>
#include <collalg/ibcast/binomial.h>
#include <collalg/iallgather/ring.h>
#include <collalg/ialltoall/linear.h>
#include <collalg/iallreduce/recursive_doubling.h>
#include <collalg/allreduce/recursive_doubling.h>

/* SimGrid 3.32's MPI_Cancel does not call a generalized request's cancel function. */
#ifdef SMPI_H
#define SMPI_CANCEL_IGNORED 1
#else
#define SMPI_CANCEL_IGNORED 0
#endif

/* Completes *req: by MPI_Wait when the MPI advances the request itself (MPICH), else (or when
 * @p spin) by collalg_progress() and MPI_Test. */
static void nb_complete(MPI_Request *req, int spin)
{
    int done = 0;
    if (COLLALG_NBC_MPIX && !spin) {
        MPI_Wait(req, MPI_STATUS_IGNORE);
        return;
    }
    while (!done) {
        collalg_progress();
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
}

static int count_of(int entry, MPI_Datatype type)
{
    return entry < 0 ? th_big_count(type) : entry;
}

static void run_bcast(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int spin)
{
    size_t bytes = th_bytes(count, t->rtype);
    char *got = th_alloc(bytes), *want = th_alloc(bytes), what[256];
    int root;
    MPI_Request req;
    for (root = 0; root < p; root += p <= 4 ? 1 : (p - 1)) {
        /* the root's data, and another pattern elsewhere (whose gaps must stay as they are) */
        th_fill(got, bytes, rank == root ? 7u + (unsigned)root : 99u + (unsigned)rank);
        memcpy(want, got, bytes);
        MPI_Bcast(want, count, t->rtype, root, MPI_COMM_WORLD);
        collalg_ibcast_binomial(got, count, t->rtype, root, MPI_COMM_WORLD, &req);
        nb_complete(&req, spin);
        snprintf(what, sizeof what, "ibcast binomial %s count %d root %d%s", t->name, count, root, spin ? " spin" : "");
        th_check(res, o, what, got, want, bytes);
    }
    free(got);
    free(want);
}

/* iallgather (a2a = 0) or ialltoall (a2a = 1), in place when @p inplace. */
static void run_transport(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int a2a,
                          int inplace, int spin)
{
    int scount = count * t->ratio, sblocks = a2a ? p : 1;
    size_t sbytes = th_bytes((long)scount * sblocks, t->stype), rbytes = th_bytes((long)count * p, t->rtype);
    char *send = th_alloc(sbytes), *got = th_alloc(rbytes), *want = th_alloc(rbytes), what[256];
    MPI_Aint lb, ext;
    MPI_Request req;
    if (inplace && t->stype != t->rtype) {
        free(send);
        free(got);
        free(want);
        return;
    }
    MPI_Type_get_extent(t->rtype, &lb, &ext);
    th_fill(send, sbytes, 11u + (unsigned)rank);
    th_fill(got, rbytes, 23u + (unsigned)rank);
    memcpy(want, got, rbytes);
    if (inplace) { /* the input lies in the receive buffer, where the native call takes it */
        if (a2a)
            memcpy(got, send, rbytes < sbytes ? rbytes : sbytes);
        else if (count > 0) /* the own block: same type, so its bytes */
            memcpy(got + (size_t)rank * (size_t)count * (size_t)ext, send, th_bytes(count, t->rtype) - 16);
        memcpy(want, got, rbytes);
        /* the reference: the native call on the same data, not in place (MPICH 4.0's in-place
         * alltoall truncates resized types) */
        if (a2a)
            MPI_Alltoall(send, scount, t->stype, want, count, t->rtype, MPI_COMM_WORLD);
        else
            MPI_Allgather(send, scount, t->stype, want, count, t->rtype, MPI_COMM_WORLD);
        if (a2a)
            collalg_ialltoall_linear(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, count, t->rtype, MPI_COMM_WORLD, &req);
        else
            collalg_iallgather_ring(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, count, t->rtype, MPI_COMM_WORLD, &req);
    } else {
        if (a2a)
            MPI_Alltoall(send, scount, t->stype, want, count, t->rtype, MPI_COMM_WORLD);
        else
            MPI_Allgather(send, scount, t->stype, want, count, t->rtype, MPI_COMM_WORLD);
        if (a2a)
            collalg_ialltoall_linear(send, scount, t->stype, got, count, t->rtype, MPI_COMM_WORLD, &req);
        else
            collalg_iallgather_ring(send, scount, t->stype, got, count, t->rtype, MPI_COMM_WORLD, &req);
    }
    nb_complete(&req, spin);
    snprintf(what, sizeof what, "%s %s count %d%s%s", a2a ? "ialltoall linear" : "iallgather ring", t->name, count,
             inplace ? " in place" : "", spin ? " spin" : "");
    th_check(res, o, what, got, want, rbytes);
    free(send);
    free(got);
    free(want);
}

static void run_allreduce(th_result *res, const th_opts *o, const rc_case *k, int count, int p, int rank, int inplace,
                          int spin)
{
    size_t bytes = (size_t)count * (size_t)k->extent + 16;
    char *send = th_alloc(bytes), *got = th_alloc(bytes), *want = th_alloc(bytes), what[256];
    MPI_Request req;
    memset(send, 0x5A, bytes);
    memset(got, 0x5A, bytes);
    memset(want, 0x5A, bytes);
    rc_fill(k, inplace ? got : send, count, rank, 5u);
    rc_reference(k, want, bytes, count, p - 1, 5u);
    collalg_iallreduce_recursive_doubling(inplace ? MPI_IN_PLACE : send, got, count, k->type, k->op, MPI_COMM_WORLD,
                                          &req);
    nb_complete(&req, spin);
    snprintf(what, sizeof what, "iallreduce recursive_doubling %s count %d%s%s", k->name, count,
             inplace ? " in place" : "", spin ? " spin" : "");
    th_check(res, o, what, got, want, bytes);
    free(send);
    free(got);
    free(want);
}

/* Four operations at once, completed in another order together with a point-to-point pair, a
 * native and a catalogue blocking collective on the same communicator in between. */
static void run_outstanding(th_result *res, const th_opts *o, int p, int rank, int spin)
{
    enum { N = 64 };
    int bc[N], bc_want[N], ag[N], a2a_send[N], a2a[N], ar_send[N], ar[N], ar_want[N], blk, blk_cat,
        token = rank, got_token = -1, i, ok = 1, done = 0;
    int n = N / p > 0 ? N / p : 1;
    MPI_Request req[7];
    char what[128];
    if (p > N)
        return;
    for (i = 0; i < N; i++) {
        bc[i] = rank == p - 1 ? 1000 + i : -1;
        bc_want[i] = 1000 + i;
        a2a_send[i] = rank * 1000 + i;
        ar_send[i] = rank + i;
        ar_want[i] = p * (p - 1) / 2 + p * i;
    }
    collalg_ibcast_binomial(bc, N, MPI_INT, p - 1, MPI_COMM_WORLD, &req[0]);
    collalg_iallreduce_recursive_doubling(ar_send, ar, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[1]);
    collalg_ialltoall_linear(a2a_send, n, MPI_INT, a2a, n, MPI_INT, MPI_COMM_WORLD, &req[2]);
    collalg_ibarrier_dissemination(MPI_COMM_WORLD, &req[3]);
    MPI_Allreduce(&rank, &blk, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    collalg_allreduce_recursive_doubling(&rank, &blk_cat, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    MPI_Irecv(&got_token, 1, MPI_INT, (rank + p - 1) % p, 5, MPI_COMM_WORLD, &req[4]);
    MPI_Isend(&token, 1, MPI_INT, (rank + 1) % p, 5, MPI_COMM_WORLD, &req[5]);
    collalg_iallgather_ring(&rank, 1, MPI_INT, ag, 1, MPI_INT, MPI_COMM_WORLD, &req[6]);
    /* completed last-started first where the MPI lets the array order matter */
    if (COLLALG_NBC_MPIX && !spin) {
        MPI_Wait(&req[6], MPI_STATUS_IGNORE);
        MPI_Waitall(6, req, collalg__statuses_ignore());
    } else {
        while (!done) {
            collalg_progress();
            MPI_Testall(7, req, &done, collalg__statuses_ignore());
        }
    }
    for (i = 0; i < N; i++)
        ok &= bc[i] == bc_want[i] && ar[i] == ar_want[i];
    for (i = 0; i < n * p && i < N; i++)
        ok &= a2a[i] == (i / n) * 1000 + rank * n + i % n;
    for (i = 0; i < p; i++)
        ok &= ag[i] == i;
    ok &= blk == p * (p - 1) / 2 && blk_cat == p - 1 && got_token == (rank + p - 1) % p;
    snprintf(what, sizeof what, "outstanding: four at once, mixed completion%s", spin ? " spin" : "");
    th_expect(res, o, what, ok);
}

/* A derived datatype freed by the application right after the start: the operation keeps its own. */
static void run_type_freed(th_result *res, const th_opts *o, int p, int rank, int spin)
{
    MPI_Datatype vec;
    int count = 5, i, ok = 1;
    int *send = th_alloc(2 * (size_t)count * sizeof(int)), *got = th_alloc(3 * (size_t)count * p * sizeof(int));
    MPI_Request req;
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    for (i = 0; i < 2 * count; i++)
        send[i] = rank * 100 + i;
    for (i = 0; i < 3 * count * p; i++)
        got[i] = -1;
    collalg_iallgather_ring(send, 2 * count, MPI_INT, got, count, vec, MPI_COMM_WORLD, &req);
    MPI_Type_free(&vec);
    nb_complete(&req, spin);
    /* element g = r count + e (extent 3 ints) holds rank r's ints 2e, 2e + 1 at ints 3g, 3g + 2;
     * the gap between them stays -1 */
    for (i = 0; i < 3 * count * p; i++) {
        int g = i / 3, r = g / count, e = g % count;
        ok &= got[i] == (i % 3 == 1 ? -1 : r * 100 + 2 * e + (i % 3 == 2));
    }
    th_expect(res, o, spin ? "datatype freed after the start spin" : "datatype freed after the start", ok);
    free(send);
    free(got);
}

/* Bad arguments: the error class, no request, nothing sent (the next collective still matches). */
static void run_errors(th_result *res, const th_opts *o, int p, int rank)
{
    MPI_Errhandler eh;
    MPI_Comm c = th_recording_comm(&eh);
    MPI_Request req, ok_req;
    int buf[4] = {0, 0, 0, 0}, err, cls, ok;
    char what[128];
    struct {
        const char *name;
        int expect;
    } cases[6] = {{"ibcast root p", MPI_ERR_ROOT},
                  {"ibcast count -1", MPI_ERR_COUNT},
                  {"iallreduce MPI_OP_NULL", MPI_ERR_OP},
                  {"iallgather NULL request", MPI_ERR_REQUEST},
                  {"ialltoall MPI_DATATYPE_NULL", MPI_ERR_TYPE},
                  {"ibarrier MPI_COMM_NULL", MPI_ERR_COMM}};
    int i;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* MPI_COMM_NULL's errors land there */
    for (i = 0; i < 6; i++) {
        req = MPI_REQUEST_NULL;
        switch (i) {
        case 0: err = collalg_ibcast_binomial(buf, 1, MPI_INT, p, c, &req); break;
        case 1: err = collalg_ibcast_binomial(buf, -1, MPI_INT, 0, c, &req); break;
        case 2: err = collalg_iallreduce_recursive_doubling(buf, buf + 2, 1, MPI_INT, MPI_OP_NULL, c, &req); break;
        case 3: err = collalg_iallgather_ring(buf, 1, MPI_INT, buf + 2, 1, MPI_INT, c, NULL); break;
        case 4: err = collalg_ialltoall_linear(buf, 1, MPI_DATATYPE_NULL, buf + 2, 1, MPI_INT, c, &req); break;
        default: err = collalg_ibarrier_dissemination(MPI_COMM_NULL, &req); break;
        }
        cls = err;
        MPI_Error_class(err, &cls);
        snprintf(what, sizeof what, "rejects %s: error class %d, want %d", cases[i].name, cls, cases[i].expect);
        th_expect(res, o, what, cls == cases[i].expect && req == MPI_REQUEST_NULL);
    }
    /* nothing was sent: a correct call on the same communicator completes with the right data */
    buf[0] = 1;
    collalg_iallreduce_recursive_doubling(buf, buf + 1, 1, MPI_INT, MPI_SUM, c, &ok_req);
    nb_complete(&ok_req, 1);
    th_expect(res, o, "a call after the rejected ones", buf[1] == p);
    /* MPI_Cancel on an outstanding collective is refused: rank 0 starts a barrier the others
     * join only after a native barrier rank 0 enters after its MPI_Cancel */
    ok = 1;
    if (rank == 0) {
        collalg_ibarrier_dissemination(c, &ok_req);
        err = MPI_Cancel(&ok_req);
        MPI_Error_class(err, &cls);
        ok = p == 1 || cls == MPI_ERR_REQUEST || SMPI_CANCEL_IGNORED;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank != 0)
        collalg_ibarrier_dissemination(c, &ok_req);
    nb_complete(&ok_req, 1);
    th_expect(res, o, "MPI_Cancel refused", ok);
    th_recording_comm_free(&c, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result res = {0, 0, NULL, NULL};
    th_types t[TH_NTYPES];
    rc_set rs;
    int p, rank, ti, ci, spin, inplace;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_parse(argc, argv, &o);
    th_types_init(t);
    rc_set_init(&rs);
    for (spin = 0; spin < 2; spin++) {
        MPI_Request req;
        collalg_ibarrier_dissemination(MPI_COMM_WORLD, &req);
        nb_complete(&req, spin);
        th_expect(&res, &o, spin ? "ibarrier dissemination spin" : "ibarrier dissemination", req == MPI_REQUEST_NULL);
        for (ti = 0; ti < TH_NTYPES; ti++) {
            if (!th_want_type(&o, t[ti].name))
                continue;
            for (ci = 0; ci < o.ncounts; ci++) {
                int count = count_of(o.counts[ci], t[ti].rtype);
                run_bcast(&res, &o, &t[ti], count, p, rank, spin);
                for (inplace = 0; inplace <= o.inplace; inplace++) {
                    run_transport(&res, &o, &t[ti], count, p, rank, 0, inplace, spin);
                    run_transport(&res, &o, &t[ti], count, p, rank, 1, inplace, spin);
                }
            }
        }
        for (ti = 0; ti < RC_NCASES; ti++)
            for (ci = 0; ci < o.ncounts; ci++)
                for (inplace = 0; inplace <= o.inplace; inplace++)
                    run_allreduce(&res, &o, &rs.c[ti], o.counts[ci] < 0 ? 65536 / rs.c[ti].extent + 3 : o.counts[ci], p,
                                  rank, inplace, spin);
        run_outstanding(&res, &o, p, rank, spin);
        if (COLLALG_NBC_KEEP_TYPES)
            run_type_freed(&res, &o, p, rank, spin);
    }
    run_errors(&res, &o, p, rank);
    rc_set_free(&rs);
    th_types_free(t);
    ci = th_finish(&res, "nonblocking");
    MPI_Finalize();
    return ci;
}
