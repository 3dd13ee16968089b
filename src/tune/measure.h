/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file measure.h
 * @brief Timing (collalg-tune): measurements of algorithms (or the native collective) at one
 *        size, by PGMPI's repetition rule (stats.h), interleaved chunk by chunk, logged to the CSV.
 *
 * @par Timing
 * Each sample is one call: all ranks leave an MPI_Barrier, time the call with MPI_Wtime, and the
 * sample is the maximum over the ranks (one MPI_Allreduce per chunk of calls, which also carries
 * the flags the ranks agree on: a failed call, an interruption, the budget). Chunks follow the
 * RSE rule, never fewer than TUNE_MIN_SAMPLES (decide.h) nor, for a re-measurement, than the
 * first measurement had; the reported time is the median of the samples (seconds). The measurements of a
 * batch (every value of every algorithm at one sample size; the two sides of a binary-search
 * step) take turns chunk by chunk, so that their samples see the same load and can be compared
 * by the rank-sum test (decide.h).
 */
#ifndef COLLALG_SRC_TUNE_MEASURE_H
#define COLLALG_SRC_TUNE_MEASURE_H

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include "decide.h"
#include "progress.h"
#include "run.h"

/** @brief Arguments of a call of collective @p coll on @p bytes bytes (see the file comment of collalg-tune.c;
 *         a nonblocking collective's are its twin's). */
static tune_call tune_make_call(tuner *T, enum tune_coll coll, long bytes)
{
    tune_call c;
    c.sbuf = T->sbuf;
    c.rbuf = T->rbuf;
    c.type = tune_is_reduction(coll) ? MPI_INT : MPI_BYTE;
    c.count = (int)(tune_is_reduction(coll) ? bytes / 4 : bytes);
    c.rcount = tune_twin(coll) == TUNE_REDUCE_SCATTER_BLOCK ? c.count / T->p : c.count;
    c.rtype = c.type;
    c.op = MPI_SUM;
    c.root = 0;
    c.comm = T->comm;
    c.scounts = c.sdispls = c.rcounts = c.rdispls = NULL;
    c.stypes = c.rtypes = T->wtypes;
    c.select_cost = 0; /* per job: tune_job.cost */
    if (tune_is_v(coll))
        tune_pattern_call(&T->pat, coll, bytes, T->rank, T->vc, &c);
    if (tune_twin(coll) == TUNE_REDUCE_SCATTER) { /* the whole vector split as evenly as possible */
        int i;
        for (i = 0; i < T->p; i++)
            T->vc[i] = c.count / T->p + (i < c.count % T->p);
        c.rcounts = T->vc;
    }
    return c;
}

/** @brief Appends one measurement to the CSV (rank 0). */
static void tune_log(tuner *T, enum tune_coll coll, const char *phase, const char *alg, const tune_choice *ch,
                     long bytes, const tune_stats *s, const char *status)
{
    if (T->rank != 0 || !T->csv)
        return;
    fprintf(T->csv, "%s,%s,%s,\"%s\",%ld,%d,%d,%.9g,%.9g,%.9g,%.9g,%.4g,%s\n", tune_coll_name[coll], phase, alg,
            ch ? ch->str[0] ? ch->str : ch->text : "", bytes, T->p, s->n, s->median, s->mean, s->min, s->max,
            s->rse == HUGE_VAL ? -1.0 : s->rse, status);
    fflush(T->csv);
}

/** @brief Flags of a chunk the ranks agree on (after the k times in tune_chunk()). */
enum tune_chunk_flag { TUNE_F_FAILED, TUNE_F_INTERRUPTED, TUNE_F_BUDGET, TUNE_F_SHARE, TUNE_NFLAGS };

/**
 * @brief Times @p k calls, then one MPI_Allreduce (max) of the k times and the flags: T->glob
 *        holds the k samples, then the flags of enum tune_chunk_flag.
 */
static void tune_chunk(tuner *T, enum tune_coll coll, const tune_algo *a, const tune_call *call, const tune_choice *ch,
                       int k, int failed)
{
    int j, bad = 0;
    for (j = 0; j < k; j++) {
        double t0;
        int err;
        MPI_Barrier(T->comm);
        t0 = MPI_Wtime();
        err = tune_run(coll, a, call, ch);
        T->loc[j] = MPI_Wtime() - t0;
        bad |= err != MPI_SUCCESS;
    }
    T->loc[k + TUNE_F_FAILED] = bad | failed;
    T->loc[k + TUNE_F_INTERRUPTED] = tune_interrupted;
    T->loc[k + TUNE_F_BUDGET] = T->rank == 0 && T->o.budget > 0 && difftime(time(NULL), T->start) > T->o.budget;
    T->loc[k + TUNE_F_SHARE] = T->rank == 0 && T->coll_deadline && time(NULL) > T->coll_deadline;
    MPI_Allreduce(T->loc, T->glob, k + TUNE_NFLAGS, MPI_DOUBLE, MPI_MAX, T->comm);
}

/** @brief One measurement of a batch (tune_measure_batch()). */
typedef struct tune_job {
    const tune_algo *a;    /**< the algorithm, NULL: the native collective */
    const tune_choice *ch; /**< its parameter value, NULL: none */
    const char *phase;     /**< phase column of the CSV */
    tune_meas *out;        /**< receives the median and the samples */
    int min_n;             /**< at least this many samples (a re-measurement: the first one's count), 0: none */
    int cost;              /**< 1: each call also pays what the tuned routine adds (tune_routine_cost()) */
    int n;                 /**< samples so far (in out->x) */
    int failed;            /**< agreed: a call failed on some rank */
} tune_job;

/** @brief Fewest samples job @p j takes: TUNE_MIN_SAMPLES (decide.h), or its min_n when larger. */
static int tune_job_floor(const tune_job *j)
{
    return j->min_n > TUNE_MIN_SAMPLES ? j->min_n : TUNE_MIN_SAMPLES;
}

/** @brief Ends job @p j: its median (HUGE_VAL if it failed), the CSV line, the progress count. */
static void tune_job_finish(tuner *T, enum tune_coll coll, long bytes, tune_job *j)
{
    tune_stats st;
    tune_stats_compute(j->out->x, j->n, T->sorted, &st);
    tune_log(T, coll, j->phase, j->a ? j->a->name : "native", j->ch, bytes, &st, j->failed ? "error" : "ok");
    j->out->n = j->failed ? 0 : j->n;
    j->out->median = j->failed || j->n == 0 ? HUGE_VAL : st.median;
    T->done++;
}

/**
 * @brief Runs a chunk of @p k calls of job @p j (the first one after an untimed call).
 * @return 1 when the ranks agreed to stop the run (T->stopped set), else 0.
 */
static int tune_job_step(tuner *T, enum tune_coll coll, long bytes, const tune_call *batch_call, tune_job *j, int k)
{
    char what[512];
    tune_call own = *batch_call, *call = &own;
    own.select_cost = j->cost;
    if (j->n == 0) {
        snprintf(what, sizeof what, "%s %s%s%s%s %ld B", tune_coll_name[coll], j->a ? j->a->name : "native",
                 j->ch && j->ch->text[0] ? "(" : "", j->ch ? j->ch->text : "", j->ch && j->ch->text[0] ? ")" : "",
                 bytes);
        tune_progress(T, what, 0);
        MPI_Barrier(T->comm); /* one untimed call: first-touch, connection and cache effects */
        j->failed = tune_run(coll, j->a, call, j->ch) != MPI_SUCCESS;
    }
    tune_chunk(T, coll, j->a, call, j->ch, k, j->failed);
    memcpy(j->out->x + j->n, T->glob, (size_t)k * sizeof(double));
    j->n += k;
    T->hurry |= T->glob[k + TUNE_F_SHARE] > 0;
    if (T->glob[k + TUNE_F_INTERRUPTED] > 0 || T->glob[k + TUNE_F_BUDGET] > 0) {
        T->stopped = T->glob[k + TUNE_F_INTERRUPTED] > 0 ? 1 : 2;
        return 1;
    }
    j->failed = T->glob[k + TUNE_F_FAILED] > 0;
    return 0;
}

/**
 * @brief Size of the batch's next chunk: the largest next chunk of the RSE rule (stats.h) over
 *        the jobs that did not fail (they all have the same number of samples), 0 when every
 *        one's rule is satisfied. Invariant: no job ends with fewer than its floor
 *        (tune_job_floor(): TUNE_MIN_SAMPLES, a re-measurement as many as the first one) unless
 *        the run stops. Past the collective's share of the budget, the fewest calls: the floor.
 */
static int tune_batch_next(const tuner *T, const tune_job *jobs, int n)
{
    int i, k = 0;
    for (i = 0; i < n; i++)
        if (!jobs[i].failed) {
            tune_rule rule = T->o.rule;
            int ki, floor = tune_job_floor(&jobs[i]);
            rule.min_reps = T->hurry || rule.min_reps < floor ? floor : rule.min_reps;
            rule.max_reps = T->hurry || rule.max_reps < rule.min_reps ? rule.min_reps : rule.max_reps;
            ki = tune_rule_next(&rule, jobs[i].out->x, jobs[i].n);
            k = ki > k ? ki : k;
        }
    return k;
}

/**
 * @brief Measures the @p n jobs at @p bytes, interleaved: every job that did not fail runs each
 *        chunk in turn (each round starting one job later than the one before, so that no job
 *        always follows the same one), until the RSE rule is satisfied for all of them. They thus have as many
 *        samples, taken over the same stretch of time, so that a change of load on the machine
 *        hits them alike and their samples can be compared by the rank-sum test (decide.h).
 *        Each sample is the maximum over the ranks of one call's time. A stopped run leaves every
 *        median HUGE_VAL and no samples. @return 0, or 1 out of memory.
 */
static int tune_measure_batch(tuner *T, enum tune_coll coll, long bytes, tune_job *jobs, int n)
{
    tune_call call = tune_make_call(T, coll, bytes);
    int i, k, round = 0, most = T->o.rule.max_reps;
    size_t cap;
    for (i = 0; i < n; i++)
        most = tune_job_floor(&jobs[i]) > most ? tune_job_floor(&jobs[i]) : most;
    cap = (size_t)(most + T->o.rule.step + 8);
    for (i = 0; i < n; i++) {
        jobs[i].n = jobs[i].failed = 0;
        jobs[i].out->median = HUGE_VAL;
        jobs[i].out->n = 0;
        if (!(jobs[i].out->x = (double *)malloc(cap * sizeof(double))))
            return 1;
    }
    while (!T->stopped && (k = tune_batch_next(T, jobs, n)) > 0) {
        for (i = 0; i < n && !T->stopped; i++) { /* each round starts one job later: no fixed order */
            tune_job *j = &jobs[(i + round) % n];
            if (!j->failed)
                tune_job_step(T, coll, bytes, &call, j, k);
        }
        round++;
    }
    for (i = 0; i < n; i++) {
        if (!T->stopped)
            tune_job_finish(T, coll, bytes, &jobs[i]);
        if (T->stopped || jobs[i].out->n == 0) {
            tune_meas_free(jobs[i].out);
            jobs[i].out->median = HUGE_VAL;
        }
    }
    return 0;
}

/**
 * @brief Median time (seconds) of algorithm @p a (NULL: the native collective) with parameter
 *        @p ch at @p bytes (a batch of one job).
 * @return the median, or HUGE_VAL when the call failed on some rank or the run was stopped
 *         (T->stopped then set on every rank).
 */
static double tune_measure(tuner *T, enum tune_coll coll, const tune_algo *a, const tune_choice *ch, long bytes,
                           const char *phase)
{
    tune_meas m;
    tune_job j;
    j.a = a;
    j.ch = ch;
    j.phase = phase;
    j.out = &m;
    j.min_n = j.cost = 0;
    if (T->stopped)
        return HUGE_VAL;
    if (tune_measure_batch(T, coll, bytes, &j, 1)) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T->comm, 2);
    }
    tune_meas_free(&m);
    return m.median;
}

#endif /* COLLALG_SRC_TUNE_MEASURE_H */
