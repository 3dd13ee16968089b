/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file report.h
 * @brief The tuner's terminal report (collalg-tune, rank 0, stdout): per collective and sample
 *        size what the tuned routine runs, its validated time beside the native collective's and
 *        the fastest runner-up's (one interleaved batch, its sample count), the ratios and
 *        p-values, the cuts (native runs where the routine was slower) and the defects: a
 *        runner-up more than 5% faster than the tuned routine and significantly so (one-sided
 *        Wilcoxon rank-sum, p < --alpha); per collective and for the run the geometric mean of
 *        tuned / native and the sizes over 1.05.
 */
#ifndef COLLALG_SRC_TUNE_REPORT_H
#define COLLALG_SRC_TUNE_REPORT_H

#include <stdio.h>
#include <string.h>
#include "choose.h"
#include "rules.h"
#include "run.h"

/** @brief Time @p s (seconds) in microseconds with two decimals, "-" for none. @return @p buf. */
static const char *tune_us(double s, char *buf, size_t size)
{
    if (s >= HUGE_VAL)
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%.2f", s * 1e6);
    return buf;
}

/** @brief Tolerance of the summary counts: a ratio above 1 + this counts as slower. */
#define TUNE_OVER 0.05

/**
 * @brief What the header's routine of @p r does at sample size @p i, against native (@p *tn) and
 *        against the fastest runner-up (@p *tr), from the validation batch: the routine's median
 *        where its rule stands, native's where the validation cut the rule (or a v-collective's
 *        rules were replaced by native). @return 1, or 0 when the batch has no valid ratio.
 */
static int tune_final_ratios(const tune_result *r, int i, double *tn, double *tr)
{
    double t = r->cut[i] != TUNE_CUT_NONE ? r->vnative[i] : r->routine[i];
    if (!(t < HUGE_VAL) || !(r->vnative[i] > 0 && r->vnative[i] < HUGE_VAL))
        return 0;
    *tn = t / r->vnative[i];
    *tr = r->rival[i] > 0 && r->rival[i] < HUGE_VAL ? t / r->rival[i] : 0;
    return 1;
}

/** @brief Ratios of a collective or a run (tune_sum_add()): their geometric mean and how many
 *         are over 1 + TUNE_OVER. */
typedef struct tune_sum {
    double lsum;     /**< sum of ln(tuned / native) */
    int n;           /**< sizes with a ratio to native */
    int over_native; /**< of those, tuned / native > 1 + TUNE_OVER */
    int nnext;       /**< sizes with a runner-up */
    int over_next;   /**< of those, tuned / runner-up > 1 + TUNE_OVER */
    int cut;         /**< sizes whose rule the validation cut (native runs) */
    int budget;      /**< of those, not validated (budget or interruption) */
} tune_sum;

/** @brief Adds the sample sizes of @p r to @p s. */
static void tune_sum_add(tune_sum *s, const tune_result *r)
{
    int i;
    double tn, tr;
    for (i = 0; r->tuned && i < r->ns; i++) {
        s->cut += r->cut[i] != TUNE_CUT_NONE;
        s->budget += r->cut[i] == TUNE_CUT_BUDGET;
        if (!tune_final_ratios(r, i, &tn, &tr))
            continue;
        s->lsum += tune_ln(tn), s->n++;
        s->over_native += tn > 1 + TUNE_OVER;
        s->nnext += tr > 0;
        s->over_next += tr > 1 + TUNE_OVER;
    }
}

/** @brief The summary of @p s as one line's text into @p buf. @return @p buf. */
static const char *tune_sum_text(const tune_sum *s, char *buf, size_t size)
{
    snprintf(buf, size,
             "tuned/native geometric mean %.3f over %d sizes; over %.2f: %d vs native, %d of %d vs next; %d cut (%d "
             "not validated)",
             tune_exp_any(s->n ? s->lsum / s->n : 0), s->n, 1 + TUNE_OVER, s->over_native, s->over_next, s->nnext,
             s->cut, s->budget);
    return buf;
}

/**
 * @brief The summary line of collective @p coll: primary rules (tune_flatten()), what replaced a
 *        v-collective's rules, tune_sum_text(), the worst ratio to the fastest runner-up.
 */
static void tune_report_summary(const tune_result *r, enum tune_coll coll)
{
    static const char *const vfix[] = {"", " (size-dependent rules replaced by one rule: %s)",
                                       " (size-dependent rules replaced by native: %s)"};
    tune_flat fl[TUNE_MAX_SEGS];
    tune_sum sm;
    char text[300];
    double worst = 0;
    int i, nf = tune_flatten(r, fl, TUNE_MAX_SEGS), w = -1;
    memset(&sm, 0, sizeof sm);
    tune_sum_add(&sm, r);
    for (i = 0; i < r->ns; i++)
        if (tune_rival_ratio(r, i) > worst)
            worst = tune_rival_ratio(r, i), w = i;
    printf("  %s: %d rule%s", tune_coll_name[coll], nf, nf == 1 ? "" : "s");
    printf(vfix[r->vfix], tune_vfix_why(coll));
    printf("; %s", tune_sum_text(&sm, text, sizeof text));
    if (w >= 0)
        printf("; routine/next at worst %.3f (%ld B, p = %.2g)", worst, r->sz[w], r->rival_p[w]);
    printf("\n");
}

/** @brief The remark of sample size @p i of @p r in the report ("" when none). */
static const char *tune_remark(const tuner *T, const tune_result *r, int i)
{
    if (r->cut[i] == TUNE_CUT_SLOWER)
        return "  CUT: slower than native, native runs here";
    if (r->cut[i] == TUNE_CUT_BUDGET)
        return "  NOT VALIDATED (budget): native runs here";
    if (tune_defect(T, r, i))
        return "  DEFECT: significantly >5% slower than a single algorithm";
    return "";
}

/** @brief Prints the per-size comparison of collective @p coll (rank 0). @return defects. */
static int tune_report(const tuner *T, enum tune_coll coll, const tune_result *r)
{
    int i, defects = 0;
    char a[32], b[32], c[32], text[400], runs[300];
    const tune_cand *cd;
    int ch;
    printf("\n%s on %d processes%s\n", tune_coll_name[coll], T->p,
           r->tuned ? (r->searched ? "" : " (some crossings approximated: budget or interruption)")
                    : " (not tuned: interrupted)");
    if (!r->tuned)
        return 0;
    if (tune_routine_cost(coll, r))
        printf("  (tuned includes the selector's 8-byte %s; algorithms alone: %s.dat)\n",
               coll == TUNE_GATHERV || coll == TUNE_SCATTERV ? "MPI_Bcast from the root" : "MPI_Allreduce",
               tune_coll_name[coll]);
    printf("  (validation: tuned, native and the two fastest other algorithms interleaved, n samples each;"
           " p(nat): native faster than tuned, p(next): next faster than tuned, one-sided Wilcoxon)\n");
    printf("  %10s  %-44s %10s %11s %10s %-20s %4s %8s %8s %7s %8s\n", "bytes", "tuned routine runs", "tuned (us)",
           "native (us)", "next (us)", "next best", "n", "t/native", "p(nat)", "t/next", "p(next)");
    for (i = 0; i < r->ns; i++) {
        double ratio = r->vnative[i] > 0 && r->vnative[i] < HUGE_VAL && r->routine[i] < HUGE_VAL
                           ? r->routine[i] / r->vnative[i]
                           : NAN;
        defects += r->cut[i] == TUNE_CUT_NONE && tune_defect(T, r, i);
        tune_rule_text(r, r->sz[i], text, sizeof text, &cd, &ch);
        snprintf(runs, sizeof runs, "%.200s", cd ? text : "native");
        if (r->cut[i] != TUNE_CUT_NONE || r->vfix != TUNE_VFIX_NONE) /* what the rules said before */
            snprintf(runs, sizeof runs, "%.200s (was %.64s)", cd ? text : "native",
                     r->cut_from[i][0] ? r->cut_from[i] : "native");
        printf("  %10ld  %-44.44s %10s %11s %10s %-20.20s %4d %8.3f %8.2g %7.3f %8.2g%s\n", r->sz[i], runs,
               tune_us(r->routine[i], a, sizeof a), tune_us(r->vnative[i], b, sizeof b),
               tune_us(r->rival[i], c, sizeof c), r->rival_name[i], r->nval[i], ratio, r->native_p[i],
               tune_rival_ratio(r, i), r->rival_p[i], tune_remark(T, r, i));
    }
    tune_report_summary(r, coll);
    return defects;
}

/** @brief The run's summary line (rank 0): tune_sum_text() over every tuned size and collective of
 *         @p res (T->nprocs times TUNE_NALL results). */
static void tune_report_run(const tuner *T, const tune_result *res)
{
    tune_sum run;
    char text[300];
    int k;
    memset(&run, 0, sizeof run);
    for (k = 0; k < T->nprocs * TUNE_NALL; k++)
        tune_sum_add(&run, &res[k]);
    printf("\nrun: %s\n", tune_sum_text(&run, text, sizeof text));
}

#endif /* COLLALG_SRC_TUNE_REPORT_H */
