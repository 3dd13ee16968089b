/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup scan
 * @brief Scan, linear pipeline: rank i receives the prefix of rank i - 1 segment by segment,
 *        appends its own vector on the right and forwards the result to rank i + 1.
 *
 * @par Phases
 * The vector is cut into segments of `segsize` bytes (whole elements, at least one).
 * 1. Rank i copies its input into recvbuf (nothing to do with MPI_IN_PLACE).
 * 2. Rank 0 sends its segments to rank 1, in order. Rank i > 0 keeps the receive of the next
 *    segment from rank i - 1 posted while it works on the current one: for segment k it computes
 *    recvbuf_k = prefix_k op recvbuf_k (MPI_Reduce_local(prefix, recvbuf)) and, unless i = p - 1,
 *    sends recvbuf_k to rank i + 1. Invariant: what rank i sends for a segment is
 *    v_0 op ... op v_i on that segment, in rank order, so any op (commutative or not) is correct.
 *
 * @par Trace, p = 6, 2 segments (a -s-> b: segment s; [a..b] = v_a op ... op v_b)
 * @verbatim
   step 1:  0 -0-> 1                      1: [0..1] on segment 0
   step 2:  1 -0-> 2, 0 -1-> 1            2: [0..2] on 0, 1: [0..1] on 1
   step 3:  2 -0-> 3, 1 -1-> 2
   step 4:  3 -0-> 4, 2 -1-> 3
   step 5:  4 -0-> 5, 3 -1-> 4
   step 6:  4 -1-> 5                      5: [0..5] on both segments
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scan_linear_p6.svg
 * @image html scan_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s segments of n/s bytes:
 * (p + s - 2)(alpha + (n/s) beta + (n/s) gamma). Latency grows with p: good for small p or
 * long vectors (many segments).
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * on any rank, non-commutative operations (the operand order is kept).
 *
 * @par Memory
 * 2 segments of scratch on ranks i > 0 (receive slots); none on rank 0.
 *
 * @par References
 * The linear scan of MPICH src/mpi/coll/scan/scan_intra_linear.c (unsegmented) and Open MPI
 * ompi/mca/coll/basic/coll_basic_scan.c; segmented as the chain pipelines of Open MPI
 * ompi/mca/coll/base/coll_base_reduce.c.
 */
#ifndef COLLALG_SCAN_LINEAR_H
#define COLLALG_SCAN_LINEAR_H

#include "../family/scan.h"

/** @brief Elements of segment @p k of a vector of @p count elements cut every @p seg elements. */
COLLALG_INLINE int collalg__scan_seg_len(int count, int seg, int k)
{
    MPI_Aint lo = (MPI_Aint)k * seg;
    return count - lo < seg ? (int)(count - lo) : seg;
}

/** @brief Rank 0 of the pipeline: sends its segments of @p src to rank 1 (if any), in order. */
COLLALG_INLINE int collalg__scan_linear_first(const collalg__ctx *c, const collalg__allreduce_red *r, const void *src,
                                              int count, int seg)
{
    int k, nseg = (int)(((MPI_Aint)count + seg - 1) / seg), err = MPI_SUCCESS;
    for (k = 0; k < nseg && c->size > 1 && err == MPI_SUCCESS; k++)
        err = COLLALG_MPI(Send)(collalg__allreduce_at(r, src, (MPI_Aint)k * seg), collalg__scan_seg_len(count, seg, k),
                                r->type, 1, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief Segment @p k on a rank i > 0, its prefix (ranks 0 .. i-1) arrived in @p in. Inclusive:
 *        recvbuf_k = in op recvbuf_k, forwarded. Exclusive: out = in op own_k is forwarded and
 *        recvbuf_k = in (own_k is read before recvbuf_k is written: MPI_IN_PLACE).
 */
COLLALG_INLINE int collalg__scan_linear_step(const collalg__ctx *c, const collalg__allreduce_red *r,
                                             const void *sendbuf, void *recvbuf, void *in, void *out, int count,
                                             int seg, int k, int exclusive)
{
    MPI_Aint at = (MPI_Aint)k * seg;
    int n = collalg__scan_seg_len(count, seg, k), next = c->rank + 1 < c->size ? c->rank + 1 : -1, err;
    char *res = collalg__allreduce_at(r, recvbuf, at);
    if (!exclusive) {
        err = collalg__reduce_local(in, res, n, r->type, r->op);
        if (err == MPI_SUCCESS && next >= 0)
            err = COLLALG_MPI(Send)(res, n, r->type, next, COLLALG_TAG_DATA, c->pcomm);
        return err;
    }
    err = MPI_SUCCESS;
    if (next >= 0) {
        err = collalg__copy(collalg__allreduce_at(r, sendbuf, at), n, r->type, out, n, r->type, c->pcomm);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_local(in, out, n, r->type, r->op);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Send)(out, n, r->type, next, COLLALG_TAG_DATA, c->pcomm);
    }
    if (err == MPI_SUCCESS)
        err = collalg__copy(in, n, r->type, res, n, r->type, c->pcomm);
    return err;
}

/**
 * @brief The pipeline on a rank i > 0: receives of the next segment kept posted one ahead into
 *        two slots of @p slots, collalg__scan_linear_step on each segment in order.
 */
COLLALG_INLINE int collalg__scan_linear_rest(const collalg__ctx *c, const collalg__allreduce_red *r,
                                             const void *sendbuf, void *recvbuf, void *slots, void *out, int count,
                                             int seg, int exclusive)
{
    MPI_Request rq[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    int k, nseg = (int)(((MPI_Aint)count + seg - 1) / seg), err;
    err = COLLALG_MPI(Irecv)(slots, collalg__scan_seg_len(count, seg, 0), r->type, c->rank - 1, COLLALG_TAG_DATA,
                             c->pcomm, &rq[0]);
    for (k = 0; k < nseg && err == MPI_SUCCESS; k++) {
        void *in = collalg__allreduce_at(r, slots, (MPI_Aint)(k % 2) * seg);
        err = COLLALG_MPI(Wait)(&rq[k % 2], MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && k + 1 < nseg)
            err = COLLALG_MPI(Irecv)(collalg__allreduce_at(r, slots, (MPI_Aint)((k + 1) % 2) * seg),
                                     collalg__scan_seg_len(count, seg, k + 1), r->type, c->rank - 1, COLLALG_TAG_DATA,
                                     c->pcomm, &rq[(k + 1) % 2]);
        if (err == MPI_SUCCESS)
            err = collalg__scan_linear_step(c, r, sendbuf, recvbuf, in, out, count, seg, k, exclusive);
    }
    return err;
}

/**
 * @brief The linear pipeline after the enter step, shared with collalg_exscan_linear: init
 *        (probe of the (type, op) pair), segment size (MPI_ERR_ARG for @p segsize < 0), both
 *        before any message; then phases 1 and 2. @p exclusive = 1: exscan (rank i > 0 gets
 *        v_0 op ... op v_(i-1), rank 0's recvbuf is not written).
 * @return MPI_SUCCESS, MPI_ERR_ARG, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__scan_linear_run(collalg__ctx *c, const void *sendbuf, void *recvbuf, int count,
                                            MPI_Datatype datatype, MPI_Op op, int segsize, int exclusive)
{
    collalg__allreduce_red r;
    void *slots = NULL, *out = NULL;
    int seg = 1, err = segsize < 0 ? MPI_ERR_ARG : MPI_SUCCESS;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__scan_seg_elems(segsize, r.ti.size, count, &seg);
    if (err != MPI_SUCCESS || count == 0)
        return err;
    if (seg > count)
        seg = count;
    if (!exclusive)
        err = collalg__allreduce_copy(c, &r, sendbuf, recvbuf, count);
    if (err == MPI_SUCCESS && c->rank == 0)
        return collalg__scan_linear_first(c, &r, exclusive ? sendbuf : recvbuf, count, seg);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, 2 * (MPI_Aint)seg, &r.ti, &slots);
    if (err == MPI_SUCCESS && exclusive && c->rank + 1 < c->size)
        err = collalg__scratch_typed(c, seg, &r.ti, &out);
    if (err == MPI_SUCCESS)
        err = collalg__scan_linear_rest(c, &r, sendbuf, recvbuf, slots, out, count, seg, exclusive);
    return err;
}

/**
 * @brief MPI_Scan by the segmented linear pipeline.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_rank, count elements of datatype
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @param[in] segsize  segment size in bytes, >= 0; cut down to whole elements, at least one;
 *                     0 = COLLALG_SCAN_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__scan_enter); MPI_ERR_ARG when
 *         @p segsize < 0; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined
 *         @p op is not defined for @p datatype; all of these before any message; MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scan_linear(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                       MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    int err = collalg__scan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__scan_linear_run(&c, sendbuf, recvbuf, count, datatype, op, segsize, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCAN_LINEAR_H */
