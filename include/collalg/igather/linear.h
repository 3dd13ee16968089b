/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file igather/linear.h
 * @ingroup nonblocking
 * @brief MPI_Igather, linear algorithm (LibNBC's igather, MPICH's sched_linear): the root posts
 *        every receive at once, run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round. Each non-root sends its block to the root. The root copies its own block into place
 * (unless MPI_IN_PLACE) and posts the p - 1 receives, from root + 1, root + 2, ... (mod p), each
 * straight into its block of the receive buffer.
 *
 * @par Trace, p = 4, root 1
 * @verbatim
   rank 1: copy own block 1; receive block 2 from 2, block 3 from 3, block 0 from 0
   ranks 0, 2, 3: send to 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html igather_linear_p6.svg
 * @image html igather_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per block. alpha + (p - 1) n beta at the root,
 * whose link takes every block.
 *
 * @par Restrictions
 * None: any p >= 1, any root; MPI_IN_PLACE as the root's send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (p at the root, 1 elsewhere) plus 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4 (LibNBC's linear gather).
 */
#ifndef COLLALG_IGATHER_LINEAR_H
#define COLLALG_IGATHER_LINEAR_H

#include "../core/persistent.h"
#include "../family/gather.h"
#include "../schedule/icoll_rooted.h"

/** @brief The start of collalg_igather_linear() (@p persistent 0) and of
 *         collalg_gather_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__igather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                           MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking gathers */
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, err = MPI_SUCCESS;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__gather_check(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &c);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, op, collalg__igatherv_linear_steps,
                       (rank, p, root, sendcount, recvcount, NULL, NULL, inplace));
    if (err == MPI_SUCCESS && rank == root)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Igather by posting every message at once.
 * @param sendbuf   @p sendcount elements of @p sendtype; MPI_IN_PLACE at the root (its block is
 *                  then already in place in @p recvbuf)
 * @param sendcount elements each rank sends (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   at the root: p blocks of @p recvcount elements of @p recvtype, block r (at
 *                  element r * recvcount) from rank r; not significant elsewhere
 * @param recvcount elements per block (at the root)
 * @param recvtype  committed datatype of @p recvbuf (at the root)
 * @param root      rank of the root
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_igather_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                          MPI_Request *request)
{
    return collalg__igather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, 0);
}

/**
 * @brief MPI_Gather_init by the algorithm of collalg_igather_linear(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_igather_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_gather_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                              MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__igather_linear(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, 1);
}

#endif /* COLLALG_IGATHER_LINEAR_H */
