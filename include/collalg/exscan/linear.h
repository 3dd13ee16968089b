/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup exscan
 * @brief Exscan, linear pipeline: rank i receives the exclusive prefix of its left neighbours
 *        from rank i - 1 segment by segment, keeps it, appends its own vector on the right and
 *        forwards that to rank i + 1.
 *
 * @par Phases
 * The vector is cut into segments of `segsize` bytes (whole elements, at least one). The body is
 * scan/linear.h's (collalg__scan_linear_run with exclusive = 1).
 * 1. Rank 0 sends its input to rank 1, segment by segment; it never writes its recvbuf.
 * 2. Rank i > 0 keeps the receive of the next segment from rank i - 1 posted while it works on
 *    the current one: the received segment P_k = v_0 op ... op v_(i-1) is its result. Unless
 *    i = p - 1 it first copies its own segment into scratch, computes P_k op own_k there
 *    (MPI_Reduce_local(P, own copy)) and sends it to rank i + 1; then it copies P_k into
 *    recvbuf (the own segment is read before recvbuf is written, so MPI_IN_PLACE works).
 *    Invariant: what rank i sends for a segment is v_0 op ... op v_i, in rank order.
 *
 * @par Trace, p = 6, 2 segments (a -s-> b: segment s; [a..b] = v_a op ... op v_b)
 * @verbatim
   step 1:  0 -0-> 1                      1 keeps [0] on 0, sends [0..1]
   step 2:  1 -0-> 2, 0 -1-> 1
   step 3:  2 -0-> 3, 1 -1-> 2
   step 4:  3 -0-> 4, 2 -1-> 3
   step 5:  4 -0-> 5, 3 -1-> 4
   step 6:  4 -1-> 5                      5 keeps [0..4] on both segments
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html exscan_linear_p6.svg
 * @image html exscan_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s segments of n/s bytes:
 * (p + s - 2)(alpha + (n/s) beta + (n/s) gamma).
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * on any rank, non-commutative operations (the operand order is kept). Rank 0's recvbuf is
 * never written.
 *
 * @par Memory
 * 2 segments of scratch on ranks 0 < i (receive slots), one more on 0 < i < p - 1; none on
 * rank 0.
 *
 * @par References
 * The linear exscan of Open MPI ompi/mca/coll/basic/coll_basic_exscan.c (unsegmented); segmented
 * as the chain pipelines of Open MPI ompi/mca/coll/base/coll_base_reduce.c.
 */
#ifndef COLLALG_EXSCAN_LINEAR_H
#define COLLALG_EXSCAN_LINEAR_H

#include "../scan/linear.h"

/**
 * @brief MPI_Exscan by the segmented linear pipeline.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_(rank-1), count elements of datatype; rank 0's
 *                     is not significant and is not written
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0; cut down to whole elements, at least one;
 *                     0 = COLLALG_SCAN_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__exscan_enter); MPI_ERR_ARG
 *         when @p segsize < 0; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined
 *         @p op is not defined for @p datatype; all of these before any message; MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_exscan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                         MPI_Op op, MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    int err = collalg__exscan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__scan_linear_run(&c, sendbuf, recvbuf, count, datatype, op, segsize, 1);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_EXSCAN_LINEAR_H */
