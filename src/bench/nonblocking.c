/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nonblocking.c - `make bench-nonblocking` (mk/bench-nonblocking.mk): the catalogue's nonblocking
 * collectives under SimGrid's SMPI, against SimGrid's native nonblocking collectives and the
 * catalogue's blocking algorithm of the same schedule. A benchmark: it asserts nothing.
 *
 * For each collective, message size and implementation it measures
 *   (a) ms: one start + wait (blocking: one call). Each sample: MPI_Barrier, MPI_Wtime, the
 *       call, MPI_Wtime; the sample is the slowest rank's time (MPI_Allreduce, MPI_MAX); the
 *       value the median of the samples, after one untimed call (it makes the catalogue's
 *       private communicator and touches the buffers). The catalogue's requests are waited for
 *       with collalg_progress() + MPI_Test in a loop (SMPI has no MPICH extended generalized
 *       requests: core/nbc.h), the native ones with MPI_Wait.
 *   (b) overlap_pct, as OSU's osu_i* benchmarks define it (the method only, none of their code):
 *       t_pure is (a); a sample starts the operation, computes for t_pure in 10 equal slices of
 *       simulated time (smpi_execute_flops, at the simulated host's speed measured once), with
 *       collalg_progress() (catalogue requests only) and MPI_Test between slices, then waits as
 *       in (a): t_total, and t_compute the time of the computing part (slices and tests), both
 *       the slowest rank's; with their medians,
 *       overlap % = max(0, 100 (1 - (t_total - t_compute) / t_pure)).
 *       Blocking calls have no overlap (empty column).
 *
 * Collectives, their catalogue algorithms (each nonblocking one with the blocking one of the same
 * schedule, nb_algs[]) and what "bytes" is:
 *   iallreduce             recursive_doubling, rabenseifner, ring, recursive_multiplying
 *                          (radix 4) (allreduce_<same>); the vector, ints, MPI_SUM (8 B:
 *                          2 ints)
 *   ibcast                 binomial, scatter_ring_allgather, knomial (bcast_<same>), smp
 *                          (bcast_hierarchical, the same three levels); the message, MPI_BYTE,
 *                          root 0
 *   iallgather             ring (allgather_logical_ring: MPICH's neighbour-forwarding ring;
 *                          allgather_ring is Faraj and Yuan's direct exchange at distance i),
 *                          recursive_doubling, bruck (allgather_<same>); each rank's block,
 *                          MPI_BYTE
 *   ialltoall              linear (alltoall_spreading_simple: every message posted at once, in
 *                          the same order of distance), pair, bruck (alltoall_<same>); the block
 *                          of one pair, MPI_BYTE
 *   ireduce_scatter_block  reduce_scatterv, recursive_halving (reduce_scatter_block_<same>); the
 *                          whole vector (p blocks), ints, MPI_SUM, at least one int per rank
 *                          (8 B at p = 16: 64 B)
 * The native nonblocking collective runs once per size (algorithm column "native").
 *
 * The buffers are SMPI_SHARED_MALLOC'ed (every simulated rank shares one copy, whose contents
 * mean nothing): the largest is p x 4 MiB (alltoall). Only the catalogue's scratch is per rank
 * (one vector for allreduce and the reduce-scatter: 16 x 4 MiB). No static state: SMPI runs
 * every rank in one process.
 *
 * SimGrid makes every MPI_Test sleep, once per request it tests (MPI_Testsome, a native nonblocking
 * collective's subrequests): mk/bench-nonblocking.mk runs with --cfg=smpi/test:1e-7 and
 * --cfg=smpi/grow-injected-times:no, and says why. The tests' sleeps are part of t_compute.
 *
 * Usage (under smpirun, with --cfg=smpi/simulate-computation:yes, or smpi_execute_flops burns
 * nothing and the program stops):
 *   nonblocking [-o CSV] [-P PLATFORM] [-r REPS] [-s SIZES] [-c COLLECTIVES] [-i IMPLS] [-a ALGORITHMS]
 *   -o   output file (default stdout): the header line
 *        platform,collective,bytes,impl,algorithm,ms,overlap_pct and one row per measurement
 *   -P   the platform column (default "cluster")
 *   -r   samples per measurement (default 3; the simulation is deterministic)
 *   -s   comma-separated sizes in bytes (default 8,64,512,4096,16384,65536,262144,1048576,4194304)
 *   -c   comma-separated collectives (default all five)
 *   -i   comma-separated impls: collalg-nb, native-nb, collalg-blocking (default all three)
 *   -a   comma-separated algorithms of nb_algs[] (default all)
 * Progress lines go to stderr.
 */
#include <collalg/nonblocking.h>
#include <collalg/allreduce/rabenseifner.h>
#include <collalg/allreduce/recursive_doubling.h>
#include <collalg/allreduce/recursive_multiplying.h>
#include <collalg/allreduce/ring.h>
#include <collalg/bcast/binomial.h>
#include <collalg/bcast/hierarchical.h>
#include <collalg/bcast/knomial.h>
#include <collalg/bcast/scatter_ring_allgather.h>
#include <collalg/allgather/bruck.h>
#include <collalg/allgather/recursive_doubling.h>
#include <collalg/allgather/logical_ring.h>
#include <collalg/alltoall/bruck.h>
#include <collalg/alltoall/pair.h>
#include <collalg/alltoall/spreading_simple.h>
#include <collalg/reduce_scatter_block/recursive_halving.h>
#include <collalg/reduce_scatter_block/reduce_scatterv.h>

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

#define NB_MAX_SIZES 32
#define NB_MAX_REPS 99
#define NB_SLICES 10
#define NB_POLL_RES 1000 /* nb_wait() */

enum nb_coll { NB_IALLREDUCE, NB_IBCAST, NB_IALLGATHER, NB_IALLTOALL, NB_IREDUCE_SCATTER_BLOCK, NB_NCOLLS };
enum nb_impl { NB_COLLALG_NB, NB_NATIVE_NB, NB_COLLALG_BLOCKING, NB_NIMPLS };

static const char *const nb_coll_names[NB_NCOLLS] = {"iallreduce", "ibcast", "iallgather", "ialltoall",
                                                     "ireduce_scatter_block"};
static const char *const nb_impl_names[NB_NIMPLS] = {"collalg-nb", "native-nb", "collalg-blocking"};

/** @brief Everything a measurement needs (one per simulated rank: no static state). */
typedef struct nb_bench {
    MPI_Comm comm;
    int rank, p, reps;
    char *sbuf, *rbuf;  /* shared by the simulated ranks; p x the largest size each */
    double flops_per_s; /* simulated host speed, measured */
} nb_bench;

/* The three argument lists: the reductions (MPI_Iallreduce's, MPI_Ireduce_scatter_block's), the
 * broadcast, the transports (MPI_Iallgather's, MPI_Ialltoall's); nonblocking, then blocking. */
typedef int (*nb_red_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *);
typedef int (*nb_bcast_fn)(void *, int, MPI_Datatype, int, MPI_Comm, MPI_Request *);
typedef int (*nb_move_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm, MPI_Request *);
typedef int (*b_red_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
typedef int (*b_bcast_fn)(void *, int, MPI_Datatype, int, MPI_Comm);
typedef int (*b_move_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);

/** @brief One measured algorithm: the nonblocking one and the blocking one of the same schedule
 *         (the pair of the collective's argument list; the others NULL). */
typedef struct nb_alg {
    int coll;
    const char *name;
    nb_red_fn ired;
    b_red_fn red;
    nb_bcast_fn ibcast;
    b_bcast_fn bcast;
    nb_move_fn imove;
    b_move_fn move;
} nb_alg;

#define NB_RED(coll, name, nb, blocking)                 \
    {                                                    \
        coll, name, nb, blocking, NULL, NULL, NULL, NULL \
    }
#define NB_BCAST(name, nb, blocking)                          \
    {                                                         \
        NB_IBCAST, name, NULL, NULL, nb, blocking, NULL, NULL \
    }
#define NB_MOVE(coll, name, nb, blocking)                \
    {                                                    \
        coll, name, NULL, NULL, NULL, NULL, nb, blocking \
    }
/* The algorithms with tuning parameters, at their defaults (the blocking twin of ibcast smp, root
 * to leader then leaders then nodes segment by segment, is bcast hierarchical). */
static int nb_iallreduce_recmult(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c, MPI_Request *q)
{
    return collalg_iallreduce_recursive_multiplying(s, r, n, t, op, c, q, 0);
}
static int nb_allreduce_recmult(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_recursive_multiplying(s, r, n, t, op, c, 0);
}
static int nb_ibcast_knomial(void *b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request *q)
{
    return collalg_ibcast_knomial(b, n, t, root, c, q, 0);
}
static int nb_bcast_knomial(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_knomial(b, n, t, root, c, 0);
}
static int nb_ibcast_smp(void *b, int n, MPI_Datatype t, int root, MPI_Comm c, MPI_Request *q)
{
    return collalg_ibcast_smp(b, n, t, root, c, q, 0);
}
static int nb_bcast_hierarchical(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_hierarchical(b, n, t, root, c, 0);
}

static const nb_alg nb_algs[] = {
    NB_RED(NB_IALLREDUCE, "recursive_doubling", collalg_iallreduce_recursive_doubling,
           collalg_allreduce_recursive_doubling),
    NB_RED(NB_IALLREDUCE, "rabenseifner", collalg_iallreduce_rabenseifner, collalg_allreduce_rabenseifner),
    NB_RED(NB_IALLREDUCE, "ring", collalg_iallreduce_ring, collalg_allreduce_ring),
    NB_RED(NB_IALLREDUCE, "recursive_multiplying", nb_iallreduce_recmult, nb_allreduce_recmult),
    NB_BCAST("binomial", collalg_ibcast_binomial, collalg_bcast_binomial),
    NB_BCAST("scatter_ring_allgather", collalg_ibcast_scatter_ring_allgather, collalg_bcast_scatter_ring_allgather),
    NB_BCAST("knomial", nb_ibcast_knomial, nb_bcast_knomial),
    NB_BCAST("smp", nb_ibcast_smp, nb_bcast_hierarchical),
    NB_MOVE(NB_IALLGATHER, "ring", collalg_iallgather_ring, collalg_allgather_logical_ring),
    NB_MOVE(NB_IALLGATHER, "recursive_doubling", collalg_iallgather_recursive_doubling,
            collalg_allgather_recursive_doubling),
    NB_MOVE(NB_IALLGATHER, "bruck", collalg_iallgather_bruck, collalg_allgather_bruck),
    NB_MOVE(NB_IALLTOALL, "linear", collalg_ialltoall_linear, collalg_alltoall_spreading_simple),
    NB_MOVE(NB_IALLTOALL, "pair", collalg_ialltoall_pair, collalg_alltoall_pair),
    NB_MOVE(NB_IALLTOALL, "bruck", collalg_ialltoall_bruck, collalg_alltoall_bruck),
    NB_RED(NB_IREDUCE_SCATTER_BLOCK, "reduce_scatterv", collalg_ireduce_scatter_block_reduce_scatterv,
           collalg_reduce_scatter_block_reduce_scatterv),
    NB_RED(NB_IREDUCE_SCATTER_BLOCK, "recursive_halving", collalg_ireduce_scatter_block_recursive_halving,
           collalg_reduce_scatter_block_recursive_halving),
};
#define NB_NALGS ((int)(sizeof nb_algs / sizeof *nb_algs))

/* The native nonblocking collective of `coll`, on the arguments nb_call() makes. */
static int nb_native(int coll, const void *s, void *r, int count, MPI_Comm comm, MPI_Request *req)
{
    switch (coll) {
    case NB_IALLREDUCE: return MPI_Iallreduce(s, r, count, MPI_INT, MPI_SUM, comm, req);
    case NB_IBCAST: return MPI_Ibcast(r, count, MPI_BYTE, 0, comm, req);
    case NB_IALLGATHER: return MPI_Iallgather(s, count, MPI_BYTE, r, count, MPI_BYTE, comm, req);
    case NB_IALLTOALL: return MPI_Ialltoall(s, count, MPI_BYTE, r, count, MPI_BYTE, comm, req);
    default: return MPI_Ireduce_scatter_block(s, r, count, MPI_INT, MPI_SUM, comm, req);
    }
}

/* Starts (nonblocking impls) or runs (blocking) one operation of n bytes of collective `coll`:
 * algorithm `a` (NULL: the native one). */
static int nb_call(const nb_bench *b, int coll, const nb_alg *a, int impl, size_t n, MPI_Request *req)
{
    int p = b->p, ints = (int)(n / sizeof(int)), bytes = (int)n;
    int blk = (int)(n / (sizeof(int) * (size_t)p)), count;
    void *s = b->sbuf, *r = b->rbuf;
    if (ints < 1)
        ints = 1;
    if (blk < 1)
        blk = 1;
    count = coll == NB_IALLREDUCE ? ints : coll == NB_IREDUCE_SCATTER_BLOCK ? blk : bytes;
    *req = MPI_REQUEST_NULL;
    if (impl == NB_NATIVE_NB)
        return nb_native(coll, s, r, count, b->comm, req);
    if (a->ired)
        return impl == NB_COLLALG_NB ? a->ired(s, r, count, MPI_INT, MPI_SUM, b->comm, req)
                                     : a->red(s, r, count, MPI_INT, MPI_SUM, b->comm);
    if (a->ibcast)
        return impl == NB_COLLALG_NB ? a->ibcast(r, count, MPI_BYTE, 0, b->comm, req)
                                     : a->bcast(r, count, MPI_BYTE, 0, b->comm);
    return impl == NB_COLLALG_NB ? a->imove(s, count, MPI_BYTE, r, count, MPI_BYTE, b->comm, req)
                                 : a->move(s, count, MPI_BYTE, r, count, MPI_BYTE, b->comm);
}

/* Burns `seconds` of simulated computation. */
static void nb_compute(const nb_bench *b, double seconds)
{
    if (seconds > 0)
        smpi_execute_flops(seconds * b->flops_per_s);
}

/*
 * Waits for *req, started at t0: MPI_Wait for a native request, collalg_progress() + MPI_Test for
 * ours, burning (t - t0) / NB_POLL_RES seconds between two polls when that is over 0.1 us (t: now).
 * A poll costs a simulated 0.1 us per request tested (--cfg=smpi/test:1e-7) and real time too:
 * polling a 4 MiB ibcast every 0.1 us took minutes of real time. So each completion is noticed at
 * most 1/NB_POLL_RES of the time since the start late (a step of a schedule can wait for it).
 */
static int nb_wait(const nb_bench *b, int impl, MPI_Request *req, double t0)
{
    int done = 0, err = MPI_SUCCESS;
    if (impl == NB_NATIVE_NB)
        return MPI_Wait(req, MPI_STATUS_IGNORE);
    for (;;) {
        double idle;
        collalg_progress();
        err = MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (done || err != MPI_SUCCESS)
            return err;
        idle = (MPI_Wtime() - t0) / NB_POLL_RES;
        if (idle > 1e-7)
            nb_compute(b, idle);
    }
}

/*
 * One sample on this rank: *total the time of start + (compute) + wait, *comp that of the compute
 * part (0 without it). compute > 0: t_pure of OSU's overlap test, burned in NB_SLICES slices.
 */
static int nb_sample(const nb_bench *b, int coll, const nb_alg *a, int impl, size_t n, double compute, double *total,
                     double *comp)
{
    MPI_Request req;
    double t0, tc;
    int err, i, done = 0;
    MPI_Barrier(b->comm);
    t0 = MPI_Wtime();
    err = nb_call(b, coll, a, impl, n, &req);
    *comp = 0;
    if (err == MPI_SUCCESS && impl != NB_COLLALG_BLOCKING) {
        if (compute > 0) {
            tc = MPI_Wtime();
            for (i = 0; i < NB_SLICES; i++) {
                nb_compute(b, compute / NB_SLICES);
                if (i == NB_SLICES - 1 || done)
                    continue;
                if (impl == NB_COLLALG_NB)
                    collalg_progress();
                err = MPI_Test(&req, &done, MPI_STATUS_IGNORE);
                if (err != MPI_SUCCESS)
                    break;
            }
            *comp = MPI_Wtime() - tc;
        }
        if (err == MPI_SUCCESS && !done)
            err = nb_wait(b, impl, &req, t0);
    }
    *total = MPI_Wtime() - t0;
    return err;
}

static int nb_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double nb_median(double *v, int k)
{
    qsort(v, (size_t)k, sizeof *v, nb_cmp);
    return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/*
 * One untimed call, then b->reps samples: *total and *comp get the medians of the slowest rank's
 * times (seconds). @return nonzero if a call failed on some rank.
 */
static int nb_measure(const nb_bench *b, int coll, const nb_alg *a, int impl, size_t n, double compute, double *total,
                      double *comp)
{
    double loc[2 * NB_MAX_REPS + 1], glob[2 * NB_MAX_REPS + 1], tt[NB_MAX_REPS], tc[NB_MAX_REPS];
    int k, bad = 0;
    double t, c;
    bad |= nb_sample(b, coll, a, impl, n, 0, &t, &c) != MPI_SUCCESS;
    for (k = 0; k < b->reps; k++) {
        bad |= nb_sample(b, coll, a, impl, n, compute, &loc[k], &loc[b->reps + k]) != MPI_SUCCESS;
    }
    loc[2 * b->reps] = bad;
    MPI_Allreduce(loc, glob, 2 * b->reps + 1, MPI_DOUBLE, MPI_MAX, b->comm);
    for (k = 0; k < b->reps; k++) {
        tt[k] = glob[k];
        tc[k] = glob[b->reps + k];
    }
    *total = nb_median(tt, b->reps);
    *comp = nb_median(tc, b->reps);
    return glob[2 * b->reps] != 0;
}

/* 1 when algorithm `name` is in the comma-separated list `list` (NULL: every algorithm). */
static int nb_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    while (list && *list) {
        size_t l = strcspn(list, ",");
        if (l == len && strncmp(list, name, len) == 0)
            return 1;
        list += l + (list[l] == ',');
    }
    return !list;
}

/* Measures one row (collective `c`, algorithm `a` or NULL for native, `impl`, n bytes) and writes it
 * on rank 0 to `f`; @return nonzero if a call failed. */
static int nb_row(const nb_bench *b, FILE *f, const char *platform, int c, const nb_alg *a, int impl, size_t n)
{
    double pure, comp, total, ov = 0;
    int fail = nb_measure(b, c, a, impl, n, 0, &pure, &comp);
    const char *alg = a ? a->name : "native";
    if (impl != NB_COLLALG_BLOCKING) {
        fail |= nb_measure(b, c, a, impl, n, pure, &total, &comp);
        ov = 100 * (1 - (total - comp) / pure);
        if (ov < 0)
            ov = 0;
    }
    if (b->rank != 0)
        return fail;
    fprintf(f, "%s,%s,%zu,%s,%s,%.4f,", platform, nb_coll_names[c], n, nb_impl_names[impl], alg, pure * 1e3);
    if (impl != NB_COLLALG_BLOCKING)
        fprintf(f, "%.1f", ov);
    fprintf(f, "\n");
    fflush(f);
    fprintf(stderr, "bench-nonblocking: %s %zu B %s %s: %.4f ms", nb_coll_names[c], n, nb_impl_names[impl], alg,
            pure * 1e3);
    if (impl != NB_COLLALG_BLOCKING)
        fprintf(stderr, ", overlap %.1f%% (total %.4f ms, compute %.4f ms)", ov, total * 1e3, comp * 1e3);
    fprintf(stderr, "\n");
    return fail;
}

static int nb_usage(int rank)
{
    if (rank == 0)
        fprintf(stderr,
                "usage: nonblocking [-o CSV] [-P PLATFORM] [-r REPS(1..%d)] [-s SIZES] [-c COLLECTIVES] "
                "[-i IMPLS] [-a ALGORITHMS]\n",
                NB_MAX_REPS);
    return 2;
}

static int nb_main(nb_bench *b, int argc, char **argv)
{
    size_t sizes[NB_MAX_SIZES], maxn = 0;
    int nsizes = 0, colls[NB_NCOLLS], impls[NB_NIMPLS], c, i, j, a, fail = 0;
    const char *out = NULL, *platform = "cluster", *algs = NULL,
               *sz = "8,64,512,4096,16384,65536,262144,1048576,4194304";
    FILE *f = NULL;
    double t0;
    for (c = 0; c < NB_NCOLLS; c++)
        colls[c] = 1;
    for (i = 0; i < NB_NIMPLS; i++)
        impls[i] = 1;
    b->reps = 3;
    for (a = 1; a < argc; a++) {
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!v || argv[a][0] != '-' || strlen(argv[a]) != 2)
            return nb_usage(b->rank);
        switch (argv[a][1]) {
        case 'o': out = v; break;
        case 'a': algs = v; break;
        case 'P': platform = v; break;
        case 'r': b->reps = atoi(v); break;
        case 's': sz = v; break;
        case 'c':
            if (bench_names(v, nb_coll_names, NB_NCOLLS, colls))
                return nb_usage(b->rank);
            break;
        case 'i':
            if (bench_names(v, nb_impl_names, NB_NIMPLS, impls))
                return nb_usage(b->rank);
            break;
        default: return nb_usage(b->rank);
        }
        a++;
    }
    if (b->reps < 1 || b->reps > NB_MAX_REPS)
        return nb_usage(b->rank);
    while (*sz && nsizes < NB_MAX_SIZES) {
        char *end;
        long long v = strtoll(sz, &end, 10);
        if (end == sz || v < 1 || v > (1LL << 28) || (*end && *end != ','))
            return nb_usage(b->rank);
        sizes[nsizes++] = (size_t)v;
        if ((size_t)v > maxn)
            maxn = (size_t)v;
        sz = *end ? end + 1 : end;
    }

    /* The simulated host's speed: smpi_execute_flops needs flops, the overlap test seconds. */
    t0 = MPI_Wtime();
    smpi_execute_flops(1e8);
    t0 = MPI_Wtime() - t0;
    if (t0 <= 0) {
        if (b->rank == 0)
            fprintf(stderr, "nonblocking: smpi_execute_flops burns no time: run smpirun with "
                            "--cfg=smpi/simulate-computation:yes\n");
        return 1;
    }
    b->flops_per_s = 1e8 / t0;

    /* p blocks of the largest size, and room for at least one int per rank. */
    maxn = (size_t)b->p * (maxn + sizeof(int) * (size_t)b->p);
    b->sbuf = (char *)SMPI_SHARED_MALLOC(maxn);
    b->rbuf = (char *)SMPI_SHARED_MALLOC(maxn);
    if (!b->sbuf || !b->rbuf) {
        fprintf(stderr, "nonblocking: rank %d: out of memory\n", b->rank);
        MPI_Abort(b->comm, 1);
    }
    if (b->rank == 0) {
        f = out ? fopen(out, "w") : stdout;
        if (!f) {
            perror(out);
            MPI_Abort(b->comm, 1);
        }
        fprintf(f, "platform,collective,bytes,impl,algorithm,ms,overlap_pct\n");
        fflush(f);
    }
    for (c = 0; c < NB_NCOLLS; c++) {
        if (!colls[c])
            continue;
        for (j = 0; j < nsizes; j++) {
            if (impls[NB_NATIVE_NB])
                fail |= nb_row(b, f, platform, c, NULL, NB_NATIVE_NB, sizes[j]);
            for (a = 0; a < NB_NALGS; a++) {
                if (nb_algs[a].coll != c || !nb_listed(algs, nb_algs[a].name))
                    continue;
                if (impls[NB_COLLALG_NB])
                    fail |= nb_row(b, f, platform, c, &nb_algs[a], NB_COLLALG_NB, sizes[j]);
                if (impls[NB_COLLALG_BLOCKING])
                    fail |= nb_row(b, f, platform, c, &nb_algs[a], NB_COLLALG_BLOCKING, sizes[j]);
            }
        }
    }
    if (f && f != stdout)
        fclose(f);
    SMPI_SHARED_FREE(b->sbuf);
    SMPI_SHARED_FREE(b->rbuf);
    if (fail && b->rank == 0)
        fprintf(stderr, "nonblocking: a call failed\n");
    return fail;
}

int main(int argc, char **argv)
{
    nb_bench b;
    int rc;
    MPI_Init(&argc, &argv);
    memset(&b, 0, sizeof b);
    b.comm = MPI_COMM_WORLD;
    MPI_Comm_rank(b.comm, &b.rank);
    MPI_Comm_size(b.comm, &b.p);
    rc = nb_main(&b, argc, argv);
    MPI_Finalize();
    return rc;
}
