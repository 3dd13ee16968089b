/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup gather
 * @brief Gather in two levels: a linear gather to one member per node, a linear gatherv of the
 *        node runs among the members to the root, and a reorder into rank order at the root
 *        (the low/up task split of HAN, Luo et al., CLUSTER 2020, applied to the gather).
 *
 * @par Levels
 * The node level of machine/node.h: node i holds the ranks members[first[i] .. first[i+1] - 1]
 * (increasing; not necessarily consecutive). Every node has one *member*: the root in the root's
 * node, the node's lowest rank (its leader) elsewhere. The other ranks of a node are its *local*
 * ranks.
 *
 * @par Stage
 * Blocks travel as bytes of the type signature, B = sendcount * size(sendtype) bytes each
 * (family/gather.h: a gap-free type is sent in place, any other packed), so every rank may pass
 * its own datatype. A member holds its node's *run*: the blocks of the node's ranks in node-rank
 * order, B bytes each. The root holds a stage of p blocks in *node order*: position k holds the
 * block of rank members[k], so node i's run is positions first[i] .. first[i+1] - 1. When every
 * node holds consecutive ranks and the receive type has no gaps, node order is rank order and the
 * stage is recvbuf itself; otherwise it is scratch.
 *
 * @par Phases
 * 1. Node gather (linear): every local rank sends its block to its node's member, which posts all
 *    receives into its run at once (the root: straight into its node's stage positions) and
 *    packs its own block into the run (the root copies its own block into recvbuf instead).
 * 2. Inter-node gatherv (linear): every member other than the root sends its node's run, q_i B
 *    bytes, to the root in one message; the root posts a receive per node into the node's stage
 *    positions (posted together with phase 1's, one wait for all). Skipped with one node.
 * 3. Reorder (scratch stage only): position k is unpacked into block members[k] of recvbuf, in
 *    the root's receive type (the root's own block is already there).
 * Invariant: a member sends only when its whole run is complete; each stage position is written
 * by exactly one message.
 *
 * @par Trace, p = 6 round-robin on 2 nodes {0, 2, 4} and {1, 3, 5}, root 3
 * @verbatim
   members:   node 0: rank 0 (its leader);  node 1: rank 3 (the root)
   stage:     [0 2 4 | 1 3 5]                       (node order, positions 0..5)
   phase 1:   2 -> 0, 4 -> 0  (run [0 2 4]);   1 -> 3, 5 -> 3  (stage positions 3, 5)
   phase 2:   0 -> 3  run [0 2 4] into positions 0..2
   phase 3:   3 unpacks positions 0, 1, 2, 3, 5 into blocks 0, 2, 4, 1, 5 (its own 3 copied)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gather_hierarchical_p6.svg
 * @image html gather_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks (p = N q), n = B bytes
 * per block: phase 1 (q - 1)(alpha_intra + n beta_intra) at a member; phase 2
 * (N - 1)(alpha_inter + q n beta_inter) at the root, whose link carries the (p - q) n bytes
 * from other nodes (the root-link bound of a gather), in N - 1 messages instead of p - 1; phase 3
 * p n bytes of local unpacking at the root when the stage is scratch. Phase 1 on the other nodes
 * overlaps the root's intra-node receives.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any placement of ranks on nodes (uneven, round-robin, one node,
 * one rank per node), any datatypes with matching signatures, count 0, MPI_IN_PLACE at the root.
 * A block of more than INT_MAX bytes is gathered by the linear algorithm instead (one MPI_Pack
 * cannot describe it). Packed data must be the bare signature (a homogeneous system: checked,
 * else MPI_ERR_TYPE).
 *
 * @par Memory
 * The root: p B bytes of stage (none with consecutive nodes and a gap-free receive type) and
 * N + q - 2 requests. Another member: its run, q B bytes, and q - 1 requests. A local rank: B
 * bytes when its send type has gaps. The node level (machine/node.h) is kept with the
 * communicator.
 *
 * @par References
 * X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication Framework", IEEE
 * CLUSTER 2020, §III (low and up tasks); Open MPI ompi/mca/coll/han/coll_han_gather.c (low gather
 * to the node leader, up gather among the leaders, reorder at the root when ranks are not
 * consecutive on the nodes).
 */
#ifndef COLLALG_GATHER_HIERARCHICAL_H
#define COLLALG_GATHER_HIERARCHICAL_H

#include "../family/gather.h"
#include "../machine/node.h"

/** @brief The member of node @p i in the hierarchical gather and scatter: @p root in its own
 *         node, else the node's lowest rank. */
COLLALG_INLINE int collalg__gather_hier_member(const collalg__node *nd, int i, int root)
{
    return i == nd->node_of[root] ? root : nd->members[nd->first[i]];
}

/** @brief One call's layout, shared by the hierarchical gather and scatter. */
typedef struct collalg__gather_hier {
    const collalg__node *nd; /**< the node level */
    collalg__typeinfo ti;    /**< this rank's datatype (the root: the root-side type) */
    MPI_Aint bytes;          /**< B: signature bytes of one block (<= INT_MAX) */
    collalg__blocks bt;      /**< messages of up to p blocks of B bytes */
    int root;                /**< the root */
    int member;              /**< this rank's node member */
} collalg__gather_hier;

/** @brief Address of position @p k of a stage or run of blocks of @p h->bytes bytes. */
COLLALG_INLINE char *collalg__gather_hier_pos(const collalg__gather_hier *h, char *stage, int k)
{
    return stage + (MPI_Aint)k * h->bytes;
}

/**
 * @brief Sets @p h up for this rank: the type facts of (@p count, @p type), B, the block type.
 *        *@p linear = 1 when B exceeds INT_MAX (the caller runs the linear algorithm); h->nd =
 *        NULL when B = 0 (nothing moves; then the node level is not built).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_hier_begin(collalg__ctx *c, collalg__gather_hier *h, int count, MPI_Datatype type,
                                              int root, int *linear)
{
    int err = collalg__gather_block(count, type, &h->ti, &h->bytes);
    h->nd = NULL;
    h->root = root;
    *linear = err == MPI_SUCCESS && h->bytes > (MPI_Aint)INT_MAX;
    if (err != MPI_SUCCESS || *linear || h->bytes == 0)
        return err;
    err = collalg__node_get(c, &h->nd);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(c, (int)h->bytes, MPI_BYTE, c->size, &h->bt);
    if (err == MPI_SUCCESS)
        h->member = collalg__gather_hier_member(h->nd, h->nd->node, root);
    return err;
}

/**
 * @brief Posts the receive (gather) or send (scatter, @p send) of the @p n blocks at @p at with
 *        @p peer into @p req[*@p nreq], counting it. @return MPI error code.
 */
COLLALG_INLINE int collalg__gather_hier_post(collalg__ctx *c, const collalg__gather_hier *h, char *at, int n, int peer,
                                             int send, MPI_Request *req, int *nreq)
{
    int err =
        send ? COLLALG_MPI(Isend)(at, n * h->bt.per_block, h->bt.type, peer, COLLALG_TAG_DATA, c->pcomm, &req[*nreq])
             : COLLALG_MPI(Irecv)(at, n * h->bt.per_block, h->bt.type, peer, COLLALG_TAG_DATA, c->pcomm, &req[*nreq]);
    *nreq += err == MPI_SUCCESS;
    return err;
}

/**
 * @brief Posts, at a member, the transfers of its node's local ranks to (gather) or from
 *        (scatter, @p send) the run at @p run (node-rank order). @return MPI error code.
 */
COLLALG_INLINE int collalg__gather_hier_locals(collalg__ctx *c, const collalg__gather_hier *h, char *run, int send,
                                               MPI_Request *req, int *nreq)
{
    const collalg__node *nd = h->nd;
    int j, base = nd->first[nd->node], err = MPI_SUCCESS;
    for (j = 0; j < nd->node_size && err == MPI_SUCCESS; j++)
        if (nd->members[base + j] != c->rank)
            err = collalg__gather_hier_post(c, h, collalg__gather_hier_pos(h, run, j), 1, nd->members[base + j], send,
                                            req, nreq);
    return err;
}

/**
 * @brief Posts, at the root, the transfers of every node: the other nodes' runs with their
 *        members and the own node's blocks with its local ranks, into (gather) or out of
 *        (scatter, @p send) the stage @p stage (node order). @return MPI error code.
 */
COLLALG_INLINE int collalg__gather_hier_root_posts(collalg__ctx *c, const collalg__gather_hier *h, char *stage,
                                                   int send, MPI_Request *req, int *nreq)
{
    const collalg__node *nd = h->nd;
    int i, err = MPI_SUCCESS;
    for (i = 0; i < nd->nnodes && err == MPI_SUCCESS; i++) {
        if (i == nd->node)
            err = collalg__gather_hier_locals(c, h, collalg__gather_hier_pos(h, stage, nd->first[i]), send, req, nreq);
        else
            err = collalg__gather_hier_post(c, h, collalg__gather_hier_pos(h, stage, nd->first[i]),
                                            nd->first[i + 1] - nd->first[i],
                                            collalg__gather_hier_member(nd, i, h->root), send, req, nreq);
    }
    return err;
}

/** @brief Requests of one waitall: @p n slots of scratch. @return as collalg__scratch(). */
COLLALG_INLINE int collalg__gather_hier_reqs(collalg__ctx *c, int n, MPI_Request **req)
{
    void *raw = NULL;
    int err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * n, &raw);
    *req = (MPI_Request *)raw;
    return err;
}

/** @brief Waits for @p n posted requests, or cancels them after the error @p err. */
COLLALG_INLINE int collalg__gather_hier_wait(int err, int n, MPI_Request *req)
{
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(n, req));
    return collalg__waitall(n, req);
}

/**
 * @brief 1 when the root's stage can be its user buffer: every node holds consecutive ranks (node
 *        order is rank order) and the root's datatype has no gaps.
 */
COLLALG_INLINE int collalg__gather_hier_direct(const collalg__gather_hier *h)
{
    return h->nd->consecutive && h->ti.dense;
}

/**
 * @brief Moves every block but the root's between the scratch stage @p stage (node order) and
 *        its place in @p buf (@p count elements of @p type per block): unpacks when @p to_user
 *        (gather), packs otherwise (scatter). @return MPI error code.
 */
COLLALG_INLINE int collalg__gather_hier_reorder(const collalg__ctx *c, const collalg__gather_hier *h, char *stage,
                                                const void *buf, int count, MPI_Datatype type, int to_user)
{
    int k, r, err = MPI_SUCCESS;
    for (k = 0; k < h->nd->p && err == MPI_SUCCESS; k++) {
        void *block;
        r = h->nd->members[k];
        if (r == h->root)
            continue;
        block = collalg__at(buf, (MPI_Aint)r * count, h->ti.extent);
        if (to_user)
            err =
                collalg__gather_unpack(c, collalg__gather_hier_pos(h, stage, k), h->bytes, block, count, type, &h->ti);
        else
            err = collalg__gather_pack(c, block, count, type, &h->ti, collalg__gather_hier_pos(h, stage, k), h->bytes);
    }
    return err;
}

/** @brief A local rank's phase 1: its block to its member. @return MPI error code. */
COLLALG_INLINE int collalg__gather_hier_local(collalg__ctx *c, const collalg__gather_hier *h, const void *sendbuf,
                                              int sendcount, MPI_Datatype sendtype)
{
    void *raw = NULL;
    int err = MPI_SUCCESS;
    if (h->ti.dense)
        return COLLALG_MPI(Send)((const char *)sendbuf + h->ti.lb, h->bt.per_block, h->bt.type, h->member,
                                 COLLALG_TAG_DATA, c->pcomm);
    err = collalg__scratch(c, h->bytes, &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gather_pack(c, sendbuf, sendcount, sendtype, &h->ti, (char *)raw, h->bytes);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(raw, h->bt.per_block, h->bt.type, h->member, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/** @brief A member other than the root: phase 1 into its run, then phase 2. @return MPI error code. */
COLLALG_INLINE int collalg__gather_hier_leader(collalg__ctx *c, const collalg__gather_hier *h, const void *sendbuf,
                                               int sendcount, MPI_Datatype sendtype)
{
    const collalg__node *nd = h->nd;
    MPI_Request *req = NULL;
    void *raw = NULL;
    int n = 0, err = collalg__scratch(c, (MPI_Aint)nd->node_size * h->bytes, &raw);
    char *run = (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_reqs(c, nd->node_size - 1, &req);
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_locals(c, h, run, 0, req, &n);
    if (err == MPI_SUCCESS)
        err = collalg__gather_pack(c, sendbuf, sendcount, sendtype, &h->ti,
                                   collalg__gather_hier_pos(h, run, nd->node_rank), h->bytes);
    err = collalg__gather_hier_wait(err, n, req);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(run, nd->node_size * h->bt.per_block, h->bt.type, h->root, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/** @brief The root: phases 1 and 2 into the stage, then phase 3. @return MPI error code. */
COLLALG_INLINE int collalg__gather_hier_root(collalg__ctx *c, const collalg__gather_hier *h, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype)
{
    const collalg__node *nd = h->nd;
    int direct = collalg__gather_hier_direct(h), n = 0, err = MPI_SUCCESS;
    MPI_Request *req = NULL;
    void *raw = NULL;
    char *stage;
    if (!direct)
        err = collalg__scratch(c, (MPI_Aint)nd->p * h->bytes, &raw);
    stage = direct ? (char *)recvbuf + h->ti.lb : (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_reqs(c, nd->nnodes + nd->node_size - 2, &req);
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_root_posts(c, h, stage, 0, req, &n);
    err = collalg__gather_hier_wait(err, n, req);
    if (err == MPI_SUCCESS && !direct)
        err = collalg__gather_hier_reorder(c, h, stage, recvbuf, recvcount, recvtype, 1);
    return err;
}

/**
 * @brief MPI_Gather in two levels: a gather to one member per node, a gatherv of the node runs
 *        among the members to the root, a reorder into rank order at the root.
 *
 * @param sendbuf   this rank's block (MPI_IN_PLACE at the root: its block is already in place in
 *                  @p recvbuf)
 * @param sendcount elements of @p sendtype in the block
 * @param sendtype  datatype of the block's elements
 * @param recvbuf   the root's receive buffer, p blocks of @p recvcount elements of @p recvtype in
 *                  rank order (significant at the root only)
 * @param recvcount elements of @p recvtype per block (root only)
 * @param recvtype  datatype of the received elements (root only)
 * @param root      rank that gathers, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/gather.h); MPI_ERR_NO_MEM when the node level (on every rank), the
 *         stage, a run or the requests (on the rank that cannot allocate them) cannot be
 *         allocated; MPI_ERR_TYPE when packed data is not the bare signature; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_gather_hierarchical(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__gather_hier h;
    int linear = 0, is_root,
        err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    is_root = c.rank == root;
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_begin(&c, &h, is_root ? recvcount : sendcount, is_root ? recvtype : sendtype, root,
                                         &linear);
    if (err == MPI_SUCCESS && linear)
        err = collalg__gather_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    else if (err == MPI_SUCCESS && is_root) {
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, h.ti.extent),
                            recvcount, recvtype, c.pcomm);
        if (err == MPI_SUCCESS && h.nd)
            err = collalg__gather_hier_root(&c, &h, recvbuf, recvcount, recvtype);
    } else if (err == MPI_SUCCESS && h.nd)
        err = h.member == c.rank ? collalg__gather_hier_leader(&c, &h, sendbuf, sendcount, sendtype)
                                 : collalg__gather_hier_local(&c, &h, sendbuf, sendcount, sendtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_HIERARCHICAL_H */
