/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/bcast.h
 * @brief Private building blocks of the bcast family: element ranges of the user's buffer,
 *        segments of the pipelined algorithms, uneven blocks of the scatter-based algorithms,
 *        and the binomial scatter they share.
 *
 * Conventions: the message is the @c count elements of @c datatype at @c buffer. A range
 * [lo, hi) is the elements lo .. hi-1; element i lies at `collalg__at(buffer, i, extent)`, and a
 * range travels as hi - lo elements of the user's datatype (MPI packs; no staging copy). Ranks
 * are handled relative to the root: relrank = (rank - root) mod p (schedule/common.h).
 *
 * The algorithms that split the message run these helpers on the byte view of
 * collalg__bcast_view (MPI_BYTE, extent 1), so that every rank cuts the message at the same
 * place whatever its own datatype; linear and binomial move whole messages in the user's
 * datatype.
 */
#ifndef COLLALG_BCAST_COMMON_H
#define COLLALG_BCAST_COMMON_H

#include "../core/core.h"

/**
 * @brief Default segment size of the pipelined algorithms (chain, topology_chain, binary_tree),
 *        in bytes.
 *
 * 4 KiB, so that the COLLALG_FORWARD_WINDOW (4) segments the windowed pipeline keeps in flight
 * per link (collalg__bcast_pipeline) are the 16 KiB the pipeline had in flight before the window
 * (one segment of the former 16 KiB default). In SimGrid's fluid model the segments in flight on
 * a link share its bandwidth, so W segments of S bytes move like one of W S bytes unless their
 * ends are staggered (collalg__bcast_pipeline's ramp): bcast of 256 KiB, p = 32, on the 4 x 8
 * switch tree of tests/platform/topology (100 Mb/s, 50 us per cable), topology_chain, segments of
 * 1, 2, 4, 8, 16 KiB: 79.1, 60.4, 56.1, 60.1, 76.6 ms before the window, 56.6, 60.0, 76.6, 118.6,
 * 204.4 ms with it, 54.3, 52.4, 53.9, 86.9, 147.3 ms with the window and the staggered start (the
 * same within 2% on both rank placements, (b) and (c)). On a network that serves one sender's
 * messages in order, the window hides the per-segment latency instead.
 */
#ifndef COLLALG_BCAST_SEGSIZE_DEFAULT
#define COLLALG_BCAST_SEGSIZE_DEFAULT 4096
#endif

/** @brief Absolute rank of relative rank @p relrank in a broadcast of @p p ranks rooted at @p root. */
COLLALG_INLINE int collalg__bcast_abs(int relrank, int root, int p)
{
    return (int)(((long)relrank + root) % p);
}

/**
 * @brief What a splitting broadcast (chain, binary tree, scatter-allgather, CSM) moves.
 *
 * MPI_Bcast lets each rank pass its own datatype as long as the type signatures match (the root
 * 2n MPI_INT, another rank n vectors of 2 ints). An algorithm that cuts the message at element
 * boundaries of each rank's own datatype would cut it at different places on different ranks.
 * So the splitting algorithms move bytes of the type signature instead, the same on every rank:
 * - a datatype without gaps is viewed in place as count * size bytes (no copy);
 * - any other datatype goes through a scratch buffer: the root packs its buffer into it first
 *   (MPI_Pack), the other ranks unpack it into theirs at the end (MPI_Unpack). The packed bytes
 *   travel as MPI_BYTE, as in MPICH's scatter-based broadcasts: this assumes a homogeneous
 *   system, where packed data is the bare signature (checked: otherwise MPI_ERR_TYPE);
 * - a message of more than INT_MAX bytes keeps the rank's own elements (then every rank must pass
 *   the same datatype; such messages are past what one int count of bytes can describe).
 */
typedef struct collalg__bcast_view {
    void *buf;          /**< address of element 0 of what is moved */
    int count;          /**< elements of @c type to move */
    MPI_Datatype type;  /**< MPI_BYTE, or the user's datatype (INT_MAX fallback) */
    MPI_Aint extent;    /**< extent of @c type, bytes */
    int size;           /**< size of @c type, bytes */
    void *user;         /**< the user's buffer, to unpack into at the end */
    int ucount;         /**< the user's count */
    MPI_Datatype utype; /**< the user's datatype */
    int unpack;         /**< 1 when @c buf is scratch this (non-root) rank unpacks at the end */
} collalg__bcast_view;

/**
 * @brief Sets up @p w (see collalg__bcast_view) when @p err is MPI_SUCCESS; otherwise only
 *        clears it. Scratch is owned by @p c. @return @p err, or the first error of the setup.
 */
COLLALG_INLINE int collalg__bcast_view_begin(collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype, int root,
                                             collalg__bcast_view *w, int err)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    int packed = 0, pos = 0;
    memset(w, 0, sizeof *w);
    w->type = datatype;
    if (err != MPI_SUCCESS)
        return err;
    err = collalg__typeinfo_get(datatype, &ti);
    if (err != MPI_SUCCESS)
        return err;
    bytes = (MPI_Aint)count * ti.size;
    if (bytes > (MPI_Aint)INT_MAX) { /* the rank's own elements */
        w->buf = buffer;
        w->count = count;
        w->extent = ti.extent;
        w->size = ti.size;
        return MPI_SUCCESS;
    }
    w->count = (int)bytes;
    w->type = MPI_BYTE;
    w->extent = 1;
    w->size = 1;
    if (ti.dense || bytes == 0) { /* nothing to pack (MPI_Pack may refuse a NULL buffer) */
        w->buf = (char *)buffer + ti.lb;
        return MPI_SUCCESS;
    }
    err = COLLALG_MPI(Pack_size)(count, datatype, c->pcomm, &packed);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, packed > bytes ? packed : bytes, &w->buf);
    if (err == MPI_SUCCESS && c->rank == root)
        err = COLLALG_MPI(Pack)(buffer, count, datatype, w->buf, packed > bytes ? packed : (int)bytes, &pos, c->pcomm);
    if (err == MPI_SUCCESS && c->rank == root && pos != w->count)
        err = MPI_ERR_TYPE; /* packed data is not the bare signature: not a homogeneous system */
    w->user = buffer;
    w->ucount = count;
    w->utype = datatype;
    w->unpack = c->rank != root;
    return err;
}

/** @brief Unpacks the received bytes into the user's buffer where needed. @return @p err or the copy's error. */
COLLALG_INLINE int collalg__bcast_view_end(collalg__ctx *c, const collalg__bcast_view *w, int err)
{
    int pos = 0;
    if (err != MPI_SUCCESS || !w->unpack)
        return err;
    return COLLALG_MPI(Unpack)(w->buf, w->count, &pos, w->user, w->ucount, w->utype, c->pcomm);
}

/**
 * @brief Elements per segment: @p segsize bytes (0 = COLLALG_BCAST_SEGSIZE_DEFAULT) rounded down
 *        to whole elements of @p type_size bytes, at least 1 (the whole message when elements
 *        are empty). @return MPI_SUCCESS, or MPI_ERR_ARG when @p segsize < 0.
 */
COLLALG_INLINE int collalg__bcast_seg_elems(int segsize, int type_size, int count, int *out)
{
    *out = 1;
    if (segsize < 0)
        return MPI_ERR_ARG;
    if (segsize == 0)
        segsize = COLLALG_BCAST_SEGSIZE_DEFAULT;
    if (type_size <= 0)
        *out = count > 0 ? count : 1;
    else if (segsize / type_size > 1)
        *out = segsize / type_size;
    return MPI_SUCCESS;
}

/**
 * @brief First element of block @p i of @p nblocks uneven blocks of @p count elements: the
 *        first count mod nblocks blocks hold one element more (0 <= i <= nblocks; i = nblocks
 *        gives @p count).
 */
COLLALG_INLINE MPI_Aint collalg__bcast_block_lo(int i, int nblocks, int count)
{
    int base = count / nblocks, extra = count % nblocks;
    return (MPI_Aint)i * base + (i < extra ? i : extra);
}

/** @brief Sends elements [lo, hi) of @p buf to @p peer (nothing when the range is empty). */
COLLALG_INLINE int collalg__bcast_send(const collalg__ctx *c, void *buf, MPI_Aint lo, MPI_Aint hi, MPI_Datatype type,
                                       MPI_Aint ext, int peer)
{
    if (hi <= lo)
        return MPI_SUCCESS;
    return COLLALG_MPI(Send)(collalg__at(buf, lo, ext), (int)(hi - lo), type, peer, COLLALG_TAG_DATA, c->pcomm);
}

/** @brief Receives elements [lo, hi) of @p buf from @p peer (nothing when the range is empty). */
COLLALG_INLINE int collalg__bcast_recv(const collalg__ctx *c, void *buf, MPI_Aint lo, MPI_Aint hi, MPI_Datatype type,
                                       MPI_Aint ext, int peer)
{
    if (hi <= lo)
        return MPI_SUCCESS;
    return COLLALG_MPI(Recv)(collalg__at(buf, lo, ext), (int)(hi - lo), type, peer, COLLALG_TAG_DATA, c->pcomm,
                             MPI_STATUS_IGNORE);
}

/**
 * @brief Sends elements [slo, shi) of @p buf to @p peer while receiving [rlo, rhi) from it (an
 *        empty range moves nothing; both empty: no message).
 */
COLLALG_INLINE int collalg__bcast_exchange(const collalg__ctx *c, void *buf, MPI_Aint slo, MPI_Aint shi, MPI_Aint rlo,
                                           MPI_Aint rhi, MPI_Datatype type, MPI_Aint ext, int peer)
{
    int sn = shi > slo ? (int)(shi - slo) : 0, rn = rhi > rlo ? (int)(rhi - rlo) : 0;
    if (sn == 0 && rn == 0)
        return MPI_SUCCESS;
    return COLLALG_MPI(Sendrecv)(collalg__at(buf, slo, ext), sn, type, peer, COLLALG_TAG_DATA,
                                 collalg__at(buf, rlo, ext), rn, type, peer, COLLALG_TAG_DATA, c->pcomm,
                                 MPI_STATUS_IGNORE);
}

/** @brief Most children collalg__bcast_pipeline forwards to (the binary tree's two). */
#define COLLALG_BCAST_PIPELINE_MAXCHILD 2

/** @brief Elements [*@p lo, *@p hi) of segment @p k of the staggered pipeline of @p count elements
 *         (collalg__ramp_lo with the window COLLALG_FORWARD_WINDOW). */
COLLALG_INLINE void collalg__bcast_pipeline_range(MPI_Aint k, int seg, int count, MPI_Aint *lo, MPI_Aint *hi)
{
    *lo = collalg__ramp_lo(k, seg, COLLALG_FORWARD_WINDOW);
    *hi = collalg__ramp_lo(k + 1, seg, COLLALG_FORWARD_WINDOW);
    *hi = *hi < count ? *hi : count;
}

/** @brief Posts the receive of segment @p k of the staggered pipeline from @p parent. */
COLLALG_INLINE int collalg__bcast_pipeline_recv(const collalg__ctx *c, void *buf, int count, MPI_Datatype type,
                                                MPI_Aint ext, int parent, MPI_Aint k, int seg, MPI_Request *r)
{
    MPI_Aint lo, hi;
    collalg__bcast_pipeline_range(k, seg, count, &lo, &hi);
    return COLLALG_MPI(Irecv)(collalg__at(buf, lo, ext), (int)(hi - lo), type, parent, COLLALG_TAG_DATA, c->pcomm, r);
}

/**
 * @brief Pipelined tree broadcast in segments of @p seg elements, windowed and staggered: receive
 *        each segment from @p parent (absolute rank, -1 at the root), then forward it to the
 *        @p nchildren (at most COLLALG_BCAST_PIPELINE_MAXCHILD) absolute ranks of @p children
 *        with non-blocking sends.
 *
 * Up to W = COLLALG_FORWARD_WINDOW (core/request.h) segments are in flight each way: the
 * receives of segments k + 1 .. k + W - 1 are already posted when segment k arrives (the receive
 * of segment k + W is posted as soon as segment k is in), and segment k's sends start as soon as
 * segment k is in, only waiting for the sends of segment k - W (their request slots).
 *
 * Staggered start: the first W segments grow from seg / W to seg elements
 * (collalg__ramp_lo). A link shared fairly by W transfers of equal size that start together
 * ends them together; every receive of the next W is then posted at once, and the link idles for
 * a latency between these bursts. Staggered ends keep one transfer of the window moving while the
 * next one starts, and the differences survive fair sharing (all progress at one rate). The small
 * first segments also fill the pipeline sooner. 4 MiB along 16 one-rank nodes of
 * tests/platform/smp/ in 8 KiB segments (collalg_bcast_chain()): 3.92 ms, against 4.48 without the ramp
 * (bound 3.36 ms; between two one-rank nodes 3.37 ms, against 3.87).
 *
 * Every segment is a distinct range of @p buf, written once (by its receive) before it is sent,
 * so no buffer is read by a send while a receive writes it. On an error, the pending receives are
 * cancelled (collalg__cancel_all) and the sends completed: nothing is left pending on any path.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_pipeline(const collalg__ctx *c, void *buf, int count, MPI_Datatype type, MPI_Aint ext,
                                           int parent, const int *children, int nchildren, int seg)
{
    enum { W = COLLALG_FORWARD_WINDOW, M = COLLALG_BCAST_PIPELINE_MAXCHILD };
    MPI_Request rq[W], sq[W * M]; /* rq[k % W]: segment k's receive; sq[(k % W) * M + i]: its send to child i */
    MPI_Aint k, nseg = collalg__ramp_nseg(count, seg, W), lo, hi;
    int i, err = MPI_SUCCESS;

    for (i = 0; i < W; i++)
        rq[i] = MPI_REQUEST_NULL;
    for (i = 0; i < W * M; i++)
        sq[i] = MPI_REQUEST_NULL;
    if (nchildren > M)
        return MPI_ERR_INTERN;
    for (k = 0; k < nseg && k < W && parent >= 0 && err == MPI_SUCCESS; k++) /* segments 0 .. W-1 */
        err = collalg__bcast_pipeline_recv(c, buf, count, type, ext, parent, k, seg, &rq[k]);
    for (k = 0; k < nseg && err == MPI_SUCCESS; k++) {
        MPI_Request *s = &sq[(k % W) * M];
        collalg__bcast_pipeline_range(k, seg, count, &lo, &hi);
        if (parent >= 0) {
            err = COLLALG_MPI(Wait)(&rq[k % W], MPI_STATUS_IGNORE); /* segment k is in */
            if (err == MPI_SUCCESS && k + W < nseg)
                err = collalg__bcast_pipeline_recv(c, buf, count, type, ext, parent, k + W, seg, &rq[k % W]);
        }
        if (err == MPI_SUCCESS && nchildren > 0)
            err = collalg__waitall(nchildren, s); /* the sends of segment k - W */
        for (i = 0; i < nchildren && err == MPI_SUCCESS; i++)
            err = COLLALG_MPI(Isend)(collalg__at(buf, lo, ext), (int)(hi - lo), type, children[i], COLLALG_TAG_DATA,
                                     c->pcomm, &s[i]);
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(W, rq));
    return collalg__first(err, collalg__waitall(W * M, sq));
}

/**
 * @brief Binomial scatter of @p nblocks uneven blocks (collalg__bcast_block_lo) among the
 *        relative ranks 0 .. nblocks-1: relative rank relrank ends holding at least block relrank.
 *
 * Relative rank relrank > 0 receives from its binomial parent relrank & (relrank - 1) the blocks of
 * its subtree, [relrank, relrank + lowbit(relrank)) clipped to nblocks; then it sends to each child
 * u = relrank + mask (mask = lowbit(relrank)/2, ..., 1; for relrank = 0 from the smallest power of
 * two >= nblocks, halved) the blocks [u, u + mask) clipped. Empty ranges are not sent. @p relrank
 * must be < nblocks.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_scatter(const collalg__ctx *c, void *buf, int count, MPI_Datatype type, MPI_Aint ext,
                                          int root, int relrank, int nblocks)
{
    int err = MPI_SUCCESS, mask = collalg__binomial_mask(relrank, nblocks);
    if (relrank > 0)
        err = collalg__bcast_recv(
            c, buf, collalg__bcast_block_lo(relrank, nblocks, count),
            collalg__bcast_block_lo(relrank + collalg__binomial_subtree(relrank, nblocks), nblocks, count), type, ext,
            collalg__bcast_abs(collalg__binomial_parent(relrank), root, c->size));
    for (mask >>= 1; mask > 0 && err == MPI_SUCCESS; mask >>= 1) {
        int u = relrank + mask, end;
        if (u >= nblocks)
            continue;
        end = u + mask < nblocks ? u + mask : nblocks;
        err = collalg__bcast_send(c, buf, collalg__bcast_block_lo(u, nblocks, count),
                                  collalg__bcast_block_lo(end, nblocks, count), type, ext,
                                  collalg__bcast_abs(u, root, c->size));
    }
    return err;
}

/**
 * @brief The fold that extends an algorithm run on the first @p pof2 relative ranks to all p:
 *        relative rank relrank < p - pof2 sends the whole message to relrank + pof2, which receives
 *        it.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_fold(const collalg__ctx *c, void *buf, int count, MPI_Datatype type, MPI_Aint ext,
                                       int root, int relrank, int pof2)
{
    if (relrank < c->size - pof2)
        return collalg__bcast_send(c, buf, 0, count, type, ext, collalg__bcast_abs(relrank + pof2, root, c->size));
    if (relrank >= pof2)
        return collalg__bcast_recv(c, buf, 0, count, type, ext, collalg__bcast_abs(relrank - pof2, root, c->size));
    return MPI_SUCCESS;
}

#endif /* COLLALG_BCAST_COMMON_H */
