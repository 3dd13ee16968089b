/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, ring: p - 1 steps around the ring of ranks; each block travels from rank
 *        j + 1 round to rank j, every rank on the way folding in its contribution.
 *
 * The body is reduce_scatter/ring.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * Rank j sends to j + 1 and receives from j - 1 (mod p) throughout.
 * 1. Step 0: rank j sends its input block (j - 1) mod p and receives partial block (j - 2) mod p,
 *    into which it folds its own input block.
 * 2. Steps s = 1 .. p-2: it forwards the partial block received in step s - 1 and receives
 *    partial block (j - s - 2) mod p, folding its input in. Invariant: after step s that block
 *    holds ranks j - s - 1 .. j (going down the ring: commutative op only); after step p-2 rank j
 *    holds block j fully reduced.
 * 3. Copy it into recvbuf (the input is read until here: MPI_IN_PLACE needs no copy).
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   step 0:  j -> j+1 its input block j-1     0 holds block 4 of [5,0]
   step 1:  j -> j+1 partial block j-2       0 holds block 3 of [4,5,0]
   step 2:                                   0 holds block 2 of [3..5,0]
   step 3:                                   0 holds block 1 of [2..5,0]
   step 4:                                   0 holds block 0 of all six
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_ring_p6.svg
 * @image html reduce_scatter_block_ring_p8.svg
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
 * Two blocks (recvcount elements of datatype each).
 *
 * @par References
 * Patarasuk & Yuan, JPDC 2009, §3 (the reduce-scatter half of the ring allreduce); Open MPI
 * ompi/mca/coll/base/coll_base_reduce_scatter.c (ompi_coll_base_reduce_scatter_intra_ring, the
 * reduce_scatter form).
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_RING_H
#define COLLALG_REDUCE_SCATTER_BLOCK_RING_H

#include "../reduce_scatter/ring.h"

/**
 * @brief MPI_Reduce_scatter_block, ring (see the file comment).
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
COLLALG_INLINE int collalg_reduce_scatter_block_ring(const void *sendbuf, void *recvbuf, int recvcount,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, NULL, recvcount, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_ring_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_RING_H */
