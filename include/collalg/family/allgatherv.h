/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/allgatherv.h
 * @brief Helpers private to the allgatherv family: the own-block copy, the test for an empty
 *        block, and "block sets" (several irregular blocks of a buffer sent or received as one
 *        message through one derived datatype).
 *
 * A block set is described by a plan: for block index i, counts[i] elements of the element type
 * at element displacement displs[i] (MPI_Aint) of a base address. collalg__vmsg_make() turns
 * the blocks [first, first + n) of a plan into one (buffer, count, datatype) triple:
 * - no non-empty block: count 0 of the element type;
 * - the non-empty blocks lie back to back in plan order and hold at most INT_MAX elements in
 *   all: that many elements of the element type from the first block (no derived datatype);
 * - otherwise one element of an MPI_Type_create_hindexed over the element type, block lengths
 *   counts[i] and byte displacements (displs[i] - displs[first non-empty]) * extent, so a set
 *   may hold more than INT_MAX elements and its blocks may lie in any order, with gaps.
 *
 * Both sides of a message build their set from their own plan of the same blocks, so the type
 * signatures match even when the ranks' receive types differ.
 */
#ifndef COLLALG_ALLGATHERV_COMMON_H
#define COLLALG_ALLGATHERV_COMMON_H

#include "../core/core.h"
#include "allgather.h"

/**
 * @brief Phase 0 of the allgatherv algorithms: copies the own block (sendcount elements of
 *        @p sendtype at @p sendbuf) to element displacement displs[rank] of @p recvbuf
 *        (recvcounts[rank] elements of @p recvtype), and returns the extent of @p recvtype in
 *        *rext. With MPI_IN_PLACE (resolved by the enter step) the copy is a no-op.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_own(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, const int *recvcounts, const int *displs,
                                           MPI_Datatype recvtype, MPI_Aint *rext)
{
    MPI_Aint lb;
    int err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, rext);
    if (err != MPI_SUCCESS)
        return err;
    return collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, displs[c->rank], *rext),
                         recvcounts[c->rank], recvtype, c->pcomm);
}

/**
 * @brief The peer for a single-block message of @p count elements of a type of @p size bytes:
 *        MPI_PROC_NULL when the block carries no byte (both sides then skip the message, since
 *        every rank sees the same block sizes in bytes), else @p peer.
 */
COLLALG_INLINE int collalg__vpeer(int peer, int count, int size)
{
    return count == 0 || size == 0 ? MPI_PROC_NULL : peer;
}

/** @brief A plan of blocks of one buffer (see the file comment) and room to build sets of it. */
typedef struct collalg__vset {
    MPI_Datatype elem;      /**< element datatype of every block */
    MPI_Aint ext;           /**< its extent (bytes) */
    const int *counts;      /**< counts[i]: elements in block i */
    const MPI_Aint *displs; /**< displs[i]: element displacement of block i from the base */
    int *len;               /**< scratch: block lengths of the hindexed type (room for the plan) */
    MPI_Aint *disp;         /**< scratch: byte displacements of the hindexed type */
} collalg__vset;

/** @brief One message built from a block set: @p count elements of @p type at @p buf. */
typedef struct collalg__vmsg {
    char *buf;         /**< address passed to MPI */
    int count;         /**< elements of @c type */
    MPI_Datatype type; /**< element type, or a committed hindexed type */
    int owned;         /**< 1 when @c type was created here (collalg__vmsg_free frees it) */
} collalg__vmsg;

/**
 * @brief Scratch of one call's plan for @p nblocks blocks: the plan's own counts (int) and
 *        displacements (MPI_Aint), and the temporaries of the hindexed types, in one buffer
 *        owned by @p c. Fills s->elem, s->ext from @p elem; sets s->counts to the int array
 *        (the caller may point it elsewhere) and *cnt to it. @return MPI_SUCCESS or
 *        MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__vset_alloc(collalg__ctx *c, int nblocks, MPI_Datatype elem, collalg__vset *s, int **cnt,
                                       MPI_Aint **dsp)
{
    void *mem = NULL;
    MPI_Aint lb, n = nblocks > 0 ? nblocks : 1;
    int err = COLLALG_MPI(Type_get_extent)(elem, &lb, &s->ext);
    s->elem = elem;
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, n * (MPI_Aint)(2 * sizeof(MPI_Aint) + 2 * sizeof(int)), &mem);
    if (err != MPI_SUCCESS)
        return err;
    *dsp = (MPI_Aint *)mem;
    s->displs = *dsp;
    s->disp = *dsp + n;
    *cnt = (int *)(void *)(s->disp + n);
    s->counts = *cnt;
    s->len = *cnt + n;
    return MPI_SUCCESS;
}

/**
 * @brief The plan of the p blocks of an allgatherv receive buffer in rank order: block j is
 *        @p recvcounts[j] elements of @p recvtype at element displacement @p displs[j].
 * @return as collalg__vset_alloc().
 */
COLLALG_INLINE int collalg__vset_recv(collalg__ctx *c, const int *recvcounts, const int *displs, MPI_Datatype recvtype,
                                      collalg__vset *s)
{
    int j, *cnt = NULL;
    MPI_Aint *dsp = NULL;
    int err = collalg__vset_alloc(c, c->size, recvtype, s, &cnt, &dsp);
    if (err != MPI_SUCCESS)
        return err;
    for (j = 0; j < c->size; j++)
        dsp[j] = displs[j];
    s->counts = recvcounts;
    return MPI_SUCCESS;
}

/** @brief Elements in blocks [first, first + n) of the plan of @p s (an MPI_Aint: no overflow). */
COLLALG_INLINE MPI_Aint collalg__vset_total(const collalg__vset *s, int first, int n)
{
    MPI_Aint total = 0;
    int i;
    for (i = first; i < first + n; i++)
        total += s->counts[i];
    return total;
}

/**
 * @brief Builds the message of blocks [first, first + n) of @p s over base address @p base
 *        (see the file comment for its three shapes).
 * @return MPI_SUCCESS or the MPI error code of the type creation (then m is empty, nothing to free).
 */
COLLALG_INLINE int collalg__vmsg_make(const collalg__vset *s, const void *base, int first, int n, collalg__vmsg *m)
{
    MPI_Aint total = 0, d0 = 0, next = 0;
    int i, k = 0, contig = 1, err;

    m->buf = (char *)base;
    m->count = 0;
    m->type = s->elem;
    m->owned = 0;
    for (i = first; i < first + n; i++) {
        if (s->counts[i] == 0)
            continue;
        if (k == 0)
            d0 = next = s->displs[i];
        contig = contig && s->displs[i] == next;
        s->len[k] = s->counts[i];
        s->disp[k] = (s->displs[i] - d0) * s->ext;
        next = s->displs[i] + s->counts[i];
        total += s->counts[i];
        k++;
    }
    if (k == 0)
        return MPI_SUCCESS;
    m->buf = collalg__at(base, d0, s->ext);
    if (contig && total <= (MPI_Aint)INT_MAX) {
        m->count = (int)total;
        return MPI_SUCCESS;
    }
    err = COLLALG_MPI(Type_create_hindexed)(k, s->len, s->disp, s->elem, &m->type);
    if (err != MPI_SUCCESS) {
        m->type = s->elem;
        return err;
    }
    err = COLLALG_MPI(Type_commit)(&m->type);
    if (err != MPI_SUCCESS) {
        COLLALG_MPI(Type_free)(&m->type);
        m->type = s->elem;
        return err;
    }
    m->count = 1;
    m->owned = 1;
    return MPI_SUCCESS;
}

/** @brief Frees the datatype @p m created, if any. Safe to call twice. */
COLLALG_INLINE void collalg__vmsg_free(collalg__vmsg *m)
{
    if (m->owned) {
        COLLALG_MPI(Type_free)(&m->type);
        m->owned = 0;
    }
}

/**
 * @brief One send-receive of block sets of @p s over @p base: blocks [sfirst, sfirst + sn) to
 *        @p to, blocks [rfirst, rfirst + rn) from @p from, tag @p tag. Either peer may be
 *        MPI_PROC_NULL (a send only or a receive only). The datatypes built for it are freed
 *        before it returns. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__vset_sendrecv(collalg__ctx *c, const collalg__vset *s, void *base, int sfirst, int sn,
                                          int to, int rfirst, int rn, int from, int tag)
{
    collalg__vmsg sm, rm;
    int err = collalg__vmsg_make(s, base, sfirst, to == MPI_PROC_NULL ? 0 : sn, &sm);
    if (err != MPI_SUCCESS)
        return err;
    err = collalg__vmsg_make(s, base, rfirst, from == MPI_PROC_NULL ? 0 : rn, &rm);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Sendrecv)(sm.buf, sm.count, sm.type, to, tag, rm.buf, rm.count, rm.type, from, tag, c->pcomm,
                                    MPI_STATUS_IGNORE);
    collalg__vmsg_free(&sm);
    collalg__vmsg_free(&rm);
    return err;
}

#endif /* COLLALG_ALLGATHERV_COMMON_H */
