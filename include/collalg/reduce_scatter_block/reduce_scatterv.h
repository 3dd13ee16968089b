/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file reduce_scatterv.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, a binomial reduce to rank 0 (which keeps the operand order)
 *        followed by a linear scatter of the blocks.
 *
 * The body is reduce_scatter/reduce_scatterv.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * 1. Reduce the whole vector (p * recvcount elements) to rank 0 with reduce/binomial.h's tree
 *    (ranks taken from 0 in order for a non-commutative op). Invariant: a node holds the
 *    reduction over the run of ranks of its subtree.
 * 2. Rank 0 sends block i to rank i (i = 1 .. p-1) and copies block 0 into recvbuf.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   reduce round 1:  1 -> 0, 3 -> 2, 5 -> 4       0: [0..1]  2: [2..3]  4: [4..5]
   reduce round 2:  2 -> 0                       0: [0..3]
   reduce round 3:  4 -> 0                       0: [0..5]
   scatter:         0 -> 1, 0 -> 2, 0 -> 3, 0 -> 4, 0 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_reduce_scatterv_p6.svg
 * @image html reduce_scatter_block_reduce_scatterv_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector): ceil(lg p)(alpha + n beta + n gamma) + (p - 1)(alpha + n/p beta).
 *
 * @par Restrictions
 * None on the op: non-commutative operations keep their operand order. Any p >= 1, any
 * recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. p * recvcount must
 * fit an int count: MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Rank 0 and every rank with children in the tree: two whole vectors; a leaf: none.
 *
 * @par References
 * Open MPI ompi/mca/coll/basic/coll_basic_reduce_scatter_block.c (reduce, then scatter);
 * MPICH src/mpi/coll/reduce_scatter_block/reduce_scatter_block_intra_noncommutative.c is the
 * other order-keeping choice.
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_REDUCE_SCATTERV_H
#define COLLALG_REDUCE_SCATTER_BLOCK_REDUCE_SCATTERV_H

#include "../reduce_scatter/reduce_scatterv.h"

/**
 * @brief MPI_Reduce_scatter_block, reduce scatterv (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction (any op, commutative or not)
 * @param[in] comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         the error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype,
 *         before any message; MPI_ERR_COUNT when p * recvcount exceeds INT_MAX;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_reduce_scatterv(const void *sendbuf, void *recvbuf, int recvcount,
                                                                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_reduce_scatterv_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_REDUCE_SCATTERV_H */
