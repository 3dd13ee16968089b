/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduction_cases.h - the (datatype, op) cases shared by the reduction test programs:
 * tests/mpi/reduce.c, scan.c (and exscan.c, which includes it) and reduce_scatter.c (and
 * reduce_scatter_block.c, which includes it). tests/mpi/allreduce.c, whose cases differ, uses
 * only the hash, the matrix op and the error handler. Include after harness.h.
 *
 * The harness's transport types do not fit reductions, so these programs build their own cases,
 * one (datatype, op) pair each, selected with --types by name:
 *   int-sum       MPI_INT, MPI_SUM
 *   double-sum    MPI_DOUBLE, MPI_SUM on multiples of 1/8 in [-125, 125]: every partial sum is
 *                 exact, so any association order gives the same bits
 *   dint-minloc   MPI_DOUBLE_INT, MPI_MINLOC, values with ties (the lowest rank wins)
 *   int2-user     MPI_Type_contiguous(2, MPI_INT), user commutative op (a + b) mod 1000003
 *   vec-user      MPI_Type_vector(2, 1, 2, MPI_INT) (a gap inside each element), the same user op
 *                 on the two ints of each element (the gaps must stay untouched)
 *   mat-noncomm   MPI_Type_contiguous(4, MPI_INT) holding 2x2 matrices, user NON-commutative op:
 *                 matrix product mod 10007
 *
 * Provides: the start and end of a program (rc_begin: MPI_Init, the error handler, the options and
 * the cases; rc_end: their release, the closing line, MPI_Finalize), the cases and their types
 * and ops (rc_set), every rank's
 * reproducible input (rc_fill), the exact reduction in rank order with MPI_Reduce_local
 * (rc_reference: the reference for the user ops, which SimGrid 3.32's native collectives are not
 * trusted with), the count of a --counts entry (rc_count), the small segment size code
 * (RC_SEG_SMALL, rc_segsize), an error handler that only returns (rc_ignore_errors) and the
 * record of a call that must be rejected (rc_expect_rejected).
 */
#ifndef COLLALG_TESTS_REDUCTION_CASES_H
#define COLLALG_TESTS_REDUCTION_CASES_H

#include "harness.h"

#define RC_MAT_PRIME 10007
#define RC_USER_PRIME 1000003

/* ---- the user ops ------------------------------------------------------------------------- */

/* User commutative op on a type whose elements hold 2 ints at byte offsets 0 and `second`
 * (contiguous pair: 4; the vector with a gap: 8): (a + b) mod RC_USER_PRIME on each int. */
static inline void rc_user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
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
            y = (int)(((long)x + y) % RC_USER_PRIME);
            memcpy(b + off, &y, 4);
        }
    }
}

/* inout = in * inout for 2x2 matrices (row major) mod RC_MAT_PRIME. */
static inline void rc_mat_mul(const int *a, int *b)
{
    long c0 = ((long)a[0] * b[0] + (long)a[1] * b[2]) % RC_MAT_PRIME;
    long c1 = ((long)a[0] * b[1] + (long)a[1] * b[3]) % RC_MAT_PRIME;
    long c2 = ((long)a[2] * b[0] + (long)a[3] * b[2]) % RC_MAT_PRIME;
    long c3 = ((long)a[2] * b[1] + (long)a[3] * b[3]) % RC_MAT_PRIME;
    b[0] = (int)c0;
    b[1] = (int)c1;
    b[2] = (int)c2;
    b[3] = (int)c3;
}

/* User non-commutative op on the 4-int matrix type: inoutvec[i] = invec[i] x inoutvec[i]. */
static inline void rc_user_matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int i;
    (void)type;
    for (i = 0; i < *len; i++)
        rc_mat_mul((const int *)in + 4 * i, (int *)inout + 4 * i);
}

/* ---- the cases ---------------------------------------------------------------------------- */

enum { RC_K_INT, RC_K_DOUBLE, RC_K_DINT, RC_K_PAIR, RC_K_VEC, RC_K_MAT };

typedef struct rc_case {
    const char *name;
    MPI_Datatype type;
    MPI_Op op;
    int kind;
    int extent; /* bytes per element */
    int user;   /* 1: user op, reference computed locally */
} rc_case;

#define RC_NCASES 6

/* The cases with the types and ops they own (freed by rc_set_free), and the error handler of
 * MPI_COMM_WORLD while the program runs (rc_begin, rc_end). */
typedef struct rc_set {
    rc_case c[RC_NCASES];
    MPI_Datatype int2, vec, mat;
    MPI_Op usum, umat;
    MPI_Errhandler handler;
} rc_set;

static inline void rc_set_init(rc_set *s)
{
    MPI_Aint lb, dint_ext;
    MPI_Type_contiguous(2, MPI_INT, &s->int2);
    MPI_Type_commit(&s->int2);
    MPI_Type_vector(2, 1, 2, MPI_INT, &s->vec);
    MPI_Type_commit(&s->vec);
    MPI_Type_contiguous(4, MPI_INT, &s->mat);
    MPI_Type_commit(&s->mat);
    MPI_Op_create(rc_user_sum, 1, &s->usum);
    MPI_Op_create(rc_user_matmul, 0, &s->umat);
    MPI_Type_get_extent(MPI_DOUBLE_INT, &lb, &dint_ext);
    s->c[0] = (rc_case){"int-sum", MPI_INT, MPI_SUM, RC_K_INT, 4, 0};
    s->c[1] = (rc_case){"double-sum", MPI_DOUBLE, MPI_SUM, RC_K_DOUBLE, 8, 0};
    s->c[2] = (rc_case){"dint-minloc", MPI_DOUBLE_INT, MPI_MINLOC, RC_K_DINT, (int)dint_ext, 0};
    s->c[3] = (rc_case){"int2-user", s->int2, s->usum, RC_K_PAIR, 8, 1};
    s->c[4] = (rc_case){"vec-user", s->vec, s->usum, RC_K_VEC, 12, 1};
    s->c[5] = (rc_case){"mat-noncomm", s->mat, s->umat, RC_K_MAT, 16, 1};
}

static inline void rc_set_free(rc_set *s)
{
    MPI_Type_free(&s->int2);
    MPI_Type_free(&s->vec);
    MPI_Type_free(&s->mat);
    MPI_Op_free(&s->usum);
    MPI_Op_free(&s->umat);
}

/* The count of --counts entry `entry` for case `k`: "big" (-1) is a vector over 64 KiB. */
static inline int rc_count(const rc_case *k, int entry)
{
    return entry < 0 ? 65536 / k->extent + 3 : entry;
}

/* ---- the inputs and the reference ------------------------------------------------------- */

/* Hash of (seed, rank, index): the input of every rank is reproducible on every rank. */
static inline unsigned rc_hash(unsigned seed, int rank, long i)
{
    unsigned h = seed * 2654435761u ^ (unsigned)rank * 40503u ^ (unsigned)i * 2246822519u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    h *= 3266489917u;
    h ^= h >> 16;
    return h;
}

static inline void rc_put_int(char *at, int v)
{
    memcpy(at, &v, sizeof v);
}

/* Writes elements [first, first + count) of rank `rank`'s input of case `k` into `buf` (gaps left
 * as they are). */
static inline void rc_fill_from(const rc_case *k, void *buf, long first, int count, int rank, unsigned seed)
{
    long i;
    int j;
    for (i = first; i < first + count; i++) {
        char *e = (char *)buf + (i - first) * k->extent;
        double d;
        switch (k->kind) {
        case RC_K_INT: rc_put_int(e, (int)(rc_hash(seed, rank, i) % 2001u) - 1000); break;
        case RC_K_DOUBLE:
            d = ((double)(rc_hash(seed, rank, i) % 2001u) - 1000.0) / 8.0;
            memcpy(e, &d, sizeof d);
            break;
        case RC_K_DINT:
            d = (double)(rc_hash(seed, rank, i) % 8u);
            memcpy(e, &d, sizeof d);
            rc_put_int(e + sizeof(double), rank);
            break;
        case RC_K_PAIR:
        case RC_K_VEC:
            rc_put_int(e, (int)(rc_hash(seed, rank, 2 * i) % RC_USER_PRIME));
            rc_put_int(e + (k->kind == RC_K_PAIR ? 4 : 8), (int)(rc_hash(seed, rank, 2 * i + 1) % RC_USER_PRIME));
            break;
        default:
            for (j = 0; j < 4; j++)
                rc_put_int(e + 4 * j, (int)(rc_hash(seed, rank, 4 * i + j) % RC_MAT_PRIME));
        }
    }
}

/* Writes rank `rank`'s input of `count` elements of case `k` into `buf` (gaps left as they are). */
static inline void rc_fill(const rc_case *k, void *buf, int count, int rank, unsigned seed)
{
    rc_fill_from(k, buf, 0, count, rank, seed);
}

/* The ordered reduction v0 op v1 op ... op v(last) of elements [first, first + count) of the
 * inputs of ranks 0 .. last, computed locally into `want` (from the right, with
 * MPI_Reduce_local); `last` >= 0, `bytes` the size of a buffer of `count` elements. */
static inline void rc_reference_from(const rc_case *k, void *want, size_t bytes, long first, int count, int last,
                                     unsigned seed)
{
    int r;
    void *v = th_alloc(bytes);
    memset(v, 0x5A, bytes);
    rc_fill_from(k, want, first, count, last, seed);
    for (r = last - 1; r >= 0; r--) {
        rc_fill_from(k, v, first, count, r, seed);
        MPI_Reduce_local(v, want, count, k->type, k->op);
    }
    free(v);
}

/* rc_reference_from() of the first `count` elements. */
static inline void rc_reference(const rc_case *k, void *want, size_t bytes, int count, int last, unsigned seed)
{
    rc_reference_from(k, want, bytes, 0, count, last, seed);
}

/* ---- segment sizes, errors and rejected calls ------------------------------------------------------------- */

/* Segment size code: a small segment size, several segments per call (rc_segsize). */
#define RC_SEG_SMALL (-100)

/* Segment size the code `b` stands for with `count` elements of `extent` bytes: RC_SEG_SMALL is
 * an eighth of the vector (at least 4 bytes, which the algorithms round up to one element), so
 * that every count > 1 runs several segments (3 ints: 3 segments; 1000 ints: 8) at a cost that
 * stays small under SimGrid; any other code is the segment size itself. */
static inline int rc_segsize(int b, int count, int extent)
{
    long bytes = (long)count * extent / 8;
    if (b != RC_SEG_SMALL)
        return b;
    return bytes < 4 ? 4 : (int)bytes;
}

/* Errors of the calls that must fail reach this handler (SimGrid 3.32 crashes in
 * MPI_Comm_call_errhandler under MPI_ERRORS_RETURN); it only returns (the return codes are
 * checked). */
static inline void rc_ignore_errors(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
}

/* Records one call that must be rejected with class `expect`: it returned an error of that class
 * (`err`), the error handler saw it (th_handler_saw, reset here), and `out` (the 3 ints of
 * recvbuf, 7 each beforehand) is untouched. */
static inline void rc_expect_rejected(th_result *res, const th_opts *o, const char *what, int err, int expect,
                                      const int *out)
{
    int cls = err, seen = MPI_SUCCESS;
    MPI_Error_class(err, &cls);
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(res, o, what, cls == expect && seen == expect && out[0] == 7 && out[1] == 7 && out[2] == 7);
}

/* ---- the start and the end of a program ---------------------------------------------------- */

/* MPI_Init, rc_ignore_errors on MPI_COMM_WORLD, the options (th_parse), p and this rank, and the
 * cases (rc_set_init). */
static inline void rc_begin(int *argc, char ***argv, th_opts *o, rc_set *s, int *p, int *rank)
{
    MPI_Init(argc, argv);
    MPI_Comm_create_errhandler(rc_ignore_errors, &s->handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, s->handler);
    th_parse(*argc, *argv, o);
    MPI_Comm_size(MPI_COMM_WORLD, p);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    rc_set_init(s);
}

/* Frees what rc_begin made, prints the closing line of program `prog` (th_finish) and calls
 * MPI_Finalize; returns the exit status. */
static inline int rc_end(th_result *r, rc_set *s, const char *prog)
{
    int status;
    rc_set_free(s);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&s->handler);
    status = th_finish(r, prog);
    MPI_Finalize();
    return status;
}

#endif /* COLLALG_TESTS_REDUCTION_CASES_H */
