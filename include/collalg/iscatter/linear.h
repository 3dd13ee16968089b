/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iscatter/linear.h
 * @ingroup nonblocking
 * @brief MPI_Iscatter, linear algorithm (LibNBC's iscatter, MPICH's sched_linear): the root posts
 *        every send at once, run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round. The root copies its own block (unless MPI_IN_PLACE, where it stays in the send
 * buffer) and posts the p - 1 sends, to root + 1, root + 2, ... (mod p), each straight from its
 * block of the send buffer. Every other rank receives its block from the root.
 *
 * @par Trace, p = 4, root 1
 * @verbatim
   rank 1: copy block 1; send block 2 to 2, block 3 to 3, block 0 to 0
   ranks 0, 2, 3: receive from 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iscatter_linear_p6.svg
 * @image html iscatter_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per block. alpha + (p - 1) n beta at the root.
 *
 * @par Restrictions
 * None: any p >= 1, any root; MPI_IN_PLACE as the root's receive buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (p at the root, 1 elsewhere) plus 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4 (LibNBC's linear scatter).
 */
#ifndef COLLALG_ISCATTER_LINEAR_H
#define COLLALG_ISCATTER_LINEAR_H

#include "../core/persistent.h"
#include "../family/scatter.h"
#include "../schedule/icoll_rooted.h"

/** @brief The start of collalg_iscatter_linear() (@p persistent 0) and of
 *         collalg_scatter_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iscatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                            MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking scatters */
    collalg__nbc *op = NULL;
    int inplace = recvbuf == MPI_IN_PLACE, p, rank, err = MPI_SUCCESS;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__scatter_check(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &c);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, op, collalg__iscatterv_linear_steps,
                       (rank, p, root, sendcount, NULL, NULL, recvcount, inplace));
    if (err == MPI_SUCCESS && rank == root)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Iscatter by posting every message at once.
 * @param sendbuf   at the root: p blocks of @p sendcount elements of @p sendtype, block r (at
 *                  element r * sendcount) for rank r; not significant elsewhere
 * @param sendcount elements per block (at the root)
 * @param sendtype  committed datatype of @p sendbuf (at the root)
 * @param recvbuf   @p recvcount elements of @p recvtype; MPI_IN_PLACE at the root (its block then
 *                  stays in @p sendbuf)
 * @param recvcount elements this rank receives (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param root      rank of the root
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iscatter_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                           MPI_Request *request)
{
    return collalg__iscatter_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, 0);
}

/**
 * @brief MPI_Scatter_init by the algorithm of collalg_iscatter_linear(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iscatter_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_scatter_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iscatter_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, 1);
}

#endif /* COLLALG_ISCATTER_LINEAR_H */
