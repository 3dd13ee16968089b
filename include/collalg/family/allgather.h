/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/allgather.h
 * @brief Helpers private to the allgather family: the own-block copy (and the entry step with
 *        it), the final rotation of the
 *        Bruck-type algorithms (bruck.h, k_bruck.h) and the logical mesh all-gather of
 *        mesh_2d.h and mesh_3d.h.
 */
#ifndef COLLALG_ALLGATHER_COMMON_H
#define COLLALG_ALLGATHER_COMMON_H

#include "../core/core.h"

/**
 * @brief Phase 0 of most allgather algorithms: copies the own block (sendcount elements of
 *        @p sendtype at @p sendbuf) into slot c->rank of @p recvbuf, and returns the extent of
 *        @p recvtype in *rext. With MPI_IN_PLACE (resolved by the enter step) the copy is a
 *        no-op. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_own(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Aint *rext)
{
    MPI_Aint lb;
    int err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, rext);
    if (err != MPI_SUCCESS)
        return err;
    return collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)c->rank * recvcount, *rext),
                         recvcount, recvtype, c->pcomm);
}

/**
 * @brief Entry step and phase 0 of the allgather algorithms that work in recvbuf:
 *        collalg__allgather_enter() (checks, private communicator, MPI_IN_PLACE), then
 *        collalg__allgather_own() (the own block into slot c->rank, the extent of @p recvtype in
 *        *@p rext). @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__allgather_enter_own(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Aint *rext)
{
    int err = collalg__allgather_enter(c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, rext);
    return err;
}

/**
 * @brief The final inverse rotation of the Bruck-type allgathers (bruck.h, k_bruck.h): scratch
 *        @p t holds p blocks, the block of rank (c->rank + i) mod p at relative slot i; copies
 *        T[0 .. p - rank) to recvbuf slots rank .. p - 1 and T[p - rank .. p) to slots
 *        0 .. rank - 1 (two local copies of consecutive runs, blocks of @p b, extent @p rext).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_unrotate(collalg__ctx *c, const void *t, void *recvbuf, int recvcount,
                                               MPI_Aint rext, const collalg__blocks *b)
{
    int p = c->size, me = c->rank;
    int err = collalg__copy(t, (p - me) * b->per_block, b->type, collalg__at(recvbuf, (MPI_Aint)me * recvcount, rext),
                            (p - me) * b->per_block, b->type, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__copy(collalg__at(t, (MPI_Aint)(p - me) * recvcount, rext), me * b->per_block, b->type, recvbuf,
                            me * b->per_block, b->type, c->pcomm);
    return err;
}

/** @brief Request and status arrays of one call's non-blocking phase (see collalg__allgather_reqs). */
typedef struct collalg__allgather_reqs_t {
    MPI_Request *req; /**< requests, room for the number asked for */
    MPI_Status *st;   /**< statuses, as many (a real array: Waitall reports errors per request) */
    int n;            /**< requests posted so far */
} collalg__allgather_reqs_t;

/**
 * @brief Allocates room for @p n requests and statuses in one scratch buffer owned by @p c.
 * @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__allgather_reqs(collalg__ctx *c, int n, collalg__allgather_reqs_t *r)
{
    void *mem = NULL;
    MPI_Aint align = 16, rbytes = (((MPI_Aint)n * (MPI_Aint)sizeof(MPI_Request) + align - 1) / align) * align;
    int err = collalg__scratch(c, rbytes + (MPI_Aint)n * (MPI_Aint)sizeof(MPI_Status), &mem);
    r->req = (MPI_Request *)mem;
    r->st = mem ? (MPI_Status *)(void *)((char *)mem + rbytes) : NULL;
    r->n = 0;
    return err;
}

/**
 * @brief Waits for the r->n posted requests; called also after a failed post (@p err set), so
 *        nothing stays in flight. @return @p err if set, else the first error of the wait (the
 *        per-request error when MPI reports MPI_ERR_IN_STATUS), else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__allgather_waitall(collalg__allgather_reqs_t *r, int err)
{
    int i, werr;
    if (r->n == 0)
        return err;
    werr = COLLALG_MPI(Waitall)(r->n, r->req, r->st);
    if (werr == MPI_ERR_IN_STATUS)
        for (i = 0; i < r->n; i++)
            if (r->st[i].MPI_ERROR != MPI_SUCCESS && r->st[i].MPI_ERROR != MPI_ERR_PENDING) {
                werr = r->st[i].MPI_ERROR;
                break;
            }
    r->n = 0;
    return collalg__first(err, werr);
}

/**
 * @brief Logical mesh allgather shared by mesh_2d.h and mesh_3d.h: after the own-block copy,
 *        one all-gather per dimension, dimension 0 first.
 *
 * Rank r has coordinates r = c_0 + d_0 (c_1 + d_1 (c_2 + ...)), so dimension k has stride
 * s_k = d_0 ... d_{k-1}. Invariant: before dimension k, rank r holds the s_k consecutive blocks
 * of its "k-slab", the ranks that differ from r only in coordinates below k, namely blocks
 * [F, F + s_k) with F = r - (r mod s_k). In dimension k the d_k ranks that differ from r only in
 * coordinate k exchange their slabs; their slabs are consecutive, so rank r ends with the
 * s_{k+1} blocks [r - (r mod s_{k+1}), + s_{k+1}): every message is one contiguous range of
 * recvbuf (no derived datatype beyond collalg__blocks). Within a dimension every member posts
 * all its receives and sends at once, staggered as in spreading_simple.h (i-th message to
 * member c_k + i mod d_k). Dimensions of size 1 are skipped.
 * @param c the call's context (rank, size, private communicator, scratch owner)
 * @param sendbuf,sendcount,sendtype the own block (enter step already applied)
 * @param recvbuf,recvcount,recvtype the receive buffer, p blocks
 * @param dims sizes d_k of the @p ndims dimensions, product c->size
 * @param ndims number of dimensions (2 or 3 in the catalogue; any >= 1 works)
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM for the request arrays, or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_mesh(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, int recvcount, MPI_Datatype recvtype, const int *dims,
                                           int ndims)
{
    MPI_Aint rext = 0;
    collalg__blocks b;
    collalg__allgather_reqs_t r = {NULL, NULL, 0};
    int k, i, member, peer, stride = 1, p = c->size, me = c->rank;
    int err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);

    if (err == MPI_SUCCESS && p > 1)
        err = collalg__ctx_blocks(c, recvcount, recvtype, p, &b);
    if (err == MPI_SUCCESS && p > 1)
        err = collalg__allgather_reqs(c, 2 * (p - 1), &r);
    for (k = 0; k < ndims && err == MPI_SUCCESS; stride *= dims[k], k++) {
        /* my coordinate in dimension k, the first rank of my line, the first block of its slabs */
        int d = dims[k], mine = (me / stride) % d, base = me - mine * stride, first = me - me % (stride * d);
        if (d == 1)
            continue;
        for (i = 1; i < d && err == MPI_SUCCESS; i++) {
            member = collalg__ring_from(mine, d, i);
            peer = base + member * stride;
            err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, (MPI_Aint)(first + member * stride) * recvcount, rext),
                                     stride * b.per_block, b.type, peer, COLLALG_TAG_DATA, c->pcomm, &r.req[r.n]);
            r.n += err == MPI_SUCCESS;
        }
        for (i = 1; i < d && err == MPI_SUCCESS; i++) {
            peer = base + collalg__ring_to(mine, d, i) * stride;
            err = COLLALG_MPI(Isend)(collalg__at(recvbuf, (MPI_Aint)(first + mine * stride) * recvcount, rext),
                                     stride * b.per_block, b.type, peer, COLLALG_TAG_DATA, c->pcomm, &r.req[r.n]);
            r.n += err == MPI_SUCCESS;
        }
        err = collalg__allgather_waitall(&r, err);
    }
    return err;
}

#endif /* COLLALG_ALLGATHER_COMMON_H */
