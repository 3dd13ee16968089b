/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_rooted.h
 * @brief Schedule builders of the nonblocking gather, scatter, gatherv and scatterv (see
 *        schedule/icoll.h for what a builder is). No MPI.
 *
 * The linear algorithms (LibNBC's, MPICH's sched_linear): the root posts every message at once,
 * in the order of distance root + 1, root + 2, ...; every other rank one message. A v-builder
 * takes the root's counts and displacements (in elements of the root's buffer) as arrays of p
 * ints, NULL on the other ranks.
 *
 * The tree algorithms (MPICH's sched_binomial and tsp_tree with a k-nomial tree) walk the
 * k-nomial tree of schedule/knomial.h on relative ranks rel = (rank - root) mod p, whose subtrees
 * are ranges of relative ranks: a message carries the blocks of a whole subtree, packed in
 * relative order, staged in COLLALG_BUF_TMP on the ranks between root and leaves. Relative block
 * j is the root's block (j + root) mod p, so a subtree's blocks are one run of the root's buffer
 * unless they pass block p - 1: the root then moves that subtree as two messages (the run up to
 * block p - 1, then the run from block 0), which its child, knowing root and p, cuts alike. The
 * root thus needs no scratch and no rotation.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_ROOTED_H
#define COLLALG_SCHEDULE_ICOLL_ROOTED_H

#include "steps.h"
#include "common.h"
#include "knomial.h"

/**
 * @brief Linear gatherv (@p rcounts, @p displs: the root's arrays) or gather (@p rcounts NULL:
 *        blocks of @p rcount elements at r * rcount, significant at the root only): rank r's
 *        @p scount elements of COLLALG_BUF_SEND land in block r of the root's COLLALG_BUF_RECV.
 *        The root copies its own block unless @p inplace (then it is already there).
 */
static inline void collalg__igatherv_linear_steps(collalg__steps *s, int rank, int p, int root, long long scount,
                                                  long long rcount, const int *rcounts, const int *displs, int inplace)
{
    int i;
    if (rank != root) {
        collalg__steps_send(s, root, collalg__pc(COLLALG_BUF_SEND, 0, scount));
        return;
    }
    if (!inplace)
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, root));
    for (i = 1; i < p; i++) {
        int r = collalg__ring_to(root, p, i);
        collalg__steps_recv(s, r, collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, r));
    }
}

/**
 * @brief Linear scatterv (@p scounts, @p displs: the root's arrays) or scatter (@p scounts
 *        NULL: blocks of @p scount elements at r * scount): block r of the root's
 *        COLLALG_BUF_SEND goes to rank r's @p rcount elements of COLLALG_BUF_RECV. The root copies
 *        its own block unless @p inplace (then it stays in the send buffer).
 */
static inline void collalg__iscatterv_linear_steps(collalg__steps *s, int rank, int p, int root, long long scount,
                                                   const int *scounts, const int *displs, long long rcount, int inplace)
{
    int i;
    if (rank != root) {
        collalg__steps_recv(s, root, collalg__pc(COLLALG_BUF_RECV, 0, rcount));
        return;
    }
    if (!inplace)
        collalg__steps_copy(s, collalg__vblock(COLLALG_BUF_SEND, scounts, displs, scount, root),
                            collalg__pc(COLLALG_BUF_RECV, 0, rcount));
    for (i = 1; i < p; i++) {
        int r = collalg__ring_to(root, p, i);
        collalg__steps_send(s, r, collalg__vblock(COLLALG_BUF_SEND, scounts, displs, scount, r));
    }
}

/**
 * @brief Blocks of the subtree [@p rel, @p rel + @p n) of relative ranks (root @p root) that lie
 *        in the root's buffer before the wrap past block p - 1: the first of the (at most) two
 *        runs that subtree is, starting at block (rel + root) mod p; the other run, of n - that
 *        many blocks, starts at block 0.
 */
static inline int collalg__rooted_run(int rel, int n, int root, int p)
{
    int b = rel + root;
    return b >= p || b + n <= p ? n : p - b;
}

/** @brief A receive from (@p recv 1) or a send to (0) @p peer of piece @p x. */
static inline void collalg__steps_move(collalg__steps *s, int recv, int peer, collalg__piece x)
{
    if (recv)
        collalg__steps_recv(s, peer, x);
    else
        collalg__steps_send(s, peer, x);
}

/**
 * @brief Moves the subtree [@p rel, @p rel + @p n) of relative ranks between the root's buffer
 *        @p buf (blocks of @p bc elements) and child @p rel: a send (@p recv 0) or receive of one
 *        message per run (collalg__rooted_run()), the run up to block p - 1 first.
 */
static inline void collalg__rooted_root_move(collalg__steps *s, int recv, int buf, int rel, int n, long long bc,
                                             int root, int p)
{
    int a = collalg__rooted_run(rel, n, root, p), b = (rel + root) % p;
    collalg__steps_move(s, recv, b, collalg__pc(buf, b * bc, a * bc));
    if (a < n)
        collalg__steps_move(s, recv, b, collalg__pc(buf, 0, (n - a) * bc));
}

/**
 * @brief The other end of collalg__rooted_root_move() on relative rank @p rel > 0 (subtree of
 *        @p n blocks, staged in @p x, @p bc elements per block): one message to or from the
 *        parent, or, when the parent is the root and the subtree wraps, two.
 */
static inline void collalg__rooted_child_move(collalg__steps *s, int recv, collalg__piece x, int rel, int n,
                                              long long bc, int root, int p, int k)
{
    int parent = collalg__knomial_parent(rel, k);
    int a = parent == 0 ? collalg__rooted_run(rel, n, root, p) : n, peer = (parent + root) % p;
    collalg__piece lo = x, hi = x;
    lo.count = a * bc;
    hi.first += a * bc;
    hi.count = (n - a) * bc;
    collalg__steps_move(s, recv, peer, lo);
    if (a < n)
        collalg__steps_move(s, recv, peer, hi);
}

/**
 * @brief K-nomial gather (radix @p k >= 2; 2: the binomial tree) of @p scount elements of every
 *        rank's COLLALG_BUF_SEND into blocks of @p rcount elements of the root's COLLALG_BUF_RECV
 *        (@p rcount significant at the root only, @p scount everywhere but an @p inplace root).
 *        A leaf sends its block from COLLALG_BUF_SEND. Another non-root copies its block to
 *        COLLALG_BUF_TMP element 0, receives every child's subtree right after it (the children
 *        at once; child c's at block c - rel), then sends its subtree [rel, rel + n) to its
 *        parent. The root copies its own block into place (unless @p inplace) and receives each
 *        child's subtree straight into its blocks, wrapping subtrees as two messages. Scratch:
 *        n @p scount elements on a non-leaf non-root, in the send buffer's datatype (the
 *        algorithm names it as the receive buffer's there, collalg__nbc_tmp()).
 */
static inline void collalg__igather_knomial_steps(collalg__steps *s, int rank, int p, int root, long long scount,
                                                  long long rcount, int k, int inplace)
{
    int rel = collalg__relrank(rank, root, p), n = collalg__knomial_subtree(rel, p, k);
    collalg__knomial_it it;
    if (rel == 0) {
        if (!inplace)
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                                collalg__pc(COLLALG_BUF_RECV, root * rcount, rcount));
        for (collalg__knomial_first(&it, 0, p, k, 1); it.child >= 0; collalg__knomial_next(&it))
            collalg__rooted_root_move(s, 1, COLLALG_BUF_RECV, it.child, collalg__knomial_subtree(it.child, p, k),
                                      rcount, root, p);
        return;
    }
    if (n == 1) {
        collalg__rooted_child_move(s, 0, collalg__pc(COLLALG_BUF_SEND, 0, scount), rel, 1, scount, root, p, k);
        return;
    }
    collalg__steps_tmp(s, n * scount);
    collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount), collalg__pc(COLLALG_BUF_TMP, 0, scount));
    for (collalg__knomial_first(&it, rel, p, k, 1); it.child >= 0; collalg__knomial_next(&it))
        collalg__steps_recv(
            s, (it.child + root) % p,
            collalg__pc(COLLALG_BUF_TMP, (it.child - rel) * scount, collalg__knomial_subtree(it.child, p, k) * scount));
    collalg__steps_round(s);
    collalg__rooted_child_move(s, 0, collalg__pc(COLLALG_BUF_TMP, 0, n * scount), rel, n, scount, root, p, k);
}

/**
 * @brief K-nomial scatter (radix @p k >= 2; 2: the binomial tree), the gather's tree walked from
 *        the root: block r of @p scount elements of the root's COLLALG_BUF_SEND lands in rank r's
 *        @p rcount elements of COLLALG_BUF_RECV. The root copies its own block (unless
 *        @p inplace: it stays in the send buffer) and sends each child its subtree's blocks, the
 *        largest subtree first, all at once (wrapping subtrees as two messages). A leaf receives
 *        its block straight into COLLALG_BUF_RECV; another non-root receives its subtree into
 *        COLLALG_BUF_TMP (n @p rcount elements), then sends each child its part and copies its
 *        own block out.
 */
static inline void collalg__iscatter_knomial_steps(collalg__steps *s, int rank, int p, int root, long long scount,
                                                   long long rcount, int k, int inplace)
{
    int rel = collalg__relrank(rank, root, p), n = collalg__knomial_subtree(rel, p, k);
    collalg__knomial_it it;
    if (rel == 0) {
        if (!inplace)
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, root * scount, scount),
                                collalg__pc(COLLALG_BUF_RECV, 0, rcount));
        for (collalg__knomial_first(&it, 0, p, k, 0); it.child >= 0; collalg__knomial_next(&it))
            collalg__rooted_root_move(s, 0, COLLALG_BUF_SEND, it.child, collalg__knomial_subtree(it.child, p, k),
                                      scount, root, p);
        return;
    }
    if (n == 1) {
        collalg__rooted_child_move(s, 1, collalg__pc(COLLALG_BUF_RECV, 0, rcount), rel, 1, rcount, root, p, k);
        return;
    }
    collalg__steps_tmp(s, n * rcount);
    collalg__rooted_child_move(s, 1, collalg__pc(COLLALG_BUF_TMP, 0, n * rcount), rel, n, rcount, root, p, k);
    collalg__steps_round(s);
    for (collalg__knomial_first(&it, rel, p, k, 0); it.child >= 0; collalg__knomial_next(&it))
        collalg__steps_send(
            s, (it.child + root) % p,
            collalg__pc(COLLALG_BUF_TMP, (it.child - rel) * rcount, collalg__knomial_subtree(it.child, p, k) * rcount));
    collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, 0, rcount), collalg__pc(COLLALG_BUF_RECV, 0, rcount));
}

#endif /* COLLALG_SCHEDULE_ICOLL_ROOTED_H */
