/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_alltoall.h
 * @brief Schedule builders of the nonblocking alltoall, alltoallv and alltoallw (see
 *        schedule/icoll.h for what a builder is). No MPI.
 *
 * Block j of the send side goes to rank j, block j of the receive side comes from rank j. The
 * alltoall(v) builders take the counts and displacements of both sides in elements
 * (collalg__vside; NULL arrays for blocks of one count), the alltoallw ones counts and byte
 * displacements with one datatype per block (schedule/steps.h, "Per-peer datatypes").
 * tests/test_steps.c runs every builder for all ranks of p = 1 .. 70 in a simulated network.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_ALLTOALL_H
#define COLLALG_SCHEDULE_ICOLL_ALLTOALL_H

#include "steps.h"
#include "common.h"
#include "kradix.h"

/** @brief The most blocks one round of radix @p k (>= 2) of Bruck's alltoall sends on @p p ranks:
 *         the blocks j < p with a non-zero base-k digit at the round's span, over all rounds
 *         (floor(p/2) for radix 2). */
static inline long long collalg__a2a_bruck_most(int p, int k)
{
    long long span, most = 0, n;
    int j;
    for (span = 1; span < p; span *= k) {
        for (n = 0, j = 0; j < p; j++)
            n += (j / span) % k != 0;
        most = n > most ? n : most;
    }
    return most;
}

/**
 * @brief Bruck's alltoall with radix @p k >= 2 of blocks of @p scount (sent) and @p rcount
 *        (received) elements for any p (MPICH's ialltoall tsp_brucks; radix 2 is the schedule of
 *        collalg_alltoall_bruck()). COLLALG_BUF_TMP holds p blocks, then an outgoing and an
 *        incoming packing area of M blocks each (M = collalg__a2a_bruck_most()).
 *        1. Rotation: block j of the scratch is block (rank + j) mod p of the input
 *           (COLLALG_BUF_SEND, or COLLALG_BUF_RECV when @p inplace; then @p scount is @p rcount).
 *        2. In the round of span d = 1, k, k^2, ... below p, for each digit value v = 1 .. k - 1
 *           with v d < p (schedule/kradix.h), the blocks j whose base-k digit at d is v (runs of d
 *           blocks from j = v d, v d + k d, ...) are packed by copies into the outgoing area, the
 *           values one after another; each value's blocks go to rank + v d as one message, and the
 *           ones from rank - v d come into the incoming area at the same place and are unpacked
 *           into the same blocks. The k - 1 messages each way are in flight together; packing,
 *           messages and unpacking are rounds. Invariant: block j of rank r holds, after the
 *           rounds of spans below d, the data of rank r - (j mod d) for rank r - (j mod d) + j.
 *        3. Inverse rotation: block j of the scratch is block (rank - j) mod p of COLLALG_BUF_RECV.
 */
static inline void collalg__ialltoall_k_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                    long long rcount, int inplace, int k)
{
    long long pn = (long long)p * rcount, most, span, at, first;
    int in = inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, j, v, d, step;
    if (inplace)
        scount = rcount;
    if (p == 1) {
        if (!inplace)
            collalg__steps_copy(s, collalg__pc(in, 0, scount), collalg__pc(COLLALG_BUF_RECV, 0, rcount));
        return;
    }
    if (k > p) /* the digit values v with v d < p: a larger radix adds none */
        k = p;
    most = collalg__a2a_bruck_most(p, k) * rcount;
    collalg__steps_tmp(s, pn + 2 * most);
    for (j = 0; j < p; j++)
        collalg__steps_copy(s, collalg__pc(in, collalg__ring_to(rank, p, j) * scount, scount),
                            collalg__pc(COLLALG_BUF_TMP, j * rcount, rcount));
    collalg__steps_round(s);
    for (span = 1; span < p; span *= k) {
        for (step = 0; step < 2; step++) { /* 0: pack the runs; 1: unpack them */
            for (at = 0, v = 1; v < k && (d = collalg__kradix_dist(p, span, v)) > 0; v++)
                for (first = d; first < p; first += k * span) {
                    long long n = (p - first < span ? p - first : span) * rcount;
                    collalg__piece run = collalg__pc(COLLALG_BUF_TMP, first * rcount, n);
                    if (step == 0)
                        collalg__steps_copy(s, run, collalg__pc(COLLALG_BUF_TMP, pn + at, n));
                    else
                        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, pn + most + at, n), run);
                    at += n;
                }
            collalg__steps_round(s);
            if (step == 1)
                continue;
            for (at = 0, v = 1; v < k && (d = collalg__kradix_dist(p, span, v)) > 0; v++) {
                long long n = 0;
                for (first = d; first < p; first += k * span)
                    n += (p - first < span ? p - first : span) * rcount;
                collalg__steps_recv(s, collalg__ring_from(rank, p, d), collalg__pc(COLLALG_BUF_TMP, pn + most + at, n));
                collalg__steps_send(s, collalg__ring_to(rank, p, d), collalg__pc(COLLALG_BUF_TMP, pn + at, n));
                at += n;
            }
            collalg__steps_round(s);
        }
    }
    for (j = 0; j < p; j++)
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, j * rcount, rcount),
                            collalg__pc(COLLALG_BUF_RECV, collalg__ring_from(rank, p, j) * rcount, rcount));
}

/** @brief Bruck's alltoall (radix 2, the schedule of collalg_alltoall_bruck()):
 *         collalg__ialltoall_k_bruck_steps() with k = 2. */
static inline void collalg__ialltoall_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                  long long rcount, int inplace)
{
    collalg__ialltoall_k_bruck_steps(s, rank, p, scount, rcount, inplace, 2);
}

/** @brief The counts and displacements of one side of an alltoall(v): NULL arrays for blocks of
 *         @p count elements at b * count. */
typedef struct collalg__vside {
    long long count;   /**< elements per block when counts is NULL */
    const int *counts; /**< per block, or NULL */
    const int *displs; /**< per block, or NULL */
} collalg__vside;

/** @brief Most bytes one raw copy step moves (pieces stay within an int count). */
#define COLLALG_RAW_CHUNK (1LL << 30)

/** @brief The window of the scattered alltoalls when their window argument is 0: at most this many
 *         (receive, send) pairs in flight (MPICH's ialltoall scattered keeps 64 messages, the
 *         blocking collalg_alltoallw_scattered() 32 pairs). */
#define COLLALG_IALLTOALL_SCATTERED_WINDOW 32

/** @brief A window no p reaches: every message at once (the linear algorithms). */
#define COLLALG_A2A_ALL_AT_ONCE 0x7fffffff

/** @brief The algorithms of collalg__a2a_steps(). */
enum collalg__a2a_alg {
    COLLALG_A2A_SCATTERED = 0, /**< distance order, a window of w pairs (linear: w >= p - 1; ring: w = 1) */
    COLLALG_A2A_PAIR,          /**< the pair schedule, one exchange per step */
    COLLALG_A2A_PAIR_INPLACE   /**< in place: swaps through one block of scratch; else COLLALG_A2A_PAIR */
};

/**
 * @brief One rank's alltoall, alltoallv or alltoallw as the builders below see it: where block j
 *        of each side lies, and whether the send side is the receive buffer.
 */
typedef struct collalg__a2a {
    collalg__vside snd; /**< the send blocks (ignored in place) */
    collalg__vside rcv; /**< the receive blocks */
    int typed;          /**< 1: alltoallw: byte displacements, block j of per-peer datatype j (arrays given) */
    int inplace;        /**< MPI_IN_PLACE: the receive blocks are also the data to send */
    long long lo;       /**< alltoallw in place: first byte the scratch holds (see hi) */
    long long hi;       /**< alltoallw in place: the scratch holds the bytes [lo, hi) of COLLALG_BUF_RECV (the
                       staged algorithms), or of one receive block counted from its displacement
                       (COLLALG_A2A_PAIR_INPLACE) */
} collalg__a2a;

/** @brief An alltoall of blocks of @p scount and @p rcount elements (in place: @p rcount both). */
static inline collalg__a2a collalg__a2a_uniform(long long scount, long long rcount, int inplace)
{
    collalg__a2a a;
    a.snd.count = scount;
    a.rcv.count = rcount;
    a.snd.counts = a.snd.displs = a.rcv.counts = a.rcv.displs = 0;
    a.typed = 0;
    a.inplace = inplace;
    a.lo = a.hi = 0;
    return a;
}

/** @brief An alltoallv (@p typed 0: displacements in elements) or alltoallw (1: in bytes, one
 *         datatype per block) of the given counts and displacements. */
static inline collalg__a2a collalg__a2a_v(const int *scounts, const int *sdispls, const int *rcounts,
                                          const int *rdispls, int typed, int inplace)
{
    collalg__a2a a = collalg__a2a_uniform(0, 0, inplace);
    a.snd.counts = scounts;
    a.snd.displs = sdispls;
    a.rcv.counts = rcounts;
    a.rcv.displs = rdispls;
    a.typed = typed;
    return a;
}

/** @brief Block @p j of buffer @p buf (COLLALG_BUF_SEND or COLLALG_BUF_RECV) of @p a. */
static inline collalg__piece collalg__a2a_block(const collalg__a2a *a, int buf, int j)
{
    const collalg__vside *v = buf == COLLALG_BUF_SEND ? &a->snd : &a->rcv;
    if (a->typed)
        return collalg__pct(buf, v->displs[j], v->counts[j], j);
    return collalg__vblock(buf, v->counts, v->displs, v->count, j);
}

/** @brief Receive block @p j of @p a staged in COLLALG_BUF_TMP (collalg__a2a_stage()): packed in
 *         block order, or (alltoallw) at its place in the image of bytes [lo, hi). */
static inline collalg__piece collalg__a2a_staged(const collalg__a2a *a, int j)
{
    collalg__piece x = collalg__a2a_block(a, COLLALG_BUF_RECV, j);
    int b;
    x.buf = COLLALG_BUF_TMP;
    if (a->typed)
        x.first -= a->lo;
    else if (a->rcv.counts)
        for (x.first = 0, b = 0; b < j; b++)
            x.first += a->rcv.counts[b];
    else
        x.first = (long long)j * a->rcv.count;
    return x;
}

/**
 * @brief The first round of the staged algorithms in place: the receive blocks copied to
 *        COLLALG_BUF_TMP one by one, packed in block order (alltoall, alltoallv), or the bytes
 *        [lo, hi) of COLLALG_BUF_RECV as raw bytes in chunks of COLLALG_RAW_CHUNK (alltoallw:
 *        the datatypes' gaps are never written), so that the blocks are sent from there.
 */
static inline void collalg__a2a_stage(collalg__steps *s, const collalg__a2a *a, int p)
{
    long long at;
    int j;
    if (a->typed) {
        collalg__steps_tmp(s, a->hi - a->lo);
        for (at = a->lo; at < a->hi; at += COLLALG_RAW_CHUNK) {
            long long n = a->hi - at < COLLALG_RAW_CHUNK ? a->hi - at : COLLALG_RAW_CHUNK;
            collalg__steps_copy(s, collalg__pct(COLLALG_BUF_RECV, at, n, COLLALG_TYPE_BYTES),
                                collalg__pct(COLLALG_BUF_TMP, at - a->lo, n, COLLALG_TYPE_BYTES));
        }
    } else {
        for (at = 0, j = 0; j < p; j++) {
            collalg__piece b = collalg__a2a_block(a, COLLALG_BUF_RECV, j);
            collalg__steps_copy(s, b, collalg__pc(COLLALG_BUF_TMP, at, b.count));
            at += b.count;
        }
        collalg__steps_tmp(s, at);
    }
    collalg__steps_round(s);
}

/** @brief The start of the staged algorithms: in place collalg__a2a_stage(), else the copy of the
 *         own block (left in the open round). */
static inline void collalg__a2a_begin(collalg__steps *s, const collalg__a2a *a, int rank, int p)
{
    if (a->inplace)
        collalg__a2a_stage(s, a, p);
    else
        collalg__steps_copy(s, collalg__a2a_block(a, COLLALG_BUF_SEND, rank),
                            collalg__a2a_block(a, COLLALG_BUF_RECV, rank));
}

/** @brief The piece the staged algorithms send to rank @p j: send block j, or in place its staged
 *         receive block. */
static inline collalg__piece collalg__a2a_out(const collalg__a2a *a, int j)
{
    return a->inplace ? collalg__a2a_staged(a, j) : collalg__a2a_block(a, COLLALG_BUF_SEND, j);
}

/** @brief The number of steps of the scattered schedule's pair at distance @p i (its receive and
 *         its send, each possibly cut: collalg__steps_npieces()). */
static inline int collalg__a2a_pair_size(const collalg__a2a *a, int rank, int p, int i)
{
    collalg__piece none = collalg__pc(0, 0, 0);
    return collalg__steps_npieces(COLLALG_STEP_RECV, none,
                                  collalg__a2a_block(a, COLLALG_BUF_RECV, collalg__ring_from(rank, p, i))) +
           collalg__steps_npieces(COLLALG_STEP_SEND, collalg__a2a_out(a, collalg__ring_to(rank, p, i)), none);
}

/**
 * @brief Scattered alltoall(v, w) with a window of @p w pairs (MPICH's scattered schedules; w <= 0:
 *        COLLALG_IALLTOALL_SCATTERED_WINDOW): collalg__a2a_begin(), then for distance
 *        i = 1 .. p - 1 a receive of block rank - i from rank - i and a send of block rank + i to
 *        rank + i (the peers spread around the ring, as the blocking linear and scattered
 *        algorithms take them), where the pair at distance i also waits for every step of the pair
 *        at distance i - w. Invariant: at most w receives and w sends in flight; every rank
 *        posts the distances in the same order, so the message at distance i meets a receive
 *        posted under the same window (no deadlock without buffering). w >= p - 1 posts every
 *        message at once (the linear algorithm), w = 1 one pair at a time (the ring).
 */
static inline void collalg__a2a_scattered_steps(collalg__steps *s, int rank, int p, const collalg__a2a *a, int w)
{
    int i, old = 0, n = 0; /* the steps of the pair at distance i - w: [old, old + n) */
    if (w <= 0)
        w = COLLALG_IALLTOALL_SCATTERED_WINDOW;
    collalg__a2a_begin(s, a, rank, p);
    old = s->nsteps;
    for (i = 1; i < p; i++) {
        int src = collalg__ring_from(rank, p, i), dst = collalg__ring_to(rank, p, i);
        if (i > w) {
            old += n; /* past the pair before it (n is 0 the first time) */
            n = collalg__a2a_pair_size(a, rank, p, i - w);
        }
        collalg__steps_append_after(s, COLLALG_STEP_RECV, src, collalg__pc(0, 0, 0),
                                    collalg__a2a_block(a, COLLALG_BUF_RECV, src), old, n);
        collalg__steps_append_after(s, COLLALG_STEP_SEND, dst, collalg__a2a_out(a, dst), collalg__pc(0, 0, 0), old, n);
    }
}

/**
 * @brief Pair alltoall(v, w) (pairwise exchange): collalg__a2a_begin(), then in step s of the pair
 *        schedule (schedule/common.h: rank XOR (s + 1) for p a power of two, a round-robin
 *        1-factorisation otherwise) the rank exchanges one block with its partner, each step after
 *        the previous one.
 */
static inline void collalg__a2a_pair_steps(collalg__steps *s, int rank, int p, const collalg__a2a *a)
{
    int i;
    collalg__a2a_begin(s, a, rank, p);
    collalg__steps_round(s);
    for (i = 0; i < collalg__pair_nsteps(p); i++) {
        int peer = collalg__pair_peer(rank, p, i);
        if (peer == rank) /* idle in this step (p odd) */
            continue;
        collalg__steps_send(s, peer, collalg__a2a_out(a, peer));
        collalg__steps_recv(s, peer, collalg__a2a_block(a, COLLALG_BUF_RECV, peer));
        collalg__steps_round(s);
    }
}

/**
 * @brief Pair alltoall(v, w) in place without staging (MPICH's in-place schedules): in step s of
 *        the pair schedule the rank sends its receive block for its partner q straight from its
 *        place and receives q's block for it into COLLALG_BUF_TMP, then copies that into the same
 *        place; each step after the previous one. Invariant: before step s every block not yet
 *        exchanged still holds the rank's own data for that peer. Scratch: the largest receive
 *        block (alltoallw: the bytes [lo, hi) around a block's displacement). The own block stays
 *        where it is. Not in place: collalg__a2a_pair_steps().
 */
static inline void collalg__a2a_pair_inplace_steps(collalg__steps *s, int rank, int p, const collalg__a2a *a)
{
    int i;
    long long most = 0;
    if (!a->inplace) {
        collalg__a2a_pair_steps(s, rank, p, a);
        return;
    }
    for (i = 0; i < p && !a->typed; i++) {
        long long n = collalg__a2a_block(a, COLLALG_BUF_RECV, i).count;
        most = n > most ? n : most;
    }
    collalg__steps_tmp(s, a->typed ? a->hi - a->lo : most);
    for (i = 0; i < collalg__pair_nsteps(p); i++) {
        int peer = collalg__pair_peer(rank, p, i);
        collalg__piece mine = collalg__a2a_block(a, COLLALG_BUF_RECV, peer), swap = mine;
        if (peer == rank)
            continue;
        swap.buf = COLLALG_BUF_TMP;
        swap.first = a->typed ? -a->lo : 0;
        collalg__steps_send(s, peer, mine);
        collalg__steps_recv(s, peer, swap);
        collalg__steps_round(s);
        collalg__steps_copy(s, swap, mine);
        collalg__steps_round(s);
    }
}

/** @brief The schedule of algorithm @p alg (collalg__a2a_alg) for @p a; @p w: the window of
 *         COLLALG_A2A_SCATTERED. */
static inline void collalg__a2a_steps(collalg__steps *s, int rank, int p, const collalg__a2a *a, int alg, int w)
{
    if (alg == COLLALG_A2A_PAIR)
        collalg__a2a_pair_steps(s, rank, p, a);
    else if (alg == COLLALG_A2A_PAIR_INPLACE)
        collalg__a2a_pair_inplace_steps(s, rank, p, a);
    else
        collalg__a2a_scattered_steps(s, rank, p, a, w);
}

/**
 * @brief Linear alltoall of blocks of @p scount and @p rcount elements (@p scount is ignored in
 *        place): the scattered schedule with every message at once, in the order of distance
 *        i = 1 .. p - 1 (from rank - i, to rank + i), the own block copied; in place the receive
 *        blocks are first staged in COLLALG_BUF_TMP and sent from there.
 */
static inline void collalg__ialltoall_linear_steps(collalg__steps *s, int rank, int p, long long scount,
                                                   long long rcount, int inplace)
{
    collalg__a2a a = collalg__a2a_uniform(scount, rcount, inplace);
    collalg__a2a_scattered_steps(s, rank, p, &a, COLLALG_A2A_ALL_AT_ONCE);
}

/**
 * @brief Pair alltoall of blocks of @p scount and @p rcount elements: collalg__a2a_pair_steps().
 *        In place (@p inplace; then @p scount is @p rcount), the p blocks of COLLALG_BUF_RECV are
 *        first copied to COLLALG_BUF_TMP and sent from there.
 */
static inline void collalg__ialltoall_pair_steps(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                                 int inplace)
{
    collalg__a2a a = collalg__a2a_uniform(scount, rcount, inplace);
    collalg__a2a_pair_steps(s, rank, p, &a);
}

#endif /* COLLALG_SCHEDULE_ICOLL_ALLTOALL_H */
