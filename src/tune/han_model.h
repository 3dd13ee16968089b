/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file han_model.h
 * @brief HAN's task-based cost model (Luo et al., CLUSTER 2020, §III-C) for the tuner
 *        (collalg-tune --han-model): the time of a pipelined hierarchical collective predicted
 *        from the times of its tasks on one segment. Pure functions, no MPI (unit-tested by
 *        tests/test_han_model.c).
 *
 * @par The model
 * A HAN collective cuts n bytes into s = ceil(n / m) segments of m bytes and runs a pipeline of
 * k stages (tasks) per segment: bcast ib (inter-node bcast among the leaders) then sb (intra-node
 * bcast); allreduce sr, ir, sb. Stage j of segment i overlaps stage j - 1 of segment i + 1, so
 * with task times t_1 .. t_k of one segment
 *   T(n) = t_1 + ... + t_k + (s - 1) max_j t_j
 * (the first segment crosses every stage, each further one leaves the slowest stage one step
 * later): tune_han_predict_steady() with next = first. For 2 stages this is HAN's T = t_ib + (s - 1) max(t_ib, t_sb) + t_sb. A stage that
 * cannot overlap with the next on the same rank (a blocking intra-node algorithm on a leader)
 * merges with it: give the tasks' sum as one stage.
 *
 * @par Steady state
 * Timed alone, a task on one segment includes its own fill time (a chain among N leaders: N - 1
 * hops before the last one has the segment); in the pipeline, consecutive segments through the
 * same task overlap that fill. tune_han_predict_steady() therefore takes per stage the time of one
 * segment (first) and what a second segment right behind it adds (next):
 *   T = sum_j first_j + (s - 1) max_j next_j.
 * On 3 nodes of 8 under SimGrid the plain model (next = first) misses the 16 KiB chain pipeline at
 * 32 and 64 KiB (predicts 143 us, measured 90); the steady one finds it.
 */
#ifndef COLLALG_SRC_TUNE_HAN_MODEL_H
#define COLLALG_SRC_TUNE_HAN_MODEL_H

/** @brief Most stages of one pipeline. */
#define TUNE_HAN_MAX_STAGES 4

/** @brief Segments of @p n bytes cut in segments of @p seg bytes: ceil(n / seg), at least 1. */
static long tune_han_nseg(long n, long seg)
{
    if (seg <= 0 || n <= seg)
        return 1;
    return (n + seg - 1) / seg;
}

/** @brief Length of one segment of @p n bytes with segment size @p seg: min(n, seg) (seg <= 0: n). */
static long tune_han_seglen(long n, long seg)
{
    return seg <= 0 || n < seg ? n : seg;
}

/**
 * @brief 1 when segment size @p segs[s] is redundant at @p n bytes: it gives one segment, as a
 *        smaller one of @p segs[0..s) (ascending) already does (the same call, measured once).
 */
static int tune_han_redundant(long n, const long *segs, int s)
{
    return s > 0 && tune_han_nseg(n, segs[s]) == 1 && tune_han_nseg(n, segs[s - 1]) == 1;
}

/**
 * @brief The model with steady-state stage times: a stage whose algorithm pipelines inside
 *        itself (a chain) takes less per further segment, back to back, than on one segment
 *        alone. With @p first[j] the time of stage j on one segment and @p next[j] what a second
 *        segment right after it adds (the time of two back-to-back calls less @p first[j]),
 *        T = sum first + (nseg - 1) max next; HAN's own model is the case next = first.
 *        Negative next times (noise) count as 0; a negative or infinite first time gives 1e300.
 */
static double tune_han_predict_steady(const double *first, const double *next, int k, long nseg)
{
    double sum = 0, mx = 0;
    int j;
    if (k < 1 || nseg < 1)
        return 1e300;
    for (j = 0; j < k; j++) {
        if (!(first[j] >= 0) || first[j] >= 1e300 || next[j] >= 1e300)
            return 1e300;
        sum += first[j];
        mx = next[j] > mx ? next[j] : mx;
    }
    return sum + (double)(nseg - 1) * mx;
}

/**
 * @brief The indices of the @p k smallest of @p pred[0..n) into @p idx, fastest first (ties: lower
 *        index first); entries >= 1e300 are never picked. @return how many were written (<= k).
 */
static int tune_han_top(const double *pred, int n, int k, int *idx)
{
    int got = 0, i, j;
    while (got < k) {
        int best = -1;
        for (i = 0; i < n; i++) {
            int taken = 0;
            if (pred[i] >= 1e300)
                continue;
            for (j = 0; j < got; j++)
                taken |= idx[j] == i;
            if (!taken && (best < 0 || pred[i] < pred[best]))
                best = i;
        }
        if (best < 0)
            break;
        idx[got++] = best;
    }
    return got;
}

/**
 * @brief 1 when the model's pick, whose measured time is @p picked, agrees with the exhaustive
 *        search's winner of measured time @p best: picked <= (1 + @p tol) best.
 */
static int tune_han_agrees(double picked, double best, double tol)
{
    return picked <= (1 + tol) * best;
}

/** @brief Relative saving of the model's measurement time @p model against @p exhaustive: 1 - model / exhaustive. */
static double tune_han_saving(double model, double exhaustive)
{
    return exhaustive > 0 ? 1 - model / exhaustive : 0;
}

#endif /* COLLALG_SRC_TUNE_HAN_MODEL_H */
