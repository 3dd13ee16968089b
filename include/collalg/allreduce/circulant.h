/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant.h
 * @ingroup allreduce
 * @brief Allreduce as the circulant-graph n-block reduction to rank 0 (the broadcast schedule
 *        run backwards, reduce/circulant.h) followed by the circulant-graph n-block broadcast from
 *        rank 0 (bcast/circulant.h), both in recvbuf.
 *
 * @par Phases
 * 1. Checks, before any message: blocksize >= 0 (MPI_ERR_ARG), a commutative op (MPI_ERR_OP), the
 *    (datatype, op) pair (collalg__allreduce_probe).
 * 2. Copy sendbuf into recvbuf (nothing with MPI_IN_PLACE); recvbuf is every rank's accumulator.
 * 3. Reduction: the n - 1 + q rounds of the circulant broadcast rooted at rank 0, backwards; in
 *    each a rank sends one accumulated block to r - skip[k] and receives one partial block from
 *    r + skip[k], which it folds in. Invariant (reduce/circulant.h): a rank sends its partial of
 *    block b only after every partial of b's broadcast subtree below it has arrived; at the end
 *    rank 0's recvbuf holds the result.
 * 4. Broadcast of recvbuf from rank 0: the same n - 1 + q rounds forwards (other tag), each block
 *    overwriting the partial the rank held.
 * Every rank ends with the same bits: the result is computed once, at rank 0, and copied.
 *
 * @par Trace, p = 6, n = 3 blocks (a -> b:block; the reduce and bcast traces of
 * reduce/circulant.h and bcast/circulant.h with root 0)
 * @verbatim
   reduce  round 4:  3->0:2  4->1:2  5->2:2  1->4:1  2->5:1
           round 3:  2->0:2  4->2:0  5->3:1  1->5:0
           round 2:  1->0:2  3->2:0  4->3:1
           round 1:  3->0:1  5->2:0
           round 0:  2->0:0
   bcast   round 0:  0->2:0
           round 1:  0->3:1  2->5:0
           round 2:  0->1:2  2->3:0  3->4:1
           round 3:  0->2:2  2->4:0  3->5:1  5->1:0
           round 4:  0->3:2  1->4:2  2->5:2  4->1:1  5->2:1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_circulant_p6.svg
 * @image html allreduce_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p), n bytes in
 * N = ceil(n / blocksize) blocks: 2 (N - 1 + q)(alpha + (n / N) beta) + (N - 1 + q)(n / N) gamma;
 * about 2 q alpha + 2 n beta + n gamma for large N. Schedule: O(log^4 p) local steps per rank (schedule/circulant.h).
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): a non-commutative op returns MPI_ERR_OP on
 * every rank before any message, recvbuf untouched. Any p >= 1, count 0, any datatype,
 * MPI_IN_PLACE.
 *
 * @par Memory
 * One block, min(count, blocksize / size) elements of datatype, bytes per rank.
 *
 * @par References
 * J. L. Träff, "Optimal broadcast schedules in logarithmic time with applications to broadcast,
 * all-broadcast, reduction and all-reduction", arXiv 2407.18004 (reduction and broadcast on the
 * same circulant schedule); MPICH src/mpi/coll/reduce/reduce_intra_circ_graph.c and
 * src/mpi/coll/bcast/bcast_intra_circ_graph.c.
 */
#ifndef COLLALG_ALLREDUCE_CIRCULANT_H
#define COLLALG_ALLREDUCE_CIRCULANT_H

#include "../family/allreduce.h"
#include "../reduce/circulant.h"

/**
 * @brief MPI_Allreduce by a circulant-graph reduction to rank 0 and a circulant-graph broadcast.
 *
 * @allreduce_args
 * @param[in] blocksize bytes per block (rounded down to whole elements, at least one); 0 selects
 *                      COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT (64 KiB); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_ARG when @p blocksize < 0 and
 *         MPI_ERR_OP for a non-commutative @p op, both before any message; the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, found on every rank before any message; MPI_ERR_NO_MEM when scratch cannot
 *         be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_circulant(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, int blocksize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int elems = 1, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__circulant_block_elems(blocksize, 1, 0, &elems);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__circulant_block_elems(blocksize, r.ti.size, count, &elems);
    if (err == MPI_SUCCESS && c.size == 1)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    else if (err == MPI_SUCCESS && count > 0) {
        err = collalg__reduce_circulant_run(&c, &r, sendbuf, recvbuf, count, 0, elems, COLLALG_TAG_DATA);
        if (err == MPI_SUCCESS)
            err =
                collalg__bcast_circulant_rounds(&c, recvbuf, count, datatype, r.ti.extent, 0, elems, COLLALG_TAG_DATA2);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_CIRCULANT_H */
