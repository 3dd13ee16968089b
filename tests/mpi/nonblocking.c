/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nonblocking.c - the nonblocking collectives (include/collalg/i<collective>/) against the
 * native blocking ones, byte for byte.
 *
 * For every datatype pair of the harness (int, double, vector, struct, int-vector), every count
 * of --counts and with and without MPI_IN_PLACE: ibcast, igather, iscatter (every root up to
 * p = 4, else the first and the last), iallgather, ialltoall; the v-collectives (igatherv,
 * iscatterv, iallgatherv with the harness's zeros, reverse and permuted block patterns;
 * ialltoallv and ialltoallw with pairwise counts that include zeros, receive blocks in reverse
 * order with gaps, ialltoallw with two send datatypes);
 * the reductions (iallreduce, ireduce at every root, iscan, iexscan, ireduce_scatter_block,
 * ireduce_scatter) for the (datatype, op) cases of reduction_cases.h against the ordered
 * reduction computed locally (the non-commutative matrix product included); ibarrier completes. Requests are completed by MPI_Wait under MPICH (its
 * poll function advances them) and, everywhere, by a loop of collalg_progress() and MPI_Test.
 *
 * Then what is new with requests: four operations outstanding on one communicator at once,
 * started in one order and completed in another by one MPI_Waitall (or MPI_Testall loop) that
 * also holds a point-to-point pair, with a blocking native and a blocking catalogue collective
 * on the same communicator in between; a derived datatype freed right after the start; bad
 * arguments rejected with the right MPI error class, *request set to MPI_REQUEST_NULL and nothing
 * sent; MPI_Cancel on a request refused.
 *
 * Options: the harness's (--counts, --types, --no-inplace, -v), and --coll LIST for the rows of
 * the collectives of LIST only (comma-separated names of the seventeen: ibarrier, ibcast, igather,
 * iscatter, igatherv, iscatterv, iallgather, iallgatherv, ialltoall, ialltoallv, ialltoallw,
 * ireduce, iallreduce, ireduce_scatter_block, ireduce_scatter, iscan, iexscan; and misc for the
 * outstanding, freed-type, persistent and error checks), for splitting a long run.
 */
#include "harness.h"
#include "reduction_cases.h"
#include <collalg/nonblocking.h>
#include <collalg/allreduce/recursive_doubling.h>

/* SimGrid 3.32's MPI_Cancel does not call a generalized request's cancel function. */
#ifdef SMPI_H
#define SMPI_CANCEL_IGNORED 1
#else
#define SMPI_CANCEL_IGNORED 0
#endif

/* How the operations under test are started and completed: MPI_Wait where the MPI advances
 * the request itself (MPICH), collalg_progress() and MPI_Test loops (everywhere), or the
 * persistent form (init, collalg_start(), the progress loop, collalg_request_free()). */
enum { NB_WAIT, NB_SPIN, NB_PERSISTENT, NB_MODES };

static const char *nb_mode_name(int mode)
{
    return mode == NB_WAIT ? "" : mode == NB_SPIN ? " spin" : " persistent";
}

/* The start of an operation under test: collalg_i<coll>_<alg>(args..., req), or in persistent
 * mode collalg_<coll>_init_<alg>(args..., MPI_INFO_NULL, req) then collalg_start(req). */
#define NB(coll, alg, mode, req, ...)                                                                        \
    ((mode) == NB_PERSISTENT ? nb_started(collalg_##coll##_init_##alg(__VA_ARGS__, MPI_INFO_NULL, req), req) \
                             : collalg_i##coll##_##alg(__VA_ARGS__, req))

/* The same for an algorithm with a tuning parameter `k` after the request. */
#define NBK(coll, alg, mode, req, k, ...)                                                                       \
    ((mode) == NB_PERSISTENT ? nb_started(collalg_##coll##_init_##alg(__VA_ARGS__, MPI_INFO_NULL, req, k), req) \
                             : collalg_i##coll##_##alg(__VA_ARGS__, req, k))
/* NBK() with three parameters after the request. */
#define NBK3(coll, alg, mode, req, a, b, c, ...)                                                                      \
    ((mode) == NB_PERSISTENT ? nb_started(collalg_##coll##_init_##alg(__VA_ARGS__, MPI_INFO_NULL, req, a, b, c), req) \
                             : collalg_i##coll##_##alg(__VA_ARGS__, req, a, b, c))

/* 1 when collective `name` is in the comma-separated list `only`. */
static int nb_only(const char *only, const char *name)
{
    size_t n = strlen(name);
    const char *at;
    for (at = strstr(only, name); at; at = strstr(at + 1, name))
        if ((at == only || at[-1] == ',') && (at[n] == ',' || at[n] == 0))
            return 1;
    return 0;
}

/* 1 when the run is to test collective `name` (of --coll LIST, or every one without it; `only`
 * is main's). */
#define NB_WANT(name) (!only || nb_only(only, name))

static int nb_started(int err, MPI_Request *req)
{
    return err == MPI_SUCCESS ? collalg_start(req) : err;
}

/* Completes *req as `mode` says; a persistent request is then inactive, and freed. */
static void nb_complete(MPI_Request *req, int mode)
{
    int done = 0;
    if (COLLALG_NBC_MPIX && mode == NB_WAIT) {
        MPI_Wait(req, MPI_STATUS_IGNORE);
        return;
    }
    while (!done) {
        collalg_progress();
        MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
    if (mode == NB_PERSISTENT)
        collalg_request_free(req);
}

static int count_of(int entry, MPI_Datatype type)
{
    return entry < 0 ? th_big_count(type) : entry;
}

/* ibcast binomial, knomial (radix 3 and the default), scatter_ring_allgather,
 * scatter_rdb_allgather, chain, binary_tree and smp (segments of 100 bytes and the default),
 * scatterv_recexch_allgatherv, pipelined_tree and linear at every root up to p = 4 (else the first
 * and the last). */
static void run_bcast(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int mode)
{
    static const char *const name[] = {"binomial",
                                       "knomial 3",
                                       "knomial 0",
                                       "scatter_ring_allgather",
                                       "scatter_rdb_allgather",
                                       "chain 100",
                                       "chain 0",
                                       "binary_tree 100",
                                       "binary_tree 0",
                                       "smp 100",
                                       "smp 0",
                                       "scatterv_recexch_allgatherv 3",
                                       "scatterv_recexch_allgatherv 0",
                                       "pipelined_tree 8 knomial 3",
                                       "pipelined_tree 100 kary 3",
                                       "pipelined_tree 0 0 0",
                                       "linear"};
    /* pipelined_tree's (segsize, tree, radix) of rows 13 .. 15 */
    static const int ptree[3][3] = {{8, COLLALG_TREE_KNOMIAL, 3}, {100, COLLALG_TREE_KARY, 3}, {0, 0, 0}};
    size_t bytes = th_bytes(count, t->rtype);
    char *got = th_alloc(bytes), *want = th_alloc(bytes), *start = th_alloc(bytes), what[256];
    int root, alg;
    MPI_Request req;
    for (root = 0; root < p; root += p <= 4 ? 1 : (p - 1)) {
        /* the root's data, and another pattern elsewhere (whose gaps must stay as they are) */
        th_fill(start, bytes, rank == root ? 7u + (unsigned)root : 99u + (unsigned)rank);
        memcpy(want, start, bytes);
        MPI_Bcast(want, count, t->rtype, root, MPI_COMM_WORLD);
        for (alg = 0; alg < 17; alg++) {
            memcpy(got, start, bytes);
            if (alg == 0)
                NB(bcast, binomial, mode, &req, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg == 16)
                NB(bcast, linear, mode, &req, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg < 3)
                NBK(bcast, knomial, mode, &req, alg == 1 ? 3 : 0, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg == 3)
                NB(bcast, scatter_ring_allgather, mode, &req, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg == 4)
                NB(bcast, scatter_rdb_allgather, mode, &req, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg < 7)
                NBK(bcast, chain, mode, &req, alg == 5 ? 100 : 0, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg < 9)
                NBK(bcast, binary_tree, mode, &req, alg == 7 ? 100 : 0, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg < 11)
                NBK(bcast, smp, mode, &req, alg == 9 ? 100 : 0, got, count, t->rtype, root, MPI_COMM_WORLD);
            else if (alg < 13)
                NBK(bcast, scatterv_recexch_allgatherv, mode, &req, alg == 11 ? 3 : 0, got, count, t->rtype, root,
                    MPI_COMM_WORLD);
            else
                NBK3(bcast, pipelined_tree, mode, &req, ptree[alg - 13][0], ptree[alg - 13][1], ptree[alg - 13][2], got,
                     count, t->rtype, root, MPI_COMM_WORLD);
            nb_complete(&req, mode);
            snprintf(what, sizeof what, "ibcast %s %s count %d root %d%s", name[alg], t->name, count, root,
                     nb_mode_name(mode));
            th_check(res, o, what, got, want, bytes);
        }
    }
    free(got);
    free(want);
    free(start);
}

/* The nonblocking allgathers and alltoalls: one signature (MPI_Iallgather's is MPI_Ialltoall's). */
typedef int (*transport_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Request *);
typedef int (*transport_init_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Info,
                                 MPI_Request *);
#define TRANSPORT(all2all, coll, alg)                                                     \
    {                                                                                     \
        "i" #coll " " #alg, all2all, collalg_i##coll##_##alg, collalg_##coll##_init_##alg \
    }
/* ialltoall scattered with window w, as a transport function and its persistent form. */
#define A2A_SCATTERED(w)                                                                                               \
    static int ialltoall_scattered_##w(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt,     \
                                       MPI_Comm comm, MPI_Request *req)                                                \
    {                                                                                                                  \
        return collalg_ialltoall_scattered(sb, sc, st, rb, rc, rt, comm, req, w);                                      \
    }                                                                                                                  \
    static int alltoall_init_scattered_##w(const void *sb, int sc, MPI_Datatype st, void *rb, int rc, MPI_Datatype rt, \
                                           MPI_Comm comm, MPI_Info info, MPI_Request *req)                             \
    {                                                                                                                  \
        return collalg_alltoall_init_scattered(sb, sc, st, rb, rc, rt, comm, info, req, w);                            \
    }
A2A_SCATTERED(2)
A2A_SCATTERED(0)
/* iallgather and ialltoall k_bruck at radix k, with the signature of the others (7: above every p
 * tested). */
#define K_BRUCK_FNS(coll, k)                                                                                     \
    static int i##coll##_k_bruck_##k(const void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt,   \
                                     MPI_Comm c, MPI_Request *q)                                                 \
    {                                                                                                            \
        return collalg_i##coll##_k_bruck(s, sc, st, r, rc, rt, c, q, k);                                         \
    }                                                                                                            \
    static int coll##_init_k_bruck_##k(const void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt, \
                                       MPI_Comm c, MPI_Info i, MPI_Request *q)                                   \
    {                                                                                                            \
        return collalg_##coll##_init_k_bruck(s, sc, st, r, rc, rt, c, i, q, k);                                  \
    }
K_BRUCK_FNS(allgather, 3)
K_BRUCK_FNS(allgather, 0)
K_BRUCK_FNS(allgather, 7)
K_BRUCK_FNS(alltoall, 3)
K_BRUCK_FNS(alltoall, 0)
K_BRUCK_FNS(alltoall, 7)
/* iallgather recexch_<alg> at radix k, with the signature of the others. */
#define RX_FNS(alg, k)                                                                                              \
    static int iallgather_##alg##_##k(const void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt,     \
                                      MPI_Comm c, MPI_Request *q)                                                   \
    {                                                                                                               \
        return collalg_iallgather_##alg(s, sc, st, r, rc, rt, c, q, k);                                             \
    }                                                                                                               \
    static int allgather_init_##alg##_##k(const void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt, \
                                          MPI_Comm c, MPI_Info i, MPI_Request *q)                                   \
    {                                                                                                               \
        return collalg_allgather_init_##alg(s, sc, st, r, rc, rt, c, i, q, k);                                      \
    }
RX_FNS(recexch_doubling, 0)
RX_FNS(recexch_doubling, 3)
RX_FNS(recexch_halving, 0)
RX_FNS(recexch_halving, 3)
#define RX(alg, k)                                                                       \
    {                                                                                    \
        "iallgather " #alg " " #k, 0, iallgather_##alg##_##k, allgather_init_##alg##_##k \
    }
#define K_BRUCK(k)                                                                      \
    {                                                                                   \
        "iallgather k_bruck " #k, 0, iallgather_k_bruck_##k, allgather_init_k_bruck_##k \
    }
static const struct {
    const char *name;
    int all2all;
    transport_fn fn;
    transport_init_fn init;
} transports[] = {TRANSPORT(0, allgather, ring),
                  TRANSPORT(0, allgather, recursive_doubling),
                  TRANSPORT(0, allgather, bruck),
                  K_BRUCK(3),
                  K_BRUCK(0),
                  K_BRUCK(7),
                  RX(recexch_doubling, 0),
                  RX(recexch_doubling, 3),
                  RX(recexch_halving, 0),
                  RX(recexch_halving, 3),
                  TRANSPORT(0, allgather, neighbor_exchange),
                  TRANSPORT(0, allgather, sparbit),
                  TRANSPORT(0, allgather, circulant),
                  TRANSPORT(0, allgather, linear),
                  TRANSPORT(1, alltoall, linear),
                  TRANSPORT(1, alltoall, pair),
                  TRANSPORT(1, alltoall, bruck),
                  {"ialltoall k_bruck 3", 1, ialltoall_k_bruck_3, alltoall_init_k_bruck_3},
                  {"ialltoall k_bruck 0", 1, ialltoall_k_bruck_0, alltoall_init_k_bruck_0},
                  {"ialltoall k_bruck 7", 1, ialltoall_k_bruck_7, alltoall_init_k_bruck_7},
                  {"ialltoall scattered 2", 1, ialltoall_scattered_2, alltoall_init_scattered_2},
                  {"ialltoall scattered 0", 1, ialltoall_scattered_0, alltoall_init_scattered_0},
                  TRANSPORT(1, alltoall, ring),
                  TRANSPORT(1, alltoall, pair_inplace)};
#define NTRANSPORTS ((int)(sizeof transports / sizeof transports[0]))

/* transports[which], in place when @p inplace, against the native MPI_Allgather or MPI_Alltoall. */
static void run_transport(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int which,
                          int inplace, int mode)
{
    int all2all = transports[which].all2all;
    int scount = count * t->ratio, sblocks = all2all ? p : 1;
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
        if (all2all)
            memcpy(got, send, rbytes < sbytes ? rbytes : sbytes);
        else if (count > 0) /* the own block: same type, so its bytes */
            memcpy(got + (size_t)rank * (size_t)count * (size_t)ext, send, th_bytes(count, t->rtype) - 16);
        memcpy(want, got, rbytes);
    }
    /* the reference: the native call on the same data, never in place (MPICH 4.0's in-place
     * alltoall truncates resized types) */
    if (all2all)
        MPI_Alltoall(send, scount, t->stype, want, count, t->rtype, MPI_COMM_WORLD);
    else
        MPI_Allgather(send, scount, t->stype, want, count, t->rtype, MPI_COMM_WORLD);
    if (mode == NB_PERSISTENT)
        nb_started(inplace ? transports[which].init(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, count, t->rtype,
                                                    MPI_COMM_WORLD, MPI_INFO_NULL, &req)
                           : transports[which].init(send, scount, t->stype, got, count, t->rtype, MPI_COMM_WORLD,
                                                    MPI_INFO_NULL, &req),
                   &req);
    else if (inplace)
        transports[which].fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, count, t->rtype, MPI_COMM_WORLD, &req);
    else
        transports[which].fn(send, scount, t->stype, got, count, t->rtype, MPI_COMM_WORLD, &req);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "%s %s count %d%s%s", transports[which].name, t->name, count,
             inplace ? " in place" : "", nb_mode_name(mode));
    th_check(res, o, what, got, want, rbytes);
    free(send);
    free(got);
    free(want);
}

static void run_allreduce(th_result *res, const th_opts *o, const rc_case *k, int count, int p, int rank, int inplace,
                          int mode)
{
    size_t bytes = (size_t)count * (size_t)k->extent + 16;
    char *send = th_alloc(bytes), *got = th_alloc(bytes), *want = th_alloc(bytes), what[256];
    MPI_Request req;
    int err, commute = 0, radix;
    memset(send, 0x5A, bytes);
    memset(got, 0x5A, bytes);
    memset(want, 0x5A, bytes);
    rc_fill(k, inplace ? got : send, count, rank, 5u);
    rc_reference(k, want, bytes, count, p - 1, 5u);
    NB(allreduce, recursive_doubling, mode, &req, inplace ? MPI_IN_PLACE : send, got, count, k->type, k->op,
       MPI_COMM_WORLD);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "iallreduce recursive_doubling %s count %d%s%s", k->name, count,
             inplace ? " in place" : "", nb_mode_name(mode));
    th_check(res, o, what, got, want, bytes);
    memset(got, 0x5A, bytes);
    rc_fill(k, inplace ? got : send, count, rank, 5u);
    NB(allreduce, rabenseifner, mode, &req, inplace ? MPI_IN_PLACE : send, got, count, k->type, k->op, MPI_COMM_WORLD);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "iallreduce rabenseifner %s count %d%s%s", k->name, count, inplace ? " in place" : "",
             nb_mode_name(mode));
    th_check(res, o, what, got, want, bytes);
    for (radix = 0; radix < 3; radix++) { /* recursive multiplying: radix 2, 3 and the default */
        memset(got, 0x5A, bytes);
        rc_fill(k, inplace ? got : send, count, rank, 5u);
        NBK(allreduce, recursive_multiplying, mode, &req, radix == 2 ? 0 : radix + 2, inplace ? MPI_IN_PLACE : send,
            got, count, k->type, k->op, MPI_COMM_WORLD);
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "iallreduce recursive_multiplying %d %s count %d%s%s", radix == 2 ? 0 : radix + 2,
                 k->name, count, inplace ? " in place" : "", nb_mode_name(mode));
        th_check(res, o, what, got, want, bytes);
    }
    for (radix = 0; radix < 2; radix++) { /* reduce_bcast: radix 3 and the default (binomial) */
        memset(got, 0x5A, bytes);
        rc_fill(k, inplace ? got : send, count, rank, 5u);
        NBK(allreduce, reduce_bcast, mode, &req, radix == 0 ? 3 : 0, inplace ? MPI_IN_PLACE : send, got, count, k->type,
            k->op, MPI_COMM_WORLD);
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "iallreduce reduce_bcast %d %s count %d%s%s", radix == 0 ? 3 : 0, k->name, count,
                 inplace ? " in place" : "", nb_mode_name(mode));
        th_check(res, o, what, got, want, bytes);
    }
    for (radix = 0; radix < 2; radix++) { /* recexch reduce-scatter + allgather: radix 3 and the default */
        memset(got, 0x5A, bytes);
        rc_fill(k, inplace ? got : send, count, rank, 5u);
        NBK(allreduce, recexch_reduce_scatter_allgather, mode, &req, radix == 0 ? 3 : 0, inplace ? MPI_IN_PLACE : send,
            got, count, k->type, k->op, MPI_COMM_WORLD);
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "iallreduce recexch_reduce_scatter_allgather %d %s count %d%s%s",
                 radix == 0 ? 3 : 0, k->name, count, inplace ? " in place" : "", nb_mode_name(mode));
        th_check(res, o, what, got, want, bytes);
    }
    for (radix = 0; radix < 3; radix++) { /* pipelined_tree: (segsize, tree, radix) of ptree[radix] */
        static const int ptree[3][3] = {{64, COLLALG_TREE_KNOMIAL, 3}, {40, COLLALG_TREE_KARY, 0}, {0, 0, 0}};
        memset(got, 0x5A, bytes);
        rc_fill(k, inplace ? got : send, count, rank, 5u);
        NBK3(allreduce, pipelined_tree, mode, &req, ptree[radix][0], ptree[radix][1], ptree[radix][2],
             inplace ? MPI_IN_PLACE : send, got, count, k->type, k->op, MPI_COMM_WORLD);
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "iallreduce pipelined_tree %d %d %d %s count %d%s%s", ptree[radix][0],
                 ptree[radix][1], ptree[radix][2], k->name, count, inplace ? " in place" : "", nb_mode_name(mode));
        th_check(res, o, what, got, want, bytes);
    }
    memset(got, 0x5A, bytes); /* smp: the node level of the run (COLLALG_NODE_SIZE) */
    rc_fill(k, inplace ? got : send, count, rank, 5u);
    NB(allreduce, smp, mode, &req, inplace ? MPI_IN_PLACE : send, got, count, k->type, k->op, MPI_COMM_WORLD);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "iallreduce smp %s count %d%s%s", k->name, count, inplace ? " in place" : "",
             nb_mode_name(mode));
    th_check(res, o, what, got, want, bytes);
    /* the ring and the circulant reduce-scatter + allgather: commutative operations only, the
     * others refused before any message (reported on the communicator: let it return) */
    MPI_Op_commutative(k->op, &commute);
    for (radix = 0; radix < 2; radix++) {
        memset(got, 0x5A, bytes);
        rc_fill(k, inplace ? got : send, count, rank, 5u);
        if (!commute)
            MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        err = radix ? NB(allreduce, circulant_reduce_scatter_allgather, mode, &req, inplace ? MPI_IN_PLACE : send, got,
                         count, k->type, k->op, MPI_COMM_WORLD)
                    : NB(allreduce, ring, mode, &req, inplace ? MPI_IN_PLACE : send, got, count, k->type, k->op,
                         MPI_COMM_WORLD);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        snprintf(what, sizeof what, "iallreduce %s %s count %d%s%s",
                 radix ? "circulant_reduce_scatter_allgather" : "ring", k->name, count, inplace ? " in place" : "",
                 nb_mode_name(mode));
        if (!commute) {
            MPI_Error_class(err, &err);
            th_expect(res, o, what, err == MPI_ERR_OP && req == MPI_REQUEST_NULL);
        } else {
            nb_complete(&req, mode);
            th_check(res, o, what, got, want, bytes);
        }
    }
    free(send);
    free(got);
    free(want);
}

/* The gatherv (scatter = 0) or scatterv (1) reference by the standard's definition, point to
 * point: MPICH 4.0's native gather and scatter truncate the resized struct type (see
 * tests/mpi/scatter.c). `counts` NULL: blocks of `count` elements at r * count of the root's
 * buffer `vbuf`, of type `vtype`; `one` holds `n` elements of `type` on every rank. */
static void ref_rooted(int scatter, void *one, int n, MPI_Datatype type, void *vbuf, const int *counts,
                       const int *displs, int count, MPI_Datatype vtype, int root, int p, int rank)
{
    MPI_Aint lb, ext;
    MPI_Request *req = th_alloc((size_t)(p + 1) * sizeof(MPI_Request));
    int r, nreq = 0;
    MPI_Type_get_extent(vtype, &lb, &ext);
    if (rank == root)
        for (r = 0; r < p; r++) {
            char *at = (char *)vbuf + (counts ? (MPI_Aint)displs[r] : (MPI_Aint)r * count) * ext;
            int c = counts ? counts[r] : count;
            if (scatter)
                MPI_Isend(at, c, vtype, r, 77, MPI_COMM_WORLD, &req[nreq++]);
            else
                MPI_Irecv(at, c, vtype, r, 77, MPI_COMM_WORLD, &req[nreq++]);
        }
    if (scatter)
        MPI_Irecv(one, n, type, root, 77, MPI_COMM_WORLD, &req[nreq++]);
    else
        MPI_Isend(one, n, type, root, 77, MPI_COMM_WORLD, &req[nreq++]);
    MPI_Waitall(nreq, req, collalg__statuses_ignore());
    free(req);
}

/* igather (scatter = 0) or iscatter (1) linear, binomial, knomial (radix 3 and the default) at
 * every root (up to p = 4; else 0 and p - 1). */
static void run_rooted(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int scatter,
                       int inplace, int mode)
{
    static const char *const name[] = {"linear", "binomial", "knomial 3", "knomial 0"};
    int scount = count * t->ratio, root, alg;
    size_t one = th_bytes(scatter ? count : scount, scatter ? t->rtype : t->stype);
    size_t all = th_bytes((long)(scatter ? scount : count) * p, scatter ? t->stype : t->rtype);
    char *mine = th_alloc(one), *got = th_alloc(scatter ? one : all), *want = th_alloc(scatter ? one : all);
    char *whole = th_alloc(all), what[256];
    MPI_Aint lb, ext;
    MPI_Request req;
    if (inplace && t->stype != t->rtype)
        goto out;
    MPI_Type_get_extent(t->rtype, &lb, &ext);
    for (root = 0; root < p; root += p <= 4 ? 1 : p - 1)
        for (alg = 0; alg < 4; alg++) {
            size_t gbytes = scatter ? one : all;
            void *sb = inplace && rank == root ? MPI_IN_PLACE : mine,
                 *rb = inplace && rank == root ? MPI_IN_PLACE : got;
            th_fill(mine, one, 3u + (unsigned)rank);
            th_fill(whole, all, 5u + (unsigned)rank);
            th_fill(got, gbytes, 9u + (unsigned)rank);
            if (!scatter && inplace && rank == root && count > 0) /* the root's block is already in got */
                memcpy(got + (size_t)root * (size_t)count * (size_t)ext, mine, one - 16);
            memcpy(want, got, gbytes);
            if (!scatter) { /* the reference gathers `mine` */
                ref_rooted(0, mine, scount, t->stype, want, NULL, NULL, count, t->rtype, root, p, rank);
                if (alg == 0)
                    NB(gather, linear, mode, &req, sb, scount, t->stype, got, count, t->rtype, root, MPI_COMM_WORLD);
                else if (alg == 1)
                    NB(gather, binomial, mode, &req, sb, scount, t->stype, got, count, t->rtype, root, MPI_COMM_WORLD);
                else
                    NBK(gather, knomial, mode, &req, alg == 2 ? 3 : 0, sb, scount, t->stype, got, count, t->rtype, root,
                        MPI_COMM_WORLD);
            } else { /* in place the root keeps its block in `whole`: nothing to compare there */
                ref_rooted(1, want, count, t->rtype, whole, NULL, NULL, scount, t->stype, root, p, rank);
                if (inplace && rank == root)
                    memcpy(want, got, gbytes);
                if (alg == 0)
                    NB(scatter, linear, mode, &req, whole, scount, t->stype, rb, count, t->rtype, root, MPI_COMM_WORLD);
                else if (alg == 1)
                    NB(scatter, binomial, mode, &req, whole, scount, t->stype, rb, count, t->rtype, root,
                       MPI_COMM_WORLD);
                else
                    NBK(scatter, knomial, mode, &req, alg == 2 ? 3 : 0, whole, scount, t->stype, rb, count, t->rtype,
                        root, MPI_COMM_WORLD);
            }
            nb_complete(&req, mode);
            snprintf(what, sizeof what, "%s %s %s count %d root %d%s%s", scatter ? "iscatter" : "igather", name[alg],
                     t->name, count, root, inplace ? " in place" : "", nb_mode_name(mode));
            th_check(res, o, what, got, want, gbytes);
        }
out:
    free(mine);
    free(got);
    free(want);
    free(whole);
}

/* The collective of run_v()'s kind 0 (igatherv), 1 (iscatterv) and 2 and up (iallgatherv). */
static const char *const nv_coll[3] = {"igatherv", "iscatterv", "iallgatherv"};
/* The collective of run_reduction()'s which 0 (ireduce), 1 (iscan), 2 (iexscan), and from 3 on
 * odd (ireduce_scatter_block, [3]) and even (ireduce_scatter, [4]). */
static const char *const rc_coll[5] = {"ireduce", "iscan", "iexscan", "ireduce_scatter_block", "ireduce_scatter"};

/* The kinds of run_v(). */
#define NV_KINDS 14

/* igatherv (kind 0), iscatterv (1), iallgatherv ring (2), recursive_doubling (3), bruck (4),
 * recexch_doubling radix 0 and 3 (5, 6), recexch_halving radix 0 and 3 (7, 8), k_bruck radix 3, 0
 * and 7 (9, 10, 11), linear (12), circulant (13) with
 * the block pattern pat at every root up to p = 4 (else 0 and p - 1); in place where the types
 * agree. */
static void run_v(th_result *res, const th_opts *o, const th_types *t, int count, int pat, int p, int rank, int kind,
                  int inplace, int mode)
{
    int *counts = th_alloc((size_t)p * sizeof(int)), *displs = th_alloc((size_t)p * sizeof(int)),
        *order = th_alloc((size_t)p * sizeof(int)), *scounts = th_alloc((size_t)p * sizeof(int)), root, j;
    long span = th_vpattern(pat, count, p, counts, displs, order);
    size_t vbytes = th_bytes(span, t->rtype), one;
    char *mine, *got = th_alloc(vbytes), *want = th_alloc(vbytes), *vsend = th_alloc(vbytes), what[256];
    MPI_Aint lb, ext;
    MPI_Request req;
    MPI_Type_get_extent(t->rtype, &lb, &ext);
    one = th_bytes((long)(counts[rank] * (kind == 1 ? 1 : t->ratio)), kind == 1 ? t->rtype : t->stype);
    mine = th_alloc(one);
    for (j = 0; j < p; j++)
        scounts[j] = counts[j] * t->ratio;
    for (root = 0; root < (kind >= 2 ? 1 : p); root += p <= 4 ? 1 : p - 1) {
        int in = inplace && (kind >= 2 || rank == root);
        size_t gbytes = kind == 1 ? one : vbytes;
        th_fill(mine, one, 3u + (unsigned)rank);
        th_fill(vsend, vbytes, 5u + (unsigned)rank);
        th_fill(got, gbytes, 9u + (unsigned)rank);
        if (inplace && t->stype != t->rtype)
            break;
        if (in && kind != 1 && counts[rank] > 0) /* the own block is already in got */
            memcpy(got + (size_t)displs[rank] * (size_t)ext, mine, one - 16);
        memcpy(want, got, gbytes);
        if (kind == 0) {
            ref_rooted(0, mine, scounts[rank], t->stype, want, counts, displs, 0, t->rtype, root, p, rank);
            NB(gatherv, linear, mode, &req, in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got, counts, displs,
               t->rtype, root, MPI_COMM_WORLD);
        } else if (kind == 1) {
            ref_rooted(1, want, counts[rank], t->rtype, vsend, counts, displs, 0, t->rtype, root, p, rank);
            if (in)
                memcpy(want, got, gbytes);
            NB(scatterv, linear, mode, &req, vsend, counts, displs, t->rtype, in ? MPI_IN_PLACE : got, counts[rank],
               t->rtype, root, MPI_COMM_WORLD);
        } else {
            MPI_Allgatherv(mine, scounts[rank], t->stype, want, counts, displs, t->rtype, MPI_COMM_WORLD);
            if (kind == 2)
                NB(allgatherv, ring, mode, &req, in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got, counts, displs,
                   t->rtype, MPI_COMM_WORLD);
            else if (kind == 3)
                NB(allgatherv, recursive_doubling, mode, &req, in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got,
                   counts, displs, t->rtype, MPI_COMM_WORLD);
            else if (kind == 4)
                NB(allgatherv, bruck, mode, &req, in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got, counts,
                   displs, t->rtype, MPI_COMM_WORLD);
            else if (kind == 12)
                NB(allgatherv, linear, mode, &req, in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got, counts,
                   displs, t->rtype, MPI_COMM_WORLD);
            else if (kind == 13)
                NB(allgatherv, circulant, mode, &req, in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got, counts,
                   displs, t->rtype, MPI_COMM_WORLD);
            else if (kind >= 9) /* k_bruck radix 3, 0 (2) and 7 (above every p tested) */
                NBK(allgatherv, k_bruck, mode, &req,
                    kind == 9    ? 3
                    : kind == 10 ? 0
                                 : 7,
                    in ? MPI_IN_PLACE : mine, scounts[rank], t->stype, got, counts, displs, t->rtype, MPI_COMM_WORLD);
            else if (kind <= 6) /* recexch doubling and halving, radix 0 (2) and 3 */
                NBK(allgatherv, recexch_doubling, mode, &req, kind == 5 ? 0 : 3, in ? MPI_IN_PLACE : mine,
                    scounts[rank], t->stype, got, counts, displs, t->rtype, MPI_COMM_WORLD);
            else
                NBK(allgatherv, recexch_halving, mode, &req, kind == 7 ? 0 : 3, in ? MPI_IN_PLACE : mine, scounts[rank],
                    t->stype, got, counts, displs, t->rtype, MPI_COMM_WORLD);
        }
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "%s %s count %d %s root %d%s%s",
                 kind == 0    ? "igatherv linear"
                 : kind == 1  ? "iscatterv linear"
                 : kind == 2  ? "iallgatherv ring"
                 : kind == 3  ? "iallgatherv recursive_doubling"
                 : kind == 4  ? "iallgatherv bruck"
                 : kind == 5  ? "iallgatherv recexch_doubling 0"
                 : kind == 6  ? "iallgatherv recexch_doubling 3"
                 : kind == 7  ? "iallgatherv recexch_halving 0"
                 : kind == 8  ? "iallgatherv recexch_halving 3"
                 : kind == 9  ? "iallgatherv k_bruck 3"
                 : kind == 10 ? "iallgatherv k_bruck 0"
                 : kind == 11 ? "iallgatherv k_bruck 7"
                 : kind == 12 ? "iallgatherv linear"
                              : "iallgatherv circulant",
                 t->name, count, th_vpattern_name(pat), root, in ? " in place" : "", nb_mode_name(mode));
        th_check(res, o, what, got, want, gbytes);
    }
    free(counts);
    free(displs);
    free(order);
    free(scounts);
    free(mine);
    free(got);
    free(want);
    free(vsend);
}

/* Elements rank r sends to rank d in the ialltoallv case: zeros, two lengths, symmetric. */
static int a2av_count(int c, int r, int d)
{
    return (r + d) % 3 == 0 ? 0 : c + (r + d) % 2;
}

/* The ialltoallv and ialltoallw algorithms run_alltoallv() and run_alltoallw() compare. */
static const char *const a2av_name[] = {"linear", "scattered 2", "scattered 0", "ring", "pair", "pair_inplace"};
#define A2AV_NALGS ((int)(sizeof a2av_name / sizeof a2av_name[0]))

/* Starts ialltoallv algorithm alg (a2av_name) in mode `mode` (the NB() arguments after req). */
#define A2AV_START(coll, alg, mode, req, ...)                                        \
    ((alg) == 0   ? NB(coll, linear, mode, req, __VA_ARGS__)                         \
     : (alg) < 3  ? NBK(coll, scattered, mode, req, (alg) == 1 ? 2 : 0, __VA_ARGS__) \
     : (alg) == 3 ? NB(coll, ring, mode, req, __VA_ARGS__)                           \
     : (alg) == 4 ? NB(coll, pair, mode, req, __VA_ARGS__)                           \
                  : NB(coll, pair_inplace, mode, req, __VA_ARGS__))

/* ialltoallv: sends packed in rank order, receives in reverse order with one-element gaps. */
static void run_alltoallv(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int inplace,
                          int mode, int alg)
{
    int *sc = th_alloc((size_t)p * sizeof(int)), *sd = th_alloc((size_t)p * sizeof(int)),
        *rc = th_alloc((size_t)p * sizeof(int)), *rd = th_alloc((size_t)p * sizeof(int)), j, stot = 0, rtot = 0;
    size_t sbytes, rbytes;
    char *send, *got, *want, what[256];
    MPI_Request req;
    if (inplace && t->stype != t->rtype)
        goto out;
    for (j = 0; j < p; j++) {
        sc[j] = a2av_count(count, rank, j) * t->ratio;
        sd[j] = stot;
        stot += sc[j];
    }
    for (j = p - 1; j >= 0; j--) {
        rc[j] = a2av_count(count, j, rank);
        rd[j] = rtot + 1;
        rtot += rc[j] + 1;
    }
    sbytes = th_bytes(stot, t->stype);
    rbytes = th_bytes(rtot, t->rtype);
    send = th_alloc(sbytes);
    got = th_alloc(rbytes);
    want = th_alloc(rbytes);
    th_fill(send, sbytes, 3u + (unsigned)rank);
    th_fill(got, rbytes, 9u + (unsigned)rank);
    if (inplace) { /* the input: block j of the send layout moved to the receive layout */
        MPI_Aint lb, ext;
        MPI_Type_get_extent(t->rtype, &lb, &ext);
        for (j = 0; j < p; j++)
            if (sc[j] > 0)
                memcpy(got + (size_t)rd[j] * (size_t)ext, send + (size_t)sd[j] * (size_t)ext,
                       th_bytes(sc[j], t->rtype) - 16);
    }
    memcpy(want, got, rbytes);
    MPI_Alltoallv(send, sc, sd, t->stype, want, rc, rd, t->rtype, MPI_COMM_WORLD);
    if (inplace)
        A2AV_START(alltoallv, alg, mode, &req, MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, got, rc, rd, t->rtype,
                   MPI_COMM_WORLD);
    else
        A2AV_START(alltoallv, alg, mode, &req, send, sc, sd, t->stype, got, rc, rd, t->rtype, MPI_COMM_WORLD);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "ialltoallv %s %s count %d%s%s", a2av_name[alg], t->name, count,
             inplace ? " in place" : "", nb_mode_name(mode));
    th_check(res, o, what, got, want, rbytes);
    free(send);
    free(got);
    free(want);
out:
    free(sc);
    free(sd);
    free(rc);
    free(rd);
}

/* ialltoallw: block j sent with the harness's send type to even ranks and its receive type to
 * odd ones (received with the receive type), counts as ialltoallv's, blocks at a fixed stride
 * in bytes (send: rank order; receive: reverse order, 8 bytes in); in place with the receive
 * layout and types. */
static void run_alltoallw(th_result *res, const th_opts *o, const th_types *t, int count, int p, int rank, int inplace,
                          int mode, int alg)
{
    int *sc = th_alloc((size_t)p * sizeof(int)), *sd = th_alloc((size_t)p * sizeof(int)),
        *rc = th_alloc((size_t)p * sizeof(int)), *rd = th_alloc((size_t)p * sizeof(int)), j;
    MPI_Datatype *st = th_alloc((size_t)p * sizeof(MPI_Datatype)), *rt = th_alloc((size_t)p * sizeof(MPI_Datatype));
    size_t stride = th_bytes(count + 1, t->rtype) + th_bytes((count + 1) * t->ratio, t->stype), bytes;
    char *send, *got, *want, what[256];
    MPI_Request req;
    if (inplace && t->stype != t->rtype)
        goto out;
    for (j = 0; j < p; j++) {
        int even = j % 2 == 0;
        st[j] = even ? t->stype : t->rtype;
        sc[j] = a2av_count(count, rank, j) * (even ? t->ratio : 1);
        sd[j] = (int)(j * stride);
        rt[j] = t->rtype;
        rc[j] = a2av_count(count, j, rank);
        rd[j] = (int)((p - 1 - j) * stride + 8);
    }
    bytes = p * stride + 16;
    send = th_alloc(bytes);
    got = th_alloc(bytes);
    want = th_alloc(bytes);
    th_fill(send, bytes, 3u + (unsigned)rank);
    th_fill(got, bytes, 9u + (unsigned)rank);
    if (inplace) /* the input lies in got, in the receive layout: the reference sends a copy */
        memcpy(send, got, bytes);
    memcpy(want, got, bytes);
    MPI_Alltoallw(send, inplace ? rc : sc, inplace ? rd : sd, inplace ? rt : st, want, rc, rd, rt, MPI_COMM_WORLD);
    if (inplace)
        A2AV_START(alltoallw, alg, mode, &req, MPI_IN_PLACE, NULL, NULL, NULL, got, rc, rd, rt, MPI_COMM_WORLD);
    else
        A2AV_START(alltoallw, alg, mode, &req, send, sc, sd, st, got, rc, rd, rt, MPI_COMM_WORLD);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "ialltoallw %s %s count %d%s%s", a2av_name[alg], t->name, count,
             inplace ? " in place" : "", nb_mode_name(mode));
    th_check(res, o, what, got, want, bytes);
    free(send);
    free(got);
    free(want);
out:
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    free(st);
    free(rt);
}

/* The segment size @p segsize in bytes for a reduction of @p n elements of @p extent bytes, raised
 * to 1 KiB past 32 KiB: 8-byte segments of the big count (64 KiB) made 8192 messages per call, and
 * ireduce's part of check-large ran past 7 minutes of simulation on them; counts 3 and 1000 keep the
 * segment shorter than one element and the many-segment pipeline. */
static int nb_segsize(int segsize, int n, int extent)
{
    return segsize > 0 && segsize < 1024 && (long)n * extent > 32768 ? 1024 : segsize;
}

/* The reductions other than iallreduce, against the ordered reduction computed locally:
 * which = 0 ireduce (every root up to p = 4, else 0 and p - 1; tree_name: binomial, knomial,
 * rabenseifner, pipeline with segments of 8 bytes and the default, smp, pipelined_tree),
 * 1 iscan (recursive doubling, smp, linear), 2 iexscan (recursive doubling, linear), 3 ireduce_scatter_block, 4 ireduce_scatter (counts: zeros and two lengths),
 * 5 and 6 the same by recursive halving, 7 and 8 by pairwise exchange (commutative operations;
 * the others refused before any message), 9 and 10 by recursive doubling and by the butterfly, 11 and 12 by recursive
 * exchange (radix 3 and the default), 13 and 14 on the circulant graph (commutative operations). */
static void run_reduction(th_result *res, const th_opts *o, const rc_case *k, int count, int p, int rank, int which,
                          int inplace, int mode)
{
    static const char *const name[] = {"ireduce",
                                       "iscan",
                                       "iexscan",
                                       "ireduce_scatter_block reduce_scatterv",
                                       "ireduce_scatter reduce_scatterv",
                                       "ireduce_scatter_block recursive_halving",
                                       "ireduce_scatter recursive_halving",
                                       "ireduce_scatter_block pairwise",
                                       "ireduce_scatter pairwise",
                                       "ireduce_scatter_block",
                                       "ireduce_scatter",
                                       "ireduce_scatter_block recexch",
                                       "ireduce_scatter recexch",
                                       "ireduce_scatter_block circulant",
                                       "ireduce_scatter circulant"};
    static const char *const scan_name[] = {" recursive_doubling", " smp", " linear"};
    static const char *const tree_name[] = {" binomial",
                                            " knomial 3",
                                            " knomial 0",
                                            " rabenseifner",
                                            " pipeline 8",
                                            " pipeline 0",
                                            " smp",
                                            " pipelined_tree 8 knomial 3",
                                            " pipelined_tree 100 kary 3",
                                            " pipelined_tree 0 0 0"};
    /* pipelined_tree's (segsize, tree, radix) of trees 7 .. 9 */
    static const int ptree[3][3] = {{8, COLLALG_TREE_KNOMIAL, 3}, {100, COLLALG_TREE_KARY, 3}, {0, 0, 0}};
    int vcounts = which >= 4 && which % 2 == 0, commute = 1, err = MPI_SUCCESS, tree;
    int *counts = th_alloc((size_t)p * sizeof(int)), j, total = 0, before = 0, root, mine;
    size_t bytes, rbytes;
    char *send, *got, *want, *full, what[256];
    MPI_Request req;
    for (j = 0; j < p; j++) {
        counts[j] = vcounts ? (j % 3 == 1 ? 0 : count + j % 2) : count;
        if (j < rank)
            before += counts[j];
        total += counts[j];
    }
    mine = counts[rank];
    if ((which >= 5 && which <= 8) || which >= 13) /* these refuse a non-commutative operation: let it return */
        MPI_Op_commutative(k->op, &commute);
    if (!commute)
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    bytes = (size_t)(which >= 3 ? total : count) * (size_t)k->extent + 16;
    send = th_alloc(bytes);
    got = th_alloc(bytes);
    want = th_alloc(bytes);
    full = th_alloc(bytes);
    for (root = 0; root < (which == 0 ? p : 1); root += p <= 4 ? 1 : p - 1)
        for (tree = 0; tree < (which == 0                                  ? 10
                               : which == 1                                ? 3
                               : (which >= 9 && which <= 12) || which == 2 ? 2
                                                                           : 1);
             tree++) { /* ireduce: tree_name; iscan, iexscan: scan_name; rs(b) 9, 10: recursive
                          doubling, butterfly; recexch: radix 3, 0 */
            int in = inplace && (which != 0 || rank == root);
            int n = which >= 3 ? total : count;
            memset(send, 0x5A, bytes);
            memset(got, 0x5A, bytes);
            memset(want, 0x5A, bytes);
            memset(full, 0x5A, bytes);
            rc_fill(k, in ? got : send, n, rank, 7u);
            rbytes = bytes;
            switch (which) {
            case 0:
                if (rank == root)
                    rc_reference(k, want, bytes, n, p - 1, 7u);
                else
                    memcpy(want, got, bytes);
                if (tree == 0)
                    NB(reduce, binomial, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op, root,
                       MPI_COMM_WORLD);
                else if (tree == 3)
                    NB(reduce, rabenseifner, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op, root,
                       MPI_COMM_WORLD);
                else if (tree == 6)
                    NB(reduce, smp, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op, root, MPI_COMM_WORLD);
                else if (tree >= 7)
                    NBK3(reduce, pipelined_tree, mode, &req, nb_segsize(ptree[tree - 7][0], n, k->extent),
                         ptree[tree - 7][1], ptree[tree - 7][2], in ? MPI_IN_PLACE : send, got, n, k->type, k->op, root,
                         MPI_COMM_WORLD);
                else if (tree >= 4)
                    NBK(reduce, pipeline, mode, &req, tree == 4 ? nb_segsize(8, n, k->extent) : 0,
                        in ? MPI_IN_PLACE : send, got, n, k->type, k->op, root, MPI_COMM_WORLD);
                else
                    NBK(reduce, knomial, mode, &req, tree == 1 ? 3 : 0, in ? MPI_IN_PLACE : send, got, n, k->type,
                        k->op, root, MPI_COMM_WORLD);
                break;
            case 1:
            case 2:
                if (which == 1 || rank > 0)
                    rc_reference(k, want, bytes, n, which == 1 ? rank : rank - 1, 7u);
                else
                    memcpy(want, got, bytes);
                if (which == 1 && tree == 1)
                    NB(scan, smp, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op, MPI_COMM_WORLD);
                else if (which == 1 && tree == 2)
                    NB(scan, linear, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op, MPI_COMM_WORLD);
                else if (which == 1)
                    NB(scan, recursive_doubling, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op,
                       MPI_COMM_WORLD);
                else if (tree == 1)
                    NB(exscan, linear, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op, MPI_COMM_WORLD);
                else
                    NB(exscan, recursive_doubling, mode, &req, in ? MPI_IN_PLACE : send, got, n, k->type, k->op,
                       MPI_COMM_WORLD);
                break;
            default: /* block rank of the whole reduction; in place only that block is defined */
                rc_reference_from(k, full, bytes, before, mine, p - 1, 7u);
                memcpy(want, in ? got : want, bytes);
                memcpy(want, full, (size_t)mine * (size_t)k->extent);
                rbytes = (size_t)mine * (size_t)k->extent + (in ? 0 : 16);
                if (which == 3)
                    NB(reduce_scatter_block, reduce_scatterv, mode, &req, in ? MPI_IN_PLACE : send, got, count, k->type,
                       k->op, MPI_COMM_WORLD);
                else if (which == 4)
                    NB(reduce_scatter, reduce_scatterv, mode, &req, in ? MPI_IN_PLACE : send, got, counts, k->type,
                       k->op, MPI_COMM_WORLD);
                else if (which == 5)
                    err = NB(reduce_scatter_block, recursive_halving, mode, &req, in ? MPI_IN_PLACE : send, got, count,
                             k->type, k->op, MPI_COMM_WORLD);
                else if (which == 6)
                    err = NB(reduce_scatter, recursive_halving, mode, &req, in ? MPI_IN_PLACE : send, got, counts,
                             k->type, k->op, MPI_COMM_WORLD);
                else if (which == 7)
                    err = NB(reduce_scatter_block, pairwise, mode, &req, in ? MPI_IN_PLACE : send, got, count, k->type,
                             k->op, MPI_COMM_WORLD);
                else if (which == 13)
                    err = NB(reduce_scatter_block, circulant, mode, &req, in ? MPI_IN_PLACE : send, got, count, k->type,
                             k->op, MPI_COMM_WORLD);
                else if (which == 14)
                    err = NB(reduce_scatter, circulant, mode, &req, in ? MPI_IN_PLACE : send, got, counts, k->type,
                             k->op, MPI_COMM_WORLD);
                else if (which == 8)
                    err = NB(reduce_scatter, pairwise, mode, &req, in ? MPI_IN_PLACE : send, got, counts, k->type,
                             k->op, MPI_COMM_WORLD);
                else if (which == 9 && tree)
                    NB(reduce_scatter_block, butterfly, mode, &req, in ? MPI_IN_PLACE : send, got, count, k->type,
                       k->op, MPI_COMM_WORLD);
                else if (which == 10 && tree)
                    NB(reduce_scatter, butterfly, mode, &req, in ? MPI_IN_PLACE : send, got, counts, k->type, k->op,
                       MPI_COMM_WORLD);
                else if (which == 9)
                    NB(reduce_scatter_block, recursive_doubling, mode, &req, in ? MPI_IN_PLACE : send, got, count,
                       k->type, k->op, MPI_COMM_WORLD);
                else if (which == 10)
                    NB(reduce_scatter, recursive_doubling, mode, &req, in ? MPI_IN_PLACE : send, got, counts, k->type,
                       k->op, MPI_COMM_WORLD);
                else if (which == 11)
                    NBK(reduce_scatter_block, recexch, mode, &req, tree ? 0 : 3, in ? MPI_IN_PLACE : send, got, count,
                        k->type, k->op, MPI_COMM_WORLD);
                else
                    NBK(reduce_scatter, recexch, mode, &req, tree ? 0 : 3, in ? MPI_IN_PLACE : send, got, counts,
                        k->type, k->op, MPI_COMM_WORLD);
                break;
            }
            snprintf(what, sizeof what, "%s%s %s count %d root %d%s%s", name[which],
                     which >= 13   ? ""
                     : which >= 11 ? (tree ? " 0" : " 3")
                     : which >= 9  ? (tree ? " butterfly" : " recursive_doubling")
                     : which == 1  ? scan_name[tree]
                     : which == 2  ? scan_name[tree ? 2 : 0]
                     : which       ? ""
                                   : tree_name[tree],
                     k->name, count, which ? 0 : root, in ? " in place" : "", nb_mode_name(mode));
            if (!commute) {
                MPI_Error_class(err, &err);
                th_expect(res, o, what, err == MPI_ERR_OP && req == MPI_REQUEST_NULL);
                continue;
            }
            nb_complete(&req, mode);
            th_check(res, o, what, got, want, rbytes);
        }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    free(counts);
    free(send);
    free(got);
    free(want);
    free(full);
}

/* Four operations at once, completed in another order together with a point-to-point pair, a
 * native and a catalogue blocking collective on the same communicator in between. */
static void run_outstanding(th_result *res, const th_opts *o, int p, int rank, int mode)
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
    if (COLLALG_NBC_MPIX && mode == NB_WAIT) {
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
    snprintf(what, sizeof what, "outstanding: four at once, mixed completion%s", nb_mode_name(mode));
    th_expect(res, o, what, ok);
}

/* Persistent requests: three runs each with new data, started with one collalg_startall()
 * holding a native persistent point-to-point pair, completed by one MPI_Testall loop; the
 * allreduce and the bcast started in opposite orders on even and odd ranks (each persistent
 * operation has a context of its own); a start or free of a running operation refused. */
static void run_persistent(th_result *res, const th_opts *o, int p, int rank)
{
    enum { N = 32, ROUNDS = 3 };
    int ar_send[N], ar[N], bc[N], a2a_send[N], a2a[N], token = 0, got_token = -1, i, round, ok = 1, refused = 1;
    int n = N / p > 0 ? N / p : 1;
    MPI_Request ar_req, bc_req, a2a_req, bar_req, pt[2], all[5];
    if (p > N)
        return;
    memset(ar_send, 0, sizeof ar_send);
    memset(a2a_send, 0, sizeof a2a_send);
    memset(bc, 0, sizeof bc);
    ok &= collalg_allreduce_init_recursive_doubling(ar_send, ar, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL,
                                                    &ar_req) == MPI_SUCCESS;
    ok &= collalg_bcast_init_binomial(bc, N, MPI_INT, p - 1, MPI_COMM_WORLD, MPI_INFO_NULL, &bc_req) == MPI_SUCCESS;
    ok &= collalg_alltoall_init_pair(a2a_send, n, MPI_INT, a2a, n, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &a2a_req) ==
          MPI_SUCCESS;
    ok &= collalg_barrier_init_dissemination(MPI_COMM_WORLD, MPI_INFO_NULL, &bar_req) == MPI_SUCCESS;
    MPI_Send_init(&token, 1, MPI_INT, (rank + 1) % p, 7, MPI_COMM_WORLD, &pt[0]);
    MPI_Recv_init(&got_token, 1, MPI_INT, (rank + p - 1) % p, 7, MPI_COMM_WORLD, &pt[1]);
    for (round = 0; round < ROUNDS; round++) {
        int done = 0;
        for (i = 0; i < N; i++) {
            ar_send[i] = rank + i + round;
            bc[i] = rank == p - 1 ? 1000 * round + i : -1;
            a2a_send[i] = rank * 1000 + i + 100 * round;
        }
        token = rank + round;
        all[0] = rank % 2 ? bc_req : ar_req;
        all[1] = rank % 2 ? ar_req : bc_req;
        all[2] = pt[1];
        all[3] = a2a_req;
        all[4] = pt[0];
        ok &= collalg_startall(5, all) == MPI_SUCCESS;
        while (!done) {
            collalg_progress();
            MPI_Testall(5, all, &done, collalg__statuses_ignore());
        }
        for (i = 0; i < N; i++)
            ok &= ar[i] == p * (p - 1) / 2 + p * (i + round) && bc[i] == 1000 * round + i;
        for (i = 0; i < n * p && i < N; i++)
            ok &= a2a[i] == (i / n) * 1000 + rank * n + i % n + 100 * round;
        ok &= got_token == (rank + p - 1) % p + round;
    }
    /* rank 0 starts the barrier while the others wait in a native one: it cannot end before they
     * start theirs, so a second start and a free are refused on a running operation */
    if (rank == 0) {
        ok &= collalg_start(&bar_req) == MPI_SUCCESS;
        if (p > 1) /* alone, the barrier has ended already */
            refused &= collalg_start(&bar_req) == MPI_ERR_REQUEST && collalg_request_free(&bar_req) == MPI_ERR_REQUEST;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank != 0)
        ok &= collalg_start(&bar_req) == MPI_SUCCESS;
    for (i = 0; !i;) {
        collalg_progress();
        MPI_Test(&bar_req, &i, MPI_STATUS_IGNORE);
    }
    ok &= collalg_request_free(&ar_req) == MPI_SUCCESS && collalg_request_free(&bc_req) == MPI_SUCCESS &&
          collalg_request_free(&a2a_req) == MPI_SUCCESS && collalg_request_free(&bar_req) == MPI_SUCCESS;
    ok &= collalg_request_free(&pt[0]) == MPI_SUCCESS && collalg_request_free(&pt[1]) == MPI_SUCCESS;
    ok &= ar_req == MPI_REQUEST_NULL && bar_req == MPI_REQUEST_NULL && pt[0] == MPI_REQUEST_NULL;
    th_expect(res, o, "persistent: three runs, startall with point-to-point, opposite orders", ok);
    th_expect(res, o, "persistent: start and free of a running operation refused", refused);
}

/* A derived datatype freed by the application right after the start: the operation keeps its own. */
static void run_type_freed(th_result *res, const th_opts *o, int p, int rank, int mode)
{
    MPI_Datatype vec;
    char what[64];
    int count = 5, i, ok = 1;
    int *send = th_alloc(2 * (size_t)count * sizeof(int)), *got = th_alloc(3 * (size_t)count * p * sizeof(int));
    MPI_Request req;
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    for (i = 0; i < 2 * count; i++)
        send[i] = rank * 100 + i;
    for (i = 0; i < 3 * count * p; i++)
        got[i] = -1;
    NB(allgather, ring, mode, &req, send, 2 * count, MPI_INT, got, count, vec, MPI_COMM_WORLD);
    MPI_Type_free(&vec);
    nb_complete(&req, mode);
    /* element g = r count + e (extent 3 ints) holds rank r's ints 2e, 2e + 1 at ints 3g, 3g + 2;
     * the gap between them stays -1 */
    for (i = 0; i < 3 * count * p; i++) {
        int g = i / 3, r = g / count, e = g % count;
        ok &= got[i] == (i % 3 == 1 ? -1 : r * 100 + 2 * e + (i % 3 == 2));
    }
    snprintf(what, sizeof what, "datatype freed after the start%s", nb_mode_name(mode));
    th_expect(res, o, what, ok);
    free(send);
    free(got);
}

/* Bad arguments: the error class, no request, nothing sent (the next collective still matches). */
static void run_errors(th_result *res, const th_opts *o, int p, int rank)
{
    MPI_Errhandler eh;
    MPI_Comm c = th_recording_comm(&eh);
    MPI_Request req, ok_req;
    int buf[4] = {0, 0, 0, 0}, err, cls, ok, *zeros = calloc((size_t)p, sizeof(int));
    char what[128];
    struct {
        const char *name;
        int expect;
    } cases[] = {{"ibcast root p", MPI_ERR_ROOT},
                 {"ibcast count -1", MPI_ERR_COUNT},
                 {"iallreduce MPI_OP_NULL", MPI_ERR_OP},
                 {"iallgather NULL request", MPI_ERR_REQUEST},
                 {"ialltoall MPI_DATATYPE_NULL", MPI_ERR_TYPE},
                 {"ibarrier MPI_COMM_NULL", MPI_ERR_COMM},
                 {"ibcast knomial radix 1", MPI_ERR_ARG},
                 {"ibarrier k_dissemination radix -1", MPI_ERR_ARG},
                 {"iallreduce recursive_multiplying radix 1", MPI_ERR_ARG},
                 {"ireduce pipeline segsize -1", MPI_ERR_ARG},
                 {"igather knomial radix 1", MPI_ERR_ARG},
                 {"iscatter knomial radix -1", MPI_ERR_ARG},
                 {"ibcast chain segsize -1", MPI_ERR_ARG},
                 {"ialltoall scattered window -1", MPI_ERR_ARG},
                 {"iallreduce pipelined_tree tree 3", MPI_ERR_ARG},
                 {"iallgather k_bruck radix -1", MPI_ERR_ARG},
                 {"ibcast smp segsize -1", MPI_ERR_ARG},
                 {"ireduce smp root -1", MPI_ERR_ROOT},
                 {"iallreduce smp MPI_OP_NULL", MPI_ERR_OP},
                 {"reduce_init smp count -1", MPI_ERR_COUNT},
                 {"iscan smp MPI_DATATYPE_NULL", MPI_ERR_TYPE},
                 {"ibcast scatterv_recexch_allgatherv radix 1", MPI_ERR_ARG},
                 {"ibcast pipelined_tree segsize -1", MPI_ERR_ARG},
                 {"ibcast pipelined_tree radix 1", MPI_ERR_ARG},
                 {"ibcast pipelined_tree tree 3", MPI_ERR_ARG},
                 {"ireduce pipelined_tree radix 1", MPI_ERR_ARG},
                 {"ialltoall k_bruck radix 1", MPI_ERR_ARG},
                 {"iallgatherv k_bruck radix -1", MPI_ERR_ARG}};

    int i;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN); /* MPI_COMM_NULL's errors land there */
    for (i = 0; i < (int)(sizeof cases / sizeof *cases); i++) {
        req = MPI_REQUEST_NULL;
        switch (i) {
        case 0: err = collalg_ibcast_binomial(buf, 1, MPI_INT, p, c, &req); break;
        case 1: err = collalg_ibcast_binomial(buf, -1, MPI_INT, 0, c, &req); break;
        case 2: err = collalg_iallreduce_recursive_doubling(buf, buf + 2, 1, MPI_INT, MPI_OP_NULL, c, &req); break;
        case 3: err = collalg_iallgather_ring(buf, 1, MPI_INT, buf + 2, 1, MPI_INT, c, NULL); break;
        case 4: err = collalg_ialltoall_linear(buf, 1, MPI_DATATYPE_NULL, buf + 2, 1, MPI_INT, c, &req); break;
        case 5: err = collalg_ibarrier_dissemination(MPI_COMM_NULL, &req); break;
        case 6: err = collalg_ibcast_knomial(buf, 1, MPI_INT, 0, c, &req, 1); break;
        case 7: err = collalg_ibarrier_k_dissemination(c, &req, -1); break;
        case 8: err = collalg_iallreduce_recursive_multiplying(buf, buf + 2, 1, MPI_INT, MPI_SUM, c, &req, 1); break;
        case 9: err = collalg_ireduce_pipeline(buf, buf + 2, 1, MPI_INT, MPI_SUM, 0, c, &req, -1); break;
        case 10: err = collalg_igather_knomial(buf, 1, MPI_INT, buf + 2, 1, MPI_INT, 0, c, &req, 1); break;
        case 11: err = collalg_iscatter_knomial(buf, 1, MPI_INT, buf + 2, 1, MPI_INT, 0, c, &req, -1); break;
        case 12: err = collalg_ibcast_chain(buf, 1, MPI_INT, 0, c, &req, -1); break;
        case 13: err = collalg_ialltoall_scattered(buf, 1, MPI_INT, buf + 2, 1, MPI_INT, c, &req, -1); break;
        case 14: err = collalg_iallreduce_pipelined_tree(buf, buf + 2, 1, MPI_INT, MPI_SUM, c, &req, 0, 3, 0); break;
        case 15: err = collalg_iallgather_k_bruck(buf, 1, MPI_INT, buf + 2, 1, MPI_INT, c, &req, -1); break;
        case 16: err = collalg_ibcast_smp(buf, 1, MPI_INT, 0, c, &req, -1); break;
        case 17: err = collalg_ireduce_smp(buf, buf + 2, 1, MPI_INT, MPI_SUM, -1, c, &req); break;
        case 18: err = collalg_iallreduce_smp(buf, buf + 2, 1, MPI_INT, MPI_OP_NULL, c, &req); break;
        case 19: err = collalg_reduce_init_smp(buf, buf + 2, -1, MPI_INT, MPI_SUM, 0, c, MPI_INFO_NULL, &req); break;
        case 20: err = collalg_iscan_smp(buf, buf + 2, 1, MPI_DATATYPE_NULL, MPI_SUM, c, &req); break;
        case 21: err = collalg_ibcast_scatterv_recexch_allgatherv(buf, 1, MPI_INT, 0, c, &req, 1); break;
        case 22: err = collalg_ibcast_pipelined_tree(buf, 1, MPI_INT, 0, c, &req, -1, 0, 0); break;
        case 23: err = collalg_ibcast_pipelined_tree(buf, 1, MPI_INT, 0, c, &req, 0, 0, 1); break;
        case 24: err = collalg_ibcast_pipelined_tree(buf, 1, MPI_INT, 0, c, &req, 0, 3, 0); break;
        case 25: err = collalg_ireduce_pipelined_tree(buf, buf + 2, 1, MPI_INT, MPI_SUM, 0, c, &req, 0, 0, 1); break;
        case 26: err = collalg_ialltoall_k_bruck(buf, 0, MPI_INT, buf + 2, 0, MPI_INT, c, &req, 1); break;
        default: err = collalg_iallgatherv_k_bruck(buf, 0, MPI_INT, buf + 2, zeros, zeros, MPI_INT, c, &req, -1); break;
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
    free(zeros);
}

/* ibarrier: dissemination, k_dissemination (radix 3, the default, one above p) and recexch (radix 3,
 * the default, one above p). */
static void run_barriers(th_result *res, const th_opts *o, int p, int mode)
{
    MPI_Request req;
    char what[64];
    int ti;
    NB(barrier, dissemination, mode, &req, MPI_COMM_WORLD);
    nb_complete(&req, mode);
    snprintf(what, sizeof what, "ibarrier dissemination%s", nb_mode_name(mode));
    th_expect(res, o, what, req == MPI_REQUEST_NULL);
    for (ti = 0; ti < 3; ti++) { /* radix 3, the default, and one above p */
        NBK(barrier, k_dissemination, mode, &req, ti == 0 ? 3 : ti == 1 ? 0 : p + 1, MPI_COMM_WORLD);
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "ibarrier k_dissemination radix %d%s",
                 ti == 0   ? 3
                 : ti == 1 ? 0
                           : p + 1,
                 nb_mode_name(mode));
        th_expect(res, o, what, req == MPI_REQUEST_NULL);
    }
    for (ti = 0; ti < 3; ti++) { /* recexch: radix 3, the default (2), and one above p */
        int k = ti == 0 ? 3 : ti == 1 ? 0 : p + 1;
        NBK(barrier, recexch, mode, &req, k, MPI_COMM_WORLD);
        nb_complete(&req, mode);
        snprintf(what, sizeof what, "ibarrier recexch radix %d%s", k, nb_mode_name(mode));
        th_expect(res, o, what, req == MPI_REQUEST_NULL);
    }
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result res = {0, 0, NULL, NULL};
    th_types t[TH_NTYPES];
    rc_set rs;
    int p, rank, ti, ci, mode, inplace;
    const char *only = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_parse(argc, argv, &o);
    for (ti = 1; ti + 1 < argc; ti++) /* --coll LIST: the rows of those collectives only */
        if (!strcmp(argv[ti], "--coll"))
            only = argv[ti + 1];
    th_types_init(t);
    rc_set_init(&rs);
    /* NB_WAIT runs where the MPI advances the requests itself (MPICH), NB_SPIN everywhere, and
     * NB_PERSISTENT the persistent forms, with the int and vector types only */
    for (mode = COLLALG_NBC_MPIX ? NB_WAIT : NB_SPIN; mode < NB_MODES; mode++) {
        if (NB_WANT("ibarrier"))
            run_barriers(&res, &o, p, mode);
        for (ti = 0; ti < TH_NTYPES; ti++) {
            if (!th_want_type(&o, t[ti].name) ||
                (mode == NB_PERSISTENT && strcmp(t[ti].name, "int") != 0 && strcmp(t[ti].name, "vector") != 0))
                continue;
            for (ci = 0; ci < o.ncounts; ci++) {
                int count = count_of(o.counts[ci], t[ti].rtype), kind, pat;
                if (NB_WANT("ibcast"))
                    run_bcast(&res, &o, &t[ti], count, p, rank, mode);
                for (inplace = 0; inplace <= o.inplace; inplace++) {
                    for (kind = 0; kind < NTRANSPORTS; kind++)
                        if (NB_WANT(transports[kind].all2all ? "ialltoall" : "iallgather"))
                            run_transport(&res, &o, &t[ti], count, p, rank, kind, inplace, mode);
                    if (NB_WANT("igather"))
                        run_rooted(&res, &o, &t[ti], count, p, rank, 0, inplace, mode);
                    if (NB_WANT("iscatter"))
                        run_rooted(&res, &o, &t[ti], count, p, rank, 1, inplace, mode);
                    for (kind = 0; kind < A2AV_NALGS; kind++) {
                        if (NB_WANT("ialltoallv"))
                            run_alltoallv(&res, &o, &t[ti], count, p, rank, inplace, mode, kind);
                        if (NB_WANT("ialltoallw"))
                            run_alltoallw(&res, &o, &t[ti], count, p, rank, inplace, mode, kind);
                    }
                    for (kind = 0; kind < NV_KINDS; kind++)
                        for (pat = 1; pat < TH_NVPATTERNS && NB_WANT(nv_coll[kind < 2 ? kind : 2]); pat += 2)
                            run_v(&res, &o, &t[ti], count, pat, p, rank, kind, inplace,
                                  mode); /* zeros, random, permuted */
                }
            }
        }
        for (ti = 0; ti < RC_NCASES; ti++)
            for (ci = 0; ci < o.ncounts; ci++)
                for (inplace = 0; inplace <= o.inplace; inplace++) {
                    int count = o.counts[ci] < 0 ? 65536 / rs.c[ti].extent + 3 : o.counts[ci], which;
                    if (NB_WANT("iallreduce"))
                        run_allreduce(&res, &o, &rs.c[ti], count, p, rank, inplace, mode);
                    for (which = 0; which < 15; which++)
                        if (NB_WANT(rc_coll[which < 3 ? which : 3 + (which + 1) % 2]))
                            run_reduction(&res, &o, &rs.c[ti], count, p, rank, which, inplace, mode);
                }
        if (mode != NB_PERSISTENT && NB_WANT("misc"))
            run_outstanding(&res, &o, p, rank, mode);
        if (COLLALG_NBC_KEEP_TYPES && NB_WANT("misc"))
            run_type_freed(&res, &o, p, rank, mode);
    }
    if (NB_WANT("misc")) {
        run_persistent(&res, &o, p, rank);
        run_errors(&res, &o, p, rank);
    }
    rc_set_free(&rs);
    th_types_free(t);
    ci = th_finish(&res, "nonblocking");
    MPI_Finalize();
    return ci;
}
