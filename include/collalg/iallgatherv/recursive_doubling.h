/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/recursive_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, recursive doubling for any p without a fold (MPICH's iallgatherv
 *        sched_recursive_doubling): the exchanges of collalg_allgatherv_recursive_doubling() run
 *        by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The blocks are worked on back to back in rank order, so that the blocks of a group of
 * consecutive ranks are one run of elements: in the receive buffer itself when its non-empty
 * blocks lie so (displs[b] = displs[0] + recvcounts[0] + ... + recvcounts[b - 1], as for
 * MPI_Iallgather), else in a scratch vector of sum(recvcounts) elements. Each phase starts when
 * the one before has completed.
 * 1. The own block is copied into its place in that vector (not when the receive buffer is the
 *    vector and the call is in place).
 * 2. Steps mask = 1, 2, 4, ...: rank r belongs to the group G of mask consecutive ranks (its bits
 *    below mask cleared), its partner group G' is G XOR mask, clipped to p; r sends the blocks of
 *    G to r XOR mask and receives those of G', one message each way. When G' is partial (p not a
 *    power of two), the members of G without a partner get G' forwarded inside G by doubling, in
 *    ceil(lg(mask / |G'|)) rounds (schedule/recursive_doubling.h). Invariant: after the step
 *    with mask, every member of G holds the blocks of G and G'.
 * 3. From the scratch vector only: each run of blocks that also lies back to back in the receive
 *    buffer is copied to its place (one copy per block at worst).
 *
 * @par Trace, p = 6, recvcounts {2, 0, 1, 1, 3, 0} (held: blocks, messages in elements)
 * @verbatim
   mask 1:  0<->1 (2 | 0)  2<->3 (1 | 1)  4<->5 (3 | 0)     {0,1} {2,3} {4,5}
   mask 2:  0<->2 1<->3 (2 | 2); 4, 5 idle                 0..3: {0..3}
   mask 4:  0<->4 1<->5 (4 | 3); then 0 -> 2, 1 -> 3 forward {4,5} (3 elements)   all: {0..5}
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_recursive_doubling_p6.svg
 * @image html iallgatherv_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all, blocks of equal size. ceil(lg
 * p) alpha + (p - 1)/p n beta for p a power of two; each partial partner group adds its
 * forwarding rounds (at most lg(p)^2 / 2 alphas in all). Irregular blocks: a step lasts as long
 * as its heaviest group. Blocks not back to back in rank order add two local copies of about n
 * bytes (the own block in, all blocks out).
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype (the span of the type) when the blocks do not
 * lie back to back in rank order, none otherwise; plus the operation (about 60 bytes per step,
 * 2 per exchange and one per forward, plus 300 bytes), until the request completes.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (recursive doubling for allgatherv); R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.1;
 * T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHERV_RECURSIVE_DOUBLING_H
#define COLLALG_IALLGATHERV_RECURSIVE_DOUBLING_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgatherv_recursive_doubling() (@p persistent 0) and of
 *         collalg_allgatherv_init_recursive_doubling() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                           void *recvbuf, const int recvcounts[], const int displs[],
                                                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                                           int persistent)
{
    return collalg__nbc_allgatherv(collalg__iallgatherv_recursive_doubling_steps, sendbuf, sendcount, sendtype, recvbuf,
                                   recvcounts, displs, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgatherv by recursive doubling (any p, partial groups completed by
 *        forwarding).
 * @param sendbuf    @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                   already at @p displs[rank] of @p recvbuf)
 * @param sendcount  elements this rank contributes (>= 0)
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    block b is @p recvcounts[b] elements of @p recvtype at element @p displs[b]
 * @param recvcounts p counts (>= 0); read during the call only
 * @param displs     p displacements, in elements of @p recvtype
 * @param recvtype   committed datatype of @p recvbuf
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting.
 */
COLLALG_INLINE int collalg_iallgatherv_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                          void *recvbuf, const int recvcounts[], const int displs[],
                                                          MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgatherv_recursive_doubling(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                                   comm, request, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_recursive_doubling(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgatherv_recursive_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                              void *recvbuf, const int recvcounts[], const int displs[],
                                                              MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                              MPI_Request *request)
{
    (void)info;
    return collalg__iallgatherv_recursive_doubling(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                                   comm, request, 1);
}

#endif /* COLLALG_IALLGATHERV_RECURSIVE_DOUBLING_H */
