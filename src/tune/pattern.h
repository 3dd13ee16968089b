/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pattern.h
 * @brief Communication patterns of the tuner (collalg-tune) for MPI_Alltoallv and MPI_Allgatherv:
 *        the count matrix (or vector) a v-collective is tuned for (Faraj & Yuan, ICS'05, §3.4:
 *        "the pattern description file"). Pure C99, no MPI, so the unit tests call it directly.
 *
 * @par Shapes
 * - alltoallv: a p x p matrix M of byte counts, row i = what rank i sends to each rank
 *   (rank i's sendcounts are row i, its recvcounts column i);
 * - allgatherv: a vector v of p byte counts, v[i] = rank i's block (every rank's recvcounts).
 *
 * @par Patterns (the tuner's --pattern NAME|FILE)
 * | name        | alltoallv                                   | allgatherv                          |
 * |-------------|---------------------------------------------|-------------------------------------|
 * | uniform     | every block the same                        | every block the same                |
 * | random[:S]  | each block uniform in [0, 2 x mean] (seed S, default 1, the same on every rank) | the same |
 * | heavy       | rank 0's row holds 90% of the bytes, the other blocks equal | rank 0's block holds 90% |
 * | FILE        | p lines of p counts (a matrix), or one line of p counts v: then M[i][j] = v[i] (rank i sends v[i] to every rank, the traffic of allgatherv) | one line of p counts, or a matrix: then v[i] = (row sum i) / p |
 * In a FILE, counts are non-negative integers (bytes) separated by blanks or commas; `#` starts a
 * comment that runs to the end of the line; blank lines are skipped.
 *
 * @par Scaling
 * A pattern is a shape: at sample size s (bytes) its counts are scaled so that the mean block is
 * exactly s (alltoallv: the counts sum to s p^2, allgatherv: to s p), which is the n the selector
 * compares (select.h). Rounding gives each block the floor of its exact share, then one more
 * byte to the blocks with the largest remainders (ties: the lower index) until the sum is exact.
 * A FILE is used as is (unscaled, one sample size: its own mean block, rounded down) when the
 * tuner is given neither --sizes nor --max-size.
 */
#ifndef COLLALG_SRC_TUNE_PATTERN_H
#define COLLALG_SRC_TUNE_PATTERN_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** @brief Which pattern a tune_pattern holds. */
enum tune_pattern_kind { TUNE_PAT_UNIFORM, TUNE_PAT_RANDOM, TUNE_PAT_HEAVY, TUNE_PAT_FILE };

/** @brief Shares of rank 0's row (alltoallv) or block (allgatherv) in the heavy pattern, in tenths. */
#define TUNE_PAT_HEAVY_TENTHS 9

/** @brief Random weights lie in [0, 2 TUNE_PAT_RANDOM_HALF] (mean about TUNE_PAT_RANDOM_HALF). */
#define TUNE_PAT_RANDOM_HALF 32768

/** @brief A pattern: weights of both shapes for p processes, and scratch for the scaling. */
typedef struct tune_pattern {
    enum tune_pattern_kind kind; /**< built-in or file */
    char name[256];              /**< "uniform", "random:1", "heavy" or the file name */
    int p;                       /**< processes */
    int asis;                    /**< 1: use the FILE's counts unscaled (no --sizes, no --max-size) */
    unsigned seed;               /**< random: the seed */
    long long *m;                /**< p x p weights of alltoallv, row-major */
    long long *v;                /**< p weights of allgatherv */
    long long *out;              /**< p x p scaled counts (scratch) */
    struct tune_frac *frac;      /**< p x p remainders (scratch) */
} tune_pattern;

/** @brief One remainder of the scaling (sorted: largest first, ties by index). */
struct tune_frac {
    double f; /**< fractional part of the exact share */
    int i;    /**< index of the block */
};

/** @brief qsort comparator of tune_frac: larger remainder first, then lower index. */
static int tune_frac_cmp(const void *a, const void *b)
{
    const struct tune_frac *x = (const struct tune_frac *)a, *y = (const struct tune_frac *)b;
    if (x->f != y->f)
        return x->f > y->f ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

/**
 * @brief Scales weights @p w[0..n) to non-negative integers @p out[0..n) that sum to exactly
 *        @p target, each the floor or the ceiling of its exact share w * target / sum(w) (see
 *        "Scaling"); all-zero weights count as equal. @p frac: n entries of scratch.
 */
static void tune_pattern_scale(const long long *w, int n, long long target, long long *out, struct tune_frac *frac)
{
    double sum = 0, share;
    long long got = 0, left;
    int k;
    for (k = 0; k < n; k++)
        sum += (double)w[k];
    for (k = 0; k < n; k++) {
        share = sum > 0 ? (double)w[k] * (double)target / sum : (double)target / n;
        out[k] = (long long)share;
        frac[k].f = share - (double)out[k];
        frac[k].i = k;
        got += out[k];
    }
    qsort(frac, (size_t)n, sizeof *frac, tune_frac_cmp);
    /* left is below n but for rounding of large values; both loops cycle to stay exact */
    for (left = target - got, k = 0; left > 0; k = (k + 1) % n, left--)
        out[frac[k].i]++;
    for (k = n - 1; left < 0; k = (k + n - 1) % n)
        if (out[frac[k].i] > 0)
            out[frac[k].i]--, left++;
}

/** @brief The next value of the pattern's random generator (64-bit LCG, high bits). */
static unsigned tune_pattern_rand(unsigned long long *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (unsigned)(*state >> 33);
}

/** @brief Fills the weights of a built-in pattern (uniform, random, heavy) for pt->p processes. */
static void tune_pattern_builtin(tune_pattern *pt)
{
    int p = pt->p, i, j;
    unsigned long long st = 0x9e3779b97f4a7c15ULL ^ pt->seed;
    for (i = 0; i < p; i++)
        for (j = 0; j < p; j++) {
            long long *w = &pt->m[(long)i * p + j];
            if (pt->kind == TUNE_PAT_RANDOM)
                *w = tune_pattern_rand(&st) % (2 * TUNE_PAT_RANDOM_HALF + 1);
            else if (pt->kind == TUNE_PAT_HEAVY && p > 1)
                *w = i == 0 ? TUNE_PAT_HEAVY_TENTHS * (p - 1) : 10 - TUNE_PAT_HEAVY_TENTHS;
            else
                *w = 1;
        }
    for (i = 0; i < p; i++) {
        if (pt->kind == TUNE_PAT_RANDOM)
            pt->v[i] = tune_pattern_rand(&st) % (2 * TUNE_PAT_RANDOM_HALF + 1);
        else if (pt->kind == TUNE_PAT_HEAVY && p > 1)
            pt->v[i] = i == 0 ? TUNE_PAT_HEAVY_TENTHS * (p - 1) : 10 - TUNE_PAT_HEAVY_TENTHS;
        else
            pt->v[i] = 1;
    }
}

/**
 * @brief Reads a pattern FILE (see "Patterns") for pt->p processes into pt->m and pt->v, deriving
 *        the shape the file does not give. @return 0, or -1 with a message in @p err.
 */
static int tune_pattern_read(tune_pattern *pt, FILE *f, char *err, size_t errsize)
{
    int p = pt->p, rows = 0, cols, i, j, c = 0;
    long long *vals = (long long *)malloc(((size_t)p * p + 1) * sizeof *vals), x;
    while (vals && c != EOF) {
        for (cols = 0;;) {
            c = getc(f);
            if (c == '#')
                while (c != '\n' && c != EOF)
                    c = getc(f);
            if (c == '\n' || c == EOF)
                break;
            if (c == ' ' || c == '\t' || c == ',' || c == '\r')
                continue;
            if (c < '0' || c > '9' || rows >= p || cols >= p)
                break;
            for (x = 0; c >= '0' && c <= '9'; c = getc(f))
                x = x * 10 + (c - '0') > INT_MAX ? (long long)INT_MAX + 1 : x * 10 + (c - '0');
            ungetc(c, f);
            if (x > INT_MAX)
                break;
            vals[(long)rows * p + cols++] = x;
        }
        if (c != '\n' && c != EOF) {
            snprintf(err, errsize, "line %d: expected at most %d counts (integers 0..%d) per line and %d lines",
                     rows + 1, p, INT_MAX, p);
            free(vals);
            return -1;
        }
        if (cols == 0)
            continue;
        if (cols != p) {
            snprintf(err, errsize, "line %d has %d counts, not p = %d", rows + 1, cols, p);
            free(vals);
            return -1;
        }
        rows++;
    }
    if (!vals || (rows != 1 && rows != p)) {
        snprintf(err, errsize, vals ? "%d lines of counts: want 1 (allgatherv) or p = %d (alltoallv)" : "out of memory",
                 rows, p);
        free(vals);
        return -1;
    }
    for (i = 0; i < p; i++) {
        long long row = 0;
        for (j = 0; j < p; j++) {
            pt->m[(long)i * p + j] = rows == p ? vals[(long)i * p + j] : vals[i];
            row += pt->m[(long)i * p + j];
        }
        pt->v[i] = rows == p ? row / p : vals[i];
    }
    free(vals);
    return 0;
}

/** @brief Frees what tune_pattern_init allocated (safe on a zeroed struct). */
static void tune_pattern_free(tune_pattern *pt)
{
    free(pt->m);
    free(pt->v);
    free(pt->out);
    free(pt->frac);
    pt->m = pt->v = pt->out = NULL;
    pt->frac = NULL;
}

/**
 * @brief Sets up pattern @p spec ("uniform", "random", "random:SEED", "heavy" or a file name) for
 *        @p p processes. A file is read only when @p read_file (the tuner reads it on rank 0 and
 *        broadcasts the weights); @p asis marks a file for use unscaled.
 * @return 0, or -1 with a message in @p err.
 */
static int tune_pattern_init(tune_pattern *pt, const char *spec, int p, int read_file, int asis, char *err,
                             size_t errsize)
{
    FILE *f;
    int rc = 0;
    memset(pt, 0, sizeof *pt);
    pt->p = p;
    pt->seed = 1;
    snprintf(pt->name, sizeof pt->name, "%s", spec);
    pt->m = (long long *)calloc((size_t)p * p, sizeof *pt->m);
    pt->v = (long long *)calloc((size_t)p, sizeof *pt->v);
    pt->out = (long long *)calloc((size_t)p * p, sizeof *pt->out);
    pt->frac = (struct tune_frac *)calloc((size_t)p * p, sizeof *pt->frac);
    if (!pt->m || !pt->v || !pt->out || !pt->frac) {
        snprintf(err, errsize, "out of memory for a %d x %d pattern", p, p);
        tune_pattern_free(pt);
        return -1;
    }
    if (!strcmp(spec, "uniform") || !strcmp(spec, "heavy") || !strcmp(spec, "random") || !strncmp(spec, "random:", 7)) {
        pt->kind = spec[0] == 'u' ? TUNE_PAT_UNIFORM : spec[0] == 'h' ? TUNE_PAT_HEAVY : TUNE_PAT_RANDOM;
        if (pt->kind == TUNE_PAT_RANDOM) {
            if (spec[6] == ':')
                pt->seed = (unsigned)strtoul(spec + 7, NULL, 10);
            snprintf(pt->name, sizeof pt->name, "random:%u", pt->seed);
        }
        tune_pattern_builtin(pt);
        return 0;
    }
    pt->kind = TUNE_PAT_FILE;
    pt->asis = asis;
    if (!read_file)
        return 0;
    f = fopen(spec, "r");
    if (!f) {
        snprintf(err, errsize, "cannot read pattern file %s (built-in patterns: uniform, random[:SEED], heavy)", spec);
        tune_pattern_free(pt);
        return -1;
    }
    rc = tune_pattern_read(pt, f, err, errsize);
    fclose(f);
    if (rc)
        tune_pattern_free(pt);
    return rc;
}

/** @brief 1 for alltoallv (the matrix), 0 for allgatherv (the vector). */
#define TUNE_PAT_MATRIX 1

/** @brief The mean block of the weights themselves, rounded down (the sample size of an unscaled file). */
static long tune_pattern_natural(const tune_pattern *pt, int matrix)
{
    long long sum = 0;
    long k, n = matrix ? (long)pt->p * pt->p : pt->p;
    for (k = 0; k < n; k++)
        sum += matrix ? pt->m[k] : pt->v[k];
    return (long)(sum / n);
}

/**
 * @brief The counts of the whole pattern at mean block @p bytes into pt->out (p x p for the
 *        matrix, p for the vector): scaled, or the weights themselves for an unscaled file at its
 *        own size. @return pt->out.
 */
static const long long *tune_pattern_counts(tune_pattern *pt, int matrix, long bytes)
{
    long n = matrix ? (long)pt->p * pt->p : pt->p;
    const long long *w = matrix ? pt->m : pt->v;
    if (pt->asis && bytes == tune_pattern_natural(pt, matrix))
        memcpy(pt->out, w, (size_t)n * sizeof *w);
    else
        tune_pattern_scale(w, (int)n, (long long)bytes * n, pt->out, pt->frac);
    return pt->out;
}

/**
 * @brief The largest send and receive buffer (bytes) any rank needs at mean block @p bytes:
 *        the largest row and column sum (matrix), or the largest block and the sum (vector).
 */
static void tune_pattern_need(tune_pattern *pt, int matrix, long bytes, long long *send, long long *recv)
{
    const long long *c = tune_pattern_counts(pt, matrix, bytes);
    int p = pt->p, i, j;
    *send = *recv = 0;
    for (i = 0; i < p; i++) {
        long long row = 0, col = 0;
        for (j = 0; j < p; j++) {
            row += matrix ? c[(long)i * p + j] : 0;
            col += matrix ? c[(long)j * p + i] : c[j];
        }
        if (!matrix)
            row = c[i];
        *send = row > *send ? row : *send;
        *recv = col > *recv ? col : *recv;
    }
}

/**
 * @brief Rank @p rank's alltoallv arguments at mean block @p bytes: @p sc, @p sd (its row and
 *        the row's offsets), @p rc, @p rd (its column and offsets), p ints each, in bytes.
 */
static void tune_pattern_alltoallv(tune_pattern *pt, long bytes, int rank, int *sc, int *sd, int *rc, int *rd)
{
    const long long *c = tune_pattern_counts(pt, TUNE_PAT_MATRIX, bytes);
    int p = pt->p, j;
    long long so = 0, ro = 0;
    for (j = 0; j < p; j++) {
        sc[j] = (int)c[(long)rank * p + j];
        rc[j] = (int)c[(long)j * p + rank];
        sd[j] = (int)so;
        rd[j] = (int)ro;
        so += sc[j];
        ro += rc[j];
    }
}

/** @brief The allgatherv arguments at mean block @p bytes: every block's count @p rc and offset @p rd. */
static void tune_pattern_allgatherv(tune_pattern *pt, long bytes, int *rc, int *rd)
{
    const long long *c = tune_pattern_counts(pt, 0, bytes);
    int p = pt->p, j;
    long long o = 0;
    for (j = 0; j < p; j++) {
        rc[j] = (int)c[j];
        rd[j] = (int)o;
        o += rc[j];
    }
}

/** @brief FNV-1a (64 bits) of the weights of both shapes, byte by byte of each value (portable). */
static unsigned long long tune_pattern_checksum(const tune_pattern *pt)
{
    unsigned long long h = 1469598103934665603ULL;
    long k, n = (long)pt->p * pt->p + pt->p;
    int b;
    for (k = 0; k < n; k++) {
        unsigned long long x =
            (unsigned long long)(k < (long)pt->p * pt->p ? pt->m[k] : pt->v[k - (long)pt->p * pt->p]);
        for (b = 0; b < 8; b++) {
            h ^= (x >> (8 * b)) & 0xff;
            h *= 1099511628211ULL;
        }
    }
    return h;
}

#endif /* COLLALG_SRC_TUNE_PATTERN_H */
