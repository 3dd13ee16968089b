/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file han.h
 * @ingroup allreduce
 * @brief Allreduce, HAN's hierarchical pipeline (Luo et al., CLUSTER 2020, §III-B: tasks sr, ir,
 *        ib/sb): reduce inside each node to its leader, allreduce among the leaders, broadcast
 *        inside each node, segment by segment, the levels overlapped.
 *
 * @par Levels
 * The node level of machine/node.h (every node's lowest rank is its leader). Task sr(i) reduces
 * segment i inside a node to the leader (MPI_Ireduce on the node communicator, in rank order);
 * ir(i) allreduces segment i among the leaders (the @p inter algorithm, in place, on the
 * leaders' communicator); sb(i) broadcasts the result of segment i inside the node (MPI_Ibcast).
 *
 * @par Phases
 * The vector is cut into s segments of @p segsize bytes (whole elements). Every rank of a node
 * starts the node's tasks in the same order: sr(0), then for i = 0 .. s-1: sr(i + 1) (if any),
 * then sb(i) once sr(i) is complete. The leader runs ir(i) between those two starts, after
 * waiting for sr(i): so ir(i) (inter-node links) overlaps sr(i + 1) and sb(i - 1) (memory inside
 * the node), HAN's pipeline with at most two node tasks in flight.
 *
 * @par Non-commutative operations
 * The ranks run collalg_allreduce_recursive_doubling() on the whole communicator instead (the
 * operation is the same on every rank, so all take the same branch): the result is right, never
 * MPI_ERR_OP. The hierarchy keeps the rank order only when every node holds consecutive ranks;
 * this version folds a node's contributions in arrival order and keeps it for commutative
 * operations. (A first version reduced with MPI_Ireduce, which SimGrid 3.32 gets wrong for 2x2
 * matrix products on consecutive nodes and for a user op on a contiguous type.)
 *
 * @par Trace, p = 5 on 2 nodes {0, 1, 2} and {3, 4}, 2 segments
 * @verbatim
   node {0,1,2}: sr(0) -> 0 | sr(1) -> 0 || ir(0) 0 <-> 3 | sb(0) from 0 || ir(1) 0 <-> 3 | sb(1) from 0
   node {3,4}:   sr(0) -> 3 | sr(1) -> 3 || ir(0) 3 <-> 0 | sb(0) from 3 || ir(1) 3 <-> 0 | sb(1) from 3
   ( '||' : the tasks on either side overlap )
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n bytes, s segments of
 * m = n / s bytes, T_ir(m) the inter algorithm on N ranks, T_sr(m) and T_sb(m) the node tasks:
 * T = T_sr(m) + (s - 1) max(T_ir(m), T_sr(m) + T_sb(m)) + T_ir(m) + T_sb(m) (HAN §III-C). With
 * Rabenseifner among the leaders (the default for segments above 8 KiB), T_ir(m) = 2 lg(N) alpha
 * + 2 (N - 1) / N m beta + (N - 1) / N m gamma for N a power of two, so the node links carry
 * 2 (N - 1) / N n bytes, the bound of an allreduce among N nodes. Small segments take one
 * exchange (T_ir = alpha + (N - 1) m beta + (N - 1) m gamma) or recursive doubling
 * (lg(N)(alpha + m beta + m gamma)): collalg__allreduce_han_inter_default().
 *
 * @par Restrictions
 * None: any p >= 1, any placement, count 0, any datatype and op MPI_Reduce_local accepts,
 * MPI_IN_PLACE, non-commutative operations (see above).
 *
 * @par Memory
 * On a leader of a node of q ranks, (q - 1) segments (about (q - 1) segsize bytes: 7 MiB for
 * nodes of 8 at the default) and q requests; one request elsewhere; plus the node level
 * (machine/node.h) and what the inter algorithm takes.
 *
 * @par References
 * X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication Framework", IEEE
 * CLUSTER 2020, §III-B (allreduce as tasks sr, ir, ib/sb) and §III-C (cost model).
 */
#ifndef COLLALG_ALLREDUCE_HAN_H
#define COLLALG_ALLREDUCE_HAN_H

#include "../family/allreduce.h"
#include "../machine/node.h"
#include "../allgather/simple.h"
#include "allgather_based.h"
#include "rabenseifner.h"
#include "recursive_doubling.h"

/** @brief Default segment size of collalg_allreduce_han(), bytes: 1 MiB (4 MiB of ints among the
 *         128 ranks of tests/platform/smp/ with the default inter algorithm, Rabenseifner: 6.95 ms,
 *         against 6.97 with 512 KiB, 7.10 with 2 MiB, 7.18 with 256 KiB and 7.48 with one segment;
 *         the ring among the leaders took 7.27 ms at its best, 2 MiB). */
#define COLLALG_ALLREDUCE_HAN_SEGSIZE_DEFAULT (1 << 20)

/** @brief Bound of collalg_allreduce_han()'s default inter-node choice: the all-to-all exchange
 *         when the N - 1 copies of a segment a leader sends hold at most this many bytes (16 KiB),
 *         recursive doubling for segments of at most 8 KiB, Rabenseifner above. */
#define COLLALG_ALLREDUCE_HAN_INTER_SMALL_BYTES (16 << 10)

/** @brief Allreduce among the leaders by one all-to-all exchange of the vectors
 *         (collalg_allreduce_allgather_based() over collalg_allgather_simple(): every leader posts its
 *         N - 1 sends at once, so the step costs one latency) and a local reduction. */
COLLALG_INLINE int collalg__allreduce_han_inter_exchange(const void *sendbuf, void *recvbuf, int count,
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return collalg_allreduce_allgather_based(sendbuf, recvbuf, count, datatype, op, comm, collalg_allgather_simple);
}

/**
 * @brief The default inter-node algorithm of collalg_allreduce_han() for segments of @p seg_bytes
 *        bytes among @p nleaders leaders: the all-to-all exchange
 *        (collalg__allreduce_han_inter_exchange()) when (nleaders - 1) seg_bytes <=
 *        #COLLALG_ALLREDUCE_HAN_INTER_SMALL_BYTES; recursive doubling up to 8 KiB; Rabenseifner
 *        (reduce-scatter + allgather: the node links carry 2 (N - 1) / N of the segment) above.
 *        On tests/platform/smp/ (128 ranks, 16 nodes): 8 B 0.0101 ms (recursive doubling 0.0218,
 *        ring 0.126); 1 KiB 0.0231 (0.0254); 8 KiB recursive doubling 0.0510 (Rabenseifner 0.0524);
 *        16 KiB Rabenseifner 0.0669 (recursive doubling 0.0801); 64 KiB 0.154 (ring 0.243).
 */
COLLALG_INLINE collalg_allreduce_fn collalg__allreduce_han_inter_default(int nleaders, MPI_Aint seg_bytes)
{
    if ((MPI_Aint)(nleaders - 1) * seg_bytes <= COLLALG_ALLREDUCE_HAN_INTER_SMALL_BYTES)
        return collalg__allreduce_han_inter_exchange;
    if (seg_bytes <= COLLALG_ALLREDUCE_HAN_INTER_SMALL_BYTES / 2)
        return collalg_allreduce_recursive_doubling;
    return collalg_allreduce_rabenseifner;
}

/** @brief State of one rank's HAN allreduce: the segments and the pending node tasks. */
typedef struct collalg__han_allreduce {
    const char *send;  /**< the input (== recv in place) */
    char *recv;        /**< the output */
    MPI_Datatype type; /**< the datatype */
    MPI_Op op;         /**< the operation */
    MPI_Aint ext;      /**< extent of type */
    int count;         /**< elements in all */
    int seg;           /**< elements per segment */
    int q;             /**< ranks in this node */
    int leader;        /**< 1 on the node's leader */
    MPI_Comm nodecomm; /**< the node */
    MPI_Comm pcomm;    /**< the private communicator (local copies) */
    char *tmp;         /**< leader: q - 1 segments received in sr, element 0 */
    MPI_Request *rq;   /**< sr's requests: q - 1 on the leader, 1 elsewhere */
    int nr;            /**< pending entries of rq */
    MPI_Request sb;    /**< the pending MPI_Ibcast, or MPI_REQUEST_NULL */
} collalg__han_allreduce;

/** @brief Elements of segment @p i. */
COLLALG_INLINE int collalg__han_ar_len(const collalg__han_allreduce *h, int i)
{
    MPI_Aint left = h->count - (MPI_Aint)i * h->seg;
    return left < h->seg ? (int)left : h->seg;
}

/** @brief Address of segment @p i in @p buf. */
COLLALG_INLINE char *collalg__han_ar_at(const collalg__han_allreduce *h, const char *buf, int i)
{
    return (char *)buf + (MPI_Aint)i * h->seg * h->ext;
}

/** @brief Starts sr(@p i): every rank but the leader sends its segment i to the leader, which
 *         posts one receive per rank of its node. */
COLLALG_INLINE int collalg__han_sr_start(collalg__han_allreduce *h, int i)
{
    int j, err = MPI_SUCCESS, len = collalg__han_ar_len(h, i);
    if (!h->leader) {
        h->nr = 1;
        return COLLALG_MPI(Isend)(collalg__han_ar_at(h, h->send, i), len, h->type, 0, COLLALG_TAG_DATA, h->nodecomm,
                                  &h->rq[0]);
    }
    for (j = 1; j < h->q && err == MPI_SUCCESS; j++, h->nr++)
        err = COLLALG_MPI(Irecv)(collalg__at(h->tmp, (MPI_Aint)(j - 1) * h->seg, h->ext), len, h->type, j,
                                 COLLALG_TAG_DATA, h->nodecomm, &h->rq[j - 1]);
    return err;
}

/** @brief Completes sr(@p i) (the requests are completed whatever @p err: they point into the
 *         buffers); on the leader, reduces the q contributions into segment i of the output.
 *         @return @p err, else the first error of the completion. */
COLLALG_INLINE int collalg__han_sr_finish(collalg__han_allreduce *h, int i, int err)
{
    int j, len = collalg__han_ar_len(h, i), e = MPI_SUCCESS;
    char *out = collalg__han_ar_at(h, h->recv, i);
    if (h->nr > 0)
        e = collalg__waitall(h->nr, h->rq);
    h->nr = 0;
    err = err != MPI_SUCCESS ? err : e;
    if (err != MPI_SUCCESS || !h->leader)
        return err;
    if (h->send != h->recv)
        err = collalg__copy(collalg__han_ar_at(h, h->send, i), len, h->type, out, len, h->type, h->pcomm);
    for (j = 1; j < h->q && err == MPI_SUCCESS; j++) /* commutative: any order */
        err = collalg__reduce_local(collalg__at(h->tmp, (MPI_Aint)(j - 1) * h->seg, h->ext), out, len, h->type, h->op);
    return err;
}

/**
 * @brief The task sequence of one rank (see the file comment, Phases).
 * @return MPI_SUCCESS or the first error of a task.
 */
COLLALG_INLINE int collalg__han_allreduce_run(collalg__han_allreduce *h, MPI_Comm leaders, collalg_allreduce_fn inter)
{
    int s = h->count == 0 ? 0 : (int)((h->count + (MPI_Aint)h->seg - 1) / h->seg), i, err = MPI_SUCCESS, e;
    if (s > 0)
        err = collalg__han_sr_start(h, 0);
    for (i = 0; i < s && err == MPI_SUCCESS; i++) {
        char *at = collalg__han_ar_at(h, h->recv, i);
        err = collalg__han_sr_finish(h, i, err);
        if (err == MPI_SUCCESS && i + 1 < s)
            err = collalg__han_sr_start(h, i + 1);
        if (err == MPI_SUCCESS && h->leader)
            err = inter(MPI_IN_PLACE, at, collalg__han_ar_len(h, i), h->type, h->op, leaders);
        if (h->sb != MPI_REQUEST_NULL) { /* sb(i - 1) */
            e = COLLALG_MPI(Wait)(&h->sb, MPI_STATUS_IGNORE);
            err = err != MPI_SUCCESS ? err : e;
        }
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Ibcast)(at, collalg__han_ar_len(h, i), h->type, 0, h->nodecomm, &h->sb);
    }
    if (h->nr > 0) /* an error left sr(i + 1) pending */
        err = collalg__han_sr_finish(h, i, err);
    if (h->sb != MPI_REQUEST_NULL) {
        e = COLLALG_MPI(Wait)(&h->sb, MPI_STATUS_IGNORE);
        err = err != MPI_SUCCESS ? err : e;
    }
    return err;
}

/**
 * @brief MPI_Allreduce by HAN's hierarchical pipeline: node reduction, allreduce among the node
 *        leaders, node broadcast, segment by segment and overlapped.
 *
 * @allreduce_args
 * @param[in] segsize segment size in bytes, >= 0, rounded down to whole elements (at least one);
 *        0 = #COLLALG_ALLREDUCE_HAN_SEGSIZE_DEFAULT (1 MiB).
 * @param[in] inter the allreduce among the node leaders (task ir), any MPI_Allreduce-shaped
 *        function; called by the leaders only, with MPI_IN_PLACE, on the leaders' communicator of
 *        machine/node.h; used for commutative operations only (see the file comment). NULL =
 *        collalg__allreduce_han_inter_default(): by segment size, one all-to-all exchange, recursive
 *        doubling or Rabenseifner.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0 (before
 *         any message); the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is
 *         not defined for @p datatype, on every rank before any message; MPI_ERR_NO_MEM when the
 *         node level cannot be allocated (every rank); the error of @p inter as it returns it; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_han(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm, int segsize, collalg_allreduce_fn inter)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__han_allreduce h;
    const collalg__node *nd = NULL;
    void *raw = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    if (err == MPI_SUCCESS && !r.commute)
        err = collalg_allreduce_recursive_doubling(sendbuf == recvbuf ? MPI_IN_PLACE : sendbuf, recvbuf, count,
                                                   datatype, op, c.pcomm);
    else if (err == MPI_SUCCESS) {
        int size = r.ti.size > 0 ? r.ti.size : 1, bytes = segsize ? segsize : COLLALG_ALLREDUCE_HAN_SEGSIZE_DEFAULT;
        h.send = (const char *)sendbuf;
        h.recv = (char *)recvbuf;
        h.type = datatype;
        h.op = op;
        h.ext = r.ti.extent;
        h.count = count;
        h.seg = bytes / size > 0 ? bytes / size : 1;
        h.leader = nd->node_rank == 0;
        h.q = nd->node_size;
        h.nodecomm = nd->nodecomm;
        h.pcomm = c.pcomm;
        h.nr = 0;
        h.sb = MPI_REQUEST_NULL;
        if (h.seg > count && count > 0)
            h.seg = count;
        err = collalg__scratch(&c, (MPI_Aint)(h.leader ? h.q : 1) * (MPI_Aint)sizeof(MPI_Request), &raw);
        h.rq = (MPI_Request *)raw;
        if (err == MPI_SUCCESS && h.leader && count > 0 && h.q > 1)
            err = collalg__scratch_typed(&c, (MPI_Aint)(h.q - 1) * h.seg, &r.ti, &raw);
        h.tmp = (char *)raw;
        if (!inter)
            inter = collalg__allreduce_han_inter_default(nd->nnodes, (MPI_Aint)h.seg * size);
        if (err == MPI_SUCCESS)
            err = collalg__han_allreduce_run(&h, nd->leaders, inter);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_HAN_H */
