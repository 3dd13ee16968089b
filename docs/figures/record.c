/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * record.c - records who sends to whom when the catalogue's algorithms run, for the figures of
 * the documentation (make figures, mk/figures.mk) and for tests/test_figures.c.
 *
 * Usage (under SimGrid only; see mk/figures.mk for the platform and options):
 *   smpirun -np P ... build/figures/record OUTDIR [collective_algorithm ...]
 * runs every algorithm of build/figures/algorithms.h (or only the ones named, e.g.
 * alltoall_pair bcast_binomial) on P ranks and writes OUTDIR/<collective>_<algorithm>_p<P>.msgs.
 *
 * How: this program defines the MPI point-to-point send calls (MPI_Send, MPI_Isend, MPI_Sendrecv,
 * ...) over their PMPI_ entry points, so every message the catalogue posts passes through here
 * first and is recorded (sender, receiver, bytes, the simulated time it was posted) before it is
 * forwarded. The native collectives the catalogue may call (MPI_Barrier of the *_mpi_barrier
 * variants, the count exchange of some alltoallv algorithms) are recorded as one event per rank:
 * their messages are SimGrid's own and are not seen here.
 *
 * Steps: under SimGrid with a latency-only network (mk/figures.mk), synchronous sends and no
 * simulated computation, simulated time advances only by message latencies, every rank starts
 * the algorithm at the same simulated instant, and a message's posting time says in which
 * round it was posted. The step of a message is the rank of its (rounded) posting time among
 * the distinct posting times of the run.
 *
 * Output, one file per algorithm and p:
 *   # collalg_<collective>_<algorithm> p=<P> steps=<S> messages=<M>
 *   # step sender receiver bytes
 *   <step> <sender> <receiver> <bytes>          one line per message, sorted
 *   # native <step> <rank> <MPI function>        one line per native collective entered
 *
 * Sizes: 1 KiB (256 MPI_INT) per block: per pair (alltoall), per rank (allgather), a vector of
 * P KiB (allreduce, reduce, scan and exscan MPI_SUM, bcast from root 0), per rank (gather, scatter:
 * root 0; reduce_scatter_block: the vector of P KiB, 1 KiB per rank); the
 * v-collectives (and alltoallw, MPI_INT for every peer, and reduce_scatter) use an uneven pattern of 512, 1024 and
 * 1536 bytes per block (rec_vcount). Tuning parameters are 0 / NULL (defaults). A nonblocking
 * algorithm (include/collalg/i<collective>/) runs on the arguments of its blocking form, and is
 * completed by a loop of collalg_progress() and MPI_Test (rec_wait()).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* nanosleep, struct timespec */
#endif

/* The segmented ring allreduce's default segment (1 MiB) exceeds the figures' 1 KiB blocks, which
 * would draw the plain ring: its figures use 512-byte segments, two phases. */
#define COLLALG_ALLREDUCE_SEGMENTED_RING_SEGSIZE_DEFAULT 512

#include <collalg/collalg.h>
#include <collalg/nonblocking.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

/* clang-format off */
#define REC_BLOCK 256          /* MPI_INT per block: 1 KiB */
#define REC_PMAX 16            /* ranks (the hosts of docs/figures/platform.xml) */
#define REC_EMAX 4096          /* events per rank per algorithm */
#define REC_TICK 1e-7          /* posting times are rounded to 0.1 us (a round lasts 5 us) */
/* clang-format on */

/* The native collectives recorded (rec_event.kind - 1). */
static const char *const rec_natives[] = {"MPI_Barrier", "MPI_Bcast", "MPI_Allgather", "MPI_Allreduce", "MPI_Alltoall"};

/* One recorded event: a message (kind 0) or the entry into native collective kind - 1. */
typedef struct {
    double t;
    long long bytes;
    int src, dst, kind, pad;
} rec_event;

/* The log of each rank, indexed by its rank in MPI_COMM_WORLD (SimGrid runs every rank in one
 * process; indexing by rank is right whether or not it privatises globals, and the logs reach
 * rank 0 by messages). */
static rec_event rec_log[REC_PMAX][REC_EMAX];
static int rec_n[REC_PMAX];
static int rec_on[REC_PMAX];
static double rec_t0[REC_PMAX];

static int rec_world_rank(void)
{
    int r;
    PMPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

/* Rank in MPI_COMM_WORLD of rank `r` of `comm`. */
static int rec_world_of(MPI_Comm comm, int r)
{
    MPI_Group g, wg;
    int w = r;
    if (comm == MPI_COMM_WORLD)
        return r;
    PMPI_Comm_group(comm, &g);
    PMPI_Comm_group(MPI_COMM_WORLD, &wg);
    PMPI_Group_translate_ranks(g, 1, &r, wg, &w);
    PMPI_Group_free(&g);
    PMPI_Group_free(&wg);
    return w;
}

static void rec_add(int me, int dst, long long bytes, int kind)
{
    rec_event *e;
    if (me < 0 || me >= REC_PMAX || !rec_on[me])
        return;
    if (rec_n[me] >= REC_EMAX) {
        fprintf(stderr, "record: more than %d events on rank %d\n", REC_EMAX, me);
        PMPI_Abort(MPI_COMM_WORLD, 2);
    }
    e = &rec_log[me][rec_n[me]++];
    e->t = PMPI_Wtime() - rec_t0[me];
    e->src = me;
    e->dst = dst;
    e->bytes = bytes;
    e->kind = kind;
    e->pad = 0;
}

static void rec_message(int dest, int count, MPI_Datatype type, MPI_Comm comm)
{
    int size = 0, me = rec_world_rank();
    if (dest == MPI_PROC_NULL || me >= REC_PMAX || !rec_on[me])
        return;
    PMPI_Type_size(type, &size);
    rec_add(me, rec_world_of(comm, dest), (long long)count * size, 0);
}

static void rec_native(int kind)
{
    rec_add(rec_world_rank(), -1, 0, kind);
}

/* The send calls: record, then forward. */
int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    rec_message(dest, count, type, comm);
    return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    rec_message(dest, count, type, comm);
    return PMPI_Ssend(buf, count, type, dest, tag, comm);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *req)
{
    rec_message(dest, count, type, comm);
    return PMPI_Isend(buf, count, type, dest, tag, comm, req);
}

int MPI_Issend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *req)
{
    rec_message(dest, count, type, comm);
    return PMPI_Issend(buf, count, type, dest, tag, comm, req);
}

int MPI_Sendrecv(const void *sbuf, int scount, MPI_Datatype stype, int dest, int stag, void *rbuf, int rcount,
                 MPI_Datatype rtype, int source, int rtag, MPI_Comm comm, MPI_Status *st)
{
    rec_message(dest, scount, stype, comm);
    return PMPI_Sendrecv(sbuf, scount, stype, dest, stag, rbuf, rcount, rtype, source, rtag, comm, st);
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest, int stag, int source, int rtag,
                         MPI_Comm comm, MPI_Status *st)
{
    rec_message(dest, count, type, comm);
    return PMPI_Sendrecv_replace(buf, count, type, dest, stag, source, rtag, comm, st);
}

/* The native collectives: one event per rank. */
int MPI_Barrier(MPI_Comm comm)
{
    rec_native(1);
    return PMPI_Barrier(comm);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    rec_native(2);
    return PMPI_Bcast(buf, count, type, root, comm);
}

int MPI_Allgather(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                  MPI_Comm comm)
{
    rec_native(3);
    return PMPI_Allgather(sbuf, scount, stype, rbuf, rcount, rtype, comm);
}

int MPI_Allreduce(const void *sbuf, void *rbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    rec_native(4);
    return PMPI_Allreduce(sbuf, rbuf, count, type, op, comm);
}

int MPI_Alltoall(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, int rcount, MPI_Datatype rtype,
                 MPI_Comm comm)
{
    rec_native(5);
    return PMPI_Alltoall(sbuf, scount, stype, rbuf, rcount, rtype, comm);
}

/* The buffers and count vectors of one run. */
typedef struct {
    int p, rank;
    int *sbuf, *rbuf;
    int scounts[REC_PMAX], sdispls[REC_PMAX], rcounts[REC_PMAX], rdispls[REC_PMAX];
    int vcounts[REC_PMAX], vdispls[REC_PMAX];
    int wsdispls[REC_PMAX], wrdispls[REC_PMAX]; /* alltoallw: the alltoallv pattern, in bytes */
    MPI_Datatype wtypes[REC_PMAX];              /* alltoallw: MPI_INT for every peer */
    MPI_Request req;                            /* a nonblocking algorithm's request */
} rec_bufs;

/* Completes the request of a nonblocking start that returned `err`: collalg_progress() and
 * MPI_Test until it is done (SMPI has no MPICH extended generalized requests: core/nbc.h). Each
 * test lets 10 ns of simulated time pass (run.sh), far below a step (REC_TICK). */
static int rec_wait(rec_bufs *b, int err)
{
    int done = 0;
    while (err == MPI_SUCCESS && !done) {
        collalg_progress();
        err = MPI_Test(&b->req, &done, MPI_STATUS_IGNORE);
    }
    return err;
}

/* The uneven pattern of the v-collectives, in MPI_INT: block from rank i to rank j. */
static int rec_vcount(int i, int j)
{
    return REC_BLOCK / 2 * (1 + (i + j) % 3);
}

/* The standard arguments of each family (the algorithms' tuning parameters follow them). */
#define REC_ARGS_alltoall b->sbuf, REC_BLOCK, MPI_INT, b->rbuf, REC_BLOCK, MPI_INT, MPI_COMM_WORLD
#define REC_ARGS_allgather b->sbuf, REC_BLOCK, MPI_INT, b->rbuf, REC_BLOCK, MPI_INT, MPI_COMM_WORLD
#define REC_ARGS_allreduce b->sbuf, b->rbuf, REC_BLOCK * b->p, MPI_INT, MPI_SUM, MPI_COMM_WORLD
#define REC_ARGS_bcast b->rbuf, REC_BLOCK * b->p, MPI_INT, 0, MPI_COMM_WORLD
/* clang-format off */
#define REC_ARGS_alltoallv b->sbuf, b->scounts, b->sdispls, MPI_INT, b->rbuf, b->rcounts, b->rdispls, \
                           MPI_INT, MPI_COMM_WORLD
#define REC_ARGS_allgatherv b->sbuf, b->vcounts[b->rank], MPI_INT, b->rbuf, b->vcounts, b->vdispls, \
                            MPI_INT, MPI_COMM_WORLD
/* clang-format on */
#define REC_ARGS_barrier MPI_COMM_WORLD
#define REC_ARGS_reduce b->sbuf, b->rbuf, REC_BLOCK * b->p, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD
#define REC_ARGS_gather b->sbuf, REC_BLOCK, MPI_INT, b->rbuf, REC_BLOCK, MPI_INT, 0, MPI_COMM_WORLD
#define REC_ARGS_scatter b->sbuf, REC_BLOCK, MPI_INT, b->rbuf, REC_BLOCK, MPI_INT, 0, MPI_COMM_WORLD
/* clang-format off */
#define REC_ARGS_gatherv b->sbuf, b->vcounts[b->rank], MPI_INT, b->rbuf, b->vcounts, b->vdispls, MPI_INT, 0, \
                         MPI_COMM_WORLD
#define REC_ARGS_scatterv b->sbuf, b->vcounts, b->vdispls, MPI_INT, b->rbuf, b->vcounts[b->rank], MPI_INT, 0, \
                          MPI_COMM_WORLD
#define REC_ARGS_alltoallw b->sbuf, b->scounts, b->wsdispls, b->wtypes, b->rbuf, b->rcounts, b->wrdispls, \
                           b->wtypes, MPI_COMM_WORLD
/* clang-format on */
#define REC_ARGS_reduce_scatter_block b->sbuf, b->rbuf, REC_BLOCK, MPI_INT, MPI_SUM, MPI_COMM_WORLD
#define REC_ARGS_reduce_scatter b->sbuf, b->rbuf, b->vcounts, MPI_INT, MPI_SUM, MPI_COMM_WORLD
#define REC_ARGS_scan b->sbuf, b->rbuf, REC_BLOCK * b->p, MPI_INT, MPI_SUM, MPI_COMM_WORLD
#define REC_ARGS_exscan b->sbuf, b->rbuf, REC_BLOCK * b->p, MPI_INT, MPI_SUM, MPI_COMM_WORLD

/* One function per algorithm, from the generated list (mk/figures.mk, docs/figures/list.sh):
 * REC_ALG(collective, algorithm, call). */
/* clang-format off */
#define REC_ALG(coll, alg, call) \
    static int rec_run_##coll##_##alg(rec_bufs *b) { (void)b; return call; }
/* clang-format on */
#include "algorithms.h"
#undef REC_ALG

typedef struct {
    const char *coll, *alg;
    int (*run)(rec_bufs *);
} rec_entry;

static const rec_entry rec_table[] = {
#define REC_ALG(coll, alg, call) {#coll, #alg, rec_run_##coll##_##alg},
#include "algorithms.h"
#undef REC_ALG
    {NULL, NULL, NULL}};

static int rec_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Steps: rounded posting times ranked among the distinct ones. */
static int rec_step(const double *times, int ntimes, double t)
{
    double r = floor(t / REC_TICK + 0.5);
    int lo = 0, hi = ntimes - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (times[mid] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

typedef struct {
    int step, src, dst, kind;
    long long bytes;
} rec_line;

static int rec_cmp_line(const void *a, const void *b)
{
    const rec_line *x = (const rec_line *)a, *y = (const rec_line *)b;
    if (x->step != y->step)
        return x->step < y->step ? -1 : 1;
    if (x->src != y->src)
        return x->src < y->src ? -1 : 1;
    if (x->dst != y->dst)
        return x->dst < y->dst ? -1 : 1;
    return x->bytes < y->bytes ? -1 : x->bytes > y->bytes;
}

/* Writes the message list of the n events `ev` (every rank's, gathered on rank 0). */
static int rec_write(const char *dir, const rec_entry *e, int p, const rec_event *ev, int n)
{
    int ntimes = 0, nmsg = 0, i, k;
    double *times = (double *)malloc(sizeof(double) * (size_t)(n + 1));
    rec_line *lines = (rec_line *)malloc(sizeof(rec_line) * (size_t)(n + 1));
    char path[1024];
    FILE *f = NULL;
    snprintf(path, sizeof path, "%s/%s_%s_p%d.msgs", dir, e->coll, e->alg, p);
    if (times && lines)
        f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "record: cannot write %s\n", path);
        free(times);
        free(lines);
        return 1;
    }
    for (i = 0; i < n; i++)
        times[ntimes++] = floor(ev[i].t / REC_TICK + 0.5);
    qsort(times, (size_t)ntimes, sizeof(double), rec_cmp_double);
    for (i = 0, k = 0; i < ntimes; i++)
        if (k == 0 || times[i] != times[k - 1])
            times[k++] = times[i];
    ntimes = k;
    for (i = 0; i < n; i++) {
        lines[i].step = rec_step(times, ntimes, ev[i].t);
        lines[i].src = ev[i].src;
        lines[i].dst = ev[i].dst;
        lines[i].bytes = ev[i].bytes;
        lines[i].kind = ev[i].kind;
        nmsg += ev[i].kind == 0;
    }
    qsort(lines, (size_t)n, sizeof(rec_line), rec_cmp_line);
    fprintf(f, "# collalg_%s_%s p=%d steps=%d messages=%d\n# step sender receiver bytes\n", e->coll, e->alg, p, ntimes,
            nmsg);
    for (i = 0; i < n; i++)
        if (lines[i].kind == 0)
            fprintf(f, "%d %d %d %lld\n", lines[i].step, lines[i].src, lines[i].dst, lines[i].bytes);
    for (i = 0; i < n; i++)
        if (lines[i].kind > 0)
            fprintf(f, "# native %d %d %s\n", lines[i].step, lines[i].src, rec_natives[lines[i].kind - 1]);
    fclose(f);
    free(times);
    free(lines);
    return 0;
}

/* Rank 0 gathers every rank's log (as bytes) and writes the message list; returns non-zero on
 * every rank when that failed. */
static int rec_collect(const char *dir, const rec_entry *e, int p, int rank)
{
    int counts[REC_PMAX], displs[REC_PMAX], mine = rec_n[rank] * (int)sizeof(rec_event), total = 0, r, fail = 0;
    rec_event *all = NULL;
    PMPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (r = 0; r < p; r++) {
            displs[r] = total;
            total += counts[r];
        }
        all = (rec_event *)malloc((size_t)total + 1);
    }
    PMPI_Gatherv(rec_log[rank], mine, MPI_BYTE, all, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (rank == 0)
        fail = !all || rec_write(dir, e, p, all, total / (int)sizeof(rec_event));
    free(all);
    PMPI_Bcast(&fail, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return fail;
}

/* Advances this rank's simulated clock by `seconds` (SimGrid's sleep: smpi_execute does
 * nothing with smpi/simulate-computation off). */
static void rec_sleep(double seconds)
{
    struct timespec ts;
    if (seconds <= 0)
        return;
    ts.tv_sec = (time_t)seconds;
    ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
}

/* Runs one algorithm: once unrecorded (the private communicator is created and cached then),
 * then, from one common simulated instant on every rank, recorded. */
static int rec_one(const rec_entry *e, rec_bufs *b, const char *dir)
{
    double now, start;
    int err, fail = 0;
    err = e->run(b);
    PMPI_Barrier(MPI_COMM_WORLD);
    now = PMPI_Wtime();
    PMPI_Allreduce(&now, &start, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    start += 1e-3;
    rec_sleep(start - PMPI_Wtime());
    rec_n[b->rank] = 0;
    rec_t0[b->rank] = start;
    rec_on[b->rank] = 1;
    if (err == MPI_SUCCESS)
        err = e->run(b);
    rec_on[b->rank] = 0;
    if (err != MPI_SUCCESS)
        fprintf(stderr, "record: collalg_%s_%s failed on rank %d (error %d)\n", e->coll, e->alg, b->rank, err);
    PMPI_Allreduce(&err, &fail, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (fail == MPI_SUCCESS)
        fail = rec_collect(dir, e, b->p, b->rank);
    return fail != 0;
}

static int rec_selected(const rec_entry *e, int argc, char **argv)
{
    char name[256];
    int i;
    if (argc <= 2)
        return 1;
    snprintf(name, sizeof name, "%s_%s", e->coll, e->alg);
    for (i = 2; i < argc; i++)
        if (strcmp(argv[i], name) == 0)
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    rec_bufs b;
    const rec_entry *e;
    int i, j, failed = 0, done = 0;
    size_t n;
    MPI_Init(&argc, &argv);
    PMPI_Comm_size(MPI_COMM_WORLD, &b.p);
    PMPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    if (argc < 2 || b.p > REC_PMAX) {
        if (b.rank == 0)
            fprintf(stderr, "usage: record OUTDIR [collective_algorithm ...], at most %d ranks\n", REC_PMAX);
        MPI_Finalize();
        return 2;
    }
    n = (size_t)b.p * REC_BLOCK * 2;
    b.sbuf = (int *)calloc(n, sizeof(int));
    b.rbuf = (int *)calloc(n, sizeof(int));
    for (i = 0; i < (int)n; i++)
        b.sbuf[i] = b.rank * 1000 + i;
    for (j = 0; j < b.p; j++) {
        b.scounts[j] = rec_vcount(b.rank, j);
        b.rcounts[j] = rec_vcount(j, b.rank);
        b.vcounts[j] = rec_vcount(j, 0);
        b.sdispls[j] = j == 0 ? 0 : b.sdispls[j - 1] + b.scounts[j - 1];
        b.rdispls[j] = j == 0 ? 0 : b.rdispls[j - 1] + b.rcounts[j - 1];
        b.vdispls[j] = j == 0 ? 0 : b.vdispls[j - 1] + b.vcounts[j - 1];
        b.wsdispls[j] = b.sdispls[j] * (int)sizeof(int);
        b.wrdispls[j] = b.rdispls[j] * (int)sizeof(int);
        b.wtypes[j] = MPI_INT;
    }
    for (e = rec_table; e->coll; e++)
        if (rec_selected(e, argc, argv)) {
            failed += rec_one(e, &b, argv[1]);
            done++;
        }
    if (b.rank == 0)
        printf("record p=%d: %d passed, %d failed\n", b.p, done - failed, failed);
    free(b.sbuf);
    free(b.rbuf);
    MPI_Finalize();
    return failed != 0 || done == 0;
}
