/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/alltoallv.h
 * @brief Pure schedule functions of the scheduled alltoallv algorithms (greedy, all-to-all
 *        based; Karwande, Yuan & Lowenthal, CC-MPI, PPoPP 2003). No MPI calls.
 *
 * The input is the whole message matrix of one MPI_Alltoallv call, in bytes:
 * `bytes[i * p + j]` = bytes rank i sends to rank j (the diagonal, a rank's message to itself,
 * is a local copy and never scheduled). The output is a phase matrix: `phase[i * p + j]` = the
 * phase (0-based) in which message i -> j travels, or -1 when it is empty or i == j. Every rank
 * computes the same matrix from the same input, so the schedule needs no further message.
 *
 * Both schedules make every phase a partial matching: in one phase each rank sends at most one
 * message and receives at most one, so no receiver is the target of two senders at once (no
 * node contention on a single switch), and no phase is empty.
 *
 * Sizes: the functions index messages by `i * p + j` in an int, so p must satisfy
 * collalg__alltoallv_schedule_fits(p) (p <= 46340; the byte matrix alone is 16 GiB there).
 */
#ifndef COLLALG_SCHEDULE_ALLTOALLV_H
#define COLLALG_SCHEDULE_ALLTOALLV_H

#include <string.h>
#include "common.h"

/** @brief Largest p for which p * p fits an int (the message index i * p + j). */
#define COLLALG_ALLTOALLV_MAX_P 46340

/** @brief 1 when the scheduled algorithms can index the p x p message matrix (p <= 46340). */
static inline int collalg__alltoallv_schedule_fits(int p)
{
    return p >= 1 && p <= COLLALG_ALLTOALLV_MAX_P;
}

/**
 * @brief Upper bound on the phases of the greedy schedule: a message i -> j is kept out of a
 *        phase only by another send of i or another receive of j, at most 2 (p - 2) phases, so
 *        it lands in phase 2p - 4 at the latest; 2p phases always suffice.
 */
static inline int collalg__alltoallv_greedy_max_phases(int p)
{
    return 2 * p;
}

/**
 * @brief 64-bit words per rank in each busy bitmap of the greedy schedule (one bit per
 *        possible phase): ceil(collalg__alltoallv_greedy_max_phases(p) / 64).
 */
static inline int collalg__alltoallv_greedy_words(int p)
{
    return (collalg__alltoallv_greedy_max_phases(p) + 63) / 64;
}

/**
 * @brief 1 when message @p a goes before message @p b in the greedy order: larger first, ties
 *        by smaller index i * p + j (so by sender, then receiver). A total order, so every rank
 *        sorts the messages the same way.
 */
static inline int collalg__alltoallv_before(const long long *bytes, int a, int b)
{
    return bytes[a] > bytes[b] || (bytes[a] == bytes[b] && a < b);
}

/**
 * @brief Sift-down step of collalg__alltoallv_sort: restores the heap below @p root among
 *        idx[0 .. n-1] (a max-heap of "goes later": the root is the message that goes last).
 */
static inline void collalg__alltoallv_sift(const long long *bytes, int *idx, int root, int n)
{
    int child, t;
    while ((child = 2 * root + 1) < n) {
        if (child + 1 < n && collalg__alltoallv_before(bytes, idx[child], idx[child + 1]))
            child++;
        if (!collalg__alltoallv_before(bytes, idx[root], idx[child]))
            return;
        t = idx[root];
        idx[root] = idx[child];
        idx[child] = t;
        root = child;
    }
}

/**
 * @brief Sorts the message indices @p idx[0 .. n-1] into the greedy order
 *        (collalg__alltoallv_before) by heapsort: in place, O(n log n), no recursion, and no
 *        comparison callback (qsort has no way to pass @p bytes to one).
 */
static inline void collalg__alltoallv_sort(const long long *bytes, int *idx, int n)
{
    int k, t;
    for (k = n / 2 - 1; k >= 0; k--)
        collalg__alltoallv_sift(bytes, idx, k, n);
    for (k = n - 1; k > 0; k--) {
        t = idx[0];
        idx[0] = idx[k];
        idx[k] = t;
        collalg__alltoallv_sift(bytes, idx, 0, k);
    }
}

/**
 * @brief The greedy schedule of CC-MPI: the non-empty messages i -> j (i != j), largest first
 *        (ties by (i, j)), each placed in the first phase in which its sender sends nothing yet
 *        and its receiver receives nothing yet.
 *
 * Large messages are placed first and so share the early phases: a phase's time is that of
 * its largest message, and grouping messages of similar size balances the load.
 *
 * @param p     number of ranks (collalg__alltoallv_schedule_fits(p))
 * @param bytes p * p message sizes in bytes (row = sender)
 * @param phase out: p * p phases (-1: empty message or diagonal)
 * @param order workspace of p * p ints (the sorted message indices)
 * @param busy  workspace of 2 * p * collalg__alltoallv_greedy_words(p) words (which phases
 *              each rank already sends in, then receives in)
 * @return the number of phases (0 when no message is non-empty).
 */
static inline int collalg__alltoallv_greedy_schedule(int p, const long long *bytes, int *phase, int *order,
                                                     unsigned long long *busy)
{
    int i, j, k, w, n = 0, nphases = 0, words = collalg__alltoallv_greedy_words(p);
    unsigned long long *sbusy = busy, *rbusy = busy + (size_t)p * words;

    memset(busy, 0, 2 * (size_t)p * words * sizeof *busy);
    for (i = 0; i < p; i++)
        for (j = 0; j < p; j++) {
            phase[i * p + j] = -1;
            if (i != j && bytes[i * p + j] > 0)
                order[n++] = i * p + j;
        }
    collalg__alltoallv_sort(bytes, order, n);
    for (k = 0; k < n; k++) {
        int f = -1;
        i = order[k] / p;
        j = order[k] % p;
        for (w = 0; w < words && f < 0; w++) {
            unsigned long long taken = sbusy[(size_t)i * words + w] | rbusy[(size_t)j * words + w];
            int b = 0;
            if (taken == ~0ULL)
                continue;
            while (taken & 1ULL) {
                taken >>= 1;
                b++;
            }
            f = 64 * w + b;
        }
        /* f >= 0 always (collalg__alltoallv_greedy_max_phases) */
        sbusy[(size_t)i * words + f / 64] |= 1ULL << (f % 64);
        rbusy[(size_t)j * words + f / 64] |= 1ULL << (f % 64);
        phase[order[k]] = f;
        if (f + 1 > nphases)
            nphases = f + 1;
    }
    return nphases;
}

/**
 * @brief The all-to-all based schedule of CC-MPI: the phases of a contention-free all-to-all
 *        schedule, each carrying every non-empty message of its permutation, with the phases
 *        whose messages are all empty dropped.
 *
 * On one switch the contention-free all-to-all phases are the steps of the pair schedule
 * (schedule/common.h, collalg__pair_peer: XOR for powers of two, the circle 1-factorisation
 * otherwise): step s carries i -> peer(i, s) for every i, S = p - 1 (p even) or p (p odd)
 * steps. The kept steps keep their order and are renumbered 0, 1, ...
 *
 * @param p     number of ranks (collalg__alltoallv_schedule_fits(p))
 * @param bytes p * p message sizes in bytes (row = sender)
 * @param phase out: p * p phases (-1: empty message or diagonal)
 * @param keep  workspace of p ints (the new number of each kept step)
 * @return the number of phases (at most collalg__pair_nsteps(p); 0 when every message is empty).
 */
static inline int collalg__alltoallv_alltoall_based_schedule(int p, const long long *bytes, int *phase, int *keep)
{
    int i, s, k, nsteps = collalg__pair_nsteps(p), nphases = 0;

    for (k = 0; k < p * p; k++)
        phase[k] = -1;
    for (s = 0; s < nsteps; s++)
        keep[s] = -1;
    for (s = 0; s < nsteps; s++)
        for (i = 0; i < p; i++) {
            int j = collalg__pair_peer(i, p, s);
            if (j != i && bytes[i * p + j] > 0) {
                phase[i * p + j] = s;
                keep[s] = 0;
            }
        }
    for (s = 0; s < nsteps; s++)
        if (keep[s] == 0)
            keep[s] = nphases++;
    for (k = 0; k < p * p; k++)
        if (phase[k] >= 0)
            phase[k] = keep[phase[k]];
    return nphases;
}

/**
 * @brief One rank's view of a phase matrix: in phase f, @p rank sends to @p to[f] and receives
 *        from @p from[f] (-1 when it does not send, receive, in that phase).
 * @param to   out: @p nphases ranks
 * @param from out: @p nphases ranks
 */
static inline void collalg__alltoallv_schedule_peers(int p, int rank, const int *phase, int nphases, int *to, int *from)
{
    int f, q;
    for (f = 0; f < nphases; f++)
        to[f] = from[f] = -1;
    for (q = 0; q < p; q++) {
        if (phase[rank * p + q] >= 0)
            to[phase[rank * p + q]] = q;
        if (phase[q * p + rank] >= 0)
            from[phase[q * p + rank]] = q;
    }
}

#endif /* COLLALG_SCHEDULE_ALLTOALLV_H */
