/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pipeline.h
 * @ingroup reduce
 * @brief Reduce, segmented pipeline (Open MPI's pipeline reduce): one chain through every rank
 *        ending at the root, segments pipelined towards it.
 *
 * @par Phases
 * The chain of family/reduce.h with fan-out 1 (collalg__reduce_tree_chain): relative rank r > 0
 * sends to r - 1, relative rank 0 is the top. Ranks are taken relative to the root for a
 * commutative op, and as they are (relative rank = rank) for a non-commutative one.
 * 1. The vector is cut into segments of `segsize` bytes (whole elements). For each segment,
 *    relative rank r < p - 1 receives the partial result of r + 1 (receives posted up to 3
 *    segments ahead), computes own op received (MPI_Reduce_local(own, received), in the
 *    received buffer) and sends it to r - 1 while it works on the next segment. Invariant: rank
 *    r's result for a segment is the reduction over relative ranks r .. p-1, in rank order.
 * 2. The top writes each segment into recvbuf; for a non-commutative op with root != 0 rank 0
 *    collects the result in scratch and sends it to the root at the end.
 *
 * @par Trace, p = 6, root 0, 3 segments (a -s-> b: segment s)
 * @verbatim
   step 1:  5 -0-> 4
   step 2:  4 -0-> 3, 5 -1-> 4
   step 3:  3 -0-> 2, 4 -1-> 3, 5 -2-> 4
   step 4:  2 -0-> 1, 3 -1-> 2, 4 -2-> 3
   step 5:  1 -0-> 0, 2 -1-> 1, 3 -2-> 2
   step 6:  1 -1-> 0, 2 -2-> 1
   step 7:  1 -2-> 0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_pipeline_p6.svg
 * @image html reduce_pipeline_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s segments of n/s bytes:
 * (p + s - 2)(alpha + (n/s) beta + (n/s) gamma); plus alpha + n beta for a non-commutative op
 * when root != 0.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE at the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * 3 segments of scratch on every rank but the last of the chain; count elements more at the top
 * when it is not the root.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_reduce.c (ompi_coll_base_reduce_intra_pipeline,
 * ompi_coll_base_reduce_generic).
 */
#ifndef COLLALG_REDUCE_PIPELINE_H
#define COLLALG_REDUCE_PIPELINE_H

#include "../family/reduce.h"

/**
 * @brief MPI_Reduce by one segmented chain ending at the root.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *                     0 = COLLALG_REDUCE_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p segsize < 0; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a
 *         predefined @p op is not defined for @p datatype; all of these before any message;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, int root, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__reduce_tree t;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS) {
        collalg__reduce_tree_chain(&t, c.size, 1);
        err = collalg__reduce_segtree_run(&c, &t, sendbuf, recvbuf, count, datatype, op, root, segsize);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_PIPELINE_H */
