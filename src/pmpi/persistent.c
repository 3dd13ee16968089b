/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file persistent.c
 * @brief The persistent collectives of libcollalg_pmpi.so (MPI-4's `MPI_<Coll>_init`, Open MPI
 *        4.1's `MPIX_<Coll>_init`) and MPI_Start, MPI_Startall, MPI_Request_free: included by
 *        pmpi.c after nonblocking.c (whose tables, configuration and completion calls it uses),
 *        not compiled alone.
 *
 * @par What is defined
 * With an MPI that has persistent collectives, the seventeen init calls: `MPI_Barrier_init`,
 * `MPI_Bcast_init`, `MPI_Gather_init`, `MPI_Gatherv_init`, `MPI_Scatter_init`,
 * `MPI_Scatterv_init`, `MPI_Allgather_init`, `MPI_Allgatherv_init`, `MPI_Alltoall_init`,
 * `MPI_Alltoallv_init`, `MPI_Alltoallw_init`, `MPI_Reduce_init`, `MPI_Allreduce_init`,
 * `MPI_Reduce_scatter_block_init`, `MPI_Reduce_scatter_init`, `MPI_Scan_init` and
 * `MPI_Exscan_init` (MPI_VERSION >= 4: MPICH 4.0), or the same names with `MPIX_` (Open MPI 4.1's
 * pcollreq extension, `mpi-ext.h`). SimGrid 3.32 has none (its `smpi.h` declares no
 * `MPI_<Coll>_init`), so there only MPI_Start, MPI_Startall and MPI_Request_free are defined.
 *
 * @par Which algorithm
 * The choice is made once, at init, with the variables and tables of the nonblocking
 * collectives (a persistent collective is its nonblocking algorithm's schedule, replayed): the
 * native `PMPI_<Coll>_init` when the library is off for the collective, the environment named an
 * invalid choice, or the communicator is not an intracommunicator; the algorithm forced by
 * `COLLALG_I<COLL>=name[:param]` (its persistent form `collalg_<coll>_init_<name>`, with that
 * parameter or the default), unless the call is outside its restrictions (then native, traced); else the choice
 * of the tuned routine `collalg_tuned_i<coll>` for these arguments, asked without starting
 * anything (pmpi.c's COLLALG_SELECT_HOOK returns from the tuned routine with the name of the
 * algorithm it would start; "native" gives the native init), then the persistent form of that
 * algorithm with the rule's parameter. `COLLALG_SELECT_VERBOSE=1` traces the choice at init:
 * `collalg: MPI_Allreduce_init p=4 n=12 B -> ring (forced by COLLALG_IALLREDUCE)`, or
 * `... -> knomial(4) (tuned: collalg_tuned_ibcast)`.
 *
 * @par Start, completion, free
 * The request is the catalogue's persistent request (core/persistent.h: a receive from self that
 * the run completes). MPI_Start and MPI_Startall run collalg_start() on it (the receive started,
 * then the schedule, advanced as far as it goes); other requests go to PMPI_Start (MPI_Startall
 * passes an array without catalogue requests to PMPI_Startall whole). MPI_Request_free frees an
 * inactive catalogue request with everything it holds (collalg_request_free()); an active one is
 * MPI_ERR_REQUEST, as MPI says freeing an active persistent collective is erroneous. While such
 * an operation runs, the completion calls of nonblocking.c advance it, with every MPI (MPICH's
 * own waits would not: its request is not a generalized one).
 */

#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#endif

/** @cond PM_INTERNAL */
#if MPI_VERSION >= 4 && !defined(SMPI_H)
#define PM_PI 1
#define PM_PI_PREFIX "MPI_"
#define PM_PI_NAME(Name) MPI_##Name##_init
#define PM_PI_NATIVE(Name) PMPI_##Name##_init
#elif defined(OMPI_HAVE_MPI_EXT_PCOLLREQ)
#define PM_PI 1
#define PM_PI_PREFIX "MPIX_"
#define PM_PI_NAME(Name) MPIX_##Name##_init
#define PM_PI_NATIVE(Name) PMPIX_##Name##_init
#else
#define PM_PI 0
#endif
/** @endcond */

#if PM_PI
/** @brief The row of pm_nb_table for nonblocking collective @p icoll (its `i` name) and
 *         algorithm name @p name of @p len characters, or NULL. */
static const pm_nb_algo *pm_pi_find(const char *icoll, const char *name, size_t len)
{
    int i;
    for (i = 0; i < PM_NB_NALGOS; i++)
        if (strcmp(pm_nb_table[i].coll, icoll) == 0 && strlen(pm_nb_table[i].name) == len &&
            strncmp(pm_nb_table[i].name, name, len) == 0)
            return &pm_nb_table[i];
    return NULL;
}

/**
 * @brief What serves an init call of collective @p coll on @p comm: &pm_nb_native (the native
 *        init) or the algorithm whose persistent form runs, with its parameter in *@p param:
 *        the forced one, else the one pm_probe_choice names (the tuned routine's choice, set by
 *        the hook while the wrapper asked it). @p routine is the init call's name for the trace,
 *        @p op the call's operation (MPI_OP_NULL without one), @p n the size the selector
 *        compares (for the trace only; -1 when not traced).
 */
static const pm_nb_algo *pm_pi_resolve(enum tune_coll coll, const char *routine, MPI_Op op, long long n, MPI_Comm comm,
                                       int *param)
{
    const pm_nb_force *f = &pm_nb_cfg[coll];
    const pm_nb_algo *a = NULL;
    const char *choice = pm_probe_choice;
    char icoll[40], line[256];
    int p = 0, broken = 0;
    size_t len;
    *param = 0;
    snprintf(icoll, sizeof icoll, "i%s", tune_coll_name[coll]);
    PMPI_Comm_size(comm, &p);
    if (f->algo) { /* forced, with the forced parameter, unless its restrictions rule it out */
        a = f->algo;
        *param = f->param;
        broken = collalg__select_broken(a->restrictions, op, p, comm);
        if (broken)
            snprintf(line, sizeof line, "native (%s=%s does not apply: %s)", f->var, a->name,
                     collalg_restriction_text(broken));
        else if (f->param)
            snprintf(line, sizeof line, "%s(%d) (forced by %s)", a->name, f->param, f->var);
        else
            snprintf(line, sizeof line, "%s (forced by %s)", a->name, f->var);
    } else if (choice && strcmp(choice, "native") != 0) { /* the tuned routine's: name or name(param) */
        len = strcspn(choice, "(");
        a = pm_pi_find(icoll, choice, len);
        if (a && a->nparams && choice[len] == '(')
            *param = atoi(choice + len + 1);
        snprintf(line, sizeof line, "%s (tuned: collalg_tuned_%s)", a ? choice : "native", icoll);
    } else
        snprintf(line, sizeof line, "native (tuned: collalg_tuned_%s)", icoll);
    if (n >= 0)
        collalg__select_say(routine, line, n, p, comm);
    return a && !broken ? a : &pm_nb_native;
}

/** @cond PM_INTERNAL */
/*
 * One init wrapper: PM_PI_NAME(Name) with parameter list `params` (names included, MPI_Info info
 * and MPI_Request *request last), argument list `args`, and `iargs` the nonblocking call's (the
 * same without info) for the tuned routine `tuned` of collective `coll`; `op` and `n` as in
 * PM_NB_WRAP. The algorithm's persistent form is called with exactly these arguments, plus its
 * parameter when the row has one.
 */
#define PM_PI_WRAP(Name, coll, tuned, op, n, params, args, iargs)                                               \
    int PM_PI_NAME(Name) params                                                                                 \
    {                                                                                                           \
        const pm_nb_force *f = &pm_nb_cfg[coll];                                                                \
        const pm_nb_algo *a;                                                                                    \
        int param = 0;                                                                                          \
        if (f->native || pm_not_intra(comm))                                                                    \
            return PM_PI_NATIVE(Name) args;                                                                     \
        pm_probe_choice = NULL;                                                                                 \
        if (!f->algo) { /* ask the tuned routine, which returns at the hook */                                  \
            pm_probing = 1;                                                                                     \
            (void)tuned iargs;                                                                                  \
            pm_probing = 0;                                                                                     \
        }                                                                                                       \
        a = pm_pi_resolve(coll, PM_PI_PREFIX #Name "_init", op, collalg__select_verbose() > 0 ? (n) : -1, comm, \
                          &param);                                                                              \
        if (a == &pm_nb_native)                                                                                 \
            return PM_PI_NATIVE(Name) args;                                                                     \
        if (a->nparams == 3)                                                                                    \
            return ((int (*)(PM_NB_UNPAREN params, int, int, int))a->init)(PM_NB_UNPAREN args, param, 0, 0);    \
        if (a->nparams)                                                                                         \
            return ((int (*)(PM_NB_UNPAREN params, int))a->init)(PM_NB_UNPAREN args, param);                    \
        return ((int(*) params)a->init)args;                                                                    \
    }
/** @endcond */

/* The argument lists several init calls share: gather and scatter, allgather and alltoall,
 * allreduce, scan and exscan (their nonblocking ones are nonblocking.c's PM_NB_*_A). */
#define PM_PI_ROOTED_P                                                                                               \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
#define PM_PI_ROOTED_A (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request)
#define PM_PI_TRANSPORT_P                                                                                            \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     MPI_Comm comm, MPI_Info info, MPI_Request *request)
#define PM_PI_TRANSPORT_A (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request)
#define PM_PI_VEC_P                                                                                                 \
    (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, \
     MPI_Request *request)
#define PM_PI_VEC_A (sendbuf, recvbuf, count, datatype, op, comm, info, request)

/* clang-format off */
PM_PI_WRAP(Barrier, TUNE_BARRIER, collalg_tuned_ibarrier, MPI_OP_NULL, 0,
           (MPI_Comm comm, MPI_Info info, MPI_Request *request), (comm, info, request), (comm, request))
PM_PI_WRAP(Bcast, TUNE_BCAST, collalg_tuned_ibcast, MPI_OP_NULL, pm_bytes(count, datatype),
           (void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info,
            MPI_Request *request),
           (buffer, count, datatype, root, comm, info, request), (buffer, count, datatype, root, comm, request))
PM_PI_WRAP(Gather, TUNE_GATHER, collalg_tuned_igather, MPI_OP_NULL,
           sendbuf == MPI_IN_PLACE ? pm_bytes(recvcount, recvtype) : pm_bytes(sendcount, sendtype),
           PM_PI_ROOTED_P, PM_PI_ROOTED_A, PM_NB_ROOTED_A)
PM_PI_WRAP(Gatherv, TUNE_GATHERV, collalg_tuned_igatherv, MPI_OP_NULL, 0,
           (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
            const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
           (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info, request),
           (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request))
PM_PI_WRAP(Scatter, TUNE_SCATTER, collalg_tuned_iscatter, MPI_OP_NULL,
           recvbuf == MPI_IN_PLACE ? pm_bytes(sendcount, sendtype) : pm_bytes(recvcount, recvtype),
           PM_PI_ROOTED_P, PM_PI_ROOTED_A, PM_NB_ROOTED_A)
PM_PI_WRAP(Scatterv, TUNE_SCATTERV, collalg_tuned_iscatterv, MPI_OP_NULL, 0,
           (const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf,
            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request),
           (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request),
           (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request))
PM_PI_WRAP(Allgather, TUNE_ALLGATHER, collalg_tuned_iallgather, MPI_OP_NULL, pm_bytes(recvcount, recvtype),
           PM_PI_TRANSPORT_P, PM_PI_TRANSPORT_A, PM_NB_TRANSPORT_A)
PM_PI_WRAP(Allgatherv, TUNE_ALLGATHERV, collalg_tuned_iallgatherv, MPI_OP_NULL,
           pm_mean_bytes(recvcounts, recvtype, comm),
           (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
            const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request),
           (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request),
           (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request))
PM_PI_WRAP(Alltoall, TUNE_ALLTOALL, collalg_tuned_ialltoall, MPI_OP_NULL, pm_bytes(recvcount, recvtype),
           PM_PI_TRANSPORT_P, PM_PI_TRANSPORT_A, PM_NB_TRANSPORT_A)
PM_PI_WRAP(Alltoallv, TUNE_ALLTOALLV, collalg_tuned_ialltoallv, MPI_OP_NULL, 0,
           (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
            const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
            MPI_Request *request),
           (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request),
           (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request))
PM_PI_WRAP(Alltoallw, TUNE_ALLTOALLW, collalg_tuned_ialltoallw, MPI_OP_NULL, 0,
           (const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
            void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
            MPI_Info info, MPI_Request *request),
           (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request),
           (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request))
PM_PI_WRAP(Reduce, TUNE_REDUCE, collalg_tuned_ireduce, op, pm_bytes(count, datatype),
           (const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
            MPI_Info info, MPI_Request *request),
           (sendbuf, recvbuf, count, datatype, op, root, comm, info, request),
           (sendbuf, recvbuf, count, datatype, op, root, comm, request))
PM_PI_WRAP(Allreduce, TUNE_ALLREDUCE, collalg_tuned_iallreduce, op, pm_bytes(count, datatype), PM_PI_VEC_P,
           PM_PI_VEC_A, PM_NB_VEC_A)
PM_PI_WRAP(Reduce_scatter_block, TUNE_REDUCE_SCATTER_BLOCK, collalg_tuned_ireduce_scatter_block, op,
           pm_bytes(recvcount, datatype) * pm_procs(comm),
           (const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
            MPI_Info info, MPI_Request *request),
           (sendbuf, recvbuf, recvcount, datatype, op, comm, info, request),
           (sendbuf, recvbuf, recvcount, datatype, op, comm, request))
PM_PI_WRAP(Reduce_scatter, TUNE_REDUCE_SCATTER, collalg_tuned_ireduce_scatter, op,
           pm_sum_bytes(recvcounts, datatype, pm_procs(comm)),
           (const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
            MPI_Comm comm, MPI_Info info, MPI_Request *request),
           (sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request),
           (sendbuf, recvbuf, recvcounts, datatype, op, comm, request))
PM_PI_WRAP(Scan, TUNE_SCAN, collalg_tuned_iscan, op, pm_bytes(count, datatype), PM_PI_VEC_P, PM_PI_VEC_A,
           PM_NB_VEC_A)
PM_PI_WRAP(Exscan, TUNE_EXSCAN, collalg_tuned_iexscan, op, pm_bytes(count, datatype), PM_PI_VEC_P, PM_PI_VEC_A,
           PM_NB_VEC_A)
/* clang-format on */
#endif /* PM_PI */

/* ---- Start and free --------------------------------------------------------------------------- */

/** @brief 1 when one of @p requests[0 .. @p count) is a catalogue persistent request. */
static int pm_pi_any(int count, const MPI_Request requests[])
{
    collalg__nbc *op = NULL;
    int i;
    for (i = 0; requests && i < count; i++)
        if (requests[i] != MPI_REQUEST_NULL && collalg__persistent_idle(&requests[i], &op) != MPI_SUCCESS)
            return 1; /* a running one: collalg_start() reports it */
        else if (op)
            return 1;
    return 0;
}

int MPI_Start(MPI_Request *request)
{
    return collalg_start(request);
}

int MPI_Startall(int count, MPI_Request requests[])
{
    if (!pm_pi_any(count, requests))
        return PMPI_Startall(count, requests);
    return collalg_startall(count, requests);
}

int MPI_Request_free(MPI_Request *request)
{
    return collalg_request_free(request);
}
