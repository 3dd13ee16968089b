/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file full_lane.h
 * @ingroup allreduce
 * @brief Allreduce, full-lane decomposition (Träff and Hunold, CLUSTER 2020): a reduce-scatter
 *        inside each node, q allreduces of 1/q of the vector at once across the nodes (one per
 *        lane, node rank j of every node), an allgather inside each node.
 *
 * @par Levels
 * The node level of machine/node.h and its lanes (machine/lanes.h): q is the number of ranks of the
 * smallest node; lane j joins node rank j of every node. The vector is cut into q blocks of
 * count / q elements (the first count mod q one longer); block j belongs to node rank j.
 *
 * @par Phases
 * 1. Node reduce-scatter: every node reduces its ranks' vectors so that node rank j (j < q) holds
 *    block j reduced over the node, at its place in the receive buffer
 *    (collalg_reduce_scatter_ring() on the node communicator, blocks of node ranks q and beyond
 *    empty). Invariant: the q blocks of a node, side by side, are the node's partial vector.
 * 2. Lane allreduce: node rank j allreduces block j with the node ranks j of the other nodes (the
 *    @p inter algorithm, in place, on lane j); the q lanes of a node run at the same time, each
 *    carrying 1/q of the vector, so the node's inter-node traffic is that of one allreduce of the
 *    whole vector, spread over q processes instead of a leader's one.
 *    Invariant: node rank j holds block j of the result.
 * 3. Node allgather: the q blocks are gathered on every rank of the node
 *    (collalg_allgatherv_ring() in place on the node communicator).
 *
 * @par Non-commutative operations
 * The ranks run collalg_allreduce_recursive_doubling() on the whole communicator instead, as
 * collalg_allreduce_han() does (the operation is the same on every rank, so all take the same
 * branch): the result is right, never MPI_ERR_OP. The node reduce-scatter's ring wraps from the
 * node's last rank to its first, which loses the operand order.
 *
 * @par Trace, p = 7 on 2 nodes {0, 1, 2, 3} and {4, 5, 6}: q = 3, blocks b0 b1 b2
 * @verbatim
   phase 1, node {0,1,2,3}: ring reduce-scatter, 0: b0, 1: b1, 2: b2, 3: nothing (over 0..3)
            node {4,5,6}:   ring reduce-scatter, 4: b0, 5: b1, 6: b2 (over 4..6)
   phase 2, lanes {0,4}: b0;  {1,5}: b1;  {2,6}: b2   (three inter-node allreduces at once)
   phase 3, node {0,1,2,3}: ring allgatherv of b0 b1 b2 (3 receives all three)
            node {4,5,6}:   ring allgatherv of b0 b1 b2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_full_lane_p6.svg
 * @image html allreduce_full_lane_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of q ranks, n bytes, T_inter(m) the inter
 * algorithm on N ranks for m bytes: 2 (q - 1) alpha_node + 2 (q - 1) / q n beta_node
 * + (q - 1) / q n gamma (the two node rings) + T_inter(n / q), the q lanes of a node at once. With
 * Rabenseifner on the lanes (the default above 8 KiB per block), a node's link carries
 * 2 (N - 1) / N n bytes in all, the bound of any allreduce among N nodes, and every rank works on
 * n / q bytes of it: Träff and Hunold's full-lane bound, where a single leader (HAN) leaves q - 1
 * cores idle during the inter-node phase.
 *
 * @par Restrictions
 * None: any p >= 1, any placement and node sizes (the ranks of a larger node beyond the smallest
 * node's size contribute in phase 1 and receive in phase 3), count 0, any datatype and op
 * MPI_Reduce_local accepts, MPI_IN_PLACE, non-commutative operations (see above).
 *
 * @par Memory
 * 2 (node size) ints; the node ring's two blocks of n / q bytes; the node level and the lanes
 * (machine/lanes.h: one communicator), and what the inter algorithm takes.
 *
 * @par References
 * J. L. Träff, S. Hunold, "Decomposing MPI Collectives for Exploiting Multi-lane Communication",
 * IEEE CLUSTER 2020, §III (the full-lane allreduce: node reduce-scatter, lane allreduce, node
 * allgather) and §V (its bound); UCC's split-rail allreduce (the same decomposition).
 */
#ifndef COLLALG_ALLREDUCE_FULL_LANE_H
#define COLLALG_ALLREDUCE_FULL_LANE_H

#include "../family/allreduce.h"
#include "../machine/lanes.h"
#include "../allgatherv/ring.h"
#include "../reduce_scatter/ring.h"
#include "han.h"
#include "recursive_doubling.h"

/**
 * @brief The three phases on this rank's node, whose q first ranks own the blocks: @p counts and
 *        @p displs (an entry per node rank, counts 0 beyond q) locate the blocks in @p recvbuf,
 *        which holds the input when @p sendbuf == @p recvbuf (in place); @p pcomm is the private
 *        communicator (local copies).
 * @return MPI_SUCCESS or the first error of a phase.
 */
COLLALG_INLINE int collalg__allreduce_full_lane_run(const void *sendbuf, void *recvbuf, MPI_Datatype datatype,
                                                    MPI_Op op, const collalg__node *nd, const collalg__lanes *l,
                                                    const int *counts, const int *displs, MPI_Aint ext, MPI_Comm pcomm,
                                                    collalg_allreduce_fn inter)
{
    int me = nd->node_rank, err;
    char *mine = (char *)collalg__at(recvbuf, displs[me], ext);
    if (sendbuf == recvbuf) /* in place: the block lands at the start of recvbuf, then moves */
        err = collalg_reduce_scatter_ring(MPI_IN_PLACE, recvbuf, counts, datatype, op, nd->nodecomm);
    else
        err = collalg_reduce_scatter_ring(sendbuf, mine, counts, datatype, op, nd->nodecomm);
    /* block me starts at displs[me] >= counts[0] >= counts[me] (me > 0): the two do not overlap */
    if (err == MPI_SUCCESS && sendbuf == recvbuf && me > 0 && counts[me] > 0)
        err = collalg__copy(recvbuf, counts[me], datatype, mine, counts[me], datatype, pcomm);
    if (err == MPI_SUCCESS && l->lane != MPI_COMM_NULL && counts[me] > 0)
        err = inter(MPI_IN_PLACE, mine, counts[me], datatype, op, l->lane);
    if (err == MPI_SUCCESS)
        err = collalg_allgatherv_ring(MPI_IN_PLACE, 0, datatype, recvbuf, counts, displs, datatype, nd->nodecomm);
    return err;
}

/**
 * @brief MPI_Allreduce by the full-lane decomposition: node reduce-scatter, one allreduce per lane
 *        of 1/q of the vector, node allgather.
 *
 * @allreduce_args
 * @param[in] inter the allreduce of a block among the nodes (phase 2), any MPI_Allreduce-shaped
 *        function, called with MPI_IN_PLACE on a lane communicator (machine/lanes.h) by the ranks
 *        in a lane; used for commutative operations only. NULL = the default of
 *        collalg_allreduce_han() for blocks of that size (collalg__allreduce_han_inter_default():
 *        one all-to-all exchange, recursive doubling or Rabenseifner).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, on every rank before
 *         any message; MPI_ERR_NO_MEM when the node level, the lanes or the scratch cannot be
 *         allocated; the error of @p inter as it returns it; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_full_lane(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, collalg_allreduce_fn inter)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    const collalg__node *nd = NULL;
    const collalg__lanes *l = NULL;
    void *raw = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS && !r.commute)
        err = collalg_allreduce_recursive_doubling(sendbuf == recvbuf ? MPI_IN_PLACE : sendbuf, recvbuf, count,
                                                   datatype, op, c.pcomm);
    else if (err == MPI_SUCCESS && count > 0) {
        int j, qn, *counts, *displs;
        err = collalg__lanes_get(&c, &nd, &l);
        qn = nd ? nd->node_size : 1;
        if (err == MPI_SUCCESS)
            err = collalg__scratch(&c, 2 * (MPI_Aint)qn * (MPI_Aint)sizeof(int), &raw);
        counts = (int *)raw;
        displs = counts + qn;
        for (j = 0; err == MPI_SUCCESS && j < qn; j++) { /* block j: node rank j's, none beyond q */
            displs[j] = j < l->q ? collalg__allreduce_split(count, l->q, j) : count;
            counts[j] = j < l->q ? collalg__allreduce_split(count, l->q, j + 1) - displs[j] : 0;
        }
        if (err == MPI_SUCCESS && !inter)
            inter = collalg__allreduce_han_inter_default(nd->nnodes, (MPI_Aint)counts[0] * r.ti.size);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_full_lane_run(sendbuf, recvbuf, datatype, op, nd, l, counts, displs, r.ti.extent,
                                                   c.pcomm, inter);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_FULL_LANE_H */
