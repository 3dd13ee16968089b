/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file fortran.c
 * @brief The Fortran entry points of libcollalg_pmpi.so: included at the end of pmpi.c (one
 *        translation unit, so it sees pm_configure and the C wrappers), not compiled alone.
 *
 * @par Why
 * Neither MPI routes every Fortran call through the C symbols that pmpi.c defines. Open MPI 4.1's
 * Fortran bindings (libmpi_mpifh, used by mpif.h and `use mpi`; libmpi_usempif08 for `use mpi_f08`)
 * call PMPI_Alltoall ... and PMPI_Init directly (open-mpi/ompi#3954). MPICH 4.0's libmpichfort
 * calls MPI_Alltoall ... (the C wrappers) from its mpif.h / `use mpi` bindings and from its
 * `use mpi_f08` collectives, but its f08 MPI_Init, MPI_Init_thread and MPI_Barrier call PMPI_
 * directly, so a `use mpi_f08` program never read the environment.
 *
 * @par What is defined
 * For MPI_ALLTOALL, MPI_ALLGATHER, MPI_ALLREDUCE, MPI_BCAST, MPI_ALLTOALLV, MPI_ALLGATHERV,
 * MPI_BARRIER, MPI_GATHER, MPI_SCATTER, MPI_GATHERV, MPI_SCATTERV, MPI_ALLTOALLW, MPI_REDUCE, MPI_SCAN,
 * MPI_EXSCAN, MPI_REDUCE_SCATTER_BLOCK, MPI_REDUCE_SCATTER, MPI_INIT and
 * MPI_INIT_THREAD, the mpif.h / `use mpi` entry point under the four
 * external names Fortran compilers produce (mpi_alltoall_, mpi_alltoall__, mpi_alltoall,
 * MPI_ALLTOALL), every argument by reference, the ierror last. Each converts the handles
 * (MPI_Comm_f2c, MPI_Type_f2c, MPI_Op_f2c) and the buffer sentinels (below) and calls the C
 * function of pmpi.c (MPI_Alltoall ...), so a Fortran call gets exactly the C behaviour: the same
 * forced algorithm, tuned routine, native fallback and trace. MPI_INIT and MPI_INIT_THREAD call
 * pmpi.c's MPI_Init / MPI_Init_thread (PMPI_Init* then pm_configure): pm_configure has no other
 * caller, and the MPI's own Fortran init (which in MPICH would call MPI_Init a second way) is not
 * called, so the environment is read exactly once whichever language initialises MPI.
 *
 * @par use mpi_f08
 * The f08 names the MPIs export with a plain calling convention: Open MPI's libmpi_usempif08
 * exports mpi_alltoall_f08_ ... mpi_barrier_f08_ (mpi_gather_f08_ ... mpi_alltoallw_f08_, mpi_reduce_f08_,
 * mpi_scan_f08_, mpi_exscan_f08_, mpi_reduce_scatter_block_f08_, mpi_reduce_scatter_f08_ too),
 * mpi_init_f08_ and mpi_init_thread_f08_ (buffers
 * by address, TYPE(MPI_Comm) and the other handles as a struct holding one integer, passed by
 * reference, i.e. a pointer to that MPI_Fint, and ierror OPTIONAL: a null pointer when absent);
 * MPICH's libmpichfort exports mpi_barrier_f08_, mpi_init_f08_ and mpi_init_thread_f08_ with the
 * same convention. All nineteen are defined here; where an MPI does not export a name the definition
 * is simply unused. MPICH's f08 buffer collectives (mpi_alltoall_f08ts_ ...) take TS 29113 array
 * descriptors and call the C MPI_Alltoall ..., so they reach pmpi.c's wrappers as they are and are
 * not redefined; their MPI-4 large-count forms (..._f08ts_large_, calling MPI_Alltoall_c) stay
 * native, as the C large-count functions do.
 *
 * @par MPI_IN_PLACE and MPI_BOTTOM
 * In Fortran both are variables whose address is the sentinel. The library is not linked with a
 * Fortran runtime: the addresses are looked up at run time in the process's global symbol scope
 * (dlopen(NULL) + dlsym), once, on the first Fortran call.
 * - Open MPI 4.1: common blocks mpi_fortran_in_place and mpi_fortran_bottom (one integer each),
 *   exported as mpi_fortran_in_place_ / mpi_fortran_bottom_ by libmpi, libmpi_usempif08 and
 *   libmpi_usempi_ignore_tkr; mpif.h, `use mpi` and `use mpi_f08` all use them. The other spellings
 *   (no underscore, two, upper case) are looked up too, as Open MPI's own bindings compare them.
 * - MPICH 4.0: mpif.h and `use mpi` put MPI_BOTTOM and MPI_IN_PLACE in the common block /MPIPRIV1/
 *   (symbol mpipriv1_); libmpichfort keeps their addresses in the pointers MPIR_F_MPI_BOTTOM and
 *   MPIR_F_MPI_IN_PLACE, filled by its Fortran routine mpirinitf_ while the flag MPIR_F_NeedInit is
 *   set (its bindings do that on their first call). We do the same: run mpirinitf_ when the flag is
 *   set, clear it, and compare with the two pointers. (MPIR_F08_MPI_IN_PLACE / MPIR_F08_MPI_BOTTOM,
 *   the f08 sentinels, only concern MPICH's f08ts collectives, which are not redefined.)
 * A send buffer equal to the Fortran MPI_IN_PLACE becomes the C MPI_IN_PLACE (only where the
 * standard allows it: the send buffers of the six collectives with one, of gather, gatherv,
 * alltoallw, reduce, scan, exscan, reduce_scatter_block and reduce_scatter, and the receive buffers
 * of scatter and scatterv); any buffer equal to the Fortran
 * MPI_BOTTOM becomes the C MPI_BOTTOM. MPI_ALLTOALLW's two arrays of datatype handles are
 * converted one by one (MPI_Type_f2c) into C arrays for the call.
 *
 * @par Limitations
 * MPI_Fint must be the C int (checked at compile time; true for gfortran's default INTEGER with both
 * MPIs), since the count and displacement arrays of the v-collectives are passed on as they are.
 * The sentinels are looked up lazily without a lock: two threads making their first Fortran call
 * at once both store the same addresses.
 */

#include <dlfcn.h>

/** @brief Compile-time check: the Fortran INTEGER arrays (counts, displacements) are C int arrays. */
typedef char pm_f_fint_is_int[sizeof(MPI_Fint) == sizeof(int) ? 1 : -1];

/** @brief The Fortran sentinels of the MPI in use, looked up once (see the file comment). */
typedef struct pm_f_sentinels {
    int resolved;             /**< 1 once looked up */
    void *ompi_in_place[4];   /**< Open MPI: the addresses of mpi_fortran_in_place (four spellings) */
    void *ompi_bottom[4];     /**< Open MPI: the addresses of mpi_fortran_bottom (four spellings) */
    int *mpich_need_init;     /**< MPICH: MPIR_F_NeedInit */
    void **mpich_in_place;    /**< MPICH: MPIR_F_MPI_IN_PLACE (holds the address) */
    void **mpich_bottom;      /**< MPICH: MPIR_F_MPI_BOTTOM (holds the address) */
    void (*mpich_init)(void); /**< MPICH: mpirinitf_, which fills the two pointers */
} pm_f_sentinels;

static pm_f_sentinels pm_f_sent;

/** @brief Looks the sentinels up in the global symbol scope (absent ones stay NULL). */
static void pm_f_resolve(void)
{
    static const char *const in_place[4] = {"mpi_fortran_in_place", "mpi_fortran_in_place_", "mpi_fortran_in_place__",
                                            "MPI_FORTRAN_IN_PLACE"};
    static const char *const bottom[4] = {"mpi_fortran_bottom", "mpi_fortran_bottom_", "mpi_fortran_bottom__",
                                          "MPI_FORTRAN_BOTTOM"};
    void *global, *init;
    int k;
    if (pm_f_sent.resolved)
        return;
    global = dlopen(NULL, RTLD_LAZY); /* the program and every library of the global scope */
    if (global) {
        for (k = 0; k < 4; k++) {
            pm_f_sent.ompi_in_place[k] = dlsym(global, in_place[k]);
            pm_f_sent.ompi_bottom[k] = dlsym(global, bottom[k]);
        }
        pm_f_sent.mpich_need_init = (int *)dlsym(global, "MPIR_F_NeedInit");
        pm_f_sent.mpich_in_place = (void **)dlsym(global, "MPIR_F_MPI_IN_PLACE");
        pm_f_sent.mpich_bottom = (void **)dlsym(global, "MPIR_F_MPI_BOTTOM");
        init = dlsym(global, "mpirinitf_");
        if (init) /* object pointer to function pointer: POSIX guarantees the round trip */
            memcpy(&pm_f_sent.mpich_init, &init, sizeof init);
        dlclose(global);
    }
    pm_f_sent.resolved = 1;
}

/** @brief 1 when @p buf is one of the @p n addresses of @p list (NULL entries never match). */
static int pm_f_is(const void *buf, void *const *list, int n)
{
    int k;
    for (k = 0; k < n; k++)
        if (list[k] && list[k] == buf)
            return 1;
    return 0;
}

/** @brief MPICH: runs its Fortran constant set-up when still pending (as its own bindings do). */
static void pm_f_mpich_setup(void)
{
    if (pm_f_sent.mpich_need_init && *pm_f_sent.mpich_need_init && pm_f_sent.mpich_init) {
        pm_f_sent.mpich_init();
        *pm_f_sent.mpich_need_init = 0;
    }
}

/**
 * @brief The C buffer for Fortran buffer @p buf: MPI_BOTTOM for the Fortran MPI_BOTTOM, MPI_IN_PLACE
 *        for the Fortran MPI_IN_PLACE when @p in_place_ok (a send buffer that may be in place),
 *        else @p buf.
 */
static void *pm_f_buf(void *buf, int in_place_ok)
{
    void *mpich[1];
    pm_f_resolve();
    pm_f_mpich_setup();
    if (pm_f_is(buf, pm_f_sent.ompi_bottom, 4))
        return MPI_BOTTOM;
    mpich[0] = pm_f_sent.mpich_bottom ? *pm_f_sent.mpich_bottom : NULL;
    if (pm_f_is(buf, mpich, 1))
        return MPI_BOTTOM;
    if (!in_place_ok)
        return buf;
    if (pm_f_is(buf, pm_f_sent.ompi_in_place, 4))
        return MPI_IN_PLACE;
    mpich[0] = pm_f_sent.mpich_in_place ? *pm_f_sent.mpich_in_place : NULL;
    if (pm_f_is(buf, mpich, 1))
        return MPI_IN_PLACE;
    return buf;
}

/** @brief Stores @p err into the Fortran ierror @p ierr (absent, NULL, for an omitted f08 ierror). */
static void pm_f_ret(MPI_Fint *ierr, int err)
{
    if (ierr)
        *ierr = (MPI_Fint)err;
}

/* The bodies: Fortran arguments in, the C wrapper of pmpi.c called. */

static void pm_f_init(MPI_Fint *ierr)
{
    pm_f_resolve();
    pm_f_mpich_setup();
    pm_f_ret(ierr, MPI_Init(NULL, NULL));
}

static void pm_f_init_thread(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)
{
    int got = MPI_THREAD_SINGLE, err;
    pm_f_resolve();
    pm_f_mpich_setup();
    err = MPI_Init_thread(NULL, NULL, (int)*required, &got);
    if (err == MPI_SUCCESS)
        *provided = (MPI_Fint)got;
    pm_f_ret(ierr, err);
}

static void pm_f_alltoall(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                          MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Alltoall(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (int)*rcount,
                                MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm)));
}

static void pm_f_allgather(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                           MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Allgather(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (int)*rcount,
                                 MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm)));
}

static void pm_f_allreduce(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                           MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Allreduce(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type),
                                 MPI_Op_f2c(*op), MPI_Comm_f2c(*comm)));
}

static void pm_f_bcast(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Bcast(pm_f_buf(buf, 0), (int)*count, MPI_Type_f2c(*type), (int)*root, MPI_Comm_f2c(*comm)));
}

static void pm_f_alltoallv(void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stype, void *rbuf,
                           MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Alltoallv(pm_f_buf(sbuf, 1), (const int *)scounts, (const int *)sdispls, MPI_Type_f2c(*stype),
                                 pm_f_buf(rbuf, 0), (const int *)rcounts, (const int *)rdispls, MPI_Type_f2c(*rtype),
                                 MPI_Comm_f2c(*comm)));
}

static void pm_f_allgatherv(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts,
                            MPI_Fint *displs, MPI_Fint *rtype, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr,
             MPI_Allgatherv(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0),
                            (const int *)rcounts, (const int *)displs, MPI_Type_f2c(*rtype), MPI_Comm_f2c(*comm)));
}

static void pm_f_barrier(MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Barrier(MPI_Comm_f2c(*comm)));
}

static void pm_f_reduce(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *root,
                        MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Reduce(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type), MPI_Op_f2c(*op),
                              (int)*root, MPI_Comm_f2c(*comm)));
}

static void pm_f_scan(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                      MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Scan(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type), MPI_Op_f2c(*op),
                            MPI_Comm_f2c(*comm)));
}

static void pm_f_exscan(void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                        MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Exscan(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*count, MPI_Type_f2c(*type), MPI_Op_f2c(*op),
                              MPI_Comm_f2c(*comm)));
}

static void pm_f_reduce_scatter_block(void *sbuf, void *rbuf, MPI_Fint *rcount, MPI_Fint *type, MPI_Fint *op,
                                      MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Reduce_scatter_block(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (int)*rcount, MPI_Type_f2c(*type),
                                            MPI_Op_f2c(*op), MPI_Comm_f2c(*comm)));
}

static void pm_f_reduce_scatter(void *sbuf, void *rbuf, MPI_Fint *rcounts, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm,
                                MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Reduce_scatter(pm_f_buf(sbuf, 1), pm_f_buf(rbuf, 0), (const int *)rcounts, MPI_Type_f2c(*type),
                                      MPI_Op_f2c(*op), MPI_Comm_f2c(*comm)));
}

static void pm_f_gather(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                        MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Gather(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (int)*rcount,
                              MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm)));
}

static void pm_f_scatter(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype,
                         MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr, MPI_Scatter(pm_f_buf(sbuf, 0), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 1), (int)*rcount,
                               MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm)));
}

static void pm_f_gatherv(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts, MPI_Fint *displs,
                         MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr,
             MPI_Gatherv(pm_f_buf(sbuf, 1), (int)*scount, MPI_Type_f2c(*stype), pm_f_buf(rbuf, 0), (const int *)rcounts,
                         (const int *)displs, MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm)));
}

static void pm_f_scatterv(void *sbuf, MPI_Fint *scounts, MPI_Fint *displs, MPI_Fint *stype, void *rbuf,
                          MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *root, MPI_Fint *comm, MPI_Fint *ierr)
{
    pm_f_ret(ierr,
             MPI_Scatterv(pm_f_buf(sbuf, 0), (const int *)scounts, (const int *)displs, MPI_Type_f2c(*stype),
                          pm_f_buf(rbuf, 1), (int)*rcount, MPI_Type_f2c(*rtype), (int)*root, MPI_Comm_f2c(*comm)));
}

/**
 * @brief MPI_ALLTOALLW's and MPI_IALLTOALLW's two arrays of Fortran datatype handles @p stypes and
 *        @p rtypes converted into one allocation of C handles, *types (the send types, then the
 *        receive types at *types + *n; one per process of @p c, the remote group's of an
 *        intercommunicator); in place (@p s is MPI_IN_PLACE), the send types (which MPI ignores,
 *        and may be anything) are not read. @return MPI_SUCCESS or MPI_ERR_NO_MEM; the caller frees
 *        *types.
 */
static int pm_f_types(MPI_Comm c, const void *s, const MPI_Fint *stypes, const MPI_Fint *rtypes, MPI_Datatype **types,
                      int *n)
{
    int inter = 0, k;
    *n = 0;
    if (c != MPI_COMM_NULL && PMPI_Comm_test_inter(c, &inter) == MPI_SUCCESS)
        (inter ? PMPI_Comm_remote_size : PMPI_Comm_size)(c, n);
    *types = (MPI_Datatype *)malloc(2 * (size_t)(*n > 0 ? *n : 1) * sizeof(MPI_Datatype));
    if (!*types)
        return MPI_ERR_NO_MEM;
    for (k = 0; k < *n; k++) {
        (*types)[*n + k] = MPI_Type_f2c(rtypes[k]);
        (*types)[k] = s == MPI_IN_PLACE ? (*types)[*n + k] : MPI_Type_f2c(stypes[k]);
    }
    return MPI_SUCCESS;
}

/** @brief MPI_ALLTOALLW: the two arrays of datatype handles converted by pm_f_types(). */
static void pm_f_alltoallw(void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stypes, void *rbuf,
                           MPI_Fint *rcounts, MPI_Fint *rdispls, MPI_Fint *rtypes, MPI_Fint *comm, MPI_Fint *ierr)
{
    MPI_Comm c = MPI_Comm_f2c(*comm);
    MPI_Datatype *types;
    const void *s = pm_f_buf(sbuf, 1);
    int n, err = pm_f_types(c, s, stypes, rtypes, &types, &n);
    if (err == MPI_SUCCESS) {
        err = MPI_Alltoallw(s, (const int *)scounts, (const int *)sdispls, types, pm_f_buf(rbuf, 0),
                            (const int *)rcounts, (const int *)rdispls, types + n, c);
        free(types);
    }
    pm_f_ret(ierr, err);
}

/*
 * The external names. PM_F_NAMES(lower, UPPER, (parameters), (arguments)) defines lower_, lower__,
 * lower and UPPER, each calling pm_f_<body>; PM_F_ONE one name (the f08 ones). Each gets a
 * prototype first (no header declares them).
 */
#define PM_F_ONE(name, body, params, args) \
    void name params;                      \
    void name params                       \
    {                                      \
        body args;                         \
    }
#define PM_F_NAMES(lower, upper, body, params, args) \
    PM_F_ONE(lower##_, body, params, args)           \
    PM_F_ONE(lower##__, body, params, args)          \
    PM_F_ONE(lower, body, params, args)              \
    PM_F_ONE(upper, body, params, args)

#define PM_F_INIT_P (MPI_Fint * ierr)
#define PM_F_INIT_A (ierr)
#define PM_F_INIT_THREAD_P (MPI_Fint * required, MPI_Fint * provided, MPI_Fint * ierr)
#define PM_F_INIT_THREAD_A (required, provided, ierr)
/* Each list as its parameters (_PL) and arguments (_AL) before the ierror, so that the nonblocking
 * forms (fortran_nonblocking.c) append the request to the same lists. scan, exscan,
 * reduce_scatter_block (recvcount) and reduce_scatter (recvcounts: RS) share the list of allreduce:
 * (sendbuf, recvbuf, count(s), datatype, op, comm). */
#define PM_F_TRANSPORT_PL \
    void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *comm
#define PM_F_TRANSPORT_AL sbuf, scount, stype, rbuf, rcount, rtype, comm
#define PM_F_TRANSPORT_P (PM_F_TRANSPORT_PL, MPI_Fint * ierr)
#define PM_F_TRANSPORT_A (PM_F_TRANSPORT_AL, ierr)
#define PM_F_ALLREDUCE_PL void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm
#define PM_F_ALLREDUCE_AL sbuf, rbuf, count, type, op, comm
#define PM_F_ALLREDUCE_P (PM_F_ALLREDUCE_PL, MPI_Fint * ierr)
#define PM_F_ALLREDUCE_A (PM_F_ALLREDUCE_AL, ierr)
#define PM_F_BCAST_PL void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *root, MPI_Fint *comm
#define PM_F_BCAST_AL buf, count, type, root, comm
#define PM_F_BCAST_P (PM_F_BCAST_PL, MPI_Fint * ierr)
#define PM_F_BCAST_A (PM_F_BCAST_AL, ierr)
#define PM_F_ALLTOALLV_PL                                                                             \
    void *sbuf, MPI_Fint *scounts, MPI_Fint *sdispls, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts, \
        MPI_Fint *rdispls, MPI_Fint *rtype, MPI_Fint *comm
#define PM_F_ALLTOALLV_AL sbuf, scounts, sdispls, stype, rbuf, rcounts, rdispls, rtype, comm
#define PM_F_ALLTOALLV_P (PM_F_ALLTOALLV_PL, MPI_Fint * ierr)
#define PM_F_ALLTOALLV_A (PM_F_ALLTOALLV_AL, ierr)
#define PM_F_ALLGATHERV_PL                                                                                           \
    void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts, MPI_Fint *displs, MPI_Fint *rtype, \
        MPI_Fint *comm
#define PM_F_ALLGATHERV_AL sbuf, scount, stype, rbuf, rcounts, displs, rtype, comm
#define PM_F_ALLGATHERV_P (PM_F_ALLGATHERV_PL, MPI_Fint * ierr)
#define PM_F_ALLGATHERV_A (PM_F_ALLGATHERV_AL, ierr)
#define PM_F_BARRIER_PL MPI_Fint *comm
#define PM_F_BARRIER_AL comm
#define PM_F_BARRIER_P (PM_F_BARRIER_PL, MPI_Fint * ierr)
#define PM_F_BARRIER_A (PM_F_BARRIER_AL, ierr)
#define PM_F_ROOTED_PL                                                                                            \
    void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *root, \
        MPI_Fint *comm
#define PM_F_ROOTED_AL sbuf, scount, stype, rbuf, rcount, rtype, root, comm
#define PM_F_ROOTED_P (PM_F_ROOTED_PL, MPI_Fint * ierr)
#define PM_F_ROOTED_A (PM_F_ROOTED_AL, ierr)
#define PM_F_GATHERV_PL                                                                                              \
    void *sbuf, MPI_Fint *scount, MPI_Fint *stype, void *rbuf, MPI_Fint *rcounts, MPI_Fint *displs, MPI_Fint *rtype, \
        MPI_Fint *root, MPI_Fint *comm
#define PM_F_GATHERV_AL sbuf, scount, stype, rbuf, rcounts, displs, rtype, root, comm
#define PM_F_GATHERV_P (PM_F_GATHERV_PL, MPI_Fint * ierr)
#define PM_F_GATHERV_A (PM_F_GATHERV_AL, ierr)
#define PM_F_SCATTERV_PL                                                                                             \
    void *sbuf, MPI_Fint *scounts, MPI_Fint *displs, MPI_Fint *stype, void *rbuf, MPI_Fint *rcount, MPI_Fint *rtype, \
        MPI_Fint *root, MPI_Fint *comm
#define PM_F_SCATTERV_AL sbuf, scounts, displs, stype, rbuf, rcount, rtype, root, comm
#define PM_F_SCATTERV_P (PM_F_SCATTERV_PL, MPI_Fint * ierr)
#define PM_F_SCATTERV_A (PM_F_SCATTERV_AL, ierr)
#define PM_F_REDUCE_PL \
    void *sbuf, void *rbuf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *op, MPI_Fint *root, MPI_Fint *comm
#define PM_F_REDUCE_AL sbuf, rbuf, count, type, op, root, comm
#define PM_F_REDUCE_P (PM_F_REDUCE_PL, MPI_Fint * ierr)
#define PM_F_REDUCE_A (PM_F_REDUCE_AL, ierr)
#define PM_F_RS_PL void *sbuf, void *rbuf, MPI_Fint *rcounts, MPI_Fint *type, MPI_Fint *op, MPI_Fint *comm
#define PM_F_RS_AL sbuf, rbuf, rcounts, type, op, comm
#define PM_F_RS_P (PM_F_RS_PL, MPI_Fint * ierr)
#define PM_F_RS_A (PM_F_RS_AL, ierr)
#define PM_F_ALLTOALLW_P PM_F_ALLTOALLV_P
#define PM_F_ALLTOALLW_A PM_F_ALLTOALLV_A

/* mpif.h and use mpi. */
PM_F_NAMES(mpi_init, MPI_INIT, pm_f_init, PM_F_INIT_P, PM_F_INIT_A)
PM_F_NAMES(mpi_init_thread, MPI_INIT_THREAD, pm_f_init_thread, PM_F_INIT_THREAD_P, PM_F_INIT_THREAD_A)
PM_F_NAMES(mpi_alltoall, MPI_ALLTOALL, pm_f_alltoall, PM_F_TRANSPORT_P, PM_F_TRANSPORT_A)
PM_F_NAMES(mpi_allgather, MPI_ALLGATHER, pm_f_allgather, PM_F_TRANSPORT_P, PM_F_TRANSPORT_A)
PM_F_NAMES(mpi_allreduce, MPI_ALLREDUCE, pm_f_allreduce, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_NAMES(mpi_bcast, MPI_BCAST, pm_f_bcast, PM_F_BCAST_P, PM_F_BCAST_A)
PM_F_NAMES(mpi_alltoallv, MPI_ALLTOALLV, pm_f_alltoallv, PM_F_ALLTOALLV_P, PM_F_ALLTOALLV_A)
PM_F_NAMES(mpi_allgatherv, MPI_ALLGATHERV, pm_f_allgatherv, PM_F_ALLGATHERV_P, PM_F_ALLGATHERV_A)
PM_F_NAMES(mpi_barrier, MPI_BARRIER, pm_f_barrier, PM_F_BARRIER_P, PM_F_BARRIER_A)
PM_F_NAMES(mpi_gather, MPI_GATHER, pm_f_gather, PM_F_ROOTED_P, PM_F_ROOTED_A)
PM_F_NAMES(mpi_scatter, MPI_SCATTER, pm_f_scatter, PM_F_ROOTED_P, PM_F_ROOTED_A)
PM_F_NAMES(mpi_gatherv, MPI_GATHERV, pm_f_gatherv, PM_F_GATHERV_P, PM_F_GATHERV_A)
PM_F_NAMES(mpi_scatterv, MPI_SCATTERV, pm_f_scatterv, PM_F_SCATTERV_P, PM_F_SCATTERV_A)
PM_F_NAMES(mpi_alltoallw, MPI_ALLTOALLW, pm_f_alltoallw, PM_F_ALLTOALLW_P, PM_F_ALLTOALLW_A)
PM_F_NAMES(mpi_reduce, MPI_REDUCE, pm_f_reduce, PM_F_REDUCE_P, PM_F_REDUCE_A)
PM_F_NAMES(mpi_scan, MPI_SCAN, pm_f_scan, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_NAMES(mpi_exscan, MPI_EXSCAN, pm_f_exscan, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_NAMES(mpi_reduce_scatter_block, MPI_REDUCE_SCATTER_BLOCK, pm_f_reduce_scatter_block, PM_F_ALLREDUCE_P,
           PM_F_ALLREDUCE_A)
PM_F_NAMES(mpi_reduce_scatter, MPI_REDUCE_SCATTER, pm_f_reduce_scatter, PM_F_RS_P, PM_F_RS_A)

/* use mpi_f08: the names Open MPI (all nineteen) and MPICH (init, init_thread, barrier) export, with
 * the same arguments (a handle struct by reference is a pointer to its one MPI_Fint; an omitted
 * ierror is NULL). */
PM_F_ONE(mpi_init_f08_, pm_f_init, PM_F_INIT_P, PM_F_INIT_A)
PM_F_ONE(mpi_init_thread_f08_, pm_f_init_thread, PM_F_INIT_THREAD_P, PM_F_INIT_THREAD_A)
PM_F_ONE(mpi_alltoall_f08_, pm_f_alltoall, PM_F_TRANSPORT_P, PM_F_TRANSPORT_A)
PM_F_ONE(mpi_allgather_f08_, pm_f_allgather, PM_F_TRANSPORT_P, PM_F_TRANSPORT_A)
PM_F_ONE(mpi_allreduce_f08_, pm_f_allreduce, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_ONE(mpi_bcast_f08_, pm_f_bcast, PM_F_BCAST_P, PM_F_BCAST_A)
PM_F_ONE(mpi_alltoallv_f08_, pm_f_alltoallv, PM_F_ALLTOALLV_P, PM_F_ALLTOALLV_A)
PM_F_ONE(mpi_allgatherv_f08_, pm_f_allgatherv, PM_F_ALLGATHERV_P, PM_F_ALLGATHERV_A)
PM_F_ONE(mpi_barrier_f08_, pm_f_barrier, PM_F_BARRIER_P, PM_F_BARRIER_A)
PM_F_ONE(mpi_gather_f08_, pm_f_gather, PM_F_ROOTED_P, PM_F_ROOTED_A)
PM_F_ONE(mpi_scatter_f08_, pm_f_scatter, PM_F_ROOTED_P, PM_F_ROOTED_A)
PM_F_ONE(mpi_gatherv_f08_, pm_f_gatherv, PM_F_GATHERV_P, PM_F_GATHERV_A)
PM_F_ONE(mpi_scatterv_f08_, pm_f_scatterv, PM_F_SCATTERV_P, PM_F_SCATTERV_A)
PM_F_ONE(mpi_alltoallw_f08_, pm_f_alltoallw, PM_F_ALLTOALLW_P, PM_F_ALLTOALLW_A)
PM_F_ONE(mpi_reduce_f08_, pm_f_reduce, PM_F_REDUCE_P, PM_F_REDUCE_A)
PM_F_ONE(mpi_scan_f08_, pm_f_scan, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_ONE(mpi_exscan_f08_, pm_f_exscan, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_ONE(mpi_reduce_scatter_block_f08_, pm_f_reduce_scatter_block, PM_F_ALLREDUCE_P, PM_F_ALLREDUCE_A)
PM_F_ONE(mpi_reduce_scatter_f08_, pm_f_reduce_scatter, PM_F_RS_P, PM_F_RS_A)
