/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * allreduce.c - every catalogue allreduce algorithm against MPI_Allreduce.
 * See harness.h for the options and the output.
 *
 * The harness's transport types do not fit reductions, so this program builds its own cases,
 * one (datatype, op) pair each, selected with --types by name:
 *   int-sum, int-max, int-prod, int-band   MPI_INT with predefined ops (prod: factors in
 *                                          {-1, 1, 2}, at most 4 twos per element: no overflow)
 *   double-sum                             MPI_DOUBLE, MPI_SUM, compared with tolerance (below)
 *   2int-minloc, 2int-maxloc               MPI_2INT pairs (value, rank), values with ties
 *   int2-sum                               MPI_Type_contiguous(2, MPI_INT), MPI_SUM: the standard
 *                                          defines predefined ops on predefined types only, and
 *                                          MPICH 4.0 and SimGrid 3.32 both return MPI_ERR_OP; each
 *                                          algorithm must return the native error class, on every
 *                                          rank, before any message, recvbuf untouched
 *   int-user, int2-user                    MPI_INT / the contiguous int pair, user commutative op
 *                                          (a + b) mod 1000003
 *   mat-noncomm                            MPI_Type_contiguous(4, MPI_INT) holding 2x2 matrices,
 *                                          user NON-commutative op: matrix product mod 10007
 * Every result except double-sum is compared byte for byte with the native MPI_Allreduce (the
 * whole receive buffer plus a 16-byte guard after it). For mat-noncomm every rank also
 * computes the exact product v0 v1 ... v(p-1) itself (it can regenerate every rank's input):
 * the native result is checked against it, and the reference is that exact product. An
 * algorithm documented as not supporting non-commutative ops must instead return MPI_ERR_OP
 * and leave recvbuf untouched.
 *
 * double-sum tolerance: inputs lie in [-1, 1], so sum |v_i| <= p and any association order of
 * the p - 1 additions is within (p - 1) * 2^-53 * p of the exact sum (< 5e-13 at p = 64); the
 * check is |got - want| <= 1e-12 * p per element (the guard bytes are compared exactly).
 *
 * --counts accepts, besides numbers and "big" (one count whose vector exceeds 64 KiB), the
 * entries "p-1" and "p+1". Default: 0,1,3,p-1,p+1,1000,big. Every case runs out of place and
 * (unless --no-inplace) in place. --skip S1,S2,... leaves out the algorithms whose name contains
 * one of the strings (to trim the matrix at large p).
 */
#include <collalg/allreduce.h>
#include <collalg/allreduce/circulant.h>
#include <collalg/allreduce/two_tree.h>
#include <collalg/alltoall/ring.h>
#include <collalg/allgather/ring.h>
#include <collalg/allgather/topology_ring.h>
#include <math.h>
#include "harness.h"
#include "reduction_cases.h"

/* ---- the algorithms ----------------------------------------------------------------------- */

/* Every algorithm behind one signature: the MPI_Allreduce arguments plus one parameter. */
typedef int (*ar_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, int);

/* clang-format off */
#define PLAIN(name)                                                                                         \
    static int run_##name(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param) \
    {                                                                                                       \
        (void)param;                                                                                        \
        return collalg_allreduce_##name(sb, rb, n, t, op, cm);                                              \
    }
/* clang-format on */

PLAIN(reduce_bcast)
PLAIN(recursive_doubling)
PLAIN(rabenseifner)
PLAIN(ring)
PLAIN(topology_ring)
PLAIN(swing_latency)
PLAIN(swing_bandwidth)
PLAIN(bine)
PLAIN(circulant_reduce_scatter_allgather)

/* Inner allgathers of the parameterised algorithms: 0 = default (NULL), 1 = native, 2 = the
 * topology ring (no description here: the node-level ring on the private communicator). */
static const collalg_allgather_fn inner_ag[3] = {NULL, MPI_Allgather, collalg_allgather_topology_ring};

static int run_allgather_based(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_allgather_based(sb, rb, n, t, op, cm, inner_ag[param]);
}

static int run_var1(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_rabenseifner_var1(sb, rb, n, t, op, cm, inner_ag[param]);
}

/* var2 inner pairs: 0 = (NULL, NULL), 1 = (MPI_Alltoall, MPI_Allgather),
 * 2 = (collalg_alltoall_ring, MPI_Allgather), 3 = (MPI_Alltoall, collalg_allgather_ring),
 * 4 = (NULL, collalg_allgather_topology_ring). */
static int run_var2(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    collalg_alltoall_fn a2a[5] = {NULL, MPI_Alltoall, collalg_alltoall_ring, MPI_Alltoall, NULL};
    collalg_allgather_fn ag[5] = {NULL, MPI_Allgather, MPI_Allgather, collalg_allgather_ring,
                                  collalg_allgather_topology_ring};
    return collalg_allreduce_rabenseifner_var2(sb, rb, n, t, op, cm, a2a[param], ag[param]);
}

/* recursive_multiplying: param = radix (0: the default; 1000: above every p, one step) */
static int run_recursive_multiplying(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_recursive_multiplying(sb, rb, n, t, op, cm, param);
}

static int run_two_stage(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_two_stage(sb, rb, n, t, op, cm, param);
}

/* param 0: defaults; 1: 1000-byte segments (several per case); 2: 1000-byte segments, MPI_Allreduce
 * among the leaders */
/* full_lane: param 0 the default lane allreduce, 1 Rabenseifner, 2 recursive doubling, 3 the native one */
static int run_full_lane(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    static const collalg_allreduce_fn inter[] = {NULL, collalg_allreduce_rabenseifner,
                                                 collalg_allreduce_recursive_doubling, MPI_Allreduce};
    return collalg_allreduce_full_lane(sb, rb, n, t, op, cm, inter[param]);
}

/* pipelined_full_lane: param = segment size in bytes (0: the default; 1000: several segments) */
static int run_pipelined_full_lane(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_pipelined_full_lane(sb, rb, n, t, op, cm, param);
}

static int run_han(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_han(sb, rb, n, t, op, cm, param ? 1000 : 0, param == 2 ? MPI_Allreduce : NULL);
}

/* circulant: param = block size in bytes (0: the default) */
static int run_circulant(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_circulant(sb, rb, n, t, op, cm, param);
}

/* A segment size code: TT_SMALL is an eighth of the vector, at least 1 byte (one element for
 * counts <= 8: one message per element is slow under oversubscribed MPICH for the big count); any
 * other code is the segment size in bytes itself (0: the default). */
#define TT_SMALL (-2)
static int segment_size(int code, int n, MPI_Datatype t)
{
    int size = 0;
    MPI_Type_size(t, &size);
    if (code == TT_SMALL)
        code = (int)((long)n * size / 8) > 1 ? (int)((long)n * size / 8) : 1;
    return code;
}

/* two_tree: param = a segment size code (segment_size) */
static int run_two_tree(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    return collalg_allreduce_two_tree(sb, rb, n, t, op, cm, segment_size(param, n, t));
}

/* pipelined_tree: param = a row of ptree, (segment size code, tree, radix); row 0 the defaults
 * (64 KiB segments, the k-nomial tree of radix 2) */
static int run_pipelined_tree(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    static const int ptree[][3] = {{0, 0, 0},
                                   {TT_SMALL, 0, 0},
                                   {TT_SMALL, COLLALG_TREE_KNOMIAL, 3},
                                   {TT_SMALL, COLLALG_TREE_KARY, 2},
                                   {1000, COLLALG_TREE_KARY, 3}};
    return collalg_allreduce_pipelined_tree(sb, rb, n, t, op, cm, segment_size(ptree[param][0], n, t), ptree[param][1],
                                            ptree[param][2]);
}

/* segmented_ring: param = segment size in bytes (0: the default, 1 MiB: the plain ring here), or
 * SR_THIRD: a third of a block, at least 1 byte (three or four phases; one element per segment for
 * counts <= 3 p) */
#define SR_THIRD (-2)
static int run_segmented_ring(const void *sb, void *rb, int n, MPI_Datatype t, MPI_Op op, MPI_Comm cm, int param)
{
    int size = 0, p = 1;
    MPI_Type_size(t, &size);
    MPI_Comm_size(cm, &p);
    if (param == SR_THIRD)
        param = (int)((long)n * size / p / 3) > 1 ? (int)((long)n * size / p / 3) : 1;
    return collalg_allreduce_segmented_ring(sb, rb, n, t, op, cm, param);
}

#define PARAM_P (-1) /* two_stage block = p */

static const struct {
    const char *name;
    ar_fn fn;
    int param;
    int noncomm; /* 1: preserves operand order; 0: documented to return MPI_ERR_OP */
} algos[] = {
    {"reduce_bcast", run_reduce_bcast, 0, 1},
    {"allgather_based(ring)", run_allgather_based, 0, 1},
    {"allgather_based(MPI_Allgather)", run_allgather_based, 1, 1},
    {"allgather_based(topology_ring)", run_allgather_based, 2, 1},
    {"recursive_doubling", run_recursive_doubling, 0, 1},
    {"recursive_multiplying(0)", run_recursive_multiplying, 0, 1},
    {"recursive_multiplying(2)", run_recursive_multiplying, 2, 1},
    {"recursive_multiplying(3)", run_recursive_multiplying, 3, 1},
    {"recursive_multiplying(1000)", run_recursive_multiplying, 1000, 1},
    {"rabenseifner", run_rabenseifner, 0, 1},
    {"rabenseifner_var1(ring)", run_var1, 0, 1},
    {"rabenseifner_var1(MPI_Allgather)", run_var1, 1, 1},
    {"rabenseifner_var1(topology_ring)", run_var1, 2, 1},
    {"rabenseifner_var2(ring,ring)", run_var2, 0, 1},
    {"rabenseifner_var2(MPI_Alltoall,MPI_Allgather)", run_var2, 1, 1},
    {"rabenseifner_var2(alltoall_ring,MPI_Allgather)", run_var2, 2, 1},
    {"rabenseifner_var2(MPI_Alltoall,allgather_ring)", run_var2, 3, 1},
    {"rabenseifner_var2(ring,topology_ring)", run_var2, 4, 1},
    {"han(0)", run_han, 0, 1},
    {"han(1000)", run_han, 1, 1},
    {"han(1000,MPI_Allreduce)", run_han, 2, 1},
    {"full_lane(0)", run_full_lane, 0, 1},
    {"full_lane(rabenseifner)", run_full_lane, 1, 1},
    {"full_lane(recursive_doubling)", run_full_lane, 2, 1},
    {"full_lane(MPI_Allreduce)", run_full_lane, 3, 1},
    {"pipelined_full_lane(0)", run_pipelined_full_lane, 0, 1},
    {"pipelined_full_lane(1000)", run_pipelined_full_lane, 1000, 1},
    {"ring", run_ring, 0, 0},
    {"segmented_ring(0)", run_segmented_ring, 0, 0},
    {"segmented_ring(1000)", run_segmented_ring, 1000, 0},
    {"segmented_ring(third)", run_segmented_ring, SR_THIRD, 0},
    {"circulant(0)", run_circulant, 0, 0},
    {"circulant(1000)", run_circulant, 1000, 0},
    {"swing_latency", run_swing_latency, 0, 0},
    {"swing_bandwidth", run_swing_bandwidth, 0, 0},
    {"bine", run_bine, 0, 0},
    {"circulant_reduce_scatter_allgather", run_circulant_reduce_scatter_allgather, 0, 0},
    {"topology_ring", run_topology_ring, 0, 0},
    {"two_stage(0)", run_two_stage, 0, 1},
    {"two_stage(1)", run_two_stage, 1, 1},
    {"two_stage(p)", run_two_stage, PARAM_P, 1},
    {"two_tree(0)", run_two_tree, 0, 1},
    {"two_tree(small)", run_two_tree, TT_SMALL, 1},
    {"two_tree(1000)", run_two_tree, 1000, 1},
    {"two_tree(INT_MAX)", run_two_tree, 2147483647, 1},
    {"pipelined_tree(0,0,0)", run_pipelined_tree, 0, 1},
    {"pipelined_tree(small,0,0)", run_pipelined_tree, 1, 1},
    {"pipelined_tree(small,knomial,3)", run_pipelined_tree, 2, 1},
    {"pipelined_tree(small,kary,2)", run_pipelined_tree, 3, 1},
    {"pipelined_tree(1000,kary,3)", run_pipelined_tree, 4, 1},
};

/* ---- the cases ---------------------------------------------------------------------------- */

/* The hash (rc_hash), the matrix product op (rc_user_matmul) and the error handler
 * (rc_ignore_errors) are reduction_cases.h's; the cases are not (other ops and types). */

/* User commutative op on MPI_INT or a contiguous type of ints: (a + b) mod RC_USER_PRIME (unlike
 * reduction_cases.h's rc_user_sum, it also serves MPI_INT itself). */
static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    const int *a = (const int *)in;
    int *b = (int *)inout, i, size;
    MPI_Type_size(*type, &size);
    for (i = 0; i < *len * (size / 4); i++)
        b[i] = (int)(((long)a[i] + b[i]) % RC_USER_PRIME);
}

enum { K_INT, K_DOUBLE, K_PAIR, K_MAT };

typedef struct ar_case {
    const char *name;
    MPI_Datatype type;
    MPI_Op op;
    int kind;     /* how to fill and compare */
    int ints;     /* ints per element (K_INT, K_PAIR, K_MAT) */
    int bytes;    /* bytes per element */
    int lo, span; /* values in [lo, lo + span) */
} ar_case;

#define NCASES 11

static void cases_init(ar_case c[NCASES], MPI_Datatype *int2, MPI_Datatype *mat, MPI_Op *usum, MPI_Op *umat)
{
    MPI_Type_contiguous(2, MPI_INT, int2);
    MPI_Type_commit(int2);
    MPI_Type_contiguous(4, MPI_INT, mat);
    MPI_Type_commit(mat);
    MPI_Op_create(user_sum, 1, usum);
    MPI_Op_create(rc_user_matmul, 0, umat);
    c[0] = (ar_case){"int-sum", MPI_INT, MPI_SUM, K_INT, 1, 4, -1000, 2001};
    c[1] = (ar_case){"int-max", MPI_INT, MPI_MAX, K_INT, 1, 4, -100000, 200001};
    c[2] = (ar_case){"int-prod", MPI_INT, MPI_PROD, K_INT, 1, 4, 0, 0};
    c[3] = (ar_case){"int-band", MPI_INT, MPI_BAND, K_INT, 1, 4, 0, 0};
    c[4] = (ar_case){"double-sum", MPI_DOUBLE, MPI_SUM, K_DOUBLE, 0, 8, 0, 0};
    c[5] = (ar_case){"2int-minloc", MPI_2INT, MPI_MINLOC, K_PAIR, 2, 8, 0, 8};
    c[6] = (ar_case){"2int-maxloc", MPI_2INT, MPI_MAXLOC, K_PAIR, 2, 8, 0, 8};
    c[7] = (ar_case){"int2-sum", *int2, MPI_SUM, K_INT, 2, 8, -1000, 2001};
    c[8] = (ar_case){"int-user", MPI_INT, *usum, K_INT, 1, 4, 0, RC_USER_PRIME};
    c[10] = (ar_case){"int2-user", *int2, *usum, K_INT, 2, 8, 0, RC_USER_PRIME};
    c[9] = (ar_case){"mat-noncomm", *mat, *umat, K_MAT, 4, 16, 0, RC_MAT_PRIME};
}

/* Fills rank `rank`'s input of `count` elements of case `k` into `buf`. */
static void ar_fill(const ar_case *k, void *buf, int count, int rank, unsigned seed)
{
    long i, n = (long)count * (k->kind == K_DOUBLE ? 1 : k->ints);
    for (i = 0; i < n; i++) {
        unsigned h = rc_hash(seed, rank, i);
        if (k->kind == K_DOUBLE)
            ((double *)buf)[i] = (double)(h % 2000001u) / 1000000.0 - 1.0;
        else if (k->op == MPI_PROD)
            ((int *)buf)[i] = (i + rank) % 16 == 0 ? 2 : (h & 1 ? 1 : -1);
        else if (k->op == MPI_BAND)
            ((int *)buf)[i] = (int)(h | rc_hash(seed + 1, rank, i) | rc_hash(seed + 2, rank, i));
        else if (k->kind == K_PAIR)
            ((int *)buf)[i] = i % 2 ? rank : k->lo + (int)(h % (unsigned)k->span);
        else
            ((int *)buf)[i] = k->lo + (int)(h % (unsigned)k->span);
    }
}

/* The exact ordered product of every rank's matrices, computed locally. */
static void mat_reference(const ar_case *k, void *want, int count, int p, unsigned seed)
{
    int r, i;
    int *acc = (int *)want, *v = (int *)th_alloc((size_t)count * 16 + 16);
    ar_fill(k, acc, count, p - 1, seed);
    for (r = p - 2; r >= 0; r--) {
        ar_fill(k, v, count, r, seed);
        for (i = 0; i < count; i++)
            rc_mat_mul(v + 4 * i, acc + 4 * i);
    }
    free(v);
}

/* 1 when the doubles agree within tol and the guard bytes after them agree exactly. */
static int doubles_close(const void *got, const void *want, int count, double tol)
{
    int i;
    for (i = 0; i < count; i++)
        if (!(fabs(((const double *)got)[i] - ((const double *)want)[i]) <= tol))
            return 0;
    return memcmp((const char *)got + (size_t)count * 8, (const char *)want + (size_t)count * 8, 16) == 0;
}

/* Counts from --counts with "p-1" / "p+1" resolved (th_parse reads them as 0), duplicates
 * removed; -1 stands for "big". */
static int ar_counts(int argc, char **argv, const th_opts *o, int p, int *out)
{
    const char *list = "0,1,3,p-1,p+1,1000,big", *s;
    int i, j, n = 0, v;
    (void)o;
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--counts"))
            list = argv[i + 1];
    for (s = list; s && *s && n < 16; s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL) {
        if (!strncmp(s, "big", 3))
            v = -1;
        else if (!strncmp(s, "p-1", 3))
            v = p - 1;
        else if (!strncmp(s, "p+1", 3))
            v = p + 1;
        else
            v = atoi(s);
        for (j = 0; j < n && out[j] != v; j++)
            ;
        if (j == n)
            out[n++] = v;
    }
    return n;
}

/* 1 when the algorithm `name` is left out by --skip (a comma-separated list of substrings). */
static int ar_skipped(int argc, char **argv, const char *name)
{
    int i;
    const char *s;
    char item[64];
    for (i = 1; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--skip"))
            continue;
        for (s = argv[i + 1]; s && *s; s = strchr(s, ',') ? strchr(s, ',') + 1 : NULL) {
            size_t n = strcspn(s, ",");
            if (n == 0 || n >= sizeof item)
                continue;
            memcpy(item, s, n);
            item[n] = 0;
            if (strstr(name, item))
                return 1;
        }
    }
    return 0;
}

/* ---- one case ------------------------------------------------------------------------------ */

/* Runs every algorithm on case `k` with `count` elements, out of place and in place. */
static void run_case(th_result *res, const th_opts *o, const ar_case *k, int count, unsigned seed, int p, int rank,
                     const char *skip)
{
    size_t bytes = (size_t)count * (size_t)k->bytes + 16;
    void *sbuf = th_alloc(bytes), *want = th_alloc(bytes), *got = th_alloc(bytes), *input = th_alloc(bytes);
    double tol = 1e-12 * p;
    int a, inplace, err, native;
    char what[160];

    /* every buffer starts as 0x5A bytes, so the guard after the vector is the same everywhere */
    memset(sbuf, 0x5A, bytes);
    ar_fill(k, sbuf, count, rank, seed);
    memset(want, 0x5A, bytes);
    err = MPI_Allreduce(sbuf, want, count, k->type, k->op, MPI_COMM_WORLD);
    native = err;
    MPI_Error_class(err, &native);
    snprintf(what, sizeof what, "allreduce native p=%d type=%s count=%d class=%d", p, k->name, count, native);
    th_record(res, o, what, 0);
    if (k->kind == K_MAT) {
        /* the exact ordered product replaces the native result as the reference */
        void *exact = th_alloc(bytes);
        memset(exact, 0x5A, bytes);
        mat_reference(k, exact, count, p, seed);
        snprintf(what, sizeof what, "allreduce native-vs-exact p=%d type=%s count=%d", p, k->name, count);
        th_check(res, o, what, want, exact, bytes);
        memcpy(want, exact, bytes);
        free(exact);
    }
    for (inplace = 0; inplace <= o->inplace; inplace++) {
        for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
            int param = algos[a].param == PARAM_P ? p : algos[a].param;
            int refuse = (k->kind == K_MAT && !algos[a].noncomm) || native != MPI_SUCCESS;
            int expect = native != MPI_SUCCESS ? native : MPI_ERR_OP;
            if (!th_want_algo(o, algos[a].name) || skip[a])
                continue;
            if (inplace) {
                memcpy(got, sbuf, bytes);
                memcpy(input, sbuf, bytes);
                err = algos[a].fn(MPI_IN_PLACE, got, count, k->type, k->op, MPI_COMM_WORLD, param);
            } else {
                memset(got, 0x5A, bytes);
                memset(input, 0x5A, bytes);
                err = algos[a].fn(sbuf, got, count, k->type, k->op, MPI_COMM_WORLD, param);
            }
            snprintf(what, sizeof what, "allreduce %s p=%d type=%s count=%d%s%s", algos[a].name, p, k->name, count,
                     inplace ? " in-place" : "", refuse ? " (expects an error)" : "");
            if (refuse) {
                int cls = err;
                MPI_Error_class(err, &cls);
                th_expect(res, o, what, cls == expect);
                th_check(res, o, what, got, input, bytes);
            } else if (k->kind == K_DOUBLE) {
                th_expect(res, o, what, err == MPI_SUCCESS && doubles_close(got, want, count, tol));
            } else {
                th_expect(res, o, what, err == MPI_SUCCESS);
                th_check(res, o, what, got, want, bytes);
            }
        }
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
}

/* Parameter checks: two_stage with block < 0 returns MPI_ERR_ARG and writes nothing. */
static void run_param_checks(th_result *res, const th_opts *o, int p)
{
    int in[3] = {1, 2, 3}, out[3] = {7, 7, 7}, err, cls;
    char what[120];
    if (!th_want_algo(o, "two_stage(-1)"))
        return;
    err = collalg_allreduce_two_stage(in, out, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD, -1);
    cls = err;
    MPI_Error_class(err, &cls);
    snprintf(what, sizeof what, "allreduce two_stage(-1) p=%d returns MPI_ERR_ARG, recvbuf untouched", p);
    th_expect(res, o, what, cls == MPI_ERR_ARG && out[0] == 7 && out[1] == 7 && out[2] == 7);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    ar_case cases[NCASES];
    MPI_Datatype int2, mat;
    MPI_Op usum, umat;
    MPI_Errhandler handler;
    int p, rank, ci, ki, a, counts[16], ncounts, status;
    char skip[sizeof algos / sizeof algos[0]];

    MPI_Init(&argc, &argv);
    MPI_Comm_create_errhandler(rc_ignore_errors, &handler);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, handler);
    th_parse(argc, argv, &o);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    cases_init(cases, &int2, &mat, &usum, &umat);
    ncounts = ar_counts(argc, argv, &o, p, counts);
    for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++)
        skip[a] = (char)ar_skipped(argc, argv, algos[a].name);

    run_param_checks(&r, &o, p);
    for (ki = 0; ki < NCASES; ki++) {
        if (!th_want_type(&o, cases[ki].name))
            continue;
        for (ci = 0; ci < ncounts; ci++) {
            int count = counts[ci] < 0 ? th_big_count(cases[ki].type) : counts[ci];
            if ((double)count * cases[ki].bytes * p > o.max_bytes)
                continue;
            run_case(&r, &o, &cases[ki], count, (unsigned)(ki * 131 + ci * 17 + 1), p, rank, skip);
        }
    }
    MPI_Type_free(&int2);
    MPI_Type_free(&mat);
    MPI_Op_free(&usum);
    MPI_Op_free(&umat);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    MPI_Errhandler_free(&handler);
    status = th_finish(&r, "allreduce");
    MPI_Finalize();
    return status;
}
