/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mesh_2d.h
 * @ingroup alltoall
 * @brief Alltoall, 2D mesh algorithm (Faraj & Yuan, ICS'05, §3.1 "2D mesh algorithm"), as a
 *        dimension-by-dimension store-and-forward exchange.
 *
 * @par Phases
 * The p ranks form a logical x * y mesh, p = x * y with x <= y as close to sqrt(p) as p's
 * divisors allow (schedule/common.h collalg__mesh2d); rank r has coordinates (r mod x, r / x).
 * Phase 1 runs along x (among the ranks of one row), phase 2 along y (one column). In the
 * phase along a dimension, a rank sends each partner of that dimension exactly the blocks whose
 * final destination has the partner's coordinate in that dimension: after phase 1, rank (a, b)
 * holds, from every rank (a', b) of its row, the blocks destined to column a; phase 2 delivers
 * them within the column. Within a phase all receives and sends to the partners are posted at
 * once (partner order spread as in spreading_simple.h).
 *
 * Invariant: a rank keeps p blocks in a p-block buffer; the block (src, dst) sits at slot
 * m = sum_k m_k S_k (S_k = product of the sizes of the dimensions before k) with m_k = src_k
 * for the dimensions already done and m_k = dst_k for the others. So the send buffer (slot =
 * dst) is the start, the receive buffer (slot = src) the end, and in the phase along k the
 * blocks for the partner with coordinate v are the slots with m_k = v, which are also the slots
 * its blocks land in: a strided block set (one MPI vector datatype), sent and received in one
 * message per partner. Phases alternate between a scratch buffer and the receive buffer.
 *
 * @par Trace, p = 6 (x = 2, y = 3; rank r = (r mod 2, r / 2); "s>d": block from s for d)
 * @verbatim
   phase 1 (rows {0,1} {2,3} {4,5}):  rank 0 sends 0>1 0>3 0>5 to rank 1, receives 1>0 1>2 1>4
   phase 2 (columns {0,2,4} {1,3,5}): rank 0 sends 0>2 1>2 to rank 2, 0>4 1>4 to rank 4,
                                      receives 2>0 3>0 from rank 2, 4>0 5>0 from rank 4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_mesh_2d_p6.svg
 * @image html alltoall_mesh_2d_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair. The paper models each
 * phase as an allgather (x = y = sqrt(p)): 2(sqrt(p) - 1) alpha + (p - 1) p n beta + theta +
 * kappa. This implementation forwards only the blocks a partner needs, p / d blocks to each of
 * the d - 1 partners of a dimension of size d: (x - 1 + y - 1) alpha + ((x - 1) y + (y - 1) x)
 * n beta + theta + kappa, i.e. 2(sqrt(p) - 1) alpha + 2(p - sqrt(p)) n beta + theta + kappa for
 * a square mesh: the message count of the paper, about p n bytes per rank and phase.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. For prime p the mesh is 1 x p, which
 * degenerates to one dimension: a single phase in which every rank exchanges directly with
 * every other (the spreading simple algorithm). A dimension of size 1 is skipped.
 *
 * @par Memory
 * p * recvcount elements of recvtype (the intermediate buffer; none when only one dimension is
 * larger than 1), 2 (y - 1) MPI_Request handles, plus p * recvcount elements of recvtype when
 * sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (2D mesh, 3D mesh).
 */
#ifndef COLLALG_ALLTOALL_MESH_2D_H
#define COLLALG_ALLTOALL_MESH_2D_H

#include "../family/alltoall.h"

/** @brief Most dimensions of a logical mesh the mesh engine takes. */
#define COLLALG_ALLTOALL_MESH_MAXDIMS 3

/** @brief One phase of the mesh engine: the exchange along one dimension. */
typedef struct collalg__alltoall_mesh_phase {
    int size;   /**< d, the size of the dimension (> 1) */
    int stride; /**< S, rank distance between neighbours in this dimension (product of earlier sizes) */
} collalg__alltoall_mesh_phase;

/**
 * @brief The exchange along one dimension (@p ph): from the p-block buffer @p src (blocks of
 *        @p sb with extent @p sext and count @p scount) into @p dst (blocks of @p rb, extent
 *        @p rext, count @p rcount), as described in the mesh_2d.h file comment.
 * @param req 2 (d - 1) request handles
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_mesh_exchange(const collalg__ctx *c, const collalg__alltoall_mesh_phase *ph,
                                                   const void *src, const collalg__blocks *sb, int scount,
                                                   MPI_Aint sext, void *dst, const collalg__blocks *rb, int rcount,
                                                   MPI_Aint rext, MPI_Request *req)
{
    MPI_Datatype st = MPI_DATATYPE_NULL, rt = MPI_DATATYPE_NULL;
    int i, v, n = 0, err, d = ph->size, S = ph->stride, nruns = c->size / (d * S);
    int me = c->rank, mine = (me / S) % d;

    err = collalg__alltoall_strided_type(sb, nruns, S, S * d, &st);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_strided_type(rb, nruns, S, S * d, &rt);
    /* Receives from the partners with coordinate mine - i land in the slots with m_k = mine - i. */
    for (i = 1; i < d && err == MPI_SUCCESS; i++) {
        v = collalg__mod(mine - i, d);
        err = COLLALG_MPI(Irecv)(collalg__alltoall_block(dst, (MPI_Aint)v * S, rcount, rext), 1, rt,
                                 me + (v - mine) * S, COLLALG_TAG_DATA, c->pcomm, &req[n++]);
    }
    /* The partner with coordinate mine + i gets the slots with m_k = mine + i. */
    for (i = 1; i < d && err == MPI_SUCCESS; i++) {
        v = collalg__mod(mine + i, d);
        err = COLLALG_MPI(Isend)(collalg__alltoall_block(src, (MPI_Aint)v * S, scount, sext), 1, st,
                                 me + (v - mine) * S, COLLALG_TAG_DATA, c->pcomm, &req[n++]);
    }
    /* The slots with m_k = mine stay on this rank. */
    if (err == MPI_SUCCESS)
        err = collalg__copy(collalg__alltoall_block(src, (MPI_Aint)mine * S, scount, sext), 1, st,
                            collalg__alltoall_block(dst, (MPI_Aint)mine * S, rcount, rext), 1, rt, c->pcomm);
    err = collalg__first(err, collalg__waitall(n, req));
    collalg__alltoall_type_free(&st);
    collalg__alltoall_type_free(&rt);
    return err;
}

/**
 * @brief The mesh engine shared by mesh_2d.h and mesh_3d.h: one store-and-forward exchange per
 *        dimension of the logical mesh @p dims[0] x ... x @p dims[ndims-1] (product p, rank
 *        r = c_0 + dims[0] (c_1 + dims[1] c_2 ...)); dimensions of size 1 are skipped. The
 *        phases alternate between a scratch buffer and @p recvbuf so that the last one writes
 *        @p recvbuf. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_mesh(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void *recvbuf, int recvcount, MPI_Datatype recvtype, int ndims,
                                          const int *dims)
{
    collalg__alltoall_mesh_phase ph[COLLALG_ALLTOALL_MESH_MAXDIMS];
    collalg__alltoall_layout l;
    collalg__typeinfo rti;
    void *work = NULL, *reqs = NULL, *dst;
    const void *src = sendbuf;
    int k, e, nph = 0, stride = 1, maxd = 1, err;

    for (k = 0; k < ndims; k++) {
        if (dims[k] > 1) {
            ph[nph].size = dims[k];
            ph[nph].stride = stride;
            maxd = dims[k] > maxd ? dims[k] : maxd;
            nph++;
        }
        stride *= dims[k];
    }
    if (collalg__alltoall_empty(recvcount, recvtype))
        return MPI_SUCCESS;
    if (nph == 0)
        return collalg__alltoall_self_copy(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    err = collalg__alltoall_layout_init(c, sendcount, sendtype, recvcount, recvtype, c->size, &l);
    err = collalg__first(err, collalg__typeinfo_get(recvtype, &rti));
    if (err == MPI_SUCCESS && nph > 1)
        err = collalg__scratch_typed(c, (MPI_Aint)c->size * recvcount, &rti, &work);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)(2 * (maxd - 1)) * (MPI_Aint)sizeof(MPI_Request), &reqs);
    for (e = 0; e < nph && err == MPI_SUCCESS; e++) {
        dst = (nph - 1 - e) % 2 == 0 ? recvbuf : work;
        if (e == 0)
            err = collalg__alltoall_mesh_exchange(c, &ph[e], src, &l.sb, sendcount, l.sext, dst, &l.rb, recvcount,
                                                  l.rext, (MPI_Request *)reqs);
        else
            err = collalg__alltoall_mesh_exchange(c, &ph[e], src, &l.rb, recvcount, l.rext, dst, &l.rb, recvcount,
                                                  l.rext, (MPI_Request *)reqs);
        src = dst;
    }
    return err;
}

/**
 * @brief MPI_Alltoall by the 2D mesh algorithm.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffers cannot be allocated;
 *         or the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_alltoall_mesh_2d(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int dims[2];
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__mesh2d(c.size, &dims[0], &dims[1]);
        err = collalg__alltoall_mesh(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 2, dims);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_MESH_2D_H */
