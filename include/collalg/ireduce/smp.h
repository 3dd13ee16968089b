/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce/smp.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce, node-aware (MPICH's ireduce sched_smp: a reduce inside each node, a reduce
 *        among the nodes, the root's node last): a binomial reduction inside each node onto its
 *        head, a binomial reduction among the heads, run by the nonblocking executor
 *        (core/nbc.h) on the one private communicator.
 *
 * @par Phases
 * Nodes are machine/node.h's (shared memory, or `COLLALG_NODE_SIZE` / `COLLALG_NODE_ROUNDROBIN`
 * for tests), as for collalg_ibcast_smp(); the whole schedule is written in the communicator's
 * ranks (collalg__ireduce_smp_steps()). Each rank's phases follow one another; different nodes
 * run theirs independently, so the heads' reduction starts as soon as a node is done.
 * - A commutative operation: every node's head is its leader (its lowest rank), the root's
 *   node's is the root. (1) A binomial tree inside each node reduces onto its head (positions:
 *   node ranks from the head on); (2) a binomial tree over the heads, node indices from the
 *   root's node on, reduces the nodes' results onto the root. The inter-node reduction ends at
 *   the root itself: MPICH's last intra-node reduce on the root's node is folded into (1).
 * - A non-commutative operation (rank order kept): the trees are the order-keeping k-nomial trees
 *   of collalg_ireduce_binomial() (every subtree a run of consecutive positions, the running
 *   value the left operand): (1) inside each node onto its leader, in node-rank order; (2) among
 *   the leaders onto rank 0, in node order; (3) rank 0 sends the result to the root when it is
 *   not the root (MPICH's rule for non-commutative operations). That is the rank order when every
 *   node is a run of consecutive ranks; on any other layout (round robin, interleaved) the nodes
 *   are first cut into their runs of consecutive ranks (collalg__smp_runs(); round robin: one
 *   rank per run, i.e. collalg_ireduce_binomial()'s tree), which keeps the order and costs
 *   inter-node messages.
 *
 * @par Trace, p = 6, nodes {0,1,2} {3,4,5}, root 4 ([a..b] = v_a op ... op v_b)
 * @verbatim
   commutative:      1 -> 0, 5 -> 4 (node trees: 0's children 1, 2; 4's children 5, 3)
                     2 -> 0, 3 -> 4             0 = [0..2],  4 = v4 op v5 op v3
                     0 -> 4                     4 = [3..5] op [0..2], the result
   non-commutative:  1 -> 0, 4 -> 3;  2 -> 0, 5 -> 3   0 = [0..2],  3 = [3..5]
                     3 -> 0                     0 = [0..2] op [3..5] = [0..5]
                     0 -> 4                     the result to the root
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8
 * (the recording platform has one rank per host: every rank is a node of its own there, so the
 * figures show the heads' tree alone):
 * @image html ireduce_smp_p6.svg
 * @image html ireduce_smp_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, N nodes of at most q ranks: ceil(lg q)
 * (alpha + n beta + n gamma) inside the nodes, then ceil(lg N) (alpha + n beta + n gamma) among
 * them on the longest path (N - 1 inter-node messages in all); a non-commutative operation adds
 * alpha + n beta when the root is not rank 0 (and on a layout whose nodes are not runs of
 * consecutive ranks, N is the number of runs).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any node layout, any operation (see Phases); MPI_IN_PLACE at the
 * root. The node level is built by the first call on a communicator (collective, cached;
 * machine/node.h); the node environment must be the same on every rank. The operation must not
 * be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * At most three vectors of count elements of the datatype on a head with children in both trees
 * (two on a rank with children in one), until the request completes; the node level (16 p bytes
 * per rank, cached); for a non-commutative operation on non-consecutive nodes 12 p bytes while
 * the schedule is built; the operation: about 60 bytes per step plus 300 bytes.
 *
 * @par References
 * MPICH, src/mpi/coll/ireduce (sched_smp: intra-node reduce, inter-node reduce to the root's
 * node, intra-node reduce on the root's node); R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.2 (the
 * binomial reduce, rank order for non-commutative operations); X. Luo et al., "HAN: a
 * Hierarchical AutotuNed Collective Communication Framework", IEEE Cluster 2020 (the two levels).
 */
#ifndef COLLALG_IREDUCE_SMP_H
#define COLLALG_IREDUCE_SMP_H

#include "../core/persistent.h"
#include "../family/reduce.h"
#include "../machine/node.h"
#include "../schedule/icoll_smp.h"

/**
 * @brief The node layout a node-aware reduction's schedule takes, when @p err is MPI_SUCCESS: the
 *        node level of @p c's communicator (collalg__node_get(), collective on the first call)
 *        as it is when @p commute, else cut into its runs of consecutive ranks
 *        (collalg__smp_runs()) unless its nodes hold consecutive ranks already; then *@p runs
 *        holds the runs' tables (3 p + 1 ints; the caller frees it with COLLALG_FREE once the
 *        schedule is built), else NULL.
 * @return @p err, MPI_ERR_NO_MEM, or the error code of the node level's construction.
 */
COLLALG_INLINE int collalg__smp_reduction_layout(collalg__ctx *c, int err, int p, int commute, collalg__smp_layout *nl,
                                                 int **runs)
{
    const collalg__node *nd = NULL;
    collalg__smp_layout whole;
    *runs = NULL;
    if (err == MPI_SUCCESS)
        err = collalg__node_get(c, &nd);
    if (err != MPI_SUCCESS)
        return err;
    whole.nnodes = nd->nnodes;
    whole.node_of = nd->node_of;
    whole.first = nd->first;
    whole.members = nd->members;
    *nl = whole;
    if (commute || nd->consecutive)
        return MPI_SUCCESS;
    *runs = (int *)COLLALG_MALLOC((3 * (size_t)p + 1) * sizeof(int));
    if (!*runs)
        return MPI_ERR_NO_MEM;
    collalg__smp_runs(&whole, p, *runs, *runs + p, *runs + 2 * p + 1, nl);
    return MPI_SUCCESS;
}

/** @brief The schedule builder of a node-aware vector reduction (collalg__iallreduce_smp_steps(),
 *         collalg__iscan_smp_steps()). */
typedef void (*collalg__smp_vector_steps_fn)(collalg__steps *s, int rank, int p, long long count, int inplace,
                                             const collalg__smp_layout *nl);

/**
 * @brief The whole start of a node-aware vector reduction (the arguments of MPI_Iallreduce,
 *        MPI_Iscan): @p enter (the checks of the blocking namesakes), the node layout
 *        (collalg__smp_reduction_layout(): the nodes as they are for a commutative @p op when
 *        @p any_layout, else their runs of consecutive ranks), the counting and filling runs of
 *        @p build, collalg__nbc_reduction_start() (@p persistent: see collalg__nbc_launch()).
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__nbc_smp_vector(collalg__vector_enter_fn enter, collalg__smp_vector_steps_fn build,
                                           int any_layout, const void *sendbuf, void *recvbuf, int count,
                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request,
                                           int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reductions */
    collalg__nbc *o = NULL;
    collalg__smp_layout nl = {1, NULL, NULL, NULL};
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, commute = 0, *runs = NULL;
    int err = enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && any_layout)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    err = collalg__smp_reduction_layout(&c, err, p, commute, &nl, &runs);
    COLLALG__NBC_BUILD(err, o, build, (rank, p, count, inplace, &nl));
    COLLALG_FREE(runs);
    return collalg__nbc_reduction_start(o, err, op, sendbuf, recvbuf, datatype, inplace, &c, request, persistent);
}

/** @brief The start of collalg_ireduce_smp() (@p persistent 0) and of collalg_reduce_init_smp()
 *         (1): checks, node level, schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                        int root, MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reduces */
    collalg__nbc *o = NULL;
    collalg__smp_layout nl = {1, NULL, NULL, NULL};
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, commute = 0, *runs = NULL;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    err = collalg__smp_reduction_layout(&c, err, p, commute, &nl, &runs);
    COLLALG__NBC_BUILD(err, o, collalg__ireduce_smp_steps, (rank, p, root, count, inplace, commute, &nl));
    COLLALG_FREE(runs);
    return collalg__nbc_reduction_start(o, err, op, sendbuf, rank == root ? recvbuf : NULL, datatype, inplace, &c,
                                        request, persistent);
}

/**
 * @brief MPI_Ireduce, node-aware: a binomial reduction inside each node, then among the nodes
 *        (to the root with a commutative operation, in rank order otherwise).
 * @param sendbuf  @p count elements of @p datatype; MPI_IN_PLACE at the root (its input is then
 *                 in @p recvbuf)
 * @param recvbuf  at the root: @p count elements of @p datatype, the result; not significant
 *                 elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param root     rank of the root
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting (the node level's, on the first
 *         call). Nothing is sent when an argument is refused. A reduction the datatype does not
 *         support fails in MPI_Reduce_local and comes back through the request.
 */
COLLALG_INLINE int collalg_ireduce_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                       int root, MPI_Comm comm, MPI_Request *request)
{
    return collalg__ireduce_smp(sendbuf, recvbuf, count, datatype, op, root, comm, request, 0);
}

/**
 * @brief MPI_Reduce_init by the algorithm of collalg_ireduce_smp(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h). The node level is built here, not at the starts.
 * @copydetails collalg_ireduce_smp()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_init_smp(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_smp(sendbuf, recvbuf, count, datatype, op, root, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SMP_H */
