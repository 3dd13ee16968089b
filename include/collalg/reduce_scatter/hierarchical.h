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
 * 1. Node reduction (reduce/han.h's task sr, segments of #COLLALG_REDUCE_HAN_SEGSIZE_DEFAULT
 *    bytes): every member sends its input vector to its leader segment by segment; the leader
 *    folds each segment in rank order (its own first). Invariant: the leader of node k then holds
 *    the whole vector reduced over node k's ranks.
 * 2. Node-major order: when the nodes do not hold consecutive ranks, the leader copies the blocks
 *    into node order (node 0's members' blocks in rank order, then node 1's, ...), so that every
 *    node's blocks form one run; with consecutive nodes the vector already is in that order.
 *    Moving whole blocks does not change what is combined with what.
 * 3. Leaders: the @p inter reduce-scatter, in place, with node k's count = the sum of its
 *    members' counts. Invariant: the leader of node k then holds its members' result blocks, in
 *    member order, at the start of its buffer.
 * 4. Scatter in the node: the leader sends every member its block and copies its own.
 *
 * @par Operand order
 * Kept when every node holds consecutive ranks (the leaders' reduce-scatter then combines runs of
 * ranks in node order; for a non-commutative op it is always collalg_reduce_scatter_recursive_doubling(),
 * which keeps the order). A non-commutative operation on a placement whose nodes are not
 * consecutive is detected from the node level and runs
 * collalg_reduce_scatter_recursive_doubling()'s body on the whole communicator instead (every
 * rank takes the same branch): the result is right, never MPI_ERR_OP.
 *
 * @par Trace, p = 6 on 2 nodes {0, 2, 4} and {1, 3, 5} (round-robin), a commutative op
 * @verbatim
   1. node reduction:  2, 4 -> 0 | 3, 5 -> 1        (0: [0,2,4] whole vector, 1: [1,3,5])
   2. node-major:      leaders lay out blocks 0 2 4 | 1 3 5
   3. leaders:         0 <-> 1 reduce-scatter: 0 keeps blocks 0 2 4, 1 keeps 1 3 5 (all ranks)
   4. scatter:         0 -> 2 (block 2), 0 -> 4 (block 4) | 1 -> 3, 1 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_hierarchical_p6.svg
 * @image html reduce_scatter_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks and n bytes of the whole
 * vector: phase 1 (q - 1)(alpha + n beta + n gamma) at a leader (its members' sends arrive
 * concurrently: kappa_n), plus (s - 1) alpha for s segments; phase 3 the inter algorithm on N
 * ranks over n bytes (recursive halving by default for a commutative op: lg(N) alpha +
 * (N - 1)/N n (beta + gamma) for N a power of two); phase 4 (q - 1) alpha + (q - 1)/p n beta at
 * the leader (uniform blocks).
 *
 * @par Restrictions
 * None: any p >= 1, any placement, counts with zeros, any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Non-commutative operations keep the operand order (see above). The sum of
 * the counts must fit an int (MPI_ERR_COUNT otherwise, on every rank, before any message).
 *
 * @par Memory
 * On a leader of a node of q ranks: the whole vector (twice when the nodes are not consecutive),
 * q - 1 segments of receive slots, q - 1 requests and N ints; one request elsewhere; plus the
 * node level (machine/node.h) and what the inter algorithm takes.
 *
 * @par References
 * MPICH src/mpi/coll/reduce/reduce_intra_smp.c and src/mpi/coll/allreduce/allreduce_intra_smp.c
 * (node reduction to the leader, then the leaders, then the node); X. Luo et al., "HAN: a
 * Hierarchical AutotuNed Collective Communication Framework", IEEE CLUSTER 2020, §III (the
 * segmented node reduction, task sr).
 */
#ifndef COLLALG_REDUCE_SCATTER_HIERARCHICAL_H
#define COLLALG_REDUCE_SCATTER_HIERARCHICAL_H

#include "../family/reduce_scatter.h"
#include "../machine/node.h"
#include "../reduce/han.h"
#include "recursive_doubling.h"
#include "recursive_halving.h"

/** @brief Element offset of member @p j's block in node @p k's run of the node-major layout. */
COLLALG_INLINE MPI_Aint collalg__rs_hier_member_off(const collalg__rs *l, const collalg__node *nd, int k, int j)
{
    MPI_Aint off = 0;
    int i;
    for (i = 0; i < j; i++)
        off += collalg__rs_cnt(l, nd->members[nd->first[k] + i]);
    return off;
}

/**
 * @brief Phase 2 on a leader: the counts of the nodes into @p ncounts and, when the nodes are not
 *        consecutive, the blocks of @p acc copied into node-major order in @p perm.
 * @return MPI_SUCCESS or the error of the copy.
 */
COLLALG_INLINE int collalg__rs_hier_layout(const collalg__ctx *c, const collalg__rs *l, const collalg__node *nd,
                                           const void *acc, void *perm, int *ncounts)
{
    MPI_Aint at = 0;
    int k, j, err = MPI_SUCCESS;
    for (k = 0; k < nd->nnodes; k++) {
        ncounts[k] = 0;
        for (j = nd->first[k]; j < nd->first[k + 1] && err == MPI_SUCCESS; j++) {
            int m = nd->members[j], n = collalg__rs_cnt(l, m);
            ncounts[k] += n;
            if (!nd->consecutive)
                err = collalg__rs_copy(c, l, collalg__rs_block(l, acc, m), collalg__allreduce_at(&l->r, perm, at), n);
            at += n;
        }
    }
    return err;
}

/**
 * @brief Phase 4: the leader sends member j its block of @p res (node-major, this node's run at
 *        the start) and copies its own into @p recvbuf; a member receives its block. Uses the
 *        requests of @p h. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_hier_scatter(const collalg__ctx *c, const collalg__rs *l, const collalg__node *nd,
                                            collalg__hred *h, const void *res, void *recvbuf)
{
    int j, n, nr = 0, k = nd->node, err = MPI_SUCCESS, e;
    if (nd->node_rank > 0) {
        n = collalg__rs_cnt(l, c->rank);
        return n == 0 ? MPI_SUCCESS
                      : COLLALG_MPI(Recv)(recvbuf, n, l->r.type, 0, COLLALG_TAG_DATA2, nd->nodecomm, MPI_STATUS_IGNORE);
    }
    for (j = 1; j < nd->node_size && err == MPI_SUCCESS; j++) {
        n = collalg__rs_cnt(l, nd->members[nd->first[k] + j]);
        if (n > 0)
            err = COLLALG_MPI(Isend)(collalg__allreduce_at(&l->r, res, collalg__rs_hier_member_off(l, nd, k, j)), n,
                                     l->r.type, j, COLLALG_TAG_DATA2, nd->nodecomm, &h->rq[nr++]);
    }
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, res, recvbuf, collalg__rs_cnt(l, c->rank));
    e = nr > 0 ? collalg__waitall(nr, h->rq) : MPI_SUCCESS;
    return collalg__first(err, e);
}

/**
 * @brief Phases 1 to 4 on the node level @p nd (both collectives), after the enter and init
 *        steps. @return MPI_SUCCESS or the error code.
 */
COLLALG_INLINE int collalg__rs_hier(collalg__ctx *c, const collalg__rs *l, const collalg__node *nd, const void *sendbuf,
                                    void *recvbuf, collalg_reduce_scatter_fn inter)
{
    collalg__hred h;
    int total = (int)collalg__rs_off(l, l->p), size = l->r.ti.size > 0 ? l->r.ti.size : 1, seg = 1, err;
    void *acc = NULL, *perm = NULL, *raw = NULL;
    int *ncounts = NULL;
    err = collalg__reduce_seg_elems(COLLALG_REDUCE_HAN_SEGSIZE_DEFAULT, size, total, &seg);
    if (err == MPI_SUCCESS)
        err = collalg__hred_init(c, &h, &l->r, nd, sendbuf, total, seg);
    if (err == MPI_SUCCESS && nd->node_rank == 0) {
        err = collalg__scratch_typed(c, (MPI_Aint)total * (nd->consecutive ? 1 : 2), &l->r.ti, &acc);
        perm = nd->consecutive ? acc : collalg__allreduce_at(&l->r, acc, total);
        if (err == MPI_SUCCESS)
            err = collalg__scratch(c, (MPI_Aint)nd->nnodes * (MPI_Aint)sizeof(int), &raw);
        ncounts = (int *)raw;
    }
    if (err == MPI_SUCCESS)
        err = collalg__hred_all(&h, acc);
    if (err == MPI_SUCCESS && nd->node_rank == 0)
        err = collalg__rs_hier_layout(c, l, nd, acc, perm, ncounts);
    if (err == MPI_SUCCESS && nd->node_rank == 0) {
        if (!l->r.commute || !inter)
            inter = l->r.commute ? collalg_reduce_scatter_recursive_halving : collalg_reduce_scatter_recursive_doubling;
        err = inter(MPI_IN_PLACE, perm, ncounts, l->r.type, l->r.op, nd->leaders);
    }
    if (err == MPI_SUCCESS)
        err = collalg__rs_hier_scatter(c, l, nd, &h, perm, recvbuf);
    return err;
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
