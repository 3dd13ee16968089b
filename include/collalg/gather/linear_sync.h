/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear_sync.h
 * @ingroup gather
 * @brief Gather, linear with synchronisation (Open MPI's linear_sync gather): the root takes the
 *        ranks one at a time and lets each send only when its receive is posted.
 *
 * @par Phases
 * The root copies its own block into place, then for each rank i = 0, 1, ..., p - 1 (itself
 * skipped) in turn: posts the receive of the first segment of rank i's block (the first
 * @p first_segment bytes of the type signature, or the whole block if smaller), sends rank i a
 * zero-byte go-ahead, waits for the first segment, then receives the rest of the block in one
 * message. Rank i waits for the go-ahead, then sends its first segment and its rest. Invariant:
 * every data message finds its receive posted (the go-ahead follows the post of the first
 * segment's receive; the rest is sent after the first segment, whose receive the root completes
 * before posting the rest's; under a rendezvous protocol the rest waits for it), so no large
 * message arrives unexpected, and at most one rank sends to the root at a time (no node
 * contention). The cut is in bytes of the type signature, the same on both sides whatever each
 * passes as datatype: a gap-free type is viewed in place, any other is packed by the sender and
 * unpacked by the root (one scratch block reused for every rank).
 *
 * @par Trace, p = 6, root 2 (go: the zero-byte go-ahead; s1 / rest: the block's two messages)
 * @verbatim
   step 1:  2 -> 0 go,  0 -> 2 s1,  0 -> 2 rest
   step 2:  2 -> 1 go,  1 -> 2 s1,  1 -> 2 rest
   step 3:  2 -> 3 go,  3 -> 2 s1,  3 -> 2 rest
   step 4:  2 -> 4 go,  4 -> 2 s1,  4 -> 2 rest
   step 5:  2 -> 5 go,  5 -> 2 s1,  5 -> 2 rest
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gather_linear_sync_p6.svg
 * @image html gather_linear_sync_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes (one rank's block), f the first
 * segment (bytes): (p - 1)(3 alpha + n beta) when n > f (go-ahead, first segment, rest: three
 * latencies per rank, all in sequence), (p - 1)(2 alpha + n beta) when n <= f; no kappa_n.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A block of more than INT_MAX bytes is received whole after the go-ahead (no cut: it is
 * past what an int count of bytes describes). Packed data must be the bare signature (checked,
 * else MPI_ERR_TYPE).
 *
 * @par Memory
 * n bytes at the root when its receive type has gaps, n bytes at a rank whose send type has gaps;
 * none otherwise.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_gather.c (ompi_coll_base_gather_intra_linear_sync: first
 * segment, zero-byte synchronisation, remainder).
 */
#ifndef COLLALG_GATHER_LINEAR_SYNC_H
#define COLLALG_GATHER_LINEAR_SYNC_H

#include "../family/gather.h"

/**
 * @brief A non-root rank: waits for the go-ahead, then sends its first segment (@p first bytes)
 *        and the rest of its block (packed first when its type has gaps).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_linear_sync_send(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                    MPI_Datatype sendtype, int root, MPI_Aint first)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    void *raw = NULL;
    const char *view;
    int err = collalg__gather_block(sendcount, sendtype, &ti, &bytes);

    if (err != MPI_SUCCESS || bytes == 0)
        return err;
    if (bytes <= (MPI_Aint)INT_MAX && !ti.dense) {
        err = collalg__scratch(c, bytes, &raw);
        if (err == MPI_SUCCESS)
            err = collalg__gather_pack(c, sendbuf, sendcount, sendtype, &ti, (char *)raw, bytes);
    }
    view = raw ? (const char *)raw : (const char *)sendbuf + ti.lb;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, root, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    if (err != MPI_SUCCESS)
        return err;
    if (bytes > (MPI_Aint)INT_MAX) /* the whole block in the rank's own elements */
        return COLLALG_MPI(Send)(sendbuf, sendcount, sendtype, root, COLLALG_TAG_DATA, c->pcomm);
    if (first > bytes)
        first = bytes;
    err = COLLALG_MPI(Send)(view, (int)first, MPI_BYTE, root, COLLALG_TAG_DATA, c->pcomm);
    if (err == MPI_SUCCESS && bytes > first)
        err = COLLALG_MPI(Send)(view + first, (int)(bytes - first), MPI_BYTE, root, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief The root's turn with rank @p i: posts the receive of the first segment (@p first bytes)
 *        into @p to, sends the go-ahead, completes the first segment, receives the rest.
 *        @p to is the block's bytes, or NULL for a block past INT_MAX bytes (received whole into
 *        @p block in the root's own elements). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_linear_sync_take(collalg__ctx *c, char *to, MPI_Aint bytes, MPI_Aint first,
                                                    void *block, int recvcount, MPI_Datatype recvtype, int i)
{
    MPI_Request rq = MPI_REQUEST_NULL;
    int err;

    if (first > bytes)
        first = bytes;
    if (to)
        err = COLLALG_MPI(Irecv)(to, (int)first, MPI_BYTE, i, COLLALG_TAG_DATA, c->pcomm, &rq);
    else
        err = COLLALG_MPI(Irecv)(block, recvcount, recvtype, i, COLLALG_TAG_DATA, c->pcomm, &rq);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, i, COLLALG_TAG_TOKEN, c->pcomm);
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(1, &rq));
    err = COLLALG_MPI(Wait)(&rq, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS && to && bytes > first)
        err = COLLALG_MPI(Recv)(to + first, (int)(bytes - first), MPI_BYTE, i, COLLALG_TAG_DATA, c->pcomm,
                                MPI_STATUS_IGNORE);
    return err;
}

/**
 * @brief The root: copies its own block, then takes the ranks in order
 *        (collalg__gather_linear_sync_take), receiving into recvbuf in place for a gap-free type,
 *        else into one scratch block unpacked after each rank. @return MPI_SUCCESS or the MPI
 *        error code.
 */
COLLALG_INLINE int collalg__gather_linear_sync_root(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                    MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                    MPI_Datatype recvtype, int root, MPI_Aint first)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    void *raw = NULL;
    int i, big, err = collalg__gather_block(recvcount, recvtype, &ti, &bytes);

    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, ti.extent),
                            recvcount, recvtype, c->pcomm);
    if (err != MPI_SUCCESS || bytes == 0)
        return err;
    big = bytes > (MPI_Aint)INT_MAX;
    if (!big && !ti.dense)
        err = collalg__scratch(c, bytes, &raw);
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
        char *block = collalg__at(recvbuf, (MPI_Aint)i * recvcount, ti.extent);
        if (i == root)
            continue;
        err = collalg__gather_linear_sync_take(c,
                                               big   ? NULL
                                               : raw ? (char *)raw
                                                     : block + ti.lb,
                                               bytes, first, block, recvcount, recvtype, i);
        if (err == MPI_SUCCESS && raw)
            err = collalg__gather_unpack(c, (const char *)raw, bytes, block, recvcount, recvtype, &ti);
    }
    return err;
}

/**
 * @brief MPI_Gather by the linear algorithm with synchronisation: the root takes the ranks one at
 *        a time, each sending a first segment then the rest after a zero-byte go-ahead.
 *
 * @param sendbuf       this rank's block (MPI_IN_PLACE at the root: its block is already in place
 *                      in @p recvbuf)
 * @param sendcount     elements of @p sendtype in the block
 * @param sendtype      datatype of the block's elements
 * @param recvbuf       the root's receive buffer, p blocks of @p recvcount elements of @p recvtype
 *                      in rank order (significant at the root only)
 * @param recvcount     elements of @p recvtype per block (root only)
 * @param recvtype      datatype of the received elements (root only)
 * @param root          rank that gathers, 0 <= root < p
 * @param comm          intracommunicator
 * @param first_segment bytes of the type signature in the first segment, >= 1; 0 selects
 *                      COLLALG_GATHER_FIRST_SEGMENT_DEFAULT (1024)
 * @return MPI_SUCCESS; MPI_ERR_ARG when @p first_segment is negative; MPI_ERR_COMM,
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased
 *         buffers at the root), MPI_ERR_ROOT for bad arguments (family/gather.h); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; MPI_ERR_TYPE when packed data is not the bare
 *         signature; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_gather_linear_sync(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                              int first_segment)
{
    collalg__ctx c;
    MPI_Aint first = first_segment == 0 ? COLLALG_GATHER_FIRST_SEGMENT_DEFAULT : first_segment;
    int err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (err == MPI_SUCCESS && first_segment < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS && c.rank == root)
        err = collalg__gather_linear_sync_root(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                                               first);
    else if (err == MPI_SUCCESS)
        err = collalg__gather_linear_sync_send(&c, sendbuf, sendcount, sendtype, root, first);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_LINEAR_SYNC_H */
