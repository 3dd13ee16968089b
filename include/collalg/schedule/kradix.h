/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/kradix.h
 * @brief The radix-k schedules of the k-ary dissemination barrier, the k-port Bruck allgather and
 *        the recursive multiplying allreduce, as pure functions of (rank, p, radix k >= 2). No MPI
 *        calls.
 *
 * @par Rounds with distances j k^r (dissemination, Bruck)
 * Round r = 0 .. ceil(log_k p) - 1 has the span k^r; its messages go over the distances
 * j k^r, j = 1 .. k - 1, of which only those below p are used (collalg__kradix_dist()): every
 * distance 1 .. p - 1 is a sum of such terms, one per round (its base-k digits), so a distance
 * >= p would only repeat what another round carries (or be a message to oneself). A radix
 * k > p therefore gives one round of p - 1 distances, as radix p does.
 *
 * @par Bruck's block counts
 * Before round r a rank holds the blocks of the span = k^r ranks from itself upwards (fewer
 * than p only). In round r it receives, for each used j, the held blocks of the rank j k^r
 * above it, clipped at p: collalg__kradix_bruck_blocks() = min(k^r, p - j k^r) blocks, stored
 * at relative offset j k^r. After the round it holds min(k^(r+1), p) blocks.
 *
 * @par Recursive multiplying: groups of consecutive ranks (collalg__recmult)
 * With k clamped to p, the survivors are pofk = the largest power of k <= p. The p ranks are cut
 * into pofk runs of consecutive ranks, sizes differing by at most one, the longer runs first
 * (collalg__even_split): since p < k pofk every run has 1 .. k ranks. The first rank of run g,
 * its leader, is survivor g; the others are its members. Survivor g's base-k digits give its
 * peers: in step t (span k^t) the k survivors that differ from g in digit t only form a group,
 * g + (j - d) k^t for j = 0 .. k - 1, d = digit t of g. After step t a survivor stands for the
 * aligned run of k^(t+1) survivors containing it, i.e. a run of consecutive ranks, and the
 * group's runs lie in digit order: combining the group's k partial results in the order
 * j = 0, 1, ..., k - 1 keeps the operand order of the ranks.
 *
 * @par Example, p = 7, k = 3
 * @verbatim
   pofk = 3, runs [0 1 2] [3 4] [5 6]: survivors 0, 3, 5 (leaders), members 1, 2, 4, 6
   one step (span 1): group {0, 3, 5}
   dissemination / Bruck distances: round 0: 1, 2;  round 1: 3, 6
   Bruck blocks: round 0: 1 and 1;  round 1: min(3, 7 - 3) = 3 and min(3, 7 - 6) = 1
   @endverbatim
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the k-port
 * rounds of distances j k^r and the concatenation's block counts); D. Hensgen, R. Finkel,
 * U. Manber, "Two algorithms for barrier synchronization", International Journal of Parallel
 * Programming 17(1), 1988 (the dissemination rounds); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (recursive multiplying's groups of k).
 */
#ifndef COLLALG_SCHEDULE_KRADIX_H
#define COLLALG_SCHEDULE_KRADIX_H

#include "common.h"
#include "knomial.h"
#include "run_tree.h"

/**
 * @brief Largest power of @p k (>= 2) that is <= @p p (>= 1); its exponent in *steps (when
 *        @p steps is not NULL). 64-bit intermediate: no overflow for any int p and k.
 */
static inline int collalg__kradix_pow_floor(int p, int k, int *steps)
{
    long long m = 1;
    int s = 0;
    while (m * k <= p) {
        m *= k;
        s++;
    }
    if (steps)
        *steps = s;
    return (int)m;
}

/** @brief Rounds of the dissemination barrier and of Bruck's allgather: ceil(log_k p), p >= 1. */
static inline int collalg__kradix_rounds(int p, int k)
{
    return collalg__knomial_rounds(p, k);
}

/**
 * @brief Distance j * @p span of round peer @p j (1 <= j < k) in the round of span @p span
 *        (k^r), or -1 when it is >= @p p (no message for that j, nor for a larger one).
 */
static inline int collalg__kradix_dist(int p, long long span, int j)
{
    long long d = (long long)j * span;
    return d < p ? (int)d : -1;
}

/**
 * @brief Bruck's allgather, round of span @p span (k^r), peer @p j with a used distance: the
 *        number of blocks exchanged, min(span, p - j span).
 */
static inline int collalg__kradix_bruck_blocks(int p, long long span, int j)
{
    long long left = (long long)p - (long long)j * span;
    return (int)(span < left ? span : left);
}

/** @brief One rank's part of the recursive multiplying schedule (see the file comment). */
typedef struct collalg__recmult {
    int p;      /**< number of ranks */
    int k;      /**< radix, clamped to [2, max(p, 2)] */
    int pofk;   /**< survivors: the largest power of k <= p */
    int steps;  /**< log_k pofk: the number of exchange steps */
    int group;  /**< this rank's run, which is also its leader's survivor index */
    int leader; /**< first rank of the run (the survivor that stands for it) */
    int gsize;  /**< ranks in the run, 1 .. k */
} collalg__recmult;

/** @brief First rank of run (survivor) @p g of @p s; @p g = pofk gives p. */
static inline int collalg__recmult_leader(const collalg__recmult *s, int g)
{
    return collalg__even_split(s->p, s->pofk, g);
}

/** @brief Fills @p s for @p rank of @p p ranks (p >= 1) and radix @p k (>= 2). */
static inline void collalg__recmult_init(collalg__recmult *s, int rank, int p, int k)
{
    int q, rem, big;
    s->p = p;
    s->k = k < p ? k : p;
    if (s->k < 2)
        s->k = 2;
    s->pofk = collalg__kradix_pow_floor(p, s->k, &s->steps);
    q = p / s->pofk;
    rem = p % s->pofk;
    big = rem * (q + 1); /* ranks in the longer runs */
    s->group = rank < big ? rank / (q + 1) : rem + (rank - big) / q;
    s->leader = collalg__recmult_leader(s, s->group);
    s->gsize = collalg__recmult_leader(s, s->group + 1) - s->leader;
}

/** @brief Digit of this survivor in the step of span @p span (k^t): its position in the group. */
static inline int collalg__recmult_digit(const collalg__recmult *s, long long span)
{
    return (int)((s->group / span) % s->k);
}

/**
 * @brief Rank of the survivor at position @p j (0 .. k - 1) of this survivor's group in the step
 *        of span @p span (j = collalg__recmult_digit() is the survivor itself).
 */
static inline int collalg__recmult_peer(const collalg__recmult *s, long long span, int j)
{
    long long g = s->group + ((long long)j - collalg__recmult_digit(s, span)) * span;
    return collalg__recmult_leader(s, (int)g);
}

#endif /* COLLALG_SCHEDULE_KRADIX_H */
