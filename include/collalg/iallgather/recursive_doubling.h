/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/recursive_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, recursive doubling for any p (MPICH's iallgather
 *        sched_recursive_doubling, generalised without a fold): the schedule of
 *        collalg_allgather_recursive_doubling() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied into place (not in place). Steps mask = 1, 2, 4, ..., each after the
 * previous one: rank r belongs to the group G of mask consecutive ranks (its bits below mask
 * cleared), its partner group G' is G XOR mask; r sends the blocks of G to r XOR mask and
 * receives those of G' as one message each. When G' is partial (p not a power of two), the
 * members of G without a partner get G' forwarded inside G in ceil(lg(mask / |G'|)) rounds.
 * Invariant: after the step with mask, every member of G holds the blocks of G and G'.
 *
 * @par Trace, p = 6 (blocks held by each rank)
 * @verbatim
   mask 1:  0<->1 2<->3 4<->5           0,1: {0,1}  2,3: {2,3}  4,5: {4,5}
   mask 2:  0<->2 1<->3 (4, 5: idle)    0..3: {0..3}
   mask 4:  0<->4 1<->5; then 0 -> 2, 1 -> 3 forward {4,5}     all: {0..5}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_recursive_doubling_p6.svg
 * @image html iallgather_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. ceil(lg p) alpha + (p - 1)/p
 * n beta for p a power of two; a partial group adds its forwarding rounds.
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 per exchange) plus 300 bytes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.1 (recursive doubling allgather); T. Hoefler, A. Lumsdaine,
 * W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective Operations for
 * MPI", SC'07.
 */
#ifndef COLLALG_IALLGATHER_RECURSIVE_DOUBLING_H
#define COLLALG_IALLGATHER_RECURSIVE_DOUBLING_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_recursive_doubling() (@p persistent 0) and of
 *         collalg_allgather_init_recursive_doubling() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                          void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                          MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_recursive_doubling_steps, sendbuf, sendcount, sendtype, recvbuf,
                                  recvcount, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by recursive doubling.
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
COLLALG_INLINE int collalg_iallgather_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                         MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgather_recursive_doubling(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                                  request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_recursive_doubling(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_iallgather_recursive_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                             void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                             MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_recursive_doubling(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                                  request, 1);
}

#endif /* COLLALG_IALLGATHER_RECURSIVE_DOUBLING_H */
