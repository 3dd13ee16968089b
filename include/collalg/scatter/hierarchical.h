/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup scatter
 * @brief Scatter in two levels, the hierarchical gather reversed: the root reorders its blocks
 *        into node order, a linear scatterv sends each node's run to one member per node, and
 *        every member scatters its run (linear) inside its node.
 *
 * @par Levels
 * As gather/hierarchical.h: node i holds the ranks members[first[i] .. first[i+1] - 1] (any
 * placement); its *member* is the root in the root's node, the node's lowest rank elsewhere.
 *
 * @par Stage
 * Blocks travel as bytes of the type signature, B = recvcount * size(recvtype) bytes each
 * (family/gather.h). The root's stage holds p blocks in node order (position k: the block of rank
 * members[k]); it is sendbuf itself when every node holds consecutive ranks and the send type has
 * no gaps, else scratch. A member's *run* holds its node's blocks in node-rank order.
 *
 * @par Phases
 * 1. Reorder (scratch stage only): the root packs block members[k] of sendbuf into position k
 *    (all but its own block, which it copies into recvbuf unless in place).
 * 2. Inter-node scatterv (linear): the root sends node i's run, q_i B bytes, to node i's member
 *    in one message, for every node but its own; at the same time (phase 3 of its own node) it
 *    sends each local rank of its node its block. One wait for all.
 * 3. Node scatter (linear): every other member receives its run, sends each local rank its block
 *    (all sends posted at once) and unpacks its own block into recvbuf; a local rank receives its
 *    block straight into recvbuf (a gap-free type) or into scratch and unpacks it.
 * Invariant: a member forwards only from a complete run; each block leaves the root in exactly one
 * message.
 *
 * @par Trace, p = 6 round-robin on 2 nodes {0, 2, 4} and {1, 3, 5}, root 3
 * @verbatim
   stage:     [0 2 4 | 1 3 5]           (3 packs blocks 0, 2, 4, 1, 5 into positions 0..2, 3, 5)
   phase 2:   3 -> 0 run [0 2 4];   3 -> 1, 3 -> 5 (its own node's local ranks)
   phase 3:   0 -> 2, 0 -> 4;  0 unpacks its own block
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatter_hierarchical_p6.svg
 * @image html scatter_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks (p = N q), n = B bytes
 * per block: phase 1 p n bytes of local packing at the root when the stage is scratch; phase 2
 * (N - 1)(alpha_inter + q n beta_inter) + (q - 1)(alpha_intra + n beta_intra) at the root, whose
 * link carries the (p - q) n bytes for other nodes (the root-link bound of a scatter) in N - 1
 * messages instead of p - 1; phase 3 (q - 1)(alpha_intra + n beta_intra) at a member after its
 * run arrived.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any placement of ranks on nodes, any datatypes with matching
 * signatures, count 0, MPI_IN_PLACE at the root. A block of more than INT_MAX bytes is scattered
 * by the linear algorithm instead. Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * The root: p B bytes of stage (none with consecutive nodes and a gap-free send type) and
 * N + q - 2 requests. Another member: its run, q B bytes, and q - 1 requests. A local rank: B
 * bytes when its receive type has gaps. The node level (machine/node.h) is kept with the
 * communicator.
 *
 * @par References
 * X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication Framework", IEEE
 * CLUSTER 2020, §III; Open MPI ompi/mca/coll/han/coll_han_scatter.c (reorder at the root, up
 * scatter among the node leaders, low scatter in each node).
 */
#ifndef COLLALG_SCATTER_HIERARCHICAL_H
#define COLLALG_SCATTER_HIERARCHICAL_H

#include "../family/scatter.h"
#include "../gather/hierarchical.h"

/** @brief A local rank's phase 3: its block from its member. @return MPI error code. */
COLLALG_INLINE int collalg__scatter_hier_local(collalg__ctx *c, const collalg__gather_hier *h, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype)
{
    void *raw = NULL;
    int err;
    if (h->ti.dense)
        return COLLALG_MPI(Recv)((char *)recvbuf + h->ti.lb, h->bt.per_block, h->bt.type, h->member, COLLALG_TAG_DATA,
                                 c->pcomm, MPI_STATUS_IGNORE);
    err = collalg__scratch(c, h->bytes, &raw);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(raw, h->bt.per_block, h->bt.type, h->member, COLLALG_TAG_DATA, c->pcomm,
                                MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__gather_unpack(c, (const char *)raw, h->bytes, recvbuf, recvcount, recvtype, &h->ti);
    return err;
}

/** @brief A member other than the root: receives its run, then phase 3. @return MPI error code. */
COLLALG_INLINE int collalg__scatter_hier_leader(collalg__ctx *c, const collalg__gather_hier *h, void *recvbuf,
                                                int recvcount, MPI_Datatype recvtype)
{
    const collalg__node *nd = h->nd;
    MPI_Request *req = NULL;
    void *raw = NULL;
    int n = 0, err = collalg__scratch(c, (MPI_Aint)nd->node_size * h->bytes, &raw);
    char *run = (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_reqs(c, nd->node_size - 1, &req);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(run, nd->node_size * h->bt.per_block, h->bt.type, h->root, COLLALG_TAG_DATA, c->pcomm,
                                MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_locals(c, h, run, 1, req, &n);
    if (err == MPI_SUCCESS)
        err = collalg__gather_unpack(c, collalg__gather_hier_pos(h, run, nd->node_rank), h->bytes, recvbuf, recvcount,
                                     recvtype, &h->ti);
    return collalg__gather_hier_wait(err, n, req);
}

/** @brief The root: phase 1, then phases 2 and 3 of its own node. @return MPI error code. */
COLLALG_INLINE int collalg__scatter_hier_root(collalg__ctx *c, const collalg__gather_hier *h, const void *sendbuf,
                                              int sendcount, MPI_Datatype sendtype)
{
    const collalg__node *nd = h->nd;
    int direct = collalg__gather_hier_direct(h), n = 0, err = MPI_SUCCESS;
    MPI_Request *req = NULL;
    void *raw = NULL;
    char *stage;
    if (!direct)
        err = collalg__scratch(c, (MPI_Aint)nd->p * h->bytes, &raw);
    stage = direct ? (char *)sendbuf + h->ti.lb : (char *)raw;
    if (err == MPI_SUCCESS && !direct)
        err = collalg__gather_hier_reorder(c, h, stage, sendbuf, sendcount, sendtype, 0);
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_reqs(c, nd->nnodes + nd->node_size - 2, &req);
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_root_posts(c, h, stage, 1, req, &n);
    return collalg__gather_hier_wait(err, n, req);
}

/**
 * @brief MPI_Scatter in two levels: a scatterv of the node runs from the root to one member per
 *        node, then a scatter inside every node.
 *
 * @param sendbuf   the root's send buffer, p blocks of @p sendcount elements of @p sendtype in
 *                  rank order (significant at the root only)
 * @param sendcount elements of @p sendtype per block (root only)
 * @param sendtype  datatype of the sent elements (root only)
 * @param recvbuf   this rank's block (MPI_IN_PLACE at the root: its block stays in @p sendbuf)
 * @param recvcount elements of @p recvtype in the block
 * @param recvtype  datatype of the block's elements
 * @param root      rank that scatters, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/scatter.h); MPI_ERR_NO_MEM when the node level (on every rank), the
 *         stage, a run or the requests (on the rank that cannot allocate them) cannot be
 *         allocated; MPI_ERR_TYPE when packed data is not the bare signature; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_hierarchical(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                                MPI_Comm comm)
{
    collalg__ctx c;
    collalg__gather_hier h;
    int linear = 0, is_root,
        err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    is_root = c.rank == root;
    if (err == MPI_SUCCESS)
        err = collalg__gather_hier_begin(&c, &h, is_root ? sendcount : recvcount, is_root ? sendtype : recvtype, root,
                                         &linear);
    if (err == MPI_SUCCESS && linear)
        err =
            collalg__scatter_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, c.size);
    else if (err == MPI_SUCCESS && is_root) {
        err = collalg__scatter_own(&c, sendbuf, sendcount, sendtype, h.ti.extent, recvbuf, recvcount, recvtype, root);
        if (err == MPI_SUCCESS && h.nd)
            err = collalg__scatter_hier_root(&c, &h, sendbuf, sendcount, sendtype);
    } else if (err == MPI_SUCCESS && h.nd)
        err = h.member == c.rank ? collalg__scatter_hier_leader(&c, &h, recvbuf, recvcount, recvtype)
                                 : collalg__scatter_hier_local(&c, &h, recvbuf, recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_HIERARCHICAL_H */
