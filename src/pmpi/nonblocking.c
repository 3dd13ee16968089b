/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file nonblocking.c
 * @brief The nonblocking collectives of libcollalg_pmpi.so, and the completion calls that drive
 *        them where the MPI cannot: included by pmpi.c (one translation unit, so it sees the
 *        configuration and the trace helpers), not compiled alone.
 *
 * @par What is defined
 * MPI_Ibarrier, MPI_Ibcast, MPI_Igather, MPI_Igatherv, MPI_Iscatter, MPI_Iscatterv,
 * MPI_Iallgather, MPI_Iallgatherv, MPI_Ialltoall, MPI_Ialltoallv, MPI_Ialltoallw, MPI_Ireduce,
 * MPI_Iallreduce, MPI_Ireduce_scatter_block, MPI_Ireduce_scatter, MPI_Iscan and MPI_Iexscan. Each
 * runs, in this order: the native PMPI_I<coll> when the library is off for it, the environment
 * named an invalid choice, or the communicator is not an intracommunicator; the algorithm forced
 * by `COLLALG_I<COLL>=name` (a name of catalogue.h's COLLALG_NONBLOCKING table; the dispatch
 * table below is generated from it) unless the call is outside its restrictions (then native,
 * traced); else the tuned routine `collalg_tuned_i<coll>` of the tuned header, which is native
 * unless the tuner measured the nonblocking collectives (`make tune TUNE_ARGS='--collectives
 * nonblocking'` or `all`: the default run tunes the blocking ones only).
 * `COLLALG_I<COLL>=name:param` forces an algorithm with a tuning parameter (the table's params
 * column: a radix, a segment size, a window) with that integer; a parameter for an algorithm
 * that has none, or one that is not an integer, is rejected at MPI_Init (one line on rank 0,
 * that collective stays native).
 *
 * @par Progress
 * A catalogue operation advances only inside collalg_progress() or, with MPICH, inside MPICH's
 * own MPI_Wait, MPI_Test and their array forms (core/nbc.h: COLLALG_NBC_MPIX, extended
 * generalized requests), which do not advance a persistent operation (its request is a plain
 * persistent receive, core/persistent.h). So this file defines MPI_Wait, MPI_Test, MPI_Waitall,
 * MPI_Waitany, MPI_Waitsome, MPI_Testall, MPI_Testany, MPI_Testsome and MPI_Request_get_status,
 * so that the application's own completion calls drive the schedules (with MPICH, only the
 * persistent ones need it: the calls below are MPICH's own at once while none runs;
 * MPI_Request_get_status always progresses, as MPICH 4.0 does not let it poll a generalized
 * request):
 * - a test-type call runs collalg_progress() and then its PMPI_ function (MPI_Testany tests the
 *   catalogue's requests of the array one by one, the others with PMPI_Testany);
 * - a wait-type call loops { collalg_progress(); a test } while a catalogue operation runs or
 *   the array holds a catalogue request, with a sched_yield() between rounds (the process gives
 *   its core away rather than spin): MPI_Wait on PMPI_Test, MPI_Waitany on the MPI_Testany above,
 *   MPI_Waitsome on PMPI_Testsome (both return at once when no request is active), MPI_Waitall
 *   on PMPI_Test of each request not yet complete; so arrays that mix our requests with
 *   point-to-point and native ones, MPI_REQUEST_NULL entries and MPI_STATUS(ES)_IGNORE behave as
 *   MPI specifies; the catalogue's generalized requests never reach SimGrid's PMPI_Waitall,
 *   PMPI_Waitany or PMPI_Testany, which mishandle them (see below);
 * - when no catalogue operation runs in the process and the array holds none of its requests
 *   (the list of core/nbc.h, one attribute lookup), a wait-type call is its PMPI_ function at once.
 * The Fortran completion calls of Open MPI (which call PMPI_ directly) are wrapped alike in
 * fortran_nonblocking.c.
 */

#include <sched.h>

/* Tuned routines with no rule (native) for what the tuned header does not define. */
#ifndef COLLALG_TUNED_IBARRIER_BOUNDS
COLLALG_TUNED_IBARRIER(collalg_tuned_ibarrier, )
#endif
#ifndef COLLALG_TUNED_IBCAST_BOUNDS
COLLALG_TUNED_IBCAST(collalg_tuned_ibcast, )
#endif
#ifndef COLLALG_TUNED_IGATHER_BOUNDS
COLLALG_TUNED_IGATHER(collalg_tuned_igather, )
#endif
#ifndef COLLALG_TUNED_IGATHERV_BOUNDS
COLLALG_TUNED_IGATHERV(collalg_tuned_igatherv, )
#endif
#ifndef COLLALG_TUNED_ISCATTER_BOUNDS
COLLALG_TUNED_ISCATTER(collalg_tuned_iscatter, )
#endif
#ifndef COLLALG_TUNED_ISCATTERV_BOUNDS
COLLALG_TUNED_ISCATTERV(collalg_tuned_iscatterv, )
#endif
#ifndef COLLALG_TUNED_IALLGATHER_BOUNDS
COLLALG_TUNED_IALLGATHER(collalg_tuned_iallgather, )
#endif
#ifndef COLLALG_TUNED_IALLGATHERV_BOUNDS
COLLALG_TUNED_IALLGATHERV(collalg_tuned_iallgatherv, )
#endif
#ifndef COLLALG_TUNED_IALLTOALL_BOUNDS
COLLALG_TUNED_IALLTOALL(collalg_tuned_ialltoall, )
#endif
#ifndef COLLALG_TUNED_IALLTOALLV_BOUNDS
COLLALG_TUNED_IALLTOALLV(collalg_tuned_ialltoallv, )
#endif
#ifndef COLLALG_TUNED_IALLTOALLW_BOUNDS
COLLALG_TUNED_IALLTOALLW(collalg_tuned_ialltoallw, )
#endif
#ifndef COLLALG_TUNED_IREDUCE_BOUNDS
COLLALG_TUNED_IREDUCE(collalg_tuned_ireduce, )
#endif
#ifndef COLLALG_TUNED_IALLREDUCE_BOUNDS
COLLALG_TUNED_IALLREDUCE(collalg_tuned_iallreduce, )
#endif
#ifndef COLLALG_TUNED_IREDUCE_SCATTER_BLOCK_BOUNDS
COLLALG_TUNED_IREDUCE_SCATTER_BLOCK(collalg_tuned_ireduce_scatter_block, )
#endif
#ifndef COLLALG_TUNED_IREDUCE_SCATTER_BOUNDS
COLLALG_TUNED_IREDUCE_SCATTER(collalg_tuned_ireduce_scatter, )
#endif
#ifndef COLLALG_TUNED_ISCAN_BOUNDS
COLLALG_TUNED_ISCAN(collalg_tuned_iscan, )
#endif
#ifndef COLLALG_TUNED_IEXSCAN_BOUNDS
COLLALG_TUNED_IEXSCAN(collalg_tuned_iexscan, )
#endif

/** @brief Any function, as stored in the table (cast back to its collective's type to call it). */
typedef void (*pm_nb_fn)(void);

/** @brief One row of COLLALG_NONBLOCKING: the collective with its `i`, the name, the restrictions,
 *         the function `collalg_i<coll>_<name>`, the persistent form `collalg_<coll>_init_<name>`
 *         and the number of its parameters after the request (0, 1, or 3: the first is the one
 *         a forced `:param` or a rule sets, the others run with their defaults). */
typedef struct pm_nb_algo {
    const char *coll;
    const char *name;
    int restrictions;
    pm_nb_fn fn;
    pm_nb_fn init;
    int nparams;
} pm_nb_algo;

/** @cond PM_INTERNAL */
/* The argument lists (parameters with names, arguments) that several wrappers below share. */
#define PM_NB_P_ibarrier (MPI_Comm comm, MPI_Request * request)
#define PM_NB_A_ibarrier (comm, request)
#define PM_NB_P_ibcast (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
#define PM_NB_A_ibcast (buffer, count, datatype, root, comm, request)
#define PM_NB_P_igather                                                                                              \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     int root, MPI_Comm comm, MPI_Request *request)
#define PM_NB_A_igather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request)
#define PM_NB_P_iscatter PM_NB_P_igather
#define PM_NB_A_iscatter PM_NB_A_igather
#define PM_NB_P_iallgather                                                                                           \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     MPI_Comm comm, MPI_Request *request)
#define PM_NB_A_iallgather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request)
#define PM_NB_P_ireduce                                                                                        \
    (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, \
     MPI_Request *request)
#define PM_NB_A_ireduce (sendbuf, recvbuf, count, datatype, op, root, comm, request)
#define PM_NB_P_iallreduce                                                                           \
    (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, \
     MPI_Request *request)
#define PM_NB_A_iallreduce (sendbuf, recvbuf, count, datatype, op, comm, request)
#define PM_NB_P_ialltoall                                                                                            \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     MPI_Comm comm, MPI_Request *request)
#define PM_NB_A_ialltoall (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request)
#define PM_NB_P_ialltoallv                                                                                   \
    (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, \
     const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
#define PM_NB_A_ialltoallv \
    (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request)
#define PM_NB_P_ialltoallw                                                                                            \
    (const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, \
     const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
#define PM_NB_A_ialltoallw \
    (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request)
#define PM_NB_UNPAREN(...) __VA_ARGS__
/* The persistent form of row (icoll, alg): collalg_<coll>_init_<alg>, coll the twin of icoll. */
#define PM_NB_INIT_2(coll, alg) collalg_##coll##_init_##alg
#define PM_NB_INIT_1(coll, alg) PM_NB_INIT_2(coll, alg)
#define PM_NB_INIT(icoll, alg) PM_NB_INIT_1(TUNE_TWIN_##icoll, alg)
#define PM_NB_ROW(coll, alg, restrict, params, space, flags) \
    {#coll, #alg, (restrict), (pm_nb_fn)collalg_##coll##_##alg, (pm_nb_fn)PM_NB_INIT(coll, alg), (params)},
/** @endcond */

/** @brief The nonblocking algorithms, generated from catalogue.h's table. */
static const pm_nb_algo pm_nb_table[] = {COLLALG_NONBLOCKING(PM_NB_ROW)};
#define PM_NB_NALGOS ((int)(sizeof pm_nb_table / sizeof pm_nb_table[0]))

/** @brief What runs for one nonblocking collective. */
typedef struct pm_nb_force {
    const pm_nb_algo *algo; /**< forced algorithm, NULL: the tuned routine */
    int param;              /**< its parameter (0: the documented default) */
    int native;             /**< 1: always the native collective (off, or an invalid choice) */
    char var[40];           /**< the variable's name, COLLALG_I<COLL> */
} pm_nb_force;

/** @brief The configuration of the nonblocking collectives (indexed like pm_cfg), set once by
 *         MPI_Init / MPI_Init_thread. */
static pm_nb_force pm_nb_cfg[TUNE_NCOLL];

/** @brief The mark pm_nb_choose() returns for "native". */
static const pm_nb_algo pm_nb_native = {"", "native", 0, NULL, NULL, 0};

/** @brief Parses `COLLALG_I<COLL>` for @p coll into pm_nb_cfg; a message into @p msg when the value
 *         is invalid (the collective then stays native). */
static void pm_nb_parse_one(enum tune_coll coll, char *msg, size_t size)
{
    pm_nb_force *f = &pm_nb_cfg[coll];
    char icoll[40], list[512];
    const char *val;
    size_t len, n;
    int i;
    msg[0] = list[0] = 0;
    snprintf(icoll, sizeof icoll, "i%s", tune_coll_name[coll]);
    pm_var_name(icoll, f->var, sizeof f->var);
    val = getenv(f->var);
    if (!val || !*val)
        return;
    n = strcspn(val, ":");
    for (i = 0; i < PM_NB_NALGOS; i++) {
        if (strcmp(pm_nb_table[i].coll, icoll) != 0)
            continue;
        len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", len ? " " : "", pm_nb_table[i].name);
        if (strlen(pm_nb_table[i].name) == n && strncmp(pm_nb_table[i].name, val, n) == 0)
            f->algo = &pm_nb_table[i];
    }
    if (!f->algo)
        snprintf(msg, size, "collalg: %s=%s: unknown algorithm; valid: %s; %s stays native", f->var, val, list, icoll);
    else if (val[n] == ':' && !f->algo->nparams)
        snprintf(msg, size, "collalg: %s=%s: %s takes no parameter; %s stays native", f->var, val, f->algo->name,
                 icoll);
    else if (val[n] == ':' && !pm_integer(val + n + 1, &f->param))
        snprintf(msg, size, "collalg: %s=%s: the parameter of %s is an integer; %s stays native", f->var, val,
                 f->algo->name, icoll);
    if (msg[0]) {
        f->algo = NULL;
        f->native = 1;
    }
}

/** @brief Reads the `COLLALG_I<COLL>` variables (all native when @p off); rank @p rank prints the
 *         messages when it is 0. */
static void pm_nb_configure(int off, int rank)
{
    char msg[1024];
    int c;
    memset(pm_nb_cfg, 0, sizeof pm_nb_cfg);
    for (c = 0; c < TUNE_NCOLL; c++) {
        pm_nb_cfg[c].native = off;
        if (off)
            continue;
        pm_nb_parse_one((enum tune_coll)c, msg, sizeof msg);
        if (msg[0] && rank == 0)
            fprintf(stderr, "%s\n", msg);
    }
}

/**
 * @brief What serves a call of nonblocking collective @p coll on @p comm: &pm_nb_native (the
 *        PMPI_ function), NULL (the tuned routine), or the forced algorithm, after its trace line
 *        (@p n, the bytes the selector compares, is evaluated by the caller for the trace only).
 *        @p op is the call's operation (MPI_OP_NULL without one), for the restrictions.
 */
static const pm_nb_algo *pm_nb_choose(enum tune_coll coll, MPI_Op op, long long n, MPI_Comm comm)
{
    const pm_nb_force *f = &pm_nb_cfg[coll];
    char routine[48], line[256];
    int p = 0, broken;
    if (f->native || pm_not_intra(comm))
        return &pm_nb_native;
    if (!f->algo)
        return NULL;
    PMPI_Comm_size(comm, &p);
    broken = collalg__select_broken(f->algo->restrictions, op, p, comm);
    if (collalg__select_verbose() <= 0)          /* the trace's text only when it is on: snprintf costs */
        return broken ? &pm_nb_native : f->algo; /* about 2,000 instructions a call */
    snprintf(routine, sizeof routine, "MPI_I%s", tune_coll_name[coll]);
    if (broken)
        snprintf(line, sizeof line, "native (%s=%s does not apply: %s)", f->var, f->algo->name,
                 collalg_restriction_text(broken));
    else if (f->param)
        snprintf(line, sizeof line, "%s(%d) (forced by %s)", f->algo->name, f->param, f->var);
    else
        snprintf(line, sizeof line, "%s (forced by %s)", f->algo->name, f->var);
    collalg__select_say(routine, line, n, p, comm);
    return broken ? &pm_nb_native : f->algo;
}

/** @brief Size of @p comm (0 when it cannot be queried), for the trace. */
static int pm_procs(MPI_Comm comm)
{
    int p = 0;
    PMPI_Comm_size(comm, &p);
    return p;
}

/** @brief The @p p counts of @p type summed in bytes (-1 when unknown), for the trace. */
static long long pm_sum_bytes(const int *counts, MPI_Datatype type, int p)
{
    long long sum = 0;
    int i;
    if (!counts || pm_bytes(1, type) < 0)
        return -1;
    for (i = 0; i < p; i++)
        sum += counts[i];
    return sum * pm_bytes(1, type);
}

/** @cond PM_INTERNAL */
/* One wrapper: MPI_<Name> (tuned routine `tuned`) with parameter list `params` (names included) and argument list `args`,
 * served as pm_nb_choose() says (a forced algorithm with a parameter gets the forced value); `n` (the trace's size) is evaluated only when the trace is on. */
#define PM_NB_WRAP(Name, coll, tuned, op, n, params, args)                                                             \
    int MPI_##Name params                                                                                              \
    {                                                                                                                  \
        const pm_nb_algo *a = pm_nb_choose(coll, op, collalg__select_verbose() > 0 ? (n) : -1, comm);                  \
        if (a == &pm_nb_native)                                                                                        \
            return PMPI_##Name args;                                                                                   \
        if (a && a->nparams == 3)                                                                                      \
            return ((int (*)(PM_NB_UNPAREN params, int, int, int))a->fn)(PM_NB_UNPAREN args, pm_nb_cfg[coll].param, 0, \
                                                                         0);                                           \
        if (a && a->nparams)                                                                                           \
            return ((int (*)(PM_NB_UNPAREN params, int))a->fn)(PM_NB_UNPAREN args, pm_nb_cfg[coll].param);             \
        if (a)                                                                                                         \
            return ((int(*) params)a->fn)args;                                                                         \
        return tuned args;                                                                                             \
    }
/** @endcond */

/* The argument lists that several collectives share: gather and scatter, allgather and alltoall,
 * allreduce, scan and exscan. */
#define PM_NB_ROOTED_P                                                                                               \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     int root, MPI_Comm comm, MPI_Request *request)
#define PM_NB_ROOTED_A (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request)
#define PM_NB_TRANSPORT_P                                                                                            \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     MPI_Comm comm, MPI_Request *request)
#define PM_NB_TRANSPORT_A (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request)
#define PM_NB_VEC_P                                                                                  \
    (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, \
     MPI_Request *request)
#define PM_NB_VEC_A (sendbuf, recvbuf, count, datatype, op, comm, request)

/* clang-format off */
PM_NB_WRAP(Ibarrier, TUNE_BARRIER, collalg_tuned_ibarrier, MPI_OP_NULL, 0, PM_NB_P_ibarrier, PM_NB_A_ibarrier)
PM_NB_WRAP(Ibcast, TUNE_BCAST, collalg_tuned_ibcast, MPI_OP_NULL, pm_bytes(count, datatype), PM_NB_P_ibcast,
           PM_NB_A_ibcast)
PM_NB_WRAP(Igather, TUNE_GATHER, collalg_tuned_igather, MPI_OP_NULL,
           sendbuf == MPI_IN_PLACE ? pm_bytes(recvcount, recvtype) : pm_bytes(sendcount, sendtype),
           PM_NB_ROOTED_P, PM_NB_ROOTED_A)
PM_NB_WRAP(Igatherv, TUNE_GATHERV, collalg_tuned_igatherv, MPI_OP_NULL, 0,
           (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
            const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
           (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request))
PM_NB_WRAP(Iscatter, TUNE_SCATTER, collalg_tuned_iscatter, MPI_OP_NULL,
           recvbuf == MPI_IN_PLACE ? pm_bytes(sendcount, sendtype) : pm_bytes(recvcount, recvtype),
           PM_NB_ROOTED_P, PM_NB_ROOTED_A)
PM_NB_WRAP(Iscatterv, TUNE_SCATTERV, collalg_tuned_iscatterv, MPI_OP_NULL, 0,
           (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf,
            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request),
           (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request))
PM_NB_WRAP(Iallgather, TUNE_ALLGATHER, collalg_tuned_iallgather, MPI_OP_NULL, pm_bytes(recvcount, recvtype),
           PM_NB_TRANSPORT_P, PM_NB_TRANSPORT_A)
PM_NB_WRAP(Iallgatherv, TUNE_ALLGATHERV, collalg_tuned_iallgatherv, MPI_OP_NULL, pm_mean_bytes(recvcounts, recvtype, comm),
           (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
            const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
           (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request))
PM_NB_WRAP(Ialltoall, TUNE_ALLTOALL, collalg_tuned_ialltoall, MPI_OP_NULL, pm_bytes(recvcount, recvtype),
           PM_NB_TRANSPORT_P, PM_NB_TRANSPORT_A)
PM_NB_WRAP(Ialltoallv, TUNE_ALLTOALLV, collalg_tuned_ialltoallv, MPI_OP_NULL, 0,
           (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
            const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request),
           (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request))
PM_NB_WRAP(Ialltoallw, TUNE_ALLTOALLW, collalg_tuned_ialltoallw, MPI_OP_NULL, 0,
           (const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
            void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
            MPI_Request *request),
           (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request))
PM_NB_WRAP(Ireduce, TUNE_REDUCE, collalg_tuned_ireduce, op, pm_bytes(count, datatype), PM_NB_P_ireduce,
           PM_NB_A_ireduce)
PM_NB_WRAP(Iallreduce, TUNE_ALLREDUCE, collalg_tuned_iallreduce, op, pm_bytes(count, datatype),
           PM_NB_VEC_P, PM_NB_VEC_A)
PM_NB_WRAP(Ireduce_scatter_block, TUNE_REDUCE_SCATTER_BLOCK, collalg_tuned_ireduce_scatter_block, op, pm_bytes(recvcount, datatype) * pm_procs(comm),
           (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
            MPI_Request *request),
           (sendbuf, recvbuf, recvcount, datatype, op, comm, request))
PM_NB_WRAP(Ireduce_scatter, TUNE_REDUCE_SCATTER, collalg_tuned_ireduce_scatter, op, pm_sum_bytes(recvcounts, datatype, pm_procs(comm)),
           (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
            MPI_Comm comm, MPI_Request *request),
           (sendbuf, recvbuf, recvcounts, datatype, op, comm, request))
PM_NB_WRAP(Iscan, TUNE_SCAN, collalg_tuned_iscan, op, pm_bytes(count, datatype),
           PM_NB_VEC_P, PM_NB_VEC_A)
PM_NB_WRAP(Iexscan, TUNE_EXSCAN, collalg_tuned_iexscan, op, pm_bytes(count, datatype),
           PM_NB_VEC_P, PM_NB_VEC_A)
/* clang-format on */

/* ---- Completion calls that drive the schedules (see "Progress" above) ----------------------- */

/** @brief The head of this process's list of catalogue operations (core/nbc.h, "State": the
 *         nonblocking ones until their request is freed, the persistent ones while they run), or
 *         NULL when it is empty or cannot be read. */
static collalg__nbc *pm_nb_head(void)
{
    collalg__nbc_list *list = NULL;
    return collalg__nbc_list_get(&list) == MPI_SUCCESS && list ? list->head : NULL;
}

/** @brief 1 when a catalogue operation of this process is running (its request not complete)
 *         that the MPI's own completion calls do not advance: a completion call must then
 *         advance the schedules while it waits. Every one without MPICH's extended generalized
 *         requests; with them, the persistent ones only (their request is a plain receive). */
static int pm_nb_busy(void)
{
    const collalg__nbc *op;
    for (op = pm_nb_head(); op; op = op->next)
        if (!op->finished && (op->persistent || !COLLALG_NBC_MPIX))
            return 1;
    return 0;
}

/** @brief 1 when @p r is the (generalized) request of a catalogue nonblocking operation,
 *         running or complete but not yet freed, which the MPI's own array calls must not see
 *         (never with MPICH's extended generalized requests, which MPICH handles). */
static int pm_nb_ours(MPI_Request r)
{
    const collalg__nbc *op;
    if (r == MPI_REQUEST_NULL || COLLALG_NBC_MPIX)
        return 0;
    for (op = pm_nb_head(); op; op = op->next)
        if (!op->persistent && op->greq == r)
            return 1;
    return 0;
}

/** @brief 1 when one of @p requests[0 .. @p count) is a catalogue nonblocking request. */
static int pm_nb_any_ours(int count, const MPI_Request requests[])
{
    int i;
    for (i = 0; requests && i < count; i++)
        if (pm_nb_ours(requests[i]))
            return 1;
    return 0;
}

/** @brief Entry @p i of @p statuses (MPI_STATUS_IGNORE when the array is ignored). */
static MPI_Status *pm_nb_status_at(MPI_Status statuses[], int i)
{
    return statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
}

/*
 * Why the array calls do not simply hand the catalogue's generalized requests to the MPI's own
 * (SimGrid 3.32, src/smpi/bindings/smpi_pmpi_request.cpp and src/smpi/mpi/smpi_request.cpp):
 * - PMPI_Waitall and PMPI_Waitany take a reference on every request for their tracing and drop
 *   it at the end; a generalized request is flagged persistent there, so the completion inside
 *   drops only that extra reference and leaves the handle as it was, and the final release frees
 *   the request (the catalogue's free function runs): the application keeps a dangling handle,
 *   not MPI_REQUEST_NULL (the wrong handles, then a crash, of tests/pmpi/nonblocking.c);
 * - PMPI_Waitany (hence PMPI_Waitall and PMPI_Waitsome) takes a request without a
 *   communication, which a generalized request is, as complete at once, whether or not it is;
 * - PMPI_Testany looks only at requests with a communication, so it never reports a
 *   generalized request, and answers MPI_UNDEFINED when only such requests are active.
 * PMPI_Wait, PMPI_Test, PMPI_Testall and PMPI_Testsome test each request on its own and are
 * right. So the calls below complete the catalogue's requests with those only, and give the
 * MPI's array calls only arrays without them. Under Open MPI the same code runs (its array
 * calls would do, but one path is simpler to keep right).
 */

/* MPI_Wait: while a catalogue operation runs, progress and test; then the MPI's own wait (right
 * for a complete generalized request everywhere). */
int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    int flag = 0, err;
    while (request && *request != MPI_REQUEST_NULL && pm_nb_busy()) {
        collalg_progress();
        err = PMPI_Test(request, &flag, status);
        if (err != MPI_SUCCESS || flag)
            return err;
        sched_yield();
    }
    return PMPI_Wait(request, status);
}

/* MPI_Waitall: without catalogue requests in the array and none running, the MPI's own. Else
 * rounds of { progress; PMPI_Test on each request not yet complete } while an operation runs,
 * and PMPI_Wait on each one left once none does (nothing then needs this process to progress).
 * Each request is completed once, its status written once. */
int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    unsigned char small[64], *done = small;
    int i, all, busy, flag, e, failed = 0;
    if (count <= 0 || !requests || (!pm_nb_busy() && !pm_nb_any_ours(count, requests)))
        return PMPI_Waitall(count, requests, statuses);
    if (count > (int)sizeof small && !(done = (unsigned char *)malloc((size_t)count)))
        return MPI_ERR_NO_MEM;
    memset(done, 0, (size_t)count);
    for (;;) {
        busy = pm_nb_busy();
        if (busy)
            collalg_progress();
        for (i = 0, all = 1; i < count; i++) {
            MPI_Status *st = pm_nb_status_at(statuses, i);
            if (done[i])
                continue;
            flag = 1;
            if (!busy || requests[i] == MPI_REQUEST_NULL)
                e = PMPI_Wait(&requests[i], st);
            else
                e = PMPI_Test(&requests[i], &flag, st);
            if (e != MPI_SUCCESS) {
                failed = flag = 1;
                if (st != MPI_STATUS_IGNORE)
                    st->MPI_ERROR = e;
            }
            done[i] = (unsigned char)flag;
            all &= flag;
        }
        if (all)
            break;
        sched_yield();
    }
    if (done != small)
        free(done);
    return failed ? MPI_ERR_IN_STATUS : MPI_SUCCESS;
}

/** @brief MPI_Testany on @p requests (progress is the caller's): each catalogue request is
 *         tested with PMPI_Test, the others with PMPI_Testany on a copy of the array without the
 *         catalogue ones (the one it completes is copied back). */
static int pm_nb_testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
    MPI_Request small[32], *rest = small;
    int i, err, ours = 0;
    if (count <= 0 || !requests || !index || !flag || !pm_nb_any_ours(count, requests))
        return PMPI_Testany(count, requests, index, flag, status);
    for (i = 0; i < count; i++)
        if (pm_nb_ours(requests[i])) {
            ours = 1;
            err = PMPI_Test(&requests[i], flag, status);
            if (err != MPI_SUCCESS || *flag) {
                *index = i;
                return err;
            }
        }
    if (count > (int)(sizeof small / sizeof small[0]) && !(rest = (MPI_Request *)malloc((size_t)count * sizeof *rest)))
        return MPI_ERR_NO_MEM;
    for (i = 0; i < count; i++)
        rest[i] = pm_nb_ours(requests[i]) ? MPI_REQUEST_NULL : requests[i];
    err = PMPI_Testany(count, rest, index, flag, status);
    if (*index >= 0 && *index < count)
        requests[*index] = rest[*index];
    else if (err == MPI_SUCCESS && *flag && ours) /* only the catalogue's are active */
        *flag = 0;
    if (rest != small)
        free(rest);
    return err;
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
    collalg_progress();
    return pm_nb_testany(count, requests, index, flag, status);
}

int MPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status)
{
    int flag = 0, err;
    while (pm_nb_busy() || pm_nb_any_ours(count, requests)) {
        collalg_progress();
        err = pm_nb_testany(count, requests, index, &flag, status);
        if (err != MPI_SUCCESS || flag)
            return err;
        sched_yield();
    }
    return PMPI_Waitany(count, requests, index, status);
}

int MPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[])
{
    int err;
    while (pm_nb_busy() || pm_nb_any_ours(incount, requests)) {
        collalg_progress();
        err = PMPI_Testsome(incount, requests, outcount, indices, statuses);
        if (err != MPI_SUCCESS || *outcount != 0)
            return err;
        sched_yield();
    }
    return PMPI_Waitsome(incount, requests, outcount, indices, statuses);
}

/** @cond PM_INTERNAL */
/* A test-type call: progress, then the PMPI_ function. */
#define PM_NB_TEST(Name, params, args) \
    int MPI_##Name params              \
    {                                  \
        collalg_progress();            \
        return PMPI_##Name args;       \
    }
/** @endcond */

PM_NB_TEST(Test, (MPI_Request * request, int *flag, MPI_Status *status), (request, flag, status))
PM_NB_TEST(Testall, (int count, MPI_Request requests[], int *flag, MPI_Status statuses[]),
           (count, requests, flag, statuses))
PM_NB_TEST(Testsome, (int incount, MPI_Request requests[], int *outcount, int indices[], MPI_Status statuses[]),
           (incount, requests, outcount, indices, statuses))
/* MPICH 4.0's MPI_Request_get_status does not poll an extended generalized request (a loop on it
 * waited forever), so it is driven here too. */
PM_NB_TEST(Request_get_status, (MPI_Request request, int *flag, MPI_Status *status), (request, flag, status))
