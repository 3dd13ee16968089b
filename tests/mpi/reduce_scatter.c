/*
 * reduce_scatter.c - every catalogue reduce_scatter algorithm against MPI_Reduce_scatter; built
 * with RS_BLOCK defined (tests/mpi/reduce_scatter_block.c includes this file), every
 * reduce_scatter_block algorithm against MPI_Reduce_scatter_block. See harness.h for the options
 * and the output.
 *
 * The harness's transport types do not fit reductions, so this program builds its own cases,
 * one (datatype, op) pair each, selected with --types by name (as tests/mpi/reduce.c):
 *   int-sum       MPI_INT, MPI_SUM
 *   double-sum    MPI_DOUBLE, MPI_SUM on multiples of 1/8 in [-125, 125] (exact in any order)
 *   dint-minloc   MPI_DOUBLE_INT, MPI_MINLOC, values with ties (the lowest rank wins)
 *   int2-user     MPI_Type_contiguous(2, MPI_INT), user commutative op (a + b) mod 1000003
 *   vec-user      MPI_Type_vector(2, 1, 2, MPI_INT) (a gap inside each element), the same user op
 *   mat-noncomm   MPI_Type_contiguous(4, MPI_INT) holding 2x2 matrices, user NON-commutative op:
 *                 matrix product mod 10007
 * --counts as harness.h: the count c of a case ("big": a block over 64 KiB). The blocks: for
 * reduce_scatter_block every rank gets c elements; for reduce_scatter four patterns (--patterns
 * LIST to pick): uniform (c each), zeros (0 on ranks 1, 4, 7, ..., c elsewhere), one (c on rank
 * (p-1)/2, 0 elsewhere), random (a reproducible count in [0, 2c] per rank).
 * References: for the predefined ops, the native collective on the same inputs; for the user ops
 * the whole vector v0 op ... op v(p-1) computed locally with MPI_Reduce_local in rank order
 * (SimGrid 3.32's native is not trusted for them; elsewhere the native is also run and checked
 * against it). The whole receive allocation plus a 16-byte guard is compared byte for byte; with
 * MPI_IN_PLACE (every case runs out of place and, unless --no-inplace, in place) the whole input
 * vector is in recvbuf and must come back as the result block followed by the rest of the input,
 * untouched. A commutative-only algorithm must return MPI_ERR_OP for mat-noncomm and leave
 * recvbuf untouched. Also checked: MPI_OP_NULL (MPI_ERR_OP), a negative count (MPI_ERR_COUNT)
 * and, for reduce_scatter, recvcounts NULL (MPI_ERR_ARG) are rejected before any message.
 */
#ifdef RS_BLOCK
#include <collalg/reduce_scatter_block.h>
#define RS_NAME "reduce_scatter_block"
#else
#include <collalg/reduce_scatter.h>
#define RS_NAME "reduce_scatter"
#endif
#include "harness.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the counts array (reduce_scatter_block: counts[0]). */
typedef int (*rs_fn)(const void *, void *, const int *, MPI_Datatype, MPI_Op, MPI_Comm);

#ifdef RS_BLOCK
#define ALGO(name)                                                                                        \
    static int run_##name(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm) \
    {                                                                                                     \
        return collalg_reduce_scatter_block_##name(sb, rb, n[0], t, op, cm);                              \
    }
static int rs_native(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    return MPI_Reduce_scatter_block(sb, rb, n[0], t, op, cm);
}
#else
#define ALGO(name)                                                                                        \
    static int run_##name(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm) \
    {                                                                                                     \
        return collalg_reduce_scatter_##name(sb, rb, n, t, op, cm);                                       \
    }
static int rs_native(const void *sb, void *rb, const int *n, MPI_Datatype t, MPI_Op op, MPI_Comm cm)
{
    return MPI_Reduce_scatter(sb, rb, n, t, op, cm);
}
#endif

ALGO(recursive_halving)
ALGO(pairwise)
ALGO(ring)
ALGO(recursive_doubling)
ALGO(reduce_scatterv)

static const struct {
    const char *name;
    rs_fn fn;
    int noncomm; /* 1: keeps the operand order; 0: documented to return MPI_ERR_OP */
} algos[] = {
    {"recursive_halving", run_recursive_halving, 0},
    {"pairwise", run_pairwise, 0},
    {"ring", run_ring, 0},
    {"recursive_doubling", run_recursive_doubling, 1},
    {"reduce_scatterv", run_reduce_scatterv, 1},
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

typedef struct rs_case {
    const char *name;
    MPI_Datatype type;
    MPI_Op op;
    int kind;
    int extent; /* bytes per element */
    int user;   /* 1: user op, reference computed locally */
} rs_case;

#define NCASES 6

static void cases_init(rs_case c[NCASES], MPI_Datatype *int2, MPI_Datatype *vec, MPI_Datatype *mat, MPI_Op *usum,
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
    c[0] = (rs_case){"int-sum", MPI_INT, MPI_SUM, K_INT, 4, 0};
    c[1] = (rs_case){"double-sum", MPI_DOUBLE, MPI_SUM, K_DOUBLE, 8, 0};
    c[2] = (rs_case){"dint-minloc", MPI_DOUBLE_INT, MPI_MINLOC, K_DINT, (int)dint_ext, 0};
    c[3] = (rs_case){"int2-user", *int2, *usum, K_PAIR, 8, 1};
    c[4] = (rs_case){"vec-user", *vec, *usum, K_VEC, 12, 1};
    c[5] = (rs_case){"mat-noncomm", *mat, *umat, K_MAT, 16, 1};
}

/* Hash of (seed, rank, index): the input of every rank is reproducible on every rank. */
static unsigned rs_hash(unsigned seed, int rank, long i)
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
static void rs_fill(const rs_case *k, void *buf, int count, int rank, unsigned seed)
{
    long i;
    int j;
    for (i = 0; i < count; i++) {
        char *e = (char *)buf + i * k->extent;
        double d;
        switch (k->kind) {
        case K_INT: put_int(e, (int)(rs_hash(seed, rank, i) % 2001u) - 1000); break;
        case K_DOUBLE:
            d = ((double)(rs_hash(seed, rank, i) % 2001u) - 1000.0) / 8.0;
            memcpy(e, &d, sizeof d);
            break;
        case K_DINT:
            d = (double)(rs_hash(seed, rank, i) % 8u);
            memcpy(e, &d, sizeof d);
            put_int(e + sizeof(double), rank);
            break;
        case K_PAIR:
        case K_VEC:
            put_int(e, (int)(rs_hash(seed, rank, 2 * i) % USER_PRIME));
            put_int(e + (k->kind == K_PAIR ? 4 : 8), (int)(rs_hash(seed, rank, 2 * i + 1) % USER_PRIME));
            break;
        default:
            for (j = 0; j < 4; j++)
                put_int(e + 4 * j, (int)(rs_hash(seed, rank, 4 * i + j) % MAT_PRIME));
        }
    }
}

/* The ordered reduction v0 op v1 op ... op v(p-1) computed locally into `want` (from the right). */
static void rs_reference(const rs_case *k, void *want, size_t bytes, int count, int p, unsigned seed)
{
    int r;
    void *v = th_alloc(bytes);
    memset(v, 0x5A, bytes);
    rs_fill(k, want, count, p - 1, seed);
    for (r = p - 2; r >= 0; r--) {
        rs_fill(k, v, count, r, seed);
        MPI_Reduce_local(v, want, count, k->type, k->op);
    }
    free(v);
}

/* Errors of the calls that must fail reach this handler; it only returns. */
static void ignore_errors(MPI_Comm *comm, int *err, ...)
{
    (void)comm;
    (void)err;
}

/* ---- block patterns ----------------------------------------------------------------------- */

#ifdef RS_BLOCK
#define NPATTERNS 1
static const char *patterns[NPATTERNS] = {"uniform"};
#else
#define NPATTERNS 4
static const char *patterns[NPATTERNS] = {"uniform", "zeros", "one", "random"};
#endif

/* Fills counts[0..p) for pattern `pat` and count `c`; returns the total. */
static long rs_counts(int pat, int c, int p, unsigned seed, int *counts)
{
    long total = 0;
    int i;
    for (i = 0; i < p; i++) {
        switch (pat) {
        case 0: counts[i] = c; break;
        case 1: counts[i] = i % 3 == 1 ? 0 : c; break;
        case 2: counts[i] = i == (p - 1) / 2 ? c : 0; break;
        default: counts[i] = (int)(rs_hash(seed, i, 99) % (unsigned)(2 * c + 1));
        }
        total += counts[i];
    }
    return total;
}

/* ---- one case ------------------------------------------------------------------------------ */

/* Runs every algorithm on case `k` with the blocks `counts` (total `total`), out of place and in
 * place. */
static void run_case(th_result *res, const th_opts *o, const rs_case *k, const int *counts, long total, int c,
                     const char *pat, unsigned seed, int p, int rank)
{
    size_t vbytes = (size_t)total * (size_t)k->extent + 16, bbytes = (size_t)counts[rank] * (size_t)k->extent + 16;
    long off = 0;
    void *sbuf = th_alloc(vbytes), *input = th_alloc(vbytes), *want = th_alloc(bbytes), *got = th_alloc(vbytes);
    void *want_ip = th_alloc(vbytes);
    int a, i, inplace, err, cls;
    char what[200];

    for (i = 0; i < rank; i++)
        off += counts[i];
    memset(sbuf, 0x5A, vbytes);
    rs_fill(k, sbuf, (int)total, rank, seed);
    memcpy(input, sbuf, vbytes);
    memset(want, 0x5A, bbytes);
    err = rs_native(sbuf, want, counts, k->type, k->op, MPI_COMM_WORLD);
    snprintf(what, sizeof what, "%s native p=%d type=%s count=%d pattern=%s", RS_NAME, p, k->name, c, pat);
    th_expect(res, o, what, err == MPI_SUCCESS);
    if (k->user) {
        void *exact = th_alloc(vbytes), *block = th_alloc(bbytes);
        memset(exact, 0x5A, vbytes);
        rs_reference(k, exact, vbytes, (int)total, p, seed);
        memset(block, 0x5A, bbytes);
        memcpy(block, (char *)exact + off * k->extent, (size_t)counts[rank] * (size_t)k->extent);
#ifndef SMPI_H
        snprintf(what, sizeof what, "%s native-vs-exact p=%d type=%s count=%d pattern=%s", RS_NAME, p, k->name, c, pat);
        th_check(res, o, what, want, block, bbytes);
#endif
        memcpy(want, block, bbytes);
        free(exact);
        free(block);
    }
    /* in place: the result block at the start of the input vector, the rest as it was */
    memcpy(want_ip, input, vbytes);
    memcpy(want_ip, want, (size_t)counts[rank] * (size_t)k->extent);
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < NALGOS; a++) {
            int refuse = k->kind == K_MAT && !algos[a].noncomm;
            size_t bytes = inplace ? vbytes : bbytes;
            if (!th_want_algo(o, algos[a].name))
                continue;
            if (inplace) {
                memcpy(got, input, vbytes);
                err = algos[a].fn(MPI_IN_PLACE, got, counts, k->type, k->op, MPI_COMM_WORLD);
            } else {
                memset(got, 0x5A, vbytes);
                err = algos[a].fn(sbuf, got, counts, k->type, k->op, MPI_COMM_WORLD);
            }
            snprintf(what, sizeof what, "%s %s p=%d type=%s count=%d pattern=%s%s%s", RS_NAME, algos[a].name, p,
                     k->name, c, pat, inplace ? " in-place" : "", refuse ? " (expects MPI_ERR_OP)" : "");
            cls = err;
            MPI_Error_class(err, &cls);
            if (refuse) {
                void *untouched = th_alloc(vbytes);
                memset(untouched, 0x5A, vbytes);
                th_expect(res, o, what, cls == MPI_ERR_OP);
                th_check(res, o, what, got, inplace ? input : untouched, bytes);
                free(untouched);
            } else {
                th_expect(res, o, what, err == MPI_SUCCESS);
                th_check(res, o, what, got, inplace ? want_ip : want, bytes);
            }
            if (!inplace)
                th_check(res, o, what, sbuf, input, vbytes); /* the input is left as it was */
        }
    }
    free(sbuf);
    free(input);
    free(want);
    free(got);
    free(want_ip);
}

/* Records one call that must be rejected with class `expect`: it returned that class, the error
 * handler saw it (th_handler_saw, reset here), and `out` is untouched. */
static void rs_expect_rejected(th_result *res, const th_opts *o, const char *what, int err, int expect, const int *out)
{
    int cls = err, seen = MPI_SUCCESS;
    MPI_Error_class(err, &cls);
    if (th_handler_saw != 0)
        MPI_Error_class(th_handler_saw, &seen);
    th_handler_saw = 0;
    th_expect(res, o, what, cls == expect && seen == expect && out[0] == 7 && out[1] == 7 && out[2] == 7);
}

/* Rejections before any message: MPI_OP_NULL, a negative count, recvcounts NULL (reduce_scatter). */
static void run_rejections(th_result *res, const th_opts *o, int p)
{
    MPI_Errhandler eh;
    MPI_Comm comm = th_recording_comm(&eh);
    int a, i, *in = (int *)th_alloc((size_t)p * 3 * sizeof(int)), out[3] = {7, 7, 7};
    int *counts = (int *)th_alloc((size_t)p * sizeof(int)), *neg = (int *)th_alloc((size_t)p * sizeof(int));
    char what[160];
    for (i = 0; i < p; i++) {
        counts[i] = 3;
        neg[i] = i == p - 1 ? -1 : 3;
    }
    for (i = 0; i < 3 * p; i++)
        in[i] = i;
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        snprintf(what, sizeof what, "%s %s p=%d rejects MPI_OP_NULL", RS_NAME, algos[a].name, p);
        rs_expect_rejected(res, o, what, algos[a].fn(in, out, counts, MPI_INT, MPI_OP_NULL, comm), MPI_ERR_OP, out);
#ifdef RS_BLOCK
        neg[0] = -1;
#endif
        snprintf(what, sizeof what, "%s %s p=%d rejects a negative count", RS_NAME, algos[a].name, p);
        rs_expect_rejected(res, o, what, algos[a].fn(in, out, neg, MPI_INT, MPI_SUM, comm), MPI_ERR_COUNT, out);
#ifndef RS_BLOCK
        snprintf(what, sizeof what, "%s %s p=%d rejects recvcounts NULL", RS_NAME, algos[a].name, p);
        rs_expect_rejected(res, o, what, algos[a].fn(in, out, NULL, MPI_INT, MPI_SUM, comm), MPI_ERR_ARG, out);
#endif
    }
    free(in);
    free(counts);
    free(neg);
    th_recording_comm_free(&comm, &eh);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    rs_case cases[NCASES];
    MPI_Datatype int2, vec, mat;
    MPI_Op usum, umat;
    MPI_Errhandler handler;
    const char *plist = NULL;
    int p, rank, ci, ki, pat, i, *counts;

    MPI_Init(&argc, &argv);
    MPI_Comm_create_errhandler(ignore_errors, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--patterns"))
            plist = argv[i + 1];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    counts = (int *)th_alloc((size_t)p * sizeof(int));
    cases_init(cases, &int2, &vec, &mat, &usum, &umat);

    for (ki = 0; ki < NCASES; ki++) {
        if (!th_want_type(&o, cases[ki].name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int c = o.counts[ci] < 0 ? 65536 / cases[ki].extent + 3 : o.counts[ci];
            for (pat = 0; pat < NPATTERNS; pat++) {
                unsigned seed = (unsigned)(ki * 131 + ci * 17 + pat * 7 + 1);
                long total = rs_counts(pat, c, p, seed, counts);
                if (plist && !th_in_list(plist, patterns[pat]))
                    continue;
                if ((double)total * cases[ki].extent * 4 > o.max_bytes)
                    continue;
                run_case(&r, &o, &cases[ki], counts, total, c, patterns[pat], seed, p, rank);
            }
        }
    }
    run_rejections(&r, &o, p);
    free(counts);
    MPI_Type_free(&int2);
    MPI_Type_free(&vec);
    MPI_Type_free(&mat);
    MPI_Op_free(&usum);
    MPI_Op_free(&umat);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&handler);

    i = th_finish(&r, RS_NAME);
    MPI_Finalize();
    return i;
}
