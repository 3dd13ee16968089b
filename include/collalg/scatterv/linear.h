/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup scatterv
 * @brief Scatterv, linear algorithm: the root sends every rank its block directly.
 *
 * @par Phases
 * One phase. The root posts a non-blocking send of the block of every other rank r
 * (sendcounts[r] elements of sendtype at element displacement displs[r] of sendbuf), in the order
 * root+1, root+2, ... (mod p), copies its own block into recvbuf (nothing with MPI_IN_PLACE), and
 * waits for all of them. Every other rank receives its block from the root. A block of zero
 * bytes travels in no message: the root sees sendcounts[r] * size(sendtype) = 0, the receiver
 * recvcount * size(recvtype) = 0, the same number since the signatures match. Invariant: the
 * root's sendbuf is only read, and each receiver's gaps are left as they were.
 *
 * @par Trace, p = 6, root 2, rank 4 receives no data (a -> b: a sends b's block to b)
 * @verbatim
   phase 1:  2 -> 3, 2 -> 5, 2 -> 0, 2 -> 1   (all at once; the root's link serialises them)
             2 copies its own block; 4 receives nothing
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatterv_linear_p6.svg
 * @image html scatterv_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = sendcounts[j] * size of sendtype bytes in rank j's block and
 * N = sum n_j: (p - 1) alpha + (N - n_root) beta at the root (its link sends every block).
 *
 * @par Restrictions
 * None: any p >= 1, any root, counts 0 on any rank, any displacements (out of rank order, with
 * gaps, even overlapping: they are only read), MPI_IN_PLACE at the root, the ranks' receive
 * types may differ from the root's send type with the same signature.
 *
 * @par Memory
 * p - 1 MPI_Request at the root, none elsewhere.
 *
 * @par References
 * MPICH src/mpi/coll/scatterv/scatterv_allcomm_linear.c; Open MPI
 * ompi/mca/coll/basic/coll_basic_scatterv.c (the basic component's linear scatterv).
 */
#ifndef COLLALG_SCATTERV_LINEAR_H
#define COLLALG_SCATTERV_LINEAR_H

#include "../family/scatterv.h"

/**
 * @brief The root's sends (posted at once, then its own block, then one wait) of the linear
 *        scatterv. @return MPI_SUCCESS, MPI_ERR_NO_MEM for the request array, or the MPI error code.
 */
COLLALG_INLINE int collalg__scatterv_linear_root(collalg__ctx *c, const void *sendbuf, const int *sendcounts,
                                                 const int *displs, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype, int root)
{
    collalg__typeinfo st;
    MPI_Request *req = NULL;
    void *raw = NULL;
    int i, peer, n = 0, err = collalg__typeinfo_get(sendtype, &st);

    if (err == MPI_SUCCESS && c->size > 1)
        err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * (c->size - 1), &raw);
    req = (MPI_Request *)raw;
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++) {
        peer = collalg__gatherv_abs(i, root, c->size);
        if (collalg__gatherv_bytes(sendcounts[peer], st.size) == 0)
            continue;
        err = COLLALG_MPI(Isend)(collalg__at(sendbuf, displs[peer], st.extent), sendcounts[peer], sendtype, peer,
                                 COLLALG_TAG_DATA, c->pcomm, &req[n]);
        n += err == MPI_SUCCESS;
    }
    if (err == MPI_SUCCESS)
        err = collalg__copy(collalg__at(sendbuf, displs[root], st.extent), sendcounts[root], sendtype, recvbuf,
                            recvcount, recvtype, c->pcomm);
    return collalg__first(err, collalg__waitall(n, req)); /* the posted sends complete in any case */
}

/** @brief A non-root's receive of its block from the root (none for zero bytes). @return MPI error code. */
COLLALG_INLINE int collalg__scatterv_linear_recv(const collalg__ctx *c, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype, int root)
{
    int size = 0, err = collalg__type_size(recvtype, &size);
    if (err != MPI_SUCCESS || collalg__gatherv_bytes(recvcount, size) == 0)
        return err;
    return COLLALG_MPI(Recv)(recvbuf, recvcount, recvtype, root, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
}

/**
 * @brief MPI_Scatterv by the linear algorithm: the root sends every block directly.
 *
 * @param[in] sendbuf (root only) the send buffer: block r, sendcounts[r] elements of @p sendtype
 *            at element displacement displs[r], goes to rank r; blocks may lie in any order.
 *            Not read elsewhere.
 * @param[in] sendcounts (root only) p counts, >= 0; the signature of sendcounts[r] elements of
 *            @p sendtype must equal that of rank r's receive block. Not read elsewhere (may be
 *            NULL).
 * @param[in] displs (root only) p displacements in extents of @p sendtype. Not read elsewhere.
 * @param[in] sendtype (root only) the datatype of the send buffer's elements. Not read elsewhere
 *            (may be MPI_DATATYPE_NULL).
 * @param[out] recvbuf this rank's block, @p recvcount elements of @p recvtype (gaps left
 *             untouched); at the root it may be MPI_IN_PLACE, then the root's block stays in
 *             @p sendbuf and @p recvcount, @p recvtype are ignored.
 * @param[in] recvcount the number of elements of @p recvtype in this rank's block, >= 0.
 * @param[in] recvtype the datatype of the receive buffer's elements (any committed datatype).
 * @param[in] root the rank that scatters, in [0, p).
 * @param[in] comm the intra-communicator (the messages travel on its private duplicate).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ROOT (root outside [0, p)), MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ARG (NULL sendcounts or displs at the root) for bad arguments
 *         (family/scatterv.h); MPI_ERR_NO_MEM when the root's request array cannot be allocated;
 *         or the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_scatterv_linear(const void *sendbuf, const int sendcounts[], const int displs[],
                                           MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                           int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err =
        collalg__scatterv_enter(&c, sendbuf, sendcounts, displs, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS && c.rank == root)
        err = collalg__scatterv_linear_root(&c, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                                            root);
    else if (err == MPI_SUCCESS)
        err = collalg__scatterv_linear_recv(&c, recvbuf, recvcount, recvtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTERV_LINEAR_H */
