/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file igatherv/linear.h
 * @ingroup nonblocking
 * @brief MPI_Igatherv, linear algorithm (LibNBC's igatherv, MPICH's sched_linear): the root posts
 *        every receive at once, run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round. Each non-root sends its block to the root. The root copies its own block to
 * displs[root] (unless MPI_IN_PLACE) and posts the p - 1 receives, from root + 1, root + 2, ...
 * (mod p), block r straight into elements [displs[r], displs[r] + recvcounts[r]).
 *
 * @par Trace, p = 3, root 0, recvcounts {2, 0, 1}, displs {3, 0, 1}
 * @verbatim
   rank 0: copy own 2 elements to elements 3..4; receive 0 elements from 1 (at 0), 1 from 2 (at 1)
   ranks 1, 2: send 0 and 1 elements to 0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html igatherv_linear_p6.svg
 * @image html igatherv_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. alpha + n beta at the root.
 *
 * @par Restrictions
 * None: any p >= 1, any root, zero counts, any displacements; MPI_IN_PLACE as the root's send
 * buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (p at the root, 1 elsewhere) plus 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4.
 */
#ifndef COLLALG_IGATHERV_LINEAR_H
#define COLLALG_IGATHERV_LINEAR_H

#include "../core/persistent.h"
#include "../family/gatherv.h"
#include "../schedule/icoll_rooted.h"

/** @brief The start of collalg_igatherv_linear() (@p persistent 0) and of
 *         collalg_gatherv_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__igatherv_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                            MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking gathers */
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, err = MPI_SUCCESS;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__gatherv_check(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, &c);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, op, collalg__igatherv_linear_steps,
                       (rank, p, root, sendcount, 0, rank == root ? recvcounts : NULL, displs, inplace));
    if (err == MPI_SUCCESS && rank == root)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Igatherv by posting every message at once.
 * @param sendbuf    @p sendcount elements of @p sendtype; MPI_IN_PLACE at the root
 * @param sendcount  elements this rank sends (>= 0)
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    at the root: block r is @p recvcounts[r] elements of @p recvtype at element
 *                   @p displs[r]; not significant elsewhere
 * @param recvcounts at the root: p counts (>= 0); read during the call only
 * @param displs     at the root: p displacements, in elements of @p recvtype
 * @param recvtype   committed datatype of @p recvbuf (at the root)
 * @param root       rank of the root
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_ARG for NULL arrays at the root;
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad significant (buffer, count, type),
 *         MPI_IN_PLACE off the root or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_igatherv_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                           MPI_Comm comm, MPI_Request *request)
{
    return collalg__igatherv_linear(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                                    request, 0);
}

/**
 * @brief MPI_Gatherv_init by the algorithm of collalg_igatherv_linear(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_igatherv_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_gatherv_init_linear(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                               int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__igatherv_linear(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm,
                                    request, 1);
}

#endif /* COLLALG_IGATHERV_LINEAR_H */
