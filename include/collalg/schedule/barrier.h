/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/barrier.h
 * @brief Pure schedule functions of the barrier family: dissemination peers, k-ary trees of the
 *        MCS barrier, groups and masters of the JS barrier. No MPI calls.
 *
 * Like schedule/common.h, every function is a pure function of (rank, p, round, parameters), so the
 * unit tests (tests/test_barrier.c) check the properties a barrier needs without MPI: every rank
 * hears, transitively, from every rank before it leaves. The binomial gather-release barrier uses
 * the binomial-tree helpers of schedule/common.h (rooted at rank 0), the pairwise exchange the
 * recursive doubling with a fold of schedule/recursive_doubling.h (COLLALG__RDB_FOLD_HIGH); they
 * need nothing new here.
 */
#ifndef COLLALG_SCHEDULE_BARRIER_H
#define COLLALG_SCHEDULE_BARRIER_H

#include "common.h"

/* ---- Dissemination (Hensgen, Finkel & Manber): round k = 0 .. ceil(lg p) - 1 ----------------
 * In round k rank r sends a token to (r + 2^k) mod p and receives one from (r - 2^k) mod p.
 * After round k, rank r has heard (transitively) from the 2^(k+1) - 1 ranks r - 1, ..., r - 2^(k+1) + 1
 * (mod p), so after ceil(lg p) rounds from all p - 1 others, for any p.
 */

/** @brief Rounds of the dissemination barrier: ceil(lg p) (0 for p = 1). */
static inline int collalg__dissemination_nrounds(int p)
{
    return collalg__ceil_log2(p);
}

/** @brief Round @p k (0 <= k < ceil(lg p)): the rank @p rank sends to, (rank + 2^k) mod p. */
static inline int collalg__dissemination_to(int rank, int p, int k)
{
    return collalg__ring_to(rank, p, 1 << k);
}

/** @brief Round @p k (0 <= k < ceil(lg p)): the rank @p rank receives from, (rank - 2^k) mod p. */
static inline int collalg__dissemination_from(int rank, int p, int k)
{
    return collalg__ring_from(rank, p, 1 << k);
}

/* ---- MCS tree barrier: arrival on a fan-in tree, wake-up on a fan-out tree -------------------
 * Both trees are complete k-ary trees in heap order rooted at rank 0: the parent of r > 0 is
 * (r - 1) / k and the children of r are k r + 1, ..., k r + k (those < p). Mellor-Crummey &
 * Scott use k = 4 for arrival and k = 2 for wake-up.
 */

/** @brief Parent of @p rank in the k-ary heap tree of fan @p fan >= 1 (-1 for the root, rank 0). */
static inline int collalg__kary_parent(int rank, int fan)
{
    return rank == 0 ? -1 : (rank - 1) / fan;
}

/** @brief First child of @p rank, fan * rank + 1 (meaningful when collalg__kary_nchildren() > 0). */
static inline int collalg__kary_first_child(int rank, int fan)
{
    return (int)((long)fan * rank + 1);
}

/** @brief Number of children of @p rank in the k-ary heap tree of fan @p fan over p ranks. */
static inline int collalg__kary_nchildren(int rank, int p, int fan)
{
    long first = (long)fan * rank + 1, end = first + fan;
    if (first >= p)
        return 0;
    return (int)((end < p ? end : p) - first);
}

/** @brief Height (edges on the longest root-to-leaf path) of the k-ary heap tree over p ranks. */
static inline int collalg__kary_height(int p, int fan)
{
    int h = 0, r = p - 1;
    while (r > 0) {
        r = (r - 1) / fan;
        h++;
    }
    return h;
}

/**
 * @brief Resolves a fan parameter of the MCS barrier: 0 selects @p def; values above p - 1
 *        behave like p - 1 (every rank a child of the root), at least 1.
 * @return the fan to use, or -1 when @p fan is < 0 or equals 1 (rejected: a fan of 1 is a chain).
 */
static inline int collalg__mcs_fan(int fan, int def, int p)
{
    int f = fan == 0 ? def : fan;
    if (fan < 0 || fan == 1)
        return -1;
    if (f > p - 1)
        f = p - 1;
    return f < 1 ? 1 : f;
}

/* ---- JS tree barrier: groups of consecutive ranks, masters, all-to-all among masters --------
 * Ranks fall into groups of g consecutive ranks [m, m + g) (the last group may be smaller);
 * the master of a group is its first rank m. There are ceil(p / g) masters: 0, g, 2g, ...
 */

/** @brief ceil(sqrt(p)): the smallest g with g * g >= p (p >= 1). */
static inline int collalg__ceil_sqrt(int p)
{
    int g = 1;
    while ((long)g * g < p)
        g++;
    return g;
}

/**
 * @brief Resolves the group size of the JS barrier: 0 selects ceil(sqrt(p)); values above p
 *        behave like p (one group, one master).
 * @return the group size, or -1 when @p group < 0.
 */
static inline int collalg__js_group(int group, int p)
{
    if (group < 0)
        return -1;
    if (group == 0)
        return collalg__ceil_sqrt(p);
    return group < p ? group : p;
}

/** @brief Master (first rank) of the group of @p rank, for group size @p g. */
static inline int collalg__js_master(int rank, int g)
{
    return rank - rank % g;
}

/** @brief Number of groups (masters): ceil(p / g). */
static inline int collalg__js_nmasters(int p, int g)
{
    return (int)(((long)p + g - 1) / g);
}

/** @brief One past the last rank of the group whose master is @p master: min(master + g, p). */
static inline int collalg__js_group_end(int master, int g, int p)
{
    long end = (long)master + g;
    return (int)(end < p ? end : p);
}

#endif /* COLLALG_SCHEDULE_BARRIER_H */
