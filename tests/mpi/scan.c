/*
 * scan.c - every catalogue scan algorithm against MPI_Scan (and, built through exscan.c with
 * SC_EXCLUSIVE = 1, every exscan algorithm against MPI_Exscan). See harness.h for the options
 * and the output.
 *
 * As in reduce.c, the program builds its own (datatype, op) cases, selected with --types by name:
 *   int-sum       MPI_INT, MPI_SUM
 *   double-sum    MPI_DOUBLE, MPI_SUM on multiples of 1/8 in [-125, 125]: every partial sum is
 *                 exact, so any association order gives the same bits
 *   dint-minloc   MPI_DOUBLE_INT, MPI_MINLOC, values with ties (the lowest rank wins)
 *   int2-user     MPI_Type_contiguous(2, MPI_INT), user commutative op (a + b) mod 1000003
 *   vec-user      MPI_Type_vector(2, 1, 2, MPI_INT) (a gap inside each element), the same user op
 *                 on the two ints of each element (the gaps must stay untouched)
 *   mat-noncomm   MPI_Type_contiguous(4, MPI_INT) holding 2x2 matrices, user NON-commutative op:
 *                 matrix product mod 10007
 * References: for the predefined ops, the native collective on the same inputs. For the user ops
 * each rank computes its prefix with MPI_Reduce_local in rank order over the inputs of ranks
 * 0 .. rank (exscan: 0 .. rank-1), which every rank can regenerate: SimGrid's native scan is not
 * trusted for user ops on derived types nor for non-commutative ops. Outside SimGrid the native
 * collective is also run on those cases and checked against that reference.
 * Every rank's whole receive buffer plus a 16-byte guard is compared byte for byte, and its send
 * buffer must be unchanged. Exscan: rank 0's receive buffer must be left exactly as it was (its
 * 0x5A bytes, or its input with MPI_IN_PLACE); the native result there is not looked at.
 *
 * Every case runs out of place and (unless --no-inplace) with MPI_IN_PLACE on every rank.
 * --counts as harness.h ("big": a vector over 64 KiB, two default segments of the linear
 * pipeline). The linear pipeline runs with the default segment size and with a small one (an
 * eighth of the vector: several segments). Also checked: a negative segment size (MPI_ERR_ARG)
 * and MPI_OP_NULL (MPI_ERR_OP) are rejected before any message, the receive buffer untouched.
 */
#ifndef SC_EXCLUSIVE
#define SC_EXCLUSIVE 0
#endif

#if SC_EXCLUSIVE
#include <collalg/exscan.h>
#define SC_NAME "exscan"
#define SC_NATIVE MPI_Exscan
#define SC_FN(name) collalg_exscan_##name
#else
#include <collalg/scan.h>
#define SC_NAME "scan"
#define SC_NATIVE MPI_Scan
#define SC_FN(name) collalg_scan_##name
#endif
#include "harness.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the MPI_Scan arguments plus one parameter. */
typedef int (*sc_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, int);

static int run_linear(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    return SC_FN(linear)(sb, rb, n, t, op, cm, seg);
}

static int run_recursive_doubling(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    (void)seg;
    return SC_FN(recursive_doubling)(sb, rb, n, t, op, cm);
}

static int run_binary_tree(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int seg)
{
    (void)seg;
    return SC_FN(binary_tree)(sb, rb, n, t, op, cm);
}

/* Segment size code: a small segment size, several segments per call (sc_param). */
#define SEG_SMALL (-100)

static const struct {
    const char *name;
    sc_fn fn;
    int seg;     /* the parameter (SEG_SMALL: the small segment size) */
    int nparams; /* how many parameters the function takes (for the rejection checks) */
} algos[] = {
    {"linear(0)", run_linear, 0, 1},
    {"linear(small)", run_linear, SEG_SMALL, 1},
    {"recursive_doubling", run_recursive_doubling, 0, 0},
    {"binary_tree", run_binary_tree, 0, 0},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* ---- the cases (as in reduce.c) ------------------------------------------------------------ */

#define MAT_PRIME 10007
#define USER_PRIME 1000003

/* User commutative op on a type whose elements hold 2 ints at byte offsets 0 and `second`
 * (contiguous pair: 4; the vector with a gap: 8): (a + b) mod USER_PRIME on each int. */
static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    MPI_Aint lb, ext;
    int i, size;
    MPI_Type_get_extent(*type, &lb, &ext);
    MPI_Type_size(*type, &size);
    for (i = 0; i < *len; i++) {
        const char *a = (const char *)in + i * ext;
        char *b = (char *)inout + i * ext;
        int k, x, y;
        for (k = 0; k < 2; k++) {
            size_t off = k == 0 ? 0 : (ext == (MPI_Aint)size ? 4 : 8);
            memcpy(&x, a + off, 4);
            memcpy(&y, b + off, 4);
            y = (int)(((long)x + y) % USER_PRIME);
            memcpy(b + off, &y, 4);
        }
    }
}

/* inout = in * inout for 2x2 matrices (row major) mod MAT_PRIME. */
static void mat_mul(const int *a, int *b)
{
    long c0 = ((long)a[0] * b[0] + (long)a[1] * b[2]) % MAT_PRIME;
    long c1 = ((long)a[0] * b[1] + (long)a[1] * b[3]) % MAT_PRIME;
    long c2 = ((long)a[2] * b[0] + (long)a[3] * b[2]) % MAT_PRIME;
    long c3 = ((long)a[2] * b[1] + (long)a[3] * b[3]) % MAT_PRIME;
    b[0] = (int)c0;
    b[1] = (int)c1;
    b[2] = (int)c2;
    b[3] = (int)c3;
}

/* User non-commutative op on the 4-int matrix type: inoutvec[i] = invec[i] x inoutvec[i]. */
static void user_matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int i;
    (void)type;
    for (i = 0; i < *len; i++)
        mat_mul((const int *)in + 4 * i, (int *)inout + 4 * i);
}

enum { K_INT, K_DOUBLE, K_DINT, K_PAIR, K_VEC, K_MAT };

typedef struct sc_case {
    const char *name;
    MPI_Datatype type;
    MPI_Op op;
    int kind;
    int extent; /* bytes per element */
    int user;   /* 1: user op, reference computed locally */
} sc_case;

#define NCASES 6

static void cases_init(sc_case c[NCASES], MPI_Datatype *int2, MPI_Datatype *vec, MPI_Datatype *mat, MPI_Op *usum,
                       MPI_Op *umat)
{
    MPI_Aint lb, dint_ext;
    MPI_Type_contiguous(2, MPI_INT, int2);
    MPI_Type_commit(int2);
    MPI_Type_vector(2, 1, 2, MPI_INT, vec);
    MPI_Type_commit(vec);
    MPI_Type_contiguous(4, MPI_INT, mat);
    MPI_Type_commit(mat);
    MPI_Op_create(user_sum, 1, usum);
    MPI_Op_create(user_matmul, 0, umat);
    MPI_Type_get_extent(MPI_DOUBLE_INT, &lb, &dint_ext);
    c[0] = (sc_case){"int-sum", MPI_INT, MPI_SUM, K_INT, 4, 0};
    c[1] = (sc_case){"double-sum", MPI_DOUBLE, MPI_SUM, K_DOUBLE, 8, 0};
    c[2] = (sc_case){"dint-minloc", MPI_DOUBLE_INT, MPI_MINLOC, K_DINT, (int)dint_ext, 0};
    c[3] = (sc_case){"int2-user", *int2, *usum, K_PAIR, 8, 1};
    c[4] = (sc_case){"vec-user", *vec, *usum, K_VEC, 12, 1};
    c[5] = (sc_case){"mat-noncomm", *mat, *umat, K_MAT, 16, 1};
}

/* Hash of (seed, rank, index): the input of every rank is reproducible on every rank. */
static unsigned sc_hash(unsigned seed, int rank, long i)
{
    unsigned h = seed * 2654435761u ^ (unsigned)rank * 40503u ^ (unsigned)i * 2246822519u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    h *= 3266489917u;
    h ^= h >> 16;
    return h;
}

static void put_int(char *at, int v)
{
    memcpy(at, &v, sizeof v);
}

/* Writes rank `rank`'s input of `count` elements of case `k` into `buf` (gaps left as they are). */
static void sc_fill(const sc_case *k, void *buf, int count, int rank, unsigned seed)
{
    long i;
    int j;
    for (i = 0; i < count; i++) {
        char *e = (char *)buf + i * k->extent;
        double d;
        switch (k->kind) {
        case K_INT: put_int(e, (int)(sc_hash(seed, rank, i) % 2001u) - 1000); break;
        case K_DOUBLE:
            d = ((double)(sc_hash(seed, rank, i) % 2001u) - 1000.0) / 8.0;
            memcpy(e, &d, sizeof d);
            break;
        case K_DINT:
            d = (double)(sc_hash(seed, rank, i) % 8u);
            memcpy(e, &d, sizeof d);
            put_int(e + sizeof(double), rank);
            break;
        case K_PAIR:
        case K_VEC:
            put_int(e, (int)(sc_hash(seed, rank, 2 * i) % USER_PRIME));
            put_int(e + (k->kind == K_PAIR ? 4 : 8), (int)(sc_hash(seed, rank, 2 * i + 1) % USER_PRIME));
            break;
        default:
            for (j = 0; j < 4; j++)
                put_int(e + 4 * j, (int)(sc_hash(seed, rank, 4 * i + j) % MAT_PRIME));
        }
    }
}

/* The ordered reduction v0 op v1 op ... op v(last) computed locally into `want` (from the
 * right); `last` >= 0. */
static void sc_reference(const sc_case *k, void *want, size_t bytes, int count, int last, unsigned seed)
{
    int r;
    void *v = th_alloc(bytes);
    memset(v, 0x5A, bytes);
    sc_fill(k, want, count, last, seed);
    for (r = last - 1; r >= 0; r--) {
        sc_fill(k, v, count, r, seed);
        MPI_Reduce_local(v, want, count, k->type, k->op);
    }
    free(v);
}

/* Segment size the code `b` stands for with `count` elements of `extent` bytes: SEG_SMALL is an
 * eighth of the vector (at least 4 bytes, which the algorithms round up to one element). */
static int sc_param(int b, int count, int extent)
{
    long bytes = (long)count * extent / 8;
    if (b != SEG_SMALL)
        return b;
    return bytes < 4 ? 4 : (int)bytes;
}

/* Errors of the calls that must fail reach this handler (SimGrid 3.32 crashes in
 * MPI_Comm_call_errhandler under MPI_ERRORS_RETURN); it only returns. */
static void ignore_errors(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
}

/* ---- one case ------------------------------------------------------------------------------ */

/* The expected receive buffer of this rank into `want` (0x5A bytes beforehand): the native
 * collective's, or for user ops the local reference; exscan on rank 0: left as it is. */
static void sc_expected(th_result *res, const th_opts *o, const sc_case *k, void *sbuf, void *want, size_t bytes,
                        int count, unsigned seed, int p, int rank)
{
    int last = SC_EXCLUSIVE ? rank - 1 : rank, err;
    char what[200];
    err = SC_NATIVE(sbuf, want, count, k->type, k->op, MPI_COMM_WORLD);
    snprintf(what, sizeof what, "%s native p=%d type=%s count=%d", SC_NAME, p, k->name, count);
    th_expect(res, o, what, err == MPI_SUCCESS);
    if (k->user) {
        void *exact = th_alloc(bytes);
        memset(exact, 0x5A, bytes);
        if (last >= 0)
            sc_reference(k, exact, bytes, count, last, seed);
#ifndef SMPI_H
        snprintf(what, sizeof what, "%s native-vs-exact p=%d type=%s count=%d", SC_NAME, p, k->name, count);
        if (last >= 0)
            th_check(res, o, what, want, exact, bytes);
        else
            th_record(res, o, what, 0);
#endif
        memcpy(want, exact, bytes);
        free(exact);
    }
    if (last < 0) /* exscan, rank 0: undefined result, the buffer must stay as it was */
        memset(want, 0x5A, bytes);
}

/* Runs every algorithm on case `k` with `count` elements, out of place and in place. */
static void run_case(th_result *res, const th_opts *o, const sc_case *k, int count, unsigned seed, int p, int rank)
{
    size_t bytes = (size_t)count * (size_t)k->extent + 16;
    void *sbuf = th_alloc(bytes), *want = th_alloc(bytes), *got = th_alloc(bytes), *input = th_alloc(bytes);
    int a, inplace, err, untouched0 = SC_EXCLUSIVE && rank == 0;
    char what[200];

    /* every buffer starts as 0x5A bytes, so gaps and guards are the same everywhere */
    memset(sbuf, 0x5A, bytes);
    sc_fill(k, sbuf, count, rank, seed);
    memcpy(input, sbuf, bytes);
    memset(want, 0x5A, bytes);
    sc_expected(res, o, k, sbuf, want, bytes, count, seed, p, rank);
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < NALGOS; a++) {
            int b = sc_param(algos[a].seg, count, k->extent);
            if (!th_want_algo(o, algos[a].name))
                continue;
            if (inplace) {
                memcpy(got, sbuf, bytes);
                err = algos[a].fn(MPI_IN_PLACE, got, count, k->type, k->op, MPI_COMM_WORLD, b);
            } else {
                memset(got, 0x5A, bytes);
                err = algos[a].fn(sbuf, got, count, k->type, k->op, MPI_COMM_WORLD, b);
            }
            snprintf(what, sizeof what, "%s %s p=%d type=%s count=%d%s", SC_NAME, algos[a].name, p, k->name, count,
                     inplace ? " in-place" : "");
            th_expect(res, o, what, err == MPI_SUCCESS);
            th_check(res, o, what, got, inplace && untouched0 ? input : want, bytes);
            th_check(res, o, what, sbuf, input, bytes); /* the input is left as it was */
        }
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
}

/* Records one call that must be rejected with class `expect`: it returned that class, the error
 * handler saw it (th_handler_saw, reset here), and `out` (the recvbuf) is untouched. */
static void sc_expect_rejected(th_result *res, const th_opts *o, const char *what, int cls, int expect, const int *out)
{
    int seen = MPI_SUCCESS;
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(res, o, what, cls == expect && seen == expect && out[0] == 7 && out[1] == 7 && out[2] == 7);
}

/* Rejections: a negative segment size (MPI_ERR_ARG) and MPI_OP_NULL (MPI_ERR_OP); each call
 * returns the class, the error handler sees it, and the recvbuf is untouched. */
static void run_rejections(th_result *res, const th_opts *o, int p)
{
    MPI_Errhandler eh;
    MPI_Comm comm = th_recording_comm(&eh);
    int a, which, in[3] = {1, 2, 3}, out[3] = {7, 7, 7}, err, cls;
    char what[160];
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        for (which = 0; which <= algos[a].nparams; which++) {
            int expect = which < algos[a].nparams ? MPI_ERR_ARG : MPI_ERR_OP;
            err = algos[a].fn(in, out, 3, MPI_INT, expect == MPI_ERR_OP ? MPI_OP_NULL : MPI_SUM, comm,
                              expect == MPI_ERR_ARG ? -1 : 0);
            cls = err;
            MPI_Error_class(err, &cls);
            snprintf(what, sizeof what, "%s %s p=%d rejects %s", SC_NAME, algos[a].name, p,
                     expect == MPI_ERR_OP ? "MPI_OP_NULL" : "segsize = -1");
            sc_expect_rejected(res, o, what, cls, expect, out);
        }
    }
    th_recording_comm_free(&comm, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    sc_case cases[NCASES];
    MPI_Datatype int2, vec, mat;
    MPI_Op usum, umat;
    MPI_Errhandler handler;
    int p, rank, ci, ki, status;

    MPI_Init(&argc, &argv);
    MPI_Comm_create_errhandler(ignore_errors, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    th_parse(argc, argv, &o);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    cases_init(cases, &int2, &vec, &mat, &usum, &umat);

    for (ki = 0; ki < NCASES; ki++) {
        if (!th_want_type(&o, cases[ki].name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int count = o.counts[ci] < 0 ? 65536 / cases[ki].extent + 3 : o.counts[ci];
            if ((double)count * cases[ki].extent * 4 > o.max_bytes)
                continue;
            run_case(&r, &o, &cases[ki], count, (unsigned)(ki * 131 + ci * 17 + 1), p, rank);
        }
    }
    /* after the cases, as in reduce.c (SimGrid 3.32: a communicator duplicated and freed before
     * the private communicator exists made a later receive fail) */
    run_rejections(&r, &o, p);
    MPI_Type_free(&int2);
    MPI_Type_free(&vec);
    MPI_Type_free(&mat);
    MPI_Op_free(&usum);
    MPI_Op_free(&umat);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&handler);
    status = th_finish(&r, SC_NAME);
    MPI_Finalize();
    return status;
}
