/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/scan.h
 * @brief Building blocks shared by the scan and exscan families: the entry steps (argument
 *        checks, MPI_IN_PLACE), the segment size of the linear pipeline, and the in-order binary
 *        tree of the binary_tree algorithms.
 *
 * @par Operand order
 * MPI_Scan gives rank i the inclusive prefix v_0 op v_1 op ... op v_i; MPI_Exscan gives rank
 * i > 0 the exclusive prefix v_0 op ... op v_(i-1) and leaves rank 0's receive buffer undefined
 * (the algorithms here never write it). MPI_Reduce_local(in, inout) computes inout = in op inout,
 * so a partial result standing for lower ranks is always passed as `in` and one standing for
 * higher ranks as `inout`: every algorithm keeps the operand order and accepts non-commutative
 * operations.
 *
 * @par Buffers
 * MPI_IN_PLACE is allowed on every rank for both collectives: the input is then in recvbuf. The
 * entry steps point sendbuf at recvbuf, so an algorithm must finish reading (a part of) its input
 * from sendbuf before it writes (that part of) recvbuf.
 */
#ifndef COLLALG_SCAN_COMMON_H
#define COLLALG_SCAN_COMMON_H

#include "../core/core.h"
#include "allreduce.h"
#include "../schedule/run_tree.h"

/** @brief Default segment size of the linear scan/exscan pipelines, in bytes (64 KiB). */
#ifndef COLLALG_SCAN_SEGSIZE_DEFAULT
#define COLLALG_SCAN_SEGSIZE_DEFAULT 65536
#endif

/**
 * @brief Checks shared by collalg__scan_enter and collalg__exscan_enter (before any message):
 *        the communicator (MPI_ERR_COMM), the send triple unless MPI_IN_PLACE (MPI_ERR_COUNT,
 *        MPI_ERR_TYPE, MPI_ERR_BUFFER), the receive triple when @p check_recv, aliased buffers
 *        (MPI_ERR_BUFFER), op != MPI_OP_NULL (MPI_ERR_OP).
 */
COLLALG_INLINE int collalg__scan_check(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                       collalg__ctx *c, int check_recv)
{
    int inplace = sendbuf == MPI_IN_PLACE, err = collalg__ctx_comm(c, NULL, NULL);
    if (check_recv || inplace)
        err = collalg__first(err, collalg__check_buffer(recvbuf, count, datatype));
    if (!inplace) {
        err = collalg__first(err, collalg__check_buffer(sendbuf, count, datatype));
        if (err == MPI_SUCCESS && sendbuf == recvbuf && count > 0)
            err = MPI_ERR_BUFFER;
    }
    if (err == MPI_SUCCESS && op == MPI_OP_NULL)
        err = MPI_ERR_OP;
    return err;
}

/**
 * @brief Entry step of the scan algorithms: checks the arguments (collalg__scan_check, the
 *        receive triple on every rank), attaches the private communicator and resolves
 *        MPI_IN_PLACE by setting *sendbuf = recvbuf.
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__scan_enter(collalg__ctx *c, const void **sendbuf, void *recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int err;
    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__scan_check(*sendbuf, recvbuf, count, datatype, op, c, 1);
        if (err != MPI_SUCCESS)
            return err;
    }
    if (*sendbuf == MPI_IN_PLACE)
        *sendbuf = recvbuf;
    return collalg__ctx_attach(c);
}

/**
 * @brief Entry step of the exscan algorithms: as collalg__scan_enter, except that rank 0's
 *        recvbuf is not significant and is not checked (unless it holds the input, MPI_IN_PLACE).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__exscan_enter(collalg__ctx *c, const void **sendbuf, void *recvbuf, int count,
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    int err, rank = 0;
    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__ctx_comm(c, NULL, &rank);
        if (err == MPI_SUCCESS)
            err = collalg__scan_check(*sendbuf, recvbuf, count, datatype, op, c, rank > 0);
        if (err != MPI_SUCCESS)
            return err;
    }
    if (*sendbuf == MPI_IN_PLACE)
        *sendbuf = recvbuf;
    return collalg__ctx_attach(c);
}

/**
 * @brief Elements per segment: @p segsize bytes (0 = COLLALG_SCAN_SEGSIZE_DEFAULT) cut down to
 *        whole elements of @p type_size bytes, at least 1 (the whole vector when elements are
 *        empty). @return MPI_SUCCESS, or MPI_ERR_ARG when @p segsize < 0.
 */
COLLALG_INLINE int collalg__scan_seg_elems(int segsize, int type_size, int count, int *out)
{
    *out = 1;
    if (segsize < 0)
        return MPI_ERR_ARG;
    if (segsize == 0)
        segsize = COLLALG_SCAN_SEGSIZE_DEFAULT;
    if (type_size <= 0)
        *out = count > 0 ? count : 1;
    else if (segsize / type_size > 1)
        *out = segsize / type_size;
    return MPI_SUCCESS;
}

#endif /* COLLALG_SCAN_COMMON_H */
