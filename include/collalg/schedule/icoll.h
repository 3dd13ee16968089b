/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll.h
 * @brief Schedule builders of the nonblocking collectives: pure functions of (rank, p, root,
 *        counts, parameters) that append one rank's steps to a collalg__steps (schedule/steps.h).
 *        No MPI.
 *
 * Each builder is the schedule of one algorithm header under `include/collalg/i<collective>/`,
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
#include "knomial.h"
#include "kradix.h"
#include "circulant.h"

/**
 * @brief K-ary dissemination barrier, radix @p k >= 2 (the schedule of
 *        collalg_barrier_k_dissemination()): in the round of span k^r, r = 0 .. ceil(log_k p) - 1,
 *        a zero-element message from (rank - j k^r) mod p and one to (rank + j k^r) mod p for
 *        j = 1 .. k - 1 with j k^r < p (schedule/kradix.h), each round after the previous one.
 *        Invariant: after the round of span k^r the rank has heard, directly or not, from the
 *        k^(r+1) - 1 ranks below it (mod p).
 */
static inline void collalg__ibarrier_k_dissemination_steps(collalg__steps *s, int rank, int p, int k)
{
    long long span;
    int j, d;
    for (span = 1; span < p; span *= k) {
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0; j++)
            collalg__steps_recv(s, collalg__ring_from(rank, p, d), collalg__pc(COLLALG_BUF_RECV, 0, 0));
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0; j++)
            collalg__steps_send(s, collalg__ring_to(rank, p, d), collalg__pc(COLLALG_BUF_RECV, 0, 0));
        collalg__steps_round(s);
    }
}

/**
 * @brief Dissemination barrier: the k-ary one of radix 2, in round k = 0 .. ceil(lg p) - 1 a
 *        zero-element message to (rank + 2^k) mod p and one from (rank - 2^k) mod p.
 */
static inline void collalg__ibarrier_dissemination_steps(collalg__steps *s, int rank, int p)
{
    collalg__ibarrier_k_dissemination_steps(s, rank, p, 2);
}

/** @brief collalg__ibcast_knomial_steps() of piece @p all (any buffer). */
static inline void collalg__ibcast_knomial_in_steps(collalg__steps *s, int rank, int p, int root, collalg__piece all,
                                                    int k)
{
    int rel = collalg__relrank(rank, root, p);
    collalg__knomial_it it;
    if (all.count == 0)
        return;
    if (rel > 0) {
        collalg__steps_recv(s, (collalg__knomial_parent(rel, k) + root) % p, all);
        collalg__steps_round(s);
    }
    for (collalg__knomial_first(&it, rel, p, k, 0); it.child >= 0; collalg__knomial_next(&it)) {
        collalg__steps_send(s, (it.child + root) % p, all);
        collalg__steps_round(s);
    }
}

/**
 * @brief K-nomial-tree broadcast of @p count elements of COLLALG_BUF_RECV from @p root, radix
 *        @p k >= 2 (schedule/knomial.h): a non-root receives from its parent, then every rank
 *        sends to its children one after another in the tree's broadcast order (levels from the
 *        highest down, the largest subtree first), as the blocking collalg_bcast_knomial() does:
 *        sends started together would share the sender's link. Nothing is sent for @p count 0.
 */
static inline void collalg__ibcast_knomial_steps(collalg__steps *s, int rank, int p, int root, long long count, int k)
{
    collalg__ibcast_knomial_in_steps(s, rank, p, root, collalg__pc(COLLALG_BUF_RECV, 0, count), k);
}

/**
 * @brief Binomial-tree broadcast of @p count elements of COLLALG_BUF_RECV from @p root: the
 *        k-nomial tree of radix 2 (collalg__ibcast_knomial_steps()); a non-root receives from its
 *        parent (rel with its lowest set bit cleared), then sends to its children rel + 2^j,
 *        2^j below rel's lowest set bit, the largest subtree first.
 */
static inline void collalg__ibcast_binomial_steps(collalg__steps *s, int rank, int p, int root, long long count)
{
    collalg__ibcast_knomial_steps(s, rank, p, root, count, 2);
}

/**
 * @brief Linear broadcast of @p count elements of COLLALG_BUF_RECV from @p root (LibNBC's linear
 *        ibcast): the root starts a send of the whole vector to every other rank at once, in the
 *        order root + 1, root + 2, ...; every other rank receives it from the root. Nothing is
 *        sent for @p count 0.
 */
static inline void collalg__ibcast_linear_steps(collalg__steps *s, int rank, int p, int root, long long count)
{
    collalg__piece all = collalg__pc(COLLALG_BUF_RECV, 0, count);
    int i;
    if (count == 0)
        return;
    if (rank != root) {
        collalg__steps_recv(s, root, all);
        return;
    }
    for (i = 1; i < p; i++)
        collalg__steps_send(s, collalg__ring_to(root, p, i), all);
}

/** @brief Blocks [j, j + n) of a vector of @p count elements cut into blocks of @p size
 *         elements (the last ones shorter or empty), as a piece of COLLALG_BUF_RECV. */
static inline collalg__piece collalg__blocks_piece(long long count, long long size, long long j, long long n)
{
    long long lo = j * size < count ? j * size : count, hi = (j + n) * size < count ? (j + n) * size : count;
    return collalg__pc(COLLALG_BUF_RECV, lo, hi - lo);
}

/**
 * @brief The binomial scatter that starts a scatter-allgather broadcast of @p count elements of
 *        COLLALG_BUF_RECV from @p root: the vector is cut into p blocks of ceil(count / p)
 *        elements (collalg__blocks_piece()), block j for relative rank j; relative rank @p rel > 0
 *        receives the blocks of its binomial subtree from its parent, then every rank sends each
 *        child its subtree's blocks, largest first, each send once the one before is done (as the
 *        blocking scatter does: the largest subtree gets its blocks after n / 2 bytes rather than
 *        after all of them, and starts forwarding while the smaller ones are sent; posting them
 *        all at once made the ibcast 1.35x slower than its blocking twin at 1 MiB, p = 16).
 *        Invariant: afterwards rel holds block rel. The round is closed: what follows waits for
 *        the scatter.
 */
static inline void collalg__ibcast_scatter_steps(collalg__steps *s, int rel, int p, int root, long long count)
{
    long long size = (count + p - 1) / p;
    int mask, prior = -1;
    if (rel > 0) {
        collalg__steps_recv(s, (collalg__binomial_parent(rel) + root) % p,
                            collalg__blocks_piece(count, size, rel, collalg__binomial_subtree(rel, p)));
        collalg__steps_round(s);
    }
    for (mask = collalg__binomial_mask(rel, p) >> 1; mask > 0; mask >>= 1)
        if (rel + mask < p) {
            int sent = collalg__steps_send(
                s, (rel + mask + root) % p,
                collalg__blocks_piece(count, size, rel + mask, collalg__binomial_subtree(rel + mask, p)));
            collalg__steps_dep(s, prior);
            prior = sent;
        }
    collalg__steps_round(s);
}

/**
 * @brief Pipelined broadcast of @p count elements of COLLALG_BUF_RECV from @p root down the
 *        tree of fanout 1 or 2 in heap order on relative ranks (parent (rel - 1) / fanout,
 *        children fanout rel + 1 .. fanout rel + fanout below p; fanout 1 is the chain
 *        0 -> 1 -> ..., 2 the binary tree of collalg_bcast_binary_tree()), in segments of @p seg >= 1 elements
 *        (collalg__blocks_piece(); the last one shorter; at most COLLALG_PIECE_MAX). A non-root
 *        posts the receives of every segment from its parent at once; a rank sends segment i to
 *        each child once segment i is in and its send of segment i - 1 to that child is done, so
 *        the sends to one peer start in segment order whatever order the receives complete in
 *        (MPI orders the matching of messages, not their completion). Nothing is sent for
 *        @p count 0.
 */
static inline void collalg__ibcast_pipeline_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                  long long seg, int fanout)
{
    int rel = collalg__relrank(rank, root, p), got = -1, sent[2] = {-1, -1}, c;
    long long nseg, i, first = (long long)fanout * rel + 1;
    if (seg > COLLALG_PIECE_MAX) /* one step per segment: the dependencies below name it */
        seg = COLLALG_PIECE_MAX;
    nseg = (count + seg - 1) / seg;
    for (i = 0; i < nseg; i++) {
        if (rel > 0)
            got = collalg__steps_recv(s, ((rel - 1) / fanout + root) % p, collalg__blocks_piece(count, seg, i, 1));
        for (c = 0; c < fanout && c < 2 && first + c < p; c++) {
            int prior = sent[c];
            sent[c] = collalg__steps_send(s, (int)((first + c + root) % p), collalg__blocks_piece(count, seg, i, 1));
            collalg__steps_dep(s, got);
            collalg__steps_dep(s, prior);
        }
    }
}

/** @brief Pipelined chain broadcast: collalg__ibcast_pipeline_steps() of fanout 1. */
static inline void collalg__ibcast_chain_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                               long long seg)
{
    collalg__ibcast_pipeline_steps(s, rank, p, root, count, seg, 1);
}

/** @brief Pipelined binary-tree broadcast: collalg__ibcast_pipeline_steps() of fanout 2. */
static inline void collalg__ibcast_binary_tree_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                     long long seg)
{
    collalg__ibcast_pipeline_steps(s, rank, p, root, count, seg, 2);
}

/**
 * @brief Broadcast of @p count elements as a binomial scatter followed by a ring allgather
 *        (MPICH's long-message ibcast, sched_scatter_ring_allgather): the vector is cut into p
 *        blocks of ceil(count / p) elements, block j for relative rank j; each non-root receives
 *        the blocks of its subtree from its parent, sends its children theirs (largest first, one
 *        after the other), then in ring step i = 0 .. p - 2 sends block (rel - i) mod p to relative
 *        rank rel + 1 and receives block (rel - i - 1) mod p from rel - 1.
 */
static inline void collalg__ibcast_scatter_ring_allgather_steps(collalg__steps *s, int rank, int p, int root,
                                                                long long count)
{
    int rel = collalg__relrank(rank, root, p), i;
    int right = (collalg__ring_to(rel, p, 1) + root) % p, left = (collalg__ring_from(rel, p, 1) + root) % p;
    long long size = (count + p - 1) / p;
    collalg__ibcast_scatter_steps(s, rel, p, root, count);
    for (i = 0; i < p - 1; i++) {
        collalg__steps_send(s, right, collalg__blocks_piece(count, size, collalg__ring_from(rel, p, i), 1));
        collalg__steps_recv(s, left, collalg__blocks_piece(count, size, collalg__ring_from(rel, p, i + 1), 1));
        collalg__steps_round(s);
    }
}

/**
 * @brief Broadcast of @p count elements as a binomial scatter followed by a recursive-doubling
 *        allgather for any p (MPICH's sched_scatter_recursive_doubling_allgather; the schedule of
 *        collalg_bcast_scatter_rdb_allgather(), with the blocks of collalg__ibcast_scatter_steps()):
 *        on relative ranks, in the step with mask = 1, 2, 4, ... the blocks of rel's group G go to
 *        rel XOR mask and those of the partner group G' come back, each one run of the vector; a
 *        lower group whose partner group is partial then forwards G' to its members without a
 *        partner (schedule/recursive_doubling.h). Nothing is sent for @p count 0.
 */
static inline void collalg__ibcast_scatter_rdb_allgather_steps(collalg__steps *s, int rank, int p, int root,
                                                               long long count)
{
    int rel = collalg__relrank(rank, root, p), g, gn, pg, pgn, t, to, from;
    long long size = (count + p - 1) / p;
    collalg__rdb_fold f;
    collalg__rdb_step st;
    if (count == 0)
        return;
    collalg__ibcast_scatter_steps(s, rel, p, root, count);
    collalg__rdb_fold_init(&f, p, 1, rel, COLLALG__RDB_FOLD_NONE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        collalg__piece theirs;
        if (!collalg__rdb_groups(rel, p, st.mask, &g, &gn, &pg, &pgn))
            continue; /* no partner group: G is already the whole group of 2 mask ranks */
        theirs = collalg__blocks_piece(count, size, pg, pgn);
        if (st.rank >= 0) {
            collalg__steps_send(s, (st.rank + root) % p, collalg__blocks_piece(count, size, g, gn));
            collalg__steps_recv(s, (st.rank + root) % p, theirs);
            collalg__steps_round(s);
        }
        for (t = 0; t < collalg__rdb_rounds(rel, p, st.mask); t++) {
            collalg__rdb_forward(rel, p, st.mask, t, &to, &from);
            if (to >= 0)
                collalg__steps_send(s, (to + root) % p, theirs);
            else if (from >= 0)
                collalg__steps_recv(s, (from + root) % p, theirs);
            collalg__steps_round(s);
        }
    }
}

/**
 * @brief Ring allgatherv (@p rcounts, @p displs: block b at elements [displs[b], displs[b] +
 *        rcounts[b]) of COLLALG_BUF_RECV) or allgather (@p rcounts NULL: blocks of @p rcount
 *        elements at b * rcount). The own block comes from the @p scount elements of
 *        COLLALG_BUF_SEND unless @p inplace; then in step i = 0 .. p - 2 block (rank - i) mod p
 *        goes to the right neighbour and block (rank - i - 1) mod p comes from the left one.
 */
static inline void collalg__iallgatherv_ring_steps(collalg__steps *s, int rank, int p, long long scount,
                                                   long long rcount, const int *rcounts, const int *displs, int inplace)
{
    int i, right = collalg__ring_to(rank, p, 1), left = collalg__ring_from(rank, p, 1);
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, rank));
        collalg__steps_round(s);
    }
    for (i = 0; i < p - 1; i++) {
        int out = collalg__ring_from(rank, p, i), in = collalg__ring_from(rank, p, i + 1);
        collalg__steps_send(s, right, collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, out));
        collalg__steps_recv(s, left, collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, in));
        collalg__steps_round(s);
    }
}

/** @brief Ring allgather: collalg__iallgatherv_ring_steps() with blocks of @p rcount elements. */
static inline void collalg__iallgather_ring_steps(collalg__steps *s, int rank, int p, long long scount,
                                                  long long rcount, int inplace)
{
    collalg__iallgatherv_ring_steps(s, rank, p, scount, rcount, 0, 0, inplace);
}

/**
 * @brief Linear allgatherv (@p rcounts, @p displs: block b at elements [displs[b], displs[b] +
 *        rcounts[b]) of COLLALG_BUF_RECV) or allgather (@p rcounts NULL: blocks of @p rcount
 *        elements at b * rcount), LibNBC's: every message starts at once, with no round between
 *        them. Rank r copies its @p scount elements of COLLALG_BUF_SEND into block r (unless
 *        @p inplace), and for i = 1 .. p - 1 receives block (r - i) mod p from that rank and sends
 *        its own block to (r + i) mod p, straight from COLLALG_BUF_SEND (from block r in place), so
 *        no send waits for the copy.
 */
static inline void collalg__iallgatherv_linear_steps(collalg__steps *s, int rank, int p, long long scount,
                                                     long long rcount, const int *rcounts, const int *displs,
                                                     int inplace)
{
    collalg__piece mine = collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, rank);
    collalg__piece out = inplace ? mine : collalg__pc(COLLALG_BUF_SEND, 0, scount);
    int i;
    if (!inplace)
        collalg__steps_copy(s, out, mine);
    for (i = 1; i < p; i++) {
        int from = collalg__ring_from(rank, p, i);
        collalg__steps_recv(s, from, collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, from));
        collalg__steps_send(s, collalg__ring_to(rank, p, i), out);
    }
}

/** @brief Linear allgather: collalg__iallgatherv_linear_steps() with blocks of @p rcount
 *         elements. */
static inline void collalg__iallgather_linear_steps(collalg__steps *s, int rank, int p, long long scount,
                                                    long long rcount, int inplace)
{
    collalg__iallgatherv_linear_steps(s, rank, p, scount, rcount, 0, 0, inplace);
}

/** @brief Elements of the @p n blocks (@p lo + j) mod @p p, j = 0 .. n - 1, of an allgatherv
 *         (@p rcounts) or of an allgather (@p rcounts NULL: @p rcount elements each). */
static inline long long collalg__vrun(const int *rcounts, long long rcount, int p, int lo, int n)
{
    long long t = 0;
    int j;
    if (!rcounts)
        return (long long)n * rcount;
    for (j = 0; j < n; j++)
        t += rcounts[(lo + j) % p];
    return t;
}

/**
 * @brief Whether the non-empty blocks of an allgatherv lie back to back in rank order in the
 *        receive buffer (always, for an allgather: @p rcounts NULL); then *base is the element
 *        where block 0 would start, so block b starts at *base + collalg__vrun(.., 0, b).
 */
static inline int collalg__vpacked(const int *rcounts, const int *displs, int p, long long *base)
{
    long long at = 0;
    int b, first = 1;
    *base = 0;
    for (b = 0; rcounts && b < p; b++) {
        if (rcounts[b] == 0)
            continue;
        if (first)
            *base = displs[b] - at;
        else if (displs[b] != *base + at)
            return 0;
        first = 0;
        at += rcounts[b];
    }
    return 1;
}

/**
 * @brief Copies the p blocks that COLLALG_BUF_TMP holds back to back in the order @p start,
 *        @p start + 1, ... (mod p) to their places in COLLALG_BUF_RECV (collalg__vblock()): one
 *        copy per run of blocks that also lie back to back there, empty blocks skipped, all
 *        after the previous round.
 */
static inline void collalg__vunpack(collalg__steps *s, int p, int start, long long rcount, const int *rcounts,
                                    const int *displs)
{
    long long at = 0, from = 0;
    collalg__piece run = collalg__pc(COLLALG_BUF_RECV, 0, 0);
    int j;
    for (j = 0; j <= p; j++) {
        collalg__piece x = j < p ? collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, (start + j) % p) : run;
        if (j < p && x.count == 0)
            continue;
        if (j < p && run.count > 0 && run.first + run.count == x.first) {
            run.count += x.count;
        } else {
            if (run.count > 0)
                collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, from, run.count), run);
            from = at;
            run = x;
        }
        at += x.count;
    }
}

/**
 * @brief Recursive-doubling allgatherv for any p, without a fold (the schedule of
 *        collalg_allgatherv_recursive_doubling(), schedule/recursive_doubling.h), or allgather
 *        (@p rcounts NULL, blocks of @p rcount elements). The blocks are worked on back to back
 *        in rank order: in COLLALG_BUF_RECV itself when they lie so there (collalg__vpacked(),
 *        always for an allgather), else in COLLALG_BUF_TMP, copied out at the end
 *        (collalg__vunpack()). The own block is copied in (from the @p scount elements of
 *        COLLALG_BUF_SEND, or from its place when @p inplace); in the step with mask = 1, 2,
 *        4, ... the blocks of the rank's group G go to the partner rank XOR mask and those of its
 *        group G' come back, each as one message of consecutive blocks; a lower group whose
 *        partner group is partial then forwards G' to its members without a partner.
 */
static inline void collalg__iallgatherv_recursive_doubling_steps(collalg__steps *s, int rank, int p, long long scount,
                                                                 long long rcount, const int *rcounts,
                                                                 const int *displs, int inplace)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    long long at;
    int g, gn, pg, pgn, t, to, from, packed = collalg__vpacked(rcounts, displs, p, &at);
    int buf = packed ? COLLALG_BUF_RECV : COLLALG_BUF_TMP;
    collalg__piece own = collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, rank);
    if (!packed) {
        at = 0;
        collalg__steps_tmp(s, collalg__vrun(rcounts, rcount, p, 0, p));
    }
    if (!inplace || !packed) {
        collalg__steps_copy(s, inplace ? own : collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__pc(buf, at + collalg__vrun(rcounts, rcount, p, 0, rank), own.count));
        collalg__steps_round(s);
    }
    collalg__rdb_fold_init(&f, p, 1, rank, COLLALG__RDB_FOLD_NONE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st)) {
        collalg__piece theirs;
        if (!collalg__rdb_groups(f.newrank, f.q, st.mask, &g, &gn, &pg, &pgn))
            continue; /* no partner group: G is already the whole group of 2 mask ranks */
        theirs =
            collalg__pc(buf, at + collalg__vrun(rcounts, rcount, p, 0, pg), collalg__vrun(rcounts, rcount, p, pg, pgn));
        if (st.rank >= 0) {
            collalg__steps_send(s, st.rank,
                                collalg__pc(buf, at + collalg__vrun(rcounts, rcount, p, 0, g),
                                            collalg__vrun(rcounts, rcount, p, g, gn)));
            collalg__steps_recv(s, st.rank, theirs);
            collalg__steps_round(s);
        }
        for (t = 0; t < collalg__rdb_rounds(f.newrank, f.q, st.mask); t++) {
            collalg__rdb_forward(f.newrank, f.q, st.mask, t, &to, &from);
            if (to >= 0)
                collalg__steps_send(s, to, theirs);
            else if (from >= 0)
                collalg__steps_recv(s, from, theirs);
            collalg__steps_round(s);
        }
    }
    if (!packed)
        collalg__vunpack(s, p, 0, rcount, rcounts, displs);
}

/** @brief Recursive-doubling allgather: collalg__iallgatherv_recursive_doubling_steps() with
 *         blocks of @p rcount elements (worked on in place in COLLALG_BUF_RECV). */
static inline void collalg__iallgather_recursive_doubling_steps(collalg__steps *s, int rank, int p, long long scount,
                                                                long long rcount, int inplace)
{
    collalg__iallgatherv_recursive_doubling_steps(s, rank, p, scount, rcount, 0, 0, inplace);
}

/**
 * @brief Bruck's allgatherv with radix @p k >= 2 for any p (the schedule of
 *        collalg_allgather_k_bruck(); radix 2: collalg_allgather_bruck(), and for counts
 *        @p rcounts collalg_allgatherv_bruck()), or allgather (@p rcounts NULL, blocks of
 *        @p rcount elements). COLLALG_BUF_TMP holds the p blocks back to back, block j the one
 *        of rank (rank + j) mod p. The own block is copied to block 0 (from the @p scount
 *        elements of COLLALG_BUF_SEND, or from its place in COLLALG_BUF_RECV when @p inplace);
 *        in the round of span d = 1, k, k^2, ... below p, for each distance j d < p (j = 1 ..
 *        k - 1, schedule/kradix.h) blocks [j d, j d + m) come from rank + j d and blocks
 *        [0, m) go to rank - j d, m = min(d, p - j d), each as one message. Invariant: after the
 *        round of span d the rank holds blocks [0, min(k d, p)). At the end the blocks are copied
 *        to their places in COLLALG_BUF_RECV (collalg__vunpack(): two pieces for an allgather).
 */
static inline void collalg__iallgatherv_k_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                      long long rcount, const int *rcounts, const int *displs,
                                                      int inplace, int k)
{
    long long span;
    int j, d, m;
    collalg__piece own = collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, rank);
    collalg__piece in = inplace ? own : collalg__pc(COLLALG_BUF_SEND, 0, scount);
    if (p == 1) {
        if (!inplace)
            collalg__steps_copy(s, in, own);
        return;
    }
    collalg__steps_tmp(s, collalg__vrun(rcounts, rcount, p, 0, p));
    collalg__steps_copy(s, in, collalg__pc(COLLALG_BUF_TMP, 0, own.count));
    collalg__steps_round(s);
    for (span = 1; span < p; span *= k) {
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0; j++) {
            m = collalg__kradix_bruck_blocks(p, span, j);
            collalg__steps_recv(s, collalg__ring_to(rank, p, d),
                                collalg__pc(COLLALG_BUF_TMP, collalg__vrun(rcounts, rcount, p, rank, d),
                                            collalg__vrun(rcounts, rcount, p, rank + d, m)));
        }
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0; j++) {
            m = collalg__kradix_bruck_blocks(p, span, j);
            collalg__steps_send(s, collalg__ring_from(rank, p, d),
                                collalg__pc(COLLALG_BUF_TMP, 0, collalg__vrun(rcounts, rcount, p, rank, m)));
        }
        collalg__steps_round(s);
    }
    collalg__vunpack(s, p, rank, rcount, rcounts, displs);
}

/** @brief Bruck's allgatherv (radix 2): collalg__iallgatherv_k_bruck_steps() with k = 2. */
static inline void collalg__iallgatherv_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                    long long rcount, const int *rcounts, const int *displs,
                                                    int inplace)
{
    collalg__iallgatherv_k_bruck_steps(s, rank, p, scount, rcount, rcounts, displs, inplace, 2);
}

/** @brief Bruck's allgather with radix @p k: collalg__iallgatherv_k_bruck_steps() with blocks of
 *         @p rcount elements. */
static inline void collalg__iallgather_k_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                     long long rcount, int inplace, int k)
{
    collalg__iallgatherv_k_bruck_steps(s, rank, p, scount, rcount, 0, 0, inplace, k);
}

/** @brief Bruck's allgather (radix 2): collalg__iallgather_k_bruck_steps() with k = 2. */
static inline void collalg__iallgather_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                   long long rcount, int inplace)
{
    collalg__iallgather_k_bruck_steps(s, rank, p, scount, rcount, inplace, 2);
}

/**
 * @brief Neighbour-exchange allgather of blocks of @p rcount elements (the schedule of
 *        collalg_allgather_neighbor_exchange(), schedule/common.h), p even: the own block is
 *        copied in (unless @p inplace); in step 0 it is exchanged with the partner rank XOR 1;
 *        in step s = 1 .. p / 2 - 1 the group (two consecutive blocks) received in step s - 1
 *        goes to the neighbour of step s and a new group comes back, each in place. Odd p (1
 *        included) runs the ring of collalg__iallgather_ring_steps() instead, as the blocking
 *        algorithm does.
 */
static inline void collalg__iallgather_neighbor_exchange_steps(collalg__steps *s, int rank, int p, long long scount,
                                                               long long rcount, int inplace)
{
    int st, peer;
    if (p % 2) {
        collalg__iallgather_ring_steps(s, rank, p, scount, rcount, inplace);
        return;
    }
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__pc(COLLALG_BUF_RECV, (long long)rank * rcount, rcount));
        collalg__steps_round(s);
    }
    collalg__steps_send(s, rank ^ 1, collalg__pc(COLLALG_BUF_RECV, (long long)rank * rcount, rcount));
    collalg__steps_recv(s, rank ^ 1, collalg__pc(COLLALG_BUF_RECV, (long long)(rank ^ 1) * rcount, rcount));
    collalg__steps_round(s);
    for (st = 1; st < p / 2; st++) {
        peer = collalg__neighbor_exchange_peer(rank, p, st);
        collalg__steps_send(s, peer,
                            collalg__blocks_piece((long long)p * rcount, 2 * rcount,
                                                  collalg__neighbor_exchange_group(rank, p, st - 1), 1));
        collalg__steps_recv(
            s, peer,
            collalg__blocks_piece((long long)p * rcount, 2 * rcount, collalg__neighbor_exchange_group(rank, p, st), 1));
        collalg__steps_round(s);
    }
}

/**
 * @brief Sparbit allgather of blocks of @p rcount elements (the schedule of
 *        collalg_allgather_sparbit(), schedule/common.h): the own block is copied in (unless
 *        @p inplace); in the step of distance d = 2^(ceil(lg p) - 1), ..., 2, 1 the m =
 *        collalg__sparbit_nblocks() blocks (rank - 2 d j) mod p go to rank + d and the blocks
 *        (rank - d - 2 d j) mod p come from rank - d, one message per block (as Open MPI's
 *        sparbit), each straight from and into its place; every step after the previous one.
 *        Nothing is sent when @p rcount is 0 (the blocking algorithm's rule).
 */
static inline void collalg__iallgather_sparbit_steps(collalg__steps *s, int rank, int p, long long scount,
                                                     long long rcount, int inplace)
{
    int st, j, d, m;
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__pc(COLLALG_BUF_RECV, (long long)rank * rcount, rcount));
        collalg__steps_round(s);
    }
    for (st = 0; st < collalg__ceil_log2(p) && rcount > 0; st++) {
        d = collalg__sparbit_dist(p, st);
        m = collalg__sparbit_nblocks(p, d);
        for (j = 0; j < m; j++)
            collalg__steps_recv(s, collalg__ring_from(rank, p, d),
                                collalg__vblock(COLLALG_BUF_RECV, 0, 0, rcount,
                                                collalg__sparbit_block(collalg__ring_from(rank, p, d), p, d, j)));
        for (j = 0; j < m; j++)
            collalg__steps_send(s, collalg__ring_to(rank, p, d),
                                collalg__vblock(COLLALG_BUF_RECV, 0, 0, rcount, collalg__sparbit_block(rank, p, d, j)));
        collalg__steps_round(s);
    }
}

/** @brief Posts the sends (@p kind COLLALG_STEP_SEND) or receives of the run of @p m blocks
 *         ending at block @p last (mod @p p) of COLLALG_BUF_RECV with @p peer: for blocks of
 *         @p rcount elements (@p rcounts NULL) one message, or two where the run wraps past block
 *         p - 1 (sender and receiver split the same run at the same block); for blocks placed by
 *         @p rcounts and @p displs one message per block, in increasing block order modulo p. */
static inline void collalg__circulant_run_steps(collalg__steps *s, int kind, int peer, int last, int m, int p,
                                                long long rcount, const int *rcounts, const int *displs)
{
    int first = collalg__mod(last - m + 1, p), head = first + m <= p ? m : p - first, i;
    collalg__piece x[2];
    int n = 0;
    if (rcounts) {
        for (i = 0; i < m; i++) {
            x[0] = collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, (first + i) % p);
            if (kind == COLLALG_STEP_SEND)
                collalg__steps_send(s, peer, x[0]);
            else
                collalg__steps_recv(s, peer, x[0]);
        }
        return;
    }
    x[n++] = collalg__pc(COLLALG_BUF_RECV, (long long)first * rcount, (long long)head * rcount);
    if (m > head)
        x[n++] = collalg__pc(COLLALG_BUF_RECV, 0, (long long)(m - head) * rcount);
    for (i = 0; i < n; i++) {
        if (kind == COLLALG_STEP_SEND)
            collalg__steps_send(s, peer, x[i]);
        else
            collalg__steps_recv(s, peer, x[i]);
    }
}

/**
 * @brief Circulant allgatherv (@p rcounts, @p displs: block b at elements [displs[b], displs[b] +
 *        rcounts[b]) of COLLALG_BUF_RECV) or allgather (@p rcounts NULL: blocks of @p rcount
 *        elements at b * rcount): the schedule of collalg_allgather_circulant(), Träff's
 *        all-broadcast with one block per root. The own block comes from the @p scount elements of
 *        COLLALG_BUF_SEND unless @p inplace; in round k = 0 .. q - 1 over the skips of
 *        schedule/circulant.h (q = ceil(lg p)), with m = skip[k + 1] - skip[k], the run of m
 *        blocks ending at block rank goes to rank + skip[k] and the run ending at block
 *        rank - skip[k] comes from rank - skip[k], each straight from and into its place
 *        (collalg__circulant_run_steps()); every round after the previous one. Nothing is sent
 *        for an allgather of @p rcount 0.
 */
static inline void collalg__iallgatherv_circulant_steps(collalg__steps *s, int rank, int p, long long scount,
                                                        long long rcount, const int *rcounts, const int *displs,
                                                        int inplace)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1], q = collalg__circulant_skips(p, skip), k, m;
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, rank));
        collalg__steps_round(s);
    }
    for (k = 0; k < q && (rcounts || rcount > 0); k++) {
        m = skip[k + 1] - skip[k];
        collalg__circulant_run_steps(s, COLLALG_STEP_RECV, collalg__ring_from(rank, p, skip[k]),
                                     collalg__ring_from(rank, p, skip[k]), m, p, rcount, rcounts, displs);
        collalg__circulant_run_steps(s, COLLALG_STEP_SEND, collalg__ring_to(rank, p, skip[k]), rank, m, p, rcount,
                                     rcounts, displs);
        collalg__steps_round(s);
    }
}

/** @brief Circulant allgather: collalg__iallgatherv_circulant_steps() with blocks of @p rcount
 *         elements. */
static inline void collalg__iallgather_circulant_steps(collalg__steps *s, int rank, int p, long long scount,
                                                       long long rcount, int inplace)
{
    collalg__iallgatherv_circulant_steps(s, rank, p, scount, rcount, 0, 0, inplace);
}

#endif /* COLLALG_SCHEDULE_ICOLL_H */
