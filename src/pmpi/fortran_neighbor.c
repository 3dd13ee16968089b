/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file fortran_neighbor.c
 * @brief The Fortran entry points of the neighbourhood collectives, blocking, nonblocking and
 *        persistent: included by pmpi.c after fortran_persistent.c, whose helpers (pm_f_buf,
 *        pm_f_ret, pm_f_started, PM_F_INAMES, PM_F_PI_NAMES) it uses; not compiled alone.
 *
 * @par What is defined
 * MPI_NEIGHBOR_ALLGATHER, MPI_NEIGHBOR_ALLGATHERV, MPI_NEIGHBOR_ALLTOALL, MPI_NEIGHBOR_ALLTOALLV
 * and MPI_NEIGHBOR_ALLTOALLW, their nonblocking forms MPI_INEIGHBOR_<COLL> and, with an MPI that
 * has persistent collectives, their init calls (MPI_NEIGHBOR_<COLL>_INIT under MPICH 4.0,
 * MPIX_NEIGHBOR_<COLL>_INIT under Open MPI 4.1), each under the four mpif.h / `use mpi` names and
 * the `use mpi_f08` one with a plain calling convention (mpi_neighbor_allgather_f08_ ...,
 * mpix_neighbor_allgather_init_f08_: Open MPI exports them all). Each converts the handles, calls
 * the C wrapper of neighbor.c (MPI_Neighbor_allgather ...) and stores the request with
 * MPI_Request_c2f. Open MPI's own Fortran bindings call PMPI_Neighbor_* directly, past neighbor.c;
 * MPICH's call the C functions, which these definitions also do. MPI_NEIGHBOR_ALLTOALLW converts
 * its arrays of datatype handles (out-degree send types, in-degree receive types) into one C
 * allocation freed when the call returns (the catalogue copies them at the start, and both MPIs
 * read them while starting their own); its displacements are INTEGER(KIND=MPI_ADDRESS_KIND), the
 * C MPI_Aint, passed on as they are. There is no MPI_IN_PLACE for these collectives: a buffer is
 * only checked for MPI_BOTTOM.
 *
 * Not under SimGrid, whose neighbourhood collectives neighbor.c does not replace.
 */

#if PM_NBR

/** @brief What a body runs: the blocking call, the nonblocking one, or the persistent init. */
enum pm_f_nbr_form { PM_F_NBR_BLOCKING, PM_F_NBR_NONBLOCKING, PM_F_NBR_INIT };

/** @brief Stores a body's outcome: @p err into @p ierr, and for a start the request @p r into @p req. */
static void pm_f_nbr_end(int form, MPI_Fint *req, MPI_Fint *ierr, int err, const MPI_Request *r)
{
    if (form == PM_F_NBR_BLOCKING)
        pm_f_ret(ierr, err);
    else
        pm_f_started(req, ierr, err, r);
}

/** @brief The info handle of the Fortran argument @p info (MPI_INFO_NULL when there is none). */
static MPI_Info pm_f_nbr_info(const MPI_Fint *info)
{
    return info ? MPI_Info_f2c(*info) : MPI_INFO_NULL;
}

/** @cond PM_INTERNAL */
/* The call of one form of collective Coll with the arguments A (without request and info). */
#if PM_PI
#define PM_F_NBR_INIT_CALL(Coll, A) PM_PI_NAME(Neighbor_##Coll)(PM_NB_UNPAREN A, pm_f_nbr_info(info), &r)
#else
#define PM_F_NBR_INIT_CALL(Coll, A) MPI_ERR_OTHER
#endif
#define PM_F_NBR_CALL(Coll, A)                                                  \
    (form == PM_F_NBR_BLOCKING      ? MPI_Neighbor_##Coll A                     \
     : form == PM_F_NBR_NONBLOCKING ? MPI_Ineighbor_##Coll(PM_NB_UNPAREN A, &r) \
                                    : PM_F_NBR_INIT_CALL(Coll, A))
/** @endcond */

/** @brief MPI_NEIGHBOR_ALLGATHER and MPI_NEIGHBOR_ALLTOALL (@p alltoall), in form @p form. */
static void pm_f_nbr_uniform(int form, int alltoall, void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf,
                             MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req,
                             MPI_Fint *ierr)
{
    MPI_Request r = MPI_REQUEST_NULL;
    const void *s = pm_f_buf(sbuf, 0);
    (void)info; /* unused without persistent collectives */
    void *b = pm_f_buf(rbuf, 0);
    MPI_Datatype st = MPI_Type_f2c(*stype), rt = MPI_Type_f2c(*rtype);
    MPI_Comm c = MPI_Comm_f2c(*comm);
    int err = alltoall ? PM_F_NBR_CALL(alltoall, (s, (int)*scount, st, b, (int)*rcount, rt, c))
                       : PM_F_NBR_CALL(allgather, (s, (int)*scount, st, b, (int)*rcount, rt, c));
    pm_f_nbr_end(form, req, ierr, err, &r);
}

/** @brief MPI_NEIGHBOR_ALLGATHERV in form @p form. */
static void pm_f_nbr_allgatherv(int form, void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts,
                                MPI_Fint *displs, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info, MPI_Fint *req,
                                MPI_Fint *ierr)
{
    MPI_Request r = MPI_REQUEST_NULL;
    int err;
    (void)info;
    err = PM_F_NBR_CALL(allgatherv,
                        (pm_f_buf(sbuf, 0), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (const int *)rcounts,
                         (const int *)displs, MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm)));
    pm_f_nbr_end(form, req, ierr, err, &r);
}

/** @brief MPI_NEIGHBOR_ALLTOALLV in form @p form. */
static void pm_f_nbr_alltoallv(int form, void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stype, void *rbuf,
                               MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *info,
                               MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r = MPI_REQUEST_NULL;
    int err;
    (void)info;
    err = PM_F_NBR_CALL(alltoallv, (pm_f_buf(sbuf, 0), (const int *)scounts, (const int *)sdispls, MPI_Type_f2c(*stype),
                                    pm_f_buf(rbuf, 0), (const int *)rcounts, (const int *)rdispls, MPI_Type_f2c(*rtype),
                                    MPI_Comm_f2c(*comm)));
    pm_f_nbr_end(form, req, ierr, err, &r);
}

/** @brief MPI_NEIGHBOR_ALLTOALLW in form @p form: the datatype arrays converted (out-degree send
 *         types, then in-degree receive types, in one allocation). */
static void pm_f_nbr_alltoallw(int form, void *sbuf, MPI_Fint *scounts, MPI_Aint *sdispls, MPI_Fint *stypes, void *rbuf,
                               MPI_Fint *rcounts, MPI_Aint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm, MPI_Fint *info,
                               MPI_Fint *req, MPI_Fint *ierr)
{
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Comm c = MPI_Comm_f2c(*comm);
    MPI_Datatype *t;
    int in = 0, out = 0, k, err;
    (void)info;
    pm_nbr_degrees(c, &in, &out);
    t = (MPI_Datatype *)malloc((size_t)(in + out + 1) * sizeof(MPI_Datatype));
    if (!t) {
        pm_f_nbr_end(form, req, ierr, MPI_ERR_NO_MEM, &r);
        return;
    }
    for (k = 0; k < out; k++)
        t[k] = MPI_Type_f2c(stypes[k]);
    for (k = 0; k < in; k++)
        t[out + k] = MPI_Type_f2c(rtypes[k]);
    err = PM_F_NBR_CALL(alltoallw, (pm_f_buf(sbuf, 0), (const int *)scounts, sdispls, t, pm_f_buf(rbuf, 0),
                                    (const int *)rcounts, rdispls, t + out, c));
    free(t);
    pm_f_nbr_end(form, req, ierr, err, &r);
}

/* The bodies of the external names: one per form and collective. */

/** @cond PM_INTERNAL */
#define PM_F_NBR_UNIFORM_PL \
    (void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm)
#define PM_F_NBR_UNIFORM_AL (sbuf, scount, stype, rbuf, rcount, rtype, comm)
#define PM_F_NBR_GATHERV_PL                                                                                           \
    (void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts, MPI_Fint *displs, MPI_Fint *rtype, \
     MPI_Fint *comm)
#define PM_F_NBR_GATHERV_AL (sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm)
#define PM_F_NBR_V_PL                                                                                  \
    (void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts, \
     MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm)
#define PM_F_NBR_V_AL (sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm)
#define PM_F_NBR_W_PL                                                                                   \
    (void *sbuf, MPI_Fint *scounts, MPI_Aint *sdispls, MPI_Fint *stypes, void *rbuf, MPI_Fint *rcounts, \
     MPI_Aint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm)
#define PM_F_NBR_W_AL (sbuf, scounts, sdispls, stypes, rbuf, rcounts, rdispls, rtypes, comm)
/* The three bodies of collective `coll`: `call(form, <arguments>, info, req, ierr)` with the
 * parameters `PL` and arguments `AL` of the blocking call (parenthesised lists). */
#define PM_F_NBR_BODIES(coll, call, PL, AL)                                            \
    static void pm_f_neighbor_##coll(PM_NB_UNPAREN PL, MPI_Fint *ierr)                 \
    {                                                                                  \
        call(PM_F_NBR_BLOCKING, PM_NB_UNPAREN AL, NULL, NULL, ierr);                   \
    }                                                                                  \
    static void pm_f_ineighbor_##coll(PM_NB_UNPAREN PL, MPI_Fint *req, MPI_Fint *ierr) \
    {                                                                                  \
        call(PM_F_NBR_NONBLOCKING, PM_NB_UNPAREN AL, NULL, req, ierr);                 \
    }                                                                                  \
    PM_F_NBR_INIT_BODY(coll, call, PL, AL)
#if PM_PI
#define PM_F_NBR_INIT_BODY(coll, call, PL, AL)                                                               \
    static void pm_f_neighbor_##coll##_init(PM_NB_UNPAREN PL, MPI_Fint *info, MPI_Fint *req, MPI_Fint *ierr) \
    {                                                                                                        \
        call(PM_F_NBR_INIT, PM_NB_UNPAREN AL, info, req, ierr);                                              \
    }
#else
#define PM_F_NBR_INIT_BODY(coll, call, PL, AL)
#endif
#define PM_F_NBR_ALLGATHER(form, ...) pm_f_nbr_uniform(form, 0, __VA_ARGS__)
#define PM_F_NBR_ALLTOALL(form, ...) pm_f_nbr_uniform(form, 1, __VA_ARGS__)
/** @endcond */

PM_F_NBR_BODIES(allgather, PM_F_NBR_ALLGATHER, PM_F_NBR_UNIFORM_PL, PM_F_NBR_UNIFORM_AL)
PM_F_NBR_BODIES(alltoall, PM_F_NBR_ALLTOALL, PM_F_NBR_UNIFORM_PL, PM_F_NBR_UNIFORM_AL)
PM_F_NBR_BODIES(allgatherv, pm_f_nbr_allgatherv, PM_F_NBR_GATHERV_PL, PM_F_NBR_GATHERV_AL)
PM_F_NBR_BODIES(alltoallv, pm_f_nbr_alltoallv, PM_F_NBR_V_PL, PM_F_NBR_V_AL)
PM_F_NBR_BODIES(alltoallw, pm_f_nbr_alltoallw, PM_F_NBR_W_PL, PM_F_NBR_W_AL)

/* The external names: the blocking and nonblocking ones (four mpif.h names and the f08 one each),
 * then the init calls under this MPI's prefix. */

/** @cond PM_INTERNAL */
#define PM_F_NBR_NAMES(coll, COLL, PL, AL)                                                                           \
    PM_F_INAMES(mpi_neighbor_##coll, MPI_NEIGHBOR_##COLL, pm_f_neighbor_##coll, (PM_NB_UNPAREN PL, MPI_Fint * ierr), \
                (PM_NB_UNPAREN AL, ierr))                                                                            \
    PM_F_INAMES(mpi_ineighbor_##coll, MPI_INEIGHBOR_##COLL, pm_f_ineighbor_##coll,                                   \
                (PM_NB_UNPAREN PL, MPI_Fint * req, MPI_Fint * ierr), (PM_NB_UNPAREN AL, req, ierr))                  \
    PM_F_NBR_INIT_NAMES(coll, COLL, PL, AL)
#if PM_PI
#define PM_F_NBR_INIT_NAMES(coll, COLL, PL, AL)                                         \
    PM_F_PI_NAMES(neighbor_##coll, NEIGHBOR_##COLL, pm_f_neighbor_##coll##_init,        \
                  (PM_NB_UNPAREN PL, MPI_Fint * info, MPI_Fint * req, MPI_Fint * ierr), \
                  (PM_NB_UNPAREN AL, info, req, ierr))
#else
#define PM_F_NBR_INIT_NAMES(coll, COLL, PL, AL)
#endif
/** @endcond */

/* clang-format off */
PM_F_NBR_NAMES(allgather, ALLGATHER, PM_F_NBR_UNIFORM_PL, PM_F_NBR_UNIFORM_AL)
PM_F_NBR_NAMES(allgatherv, ALLGATHERV, PM_F_NBR_GATHERV_PL, PM_F_NBR_GATHERV_AL)
PM_F_NBR_NAMES(alltoall, ALLTOALL, PM_F_NBR_UNIFORM_PL, PM_F_NBR_UNIFORM_AL)
PM_F_NBR_NAMES(alltoallv, ALLTOALLV, PM_F_NBR_V_PL, PM_F_NBR_V_AL)
PM_F_NBR_NAMES(alltoallw, ALLTOALLW, PM_F_NBR_W_PL, PM_F_NBR_W_AL)
/* clang-format on */

#endif /* PM_NBR */
