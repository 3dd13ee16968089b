/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/alltoall.h
 * @brief Private building blocks of the alltoall family: block addresses, the local copy of a
 *        rank's own block, and strided "block set" datatypes.
 *
 * Conventions: a block is `count` elements of one datatype; block j of a buffer starts at
 * element offset j * count (collalg__at). A block set is a datatype that describes several
 * blocks of one buffer at once, so that one message (or one local copy) moves them and MPI does
 * the packing; every block set here is built on a collalg__blocks layout so that its int
 * arguments cannot overflow.
 */
#ifndef COLLALG_ALLTOALL_COMMON_H
#define COLLALG_ALLTOALL_COMMON_H

#include "../core/core.h"

/** @brief Send and receive layouts of one alltoall call (extents and block types). */
typedef struct collalg__alltoall_layout {
    MPI_Aint sext;      /**< extent of the send type (bytes) */
    MPI_Aint rext;      /**< extent of the receive type (bytes) */
    collalg__blocks sb; /**< send blocks: one block = sb.per_block elements of sb.type */
    collalg__blocks rb; /**< receive blocks: one block = rb.per_block elements of rb.type */
} collalg__alltoall_layout;

/**
 * @brief Fills @p l for messages of up to @p max_blocks blocks (the block types, if any are
 *        created, are freed by collalg__leave). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_layout_init(collalg__ctx *c, int sendcount, MPI_Datatype sendtype, int recvcount,
                                                 MPI_Datatype recvtype, MPI_Aint max_blocks,
                                                 collalg__alltoall_layout *l)
{
    MPI_Aint lb;
    int err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &l->sext);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &l->rext));
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(c, sendcount, sendtype, max_blocks, &l->sb);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(c, recvcount, recvtype, max_blocks, &l->rb);
    return err;
}

/**
 * @brief 1 when the call moves no data (recvcount 0 or a receive type of size 0; the send
 *        signature matches). The algorithms built on block-set datatypes return at once then:
 *        SimGrid 3.32 crashes on a vector datatype with zero-length blocks.
 */
COLLALG_INLINE int collalg__alltoall_empty(int recvcount, MPI_Datatype recvtype)
{
    int size = 0;
    if (recvcount == 0)
        return 1;
    return collalg__type_size(recvtype, &size) == MPI_SUCCESS && size == 0;
}

/** @brief Address of block @p j of a buffer of blocks of @p count elements of extent @p ext. */
COLLALG_INLINE char *collalg__alltoall_block(const void *buf, MPI_Aint j, int count, MPI_Aint ext)
{
    return collalg__at(buf, j * count, ext);
}

/**
 * @brief Phase 0 of most alltoall algorithms: copies block rank of @p sendbuf into block rank
 *        of @p recvbuf. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_self_copy(const collalg__ctx *c, const void *sendbuf, int sendcount,
                                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                               MPI_Datatype recvtype)
{
    MPI_Aint sext, rext, lb;
    int err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &sext);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &rext));
    if (err != MPI_SUCCESS)
        return err;
    return collalg__copy(collalg__alltoall_block(sendbuf, c->rank, sendcount, sext), sendcount, sendtype,
                         collalg__alltoall_block(recvbuf, c->rank, recvcount, rext), recvcount, recvtype, c->pcomm);
}

/**
 * @brief Block set "@p nruns runs of @p run blocks, run starts @p stride blocks apart" over the
 *        block layout @p b (a committed MPI_Type_vector; the caller frees it with
 *        collalg__alltoall_type_free). The caller guarantees (nruns - 1) * stride + run blocks
 *        fit the max_blocks @p b was made for. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_strided_type(const collalg__blocks *b, int nruns, int run, int stride,
                                                  MPI_Datatype *out)
{
    int err = COLLALG_MPI(Type_vector)(nruns, run * b->per_block, stride * b->per_block, b->type, out);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_commit)(out);
    if (err != MPI_SUCCESS)
        *out = MPI_DATATYPE_NULL;
    return err;
}

/**
 * @brief Block set "the blocks listed in @p idx[0 .. n-1]" (block indices, any order; a
 *        committed MPI_Type_create_indexed_block over @p b, freed with
 *        collalg__alltoall_type_free). @p idx is rewritten in place into element displacements.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_indexed_type(const collalg__blocks *b, int n, int *idx, MPI_Datatype *out)
{
    int i, err;
    for (i = 0; i < n; i++)
        idx[i] *= b->per_block;
    err = COLLALG_MPI(Type_create_indexed_block)(n, b->per_block, idx, b->type, out);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_commit)(out);
    if (err != MPI_SUCCESS)
        *out = MPI_DATATYPE_NULL;
    return err;
}

/** @brief Frees a block-set type made here; MPI_DATATYPE_NULL is left alone. */
COLLALG_INLINE void collalg__alltoall_type_free(MPI_Datatype *t)
{
    if (*t != MPI_DATATYPE_NULL)
        COLLALG_MPI(Type_free)(t);
    *t = MPI_DATATYPE_NULL;
}

#endif /* COLLALG_ALLTOALL_COMMON_H */
