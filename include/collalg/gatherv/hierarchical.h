/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup gatherv
 * @brief Gatherv in two levels, as Open MPI's han gatherv: the sizes of a node's blocks gathered
 *        at one member per node first, then a linear gatherv of the blocks to the member, a
 *        linear gatherv of the node runs among the members to the root, and a reorder into the
 *        root's displacements.
 *
 * @par Levels
 * As gather/hierarchical.h: node i holds the ranks members[first[i] .. first[i+1] - 1] (any
 * placement); its *member* is the root in the root's node, the node's lowest rank elsewhere; the
 * other ranks are *local* ranks.
 *
 * @par What every rank must know
 * Only the root knows the counts (recvcounts, displs and recvtype are not read elsewhere); rank r
 * knows its own block, b_r = sendcount * size(sendtype) bytes of the type signature. A member
 * other than the root must know the b_r of its node to place the blocks in its run, so it learns
 * them first: every local rank sends b_r (8 bytes) to its member. The root knows every b_r from
 * recvcounts, so the local ranks of the root's node send no size, and no size crosses a node
 * boundary: the learning costs q - 1 messages of 8 bytes inside each other node, alpha_intra
 * each, and nothing at the root.
 *
 * @par Phases
 * Blocks travel as bytes of the signature (family/gatherv.h: a gap-free type in place, any other
 * packed; messages cut at INT_MAX bytes, so a run may pass 2 GiB). A block of 0 bytes is not sent.
 * 1. Sizes: every local rank of a node other than the root's sends b_r to its member, which
 *    receives them in node-rank order and computes the offsets of its run.
 * 2. Node gatherv (linear): every local rank sends its block to its member, which posts all
 *    receives into its run (the blocks in node-rank order, no gaps) at once and packs its own
 *    block into it; the root posts them into its stage.
 * 3. Inter-node gatherv (linear): every member other than the root sends its run (the sum of its
 *    node's b_r) to the root in one message; the root posts one receive per node into its stage,
 *    which holds all blocks but its own in node order (position k: rank members[k]), together with
 *    phase 2's receives, and waits once.
 * 4. Reorder: the root unpacks position k into recvbuf at displs[members[k]] (recvcounts of
 *    recvtype; the gaps between blocks and inside the type untouched); its own block is copied
 *    directly.
 *
 * @par Trace, p = 6 round-robin on 2 nodes {0, 2, 4} and {1, 3, 5}, root 3
 * @verbatim
   members:   node 0: rank 0;  node 1: rank 3 (the root)
   phase 1:   2 -> 0 (b_2), 4 -> 0 (b_4)                   (node 1: the root knows b_1, b_5)
   phase 2:   2 -> 0, 4 -> 0 (run [0 2 4]);   1 -> 3, 5 -> 3 (stage positions of 1 and 5)
   phase 3:   0 -> 3 run [0 2 4] (b_0 + b_2 + b_4 bytes)
   phase 4:   3 unpacks ranks 0, 2, 4, 1, 5 to their displs; copies its own block
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gatherv_hierarchical_p6.svg
 * @image html gatherv_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n the total of all
 * blocks in bytes and n_i the total of node i: phase 1 (q - 1) alpha_intra at a member; phase 2
 * (q - 1) alpha_intra + n_i beta_intra at node i's member; phase 3 (N - 1) alpha_inter +
 * (n - n_root) beta_inter at the root (the root-link bound), in N - 1 messages instead of p - 1;
 * phase 4 n bytes of local unpacking at the root.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any placement of ranks on nodes, any counts (0 on some or all
 * ranks), displacements in any order with gaps, any datatypes with matching signatures,
 * MPI_IN_PLACE at the root. Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * The root: the stage, the sum of all blocks but its own in bytes, p + 1 MPI_Aint offsets and a
 * request per message it receives. Another member: its run (n_i bytes), q + 1 offsets and its
 * requests. A local rank: b_r bytes when its send type has gaps. The node level (machine/node.h)
 * is kept with the communicator.
 *
 * @par References
 * Open MPI ompi/mca/coll/han/coll_han_gatherv.c (the node leaders learn their node's sizes by a
 * low gather before the data, the root's local peers send none; Open MPI falls back to another
 * component unless every node holds the same number of ranks, consecutive: here any
 * placement); X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication
 * Framework", IEEE CLUSTER 2020, §III.
 */
#ifndef COLLALG_GATHERV_HIERARCHICAL_H
#define COLLALG_GATHERV_HIERARCHICAL_H

#include "../family/gatherv.h"
#include "../gather/hierarchical.h"

/** @brief One call's node level and roles, shared with scatterv/hierarchical.h. */
typedef struct collalg__gatherv_hier {
    const collalg__node *nd; /**< the node level */
    collalg__typeinfo ti;    /**< this rank's own datatype (the root: the root-side type) */
    MPI_Aint own;            /**< this rank's block, bytes of the signature */
    int root;                /**< the root */
    int member;              /**< this rank's node member */
} collalg__gatherv_hier;

/**
 * @brief Posts the transfer of @p bytes bytes at @p at with @p peer (sends when @p send) in
 *        messages of at most INT_MAX bytes, into @p req[*@p n] onwards; with @p req NULL only
 *        counts them. @return MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_hier_post(const collalg__ctx *c, char *at, MPI_Aint bytes, int peer, int send,
                                              MPI_Request *req, int *n)
{
    int err = MPI_SUCCESS, len;
    for (; bytes > 0 && err == MPI_SUCCESS; bytes -= len, at += len) {
        len = bytes < (MPI_Aint)INT_MAX ? (int)bytes : INT_MAX;
        if (req && send)
            err = COLLALG_MPI(Isend)(at, len, MPI_BYTE, peer, COLLALG_TAG_DATA, c->pcomm, &req[*n]);
        else if (req)
            err = COLLALG_MPI(Irecv)(at, len, MPI_BYTE, peer, COLLALG_TAG_DATA, c->pcomm, &req[*n]);
        *n += err == MPI_SUCCESS;
    }
    return err;
}

/**
 * @brief Posts (or with @p req NULL counts) a member's transfers with its node's local ranks:
 *        node rank j's bytes [@p off[j], @p off[j+1]) of @p run. @return MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_hier_locals(const collalg__ctx *c, const collalg__gatherv_hier *h, char *run,
                                                const MPI_Aint *off, int send, MPI_Request *req, int *n)
{
    const collalg__node *nd = h->nd;
    int j, base = nd->first[nd->node], err = MPI_SUCCESS;
    for (j = 0; j < nd->node_size && err == MPI_SUCCESS; j++)
        if (nd->members[base + j] != c->rank)
            err = collalg__gatherv_hier_post(c, run + off[j], off[j + 1] - off[j], nd->members[base + j], send, req, n);
    return err;
}

/**
 * @brief Posts (or with @p req NULL counts) the root's transfers: the other nodes' runs with their
 *        members, its own node's blocks with its local ranks; @p off[k] is the offset of node
 *        position k in @p stage (p + 1 entries). @return MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_hier_root_posts(const collalg__ctx *c, const collalg__gatherv_hier *h, char *stage,
                                                    const MPI_Aint *off, int send, MPI_Request *req, int *n)
{
    const collalg__node *nd = h->nd;
    int i, a, b, err = MPI_SUCCESS;
    for (i = 0; i < nd->nnodes && err == MPI_SUCCESS; i++) {
        a = nd->first[i];
        b = nd->first[i + 1];
        if (i == nd->node)
            err = collalg__gatherv_hier_locals(c, h, stage, off + a, send, req, n);
        else
            err = collalg__gatherv_hier_post(c, stage + off[a], off[b] - off[a],
                                             collalg__gather_hier_member(nd, i, h->root), send, req, n);
    }
    return err;
}

/**
 * @brief Posts the root's (@p n_members = 0) or a member's transfers and waits for them all once:
 *        counts them, allocates the requests, posts, waits (cancels after an error).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_hier_exchange(collalg__ctx *c, const collalg__gatherv_hier *h, char *buf,
                                                  const MPI_Aint *off, int send, int at_root)
{
    MPI_Request *req = NULL;
    void *raw = NULL;
    int n = 0, err;
    if (at_root)
        collalg__gatherv_hier_root_posts(c, h, buf, off, send, NULL, &n);
    else
        collalg__gatherv_hier_locals(c, h, buf, off, send, NULL, &n);
    err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * n, &raw);
    req = (MPI_Request *)raw;
    n = 0;
    if (err == MPI_SUCCESS && at_root)
        err = collalg__gatherv_hier_root_posts(c, h, buf, off, send, req, &n);
    else if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_locals(c, h, buf, off, send, req, &n);
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(n, req));
    return collalg__waitall(n, req);
}

/**
 * @brief The root's stage offsets: off[k] for node position k (p + 1 entries, scratch), position
 *        k holding the @p counts[members[k]] elements of a type of @p size bytes, the root's own
 *        position empty. @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__gatherv_hier_root_offsets(collalg__ctx *c, const collalg__gatherv_hier *h,
                                                      const int *counts, MPI_Aint **off)
{
    void *raw = NULL;
    int k, r, err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Aint) * (h->nd->p + 1), &raw);
    *off = (MPI_Aint *)raw;
    if (err != MPI_SUCCESS)
        return err;
    (*off)[0] = 0;
    for (k = 0; k < h->nd->p; k++) {
        r = h->nd->members[k];
        (*off)[k + 1] = (*off)[k] + (r == h->root ? 0 : collalg__gatherv_bytes(counts[r], h->ti.size));
    }
    return MPI_SUCCESS;
}

/**
 * @brief Phase 1 at a member other than the root: the sizes of its node's blocks, received from
 *        its local ranks in node-rank order, as the offsets of its run (q + 1 entries, scratch).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_hier_sizes(collalg__ctx *c, const collalg__gatherv_hier *h, MPI_Aint **off)
{
    const collalg__node *nd = h->nd;
    void *raw = NULL;
    long long b;
    int j, r, err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Aint) * (nd->node_size + 1), &raw);
    *off = (MPI_Aint *)raw;
    if (err == MPI_SUCCESS)
        (*off)[0] = 0;
    for (j = 0; j < nd->node_size && err == MPI_SUCCESS; j++) {
        r = nd->members[nd->first[nd->node] + j];
        b = (long long)h->own;
        if (r != c->rank)
            err = COLLALG_MPI(Recv)(&b, 1, MPI_LONG_LONG, r, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        (*off)[j + 1] = (*off)[j] + (MPI_Aint)b;
    }
    return err;
}

/**
 * @brief Sets @p h up: the type facts of this rank's own (@p count, @p type), its bytes, the
 *        node level and the member. @return MPI_SUCCESS, MPI_ERR_NO_MEM or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_hier_begin(collalg__ctx *c, collalg__gatherv_hier *h, int count, MPI_Datatype type,
                                               int root)
{
    int err = collalg__typeinfo_get(type, &h->ti);
    h->own = err == MPI_SUCCESS ? collalg__gatherv_bytes(count, h->ti.size) : 0;
    h->root = root;
    h->nd = NULL;
    if (err == MPI_SUCCESS)
        err = collalg__node_get(c, &h->nd);
    if (err == MPI_SUCCESS)
        h->member = collalg__gather_hier_member(h->nd, h->nd->node, root);
    return err;
}

/** @brief A local rank: its size to its member (unless that is the root), then its block. */
COLLALG_INLINE int collalg__gatherv_hier_local(collalg__ctx *c, const collalg__gatherv_hier *h, const void *sendbuf,
                                               int sendcount, MPI_Datatype sendtype)
{
    long long b = (long long)h->own;
    void *raw = NULL;
    int err = MPI_SUCCESS;
    if (h->member != h->root)
        err = COLLALG_MPI(Send)(&b, 1, MPI_LONG_LONG, h->member, COLLALG_TAG_DATA, c->pcomm);
    if (err != MPI_SUCCESS || h->own == 0)
        return err;
    if (h->ti.dense)
        return collalg__gatherv_send_bytes(c, (const char *)sendbuf + h->ti.lb, h->own, h->member);
    err = collalg__scratch(c, h->own, &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_pack(c, sendbuf, sendcount, sendtype, &h->ti, (char *)raw);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_send_bytes(c, (const char *)raw, h->own, h->member);
    return err;
}

/** @brief A member other than the root: phases 1 and 2 into its run, then phase 3. */
COLLALG_INLINE int collalg__gatherv_hier_leader(collalg__ctx *c, const collalg__gatherv_hier *h, const void *sendbuf,
                                                int sendcount, MPI_Datatype sendtype)
{
    MPI_Aint *off = NULL;
    void *raw = NULL;
    int err = collalg__gatherv_hier_sizes(c, h, &off);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, off[h->nd->node_size], &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_pack(c, sendbuf, sendcount, sendtype, &h->ti, (char *)raw + off[h->nd->node_rank]);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_exchange(c, h, (char *)raw, off, 0, 0);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_send_bytes(c, (const char *)raw, off[h->nd->node_size], h->root);
    return err;
}

/** @brief The root: phases 2 and 3 into the stage, then phase 4. @return MPI error code. */
COLLALG_INLINE int collalg__gatherv_hier_root(collalg__ctx *c, const collalg__gatherv_hier *h, void *recvbuf,
                                              const int *recvcounts, const int *displs, MPI_Datatype recvtype)
{
    MPI_Aint *off = NULL;
    void *raw = NULL;
    int k, r, err = collalg__gatherv_hier_root_offsets(c, h, recvcounts, &off);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, off[h->nd->p], &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_exchange(c, h, (char *)raw, off, 0, 1);
    for (k = 0; k < h->nd->p && err == MPI_SUCCESS; k++) {
        r = h->nd->members[k];
        if (r != h->root)
            err = collalg__gatherv_unpack(c, (const char *)raw + off[k], collalg__at(recvbuf, displs[r], h->ti.extent),
                                          recvcounts[r], recvtype, &h->ti);
    }
    return err;
}

/**
 * @brief MPI_Gatherv in two levels: the sizes of each node's blocks learnt by its member, a
 *        gatherv to one member per node, a gatherv of the node runs among the members to the
 *        root, a reorder into the root's displacements.
 *
 * @param sendbuf    this rank's block (MPI_IN_PLACE at the root: its block is already in place in
 *                   @p recvbuf)
 * @param sendcount  elements of @p sendtype in the block
 * @param sendtype   datatype of the block's elements
 * @param recvbuf    the root's receive buffer (significant at the root only)
 * @param recvcounts elements of @p recvtype from each rank (p entries; root only)
 * @param displs     element displacement of each rank's block in @p recvbuf (p entries; root only)
 * @param recvtype   datatype of the received elements (root only)
 * @param root       rank that gathers, 0 <= root < p
 * @param comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ARG (NULL
 *         @p recvcounts or @p displs at the root), MPI_ERR_ROOT for bad arguments
 *         (family/gatherv.h); MPI_ERR_NO_MEM when the node level (on every rank), the stage, a
 *         run, the offsets or the requests (on the rank that cannot allocate them) cannot be
 *         allocated; MPI_ERR_TYPE when packed data is not the bare signature; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_gatherv_hierarchical(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__gatherv_hier h;
    int err =
        collalg__gatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_begin(&c, &h, sendcount, sendtype, root);
    if (err == MPI_SUCCESS && c.rank == root) {
        collalg__typeinfo rt;
        err = collalg__typeinfo_get(recvtype, &rt);
        if (err == MPI_SUCCESS)
            err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, displs[root], rt.extent),
                                recvcounts[root], recvtype, c.pcomm);
        h.ti = rt;
        if (err == MPI_SUCCESS)
            err = collalg__gatherv_hier_root(&c, &h, recvbuf, recvcounts, displs, recvtype);
    } else if (err == MPI_SUCCESS)
        err = h.member == c.rank ? collalg__gatherv_hier_leader(&c, &h, sendbuf, sendcount, sendtype)
                                 : collalg__gatherv_hier_local(&c, &h, sendbuf, sendcount, sendtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHERV_HIERARCHICAL_H */
