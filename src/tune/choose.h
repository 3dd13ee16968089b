/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file choose.h
 * @brief The procedure per collective (collalg-tune; Faraj & Yuan, ICS'05, Figure 2): sample
 *        every candidate at every size, tune the parameters, choose the winners, search the
 *        crossing points, validate the tuned routine against native (and its runners-up), cut
 *        the rules where it is slower, replace a v-collective's size-dependent rules whose
 *        agreement does not pay. The steps are listed in the file comment of
 *        src/tune/collalg-tune.c.
 */
#ifndef COLLALG_SRC_TUNE_CHOOSE_H
#define COLLALG_SRC_TUNE_CHOOSE_H

#include <stdlib.h>
#include <string.h>
#include <collalg/select.h>
#include "measure.h"
#include "rules.h"
#include "search.h"

/** @brief Runners-up validated beside the tuned routine at each sample size. */
#define TUNE_RIVALS 2

/** @brief Job @p j measures value @p c of candidate @p cd (NULL: the native collective). */
static void tune_job_of(tune_job *j, const tune_cand *cd, int c, const char *phase, tune_meas *out)
{
    j->a = cd ? cd->algo : NULL;
    j->ch = cd && cd->algo->space ? &cd->choice[c] : NULL;
    j->phase = phase;
    j->out = out;
    j->min_n = j->cost = 0;
}

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
    tune_job_of(&jobs[0], NULL, 0, "native", native);
    for (k = 0; k < r->ncand - 1; k++) {
        tune_cand *cd = &r->cand[k];
        for (c = 0; c < cd->nchoice; c++, n++)
            tune_job_of(&jobs[n], cd, c, cd->algo->space ? "param" : "sample", &cd->m[i][c]);
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
            cross = win[i] < 0 || win[i + 1] < 0 || tune_size_free(coll)
                        ? r->sz[i + 1] /* size-free: the rules become one rule, no crossing to search */
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

/** @brief Samples of the first measurement of value @p c of candidate @p cd at sample size @p i
 *         (0 when there is none). */
static int tune_first_n(const tune_cand *cd, int i, int c)
{
    return cd && c >= 0 ? cd->m[i][c].n : 0;
}

/**
 * @brief The validation batch at sample size @p i: the routine the rules define (what the
 *        generated header runs there, with the selector's agreement collective where it pays one:
 *        tune_routine_cost()), the native collective (CSV phase `validate`; one job, phase
 *        `routine`, where the routine is the native collective itself) and the two fastest
 *        other candidates there (at their chosen values, alone: what one rule [0, COLLALG_INF)
 *        of that algorithm would run), interleaved, each with at least as many samples as the
 *        most any of them had in its first measurement (and TUNE_MIN_SAMPLES). Keeps the
 *        routine's and native's medians, the p-value of "native is faster", and the faster
 *        runner-up with the p-value of "it is faster than the routine" (one-sided Wilcoxon).
 */
static void tune_validate(tuner *T, enum tune_coll coll, tune_result *r, int i)
{
    tune_meas m[2 + TUNE_RIVALS];
    tune_job jobs[2 + TUNE_RIVALS];
    const tune_cand *cd, *nat = &r->cand[r->ncand - 1];
    char text[400];
    int k, c, n = 2, floor, who[2 + TUNE_RIVALS], first;
    tune_rule_text(r, r->sz[i], text, sizeof text, &cd, &c);
    tune_job_of(&jobs[1], NULL, 0, "validate", &m[1]);
    tune_job_of(&jobs[0], cd, c, "routine", &m[0]);
    jobs[0].cost = tune_routine_cost(coll, r);
    if ((!cd || tune_is_native(cd->algo)) && !jobs[0].cost) /* no rule, no agreement: native, one job */
        jobs[0].a = NULL, n = 1;
    floor = tune_first_n(cd ? cd : nat, i, cd ? c : 0);
    floor = tune_first_n(nat, i, 0) > floor ? tune_first_n(nat, i, 0) : floor;
    first = n;                                                      /* the first rival's job */
    for (k = 0; k <= TUNE_RIVALS && n < first + TUNE_RIVALS; k++) { /* native is no rival: one more rank */
        int j = tune_rank_nth(r, i, tune_piece_at(&r->final, r->sz[i]), k);
        int cj = j < 0 ? -1 : r->cand[j].algo->space ? tune_piece_at(&r->cand[j].piece, r->sz[i]) : 0;
        if (j >= 0 && cj >= 0 && !tune_is_native(r->cand[j].algo)) {
            tune_job_of(&jobs[n], &r->cand[j], cj, "rival", &m[n]), who[n++] = j;
            floor = tune_first_n(&r->cand[j], i, cj) > floor ? tune_first_n(&r->cand[j], i, cj) : floor;
        }
    }
    for (k = 0; k < n; k++)
        jobs[k].min_n = floor;
    if (tune_measure_batch(T, coll, r->sz[i], jobs, n)) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T->comm, 2);
    }
    r->routine[i] = tune_meas_valid(&m[0]) ? m[0].median : HUGE_VAL;
    r->vnative[i] = jobs[first - 1].out->median;
    r->nval[i] = m[0].n;
    r->native_p[i] = first == 1 ? 1 : tune_wilcoxon_less(m[1].x, m[1].n, m[0].x, m[0].n);
    r->rival[i] = HUGE_VAL;
    r->rival_p[i] = 1;
    r->rival_name[i][0] = 0;
    for (k = first; k < n; k++)
        if (m[k].median < r->rival[i]) {
            r->rival[i] = m[k].median;
            r->rival_p[i] = tune_wilcoxon_less(m[k].x, m[k].n, m[0].x, m[0].n);
            snprintf(r->rival_name[i], sizeof r->rival_name[i], "%s", r->cand[who[k]].algo->name);
        }
    for (k = 0; k < n; k++)
        tune_meas_free(jobs[k].out);
}

/**
 * @brief Why sample size @p i must be left to the native collective after its validation
 *        (enum tune_cut): not validated (the routine has no valid measurement of at least
 *        TUNE_MIN_SAMPLES samples: the run stopped or the call failed), or not at least as fast
 *        as native (median ratio above 1 + tolerance; no significance asked: native is the safe
 *        side). TUNE_CUT_NONE where native runs there anyway or the routine passed.
 */
static int tune_cut_verdict(const tuner *T, const tune_result *r, int i)
{
    if (!(r->routine[i] < HUGE_VAL))
        return TUNE_CUT_BUDGET;
    if (r->vnative[i] < HUGE_VAL && r->routine[i] > (1 + T->o.test.tol) * r->vnative[i])
        return TUNE_CUT_SLOWER;
    return TUNE_CUT_NONE;
}

/**
 * @brief Cuts the rules of @p r where the validation failed (tune_cut_verdict()): the part of the
 *        size range each failed sample size stands for in its rule (tune_cut_range(), computed
 *        from the rules before any cut) goes to the native candidate, so it gets no rule. The
 *        final choice stays sorted and non-overlapping (tune_piece_set()); the alternative rules
 *        follow from the cut rules when the header is written. @return the sizes cut.
 */
static int tune_cut(const tuner *T, tune_result *r)
{
    tune_flat fl[TUNE_MAX_SEGS];
    long lo[TUNE_MAX_SIZES], hi[TUNE_MAX_SIZES];
    int nf = tune_flatten(r, fl, TUNE_MAX_SEGS), i, cuts = 0;
    for (i = 0; i < r->ns; i++) {
        const tune_cand *cd;
        int c;
        r->cut[i] = tune_cut_verdict(T, r, i);
        if (r->cut[i] != TUNE_CUT_NONE && tune_cut_range(r, fl, nf, i, &lo[i], &hi[i]))
            r->cut[i] = TUNE_CUT_NONE; /* no rule holds this size: native runs already */
        tune_rule_text(r, r->sz[i], r->cut_from[i], sizeof r->cut_from[i], &cd, &c);
    }
    for (i = 0; i < r->ns; i++)
        if (r->cut[i] != TUNE_CUT_NONE) {
            tune_piece_set(&r->final, lo[i], hi[i], r->ncand - 1);
            cuts++;
        }
    return cuts;
}

/**
 * @brief Score of value @p c of candidate @p k of @p r as the one rule [0, COLLALG_INF): the sum
 *        over the sample sizes of ln(its median / native's median) in the sampling (0 for the
 *        native collective: a negative score is faster than native on geometric average),
 *        HUGE_VAL when it lacks a valid measurement at some size. The validation decides whether
 *        it is slower than native anywhere.
 */
static double tune_single_score(const tune_result *r, int k, int c)
{
    double score = 0;
    int i;
    for (i = 0; k != r->ncand - 1 && i < r->ns; i++) {
        const tune_meas *m = &r->cand[k].m[i][c], *nat = &r->cand[r->ncand - 1].m[i][0];
        if (!tune_meas_valid(m) || !tune_meas_valid(nat))
            return HUGE_VAL;
        score += tune_ln(m->median / nat->median);
    }
    return score;
}

/**
 * @brief Makes the rules of @p r one rule [0, COLLALG_INF) of the value of one candidate with
 *        the best tune_single_score() (the native collective, score 0, when none is faster on
 *        average: no rule). @return the candidate chosen.
 */
static int tune_make_single(tune_result *r)
{
    double best = 0;
    int k, c, bk = r->ncand - 1, bc = 0;
    for (k = 0; k < r->ncand - 1; k++)
        for (c = 0; c < r->cand[k].nchoice; c++)
            if (tune_single_score(r, k, c) < best)
                best = tune_single_score(r, k, c), bk = k, bc = c;
    r->final.n = 0;
    tune_piece_add(&r->final, 0, TUNE_INF, bk);
    if (r->cand[bk].algo->space) {
        r->cand[bk].piece.n = 0;
        tune_piece_add(&r->cand[bk].piece, 0, TUNE_INF, bc);
    }
    return bk;
}

/** @brief Native everywhere for @p r: no rule; the validated native times stand for the routine. */
static void tune_make_native(tune_result *r)
{
    int i;
    r->final.n = 0;
    tune_piece_add(&r->final, 0, TUNE_INF, r->ncand - 1);
    for (i = 0; i < r->ns; i++)
        r->routine[i] = r->vnative[i];
}

/**
 * @brief The v-collectives' agreement must pay for itself (alltoallv, alltoallw: an 8-byte
 *        MPI_Allreduce; gatherv, scatterv: an 8-byte MPI_Bcast from the root, at every call of a
 *        size-dependent rule set, even where it then runs native). When any validated sample
 *        size failed (tune_cut_verdict()), cutting would not help (the cut sizes still pay the
 *        agreement, and a cut single rule becomes size-dependent): the rules become the best
 *        size-independent choice instead, one rule [0, COLLALG_INF) of one algorithm at one
 *        value (tune_make_single()) or none (native), both free of the agreement. A single
 *        algorithm is validated again at every size (a failure confirmed by a second batch, since
 *        it costs the whole collective), and falls back to native if it fails anywhere. The
 *        nonblocking forms of those four (tune_size_free()) select by process count only, so
 *        their rules are always replaced so.
 *        @return 1 when the rules were replaced, 0 when they stand.
 */
static int tune_v_agreement(tuner *T, enum tune_coll coll, tune_result *r)
{
    int i, fails = tune_size_free(coll); /* no size to select by: always one rule, or none */
    if (!tune_pays_agreement(coll) && !tune_size_free(coll))
        return 0;
    for (i = 0; i < r->ns; i++)
        fails += tune_cut_verdict(T, r, i) != TUNE_CUT_NONE;
    if (!fails)
        return 0;
    for (i = 0; i < r->ns; i++) {
        const tune_cand *cd;
        int c;
        tune_rule_text(r, r->sz[i], r->cut_from[i], sizeof r->cut_from[i], &cd, &c);
    }
    r->vfix = TUNE_VFIX_SINGLE;
    if (tune_make_single(r) != r->ncand - 1)
        for (i = 0, fails = 0; i < r->ns && !fails; i++) {
            tune_validate(T, coll, r, i);
            if (tune_cut_verdict(T, r, i) == TUNE_CUT_SLOWER) /* one rule for all sizes: confirm a failure */
                tune_validate(T, coll, r, i);
            fails += tune_cut_verdict(T, r, i) != TUNE_CUT_NONE;
        }
    if (fails || tune_piece_at(&r->final, 0) == r->ncand - 1) {
        r->vfix = TUNE_VFIX_NATIVE;
        tune_make_native(r);
    }
    return 1;
}

/** @brief Tolerance of the defect check: the tuned routine may be this much slower than a single algorithm. */
#define TUNE_DEFECT_TOL 0.05

/** @brief Tuned routine over the fastest runner-up at sample size @p i (0 when either is missing). */
static double tune_rival_ratio(const tune_result *r, int i)
{
    return r->routine[i] < HUGE_VAL && r->rival[i] < HUGE_VAL && r->rival[i] > 0 ? r->routine[i] / r->rival[i] : 0;
}

/**
 * @brief 1 when a runner-up validated beside the routine at size @p i was more than 5% and
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
    /* values and algorithms, native, validation, at each sample size */
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
    /* 4. validation at every sample size: the routine against native (and its runners-up) */
    for (i = 0; i < r->ns; i++) {
        tune_validate(T, coll, r, i);
        if (tune_defect(T, r, i)) /* confirm (or not) by a second, independent batch */
            tune_validate(T, coll, r, i);
    }
    /* 5. the v-collectives' agreement pays for itself, or size-independent rules replace it;
     *    elsewhere the rules are cut where the routine was not at least as fast as native */
    if (!tune_v_agreement(T, coll, r))
        tune_cut(T, r);
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
