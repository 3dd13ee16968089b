/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * radix_ref.h - reference values the radix-k schedule suites (test_knomial.c, test_kradix.c)
 * check the schedules of include/collalg/schedule/ against, computed the slow way.
 */
#ifndef COLLALG_TESTS_RADIX_REF_H
#define COLLALG_TESTS_RADIX_REF_H

/* ceil(log_k p) for p >= 1 and k >= 2: the number of multiplications by k that take 1 to p or
 * beyond (in double, so that no int overflows for a large k). */
static int rounds_ref(int p, int k)
{
    int r = 0;
    double span = 1;
    while (span < p) {
        span *= k;
        r++;
    }
    return r;
}

#endif /* COLLALG_TESTS_RADIX_REF_H */
