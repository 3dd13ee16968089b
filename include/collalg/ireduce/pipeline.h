/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce/pipeline.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce, segmented pipeline along one chain (Open MPI's pipeline reduce, the
 *        nonblocking form of collalg_reduce_pipeline()), run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * One chain through every rank ending at its top, position 0: position q sends to q - 1. For a
 * commutative operation the positions are the ranks relative to the root (the root is the top);
 * for a non-commutative one they are the ranks themselves (rank 0 is the top), so every partial
 * result is a run of consecutive ranks. The vector is cut into segments of `segsize` bytes (whole
 * elements).
 * 1. The last position sends its segments up, one message each, all posted at once.
 * 2. Every other position receives segment j from below into one of three scratch slots (once
 *    segment j - 1 has been combined and the slot's segment j - 3 has left), combines its own
 *    segment in front of it (own op received) and sends the result up while the next segment
 *    comes in. Invariant: position q's result for a segment is the reduction over positions
 *    q .. p - 1, in their order.
 * 3. The top copies each finished segment into the root's receive buffer; for a non-commutative
 *    operation and root != 0, rank 0 collects the result in scratch and sends it to the root
 *    once the chain is done.
 *
 * @par Trace, p = 5, root 0, 3 segments (a -s-> b: segment s; one line per step of the pipeline)
 * @verbatim
   step 1:  4 -0-> 3
   step 2:  3 -0-> 2, 4 -1-> 3
   step 3:  2 -0-> 1, 3 -1-> 2, 4 -2-> 3
   step 4:  1 -0-> 0, 2 -1-> 1, 3 -2-> 2
   step 5:  1 -1-> 0, 2 -2-> 1
   step 6:  1 -2-> 0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_pipeline_p6.svg
 * @image html ireduce_pipeline_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, s segments of n/s bytes:
 * (p + s - 2)(alpha + (n/s) beta + (n/s) gamma); plus alpha + n beta for a non-commutative
 * operation when root != 0. For long vectors and deep pipelines; the latency grows with p.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any operation (a non-commutative one in rank order, on
 * the chain of the ranks as they are); MPI_IN_PLACE at the root. The segment size must be the same
 * on every rank. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Three segments of scratch on every rank but the last of the chain, count elements more at the
 * top when it is not the root, plus the operation (about 60 bytes per step, 3 per segment, plus
 * 300 bytes), until the request completes.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_reduce.c (ompi_coll_base_reduce_intra_pipeline, the
 * segmented chain); T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis
 * of Non-Blocking Collective Operations for MPI", SC'07 (a schedule of dependent steps).
 */
#ifndef COLLALG_IREDUCE_PIPELINE_H
#define COLLALG_IREDUCE_PIPELINE_H

#include "../core/persistent.h"
#include "../family/reduce.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_pipeline() (@p persistent 0) and of
 *         collalg_reduce_init_pipeline() (1): checks, segment size, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                             MPI_Op op, int root, MPI_Comm comm, MPI_Request *request, int segsize,
                                             int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reduces */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, size = 0, seg = 1, commute = 0;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__type_size(datatype, &size);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_seg_elems(segsize, size, count, &seg);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    COLLALG__NBC_BUILD(err, o, collalg__ireduce_pipeline_steps, (rank, p, root, count, inplace, seg, commute));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, rank == root ? recvbuf : NULL, datatype, inplace, &c,
                                        request, persistent);
}

/**
 * @brief MPI_Ireduce by one segmented chain, in the standard's operand order.
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
 * @param segsize  segment size in bytes, >= 0, rounded down to whole elements, at least one;
 *                 0 selects COLLALG_REDUCE_SEGSIZE_DEFAULT (64 KiB), as the blocking
 *                 collalg_reduce_pipeline(); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when @p segsize is negative; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Nothing is sent when an argument is refused. A reduction the datatype does
 *         not support fails in MPI_Reduce_local and comes back through the request.
 */
COLLALG_INLINE int collalg_ireduce_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, int root, MPI_Comm comm, MPI_Request *request, int segsize)
{
    return collalg__ireduce_pipeline(sendbuf, recvbuf, count, datatype, op, root, comm, request, segsize, 0);
}

/**
 * @brief MPI_Reduce_init by the algorithm of collalg_ireduce_pipeline(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ireduce_pipeline()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_init_pipeline(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request,
                                                int segsize)
{
    (void)info;
    return collalg__ireduce_pipeline(sendbuf, recvbuf, count, datatype, op, root, comm, request, segsize, 1);
}

#endif /* COLLALG_IREDUCE_PIPELINE_H */
