/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pairwise.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, pairwise exchange (MPICH's pairwise reduce-scatter-block): p - 1 steps, in
 *        step i each rank sends the block of rank + i and reduces rank - i's contribution.
 *
 * The body is reduce_scatter/pairwise.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * 1. The accumulator (recvbuf, or scratch with MPI_IN_PLACE) receives the own input block.
 * 2. Steps i = 1 .. p-1: send input block (rank + i) mod p to rank + i, receive block rank of
 *    rank - i's input and fold it in. Invariant: after step i the accumulator holds the own
 *    block reduced over ranks rank, rank - 1, ..., rank - i (mod p), in that order (commutative
 *    op only).
 * 3. With MPI_IN_PLACE the accumulator is copied to the start of recvbuf.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   step 1:  0->1 1->2 2->3 3->4 4->5 5->0     0: [5,0]
   step 2:  0->2 1->3 2->4 3->5 4->0 5->1     0: [4,5,0]
   step 3:  0->3 1->4 2->5 3->0 4->1 5->2     0: [3,4,5,0]
   step 4:  0->4 1->5 2->0 3->1 4->2 5->3     0: [2..5,0]
   step 5:  0->5 1->0 2->1 3->2 4->3 5->4     0: all six
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_pairwise_p6.svg
 * @image html reduce_scatter_block_pairwise_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector): (p - 1)(alpha + n/p beta + n/p gamma).
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise). Any p >= 1, any
 * recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * One block (recvcount elements of datatype); two with MPI_IN_PLACE.
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter_block/reduce_scatter_block_intra_pairwise.c; Thakur,
 * Rabenseifner & Gropp, IJHPCA 2005, §4.5.
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_PAIRWISE_H
#define COLLALG_REDUCE_SCATTER_BLOCK_PAIRWISE_H

#include "../reduce_scatter/pairwise.h"

/**
 * @brief MPI_Reduce_scatter_block, pairwise (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction; commutative only
 * @param[in] comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_OP for a non-commutative op, or the error of MPI_Reduce_local when a
 *         predefined @p op is not defined for @p datatype, before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_pairwise(const void *sendbuf, void *recvbuf, int recvcount,
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_pairwise_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_PAIRWISE_H */
