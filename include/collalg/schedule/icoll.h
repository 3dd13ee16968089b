/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll.h
 * @brief Schedule builders of the nonblocking collectives: pure functions of (rank, p, root,
 *        counts, parameters) that append one rank's steps to a collalg__steps (schedule/steps.h).
 *        No MPI.
 *
 * Each builder is the schedule of one algorithm header under include/collalg/i<collective>/,
 * whose doc block gives the phases, trace and cost; here are the steps only. The trees and
 * peers come from the pure schedules the blocking algorithms use (binomial tree, dissemination,
 * rings, the recursive-doubling fold), so a nonblocking algorithm and its blocking twin send the
 * same messages. tests/test_steps.c runs every builder for all ranks of p = 1 .. 70 in a
 * simulated network and checks the results element by element, the operand order included.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_H
#define COLLALG_SCHEDULE_ICOLL_H

#include "steps.h"
#include "common.h"
#include "barrier.h"
#include "recursive_doubling.h"

/**
 * @brief Dissemination barrier: in round k = 0 .. ceil(lg p) - 1 a zero-element message to
 *        (rank + 2^k) mod p and one from (rank - 2^k) mod p, each round after the previous one.
 */
static inline void collalg__ibarrier_dissemination_steps(collalg__steps *s, int rank, int p)
{
    int k, n = collalg__dissemination_nrounds(p);
    for (k = 0; k < n; k++) {
        collalg__steps_send(s, collalg__dissemination_to(rank, p, k), collalg__pc(COLLALG_BUF_RECV, 0, 0));
        collalg__steps_recv(s, collalg__dissemination_from(rank, p, k), collalg__pc(COLLALG_BUF_RECV, 0, 0));
        collalg__steps_round(s);
    }
}

/**
 * @brief Binomial-tree broadcast of @p count elements of COLLALG_BUF_RECV from @p root: a
 *        non-root receives from its parent, then every rank sends to its children, the largest
 *        subtree first, all at once.
 */
static inline void collalg__ibcast_binomial_steps(collalg__steps *s, int rank, int p, int root, long long count)
{
    int rel = collalg__relrank(rank, root, p), mask;
    collalg__piece all = collalg__pc(COLLALG_BUF_RECV, 0, count);
    if (rel > 0) {
        collalg__steps_recv(s, (collalg__binomial_parent(rel) + root) % p, all);
        collalg__steps_round(s);
    }
    for (mask = collalg__binomial_mask(rel, p) >> 1; mask > 0; mask >>= 1)
        if (rel + mask < p)
            collalg__steps_send(s, (rel + mask + root) % p, all);
}

/**
 * @brief Ring allgather of blocks of @p rcount elements of COLLALG_BUF_RECV (block j at element
 *        j * rcount; the own block comes from the @p scount elements of COLLALG_BUF_SEND unless
 *        @p inplace): the own block is copied in, then in step i = 0 .. p - 2 block
 *        (rank - i) mod p goes to the right neighbour and block (rank - i - 1) mod p comes from the
 *        left one.
 */
static inline void collalg__iallgather_ring_steps(collalg__steps *s, int rank, int p, long long scount,
                                                  long long rcount, int inplace)
{
    int i, right = collalg__ring_to(rank, p, 1), left = collalg__ring_from(rank, p, 1);
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__pc(COLLALG_BUF_RECV, (long long)rank * rcount, rcount));
        collalg__steps_round(s);
    }
    for (i = 0; i < p - 1; i++) {
        long long out = collalg__ring_from(rank, p, i), in = collalg__ring_from(rank, p, i + 1);
        collalg__steps_send(s, right, collalg__pc(COLLALG_BUF_RECV, out * rcount, rcount));
        collalg__steps_recv(s, left, collalg__pc(COLLALG_BUF_RECV, in * rcount, rcount));
        collalg__steps_round(s);
    }
}

/**
 * @brief Linear alltoall: block j of COLLALG_BUF_SEND (@p scount elements at j * scount) goes to
 *        rank j, block j of COLLALG_BUF_RECV (@p rcount elements at j * rcount) comes from rank j.
 *        Every receive and send is posted at once, in the order of distance i = 1 .. p - 1 (from
 *        rank - i, to rank + i), and the own block is copied. In place (@p inplace; then scount
 *        is rcount), the p blocks of COLLALG_BUF_RECV are first copied to COLLALG_BUF_TMP and sent
 *        from there. Every piece is one block, so its count fits an int.
 */
static inline void collalg__ialltoall_linear_steps(collalg__steps *s, int rank, int p, long long scount,
                                                   long long rcount, int inplace)
{
    int i, from = inplace ? COLLALG_BUF_TMP : COLLALG_BUF_SEND;
    long long all = (long long)p * rcount;
    if (inplace) { /* block by block: a piece stays within one block's int count */
        collalg__steps_tmp(s, all);
        for (i = 0; i < p; i++)
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_RECV, (long long)i * rcount, rcount),
                                collalg__pc(COLLALG_BUF_TMP, (long long)i * rcount, rcount));
        collalg__steps_round(s);
        scount = rcount;
    } else {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, (long long)rank * scount, scount),
                            collalg__pc(COLLALG_BUF_RECV, (long long)rank * rcount, rcount));
    }
    for (i = 1; i < p; i++) {
        long long src = collalg__ring_from(rank, p, i), dst = collalg__ring_to(rank, p, i);
        collalg__steps_recv(s, (int)src, collalg__pc(COLLALG_BUF_RECV, src * rcount, rcount));
        collalg__steps_send(s, (int)dst, collalg__pc(from, dst * scount, scount));
    }
}

/**
 * @brief Recursive-doubling allreduce of @p count elements for any p, in rank order (MPICH's
 *        fold of pairs, COLLALG__RDB_FOLD_PAIRS): the input is copied into COLLALG_BUF_RECV
 *        (unless @p inplace); each of the first p - 2^floor(lg p) even ranks sends its vector to
 *        the odd rank above and later receives the result from it; the survivors exchange
 *        vectors with the survivor newrank XOR 2^s in step s and combine them lower group first.
 *        The running result alternates between COLLALG_BUF_RECV and COLLALG_BUF_TMP (the
 *        reduction writes into the operand that comes second), and ends in COLLALG_BUF_RECV.
 */
static inline void collalg__iallreduce_recursive_doubling_steps(collalg__steps *s, int rank, int p, long long count,
                                                                int inplace)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int cur = COLLALG_BUF_RECV, other = COLLALG_BUF_TMP;

    collalg__rdb_fold_init(&f, p, 1, rank, COLLALG__RDB_FOLD_PAIRS);
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
    }
    if (f.newrank < 0) { /* folded: hand the vector to the survivor above, wait for the result */
        collalg__steps_send(s, f.partner, collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
        collalg__steps_recv(s, f.partner, collalg__pc(COLLALG_BUF_RECV, 0, count));
        return;
    }
    collalg__steps_tmp(s, count);
    if (f.partner >= 0) { /* the folded rank below: its vector comes first */
        collalg__steps_recv(s, f.partner, collalg__pc(COLLALG_BUF_TMP, 0, count));
        collalg__steps_round(s);
        collalg__steps_reduce(s, collalg__pc(COLLALG_BUF_TMP, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
    }
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        collalg__steps_send(s, st.rank, collalg__pc(cur, 0, count));
        collalg__steps_recv(s, st.rank, collalg__pc(other, 0, count));
        collalg__steps_round(s);
        if (st.upper) { /* the partner's group lies below: other op cur, into cur */
            collalg__steps_reduce(s, collalg__pc(other, 0, count), collalg__pc(cur, 0, count));
        } else { /* cur op other, into other, which becomes the running result */
            collalg__steps_reduce(s, collalg__pc(cur, 0, count), collalg__pc(other, 0, count));
            other = cur;
            cur = COLLALG_BUF_RECV + COLLALG_BUF_TMP - other;
        }
        collalg__steps_round(s);
    }
    if (cur != COLLALG_BUF_RECV) {
        collalg__steps_copy(s, collalg__pc(cur, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        collalg__steps_round(s);
    }
    if (f.partner >= 0)
        collalg__steps_send(s, f.partner, collalg__pc(COLLALG_BUF_RECV, 0, count));
}

#endif /* COLLALG_SCHEDULE_ICOLL_H */
