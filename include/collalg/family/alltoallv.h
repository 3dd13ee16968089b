/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/alltoallv.h
 * @brief Private building blocks of the alltoallv family: the call's buffers seen as blocks,
 *        the local copy of a rank's own block, one exchange of a phase, and the executor of a
 *        precomputed phase schedule (greedy, all-to-all based).
 *
 * Conventions: block j of the send buffer is sendcounts[j] elements of the send type at
 * element displacement sdispls[j] (bytes sdispls[j] * extent from the buffer's address,
 * computed in MPI_Aint); block i of the receive buffer is recvcounts[i] elements of the receive
 * type at element displacement rdispls[i]. A message's size in bytes is its count times the
 * type's size, kept in a long long (it may pass INT_MAX). By the MPI rules the sender's and the
 * receiver's sizes of one message agree, so when it is 0 both sides skip it without telling
 * each other.
 */
#ifndef COLLALG_ALLTOALLV_COMMON_H
#define COLLALG_ALLTOALLV_COMMON_H

#include "../core/core.h"
#include "../schedule/alltoallv.h"

/** @brief The arguments of one alltoallv call (after the enter step) and its type facts. */
typedef struct collalg__alltoallv_view {
    const void *sendbuf;   /**< send buffer (the staged copy for MPI_IN_PLACE) */
    const int *sendcounts; /**< p send counts (elements of sendtype) */
    const int *sdispls;    /**< p send displacements (elements of sendtype) */
    MPI_Datatype sendtype; /**< send datatype */
    void *recvbuf;         /**< receive buffer */
    const int *recvcounts; /**< p receive counts (elements of recvtype) */
    const int *rdispls;    /**< p receive displacements (elements of recvtype) */
    MPI_Datatype recvtype; /**< receive datatype */
    MPI_Aint sext;         /**< extent of sendtype (bytes) */
    MPI_Aint rext;         /**< extent of recvtype (bytes) */
    int ssize;             /**< size of sendtype (bytes) */
    int rsize;             /**< size of recvtype (bytes) */
} collalg__alltoallv_view;

/** @brief Fills @p v from the call's arguments. @return MPI_SUCCESS or the MPI error code. */
COLLALG_INLINE int collalg__alltoallv_view_init(collalg__alltoallv_view *v, const void *sendbuf, const int *sendcounts,
                                                const int *sdispls, MPI_Datatype sendtype, void *recvbuf,
                                                const int *recvcounts, const int *rdispls, MPI_Datatype recvtype)
{
    MPI_Aint lb;
    int err;
    v->sendbuf = sendbuf;
    v->sendcounts = sendcounts;
    v->sdispls = sdispls;
    v->sendtype = sendtype;
    v->recvbuf = recvbuf;
    v->recvcounts = recvcounts;
    v->rdispls = rdispls;
    v->recvtype = recvtype;
    err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &v->sext);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &v->rext));
    err = collalg__first(err, collalg__type_size(sendtype, &v->ssize));
    return collalg__first(err, collalg__type_size(recvtype, &v->rsize));
}

/**
 * @brief Entry step of every alltoallv algorithm: collalg__alltoallv_enter() (checks, private
 *        communicator, MPI_IN_PLACE staging), then @p v filled from the resolved arguments.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoallv_start(collalg__ctx *c, collalg__alltoallv_view *v, const void *sendbuf,
                                            const int *sendcounts, const int *sdispls, MPI_Datatype sendtype,
                                            void *recvbuf, const int *recvcounts, const int *rdispls,
                                            MPI_Datatype recvtype, MPI_Comm comm)
{
    int err = collalg__alltoallv_enter(c, &sendbuf, &sendcounts, &sdispls, &sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallv_view_init(v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                           recvtype);
    return err;
}

/** @brief Bytes this rank sends to rank @p j. */
COLLALG_INLINE long long collalg__alltoallv_sbytes(const collalg__alltoallv_view *v, int j)
{
    return (long long)v->sendcounts[j] * v->ssize;
}

/** @brief Bytes this rank receives from rank @p i. */
COLLALG_INLINE long long collalg__alltoallv_rbytes(const collalg__alltoallv_view *v, int i)
{
    return (long long)v->recvcounts[i] * v->rsize;
}

/** @brief Address of send block @p j (the data for rank j). */
COLLALG_INLINE char *collalg__alltoallv_sblock(const collalg__alltoallv_view *v, int j)
{
    return collalg__at(v->sendbuf, v->sdispls[j], v->sext);
}

/** @brief Address of receive block @p i (the data from rank i). */
COLLALG_INLINE char *collalg__alltoallv_rblock(const collalg__alltoallv_view *v, int i)
{
    return collalg__at(v->recvbuf, v->rdispls[i], v->rext);
}

/** @brief Copies this rank's own send block into its own receive block. @return MPI error code. */
COLLALG_INLINE int collalg__alltoallv_self_copy(const collalg__ctx *c, const collalg__alltoallv_view *v)
{
    return collalg__copy(collalg__alltoallv_sblock(v, c->rank), v->sendcounts[c->rank], v->sendtype,
                         collalg__alltoallv_rblock(v, c->rank), v->recvcounts[c->rank], v->recvtype, c->pcomm);
}

/**
 * @brief One exchange of a phase: sends the block for rank @p to and receives the block from
 *        rank @p from in one send-receive. A side whose peer is negative (idle) or MPI_PROC_NULL,
 *        or whose message has 0 bytes, is skipped (MPI_PROC_NULL); nothing is called when both
 *        are. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_exchange(const collalg__ctx *c, const collalg__alltoallv_view *v, int to,
                                               int from)
{
    int sdst = to >= 0 && collalg__alltoallv_sbytes(v, to) > 0 ? to : MPI_PROC_NULL;
    int rsrc = from >= 0 && collalg__alltoallv_rbytes(v, from) > 0 ? from : MPI_PROC_NULL;
    if (sdst == MPI_PROC_NULL && rsrc == MPI_PROC_NULL)
        return MPI_SUCCESS;
    return COLLALG_MPI(Sendrecv)(sdst == MPI_PROC_NULL ? NULL : collalg__alltoallv_sblock(v, to),
                                 sdst == MPI_PROC_NULL ? 0 : v->sendcounts[to], v->sendtype, sdst, COLLALG_TAG_DATA,
                                 rsrc == MPI_PROC_NULL ? NULL : collalg__alltoallv_rblock(v, from),
                                 rsrc == MPI_PROC_NULL ? 0 : v->recvcounts[from], v->recvtype, rsrc, COLLALG_TAG_DATA,
                                 c->pcomm, MPI_STATUS_IGNORE);
}

/**
 * @brief The peer a synchronisation wants for "this rank sends to @p to next": @p to when it is
 *        a rank and the message has bytes, else MPI_PROC_NULL.
 */
COLLALG_INLINE int collalg__alltoallv_sync_to(const collalg__alltoallv_view *v, int to)
{
    return to >= 0 && collalg__alltoallv_sbytes(v, to) > 0 ? to : MPI_PROC_NULL;
}

/** @brief As collalg__alltoallv_sync_to() for "this rank receives from @p from next". */
COLLALG_INLINE int collalg__alltoallv_sync_from(const collalg__alltoallv_view *v, int from)
{
    return from >= 0 && collalg__alltoallv_rbytes(v, from) > 0 ? from : MPI_PROC_NULL;
}

/** @brief Which precomputed schedule collalg__alltoallv_scheduled() runs. */
enum collalg__alltoallv_schedule_kind {
    COLLALG_ALLTOALLV_GREEDY = 0,        /**< collalg__alltoallv_greedy_schedule */
    COLLALG_ALLTOALLV_ALLTOALL_BASED = 1 /**< collalg__alltoallv_alltoall_based_schedule */
};

/**
 * @brief Scratch bytes of collalg__alltoallv_scheduled() on @p p ranks: the p x p byte matrix
 *        and this rank's row (long long), the greedy busy bitmaps, the p x p phase matrix, the
 *        greedy order (p x p ints; p ints for the all-to-all based schedule) and this rank's
 *        peers (2 x 2p ints). About 16.5 p^2 bytes for greedy, 12 p^2 for all-to-all based.
 */
COLLALG_INLINE MPI_Aint collalg__alltoallv_scheduled_bytes(int p, enum collalg__alltoallv_schedule_kind kind)
{
    MPI_Aint pp = (MPI_Aint)p * p, words = 0, ints;
    if (kind == COLLALG_ALLTOALLV_GREEDY)
        words = 2 * (MPI_Aint)p * collalg__alltoallv_greedy_words(p);
    ints = pp + (kind == COLLALG_ALLTOALLV_GREEDY ? pp : p) + 4 * (MPI_Aint)p;
    return (pp + p) * (MPI_Aint)sizeof(long long) + words * (MPI_Aint)sizeof(unsigned long long) +
           ints * (MPI_Aint)sizeof(int);
}

/**
 * @brief The scheduled algorithms (greedy, all-to-all based): own block copied; the message
 *        matrix in bytes gathered by one MPI_Allgather of every rank's row on the private
 *        communicator; the same phase schedule computed on every rank (schedule/alltoallv.h);
 *        then phase by phase one exchange (send to this rank's receiver, receive from its
 *        sender, either side possibly idle), with the light-weight barrier between phases:
 *        a token to the next phase's sender, one awaited from the next phase's receiver.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM when the scratch cannot be allocated or p exceeds
 *         COLLALG_ALLTOALLV_MAX_P, or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_scheduled(collalg__ctx *c, const collalg__alltoallv_view *v,
                                                enum collalg__alltoallv_schedule_kind kind)
{
    int p = c->size, me = c->rank, j, f, nphases = 0, err;
    long long *matrix, *row;
    unsigned long long *busy;
    int *phase, *work, *to, *from;
    void *mem = NULL;
    MPI_Aint pp = (MPI_Aint)p * p;

    if (!collalg__alltoallv_schedule_fits(p))
        return MPI_ERR_NO_MEM;
    err = collalg__alltoallv_self_copy(c, v);
    if (err != MPI_SUCCESS || p == 1)
        return err;
    err = collalg__scratch(c, collalg__alltoallv_scheduled_bytes(p, kind), &mem);
    if (err != MPI_SUCCESS)
        return err;
    /* One block, 8-byte items first: matrix | row | busy | phase | work | to | from. */
    matrix = (long long *)mem;
    row = matrix + pp;
    busy = (unsigned long long *)(row + p);
    phase =
        (int *)(busy + (kind == COLLALG_ALLTOALLV_GREEDY ? 2 * (MPI_Aint)p * collalg__alltoallv_greedy_words(p) : 0));
    work = phase + pp;
    to = work + (kind == COLLALG_ALLTOALLV_GREEDY ? pp : p);
    from = to + 2 * p;

    for (j = 0; j < p; j++)
        row[j] = collalg__alltoallv_sbytes(v, j);
    err = COLLALG_MPI(Allgather)(row, p, MPI_LONG_LONG, matrix, p, MPI_LONG_LONG, c->pcomm);
    if (err != MPI_SUCCESS)
        return err;
    if (kind == COLLALG_ALLTOALLV_GREEDY)
        nphases = collalg__alltoallv_greedy_schedule(p, matrix, phase, work, busy);
    else
        nphases = collalg__alltoallv_alltoall_based_schedule(p, matrix, phase, work);
    collalg__alltoallv_schedule_peers(p, me, phase, nphases, to, from);

    for (f = 0; f < nphases && err == MPI_SUCCESS; f++) {
        err = collalg__alltoallv_exchange(c, v, to[f], from[f]);
        if (err == MPI_SUCCESS && f + 1 < nphases)
            err = collalg__light_barrier(c->pcomm, from[f + 1] >= 0 ? from[f + 1] : MPI_PROC_NULL,
                                         to[f + 1] >= 0 ? to[f + 1] : MPI_PROC_NULL);
    }
    return err;
}

#endif /* COLLALG_ALLTOALLV_COMMON_H */
