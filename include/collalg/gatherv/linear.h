/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup gatherv
 * @brief Gatherv, linear algorithm: every rank sends its block straight to the root.
 *
 * @par Phases
 * One phase. The root posts a non-blocking receive for the block of every other rank r
 * (recvcounts[r] elements of recvtype, straight to element displacement displs[r] of recvbuf),
 * in the order root+1, root+2, ... (mod p), copies its own block into place (nothing with
 * MPI_IN_PLACE), and waits for all of them. Every other rank sends its block to the root. A
 * block of zero bytes travels in no message: the root sees recvcounts[r] * size(recvtype) = 0,
 * the sender sendcount * size(sendtype) = 0, the same number since the signatures match.
 * Invariant: only the bytes of the blocks are written; the gaps between and inside blocks are
 * left as they were.
 *
 * @par Trace, p = 6, root 2, rank 4 holds no data (a -> b: a sends its block to b)
 * @verbatim
   phase 1:  3 -> 2, 5 -> 2, 0 -> 2, 1 -> 2   (all at once; the root's link serialises them)
             2 copies its own block; 4 sends nothing
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gatherv_linear_p6.svg
 * @image html gatherv_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in rank j's block and
 * N = sum n_j: (p - 1) alpha + (N - n_root) beta at the root (its link receives every block).
 *
 * @par Restrictions
 * None: any p >= 1, any root, counts 0 on any rank, any displacements (out of rank order, with
 * gaps), MPI_IN_PLACE at the root, the ranks' send types may differ from the root's receive type
 * with the same signature.
 *
 * @par Memory
 * p - 1 MPI_Request at the root, none elsewhere.
 *
 * @par References
 * MPICH src/mpi/coll/gatherv/gatherv_allcomm_linear.c; Open MPI
 * ompi/mca/coll/basic/coll_basic_gatherv.c (the basic component's linear gatherv).
 */
#ifndef COLLALG_GATHERV_LINEAR_H
#define COLLALG_GATHERV_LINEAR_H

#include "../family/gatherv.h"

/**
 * @brief The root's receives (posted at once, then its own block, then one wait) of the linear
 *        gatherv. @return MPI_SUCCESS, MPI_ERR_NO_MEM for the request array, or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_linear_root(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                                const int *displs, MPI_Datatype recvtype, int root)
{
    collalg__typeinfo rt;
    MPI_Request *req = NULL;
    void *raw = NULL;
    int i, peer, n = 0, err = collalg__typeinfo_get(recvtype, &rt);

    if (err == MPI_SUCCESS && c->size > 1)
        err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * (c->size - 1), &raw);
    req = (MPI_Request *)raw;
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
        peer = collalg__gatherv_abs(i, root, c->size);
        if (collalg__gatherv_bytes(recvcounts[peer], rt.size) == 0)
            continue;
        err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, displs[peer], rt.extent), recvcounts[peer], recvtype, peer,
                                 COLLALG_TAG_DATA, c->pcomm, &req[n]);
        n += err == MPI_SUCCESS;
    }
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, displs[root], rt.extent),
                            recvcounts[root], recvtype, c->pcomm);
    if (err != MPI_SUCCESS) /* a failed post or copy: nothing may stay in flight */
        return collalg__first(err, collalg__cancel_all(n, req));
    return collalg__waitall(n, req);
}

/** @brief A non-root's send of its block to the root (none for zero bytes). @return MPI error code. */
COLLALG_INLINE int collalg__gatherv_linear_send(const collalg__ctx *c, const void *sendbuf, int sendcount,
                                                MPI_Datatype sendtype, int root)
{
    int size = 0, err = collalg__type_size(sendtype, &size);
    if (err != MPI_SUCCESS || collalg__gatherv_bytes(sendcount, size) == 0)
        return err;
    return COLLALG_MPI(Send)(sendbuf, sendcount, sendtype, root, COLLALG_TAG_DATA, c->pcomm);
}

/**
 * @brief MPI_Gatherv by the linear algorithm: the root receives every block directly.
 *
 * @param[in] sendbuf this rank's block, @p sendcount elements of @p sendtype; at the root it may
 *            be MPI_IN_PLACE, then the root's block is already in place as block root of
 *            @p recvbuf and @p sendcount, @p sendtype are ignored.
 * @param[in] sendcount the number of elements of @p sendtype in this rank's block, >= 0.
 * @param[in] sendtype the datatype of the send buffer's elements (any committed datatype).
 * @param[out] recvbuf (root only) the receive buffer: block r, recvcounts[r] elements of
 *             @p recvtype at element displacement displs[r], receives rank r's block; blocks may
 *             lie in any order with gaps, which are left untouched. Not read elsewhere.
 * @param[in] recvcounts (root only) p counts, >= 0; the signature of recvcounts[r] elements of
 *            @p recvtype must equal that of rank r's send block. Not read elsewhere (may be NULL).
 * @param[in] displs (root only) p displacements in extents of @p recvtype. Not read elsewhere.
 * @param[in] recvtype (root only) the datatype of the receive buffer's elements. Not read
 *            elsewhere (may be MPI_DATATYPE_NULL).
 * @param[in] root the rank that gathers, in [0, p).
 * @param[in] comm the intra-communicator (the messages travel on its private duplicate).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ROOT (root outside [0, p)), MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ARG (NULL recvcounts or displs at the root) for bad arguments
 *         (family/gatherv.h); MPI_ERR_NO_MEM when the root's request array cannot be allocated;
 *         or the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_gatherv_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                          MPI_Comm comm)
{
    collalg__ctx c;
    int err =
        collalg__gatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    if (err == MPI_SUCCESS && c.rank == root)
        err =
            collalg__gatherv_linear_root(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root);
    else if (err == MPI_SUCCESS)
        err = collalg__gatherv_linear_send(&c, sendbuf, sendcount, sendtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHERV_LINEAR_H */
