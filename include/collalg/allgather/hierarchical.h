/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup allgather
 * @brief Allgather in three levels: gather to the node leader, allgather among the leaders,
 *        broadcast in the node (the two-level task split of HAN, Luo et al., CLUSTER 2020, §III,
 *        applied to the all-gather).
 *
 * @par Levels
 * The node level of machine/node.h: every node's lowest rank is its leader, the leaders'
 * communicator holds one rank per node, node i holds the ranks members[first[i] ..
 * first[i+1] - 1] (increasing).
 *
 * @par Stage
 * The algorithm works on a *stage* of p blocks (recvcount elements of recvtype each) in node
 * order: position k holds the block of rank members[k], so node i's blocks are the consecutive
 * positions first[i] .. first[i+1] - 1. When every node holds consecutive ranks (node.h's
 * `consecutive`), node order is rank order and the stage is recvbuf itself; otherwise it is
 * scratch and a last local step copies position k to slot members[k] of recvbuf.
 *
 * @par Phases
 * 1. Gather (linear): every non-leader sends its block to its leader, which receives them all at
 *    once into its node's positions of the stage and copies its own block there.
 * 2. Inter-node allgather among the leaders, in place on the stage: leader i contributes positions
 *    first[i] .. first[i+1] - 1. With equal nodes this is an allgather of q blocks per leader
 *    (@p inter); with unequal ones an allgatherv (@p interv). Skipped with one node.
 * 3. Broadcast of the whole stage (p blocks) from the leader inside every node (@p intra, by
 *    default a pipelined chain). Skipped on nodes of one rank.
 * 4. Unpermute (scratch stage only): position k is copied to slot members[k] of recvbuf.
 *
 * @par Trace, p = 5 round-robin on 2 nodes {0, 2, 4} and {1, 3}
 * @verbatim
   stage order:  [0 2 4 | 1 3]              (node 0: positions 0..2, node 1: positions 3..4)
   gather:       2 -> 0, 4 -> 0;  3 -> 1
   inter:        leaders 0 and 1 exchange [0 2 4] and [1 3] (allgatherv, counts 3 and 2)
   bcast:        0 -> 2, 4 (5 blocks);  1 -> 3 (5 blocks)
   unpermute:    every rank copies position k to slot members[k]: [0 1 2 3 4]
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, p = N q, n bytes per
 * block: gather alpha_intra + (q - 1) n beta_intra at the leader; the inter allgather among N
 * leaders with blocks of q n bytes (ring: (N - 1)(alpha_inter + q n beta_inter), the node links
 * carrying (p - q) n bytes each way, the link-load bound of the all-gather); the broadcast of p n
 * bytes in the node (T_intra(p n) on q ranks; the default chain about (p n + (q - 2) m) beta_intra
 * with m = 64 KiB segments). The node links move each byte once; the price is the intra-node
 * broadcast of everything, cheap where the node's memory bandwidth exceeds its network link.
 * Measured on tests/platform/smp/ (16 nodes of 8 ranks, node links 1.25 GB/s, loopback 10 GB/s):
 * 128 KiB per rank 13.76 ms with either placement (link-load bound 12.6 ms; the flat ring 105.8 ms
 * with consecutive placement); 8 B per rank 0.021 ms (flat Bruck 0.032 ms).
 *
 * @par Restrictions
 * None: any p >= 1, any placement of ranks on nodes (uneven nodes, round-robin, one node, one
 * rank per node), any datatypes (send and receive types may differ, signatures equal),
 * MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * Consecutive placement: no scratch (the stage is recvbuf) except 2 N ints for the allgatherv's
 * counts with unequal nodes. Other placements: p blocks of recvtype (the stage) on every rank.
 * q - 1 requests at a leader. The node level (machine/node.h) is kept with the communicator.
 *
 * @par References
 * X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication Framework", IEEE
 * CLUSTER 2020, §III (the intra-node / inter-node task split); Open MPI's coll/han component runs
 * its allgather as the same three tasks (low gather, up allgather, low bcast).
 */
#ifndef COLLALG_ALLGATHER_HIERARCHICAL_H
#define COLLALG_ALLGATHER_HIERARCHICAL_H

#include "../allgatherv/bruck.h"
#include "../allgatherv/ring.h"
#include "../family/allgather.h"
#include "../machine/node.h"
#include "../bcast/chain.h"
#include "bruck.h"
#include "ring.h"

/** @brief Stage size, bytes (p blocks), from which collalg_allgather_hierarchical()'s default
 *         inter-node algorithm is the ring rather than Bruck: 64 KiB. */
#define COLLALG_ALLGATHER_HIERARCHICAL_RING_BYTES (64 << 10)

/** @brief Segment size of the default intra-node broadcast of collalg_allgather_hierarchical(),
 *         bytes: 64 KiB (128 KiB per rank among the 128 ranks of tests/platform/smp/: 13.76 ms, against
 *         13.77 with 16 KiB, 13.87 with 256 KiB and 14.34 with 1 MiB segments). */
#define COLLALG_ALLGATHER_HIERARCHICAL_INTRA_SEGSIZE (64 << 10)

/** @brief The default intra-node broadcast of collalg_allgather_hierarchical(): the pipelined
 *         chain (collalg_bcast_chain()) in segments of #COLLALG_ALLGATHER_HIERARCHICAL_INTRA_SEGSIZE.
 *         For 128 KiB per rank at 128 ranks on tests/platform/smp/ the whole allgather takes 13.76 ms
 *         with it, 16.2 ms with the van de Geijn broadcast and 18.3 ms with SimGrid's MPI_Bcast or
 *         the binomial tree (the chain's node members each receive the 16 MiB once, at link speed). */
COLLALG_INLINE int collalg__allgather_hierarchical_intra_default(void *buffer, int count, MPI_Datatype datatype,
                                                                 int root, MPI_Comm comm)
{
    return collalg_bcast_chain(buffer, count, datatype, root, comm, COLLALG_ALLGATHER_HIERARCHICAL_INTRA_SEGSIZE);
}

/** @brief One call's layout: the stage and its block datatype. */
typedef struct collalg__hier_allgather {
    const collalg__node *nd;   /**< the node level */
    char *stage;               /**< p blocks in node order: recvbuf, or scratch */
    int recvcount;             /**< elements of recvtype per block */
    MPI_Datatype recvtype;     /**< the receive datatype */
    MPI_Aint rext;             /**< its extent */
    collalg__blocks b;         /**< block datatype: messages of up to p blocks */
    MPI_Aint bytes;            /**< bytes of the p blocks (their signature) */
    collalg_allgather_fn ag;   /**< inter algorithm, equal nodes */
    collalg_allgatherv_fn agv; /**< inter algorithm, unequal nodes */
    collalg_bcast_fn intra;    /**< intra algorithm */
} collalg__hier_allgather;

/** @brief Address of stage position @p k. */
COLLALG_INLINE char *collalg__hier_pos(const collalg__hier_allgather *h, int k)
{
    return (char *)collalg__at(h->stage, (MPI_Aint)k * h->recvcount, h->rext);
}

/**
 * @brief Phase 1: the leader receives its node's blocks into their stage positions and copies
 *        its own; the others send theirs. @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__hier_gather(collalg__ctx *c, const collalg__hier_allgather *h, const void *sendbuf,
                                        int sendcount, MPI_Datatype sendtype)
{
    const collalg__node *nd = h->nd;
    collalg__allgather_reqs_t r = {NULL, NULL, 0};
    int j, base = nd->first[nd->node], err;
    if (nd->node_rank != 0)
        return COLLALG_MPI(Send)(sendbuf, sendcount, sendtype, 0, COLLALG_TAG_DATA, nd->nodecomm);
    err = collalg__allgather_reqs(c, nd->node_size, &r);
    for (j = 1; j < nd->node_size && err == MPI_SUCCESS; j++) {
        err = COLLALG_MPI(Irecv)(collalg__hier_pos(h, base + j), h->recvcount, h->recvtype, j, COLLALG_TAG_DATA,
                                 nd->nodecomm, &r.req[r.n]);
        r.n += err == MPI_SUCCESS;
    }
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__hier_pos(h, base), h->recvcount, h->recvtype,
                            c->pcomm);
    return collalg__allgather_waitall(&r, err);
}

/**
 * @brief Phase 2 (leaders): the inter-node allgather(v), in place on the stage.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM (counts of unequal nodes), or the error of the algorithm.
 */
COLLALG_INLINE int collalg__hier_inter(collalg__ctx *c, const collalg__hier_allgather *h)
{
    const collalg__node *nd = h->nd;
    void *mem = NULL;
    int *counts, *displs, i, err;
    if (nd->uniform)
        return h->ag(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, h->stage, nd->max_node_size * h->b.per_block, h->b.type,
                     nd->leaders);
    err = collalg__scratch(c, 2 * (MPI_Aint)nd->nnodes * (MPI_Aint)sizeof(int), &mem);
    if (err != MPI_SUCCESS)
        return err;
    counts = (int *)mem;
    displs = counts + nd->nnodes;
    for (i = 0; i < nd->nnodes; i++) { /* first[] <= p and p * per_block fits an int (collalg__blocks) */
        counts[i] = (nd->first[i + 1] - nd->first[i]) * h->b.per_block;
        displs[i] = nd->first[i] * h->b.per_block;
    }
    return h->agv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, h->stage, counts, displs, h->b.type, nd->leaders);
}

/** @brief Phase 3: the leader broadcasts the whole stage in its node. @return MPI error code. */
COLLALG_INLINE int collalg__hier_intra(const collalg__hier_allgather *h)
{
    return h->intra(h->stage, h->nd->p * h->b.per_block, h->b.type, 0, h->nd->nodecomm);
}

/** @brief Phase 4: stage position k to slot members[k] of @p recvbuf. @return MPI error code. */
COLLALG_INLINE int collalg__hier_unpermute(collalg__ctx *c, const collalg__hier_allgather *h, void *recvbuf)
{
    int k, err = MPI_SUCCESS;
    for (k = 0; k < h->nd->p && err == MPI_SUCCESS; k++)
        err = collalg__copy(collalg__hier_pos(h, k), h->recvcount, h->recvtype,
                            collalg__at(recvbuf, (MPI_Aint)h->nd->members[k] * h->recvcount, h->rext), h->recvcount,
                            h->recvtype, c->pcomm);
    return err;
}

/** @brief The four phases (see the file comment). @return MPI error code. */
COLLALG_INLINE int collalg__hier_allgather_run(collalg__ctx *c, collalg__hier_allgather *h, const void *sendbuf,
                                               int sendcount, MPI_Datatype sendtype, void *recvbuf)
{
    const collalg__node *nd = h->nd;
    int err = MPI_SUCCESS;
    if (!nd->consecutive) {
        collalg__typeinfo ti;
        void *stage = NULL;
        err = collalg__typeinfo_get(h->recvtype, &ti);
        if (err == MPI_SUCCESS)
            err = collalg__scratch_typed(c, (MPI_Aint)nd->p * h->recvcount, &ti, &stage);
        h->stage = (char *)stage;
    }
    if (err == MPI_SUCCESS)
        err = collalg__hier_gather(c, h, sendbuf, sendcount, sendtype);
    if (err == MPI_SUCCESS && nd->node_rank == 0 && nd->nnodes > 1)
        err = collalg__hier_inter(c, h);
    if (err == MPI_SUCCESS && nd->node_size > 1)
        err = collalg__hier_intra(h);
    if (err == MPI_SUCCESS && !nd->consecutive)
        err = collalg__hier_unpermute(c, h, recvbuf);
    return err;
}

/**
 * @brief MPI_Allgather by a gather to each node's leader, an allgather among the leaders and a
 *        broadcast in each node.
 *
 * @allgather_args
 * @param[in] inter the allgather among the node leaders when all nodes hold the same number of
 *        ranks, any MPI_Allgather-shaped function (a catalogue allgather, MPI_Allgather); called
 *        by the leaders only, on the leaders' communicator of machine/node.h, in place (sendbuf
 *        MPI_IN_PLACE) with blocks of q blocks of recvbuf. NULL = collalg_allgather_bruck() when
 *        the p blocks hold fewer than #COLLALG_ALLGATHER_HIERARCHICAL_RING_BYTES (64 KiB),
 *        collalg_allgather_ring() otherwise.
 * @param[in] interv the same when nodes differ in size: an MPI_Allgatherv-shaped function.
 *        NULL = collalg_allgatherv_bruck() below 64 KiB, collalg_allgatherv_ring() from there.
 * @param[in] intra the broadcast of all p blocks from the leader inside a node, called on every
 *        node of two or more ranks on its node communicator (MPI_Bcast, a catalogue bcast); NULL =
 *        collalg__allgather_hierarchical_intra_default() (pipelined chain, 64 KiB segments).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when the node level (on every rank), the stage or the
 *         request array (on the rank that cannot allocate them) cannot be allocated; the error of
 *         @p inter, @p interv or @p intra as they return it; or the class of an error raised by
 *         an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_hierarchical(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                                  collalg_allgather_fn inter, collalg_allgatherv_fn interv,
                                                  collalg_bcast_fn intra)
{
    collalg__ctx c;
    collalg__hier_allgather h;
    MPI_Aint lb;
    int size = 0,
        err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    memset(&h, 0, sizeof h);
    err = collalg__node_get_for(&c, recvcount, recvtype, &size, &h.nd, err);
    if (err == MPI_SUCCESS && !h.nd)
        return collalg__leave(&c, MPI_SUCCESS); /* nothing moves */
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &h.rext);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &h.b);
    if (err == MPI_SUCCESS) {
        int big;
        h.stage = (char *)recvbuf;
        h.recvcount = recvcount;
        h.recvtype = recvtype;
        h.bytes = (MPI_Aint)c.size * recvcount * size;
        big = h.bytes >= COLLALG_ALLGATHER_HIERARCHICAL_RING_BYTES;
        h.ag = inter ? inter : big ? collalg_allgather_ring : collalg_allgather_bruck;
        h.agv = interv ? interv : big ? collalg_allgatherv_ring : collalg_allgatherv_bruck;
        h.intra = intra ? intra : collalg__allgather_hierarchical_intra_default;
        err = collalg__hier_allgather_run(&c, &h, sendbuf, sendcount, sendtype, recvbuf);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_HIERARCHICAL_H */
