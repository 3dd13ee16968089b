/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/recexch.h
 * @brief Schedule builders of the recursive exchange of radix k without reduction: ibarrier
 *        recexch (see schedule/icoll.h for what a builder is). No MPI.
 *
 * @par Groups
 * The groups of the recursive multiplying allreduce (collalg__recmult, schedule/kradix.h): with k
 * clamped to p, the p ranks are cut into pofk (the largest power of k <= p) runs of 1 .. k
 * consecutive ranks; the first rank of run g, its leader, is survivor g, the others are its
 * members. In the step of span k^t, t = 0 .. log_k pofk - 1, the k survivors that differ in
 * base-k digit t form a group, and each survivor exchanges with the k - 1 others. A member
 * hands its part to its leader before the steps and gets the result back after them.
 *
 * @par Example, p = 7, k = 2
 * @verbatim
   pofk = 4, runs [0 1] [2 3] [4 5] [6]: survivors 0, 2, 4, 6, members 1, 3, 5
   step 0 (span 1): groups {0, 2} {4, 6};  step 1 (span 2): groups {0, 4} {2, 6}
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_RECEXCH_H
#define COLLALG_SCHEDULE_RECEXCH_H

#include "icoll.h"

/**
 * @brief Recursive-exchange barrier of radix @p k >= 2: a member sends a zero-element token to
 *        its leader and receives one back; a leader receives its members' tokens, then in each
 *        step sends a token to the k - 1 others of its group and receives theirs (one round per
 *        step), and at the end sends a token to each member. Invariant: after the step of span
 *        k^t a survivor has heard, directly or not, from every rank of the runs of its aligned
 *        k^(t + 1) survivors, so after the last step from every rank.
 */
static inline void collalg__ibarrier_recexch_steps(collalg__steps *s, int rank, int p, int k)
{
    collalg__recmult r;
    collalg__piece tok = collalg__pc(COLLALG_BUF_RECV, 0, 0);
    long long span;
    int q, j;
    collalg__recmult_init(&r, rank, p, k);
    if (rank != r.leader) { /* a member: the reply can come only after the leader heard from all */
        collalg__steps_send(s, r.leader, tok);
        collalg__steps_recv(s, r.leader, tok);
        return;
    }
    for (q = rank + 1; q < rank + r.gsize; q++)
        collalg__steps_recv(s, q, tok);
    collalg__steps_round(s);
    for (span = 1; span < r.pofk; span *= r.k) {
        for (j = 0; j < r.k; j++)
            if (j != collalg__recmult_digit(&r, span))
                collalg__steps_recv(s, collalg__recmult_peer(&r, span, j), tok);
        for (j = 0; j < r.k; j++)
            if (j != collalg__recmult_digit(&r, span))
                collalg__steps_send(s, collalg__recmult_peer(&r, span, j), tok);
        collalg__steps_round(s);
    }
    for (q = rank + 1; q < rank + r.gsize; q++)
        collalg__steps_send(s, q, tok);
}

#endif /* COLLALG_SCHEDULE_RECEXCH_H */
