/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_tree.h
 * @brief Schedule builders of the pipelined tree allreduce (MPICH's iallreduce tsp_tree with
 *        segments): every segment reduced up a tree to rank 0 and broadcast back down the same
 *        tree, segment after segment; of the pipelined tree reduce (MPICH's ireduce tsp_tree),
 *        its up phase alone; and of the pipelined tree broadcast (MPICH's ibcast tsp_tree),
 *        segments flowing down the same trees from the root (see schedule/icoll.h for what a
 *        builder is). No MPI.
 *
 * @par The trees
 * Both kinds are on the ranks as they are (rank 0 on top; the broadcast, and the reduce for a
 * commutative operation, take the ranks relative to their root) and every subtree is a run of
 * consecutive ranks, the node first, its children's runs after it in increasing rank order, so
 * combining the node's own operand and then its children's partial results in rank order keeps
 * MPI's operand order for any operation:
 * - #COLLALG_TREE_KNOMIAL: the k-nomial tree of schedule/knomial.h; the children of r are
 *   r + m k^j, level j = 0 first, m = 1 .. k - 1 within a level (increasing rank order);
 * - #COLLALG_TREE_KARY: a k-ary tree numbered in pre-order: the node of a run [lo, lo + n) is lo,
 *   and the n - 1 ranks after it are cut into min(k, n - 1) runs (lengths differ by at most one,
 *   the longer first, collalg__even_split()), whose nodes are its children. Its height is that of
 *   the heap-numbered k-ary tree (MPICH's kary, children k r + 1 .. k r + k), whose subtrees are
 *   not runs of ranks and would need a commutative operation; radix 2 is the pre-order binary
 *   tree of schedule/run_tree.h.
 *
 * @par Example, p = 7, k = 3 (runs in brackets)
 * @verbatim
   k-nomial: 0 [0,7): children 1, 2, 3 [3,6), 6;  3: children 4, 5
   k-ary:    0 [0,7): children 1 [1,3), 3 [3,5), 5 [5,7);  1: 2;  3: 4;  5: 6
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_ICOLL_TREE_H
#define COLLALG_SCHEDULE_ICOLL_TREE_H

#include "steps.h"
#include "knomial.h"
#include "run_tree.h"
#include "icoll_reduce.h"

/** @brief Tree kind: the k-nomial tree of schedule/knomial.h. */
#define COLLALG_TREE_KNOMIAL 1
/** @brief Tree kind: the k-ary tree in pre-order numbering (see the file comment). */
#define COLLALG_TREE_KARY 2

/** @brief Sets of scratch segments of the pipelined tree: a node receives segment s into set
 *         s mod COLLALG_PTREE_SETS once the set's segment before has been sent on. */
#define COLLALG_PTREE_SETS 2

/** @brief In the pre-order k-ary tree on @p p ranks: walks from rank 0 down to @p rank; sets
 *         *@p parent (-1 for rank 0) and the length *@p n of @p rank's run [rank, rank + n). */
static inline void collalg__kary_pre_find(int rank, int p, int k, int *parent, int *n)
{
    int lo = 0, c, b;
    *parent = -1;
    *n = p;
    while (lo != rank) {
        c = k < *n - 1 ? k : *n - 1;
        for (b = 0; b + 1 < c && lo + 1 + collalg__even_split(*n - 1, c, b + 1) <= rank; b++)
            ;
        *parent = lo;
        lo = lo + 1 + collalg__even_split(*n - 1, c, b);
        *n = collalg__even_split(*n - 1, c, b + 1) - collalg__even_split(*n - 1, c, b);
    }
}

/** @brief Parent of @p rank > 0 in the tree of @p kind and radix @p k on @p p ranks (-1 for 0). */
static inline int collalg__ptree_parent(int kind, int rank, int p, int k)
{
    int parent, n;
    if (rank == 0)
        return -1;
    if (kind == COLLALG_TREE_KNOMIAL)
        return collalg__knomial_parent(rank, k);
    collalg__kary_pre_find(rank, p, k, &parent, &n);
    return parent;
}

/** @brief Child @p i (0, 1, ...) of @p rank in increasing rank order in the tree of @p kind and
 *         radix @p k on @p p ranks, -1 past the last one. */
static inline int collalg__ptree_child(int kind, int rank, int p, int k, int i)
{
    int parent, n, c;
    if (kind == COLLALG_TREE_KNOMIAL) {
        long long step, top = collalg__knomial_mask(rank, p, k);
        int m;
        for (step = 1; step < top && rank + step < p; step *= k)
            for (m = 1; m < k && rank + m * step < p; m++)
                if (i-- == 0)
                    return (int)(rank + m * step);
        return -1;
    }
    collalg__kary_pre_find(rank, p, k, &parent, &n);
    c = k < n - 1 ? k : n - 1;
    return i < c ? rank + 1 + collalg__even_split(n - 1, c, i) : -1;
}

/**
 * @brief One rank's state in the up phase of the pipelined trees (collalg__ptree_up_steps()):
 *        segments reduced up the tree of kind `kind` and radix `k` on the tree ranks
 *        (rank - shift) mod p, tree rank 0 on top.
 */
typedef struct collalg__ptree_up {
    int kind, k, p;                  /**< the tree: kind, radix, number of ranks */
    int shift;                       /**< a peer's rank is (its tree rank + shift) mod p */
    int me;                          /**< this rank's tree rank */
    int m;                           /**< number of children */
    int parent;                      /**< the parent's rank (not its tree rank); -1 on top */
    int release[COLLALG_PTREE_SETS]; /**< per scratch set: the step that last reads it */
    int prev_recv;                   /**< first receive of the segment before (-1: none) */
    int prev_up;                     /**< send up of the segment before (-1: none) */
    long long width;                 /**< elements of one scratch slot */
} collalg__ptree_up;

/** @brief Sets up @p u for tree rank @p me of @p p ranks (see collalg__ptree_up) and reserves
 *         COLLALG_PTREE_SETS slots of min(@p seg, @p count) elements per child in COLLALG_BUF_TMP. */
static inline void collalg__ptree_up_init(collalg__steps *s, collalg__ptree_up *u, int me, int p, int shift,
                                          long long count, long long seg, int kind, int k)
{
    int i, parent = collalg__ptree_parent(kind, me, p, k);
    u->kind = kind;
    u->k = k;
    u->p = p;
    u->shift = shift;
    u->me = me;
    u->parent = parent < 0 ? -1 : (parent + shift) % p;
    u->m = 0;
    while (collalg__ptree_child(kind, me, p, k, u->m) >= 0)
        u->m++;
    for (i = 0; i < COLLALG_PTREE_SETS; i++)
        u->release[i] = -1;
    u->prev_recv = u->prev_up = -1;
    u->width = seg < count ? seg : count;
    if (u->m > 0)
        collalg__steps_tmp(s, COLLALG_PTREE_SETS * u->m * u->width);
}

/** @brief Rank of child @p i of @p u's rank (in increasing tree-rank order). */
static inline int collalg__ptree_up_child(const collalg__ptree_up *u, int i)
{
    return (collalg__ptree_child(u->kind, u->me, u->p, u->k, i) + u->shift) % u->p;
}

/**
 * @brief The up phase of segment @p j, the rank's own operand being piece @p in: with
 *        c_0 < c_1 < ... the children (tree ranks) and w = j mod COLLALG_PTREE_SETS, child c_i's
 *        partial result comes into scratch slot (w, i) of COLLALG_BUF_TMP, and the running value
 *        is folded into the slots in tree-rank order (slot i = running op slot i, the running
 *        value starting as @p in); below the top the last slot (a leaf: @p in) goes to the parent.
 *        Dependencies, all outside the rounds: a receive into slot (w, i) waits for
 *        u->release[w] (the step that last read the set: the caller's at the top) and for segment
 *        j - 1 from the same child; each fold for its receive and the fold before; the send up
 *        for the last fold and the send up of j - 1 (so messages between two ranks start in
 *        segment order). Invariant: the running value before child c_i's slot is folded in is the
 *        reduction over tree ranks [me, c_i), so rank order holds where tree ranks are ranks.
 * @param out set to the piece holding the reduction of the subtree's segment
 * @return below the top, the send up (also u->prev_up and u->release[w]); on top, the last fold
 *         (the caller's step that reads *@p out must wait for it and become u->release[w]).
 */
static inline int collalg__ptree_up_steps(collalg__steps *s, collalg__ptree_up *u, long long j, collalg__piece in,
                                          collalg__piece *out)
{
    int w = (int)(j % COLLALG_PTREE_SETS), base = s->nsteps, i, x = -1;
    collalg__piece none = collalg__pc(0, 0, 0), src = in;
    for (i = 0; i < u->m; i++)
        collalg__steps_after(s, COLLALG_STEP_RECV, collalg__ptree_up_child(u, i), none,
                             collalg__pc(COLLALG_BUF_TMP, (w * u->m + i) * u->width, in.count), u->release[w],
                             u->prev_recv < 0 ? -1 : u->prev_recv + i);
    u->prev_recv = base;
    for (i = 0; i < u->m; i++) {
        collalg__piece slot = collalg__pc(COLLALG_BUF_TMP, (w * u->m + i) * u->width, in.count);
        x = collalg__steps_after(s, COLLALG_STEP_REDUCE, -1, src, slot, base + i, x);
        src = slot;
    }
    *out = src;
    if (u->parent < 0)
        return x;
    return u->release[w] = u->prev_up = collalg__steps_after(s, COLLALG_STEP_SEND, u->parent, src, none, x, u->prev_up);
}

/**
 * @brief Pipelined tree allreduce of @p count elements in segments of @p seg elements, tree
 *        @p kind (#COLLALG_TREE_KNOMIAL, #COLLALG_TREE_KARY) of radix @p k >= 2 rooted at rank 0,
 *        in rank order. Per segment s:
 *        - up: collalg__ptree_up_steps() on the ranks as they are, the own input being
 *          COLLALG_BUF_SEND (COLLALG_BUF_RECV when @p inplace); rank 0 copies the result into
 *          COLLALG_BUF_RECV;
 *        - down: a rank other than 0 receives the segment's result from its parent into
 *          COLLALG_BUF_RECV, then every rank sends it to its children, the last child first.
 *        Dependencies of the down phase, outside the rounds: the receive from the parent waits
 *        for this segment's send up and for segment s - 1 from the parent; a send to a child for
 *        the segment's result and for segment s - 1 to that child. Messages between two ranks
 *        thus start in segment order, and segment s + 1 goes up while s comes down. Nothing is
 *        sent when @p count is 0 or p is 1.
 */
static inline void collalg__iallreduce_pipelined_tree_steps(collalg__steps *s, int rank, int p, long long count,
                                                            int inplace, int seg, int kind, int k)
{
    int in = inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND;
    int i, x, ready, prev_down = -1, prev_send = -1, sends;
    long long lo, n, j;
    collalg__piece none = collalg__pc(0, 0, 0), src;
    collalg__ptree_up u;
    if (count == 0)
        return;
    if (p == 1) {
        if (!inplace)
            collalg__steps_copy(s, collalg__pc(in, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        return;
    }
    collalg__ptree_up_init(s, &u, rank, p, 0, count, seg, kind, k);
    for (j = 0, lo = 0; lo < count; j++, lo += n) {
        collalg__piece res = collalg__pc(COLLALG_BUF_RECV, lo, n = count - lo < seg ? count - lo : seg);
        x = collalg__ptree_up_steps(s, &u, j, collalg__pc(in, lo, n), &src);
        if (u.parent >= 0)
            ready = prev_down = collalg__steps_after(s, COLLALG_STEP_RECV, u.parent, none, res, x, prev_down);
        else
            ready = u.release[j % COLLALG_PTREE_SETS] = collalg__steps_after(s, COLLALG_STEP_COPY, -1, src, res, x, -1);
        /* down: the segment's result to the children, the last (largest subtree) first */
        sends = s->nsteps;
        for (i = u.m - 1; i >= 0; i--)
            collalg__steps_after(s, COLLALG_STEP_SEND, collalg__ptree_up_child(&u, i), res, none, ready,
                                 prev_send < 0 ? -1 : prev_send + (u.m - 1 - i));
        prev_send = sends;
    }
}

/**
 * @brief Pipelined tree reduce of @p count elements to @p root in segments of @p seg elements,
 *        tree @p kind (#COLLALG_TREE_KNOMIAL, #COLLALG_TREE_KARY) of radix @p k >= 2: the up
 *        phase of collalg__ptree_up_steps() per segment, the own input being COLLALG_BUF_SEND
 *        (the root's COLLALG_BUF_RECV when @p inplace). When @p relative (a commutative
 *        operation) the tree is on the ranks relative to the root, which is on top and copies
 *        each segment's result into COLLALG_BUF_RECV. Otherwise it is on the ranks as they are
 *        (rank order kept) and rank 0 on top sends each segment's result to the root as it is
 *        done (in segment order, straight from its scratch slot), which receives it into
 *        COLLALG_BUF_RECV (in place: once its own send up of that segment, the last reader of
 *        its input there, is done); no hand-off when the root is 0. Nothing is sent when
 *        @p count is 0 or p is 1.
 */
static inline void collalg__ireduce_pipelined_tree_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                         int inplace, int seg, int kind, int k, int relative)
{
    int in = inplace && rank == root ? COLLALG_BUF_RECV : COLLALG_BUF_SEND;
    int top = relative ? root : 0, x, hand = -1;
    long long lo, n, j;
    collalg__piece none = collalg__pc(0, 0, 0), src;
    collalg__ptree_up u;
    if (count == 0 || p == 1) {
        if (count > 0 && in != COLLALG_BUF_RECV)
            collalg__steps_copy(s, collalg__pc(in, 0, count), collalg__pc(COLLALG_BUF_RECV, 0, count));
        return;
    }
    collalg__ptree_up_init(s, &u, collalg__relrank(rank, top, p), p, top, count, seg, kind, k);
    for (j = 0, lo = 0; lo < count; j++, lo += n) {
        collalg__piece res = collalg__pc(COLLALG_BUF_RECV, lo, n = count - lo < seg ? count - lo : seg);
        int w = (int)(j % COLLALG_PTREE_SETS);
        x = collalg__ptree_up_steps(s, &u, j, collalg__pc(in, lo, n), &src);
        if (rank == top && top == root)
            u.release[w] = collalg__steps_after(s, COLLALG_STEP_COPY, -1, src, res, x, -1);
        else if (rank == top)
            u.release[w] = hand = collalg__steps_after(s, COLLALG_STEP_SEND, root, src, none, x, hand);
        else if (rank == root)
            collalg__steps_after(s, COLLALG_STEP_RECV, top, none, res, in == COLLALG_BUF_RECV ? x : -1, -1);
    }
}

/**
 * @brief Pipelined tree broadcast of @p count elements of COLLALG_BUF_RECV from @p root in
 *        segments of @p seg >= 1 elements (the last one shorter; at most COLLALG_PIECE_MAX), down
 *        the tree of @p kind (#COLLALG_TREE_KNOMIAL, #COLLALG_TREE_KARY) and radix @p k >= 2 on
 *        the relative ranks (rank - root) mod p, relative rank 0 on top. A non-root posts the
 *        receives of every segment from its parent at once; a rank sends segment i to each child,
 *        the last child (largest subtree) first, once segment i is in and its send of segment
 *        i - 1 to that child is done, so the sends to one peer start in segment order whatever
 *        order the receives complete in. No rounds. Nothing is sent for @p count 0.
 */
static inline void collalg__ibcast_pipelined_tree_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                                        long long seg, int kind, int k)
{
    int rel = collalg__relrank(rank, root, p), parent = collalg__ptree_parent(kind, rel, p, k), m = 0, i, got = -1,
        prev = -1;
    int sends;
    long long lo, n;
    collalg__piece none = collalg__pc(0, 0, 0);
    if (seg > COLLALG_PIECE_MAX) /* one step per segment: the dependencies below name it */
        seg = COLLALG_PIECE_MAX;
    while (collalg__ptree_child(kind, rel, p, k, m) >= 0)
        m++;
    for (lo = 0; lo < count; lo += n) {
        collalg__piece part = collalg__pc(COLLALG_BUF_RECV, lo, n = count - lo < seg ? count - lo : seg);
        if (parent >= 0)
            got = collalg__steps_after(s, COLLALG_STEP_RECV, (parent + root) % p, none, part, -1, -1);
        sends = s->nsteps;
        for (i = m - 1; i >= 0; i--)
            collalg__steps_after(s, COLLALG_STEP_SEND, (collalg__ptree_child(kind, rel, p, k, i) + root) % p, part,
                                 none, got, prev < 0 ? -1 : prev + (m - 1 - i));
        prev = sends;
    }
}

#endif /* COLLALG_SCHEDULE_ICOLL_TREE_H */
