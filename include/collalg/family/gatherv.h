/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/gatherv.h
 * @brief Helpers private to the gatherv family (and shared with scatterv): the entry step
 *        collalg__gatherv_enter, the root check, and the byte view of irregular blocks that
 *        the tree algorithms aggregate.
 *
 * Conventions. Only the root knows every block's count (recvcounts, displs, recvtype are not
 * significant elsewhere and are never read there); rank r knows only its own block. A block's
 * size is counted in bytes of its type signature, count * size(type), which is the same on the
 * sending and the receiving side even when their datatypes differ. A block of zero bytes travels
 * in no message (both sides see the same zero).
 *
 * The tree algorithms (binomial.h) move the blocks of a subtree as one message of bytes: each
 * block is packed (MPI_Pack, or memcpy for a type without gaps) in relative-rank order into a
 * scratch buffer and travels as MPI_BYTE, like the splitting broadcasts (family/bcast.h). This
 * assumes a homogeneous system, where packed data is the bare signature (checked: otherwise
 * MPI_ERR_TYPE). Offsets into the packed buffer are MPI_Aint, and every MPI call that takes an
 * int count (MPI_Pack, MPI_Send, MPI_Recv) is cut into pieces of at most INT_MAX bytes, so the
 * aggregate of a subtree may exceed 2 GiB.
 */
#ifndef COLLALG_FAMILY_GATHERV_H
#define COLLALG_FAMILY_GATHERV_H

#include "../core/core.h"

/**
 * @brief Checks the communicator and the root, and returns the caller's rank and the size.
 * @return MPI_ERR_COMM (core/args.h), MPI_ERR_ROOT when @p root is outside [0, p), else
 *         MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__gatherv_rooted(collalg__ctx *c, int root, int *rank, int *size)
{
    int err = collalg__ctx_comm(c, size, rank);
    if (err == MPI_SUCCESS && (root < 0 || root >= *size))
        err = MPI_ERR_ROOT;
    return err;
}

/**
 * @brief The argument checks of MPI_Gatherv (see collalg__gatherv_enter).
 * @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__gatherv_check(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          const void *recvbuf, const int *recvcounts, const int *displs,
                                          MPI_Datatype recvtype, int root, collalg__ctx *c)
{
    int rank, size, any = 0, inplace = sendbuf == MPI_IN_PLACE;
    int err = collalg__gatherv_rooted(c, root, &rank, &size);

    if (err != MPI_SUCCESS)
        return err;
    if (rank != root) /* only the send triple is significant; MPI_IN_PLACE is the root's */
        return inplace ? MPI_ERR_BUFFER : collalg__check_buffer(sendbuf, sendcount, sendtype);
    err = collalg__check_vbuffer(recvbuf, recvcounts, displs, recvtype, size, &any);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_buffer(sendbuf, sendcount, sendtype);
    if (err == MPI_SUCCESS && !inplace && sendbuf == recvbuf && (any || sendcount > 0))
        err = MPI_ERR_BUFFER;
    return err;
}

/**
 * @brief Entry step of the gatherv algorithms.
 *
 * Checks the arguments, before any message and any write to @p recvbuf:
 * - everywhere: the communicator (MPI_ERR_COMM) and @p root in [0, p) (MPI_ERR_ROOT);
 * - at a non-root: only the send triple (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER; MPI_IN_PLACE
 *   there is MPI_ERR_BUFFER); @p recvbuf, @p recvcounts, @p displs, @p recvtype are not read;
 * - at the root: the receive quadruple (collalg__check_vbuffer: MPI_ERR_ARG for NULL
 *   @p recvcounts or @p displs, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER), the send triple
 *   unless MPI_IN_PLACE, and aliased buffers (MPI_ERR_BUFFER).
 *
 * Then attaches the private communicator. MPI_IN_PLACE (root only) is resolved by pointing
 * *sendbuf at the root's own block of @p recvbuf (element displacement displs[root]) with
 * *sendcount = recvcounts[root], *sendtype = recvtype, so that copying the own block is a no-op.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__gatherv_enter(collalg__ctx *c, const void **sendbuf, int *sendcount, MPI_Datatype *sendtype,
                                          void *recvbuf, const int *recvcounts, const int *displs,
                                          MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int err = MPI_SUCCESS;
    MPI_Aint lb, ext;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__gatherv_check(*sendbuf, *sendcount, *sendtype, recvbuf, recvcounts, displs, recvtype, root, c);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || c->rank != root || *sendbuf != MPI_IN_PLACE)
        return err;
    err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &ext);
    *sendbuf = collalg__at(recvbuf, displs[root], ext);
    *sendcount = recvcounts[root];
    *sendtype = recvtype;
    return err;
}

/* ---- byte view of blocks (the tree algorithms) ------------------------------------------------ */

/** @brief Bytes of the type signature of @p count elements of a type of @p size bytes. */
COLLALG_INLINE MPI_Aint collalg__gatherv_bytes(int count, int size)
{
    return (MPI_Aint)count * size;
}

/** @brief Absolute rank of relative rank @p relrank in a tree of @p p ranks rooted at @p root. */
COLLALG_INLINE int collalg__gatherv_abs(int relrank, int root, int p)
{
    return (int)(((long)relrank + root) % p);
}

/**
 * @brief Elements per MPI_Pack / MPI_Unpack call for a type of @p size bytes: as many as keep
 *        one call's bytes within INT_MAX (at least 1).
 */
COLLALG_INLINE int collalg__gatherv_piece(int size)
{
    return size > 0 && INT_MAX / size > 1 ? INT_MAX / size : 1;
}

/**
 * @brief Packs @p count elements of @p type (described by @p ti) at @p buf into the bytes at
 *        @p out: memcpy for a type without gaps, else MPI_Pack in pieces of at most INT_MAX
 *        bytes. @return MPI_SUCCESS, MPI_ERR_TYPE when packed data is not the bare signature
 *        (not a homogeneous system), or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_pack(const collalg__ctx *c, const void *buf, int count, MPI_Datatype type,
                                         const collalg__typeinfo *ti, char *out)
{
    int done, n, pos, err = MPI_SUCCESS, piece = collalg__gatherv_piece(ti->size);

    if (count == 0 || ti->size == 0)
        return MPI_SUCCESS;
    if (ti->dense) {
        memcpy(out, (const char *)buf + ti->lb, (size_t)collalg__gatherv_bytes(count, ti->size));
        return MPI_SUCCESS;
    }
    for (done = 0; done < count && err == MPI_SUCCESS; done += n) {
        n = count - done < piece ? count - done : piece;
        pos = 0;
        err = COLLALG_MPI(Pack)(collalg__at(buf, done, ti->extent), n, type,
                                out + collalg__gatherv_bytes(done, ti->size), n * ti->size, &pos, c->pcomm);
        if (err == MPI_SUCCESS && pos != n * ti->size)
            err = MPI_ERR_TYPE;
    }
    return err;
}

/**
 * @brief Unpacks the bytes at @p in into @p count elements of @p type (described by @p ti) at
 *        @p buf, the inverse of collalg__gatherv_pack(); the gaps of @p type are left untouched.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_unpack(const collalg__ctx *c, const char *in, void *buf, int count,
                                           MPI_Datatype type, const collalg__typeinfo *ti)
{
    int done, n, pos, err = MPI_SUCCESS, piece = collalg__gatherv_piece(ti->size);

    if (count == 0 || ti->size == 0)
        return MPI_SUCCESS;
    if (ti->dense) {
        memcpy((char *)buf + ti->lb, in, (size_t)collalg__gatherv_bytes(count, ti->size));
        return MPI_SUCCESS;
    }
    for (done = 0; done < count && err == MPI_SUCCESS; done += n) {
        n = count - done < piece ? count - done : piece;
        pos = 0;
        err = COLLALG_MPI(Unpack)(in + collalg__gatherv_bytes(done, ti->size), n * ti->size, &pos,
                                  collalg__at(buf, done, ti->extent), n, type, c->pcomm);
    }
    return err;
}

/**
 * @brief Sends @p bytes bytes at @p buf to @p peer as MPI_BYTE, in messages of at most INT_MAX
 *        bytes (one message below 2 GiB; none for 0 bytes). @return MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_send_bytes(const collalg__ctx *c, const char *buf, MPI_Aint bytes, int peer)
{
    int err = MPI_SUCCESS, n;
    for (; bytes > 0 && err == MPI_SUCCESS; bytes -= n, buf += n) {
        n = bytes < (MPI_Aint)INT_MAX ? (int)bytes : INT_MAX;
        err = COLLALG_MPI(Send)(buf, n, MPI_BYTE, peer, COLLALG_TAG_DATA, c->pcomm);
    }
    return err;
}

/** @brief Receives what collalg__gatherv_send_bytes() sends: @p bytes bytes from @p peer. @return MPI error code. */
COLLALG_INLINE int collalg__gatherv_recv_bytes(const collalg__ctx *c, char *buf, MPI_Aint bytes, int peer)
{
    int err = MPI_SUCCESS, n;
    for (; bytes > 0 && err == MPI_SUCCESS; bytes -= n, buf += n) {
        n = bytes < (MPI_Aint)INT_MAX ? (int)bytes : INT_MAX;
        err = COLLALG_MPI(Recv)(buf, n, MPI_BYTE, peer, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief Bytes of the blocks of relative ranks [first, first + n) as the root sees them:
 *        the sum of @p counts[abs(j)] * @p size over those ranks (abs as collalg__gatherv_abs).
 */
COLLALG_INLINE MPI_Aint collalg__gatherv_range(const int *counts, int size, int first, int n, int root, int p)
{
    MPI_Aint sum = 0;
    int j;
    for (j = first; j < first + n; j++)
        sum += collalg__gatherv_bytes(counts[collalg__gatherv_abs(j, root, p)], size);
    return sum;
}

/**
 * @brief Largest subtree, in bytes, among the root's children in the binomial tree (relative
 *        ranks 2^k < p, subtree [2^k, min(2^(k+1), p))): the scratch the root needs to pack or
 *        unpack one child's subtree at a time.
 */
COLLALG_INLINE MPI_Aint collalg__gatherv_child_max(const int *counts, int size, int root, int p)
{
    MPI_Aint max = 0, b;
    int m;
    for (m = 1; m < p; m *= 2) {
        b = collalg__gatherv_range(counts, size, m, collalg__binomial_subtree(m, p), root, p);
        if (b > max)
            max = b;
        if (m > p / 2)
            break; /* the next power of two is past p (and may not fit an int) */
    }
    return max;
}

#endif /* COLLALG_FAMILY_GATHERV_H */
