/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology.h
 * @ingroup gather
 * @brief Gather along the topology's switch tree: every subtree of the machine (host, switch)
 *        is gathered at one rank of it, which sends the whole subtree's blocks up in one
 *        message, so every link towards the root carries one message (the topology-specific
 *        routines of Faraj & Yuan, ICS'05, §3.1, applied to the gather).
 *
 * @par The tree
 * The rank tree of machine/topology_comm.h: ranks are leaves under their hosts, hosts under their
 * switches (from the description attached by collalg_topology_attach() or named by
 * `COLLALG_TOPOLOGY`), and the DFS logical ring lists the ranks so that every subtree's ranks are
 * consecutive: the ranks below vertex v hold the ring positions [lo(v), lo(v) + size(v)). Each
 * vertex has a *representative* rank: the root for the vertices on the path from the root up to
 * the top switch, else the first rank of its subtree in ring order. A rank represents a chain of
 * vertices, from its own leaf up to its *top* vertex.
 *
 * @par Phases
 * Blocks travel as bytes of the signature, B = sendcount * size(sendtype) bytes each
 * (family/gather.h), in ring order. A rank's *run* holds the blocks of its top vertex's subtree,
 * positions [lo(top), lo(top) + size(top)); its own block comes first (it is the first rank of
 * that range), except at the root, whose run is all p positions (its *stage*).
 * 1. Each rank posts a receive for every child u of a vertex of its chain that another rank
 *    represents: u's whole subtree, size(u) B bytes, into positions [lo(u), lo(u) + size(u)) of
 *    its run; it packs its own block at its position and waits once.
 * 2. A rank other than the root then sends its whole run in one message to the representative of
 *    its top vertex's parent. Invariant: a rank sends only when its run is complete, and the
 *    message from the subtree of u crosses the link above u once, upwards.
 * 3. The root unpacks position k into block ring[k] of recvbuf (its own block copied directly);
 *    when the ring is the rank order and the receive type has no gaps, the stage is recvbuf and
 *    nothing is left to do.
 *
 * @par Trace, p = 6, root 4
 * Description `SwitchName=s0 Nodes=n[0-1]`, `SwitchName=s1 Nodes=n[2-3]`,
 * `SwitchName=s2 Nodes=n[4-5]`, `SwitchName=top Switches=s[0-2]`; ranks round-robin over the
 * switches (rank 0 on n0, 1 on n2, 2 on n4, 3 on n1, 4 on n3, 5 on n5): the ring is
 * 0 3 | 1 4 | 2 5. Representatives: s0 -> 0, s1 and top -> 4 (the root's path), s2 -> 2.
 * @verbatim
   step 1:  3 -> 0 [3],   1 -> 4 [1],   5 -> 2 [5]
   step 2:  0 -> 4 [0 3], 2 -> 4 [2 5]       (one message up each of the links s0 and s2)
   step 3:  4 unpacks ring positions 0 1 2 4 5 into blocks 0 3 1 2 5
   @endverbatim
 * A binomial gather rooted at 4 sends 5 -> 4, 1 -> 0, 3 -> 2, 0 -> 4 [0 1], 2 -> 4 [2 3]: s0's
 * link carries two messages and 3's block crosses the top switch twice.
 *
 * @par Without a description
 * Neither collalg_topology_attach() nor `COLLALG_TOPOLOGY`: the node-level tree of
 * machine/topology_comm.h (ranks under their host, told apart by processor name; hosts under one
 * switch), as the other topology algorithms fall back. The gather is then hierarchical by host:
 * each host's first rank gathers its host and sends the host's blocks to the root in one message.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host (every rank sends its block to the root):
 * @image html gather_topology_p6.svg
 * @image html gather_topology_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, n = B bytes per block, d the depth of
 * the rank tree (3 for ranks on hosts on switches under a top switch) and c the number of
 * subtrees the root exchanges with (the children of its chain): a path of at most d messages,
 * the root's c messages one after another on its link, about (d + c) alpha + (p - 1) n beta
 * (the root-link bound); every up link carries the blocks below it exactly once, so no kappa_l
 * on a tree network. The first call on a communicator adds the topology's computation (an
 * allgather of processor names, an allreduce of 40 bytes, the parse).
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A bad description, a host missing in it, or ranks disagreeing on it give MPI_ERR_ARG on
 * every rank before any data moves. A block of more than INT_MAX bytes is gathered by the linear
 * algorithm instead. Packed data must be the bare signature (a homogeneous system: checked, else
 * MPI_ERR_TYPE).
 *
 * @par Memory
 * Two ints per vertex of the rank tree (representatives and ring ranges, computed per call); a
 * rank's run, size(top) B bytes (none for a leaf with a gap-free type); at the root p B bytes
 * unless the stage is recvbuf; a request per child received from. Cached with the communicator:
 * the rank tree and the ring (machine/topology_comm.h).
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (topology-specific routines generated from a description); A. Faraj, P. Patarasuk,
 * X. Yuan, "Bandwidth Efficient All-to-All Broadcast on Switched Clusters", IEEE Cluster 2005
 * (the DFS ordering: every subtree's ranks consecutive).
 */
#ifndef COLLALG_GATHER_TOPOLOGY_H
#define COLLALG_GATHER_TOPOLOGY_H

#include "../family/gather.h"
#include "../machine/topology_comm.h"

/** @brief One call's plan on the rank tree, shared by the topology gather and scatter. */
typedef struct collalg__gather_topo {
    const collalg__topo_comm *t; /**< the communicator's topology */
    collalg__typeinfo ti;        /**< this rank's datatype (the root: the root-side type) */
    MPI_Aint bytes;              /**< B: signature bytes of one block (<= INT_MAX) */
    collalg__blocks bt;          /**< messages of up to p blocks of B bytes */
    int root;                    /**< the root */
    int *lo;                     /**< lo[v]: first ring position of v's subtree */
    int *rep;                    /**< rep[v]: the representative of v */
    int top;                     /**< this rank's top vertex */
} collalg__gather_topo;

/**
 * @brief Computes the ring ranges, the representatives and this rank's top vertex (see the file
 *        comment) into scratch. @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__gather_topo_plan(collalg__ctx *c, collalg__gather_topo *h)
{
    const collalg__topo_tree *rt = &h->t->tree;
    void *raw = NULL;
    int k, v, err = collalg__scratch(c, (MPI_Aint)sizeof(int) * 2 * rt->n, &raw);
    if (err != MPI_SUCCESS)
        return err;
    h->lo = (int *)raw;
    h->rep = h->lo + rt->n;
    for (v = 0; v < rt->n; v++)
        h->lo[v] = -1;
    /* in ring order: the first rank to reach a vertex is the first of its subtree */
    for (k = 0; k < rt->p; k++)
        for (v = h->t->ring[k]; v >= 0 && h->lo[v] < 0; v = rt->parent[v]) {
            h->lo[v] = k;
            h->rep[v] = h->t->ring[k];
        }
    for (v = h->root; v >= 0; v = rt->parent[v])
        h->rep[v] = h->root;
    for (h->top = c->rank; rt->parent[h->top] >= 0 && h->rep[rt->parent[h->top]] == c->rank;)
        h->top = rt->parent[h->top];
    return MPI_SUCCESS;
}

/**
 * @brief Sets @p h up for this rank: type facts and B of (@p count, @p type), the topology, the
 *        block type, the plan. *@p linear = 1 when B exceeds INT_MAX; *@p idle = 1 when B = 0
 *        (nothing moves; the topology is still looked up, so a bad description fails alike).
 * @return MPI_SUCCESS, MPI_ERR_ARG for a bad description, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_topo_begin(collalg__ctx *c, collalg__gather_topo *h, int count, MPI_Datatype type,
                                              int root, int *linear, int *idle)
{
    int err = collalg__gather_block(count, type, &h->ti, &h->bytes);
    h->root = root;
    h->t = NULL;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_get(c, &h->t);
    *linear = err == MPI_SUCCESS && h->bytes > (MPI_Aint)INT_MAX;
    *idle = err == MPI_SUCCESS && h->bytes == 0;
    if (err != MPI_SUCCESS || *linear || *idle)
        return err;
    err = collalg__ctx_blocks(c, (int)h->bytes, MPI_BYTE, c->size, &h->bt);
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_plan(c, h);
    return err;
}

/**
 * @brief Posts (or with @p req NULL counts) the transfers of this rank with the representatives
 *        of the children of its chain: u's subtree into (gather) or out of (scatter, @p send)
 *        @p run, whose position 0 is ring position @p base. @return MPI error code.
 */
COLLALG_INLINE int collalg__gather_topo_children(collalg__ctx *c, const collalg__gather_topo *h, char *run, int base,
                                                 int send, MPI_Request *req, int *n)
{
    const collalg__topo_tree *rt = &h->t->tree;
    int v, i, u, err = MPI_SUCCESS;
    for (v = c->rank; err == MPI_SUCCESS; v = rt->parent[v]) {
        for (i = rt->first[v]; i < rt->first[v + 1] && err == MPI_SUCCESS; i++) {
            u = rt->child[i];
            if (h->rep[u] == c->rank)
                continue;
            if (req) {
                char *at = run + (MPI_Aint)(h->lo[u] - base) * h->bytes;
                int len = rt->size[u] * h->bt.per_block;
                err = send ? COLLALG_MPI(Isend)(at, len, h->bt.type, h->rep[u], COLLALG_TAG_DATA, c->pcomm, &req[*n])
                           : COLLALG_MPI(Irecv)(at, len, h->bt.type, h->rep[u], COLLALG_TAG_DATA, c->pcomm, &req[*n]);
            }
            *n += err == MPI_SUCCESS;
        }
        if (v == h->top)
            break;
    }
    return err;
}

/**
 * @brief Posts every transfer with the children of this rank's chain and waits for them once
 *        (cancels them after an error). @return MPI_SUCCESS, MPI_ERR_NO_MEM or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_topo_exchange(collalg__ctx *c, const collalg__gather_topo *h, char *run, int base,
                                                 int send)
{
    MPI_Request *req = NULL;
    void *raw = NULL;
    int n = 0, err;
    collalg__gather_topo_children(c, h, run, base, send, NULL, &n);
    err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * n, &raw);
    req = (MPI_Request *)raw;
    n = 0;
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_children(c, h, run, base, send, req, &n);
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(n, req));
    return collalg__waitall(n, req);
}

/** @brief 1 when the root's stage can be its user buffer: ring order is rank order and the root's
 *         datatype has no gaps. */
COLLALG_INLINE int collalg__gather_topo_direct(const collalg__gather_topo *h)
{
    int k;
    if (!h->ti.dense)
        return 0;
    for (k = 0; k < h->t->p; k++)
        if (h->t->ring[k] != k)
            return 0;
    return 1;
}

/**
 * @brief Moves every block but the root's between the scratch stage @p stage (ring order) and its
 *        place in @p buf (@p count elements of @p type per block): unpacks when @p to_user
 *        (gather), packs otherwise (scatter). @return MPI error code.
 */
COLLALG_INLINE int collalg__gather_topo_reorder(const collalg__ctx *c, const collalg__gather_topo *h, char *stage,
                                                const void *buf, int count, MPI_Datatype type, int to_user)
{
    int k, r, err = MPI_SUCCESS;
    for (k = 0; k < h->t->p && err == MPI_SUCCESS; k++) {
        char *at = stage + (MPI_Aint)k * h->bytes;
        void *block;
        r = h->t->ring[k];
        if (r == h->root)
            continue;
        block = collalg__at(buf, (MPI_Aint)r * count, h->ti.extent);
        if (to_user)
            err = collalg__gather_unpack(c, at, h->bytes, block, count, type, &h->ti);
        else
            err = collalg__gather_pack(c, block, count, type, &h->ti, at, h->bytes);
    }
    return err;
}

/** @brief A rank other than the root: its run, then one message up. @return MPI error code. */
COLLALG_INLINE int collalg__gather_topo_node(collalg__ctx *c, const collalg__gather_topo *h, const void *sendbuf,
                                             int sendcount, MPI_Datatype sendtype)
{
    const collalg__topo_tree *rt = &h->t->tree;
    int n = rt->size[h->top], base = h->lo[h->top], up = h->rep[rt->parent[h->top]], err;
    void *raw = NULL;
    if (n == 1 && h->ti.dense)
        return COLLALG_MPI(Send)((const char *)sendbuf + h->ti.lb, h->bt.per_block, h->bt.type, up, COLLALG_TAG_DATA,
                                 c->pcomm);
    err = collalg__scratch(c, (MPI_Aint)n * h->bytes, &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gather_pack(c, sendbuf, sendcount, sendtype, &h->ti,
                                   (char *)raw + (MPI_Aint)(h->t->pos[c->rank] - base) * h->bytes, h->bytes);
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_exchange(c, h, (char *)raw, base, 0);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(raw, n * h->bt.per_block, h->bt.type, up, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/** @brief The root: every subtree into its stage, then the reorder. @return MPI error code. */
COLLALG_INLINE int collalg__gather_topo_root(collalg__ctx *c, const collalg__gather_topo *h, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype)
{
    int direct = collalg__gather_topo_direct(h), err = MPI_SUCCESS;
    void *raw = NULL;
    char *stage;
    if (!direct)
        err = collalg__scratch(c, (MPI_Aint)h->t->p * h->bytes, &raw);
    stage = direct ? (char *)recvbuf + h->ti.lb : (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_exchange(c, h, stage, 0, 0);
    if (err == MPI_SUCCESS && !direct)
        err = collalg__gather_topo_reorder(c, h, stage, recvbuf, recvcount, recvtype, 1);
    return err;
}

/**
 * @brief MPI_Gather along the topology's switch tree: each subtree gathered at one of its ranks
 *        and sent up in one message.
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
 *         arguments (family/gather.h); MPI_ERR_ARG on every rank, @p recvbuf untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM when the
 *         topology, the plan, a run, the stage or the requests cannot be allocated; MPI_ERR_TYPE
 *         when packed data is not the bare signature; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_gather_topology(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__gather_topo h;
    int linear = 0, idle = 0, is_root,
        err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    is_root = c.rank == root;
    if (err == MPI_SUCCESS)
        err = collalg__gather_topo_begin(&c, &h, is_root ? recvcount : sendcount, is_root ? recvtype : sendtype, root,
                                         &linear, &idle);
    if (err == MPI_SUCCESS && linear)
        err = collalg__gather_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    else if (err == MPI_SUCCESS && is_root) {
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, h.ti.extent),
                            recvcount, recvtype, c.pcomm);
        if (err == MPI_SUCCESS && !idle)
            err = collalg__gather_topo_root(&c, &h, recvbuf, recvcount, recvtype);
    } else if (err == MPI_SUCCESS && !idle)
        err = collalg__gather_topo_node(&c, &h, sendbuf, sendcount, sendtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_TOPOLOGY_H */
