/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * select_rooted.c - the selector macros of the rooted and reduction collectives and of alltoallw
 * (include/collalg/select.h): COLLALG_TUNED_REDUCE, _GATHER, _SCATTER, _GATHERV, _SCATTERV,
 * _SCAN, _EXSCAN, _REDUCE_SCATTER_BLOCK, _REDUCE_SCATTER and _ALLTOALLW. Each tuned routine below must run the algorithm its rules name for the size the
 * selector compares (boundaries included; the in-place root's side for gather and scatter), skip a
 * commutative-only rule for a non-commutative operation, fall back to the native collective where
 * no rule matches, make every rank choose alike (gatherv and scatterv: only the root knows the
 * counts), and give the native result byte for byte.
 *
 * Options: those of harness.h (-v).
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* clock_gettime (harness.h th_stamp) under -std=c99 */
#endif
#include "select_hook.h"

#include <collalg/collalg.h>
#include <collalg/select.h>
#include "harness.h"

/* clang-format off */
COLLALG_TUNED_REDUCE(reduce_tuned,
    COLLALG_RULE(1,    64,          binomial)
    COLLALG_RULE(64,   4096,        linear)
    COLLALG_RULE(4096, COLLALG_INF, rabenseifner))

COLLALG_TUNED_GATHER(gather_tuned,
    COLLALG_RULE(1,   100,         binomial)
    COLLALG_RULE(100, COLLALG_INF, linear))

COLLALG_TUNED_SCATTER(scatter_tuned,
    COLLALG_RULE(1,   100,         binomial)
    COLLALG_RULE(100, COLLALG_INF, linear))

COLLALG_TUNED_GATHERV(gatherv_tuned,
    COLLALG_RULE(1,  40,          linear)
    COLLALG_RULE(40, COLLALG_INF, binomial))

/* One rule from 0 up: the choice cannot depend on n, so no MPI_Bcast and n = 0. */
COLLALG_TUNED_GATHERV(gatherv_flat,
    COLLALG_RULE(0, COLLALG_INF, binomial))

COLLALG_TUNED_SCATTERV(scatterv_tuned,
    COLLALG_RULE(1,  40,          linear)
    COLLALG_RULE(40, COLLALG_INF, binomial))

COLLALG_TUNED_SCAN(scan_tuned,
    COLLALG_RULE(1,  64,          linear, 0)
    COLLALG_RULE(64, COLLALG_INF, recursive_doubling))

COLLALG_TUNED_EXSCAN(exscan_tuned,
    COLLALG_RULE(1,  64,          binary_tree)
    COLLALG_RULE(64, COLLALG_INF, linear, 32))

COLLALG_TUNED_REDUCE_SCATTER_BLOCK(rsb_tuned,
    COLLALG_RULE(1,  64,          recursive_doubling)
    COLLALG_RULE(64, COLLALG_INF, ring)                 /* commutative operations */
    COLLALG_RULE(64, COLLALG_INF, reduce_scatterv))     /* the others */

COLLALG_TUNED_REDUCE_SCATTER(rs_tuned,
    COLLALG_RULE(1,  64,          recursive_doubling)
    COLLALG_RULE(64, COLLALG_INF, pairwise)
    COLLALG_RULE(64, COLLALG_INF, recursive_doubling))

COLLALG_TUNED_ALLTOALLW(alltoallw_tuned,
    COLLALG_RULE(1,  40,          pair)
    COLLALG_RULE(40, COLLALG_INF, scattered, 2))
/* clang-format on */

static void fill(char *buf, size_t n, int rank, int salt)
{
    th_fill(buf, n, (unsigned)(rank * 131 + salt));
}

/* ---- reduce -------------------------------------------------------------------------------- */

/* 2 x 2 integer matrix product, inout = in * inout: associative, not commutative. */
static void sr_matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int *a = (int *)in, *b = (int *)inout, k;
    (void)type;
    for (k = 0; k < *len; k++, a += 4, b += 4) {
        int c[4];
        c[0] = a[0] * b[0] + a[1] * b[2];
        c[1] = a[0] * b[1] + a[1] * b[3];
        c[2] = a[2] * b[0] + a[3] * b[2];
        c[3] = a[2] * b[1] + a[3] * b[3];
        memcpy(b, c, sizeof c);
    }
}

/* Every reduce algorithm keeps the operand order, so the non-commutative product takes the same
 * rules as the sum. */
static const char *reduce_expect(long long n)
{
    if (n < 1)
        return "reduce_tuned:native";
    if (n < 64)
        return "reduce_tuned:binomial";
    if (n < 4096)
        return "reduce_tuned:linear";
    return "reduce_tuned:rabenseifner";
}

/* Sizes in matrices of 16 bytes (the int sum uses the same byte counts). */
static void test_reduce(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int mats[] = {0, 1, 3, 4, 255, 256, 300};
    MPI_Datatype mat;
    MPI_Op mul;
    int p, rank, i, commutative;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_contiguous(4, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create(sr_matmul, 0, &mul);
    for (commutative = 0; commutative < 2; commutative++)
        for (i = 0; i < (int)(sizeof mats / sizeof *mats); i++) {
            int n = mats[i], k, root = i % p, count = commutative ? 4 * n : n, err;
            MPI_Datatype t = commutative ? MPI_INT : mat;
            MPI_Op op = commutative ? MPI_SUM : mul;
            size_t bytes = 16 * (size_t)n + 16;
            int *s = (int *)th_alloc(bytes), *r1 = (int *)th_alloc(bytes), *r2 = (int *)th_alloc(bytes);
            char what[200];
            for (k = 0; k < 4 * n; k++) /* small entries: the products stay exact */
                s[k] = (rank + k) % 3 - 1;
            memset(r1, 7, bytes);
            memset(r2, 7, bytes);
            MPI_Reduce(s, r1, count, t, op, root, comm);
            err = reduce_tuned(s, r2, count, t, op, root, comm);
            snprintf(what, sizeof what, "%s reduce %s n=%d root %d chose %s", cname, commutative ? "sum" : "matmul",
                     16 * n, root, reduce_expect(16LL * n));
            th_expect(res, o, what, sel_was(reduce_expect(16LL * n), 16LL * n, p));
            snprintf(what, sizeof what, "%s reduce %s n=%d result (err %d)", cname, commutative ? "sum" : "matmul",
                     16 * n, err);
            th_check(res, o, what, r2, r1, bytes); /* a non-root's buffer stays untouched */
            free(s);
            free(r1);
            free(r2);
        }
    MPI_Op_free(&mul);
    MPI_Type_free(&mat);
}

/* ---- scan and exscan ------------------------------------------------------------------------ */

static const char *scan_expect(int exclusive, long long n, char *buf, size_t size)
{
    if (exclusive)
        snprintf(buf, size, "exscan_tuned:%s", n < 1 ? "native" : n < 64 ? "binary_tree" : "linear(32)");
    else
        snprintf(buf, size, "scan_tuned:%s", n < 1 ? "native" : n < 64 ? "linear(0)" : "recursive_doubling");
    return buf;
}

/* Scan (exscan) of the non-commutative matrix product around the 64-byte threshold (an int sum
 * under SimGrid, whose native scan is wrong for user operations); exscan's rank 0 buffer is
 * undefined: only the other ranks' results are compared. */
static void test_scan(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname, int exclusive)
{
    static const int mats[] = {0, 1, 3, 4, 40};
    MPI_Datatype mat;
    MPI_Op mul;
    int p, rank, i, k, err;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_contiguous(4, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create(sr_matmul, 0, &mul);
    for (i = 0; i < (int)(sizeof mats / sizeof *mats); i++) {
        int n = mats[i];
        size_t bytes = 16 * (size_t)n + 16;
        int *s = (int *)th_alloc(bytes), *r1 = (int *)th_alloc(bytes), *r2 = (int *)th_alloc(bytes);
        char what[200], want[96];
        for (k = 0; k < 4 * n; k++)
            s[k] = (rank + k) % 3 - 1;
        memset(r1, 7, bytes);
        memset(r2, 7, bytes);
#ifdef SMPI_H
        int count = 4 * n;
        MPI_Datatype t = MPI_INT;
        MPI_Op op = MPI_SUM;
#else
        int count = n;
        MPI_Datatype t = mat;
        MPI_Op op = mul;
#endif
        if (exclusive) {
            MPI_Exscan(s, r1, count, t, op, comm);
            err = exscan_tuned(s, r2, count, t, op, comm);
        } else {
            MPI_Scan(s, r1, count, t, op, comm);
            err = scan_tuned(s, r2, count, t, op, comm);
        }
        scan_expect(exclusive, 16LL * n, want, sizeof want);
        snprintf(what, sizeof what, "%s %s n=%d chose %s", cname, exclusive ? "exscan" : "scan", 16 * n, want);
        th_expect(res, o, what, sel_was(want, 16LL * n, p));
        snprintf(what, sizeof what, "%s %s n=%d result (err %d)", cname, exclusive ? "exscan" : "scan", 16 * n, err);
        th_check(res, o, what, exclusive && rank == 0 ? (void *)r1 : (void *)r2, r1, bytes);
        free(s);
        free(r1);
        free(r2);
    }
    MPI_Op_free(&mul);
    MPI_Type_free(&mat);
}

/* ---- reduce_scatter_block and reduce_scatter ----------------------------------------------- */

static const char *rs_expect(int block, long long n, int commutative, char *buf, size_t size)
{
    const char *alg = n < 1    ? "native"
                      : n < 64 ? "recursive_doubling"
                      : block  ? (commutative ? "ring" : "reduce_scatterv")
                               : (commutative ? "pairwise" : "recursive_doubling");
    snprintf(buf, size, "%s:%s", block ? "rsb_tuned" : "rs_tuned", alg);
    return buf;
}

/* Reduce_scatter_block (reduce_scatter with the same counts) of b matrices per rank, around the
 * 64-byte threshold of the whole vector: the sum runs the commutative-only rule, the matrix product
 * (MPICH and Open MPI only: SimGrid's native reduce-scatter is wrong for user operations) its
 * alternative. */
static void test_rs(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname, int block)
{
    static const int mats[] = {0, 1, 3};
    MPI_Datatype mat;
    MPI_Op mul;
    int p, rank, i, k, err, commutative, *counts;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    MPI_Type_contiguous(4, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create(sr_matmul, 0, &mul);
    counts = (int *)th_alloc((size_t)p * sizeof(int));
    for (commutative = 0; commutative < 2; commutative++)
        for (i = 0; i < (int)(sizeof mats / sizeof *mats); i++) {
            int b = mats[i];
            size_t bytes = 16 * (size_t)b * (size_t)p + 16;
            long long n = 16LL * b * p;
            int *s = (int *)th_alloc(bytes), *r1 = (int *)th_alloc(bytes), *r2 = (int *)th_alloc(bytes);
            char what[200], want[96];
#ifdef SMPI_H
            int sum = 1;
#else
            int sum = commutative;
#endif
            int count = sum ? 4 * b : b;
            MPI_Datatype t = sum ? MPI_INT : mat;
            MPI_Op op = sum ? MPI_SUM : mul;
            for (k = 0; k < 4 * b * p; k++)
                s[k] = (rank + k) % 3 - 1;
            for (k = 0; k < p; k++)
                counts[k] = count;
            memset(r1, 7, bytes);
            memset(r2, 7, bytes);
            if (block) {
                MPI_Reduce_scatter_block(s, r1, count, t, op, comm);
                err = rsb_tuned(s, r2, count, t, op, comm);
            } else {
                MPI_Reduce_scatter(s, r1, counts, t, op, comm);
                err = rs_tuned(s, r2, counts, t, op, comm);
            }
            rs_expect(block, n, sum, want, sizeof want);
            snprintf(what, sizeof what, "%s %s %s n=%lld chose %s", cname,
                     block ? "reduce_scatter_block" : "reduce_scatter", sum ? "sum" : "matmul", n, want);
            th_expect(res, o, what, sel_was(want, n, p));
            snprintf(what, sizeof what, "%s %s n=%lld result (err %d)", cname, block ? "rsb" : "rs", n, err);
            th_check(res, o, what, r2, r1, bytes);
            free(s);
            free(r1);
            free(r2);
        }
    free(counts);
    MPI_Op_free(&mul);
    MPI_Type_free(&mat);
}

/* ---- gather and scatter -------------------------------------------------------------------- */

static const char *rooted_expect(const char *routine, long long n, char *buf, size_t size)
{
    snprintf(buf, size, "%s:%s", routine, n < 1 ? "native" : n < 100 ? "binomial" : "linear");
    return buf;
}

/* Gather (scatter when `scatter`) of n bytes per rank from every root, out of place and with the
 * root in place; the root's in-place side has the size the rules compare. */
static void test_gather_scatter(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname, int scatter)
{
    static const int sizes[] = {0, 1, 99, 100, 1000};
    const char *routine = scatter ? "scatter_tuned" : "gather_tuned";
    int p, rank, i, root, inplace;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (inplace = 0; inplace < 2; inplace++)
        for (root = 0; root<p; root += p> 1 ? p - 1 : 1)
            for (i = 0; i < (int)(sizeof sizes / sizeof *sizes); i++) {
                int n = sizes[i], err;
                size_t all = (size_t)n * (size_t)p + 1;
                char *mine = (char *)th_alloc((size_t)n + 1), *big1 = (char *)th_alloc(all),
                     *big2 = (char *)th_alloc(all), *mine2 = (char *)th_alloc((size_t)n + 1), what[200], want[96];
                int ip = inplace && rank == root;
                fill(mine, (size_t)n + 1, rank, n);
                memcpy(mine2, mine, (size_t)n + 1);
                fill(big1, all, rank, n + 7);
                memcpy(big2, big1, all);
                if (scatter) {
                    MPI_Scatter(big1, n, MPI_BYTE, ip ? MPI_IN_PLACE : (void *)mine, n, MPI_BYTE, root, comm);
                    /* an in-place root's receive type is ignored: a null one must not change the choice */
                    err = scatter_tuned(big2, n, MPI_BYTE, ip ? MPI_IN_PLACE : (void *)mine2, n,
                                        ip ? MPI_DATATYPE_NULL : MPI_BYTE, root, comm);
                } else {
                    if (ip) /* the root's own block is already in place */
                        memcpy(big1 + (size_t)n * (size_t)root, mine, (size_t)n), memcpy(big2, big1, all);
                    MPI_Gather(ip ? MPI_IN_PLACE : (void *)mine, n, MPI_BYTE, big1, n, MPI_BYTE, root, comm);
                    /* an in-place root's send type is ignored: a null one must not change the choice */
                    err = gather_tuned(ip ? MPI_IN_PLACE : (void *)mine, n, ip ? MPI_DATATYPE_NULL : MPI_BYTE, big2, n,
                                       MPI_BYTE, root, comm);
                }
                rooted_expect(routine, n, want, sizeof want);
                snprintf(what, sizeof what, "%s %s n=%d root %d%s chose %s", cname, routine, n, root,
                         inplace ? " in place" : "", want);
                th_expect(res, o, what, sel_was(want, n, p));
                snprintf(what, sizeof what, "%s %s n=%d root %d%s result (err %d)", cname, routine, n, root,
                         inplace ? " in place" : "", err);
                if (scatter)
                    th_check(res, o, what, mine2, mine, (size_t)n + 1);
                /* gather: the root's result, untouched elsewhere; scatter: the send buffers untouched
                 * (every rank records the same cases) */
                th_check(res, o, what, big2, big1, all);
                free(mine);
                free(mine2);
                free(big1);
                free(big2);
            }
}

/* ---- gatherv and scatterv ------------------------------------------------------------------ */

/* Counts (ints) with the mean `mean4` / 4 ints per rank, one rank holding most of them. */
static void v_counts(int p, long long total, int *c, int *d)
{
    long long rest = total;
    int j;
    for (j = 1; j < p; j++) {
        c[j] = rest >= j % 2 ? j % 2 : 0;
        rest -= c[j];
    }
    c[0] = (int)rest;
    for (j = p - 1, d[p - 1] = 0; j > 0; j--) /* displacements in reverse rank order */
        d[j - 1] = d[j] + c[j];
}

static const char *v_expect(const char *routine, long long n, char *buf, size_t size)
{
    snprintf(buf, size, "%s:%s", routine, n < 1 ? "native" : n < 40 ? "linear" : "binomial");
    return buf;
}

/* Gatherv (scatterv) with totals around the 40-byte mean; the counts are significant only at the
 * root: the others pass NULL. */
static void test_v(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname, int scatter, int flat)
{
    long long totals[5];
    const char *routine = scatter ? "scatterv_tuned" : flat ? "gatherv_flat" : "gatherv_tuned";
    int p, rank, i, root = 0, *c, *d;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    root = p / 2;
    totals[0] = 0, totals[1] = 1, totals[3] = (40LL * p + 3) / 4, totals[2] = totals[3] - 1, totals[4] = 100LL * p;
    c = (int *)th_alloc(2 * (size_t)p * sizeof(int));
    d = c + p;
    for (i = 0; i < 5; i++) {
        long long tot = totals[i], n = 4 * tot / p;
        char *mine, *mine2, *big1, *big2, what[200], want[96];
        int err;
        v_counts(p, tot, c, d);
        mine = (char *)th_alloc(4 * (size_t)c[rank] + 4);
        mine2 = (char *)th_alloc(4 * (size_t)c[rank] + 4);
        big1 = (char *)th_alloc(4 * (size_t)tot + 4);
        big2 = (char *)th_alloc(4 * (size_t)tot + 4);
        fill(mine, 4 * (size_t)c[rank] + 4, rank, (int)tot);
        memcpy(mine2, mine, 4 * (size_t)c[rank] + 4);
        fill(big1, 4 * (size_t)tot + 4, rank, (int)tot + 3);
        memcpy(big2, big1, 4 * (size_t)tot + 4);
        if (scatter) {
            MPI_Scatterv(big1, c, d, MPI_INT, mine, c[rank], MPI_INT, root, comm);
            err = scatterv_tuned(big2, rank == root ? c : NULL, rank == root ? d : NULL, MPI_INT, mine2, c[rank],
                                 MPI_INT, root, comm);
        } else {
            MPI_Gatherv(mine, c[rank], MPI_INT, big1, c, d, MPI_INT, root, comm);
            err = (flat ? gatherv_flat : gatherv_tuned)(mine, c[rank], MPI_INT, big2, rank == root ? c : NULL,
                                                        rank == root ? d : NULL, MPI_INT, root, comm);
        }
        if (flat)
            snprintf(want, sizeof want, "%s:binomial", routine);
        else
            v_expect(routine, n, want, sizeof want);
        snprintf(what, sizeof what, "%s %s ints=%lld n=%lld chose %s", cname, routine, tot, n, want);
        th_expect(res, o, what, sel_was_keep(want, flat ? 0 : n, p));
        snprintf(what, sizeof what, "%s %s ints=%lld: all ranks chose alike", cname, routine, tot);
        th_expect(res, o, what, sel_agree(comm));
        snprintf(what, sizeof what, "%s %s ints=%lld result (err %d)", cname, routine, tot, err);
        if (scatter)
            th_check(res, o, what, mine2, mine, 4 * (size_t)c[rank] + 4);
        else if (rank == root)
            th_check(res, o, what, big2, big1, 4 * (size_t)tot + 4);
        else
            th_expect(res, o, what, err == MPI_SUCCESS);
        free(mine);
        free(mine2);
        free(big1);
        free(big2);
    }
    free(c);
}

/* ---- alltoallw ----------------------------------------------------------------------------- */

/* Blocks of k ints to every peer (k chosen so the mean block is around the 40-byte threshold),
 * MPI_INT for every peer, byte displacements in reverse peer order. */
static void test_alltoallw(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int ints[] = {0, 1, 9, 10, 100};
    int p, rank, i, j, *sc, *sd, *rc, *rd;
    MPI_Datatype *ty;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    sc = (int *)th_alloc(4 * (size_t)p * sizeof(int));
    sd = sc + p, rc = sd + p, rd = rc + p;
    ty = (MPI_Datatype *)th_alloc((size_t)p * sizeof *ty);
    for (i = 0; i < (int)(sizeof ints / sizeof *ints); i++) {
        int k = ints[i], err;
        size_t bytes = 4 * (size_t)k * (size_t)p + 4;
        char *s = (char *)th_alloc(bytes), *r1 = (char *)th_alloc(bytes), *r2 = (char *)th_alloc(bytes);
        char what[200], want[96];
        long long n = 4LL * k;
        for (j = 0; j < p; j++) {
            sc[j] = rc[j] = k;
            sd[j] = rd[j] = 4 * k * (p - 1 - j);
            ty[j] = MPI_INT;
        }
        fill(s, bytes, rank, k);
        memset(r1, 7, bytes);
        memset(r2, 7, bytes);
        MPI_Alltoallw(s, sc, sd, ty, r1, rc, rd, ty, comm);
        err = alltoallw_tuned(s, sc, sd, ty, r2, rc, rd, ty, comm);
        snprintf(want, sizeof want, "alltoallw_tuned:%s", n < 1 ? "native" : n < 40 ? "pair" : "scattered(2)");
        snprintf(what, sizeof what, "%s alltoallw n=%lld chose %s", cname, n, want);
        th_expect(res, o, what, sel_was(want, n, p));
        snprintf(what, sizeof what, "%s alltoallw n=%lld result (err %d)", cname, n, err);
        th_check(res, o, what, r2, r1, bytes);
        free(s);
        free(r1);
        free(r2);
    }
    free(sc);
    free(ty);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result res;
    MPI_Comm rev;
    int rank, size, i;

    /* harness.h helpers this program does not need */
    (void)th_want_algo, (void)th_want_type, (void)th_big_count, (void)th_bytes, (void)th_types_free,
        (void)th_types_init, (void)sel_skips, (void)sel_skip;
    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    memset(&res, 0, sizeof res);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    /* Every rank records the same cases (harness.h agrees on them by position), so the second
     * communicator has the world's size: its ranks in reverse order. */
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &rev);
    MPI_Comm_set_errhandler(rev, MPI_ERRORS_RETURN);

    test_reduce(&res, &o, MPI_COMM_WORLD, "world");
    test_reduce(&res, &o, rev, "reversed");
    test_gather_scatter(&res, &o, MPI_COMM_WORLD, "world", 0);
    test_gather_scatter(&res, &o, rev, "reversed", 0);
    test_gather_scatter(&res, &o, MPI_COMM_WORLD, "world", 1);
    test_gather_scatter(&res, &o, MPI_COMM_SELF, "self", 1);
    test_v(&res, &o, MPI_COMM_WORLD, "world", 0, 0);
    test_v(&res, &o, rev, "reversed", 0, 0);
    test_v(&res, &o, MPI_COMM_WORLD, "world", 0, 1);
    test_v(&res, &o, MPI_COMM_WORLD, "world", 1, 0);
    test_v(&res, &o, rev, "reversed", 1, 0);
    test_scan(&res, &o, MPI_COMM_WORLD, "world", 0);
    test_scan(&res, &o, rev, "reversed", 0);
    test_scan(&res, &o, MPI_COMM_WORLD, "world", 1);
    test_scan(&res, &o, rev, "reversed", 1);
    test_rs(&res, &o, MPI_COMM_WORLD, "world", 1);
    test_rs(&res, &o, rev, "reversed", 1);
    test_rs(&res, &o, MPI_COMM_WORLD, "world", 0);
    test_rs(&res, &o, rev, "reversed", 0);
    test_alltoallw(&res, &o, MPI_COMM_WORLD, "world");
    test_alltoallw(&res, &o, rev, "reversed");

    MPI_Comm_free(&rev);
    i = th_finish(&res, "select_rooted");
    MPI_Finalize();
    return i;
}
