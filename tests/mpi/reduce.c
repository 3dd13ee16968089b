/*
 * reduce.c - every catalogue reduce algorithm against MPI_Reduce.
 * See harness.h for the options and the output.
 *
 * The harness's transport types do not fit reductions, so this program builds its own cases,
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
 * References: for the predefined ops, the native MPI_Reduce on the same inputs. For the user ops
 * the reference is computed at the root with MPI_Reduce_local in rank order over every rank's
 * input (each rank can regenerate every input): SimGrid 3.32's MPI_Reduce is not trusted for user
 * ops on derived types nor for non-commutative ops (README, known limitations). Outside SimGrid
 * the native MPI_Reduce is also run on those cases and checked against that reference.
 * The root's whole receive buffer plus a 16-byte guard is compared byte for byte; the other ranks
 * pass (void *)8 as recvbuf (never touched) and check that their send buffer is unchanged.
 *
 * Roots: every root for p <= 8, else 0, p/2 and p - 1. Every case runs out of place and (unless
 * --no-inplace) with MPI_IN_PLACE at the root. --counts as harness.h ("big": a vector over
 * 64 KiB). An algorithm documented as commutative-only must return MPI_ERR_OP for mat-noncomm
 * (none is at present: every reduce algorithm keeps the operand order). Also checked: negative
 * tuning parameters and a root out of range are rejected before any message.
 */
#include <collalg/reduce.h>
#include "harness.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the MPI_Reduce arguments plus two parameters. */
typedef int (*rd_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm, int, int);

/* clang-format off */
#define PLAIN(name)                                                                                        \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, \
                          int a, int b)                                                                    \
    {                                                                                                      \
        (void)a;                                                                                           \
        (void)b;                                                                                           \
        return collalg_reduce_##name(sb, rb, n, t, op, root, cm);                                          \
    }
#define ONE(name)                                                                                          \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, \
                          int a, int b)                                                                    \
    {                                                                                                      \
        (void)a;                                                                                           \
        return collalg_reduce_##name(sb, rb, n, t, op, root, cm, b);                                       \
    }
#define TWO(name)                                                                                          \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm cm, \
                          int a, int b)                                                                    \
    {                                                                                                      \
        return collalg_reduce_##name(sb, rb, n, t, op, root, cm, a, b);                                    \
    }
/* clang-format on */

PLAIN(linear)
PLAIN(binomial)
PLAIN(rabenseifner)
ONE(in_order_binary)
ONE(pipeline)
ONE(binary_tree)
TWO(chain)
TWO(knomial)

/* Segment size code: a small segment size, several segments per call (rd_param_b). */
#define SEG_SMALL (-100)

static const struct {
    const char *name;
    rd_fn fn;
    int a, b;    /* the two parameters (b = SEG_SMALL: the small segment size) */
    int noncomm; /* 1: keeps the operand order; 0: documented to return MPI_ERR_OP */
    int nparams; /* how many parameters the function takes (for the rejection checks) */
} algos[] = {
    {"linear", run_linear, 0, 0, 1, 0},
    {"binomial", run_binomial, 0, 0, 1, 0},
    {"rabenseifner", run_rabenseifner, 0, 0, 1, 0},
    {"in_order_binary(0)", run_in_order_binary, 0, 0, 1, 1},
    {"in_order_binary(small)", run_in_order_binary, 0, SEG_SMALL, 1, 1},
    {"chain(0,0)", run_chain, 0, 0, 1, 2},
    {"chain(2,small)", run_chain, 2, SEG_SMALL, 1, 2},
    {"chain(3,0)", run_chain, 3, 0, 1, 2},
    {"pipeline(0)", run_pipeline, 0, 0, 1, 1},
    {"pipeline(small)", run_pipeline, 0, SEG_SMALL, 1, 1},
    {"binary_tree(0)", run_binary_tree, 0, 0, 1, 1},
    {"binary_tree(small)", run_binary_tree, 0, SEG_SMALL, 1, 1},
    {"knomial(0,0)", run_knomial, 0, 0, 1, 2},
    {"knomial(2,small)", run_knomial, 2, SEG_SMALL, 1, 2},
    {"knomial(3,0)", run_knomial, 3, 0, 1, 2},
    {"knomial(5,small)", run_knomial, 5, SEG_SMALL, 1, 2},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

/* ---- the cases ---------------------------------------------------------------------------- */

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

typedef struct rd_case {
    const char *name;
    MPI_Datatype type;
    MPI_Op op;
    int kind;
    int extent; /* bytes per element */
    int user;   /* 1: user op, reference computed locally */
} rd_case;

#define NCASES 6

static void cases_init(rd_case c[NCASES], MPI_Datatype *int2, MPI_Datatype *vec, MPI_Datatype *mat, MPI_Op *usum,
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
    c[0] = (rd_case){"int-sum", MPI_INT, MPI_SUM, K_INT, 4, 0};
    c[1] = (rd_case){"double-sum", MPI_DOUBLE, MPI_SUM, K_DOUBLE, 8, 0};
    c[2] = (rd_case){"dint-minloc", MPI_DOUBLE_INT, MPI_MINLOC, K_DINT, (int)dint_ext, 0};
    c[3] = (rd_case){"int2-user", *int2, *usum, K_PAIR, 8, 1};
    c[4] = (rd_case){"vec-user", *vec, *usum, K_VEC, 12, 1};
    c[5] = (rd_case){"mat-noncomm", *mat, *umat, K_MAT, 16, 1};
}

/* Hash of (seed, rank, index): the input of every rank is reproducible on every rank. */
static unsigned rd_hash(unsigned seed, int rank, long i)
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
static void rd_fill(const rd_case *k, void *buf, int count, int rank, unsigned seed)
{
    long i;
    int j;
    for (i = 0; i < count; i++) {
        char *e = (char *)buf + i * k->extent;
        double d;
        switch (k->kind) {
        case K_INT: put_int(e, (int)(rd_hash(seed, rank, i) % 2001u) - 1000); break;
        case K_DOUBLE:
            d = ((double)(rd_hash(seed, rank, i) % 2001u) - 1000.0) / 8.0;
            memcpy(e, &d, sizeof d);
            break;
        case K_DINT:
            d = (double)(rd_hash(seed, rank, i) % 8u);
            memcpy(e, &d, sizeof d);
            put_int(e + sizeof(double), rank);
            break;
        case K_PAIR:
        case K_VEC:
            put_int(e, (int)(rd_hash(seed, rank, 2 * i) % USER_PRIME));
            put_int(e + (k->kind == K_PAIR ? 4 : 8), (int)(rd_hash(seed, rank, 2 * i + 1) % USER_PRIME));
            break;
        default:
            for (j = 0; j < 4; j++)
                put_int(e + 4 * j, (int)(rd_hash(seed, rank, 4 * i + j) % MAT_PRIME));
        }
    }
}

/* The ordered reduction v0 op v1 op ... op v(p-1) computed locally into `want` (from the right). */
static void rd_reference(const rd_case *k, void *want, size_t bytes, int count, int p, unsigned seed)
{
    int r;
    void *v = th_alloc(bytes);
    memset(v, 0x5A, bytes);
    rd_fill(k, want, count, p - 1, seed);
    for (r = p - 2; r >= 0; r--) {
        rd_fill(k, v, count, r, seed);
        MPI_Reduce_local(v, want, count, k->type, k->op);
    }
    free(v);
}

/* Segment size the code `b` stands for with `count` elements of `extent` bytes: SEG_SMALL is an
 * eighth of the vector (at least 4 bytes, which the algorithms round up to one element), so that
 * every count > 1 runs several segments (3 ints: 3 segments; 1000 ints: 8) at a cost that stays
 * small under SimGrid. */
static int rd_param_b(int b, int count, int extent)
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

/* th_check where `applies` (e.g. at the root only), else a passed record: every rank must record
 * the same sequence of cases (th_finish agrees on them with one MPI_Allreduce). */
static void rd_check(th_result *res, const th_opts *o, const char *what, int applies, const void *got, const void *want,
                     size_t bytes)
{
    if (applies)
        th_check(res, o, what, got, want, bytes);
    else
        th_record(res, o, what, 0);
}

/* ---- one case ------------------------------------------------------------------------------ */

/* Runs every algorithm on case `k` with `count` elements and root `root`, out of place and in
 * place. */
static void run_case(th_result *res, const th_opts *o, const rd_case *k, int count, int root, unsigned seed, int p,
                     int rank)
{
    size_t bytes = (size_t)count * (size_t)k->extent + 16;
    void *sbuf = th_alloc(bytes), *want = th_alloc(bytes), *got = th_alloc(bytes), *input = th_alloc(bytes);
    int a, inplace, err, me_root = rank == root;
    char what[200];

    /* every buffer starts as 0x5A bytes, so gaps and guards are the same everywhere */
    memset(sbuf, 0x5A, bytes);
    rd_fill(k, sbuf, count, rank, seed);
    memcpy(input, sbuf, bytes);
    memset(want, 0x5A, bytes);
    err = MPI_Reduce(sbuf, me_root ? want : NULL, count, k->type, k->op, root, MPI_COMM_WORLD);
    snprintf(what, sizeof what, "reduce native p=%d type=%s count=%d root=%d", p, k->name, count, root);
    th_expect(res, o, what, err == MPI_SUCCESS);
    if (k->user && me_root) {
        void *exact = th_alloc(bytes);
        memset(exact, 0x5A, bytes);
        rd_reference(k, exact, bytes, count, p, seed);
#ifndef SMPI_H
        snprintf(what, sizeof what, "reduce native-vs-exact p=%d type=%s count=%d root=%d", p, k->name, count, root);
        th_check(res, o, what, want, exact, bytes);
#endif
        memcpy(want, exact, bytes);
        free(exact);
    } else if (k->user) { /* every rank records the same sequence of cases (harness.h) */
#ifndef SMPI_H
        snprintf(what, sizeof what, "reduce native-vs-exact p=%d type=%s count=%d root=%d", p, k->name, count, root);
        th_record(res, o, what, 0);
#endif
    }
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < NALGOS; a++) {
            int refuse = k->kind == K_MAT && !algos[a].noncomm, b = rd_param_b(algos[a].b, count, k->extent), cls;
            if (!th_want_algo(o, algos[a].name))
                continue;
            if (me_root && inplace) {
                memcpy(got, sbuf, bytes);
                err = algos[a].fn(MPI_IN_PLACE, got, count, k->type, k->op, root, MPI_COMM_WORLD, algos[a].a, b);
            } else if (me_root) {
                memset(got, 0x5A, bytes);
                err = algos[a].fn(sbuf, got, count, k->type, k->op, root, MPI_COMM_WORLD, algos[a].a, b);
            } else {
                err = algos[a].fn(sbuf, (void *)8, count, k->type, k->op, root, MPI_COMM_WORLD, algos[a].a, b);
            }
            snprintf(what, sizeof what, "reduce %s p=%d type=%s count=%d root=%d%s%s", algos[a].name, p, k->name, count,
                     root, inplace ? " in-place" : "", refuse ? " (expects MPI_ERR_OP)" : "");
            cls = err;
            MPI_Error_class(err, &cls);
            if (refuse) {
                th_expect(res, o, what, cls == MPI_ERR_OP);
                if (me_root && !inplace)
                    memset(want, 0x5A, bytes);
                rd_check(res, o, what, me_root, got, inplace ? sbuf : want, bytes);
            } else {
                th_expect(res, o, what, err == MPI_SUCCESS);
                rd_check(res, o, what, me_root, got, want, bytes);
            }
            rd_check(res, o, what, !me_root || !inplace, sbuf, input, bytes); /* the input is left as it was */
        }
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
}

/* Records one call that must be rejected with class `expect`: it returned that class, the error
 * handler saw it (th_handler_saw, reset here), and `out` (the root's recvbuf) is untouched. */
static void rd_expect_rejected(th_result *res, const th_opts *o, const char *what, int cls, int expect, const int *out)
{
    int seen = MPI_SUCCESS;
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(res, o, what, cls == expect && seen == expect && out[0] == 7 && out[1] == 7 && out[2] == 7);
}

/* Rejections: every negative tuning parameter (MPI_ERR_ARG), knomial radix 1 (MPI_ERR_ARG), and
 * root = p (MPI_ERR_ROOT); each call returns the class, the error handler sees it, and the
 * root's recvbuf is untouched. */
static void run_rejections(th_result *res, const th_opts *o, int p, int rank)
{
    MPI_Errhandler eh;
    MPI_Comm comm = th_recording_comm(&eh);
    int a, which, in[3] = {1, 2, 3}, out[3] = {7, 7, 7}, err, cls;
    char what[160];
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        for (which = 0; which < algos[a].nparams + 1; which++) {
            int pa = algos[a].a, pb = 0, expect = MPI_ERR_ARG, root = 0;
            if (which == algos[a].nparams) { /* the root out of range */
                root = p;
                expect = MPI_ERR_ROOT;
            } else if (algos[a].nparams == 2 && which == 0) {
                pa = -1;
            } else {
                pb = -1;
            }
            err = algos[a].fn(in, rank == root ? out : (void *)8, 3, MPI_INT, MPI_SUM, root, comm, pa, pb);
            cls = err;
            MPI_Error_class(err, &cls);
            snprintf(what, sizeof what, "reduce %s p=%d rejects %s", algos[a].name, p,
                     expect == MPI_ERR_ROOT ? "root = p" : (which == 0 ? "parameter 1 = -1" : "parameter 2 = -1"));
            rd_expect_rejected(res, o, what, cls, expect, out);
        }
    }
    if (th_want_algo(o, "knomial(1,0)")) {
        err = collalg_reduce_knomial(in, rank == 0 ? out : (void *)8, 3, MPI_INT, MPI_SUM, 0, comm, 1, 0);
        cls = err;
        MPI_Error_class(err, &cls);
        snprintf(what, sizeof what, "reduce knomial(1,0) p=%d rejects radix 1", p);
        rd_expect_rejected(res, o, what, cls, MPI_ERR_ARG, out);
    }
    th_recording_comm_free(&comm, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    rd_case cases[NCASES];
    MPI_Datatype int2, vec, mat;
    MPI_Op usum, umat;
    MPI_Errhandler handler;
    int p, rank, ci, ki, root, status;

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
            for (root = 0; root < p; root++) {
                if (p > 8 && root != 0 && root != p / 2 && root != p - 1)
                    continue;
                run_case(&r, &o, &cases[ki], count, root, (unsigned)(ki * 131 + ci * 17 + root * 7 + 1), p, rank);
            }
        }
    }
    /* after the cases: under SimGrid 3.32 at p >= 9, duplicating and freeing a communicator before
     * the first MPI_Comm_dup of MPI_COMM_WORLD (the private communicator) made a later receive
     * fail with MPI_ERR_TRUNCATE */
    run_rejections(&r, &o, p, rank);
    MPI_Type_free(&int2);
    MPI_Type_free(&vec);
    MPI_Type_free(&mat);
    MPI_Op_free(&usum);
    MPI_Op_free(&umat);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&handler);
    status = th_finish(&r, "reduce");
    MPI_Finalize();
    return status;
}
