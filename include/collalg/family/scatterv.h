/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/scatterv.h
 * @brief Helpers private to the scatterv family: the entry step collalg__scatterv_enter. The
 *        byte view of irregular blocks (packing, byte messages, subtree sizes) is shared with
 *        gatherv (family/gatherv.h).
 *
 * Conventions. Only the root knows every block's count (sendbuf, sendcounts, displs, sendtype
 * are not significant elsewhere and are never read there); rank r knows only its own receive
 * count. Block sizes are counted in bytes of the type signature; a block of zero bytes travels
 * in no message.
 */
#ifndef COLLALG_FAMILY_SCATTERV_H
#define COLLALG_FAMILY_SCATTERV_H

#include "../core/core.h"
#include "gatherv.h"

/**
 * @brief The argument checks of MPI_Scatterv (see collalg__scatterv_enter).
 * @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__scatterv_check(const void *sendbuf, const int *sendcounts, const int *displs,
                                           MPI_Datatype sendtype, const void *recvbuf, int recvcount,
                                           MPI_Datatype recvtype, int root, collalg__ctx *c)
{
    int rank, size, any = 0, inplace = recvbuf == MPI_IN_PLACE;
    int err = collalg__gatherv_rooted(c, root, &rank, &size);

    if (err != MPI_SUCCESS)
        return err;
    if (rank != root) /* only the receive triple is significant; MPI_IN_PLACE is the root's */
        return inplace ? MPI_ERR_BUFFER : collalg__check_buffer(recvbuf, recvcount, recvtype);
    err = collalg__check_vbuffer(sendbuf, sendcounts, displs, sendtype, size, &any);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_buffer(recvbuf, recvcount, recvtype);
    if (err == MPI_SUCCESS && !inplace && sendbuf == recvbuf && (any || recvcount > 0))
        err = MPI_ERR_BUFFER;
    return err;
}

/**
 * @brief Entry step of the scatterv algorithms.
 *
 * Checks the arguments, before any message and any write to a receive buffer:
 * - everywhere: the communicator (MPI_ERR_COMM) and @p root in [0, p) (MPI_ERR_ROOT);
 * - at a non-root: only the receive triple (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER;
 *   MPI_IN_PLACE there is MPI_ERR_BUFFER); @p sendbuf, @p sendcounts, @p displs, @p sendtype
 *   are not read;
 * - at the root: the send quadruple (collalg__check_vbuffer: MPI_ERR_ARG for NULL
 *   @p sendcounts or @p displs, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER), the receive triple
 *   unless MPI_IN_PLACE, and aliased buffers (MPI_ERR_BUFFER).
 *
 * Then attaches the private communicator. MPI_IN_PLACE (root only: the root's block stays where
 * it is in @p sendbuf) is resolved by pointing *recvbuf at that block (element displacement
 * displs[root] of @p sendbuf) with *recvcount = sendcounts[root], *recvtype = sendtype, so that
 * copying the own block is a no-op (collalg__copy of a buffer onto itself writes nothing).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__scatterv_enter(collalg__ctx *c, const void *sendbuf, const int *sendcounts,
                                           const int *displs, MPI_Datatype sendtype, void **recvbuf, int *recvcount,
                                           MPI_Datatype *recvtype, int root, MPI_Comm comm)
{
    int err = MPI_SUCCESS;
    MPI_Aint lb, ext;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__scatterv_check(sendbuf, sendcounts, displs, sendtype, *recvbuf, *recvcount, *recvtype, root, c);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || c->rank != root || *recvbuf != MPI_IN_PLACE)
        return err;
    err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &ext);
    *recvbuf = collalg__at(sendbuf, displs[root], ext);
    *recvcount = sendcounts[root];
    *recvtype = sendtype;
    return err;
}

#endif /* COLLALG_FAMILY_SCATTERV_H */
