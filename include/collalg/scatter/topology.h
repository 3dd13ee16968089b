/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology.h
 * @ingroup scatter
 * @brief Scatter along the topology's switch tree, the topology gather reversed: every subtree of
 *        the machine (host, switch) receives all its blocks in one message at one of its ranks,
 *        which passes them on, so every link away from the root carries one message (the
 *        topology-specific routines of Faraj & Yuan, ICS'05, §3.1, applied to the scatter).
 *
 * @par The tree
 * As gather/topology.h: the rank tree and DFS ring of machine/topology_comm.h (the ranks below
 * vertex v hold the ring positions [lo(v), lo(v) + size(v))); every vertex has a representative
 * rank (the root on the path from the root up to the top switch, else the first rank of its
 * subtree in ring order); a rank represents a chain of vertices from its leaf up to its top
 * vertex.
 *
 * @par Phases
 * Blocks travel as bytes of the signature, B = recvcount * size(recvtype) bytes each
 * (family/gather.h), in ring order.
 * 1. The root packs block ring[k] of sendbuf into position k of its stage (all but its own,
 *    which it copies to recvbuf unless in place); when the ring is the rank order and the send
 *    type has no gaps, the stage is sendbuf itself.
 * 2. A rank other than the root receives its *run*, the blocks of its top vertex's subtree
 *    (size(top) B bytes), in one message from the representative of its top vertex's parent.
 * 3. Each rank with a run (the root: its stage) sends, for every child u of a vertex of its chain
 *    that another rank represents, u's subtree (positions [lo(u), lo(u) + size(u))) to u's
 *    representative, all sends posted at once and waited for together, then unpacks its own block
 *    (position 0 of its run).
 *    Invariant: a rank forwards only from a complete run; the blocks of u's subtree cross the
 *    link above u once, downwards.
 *
 * @par Trace, p = 6, root 4
 * The description and placement of gather/topology.h's trace: ring 0 3 | 1 4 | 2 5;
 * representatives s0 -> 0, s1 and top -> 4, s2 -> 2.
 * @verbatim
   step 1:  4 -> 0 [0 3], 4 -> 2 [2 5], 4 -> 1 [1]
   step 2:  0 -> 3 [3],   2 -> 5 [5]
   @endverbatim
 *
 * @par Without a description
 * Neither collalg_topology_attach() nor `COLLALG_TOPOLOGY`: the node-level tree of
 * machine/topology_comm.h (ranks under their host, by processor name; hosts under one switch), as
 * the other topology algorithms fall back: the scatter is then hierarchical by host (the root
 * sends each host's blocks to the host's first rank in one message).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host (the root sends every rank its block):
 * @image html scatter_topology_p6.svg
 * @image html scatter_topology_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, n = B bytes per block, d the depth of
 * the rank tree (3 for ranks on hosts on switches under a top switch) and c the number of
 * subtrees the root exchanges with (the children of its chain): a path of at most d messages,
 * the root's c messages one after another on its link, about (d + c) alpha + (p - 1) n beta
 * (the root-link bound); every down link carries the blocks below it exactly once, so no kappa_l
 * on a tree network, plus p n bytes of packing at the root when the stage is scratch. The
 * first call on a communicator adds the topology's computation (an allgather of processor
 * names, an allreduce of 40 bytes, the parse).
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A bad description, a host missing in it, or ranks disagreeing on it give MPI_ERR_ARG on
 * every rank before any data moves. A block of more than INT_MAX bytes is scattered by the linear
 * algorithm instead. Packed data must be the bare signature (a homogeneous system: checked, else
 * MPI_ERR_TYPE).
 *
 * @par Memory
 * Two ints per vertex of the rank tree (computed per call); a rank's run, size(top) B bytes
 * (none for a leaf with a gap-free type); at the root p B bytes unless the stage is sendbuf; a
 * request per child sent to. Cached with the communicator: the rank tree and the ring.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1; A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on
 * Switched Clusters", IEEE Cluster 2005 (the DFS ordering).
 */
#ifndef COLLALG_SCATTER_TOPOLOGY_H
#define COLLALG_SCATTER_TOPOLOGY_H

#include "../family/scatter.h"
#include "../gather/topology.h"

/** @brief A rank other than the root: its run, then its children's subtrees and its own block. */
COLLALG_INLINE int collalg__scatter_topo_node(collalg__ctx *c, const collalg__gather_topo *h, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype)
{
    const collalg__topo_tree *rt = &h->t->tree;
    int n = rt->size[h->top], base = h->lo[h->top], up = h->rep[rt->parent[h->top]], err;
    void *raw = NULL;
    if (n == 1 && h->ti.dense)
        return COLLALG_MPI(Recv)((char *)recvbuf + h->ti.lb, h->bt.per_block, h->bt.type, up, COLLALG_TAG_DATA,
                                 c->pcomm, MPI_STATUS_IGNORE);
    err = collalg__scratch(c, (MPI_Aint)n * h->bytes, &raw);
    if (err == MPI_SUCCESS)
        err =
            COLLALG_MPI(Recv)(raw, n * h->bt.per_block, h->bt.type, up, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_exchange(c, h, (char *)raw, base, 1);
    if (err == MPI_SUCCESS)
        err = collalg__gather_unpack(c, (char *)raw + (MPI_Aint)(h->t->pos[c->rank] - base) * h->bytes, h->bytes,
                                     recvbuf, recvcount, recvtype, &h->ti);
    return err;
}

/** @brief The root: the stage, then every subtree of its chain. @return MPI error code. */
COLLALG_INLINE int collalg__scatter_topo_root(collalg__ctx *c, const collalg__gather_topo *h, const void *sendbuf,
                                              int sendcount, MPI_Datatype sendtype)
{
    int direct = collalg__gather_topo_direct(h), err = MPI_SUCCESS;
    void *raw = NULL;
    char *stage;
    if (!direct)
        err = collalg__scratch(c, (MPI_Aint)h->t->p * h->bytes, &raw);
    stage = direct ? (char *)sendbuf + h->ti.lb : (char *)raw;
    if (err == MPI_SUCCESS && !direct)
        err = collalg__gather_topo_reorder(c, h, stage, sendbuf, sendcount, sendtype, 0);
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_exchange(c, h, stage, 0, 1);
    return err;
}

/**
 * @brief MPI_Scatter along the topology's switch tree: each subtree receives its blocks in one
 *        message at one of its ranks, which passes them on.
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
 *         arguments (family/scatter.h); MPI_ERR_ARG on every rank, @p recvbuf untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM when the
 *         topology, the plan, a run, the stage or the requests cannot be allocated; MPI_ERR_TYPE
 *         when packed data is not the bare signature; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_topology(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__gather_topo h;
    int linear = 0, idle = 0, is_root,
        err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    is_root = c.rank == root;
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_begin(&c, &h, is_root ? sendcount : recvcount, is_root ? sendtype : recvtype, root,
                                         &linear, &idle);
    if (err == MPI_SUCCESS && linear)
        err =
            collalg__scatter_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, c.size);
    else if (err == MPI_SUCCESS && is_root) {
        err = collalg__scatter_own(&c, sendbuf, sendcount, sendtype, h.ti.extent, recvbuf, recvcount, recvtype, root);
        if (err == MPI_SUCCESS && !idle)
            err = collalg__scatter_topo_root(&c, &h, sendbuf, sendcount, sendtype);
    } else if (err == MPI_SUCCESS && !idle)
        err = collalg__scatter_topo_node(&c, &h, recvbuf, recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_TOPOLOGY_H */
