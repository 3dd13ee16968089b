/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file node_aware.h
 * @ingroup alltoall
 * @brief Alltoall, node-aware aggregation (Bienz et al.'s locality-aware all-to-all, the
 *        algorithm of mpi-advance's `MPIL_Alltoall`): the blocks a rank has for the ranks of a
 *        remote node travel in one message to one rank of that node, which redistributes them
 *        inside its node.
 *
 * @par Partners
 * The node level of machine/node.h: node i holds q_i ranks, members[first[i] ..] in rank order;
 * (i, l) is the rank of node i with node rank l. The *partner* of (a, l) on another node b is
 * (b, l mod q_b). So every rank of a sends to exactly one rank of b, and (b, t) hears from the
 * ranks (a, l) with l = t (mod q_b), l < q_a: its *sources* on a (none when t >= q_a). Every block
 * s -> r between different nodes therefore passes through exactly one rank of r's node, the
 * partner of s there, and reaches r exactly once.
 *
 * @par Phases
 * The blocks are handled as packed bytes (dense datatypes in place, others packed, as in the
 * shared-memory family: machine/shm.h), B bytes each.
 * -# Inter-node: (a, l) sends to its partner on every other node b the q_b blocks it has for the
 *    ranks of b, in one message (the ranks of b in rank order; staged in node order unless every
 *    node holds consecutive ranks), and receives from each of its sources the q blocks they have
 *    for its own node. All messages are posted at once.
 * -# Intra-node: every rank sends each node-mate r, in one message, the blocks for r out of
 *    everything it received in phase 1 (one from each of its sources: a strided datatype over the
 *    received messages), and, in another, its own block for r (posted with phase 1: it does not
 *    depend on it). It receives from each node-mate m the blocks of m's sources for itself and
 *    m's own block, and copies the former to the sources' slots.
 * -# Local: its own block, and the blocks of its own sources meant for itself, are copied.
 *
 * @par Trace, p = 5 on 2 nodes {0, 1, 2} and {3, 4} (q = 3 and 2)
 * @verbatim
   partners on {3,4}:  0 -> 3, 1 -> 4, 2 -> 3        partners on {0,1,2}:  3 -> 0, 4 -> 1
   inter:  0 -> 3 [0>3 0>4],  1 -> 4 [1>3 1>4],  2 -> 3 [2>3 2>4]
           3 -> 0 [3>0 3>1 3>2],  4 -> 1 [4>0 4>1 4>2]
   intra:  3 -> 4 [0>4 2>4] and [3>4];  4 -> 3 [1>3] and [4>3]
           0 -> 1 [3>1], 0 -> 2 [3>2];  1 -> 0 [4>0], 1 -> 2 [4>2];  2 -> 0, 2 -> 1: own blocks only
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of q ranks, p = N q, n bytes per block:
 * inter-node (N - 1) messages of q n bytes per rank, all posted at once: alpha_inter + (N - 1) q n
 * beta_inter per rank, and every node link carries (p - q) q n bytes, as the direct all-to-all
 * (the link-load bound); intra-node 2 (q - 1) messages per rank of about (N + 1) n bytes, plus the
 * staging copies. It sends (N - 1) + 2 (q - 1) messages per rank instead of p - 1: the gain is
 * the latency and per-message cost of small blocks across the network.
 *
 * @par Restrictions
 * None: any p >= 1, any placement of ranks on nodes (uneven nodes, round-robin, one node, one rank
 * per node), any datatypes (send and receive types may differ, signatures equal), MPI_IN_PLACE.
 *
 * @par Memory
 * Per rank, with s sources: s q n bytes (phase 1's messages) and about (p - q) n bytes (phase 2's);
 * p n bytes more when ranks are not consecutive per node (the node-ordered send stage), when the
 * send type is not dense (packed copy) and when the receive type is not dense (packed receive
 * buffer); (N - 1) + s + 4 (q - 1) requests. The node level is kept with the communicator.
 *
 * @par References
 * A. Bienz, W. Gropp, L. Olson, "Node aware sparse matrix-vector multiplication", JPDC 130
 * (2019) (node-aware aggregation of inter-node messages); mpi-advance, `MPIL_Alltoall` (its
 * locality-aware all-to-all).
 */
#ifndef COLLALG_ALLTOALL_NODE_AWARE_H
#define COLLALG_ALLTOALL_NODE_AWARE_H

#include "../family/alltoall.h"
#include "../machine/node.h"
#include "../machine/shm.h"

/** @brief One call's state: the byte views, the node level, the block datatypes, scratch. */
typedef struct collalg__na {
    const collalg__node *nd; /**< the node level */
    MPI_Comm pcomm;          /**< the private communicator */
    int me;                  /**< this rank */
    const char *sb;          /**< send blocks, packed, rank order */
    char *rb;                /**< receive blocks, packed, rank order */
    MPI_Aint B;              /**< bytes per block */
    MPI_Datatype blk;        /**< one block: B bytes (MPI_DATATYPE_NULL until made) */
    MPI_Datatype vec;        /**< this rank's sources' blocks for one node-mate (strided) */
    const char *stage;       /**< send blocks in node order (sb itself for consecutive nodes) */
    char *in;                /**< phase 1's messages: nsrc messages of q blocks, in source order */
    char *mate;              /**< phase 2's messages from the node-mates, one after the other */
    int nsrc;                /**< this rank's sources */
    int *src;                /**< a source list (p ints) */
    MPI_Request *req;        /**< requests */
    int nreq;                /**< requests posted */
} collalg__na;

/**
 * @brief The sources of the rank with node rank @p t of node @p b: the ranks (a, l), a != b,
 *        l = t mod q_b, l < q_a, nodes in order and l increasing, into @p out (NULL: only counted).
 * @return their number.
 */
COLLALG_INLINE int collalg__na_sources(const collalg__node *nd, int b, int t, int *out)
{
    int a, l, n = 0, qb = nd->first[b + 1] - nd->first[b];
    for (a = 0; a < nd->nnodes; a++) {
        int qa = nd->first[a + 1] - nd->first[a];
        for (l = t; a != b && l < qa; l += qb, n++)
            if (out)
                out[n] = nd->members[nd->first[a] + l];
    }
    return n;
}

/** @brief Address of packed block @p k of @p buf (B bytes each). */
COLLALG_INLINE char *collalg__na_at(const char *buf, MPI_Aint k, MPI_Aint B)
{
    return (char *)buf + k * B;
}

/** @brief Builds the block type (B bytes, as recvcount elements of @p size bytes) and the strided
 *         type of phase 2 (block t of each of the nsrc received messages). @return MPI error code. */
COLLALG_INLINE int collalg__na_types(collalg__na *s, int recvcount, int size)
{
    MPI_Datatype elem = MPI_DATATYPE_NULL;
    int err = COLLALG_MPI(Type_contiguous)(size, MPI_BYTE, &elem);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_contiguous)(recvcount, elem, &s->blk);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_commit)(&s->blk);
    if (elem != MPI_DATATYPE_NULL)
        COLLALG_MPI(Type_free)(&elem);
    if (err == MPI_SUCCESS && s->nsrc > 0)
        err = COLLALG_MPI(Type_create_hvector)(s->nsrc, 1, s->nd->node_size * s->B, s->blk, &s->vec);
    if (err == MPI_SUCCESS && s->nsrc > 0)
        err = COLLALG_MPI(Type_commit)(&s->vec);
    return err;
}

/** @brief Posts a non-blocking send (@p send) or receive and counts it. @return MPI error code. */
COLLALG_INLINE int collalg__na_start(collalg__na *s, int send, const char *at, int n, MPI_Datatype t, int peer, int tag,
                                     MPI_Comm comm)
{
    int err = send ? COLLALG_MPI(Isend)(at, n, t, peer, tag, comm, &s->req[s->nreq])
                   : COLLALG_MPI(Irecv)((char *)at, n, t, peer, tag, comm, &s->req[s->nreq]);
    s->nreq += err == MPI_SUCCESS;
    return err;
}

/** @brief Phase 1 (receives from the sources, one message to the partner on every other node) and
 *         the own blocks of phase 2, which depend on nothing. @return MPI error code. */
COLLALG_INLINE int collalg__na_phase1(collalg__na *s)
{
    const collalg__node *nd = s->nd;
    int b, i, k = 0, err = MPI_SUCCESS, q = nd->node_size;
    for (b = 0; b < nd->nnodes && err == MPI_SUCCESS; b++) {
        int qb = nd->first[b + 1] - nd->first[b];
        if (b == nd->node)
            continue;
        for (i = nd->node_rank; i < qb && err == MPI_SUCCESS; i += q, k++) /* my sources on b */
            err = collalg__na_start(s, 0, collalg__na_at(s->in, (MPI_Aint)k * q, s->B), q, s->blk,
                                    nd->members[nd->first[b] + i], COLLALG_TAG_DATA, s->pcomm);
        if (err == MPI_SUCCESS) /* my partner on b: the blocks for b's ranks */
            err = collalg__na_start(s, 1, collalg__na_at(s->stage, nd->first[b], s->B), qb, s->blk,
                                    nd->members[nd->first[b] + nd->node_rank % qb], COLLALG_TAG_DATA, s->pcomm);
    }
    for (i = 0; i < q && err == MPI_SUCCESS; i++) { /* own blocks with the node-mates */
        int r = nd->members[nd->first[nd->node] + i];
        if (r == s->me)
            continue;
        err = collalg__na_start(s, 1, collalg__na_at(s->sb, r, s->B), 1, s->blk, i, COLLALG_TAG_DATA2, nd->nodecomm);
        if (err == MPI_SUCCESS)
            err =
                collalg__na_start(s, 0, collalg__na_at(s->rb, r, s->B), 1, s->blk, i, COLLALG_TAG_DATA2, nd->nodecomm);
    }
    return err;
}

/** @brief Phase 2: to every node-mate its blocks out of phase 1's messages; from every node-mate
 *         the blocks of its sources for this rank (into s->mate, node-mates in order).
 *         @return MPI error code. */
COLLALG_INLINE int collalg__na_phase2(collalg__na *s)
{
    const collalg__node *nd = s->nd;
    MPI_Aint off = 0;
    int j, n, err = MPI_SUCCESS;
    for (j = 0; j < nd->node_size && err == MPI_SUCCESS; j++) {
        if (j == nd->node_rank)
            continue;
        if (s->nsrc > 0)
            err = collalg__na_start(s, 1, collalg__na_at(s->in, j, s->B), 1, s->vec, j, COLLALG_TAG_DATA, nd->nodecomm);
        n = collalg__na_sources(nd, nd->node, j, NULL);
        if (err == MPI_SUCCESS && n > 0)
            err = collalg__na_start(s, 0, collalg__na_at(s->mate, off, s->B), n, s->blk, j, COLLALG_TAG_DATA,
                                    nd->nodecomm);
        off += n;
    }
    return err;
}

/** @brief Phase 3 and phase 2's placement: blocks to their slots of s->rb. No MPI call. */
COLLALG_INLINE void collalg__na_place(collalg__na *s)
{
    const collalg__node *nd = s->nd;
    MPI_Aint off = 0;
    int j, i, n;
    collalg__shm_copy(collalg__na_at(s->rb, s->me, s->B), collalg__na_at(s->sb, s->me, s->B), s->B);
    n = collalg__na_sources(nd, nd->node, nd->node_rank, s->src); /* mine: block node_rank of each message */
    for (i = 0; i < n; i++)
        collalg__shm_copy(collalg__na_at(s->rb, s->src[i], s->B),
                          collalg__na_at(s->in, (MPI_Aint)i * nd->node_size + nd->node_rank, s->B), s->B);
    for (j = 0; j < nd->node_size; j++) { /* each node-mate's sources, in the order they came */
        if (j == nd->node_rank)
            continue;
        n = collalg__na_sources(nd, nd->node, j, s->src);
        for (i = 0; i < n; i++)
            collalg__shm_copy(collalg__na_at(s->rb, s->src[i], s->B), collalg__na_at(s->mate, off + i, s->B), s->B);
        off += n;
    }
}

/** @brief Completes the posted requests: waits for them, or after an error (@p err) cancels the
 *         receives still pending first, so nothing is left in flight. @return @p err, else the
 *         first error of the completion. */
COLLALG_INLINE int collalg__na_complete(collalg__na *s, int err)
{
    if (s->nreq > 0)
        err = collalg__first(err, err != MPI_SUCCESS ? collalg__cancel_all(s->nreq, s->req)
                                                     : collalg__waitall(s->nreq, s->req));
    s->nreq = 0;
    return err;
}

/**
 * @brief Scratch, node-ordered stage and datatypes, then the three phases.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__na_run(collalg__ctx *c, collalg__na *s, int recvcount, int size)
{
    const collalg__node *nd = s->nd;
    int q = nd->node_size, p = nd->p, k, nmate = p - q - s->nsrc, err;
    void *mem = NULL;
    char *at;
    MPI_Aint nreq = (MPI_Aint)nd->nnodes + s->nsrc + 4 * (MPI_Aint)q;
    MPI_Aint head = nreq * (MPI_Aint)sizeof(MPI_Request) + (MPI_Aint)p * (MPI_Aint)sizeof(int);
    MPI_Aint data = ((MPI_Aint)s->nsrc * q + nmate) * s->B; /* nmate: what the node-mates forward to me */
    /* one buffer (a call holds at most COLLALG_MAX_SCRATCH): requests, source list, phase 1's and 2's
       messages, the node-ordered send stage */
    err = collalg__scratch(c, head + data + (nd->consecutive ? 0 : (MPI_Aint)p * s->B), &mem);
    if (err != MPI_SUCCESS)
        return err;
    s->req = (MPI_Request *)mem;
    s->src = (int *)(void *)(s->req + nreq);
    at = (char *)mem + head;
    s->in = at;
    s->mate = at + (MPI_Aint)s->nsrc * q * s->B;
    if (!nd->consecutive) { /* send blocks in node order */
        char *stage = at + data;
        for (k = 0; k < p; k++)
            collalg__shm_copy(collalg__na_at(stage, k, s->B), collalg__na_at(s->sb, nd->members[k], s->B), s->B);
        s->stage = stage;
    }
    if (err == MPI_SUCCESS)
        err = collalg__na_types(s, recvcount, size);
    if (err == MPI_SUCCESS)
        err = collalg__na_phase1(s);
    /* phase 2 forwards what phase 1 received: wait for those first (the own-block messages too) */
    err = collalg__na_complete(s, err);
    if (err == MPI_SUCCESS)
        err = collalg__na_phase2(s);
    err = collalg__na_complete(s, err);
    if (err == MPI_SUCCESS)
        collalg__na_place(s);
    collalg__alltoall_type_free(&s->blk);
    collalg__alltoall_type_free(&s->vec);
    return err;
}

/**
 * @brief MPI_Alltoall by node-aware aggregation: one message per remote node to one rank there,
 *        redistributed inside the node.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when the node level (on every rank) or the scratch (on the
 *         rank that cannot allocate it) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_node_aware(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__na s;
    collalg__shm_bytes sbytes, rbytes;
    int size = 0,
        err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    memset(&s, 0, sizeof s);
    s.blk = MPI_DATATYPE_NULL;
    s.vec = MPI_DATATYPE_NULL;
    err = collalg__node_get_for(&c, recvcount, recvtype, &size, &s.nd, err);
    if (err == MPI_SUCCESS && !s.nd)
        return collalg__leave(&c, MPI_SUCCESS); /* nothing moves */
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_init(&c, &sbytes, sendbuf, (MPI_Aint)c.size * sendcount, sendtype, 1);
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_init(&c, &rbytes, recvbuf, (MPI_Aint)c.size * recvcount, recvtype, 0);
    if (err == MPI_SUCCESS) {
        s.pcomm = c.pcomm;
        s.me = c.rank;
        s.sb = sbytes.at;
        s.rb = rbytes.at;
        s.stage = sbytes.at;
        s.B = (MPI_Aint)recvcount * size;
        s.nsrc = collalg__na_sources(s.nd, s.nd->node, s.nd->node_rank, NULL);
        err = collalg__na_run(&c, &s, recvcount, size);
    }
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_done(&c, &rbytes, recvbuf, (MPI_Aint)c.size * recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_NODE_AWARE_H */
