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

/**
 * @brief Bruck's alltoall of blocks of @p scount (sent) and @p rcount (received) elements for any
 *        p (the schedule of collalg_alltoall_bruck()). COLLALG_BUF_TMP holds p blocks, then two
 *        packing areas of floor(p/2) blocks each.
 *        1. Rotation: block j of the scratch is block (rank + j) mod p of the input
 *           (COLLALG_BUF_SEND, or COLLALG_BUF_RECV when @p inplace; then @p scount is @p rcount).
 *        2. In the round with d = 1, 2, 4, ... below p, the blocks j whose bit d is set (runs of d
 *           blocks from j = d, 3d, 5d, ...) are packed by copies, sent to rank + d as one message,
 *           and the ones from rank - d are unpacked into the same places. Invariant: block j of
 *           rank r holds, after the rounds below d, the data of rank r - (j mod d) for rank
 *           r - (j mod d) + j.
 *        3. Inverse rotation: block j of the scratch is block (rank - j) mod p of COLLALG_BUF_RECV.
 */
static inline void collalg__ialltoall_bruck_steps(collalg__steps *s, int rank, int p, long long scount,
                                                  long long rcount, int inplace)
{
    long long pn = (long long)p * rcount, half = (long long)(p / 2) * rcount, at;
    int in = inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, d, j, step;
    if (inplace)
        scount = rcount;
    if (p == 1) {
        if (!inplace)
            collalg__steps_copy(s, collalg__pc(in, 0, scount), collalg__pc(COLLALG_BUF_RECV, 0, rcount));
        return;
    }
    collalg__steps_tmp(s, pn + 2 * half);
    for (j = 0; j < p; j++)
        collalg__steps_copy(s, collalg__pc(in, collalg__ring_to(rank, p, j) * scount, scount),
                            collalg__pc(COLLALG_BUF_TMP, j * rcount, rcount));
    collalg__steps_round(s);
    for (d = 1; d < p; d <<= 1) {
        for (step = 0; step < 2; step++) { /* 0: pack the runs; 1: unpack them */
            for (at = 0, j = d; j < p; j += 2 * d) {
                long long n = (long long)(p - j < d ? p - j : d) * rcount;
                collalg__piece run = collalg__pc(COLLALG_BUF_TMP, j * rcount, n);
                if (step == 0)
                    collalg__steps_copy(s, run, collalg__pc(COLLALG_BUF_TMP, pn + at, n));
                else
                    collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, pn + half + at, n), run);
                at += n;
            }
            collalg__steps_round(s);
            if (step == 0) {
                collalg__steps_send(s, collalg__ring_to(rank, p, d), collalg__pc(COLLALG_BUF_TMP, pn, at));
                collalg__steps_recv(s, collalg__ring_from(rank, p, d), collalg__pc(COLLALG_BUF_TMP, pn + half, at));
                collalg__steps_round(s);
            }
        }
    }
    for (j = 0; j < p; j++)
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_TMP, j * rcount, rcount),
                            collalg__pc(COLLALG_BUF_RECV, collalg__ring_from(rank, p, j) * rcount, rcount));
}

/** @brief The counts and displacements of one side of an alltoall(v): NULL arrays for blocks of
 *         @p count elements at b * count. */
typedef struct collalg__vside {
    long long count;   /**< elements per block when counts is NULL */
    const int *counts; /**< per block, or NULL */
    const int *displs; /**< per block, or NULL */
} collalg__vside;

/**
 * @brief Linear alltoallv (or alltoall, with NULL arrays): block j of COLLALG_BUF_SEND (side
 *        @p snd) goes to rank j, block j of COLLALG_BUF_RECV (side @p rcv) comes from rank j.
 *        Every receive and send is posted at once, in the order of distance i = 1 .. p - 1 (from
 *        rank - i, to rank + i), and the own block is copied. In place (@p inplace), the blocks
 *        of COLLALG_BUF_RECV are first copied one by one to COLLALG_BUF_TMP, packed in block
 *        order, and sent from there.
 */
static inline void collalg__ialltoallv_linear_steps(collalg__steps *s, int rank, int p, collalg__vside snd,
                                                    collalg__vside rcv, int inplace)
{
    int i;
    long long at = 0;
    if (inplace) { /* the send side becomes the packed copy of the receive side */
        for (i = 0; i < p; i++) {
            collalg__piece b = collalg__vblock(COLLALG_BUF_RECV, rcv.counts, rcv.displs, rcv.count, i);
            collalg__steps_copy(s, b, collalg__pc(COLLALG_BUF_TMP, at, b.count));
            at += b.count;
        }
        collalg__steps_tmp(s, at);
        collalg__steps_round(s);
    } else {
        collalg__steps_copy(s, collalg__vblock(COLLALG_BUF_SEND, snd.counts, snd.displs, snd.count, rank),
                            collalg__vblock(COLLALG_BUF_RECV, rcv.counts, rcv.displs, rcv.count, rank));
    }
    for (i = 1; i < p; i++) {
        int src = collalg__ring_from(rank, p, i), dst = collalg__ring_to(rank, p, i);
        collalg__piece out;
        collalg__steps_recv(s, src, collalg__vblock(COLLALG_BUF_RECV, rcv.counts, rcv.displs, rcv.count, src));
        if (inplace) { /* block dst's place in the packed copy */
            int j;
            out = collalg__vblock(COLLALG_BUF_TMP, rcv.counts, rcv.displs, rcv.count, dst);
            for (out.first = 0, j = 0; j < dst; j++)
                out.first += rcv.counts ? rcv.counts[j] : rcv.count;
        } else {
            out = collalg__vblock(COLLALG_BUF_SEND, snd.counts, snd.displs, snd.count, dst);
        }
        collalg__steps_send(s, dst, out);
    }
}

/** @brief Linear alltoall: collalg__ialltoallv_linear_steps() with blocks of @p scount and
 *         @p rcount elements (@p scount is ignored in place). */
static inline void collalg__ialltoall_linear_steps(collalg__steps *s, int rank, int p, long long scount,
                                                   long long rcount, int inplace)
{
    collalg__vside snd = {0, 0, 0}, rcv = {0, 0, 0};
    snd.count = scount;
    rcv.count = rcount;
    collalg__ialltoallv_linear_steps(s, rank, p, snd, rcv, inplace);
}

/**
 * @brief Pair alltoall (pairwise exchange): in step s of the pair schedule (schedule/common.h: rank XOR (s + 1)
 *        for p a power of two, a round-robin 1-factorisation otherwise) the rank exchanges one
 *        block with its partner, each step after the previous one; the own block is copied. In
 *        place (@p inplace; then @p scount is @p rcount), the p blocks of COLLALG_BUF_RECV are
 *        first copied to COLLALG_BUF_TMP and sent from there.
 */
static inline void collalg__ialltoall_pair_steps(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                                 int inplace)
{
    int i, from = inplace ? COLLALG_BUF_TMP : COLLALG_BUF_SEND;
    if (inplace) {
        collalg__steps_tmp(s, (long long)p * rcount);
        for (i = 0; i < p; i++)
            collalg__steps_copy(s, collalg__pc(COLLALG_BUF_RECV, (long long)i * rcount, rcount),
                                collalg__pc(COLLALG_BUF_TMP, (long long)i * rcount, rcount));
        scount = rcount;
    } else {
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, (long long)rank * scount, scount),
                            collalg__pc(COLLALG_BUF_RECV, (long long)rank * rcount, rcount));
    }
    collalg__steps_round(s);
    for (i = 0; i < collalg__pair_nsteps(p); i++) {
        int peer = collalg__pair_peer(rank, p, i);
        if (peer == rank) /* idle in this step (p odd) */
            continue;
        collalg__steps_send(s, peer, collalg__pc(from, (long long)peer * scount, scount));
        collalg__steps_recv(s, peer, collalg__pc(COLLALG_BUF_RECV, (long long)peer * rcount, rcount));
        collalg__steps_round(s);
    }
}

/** @brief Most bytes one raw copy step moves (pieces stay within an int count). */
#define COLLALG_RAW_CHUNK (1LL << 30)

/**
 * @brief Linear alltoallw: block j of COLLALG_BUF_SEND (@p scounts[j] elements of send datatype
 *        j at byte @p sdispls[j]) goes to rank j, block j of COLLALG_BUF_RECV (@p rcounts[j]
 *        elements of receive datatype j at byte @p rdispls[j]) comes from rank j; every message
 *        posted at once, in the order of distance, the own block copied. In place (@p inplace),
 *        the bytes [@p lo, @p hi) of COLLALG_BUF_RECV that the receive blocks span are first
 *        copied as raw bytes to COLLALG_BUF_TMP (in chunks of COLLALG_RAW_CHUNK) and the blocks
 *        sent from that image, so the gaps of the datatypes are never written.
 */
static inline void collalg__ialltoallw_linear_steps(collalg__steps *s, int rank, int p, const int *scounts,
                                                    const int *sdispls, const int *rcounts, const int *rdispls,
                                                    int inplace, long long lo, long long hi)
{
    int i;
    long long at;
    if (inplace) {
        collalg__steps_tmp(s, hi - lo);
        for (at = lo; at < hi; at += COLLALG_RAW_CHUNK) {
            long long n = hi - at < COLLALG_RAW_CHUNK ? hi - at : COLLALG_RAW_CHUNK;
            collalg__steps_copy(s, collalg__pct(COLLALG_BUF_RECV, at, n, COLLALG_TYPE_BYTES),
                                collalg__pct(COLLALG_BUF_TMP, at - lo, n, COLLALG_TYPE_BYTES));
        }
        collalg__steps_round(s);
    } else {
        collalg__steps_copy(s, collalg__pct(COLLALG_BUF_SEND, sdispls[rank], scounts[rank], rank),
                            collalg__pct(COLLALG_BUF_RECV, rdispls[rank], rcounts[rank], rank));
    }
    for (i = 1; i < p; i++) {
        int src = collalg__ring_from(rank, p, i), dst = collalg__ring_to(rank, p, i);
        collalg__steps_recv(s, src, collalg__pct(COLLALG_BUF_RECV, rdispls[src], rcounts[src], src));
        if (inplace)
            collalg__steps_send(s, dst, collalg__pct(COLLALG_BUF_TMP, rdispls[dst] - lo, rcounts[dst], dst));
        else
            collalg__steps_send(s, dst, collalg__pct(COLLALG_BUF_SEND, sdispls[dst], scounts[dst], dst));
    }
}

#endif /* COLLALG_SCHEDULE_ICOLL_ALLTOALL_H */
