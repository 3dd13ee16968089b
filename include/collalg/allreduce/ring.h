/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup allreduce
 * @brief Allreduce, ring: reduce-scatter around a ring, then allgather around the same ring
 *        (Patarasuk & Yuan's bandwidth-optimal allreduce; Faraj & Yuan, ICS'05, §3.1).
 *
 * @par Phases
 * The vector is cut into p blocks whose sizes differ by at most one element (some empty when
 * count < p). Rank j sends to j + 1 and receives from j - 1 (mod p) throughout.
 * 1. Copy the input into @c recvbuf.
 * 2. Reduce-scatter, steps s = 0 .. p-2: rank j sends its partial block (j - s - 1) mod p and
 *    receives partial block (j - s - 2) mod p, which it folds into its own copy. Invariant:
 *    after step s, the block rank j last received holds the contributions of ranks
 *    j - s - 1 .. j (s + 2 ranks); after step p-2 rank j holds block j fully reduced.
 * 3. Allgather, steps s = 0 .. p-2: rank j sends block (j - s) mod p and receives block
 *    (j - s - 1) mod p, final, into place.
 *
 * The 2 (p - 1) steps are windowed (collalg__allreduce_ring_phases): a step's send starts as soon
 * as its block is final, without waiting for the previous step's send to complete (up to w =
 * min(COLLALG_FORWARD_WINDOW, p - 1) = min(4, p - 1) sends in flight), and the receives of the
 * next w - 1 steps are already posted, the reduce-scatter ones into w scratch blocks. No block is
 * written while a send of it is in flight: the reduce-scatter writes block j - s - 2 at step s,
 * which no earlier step sent, and the allgather's receive into block j - s - 1 is posted only
 * after the reduce-scatter's send of that block (its step s) has completed.
 *
 * collalg_allreduce_topology_ring() runs the same steps around the topology's DFS ring instead
 * of the ring of ranks (collalg__allreduce_ring_phases takes the ring order).
 *
 * @par Trace, p = 3 (blocks A, B, C; rank j ends owning block j)
 * @verbatim
   reduce-scatter s=0:  0 -> 1 C,  1 -> 2 A,  2 -> 0 B     (1: C from 0,1; 2: A from 1,2; 0: B from 2,0)
                  s=1:  0 -> 1 B,  1 -> 2 C,  2 -> 0 A     (1: B complete; 2: C complete; 0: A complete)
   allgather      s=0:  0 -> 1 A,  1 -> 2 B,  2 -> 0 C
                  s=1:  0 -> 1 C,  1 -> 2 A,  2 -> 0 B
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_ring_p6.svg
 * @image html allreduce_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * 2 (p - 1)(alpha + n/p beta) + (2p - 3) theta + (p - 1)/p n gamma + kappa ((p - 1) local
 * reductions of n/p bytes): the bandwidth term 2 (p-1)/p n beta is optimal (Patarasuk & Yuan).
 * The window does not change these terms (each step's send still depends on the previous step's
 * receive); it removes the wait for a step's send before the next step, an extra latency per step
 * where a send completes only once delivered (as in SimGrid), and the late posting of receives.
 * Measured in SimGrid on the 4 x 8 switch tree of tests/platform/topology (100 Mb/s, 50 us per
 * cable, p = 32, ranks round-robin over the switches), topology_ring: 64 KiB 25.4 -> 19.1 ms,
 * 256 KiB 68.0 -> 55.6 ms.
 *
 * @par Restrictions
 * Any p >= 1 (no power of two needed), any count, any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Non-commutative operations are NOT supported: a block's partial result
 * travels the ring from rank j + 1 round to rank j, so for every block but one it wraps from
 * rank p - 1 to rank 0 and the ranks' contributions cannot stay in order. For an op that
 * MPI_Op_commutative reports as non-commutative the call returns MPI_ERR_OP before any message.
 *
 * @par Memory
 * min(4, p - 1) ceil(count / p) elements of datatype of scratch (w = min(COLLALG_FORWARD_WINDOW,
 * p - 1) receive slots of one block).
 *
 * @par References
 * P. Patarasuk, X. Yuan, "Bandwidth Optimal All-reduce Algorithms for Clusters of
 * Workstations", JPDC 2009; A. Faraj, X. Yuan, ICS'05, §3.1 (the ring pattern).
 */
#ifndef COLLALG_ALLREDUCE_RING_H
#define COLLALG_ALLREDUCE_RING_H

#include "../family/allreduce.h"

/**
 * @brief Steps in flight of collalg__allreduce_ring_phases on @p p ranks: w = min(W, p - 1),
 *        W = COLLALG_FORWARD_WINDOW (core/request.h); at least 1 for p >= 2.
 */
COLLALG_INLINE int collalg__allreduce_ring_window(int p)
{
    return p - 1 < COLLALG_FORWARD_WINDOW ? p - 1 : COLLALG_FORWARD_WINDOW;
}

/** @brief State of collalg__allreduce_ring_phases: the ring, the window and its requests. */
typedef struct collalg__allreduce_ringwin {
    const collalg__ctx *c;
    const collalg__allreduce_red *r;
    void *buf;                              /**< the rank's copy of the vector */
    void *tmp;                              /**< w slots of bmax elements */
    int count, p, me, to, from, w, bmax;    /**< elements, ranks, position, neighbours, window, slot */
    MPI_Request sq[COLLALG_FORWARD_WINDOW]; /**< sq[g mod w]: step g's send */
    MPI_Request rq[COLLALG_FORWARD_WINDOW]; /**< rq[g mod w]: step g's receive */
    int sg[COLLALG_FORWARD_WINDOW];         /**< sg[k]: the step whose send is in sq[k], -1: none */
} collalg__allreduce_ringwin;

/**
 * @brief Posts the receive of step @p g of @p st: reduce-scatter step g's block me - g - 2 into
 *        scratch slot g mod w; allgather step s = g - (p - 1)'s block me - s - 1 into place,
 *        after completing reduce-scatter step s's send of that block if it is still in flight.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_ring_recv(collalg__allreduce_ringwin *st, int g)
{
    int p = st->p, s = g - (p - 1), err = MPI_SUCCESS;
    int b = s < 0 ? collalg__mod(st->me - g - 2, p) : collalg__mod(st->me - s - 1, p);
    int lo = collalg__allreduce_split(st->count, p, b), hi = collalg__allreduce_split(st->count, p, b + 1);
    void *at = collalg__allreduce_at(st->r, st->buf, lo);
    if (s < 0)
        at = collalg__allreduce_at(st->r, st->tmp, (MPI_Aint)(g % st->w) * st->bmax);
    else if (st->sg[s % st->w] == s) {
        err = COLLALG_MPI(Wait)(&st->sq[s % st->w], MPI_STATUS_IGNORE);
        st->sg[s % st->w] = -1;
    }
    if (err == MPI_SUCCESS)
        err =
            COLLALG_MPI(Irecv)(at, hi - lo, st->r->type, st->from, COLLALG_TAG_DATA, st->c->pcomm, &st->rq[g % st->w]);
    return err;
}

/**
 * @brief Phases 2 and 3 on @p buf (the rank's copy of the vector), with @p tmp scratch of w
 *        blocks (w = collalg__allreduce_ring_window(p)), around a logical ring; shared by ring.h
 *        and topology_ring.h. The rank at ring position i plays rank j of the Phases: it sends to
 *        position i + 1, receives from position i - 1, and ends owning block i (blocks are the
 *        even split of the vector, numbered by position).
 *
 * The 2 (p - 1) steps are numbered g = 0 .. 2p - 3 (reduce-scatter step g, then allgather step
 * g - (p - 1)) and run with w steps in flight: step g's send starts as soon as its block is final,
 * without waiting for step g - 1's send (only for step g - w's: its request slot), and the
 * receives of steps g + 1 .. g + w - 1 are already posted (the receive of step g + w is posted
 * once step g's has arrived). Reduce-scatter receives go into w scratch slots (step g: slot
 * g mod w), allgather receives straight into their block of @p buf.
 *
 * Buffer invariant (no block is written while a send reads it, nor read while a receive writes
 * it): the reduce-scatter sends block me - g - 1 at step g, and each of blocks me - 1 ..
 * me - p + 1 once; it writes (reduces into) block me - g - 2 at step g, which no earlier step sent
 * (that would be step g + 1 mod p, not in 0 .. g), before step g + 1 sends it. Allgather step s
 * receives into block me - s - 1, last touched by reduce-scatter step s (its send; reduce-scatter
 * step s - 1 reduced into it): that receive is posted at step p - 1 + s - w >= s (w <= p - 1),
 * after step s's send was issued, and waits for that send first when it is still in flight. The
 * allgather sends blocks me, me - 1, .., which are final and never written again. Receives from
 * the one left neighbour with the one tag are posted in step order, so they match in step order.
 * @param c     the call's context
 * @param r     the reduction
 * @param buf   the rank's copy of the vector, @p count elements; the result on return
 * @param tmp   scratch of w * ceil(count / p) elements
 * @param count elements of the vector
 * @param ring  ring[i]: the rank at position i (NULL: rank order, ring[i] = i)
 * @param pos   pos[r]: the position of rank r (NULL with @p ring NULL)
 * @return MPI_SUCCESS or the MPI error code. On an error the pending receives are cancelled and
 *         the sends completed (nothing is left pending).
 */
COLLALG_INLINE int collalg__allreduce_ring_phases(const collalg__ctx *c, const collalg__allreduce_red *r, void *buf,
                                                  void *tmp, int count, const int *ring, const int *pos)
{
    collalg__allreduce_ringwin st;
    int g, k, b, lo, hi, err = MPI_SUCCESS, steps;
    st.c = c;
    st.r = r;
    st.buf = buf;
    st.tmp = tmp;
    st.count = count;
    st.p = c->size;
    st.me = pos ? pos[c->rank] : c->rank;
    st.to = collalg__ring_to(st.me, st.p, 1);
    st.from = collalg__ring_from(st.me, st.p, 1);
    if (ring) {
        st.to = ring[st.to];
        st.from = ring[st.from];
    }
    st.w = collalg__allreduce_ring_window(st.p);
    st.bmax = count / st.p + (count % st.p != 0);
    for (k = 0; k < COLLALG_FORWARD_WINDOW; k++) {
        st.sq[k] = st.rq[k] = MPI_REQUEST_NULL;
        st.sg[k] = -1;
    }
    steps = 2 * (st.p - 1);
    for (g = 0; g < st.w && g < steps && err == MPI_SUCCESS; g++) /* reduce-scatter steps (w <= p - 1) */
        err = collalg__allreduce_ring_recv(&st, g);
    for (g = 0; g < steps && err == MPI_SUCCESS; g++) {
        k = g % st.w;
        b = g < st.p - 1 ? collalg__mod(st.me - g - 1, st.p) : collalg__mod(st.me - (g - (st.p - 1)), st.p);
        lo = collalg__allreduce_split(count, st.p, b);
        hi = collalg__allreduce_split(count, st.p, b + 1);
        err = COLLALG_MPI(Wait)(&st.sq[k], MPI_STATUS_IGNORE); /* the send of step g - w */
        st.sg[k] = g;
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Isend)(collalg__allreduce_at(r, buf, lo), hi - lo, r->type, st.to, COLLALG_TAG_DATA,
                                     c->pcomm, &st.sq[k]);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Wait)(&st.rq[k], MPI_STATUS_IGNORE); /* step g's block is here */
        if (err == MPI_SUCCESS && g < st.p - 1) {                  /* fold it into block me - g - 2 */
            b = collalg__mod(st.me - g - 2, st.p);
            lo = collalg__allreduce_split(count, st.p, b);
            hi = collalg__allreduce_split(count, st.p, b + 1);
            if (hi > lo)
                err = collalg__reduce_local(collalg__allreduce_at(r, tmp, (MPI_Aint)k * st.bmax),
                                            collalg__allreduce_at(r, buf, lo), hi - lo, r->type, r->op);
        }
        if (err == MPI_SUCCESS && g + st.w < steps)
            err = collalg__allreduce_ring_recv(&st, g + st.w);
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(COLLALG_FORWARD_WINDOW, st.rq));
    return collalg__first(err, collalg__waitall(COLLALG_FORWARD_WINDOW, st.sq));
}

/**
 * @brief Fills @p r (collalg__allreduce_red_init) and refuses a non-commutative @p op with
 *        MPI_ERR_OP (see Restrictions), before any message; shared by ring.h and topology_ring.h.
 * @return MPI_SUCCESS, MPI_ERR_OP, or the error of collalg__allreduce_red_init.
 */
COLLALG_INLINE int collalg__allreduce_ring_init(collalg__ctx *c, collalg__allreduce_red *r, MPI_Datatype datatype,
                                                MPI_Op op)
{
    int err = collalg__allreduce_red_init(c, r, datatype, op);
    if (err == MPI_SUCCESS && !r->commute)
        err = MPI_ERR_OP;
    return err;
}

/**
 * @brief Phases 1 to 3 around the ring @p ring (NULL: rank order; see
 *        collalg__allreduce_ring_phases), after collalg__allreduce_ring_init: the copy into
 *        @p recvbuf, one block of scratch, the reduce-scatter and the allgather.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_ring_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                               void *recvbuf, int count, const int *ring, const int *pos)
{
    void *tmp = NULL;
    int err = collalg__allreduce_copy(c, r, sendbuf, recvbuf, count);
    if (err == MPI_SUCCESS && count > 0 && c->size > 1) {
        err = collalg__scratch_typed(
            c, (MPI_Aint)collalg__allreduce_ring_window(c->size) * (count / c->size + (count % c->size != 0)), &r->ti,
            &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_ring_phases(c, r, recvbuf, tmp, count, ring, pos);
    }
    return err;
}

/**
 * @brief MPI_Allreduce by the ring algorithm (reduce-scatter ring, allgather ring).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler. Also MPI_ERR_OP when @p op is not commutative (see
 *         Restrictions; nothing is sent and @p recvbuf is left untouched).
 */
COLLALG_INLINE int collalg_allreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_run(&c, &r, sendbuf, recvbuf, count, NULL, NULL);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RING_H */
