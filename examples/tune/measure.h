/**
 * @file measure.h
 * @brief Timing (collalg-tune): one measurement of one algorithm (or the native collective) at
 *        one size, by PGMPI's repetition rule (stats.h), logged to the CSV.
 *
 * @par Timing
 * Each sample is one call: all ranks leave an MPI_Barrier, time the call with MPI_Wtime, and the
 * sample is the maximum over the ranks (one MPI_Allreduce per chunk of calls, which also carries
 * the flags the ranks agree on: a failed call, an interruption, the budget). Chunks follow the
 * RSE rule; the reported time is the median of the samples (seconds).
 */
#ifndef COLLALG_EXAMPLES_TUNE_MEASURE_H
#define COLLALG_EXAMPLES_TUNE_MEASURE_H

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include "progress.h"
#include "run.h"

/** @brief Arguments of a call of collective @p coll on @p bytes bytes (see the file comment of collalg-tune.c). */
static tune_call tune_make_call(tuner *T, enum tune_coll coll, long bytes)
{
    tune_call c;
    c.sbuf = T->sbuf;
    c.rbuf = T->rbuf;
    c.type = coll == TUNE_ALLREDUCE ? MPI_INT : MPI_BYTE;
    c.count = (int)(coll == TUNE_ALLREDUCE ? bytes / 4 : bytes);
    c.op = MPI_SUM;
    c.root = 0;
    c.comm = T->comm;
    c.scounts = c.sdispls = c.rcounts = c.rdispls = NULL;
    c.select_cost = T->routine_phase;
    if (tune_is_v(coll))
        tune_pattern_call(&T->pat, coll, bytes, T->rank, T->vc, &c);
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
static void tune_chunk(tuner *T, enum tune_coll coll, const tune_algo *a, const tune_call *call,
                       const tune_choice *ch, int k, int failed)
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

/**
 * @brief Median time (seconds) of algorithm @p a (NULL: the native collective) with parameter
 *        @p ch at @p bytes, by the RSE rule, each sample the maximum over the ranks. The samples
 *        stay in T->samples (T->nsamples of them) until the next measurement.
 * @return the median, or HUGE_VAL when the call failed on some rank or the run was stopped
 *         (T->stopped then set on every rank).
 */
static double tune_measure(tuner *T, enum tune_coll coll, const tune_algo *a, const tune_choice *ch, long bytes,
                           const char *phase)
{
    tune_call call = tune_make_call(T, coll, bytes);
    tune_stats st;
    char what[512];
    int n = 0, k, failed = 0;
    tune_rule hurried = T->o.rule; /* past the collective's share: the fewest repetitions */
    hurried.max_reps = hurried.min_reps = hurried.min_reps < 3 ? hurried.min_reps : 3;
    if (T->stopped)
        return HUGE_VAL;
    snprintf(what, sizeof what, "%s %s%s%s%s %ld B", tune_coll_name[coll], a ? a->name : "native",
             ch && ch->text[0] ? "(" : "", ch ? ch->text : "", ch && ch->text[0] ? ")" : "", bytes);
    tune_progress(T, what, 0);
    MPI_Barrier(T->comm); /* one untimed call: first-touch, connection and cache effects */
    failed = tune_run(coll, a, &call, ch) != MPI_SUCCESS;
    while ((k = tune_rule_next(T->hurry ? &hurried : &T->o.rule, T->samples, n)) > 0) {
        tune_chunk(T, coll, a, &call, ch, k, failed);
        memcpy(T->samples + n, T->glob, (size_t)k * sizeof(double));
        n += k;
        T->hurry |= T->glob[k + TUNE_F_SHARE] > 0;
        if (T->glob[k + TUNE_F_INTERRUPTED] > 0 || T->glob[k + TUNE_F_BUDGET] > 0) {
            T->stopped = T->glob[k + TUNE_F_INTERRUPTED] > 0 ? 1 : 2;
            return HUGE_VAL;
        }
        if ((failed = T->glob[k + TUNE_F_FAILED] > 0))
            break;
    }
    T->done++;
    T->nsamples = n;
    tune_stats_compute(T->samples, n, T->sorted, &st);
    tune_log(T, coll, phase, a ? a->name : "native", ch, bytes, &st, failed ? "error" : "ok");
    return failed ? HUGE_VAL : st.median;
}

#endif /* COLLALG_EXAMPLES_TUNE_MEASURE_H */
