/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_recexch.h
 * @brief Schedule builders of the recursive-exchange reductions of radix k: ireduce_scatter_block
 *        and ireduce_scatter recexch, iallreduce recexch_reduce_scatter_allgather (see
 *        schedule/icoll.h for what a builder is). No MPI.
 *
 * @par Groups
 * The groups of the recursive multiplying allreduce (collalg__recmult, schedule/kradix.h): with k
 * clamped to p, the p ranks are cut into pofk (the largest power of k <= p) runs of 1 .. k
 * consecutive ranks; the first rank of run g, its leader, is survivor g. A member sends its
 * whole vector to its leader, which combines the run left to right (the fold). In the step of
 * span k^t, t = 0 .. log_k pofk - 1, the k survivors that differ in base-k digit t form a group;
 * position j of the group (its digit) stands for the aligned run of k^t survivors, i.e. of
 * consecutive ranks, that lies j-th in rank order.
 *
 * @par Reduce-scatter by recursive exchange
 * The vector is cut into pofk slots. Before step t a survivor holds a range of
 * pofk / k^t consecutive slots (all of them before step 0), reduced over its aligned run of k^t
 * survivors; the range is cut into k parts, part j going to position j: the survivor sends part
 * j to the group's position j, receives its own part d (its digit) from the k - 1 others and
 * combines the k operands in position order, so after the step it holds part d reduced over the
 * aligned run of k^(t + 1) survivors: ranks in order, any operation. After the last step
 * survivor g holds slot rev(g) complete, rev() reversing the log_k pofk base-k digits. The
 * allreduce cuts the vector into pofk even slots and gathers them back by the mirror-image
 * exchange (each survivor sends its range to the k - 1 others of the group and receives
 * theirs, spans k^(s - 1) .. 1). The reduce-scatters lay the vector out with survivor rev(i)'s
 * super-block (the blocks of the ranks of its run) in slot i, so that survivor g ends with its
 * own super-block, which it hands out to its run.
 *
 * @par Example, p = 5, k = 2
 * @verbatim
   pofk = 4, runs [0 1] [2] [3] [4]: survivors 0, 2, 3, 4 (g = 0 .. 3), rev: 0 2 1 3
   slots in the reduce-scatter layout: 0: ranks 0,1  1: rank 3  2: rank 2  3: rank 4
   step 0 (span 1): groups {0, 2} {3, 4}; g 0, 2 keep slots 0, 1, g 1, 3 keep slots 2, 3
   step 1 (span 2): groups {0, 3} {2, 4}; g keeps slot rev(g): g 0 slot 0 (ranks 0,1) ...
   @endverbatim
 *
 * @par References
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now
 * with simulation", Parallel Computing 69, 2017 (the groups of k); R. Thakur, R. Rabenseifner,
 * W. Gropp, "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005
 * (reduce-scatter + allgather); MPICH src/mpi/coll/ireduce_scatter and iallreduce
 * (tsp_recexch), whose radix-k exchange this follows on order-keeping groups.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_RECEXCH_H
#define COLLALG_SCHEDULE_ICOLL_RECEXCH_H

#include "icoll_reduce.h"

/** @brief One rank's view of a recursive-exchange reduction (see the file comment). */
typedef struct collalg__rx {
    collalg__recmult r; /**< the groups */
    long long total;    /**< elements of the whole vector */
    long long block;    /**< reduce-scatter: elements of every block when @c counts is NULL */
    const int *counts;  /**< reduce-scatter: the blocks' counts, or NULL */
    int rs;             /**< 1: reduce-scatter layout (super-blocks by rev()), 0: even slots */
    int recv0;          /**< 1: pool vector 0 is COLLALG_BUF_RECV (the allreduce) */
} collalg__rx;

/** @brief Survivor index @p g with its log_k pofk base-k digits in reverse order. */
static inline int collalg__rx_rev(const collalg__recmult *r, int g)
{
    int t, v = 0;
    for (t = 0; t < r->steps; t++, g /= r->k)
        v = v * r->k + g % r->k;
    return v;
}

/** @brief First element of survivor @p g's super-block in the natural layout (@p g = pofk: the
 *         total). */
static inline long long collalg__rx_super(const collalg__rx *x, int g)
{
    return collalg__vsum(x->counts, x->block, collalg__recmult_leader(&x->r, g));
}

/** @brief First element of slot @p i (0 <= i <= pofk) in the layout of @p x. */
static inline long long collalg__rx_at(const collalg__rx *x, int i)
{
    long long at = 0, lo = 0, hi;
    int g;
    if (!x->rs)
        return collalg__even_at(x->total, x->r.pofk, i);
    for (g = 0; g < x->r.pofk; g++, lo = hi) { /* one walk over the ranks */
        int a = collalg__recmult_leader(&x->r, g), b = collalg__recmult_leader(&x->r, g + 1), j;
        for (hi = lo, j = a; j < b; j++)
            hi += x->counts ? x->counts[j] : x->block;
        if (collalg__rx_rev(&x->r, g) < i)
            at += hi - lo;
    }
    return at;
}

/** @brief Pool vector @p i (0 .. k - 1) of @p x, the whole vector long. */
static inline collalg__piece collalg__rx_vec(const collalg__rx *x, int i)
{
    return x->recv0 ? collalg__recmult_vec(i, x->total) : collalg__pc(COLLALG_BUF_TMP, i * x->total, x->total);
}

/**
 * @brief The reduce-scatter phase on a survivor: pool vector *@p cur holds the run's partial
 *        vector in the layout of @p x; step t = 0 .. log_k pofk - 1 as in the file comment, the
 *        k - 1 incoming parts going to the other pool vectors (collalg__recmult_slot()) and the
 *        combine running left to right through them (dst = src op dst), the last one becoming
 *        *@p cur. Empty parts are neither sent nor combined. Leaves *@p lo = rev(group).
 */
static inline void collalg__rx_scatter_steps(collalg__steps *s, const collalg__rx *x, int *cur, int *lo)
{
    const collalg__recmult *r = &x->r;
    long long span;
    int w = r->pofk, j;
    *lo = 0;
    for (span = 1; span < r->pofk; span *= r->k) {
        int part = w / r->k, mine = collalg__recmult_digit(r, span);
        long long m0 = collalg__rx_at(x, *lo + mine * part), m1 = collalg__rx_at(x, *lo + (mine + 1) * part);
        for (j = 0; j < r->k; j++)
            if (j != mine)
                collalg__irecv_range(s, collalg__recmult_peer(r, span, j),
                                     collalg__rx_vec(x, collalg__recmult_slot(j, mine, *cur)), m0, m1);
        for (j = 0; j < r->k; j++)
            if (j != mine)
                collalg__isend_range(s, collalg__recmult_peer(r, span, j), collalg__rx_vec(x, *cur),
                                     collalg__rx_at(x, *lo + j * part), collalg__rx_at(x, *lo + (j + 1) * part));
        collalg__steps_round(s);
        for (j = 1; j < r->k; j++) {
            collalg__ireduce_range(s, collalg__rx_vec(x, collalg__recmult_slot(j - 1, mine, *cur)),
                                   collalg__rx_vec(x, collalg__recmult_slot(j, mine, *cur)), m0, m1);
            collalg__steps_round(s);
        }
        *cur = collalg__recmult_slot(r->k - 1, mine, *cur);
        *lo += mine * part;
        w = part;
    }
}

/**
 * @brief The allgather phase, the mirror image of collalg__rx_scatter_steps(): pool vector
 *        @p cur holds slot @p lo complete; in the step of span k^t, t = log_k pofk - 1 .. 0, the
 *        survivor sends its range to the k - 1 others of its group and receives theirs into the
 *        same vector, its range growing k-fold.
 */
static inline void collalg__rx_gather_steps(collalg__steps *s, const collalg__rx *x, int cur, int lo)
{
    const collalg__recmult *r = &x->r;
    collalg__piece v = collalg__rx_vec(x, cur);
    long long span;
    int part = 1, j;
    for (span = r->pofk / r->k; span >= 1; span /= r->k, part *= r->k) {
        int mine = collalg__recmult_digit(r, span), base = lo - mine * part;
        for (j = 0; j < r->k; j++)
            if (j != mine)
                collalg__irecv_range(s, collalg__recmult_peer(r, span, j), v, collalg__rx_at(x, base + j * part),
                                     collalg__rx_at(x, base + (j + 1) * part));
        for (j = 0; j < r->k; j++)
            if (j != mine)
                collalg__isend_range(s, collalg__recmult_peer(r, span, j), v, collalg__rx_at(x, lo),
                                     collalg__rx_at(x, lo + part));
        collalg__steps_round(s);
        lo = base;
    }
}

/**
 * @brief Reduce-scatter by recursive exchange of radix @p k (>= 2; clamped to p), in rank order:
 *        the input is @p total = sum of the counts elements of COLLALG_BUF_SEND (COLLALG_BUF_RECV
 *        when @p inplace); rank r's block (elements [displ(r), displ(r) + counts[r]), @p counts
 *        NULL: blocks of @p block elements) lands at element 0 of its COLLALG_BUF_RECV. A member
 *        sends its input to its leader and receives its block from it. A leader receives its
 *        members' vectors into pool vectors 1 .. gsize - 1 (k vectors of the whole length in
 *        COLLALG_BUF_TMP) and combines the run left to right, its own input first; copies the
 *        result into pool vector 0 in the layout of super-blocks by rev() (one copy per run of
 *        slots that are consecutive in both layouts); collalg__rx_scatter_steps(); then holds its
 *        super-block complete, sends each member its block and copies its own.
 */
static inline void collalg__ireduce_scatter_recexch_steps(collalg__steps *s, int rank, int p, long long block,
                                                          const int *counts, int inplace, int k)
{
    collalg__rx x;
    long long total = collalg__vsum(counts, block, p), mine = counts ? counts[rank] : block, at, from;
    collalg__piece in = collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, total), src;
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, mine);
    int cur = 0, lo, j, i;
    if (p == 1) {
        if (!inplace)
            collalg__steps_copy(s, in, out);
        return;
    }
    collalg__recmult_init(&x.r, rank, p, k);
    x.total = total;
    x.block = block;
    x.counts = counts;
    x.rs = 1;
    x.recv0 = 0;
    if (rank != x.r.leader) { /* a member: the input to the leader, the block back */
        collalg__isend_range(s, x.r.leader, in, 0, total);
        collalg__steps_round(s);
        collalg__irecv_range(s, x.r.leader, out, 0, mine);
        return;
    }
    collalg__steps_tmp(s, x.r.k * total);
    src = in;
    if (x.r.gsize > 1) { /* the fold: the run left to right, into pool vector gsize - 1 */
        for (j = 1; j < x.r.gsize; j++)
            collalg__irecv_range(s, rank + j, collalg__rx_vec(&x, j), 0, total);
        collalg__steps_round(s);
        for (j = 1; j < x.r.gsize; j++) {
            collalg__ireduce_range(s, j == 1 ? in : collalg__rx_vec(&x, j - 1), collalg__rx_vec(&x, j), 0, total);
            collalg__steps_round(s);
        }
        src = collalg__rx_vec(&x, x.r.gsize - 1);
    }
    for (i = 0; i < x.r.pofk; i = j) { /* into pool vector 0, slot i holding super-block rev(i) */
        at = collalg__rx_at(&x, i);
        from = collalg__rx_super(&x, collalg__rx_rev(&x.r, i));
        for (j = i + 1; j < x.r.pofk && collalg__rx_rev(&x.r, j) == collalg__rx_rev(&x.r, j - 1) + 1; j++)
            ;
        if (collalg__rx_at(&x, j) > at)
            collalg__steps_copy(s, collalg__sub(src, from, from + collalg__rx_at(&x, j) - at),
                                collalg__sub(collalg__rx_vec(&x, 0), at, collalg__rx_at(&x, j)));
    }
    collalg__steps_round(s);
    collalg__rx_scatter_steps(s, &x, &cur, &lo);
    at = collalg__rx_at(&x, lo) - collalg__rx_super(&x, x.r.group); /* natural offset -> pool offset */
    for (j = 1; j < x.r.gsize; j++)
        collalg__isend_range(s, rank + j, collalg__rx_vec(&x, cur), at + collalg__vsum(counts, block, rank + j),
                             at + collalg__vsum(counts, block, rank + j + 1));
    if (mine > 0)
        collalg__steps_copy(s,
                            collalg__sub(collalg__rx_vec(&x, cur), at + collalg__vsum(counts, block, rank),
                                         at + collalg__vsum(counts, block, rank) + mine),
                            out);
}

/**
 * @brief Allreduce of @p count elements as a recursive-exchange reduce-scatter followed by the
 *        mirror-image recursive-exchange allgather, radix @p k (>= 2; clamped to p), in rank
 *        order: the input is copied into COLLALG_BUF_RECV (unless @p inplace); a member sends it
 *        to its run's leader and receives the result from it; a leader combines its run
 *        (collalg__recmult_combine_steps(), span 0), runs collalg__rx_scatter_steps() and
 *        collalg__rx_gather_steps() on pofk even slots, copies the result into COLLALG_BUF_RECV
 *        when it ended in scratch and sends it to its members. Pool: COLLALG_BUF_RECV and k - 1
 *        vectors in COLLALG_BUF_TMP. Nothing is sent when @p count is 0 or p is 1.
 */
static inline void collalg__iallreduce_recexch_steps(collalg__steps *s, int rank, int p, long long count, int inplace,
                                                     int k)
{
    collalg__rx x;
    collalg__piece res = collalg__pc(COLLALG_BUF_RECV, 0, count);
    int cur = 0, lo, j;
    if (!inplace) {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, count), res);
        collalg__steps_round(s);
    }
    if (count == 0 || p == 1)
        return;
    collalg__recmult_init(&x.r, rank, p, k);
    x.total = count;
    x.block = 0;
    x.counts = 0;
    x.rs = 0;
    x.recv0 = 1;
    if (rank != x.r.leader) { /* a member: its vector to the leader, the result back */
        collalg__steps_send(s, x.r.leader, res);
        collalg__steps_round(s);
        collalg__steps_recv(s, x.r.leader, res);
        return;
    }
    collalg__steps_tmp(s, (x.r.k - 1) * count);
    if (x.r.gsize > 1)
        collalg__recmult_combine_steps(s, &x.r, 0, count, &cur);
    collalg__rx_scatter_steps(s, &x, &cur, &lo);
    collalg__rx_gather_steps(s, &x, cur, lo);
    if (cur != 0) {
        collalg__steps_copy(s, collalg__rx_vec(&x, cur), res);
        collalg__steps_round(s);
    }
    for (j = 1; j < x.r.gsize; j++)
        collalg__steps_send(s, rank + j, res);
}

#endif /* COLLALG_SCHEDULE_ICOLL_RECEXCH_H */
