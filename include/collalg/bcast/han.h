/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file han.h
 * @ingroup bcast
 * @brief Bcast, HAN's hierarchical pipeline (Luo et al., "HAN: a Hierarchical AutotuNed
 *        Collective Communication Framework", CLUSTER 2020, §III-A/B: tasks ib, sb and sbib):
 *        an inter-node broadcast among the node leaders and an intra-node broadcast in every
 *        node, segment by segment, the two levels overlapped.
 *
 * @par Levels
 * The node level of machine/node.h: every node's lowest rank is its leader; the leaders'
 * communicator holds one rank per node. Task ib(i) is the broadcast of segment i among the
 * leaders (the @p inter algorithm, rooted at the leader of the root's node); task sb(i) the
 * broadcast of segment i inside a node (the @p intra algorithm, rooted at the leader, or at the
 * root itself in the root's node).
 *
 * @par Phases
 * The message (its bytes: family/bcast.h's view) is cut into s segments of @p segsize bytes.
 * - Nodes other than the root's: the leader runs ib(0), then for i = 1 .. s-1 it starts sb(i-1)
 *   and runs ib(i) while sb(i-1) proceeds (HAN's sbib task), then sb(s-1). The other ranks run
 *   sb(0) .. sb(s-1).
 * - The root's node: the root, not its leader, holds the data, so there sb(i) comes first: sb(0),
 *   then for i = 0 .. s-1 the leader starts sb(i+1) and runs ib(i) meanwhile. When the root is its
 *   node's leader this is the first case with ib rooted at itself.
 * The overlap needs one of the two tasks to be non-blocking: with @p intra NULL (the default), sb
 * is MPI_Ibcast on the node communicator, started before ib and waited for after it. With a
 * catalogue @p intra (blocking), a leader runs its two tasks one after the other (the nodes still
 * overlap with each other: a node's sb(i) runs while the next leaders forward segment i + 1).
 *
 * @par Trace, p = 5 on 2 nodes {0, 1, 2} and {3, 4}, root 1, 2 segments
 * @verbatim
   node {0,1,2} (leader 0):   sb(0) from 1 | sb(1) from 1 || ib(0) 0 -> 3 | ib(1) 0 -> 3
   node {3,4}   (leader 3):                   ib(0) 0 -> 3 | sb(0) 3 -> 4 || ib(1) | sb(1) 3 -> 4
   ( '||' : the two tasks on either side overlap )
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n bytes, s segments of
 * m = n / s bytes, T_ib(m) the inter algorithm on N ranks and T_sb(m) the intra one on q ranks,
 * HAN's model (§III-C): T = T_ib(m) + (s - 1) max(T_ib(m), T_sb(m)) + T_sb(m), plus, when the
 * root is not its node's leader, one more T_sb(m) in front. With the default inter algorithm
 * (pipelined scatter-allgather, chunks of c = 128 KiB) T_ib(m) ~ 2 (alpha + c beta) + m beta,
 * so T ~ n beta_inter + 2 s (alpha + c beta) + T_sb(m): the node links carry n once per node, the
 * lower bound of a broadcast, plus the pipeline's fill per segment and the last segment's
 * intra-node broadcast. Small segments ((N - 1) m <= 4 KiB) go by the linear broadcast among the
 * leaders (T_ib = alpha + (N - 1) m beta): see collalg__bcast_han_inter_default().
 *
 * @par Restrictions
 * None: any p >= 1, any placement of ranks on nodes (uneven nodes, one node, one rank per node),
 * any root, any datatype, ranks passing different datatypes of one signature (the segments are
 * cut in bytes of the signature, family/bcast.h).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view); none otherwise. The
 * node level (machine/node.h) is kept with the communicator.
 *
 * @par References
 * X. Luo, W. Wu, G. Bosilca, Y. Pei, Q. Cao, T. Patinyasakdikul, D. Zhong, J. Dongarra, "HAN: a
 * Hierarchical AutotuNed Collective Communication Framework", IEEE CLUSTER 2020, §III (tasks
 * ib, sb, sbib; the task-based cost model §III-C).
 */
#ifndef COLLALG_BCAST_HAN_H
#define COLLALG_BCAST_HAN_H

#include "../family/bcast.h"
#include "../machine/node.h"
#include "chain.h"
#include "linear.h"
#include "pipelined_scatter_allgather.h"

/** @brief Default segment size of collalg_bcast_han(), bytes: 2 MiB (with the default inter-node
 *         algorithm, 4 MiB among the 128 ranks of tests/platform/smp/: 4.07 ms, against 4.17 with one
 *         segment, 4.18 with 1 MiB and 5.37 with 256 KiB segments; 1 MiB: 1.12 ms, 256 KiB: 0.361).
 *         collalg_bcast_hierarchical() overlaps the two levels per 128 KiB chunk: 3.76 ms. */
#define COLLALG_BCAST_HAN_SEGSIZE_DEFAULT (2 << 20)

/** @brief Segment size of the inter-node chain of collalg_bcast_han() (a choice of the tuner),
 *         bytes. */
#define COLLALG_BCAST_HAN_INTER_SEGSIZE 8192

/** @brief Bytes up to which collalg_bcast_han()'s default inter-node algorithm is the linear
 *         broadcast: while the root leader's N - 1 copies of a segment hold at most 4 KiB. */
#define COLLALG_BCAST_HAN_INTER_LINEAR_BYTES (4 << 10)

/** @brief The inter-node chain: collalg_bcast_chain() in segments of
 *         #COLLALG_BCAST_HAN_INTER_SEGSIZE (8 KiB), the best of 1 to 64 KiB for 4 MiB among the 16
 *         nodes of tests/platform/smp/ (4.49 ms in collalg_bcast_han() with 64 KiB segments, against
 *         4.82 ms with the chain's own 4 KiB default; both before the pipeline's staggered start,
 *         family/bcast.h). The default inter algorithm before the
 *         pipelined scatter-allgather; the tuner still tries it (src/tune/han.h). */
COLLALG_INLINE int collalg__bcast_han_inter_chain(void *buffer, int count, MPI_Datatype datatype, int root,
                                                  MPI_Comm comm)
{
    return collalg_bcast_chain(buffer, count, datatype, root, comm, COLLALG_BCAST_HAN_INTER_SEGSIZE);
}

/** @brief The inter-node pipelined scatter-allgather with its default chunk (128 KiB). */
COLLALG_INLINE int collalg__bcast_han_inter_psa(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    return collalg_bcast_pipelined_scatter_allgather(buffer, count, datatype, root, comm, 0);
}

/**
 * @brief The default inter-node algorithm of collalg_bcast_han() for segments of @p seg_bytes
 *        bytes among @p nleaders leaders: the linear broadcast (one latency: every leader hears
 *        from the root's leader at once) when (nleaders - 1) seg_bytes <=
 *        #COLLALG_BCAST_HAN_INTER_LINEAR_BYTES, else the pipelined scatter-allgather
 *        (collalg_bcast_pipelined_scatter_allgather(), 128 KiB chunks: two hops deep, every node
 *        link carries the segment once). On tests/platform/smp/ (16 nodes of 8, 128 ranks),
 *        default segment size, ms: 8 B 0.0045 (binomial 0.0164, chain 0.061); 256 B linear 0.0075
 *        (scatter-allgather 0.0090); 512 B scatter-allgather 0.0095 (linear 0.0106); 4 KiB 0.0155
 *        (binomial 0.050); 64 KiB 0.119 (binomial 0.238, chain 0.511); 256 KiB 0.361; 4 MiB 4.07
 *        (measured with the scatter-allgather's staggered start; before it 256 KiB 0.454, against
 *        0.700 for the chain with 64 KiB HAN segments, and 4 MiB 4.26, against 4.49).
 */
COLLALG_INLINE collalg_bcast_fn collalg__bcast_han_inter_default(int nleaders, MPI_Aint seg_bytes)
{
    if ((MPI_Aint)(nleaders - 1) * seg_bytes <= COLLALG_BCAST_HAN_INTER_LINEAR_BYTES)
        return collalg_bcast_linear;
    return collalg__bcast_han_inter_psa;
}

/** @brief One HAN task sequence's state: the segment layout and the pending intra-node request. */
typedef struct collalg__han_bcast {
    char *buf;              /**< element 0 of the moved data (the byte view) */
    MPI_Datatype type;      /**< its datatype */
    MPI_Aint ext;           /**< its extent */
    int count;              /**< elements in all */
    int seg;                /**< elements per segment */
    int iroot;              /**< root of sb in this node (node rank) */
    MPI_Comm nodecomm;      /**< the node */
    collalg_bcast_fn intra; /**< NULL: MPI_Ibcast */
    MPI_Request req;        /**< the pending MPI_Ibcast, or MPI_REQUEST_NULL */
} collalg__han_bcast;

/** @brief Elements of segment @p i. */
COLLALG_INLINE int collalg__han_bcast_len(const collalg__han_bcast *h, int i)
{
    MPI_Aint lo = (MPI_Aint)i * h->seg, left = h->count - lo;
    return left < h->seg ? (int)left : h->seg;
}

/** @brief Starts task sb(@p i) (MPI_Ibcast), or runs it (a blocking @p intra). */
COLLALG_INLINE int collalg__han_sb_start(collalg__han_bcast *h, int i)
{
    char *at = h->buf + (MPI_Aint)i * h->seg * h->ext;
    if (h->intra)
        return h->intra(at, collalg__han_bcast_len(h, i), h->type, h->iroot, h->nodecomm);
    return COLLALG_MPI(Ibcast)(at, collalg__han_bcast_len(h, i), h->type, h->iroot, h->nodecomm, &h->req);
}

/** @brief Waits for the pending sb, if any; @return @p err, or the wait's error when @p err is
 *         MPI_SUCCESS (the request is waited for in any case: its buffer may be scratch). */
COLLALG_INLINE int collalg__han_sb_wait(collalg__han_bcast *h, int err)
{
    int e = MPI_SUCCESS;
    if (h->req != MPI_REQUEST_NULL)
        e = COLLALG_MPI(Wait)(&h->req, MPI_STATUS_IGNORE);
    return err != MPI_SUCCESS ? err : e;
}

/** @brief Runs task ib(@p i) among the leaders. */
COLLALG_INLINE int collalg__han_ib(const collalg__han_bcast *h, collalg_bcast_fn inter, int i, int root,
                                   MPI_Comm leaders)
{
    return inter(h->buf + (MPI_Aint)i * h->seg * h->ext, collalg__han_bcast_len(h, i), h->type, root, leaders);
}

/**
 * @brief The task sequence of one rank (see the file comment, Phases).
 * @return MPI_SUCCESS or the first error of a task.
 */
COLLALG_INLINE int collalg__han_bcast_run(collalg__han_bcast *h, const collalg__node *nd, int root,
                                          collalg_bcast_fn inter)
{
    int s = h->count == 0 ? 0 : (int)((h->count + (MPI_Aint)h->seg - 1) / h->seg), i, err = MPI_SUCCESS;
    int rnode = nd->node_of[root], leader = nd->node_rank == 0;
    if (s == 0)
        return MPI_SUCCESS;
    if (!leader) { /* sb(0) .. sb(s-1) */
        for (i = 0; i < s && err == MPI_SUCCESS; i++) {
            err = collalg__han_sb_start(h, i);
            err = collalg__han_sb_wait(h, err);
        }
        return err;
    }
    if (nd->node == rnode && h->iroot != 0) { /* the root's node: sb(i + 1) overlaps ib(i) */
        err = collalg__han_sb_start(h, 0);
        err = collalg__han_sb_wait(h, err);
        for (i = 0; i < s && err == MPI_SUCCESS; i++) {
            if (i + 1 < s)
                err = collalg__han_sb_start(h, i + 1);
            if (err == MPI_SUCCESS)
                err = collalg__han_ib(h, inter, i, rnode, nd->leaders);
            err = collalg__han_sb_wait(h, err);
        }
        return err;
    }
    /* ib(i) overlaps sb(i - 1) */
    for (i = 0; i < s && err == MPI_SUCCESS; i++) {
        err = collalg__han_ib(h, inter, i, rnode, nd->leaders);
        err = collalg__han_sb_wait(h, err);
        if (err == MPI_SUCCESS)
            err = collalg__han_sb_start(h, i);
    }
    return collalg__han_sb_wait(h, err);
}

/**
 * @brief MPI_Bcast by HAN's hierarchical pipeline: inter-node broadcast of each segment among the
 *        node leaders overlapped with the intra-node broadcast of the previous one.
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements of the moved
 *        data (bytes of the signature, or the datatype's elements past INT_MAX bytes), at least
 *        one; 0 = #COLLALG_BCAST_HAN_SEGSIZE_DEFAULT (2 MiB). A value above the message size gives
 *        one segment (the levels one after the other).
 * @param[in] inter the broadcast among the node leaders (task ib), any MPI_Bcast-shaped function
 *        (a catalogue bcast, MPI_Bcast); it is called by the leaders only, on the leaders'
 *        communicator of machine/node.h. NULL = collalg__bcast_han_inter_default(): linear for small
 *        segments, the pipelined scatter-allgather otherwise.
 * @param[in] intra the broadcast inside a node (task sb), called by every rank on its node's
 *        communicator; NULL = MPI_Ibcast, which lets a leader overlap sb(i - 1) with ib(i). A
 *        non-NULL function is blocking: then a leader runs its two tasks in turn.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0 (before any message);
 *         MPI_ERR_NO_MEM when the node level (on every rank) or the scratch of a datatype with gaps
 *         cannot be allocated; the error of @p inter or @p intra as they return it; or the class
 *         of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_han(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                     int segsize, collalg_bcast_fn inter, collalg_bcast_fn intra)
{
    collalg__ctx c;
    collalg__bcast_view w;
    collalg__han_bcast h;
    const collalg__node *nd = NULL;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize ? segsize : COLLALG_BCAST_HAN_SEGSIZE_DEFAULT, w.size, w.count, &h.seg);
    if (err == MPI_SUCCESS) {
        h.buf = (char *)w.buf;
        h.type = w.type;
        h.ext = w.extent;
        h.count = w.count;
        h.iroot = nd->node == nd->node_of[root] ? nd->node_rank_of[root] : 0;
        h.nodecomm = nd->nodecomm;
        h.intra = intra;
        h.req = MPI_REQUEST_NULL;
        if (!inter)
            inter =
                collalg__bcast_han_inter_default(nd->nnodes, (MPI_Aint)(h.seg < w.count ? h.seg : w.count) * w.size);
        err = collalg__han_bcast_run(&h, nd, root, inter);
    }
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_HAN_H */
