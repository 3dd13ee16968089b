/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/ring.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, ring algorithm (MPICH's and LibNBC's for long messages): the ring of
 *        collalg_allgather_logical_ring() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied into its place of the receive buffer (not in place). Then p - 1 steps,
 * each after the previous one has completed: in step i rank r sends block (r - i) mod p to
 * r + 1 and receives block (r - i - 1) mod p from r - 1. Invariant: after step i rank r holds
 * blocks r, r - 1, ..., r - i - 1.
 *
 * @par Trace, p = 5, rank 2 (blocks held)
 * @verbatim
   start:  {2}
   step 0: sends 2 to 3, receives 1 from 1   {2,1}
   step 1: sends 1 to 3, receives 0 from 1   {2,1,0}
   step 2: sends 0 to 3, receives 4 from 1   {2,1,0,4}
   step 3: sends 4 to 3, receives 3 from 1   {2,1,0,4,3}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_ring_p6.svg
 * @image html iallgather_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. (p - 1) alpha + (p - 1)/p n beta.
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 per ring step) plus 300 bytes, until the request
 * completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.1 (the ring allgather); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI",
 * SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHER_RING_H
#define COLLALG_IALLGATHER_RING_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_ring() (@p persistent 0) and of
 *         collalg_allgather_init_ring() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                            int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_ring_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by a ring.
 * @param sendbuf   @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                  already at offset rank * recvcount of @p recvbuf)
 * @param sendcount elements sent by each rank (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j (at element
 *                  j * recvcount) is rank j's contribution
 * @param recvcount elements received from each rank (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgather_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgather_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_ring(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_ring()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_ring(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                               MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_ring(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLGATHER_RING_H */
