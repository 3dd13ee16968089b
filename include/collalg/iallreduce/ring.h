/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/ring.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, ring: reduce-scatter then allgather around a ring (MPICH's iallreduce
 *        sched_ring; Patarasuk & Yuan's bandwidth-optimal allreduce), the schedule of
 *        collalg_allreduce_ring() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The vector is cut into p blocks whose sizes differ by at most one element. Rank r sends to
 * r + 1 and receives from r - 1 (mod p) throughout, each step after the previous one.
 * 1. Copy the input into the receive buffer (not in place).
 * 2. Reduce-scatter, steps i = 0 .. p - 2: send block (r - i) mod p, receive block
 *    (r - i - 1) mod p into a scratch block and add it to the own copy. Invariant: after step i
 *    block (r - i - 1) mod p holds the contributions of ranks r - i - 1, ..., r.
 * 3. Allgather, steps i = 0 .. p - 2: rank r now holds block (r + 1) mod p complete; send block
 *    (r + 1 - i) mod p, receive block (r - i) mod p in place.
 *
 * @par Trace, p = 3 (rank: blocks complete after each phase)
 * @verbatim
   reduce-scatter:  0: {1}   1: {2}   2: {0}
   allgather 0:     0: {1,0} 1: {2,1} 2: {0,2}
   allgather 1:     every rank {0,1,2}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_ring_p6.svg
 * @image html iallreduce_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. 2 (p - 1) alpha + 2 (p - 1)/p n beta +
 * (p - 1)/p n gamma: bandwidth-optimal, latency linear in p.
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): block b is reduced in the order
 * b + 1, b + 2, ..., b (mod p); a non-commutative operation is refused with MPI_ERR_OP before any
 * message. Any p >= 1; MPI_IN_PLACE as the send buffer. The operation must not be freed before
 * the request completes (core/nbc.h).
 *
 * @par Memory
 * One block (ceil(count / p) elements of the datatype), plus the operation (about 60 bytes per
 * step, 4 (p - 1) steps, plus 300 bytes).
 *
 * @par References
 * P. Patarasuk, X. Yuan, "Bandwidth Optimal All-reduce Algorithms for Clusters of Workstations",
 * JPDC 69(2), 2009; R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.4.
 */
#ifndef COLLALG_IALLREDUCE_RING_H
#define COLLALG_IALLREDUCE_RING_H

#include "../core/persistent.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iallreduce_ring() (@p persistent 0) and of
 *         collalg_allreduce_init_ring() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_allreduce(collalg__iallreduce_ring_steps, 1, sendbuf, recvbuf, count, datatype, op, comm,
                                  request, persistent);
}

/**
 * @brief MPI_Iallreduce by a ring, for commutative operations.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       a commutative reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL or a
 *         non-commutative operation; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallreduce_ring(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_ring(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallreduce_ring()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallreduce_ring(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IALLREDUCE_RING_H */
