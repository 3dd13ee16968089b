/**
 * @file choose.h
 * @brief The procedure per collective (collalg-tune; Faraj & Yuan, ICS'05, Figure 2): sample
 *        every candidate at every size, tune the parameters, choose the winners, search the
 *        crossing points, re-measure the tuned routine. The steps are listed in the file comment
 *        of src/tune/collalg-tune.c.
 */
#ifndef COLLALG_SRC_TUNE_CHOOSE_H
#define COLLALG_SRC_TUNE_CHOOSE_H

#include <stdlib.h>
#include <string.h>
#include <collalg/select.h>
#include "measure.h"
#include "rules.h"
#include "search.h"

/** @brief Runners-up re-measured beside the tuned routine at each sample size. */
#define TUNE_RIVALS 2

/**
 * @brief Steps 1-3's measurements at sample size @p i, as one interleaved batch: the native
 *        collective into r->native[i] and every value of every candidate, its median and
 *        samples kept in cand->m[i][value].
 */
static void tune_sample(tuner *T, enum tune_coll coll, tune_result *r, int i)
{
    tune_job jobs[1 + TUNE_NALGOS * TUNE_MAX_CHOICES];
    tune_meas *native = &r->cand[r->ncand - 1].m[i][0]; /* the last candidate (tune_candidates) */
    int k, c, n = 1;
    jobs[0].a = NULL, jobs[0].ch = NULL, jobs[0].phase = "native", jobs[0].out = native;
    for (k = 0; k < r->ncand - 1; k++) {
        tune_cand *cd = &r->cand[k];
        for (c = 0; c < cd->nchoice; c++, n++) {
            jobs[n].a = cd->algo;
            jobs[n].ch = cd->algo->space ? &cd->choice[c] : NULL;
            jobs[n].phase = cd->algo->space ? "param" : "sample";
            jobs[n].out = &cd->m[i][c];
        }
    }
    if (tune_measure_batch(T, coll, r->sz[i], jobs, n)) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T->comm, 2);
    }
    r->native[i] = native->median;
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
    long gran = tune_granule(coll, T->p), lo = 0;
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

/**
 * @brief Step 3 for candidate @p cd after the linear search: the value chosen at each sample size
 *        (decide.h's walk over its values), then its piecewise choice of values.
 */
static void tune_params(tuner *T, enum tune_coll coll, tune_result *r, tune_cand *cd)
{
    const tune_meas *m[TUNE_MAX_SIZES * TUNE_MAX_CHOICES];
    int i, c;
    for (i = 0; i < r->ns; i++)
        for (c = 0; c < cd->nchoice; c++)
            m[i * cd->nchoice + c] = &cd->m[i][c];
    tune_walk(m, r->ns, cd->nchoice, &T->o.test, cd->pick);
    for (i = 0; i < r->ns; i++)
        cd->best[i] = cd->pick[i] >= 0 ? cd->m[i][cd->pick[i]].median : HUGE_VAL;
    tune_piecewise(T, coll, r, cd, cd->pick, &cd->piece, "param-search");
}

/**
 * @brief Step 4: the candidate chosen at each sample size (decide.h's walk over the candidates,
 *        each at its chosen value), then the winner per size range into r->final.
 */
static void tune_winners(tuner *T, enum tune_coll coll, tune_result *r)
{
    const tune_meas *m[TUNE_MAX_SIZES * TUNE_NALGOS];
    int i, k, win[TUNE_MAX_SIZES];
    for (i = 0; i < r->ns; i++)
        for (k = 0; k < r->ncand; k++)
            m[i * r->ncand + k] = r->cand[k].pick[i] >= 0 ? &r->cand[k].m[i][r->cand[k].pick[i]] : NULL;
    tune_walk(m, r->ns, r->ncand, &T->o.test, win);
    for (i = 0; i < r->ns; i++)
        r->best1[i] = win[i] >= 0 ? r->cand[win[i]].best[i] : HUGE_VAL;
    tune_piecewise(T, coll, r, NULL, win, &r->final, "search");
}

/**
 * @brief The @p nth + 1 fastest candidate (0 = fastest) by the chosen values' medians at sample
 *        size @p i, leaving out candidate @p skip. @return its index, or -1.
 */
static int tune_rank_nth(const tune_result *r, int i, int skip, int nth)
{
    int k, j, below;
    for (k = 0; k < r->ncand; k++) {
        double t = r->cand[k].best[i];
        if (k == skip || t >= HUGE_VAL)
            continue;
        for (below = 0, j = 0; j < r->ncand; j++)
            below += j != skip && (r->cand[j].best[i] < t || (r->cand[j].best[i] == t && j < k));
        if (below == nth)
            return k;
    }
    return -1;
}

/** @brief Job @p j measures value @p c of candidate @p cd (NULL: the native collective). */
static void tune_job_of(tune_job *j, const tune_cand *cd, int c, const char *phase, tune_meas *out)
{
    j->a = cd ? cd->algo : NULL;
    j->ch = cd && cd->algo->space ? &cd->choice[c] : NULL;
    j->phase = phase;
    j->out = out;
}

/**
 * @brief Re-measures the routine the rules define at sample size @p i (what the generated header
 *        runs there, with the selector's own cost where it has one: tune_routine_cost()) in one
 *        batch with the two fastest other candidates there (at their chosen values, on the same
 *        footing), and keeps the faster of those with the p-value of "it is faster than the
 *        routine" (one-sided Wilcoxon rank-sum).
 */
static void tune_remeasure(tuner *T, enum tune_coll coll, tune_result *r, int i)
{
    tune_meas m[1 + TUNE_RIVALS];
    tune_job jobs[1 + TUNE_RIVALS];
    const tune_cand *cd;
    char text[400];
    int k, c, n = 1, who[1 + TUNE_RIVALS];
    tune_rule_text(r, r->sz[i], text, sizeof text, &cd, &c);
    tune_job_of(&jobs[0], cd, c, "routine", &m[0]);
    for (k = 0; k < TUNE_RIVALS; k++) {
        int j = tune_rank_nth(r, i, tune_piece_at(&r->final, r->sz[i]), k);
        int cj = j < 0 ? -1 : r->cand[j].algo->space ? tune_piece_at(&r->cand[j].piece, r->sz[i]) : 0;
        if (j >= 0 && cj >= 0)
            tune_job_of(&jobs[n], &r->cand[j], cj, "rival", &m[n]), who[n++] = j;
    }
    T->routine_phase = tune_routine_cost(coll, r);
    if (tune_measure_batch(T, coll, r->sz[i], jobs, n)) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T->comm, 2);
    }
    T->routine_phase = 0;
    r->routine[i] = m[0].median;
    r->rival[i] = HUGE_VAL;
    r->rival_p[i] = 1;
    r->rival_name[i][0] = 0;
    for (k = 1; k < n; k++)
        if (m[k].median < r->rival[i]) {
            r->rival[i] = m[k].median;
            r->rival_p[i] = tune_wilcoxon_less(m[k].x, m[k].n, m[0].x, m[0].n);
            snprintf(r->rival_name[i], sizeof r->rival_name[i], "%s", r->cand[who[k]].algo->name);
        }
    for (k = 0; k < n; k++)
        tune_meas_free(&m[k]);
}

/** @brief Tolerance of the defect check: the tuned routine may be this much slower than a single algorithm. */
#define TUNE_DEFECT_TOL 0.05

/** @brief Tuned routine over the fastest runner-up at sample size @p i (0 when either is missing). */
static double tune_rival_ratio(const tune_result *r, int i)
{
    return r->routine[i] < HUGE_VAL && r->rival[i] < HUGE_VAL && r->rival[i] > 0 ? r->routine[i] / r->rival[i] : 0;
}

/**
 * @brief 1 when a runner-up re-measured beside the routine at size @p i was more than 5% and
 *        significantly (Wilcoxon, p < --alpha) faster than it: a defect of the tuner.
 */
static int tune_defect(const tuner *T, const tune_result *r, int i)
{
    return tune_rival_ratio(r, i) > 1 + TUNE_DEFECT_TOL && r->rival_p[i] < T->o.test.alpha;
}

/**
 * @brief 1 when row @p a can run in this tuning run: a topology algorithm only with a topology,
 *        and an algorithm with restrictions (restrictions.h: the shm family needs one node) only
 *        when the run's communicator meets them (the tuner's allreduce op, MPI_SUM, is
 *        commutative). Collective over T->comm the first time (the node level), alike on every rank.
 */
static int tune_runnable(const tuner *T, const tune_algo *a)
{
    int rs = collalg_restrictions(tune_coll_name[a->coll], a->name);
    if (a->topo && !T->topo)
        return 0;
    return rs <= 0 || collalg__select_broken(rs, MPI_SUM, T->p, T->comm) == 0;
}

/** @brief Measurements one collective is expected to take (progress estimate). */
static long tune_plan(const tuner *T, enum tune_coll coll)
{
    long units = 0, sz[TUNE_MAX_SIZES];
    int i;
    tune_choice tmp[TUNE_MAX_CHOICES];
    for (i = 0; i < TUNE_NALGOS; i++)
        if (tune_table[i].coll == coll && tune_runnable(T, &tune_table[i]))
            units += tune_table[i].space ? tune_table[i].space(T->p, tmp, TUNE_MAX_CHOICES) : 1;
    /* values and algorithms, native, re-measure, at each sample size */
    units = (units + 2 + TUNE_RIVALS) * tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, T->p, tune_adjust, sz);
    return units + units / 4; /* binary searches (estimate) */
}

/**
 * @brief The candidates of collective @p coll into @p r (its algorithms in the table that can run
 *        here, tune_runnable(), and last the native collective, tune_native_algo) and the
 *        sample sizes. @return 0, or 1 out of memory.
 */
static int tune_candidates(const tuner *T, enum tune_coll coll, tune_result *r)
{
    int i, n = 0;
    memset(r, 0, sizeof *r);
    r->ns = tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, T->p, tune_adjust, r->sz);
    r->cand = (tune_cand *)calloc(TUNE_NALGOS + 1, sizeof *r->cand);
    if (!r->cand)
        return 1;
    for (i = 0; i < TUNE_NALGOS; i++) {
        if (tune_table[i].coll != coll || !tune_runnable(T, &tune_table[i]) ||
            !tune_listed(T->o.algos, tune_table[i].name))
            continue;
        r->cand[n].algo = &tune_table[i];
        r->cand[n].nchoice = tune_table[i].space ? tune_table[i].space(T->p, r->cand[n].choice, TUNE_MAX_CHOICES) : 1;
        n++;
    }
    r->cand[n].algo = &tune_native_algo[coll]; /* last: the native collective competes too */
    r->cand[n].nchoice = 1;
    r->ncand = n + 1;
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
    for (i = 0; i < r->ns; i++)
        tune_sample(T, coll, r, i);
    if (T->stopped)
        return; /* sample measurements incomplete: no rules */
    for (k = 0; k < r->ncand; k++)
        tune_params(T, coll, r, &r->cand[k]);
    tune_winners(T, coll, r);
    if (T->hurry || T->stopped)
        r->searched = 0;
    r->tuned = 1;
    for (i = 0; i < r->ns; i++) {
        tune_remeasure(T, coll, r, i);
        if (tune_defect(T, r, i)) /* confirm (or not) by a second, independent re-measurement */
            tune_remeasure(T, coll, r, i);
    }
}

/** @brief --native-only: the native collective at every sample size, into the CSV (phase native). */
static void tune_natives(tuner *T, enum tune_coll coll)
{
    long sz[TUNE_MAX_SIZES];
    int i, ns = tune_coll_sizes(&T->pat, coll, T->o.sizes, T->o.nsizes, T->p, tune_adjust, sz);
    for (i = 0; i < ns && !T->stopped; i++)
        tune_measure(T, coll, NULL, NULL, sz[i], "native");
}

#endif /* COLLALG_SRC_TUNE_CHOOSE_H */
