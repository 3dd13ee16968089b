/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoallw/linear.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoallw, linear algorithm (LibNBC's ialltoallw, MPICH's sched_blocked with every
 *        message at once and sched_inplace): run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round: the own block is copied, and for distance i = 1 .. p - 1 a receive of block
 * (r - i) mod p from rank r - i and a send of block (r + i) mod p to rank r + i are posted, each
 * with its own datatype, straight from and into its place (byte displacements). In place, the
 * bytes the receive blocks span are first copied as raw bytes to scratch, and the blocks sent
 * from that image with their datatypes, so the datatypes' gaps in the receive buffer are never
 * written.
 *
 * @par Trace, p = 3, rank 0 (block j of rank r written r.j)
 * @verbatim
   copy 0.0 -> recv block 0
   i = 1: receive 2.0 from 2 into block 2, send 0.1 to 1
   i = 2: receive 1.0 from 1 into block 1, send 0.2 to 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoallw_linear_p6.svg
 * @image html ialltoallw_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank. About alpha + n beta when the
 * network takes every message at once; the start posts 2 (p - 1) requests.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements and datatypes; MPI_IN_PLACE as the send
 * buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps), 300 bytes and a table of p datatypes per
 * buffer; in place, the bytes the receive blocks span as well.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4 (LibNBC's linear schedules).
 */
#ifndef COLLALG_IALLTOALLW_LINEAR_H
#define COLLALG_IALLTOALLW_LINEAR_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoallw_linear() (@p persistent 0) and of
 *         collalg_alltoallw_init_linear() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoallw_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                              const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                              const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                              MPI_Request *request, int persistent)
{
    return collalg__ialltoallw_start(COLLALG_A2A_SCATTERED, COLLALG_A2A_ALL_AT_ONCE, sendbuf, sendcounts, sdispls,
                                     sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoallw by posting every message at once.
 * @param sendbuf    block j is @p sendcounts[j] elements of @p sendtypes[j] at byte
 *                   @p sdispls[j], for rank j; or MPI_IN_PLACE (the blocks are then taken from
 *                   @p recvbuf, with the receive counts, displacements and datatypes)
 * @param sendcounts p counts (>= 0); read during the call only, as every array here
 * @param sdispls    p displacements, in bytes
 * @param sendtypes  p committed datatypes
 * @param recvbuf    block j is @p recvcounts[j] elements of @p recvtypes[j] at byte
 *                   @p rdispls[j], from rank j
 * @param recvcounts p counts (>= 0)
 * @param rdispls    p displacements, in bytes
 * @param recvtypes  p committed datatypes
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_ialltoallw_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                             const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                             const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                             MPI_Request *request)
{
    return collalg__ialltoallw_linear(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                      comm, request, 0);
}

/**
 * @brief MPI_Alltoallw_init by the algorithm of collalg_ialltoallw_linear(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoallw_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoallw_init_linear(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                 const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                                 const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                                 MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ialltoallw_linear(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                      comm, request, 1);
}

#endif /* COLLALG_IALLTOALLW_LINEAR_H */
