/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file segmented_ring.h
 * @ingroup allreduce
 * @brief Allreduce, segmented ring: the ring reduce-scatter run in phases on segments of the
 *        blocks, then the ring allgather (Open MPI's coll/base "segmented ring" allreduce, after
 *        Patarasuk & Yuan's ring).
 *
 * @par Phases
 * The vector is cut into p blocks whose sizes differ by at most one element, and each block into
 * P segments the same way (schedule/common.h, collalg__segring_range), P = ceil(ceil(count / p) /
 * m) with m the elements of one segment (collalg__segring_phases): no segment is longer than m.
 * Rank j sends to j + 1 and receives from j - 1 (mod p) throughout.
 * 1. Copy the input into @c recvbuf.
 * 2. Reduce-scatter, phases f = 0 .. P-1, each the reduce-scatter of ring.h on segment f of every
 *    block: steps s = 0 .. p-2, rank j sends its partial segment f of block (j - s - 1) mod p and
 *    receives segment f of block (j - s - 2) mod p, which it folds into its copy. After phase f,
 *    rank j holds segment f of block j fully reduced; after the last phase, all of block j.
 *    The P (p - 1) steps run back to back across the phases, receives double-buffered: the
 *    receive of step g + 1 is posted (into the other of two scratch segments) before step g's
 *    segment is waited for and folded, so the next segment travels while this one is reduced;
 *    a step's send is non-blocking, and the send of step g - 2 is completed before step g's.
 * 3. Allgather, steps s = 0 .. p-2: rank j sends block (j - s) mod p and receives block
 *    (j - s - 1) mod p, whole, into place (one send-receive per step; there is no reduction to
 *    overlap, so segmenting it would only add latencies; as in Open MPI).
 *
 * No segment is written while a send of it is in flight: step g folds into segment f of block
 * j - s - 2, which phase f has not sent yet (it sends it at step g + 1), while the sends that may
 * still be in flight are steps g - 1 and g (blocks j - s and j - s - 1, or phase f - 1's
 * segments). Every send has completed before the allgather writes any block.
 *
 * @par Small vectors
 * When every block fits in one segment (ceil(count / p) <= m: one phase), the call is the plain
 * ring of ring.h (collalg__allreduce_ring_run), as Open MPI switches to its ring when count < p
 * times the segment's elements.
 *
 * @par Trace, p = 3, P = 2 phases (blocks A, B, C, each in segments a0 a1, b0 b1, c0 c1)
 * @verbatim
   phase 0  s=0:  0 -> 1 c0,  1 -> 2 a0,  2 -> 0 b0
            s=1:  0 -> 1 b0,  1 -> 2 c0,  2 -> 0 a0      (0: a0 final, 1: b0, 2: c0)
   phase 1  s=0:  0 -> 1 c1,  1 -> 2 a1,  2 -> 0 b1
            s=1:  0 -> 1 b1,  1 -> 2 c1,  2 -> 0 a1      (0: A final, 1: B, 2: C)
   allgather s=0: 0 -> 1 A,   1 -> 2 B,   2 -> 0 C
             s=1: 0 -> 1 C,   1 -> 2 A,   2 -> 0 B
   @endverbatim
 *
 * @par Segments
 * `segsize` bytes rounded down to whole elements (at least one), an element counted as the larger
 * of its size and its extent (so that a scratch segment is at most segsize bytes too); 0 =
 * COLLALG_ALLREDUCE_SEGMENTED_RING_SEGSIZE_DEFAULT (1 MiB, the segment Open MPI's fixed decision
 * rules give this algorithm).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * blocks of 1 KiB in segments of 512 bytes (two phases; the recorder sets the default segment
 * to 512 bytes, as the default 1 MiB would draw the plain ring):
 * @image html allreduce_segmented_ring_p6.svg
 * @image html allreduce_segmented_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and P phases:
 * P (p - 1)(alpha + n/(pP) beta) + (p - 1)(alpha + n/p beta) + (p - 1)/p n gamma + kappa
 * (P (p - 1) local reductions of n/(pP) bytes): the ring's bandwidth and reduction terms with
 * (P - 1)(p - 1) more latencies. What it buys: every reduce-scatter message and the two scratch
 * segments are bounded by the segment size whatever n, and each segment's reduction overlaps the
 * next segment's transfer (the ring's window overlaps it only with the following step's).
 * Measured in SimGrid on tests/platform/cluster.xml (10 Gb/s links to one crossbar, p = 16,
 * MPI_DOUBLE MPI_SUM, no simulated computation, so the overlap buys nothing there; 2026-11-29):
 * 16 MiB, 256 KiB segments (4 phases) 32.5 ms and 16 KiB segments 50.6 ms, against the ring's
 * 29.8 ms (the extra latencies, and no send window); the default (1 MiB) runs the ring there.
 *
 * @par Restrictions
 * Any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 * Non-commutative operations are NOT supported, as in ring.h (a block's partial result wraps from
 * rank p - 1 to rank 0): for an op that MPI_Op_commutative reports as non-commutative the call
 * returns MPI_ERR_OP before any message.
 *
 * @par Memory
 * Two segments: 2 ceil(ceil(count / p) / P) elements of datatype of scratch (at most 2 segsize
 * bytes); on the fallback, ring.h's.
 *
 * @par References
 * P. Patarasuk, X. Yuan, "Bandwidth Optimal All-reduce Algorithms for Clusters of
 * Workstations", JPDC 69(2), 2009 (the ring); A. Faraj, X. Yuan, ICS'05, §3.1 (the ring
 * pattern); Open MPI, ompi/mca/coll/base/coll_base_allreduce.c,
 * ompi_coll_base_allreduce_intra_ring_segmented (the phases; the design only, no code taken).
 */
#ifndef COLLALG_ALLREDUCE_SEGMENTED_RING_H
#define COLLALG_ALLREDUCE_SEGMENTED_RING_H

#include "../family/allreduce.h"
#include "../family/reduce.h"
#include "ring.h"

/**
 * @brief Default segment size of collalg_allreduce_segmented_ring(), in bytes: 1 MiB, Open MPI's
 *        (its fixed decision rules run the segmented ring with 1 MiB segments when the vector is
 *        larger than p MiB, its plain ring below).
 */
#ifndef COLLALG_ALLREDUCE_SEGMENTED_RING_SEGSIZE_DEFAULT
#define COLLALG_ALLREDUCE_SEGMENTED_RING_SEGSIZE_DEFAULT (1 << 20)
#endif

/** @brief State of collalg__allreduce_segring_phases: the layout and the double buffers. */
typedef struct collalg__allreduce_segring {
    const collalg__ctx *c;
    const collalg__allreduce_red *r;
    void *buf;         /**< the rank's copy of the vector */
    void *tmp;         /**< two scratch segments of smax elements */
    int count, p, nph; /**< elements, ranks, phases */
    int smax;          /**< elements of the longest segment */
    MPI_Request rq[2]; /**< rq[g mod 2]: step g's receive */
    MPI_Request sq[2]; /**< sq[g mod 2]: step g's send */
} collalg__allreduce_segring;

/**
 * @brief Elements [*@p lo, *@p hi) that step @p g of the reduce-scatter moves: sent (@p recv 0:
 *        block me - s - 1) or received and folded (@p recv 1: block me - s - 2), segment f, with
 *        f = g / (p - 1), s = g mod (p - 1).
 */
COLLALG_INLINE void collalg__allreduce_segring_range(const collalg__allreduce_segring *st, int g, int recv, int *lo,
                                                     int *hi)
{
    int f = g / (st->p - 1), s = g % (st->p - 1);
    collalg__segring_range(st->count, st->p, st->nph, collalg__mod(st->c->rank - s - 1 - recv, st->p), f, lo, hi);
}

/** @brief Posts the receive of step @p g into scratch segment g mod 2. @return MPI_SUCCESS or the
 *         MPI error code. */
COLLALG_INLINE int collalg__allreduce_segring_recv(collalg__allreduce_segring *st, int g)
{
    int lo, hi;
    collalg__allreduce_segring_range(st, g, 1, &lo, &hi);
    return COLLALG_MPI(Irecv)(collalg__allreduce_at(st->r, st->tmp, (MPI_Aint)(g % 2) * st->smax), hi - lo, st->r->type,
                              collalg__ring_from(st->c->rank, st->p, 1), COLLALG_TAG_DATA, st->c->pcomm,
                              &st->rq[g % 2]);
}

/**
 * @brief Phases 2 and 3 on @p buf (the rank's copy of the vector, @p count elements, p >= 2) with
 *        @p tmp scratch of two segments of @p smax elements: the P (p - 1) reduce-scatter steps,
 *        double-buffered, then the allgather of whole blocks (see Phases).
 * @return MPI_SUCCESS or the MPI error code. On an error the pending receives are cancelled and
 *         the sends completed (nothing is left pending).
 */
COLLALG_INLINE int collalg__allreduce_segring_phases(const collalg__ctx *c, const collalg__allreduce_red *r, void *buf,
                                                     void *tmp, int count, int nph, int smax)
{
    collalg__allreduce_segring st;
    int g, k, lo, hi, steps, s, err;
    st.c = c;
    st.r = r;
    st.buf = buf;
    st.tmp = tmp;
    st.count = count;
    st.p = c->size;
    st.nph = nph;
    st.smax = smax;
    st.rq[0] = st.rq[1] = st.sq[0] = st.sq[1] = MPI_REQUEST_NULL;
    steps = nph * (st.p - 1);
    err = collalg__allreduce_segring_recv(&st, 0);
    for (g = 0; g < steps && err == MPI_SUCCESS; g++) {
        k = g % 2;
        if (g + 1 < steps) /* the next segment travels while this one is folded */
            err = collalg__allreduce_segring_recv(&st, g + 1);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Wait)(&st.sq[k], MPI_STATUS_IGNORE); /* the send of step g - 2 */
        collalg__allreduce_segring_range(&st, g, 0, &lo, &hi);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Isend)(collalg__allreduce_at(r, buf, lo), hi - lo, r->type,
                                     collalg__ring_to(c->rank, st.p, 1), COLLALG_TAG_DATA, c->pcomm, &st.sq[k]);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Wait)(&st.rq[k], MPI_STATUS_IGNORE);
        collalg__allreduce_segring_range(&st, g, 1, &lo, &hi);
        if (err == MPI_SUCCESS && hi > lo)
            err = collalg__reduce_local(collalg__allreduce_at(r, tmp, (MPI_Aint)k * smax),
                                        collalg__allreduce_at(r, buf, lo), hi - lo, r->type, r->op);
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(2, st.rq));
    err = collalg__first(err, collalg__waitall(2, st.sq));
    for (s = 0; s < st.p - 1 && err == MPI_SUCCESS; s++) { /* allgather: block me - s out, me - s - 1 in */
        int b = collalg__mod(c->rank - s, st.p), rb = collalg__mod(c->rank - s - 1, st.p);
        err = collalg__allreduce_exchange_to(
            c, r, buf, collalg__allreduce_split(count, st.p, b), collalg__allreduce_split(count, st.p, b + 1),
            collalg__ring_to(c->rank, st.p, 1), buf, collalg__allreduce_split(count, st.p, rb),
            collalg__allreduce_split(count, st.p, rb + 1), collalg__ring_from(c->rank, st.p, 1));
    }
    return err;
}

/**
 * @brief MPI_Allreduce by the segmented ring (Open MPI's).
 *
 * @allreduce_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements (the larger of
 *        the datatype's size and extent), at least one; 0 =
 *        COLLALG_ALLREDUCE_SEGMENTED_RING_SEGSIZE_DEFAULT (1 MiB). A value at least a block's
 *        bytes gives one phase: the plain ring.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler. Also MPI_ERR_OP when @p op is not commutative (see
 *         Restrictions) and MPI_ERR_ARG when @p segsize < 0, both before any message and with
 *         @p recvbuf left untouched.
 */
COLLALG_INLINE int collalg_allreduce_segmented_ring(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    void *tmp = NULL;
    MPI_Aint unit;
    int seg = 1, nph = 1, bmax, smax, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS) { /* an element: the larger of its size and extent, in bytes */
        unit = r.ti.extent > r.ti.size ? r.ti.extent : r.ti.size;
        err = collalg__reduce_seg_elems(segsize ? segsize : COLLALG_ALLREDUCE_SEGMENTED_RING_SEGSIZE_DEFAULT,
                                        unit > INT_MAX ? INT_MAX : (int)unit, count, &seg);
    }
    if (err == MPI_SUCCESS && c.size > 1)
        nph = collalg__segring_phases(count, c.size, seg);
    if (err == MPI_SUCCESS && nph <= 1)
        err = collalg__allreduce_ring_run(&c, &r, sendbuf, recvbuf, count, NULL, NULL);
    else if (err == MPI_SUCCESS) {
        bmax = count / c.size + (count % c.size != 0); /* the longest block, then segment */
        smax = bmax / nph + (bmax % nph != 0);
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
        if (err == MPI_SUCCESS)
            err = collalg__scratch_typed(&c, 2 * (MPI_Aint)smax, &r.ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_segring_phases(&c, &r, recvbuf, tmp, count, nph, smax);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_SEGMENTED_RING_H */
