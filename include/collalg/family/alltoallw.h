/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/alltoallw.h
 * @brief Private building blocks of the alltoallw family: the entry step (argument checks,
 *        private communicator, MPI_IN_PLACE staging), the call's buffers seen as blocks, the
 *        local copy of a rank's own block and one exchange of a phase.
 *
 * Conventions: block j of the send buffer is sendcounts[j] elements of sendtypes[j] starting
 * sdispls[j] BYTES after the buffer's address; block i of the receive buffer is recvcounts[i]
 * elements of recvtypes[i] starting rdispls[i] bytes after it (MPI_Alltoallw's displacements are
 * in bytes, so no extent is involved in placing a block). A message's size is its count times
 * its type's size, kept in a long long. By the MPI rules the sender's and the receiver's type
 * signatures of one message agree, so when its size is 0 both sides skip it without telling
 * each other. A block of count 0 may name MPI_DATATYPE_NULL: its type is never looked at.
 *
 * The entry checks, each with its error class (the table of core/args.h, per peer):
 *
 * | condition                                                              | error          |
 * |------------------------------------------------------------------------|----------------|
 * | communicator is MPI_COMM_NULL or an intercommunicator                  | MPI_ERR_COMM   |
 * | a counts, displacements or types array is NULL                         | MPI_ERR_ARG    |
 * | a count < 0                                                            | MPI_ERR_COUNT  |
 * | a type is MPI_DATATYPE_NULL while its count > 0                        | MPI_ERR_TYPE   |
 * | a buffer is NULL while a count > 0, unless that block's type has a non-zero true lower bound (MPI_BOTTOM addressing) | MPI_ERR_BUFFER |
 * | sendbuf == recvbuf (not NULL, i.e. not MPI_BOTTOM) and some count > 0  | MPI_ERR_BUFFER |
 *
 * With MPI_IN_PLACE the send arguments are ignored (they may be NULL) and not checked.
 */
#ifndef COLLALG_FAMILY_ALLTOALLW_H
#define COLLALG_FAMILY_ALLTOALLW_H

#include "../core/core.h"

/* ---- entry checks ----------------------------------------------------------------------------- */

/**
 * @brief Checks one side (buffer, counts[p], displs[p], types[p]) of an alltoallw call, block by
 *        block, as in the file comment's table. Sets *any to 1 when some count is positive.
 * @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__check_wbuffer(const void *buf, const int *counts, const int *displs,
                                          const MPI_Datatype *types, int p, int *any)
{
    int j, err = MPI_SUCCESS;
    *any = 0;
    if (counts == NULL || displs == NULL || types == NULL)
        return MPI_ERR_ARG;
    for (j = 0; j < p && err == MPI_SUCCESS; j++) {
        if (counts[j] < 0)
            return MPI_ERR_COUNT;
        if (counts[j] == 0)
            continue;
        *any = 1;
        err = collalg__check_buffer(buf, counts[j], types[j]);
    }
    return err;
}

/**
 * @brief The checks of an alltoallw call: communicator, both sides (the send side unless
 *        @p sendbuf is MPI_IN_PLACE), aliased buffers. @return the first error, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__alltoallw_check(const void *sendbuf, const int *sendcounts, const int *sdispls,
                                            const MPI_Datatype *sendtypes, const void *recvbuf, const int *recvcounts,
                                            const int *rdispls, const MPI_Datatype *recvtypes, collalg__ctx *c)
{
    int p = 0, sany = 0, rany = 0, inplace = sendbuf == MPI_IN_PLACE;
    int err = collalg__ctx_comm(c, &p, NULL);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_wbuffer(sendbuf, sendcounts, sdispls, sendtypes, p, &sany);
    if (err == MPI_SUCCESS)
        err = collalg__check_wbuffer(recvbuf, recvcounts, rdispls, recvtypes, p, &rany);
    if (err == MPI_SUCCESS && !inplace && sendbuf != NULL && sendbuf == recvbuf && (sany || rany))
        err = MPI_ERR_BUFFER;
    return err;
}

/* ---- in-place staging ------------------------------------------------------------------------- */

/**
 * @brief The bytes [*lo, *hi) that @p count (> 0) elements of @p type touch, relative to the
 *        block's address (any sign of extent and lower bound). @return MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_touched(int count, MPI_Datatype type, MPI_Aint *lo, MPI_Aint *hi)
{
    collalg__typeinfo ti;
    MPI_Aint last;
    int err = collalg__typeinfo_get(type, &ti);
    if (err != MPI_SUCCESS)
        return err;
    last = (MPI_Aint)(count - 1) * ti.extent; /* offset of the last element */
    *lo = ti.true_lb + (last < 0 ? last : 0);
    *hi = ti.true_lb + ti.true_ext + (last > 0 ? last : 0);
    return MPI_SUCCESS;
}

/**
 * @brief Stages the receive blocks of an in-place alltoallw: block j (@p counts[j] elements of
 *        @p types[j] at byte displacement @p displs[j] of @p buf) is copied to the same
 *        displacement of one scratch buffer owned by @p c that spans the bytes the blocks touch;
 *        *stage is that buffer's base (so @p displs apply to it). Only the blocks are read, never
 *        the gaps between them. *stage is NULL when every count is 0.
 * @return MPI_SUCCESS or the MPI error code (MPI_ERR_NO_MEM when scratch cannot be allocated).
 */
COLLALG_INLINE int collalg__alltoallw_stage(collalg__ctx *c, const void *buf, const int *counts, const int *displs,
                                            const MPI_Datatype *types, void **stage)
{
    MPI_Aint lo = 0, hi = 0, blo, bhi;
    void *mem = NULL;
    int j, first = 1, err = MPI_SUCCESS;

    *stage = NULL;
    for (j = 0; j < c->size && err == MPI_SUCCESS; j++) {
        if (counts[j] == 0)
            continue;
        err = collalg__alltoallw_touched(counts[j], types[j], &blo, &bhi);
        if (err != MPI_SUCCESS)
            break;
        if (first || displs[j] + blo < lo)
            lo = displs[j] + blo;
        if (first || displs[j] + bhi > hi)
            hi = displs[j] + bhi;
        first = 0;
    }
    if (err != MPI_SUCCESS || first)
        return err;
    err = collalg__scratch(c, hi - lo > 0 ? hi - lo : 1, &mem);
    if (err != MPI_SUCCESS)
        return err;
    *stage = (char *)mem - lo;
    for (j = 0; j < c->size && err == MPI_SUCCESS; j++)
        err = collalg__copy((const char *)buf + displs[j], counts[j], types[j], (char *)*stage + displs[j], counts[j],
                            types[j], c->pcomm);
    return err;
}

/**
 * @brief Entry step of the alltoallw algorithms.
 *
 * Checks the arguments (collalg__alltoallw_check, unless COLLALG_NO_ARG_CHECKS) and attaches the
 * private communicator. With @p stage_inplace set, MPI_IN_PLACE is resolved as in
 * collalg__alltoallv_enter(): the receive blocks are staged into scratch
 * (collalg__alltoallw_stage) and *sendbuf, *sendcounts, *sdispls, *sendtypes are rewritten to the
 * staged blocks with @p recvcounts, @p rdispls and @p recvtypes, so the algorithm body never
 * sees MPI_IN_PLACE. With @p stage_inplace 0 the arguments are left as they are (pair_inplace.h
 * handles MPI_IN_PLACE itself).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoallw_enter(collalg__ctx *c, const void **sendbuf, const int **sendcounts,
                                            const int **sdispls, const MPI_Datatype **sendtypes, void *recvbuf,
                                            const int *recvcounts, const int *rdispls, const MPI_Datatype *recvtypes,
                                            MPI_Comm comm, int stage_inplace)
{
    int err = MPI_SUCCESS, inplace = *sendbuf == MPI_IN_PLACE;
    void *stage = NULL;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__alltoallw_check(*sendbuf, *sendcounts, *sdispls, *sendtypes, recvbuf, recvcounts, rdispls,
                                       recvtypes, c);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || !inplace || !stage_inplace)
        return err;
    err = collalg__alltoallw_stage(c, recvbuf, recvcounts, rdispls, recvtypes, &stage);
    *sendbuf = stage;
    *sendcounts = recvcounts;
    *sdispls = rdispls;
    *sendtypes = recvtypes;
    return err;
}

/* ---- the call seen as blocks ------------------------------------------------------------------ */

/** @brief The arguments of one alltoallw call after the enter step. */
typedef struct collalg__alltoallw_view {
    const void *sendbuf;           /**< send buffer (the staged copy for MPI_IN_PLACE) */
    const int *sendcounts;         /**< p send counts (elements of sendtypes[j]) */
    const int *sdispls;            /**< p send displacements (bytes) */
    const MPI_Datatype *sendtypes; /**< p send datatypes */
    void *recvbuf;                 /**< receive buffer */
    const int *recvcounts;         /**< p receive counts (elements of recvtypes[i]) */
    const int *rdispls;            /**< p receive displacements (bytes) */
    const MPI_Datatype *recvtypes; /**< p receive datatypes */
} collalg__alltoallw_view;

/**
 * @brief Entry step of every alltoallw algorithm: collalg__alltoallw_enter() (checks, private
 *        communicator, MPI_IN_PLACE staging when @p stage_inplace), then @p v filled from the
 *        resolved arguments. @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoallw_start(collalg__ctx *c, collalg__alltoallw_view *v, const void *sendbuf,
                                            const int *sendcounts, const int *sdispls, const MPI_Datatype *sendtypes,
                                            void *recvbuf, const int *recvcounts, const int *rdispls,
                                            const MPI_Datatype *recvtypes, MPI_Comm comm, int stage_inplace)
{
    int err = collalg__alltoallw_enter(c, &sendbuf, &sendcounts, &sdispls, &sendtypes, recvbuf, recvcounts, rdispls,
                                       recvtypes, comm, stage_inplace);
    v->sendbuf = sendbuf;
    v->sendcounts = sendcounts;
    v->sdispls = sdispls;
    v->sendtypes = sendtypes;
    v->recvbuf = recvbuf;
    v->recvcounts = recvcounts;
    v->rdispls = rdispls;
    v->recvtypes = recvtypes;
    return err;
}

/** @brief Bytes of @p count elements of @p type (0 for count 0, whatever the type). */
COLLALG_INLINE long long collalg__alltoallw_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (count <= 0 || collalg__type_size(type, &size) != MPI_SUCCESS)
        return 0;
    return (long long)count * size;
}

/** @brief Bytes this rank sends to rank @p j. */
COLLALG_INLINE long long collalg__alltoallw_sbytes(const collalg__alltoallw_view *v, int j)
{
    return collalg__alltoallw_bytes(v->sendcounts[j], v->sendtypes[j]);
}

/** @brief Bytes this rank receives from rank @p i. */
COLLALG_INLINE long long collalg__alltoallw_rbytes(const collalg__alltoallw_view *v, int i)
{
    return collalg__alltoallw_bytes(v->recvcounts[i], v->recvtypes[i]);
}

/** @brief Address of send block @p j (the data for rank j): sdispls[j] bytes into sendbuf. */
COLLALG_INLINE char *collalg__alltoallw_sblock(const collalg__alltoallw_view *v, int j)
{
    return (char *)v->sendbuf + v->sdispls[j];
}

/** @brief Address of receive block @p i (the data from rank i): rdispls[i] bytes into recvbuf. */
COLLALG_INLINE char *collalg__alltoallw_rblock(const collalg__alltoallw_view *v, int i)
{
    return (char *)v->recvbuf + v->rdispls[i];
}

/**
 * @brief Copies this rank's own send block into its own receive block (the two types may differ,
 *        with the same signature). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_self_copy(const collalg__ctx *c, const collalg__alltoallw_view *v)
{
    int me = c->rank;
    if (v->sendcounts[me] == 0 && v->recvcounts[me] == 0)
        return MPI_SUCCESS;
    return collalg__copy(collalg__alltoallw_sblock(v, me), v->sendcounts[me], v->sendtypes[me],
                         collalg__alltoallw_rblock(v, me), v->recvcounts[me], v->recvtypes[me], c->pcomm);
}

/**
 * @brief One exchange of a phase: sends the block for rank @p to and receives the block from
 *        rank @p from in one send-receive. A side whose peer is negative (idle), or whose message
 *        has 0 bytes, is skipped (MPI_PROC_NULL with count 0 and a basic type, so a
 *        MPI_DATATYPE_NULL of an empty block never reaches MPI); nothing is called when both
 *        are. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_exchange(const collalg__ctx *c, const collalg__alltoallw_view *v, int to,
                                               int from)
{
    int sdst = to >= 0 && collalg__alltoallw_sbytes(v, to) > 0 ? to : MPI_PROC_NULL;
    int rsrc = from >= 0 && collalg__alltoallw_rbytes(v, from) > 0 ? from : MPI_PROC_NULL;
    int sendnull = sdst == MPI_PROC_NULL, recvnull = rsrc == MPI_PROC_NULL;
    if (sendnull && recvnull)
        return MPI_SUCCESS;
    return COLLALG_MPI(Sendrecv)(sendnull ? NULL : collalg__alltoallw_sblock(v, to), sendnull ? 0 : v->sendcounts[to],
                                 sendnull ? MPI_BYTE : v->sendtypes[to], sdst, COLLALG_TAG_DATA,
                                 recvnull ? NULL : collalg__alltoallw_rblock(v, from),
                                 recvnull ? 0 : v->recvcounts[from], recvnull ? MPI_BYTE : v->recvtypes[from], rsrc,
                                 COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
}

#endif /* COLLALG_FAMILY_ALLTOALLW_H */
