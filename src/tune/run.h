/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file run.h
 * @brief The state of one tuner run (collalg-tune): the communicator, the settings, the buffers,
 *        the budget and interruption flags; setting it up and taking it down.
 */
#ifndef COLLALG_SRC_TUNE_RUN_H
#define COLLALG_SRC_TUNE_RUN_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <mpi.h>
#include "cli.h"
#include "vcoll.h"

/** @brief Set by the SIGINT/SIGTERM handler; the ranks agree on it between measurements. */
static volatile sig_atomic_t tune_interrupted = 0;

/** @brief SIGINT/SIGTERM: ask for a clean stop; the next signal kills the run. */
static void tune_on_signal(int sig)
{
    tune_interrupted = 1;
    signal(sig, SIG_DFL);
}

/** @brief State of one run. */
typedef struct tuner {
    MPI_Comm world;                        /**< duplicate of MPI_COMM_WORLD, errors return */
    int wrank;                             /**< rank in world */
    int P;                                 /**< size of world: the largest size tuned */
    int procs[TUNE_MAX_PROCS + 1];         /**< the communicator sizes tuned, ascending (tune_procs_resolve()) */
    int nprocs;                            /**< used entries of procs */
    MPI_Comm comm;                         /**< the communicator of the size being tuned: the first p ranks of
                                      world (tune_enter_size()), errors return; MPI_COMM_NULL between */
    int rank;                              /**< rank in comm (= the rank in world) */
    int p;                                 /**< size of comm */
    tune_opts o;                           /**< settings */
    char *sbuf;                            /**< send buffer: p * largest size bytes */
    char *rbuf;                            /**< receive buffer: p * largest size bytes */
    double *loc;                           /**< per-chunk local times + flags */
    double *glob;                          /**< per-chunk maxima over ranks + flags */
    double *sorted;                        /**< scratch for the median */
    FILE *csv;                             /**< measurement log (rank 0) */
    tune_pattern pat;                      /**< communication pattern of the v-collectives (tune_is_v) */
    unsigned long long pat_sum;            /**< its checksum at the size last set up (the header's: P, the last) */
    int *vc;                               /**< counts and offsets of one v-collective call (4 p ints) */
    MPI_Datatype *wtypes;                  /**< p times MPI_BYTE: the send and receive types of alltoallw */
    time_t start;                          /**< wall-clock start (for the budget and the ETA) */
    time_t size_deadline;                  /**< end of the current size's share of the budget, 0 = none */
    time_t coll_deadline;                  /**< end of the current collective's share of the budget, 0 = none */
    int stopped;                           /**< agreed: 1 interrupted, 2 out of budget */
    int hurry;                             /**< agreed: past this collective's share, no more binary searches */
    long done;                             /**< measurements made (progress) */
    long total;                            /**< measurements planned (estimate, progress) */
    int tty;                               /**< stderr is a terminal */
    time_t last_draw;                      /**< last progress output */
    const char *topo;                      /**< the topology description file of this run (--topology or
                                      COLLALG_TOPOLOGY), NULL without one: no topology algorithms */
    unsigned long long topo_sum;           /**< its checksum (machine/topology.h) */
    char host[MPI_MAX_PROCESSOR_NAME + 1]; /**< where the run is (header, report) */
    char mpi[MPI_MAX_LIBRARY_VERSION_STRING + 1]; /**< the MPI library's version, one line */
} tuner;

/** @brief 1 when some wanted collective of @p T is tuned for a communication pattern (tune_is_v). */
static int tune_wants_v(const tuner *T)
{
    return tune_opts_want_v(&T->o);
}

/** @brief 1 when blocking collective @p coll or its nonblocking form is wanted. */
static int tune_wants(const tuner *T, enum tune_coll coll)
{
    return T->o.want[coll] || T->o.want[TUNE_I(coll)];
}

/** @brief Sample size @p s adjusted to the collective on @p p processes: rounded up to whole
 *         granules, at least one (tune_granule(): the reductions whole ints, reduce_scatter_block
 *         one int per rank). */
static long tune_adjust(enum tune_coll coll, long s, int p)
{
    long g = tune_granule(coll, p);
    return s < g ? g : (s + g - 1) / g * g;
}

/**
 * @brief Bytes of each of the send and receive buffers: p times the largest sample size (the
 *        largest size alone when none of alltoall, allgather, gather and scatter, nor their
 *        nonblocking forms, is wanted: bcast
 *        and allreduce move one vector, which keeps 128 simulated ranks at 4 MiB within memory),
 *        or what the pattern of a wanted v-collective needs at its largest size if more.
 * @return the size, or -1 (rank 0 has said why) when a pattern's counts would not fit in an int.
 */
static long tune_buffer_bytes(tuner *T)
{
    int blocks = tune_wants(T, TUNE_ALLTOALL) || tune_wants(T, TUNE_ALLGATHER) || tune_wants(T, TUNE_GATHER) ||
                 tune_wants(T, TUNE_SCATTER);
    long per = blocks ? (long)T->p : 1, sz[TUNE_MAX_SIZES];
    long maxb = tune_adjust(TUNE_ALLREDUCE, T->o.sizes[T->o.nsizes - 1], T->p) * per;
    int c, ns;
    if (tune_wants(T, TUNE_REDUCE_SCATTER_BLOCK)) /* its sizes round up to 4 p bytes */
        maxb = tune_adjust(TUNE_REDUCE_SCATTER_BLOCK, T->o.sizes[T->o.nsizes - 1], T->p) * per;
    for (c = 0; c < TUNE_NALL; c++) {
        long long need;
        if (!T->o.want[c] || !tune_is_v((enum tune_coll)c))
            continue;
        ns = tune_coll_sizes(&T->pat, (enum tune_coll)c, T->o.sizes, T->o.nsizes, T->p, tune_adjust, sz);
        need = tune_pattern_bytes(&T->pat, (enum tune_coll)c, sz[ns - 1]);
        if (need < 0) {
            if (T->rank == 0)
                fprintf(stderr,
                        "collalg-tune: %s with pattern %s at %ld B: a buffer would pass 2 GiB (int counts); "
                        "use smaller --sizes\n",
                        tune_coll_name[c], T->pat.name, sz[ns - 1]);
            return -1;
        }
        maxb = need > maxb ? (long)need : maxb;
    }
    return maxb > 0 ? maxb : 1;
}

/**
 * @brief Gives the run its topology: the file of --topology, else a non-empty `COLLALG_TOPOLOGY`,
 *        is attached to the tuner's communicator (collalg_topology_attach(), which checks it on
 *        every rank) and its name and checksum kept for the header. Without either the topology
 *        algorithms are left out.
 * @return 0, or 1 when the description cannot be used (the attach's one line on rank 0's stderr).
 */
static int tune_topology_setup(tuner *T)
{
    const char *path = T->o.topology ? T->o.topology : getenv(COLLALG_TOPOLOGY_ENV);
    collalg__topo desc;
    char msg[512];
    if (!path || !*path)
        return 0;
    if (collalg_topology_attach(T->comm, path, 1) != MPI_SUCCESS)
        return 1;
    memset(&desc, 0, sizeof desc);
    if (collalg__topo_parse_file(path, &desc, msg, sizeof msg) == 0) /* read again, only for the checksum */
        T->topo_sum = desc.checksum;
    collalg__topo_free(&desc);
    T->topo = path;
    return 0;
}

/**
 * @brief Starts a run: the tuner's communicator (a duplicate of MPI_COMM_WORLD returning errors),
 *        the command line, the communicator sizes to tune, where and on which MPI the run is, the
 *        signal handlers.
 * @return 0, 1 on a bad command line (or --procs that cannot be used), 2 for --help (usage printed).
 */
static int tune_begin(tuner *T, int argc, char **argv)
{
    int i, len = 0, st;
    memset(T, 0, sizeof *T);
    T->comm = MPI_COMM_NULL;
    MPI_Comm_dup(MPI_COMM_WORLD, &T->world);
    MPI_Comm_set_errhandler(T->world, MPI_ERRORS_RETURN);
    MPI_Comm_rank(T->world, &T->wrank);
    MPI_Comm_size(T->world, &T->P);
    T->rank = T->wrank;
    T->p = T->P;
    if ((st = tune_parse(argc, argv, &T->o, T->wrank)) != 0)
        return st;
    if ((T->nprocs = tune_procs_resolve(&T->o, T->P, T->wrank, T->procs)) == 0)
        return 1;
    MPI_Get_processor_name(T->host, &len);
    MPI_Get_library_version(T->mpi, &len);
    T->mpi[strcspn(T->mpi, "\n")] = 0;
    for (i = 0; T->mpi[i]; i++) /* MPICH says "MPICH Version:\t4.0.2": no tabs in titles and comments */
        if (T->mpi[i] == '\t')
            T->mpi[i] = ' ';
    signal(SIGINT, tune_on_signal);
    signal(SIGTERM, tune_on_signal);
    T->tty = isatty(2);
    T->start = time(NULL);
    return 0;
}

/**
 * @brief The sub-communicator of the first @p q ranks of the tuner's communicator into T->comm
 *        (MPI_Comm_split, collective over world; the ranks from q on get MPI_COMM_NULL), with
 *        T->rank and T->p. Why the first q: rank 0, which writes every file, is in every one, and
 *        they are the ranks a program's communicator of q ranks most often has (MPI_COMM_WORLD's
 *        first block). @return 1 on the ranks of the sub-communicator, else 0.
 */
static int tune_enter_size(tuner *T, int q)
{
    MPI_Comm_split(T->world, T->wrank < q ? 0 : MPI_UNDEFINED, T->wrank, &T->comm);
    if (T->comm == MPI_COMM_NULL)
        return 0;
    MPI_Comm_set_errhandler(T->comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(T->comm, &T->rank);
    MPI_Comm_size(T->comm, &T->p);
    return 1;
}

/**
 * @brief The topology, the pattern of the v-collectives and the buffers of the size being tuned
 *        (on T->comm, tune_enter_size(); undone by tune_teardown()).
 * @return 0, or 1 when the topology or the pattern cannot be used (said on rank 0). Aborts on
 *         the tuner's communicator when memory runs out.
 */
static int tune_setup(tuner *T)
{
    long maxb;
    int i;
    size_t chunk = (size_t)(T->o.rule.max_reps + T->o.rule.step + 8) * sizeof(double);
    if (tune_topology_setup(T) ||
        (tune_wants_v(T) && tune_pattern_setup(&T->pat, T->o.pattern, !T->o.sizes_given, T->comm, T->rank, T->p)) ||
        (maxb = tune_buffer_bytes(T)) < 0)
        return 1;
    if (tune_wants_v(T)) /* kept: the header is written after the pattern of every size is freed */
        T->pat_sum = tune_pattern_checksum(&T->pat);
    T->vc = (int *)malloc(4 * (size_t)T->p * sizeof(int));
    T->wtypes = (MPI_Datatype *)malloc((size_t)T->p * sizeof(MPI_Datatype));
    for (i = 0; T->wtypes && i < T->p; i++)
        T->wtypes[i] = MPI_BYTE;
#ifdef SMPI_SHARED_MALLOC
    /* SimGrid: one buffer shared by the simulated ranks; SMPI skips copying its contents. */
    T->sbuf = (char *)SMPI_SHARED_MALLOC((size_t)maxb);
    T->rbuf = (char *)SMPI_SHARED_MALLOC((size_t)maxb);
#else
    T->sbuf = (char *)calloc((size_t)maxb, 1);
    T->rbuf = (char *)calloc((size_t)maxb, 1);
#endif
    T->loc = (double *)malloc(chunk);
    T->glob = (double *)malloc(chunk);
    T->sorted = (double *)malloc(chunk);
    if (!T->sbuf || !T->rbuf || !T->loc || !T->glob || !T->sorted || !T->vc || !T->wtypes) {
        fprintf(stderr, "collalg-tune: out of memory (%ld-byte buffers)\n", maxb);
        MPI_Abort(T->comm, 2);
    }
    return 0;
}

/** @brief Frees what tune_setup() and tune_enter_size() took, the sub-communicator included
 *         (safe on a partial setup and outside a size). */
static void tune_teardown(tuner *T)
{
#ifdef SMPI_SHARED_MALLOC
    if (T->sbuf)
        SMPI_SHARED_FREE(T->sbuf);
    if (T->rbuf)
        SMPI_SHARED_FREE(T->rbuf);
#else
    free(T->sbuf);
    free(T->rbuf);
#endif
    free(T->loc);
    free(T->glob);
    free(T->sorted);
    free(T->vc);
    free(T->wtypes);
    tune_pattern_free(&T->pat);
    T->sbuf = T->rbuf = NULL;
    T->loc = T->glob = T->sorted = NULL;
    T->vc = NULL;
    T->wtypes = NULL;
    if (T->comm != MPI_COMM_NULL)
        MPI_Comm_free(&T->comm); /* the topology and node-level attributes go with it */
    T->comm = MPI_COMM_NULL;
    T->rank = T->wrank;
    T->p = T->P;
}

/** @brief Frees what tune_begin(), tune_setup() and tune_open_csv() took. */
static void tune_end(tuner *T)
{
    if (T->csv)
        fclose(T->csv);
    T->csv = NULL;
    tune_teardown(T);
    MPI_Comm_free(&T->world);
}

#endif /* COLLALG_SRC_TUNE_RUN_H */
