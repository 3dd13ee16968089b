/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file fortran_nonblocking.c
 * @brief The Fortran entry points of the nonblocking collectives, and (without MPICH's extended
 *        generalized requests) of the completion calls: included by pmpi.c after fortran.c, whose
 *        helpers (pm_f_buf, pm_f_ret, PM_F_NAMES, PM_F_ONE) it uses; not compiled alone.
 *
 * @par The collectives
 * MPI_IBARRIER ... MPI_IEXSCAN under the four mpif.h / `use mpi` names (mpi_iallreduce_,
 * mpi_iallreduce__, mpi_iallreduce, MPI_IALLREDUCE) and the `use mpi_f08` name Open MPI 4.1
 * exports for each (mpi_iallreduce_f08_ ...; MPICH 4.0 exports only mpi_ibarrier_f08_ with that
 * convention, its other f08 collectives call the C functions). Each converts the handles and the
 * buffer sentinels as fortran.c does, calls the C wrapper of nonblocking.c (MPI_Iallreduce ...),
 * and stores the request with MPI_Request_c2f. MPI_IALLTOALLW converts its two arrays of datatype
 * handles into C arrays that are freed when the call returns: the catalogue's ialltoallw copies
 * them at the start (core/nbc.h, collalg__nbc_table), and both MPIs read them while starting
 * their own (Open MPI's own Fortran binding frees its converted arrays the same way).
 *
 * @par The completion calls (Open MPI)
 * Open MPI's Fortran MPI_WAIT ... call PMPI_Wait ... directly, past the C wrappers of
 * nonblocking.c that drive the catalogue's schedules, so a Fortran program would wait forever for
 * a forced MPI_IALLREDUCE. Without COLLALG_NBC_MPIX this file therefore defines MPI_WAIT,
 * MPI_TEST, MPI_WAITALL, MPI_WAITANY, MPI_WAITSOME, MPI_TESTALL, MPI_TESTANY, MPI_TESTSOME and
 * MPI_REQUEST_GET_STATUS (the four mpif.h names and the `use mpi_f08` one) as nonblocking.c
 * defines the C ones, on top of the MPI's own Fortran profiling entry points (pmpi_wait_,
 * pmpi_test_, ..., pmpi_wait_f08_ ..., looked up at run time like the sentinels): a test-type
 * call runs collalg_progress() and the MPI's own; a wait-type call loops on collalg_progress()
 * and the MPI's own test form while a catalogue operation is outstanding, else is the MPI's own
 * wait. The MPI converts the requests, statuses (MPI_STATUS_IGNORE included) and indices itself.
 * Not under SimGrid (SMPI's Fortran programs are untested with this library), not with MPICH
 * (whose Fortran bindings call the C MPI_Wait ..., which MPICH itself drives).
 */

/* The bodies of the collectives: Fortran arguments in, the C wrapper called, the request out. */

/** @cond PM_INTERNAL */
/* Runs `start` (a call of a C wrapper whose request argument is &r) and stores r and its error. */
#define PM_F_START(start)                     \
    do {                                      \
        MPI_Request r = MPI_REQUEST_NULL;     \
        pm_f_started(req, ierr, (start), &r); \
    } while (0)
/** @endcond */

/** @brief Stores the request *@p r of a start that returned @p err into @p req and @p ierr (a
 *         pointer: the start that sets it is an argument of the same call, evaluated in any
 *         order). */
static void pm_f_started(MPI_Fint *req, MPI_Fint *ierr, int err, const MPI_Request *r)
{
    if (err == MPI_SUCCESS)
        *req = MPI_Request_c2f(*r);
    pm_f_ret(ierr, err);
}

static void pm_f_ibarrier(MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(MPI_Ibarrier(MPI_Comm_f2c(*comm), &r));
}

static void pm_f_ibcast(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *req,
                        MPI_Fint *ierr)
{
    PM_F_START(MPI_Ibcast(pm_f_buf(buf, 0), (int)*count, MPI_Type_f2c(*type), (int)*root, MPI_Comm_f2c(*comm), &r));
}

/** @brief MPI_IALLGATHER and MPI_IALLTOALL (one argument list): @p start is the C wrapper. */
static void pm_f_itransport(int (*start)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm,
                                         MPI_Request *),
                            void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                            MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(start(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (int)*rcount,
                     MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm), &r));
}

static void pm_f_iallgather(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                            MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_itransport(MPI_Iallgather, sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr);
}

static void pm_f_ialltoall(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                           MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_itransport(MPI_Ialltoall, sbuf, scount, stype, rbuf, rcount, rtype, comm, req, ierr);
}

/** @brief MPI_IGATHER and MPI_ISCATTER (one argument list): @p start is the C wrapper; the send
 *         buffer may be in place when @p gather, else the receive buffer. */
static void pm_f_irooted(int (*start)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm,
                                      MPI_Request *),
                         int gather, void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                         MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(start(pm_f_buf(sbuf, gather), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, !gather), (int)*rcount,
                     MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm), &r));
}

static void pm_f_igather(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                         MPI_Fint *root, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_irooted(MPI_Igather, 1, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req, ierr);
}

static void pm_f_iscatter(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                          MPI_Fint *root, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_irooted(MPI_Iscatter, 0, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, req, ierr);
}

static void pm_f_iallgatherv(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts,
                             MPI_Fint *displs, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(MPI_Iallgatherv(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0),
                               (const int *)rcounts, (const int *)displs, MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm),
                               &r));
}

static void pm_f_igatherv(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts,
                          MPI_Fint *displs, MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *req,
                          MPI_Fint *ierr)
{
    PM_F_START(MPI_Igatherv(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0),
                            (const int *)rcounts, (const int *)displs, MPI_Type_f2c(*rtype), (int)*root,
                            MPI_Comm_f2c(*comm), &r));
}

static void pm_f_iscatterv(void *sbuf, MPI_Fint *scounts, MPI_Fint *displs, MPI_Fint *stype, void *rbuf,
                           MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *req,
                           MPI_Fint *ierr)
{
    PM_F_START(MPI_Iscatterv(pm_f_buf(sbuf, 0), (const int *)scounts, (const int *)displs, MPI_Type_f2c(*stype),
                             pm_f_buf(rbuf, 1), (int)*rcount, MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm),
                             &r));
}

static void pm_f_ialltoallv(void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stype, void *rbuf,
                            MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *req,
                            MPI_Fint *ierr)
{
    PM_F_START(MPI_Ialltoallv(pm_f_buf(sbuf, 1), (const int *)scounts, (const int *)sdispls, MPI_Type_f2c(*stype),
                              pm_f_buf(rbuf, 0), (const int *)rcounts, (const int *)rdispls, MPI_Type_f2c(*rtype),
                              MPI_Comm_f2c(*comm), &r));
}

/** @brief The C call behind MPI_IALLTOALLW (below, the info ignored) or MPI_ALLTOALLW_INIT
 *         (fortran_persistent.c): the arguments of the C init call. */
typedef int (*pm_f_wcall)(const void *, const int[], const int[], const MPI_Datatype[], void *, const int[],
                          const int[], const MPI_Datatype[], MPI_Comm, MPI_Info, MPI_Request *);

/** @brief MPI_IALLTOALLW or MPI_ALLTOALLW_INIT: the type arrays converted by pm_f_types(), freed on
 *         return (see the file comment), then @p start called with @p info. */
static void pm_f_wstart(pm_f_wcall start, MPI_Info info, void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls,
                        MPI_Fint *stypes, void *rbuf, MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtypes,
                        MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Comm c = MPI_Comm_f2c(*comm);
    MPI_Datatype *types;
    MPI_Request r = MPI_REQUEST_NULL;
    const void *s = pm_f_buf(sbuf, 1);
    int n, err = pm_f_types(c, s, stypes, rtypes, &types, &n);
    if (err == MPI_SUCCESS) {
        err = start(s, (const int *)scounts, (const int *)sdispls, types, pm_f_buf(rbuf, 0), (const int *)rcounts,
                    (const int *)rdispls, types + n, c, info, &r);
        free(types);
    }
    pm_f_started(req, ierr, err, &r);
}

/** @brief MPI_Ialltoallw with the argument list of pm_f_wcall (@p info unused). */
static int pm_f_ialltoallw_call(const void *s, const int scounts[], const int sdispls[], const MPI_Datatype stypes[],
                                void *r, const int rcounts[], const int rdispls[], const MPI_Datatype rtypes[],
                                MPI_Comm c, MPI_Info info, MPI_Request *req)
{
    (void)info;
    return MPI_Ialltoallw(s, scounts, sdispls, stypes, r, rcounts, rdispls, rtypes, c, req);
}

static void pm_f_ialltoallw(void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stypes, void *rbuf,
                            MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm, MPI_Fint *req,
                            MPI_Fint *ierr)
{
    pm_f_wstart(pm_f_ialltoallw_call, MPI_INFO_NULL, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes,
                comm, req, ierr);
}

static void pm_f_ireduce(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *root,
                         MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(MPI_Ireduce(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type), MPI_Op_f2c(*op),
                           (int)*root, MPI_Comm_f2c(*comm), &r));
}

/** @brief MPI_IALLREDUCE, MPI_ISCAN, MPI_IEXSCAN and MPI_IREDUCE_SCATTER_BLOCK (one argument list):
 *         @p start is the C wrapper. */
static void pm_f_ivec(int (*start)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Request *),
                      void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                      MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(start(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type), MPI_Op_f2c(*op),
                     MPI_Comm_f2c(*comm), &r));
}

static void pm_f_iallreduce(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                            MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_ivec(MPI_Iallreduce, sbuf, rbuf, count, type, op, comm, req, ierr);
}

static void pm_f_iscan(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                       MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_ivec(MPI_Iscan, sbuf, rbuf, count, type, op, comm, req, ierr);
}

static void pm_f_iexscan(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                         MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_ivec(MPI_Iexscan, sbuf, rbuf, count, type, op, comm, req, ierr);
}

static void pm_f_ireduce_scatter_block(void *sbuf, void *rbuf, MPI_Fint *rcount, MPI_Fint *type, MPI_Fint *op,
                                       MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_ivec(MPI_Ireduce_scatter_block, sbuf, rbuf, rcount, type, op, comm, req, ierr);
}

static void pm_f_ireduce_scatter(void *sbuf, void *rbuf, MPI_Fint *rcounts, MPI_Fint *type, MPI_Fint *op,
                                 MPI_Fint *comm, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(MPI_Ireduce_scatter(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (const int *)rcounts, MPI_Type_f2c(*type),
                                   MPI_Op_f2c(*op), MPI_Comm_f2c(*comm), &r));
}

/* The external names: each blocking list of fortran.c with the request before the ierror. */
/* The blocking lists of fortran.c with the request before the ierror. */
#define PM_F_IBARRIER_P (PM_F_BARRIER_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IBARRIER_A (PM_F_BARRIER_AL, req, ierr)
#define PM_F_IBCAST_P (PM_F_BCAST_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IBCAST_A (PM_F_BCAST_AL, req, ierr)
#define PM_F_ITRANSPORT_P (PM_F_TRANSPORT_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_ITRANSPORT_A (PM_F_TRANSPORT_AL, req, ierr)
#define PM_F_IROOTED_P (PM_F_ROOTED_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IROOTED_A (PM_F_ROOTED_AL, req, ierr)
#define PM_F_IALLGATHERV_P (PM_F_ALLGATHERV_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IALLGATHERV_A (PM_F_ALLGATHERV_AL, req, ierr)
#define PM_F_IGATHERV_P (PM_F_GATHERV_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IGATHERV_A (PM_F_GATHERV_AL, req, ierr)
#define PM_F_ISCATTERV_P (PM_F_SCATTERV_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_ISCATTERV_A (PM_F_SCATTERV_AL, req, ierr)
#define PM_F_IALLTOALLV_P (PM_F_ALLTOALLV_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IALLTOALLV_A (PM_F_ALLTOALLV_AL, req, ierr)
#define PM_F_IREDUCE_P (PM_F_REDUCE_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IREDUCE_A (PM_F_REDUCE_AL, req, ierr)
#define PM_F_IVEC_P (PM_F_ALLREDUCE_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IVEC_A (PM_F_ALLREDUCE_AL, req, ierr)
#define PM_F_IRS_P (PM_F_RS_PL, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_IRS_A (PM_F_RS_AL, req, ierr)

/* Every name of one collective: the four of mpif.h / use mpi and the f08 one. */
#define PM_F_INAMES(lower, upper, body, params, args) \
    PM_F_NAMES(lower, upper, body, params, args)      \
    PM_F_ONE(lower##_f08_, body, params, args)

PM_F_INAMES(mpi_ibarrier, MPI_IBARRIER, pm_f_ibarrier, PM_F_IBARRIER_P, PM_F_IBARRIER_A)
PM_F_INAMES(mpi_ibcast, MPI_IBCAST, pm_f_ibcast, PM_F_IBCAST_P, PM_F_IBCAST_A)
PM_F_INAMES(mpi_igather, MPI_IGATHER, pm_f_igather, PM_F_IROOTED_P, PM_F_IROOTED_A)
PM_F_INAMES(mpi_igatherv, MPI_IGATHERV, pm_f_igatherv, PM_F_IGATHERV_P, PM_F_IGATHERV_A)
PM_F_INAMES(mpi_iscatter, MPI_ISCATTER, pm_f_iscatter, PM_F_IROOTED_P, PM_F_IROOTED_A)
PM_F_INAMES(mpi_iscatterv, MPI_ISCATTERV, pm_f_iscatterv, PM_F_ISCATTERV_P, PM_F_ISCATTERV_A)
PM_F_INAMES(mpi_iallgather, MPI_IALLGATHER, pm_f_iallgather, PM_F_ITRANSPORT_P, PM_F_ITRANSPORT_A)
PM_F_INAMES(mpi_iallgatherv, MPI_IALLGATHERV, pm_f_iallgatherv, PM_F_IALLGATHERV_P, PM_F_IALLGATHERV_A)
PM_F_INAMES(mpi_ialltoall, MPI_IALLTOALL, pm_f_ialltoall, PM_F_ITRANSPORT_P, PM_F_ITRANSPORT_A)
PM_F_INAMES(mpi_ialltoallv, MPI_IALLTOALLV, pm_f_ialltoallv, PM_F_IALLTOALLV_P, PM_F_IALLTOALLV_A)
PM_F_INAMES(mpi_ialltoallw, MPI_IALLTOALLW, pm_f_ialltoallw, PM_F_IALLTOALLV_P, PM_F_IALLTOALLV_A)
PM_F_INAMES(mpi_ireduce, MPI_IREDUCE, pm_f_ireduce, PM_F_IREDUCE_P, PM_F_IREDUCE_A)
PM_F_INAMES(mpi_iallreduce, MPI_IALLREDUCE, pm_f_iallreduce, PM_F_IVEC_P, PM_F_IVEC_A)
PM_F_INAMES(mpi_iscan, MPI_ISCAN, pm_f_iscan, PM_F_IVEC_P, PM_F_IVEC_A)
PM_F_INAMES(mpi_iexscan, MPI_IEXSCAN, pm_f_iexscan, PM_F_IVEC_P, PM_F_IVEC_A)
PM_F_INAMES(mpi_ireduce_scatter_block, MPI_IREDUCE_SCATTER_BLOCK, pm_f_ireduce_scatter_block, PM_F_IVEC_P, PM_F_IVEC_A)
PM_F_INAMES(mpi_ireduce_scatter, MPI_IREDUCE_SCATTER, pm_f_ireduce_scatter, PM_F_IRS_P, PM_F_IRS_A)

#if !COLLALG_NBC_MPIX && !defined(SMPI_H)
/* ---- The completion calls (Open MPI; see the file comment) ---------------------------------- */

/** @brief The MPI's own Fortran completion calls. */
enum pm_f_done {
    PM_F_WAIT,
    PM_F_TEST,
    PM_F_WAITALL,
    PM_F_TESTALL,
    PM_F_WAITANY,
    PM_F_TESTANY,
    PM_F_WAITSOME,
    PM_F_TESTSOME,
    PM_F_GET_STATUS,
    PM_F_NDONE
};

/** @brief Their profiling names (pmpi_<name>_ in mpif.h's convention, pmpi_<name>_f08_ in f08's). */
static const char *const pm_f_done_name[PM_F_NDONE] = {
    "wait", "test", "waitall", "testall", "waitany", "testany", "waitsome", "testsome", "request_get_status"};

/** @brief Any of them (cast to its argument list at the call). */
typedef void (*pm_f_any)(void);
/** @brief Completion calls with 3, 4, 5 and 6 arguments (all by reference). */
typedef void (*pm_f_call3)(MPI_Fint *, MPI_Fint *, MPI_Fint *);
typedef void (*pm_f_call4)(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
typedef void (*pm_f_call5)(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);
typedef void (*pm_f_call6)(MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *, MPI_Fint *);

/** @brief The MPI's own completion calls, looked up on first use: [0] mpif.h, [1] f08. */
static pm_f_any pm_f_done_fn[2][PM_F_NDONE];

/** @brief The MPI's own Fortran completion call @p k (f08 convention when @p f08), NULL when the
 *         MPI does not export it. */
static pm_f_any pm_f_own(enum pm_f_done k, int f08)
{
    char name[64];
    void *global, *fn = NULL;
    if (pm_f_done_fn[f08][k])
        return pm_f_done_fn[f08][k];
    snprintf(name, sizeof name, "pmpi_%s_%s", pm_f_done_name[k], f08 ? "f08_" : "");
    global = dlopen(NULL, RTLD_LAZY);
    if (global) {
        fn = dlsym(global, name);
        dlclose(global);
    }
    if (fn) /* object pointer to function pointer: POSIX guarantees the round trip */
        memcpy(&pm_f_done_fn[f08][k], &fn, sizeof fn);
    return pm_f_done_fn[f08][k];
}

/** @brief MPI_ERR_INTERN into @p ierr when the MPI's own call @p fn is missing; 1 then. */
static int pm_f_missing(pm_f_any fn, MPI_Fint *ierr)
{
    if (!fn)
        pm_f_ret(ierr, MPI_ERR_INTERN);
    return !fn;
}

/** @cond PM_INTERNAL */
/* The loop of a Fortran wait-type call: while the list of catalogue operations is not empty (one
 * runs, or a nonblocking request is not freed yet), progress and `test`
 * (a call that sets the local e and the local flag `done` points at) until done; then, or at
 * once, `wait`. */
#define PM_F_WAIT_LOOP(test, done, wait)      \
    do {                                      \
        MPI_Fint e = MPI_SUCCESS;             \
        while (pm_nb_head()) {                \
            collalg_progress();               \
            test;                             \
            if (e != MPI_SUCCESS || (done)) { \
                pm_f_ret(ierr, e);            \
                return;                       \
            }                                 \
            sched_yield();                    \
        }                                     \
        wait;                                 \
    } while (0)
/** @endcond */

static void pm_f_wait(int f08, MPI_Fint *req, MPI_Fint *status, MPI_Fint *ierr)
{
    pm_f_any test = pm_f_own(PM_F_TEST, f08), wait = pm_f_own(PM_F_WAIT, f08);
    MPI_Fint flag = 0;
    if (pm_f_missing(test, ierr) || pm_f_missing(wait, ierr))
        return;
    PM_F_WAIT_LOOP(((pm_f_call4)test)(req, &flag, status, &e), flag, ((pm_f_call3)wait)(req, status, ierr));
}

static void pm_f_waitall(int f08, MPI_Fint *count, MPI_Fint *reqs, MPI_Fint *statuses, MPI_Fint *ierr)
{
    pm_f_any test = pm_f_own(PM_F_TESTALL, f08), wait = pm_f_own(PM_F_WAITALL, f08);
    MPI_Fint flag = 0;
    if (pm_f_missing(test, ierr) || pm_f_missing(wait, ierr))
        return;
    PM_F_WAIT_LOOP(((pm_f_call5)test)(count, reqs, &flag, statuses, &e), flag,
                   ((pm_f_call4)wait)(count, reqs, statuses, ierr));
}

static void pm_f_waitany(int f08, MPI_Fint *count, MPI_Fint *reqs, MPI_Fint *index, MPI_Fint *status, MPI_Fint *ierr)
{
    pm_f_any test = pm_f_own(PM_F_TESTANY, f08), wait = pm_f_own(PM_F_WAITANY, f08);
    MPI_Fint flag = 0;
    if (pm_f_missing(test, ierr) || pm_f_missing(wait, ierr))
        return;
    PM_F_WAIT_LOOP(((pm_f_call6)test)(count, reqs, index, &flag, status, &e), flag,
                   ((pm_f_call5)wait)(count, reqs, index, status, ierr));
}

static void pm_f_waitsome(int f08, MPI_Fint *incount, MPI_Fint *reqs, MPI_Fint *outcount, MPI_Fint *indices,
                          MPI_Fint *statuses, MPI_Fint *ierr)
{
    pm_f_any test = pm_f_own(PM_F_TESTSOME, f08), wait = pm_f_own(PM_F_WAITSOME, f08);
    if (pm_f_missing(test, ierr) || pm_f_missing(wait, ierr))
        return;
    PM_F_WAIT_LOOP(((pm_f_call6)test)(incount, reqs, outcount, indices, statuses, &e), *outcount != 0,
                   ((pm_f_call6)wait)(incount, reqs, outcount, indices, statuses, ierr));
}

/** @brief A test-type call @p k with its @p n arguments (the ierror last): progress, then the
 *         MPI's own. */
static void pm_f_test_any(enum pm_f_done k, int f08, int n, MPI_Fint *a, MPI_Fint *b, MPI_Fint *c, MPI_Fint *d,
                          MPI_Fint *e, MPI_Fint *f)
{
    pm_f_any fn = pm_f_own(k, f08);
    MPI_Fint *ierr = n == 4 ? d : n == 5 ? e : f;
    if (pm_f_missing(fn, ierr))
        return;
    collalg_progress();
    if (n == 4)
        ((pm_f_call4)fn)(a, b, c, d);
    else if (n == 5)
        ((pm_f_call5)fn)(a, b, c, d, e);
    else
        ((pm_f_call6)fn)(a, b, c, d, e, f);
}

/* One set of entry points per convention (f08 = 0: mpif.h, 1: use mpi_f08). */
static void pm_f_wait0(MPI_Fint *r, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_wait(0, r, s, ierr);
}
static void pm_f_wait1(MPI_Fint *r, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_wait(1, r, s, ierr);
}
static void pm_f_waitall0(MPI_Fint *n, MPI_Fint *r, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_waitall(0, n, r, s, ierr);
}
static void pm_f_waitall1(MPI_Fint *n, MPI_Fint *r, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_waitall(1, n, r, s, ierr);
}
static void pm_f_waitany0(MPI_Fint *n, MPI_Fint *r, MPI_Fint *i, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_waitany(0, n, r, i, s, ierr);
}
static void pm_f_waitany1(MPI_Fint *n, MPI_Fint *r, MPI_Fint *i, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_waitany(1, n, r, i, s, ierr);
}
static void pm_f_waitsome0(MPI_Fint *n, MPI_Fint *r, MPI_Fint *o, MPI_Fint *i, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_waitsome(0, n, r, o, i, s, ierr);
}
static void pm_f_waitsome1(MPI_Fint *n, MPI_Fint *r, MPI_Fint *o, MPI_Fint *i, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_waitsome(1, n, r, o, i, s, ierr);
}
static void pm_f_test0(MPI_Fint *r, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TEST, 0, 4, r, f, s, ierr, NULL, NULL);
}
static void pm_f_test1(MPI_Fint *r, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TEST, 1, 4, r, f, s, ierr, NULL, NULL);
}
static void pm_f_get_status0(MPI_Fint *r, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_GET_STATUS, 0, 4, r, f, s, ierr, NULL, NULL);
}
static void pm_f_get_status1(MPI_Fint *r, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_GET_STATUS, 1, 4, r, f, s, ierr, NULL, NULL);
}
static void pm_f_testall0(MPI_Fint *n, MPI_Fint *r, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TESTALL, 0, 5, n, r, f, s, ierr, NULL);
}
static void pm_f_testall1(MPI_Fint *n, MPI_Fint *r, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TESTALL, 1, 5, n, r, f, s, ierr, NULL);
}
static void pm_f_testany0(MPI_Fint *n, MPI_Fint *r, MPI_Fint *i, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TESTANY, 0, 6, n, r, i, f, s, ierr);
}
static void pm_f_testany1(MPI_Fint *n, MPI_Fint *r, MPI_Fint *i, MPI_Fint *f, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TESTANY, 1, 6, n, r, i, f, s, ierr);
}
static void pm_f_testsome0(MPI_Fint *n, MPI_Fint *r, MPI_Fint *o, MPI_Fint *i, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TESTSOME, 0, 6, n, r, o, i, s, ierr);
}
static void pm_f_testsome1(MPI_Fint *n, MPI_Fint *r, MPI_Fint *o, MPI_Fint *i, MPI_Fint *s, MPI_Fint *ierr)
{
    pm_f_test_any(PM_F_TESTSOME, 1, 6, n, r, o, i, s, ierr);
}

#define PM_F_D3_P (MPI_Fint * a, MPI_Fint * b, MPI_Fint * ierr)
#define PM_F_D3_A (a, b, ierr)
#define PM_F_D4_P (MPI_Fint * a, MPI_Fint * b, MPI_Fint * c, MPI_Fint * ierr)
#define PM_F_D4_A (a, b, c, ierr)
#define PM_F_D5_P (MPI_Fint * a, MPI_Fint * b, MPI_Fint * c, MPI_Fint * d, MPI_Fint * ierr)
#define PM_F_D5_A (a, b, c, d, ierr)
#define PM_F_D6_P (MPI_Fint * a, MPI_Fint * b, MPI_Fint * c, MPI_Fint * d, MPI_Fint * e, MPI_Fint * ierr)
#define PM_F_D6_A (a, b, c, d, e, ierr)
/* The four mpif.h names calling body0, the f08 name body1. */
#define PM_F_DONE(lower, upper, body0, body1, params, args) \
    PM_F_NAMES(lower, upper, body0, params, args)           \
    PM_F_ONE(lower##_f08_, body1, params, args)

PM_F_DONE(mpi_wait, MPI_WAIT, pm_f_wait0, pm_f_wait1, PM_F_D3_P, PM_F_D3_A)
PM_F_DONE(mpi_test, MPI_TEST, pm_f_test0, pm_f_test1, PM_F_D4_P, PM_F_D4_A)
PM_F_DONE(mpi_waitall, MPI_WAITALL, pm_f_waitall0, pm_f_waitall1, PM_F_D4_P, PM_F_D4_A)
PM_F_DONE(mpi_testall, MPI_TESTALL, pm_f_testall0, pm_f_testall1, PM_F_D5_P, PM_F_D5_A)
PM_F_DONE(mpi_waitany, MPI_WAITANY, pm_f_waitany0, pm_f_waitany1, PM_F_D5_P, PM_F_D5_A)
PM_F_DONE(mpi_testany, MPI_TESTANY, pm_f_testany0, pm_f_testany1, PM_F_D6_P, PM_F_D6_A)
PM_F_DONE(mpi_waitsome, MPI_WAITSOME, pm_f_waitsome0, pm_f_waitsome1, PM_F_D6_P, PM_F_D6_A)
PM_F_DONE(mpi_testsome, MPI_TESTSOME, pm_f_testsome0, pm_f_testsome1, PM_F_D6_P, PM_F_D6_A)
PM_F_DONE(mpi_request_get_status, MPI_REQUEST_GET_STATUS, pm_f_get_status0, pm_f_get_status1, PM_F_D4_P, PM_F_D4_A)
#endif /* !COLLALG_NBC_MPIX && !SMPI_H */
