/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * select_hook.h - what the selector tests (select.c, select_rooted.c) observe of a tuned routine:
 * COLLALG_SELECT_HOOK and COLLALG_SELECT_SKIP_HOOK record, per rank of MPI_COMM_WORLD, the last
 * choice (routine:algorithm, bytes, procs) and the last skipped rule. Include it before
 * <collalg/select.h>.
 */
#ifndef COLLALG_TESTS_SELECT_HOOK_H
#define COLLALG_TESTS_SELECT_HOOK_H

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Last choice of a tuned routine, one slot per world rank (SMPI may share globals). */
#define SEL_MAXRANKS 1024
static char sel_last[SEL_MAXRANKS][96];
static long long sel_bytes[SEL_MAXRANKS];
static int sel_procs[SEL_MAXRANKS];
static inline int sel_world_rank(void)
{
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r % SEL_MAXRANKS;
}
/* clang-format off */
#define COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs)                                                 \
    do {                                                                                                    \
        int r_ = sel_world_rank();                                                                          \
        snprintf(sel_last[r_], sizeof sel_last[r_], "%s:%s", routine, algorithm);                          \
        sel_bytes[r_] = (bytes);                                                                            \
        sel_procs[r_] = (procs);                                                                            \
    } while (0)
/* clang-format on */

/* Last skipped rule (routine:algorithm), one slot per world rank, and how many were skipped. */
static char sel_skip[SEL_MAXRANKS][96];
static int sel_skips[SEL_MAXRANKS];
/* clang-format off */
#define COLLALG_SELECT_SKIP_HOOK(routine, algorithm, reason)                                                  \
    do {                                                                                                    \
        int r_ = sel_world_rank();                                                                          \
        snprintf(sel_skip[r_], sizeof sel_skip[r_], "%s:%s", routine, algorithm);                          \
        sel_skips[r_]++;                                                                                    \
        (void)(reason);                                                                                     \
    } while (0)
/* clang-format on */

/* 1 when the last choice on this rank is `want` with n = bytes and p = procs; clears it. */
static inline int sel_was(const char *want, long long bytes, int procs)
{
    int r = sel_world_rank();
    int ok = strcmp(sel_last[r], want) == 0 && sel_bytes[r] == bytes && sel_procs[r] == procs;
    if (!ok)
        fprintf(stderr, "rank %d: expected %s n=%lld p=%d, recorded %s n=%lld p=%d\n", r, want, bytes, procs,
                sel_last[r], sel_bytes[r], sel_procs[r]);
    sel_last[r][0] = 0;
    return ok;
}

/* As sel_was, but leaves the record in place (for sel_agree). */
static inline int sel_was_keep(const char *want, long long bytes, int procs)
{
    int r = sel_world_rank();
    int ok = strcmp(sel_last[r], want) == 0 && sel_bytes[r] == bytes && sel_procs[r] == procs;
    if (!ok)
        fprintf(stderr, "rank %d: expected %s n=%lld p=%d, recorded %s n=%lld p=%d\n", r, want, bytes, procs,
                sel_last[r], sel_bytes[r], sel_procs[r]);
    return ok;
}

/* 1 when the last choice recorded on every rank of `comm` is the same string. */
static inline int sel_agree(MPI_Comm comm)
{
    int p, j, ok = 1;
    char *all;
    MPI_Comm_size(comm, &p);
    all = (char *)malloc((size_t)p * sizeof sel_last[0]);
    if (!all)
        return 0;
    MPI_Allgather(sel_last[sel_world_rank()], (int)sizeof sel_last[0], MPI_CHAR, all, (int)sizeof sel_last[0], MPI_CHAR,
                  comm);
    for (j = 1; j < p; j++)
        ok &= strcmp(all, all + (size_t)j * sizeof sel_last[0]) == 0;
    if (!ok)
        fprintf(stderr, "rank %d: the ranks chose differently, e.g. %s and %s\n", sel_world_rank(), all,
                all + sizeof sel_last[0]);
    free(all);
    return ok;
}

#endif /* COLLALG_TESTS_SELECT_HOOK_H */
