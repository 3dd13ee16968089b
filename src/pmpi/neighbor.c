/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file neighbor.c
 * @brief The neighbourhood collectives of libcollalg_pmpi.so, blocking, nonblocking and persistent:
 *        included by pmpi.c after persistent.c (whose init names and completion calls it uses),
 *        not compiled alone.
 *
 * @par What is defined
 * MPI_Neighbor_allgather, MPI_Neighbor_allgatherv, MPI_Neighbor_alltoall, MPI_Neighbor_alltoallv
 * and MPI_Neighbor_alltoallw; their nonblocking forms MPI_Ineighbor_<coll>; and, with an MPI that
 * has persistent collectives (persistent.c: MPI-4's names under MPICH 4.0, Open MPI 4.1's
 * `MPIX_` ones), their init calls MPI_Neighbor_<coll>_init. Not under SimGrid 3.32, whose
 * `MPI_Topo_test` is not implemented (the catalogue's neighbour lists need it) and whose own
 * neighbourhood collectives abort: there the program's calls stay SimGrid's.
 *
 * @par Which algorithm
 * The algorithms are the rows of catalogue.h's COLLALG_NEIGHBOR table (linear; combining for
 * allgather and alltoall). Each call runs, in this order:
 * - the native PMPI_ function when the library is off, the environment named an invalid choice, or
 *   nothing is forced: the neighbourhood collectives are not tuned (the tuner's programs run on
 *   communicators without a topology), so the default is the MPI's own;
 * - the algorithm forced by `COLLALG_NEIGHBOR_<COLL>=name` for the blocking call and by
 *   `COLLALG_INEIGHBOR_<COLL>=name` for the nonblocking and the persistent ones (as the other
 *   collectives' `COLLALG_I<COLL>`), unless the call is outside its restrictions: combining needs
 *   an isomorphic neighbourhood (#COLLALG_R_ISOMORPHIC). A Cartesian communicator always is; on a
 *   graph or distributed-graph one the algorithm's own collective check decides, with the default
 *   grid (the ring of the p ranks), on the first call on that communicator (two MPI_Allreduce on
 *   the library's private duplicate; every rank gets the same answer, cached: later calls are
 *   local; collalg__nbr_combining_applies()). Where it does not apply the call is native, traced.
 *   The combining algorithms' parameters (a torus for a graph communicator) are not read from the
 *   environment: a `:param` suffix is rejected at MPI_Init.
 * `COLLALG_SELECT_VERBOSE=1` traces each call on rank 0: `collalg: MPI_Neighbor_allgather p=4
 * n=12 B -> combining (forced by COLLALG_NEIGHBOR_ALLGATHER)`, n the bytes this rank sends
 * (summed over its destinations).
 *
 * @par Progress and requests
 * A nonblocking or persistent call returns the catalogue's request; the completion calls of
 * nonblocking.c and MPI_Start, MPI_Startall and MPI_Request_free of persistent.c handle it as
 * they handle the other collectives'.
 *
 * @par Fortran
 * fortran_neighbor.c defines the Fortran entry points, which call these (Open MPI's own Fortran
 * bindings call PMPI_Neighbor_* directly; MPICH's call the C functions).
 */

/** @cond PM_INTERNAL */
#if !defined(SMPI_H)
#define PM_NBR 1
#else
#define PM_NBR 0
#endif
/** @endcond */

/** @brief The five neighbourhood collectives, in catalogue.h's order. */
enum pm_nbr_coll { PM_NBR_ALLGATHER, PM_NBR_ALLGATHERV, PM_NBR_ALLTOALL, PM_NBR_ALLTOALLV, PM_NBR_ALLTOALLW, PM_NBR_N };

/** @brief Their names as catalogue.h's rows spell them. */
static const char *const pm_nbr_name[PM_NBR_N] = {"neighbor_allgather", "neighbor_allgatherv", "neighbor_alltoall",
                                                  "neighbor_alltoallv", "neighbor_alltoallw"};

/** @brief The forms a variable serves: the blocking call, or the nonblocking and persistent ones. */
enum pm_nbr_form { PM_NBR_BLOCKING, PM_NBR_NONBLOCKING, PM_NBR_NFORMS };

/** @brief One row of COLLALG_NEIGHBOR: the collective, the name, the restrictions, the three
 *         forms and the number of parameters after the arguments of MPI's call (0, or the
 *         combining ones' 2: a torus's ndims and dims, passed as 0 and NULL). */
typedef struct pm_nbr_algo {
    const char *coll;
    const char *name;
    int restrictions;
    pm_nb_fn blocking, nonblocking, init;
    int nparams;
} pm_nbr_algo;

/** @cond PM_INTERNAL */
#define PM_NBR_ROW(coll, alg, restrict, params, space, flags) \
    {#coll,                                                   \
     #alg,                                                    \
     (restrict),                                              \
     (pm_nb_fn)collalg_##coll##_##alg,                        \
     (pm_nb_fn)collalg_i##coll##_##alg,                       \
     (pm_nb_fn)collalg_##coll##_init_##alg,                   \
     (params)},
/** @endcond */

/** @brief The neighbourhood algorithms, generated from catalogue.h's table. */
static const pm_nbr_algo pm_nbr_table[] = {COLLALG_NEIGHBOR(PM_NBR_ROW)};
#define PM_NBR_NALGOS ((int)(sizeof pm_nbr_table / sizeof pm_nbr_table[0]))

/** @brief What runs for one collective in one form: the forced algorithm or native. */
typedef struct pm_nbr_force {
    const pm_nbr_algo *algo; /**< forced algorithm, NULL: native */
    char var[48];            /**< the variable's name, COLLALG_[I]NEIGHBOR_<COLL> */
} pm_nbr_force;

/** @brief The configuration, set once by MPI_Init / MPI_Init_thread. */
static pm_nbr_force pm_nbr_cfg[PM_NBR_N][PM_NBR_NFORMS];

/** @brief Parses the variable of collective @p coll in form @p form; a message into @p msg when its
 *         value is invalid (that form then stays native). */
static void pm_nbr_parse_one(int coll, int form, char *msg, size_t size)
{
    pm_nbr_force *f = &pm_nbr_cfg[coll][form];
    char name[48], list[256];
    const char *val;
    size_t n, len;
    int i;
    msg[0] = list[0] = 0;
    snprintf(name, sizeof name, "%s%s", form == PM_NBR_BLOCKING ? "" : "i", pm_nbr_name[coll]);
    pm_var_name(name, f->var, sizeof f->var);
    val = getenv(f->var);
    if (!val || !*val)
        return;
    n = strcspn(val, ":");
    for (i = 0; i < PM_NBR_NALGOS; i++) {
        if (strcmp(pm_nbr_table[i].coll, pm_nbr_name[coll]) != 0)
            continue;
        len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", len ? " " : "", pm_nbr_table[i].name);
        if (strlen(pm_nbr_table[i].name) == n && strncmp(pm_nbr_table[i].name, val, n) == 0)
            f->algo = &pm_nbr_table[i];
    }
    if (!f->algo)
        snprintf(msg, size, "collalg: %s=%s: unknown algorithm; valid: %s; %s stays native", f->var, val, list, name);
    else if (val[n] == ':')
        snprintf(msg, size, "collalg: %s=%s: %s takes no parameter from the environment; %s stays native", f->var, val,
                 f->algo->name, name);
    if (msg[0])
        f->algo = NULL;
}

/** @brief Reads the `COLLALG_[I]NEIGHBOR_<COLL>` variables (all native when @p off); rank @p rank
 *         prints the messages when it is 0. */
static void pm_nbr_configure(int off, int rank)
{
    char msg[512];
    int c, form;
    memset(pm_nbr_cfg, 0, sizeof pm_nbr_cfg);
    for (c = 0; c < PM_NBR_N && !off; c++)
        for (form = 0; form < PM_NBR_NFORMS; form++) {
            pm_nbr_parse_one(c, form, msg, sizeof msg);
            if (msg[0] && rank == 0)
                fprintf(stderr, "%s\n", msg);
        }
}

#if PM_NBR
/** @brief This rank's in- and out-degree on @p comm (0 when they cannot be queried): for the trace,
 *         and for the datatype arrays of the Fortran MPI_NEIGHBOR_ALLTOALLW (fortran_neighbor.c). */
static void pm_nbr_degrees(MPI_Comm comm, int *in, int *out)
{
    int status = MPI_UNDEFINED, weighted = 0, rank = 0;
    *in = *out = 0;
    PMPI_Topo_test(comm, &status);
    if (status == MPI_CART && PMPI_Cartdim_get(comm, out) == MPI_SUCCESS)
        *in = *out = 2 * *out;
    else if (status == MPI_GRAPH && PMPI_Comm_rank(comm, &rank) == MPI_SUCCESS &&
             PMPI_Graph_neighbors_count(comm, rank, out) == MPI_SUCCESS)
        *in = *out;
    else if (status == MPI_DIST_GRAPH && PMPI_Dist_graph_neighbors_count(comm, in, out, &weighted) != MPI_SUCCESS)
        *in = *out = 0;
}

/** @brief Bytes this rank sends: @p counts (NULL: @p count to every destination) elements of
 *         @p type (or of @p types[j]) to each destination; for the trace only. */
static long long pm_nbr_bytes(MPI_Comm comm, int count, const int *counts, MPI_Datatype type, const MPI_Datatype *types)
{
    long long sum = 0, b;
    int j, in, out;
    pm_nbr_degrees(comm, &in, &out);
    for (j = 0; j < out; j++) {
        b = pm_bytes(counts ? counts[j] : count, types ? types[j] : type);
        sum += b > 0 ? b : 0;
    }
    return sum;
}

/**
 * @brief What serves a call of collective @p coll in form @p form (@p routine its name, for the
 *        trace) on @p comm: NULL (the PMPI_ function) or the forced algorithm, after its trace
 *        line (@p n, the bytes sent, is evaluated by the caller for the trace only).
 */
static const pm_nbr_algo *pm_nbr_choose(int coll, int form, const char *routine, long long n, MPI_Comm comm)
{
    const pm_nbr_force *f = &pm_nbr_cfg[coll][form];
    char line[256];
    int broken = 0;
    if (!f->algo)
        return NULL;
    if ((f->algo->restrictions & COLLALG_R_ISOMORPHIC) &&
        !collalg__nbr_combining_applies(comm, coll == PM_NBR_ALLTOALL))
        broken = COLLALG_R_ISOMORPHIC;
    if (collalg__select_verbose() > 0) {
        if (broken)
            snprintf(line, sizeof line, "native (%s=%s does not apply: %s)", f->var, f->algo->name,
                     collalg_restriction_text(broken));
        else
            snprintf(line, sizeof line, "%s (forced by %s)", f->algo->name, f->var);
        collalg__select_say(routine, line, n, pm_procs(comm), comm);
    }
    return broken ? NULL : f->algo;
}

/** @cond PM_INTERNAL */
/*
 * One wrapper: `fn` (MPI_Neighbor_<coll>, MPI_Ineighbor_<coll> or the init call) with parameter
 * list `params` (names included) and argument list `args`, served as pm_nbr_choose() says by
 * `native` or by the forced algorithm's form `member`; a row with parameters gets 0 and NULL (the
 * combining algorithms' default grid). `n` (the trace's size) is evaluated only when the trace is
 * on.
 */
#define PM_NBR_WRAP(fn, native, routine, coll, form, member, n, params, args)                                      \
    int fn params                                                                                                  \
    {                                                                                                              \
        const pm_nbr_algo *a = pm_nbr_choose(coll, form, routine, collalg__select_verbose() > 0 ? (n) : -1, comm); \
        if (!a)                                                                                                    \
            return native args;                                                                                    \
        if (a->nparams)                                                                                            \
            return ((int (*)(PM_NB_UNPAREN params, int, const int *))a->member)(PM_NB_UNPAREN args, 0, NULL);      \
        return ((int(*) params)a->member)args;                                                                     \
    }
/* The three forms of one collective: its parameters without and with the request (and info). */
#define PM_NBR_FORMS(Coll, coll, n, P, A)                                                                             \
    PM_NBR_WRAP(MPI_Neighbor_##Coll, PMPI_Neighbor_##Coll, "MPI_Neighbor_" #Coll, coll, PM_NBR_BLOCKING, blocking, n, \
                (PM_NB_UNPAREN P), (PM_NB_UNPAREN A))                                                                 \
    PM_NBR_WRAP(MPI_Ineighbor_##Coll, PMPI_Ineighbor_##Coll, "MPI_Ineighbor_" #Coll, coll, PM_NBR_NONBLOCKING,        \
                nonblocking, n, (PM_NB_UNPAREN P, MPI_Request * request), (PM_NB_UNPAREN A, request))                 \
    PM_NBR_INIT(Coll, coll, n, P, A)
#if PM_PI
#define PM_NBR_INIT(Coll, coll, n, P, A)                                                                            \
    PM_NBR_WRAP(PM_PI_NAME(Neighbor_##Coll), PM_PI_NATIVE(Neighbor_##Coll), PM_PI_PREFIX "Neighbor_" #Coll "_init", \
                coll, PM_NBR_NONBLOCKING, init, n, (PM_NB_UNPAREN P, MPI_Info info, MPI_Request * request),         \
                (PM_NB_UNPAREN A, info, request))
#else
#define PM_NBR_INIT(Coll, coll, n, P, A)
#endif

#define PM_NBR_UNIFORM_P                                                                                             \
    (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, \
     MPI_Comm comm)
#define PM_NBR_UNIFORM_A (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
/** @endcond */

/* clang-format off */
PM_NBR_FORMS(allgather, PM_NBR_ALLGATHER, pm_nbr_bytes(comm, sendcount, NULL, sendtype, NULL),
             PM_NBR_UNIFORM_P, PM_NBR_UNIFORM_A)
PM_NBR_FORMS(allgatherv, PM_NBR_ALLGATHERV, pm_nbr_bytes(comm, sendcount, NULL, sendtype, NULL),
             (const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
              const int displs[], MPI_Datatype recvtype, MPI_Comm comm),
             (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm))
PM_NBR_FORMS(alltoall, PM_NBR_ALLTOALL, pm_nbr_bytes(comm, sendcount, NULL, sendtype, NULL),
             PM_NBR_UNIFORM_P, PM_NBR_UNIFORM_A)
PM_NBR_FORMS(alltoallv, PM_NBR_ALLTOALLV, pm_nbr_bytes(comm, 0, sendcounts, sendtype, NULL),
             (const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
              const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm),
             (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm))
PM_NBR_FORMS(alltoallw, PM_NBR_ALLTOALLW, pm_nbr_bytes(comm, 0, sendcounts, MPI_DATATYPE_NULL, sendtypes),
             (const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[],
              void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[],
              MPI_Comm comm),
             (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm))
/* clang-format on */
#endif /* PM_NBR */
