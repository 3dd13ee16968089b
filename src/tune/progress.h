/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file progress.h
 * @brief The tuner's progress bar (collalg-tune, rank 0, stderr): measurements done of those
 *        planned, what is measured, the time elapsed and an estimate of the time left.
 */
#ifndef COLLALG_SRC_TUNE_PROGRESS_H
#define COLLALG_SRC_TUNE_PROGRESS_H

#include <stdio.h>
#include <time.h>
#include "run.h"

/** @brief Formats @p s seconds as "1h02m", "3m05s" or "12s". */
static void tune_fmt_time(double s, char *buf, size_t size)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, size, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, size, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, size, "%lds", t);
}

/**
 * @brief Progress bar on stderr (rank 0): done/total, what is measured, elapsed, time left. At
 *        most once a second on a terminal, every 10 s otherwise, unless @p force.
 */
static void tune_progress(tuner *T, const char *what, int force)
{
    char el[32], eta[32], bar[31];
    double elapsed, frac;
    time_t now = time(NULL);
    int i, fill;
    if (T->rank != 0 || (!force && now == T->last_draw) || (!T->tty && !force && now - T->last_draw < 10))
        return;
    T->last_draw = now;
    if (T->done > T->total)
        T->total = T->done + T->done / 10 + 1;
    frac = T->total ? (double)T->done / T->total : 0;
    elapsed = difftime(now, T->start);
    fill = (int)(frac * 30);
    for (i = 0; i < 30; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[30] = 0;
    tune_fmt_time(elapsed, el, sizeof el);
    if (T->done > 0)
        tune_fmt_time(elapsed * (T->total - T->done) / T->done, eta, sizeof eta);
    else
        snprintf(eta, sizeof eta, "?");
    fprintf(stderr, "%s[%s] %3d%% %-48.48s elapsed %s, left ~%s%s", T->tty ? "\r" : "", bar, (int)(frac * 100), what,
            el, eta, T->tty ? "   " : "\n");
    fflush(stderr);
}

#endif /* COLLALG_SRC_TUNE_PROGRESS_H */
