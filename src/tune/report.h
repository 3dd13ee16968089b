/**
 * @file report.h
 * @brief The tuner's terminal report (collalg-tune, rank 0, stdout): per collective and sample
 *        size what the tuned routine runs, its time, the native time, the fastest runner-up
 *        re-measured beside it, their ratio, and the defects: a runner-up more than 5% faster
 *        than the tuned routine and significantly so (one-sided Wilcoxon rank-sum, p < --alpha).
 */
#ifndef COLLALG_SRC_TUNE_REPORT_H
#define COLLALG_SRC_TUNE_REPORT_H

#include <stdio.h>
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

/**
 * @brief The summary line of collective @p coll: primary rules (tune_flatten()), the worst ratio
 *        of the tuned routine to the fastest runner-up re-measured beside it.
 */
static void tune_report_summary(const tune_result *r, enum tune_coll coll)
{
    tune_flat fl[TUNE_MAX_SEGS];
    double worst = 0;
    int i, nf = tune_flatten(r, fl, TUNE_MAX_SEGS), w = -1;
    for (i = 0; i < r->ns; i++)
        if (tune_rival_ratio(r, i) > worst)
            worst = tune_rival_ratio(r, i), w = i;
    printf("  %s: %d rule%s", tune_coll_name[coll], nf, nf == 1 ? "" : "s");
    if (w >= 0)
        printf(", tuned/next at worst %.3f (%ld B, p = %.2g)", worst, r->sz[w], r->rival_p[w]);
    printf("\n");
}

/** @brief Prints the per-size comparison of collective @p coll (rank 0). @return defects. */
static int tune_report(const tuner *T, enum tune_coll coll, const tune_result *r)
{
    int i, defects = 0;
    char a[32], b[32], c[32], text[400];
    const tune_cand *cd;
    int ch;
    printf("\n%s on %d processes%s\n", tune_coll_name[coll], T->p,
           r->tuned ? (r->searched ? "" : " (some crossings approximated: budget or interruption)")
                    : " (not tuned: interrupted)");
    if (!r->tuned)
        return 0;
    if (tune_routine_cost(coll, r))
        printf("  (tuned and next include the selector's 8-byte %s; algorithms alone: %s.dat)\n",
               coll == TUNE_GATHERV || coll == TUNE_SCATTERV ? "MPI_Bcast from the root" : "MPI_Allreduce",
               tune_coll_name[coll]);
    printf("  %10s  %-50s %11s %11s %11s %-20s %8s %7s %8s\n", "bytes", "tuned routine runs", "tuned (us)",
           "native (us)", "next (us)", "next best", "t/native", "t/next", "p(next)");
    for (i = 0; i < r->ns; i++) {
        double ratio = r->native[i] > 0 && r->native[i] < HUGE_VAL && r->routine[i] < HUGE_VAL
                           ? r->routine[i] / r->native[i]
                           : NAN;
        int defect = tune_defect(T, r, i);
        tune_rule_text(r, r->sz[i], text, sizeof text, &cd, &ch);
        printf("  %10ld  %-50.50s %11s %11s %11s %-20.20s %8.3f %7.3f %8.2g%s\n", r->sz[i], cd ? text : "native",
               tune_us(r->routine[i], a, sizeof a), tune_us(r->native[i], b, sizeof b),
               tune_us(r->rival[i], c, sizeof c), r->rival_name[i], ratio, tune_rival_ratio(r, i), r->rival_p[i],
               defect ? "  DEFECT: significantly >5% slower than a single algorithm" : "");
        defects += defect;
    }
    tune_report_summary(r, coll);
    return defects;
}

#endif /* COLLALG_SRC_TUNE_REPORT_H */
