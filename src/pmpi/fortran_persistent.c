/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file fortran_persistent.c
 * @brief The Fortran entry points of the persistent collectives and of MPI_START, MPI_STARTALL
 *        and MPI_REQUEST_FREE: included by pmpi.c after fortran_nonblocking.c, whose helpers
 *        (PM_F_START, pm_f_started, PM_F_INAMES) and fortran.c's (pm_f_buf, pm_f_ret,
 *        pm_f_types, the argument lists) it uses; not compiled alone.
 *
 * @par The init calls
 * Where persistent.c defines the seventeen C init calls (PM_PI), the Fortran ones under the
 * prefix of that MPI: MPICH 4.0's MPI_BARRIER_INIT ... MPI_EXSCAN_INIT (mpi_barrier_init_,
 * mpi_barrier_init__, mpi_barrier_init, MPI_BARRIER_INIT and the f08 name mpi_barrier_init_f08_),
 * Open MPI 4.1's MPIX_BARRIER_INIT ... MPIX_EXSCAN_INIT of its pcollreq extension
 * (mpix_barrier_init_ ... and mpix_barrier_init_f08_). Each converts the handles (the info with
 * MPI_Info_f2c) and the buffer sentinels as fortran_nonblocking.c does for the nonblocking
 * form, calls the C wrapper of persistent.c (so the choice, its trace and the fallbacks are the
 * C ones, made at init) and stores the request with MPI_Request_c2f. Why they are needed: Open
 * MPI's Fortran bindings call PMPIX_<Coll>_init directly (past the C wrappers), and so does
 * MPICH's f08 MPI_BARRIER_INIT (mpi_barrier_init_f08_ calls PMPI_Barrier_init); MPICH's other
 * Fortran init calls (mpif.h, `use mpi`, and the f08 ones, which take TS 29113 descriptors,
 * mpi_allreduce_init_f08ts_ ...) call the C MPI_<Coll>_init and reach the wrappers as they are.
 * The f08 names MPICH does not export (mpi_allreduce_init_f08_ ...) are defined and unused, as in
 * fortran.c. MPI_ALLTOALLW_INIT converts its two arrays of datatype handles into C arrays that are
 * freed when the call returns: the catalogue's init copies them (core/nbc.h) and both MPIs' own
 * inits read them while they run.
 *
 * @par MPI_START, MPI_STARTALL, MPI_REQUEST_FREE
 * Under the four mpif.h names and the f08 one (mpi_start_f08_ ...) with every MPI but SimGrid:
 * each converts the request(s) with MPI_Request_f2c, calls persistent.c's MPI_Start,
 * MPI_Startall or MPI_Request_free (which start or free a catalogue persistent request, and give
 * any other request to the MPI) and stores the handles back with MPI_Request_c2f (MPI_REQUEST_NULL
 * after a free). Open MPI's own call PMPI_Start ... directly: a catalogue request started by them
 * would post its receive and never run its schedule (the wait would never end), and freed by
 * them would leave its operation behind. MPICH's call the C functions; the definitions change
 * nothing there but keep one path. MPI_STARTALL's array is converted into a C array for the call
 * (on the stack up to 32 requests, else allocated).
 *
 * @par Completion
 * A running catalogue persistent request is advanced by the completion calls the program
 * already calls: under MPICH its Fortran MPI_WAIT ... call the C MPI_Wait ... of nonblocking.c;
 * under Open MPI fortran_nonblocking.c's Fortran MPI_WAIT ... loop on collalg_progress() while a
 * catalogue operation runs (persistent ones included: the list of core/nbc.h holds them while
 * they run).
 *
 * @par SimGrid
 * SimGrid 3.32 has no persistent collectives in C or in Fortran (libsimgrid exports no
 * mpi_<coll>_init_), so nothing of this file is compiled there: without an init call no catalogue
 * persistent request can come from a Fortran program, and SimGrid's own mpi_start_ ... serve it.
 */

#if !defined(SMPI_H)

#if PM_PI
/* ---- The init calls ------------------------------------------------------------------------ */

/** @cond PM_INTERNAL */
/* The Fortran names of the init calls of this MPI (MPI_ or MPIX_, as persistent.c's C ones). */
#if MPI_VERSION >= 4
#define PM_F_PI_LOWER(name) mpi_##name##_init
#define PM_F_PI_UPPER(NAME) MPI_##NAME##_INIT
#else
#define PM_F_PI_LOWER(name) mpix_##name##_init
#define PM_F_PI_UPPER(NAME) MPIX_##NAME##_INIT
#endif
/* The info handle of the Fortran argument `info`. */
#define PM_F_INFO MPI_Info_f2c(*info)
/** @endcond */

static void pm_f_barrier_init(MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Barrier)(MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_bcast_init(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *info,
                            MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Bcast)(pm_f_buf(buf, 0), (int)*count, MPI_Type_f2c(*type), (int)*root, MPI_Comm_f2c(*comm),
                                 PM_F_INFO, &r));
}

/** @brief MPI_ALLGATHER_INIT and MPI_ALLTOALL_INIT (one argument list): @p init is the C wrapper. */
static void pm_f_pi_transport(int (*init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm,
                                          MPI_Info, MPI_Request *),
                              void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                              MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(init(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (int)*rcount,
                    MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_allgather_init(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                                MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_pi_transport(PM_PI_NAME(Allgather), sbuf, scount, stype, rbuf, rcount, rtype, comm, info, req, ierr);
}

static void pm_f_alltoall_init(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                               MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_pi_transport(PM_PI_NAME(Alltoall), sbuf, scount, stype, rbuf, rcount, rtype, comm, info, req, ierr);
}

/** @brief MPI_GATHER_INIT and MPI_SCATTER_INIT (one argument list): @p init is the C wrapper; the
 *         send buffer may be in place when @p gather, else the receive buffer. */
static void pm_f_pi_rooted(int (*init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm,
                                       MPI_Info, MPI_Request *),
                           int gather, void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                           MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req,
                           MPI_Fint *ierr)
{
    PM_F_START(init(pm_f_buf(sbuf, gather), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, !gather), (int)*rcount,
                    MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_gather_init(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                             MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req,
                             MPI_Fint *ierr)
{
    pm_f_pi_rooted(PM_PI_NAME(Gather), 1, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, info, req, ierr);
}

static void pm_f_scatter_init(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount,
                              MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req,
                              MPI_Fint *ierr)
{
    pm_f_pi_rooted(PM_PI_NAME(Scatter), 0, sbuf, scount, stype, rbuf, rcount, rtype, root, comm, info, req, ierr);
}

static void pm_f_allgatherv_init(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts,
                                 MPI_Fint *displs, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req,
                                 MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Allgatherv)(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0),
                                      (const int *)rcounts, (const int *)displs, MPI_Type_f2c(*rtype),
                                      MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_gatherv_init(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts,
                              MPI_Fint *displs, MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *info,
                              MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Gatherv)(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0),
                                   (const int *)rcounts, (const int *)displs, MPI_Type_f2c(*rtype), (int)*root,
                                   MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_scatterv_init(void *sbuf, MPI_Fint *scounts, MPI_Fint *displs, MPI_Fint *stype, void *rbuf,
                               MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *info,
                               MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Scatterv)(pm_f_buf(sbuf, 0), (const int *)scounts, (const int *)displs, MPI_Type_f2c(*stype),
                                    pm_f_buf(rbuf, 1), (int)*rcount, MPI_Type_f2c(*rtype), (int)*root,
                                    MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_alltoallv_init(void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stype, void *rbuf,
                                MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info,
                                MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Alltoallv)(pm_f_buf(sbuf, 1), (const int *)scounts, (const int *)sdispls,
                                     MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (const int *)rcounts,
                                     (const int *)rdispls, MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

/** @brief MPI_ALLTOALLW_INIT: the two arrays of datatype handles converted by
 *         fortran_nonblocking.c's pm_f_wstart(), as for MPI_IALLTOALLW. */
static void pm_f_alltoallw_init(void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stypes, void *rbuf,
                                MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm, MPI_Fint *info,
                                MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_wstart(PM_PI_NAME(Alltoallw), PM_F_INFO, sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, comm,
                req, ierr);
}

static void pm_f_reduce_init(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *root,
                             MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Reduce)(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type),
                                  MPI_Op_f2c(*op), (int)*root, MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

/** @brief MPI_ALLREDUCE_INIT, MPI_SCAN_INIT, MPI_EXSCAN_INIT and MPI_REDUCE_SCATTER_BLOCK_INIT (one
 *         argument list): @p init is the C wrapper. */
static void pm_f_pi_vec(int (*init)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Info, MPI_Request *),
                        void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                        MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(init(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type), MPI_Op_f2c(*op),
                    MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

static void pm_f_allreduce_init(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                                MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_pi_vec(PM_PI_NAME(Allreduce), sbuf, rbuf, count, type, op, comm, info, req, ierr);
}

static void pm_f_scan_init(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                           MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_pi_vec(PM_PI_NAME(Scan), sbuf, rbuf, count, type, op, comm, info, req, ierr);
}

static void pm_f_exscan_init(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                             MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_pi_vec(PM_PI_NAME(Exscan), sbuf, rbuf, count, type, op, comm, info, req, ierr);
}

static void pm_f_reduce_scatter_block_init(void *sbuf, void *rbuf, MPI_Fint *rcount, MPI_Fint *type, MPI_Fint *op,
                                           MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    pm_f_pi_vec(PM_PI_NAME(Reduce_scatter_block), sbuf, rbuf, rcount, type, op, comm, info, req, ierr);
}

static void pm_f_reduce_scatter_init(void *sbuf, void *rbuf, MPI_Fint *rcounts, MPI_Fint *type, MPI_Fint *op,
                                     MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr)
{
    PM_F_START(PM_PI_NAME(Reduce_scatter)(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (const int *)rcounts,
                                          MPI_Type_f2c(*type), MPI_Op_f2c(*op), MPI_Comm_f2c(*comm), PM_F_INFO, &r));
}

/* The external names: each blocking list of fortran.c with the info and the request before the
 * ierror. */
#define PM_F_PI_BARRIER_P (PM_F_BARRIER_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_BARRIER_A (PM_F_BARRIER_AL, info, req, ierr)
#define PM_F_PI_BCAST_P (PM_F_BCAST_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_BCAST_A (PM_F_BCAST_AL, info, req, ierr)
#define PM_F_PI_TRANSPORT_P (PM_F_TRANSPORT_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_TRANSPORT_A (PM_F_TRANSPORT_AL, info, req, ierr)
#define PM_F_PI_ROOTED_P (PM_F_ROOTED_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_ROOTED_A (PM_F_ROOTED_AL, info, req, ierr)
#define PM_F_PI_ALLGATHERV_P (PM_F_ALLGATHERV_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_ALLGATHERV_A (PM_F_ALLGATHERV_AL, info, req, ierr)
#define PM_F_PI_GATHERV_P (PM_F_GATHERV_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_GATHERV_A (PM_F_GATHERV_AL, info, req, ierr)
#define PM_F_PI_SCATTERV_P (PM_F_SCATTERV_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_SCATTERV_A (PM_F_SCATTERV_AL, info, req, ierr)
#define PM_F_PI_ALLTOALLV_P (PM_F_ALLTOALLV_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_ALLTOALLV_A (PM_F_ALLTOALLV_AL, info, req, ierr)
#define PM_F_PI_REDUCE_P (PM_F_REDUCE_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_REDUCE_A (PM_F_REDUCE_AL, info, req, ierr)
#define PM_F_PI_VEC_P (PM_F_ALLREDUCE_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_VEC_A (PM_F_ALLREDUCE_AL, info, req, ierr)
#define PM_F_PI_RS_P (PM_F_RS_PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_PI_RS_A (PM_F_RS_AL, info, req, ierr)

/* Every name of one init call: the lower- and upper-case names of this MPI's prefix, expanded
 * before PM_F_INAMES pastes its suffixes (_, __, none, _f08_) onto them. */
#define PM_F_PI_EXPANDED(lower, upper, body, params, args) PM_F_INAMES(lower, upper, body, params, args)
#define PM_F_PI_NAMES(name, NAME, body, params, args) \
    PM_F_PI_EXPANDED(PM_F_PI_LOWER(name), PM_F_PI_UPPER(NAME), body, params, args)

PM_F_PI_NAMES(barrier, BARRIER, pm_f_barrier_init, PM_F_PI_BARRIER_P, PM_F_PI_BARRIER_A)
PM_F_PI_NAMES(bcast, BCAST, pm_f_bcast_init, PM_F_PI_BCAST_P, PM_F_PI_BCAST_A)
PM_F_PI_NAMES(gather, GATHER, pm_f_gather_init, PM_F_PI_ROOTED_P, PM_F_PI_ROOTED_A)
PM_F_PI_NAMES(gatherv, GATHERV, pm_f_gatherv_init, PM_F_PI_GATHERV_P, PM_F_PI_GATHERV_A)
PM_F_PI_NAMES(scatter, SCATTER, pm_f_scatter_init, PM_F_PI_ROOTED_P, PM_F_PI_ROOTED_A)
PM_F_PI_NAMES(scatterv, SCATTERV, pm_f_scatterv_init, PM_F_PI_SCATTERV_P, PM_F_PI_SCATTERV_A)
PM_F_PI_NAMES(allgather, ALLGATHER, pm_f_allgather_init, PM_F_PI_TRANSPORT_P, PM_F_PI_TRANSPORT_A)
PM_F_PI_NAMES(allgatherv, ALLGATHERV, pm_f_allgatherv_init, PM_F_PI_ALLGATHERV_P, PM_F_PI_ALLGATHERV_A)
PM_F_PI_NAMES(alltoall, ALLTOALL, pm_f_alltoall_init, PM_F_PI_TRANSPORT_P, PM_F_PI_TRANSPORT_A)
PM_F_PI_NAMES(alltoallv, ALLTOALLV, pm_f_alltoallv_init, PM_F_PI_ALLTOALLV_P, PM_F_PI_ALLTOALLV_A)
PM_F_PI_NAMES(alltoallw, ALLTOALLW, pm_f_alltoallw_init, PM_F_PI_ALLTOALLV_P, PM_F_PI_ALLTOALLV_A)
PM_F_PI_NAMES(reduce, REDUCE, pm_f_reduce_init, PM_F_PI_REDUCE_P, PM_F_PI_REDUCE_A)
PM_F_PI_NAMES(allreduce, ALLREDUCE, pm_f_allreduce_init, PM_F_PI_VEC_P, PM_F_PI_VEC_A)
PM_F_PI_NAMES(scan, SCAN, pm_f_scan_init, PM_F_PI_VEC_P, PM_F_PI_VEC_A)
PM_F_PI_NAMES(exscan, EXSCAN, pm_f_exscan_init, PM_F_PI_VEC_P, PM_F_PI_VEC_A)
PM_F_PI_NAMES(reduce_scatter_block, REDUCE_SCATTER_BLOCK, pm_f_reduce_scatter_block_init, PM_F_PI_VEC_P, PM_F_PI_VEC_A)
PM_F_PI_NAMES(reduce_scatter, REDUCE_SCATTER, pm_f_reduce_scatter_init, PM_F_PI_RS_P, PM_F_PI_RS_A)
#endif /* PM_PI */

/* ---- Start and free ------------------------------------------------------------------------ */

static void pm_f_start(MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r = MPI_Request_f2c(*req);
    int err = MPI_Start(&r);
    *req = MPI_Request_c2f(r);
    pm_f_ret(ierr, err);
}

static void pm_f_startall(MPI_Fint *count, MPI_Fint *reqs, MPI_Fint *ierr)
{
    MPI_Request small[32], *r = small;
    int i, n = (int)*count, err;
    if (n > (int)(sizeof small / sizeof small[0]) && !(r = (MPI_Request *)malloc((size_t)n * sizeof *r))) {
        pm_f_ret(ierr, MPI_ERR_NO_MEM);
        return;
    }
    for (i = 0; i < n; i++)
        r[i] = MPI_Request_f2c(reqs[i]);
    err = MPI_Startall(n, n > 0 ? r : NULL);
    for (i = 0; i < n; i++)
        reqs[i] = MPI_Request_c2f(r[i]);
    if (r != small)
        free(r);
    pm_f_ret(ierr, err);
}

static void pm_f_request_free(MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r = MPI_Request_f2c(*req);
    int err = MPI_Request_free(&r);
    if (err == MPI_SUCCESS)
        *req = MPI_Request_c2f(r);
    pm_f_ret(ierr, err);
}

#define PM_F_START_P (MPI_Fint * req, MPI_Fint * ierr)
#define PM_F_START_A (req, ierr)
#define PM_F_STARTALL_P (MPI_Fint * count, MPI_Fint * reqs, MPI_Fint * ierr)
#define PM_F_STARTALL_A (count, reqs, ierr)

PM_F_INAMES(mpi_start, MPI_START, pm_f_start, PM_F_START_P, PM_F_START_A)
PM_F_INAMES(mpi_startall, MPI_STARTALL, pm_f_startall, PM_F_STARTALL_P, PM_F_STARTALL_A)
PM_F_INAMES(mpi_request_free, MPI_REQUEST_FREE, pm_f_request_free, PM_F_START_P, PM_F_START_A)

#endif /* !SMPI_H */
