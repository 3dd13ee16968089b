/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file procs.h
 * @brief The communicator sizes of a tuner run (collalg-tune --procs; no MPI): which sizes are
 *        tuned, and which communicator sizes the rules of each tuned size serve.
 *
 * @par The ranges
 * The tuned sizes q_1 < q_2 < ... < q_k = P each run the whole procedure on a communicator of the
 * first q_i ranks; a communicator of p processes then runs the rules of the tuned size nearest to
 * p in ratio, |lg(p / q_i)| smallest: the boundary between adjacent q_i < q_i+1 is
 * floor(sqrt(q_i q_i+1)), q_i serving up to it, q_i+1 from the next size on (4 and 8: 4 serves up
 * to 5, 8 from 6). Why the ratio: the costs of the algorithms grow with lg p (tree and
 * dissemination rounds) and with (p - 1) / p or p - 1 (bandwidth terms, linear rounds), so the
 * crossings between algorithms move with the ratio of two sizes rather than with their
 * difference, and the tuned size whose ratio to p is nearest 1 is the one whose crossings are
 * nearest p's; with powers of two (the default) the boundaries sit at sqrt 2 times each q. The
 * first range starts at 1 (size 1 is never measured: every collective is a local copy there), the
 * last ends at P (larger communicators get no rule: the native collective). Every tuned size lies
 * in its own range (q_i <= floor(sqrt(q_i q_i+1)) < q_i+1), so the ranges cover 1 .. P without
 * gap or overlap.
 */
#ifndef COLLALG_SRC_TUNE_PROCS_H
#define COLLALG_SRC_TUNE_PROCS_H

/** @brief Most communicator sizes one run tunes (--procs). */
#define TUNE_MAX_PROCS 32

/** @brief floor(sqrt(@p x)) for x >= 0, exactly (digit by digit, no rounding of a double). */
static long long tune_isqrt(long long x)
{
    long long r = 0, bit = 1LL << 62;
    while (bit > x)
        bit >>= 2;
    for (; bit; bit >>= 2)
        if (x >= r + bit)
            x -= r + bit, r = (r >> 1) + bit;
        else
            r >>= 1;
    return r;
}

/**
 * @brief The communicator sizes the rules of tuned size @p q[i] serve, [*pmin, *pmax], of the @p n
 *        tuned sizes @p q (ascending) of a run on @p P processes (see the file comment).
 */
static void tune_procs_range(const int *q, int n, int i, int P, int *pmin, int *pmax)
{
    *pmin = i == 0 ? 1 : (int)tune_isqrt((long long)q[i - 1] * q[i]) + 1;
    *pmax = i == n - 1 ? P : (int)tune_isqrt((long long)q[i] * q[i + 1]);
}

/**
 * @brief The sizes to tune on @p P processes into @p q (room for TUNE_MAX_PROCS + 1), ascending:
 *        the @p n sizes of @p given (each in 1 .. P, checked by the caller), or with none the
 *        powers of two from 2 up to P when @p powers, and always P; duplicates dropped, and 1
 *        (it is served by the smallest tuned size) unless P = 1. @return how many (>= 1).
 */
static int tune_procs_list(const int *given, int n, int P, int powers, int *q)
{
    int k = 0, i, j, v;
    for (i = 0; i < n && i < TUNE_MAX_PROCS; i++)
        q[k++] = given[i];
    for (v = 2; n == 0 && powers && v < P && k < TUNE_MAX_PROCS; v *= 2)
        q[k++] = v;
    q[k++] = P;
    for (i = 1; i < k; i++) /* insertion sort */
        for (j = i; j > 0 && q[j - 1] > q[j]; j--)
            v = q[j], q[j] = q[j - 1], q[j - 1] = v;
    for (i = 0, j = 0; i < k; i++)
        if ((j == 0 || q[i] != q[j - 1]) && (q[i] > 1 || P == 1))
            q[j++] = q[i];
    return j;
}

#endif /* COLLALG_SRC_TUNE_PROCS_H */
