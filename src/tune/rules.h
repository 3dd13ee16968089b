/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file rules.h
 * @brief Piecewise choices and selector rules (collalg-tune): the tuned values of a parameter and
 *        the winners per size range, what one collective's tuning found (tune_result), and the
 *        flattening of both into the rules of collalg/select.h.
 */
#ifndef COLLALG_SRC_TUNE_RULES_H
#define COLLALG_SRC_TUNE_RULES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/restrictions.h>
#include "cli.h"
#include "decide.h"
#include "table.h"

/* ---- the native collective as a candidate ----------------------------------------------- */

/** @cond TUNE_NATIVE_WRAPPERS */
#define TUNE_NATIVE_RUN(coll)                                                 \
    static int tune_native_##coll(const tune_call *c, const tune_choice *ch)  \
    {                                                                         \
        (void)ch;                                                             \
        return tune_native(TUNE_COLL_##coll, c);                              \
    }                                                                         \
    static int tune_native_i##coll(const tune_call *c, const tune_choice *ch) \
    {                                                                         \
        (void)ch;                                                             \
        return tune_native(TUNE_I(TUNE_COLL_##coll), c);                      \
    }
TUNE_COLLS(TUNE_NATIVE_RUN)
#undef TUNE_NATIVE_RUN
#define TUNE_NATIVE_ROW(coll) {TUNE_COLL_##coll, "native", tune_native_##coll, NULL, 0},
#define TUNE_INATIVE_ROW(coll) {TUNE_I(TUNE_COLL_##coll), "native", tune_native_i##coll, NULL, 0},
/** @endcond */

/**
 * @brief The native MPI collective of each collective as one more candidate (indexed by enum
 *        tune_coll; a nonblocking one started and waited for): where it wins, the routine writes
 *        no rule, so the selector's fallback runs the native collective there. Not in tune_table,
 *        which the PMPI library also uses (its MPI_ calls would come back into the library).
 */
static const tune_algo tune_native_algo[TUNE_NALL] = {TUNE_COLLS(TUNE_NATIVE_ROW) TUNE_COLLS(TUNE_INATIVE_ROW)};

/** @brief 1 when @p a is the native collective's candidate (tune_native_algo). */
static int tune_is_native(const tune_algo *a)
{
    return a == &tune_native_algo[a->coll];
}

/** @brief A tunable unit: an algorithm of the table and (for parameters) its tuned values. */
typedef struct tune_cand {
    const tune_algo *algo;                         /**< row of tune_table */
    tune_choice choice[TUNE_MAX_CHOICES];          /**< parameter values (one empty choice without a parameter) */
    int nchoice;                                   /**< used entries of choice */
    tune_meas m[TUNE_MAX_SIZES][TUNE_MAX_CHOICES]; /**< measurement at sample size i with choice c */
    int pick[TUNE_MAX_SIZES];                      /**< choice chosen at sample size i (decide.h), -1 none */
    tune_piece piece;                              /**< chosen choice per size range (step 3) */
    double best[TUNE_MAX_SIZES];                   /**< median time of the chosen choice at each sample size */
} tune_cand;

/** @brief Everything known about one collective after tuning. */
typedef struct tune_result {
    int tuned;                           /**< 1 when rules were chosen */
    int ns;                              /**< sample sizes */
    long sz[TUNE_MAX_SIZES];             /**< sample sizes (bytes, adjusted) */
    double native[TUNE_MAX_SIZES];       /**< native median (s) */
    double routine[TUNE_MAX_SIZES];      /**< tuned routine validated (s), HUGE_VAL if not */
    double best1[TUNE_MAX_SIZES];        /**< the chosen algorithm's time (s) in the sampling */
    double rival[TUNE_MAX_SIZES];        /**< fastest of the runners-up, validated beside the routine (s) */
    double rival_p[TUNE_MAX_SIZES];      /**< p-value of "that runner-up is faster than the routine" (Wilcoxon) */
    char rival_name[TUNE_MAX_SIZES][64]; /**< which runner-up that was */
    double vnative[TUNE_MAX_SIZES];      /**< native validated beside the routine (s) */
    double native_p[TUNE_MAX_SIZES];     /**< p-value of "native is faster than the routine" (Wilcoxon) */
    int nval[TUNE_MAX_SIZES];            /**< samples of each measurement of that validation batch (0: none) */
    int cut[TUNE_MAX_SIZES];             /**< enum tune_cut: why native runs here after the validation */
    char cut_from[TUNE_MAX_SIZES][64];   /**< what the rule ran here before a cut */
    int vfix;                            /**< v-collectives: enum tune_vfix, what replaced size-dependent rules */
    int ncand;                           /**< candidates */
    tune_cand *cand;                     /**< candidates (step 4) */
    tune_piece final;                    /**< winner candidate per size range */
    int searched;                        /**< 1 when every binary search ran to its precision */
} tune_result;

/** @brief Why the validation (choose.h) left a sample size to the native collective. */
enum tune_cut {
    TUNE_CUT_NONE,   /**< validated: the rule stays */
    TUNE_CUT_SLOWER, /**< the routine's median above (1 + tolerance) times native's: rule cut there */
    TUNE_CUT_BUDGET  /**< not validated (run stopped, fewer than TUNE_MIN_SAMPLES samples): rule cut */
};

/** @brief What replaced the size-dependent rules of a v-collective whose agreement did not pay
 *         for itself (choose.h, tune_v_agreement()). */
enum tune_vfix {
    TUNE_VFIX_NONE,   /**< rules kept (or not a v-collective) */
    TUNE_VFIX_SINGLE, /**< one rule [0, COLLALG_INF): one algorithm at one value, no agreement */
    TUNE_VFIX_NATIVE  /**< no rule: native everywhere */
};

/** @brief One flattened selector rule. */
typedef struct tune_flat {
    long lo;               /**< from (bytes) */
    long hi;               /**< to, exclusive (TUNE_INF: no bound) */
    char text[400];        /**< "alg" or "alg, param" */
    const tune_algo *algo; /**< the algorithm */
    const tune_choice *ch; /**< its parameter value, NULL without a parameter */
} tune_flat;

/** @brief Frees the samples and candidates of @p r (safe on a zeroed result). */
static void tune_result_free(tune_result *r)
{
    int k, i, c;
    for (k = 0; r->cand && k < r->ncand; k++)
        for (i = 0; i < TUNE_MAX_SIZES; i++)
            for (c = 0; c < TUNE_MAX_CHOICES; c++)
                tune_meas_free(&r->cand[k].m[i][c]);
    free(r->cand);
    r->cand = NULL;
}

/**
 * @brief @p bytes moved into the span of the sample sizes at which the winner of its range won:
 *        a parameterised winner keeps, between its last winning sample size and the crossing
 *        into the next winner's range, the value chosen at that sample size (the value chosen at
 *        sizes where another algorithm wins does not matter). Likewise below its first one.
 */
static long tune_clamp_to_wins(const tune_result *r, long bytes)
{
    long first = -1, last = -1;
    int s, i;
    for (s = 0; s < r->final.n; s++)
        if (bytes >= r->final.lo[s] && bytes < r->final.hi[s])
            break;
    for (i = 0; s < r->final.n && i < r->ns; i++)
        if (r->sz[i] >= r->final.lo[s] && r->sz[i] < r->final.hi[s]) {
            first = first < 0 ? r->sz[i] : first;
            last = r->sz[i];
        }
    if (first < 0)
        return bytes;
    return bytes < first ? first : bytes > last ? last : bytes;
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
    c = cd->algo->space ? tune_piece_at(&cd->piece, tune_clamp_to_wins(r, bytes)) : 0;
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
 *        ranges with the same text merge, ranges the native collective won get no rule.
 *        @return the number of rules written into @p out.
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
        if (!cd || tune_is_native(cd->algo)) /* no rule: the selector falls back to native */
            continue;
        if (n > 0 && out[n - 1].hi == lo && !strcmp(out[n - 1].text, text)) {
            out[n - 1].hi = hi;
            continue;
        }
        out[n].lo = lo;
        out[n].hi = hi;
        out[n].algo = cd->algo;
        out[n].ch = cd->algo->space ? &cd->choice[c] : NULL;
        snprintf(out[n].text, sizeof out[n].text, "%s", text);
        n++;
    }
    return n;
}

/** @brief Why the size-dependent rules of v-collective @p coll were replaced (enum tune_vfix):
 *         their agreement did not pay, or (tune_size_free()) its selector compares no size. */
static const char *tune_vfix_why(enum tune_coll coll)
{
    return tune_size_free(coll) ? "selects by process count only" : "the agreement did not pay";
}

/**
 * @brief 1 when the routine the rules of @p r define pays the selector's own cost at each call:
 *        alltoallv and alltoallw rules (select.h's 8-byte allreduce), gatherv and scatterv rules
 *        (its 8-byte bcast from the root) that depend on the size (the message is sent only then).
 */
static int tune_routine_cost(enum tune_coll coll, const tune_result *r)
{
    tune_flat fl[TUNE_MAX_SEGS];
    int nf;
    if (!tune_pays_agreement(coll))
        return 0;
    nf = tune_flatten(r, fl, TUNE_MAX_SEGS);
    return nf > 1 || (nf == 1 && (fl[0].lo != 0 || fl[0].hi < TUNE_INF));
}

/**
 * @brief The part of the size range that sample size @p i of @p r stands for within its rule
 *        (@p fl[0..nf), tune_flatten()): from the midpoint to the sample size below, or the rule's
 *        lower bound (the crossing) when that one is outside the rule, to the midpoint to the
 *        sample size above, or the rule's upper bound. Into [@p *lo, @p *hi), which holds
 *        r->sz[i]. @return 0, or 1 when no rule holds r->sz[i] (native runs there already).
 */
static int tune_cut_range(const tune_result *r, const tune_flat *fl, int nf, int i, long *lo, long *hi)
{
    long x = r->sz[i];
    int f;
    for (f = 0; f < nf && !(x >= fl[f].lo && x < fl[f].hi); f++)
        ;
    if (f == nf)
        return 1;
    *lo = i > 0 && r->sz[i - 1] >= fl[f].lo ? (r->sz[i - 1] + x + 1) / 2 : fl[f].lo;
    *hi = i + 1 < r->ns && r->sz[i + 1] < fl[f].hi ? (x + r->sz[i + 1] + 1) / 2 : fl[f].hi;
    return 0;
}

/** @brief The restriction set of algorithm @p a of collective @p coll (restrictions.h; 0: none or unknown). */
static int tune_restricted(enum tune_coll coll, const tune_algo *a)
{
    int rs = collalg_restrictions(tune_coll_name[coll], a->name);
    return rs > 0 ? rs : 0;
}

/**
 * @brief The sample sizes that speak for range [@p lo, @p hi): those inside it, or when none is,
 *        the nearest one on each side. @return how many indices were written into @p idx.
 */
static int tune_range_sizes(const tune_result *r, long lo, long hi, int *idx)
{
    int i, n = 0, below = -1, above = -1;
    for (i = 0; i < r->ns; i++) {
        if (r->sz[i] >= lo && r->sz[i] < hi)
            idx[n++] = i;
        else if (r->sz[i] < lo)
            below = i;
        else if (above < 0)
            above = i;
    }
    if (n == 0 && below >= 0)
        idx[n++] = below;
    if ((n == 0 || (n == 1 && idx[0] == below)) && above >= 0)
        idx[n++] = above;
    return n;
}

/** @brief Smallest median of any value of any candidate of @p r at sample size @p i (HUGE_VAL if none). */
static double tune_fastest(const tune_result *r, int i)
{
    double f = HUGE_VAL;
    int k, c;
    for (k = 0; k < r->ncand; k++)
        for (c = 0; c < r->cand[k].nchoice; c++)
            f = r->cand[k].m[i][c].median < f ? r->cand[k].m[i][c].median : f;
    return f;
}

/**
 * @brief The alternative of a rule over [@p lo, @p hi) whose algorithm has restrictions: the
 *        candidate without restrictions, at one value of its parameter, with the smallest mean
 *        ratio of its median to the fastest median over the sample sizes of the range
 *        (tune_range_sizes()). Writes its rule text into @p text. @return 1, 2 when that
 *        candidate is the native collective (@p text "native": no rule needed, the selector runs
 *        the native collective when it skips the restricted rule), or 0 when none has a valid time
 *        at all those sizes. Its algorithm goes into @p *algo_out and its parameter value into
 *        @p *ch_out (NULL without one).
 */
static int tune_alternative(const tune_result *r, enum tune_coll coll, long lo, long hi, char *text, size_t size,
                            const tune_algo **algo_out, const tune_choice **ch_out)
{
    int idx[TUNE_MAX_SIZES], n = tune_range_sizes(r, lo, hi, idx), k, c, j, bk = -1, bc = -1;
    double best = HUGE_VAL;
    for (k = 0; k < r->ncand; k++) {
        if (tune_restricted(coll, r->cand[k].algo))
            continue;
        for (c = 0; c < r->cand[k].nchoice; c++) {
            double score = 0;
            for (j = 0; j < n && score < HUGE_VAL; j++) {
                double t = r->cand[k].m[idx[j]][c].median, f = tune_fastest(r, idx[j]);
                score = t < HUGE_VAL && f > 0 ? score + t / f / n : HUGE_VAL;
            }
            if (n > 0 && score < best)
                best = score, bk = k, bc = c;
        }
    }
    *ch_out = NULL;
    *algo_out = NULL;
    if (bk < 0)
        return 0;
    *algo_out = r->cand[bk].algo;
    if (r->cand[bk].algo->space)
        *ch_out = &r->cand[bk].choice[bc];
    if (tune_is_native(r->cand[bk].algo)) {
        snprintf(text, size, "native");
        return 2; /* what the selector runs anyway when no rule applies */
    }
    if (r->cand[bk].algo->space)
        snprintf(text, size, "%s, %s", r->cand[bk].algo->name, r->cand[bk].choice[bc].text);
    else
        snprintf(text, size, "%s", r->cand[bk].algo->name);
    return 1;
}

/* ---- parameters on other communicator sizes (--procs) ---------------------------------------- */

/**
 * @brief 1 when value @p ch of algorithm @p a, tuned on one communicator size, is also a valid
 *        argument on @p p processes. The rules of a tuned size serve a range of sizes
 *        (tune_procs_range()), and three kinds of parameter are valid on some sizes only: the N
 *        barriers of the ring, contention-free and pair n_mpi_barriers algorithms (1 .. phases - 1:
 *        p - 2 for the ring ones, and for contention-free the p - 2 that every topology allows;
 *        collalg__pair_nsteps(p) - 1 for the pair ones; any value with one gap or none), and a bcast
 *        csm program, written for the log2 of the largest power of two <= p dimensions. Every other
 *        parameter of src/catalogue/space.h is valid on any size (segment, chunk and block sizes, radices,
 *        fans, groups, inner algorithms). A new parameter whose validity depends on p belongs here.
 */
static int tune_choice_valid(const tune_algo *a, const tune_choice *ch, int p)
{
    int gaps;
    if (!ch || !a->space)
        return 1;
    if (a->space == tune_space_ring_barriers || a->space == tune_space_pair_barriers) {
        gaps = a->space == tune_space_pair_barriers ? collalg__pair_nsteps(p) - 1 : p - 2;
        return gaps <= 0 || ch->i <= gaps;
    }
    if (a->space == tune_space_csm) {
        collalg_bcast_csm_step steps[COLLALG_BCAST_CSM_MAX_STEPS];
        int n;
        return collalg_bcast_csm_parse(ch->str, collalg_bcast_csm_dims(p), steps, &n) == 0;
    }
    return 1;
}

/** @brief The parameter that replaces a value of @p a that tune_choice_valid() refuses: the
 *         algorithm's documented default, valid on every size (0 barriers: the default count;
 *         csm NULL: the binomial program). */
static const char *tune_choice_fallback(const tune_algo *a)
{
    return a->space == tune_space_csm ? "NULL" : "0";
}

#endif /* COLLALG_SRC_TUNE_RULES_H */
