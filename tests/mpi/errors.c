/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * errors.c - argument errors of every family: each check of core/args.h and of the family entry
 * steps (family/gather.h, scatter.h, gatherv.h, scatterv.h, alltoallw.h, reduce.h, scan.h,
 * reduce_scatter.h; a root-only argument is checked at the root only, exscan's recvbuf not at rank
 * 0), MPI_ERR_OP for a non-commutative operation where restrictions.h says #COLLALG_R_COMMUTATIVE,
 * the parameter checks of the parameterised algorithms, and MPI_ERR_NO_MEM from a failing
 * allocator. For each case:
 *  - the returned value is the MPI error class,
 *  - the communicator's error handler was called exactly once, with that class,
 *  - nothing was written into the receive buffer.
 * The catalogue is compiled here with a test allocator (COLLALG_MALLOC) that can be told to fail.
 * Run on p >= 2 for the intercommunicator case (p = 1 skips it; so does --no-intercomm, for SimGrid
 * 3.32, which lacks MPI_Intercomm_create).
 */
#include <limits.h>
#include <mpi.h>
#include <stdlib.h>

static int fail_alloc; /* when set, the catalogue's allocator returns NULL */
static void *test_malloc(size_t n)
{
    return fail_alloc ? NULL : malloc(n);
}
#define COLLALG_MALLOC(n) test_malloc(n)
/* No small scratch in the context: every scratch buffer comes from the allocator above, so that
 * its failure paths run at the small counts of these cases. */
#define COLLALG_SMALL_SCRATCH 0

#include "catalogue.h"
#include "harness.h"

static int handler_calls, handler_last;
static void count_errors(MPI_Comm *c, int *code, ...)
{
    (void)c;
    handler_calls++;
    handler_last = *code;
}

static th_opts o;
static th_result r = {0, 0, NULL, NULL};
static MPI_Comm comm = MPI_COMM_NULL;  /* a dup of WORLD whose error handler counts */
static MPI_Comm inter = MPI_COMM_NULL; /* an intercommunicator (p >= 2) */
static int me;                         /* this rank in comm */
static int ibuf[256], obuf[256], snapshot[256];

static void arm(void)
{
    int i;
    for (i = 0; i < 256; i++)
        ibuf[i] = i, obuf[i] = -7 - i;
    memcpy(snapshot, obuf, sizeof obuf);
    handler_calls = 0;
    handler_last = MPI_SUCCESS;
}

static void expect(const char *family, const char *label, int got, int want)
{
    char text[240];
    int cls = -1;
    MPI_Error_class(handler_last, &cls);
    snprintf(text, sizeof text, "%s %s: returned %d (want %d), handler calls %d (want 1), handler class %d", family,
             label, got, want, handler_calls, cls);
    th_expect(&r, &o, text,
              got == want && handler_calls == 1 && cls == want && memcmp(obuf, snapshot, sizeof obuf) == 0);
}

/* clang-format off */
#define CASE(family, label, call, want)                                                                    \
    do {                                                                                                   \
        arm();                                                                                             \
        expect(family, label, call, want);                                                                 \
    } while (0)
/* A root-only argument in error at the root (rank p - 1) while every other rank makes an error of
 * its own in the same call (none of them may go on to a message that nobody answers): want_root
 * at the root, want_other elsewhere. */
#define ROOTED(family, label, at_root, want_root, at_other, want_other)                                    \
    CASE(family, label, me == p - 1 ? (at_root) : (at_other), me == p - 1 ? (want_root) : (want_other))
/* clang-format on */

/* Alltoall and allgather share their argument list and their checks. */
static void transport_errors(const char *f, tc_transport_fn fn)
{
    CASE(f, "comm null", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, inter), MPI_ERR_COMM);
    CASE(f, "negative sendcount", fn(ibuf, -1, MPI_INT, obuf, 1, MPI_INT, comm), MPI_ERR_COUNT);
    CASE(f, "negative recvcount", fn(ibuf, 1, MPI_INT, obuf, -1, MPI_INT, comm), MPI_ERR_COUNT);
    CASE(f, "null sendtype", fn(ibuf, 1, MPI_DATATYPE_NULL, obuf, 1, MPI_INT, comm), MPI_ERR_TYPE);
    CASE(f, "null recvtype", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_DATATYPE_NULL, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, 1, MPI_INT, obuf, 1, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, 1, MPI_INT, NULL, 1, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, 1, MPI_INT, obuf, 1, MPI_INT, comm), MPI_ERR_BUFFER);
}

static void allreduce_errors(const char *f, collalg_allreduce_fn fn)
{
    CASE(f, "comm null", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_COMM);
    CASE(f, "negative count", fn(ibuf, obuf, -1, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    CASE(f, "null datatype", fn(ibuf, obuf, 1, MPI_DATATYPE_NULL, MPI_SUM, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, NULL, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "op null", fn(ibuf, obuf, 1, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP);
}

static void bcast_errors(const char *f, collalg_bcast_fn fn, int p)
{
    CASE(f, "comm null", fn(obuf, 1, MPI_INT, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(obuf, 1, MPI_INT, 0, inter), MPI_ERR_COMM);
    CASE(f, "negative count", fn(obuf, -1, MPI_INT, 0, comm), MPI_ERR_COUNT);
    CASE(f, "null datatype", fn(obuf, 1, MPI_DATATYPE_NULL, 0, comm), MPI_ERR_TYPE);
    CASE(f, "null buffer", fn(NULL, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    CASE(f, "root -1", fn(obuf, 1, MPI_INT, -1, comm), MPI_ERR_ROOT);
    CASE(f, "root p", fn(obuf, 1, MPI_INT, p, comm), MPI_ERR_ROOT);
}

/* The rooted collectives. Everywhere: the communicator, the root, and the triple that every rank
 * passes (gather: send, scatter: receive). At the root only (ROOTED, root p - 1): the arguments
 * significant only there. The non-roots meanwhile pass a negative count with garbage for the
 * root-only arguments (NULL buffer, count 1, MPI_DATATYPE_NULL, NULL arrays): they must answer
 * MPI_ERR_COUNT, never the class that checking the garbage would give (<family>_other). */
static int gather_other(collalg_gather_fn fn, int r)
{
    return fn(ibuf, -1, MPI_INT, NULL, 1, MPI_DATATYPE_NULL, r, comm);
}

static void gather_errors(const char *f, collalg_gather_fn fn, int p)
{
    int r = p - 1;
    CASE(f, "comm null", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, inter), MPI_ERR_COMM);
    CASE(f, "root -1", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, -1, comm), MPI_ERR_ROOT);
    CASE(f, "root p", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, p, comm), MPI_ERR_ROOT);
    CASE(f, "negative sendcount", fn(ibuf, -1, MPI_INT, obuf, 1, MPI_INT, 0, comm), MPI_ERR_COUNT);
    CASE(f, "null sendtype", fn(ibuf, 1, MPI_DATATYPE_NULL, obuf, 1, MPI_INT, 0, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    ROOTED(f, "negative recvcount at the root", fn(ibuf, 1, MPI_INT, obuf, -1, MPI_INT, r, comm), MPI_ERR_COUNT,
           gather_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null recvtype at the root", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_DATATYPE_NULL, r, comm), MPI_ERR_TYPE,
           gather_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null recvbuf at the root", fn(ibuf, 1, MPI_INT, NULL, 1, MPI_INT, r, comm), MPI_ERR_BUFFER,
           gather_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "sendbuf == recvbuf at the root", fn(obuf, 1, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_BUFFER,
           gather_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "MPI_IN_PLACE at a non-root (root: negative recvcount)", fn(ibuf, 1, MPI_INT, obuf, -1, MPI_INT, r, comm),
           MPI_ERR_COUNT, fn(MPI_IN_PLACE, 1, MPI_INT, NULL, 1, MPI_DATATYPE_NULL, r, comm), MPI_ERR_BUFFER);
}

static int scatter_other(collalg_scatter_fn fn, int r)
{
    return fn(NULL, 1, MPI_DATATYPE_NULL, obuf, -1, MPI_INT, r, comm);
}

static void scatter_errors(const char *f, collalg_scatter_fn fn, int p)
{
    int r = p - 1;
    CASE(f, "comm null", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, inter), MPI_ERR_COMM);
    CASE(f, "root -1", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, -1, comm), MPI_ERR_ROOT);
    CASE(f, "root p", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, p, comm), MPI_ERR_ROOT);
    CASE(f, "negative recvcount", fn(ibuf, 1, MPI_INT, obuf, -1, MPI_INT, 0, comm), MPI_ERR_COUNT);
    CASE(f, "null recvtype", fn(ibuf, 1, MPI_INT, obuf, 1, MPI_DATATYPE_NULL, 0, comm), MPI_ERR_TYPE);
    CASE(f, "null recvbuf", fn(ibuf, 1, MPI_INT, NULL, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    ROOTED(f, "negative sendcount at the root", fn(ibuf, -1, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_COUNT,
           scatter_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null sendtype at the root", fn(ibuf, 1, MPI_DATATYPE_NULL, obuf, 1, MPI_INT, r, comm), MPI_ERR_TYPE,
           scatter_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null sendbuf at the root", fn(NULL, 1, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_BUFFER,
           scatter_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "sendbuf == recvbuf at the root", fn(obuf, 1, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_BUFFER,
           scatter_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "MPI_IN_PLACE at a non-root (root: negative sendcount)", fn(ibuf, -1, MPI_INT, obuf, 1, MPI_INT, r, comm),
           MPI_ERR_COUNT, fn(NULL, 1, MPI_DATATYPE_NULL, MPI_IN_PLACE, 1, MPI_INT, r, comm), MPI_ERR_BUFFER);
}

/* Counts and displacements of the v-collectives: all 1 (and 0 .. p-1), one negative, for p <= 64;
 * alltoallw's byte displacements and datatypes: all MPI_INT, or one MPI_DATATYPE_NULL. */
static int ones[64], displs[64], negative[64], bdispls[64], zlast[64], huge[64];
static MPI_Datatype ints[64], nulltype[64];

static void v_arrays(int p)
{
    int i;
    for (i = 0; i < 64; i++) {
        ones[i] = 1;
        displs[i] = i;
        negative[i] = i == p - 1 ? -1 : 1;
        bdispls[i] = i * (int)sizeof(int);
        ints[i] = MPI_INT;
        nulltype[i] = i == p - 1 ? MPI_DATATYPE_NULL : MPI_INT;
        zlast[i] = i == p - 1 ? 0 : 1;
        huge[i] = INT_MAX / p + 1;
    }
}

static void alltoallv_errors(const char *f, collalg_alltoallv_fn fn)
{
    const int *o1 = ones, *d = displs, *ng = negative;
    CASE(f, "comm null", fn(ibuf, o1, d, MPI_INT, obuf, o1, d, MPI_INT, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, o1, d, MPI_INT, obuf, o1, d, MPI_INT, inter), MPI_ERR_COMM);
    CASE(f, "negative sendcount", fn(ibuf, ng, d, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_COUNT);
    CASE(f, "negative recvcount", fn(ibuf, o1, d, MPI_INT, obuf, ng, d, MPI_INT, comm), MPI_ERR_COUNT);
    CASE(f, "null sendtype", fn(ibuf, o1, d, MPI_DATATYPE_NULL, obuf, o1, d, MPI_INT, comm), MPI_ERR_TYPE);
    CASE(f, "null recvtype", fn(ibuf, o1, d, MPI_INT, obuf, o1, d, MPI_DATATYPE_NULL, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, o1, d, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, o1, d, MPI_INT, NULL, o1, d, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, o1, d, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "null sendcounts", fn(ibuf, NULL, d, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_ARG);
    CASE(f, "null sdispls", fn(ibuf, o1, NULL, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_ARG);
    CASE(f, "null recvcounts", fn(ibuf, o1, d, MPI_INT, obuf, NULL, d, MPI_INT, comm), MPI_ERR_ARG);
    CASE(f, "null rdispls", fn(ibuf, o1, d, MPI_INT, obuf, o1, NULL, MPI_INT, comm), MPI_ERR_ARG);
}

static void allgatherv_errors(const char *f, collalg_allgatherv_fn fn)
{
    const int *o1 = ones, *d = displs, *ng = negative;
    CASE(f, "comm null", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_INT, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_INT, inter), MPI_ERR_COMM);
    CASE(f, "negative sendcount", fn(ibuf, -1, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_COUNT);
    CASE(f, "negative recvcount", fn(ibuf, 1, MPI_INT, obuf, ng, d, MPI_INT, comm), MPI_ERR_COUNT);
    CASE(f, "null sendtype", fn(ibuf, 1, MPI_DATATYPE_NULL, obuf, o1, d, MPI_INT, comm), MPI_ERR_TYPE);
    CASE(f, "null recvtype", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_DATATYPE_NULL, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, 1, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, 1, MPI_INT, NULL, o1, d, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, 1, MPI_INT, obuf, o1, d, MPI_INT, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvcounts", fn(ibuf, 1, MPI_INT, obuf, NULL, d, MPI_INT, comm), MPI_ERR_ARG);
    CASE(f, "null displs", fn(ibuf, 1, MPI_INT, obuf, o1, NULL, MPI_INT, comm), MPI_ERR_ARG);
}

static int gatherv_other(collalg_gatherv_fn fn, int r)
{
    return fn(ibuf, -1, MPI_INT, NULL, NULL, NULL, MPI_DATATYPE_NULL, r, comm);
}

static void gatherv_errors(const char *f, collalg_gatherv_fn fn, int p)
{
    const int *o1 = ones, *d = displs, *ng = negative;
    int r = p - 1;
    CASE(f, "comm null", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_INT, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_INT, 0, inter), MPI_ERR_COMM);
    CASE(f, "root -1", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_INT, -1, comm), MPI_ERR_ROOT);
    CASE(f, "root p", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_INT, p, comm), MPI_ERR_ROOT);
    CASE(f, "negative sendcount", fn(ibuf, -1, MPI_INT, obuf, o1, d, MPI_INT, 0, comm), MPI_ERR_COUNT);
    CASE(f, "null sendtype", fn(ibuf, 1, MPI_DATATYPE_NULL, obuf, o1, d, MPI_INT, 0, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, 1, MPI_INT, obuf, o1, d, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    ROOTED(f, "null recvcounts at the root", fn(ibuf, 1, MPI_INT, obuf, NULL, d, MPI_INT, r, comm), MPI_ERR_ARG,
           gatherv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null displs at the root", fn(ibuf, 1, MPI_INT, obuf, o1, NULL, MPI_INT, r, comm), MPI_ERR_ARG,
           gatherv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "negative recvcount at the root", fn(ibuf, 1, MPI_INT, obuf, ng, d, MPI_INT, r, comm), MPI_ERR_COUNT,
           gatherv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null recvtype at the root", fn(ibuf, 1, MPI_INT, obuf, o1, d, MPI_DATATYPE_NULL, r, comm), MPI_ERR_TYPE,
           gatherv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null recvbuf at the root", fn(ibuf, 1, MPI_INT, NULL, o1, d, MPI_INT, r, comm), MPI_ERR_BUFFER,
           gatherv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "sendbuf == recvbuf at the root", fn(obuf, 1, MPI_INT, obuf, o1, d, MPI_INT, r, comm), MPI_ERR_BUFFER,
           gatherv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "MPI_IN_PLACE at a non-root (root: negative recvcount)",
           fn(ibuf, 1, MPI_INT, obuf, ng, d, MPI_INT, r, comm), MPI_ERR_COUNT,
           fn(MPI_IN_PLACE, 1, MPI_INT, NULL, NULL, NULL, MPI_DATATYPE_NULL, r, comm), MPI_ERR_BUFFER);
}

static int scatterv_other(collalg_scatterv_fn fn, int r)
{
    return fn(NULL, NULL, NULL, MPI_DATATYPE_NULL, obuf, -1, MPI_INT, r, comm);
}

static void scatterv_errors(const char *f, collalg_scatterv_fn fn, int p)
{
    const int *o1 = ones, *d = displs, *ng = negative;
    int r = p - 1;
    CASE(f, "comm null", fn(ibuf, o1, d, MPI_INT, obuf, 1, MPI_INT, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, o1, d, MPI_INT, obuf, 1, MPI_INT, 0, inter), MPI_ERR_COMM);
    CASE(f, "root -1", fn(ibuf, o1, d, MPI_INT, obuf, 1, MPI_INT, -1, comm), MPI_ERR_ROOT);
    CASE(f, "root p", fn(ibuf, o1, d, MPI_INT, obuf, 1, MPI_INT, p, comm), MPI_ERR_ROOT);
    CASE(f, "negative recvcount", fn(ibuf, o1, d, MPI_INT, obuf, -1, MPI_INT, 0, comm), MPI_ERR_COUNT);
    CASE(f, "null recvtype", fn(ibuf, o1, d, MPI_INT, obuf, 1, MPI_DATATYPE_NULL, 0, comm), MPI_ERR_TYPE);
    CASE(f, "null recvbuf", fn(ibuf, o1, d, MPI_INT, NULL, 1, MPI_INT, 0, comm), MPI_ERR_BUFFER);
    ROOTED(f, "null sendcounts at the root", fn(ibuf, NULL, d, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_ARG,
           scatterv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null displs at the root", fn(ibuf, o1, NULL, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_ARG,
           scatterv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "negative sendcount at the root", fn(ibuf, ng, d, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_COUNT,
           scatterv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null sendtype at the root", fn(ibuf, o1, d, MPI_DATATYPE_NULL, obuf, 1, MPI_INT, r, comm), MPI_ERR_TYPE,
           scatterv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "null sendbuf at the root", fn(NULL, o1, d, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_BUFFER,
           scatterv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "sendbuf == recvbuf at the root", fn(obuf, o1, d, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_BUFFER,
           scatterv_other(fn, r), MPI_ERR_COUNT);
    ROOTED(f, "MPI_IN_PLACE at a non-root (root: negative sendcount)",
           fn(ibuf, ng, d, MPI_INT, obuf, 1, MPI_INT, r, comm), MPI_ERR_COUNT,
           fn(NULL, NULL, NULL, MPI_DATATYPE_NULL, MPI_IN_PLACE, 1, MPI_INT, r, comm), MPI_ERR_BUFFER);
}

/* Alltoallw: a datatype per peer and byte displacements; every argument matters everywhere. */
static void alltoallw_errors(const char *f, collalg_alltoallw_fn fn)
{
    const int *o1 = ones, *d = bdispls, *ng = negative;
    const MPI_Datatype *t = ints, *nt = nulltype;
    CASE(f, "comm null", fn(ibuf, o1, d, t, obuf, o1, d, t, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, o1, d, t, obuf, o1, d, t, inter), MPI_ERR_COMM);
    CASE(f, "negative sendcount", fn(ibuf, ng, d, t, obuf, o1, d, t, comm), MPI_ERR_COUNT);
    CASE(f, "negative recvcount", fn(ibuf, o1, d, t, obuf, ng, d, t, comm), MPI_ERR_COUNT);
    CASE(f, "null sendtype, count 1", fn(ibuf, o1, d, nt, obuf, o1, d, t, comm), MPI_ERR_TYPE);
    CASE(f, "null recvtype, count 1", fn(ibuf, o1, d, t, obuf, o1, d, nt, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, o1, d, t, obuf, o1, d, t, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, o1, d, t, NULL, o1, d, t, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, o1, d, t, obuf, o1, d, t, comm), MPI_ERR_BUFFER);
    CASE(f, "null sendcounts", fn(ibuf, NULL, d, t, obuf, o1, d, t, comm), MPI_ERR_ARG);
    CASE(f, "null sdispls", fn(ibuf, o1, NULL, t, obuf, o1, d, t, comm), MPI_ERR_ARG);
    CASE(f, "null sendtypes", fn(ibuf, o1, d, NULL, obuf, o1, d, t, comm), MPI_ERR_ARG);
    CASE(f, "null recvcounts", fn(ibuf, o1, d, t, obuf, NULL, d, t, comm), MPI_ERR_ARG);
    CASE(f, "null rdispls", fn(ibuf, o1, d, t, obuf, o1, NULL, t, comm), MPI_ERR_ARG);
    CASE(f, "null recvtypes", fn(ibuf, o1, d, t, obuf, o1, d, NULL, comm), MPI_ERR_ARG);
}

/* Reduce. Everywhere: the communicator, the root, the op and the send triple (count and datatype
 * describe recvbuf too). At the root only (ROOTED, root p - 1): recvbuf (NULL, aliased with
 * sendbuf, also under MPI_IN_PLACE). The other ranks meanwhile pass a NULL recvbuf (or one aliased
 * with sendbuf) and MPI_OP_NULL, which is checked after the buffers (family/reduce.h): they must
 * answer MPI_ERR_OP, never the MPI_ERR_BUFFER that checking recvbuf there would give. */
static int reduce_other(collalg_reduce_fn fn, void *recvbuf, int r)
{
    return fn(recvbuf == NULL ? ibuf : recvbuf, recvbuf, 1, MPI_INT, MPI_OP_NULL, r, comm);
}

/* Reduce, scan, exscan, reduce_scatter and reduce_scatter_block take a non-commutative operation
 * (created in main) to check the commutative-only algorithms. */
static MPI_Op noncommutative = MPI_OP_NULL;
static void first_op(void *in, void *inout, int *len, MPI_Datatype *type) /* in op inout = in */
{
    (void)type;
    memcpy(inout, in, sizeof(int) * (size_t)*len);
}

/* What every reduction family checks the same way: the algorithm is listed in restrictions.h, and a
 * #COLLALG_R_COMMUTATIVE one returns MPI_ERR_OP for a non-commutative operation (call: the
 * algorithm with a valid call whose op is `noncommutative`). */
#define RESTRICTED(f, call)                                                     \
    do {                                                                        \
        int r_ = tc_restrictions(f);                                            \
        char what_[200];                                                        \
        snprintf(what_, sizeof what_, "%s: listed in restrictions.h", f);       \
        th_expect(&r, &o, what_, r_ >= 0);                                      \
        if (r_ > 0 && (r_ & COLLALG_R_COMMUTATIVE))                             \
            CASE(f, "non-commutative op (commutative only)", call, MPI_ERR_OP); \
    } while (0)

static void reduce_errors(const char *f, collalg_reduce_fn fn, int p)
{
    int last = p - 1;
    CASE(f, "comm null", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, inter), MPI_ERR_COMM);
    CASE(f, "root -1", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, -1, comm), MPI_ERR_ROOT);
    CASE(f, "root p", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, p, comm), MPI_ERR_ROOT);
    CASE(f, "negative count", fn(ibuf, obuf, -1, MPI_INT, MPI_SUM, 0, comm), MPI_ERR_COUNT);
    CASE(f, "null datatype", fn(ibuf, obuf, 1, MPI_DATATYPE_NULL, MPI_SUM, 0, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, obuf, 1, MPI_INT, MPI_SUM, 0, comm), MPI_ERR_BUFFER);
    CASE(f, "op null", fn(ibuf, obuf, 1, MPI_INT, MPI_OP_NULL, 0, comm), MPI_ERR_OP);
    ROOTED(f, "null recvbuf at the root", fn(ibuf, NULL, 1, MPI_INT, MPI_SUM, last, comm), MPI_ERR_BUFFER,
           reduce_other(fn, NULL, last), MPI_ERR_OP);
    ROOTED(f, "sendbuf == recvbuf at the root", fn(obuf, obuf, 1, MPI_INT, MPI_SUM, last, comm), MPI_ERR_BUFFER,
           reduce_other(fn, obuf, last), MPI_ERR_OP);
    ROOTED(f, "null recvbuf at the root, in place", fn(MPI_IN_PLACE, NULL, 1, MPI_INT, MPI_SUM, last, comm),
           MPI_ERR_BUFFER, reduce_other(fn, NULL, last), MPI_ERR_OP);
    ROOTED(f, "MPI_IN_PLACE at a non-root (root: in place, op null)",
           fn(MPI_IN_PLACE, obuf, 1, MPI_INT, MPI_OP_NULL, last, comm), MPI_ERR_OP,
           fn(MPI_IN_PLACE, NULL, 1, MPI_INT, MPI_SUM, last, comm), MPI_ERR_BUFFER);
    RESTRICTED(f, fn(ibuf, obuf, 1, MPI_INT, noncommutative, 0, comm));
}

/* As ROOTED, with the special rank 0 (exscan's rank 0, whose recvbuf is not significant). */
#define AT_RANK0(family, label, at0, want0, at_other, want_other) \
    CASE(family, label, me == 0 ? (at0) : (at_other), me == 0 ? (want0) : (want_other))

/* Scan and exscan (family/scan.h): every argument matters on every rank, except exscan's recvbuf at
 * rank 0 (not significant unless MPI_IN_PLACE): there a NULL recvbuf, or one aliased with sendbuf,
 * passes the buffer checks, and rank 0 makes its own error (MPI_OP_NULL) in those cases. */
static void scan_errors(const char *f, collalg_scan_fn fn, int exclusive)
{
    CASE(f, "comm null", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_COMM);
    CASE(f, "negative count", fn(ibuf, obuf, -1, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    CASE(f, "null datatype", fn(ibuf, obuf, 1, MPI_DATATYPE_NULL, MPI_SUM, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "op null", fn(ibuf, obuf, 1, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP);
    CASE(f, "null recvbuf, in place", fn(MPI_IN_PLACE, NULL, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    if (!exclusive) {
        CASE(f, "null recvbuf", fn(ibuf, NULL, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
        CASE(f, "sendbuf == recvbuf", fn(obuf, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    } else {
        AT_RANK0(f, "null recvbuf at ranks > 0 (rank 0: not significant, op null)",
                 fn(ibuf, NULL, 1, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP, fn(ibuf, NULL, 1, MPI_INT, MPI_SUM, comm),
                 MPI_ERR_BUFFER);
        AT_RANK0(f, "sendbuf == recvbuf at ranks > 0 (rank 0: op null)", fn(ibuf, obuf, 1, MPI_INT, MPI_OP_NULL, comm),
                 MPI_ERR_OP, fn(obuf, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    }
    RESTRICTED(f, fn(ibuf, obuf, 1, MPI_INT, noncommutative, comm));
}

/* Reduce_scatter_block (family/reduce_scatter.h): every argument matters on every rank; sendbuf
 * holds p * recvcount elements. An int_total algorithm (catalogue.h) refuses p * recvcount >
 * INT_MAX with MPI_ERR_COUNT before touching a buffer (p >= 2: recvcount INT_MAX / p + 1). */
static void reduce_scatter_block_errors(const char *f, collalg_reduce_scatter_block_fn fn, int int_total, int p)
{
    CASE(f, "comm null", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, obuf, 1, MPI_INT, MPI_SUM, inter), MPI_ERR_COMM);
    CASE(f, "negative recvcount", fn(ibuf, obuf, -1, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    CASE(f, "null datatype", fn(ibuf, obuf, 1, MPI_DATATYPE_NULL, MPI_SUM, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, NULL, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf, in place", fn(MPI_IN_PLACE, NULL, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "op null", fn(ibuf, obuf, 1, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP);
    if (int_total && p > 1)
        CASE(f, "p * recvcount > INT_MAX", fn(ibuf, obuf, INT_MAX / p + 1, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    RESTRICTED(f, fn(ibuf, obuf, 1, MPI_INT, noncommutative, comm));
}

/* Reduce_scatter: as reduce_scatter_block with recvcounts (ones: 1 each; negative: -1 at p - 1;
 * zlast: 0 at p - 1; huge: INT_MAX / p + 1 each, whose sum exceeds INT_MAX for p >= 2). A NULL
 * recvbuf is valid where the rank's own count is 0 (rank p - 1 with zlast; it then makes its own
 * error, MPI_OP_NULL). */
static void reduce_scatter_errors(const char *f, collalg_reduce_scatter_fn fn, int int_total, int p)
{
    const int *o1 = ones, *ng = negative;
    CASE(f, "comm null", fn(ibuf, obuf, o1, MPI_INT, MPI_SUM, MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(ibuf, obuf, o1, MPI_INT, MPI_SUM, inter), MPI_ERR_COMM);
    CASE(f, "null recvcounts", fn(ibuf, obuf, NULL, MPI_INT, MPI_SUM, comm), MPI_ERR_ARG);
    CASE(f, "negative recvcount", fn(ibuf, obuf, ng, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    CASE(f, "null datatype", fn(ibuf, obuf, o1, MPI_DATATYPE_NULL, MPI_SUM, comm), MPI_ERR_TYPE);
    CASE(f, "null sendbuf", fn(NULL, obuf, o1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf", fn(ibuf, NULL, o1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "null recvbuf, in place", fn(MPI_IN_PLACE, NULL, o1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "sendbuf == recvbuf", fn(obuf, obuf, o1, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    CASE(f, "op null", fn(ibuf, obuf, o1, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP);
    ROOTED(f, "null recvbuf, own count 0 (there: op null)", fn(ibuf, NULL, zlast, MPI_INT, MPI_OP_NULL, comm),
           MPI_ERR_OP, fn(ibuf, NULL, zlast, MPI_INT, MPI_SUM, comm), MPI_ERR_BUFFER);
    if (int_total && p > 1)
        CASE(f, "sum of recvcounts > INT_MAX", fn(ibuf, obuf, huge, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT);
    RESTRICTED(f, fn(ibuf, obuf, o1, MPI_INT, noncommutative, comm));
}

static void barrier_errors(const char *f, collalg_barrier_fn fn)
{
    CASE(f, "comm null", fn(MPI_COMM_NULL), MPI_ERR_COMM);
    if (inter != MPI_COMM_NULL)
        CASE(f, "intercommunicator", fn(inter), MPI_ERR_COMM);
}

/* Parameters outside their range: MPI_ERR_ARG, before any message. */
static void parameter_errors(int p)
{
    int maxb = p > 2 ? p - 2 : 0, maxpb = collalg__pair_nsteps(p) - 1;
    CASE("alltoall", "ring_n_mpi_barriers N=-1",
         collalg_alltoall_ring_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("allgather", "ring_n_mpi_barriers N=-1",
         collalg_allgather_ring_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("alltoall", "pair_n_mpi_barriers N=-1",
         collalg_alltoall_pair_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("allgather", "pair_n_mpi_barriers N=-1",
         collalg_allgather_pair_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1), MPI_ERR_ARG);
    if (maxb > 0) {
        CASE("alltoall", "ring_n_mpi_barriers N=p-1",
             collalg_alltoall_ring_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, maxb + 1), MPI_ERR_ARG);
        CASE("allgather", "ring_n_mpi_barriers N=p-1",
             collalg_allgather_ring_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, maxb + 1), MPI_ERR_ARG);
    }
    if (maxpb > 0) {
        CASE("alltoall", "pair_n_mpi_barriers N=steps",
             collalg_alltoall_pair_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, maxpb + 1), MPI_ERR_ARG);
        CASE("allgather", "pair_n_mpi_barriers N=steps",
             collalg_allgather_pair_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, maxpb + 1), MPI_ERR_ARG);
    }
    CASE("allreduce", "pipelined_full_lane segsize=-1",
         collalg_allreduce_pipelined_full_lane(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, -1), MPI_ERR_ARG);
    CASE("allreduce", "han segsize=-1", collalg_allreduce_han(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, -1, NULL),
         MPI_ERR_ARG);
    CASE("allreduce", "two_stage block=-1", collalg_allreduce_two_stage(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, -1),
         MPI_ERR_ARG);
    CASE("bcast", "chain segsize=-1", collalg_bcast_chain(obuf, 1, MPI_INT, 0, comm, -1), MPI_ERR_ARG);
    CASE("bcast", "binary_tree segsize=-1", collalg_bcast_binary_tree(obuf, 1, MPI_INT, 0, comm, -1), MPI_ERR_ARG);
    CASE("bcast", "pipelined_scatter_allgather segsize=-1",
         collalg_bcast_pipelined_scatter_allgather(obuf, 1, MPI_INT, 0, comm, -1), MPI_ERR_ARG);
    CASE("bcast", "hierarchical segsize=-1", collalg_bcast_hierarchical(obuf, 1, MPI_INT, 0, comm, -1), MPI_ERR_ARG);
    CASE("bcast", "han segsize=-1", collalg_bcast_han(obuf, 1, MPI_INT, 0, comm, -1, NULL, NULL), MPI_ERR_ARG);
    CASE("alltoallv", "ring_n_mpi_barriers N=-1",
         collalg_alltoallv_ring_n_mpi_barriers(ibuf, ones, displs, MPI_INT, obuf, ones, displs, MPI_INT, comm, -1),
         MPI_ERR_ARG);
    CASE("alltoallv", "pair_n_mpi_barriers N=-1",
         collalg_alltoallv_pair_n_mpi_barriers(ibuf, ones, displs, MPI_INT, obuf, ones, displs, MPI_INT, comm, -1),
         MPI_ERR_ARG);
    CASE("allgatherv", "ring_n_mpi_barriers N=-1",
         collalg_allgatherv_ring_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, ones, displs, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("allgatherv", "pair_n_mpi_barriers N=-1",
         collalg_allgatherv_pair_n_mpi_barriers(ibuf, 1, MPI_INT, obuf, ones, displs, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("barrier", "mcs fanin=-1", collalg_barrier_mcs(comm, -1, 0), MPI_ERR_ARG);
    CASE("barrier", "mcs fanout=-1", collalg_barrier_mcs(comm, 0, -1), MPI_ERR_ARG);
    CASE("barrier", "js group=-1", collalg_barrier_js(comm, -1), MPI_ERR_ARG);
    CASE("barrier", "k_dissemination radix=-1", collalg_barrier_k_dissemination(comm, -1), MPI_ERR_ARG);
    CASE("barrier", "k_dissemination radix=1", collalg_barrier_k_dissemination(comm, 1), MPI_ERR_ARG);
    CASE("allgather", "k_bruck radix=-1", collalg_allgather_k_bruck(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1),
         MPI_ERR_ARG);
    CASE("allgather", "k_bruck radix=1", collalg_allgather_k_bruck(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, 1),
         MPI_ERR_ARG);
    CASE("alltoall", "k_bruck radix=-1", collalg_alltoall_k_bruck(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1),
         MPI_ERR_ARG);
    CASE("alltoall", "k_bruck radix=1", collalg_alltoall_k_bruck(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, 1),
         MPI_ERR_ARG);
    CASE("allreduce", "recursive_multiplying radix=-1",
         collalg_allreduce_recursive_multiplying(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, -1), MPI_ERR_ARG);
    CASE("allreduce", "recursive_multiplying radix=1",
         collalg_allreduce_recursive_multiplying(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, 1), MPI_ERR_ARG);
    CASE("bcast", "csm program \"X9\"", collalg_bcast_csm(obuf, 1, MPI_INT, 0, comm, "X9"), MPI_ERR_ARG);
    CASE("gather", "knomial radix=-1", collalg_gather_knomial(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm, -1),
         MPI_ERR_ARG);
    CASE("gather", "knomial radix=1", collalg_gather_knomial(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm, 1),
         MPI_ERR_ARG);
    CASE("gather", "linear_sync first_segment=-1",
         collalg_gather_linear_sync(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm, -1), MPI_ERR_ARG);
    CASE("scatter", "knomial radix=-1", collalg_scatter_knomial(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm, -1),
         MPI_ERR_ARG);
    CASE("scatter", "knomial radix=1", collalg_scatter_knomial(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm, 1),
         MPI_ERR_ARG);
    CASE("scatter", "linear_nb max_requests=-1",
         collalg_scatter_linear_nb(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, 0, comm, -1), MPI_ERR_ARG);
    CASE("alltoall", "scattered max_requests=-1",
         collalg_alltoall_scattered(ibuf, 1, MPI_INT, obuf, 1, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("alltoallv", "scattered max_requests=-1",
         collalg_alltoallv_scattered(ibuf, ones, displs, MPI_INT, obuf, ones, displs, MPI_INT, comm, -1), MPI_ERR_ARG);
    CASE("alltoallw", "scattered max_requests=-1",
         collalg_alltoallw_scattered(ibuf, ones, bdispls, ints, obuf, ones, bdispls, ints, comm, -1), MPI_ERR_ARG);
    CASE("reduce", "in_order_binary segsize=-1",
         collalg_reduce_in_order_binary(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, -1), MPI_ERR_ARG);
    CASE("reduce", "binary_tree segsize=-1", collalg_reduce_binary_tree(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, -1),
         MPI_ERR_ARG);
    CASE("reduce", "chain fanout=-1", collalg_reduce_chain(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, -1, 0),
         MPI_ERR_ARG);
    CASE("reduce", "chain segsize=-1", collalg_reduce_chain(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, 0, -1),
         MPI_ERR_ARG);
    CASE("reduce", "pipeline segsize=-1", collalg_reduce_pipeline(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, -1),
         MPI_ERR_ARG);
    CASE("reduce", "knomial radix=-1", collalg_reduce_knomial(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, -1, 0),
         MPI_ERR_ARG);
    CASE("reduce", "knomial radix=1", collalg_reduce_knomial(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, 1, 0),
         MPI_ERR_ARG);
    CASE("reduce", "knomial segsize=-1", collalg_reduce_knomial(ibuf, obuf, 1, MPI_INT, MPI_SUM, 0, comm, 0, -1),
         MPI_ERR_ARG);
    CASE("scan", "linear segsize=-1", collalg_scan_linear(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, -1), MPI_ERR_ARG);
    CASE("exscan", "linear segsize=-1", collalg_exscan_linear(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm, -1), MPI_ERR_ARG);
}

/* With MPI_ERRORS_RETURN the class comes back and nothing else happens (SimGrid 3.32 crashed when
 * MPI_Comm_call_errhandler was called for MPI_ERRORS_RETURN; the catalogue no longer calls it). */
static void errors_return(void)
{
    MPI_Comm quiet;
    int got, i;
    char text[160];
    MPI_Comm_dup(MPI_COMM_WORLD, &quiet);
    MPI_Comm_set_errhandler(quiet, MPI_ERRORS_RETURN);
    for (i = 0; i < 256; i++)
        obuf[i] = -7 - i;
    memcpy(snapshot, obuf, sizeof obuf);
    got = collalg_alltoall_pair(ibuf, -1, MPI_INT, obuf, 1, MPI_INT, quiet);
    snprintf(text, sizeof text, "MPI_ERRORS_RETURN: returned %d (want MPI_ERR_COUNT)", got);
    th_expect(&r, &o, text, got == MPI_ERR_COUNT && memcmp(obuf, snapshot, sizeof obuf) == 0);
    got = collalg_bcast_binomial(obuf, 1, MPI_INT, -5, quiet);
    snprintf(text, sizeof text, "MPI_ERRORS_RETURN: returned %d (want MPI_ERR_ROOT)", got);
    th_expect(&r, &o, text, got == MPI_ERR_ROOT);
    MPI_Comm_free(&quiet);
}

/* A failing allocator, p >= 2: the algorithms that allocate scratch on every rank before their first
 * message and before writing recvbuf report MPI_ERR_NO_MEM (the others could leave a peer's message
 * unanswered: scan binary_tree and the linear pipelines allocate on some ranks only, reduce_scatterv
 * at its root only). */
static void reduction_memory_errors(void)
{
    const char *label = "allocator fails";
    CASE("scan recursive_doubling", label, collalg_scan_recursive_doubling(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm),
         MPI_ERR_NO_MEM);
    CASE("exscan recursive_doubling", label, collalg_exscan_recursive_doubling(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm),
         MPI_ERR_NO_MEM);
    CASE("exscan binary_tree", label, collalg_exscan_binary_tree(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm),
         MPI_ERR_NO_MEM);
    CASE("reduce_scatter pairwise", label, collalg_reduce_scatter_pairwise(ibuf, obuf, ones, MPI_INT, MPI_SUM, comm),
         MPI_ERR_NO_MEM);
    CASE("reduce_scatter ring", label, collalg_reduce_scatter_ring(ibuf, obuf, ones, MPI_INT, MPI_SUM, comm),
         MPI_ERR_NO_MEM);
    CASE("reduce_scatter recursive_halving", label,
         collalg_reduce_scatter_recursive_halving(ibuf, obuf, ones, MPI_INT, MPI_SUM, comm), MPI_ERR_NO_MEM);
    CASE("reduce_scatter recursive_doubling", label,
         collalg_reduce_scatter_recursive_doubling(ibuf, obuf, ones, MPI_INT, MPI_SUM, comm), MPI_ERR_NO_MEM);
    CASE("reduce_scatter_block pairwise", "in place, allocator fails",
         collalg_reduce_scatter_block_pairwise(MPI_IN_PLACE, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_NO_MEM);
    CASE("reduce_scatter_block ring", label, collalg_reduce_scatter_block_ring(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm),
         MPI_ERR_NO_MEM);
    CASE("reduce_scatter_block recursive_halving", label,
         collalg_reduce_scatter_block_recursive_halving(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_NO_MEM);
    CASE("reduce_scatter_block recursive_doubling", label,
         collalg_reduce_scatter_block_recursive_doubling(ibuf, obuf, 1, MPI_INT, MPI_SUM, comm), MPI_ERR_NO_MEM);
}

/* A failing allocator: the in-place alltoall (alltoallv, alltoallw ring) must stage recvbuf, so it
 * reports MPI_ERR_NO_MEM. */
static void memory_errors(int p)
{
    int n = 256 / p;
    fail_alloc = 1;
    CASE("alltoall", "in place, allocator fails",
         collalg_alltoall_ring(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, obuf, n, MPI_INT, comm), MPI_ERR_NO_MEM);
    CASE("alltoallv", "in place, allocator fails",
         collalg_alltoallv_ring(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, obuf, ones, displs, MPI_INT, comm),
         MPI_ERR_NO_MEM);
    CASE("alltoallw", "in place, allocator fails",
         collalg_alltoallw_ring(MPI_IN_PLACE, NULL, NULL, NULL, obuf, ones, bdispls, ints, comm), MPI_ERR_NO_MEM);
    if (p > 1)
        reduction_memory_errors();
    fail_alloc = 0;
}

int main(int argc, char **argv)
{
    MPI_Errhandler eh;
    int p, rank, i, status, nointer = 0;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    me = rank;
    MPI_Comm_create_errhandler(count_errors, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh); /* errors on MPI_COMM_NULL are reported here */
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_set_errhandler(comm, eh);
    for (i = 1; i < argc; i++)
        if (strcmp(argv[i], "--no-intercomm") == 0)
            nointer = 1;
    if (p >= 2 && !nointer) {
        MPI_Comm half;
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 99, &inter);
        MPI_Comm_set_errhandler(inter, eh);
        MPI_Comm_free(&half);
    }

    TC_EACH (alltoall, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            transport_errors(tc_catalogue[i].name, TC_FN(alltoall, i));
    TC_EACH (allgather, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            transport_errors(tc_catalogue[i].name, TC_FN(allgather, i));
    TC_EACH (allreduce, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            allreduce_errors(tc_catalogue[i].name, TC_FN(allreduce, i));
    TC_EACH (bcast, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            bcast_errors(tc_catalogue[i].name, TC_FN(bcast, i), p);
    v_arrays(p);
    TC_EACH (alltoallv, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            alltoallv_errors(tc_catalogue[i].name, TC_FN(alltoallv, i));
    TC_EACH (allgatherv, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            allgatherv_errors(tc_catalogue[i].name, TC_FN(allgatherv, i));
    TC_EACH (barrier, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            barrier_errors(tc_catalogue[i].name, TC_FN(barrier, i));
    TC_EACH (gather, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            gather_errors(tc_catalogue[i].name, TC_FN(gather, i), p);
    TC_EACH (scatter, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            scatter_errors(tc_catalogue[i].name, TC_FN(scatter, i), p);
    TC_EACH (gatherv, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            gatherv_errors(tc_catalogue[i].name, TC_FN(gatherv, i), p);
    TC_EACH (scatterv, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            scatterv_errors(tc_catalogue[i].name, TC_FN(scatterv, i), p);
    TC_EACH (alltoallw, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            alltoallw_errors(tc_catalogue[i].name, TC_FN(alltoallw, i));
    TC_EACH (reduce, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            reduce_errors(tc_catalogue[i].name, TC_FN(reduce, i), p);
    MPI_Op_create(first_op, 0, &noncommutative);
    TC_EACH (scan, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            scan_errors(tc_catalogue[i].name, TC_FN(scan, i), 0);
    TC_EACH (exscan, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            scan_errors(tc_catalogue[i].name, TC_FN(exscan, i), 1);
    TC_EACH (reduce_scatter_block, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            reduce_scatter_block_errors(tc_catalogue[i].name, TC_FN(reduce_scatter_block, i), tc_int_total(i), p);
    TC_EACH (reduce_scatter, i)
        if (th_want_algo(&o, tc_catalogue[i].name))
            reduce_scatter_errors(tc_catalogue[i].name, TC_FN(reduce_scatter, i), tc_int_total(i), p);
    parameter_errors(p);
    memory_errors(p);
    errors_return();

    MPI_Op_free(&noncommutative);
    if (inter != MPI_COMM_NULL)
        MPI_Comm_free(&inter);
    MPI_Comm_free(&comm);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&eh);
    status = th_finish(&r, "errors");
    MPI_Finalize();
    return status;
}
