/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neighborhood.c - `make bench-neighborhood` (mk/bench-neighborhood.mk): the catalogue's
 * neighbourhood collectives on stencil neighbourhoods, the linear algorithm against message
 * combining, blocking against persistent, and the MPI library's own calls where it has them. A
 * benchmark: it asserts nothing.
 *
 * Neighbourhoods (each a torus from MPI_Dims_create over the p ranks, every dimension periodic):
 *   5-point   2-D Cartesian communicator (MPI_Cart_create): 4 neighbours, +-1 per dimension
 *   7-point   3-D Cartesian communicator: 6 neighbours
 *   9-point   2-D distributed graph (MPI_Dist_graph_create_adjacent): the 8 offsets of
 *             {-1, 0, 1}^2 other than the centre, the diagonals included
 *   27-point  3-D distributed graph: the 26 offsets of {-1, 0, 1}^3 other than the centre
 * Block j of a rank comes from the rank at offset j and its send block j goes to the rank at
 * minus offset j (tests/mpi/neighbor.c's stencils), so every rank has the same relative offsets
 * (an isomorphic neighbourhood, what the combining algorithm needs).
 *
 * Collectives: neighbor_allgather and neighbor_alltoall; "bytes" is one block (MPI_BYTE), so a
 * rank receives s x bytes (s neighbours). Algorithms: linear (every message posted at once, as
 * MPICH and Open MPI do) and combining (Träff et al.'s message combining, given the torus of the
 * graph communicators), each blocking (collalg_neighbor_<coll>_<alg>) and persistent
 * (collalg_neighbor_<coll>_init_<alg> once, then collalg_start + collalg_progress/MPI_Test until
 * complete, per call); "native" the MPI library's MPI_Neighbor_<coll> and MPI_Neighbor_<coll>_init
 * (MPICH 4; Open MPI 4.1's MPIX_ form) + MPI_Start + MPI_Wait. SimGrid 3.32 has no neighbourhood
 * collective, no MPI_Topo_test and no distributed graph: under smpicc the program supplies the
 * last two (src/bench/smpi_topo.h) and measures no native row.
 *
 * Each sample: MPI_Barrier, MPI_Wtime, C calls (blocking) or C starts + completions
 * (persistent), MPI_Wtime; the sample is the slowest rank's time / C (MPI_Allreduce, MPI_MAX);
 * the value the fastest of the samples (on a shared 2-core machine a sample of a real MPI may
 * include a rank being descheduled, hundreds of times the call; the fastest is the call), after
 * one untimed call (it makes the catalogue's private communicator, the combining algorithm's
 * isomorphism check on a graph communicator, and touches the buffers). Under SimGrid (simulate-computation off) software costs nothing, so blocking and
 * persistent time the same network; the real-MPI runs show what persistence saves per call.
 *
 * Buffers: s blocks of the largest size for sending and for receiving (SMPI_SHARED_MALLOC under
 * SimGrid: every simulated rank shares one copy, whose contents mean nothing). No static state
 * but what smpi_topo.h says: SMPI runs every rank in one process.
 *
 * Usage (mpiexec or smpirun):
 *   neighborhood [-o CSV] [-P PLATFORM] [-r REPS] [-k CALLS] [-s SIZES] [-n STENCILS]
 *                [-c COLLECTIVES] [-a ALGORITHMS] [-i IMPLS]
 *   -o   output file (default stdout): the header line
 *        platform,p,stencil,neighbours,collective,bytes,impl,algorithm,us and one row per
 *        measurement (us: microseconds per call)
 *   -P   the platform column (default "cluster")
 *   -r   samples per measurement (default 5)
 *   -k   calls (or starts) per sample (default 100)
 *   -s   comma-separated block sizes in bytes (default 8,64,512,4096,32768,65536)
 *   -n   comma-separated stencils: 5-point,9-point,7-point,27-point (default all)
 *   -c   comma-separated collectives: neighbor_allgather,neighbor_alltoall (default both)
 *   -a   comma-separated algorithms: linear,combining,native (default all; native only where
 *        the MPI library has the call)
 *   -i   comma-separated impls: blocking,persistent (default both)
 * Progress lines go to stderr.
 */
#include <collalg/neighbor_allgather.h>
#include <collalg/neighbor_alltoall.h>

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "names.h"

#ifdef SMPI_SHARED_MALLOC
#include "smpi_topo.h"
#define NH_ALLOC(n) SMPI_SHARED_MALLOC(n)
#define NH_FREE(p) SMPI_SHARED_FREE(p)
#define NH_NATIVE 0 /* SimGrid 3.32 aborts in MPI_Neighbor_* */
#else
#define NH_ALLOC(n) malloc(n)
#define NH_FREE(p) free(p)
#define NH_NATIVE 1
#if defined(OPEN_MPI) && MPI_VERSION < 4
#include <mpi-ext.h>
#endif
#endif

/* The native persistent calls: MPI-4's, or Open MPI 4.1's MPIX_ extension, or none. */
#if NH_NATIVE && MPI_VERSION >= 4
#define NH_NATIVE_INIT 1
#define NH_ALLGATHER_INIT MPI_Neighbor_allgather_init
#define NH_ALLTOALL_INIT MPI_Neighbor_alltoall_init
#elif NH_NATIVE && defined(OMPI_HAVE_MPI_EXT_PCOLLREQ)
#define NH_NATIVE_INIT 1
#define NH_ALLGATHER_INIT MPIX_Neighbor_allgather_init
#define NH_ALLTOALL_INIT MPIX_Neighbor_alltoall_init
#else
#define NH_NATIVE_INIT 0
#endif

#define NH_MAX_SIZES 32
#define NH_MAX_REPS 99
#define NH_MAX_NBRS 26
#define NH_MAX_BLOCK (1 << 24)

enum nh_stencil { NH_5PT, NH_9PT, NH_7PT, NH_27PT, NH_NSTENCILS };
enum nh_coll { NH_ALLGATHER, NH_ALLTOALL, NH_NCOLLS };
enum nh_alg { NH_LINEAR, NH_COMBINING, NH_NATIVE_ALG, NH_NALGS };
enum nh_impl { NH_BLOCKING, NH_PERSISTENT, NH_NIMPLS };

static const char *const nh_stencil_names[NH_NSTENCILS] = {"5-point", "9-point", "7-point", "27-point"};
static const char *const nh_coll_names[NH_NCOLLS] = {"neighbor_allgather", "neighbor_alltoall"};
static const char *const nh_alg_names[NH_NALGS] = {"linear", "combining", "native"};
static const char *const nh_impl_names[NH_NIMPLS] = {"blocking", "persistent"};

/** @brief Everything a measurement needs (one per simulated rank: no static state). */
typedef struct nh_bench {
    int rank, p, reps, calls;
    char *sbuf, *rbuf; /* NH_MAX_NBRS blocks of the largest size each */
} nh_bench;

/** @brief One neighbourhood: its communicator and the torus it lies on. */
typedef struct nh_topo {
    int stencil, nd, dims[3], degree;
    MPI_Comm comm;
} nh_topo;

/* The communicator of `stencil` over MPI_COMM_WORLD (see the file comment). */
static int nh_topo_make(nh_topo *t, int stencil, int p, int rank)
{
    int periods[3] = {1, 1, 1}, coord[3], src[NH_MAX_NBRS], dst[NH_MAX_NBRS], j, k, r;
    int *volatile unweighted = MPI_UNWEIGHTED; /* through a volatile: GCC 12 sees Open MPI's as a bad pointer */
    memset(t, 0, sizeof *t);
    t->stencil = stencil;
    t->nd = stencil == NH_5PT || stencil == NH_9PT ? 2 : 3;
    MPI_Dims_create(p, t->nd, t->dims);
    if (stencil == NH_5PT || stencil == NH_7PT) {
        t->degree = 2 * t->nd;
        return MPI_Cart_create(MPI_COMM_WORLD, t->nd, t->dims, periods, 0, &t->comm);
    }
    /* Row-major coordinates, as MPI_Cart_create numbers them. */
    for (k = t->nd - 1, r = rank; k >= 0; k--) {
        coord[k] = r % t->dims[k];
        r /= t->dims[k];
    }
    t->degree = t->nd == 2 ? 8 : 26;
    for (j = 0; j < t->degree; j++) {
        int code = j < t->degree / 2 ? j : j + 1; /* skip the centre, code (3^nd - 1) / 2 */
        int s = 0, d = 0;
        for (k = 0; k < t->nd; k++) {
            int off = code % 3 - 1, n = t->dims[k];
            code /= 3;
            s = s * n + ((coord[k] + off) % n + n) % n;
            d = d * n + ((coord[k] - off) % n + n) % n;
        }
        src[j] = s;
        dst[j] = d;
    }
    return MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, t->degree, src, unweighted, t->degree, dst, unweighted,
                                          MPI_INFO_NULL, 0, &t->comm);
}

/* The combining algorithm's torus argument: none on a Cartesian communicator (its own). */
static int nh_grid_nd(const nh_topo *t)
{
    return t->stencil == NH_9PT || t->stencil == NH_27PT ? t->nd : 0;
}

/* One blocking call of n bytes per block. */
static int nh_blocking(const nh_bench *b, const nh_topo *t, int coll, int alg, int n)
{
    int nd = nh_grid_nd(t);
    const int *dims = nd ? t->dims : NULL;
    if (coll == NH_ALLGATHER) {
        switch (alg) {
        case NH_LINEAR: return collalg_neighbor_allgather_linear(b->sbuf, n, MPI_BYTE, b->rbuf, n, MPI_BYTE, t->comm);
        case NH_COMBINING:
            return collalg_neighbor_allgather_combining(b->sbuf, n, MPI_BYTE, b->rbuf, n, MPI_BYTE, t->comm, nd, dims);
#if NH_NATIVE
        case NH_NATIVE_ALG: return MPI_Neighbor_allgather(b->sbuf, n, MPI_BYTE, b->rbuf, n, MPI_BYTE, t->comm);
#endif
        default: return MPI_ERR_OTHER;
        }
    }
    switch (alg) {
    case NH_LINEAR: return collalg_neighbor_alltoall_linear(b->sbuf, n, MPI_BYTE, b->rbuf, n, MPI_BYTE, t->comm);
    case NH_COMBINING:
        return collalg_neighbor_alltoall_combining(b->sbuf, n, MPI_BYTE, b->rbuf, n, MPI_BYTE, t->comm, nd, dims);
#if NH_NATIVE
    case NH_NATIVE_ALG: return MPI_Neighbor_alltoall(b->sbuf, n, MPI_BYTE, b->rbuf, n, MPI_BYTE, t->comm);
#endif
    default: return MPI_ERR_OTHER;
    }
}

/* The persistent request of one operation of n bytes per block. */
static int nh_init(const nh_bench *b, const nh_topo *t, int coll, int alg, int n, MPI_Request *req)
{
    int nd = nh_grid_nd(t);
    const int *dims = nd ? t->dims : NULL;
    void *s = b->sbuf, *r = b->rbuf;
    MPI_Comm c = t->comm;
    MPI_Info i = MPI_INFO_NULL;
    if (coll == NH_ALLGATHER) {
        switch (alg) {
        case NH_LINEAR: return collalg_neighbor_allgather_init_linear(s, n, MPI_BYTE, r, n, MPI_BYTE, c, i, req);
        case NH_COMBINING:
            return collalg_neighbor_allgather_init_combining(s, n, MPI_BYTE, r, n, MPI_BYTE, c, i, req, nd, dims);
#if NH_NATIVE_INIT
        case NH_NATIVE_ALG: return NH_ALLGATHER_INIT(s, n, MPI_BYTE, r, n, MPI_BYTE, c, i, req);
#endif
        default: return MPI_ERR_OTHER;
        }
    }
    switch (alg) {
    case NH_LINEAR: return collalg_neighbor_alltoall_init_linear(s, n, MPI_BYTE, r, n, MPI_BYTE, c, i, req);
    case NH_COMBINING:
        return collalg_neighbor_alltoall_init_combining(s, n, MPI_BYTE, r, n, MPI_BYTE, c, i, req, nd, dims);
#if NH_NATIVE_INIT
    case NH_NATIVE_ALG: return NH_ALLTOALL_INIT(s, n, MPI_BYTE, r, n, MPI_BYTE, c, i, req);
#endif
    default: return MPI_ERR_OTHER;
    }
}

/* One start and completion of a persistent request: MPI_Start + MPI_Wait for the native one;
 * collalg_start, then collalg_progress + MPI_Test until complete for the catalogue's
 * (core/persistent.h: a wait alone would not advance it). */
static int nh_start_wait(int alg, MPI_Request *req)
{
    int done = 0, err;
    if (alg == NH_NATIVE_ALG) {
        err = MPI_Start(req);
        return err == MPI_SUCCESS ? MPI_Wait(req, MPI_STATUS_IGNORE) : err;
    }
    err = collalg_start(req);
    while (err == MPI_SUCCESS && !done) {
        err = collalg_progress();
        if (err == MPI_SUCCESS)
            err = MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
    return err;
}

static int nh_free(int alg, MPI_Request *req)
{
    return alg == NH_NATIVE_ALG ? MPI_Request_free(req) : collalg_request_free(req);
}

/* One sample: b->calls calls or starts, *t the seconds per call on this rank. */
static int nh_sample(const nh_bench *b, const nh_topo *t, int coll, int alg, int impl, int n, MPI_Request *req,
                     int calls, double *sec)
{
    int i, err = MPI_SUCCESS;
    double t0;
    MPI_Barrier(t->comm);
    t0 = MPI_Wtime();
    for (i = 0; i < calls && err == MPI_SUCCESS; i++)
        err = impl == NH_BLOCKING ? nh_blocking(b, t, coll, alg, n) : nh_start_wait(alg, req);
    *sec = (MPI_Wtime() - t0) / calls;
    return err;
}

/*
 * One untimed call (after the init of a persistent request), then b->reps samples; *us gets the
 * fastest sample of the slowest rank's time per call, in microseconds. @return nonzero if a call failed
 * on some rank.
 */
static int nh_measure(const nh_bench *b, const nh_topo *t, int coll, int alg, int impl, int n, double *us)
{
    double loc[NH_MAX_REPS + 1], glob[NH_MAX_REPS + 1], sec;
    MPI_Request req = MPI_REQUEST_NULL;
    int k, bad = 0, reps = b->reps;
    if (impl == NH_PERSISTENT)
        bad |= nh_init(b, t, coll, alg, n, &req) != MPI_SUCCESS;
    if (!bad)
        bad |= nh_sample(b, t, coll, alg, impl, n, &req, 1, &sec) != MPI_SUCCESS;
    for (k = 0; k < reps; k++) {
        loc[k] = 0;
        if (!bad)
            bad |= nh_sample(b, t, coll, alg, impl, n, &req, b->calls, &loc[k]) != MPI_SUCCESS;
    }
    if (req != MPI_REQUEST_NULL)
        bad |= nh_free(alg, &req) != MPI_SUCCESS;
    loc[reps] = bad;
    MPI_Allreduce(loc, glob, reps + 1, MPI_DOUBLE, MPI_MAX, t->comm);
    for (k = 1; k < reps; k++)
        glob[0] = glob[k] < glob[0] ? glob[k] : glob[0];
    *us = 1e6 * glob[0];
    return glob[reps] != 0;
}

/* Measures one row and writes it on rank 0 to f; @return nonzero if a call failed. */
static int nh_row(const nh_bench *b, FILE *f, const char *platform, const nh_topo *t, int coll, int alg, int impl,
                  int n)
{
    double us;
    int fail = nh_measure(b, t, coll, alg, impl, n, &us);
    if (b->rank != 0)
        return fail;
    fprintf(f, "%s,%d,%s,%d,%s,%d,%s,%s,%.3f\n", platform, b->p, nh_stencil_names[t->stencil], t->degree,
            nh_coll_names[coll], n, nh_impl_names[impl], nh_alg_names[alg], fail ? -1.0 : us);
    fflush(f);
    fprintf(stderr, "bench-neighborhood: %s %s %d B %s %s: %.3f us%s\n", nh_stencil_names[t->stencil],
            nh_coll_names[coll], n, nh_alg_names[alg], nh_impl_names[impl], us, fail ? " (a call failed)" : "");
    return fail;
}

static int nh_usage(int rank)
{
    if (rank == 0)
        fprintf(stderr,
                "usage: neighborhood [-o CSV] [-P PLATFORM] [-r REPS(1..%d)] [-k CALLS] [-s SIZES] [-n STENCILS] "
                "[-c COLLECTIVES] [-a ALGORITHMS] [-i IMPLS]\n",
                NH_MAX_REPS);
    return 2;
}

/* 1 when the MPI library has algorithm `alg` in form `impl`. */
static int nh_available(int alg, int impl)
{
    if (alg != NH_NATIVE_ALG)
        return 1;
    return impl == NH_BLOCKING ? NH_NATIVE : NH_NATIVE_INIT;
}

static int nh_main(nh_bench *b, int argc, char **argv)
{
    int sizes[NH_MAX_SIZES], nsizes = 0, maxn = 0, stencils[NH_NSTENCILS], colls[NH_NCOLLS], algs[NH_NALGS];
    int impls[NH_NIMPLS], a, s, c, j, i, fail = 0;
    const char *out = NULL, *platform = "cluster", *sz = "8,64,512,4096,32768,65536";
    FILE *f = NULL;
    for (i = 0; i < NH_NSTENCILS; i++)
        stencils[i] = 1;
    colls[0] = colls[1] = impls[0] = impls[1] = 1;
    for (i = 0; i < NH_NALGS; i++)
        algs[i] = 1;
    b->reps = 5;
    b->calls = 100;
    for (a = 1; a < argc; a++) {
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        int bad = 0;
        if (!v || argv[a][0] != '-' || strlen(argv[a]) != 2)
            return nh_usage(b->rank);
        switch (argv[a][1]) {
        case 'o': out = v; break;
        case 'P': platform = v; break;
        case 'r': b->reps = atoi(v); break;
        case 'k': b->calls = atoi(v); break;
        case 's': sz = v; break;
        case 'n': bad = bench_names(v, nh_stencil_names, NH_NSTENCILS, stencils); break;
        case 'c': bad = bench_names(v, nh_coll_names, NH_NCOLLS, colls); break;
        case 'a': bad = bench_names(v, nh_alg_names, NH_NALGS, algs); break;
        case 'i': bad = bench_names(v, nh_impl_names, NH_NIMPLS, impls); break;
        default: bad = 1;
        }
        if (bad)
            return nh_usage(b->rank);
        a++;
    }
    if (b->reps < 1 || b->reps > NH_MAX_REPS || b->calls < 1)
        return nh_usage(b->rank);
    while (*sz && nsizes < NH_MAX_SIZES) {
        char *end;
        long v = strtol(sz, &end, 10);
        if (end == sz || v < 1 || v > NH_MAX_BLOCK || (*end && *end != ','))
            return nh_usage(b->rank);
        sizes[nsizes++] = (int)v;
        maxn = (int)v > maxn ? (int)v : maxn;
        sz = *end ? end + 1 : end;
    }
    b->sbuf = (char *)NH_ALLOC((size_t)NH_MAX_NBRS * (size_t)maxn);
    b->rbuf = (char *)NH_ALLOC((size_t)NH_MAX_NBRS * (size_t)maxn);
    if (!b->sbuf || !b->rbuf) {
        fprintf(stderr, "neighborhood: rank %d: out of memory\n", b->rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(b->sbuf, 1, (size_t)NH_MAX_NBRS * (size_t)maxn);
    if (b->rank == 0) {
        f = out ? fopen(out, "w") : stdout;
        if (!f) {
            perror(out);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        fprintf(f, "platform,p,stencil,neighbours,collective,bytes,impl,algorithm,us\n");
        fflush(f);
    }
    for (s = 0; s < NH_NSTENCILS; s++) {
        nh_topo t;
        if (!stencils[s])
            continue;
        if (nh_topo_make(&t, s, b->p, b->rank) != MPI_SUCCESS) {
            fprintf(stderr, "neighborhood: rank %d: cannot make the %s communicator\n", b->rank, nh_stencil_names[s]);
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        for (c = 0; c < NH_NCOLLS; c++)
            for (j = 0; j < nsizes && colls[c]; j++)
                for (a = 0; a < NH_NALGS; a++)
                    for (i = 0; i < NH_NIMPLS; i++)
                        if (algs[a] && impls[i] && nh_available(a, i))
                            fail |= nh_row(b, f, platform, &t, c, a, i, sizes[j]);
        MPI_Comm_free(&t.comm);
    }
    if (f && f != stdout)
        fclose(f);
    NH_FREE(b->sbuf);
    NH_FREE(b->rbuf);
    if (fail && b->rank == 0)
        fprintf(stderr, "neighborhood: a call failed (its rows say -1)\n");
    return fail;
}

int main(int argc, char **argv)
{
    nh_bench b;
    int rc;
    MPI_Init(&argc, &argv);
    memset(&b, 0, sizeof b);
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.p);
    rc = nh_main(&b, argc, argv);
    MPI_Finalize();
    return rc;
}
