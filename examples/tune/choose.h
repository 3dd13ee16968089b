/**
 * @file choose.h
 * @brief The procedure per collective (collalg-tune; Faraj & Yuan, ICS'05, Figure 2): sample
 *        every candidate at every size, tune the parameters, choose the winners, search the
 *        crossing points, re-measure the tuned routine. The steps are listed in the file comment
 *        of examples/collalg-tune.c.
 */
#ifndef COLLALG_EXAMPLES_TUNE_CHOOSE_H
#define COLLALG_EXAMPLES_TUNE_CHOOSE_H

#include <stdlib.h>
#include <string.h>
#include "measure.h"
#include "rules.h"
#include "search.h"

/** @brief Runners-up re-measured beside the tuned routine at each sample size. */
#define TUNE_RIVALS 2

/** @brief Index of the smallest of @p t[0..n) (finite), -1 if none is. */
static int tune_argmin(const double *t, int n)
{
    int i, best = -1;
    for (i = 0; i < n; i++)
        if (t[i] < HUGE_VAL && (best < 0 || t[i] < t[best]))
            best = i;
    return best;
}

/** @brief Index of the (@p nth + 1)-fastest finite entry of @p t[0..n) (0 = fastest), -1 if none. */
static int tune_rank_nth(const double *t, int n, int nth)
{
    int i, j, below;
    for (i = 0; i < n; i++) {
        if (t[i] >= HUGE_VAL)
            continue;
        for (below = 0, j = 0; j < n; j++)
            below += t[j] < t[i] || (t[j] == t[i] && j < i);
        if (below == nth)
            return i;
    }
    return -1;
}

/** @brief Step 3's linear search, and step 4's sampling, at sample size @p i of every candidate. */
static void tune_sample(tuner *T, enum tune_coll coll, tune_cand *cands, int n, const long *sz, int i)
{
    int k, c;
    for (k = 0; k < n; k++) {
        tune_cand *cd = &cands[k];
        for (c = 0; c < cd->nchoice; c++)
            cd->t[i][c] = tune_measure(T, coll, cd->algo, cd->algo->space ? &cd->choice[c] : NULL, sz[i],
                                       cd->algo->space ? "param" : "sample");
        c = tune_argmin(cd->t[i], cd->nchoice);
        cd->best[i] = c >= 0 ? cd->t[i][c] : HUGE_VAL;
    }
}

/**
 * @brief Turns the winner at each sample size, @p win[0..ns), into a piecewise choice @p pw:
 *        between adjacent sizes with different winners a binary search (of @p phase) places the
 *        crossing; below the first size the first winner applies, above the last the last one.
 *        @p cand is the candidate whose choices compete (step 3), or NULL: the candidates of
 *        @p r compete (step 4).
 */
static void tune_piecewise(tuner *T, enum tune_coll coll, tune_result *r, tune_cand *cand, const int *win,
                           tune_piece *pw, const char *phase)
{
    int i;
    long gran = coll == TUNE_ALLREDUCE ? 4 : 1, lo = 0;
    pw->n = 0;
    for (i = 0; i < r->ns; i++) {
        long cross = TUNE_INF;
        if (i + 1 < r->ns && win[i + 1] == win[i])
            continue;
        if (i + 1 < r->ns) {
            tune_side a, b;
            a.cand = cand ? cand : &r->cand[win[i] >= 0 ? win[i] : 0];
            b.cand = cand ? cand : &r->cand[win[i + 1] >= 0 ? win[i + 1] : 0];
            a.choice = cand ? win[i] : -1;
            b.choice = cand ? win[i + 1] : -1;
            if (T->hurry || T->stopped)
                r->searched = 0;
            cross = win[i] < 0 || win[i + 1] < 0 ? r->sz[i + 1]
                                                 : tune_search(T, coll, a, b, r->sz[i], r->sz[i + 1], gran, phase);
        }
        tune_piece_add(pw, lo, cross, win[i]);
        lo = cross;
    }
}

/** @brief Step 3 for candidate @p cd after the linear search: its piecewise choice of values. */
static void tune_params(tuner *T, enum tune_coll coll, tune_result *r, tune_cand *cd)
{
    int i, win[TUNE_MAX_SIZES];
    for (i = 0; i < r->ns; i++)
        win[i] = tune_argmin(cd->t[i], cd->nchoice);
    tune_piecewise(T, coll, r, cd, win, &cd->piece, "param-search");
}

/** @brief Step 4: the winner candidate per size range into r->final. */
static void tune_winners(tuner *T, enum tune_coll coll, tune_result *r)
{
    int i, k, win[TUNE_MAX_SIZES];
    double t[TUNE_NALGOS];
    for (i = 0; i < r->ns; i++) {
        for (k = 0; k < r->ncand; k++)
            t[k] = r->cand[k].best[i];
        win[i] = tune_argmin(t, r->ncand);
        r->best1[i] = win[i] >= 0 ? t[win[i]] : HUGE_VAL;
    }
    tune_piecewise(T, coll, r, NULL, win, &r->final, "search");
}

/** @brief The tuned routine as the generated header defines it, at @p bytes. @return its time. */
static double tune_measure_routine(tuner *T, enum tune_coll coll, const tune_result *r, long bytes)
{
    char text[400];
    const tune_cand *cd;
    int c;
    double t;
    tune_rule_text(r, bytes, text, sizeof text, &cd, &c);
    T->routine_phase = tune_routine_cost(coll, r);
    if (!cd)
        t = tune_measure(T, coll, NULL, NULL, bytes, "routine");
    else
        t = tune_measure(T, coll, cd->algo, cd->algo->space ? &cd->choice[c] : NULL, bytes, "routine");
    T->routine_phase = 0;
    return t;
}

/**
 * @brief Re-measures the routine the rules define at sample size @p i, beside the runners-up
 *        there (the routine runs the winner, so a defect means the ranking did not hold up).
 */
static void tune_remeasure(tuner *T, enum tune_coll coll, tune_result *r, int i)
{
    double t[TUNE_NALGOS];
    int k;
    for (k = 0; k < r->ncand; k++)
        t[k] = r->cand[k].best[i];
    r->routine[i] = tune_measure_routine(T, coll, r, r->sz[i]);
    r->rival[i] = HUGE_VAL;
    r->rival_name[i][0] = 0;
    for (k = 0; k < TUNE_RIVALS; k++) {
        int j = tune_rank_nth(t, r->ncand, k + 1);
        tune_side sd;
        double tr;
        if (j < 0)
            break;
        sd.cand = &r->cand[j];
        sd.choice = -1;
        T->routine_phase = tune_routine_cost(coll, r); /* on the routine's footing */
        tr = tune_measure_side(T, coll, sd, r->sz[i], "rival");
        T->routine_phase = 0;
        if (tr < r->rival[i]) {
            r->rival[i] = tr;
            snprintf(r->rival_name[i], sizeof r->rival_name[i], "%s", r->cand[j].algo->name);
        }
    }
}

/** @brief Measurements one collective is expected to take (progress estimate). */
static long tune_plan(const tuner *T, enum tune_coll coll)
{
    long units = 0, sz[TUNE_MAX_SIZES];
    int i;
    tune_choice tmp[TUNE_MAX_CHOICES];
    for (i = 0; i < TUNE_NALGOS; i++)
        if (tune_table[i].coll == coll && (!tune_table[i].topo || T->topo))
            units += tune_table[i].space ? tune_table[i].space(T->p, tmp, TUNE_MAX_CHOICES) : 1;
    /* values and algorithms, native, re-measure, at each sample size */
    units = (units + 2 + TUNE_RIVALS) * tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, tune_adjust, sz);
    return units + units / 4; /* binary searches (estimate) */
}

/**
 * @brief The candidates of collective @p coll into @p r (its algorithms in the table, topology
 *        ones only with a topology) and the sample sizes. @return 0, or 1 out of memory.
 */
static int tune_candidates(const tuner *T, enum tune_coll coll, tune_result *r)
{
    int i, n = 0;
    memset(r, 0, sizeof *r);
    r->ns = tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, tune_adjust, r->sz);
    r->cand = (tune_cand *)calloc(TUNE_NALGOS, sizeof *r->cand);
    if (!r->cand)
        return 1;
    for (i = 0; i < TUNE_NALGOS; i++) {
        if (tune_table[i].coll != coll || (tune_table[i].topo && !T->topo))
            continue;
        r->cand[n].algo = &tune_table[i];
        r->cand[n].nchoice = tune_table[i].space ? tune_table[i].space(T->p, r->cand[n].choice, TUNE_MAX_CHOICES) : 1;
        n++;
    }
    r->ncand = n;
    r->searched = 1;
    return 0;
}

/** @brief Tunes collective @p coll (the file comment's procedure) into @p r. */
static void tune_collective(tuner *T, enum tune_coll coll, tune_result *r)
{
    int i, k;
    if (tune_candidates(T, coll, r))
        return;
    /* 1.-3. size by size (so that load changes on the machine hit every candidate alike): the
     *       native collective, every value of every parameter, every plain algorithm */
    for (i = 0; i < r->ns; i++) {
        r->native[i] = tune_measure(T, coll, NULL, NULL, r->sz[i], "native");
        tune_sample(T, coll, r->cand, r->ncand, r->sz, i);
    }
    if (T->stopped)
        return; /* sample measurements incomplete: no rules */
    for (k = 0; k < r->ncand; k++)
        tune_params(T, coll, r, &r->cand[k]);
    tune_winners(T, coll, r);
    if (T->hurry || T->stopped)
        r->searched = 0;
    r->tuned = 1;
    for (i = 0; i < r->ns; i++)
        tune_remeasure(T, coll, r, i);
}

/** @brief --native-only: the native collective at every sample size, into the CSV (phase native). */
static void tune_natives(tuner *T, enum tune_coll coll)
{
    long sz[TUNE_MAX_SIZES];
    int i, ns = tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, tune_adjust, sz);
    for (i = 0; i < ns && !T->stopped; i++)
        tune_measure(T, coll, NULL, NULL, sz[i], "native");
}

#endif /* COLLALG_EXAMPLES_TUNE_CHOOSE_H */
