/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, hierarchical: the whole vector reduced inside each node to its leader,
 *        a reduce-scatter among the leaders (each leader gets its node's blocks), then the
 *        blocks scattered inside each node.
 *
 * @par Levels
 * The node level of machine/node.h: every node's lowest rank is its leader, nodes are numbered
 * in the order of their leaders, the leaders' communicator holds them in node order.
 *
 * @par Phases
 * The vector is cut into s chunks: chunk k holds piece k of every block (each block cut into s
 * near-equal pieces), so that every chunk is a small reduce-scatter of its own, balanced over the
 * nodes like the whole; s = ceil(n / #COLLALG_RS_HIER_CHUNK_BYTES) (256 KiB), at most
 * #COLLALG_RS_HIER_MAX_CHUNKS (4), n the bytes of the whole vector.
 * 1. Node reduction of chunk k: every member sends its chunk k to its leader (one message, an
 *    indexed datatype that takes the pieces in node-major order: node 0's members' blocks in rank
 *    order, then node 1's, ...; on consecutive nodes that is the rank order); the leader packs
 *    its own chunk the same way and folds in rank order, its own part first. Moving whole
 *    pieces of blocks does not change what is combined with what. Invariant: the leader of node
 *    i then holds chunk k reduced over node i's ranks, every node's pieces in one run.
 * 2. Leaders: the @p inter reduce-scatter of chunk k, in place, node i's count = its members'
 *    pieces. Invariant: the leader of node i then holds its members' result pieces k, in member
 *    order, at the start of the chunk.
 * 3. Scatter in the node: the leader sends every member its piece k (it keeps its own, written
 *    to recvbuf after the last chunk: with MPI_IN_PLACE recvbuf is its input until then).
 * The chunks overlap: the leader posts the receives of chunk k + 2 before the leaders' exchange
 * of chunk k, so the node reduction of the next chunks (memory inside the node) travels while
 * the leaders exchange this one (the links between nodes). A member sends all its chunks at
 * once and receives its pieces once its sends are done.
 *
 * @par Operand order
 * Kept when every node holds consecutive ranks (the leaders' reduce-scatter then combines runs of
 * ranks in node order; for a non-commutative op it is always collalg_reduce_scatter_recursive_doubling(),
 * which keeps the order). A non-commutative operation on a placement whose nodes are not
 * consecutive is detected from the node level and runs
 * collalg_reduce_scatter_recursive_doubling()'s body on the whole communicator instead (every
 * rank takes the same branch): the result is right, never MPI_ERR_OP.
 *
 * @par Trace, p = 6 on 2 nodes {0, 2, 4} and {1, 3, 5} (round-robin), a commutative op, one chunk
 * @verbatim
   1. node reduction:  2, 4 -> 0 | 3, 5 -> 1   (0: blocks 0 2 4 of [0,2,4], 1: blocks 1 3 5 of
                                                [1,3,5], each then the rest, in node-major order)
   2. leaders:         0 <-> 1 reduce-scatter: 0 keeps blocks 0 2 4, 1 keeps 1 3 5 (all ranks)
   3. scatter:         0 -> 2 (block 2), 0 -> 4 (block 4) | 1 -> 3, 1 -> 5
   @endverbatim
 * With two chunks each arrow carries the first halves of the blocks, then the second halves,
 * and the node reduction of the second chunk overlaps the leaders' exchange of the first.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_hierarchical_p6.svg
 * @image html reduce_scatter_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n bytes of the whole
 * vector and s chunks: T_node(m) = (q - 1)(alpha + m beta_node + m gamma) at a leader for a
 * chunk of m = n/s bytes (its members' sends arrive concurrently: kappa_n), T_inter(m) the inter
 * algorithm on N ranks (recursive halving by default for a commutative op: lg(N) alpha +
 * (N - 1)/N m (beta + gamma) for N a power of two); the chunks overlapped: about T_node(m) +
 * s T_inter(m) + (q - 1) alpha + (q - 1)/p m beta_node, where the s - 1 further chunks cost
 * (s - 1) lg(N) alpha more than one reduce-scatter of n. On the smp platform (16 nodes of 8,
 * 128 ranks), reduce_scatter_block 4 MiB: node phase 0.47 ms and leaders' recursive halving 3.32
 * ms alone; one chunk 3.749 ms, four 3.479 ms, on both placements (bound 3.146).
 *
 * @par Restrictions
 * None: any p >= 1, any placement, counts with zeros, any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Non-commutative operations keep the operand order (see above). The sum of
 * the counts must fit an int (MPI_ERR_COUNT otherwise, on every rank, before any message).
 *
 * @par Memory
 * On a leader of a node of q ranks: the whole vector, 2 (q - 1) receive slots of one chunk,
 * (s + 2)(q - 1) requests and N ints; s requests elsewhere; on every rank 2 p ints while the s
 * chunk datatypes (p entries each) are built, and those datatypes until the call returns; plus
 * the node level (machine/node.h) and what the inter algorithm takes.
 *
 * @par References
 * MPICH src/mpi/coll/reduce/reduce_intra_smp.c and src/mpi/coll/allreduce/allreduce_intra_smp.c
 * (node reduction to the leader, then the leaders, then the node); X. Luo et al., "HAN: a
 * Hierarchical AutotuNed Collective Communication Framework", IEEE CLUSTER 2020, §III (the two
 * levels overlapped segment by segment).
 */
#ifndef COLLALG_REDUCE_SCATTER_HIERARCHICAL_H
#define COLLALG_REDUCE_SCATTER_HIERARCHICAL_H

#include "../family/reduce_scatter.h"
#include "../machine/node.h"
#include "recursive_doubling.h"
#include "recursive_halving.h"

/** @brief Bytes of the whole vector per chunk of collalg_reduce_scatter_hierarchical(): the
 *         vector is cut into ceil(n / this) chunks, at most #COLLALG_RS_HIER_MAX_CHUNKS. */
#ifndef COLLALG_RS_HIER_CHUNK_BYTES
#define COLLALG_RS_HIER_CHUNK_BYTES (256 << 10)
#endif

/** @brief Most chunks of collalg_reduce_scatter_hierarchical() (each costs the leaders one more
 *         reduce-scatter's latency terms). */
#define COLLALG_RS_HIER_MAX_CHUNKS 4

/** @brief One rank's state in the chunked hierarchy (see the file comment). */
typedef struct collalg__rs_chunks {
    const collalg__rs *l;                        /**< blocks, datatype, op */
    const collalg__node *nd;                     /**< the node level */
    MPI_Comm pcomm;                              /**< the private communicator (local copies) */
    int s;                                       /**< chunks */
    MPI_Datatype ct[COLLALG_RS_HIER_MAX_CHUNKS]; /**< chunk c of an input vector, node-major */
    int n[COLLALG_RS_HIER_MAX_CHUNKS];           /**< elements of chunk c */
    MPI_Aint at[COLLALG_RS_HIER_MAX_CHUNKS];     /**< where chunk c starts in the leader's buffer */
} collalg__rs_chunks;

/** @brief First element of chunk @p k inside block @p b: the block cut into s near-equal pieces. */
COLLALG_INLINE int collalg__rs_hier_lo(const collalg__rs_chunks *h, int b, int k)
{
    return (int)((MPI_Aint)collalg__rs_cnt(h->l, b) * k / h->s);
}

/** @brief Elements of chunk @p k of block @p b. */
COLLALG_INLINE int collalg__rs_hier_piece(const collalg__rs_chunks *h, int b, int k)
{
    return collalg__rs_hier_lo(h, b, k + 1) - collalg__rs_hier_lo(h, b, k);
}

/**
 * @brief The chunk types: ct[k] picks piece k of every block of an input vector, the blocks in
 *        node-major order (nd->members), so that a leader receives chunk k laid out as the
 *        leaders' reduce-scatter needs it; also n[] and at[]. @p tmp holds 2 p ints.
 * @return MPI_SUCCESS or the error of MPI_Type_indexed / MPI_Type_commit (every type created
 *         is left in ct[] for collalg__rs_hier_free()).
 */
COLLALG_INLINE int collalg__rs_hier_types(collalg__rs_chunks *h, int *tmp)
{
    int k, i, p = h->l->p, *len = tmp, *disp = tmp + p, err = MPI_SUCCESS;
    MPI_Aint at = 0;
    for (k = 0; k < h->s && err == MPI_SUCCESS; k++) {
        h->n[k] = 0;
        for (i = 0; i < p; i++) {
            int b = h->nd->members[i];
            len[i] = collalg__rs_hier_piece(h, b, k);
            disp[i] = (int)collalg__rs_off(h->l, b) + collalg__rs_hier_lo(h, b, k);
            h->n[k] += len[i];
        }
        h->at[k] = at;
        at += h->n[k];
        err = COLLALG_MPI(Type_indexed)(p, len, disp, h->l->r.type, &h->ct[k]);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Type_commit)(&h->ct[k]);
    }
    return err;
}

/** @brief Frees the chunk types that were created. @return the first error. */
COLLALG_INLINE int collalg__rs_hier_free(collalg__rs_chunks *h)
{
    int k, err = MPI_SUCCESS, e;
    for (k = 0; k < h->s; k++)
        if (h->ct[k] != MPI_DATATYPE_NULL) {
            e = COLLALG_MPI(Type_free)(&h->ct[k]);
            err = collalg__first(err, e);
        }
    return err;
}

/**
 * @brief A member's part: its s chunks sent to the leader at once, then (all sent, so that with
 *        MPI_IN_PLACE no piece of the result lands on input not yet sent) piece k of its result
 *        block received into recvbuf at the piece's offset, for every chunk k.
 * @return MPI_SUCCESS or the MPI error code; nothing is left pending.
 */
COLLALG_INLINE int collalg__rs_hier_member(collalg__ctx *c, collalg__rs_chunks *h, const void *sendbuf, void *recvbuf)
{
    MPI_Request rq[COLLALG_RS_HIER_MAX_CHUNKS];
    int k, err = MPI_SUCCESS, me = c->rank;
    for (k = 0; k < h->s; k++)
        rq[k] = MPI_REQUEST_NULL;
    for (k = 0; k < h->s && err == MPI_SUCCESS; k++)
        err = COLLALG_MPI(Isend)(sendbuf, 1, h->ct[k], 0, COLLALG_TAG_DATA, h->nd->nodecomm, &rq[k]);
    err = collalg__first(err, collalg__waitall(h->s, rq));
    for (k = 0; k < h->s && err == MPI_SUCCESS; k++)
        err = COLLALG_MPI(Irecv)(collalg__allreduce_at(&h->l->r, recvbuf, collalg__rs_hier_lo(h, me, k)),
                                 collalg__rs_hier_piece(h, me, k), h->l->r.type, 0, COLLALG_TAG_DATA2, h->nd->nodecomm,
                                 &rq[k]);
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(h->s, rq));
    return collalg__waitall(h->s, rq);
}

/** @brief The leader's buffers and requests. */
typedef struct collalg__rs_hier_lead {
    char *buf;       /**< the node-major vector, chunk after chunk (the reduce-scatters' buffer) */
    char *slots;     /**< 2 sets of q - 1 receive slots of the largest chunk */
    MPI_Request *rq; /**< rq[set * (q - 1) + j - 1]: chunk receive from node rank j */
    MPI_Request *sq; /**< s (q - 1) sends of the result pieces */
    int *counts;     /**< N: the leaders' reduce-scatter counts of one chunk */
    int slot;        /**< elements per slot */
} collalg__rs_hier_lead;

/** @brief Slot of node rank @p j (1 .. q - 1) in receive set @p set. */
COLLALG_INLINE char *collalg__rs_hier_slot(const collalg__rs_chunks *h, const collalg__rs_hier_lead *d, int set, int j)
{
    return collalg__allreduce_at(&h->l->r, d->slots,
                                 ((MPI_Aint)set * (h->nd->node_size - 1) + j - 1) * (MPI_Aint)d->slot);
}

/** @brief Posts the receives of chunk @p k from every member into set k mod 2. */
COLLALG_INLINE int collalg__rs_hier_post(const collalg__rs_chunks *h, collalg__rs_hier_lead *d, int k)
{
    int j, q = h->nd->node_size, set = k % 2, err = MPI_SUCCESS;
    for (j = 1; j < q && err == MPI_SUCCESS; j++)
        err = COLLALG_MPI(Irecv)(collalg__rs_hier_slot(h, d, set, j), h->n[k], h->l->r.type, j, COLLALG_TAG_DATA,
                                 h->nd->nodecomm, &d->rq[set * (q - 1) + j - 1]);
    return err;
}

/**
 * @brief Chunk @p k at the leader, its members' parts received: the leader's own part packed into
 *        the buffer, the node's reduction folded in rank order from the right (the last member's
 *        slot is the accumulator; MPI_Reduce_local(lower, acc), the leader's own part last, as it
 *        is the node's lowest rank) and copied back into the buffer.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_hier_fold(collalg__ctx *c, const collalg__rs_chunks *h, collalg__rs_hier_lead *d,
                                         const void *sendbuf, int k)
{
    const collalg__allreduce_red *r = &h->l->r;
    int j, q = h->nd->node_size, set = k % 2, n = h->n[k];
    char *own = collalg__allreduce_at(r, d->buf, h->at[k]), *acc;
    int err = collalg__copy(sendbuf, 1, h->ct[k], own, n, r->type, c->pcomm);
    if (q == 1 || err != MPI_SUCCESS)
        return err;
    acc = collalg__rs_hier_slot(h, d, set, q - 1);
    for (j = q - 2; j >= 1 && err == MPI_SUCCESS; j--)
        err = collalg__reduce_local(collalg__rs_hier_slot(h, d, set, j), acc, n, r->type, r->op);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_local(own, acc, n, r->type, r->op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, acc, own, n);
    return err;
}

/**
 * @brief Chunk @p k among the leaders: the reduce-scatter of the node-major chunk (node i's count
 *        = its members' pieces), then piece k of each member's result block sent to it (the
 *        node's pieces lie at the chunk's start in member order after the reduce-scatter).
 * @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__rs_hier_chunk(const collalg__rs_chunks *h, collalg__rs_hier_lead *d,
                                          collalg_reduce_scatter_fn inter, int k)
{
    const collalg__node *nd = h->nd;
    const collalg__allreduce_red *r = &h->l->r;
    char *chunk = collalg__allreduce_at(r, d->buf, h->at[k]);
    int i, j, q = nd->node_size, err;
    MPI_Aint off = 0;
    for (i = 0; i < nd->nnodes; i++) {
        d->counts[i] = 0;
        for (j = nd->first[i]; j < nd->first[i + 1]; j++)
            d->counts[i] += collalg__rs_hier_piece(h, nd->members[j], k);
    }
    err = inter(MPI_IN_PLACE, chunk, d->counts, r->type, r->op, nd->leaders);
    for (j = 0; j < q && err == MPI_SUCCESS; j++) {
        int m = nd->members[nd->first[nd->node] + j], n = collalg__rs_hier_piece(h, m, k);
        if (j > 0)
            err = COLLALG_MPI(Isend)(collalg__allreduce_at(r, chunk, off), n, r->type, j, COLLALG_TAG_DATA2,
                                     nd->nodecomm, &d->sq[k * (q - 1) + j - 1]);
        off += n;
    }
    return err;
}

/**
 * @brief The leader's loop: receives of chunks 0 and 1 posted; for each chunk k, its members'
 *        parts completed and folded, the receives of chunk k + 2 posted into the freed set (so
 *        that they travel inside the node while the leaders exchange chunk k), then the leaders'
 *        reduce-scatter and the sends of chunk k; at the end the leader's own pieces copied into
 *        recvbuf (only now: with MPI_IN_PLACE recvbuf was the input).
 * @return MPI_SUCCESS or the error code; nothing is left pending.
 */
COLLALG_INLINE int collalg__rs_hier_leader(collalg__ctx *c, const collalg__rs_chunks *h, collalg__rs_hier_lead *d,
                                           const void *sendbuf, void *recvbuf, collalg_reduce_scatter_fn inter)
{
    const collalg__allreduce_red *r = &h->l->r;
    int k, q = h->nd->node_size, me = c->rank, err = MPI_SUCCESS;
    for (k = 0; k < h->s && k < 2 && err == MPI_SUCCESS; k++)
        err = collalg__rs_hier_post(h, d, k);
    for (k = 0; k < h->s && err == MPI_SUCCESS; k++) {
        err = collalg__waitall(q - 1, &d->rq[(k % 2) * (q - 1)]);
        if (err == MPI_SUCCESS)
            err = collalg__rs_hier_fold(c, h, d, sendbuf, k);
        if (err == MPI_SUCCESS && k + 2 < h->s)
            err = collalg__rs_hier_post(h, d, k + 2);
        if (err == MPI_SUCCESS)
            err = collalg__rs_hier_chunk(h, d, inter, k);
    }
    for (k = 0; k < h->s && err == MPI_SUCCESS; k++)
        err = collalg__allreduce_copy(c, r, collalg__allreduce_at(r, d->buf, h->at[k]),
                                      collalg__allreduce_at(r, recvbuf, collalg__rs_hier_lo(h, me, k)),
                                      collalg__rs_hier_piece(h, me, k));
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(2 * (q - 1), d->rq));
    return collalg__first(err, collalg__waitall(h->s * (q - 1), d->sq));
}

/**
 * @brief Sets up the leader's scratch (buffer, slots, requests, counts) and runs its loop.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code.
 */
COLLALG_INLINE int collalg__rs_hier_lead_run(collalg__ctx *c, const collalg__rs_chunks *h, const void *sendbuf,
                                             void *recvbuf, collalg_reduce_scatter_fn inter)
{
    collalg__rs_hier_lead d;
    void *raw = NULL;
    int k, q = h->nd->node_size, nrq = (2 + h->s) * (q - 1), err;
    d.slot = 0;
    for (k = 0; k < h->s; k++)
        d.slot = h->n[k] > d.slot ? h->n[k] : d.slot;
    err = collalg__scratch_typed(c, collalg__rs_off(h->l, h->l->p), &h->l->r.ti, &raw);
    d.buf = (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, (MPI_Aint)2 * (q - 1) * d.slot, &h->l->r.ti, &raw);
    d.slots = (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__scratch(
            c, (MPI_Aint)nrq * (MPI_Aint)sizeof(MPI_Request) + (MPI_Aint)h->nd->nnodes * (MPI_Aint)sizeof(int), &raw);
    if (err != MPI_SUCCESS)
        return err;
    d.rq = (MPI_Request *)raw;
    d.sq = d.rq + 2 * (q - 1);
    d.counts = (int *)(d.rq + nrq);
    for (k = 0; k < nrq; k++)
        d.rq[k] = MPI_REQUEST_NULL;
    if (!h->l->r.commute || !inter)
        inter = h->l->r.commute ? collalg_reduce_scatter_recursive_halving : collalg_reduce_scatter_recursive_doubling;
    return collalg__rs_hier_leader(c, h, &d, sendbuf, recvbuf, inter);
}

/**
 * @brief The chunked hierarchy on one rank: the number of chunks, the chunk types, then the
 *        member's or the leader's part; the types are freed on every path.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code.
 */
COLLALG_INLINE int collalg__rs_hier(collalg__ctx *c, const collalg__rs *l, const collalg__node *nd, const void *sendbuf,
                                    void *recvbuf, collalg_reduce_scatter_fn inter)
{
    collalg__rs_chunks h;
    void *raw = NULL;
    MPI_Aint bytes = collalg__rs_off(l, l->p) * (l->r.ti.size > 0 ? l->r.ti.size : 1);
    int k, err;
    h.l = l;
    h.nd = nd;
    h.pcomm = c->pcomm;
    h.s = (int)((bytes + COLLALG_RS_HIER_CHUNK_BYTES - 1) / COLLALG_RS_HIER_CHUNK_BYTES);
    h.s = h.s < 1 ? 1 : (h.s > COLLALG_RS_HIER_MAX_CHUNKS ? COLLALG_RS_HIER_MAX_CHUNKS : h.s);
    for (k = 0; k < COLLALG_RS_HIER_MAX_CHUNKS; k++)
        h.ct[k] = MPI_DATATYPE_NULL;
    err = collalg__scratch(c, (MPI_Aint)2 * l->p * (MPI_Aint)sizeof(int), &raw);
    if (err == MPI_SUCCESS)
        err = collalg__rs_hier_types(&h, (int *)raw);
    if (err == MPI_SUCCESS && nd->node_rank > 0)
        err = collalg__rs_hier_member(c, &h, sendbuf, recvbuf);
    else if (err == MPI_SUCCESS)
        err = collalg__rs_hier_lead_run(c, &h, sendbuf, recvbuf, inter);
    return collalg__first(err, collalg__rs_hier_free(&h));
}

/**
 * @brief The hierarchical body after the enter step (both collectives): init, the fit check,
 *        the node level, then the hierarchy or the recursive-doubling fallback (see the file
 *        comment). @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__rs_hier_run(collalg__ctx *c, collalg__rs *l, const int *counts, int count,
                                        MPI_Datatype datatype, MPI_Op op, const void *sendbuf, void *recvbuf,
                                        collalg_reduce_scatter_fn inter)
{
    const collalg__node *nd = NULL;
    int size = 0, err = collalg__rs_init(c, l, counts, count, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__rs_fits(l);
    err = collalg__node_get_for(c, err == MPI_SUCCESS && collalg__rs_off(l, l->p) > 0, datatype, &size, &nd, err);
    if (err != MPI_SUCCESS || !nd)
        return err;
    if (!l->r.commute && !nd->consecutive)
        return collalg__reduce_scatter_recursive_doubling_run(c, l, sendbuf, recvbuf);
    return collalg__rs_hier(c, l, nd, sendbuf, recvbuf, inter);
}

/**
 * @brief MPI_Reduce_scatter, hierarchical: node reduction, reduce-scatter among the node leaders,
 *        scatter in the node (see the file comment).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction (any op, commutative or not: see the file comment)
 * @param[in] comm       intracommunicator
 * @param[in] inter      the reduce-scatter among the node leaders, any MPI_Reduce_scatter-shaped
 *                       function; called by the leaders only, with MPI_IN_PLACE, on the leaders'
 *                       communicator of machine/node.h; used for commutative operations only
 *                       (a non-commutative op always takes
 *                       collalg_reduce_scatter_recursive_doubling()). NULL =
 *                       collalg_reduce_scatter_recursive_halving().
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         the error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype,
 *         before any message; MPI_ERR_COUNT when the sum of the counts exceeds INT_MAX (every
 *         rank, before any message); MPI_ERR_NO_MEM when scratch or the node level cannot be
 *         allocated; the error of @p inter as it returns it; or the class of an error raised by
 *         an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_hierarchical(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                       collalg_reduce_scatter_fn inter)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_hier_run(&c, &l, recvcounts, 0, datatype, op, sendbuf, recvbuf, inter);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_HIERARCHICAL_H */
