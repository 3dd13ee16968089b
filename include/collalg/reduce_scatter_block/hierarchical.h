/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, hierarchical: the whole vector reduced inside each node to its
 *        leader, a reduce-scatter among the leaders (each leader gets its node's blocks), then the
 *        blocks scattered inside each node.
 *
 * The body is reduce_scatter/hierarchical.h's, run on p blocks of recvcount elements (the
 * leaders' reduce-scatter has uneven counts when the nodes differ in size).
 *
 * @par Phases
 * The vector is cut into s chunks, chunk k holding piece k of every block (s = ceil(n / 256 KiB),
 * at most 4; reduce_scatter/hierarchical.h), and for each chunk:
 * 1. Node reduction: every member sends its chunk to its leader (one indexed datatype, the
 *    blocks in node-major order); the leader folds it in rank order. Invariant: the leader of
 *    node k then holds the chunk reduced over node k's ranks, every node's pieces in one run.
 * 2. Leaders: the @p inter reduce-scatter of the chunk, in place, node k's count = its size *
 *    the piece's elements. Invariant: the leader of node k holds its members' result pieces at
 *    the start of the chunk.
 * 3. Scatter in the node: the leader sends every member its piece and keeps its own.
 * The node reduction of the next chunks overlaps the leaders' exchange of this one.
 * Operand order: kept when every node holds consecutive ranks; a non-commutative op on another
 * placement runs the recursive-doubling body on the whole communicator instead (see
 * reduce_scatter/hierarchical.h).
 *
 * @par Trace, p = 6 on 2 nodes {0, 1, 2} and {3, 4, 5}
 * @verbatim
   1. node reduction:  1, 2 -> 0 | 4, 5 -> 3        (0: [0..2] whole vector, 3: [3..5])
   2. leaders:         0 <-> 3: 0 keeps blocks 0-2, 3 keeps blocks 3-5, reduced over [0..5]
   3. scatter:         0 -> 1, 0 -> 2 | 3 -> 4, 3 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_hierarchical_p6.svg
 * @image html reduce_scatter_block_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of q ranks, n = p * recvcount * size of
 * datatype bytes (the whole vector) and s chunks of m = n/s bytes: (q - 1)(alpha + m beta +
 * m gamma) at a leader for the first chunk's node reduction (kappa_n: its members send at once),
 * s times the inter algorithm on N ranks over m bytes (recursive halving by default: lg(N) alpha
 * + (N - 1)/N m (beta + gamma) for N a power of two), the later node reductions overlapped with
 * it, and (q - 1)(alpha + m/p beta) for the last chunk's scatter. smp platform, 128 ranks, 4 MiB:
 * 3.479 ms on both placements (one chunk: 3.749; bound 3.146).
 *
 * @par Restrictions
 * None: any p >= 1, any placement, any recvcount, any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE; non-commutative operations keep the operand order. p * recvcount must fit
 * an int (MPI_ERR_COUNT otherwise, every rank, before any message).
 *
 * @par Memory
 * As reduce_scatter/hierarchical.h: on a leader the whole vector, 2 (q - 1) receive slots of one
 * chunk, (s + 2)(q - 1) requests and N ints; s requests elsewhere; 2 p ints and s datatypes of p
 * entries on every rank; plus the node level (machine/node.h) and what the inter algorithm takes.
 *
 * @par References
 * MPICH src/mpi/coll/reduce/reduce_intra_smp.c and src/mpi/coll/allreduce/allreduce_intra_smp.c
 * (node, leaders, node); X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication
 * Framework", IEEE CLUSTER 2020, §III (the two levels overlapped segment by segment).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_HIERARCHICAL_H
#define COLLALG_REDUCE_SCATTER_BLOCK_HIERARCHICAL_H

#include "../reduce_scatter/hierarchical.h"

/**
 * @brief MPI_Reduce_scatter_block, hierarchical (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction (any op, commutative or not)
 * @param[in] comm      intracommunicator
 * @param[in] inter     the reduce-scatter among the node leaders, any MPI_Reduce_scatter-shaped
 *                      function (the nodes' counts may differ); called by the leaders only, with
 *                      MPI_IN_PLACE, on the leaders' communicator of machine/node.h; used for
 *                      commutative operations only (a non-commutative op always takes
 *                      collalg_reduce_scatter_recursive_doubling()). NULL =
 *                      collalg_reduce_scatter_recursive_halving().
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h); the error of
 *         MPI_Reduce_local when a predefined @p op is not defined for @p datatype, before any
 *         message; MPI_ERR_COUNT when p * recvcount exceeds INT_MAX; MPI_ERR_NO_MEM when scratch
 *         or the node level cannot be allocated; the error of @p inter as it returns it; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_hierarchical(const void *sendbuf, void *recvbuf, int recvcount,
                                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                             collalg_reduce_scatter_fn inter)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_hier_run(&c, &l, NULL, recvcount, datatype, op, sendbuf, recvbuf, inter);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_HIERARCHICAL_H */
