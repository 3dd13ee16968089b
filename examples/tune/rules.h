/**
 * @file rules.h
 * @brief Piecewise choices and selector rules (collalg-tune): the tuned values of a parameter and
 *        the winners per size range, what one collective's tuning found (tune_result), and the
 *        flattening of both into the rules of collalg/select.h.
 */
#ifndef COLLALG_EXAMPLES_TUNE_RULES_H
#define COLLALG_EXAMPLES_TUNE_RULES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "table.h"

/** @brief Most segments of one piecewise choice. */
#define TUNE_MAX_SEGS 256

/** @brief A choice per size range: an index (parameter value or candidate) for each segment. */
typedef struct tune_piece {
    long lo[TUNE_MAX_SEGS];  /**< segment s covers [lo[s], hi[s]) bytes */
    long hi[TUNE_MAX_SEGS];  /**< end of segment s (TUNE_INF for the last) */
    int pick[TUNE_MAX_SEGS]; /**< index of the choice or candidate used there, -1 = none */
    int n;                   /**< segments */
} tune_piece;

/** @brief A tunable unit: an algorithm of the table and (for parameters) its tuned values. */
typedef struct tune_cand {
    const tune_algo *algo;                      /**< row of tune_table */
    tune_choice choice[TUNE_MAX_CHOICES];       /**< parameter values (one empty choice without a parameter) */
    int nchoice;                                /**< used entries of choice */
    double t[TUNE_MAX_SIZES][TUNE_MAX_CHOICES]; /**< median time (s) at sample size i with choice c */
    tune_piece piece;                           /**< best choice per size range (step 3) */
    double best[TUNE_MAX_SIZES];                /**< time of the best choice at each sample size */
} tune_cand;

/** @brief Everything known about one collective after tuning. */
typedef struct tune_result {
    int tuned;                           /**< 1 when rules were chosen */
    int ns;                              /**< sample sizes */
    long sz[TUNE_MAX_SIZES];             /**< sample sizes (bytes, adjusted) */
    double native[TUNE_MAX_SIZES];       /**< native median (s) */
    double routine[TUNE_MAX_SIZES];      /**< tuned routine re-measured (s), HUGE_VAL if not */
    double best1[TUNE_MAX_SIZES];        /**< best single algorithm (s), when it was chosen */
    double rival[TUNE_MAX_SIZES];        /**< fastest of the runners-up, re-measured beside the routine (s) */
    char rival_name[TUNE_MAX_SIZES][64]; /**< which runner-up that was */
    int ncand;                           /**< candidates */
    tune_cand *cand;                     /**< candidates (step 4) */
    tune_piece final;                    /**< winner candidate per size range */
    int searched;                        /**< 1 when every binary search ran to its precision */
} tune_result;

/** @brief One flattened selector rule. */
typedef struct tune_flat {
    long lo;        /**< from (bytes) */
    long hi;        /**< to, exclusive (TUNE_INF: no bound) */
    char text[400]; /**< "alg" or "alg, param" */
} tune_flat;

/** @brief Index of the segment of @p pw that contains @p bytes (-1 if none). */
static int tune_piece_at(const tune_piece *pw, long bytes)
{
    int s;
    for (s = 0; s < pw->n; s++)
        if (bytes >= pw->lo[s] && bytes < pw->hi[s])
            return pw->pick[s];
    return -1;
}

/** @brief Appends segment [lo, hi) -> pick to @p pw, merging with an equal predecessor. */
static void tune_piece_add(tune_piece *pw, long lo, long hi, int pick)
{
    if (lo >= hi)
        return;
    if (pw->n > 0 && pw->pick[pw->n - 1] == pick && pw->hi[pw->n - 1] == lo) {
        pw->hi[pw->n - 1] = hi;
        return;
    }
    if (pw->n == TUNE_MAX_SEGS)
        return;
    pw->lo[pw->n] = lo;
    pw->hi[pw->n] = hi;
    pw->pick[pw->n] = pick;
    pw->n++;
}

/**
 * @brief What the tuned routine of @p r runs at @p bytes: rule text "alg" or "alg, param" into
 *        @p buf, the candidate into @p cd_out and its choice into @p choice_out (NULL and -1,
 *        and an empty text, where no rule applies: native).
 */
static void tune_rule_text(const tune_result *r, long bytes, char *buf, size_t size, const tune_cand **cd_out,
                           int *choice_out)
{
    int k = tune_piece_at(&r->final, bytes), c = -1;
    const tune_cand *cd;
    buf[0] = 0;
    *cd_out = NULL;
    *choice_out = -1;
    if (k < 0)
        return;
    cd = &r->cand[k];
    c = cd->algo->space ? tune_piece_at(&cd->piece, bytes) : 0;
    if (c < 0)
        return;
    *cd_out = cd;
    *choice_out = c;
    if (cd->algo->space)
        snprintf(buf, size, "%s, %s", cd->algo->name, cd->choice[c].text);
    else
        snprintf(buf, size, "%s", cd->algo->name);
}

/** @brief qsort comparator of longs (ascending). */
static int tune_cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/**
 * @brief The sizes where the routine of @p r may change what it runs: the winners' lower bounds
 *        and, inside a parameterised winner's range, where its tuned value changes. Sorted.
 * @return how many were written into @p cuts (at most @p max).
 */
static int tune_cuts(const tune_result *r, long *cuts, int max)
{
    int nc = 0, i, j;
    for (i = 0; i < r->final.n && nc < max; i++) {
        cuts[nc++] = r->final.lo[i];
        if (r->final.pick[i] >= 0 && r->cand[r->final.pick[i]].algo->space) {
            const tune_piece *pw = &r->cand[r->final.pick[i]].piece;
            for (j = 0; j < pw->n && nc < max; j++)
                if (pw->lo[j] > r->final.lo[i] && pw->lo[j] < r->final.hi[i])
                    cuts[nc++] = pw->lo[j];
        }
    }
    qsort(cuts, (size_t)nc, sizeof *cuts, tune_cmp_long);
    return nc;
}

/**
 * @brief Flattens the final choice and the tuned parameters into selector rules; neighbouring
 *        ranges with the same text merge. @return the number of rules written into @p out.
 */
static int tune_flatten(const tune_result *r, tune_flat *out, int max)
{
    long cuts[2 * TUNE_MAX_SEGS * 2 + 2];
    int nc = tune_cuts(r, cuts, (int)(sizeof cuts / sizeof *cuts)), i, n = 0;
    for (i = 0; i < nc && n < max; i++) {
        long lo = cuts[i], hi = i + 1 < nc ? cuts[i + 1] : TUNE_INF;
        const tune_cand *cd;
        int c;
        char text[400];
        if (hi <= lo)
            continue;
        tune_rule_text(r, lo, text, sizeof text, &cd, &c);
        if (!cd)
            continue;
        if (n > 0 && out[n - 1].hi == lo && !strcmp(out[n - 1].text, text)) {
            out[n - 1].hi = hi;
            continue;
        }
        out[n].lo = lo;
        out[n].hi = hi;
        snprintf(out[n].text, sizeof out[n].text, "%s", text);
        n++;
    }
    return n;
}

/**
 * @brief 1 when the routine the rules of @p r define pays the selector's own cost at each call:
 *        alltoallv rules that depend on the size (select.h sends its 8-byte allreduce only then).
 */
static int tune_routine_cost(enum tune_coll coll, const tune_result *r)
{
    tune_flat fl[TUNE_MAX_SEGS];
    int nf;
    if (coll != TUNE_ALLTOALLV)
        return 0;
    nf = tune_flatten(r, fl, TUNE_MAX_SEGS);
    return nf > 1 || (nf == 1 && (fl[0].lo != 0 || fl[0].hi < TUNE_INF));
}

#endif /* COLLALG_EXAMPLES_TUNE_RULES_H */
