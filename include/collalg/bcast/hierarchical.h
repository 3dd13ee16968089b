/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup bcast
 * @brief Bcast in two levels fused chunk by chunk: van de Geijn's scatter-allgather, pipelined,
 *        among one member per node, each member passing every chunk on to the other ranks of its
 *        node as soon as the chunk is complete there.
 *
 * @par Levels
 * The node level of machine/node.h. Every node has one *member* of the inter-node group: the root in
 * the root's node, the node's lowest rank elsewhere. Group index i is the member of node
 * (node of root + i) mod N, so the root has index 0. The other ranks of a node are its *local*
 * ranks.
 *
 * @par Phases
 * The message (its bytes: family/bcast.h's view) is cut into chunks of @p segsize bytes, the
 * first #COLLALG_BCAST_PSA_CHUNKS of them ramped up (collalg__ramp_lo), and each chunk into
 * N - 1 pieces; piece j belongs to group index j + 1. Chunk by chunk, up to
 * #COLLALG_BCAST_PSA_CHUNKS chunks in flight (collalg_bcast_pipelined_scatter_allgather() on the
 * group):
 * -# Scatter: the root sends piece j of the chunk to the member of index j + 1.
 * -# Allgather: that member sends it to the N - 2 other non-root members.
 * -# Share: a member whose chunk is complete (the root: as soon as it has scattered it) sends the
 *    whole chunk to each local rank of its node, which receives the chunks in order.
 * So HAN's two tasks, ib (among the nodes) and sb (inside a node), overlap at the grain of one
 * chunk rather than one HAN segment: when the last chunk reaches a node, all that is left is that
 * chunk's copy to the local ranks.
 *
 * @par Trace, p = 5 on 3 nodes {0, 3}, {1, 4}, {2}, root 4, one chunk
 * @verbatim
   group:     index 0 = 4 (the root), 1 = 2 (node of 2), 2 = 0 (node of 0, its lowest rank)
   scatter:   4 -piece 0-> 2,  4 -piece 1-> 0;   share at the root: 4 -chunk-> 1
   allgather: 2 -piece 0-> 0,  0 -piece 1-> 2
   share:     0 -chunk-> 3      (node {2}: no local rank)
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n bytes, chunks of m
 * bytes: every node link carries n bytes in (the lower bound of a broadcast) and at most n out;
 * the pipeline is three hops deep (scatter, allgather, share), so
 * T ~ n beta_inter + 2 (alpha_inter + m beta_inter) + alpha_intra + m beta_intra + (n / m) N o,
 * with o the per-message overhead. A member sends n (q - 1) bytes inside its node (linear share),
 * which overlaps the inter-node transfers where beta_intra (q - 1) < beta_inter. Measured on
 * tests/platform/smp/ (16 nodes of 8 ranks, node links 1.25 GB/s and 2 us, loopback 10 GB/s;
 * bound 3.36 ms): 4 MiB at 128 ranks 3.76 ms with ranks consecutive or round-robin, against 4.07
 * for collalg_bcast_han() and 7.20 (consecutive) or 32.0 (round-robin) for SimGrid's best
 * selector. SimGrid charges every flow 5% of its size as reverse traffic (network/crosstraffic),
 * so a node that both receives n and forwards most of it needs about 1.05 n beta_inter: 3.52 ms.
 *
 * @par Restrictions
 * None: any p >= 1, any placement of ranks on nodes (uneven nodes, one node, one rank per node),
 * any root, any datatype, ranks passing different datatypes of one signature (the chunks are cut
 * in bytes of the signature, family/bcast.h).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view). With
 * W = #COLLALG_BCAST_PSA_CHUNKS: at a member N + q ints and W (2 N - 3 + q - 1) requests
 * (W (N - 1 + q - 1) at the root), W requests at a local rank. The node level (machine/node.h) is
 * kept with the communicator.
 *
 * @par References
 * M. Barnett et al., "Interprocessor collective communication library (InterCom)", SHPCC 1994, and
 * E. Chan et al., "Collective communication: theory, practice, and experience", CCPE 19(13), 2007,
 * §6 (the scatter-allgather broadcast and its pipelining); X. Luo et al., "HAN: a Hierarchical
 * AutotuNed Collective Communication Framework", IEEE CLUSTER 2020, §III (inter-node task ib and
 * intra-node task sb overlapped; here at the grain of one chunk).
 */
#ifndef COLLALG_BCAST_HIERARCHICAL_H
#define COLLALG_BCAST_HIERARCHICAL_H

#include "../family/bcast.h"
#include "../machine/node.h"
#include "pipelined_scatter_allgather.h"

/** @brief The member of node @p i in collalg_bcast_hierarchical(): @p root in its own node, else
 *         the node's lowest rank. */
COLLALG_INLINE int collalg__bcast_hier_member(const collalg__node *nd, int i, int root)
{
    return i == nd->node_of[root] ? root : nd->members[nd->first[i]];
}

/**
 * @brief One rank's part of collalg_bcast_hierarchical() on the byte view: builds the group (the
 *        members by index, from the root's node on) and, at a member, its local ranks.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_hier_run(collalg__ctx *c, const collalg__bcast_view *w, const collalg__node *nd,
                                           int root, int segsize)
{
    int rnode = nd->node_of[root], me = collalg__bcast_hier_member(nd, nd->node, root), i, n = 0, err;
    int *group, *local;
    void *mem;
    if (c->rank != me) /* a local rank */
        return collalg__psa_run(c, w, root, segsize, NULL, 1, 0, NULL, 0, me);
    err = collalg__scratch(c, (MPI_Aint)(nd->nnodes + nd->node_size) * (MPI_Aint)sizeof(int), &mem);
    if (err != MPI_SUCCESS)
        return err;
    group = (int *)mem;
    local = group + nd->nnodes;
    for (i = 0; i < nd->nnodes; i++)
        group[i] = collalg__bcast_hier_member(nd, (rnode + i) % nd->nnodes, root);
    for (i = nd->first[nd->node]; i < nd->first[nd->node + 1]; i++)
        if (nd->members[i] != me)
            local[n++] = nd->members[i];
    return collalg__psa_run(c, w, root, segsize, group, nd->nnodes, (nd->node - rnode + nd->nnodes) % nd->nnodes, local,
                            n, -1);
}

/**
 * @brief MPI_Bcast in two levels: a pipelined scatter-allgather among one member per node, every
 *        chunk passed on inside the node as soon as it is complete there.
 *
 * @bcast_args
 * @param[in] segsize chunk size in bytes, >= 0, rounded down to whole elements of the moved data
 *        (bytes of the signature, or the datatype's elements past INT_MAX bytes), at least one;
 *        0 = #COLLALG_BCAST_PSA_SEGSIZE_DEFAULT (128 KiB).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0 (before any message);
 *         MPI_ERR_NO_MEM when the node level (on every rank), the group, the request slots or the
 *         scratch of a datatype with gaps cannot be allocated (on that rank); or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_hierarchical(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                              int segsize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    const collalg__node *nd = NULL;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_hier_run(&c, &w, nd, root, segsize);
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_HIERARCHICAL_H */
