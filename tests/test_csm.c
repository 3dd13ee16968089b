/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite without MPI: the Copy/Split/Merge programs of schedule/csm_program.h (syntax,
 * validity, presets, the enumeration and its counts, and the semantics: every enumerated program
 * simulated element by element ends with every rank holding the whole message). */
#include <criterion/criterion.h>
#include <collalg/schedule/csm_program.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int k_of(int p)
{
    return collalg_bcast_csm_dims(p);
}

static int valid_text(const char *text, int k)
{
    collalg_bcast_csm_step s[COLLALG_BCAST_CSM_MAX_STEPS];
    int n;
    return collalg_bcast_csm_parse(text, k, s, &n) == 0;
}

Test(csm, dims)
{
    cr_assert_eq(k_of(1), 0);
    cr_assert_eq(k_of(2), 1);
    cr_assert_eq(k_of(3), 1);
    cr_assert_eq(k_of(4), 2);
    cr_assert_eq(k_of(17), 4);
    cr_assert_eq(k_of(64), 6);
    cr_assert_eq(k_of(2147483647), 30);
}

Test(csm, syntax_forms_agree)
{
    const char *forms[] = {"C0 S1 S2 M2 M1", "c0s1s2m2m1", "C(0),S(1),S(2),M(2),M(1)", "  C0,s(1) S2\tm2 M1 "};
    collalg_bcast_csm_step a[COLLALG_BCAST_CSM_MAX_STEPS], b[COLLALG_BCAST_CSM_MAX_STEPS];
    char text[COLLALG_BCAST_CSM_MAX_TEXT];
    int na, nb, i, j;
    cr_assert_eq(collalg_bcast_csm_parse(forms[0], 3, a, &na), 0);
    cr_assert_eq(na, 5);
    for (i = 1; i < 4; i++) {
        cr_assert_eq(collalg_bcast_csm_parse(forms[i], 3, b, &nb), 0, "%s", forms[i]);
        cr_assert_eq(nb, na);
        for (j = 0; j < na; j++)
            cr_assert(a[j].op == b[j].op && a[j].dim == b[j].dim, "%s step %d", forms[i], j);
    }
    cr_assert_eq(collalg_bcast_csm_format(a, na, text, sizeof text), (int)strlen(forms[0]));
    cr_assert_str_eq(text, forms[0]);
    cr_assert_eq(collalg_bcast_csm_format(a, na, text, 5), -1);
}

Test(csm, invalid_programs)
{
    const char *bad2[] = {"",       "C0",          "C0 C0",       "C0 C1 C2", "S0 S1 M0 M1", "M0 S0 C1",    "S0 C1",
                          "X0 C1",  "C C1",        "C2 C0",       "C(0 C1",   "C0 M0 C1",    "S0 M0 M0 C1", "S0 M1 C1",
                          "C-1 C0", "C0 S1 M1 M1", "C0 S1 C1 M1", "C0 C1 x"};
    size_t i;
    for (i = 0; i < sizeof bad2 / sizeof bad2[0]; i++)
        cr_assert(!valid_text(bad2[i], 2), "accepted \"%s\" for k = 2", bad2[i]);
    cr_assert(!valid_text(NULL, 0));
    cr_assert(valid_text("", 0));
    cr_assert(!valid_text("C0", 0));
    cr_assert(valid_text("S0 M0", 1));
    cr_assert(valid_text("C1 S0 M0", 2));
    cr_assert(valid_text("S1 C0 M1", 2));
    cr_assert(valid_text("S0 S1 M1 M0", 2));
    cr_assert(valid_text("S1 M1 S0 M0", 2));
    cr_assert(!valid_text("C99999999999 C0", 2));
}

Test(csm, presets)
{
    char buf[COLLALG_BCAST_CSM_MAX_TEXT];
    cr_assert_eq(collalg_bcast_csm_binomial(8, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf), 8);
    cr_assert_str_eq(buf, "C0 C1 C2");
    collalg_bcast_csm_binomial(8, COLLALG_BCAST_CSM_DESCENDING, buf, sizeof buf);
    cr_assert_str_eq(buf, "C2 C1 C0");
    collalg_bcast_csm_van_de_geijn(8, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf);
    cr_assert_str_eq(buf, "S0 S1 S2 M2 M1 M0");
    collalg_bcast_csm_van_de_geijn(12, COLLALG_BCAST_CSM_DESCENDING, buf, sizeof buf);
    cr_assert_str_eq(buf, "S2 S1 S0 M0 M1 M2");
    collalg_bcast_csm_hybrid1(16, 1, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf);
    cr_assert_str_eq(buf, "S0 S1 C2 C3 M1 M0");
    collalg_bcast_csm_hybrid1(16, 0, COLLALG_BCAST_CSM_DESCENDING, buf, sizeof buf);
    cr_assert_str_eq(buf, "S3 C2 C1 C0 M3");
    cr_assert_eq(collalg_bcast_csm_binomial(1, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf), 0);
    cr_assert_str_eq(buf, "");
    cr_assert_eq(collalg_bcast_csm_hybrid1(8, 3, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf), -1);
    cr_assert_eq(collalg_bcast_csm_hybrid1(8, -2, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf), -1);
    cr_assert_eq(collalg_bcast_csm_hybrid1(8, 0, COLLALG_BCAST_CSM_ALL_ORDERS, buf, sizeof buf), -1);
    cr_assert_eq(collalg_bcast_csm_hybrid1(0, 0, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf), -1);
    cr_assert_eq(collalg_bcast_csm_binomial(8, COLLALG_BCAST_CSM_ASCENDING, buf, 4), -1);
    /* The largest program fits COLLALG_BCAST_CSM_MAX_TEXT and is valid. */
    cr_assert_gt(collalg_bcast_csm_van_de_geijn(2147483647, COLLALG_BCAST_CSM_ASCENDING, buf, sizeof buf), 0);
    cr_assert(valid_text(buf, 30));
}

/* ---- enumeration --------------------------------------------------------------------------- */

typedef struct seen {
    char (*text)[COLLALG_BCAST_CSM_MAX_TEXT];
    long n, cap;
    int k;
    int invalid;
} seen;

static int collect(const char *program, void *arg)
{
    seen *s = (seen *)arg;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->text = realloc(s->text, (size_t)s->cap * sizeof *s->text);
    }
    snprintf(s->text[s->n++], sizeof s->text[0], "%s", program);
    if (!valid_text(program, s->k))
        s->invalid++;
    return 0;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Enumerates for p in the given order; checks the count, validity and distinctness. */
static void check_enum(int p, int order, long want)
{
    seen s = {NULL, 0, 0, k_of(p), 0};
    long i, got = collalg_bcast_csm_enumerate(p, order, collect, &s);
    cr_assert_eq(got, want, "p=%d order=%d: %ld programs, want %ld", p, order, got, want);
    cr_assert_eq(s.n, want);
    cr_assert_eq(s.invalid, 0, "p=%d: %d invalid programs enumerated", p, s.invalid);
    qsort(s.text, (size_t)s.n, sizeof *s.text, cmp_text);
    for (i = 1; i < s.n; i++)
        cr_assert_str_neq(s.text[i - 1], s.text[i], "duplicate %s", s.text[i]);
    cr_assert_eq(collalg_bcast_csm_enumerate(p, order, NULL, NULL), want);
    free(s.text);
}

Test(csm, enumeration_counts_of_the_slides)
{
    check_enum(4, COLLALG_BCAST_CSM_ASCENDING, 6);
    check_enum(8, COLLALG_BCAST_CSM_ASCENDING, 22);
    check_enum(16, COLLALG_BCAST_CSM_ASCENDING, 90);
    check_enum(4, COLLALG_BCAST_CSM_DESCENDING, 6);
    check_enum(8, COLLALG_BCAST_CSM_DESCENDING, 22);
    check_enum(16, COLLALG_BCAST_CSM_DESCENDING, 90);
    check_enum(1, COLLALG_BCAST_CSM_ASCENDING, 1);
    check_enum(2, COLLALG_BCAST_CSM_ASCENDING, 2);
    check_enum(3, COLLALG_BCAST_CSM_ASCENDING, 2);
    check_enum(6, COLLALG_BCAST_CSM_ASCENDING, 6);
    check_enum(31, COLLALG_BCAST_CSM_ASCENDING, 90);
    check_enum(32, COLLALG_BCAST_CSM_ASCENDING, 394);
}

Test(csm, enumeration_with_every_dimension_naming)
{
    check_enum(4, COLLALG_BCAST_CSM_ALL_ORDERS, 12);
    check_enum(8, COLLALG_BCAST_CSM_ALL_ORDERS, 132);
    check_enum(16, COLLALG_BCAST_CSM_ALL_ORDERS, 2160);
    cr_assert_eq(collalg_bcast_csm_enumerate(0, 0, NULL, NULL), -1);
    cr_assert_eq(collalg_bcast_csm_enumerate(4, 3, NULL, NULL), -1);
}

static int stop_after_three(const char *program, void *arg)
{
    (void)program;
    return ++*(int *)arg == 3;
}

Test(csm, enumeration_stops_when_asked)
{
    int calls = 0;
    cr_assert_eq(collalg_bcast_csm_enumerate(16, COLLALG_BCAST_CSM_ALL_ORDERS, stop_after_three, &calls), 3);
    cr_assert_eq(calls, 3);
}

/* Every word over {C, S, M} x dims of length 2k - (number of C) is tried by brute force: the
 * valid ones are exactly the enumerated ones (with every naming). */
static long brute_count(int k, collalg_bcast_csm_step *w, int n, int len)
{
    static const char ops[3] = {'C', 'S', 'M'};
    long total = 0;
    int o, d;
    if (n == len)
        return collalg_bcast_csm_valid(w, n, k);
    for (o = 0; o < 3; o++)
        for (d = 0; d < k; d++) {
            w[n].op = ops[o];
            w[n].dim = d;
            total += brute_count(k, w, n + 1, len);
        }
    return total;
}

Test(csm, validity_rule_matches_enumeration)
{
    collalg_bcast_csm_step w[COLLALG_BCAST_CSM_MAX_STEPS];
    int k, len;
    for (k = 1; k <= 3; k++) {
        long total = 0;
        for (len = k; len <= 2 * k; len++)
            total += brute_count(k, w, 0, len);
        cr_assert_eq(total, collalg_bcast_csm_enumerate(1 << k, COLLALG_BCAST_CSM_ALL_ORDERS, NULL, NULL), "k=%d", k);
    }
}

/* ---- semantics: element-level simulation of every program --------------------------------- */

typedef struct sim {
    int k, count, failures;
} sim;

/* Runs the transfers the executor (bcast/csm.h) makes, on per-rank element flags: a rank may
 * only send elements it holds; at the end every rank must hold every element, and before every
 * step each holder must hold exactly its collalg_bcast_csm_state() range. */
static int simulate(const char *program, void *arg)
{
    sim *s = (sim *)arg;
    collalg_bcast_csm_step st[COLLALG_BCAST_CSM_MAX_STEPS];
    int n, t, v, e, q = 1 << s->k, ok = 1;
    char *has = calloc((size_t)q * (size_t)(s->count + 1), 1), *next = malloc((size_t)q * (size_t)(s->count + 1));
    long long lo, hi, wlo, whi;
#define HAS(a, v, e) a[(size_t)(v) * (size_t)(s->count + 1) + (size_t)(e)]
    cr_assert_eq(collalg_bcast_csm_parse(program, s->k, st, &n), 0);
    for (e = 0; e < s->count; e++)
        HAS(has, 0, e) = 1;
    for (t = 0; t <= n && ok; t++) {
        memcpy(next, has, (size_t)q * (size_t)(s->count + 1));
        for (v = 0; v < q; v++) {
            int holds = collalg_bcast_csm_state(st, n, t, v, s->count, &lo, &hi);
            for (e = 0; e < s->count; e++)
                if (HAS(has, v, e) != (holds && e >= lo && e < hi))
                    ok = 0;
            if (t == n || !holds)
                continue;
            {
                int w = v ^ (1 << st[t].dim);
                if (st[t].op == 'M')
                    collalg_bcast_csm_state(st, n, t, v, s->count, &wlo, &whi);
                else
                    collalg_bcast_csm_state(st, n, t + 1, w, s->count, &wlo, &whi);
                for (e = (int)wlo; e < whi; e++) {
                    if (!HAS(has, v, e))
                        ok = 0;
                    HAS(next, w, e) = 1;
                }
                if (st[t].op == 'S')
                    for (e = (int)wlo; e < whi; e++)
                        HAS(next, v, e) = 0; /* the sender gives up the half it split off */
            }
        }
        memcpy(has, next, (size_t)q * (size_t)(s->count + 1));
    }
    for (v = 0; v < q && ok; v++)
        for (e = 0; e < s->count; e++)
            if (!HAS(has, v, e))
                ok = 0;
#undef HAS
    if (!ok) {
        s->failures++;
        cr_log_error("program \"%s\" (k=%d, count=%d) is not a correct broadcast", program, s->k, s->count);
    }
    free(has);
    free(next);
    return 0;
}

Test(csm, every_program_is_a_broadcast)
{
    int counts[] = {0, 1, 3, 7, 16, 37};
    int k, ci;
    for (k = 0; k <= 4; k++)
        for (ci = 0; ci < 6; ci++) {
            sim s = {k, counts[ci], 0};
            collalg_bcast_csm_enumerate(1 << k, COLLALG_BCAST_CSM_ALL_ORDERS, simulate, &s);
            cr_assert_eq(s.failures, 0, "k=%d count=%d", k, counts[ci]);
        }
}
