/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file overhead.c
 * @brief The per-call software overhead benchmark (make bench-overhead, docs/overhead.md): one
 *        8-byte call of every native collective, every catalogue algorithm called directly with
 *        its default parameters, and the tuned routine that runs it, each measured alone.
 *
 * @par What runs
 * On a duplicate of MPI_COMM_WORLD (errors returned), for each entry in turn (all ranks alike):
 * 1. two warm-up calls (the private duplicate, the node level and shared windows, the topology
 *    and every other per-communicator cache are then built), a native MPI_Barrier;
 * 2. MPI_Pcontrol(1), CALLGRIND_ZERO_STATS, the measured call,
 *    CALLGRIND_DUMP_STATS_AT("ovh|<collective>|<impl>|<runs>|<p>|<bytes>|<rank>"), MPI_Pcontrol(0);
 * 3. rank 0 gathers every rank's return code and, when the counting library (mpicount.c) is
 *    preloaded, its counts, and prints one line
 *    `row,<collective>,<impl>,<runs>,<p>,<bytes>,<status>,<calls>,<messages>,<collectives>`
 *    (counts summed over the ranks, -1 without the library; status `ok` or the MPI error string).
 * Under valgrind --tool=callgrind each measured call leaves one dump file per rank (the label is
 * its description); elsewhere the client requests do nothing.
 *
 * @par The entries (impl, runs)
 * - `native`, `native`: the MPI collective;
 * - `<algorithm>`, `<algorithm>`: collalg_<collective>_<algorithm>(..., 0, ...) for every row of
 *   the catalogue's table (catalogue.h, through the generated build/bench/<mpi>/overhead_algs.h
 *   that adds the number of parameters);
 * - `tuned`, `<algorithm>`: a COLLALG_TUNED_<COLLECTIVE> routine with the one rule
 *   COLLALG_RULE(0, COLLALG_INF, <algorithm>, 0, ...);
 * - `tuned`, `native`: a tuned routine with no rule (the selector's fall-through to MPI).
 * The nonblocking collectives (iallreduce, ...) have the same four kinds of entry, each call a
 * start and its completion by MPI_Test, every rank in step (ovh_complete()).
 *
 * @par The call (the selector's n is 8 bytes)
 * MPI_BYTE blocks of 8 (alltoall, allgather, bcast, gather, scatter and the v and w forms: 8 per
 * peer), 2 MPI_INT with MPI_SUM (allreduce, reduce, scan, exscan; reduce_scatter: the 2 ints split
 * as evenly as possible over the ranks), reduce_scatter_block 1 int per rank when p > 2 (n = 4 p
 * bytes), barrier n = 0; root 0. A nonblocking collective takes its blocking form's arguments.
 *
 * @par Usage
 * `overhead [collective [impl]]`: only the entries of that collective (and impl).
 */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include <valgrind/callgrind.h>
#include <collalg/collalg.h>
#include <collalg/nonblocking.h>
#include <collalg/select.h>
#include "overhead_algs.h"

/** @brief The arguments every measured call takes its own from. */
typedef struct ovh_call {
    char *sbuf;          /**< send buffer (64 p bytes, zeros) */
    char *rbuf;          /**< receive buffer (64 p bytes) */
    int *counts;         /**< 8 for every peer (v and w forms) */
    int *displs;         /**< 8 i (v forms: elements of MPI_BYTE; alltoallw: bytes) */
    MPI_Datatype *types; /**< MPI_BYTE for every peer (alltoallw) */
    int *rscounts;       /**< reduce_scatter: the 2 ints split over the ranks */
    int rsb;             /**< reduce_scatter_block: ints per rank */
    MPI_Comm comm;       /**< the measured communicator */
} ovh_call;

/** @cond OVH_ARGUMENTS */
/* Each collective's MPI argument list, from the ovh_call c. */
#define OVH_ARGS_alltoall c->sbuf, 8, MPI_BYTE, c->rbuf, 8, MPI_BYTE, c->comm
#define OVH_ARGS_allgather c->sbuf, 8, MPI_BYTE, c->rbuf, 8, MPI_BYTE, c->comm
#define OVH_ARGS_allreduce c->sbuf, c->rbuf, 2, MPI_INT, MPI_SUM, c->comm
#define OVH_ARGS_bcast c->rbuf, 8, MPI_BYTE, 0, c->comm
#define OVH_ARGS_alltoallv c->sbuf, c->counts, c->displs, MPI_BYTE, c->rbuf, c->counts, c->displs, MPI_BYTE, c->comm
#define OVH_ARGS_allgatherv c->sbuf, 8, MPI_BYTE, c->rbuf, c->counts, c->displs, MPI_BYTE, c->comm
#define OVH_ARGS_barrier c->comm
#define OVH_ARGS_alltoallw c->sbuf, c->counts, c->displs, c->types, c->rbuf, c->counts, c->displs, c->types, c->comm
#define OVH_ARGS_gather c->sbuf, 8, MPI_BYTE, c->rbuf, 8, MPI_BYTE, 0, c->comm
#define OVH_ARGS_scatter c->sbuf, 8, MPI_BYTE, c->rbuf, 8, MPI_BYTE, 0, c->comm
#define OVH_ARGS_gatherv c->sbuf, 8, MPI_BYTE, c->rbuf, c->counts, c->displs, MPI_BYTE, 0, c->comm
#define OVH_ARGS_scatterv c->sbuf, c->counts, c->displs, MPI_BYTE, c->rbuf, 8, MPI_BYTE, 0, c->comm
#define OVH_ARGS_reduce c->sbuf, c->rbuf, 2, MPI_INT, MPI_SUM, 0, c->comm
#define OVH_ARGS_scan c->sbuf, c->rbuf, 2, MPI_INT, MPI_SUM, c->comm
#define OVH_ARGS_exscan c->sbuf, c->rbuf, 2, MPI_INT, MPI_SUM, c->comm
#define OVH_ARGS_reduce_scatter_block c->sbuf, c->rbuf, c->rsb, MPI_INT, MPI_SUM, c->comm
#define OVH_ARGS_reduce_scatter c->sbuf, c->rbuf, c->rscounts, MPI_INT, MPI_SUM, c->comm

/* The default parameters: OVH_P<k> appends k zeros to an argument list. */
#define OVH_P0
#define OVH_P1 , 0
#define OVH_P2 , 0, 0
#define OVH_P3 , 0, 0, 0
#define OVH_P4 , 0, 0, 0, 0
#define OVH_P5 , 0, 0, 0, 0, 0
#define OVH_P6 , 0, 0, 0, 0, 0, 0

/**
 * @brief Completes the request @p req of a nonblocking start that returned @p rc, one MPI_Test
 *        per step (after collalg_progress() where the request does not advance itself,
 *        !COLLALG_NBC_MPIX), every rank in step: between two steps, with counting and callgrind
 *        paused, an MPI_Allreduce on MPI_COMM_WORLD says whether every rank is done. So each
 *        test finds the messages of the step before delivered, and neither the waiting nor a
 *        busy poll is counted: what is counted is the start and one test per round of the
 *        schedule, which is what a program pays that tests now and then while it computes.
 * @return @p rc when the start failed, else the first error of the tests
 */
static int ovh_complete(int rc, MPI_Request *req)
{
    int done = rc != MPI_SUCCESS, all = 0;
    while (!all) {
        if (!done) {
            if (!COLLALG_NBC_MPIX)
                collalg_progress();
            rc = MPI_Test(req, &done, MPI_STATUS_IGNORE);
            done = done || rc != MPI_SUCCESS;
        }
        MPI_Pcontrol(0);
        CALLGRIND_TOGGLE_COLLECT;
        MPI_Allreduce(&done, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        CALLGRIND_TOGGLE_COLLECT;
        MPI_Pcontrol(2);
    }
    return rc;
}

/* Per collective: the native call, the selector macro's name for it, a tuned routine without rules. */
#define OVH_PER_COLLECTIVE(coll, Mpi, UPPER)                                                      \
    static int ovh_native_##coll(const ovh_call *c)                                               \
    {                                                                                             \
        return MPI_##Mpi(OVH_ARGS_##coll);                                                        \
    }                                                                                             \
    COLLALG_TUNED_##UPPER(ovh_none_##coll, ) static int ovh_fallthrough_##coll(const ovh_call *c) \
    {                                                                                             \
        return ovh_none_##coll(OVH_ARGS_##coll);                                                  \
    }
OVERHEAD_COLLECTIVES(OVH_PER_COLLECTIVE)

/* Per algorithm: the direct call and the one-rule tuned routine. */
#define OVH_PER_ALGORITHM(coll, alg, restrictions, zeros, UPPER)                                        \
    static int ovh_direct_##coll##_##alg(const ovh_call *c)                                             \
    {                                                                                                   \
        return collalg_##coll##_##alg(OVH_ARGS_##coll zeros);                                           \
    }                                                                                                   \
    COLLALG_TUNED_##UPPER(                                                                              \
        ovh_rule_##coll##_##alg,                                                                        \
        COLLALG_RULE(0, COLLALG_INF, alg zeros)) static int ovh_tuned_##coll##_##alg(const ovh_call *c) \
    {                                                                                                   \
        return ovh_rule_##coll##_##alg(OVH_ARGS_##coll);                                                \
    }
OVERHEAD_ALGORITHMS(OVH_PER_ALGORITHM)

/* The nonblocking ones: a start (the blocking form's arguments, then the request) and its completion. */
#define OVH_NB_PER_COLLECTIVE(coll, Mpi, UPPER, base)                                             \
    static int ovh_native_##coll(const ovh_call *c)                                               \
    {                                                                                             \
        MPI_Request req;                                                                          \
        return ovh_complete(MPI_##Mpi(OVH_ARGS_##base, &req), &req);                              \
    }                                                                                             \
    COLLALG_TUNED_##UPPER(ovh_none_##coll, ) static int ovh_fallthrough_##coll(const ovh_call *c) \
    {                                                                                             \
        MPI_Request req;                                                                          \
        return ovh_complete(ovh_none_##coll(OVH_ARGS_##base, &req), &req);                        \
    }
#define OVH_NB_PER_ALGORITHM(coll, alg, restrictions, zeros, UPPER, base)                               \
    static int ovh_direct_##coll##_##alg(const ovh_call *c)                                             \
    {                                                                                                   \
        MPI_Request req;                                                                                \
        return ovh_complete(collalg_##coll##_##alg(OVH_ARGS_##base, &req zeros), &req);                 \
    }                                                                                                   \
    COLLALG_TUNED_##UPPER(                                                                              \
        ovh_rule_##coll##_##alg,                                                                        \
        COLLALG_RULE(0, COLLALG_INF, alg zeros)) static int ovh_tuned_##coll##_##alg(const ovh_call *c) \
    {                                                                                                   \
        MPI_Request req;                                                                                \
        return ovh_complete(ovh_rule_##coll##_##alg(OVH_ARGS_##base, &req), &req);                      \
    }
OVERHEAD_NB_COLLECTIVES(OVH_NB_PER_COLLECTIVE)
OVERHEAD_NB_ALGORITHMS(OVH_NB_PER_ALGORITHM)
/** @endcond */

/** @brief One measured entry. */
typedef struct ovh_entry {
    const char *coll;             /**< collective */
    const char *impl;             /**< native, tuned or the algorithm's name */
    const char *runs;             /**< what runs: native or the algorithm's name */
    int (*fn)(const ovh_call *c); /**< the call */
} ovh_entry;

/** @cond OVH_ENTRIES */
#define OVH_ENTRIES_COLL(coll, Mpi, UPPER) \
    {#coll, "native", "native", ovh_native_##coll}, {#coll, "tuned", "native", ovh_fallthrough_##coll},
#define OVH_ENTRIES_ALG(coll, alg, restrictions, zeros, UPPER) \
    {#coll, #alg, #alg, ovh_direct_##coll##_##alg}, {#coll, "tuned", #alg, ovh_tuned_##coll##_##alg},
/** @endcond */

/** @brief Every entry: per collective native and the fall-through, then per algorithm direct and tuned. */
#define OVH_NB_ENTRIES_COLL(coll, Mpi, UPPER, base) OVH_ENTRIES_COLL(coll, Mpi, UPPER)
#define OVH_NB_ENTRIES_ALG(coll, alg, restrictions, zeros, UPPER, base) \
    {#coll, #alg, #alg, ovh_direct_##coll##_##alg}, {#coll, "tuned", #alg, ovh_tuned_##coll##_##alg},
static const ovh_entry ovh_entries[] = {OVERHEAD_COLLECTIVES(OVH_ENTRIES_COLL) OVERHEAD_ALGORITHMS(
    OVH_ENTRIES_ALG) OVERHEAD_NB_COLLECTIVES(OVH_NB_ENTRIES_COLL) OVERHEAD_NB_ALGORITHMS(OVH_NB_ENTRIES_ALG)};

/** @brief The selector's n (bytes) of the benchmark's call of @p coll on @p p ranks. */
static long long ovh_bytes(const char *coll, const ovh_call *c, int p)
{
    if (coll[0] == 'i') /* a nonblocking collective (no blocking one starts with i): its blocking form's n */
        coll++;
    if (strcmp(coll, "barrier") == 0)
        return 0;
    if (strcmp(coll, "reduce_scatter_block") == 0)
        return 4LL * p * c->rsb;
    return 8;
}

/** @brief Allocates and fills the arguments for @p p ranks on @p comm. */
static void ovh_call_init(ovh_call *c, MPI_Comm comm, int p)
{
    int i;
    c->sbuf = calloc((size_t)64 * p, 1);
    c->rbuf = calloc((size_t)64 * p, 1);
    c->counts = malloc(sizeof(int) * p);
    c->displs = malloc(sizeof(int) * p);
    c->rscounts = malloc(sizeof(int) * p);
    c->types = malloc(sizeof(MPI_Datatype) * p);
    if (!c->sbuf || !c->rbuf || !c->counts || !c->displs || !c->rscounts || !c->types) {
        fprintf(stderr, "overhead: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (i = 0; i < p; i++) {
        c->counts[i] = 8;
        c->displs[i] = 8 * i;
        c->types[i] = MPI_BYTE;
        c->rscounts[i] = 2 / p + (i < 2 % p); /* 2 ints as evenly as possible, the first ranks one more */
    }
    c->rsb = p > 2 ? 1 : 2 / p;
    c->comm = comm;
}

/** @brief Frees what ovh_call_init() allocated. */
static void ovh_call_free(ovh_call *c)
{
    free(c->sbuf);
    free(c->rbuf);
    free(c->counts);
    free(c->displs);
    free(c->rscounts);
    free(c->types);
}

/** @brief The counting library's counters (calls, messages, collectives), or -1s without it. */
static void ovh_counts(long long out[3])
{
    int (*get)(long long *) = NULL;
    void *sym = dlsym(RTLD_DEFAULT, "mpicount_get");
    out[0] = out[1] = out[2] = -1;
    memcpy(&get, &sym, sizeof get);
    if (get)
        get(out);
}

/**
 * @brief Runs entry @p e (see the file comment): two warm-up calls, then the measured call
 *        bracketed for the counting library and callgrind (@p label names its dump).
 * @return the first error code of the three calls (the measured one is skipped after an error)
 */
static int ovh_measure(const ovh_entry *e, const ovh_call *c, const char *label)
{
    /* Phase 1: two warm-up calls (private duplicate and caches built), then every rank starts together. */
    int rc = e->fn(c);
    if (rc == MPI_SUCCESS)
        rc = e->fn(c);
    MPI_Barrier(MPI_COMM_WORLD);
    /* Phase 2: the measured call, bracketed for the counting library and for callgrind. */
    MPI_Pcontrol(1);
    CALLGRIND_ZERO_STATS;
    if (rc == MPI_SUCCESS)
        rc = e->fn(c);
    CALLGRIND_DUMP_STATS_AT(label);
    MPI_Pcontrol(0);
    return rc;
}

/**
 * @brief Phase 3 of one entry: rank 0 of MPI_COMM_WORLD gathers every rank's counts and return
 *        code @p rc and prints the row `row,<coll>,<impl>,<runs>,<p>,<bytes>,<status>,<calls>,
 *        <messages>,<collectives>` (sums over the ranks; -1 without the counting library).
 */
static void ovh_row(const ovh_entry *e, int p, int rank, long long bytes, int rc)
{
    char status[MPI_MAX_ERROR_STRING + 1] = "ok";
    long long mine[4], all[4 * 1024] = {0}, sum[3] = {0};
    int i, len = 0, err = MPI_SUCCESS;
    ovh_counts(mine);
    mine[3] = rc;
    MPI_Gather(mine, 4, MPI_LONG_LONG, all, 4, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (rank != 0)
        return;
    for (i = 0; i < p; i++) {
        sum[0] += all[4 * i];
        sum[1] += all[4 * i + 1];
        sum[2] += all[4 * i + 2];
        if (err == MPI_SUCCESS)
            err = (int)all[4 * i + 3];
    }
    if (err != MPI_SUCCESS) { /* the first failing rank's error, without the CSV's separators */
        MPI_Error_string(err, status, &len);
        for (i = 0; status[i]; i++)
            status[i] = status[i] == ',' || status[i] == '\n' ? ';' : status[i];
    }
    if (mine[0] < 0)
        sum[0] = sum[1] = sum[2] = -1;
    printf("row,%s,%s,%s,%d,%lld,%s,%lld,%lld,%lld\n", e->coll, e->impl, e->runs, p, bytes, status, sum[0], sum[1],
           sum[2]);
    fflush(stdout);
}

/** @brief 1 when entry @p e is selected by the command line (collective @p coll, impl @p impl, NULL: any). */
static int ovh_selected(const ovh_entry *e, const char *coll, const char *impl)
{
    if (coll && strcmp(coll, e->coll) != 0)
        return 0;
    return !impl || strcmp(impl, e->impl) == 0 || (strcmp(impl, "tuned") != 0 && strcmp(impl, e->runs) == 0);
}

/** @brief Measures entry @p e on @p p ranks (this one @p rank) and prints its row. */
static void ovh_entry_run(const ovh_entry *e, const ovh_call *c, int p, int rank)
{
    char label[256];
    long long bytes = ovh_bytes(e->coll, c, p);
    snprintf(label, sizeof label, "ovh|%s|%s|%s|%d|%lld|%d", e->coll, e->impl, e->runs, p, bytes, rank);
    ovh_row(e, p, rank, bytes, ovh_measure(e, c, label));
}

/** @brief Runs every selected entry on a duplicate of MPI_COMM_WORLD. */
int main(int argc, char **argv)
{
    ovh_call c;
    MPI_Comm comm;
    int p, rank;
    size_t i;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (p > 1024) {
        if (rank == 0)
            fprintf(stderr, "overhead: at most 1024 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    ovh_call_init(&c, comm, p);
    for (i = 0; i < sizeof ovh_entries / sizeof *ovh_entries; i++)
        if (ovh_selected(&ovh_entries[i], argc > 1 ? argv[1] : NULL, argc > 2 ? argv[2] : NULL))
            ovh_entry_run(&ovh_entries[i], &c, p, rank);
    ovh_call_free(&c);
    MPI_Comm_free(&comm);
    MPI_Finalize();
    return 0;
}
