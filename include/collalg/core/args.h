/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/args.h
 * @brief Argument checks and the entry step of each collective (collalg__<coll>_enter).
 *
 * The checks mirror what a native collective reports, each with its MPI error class:
 *
 * | condition                                                        | error          |
 * |------------------------------------------------------------------|----------------|
 * | communicator is MPI_COMM_NULL or an intercommunicator            | MPI_ERR_COMM   |
 * | a count < 0                                                      | MPI_ERR_COUNT  |
 * | a datatype is MPI_DATATYPE_NULL                                  | MPI_ERR_TYPE   |
 * | a buffer is NULL while its count (any of its counts) > 0 (unless a derived type with a non-zero true lower bound, i.e. MPI_BOTTOM addressing) | MPI_ERR_BUFFER |
 * | send and receive buffers are the same pointer (use MPI_IN_PLACE) | MPI_ERR_BUFFER |
 * | a counts or displacements array (v-collectives) is NULL          | MPI_ERR_ARG    |
 * | op is MPI_OP_NULL                                                | MPI_ERR_OP     |
 * | root outside [0, p)                                              | MPI_ERR_ROOT   |
 * | a tuning parameter outside its documented range                  | MPI_ERR_ARG    |
 *
 * All checks run before any message is sent and before anything is written to a receive buffer.
 * Defining COLLALG_NO_ARG_CHECKS compiles them out (the enter steps then only attach).
 */
#ifndef COLLALG_CORE_ARGS_H
#define COLLALG_CORE_ARGS_H

#include "config.h"
#include "context.h"

/** @brief MPI_ERR_COMM unless @p comm is a valid intracommunicator, else MPI_SUCCESS. */
COLLALG_INLINE int collalg__check_comm(MPI_Comm comm)
{
    int inter = 0;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if (COLLALG_MPI(Comm_test_inter)(comm, &inter) != MPI_SUCCESS || inter)
        return MPI_ERR_COMM;
    return MPI_SUCCESS;
}

/**
 * @brief The communicator's facts, once per call: MPI_ERR_COMM unless @p c's communicator is a
 *        valid intracommunicator, else its size and the caller's rank into @p c (and into
 *        *@p size and *@p rank when they are not NULL). A second call answers from @p c, and so
 *        does collalg__ctx_attach(): the checks and the attach step query each fact once.
 * @return MPI_SUCCESS, MPI_ERR_COMM, or the error code of MPI_Comm_size / MPI_Comm_rank.
 */
COLLALG_INLINE int collalg__ctx_comm(collalg__ctx *c, int *size, int *rank)
{
    int err = c->size > 0 ? MPI_SUCCESS : collalg__check_comm(c->comm);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_size_rank(c);
    if (size)
        *size = c->size;
    if (rank)
        *rank = c->rank;
    return err;
}

/**
 * @brief Checks one (buffer, count, datatype) triple.
 * @return MPI_ERR_COUNT, MPI_ERR_TYPE or MPI_ERR_BUFFER as in the table above, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__check_buffer(const void *buf, int count, MPI_Datatype type)
{
    MPI_Aint true_lb = 0, true_ext = 0;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (type == MPI_DATATYPE_NULL)
        return MPI_ERR_TYPE;
    if (buf == NULL && count > 0) {
        if (COLLALG_MPI(Type_get_true_extent)(type, &true_lb, &true_ext) != MPI_SUCCESS)
            return MPI_ERR_TYPE;
        if (true_lb == 0)
            return MPI_ERR_BUFFER;
    }
    return MPI_SUCCESS;
}

/** @brief Records the first error: returns @p err if it is set, else @p next. */
COLLALG_INLINE int collalg__first(int err, int next)
{
    return err != MPI_SUCCESS ? err : next;
}

/**
 * @brief The checks of a transport collective (alltoall, allgather): communicator, both
 *        (buffer, count, type) triples (the send one unless @p sendbuf is MPI_IN_PLACE), and
 *        aliased buffers. @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__check_transport(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                            const void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    int err = collalg__check_comm(comm);
    if (sendbuf != MPI_IN_PLACE) {
        err = collalg__first(err, collalg__check_buffer(sendbuf, sendcount, sendtype));
        if (err == MPI_SUCCESS && sendbuf == recvbuf && recvcount > 0)
            err = MPI_ERR_BUFFER;
    }
    return collalg__first(err, collalg__check_buffer(recvbuf, recvcount, recvtype));
}

/**
 * @brief Checks of an alltoall call and the private communicator attached; MPI_IN_PLACE is left
 *        as it is (for the algorithms that exchange in place, alltoall/pair_inplace.h).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoall_attach(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                            const void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        int err = collalg__check_transport(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    return collalg__ctx_attach(c);
}

/**
 * @brief Entry step of the alltoall algorithms.
 *
 * collalg__alltoall_attach(), then MPI_IN_PLACE resolved: the p blocks of @p recvbuf are staged
 * into a scratch buffer (p * recvcount elements of @p recvtype, freed by collalg__leave) and
 * *sendbuf, *sendcount, *sendtype are rewritten to point at it, so the algorithm body never sees
 * MPI_IN_PLACE.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoall_enter(collalg__ctx *c, const void **sendbuf, int *sendcount,
                                           MPI_Datatype *sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                           MPI_Comm comm)
{
    int inplace = *sendbuf == MPI_IN_PLACE;
    int err = collalg__alltoall_attach(c, *sendbuf, *sendcount, *sendtype, recvbuf, recvcount, recvtype, comm);
    collalg__typeinfo rt;
    collalg__blocks b;
    void *stage = NULL;

    if (err != MPI_SUCCESS || !inplace)
        return err;
    err = collalg__typeinfo_get(recvtype, &rt);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, (MPI_Aint)c->size * recvcount, &rt, &stage);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(c, recvcount, recvtype, c->size, &b);
    if (err == MPI_SUCCESS)
        err = collalg__copy(recvbuf, c->size * b.per_block, b.type, stage, c->size * b.per_block, b.type, c->pcomm);
    *sendbuf = stage;
    *sendcount = recvcount;
    *sendtype = recvtype;
    return err;
}

/**
 * @brief Entry step of the allgather algorithms.
 *
 * Checks the arguments and attaches the private communicator. MPI_IN_PLACE is resolved by
 * pointing *sendbuf at the caller's own block of @p recvbuf (offset rank * recvcount elements of
 * @p recvtype) with *sendcount = recvcount, *sendtype = recvtype; copying the own block is then
 * a no-op (collalg__copy of a buffer onto itself), and no algorithm receives into that block.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__allgather_enter(collalg__ctx *c, const void **sendbuf, int *sendcount,
                                            MPI_Datatype *sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm)
{
    int err = MPI_SUCCESS, inplace = *sendbuf == MPI_IN_PLACE;
    MPI_Aint lb, ext;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__check_transport(*sendbuf, *sendcount, *sendtype, recvbuf, recvcount, recvtype, comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || !inplace)
        return err;
    err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &ext);
    *sendbuf = collalg__at(recvbuf, (MPI_Aint)c->rank * recvcount, ext);
    *sendcount = recvcount;
    *sendtype = recvtype;
    return err;
}

/**
 * @brief Entry step of the allreduce algorithms.
 *
 * Checks the arguments (including the op) and attaches the private communicator. MPI_IN_PLACE
 * is resolved by setting *sendbuf = recvbuf: an algorithm must therefore finish reading its
 * input from *sendbuf before it first writes @p recvbuf (the usual first step, copying sendbuf
 * into recvbuf, is then a no-op).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__allreduce_enter(collalg__ctx *c, const void **sendbuf, void *recvbuf, int count,
                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int err = MPI_SUCCESS, inplace = *sendbuf == MPI_IN_PLACE;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__check_comm(comm);
        err = collalg__first(err, collalg__check_buffer(recvbuf, count, datatype));
        if (!inplace) {
            err = collalg__first(err, collalg__check_buffer(*sendbuf, count, datatype));
            if (err == MPI_SUCCESS && *sendbuf == recvbuf && count > 0)
                err = MPI_ERR_BUFFER;
        }
        if (err == MPI_SUCCESS && op == MPI_OP_NULL)
            err = MPI_ERR_OP;
        if (err != MPI_SUCCESS)
            return err;
    }
    if (inplace)
        *sendbuf = recvbuf;
    return collalg__ctx_attach(c);
}

/**
 * @brief Entry step of the bcast algorithms: checks the arguments (root in [0, p)) and attaches
 *        the private communicator. @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__bcast_enter(collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype, int root,
                                        MPI_Comm comm)
{
    int err = MPI_SUCCESS, size = 0;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__ctx_comm(c, &size, NULL);
        err = collalg__first(err, collalg__check_buffer(buffer, count, datatype));
        if (err == MPI_SUCCESS && (root < 0 || root >= size))
            err = MPI_ERR_ROOT;
        if (err != MPI_SUCCESS)
            return err;
    }
    return collalg__ctx_attach(c);
}

/* ---- v-collectives (alltoallv, allgatherv) and barrier ------------------------------------- */

/**
 * @brief Checks one (buffer, counts[p], displs[p], datatype) quadruple of a v-collective.
 * @return MPI_ERR_ARG when @p counts or @p displs is NULL; MPI_ERR_COUNT when a count is
 *         negative; MPI_ERR_TYPE, MPI_ERR_BUFFER as collalg__check_buffer() for the largest
 *         count; else MPI_SUCCESS. Sets *any to 1 when some count is positive.
 */
COLLALG_INLINE int collalg__check_vbuffer(const void *buf, const int *counts, const int *displs, MPI_Datatype type,
                                          int p, int *any)
{
    int j, max = 0;
    *any = 0;
    if (counts == NULL || displs == NULL)
        return MPI_ERR_ARG;
    for (j = 0; j < p; j++) {
        if (counts[j] < 0)
            return MPI_ERR_COUNT;
        if (counts[j] > max)
            max = counts[j];
    }
    *any = max > 0;
    return collalg__check_buffer(buf, max, type);
}

/**
 * @brief Stages the p blocks of an in-place alltoallv: block j (@p counts[j] elements of @p type
 *        at element displacement @p displs[j] of @p buf) is copied to the same displacement of a
 *        scratch buffer owned by @p c; *stage is that buffer's base (so @p displs apply to it).
 *        Only the blocks are read, never the gaps between them.
 * @return MPI_SUCCESS or the MPI error code (MPI_ERR_NO_MEM when scratch cannot be allocated).
 */
COLLALG_INLINE int collalg__vblocks_stage(collalg__ctx *c, const void *buf, const int *counts, const int *displs,
                                          MPI_Datatype type, void **stage)
{
    collalg__typeinfo ti;
    MPI_Aint lo = 0, hi = 0;
    void *mem = NULL;
    int j, first = 1, err = collalg__typeinfo_get(type, &ti);

    *stage = NULL;
    for (j = 0; j < c->size && err == MPI_SUCCESS; j++) {
        if (counts[j] == 0)
            continue;
        if (first || displs[j] < lo)
            lo = displs[j];
        if (first || (MPI_Aint)displs[j] + counts[j] > hi)
            hi = (MPI_Aint)displs[j] + counts[j];
        first = 0;
    }
    if (err != MPI_SUCCESS || first)
        return err;
    err = collalg__scratch_typed(c, hi - lo, &ti, &mem);
    *stage = collalg__at(mem, -lo, ti.extent);
    for (j = 0; j < c->size && err == MPI_SUCCESS; j++)
        err = collalg__copy(collalg__at(buf, displs[j], ti.extent), counts[j], type,
                            collalg__at(*stage, displs[j], ti.extent), counts[j], type, c->pcomm);
    return err;
}

/**
 * @brief The argument checks of MPI_Alltoallv (see collalg__alltoallv_enter()), on @p c's
 *        communicator. @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__alltoallv_check(collalg__ctx *c, const void *sendbuf, const int *sendcounts,
                                            const int *sdispls, MPI_Datatype sendtype, const void *recvbuf,
                                            const int *recvcounts, const int *rdispls, MPI_Datatype recvtype)
{
    int inplace = sendbuf == MPI_IN_PLACE, p = 0, sany = 0, rany = 0, err = collalg__ctx_comm(c, &p, NULL);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_vbuffer(sendbuf, sendcounts, sdispls, sendtype, p, &sany);
    if (err == MPI_SUCCESS)
        err = collalg__check_vbuffer(recvbuf, recvcounts, rdispls, recvtype, p, &rany);
    if (err == MPI_SUCCESS && !inplace && sendbuf == recvbuf && (sany || rany))
        err = MPI_ERR_BUFFER;
    return err;
}

/**
 * @brief Checks of an alltoallv call (both quadruples, the send one unless @p sendbuf is
 *        MPI_IN_PLACE; aliased buffers) and the private communicator attached; MPI_IN_PLACE is
 *        left as it is (alltoallv/pair_inplace.h).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoallv_attach(collalg__ctx *c, const void *sendbuf, const int *sendcounts,
                                             const int *sdispls, MPI_Datatype sendtype, const void *recvbuf,
                                             const int *recvcounts, const int *rdispls, MPI_Datatype recvtype,
                                             MPI_Comm comm)
{
    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        int err =
            collalg__alltoallv_check(c, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype);
        if (err != MPI_SUCCESS)
            return err;
    }
    return collalg__ctx_attach(c);
}

/**
 * @brief Entry step of the alltoallv algorithms.
 *
 * collalg__alltoallv_attach(), then MPI_IN_PLACE (MPI 2.2) resolved as in
 * collalg__alltoall_enter(): the blocks of @p recvbuf are staged into scratch
 * (collalg__vblocks_stage) and *sendbuf, *sendcounts, *sdispls, *sendtype are rewritten to the
 * staged blocks with @p recvcounts, @p rdispls and @p recvtype, so the algorithm body never
 * sees MPI_IN_PLACE.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__alltoallv_enter(collalg__ctx *c, const void **sendbuf, const int **sendcounts,
                                            const int **sdispls, MPI_Datatype *sendtype, void *recvbuf,
                                            const int *recvcounts, const int *rdispls, MPI_Datatype recvtype,
                                            MPI_Comm comm)
{
    int inplace = *sendbuf == MPI_IN_PLACE;
    int err = collalg__alltoallv_attach(c, *sendbuf, *sendcounts, *sdispls, *sendtype, recvbuf, recvcounts, rdispls,
                                        recvtype, comm);
    void *stage = NULL;

    if (err != MPI_SUCCESS || !inplace)
        return err;
    err = collalg__vblocks_stage(c, recvbuf, recvcounts, rdispls, recvtype, &stage);
    *sendbuf = stage;
    *sendcounts = recvcounts;
    *sdispls = rdispls;
    *sendtype = recvtype;
    return err;
}

/**
 * @brief Entry step of the allgatherv algorithms.
 *
 * Checks the arguments (the send triple unless @p sendbuf is MPI_IN_PLACE; the receive
 * quadruple; aliased buffers) and attaches the private communicator. MPI_IN_PLACE is resolved
 * by pointing *sendbuf at the caller's own block of @p recvbuf (element displacement
 * displs[rank] of @p recvtype) with *sendcount = recvcounts[rank], *sendtype = recvtype; copying
 * the own block is then a no-op, and no algorithm receives into that block.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__allgatherv_enter(collalg__ctx *c, const void **sendbuf, int *sendcount,
                                             MPI_Datatype *sendtype, void *recvbuf, const int *recvcounts,
                                             const int *displs, MPI_Datatype recvtype, MPI_Comm comm)
{
    int err = MPI_SUCCESS, inplace = *sendbuf == MPI_IN_PLACE, p = 0, rany = 0;
    MPI_Aint lb, ext;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__ctx_comm(c, &p, NULL);
        if (err == MPI_SUCCESS && !inplace)
            err = collalg__check_buffer(*sendbuf, *sendcount, *sendtype);
        if (err == MPI_SUCCESS)
            err = collalg__check_vbuffer(recvbuf, recvcounts, displs, recvtype, p, &rany);
        if (err == MPI_SUCCESS && !inplace && *sendbuf == recvbuf && (rany || *sendcount > 0))
            err = MPI_ERR_BUFFER;
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || !inplace)
        return err;
    err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &ext);
    *sendbuf = collalg__at(recvbuf, displs[c->rank], ext);
    *sendcount = recvcounts[c->rank];
    *sendtype = recvtype;
    return err;
}

/**
 * @brief Entry step of the barrier algorithms: checks the communicator (MPI_ERR_COMM for
 *        MPI_COMM_NULL or an intercommunicator) and attaches the private communicator.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__barrier_enter(collalg__ctx *c, MPI_Comm comm)
{
    int err;
    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__check_comm(comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    return collalg__ctx_attach(c);
}

#endif /* COLLALG_CORE_ARGS_H */
