/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoall/pair.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoall, pairwise exchange (MPICH's ialltoall sched_pairwise; the pair algorithm
 *        of Faraj & Yuan): the schedule of collalg_alltoall_pair() run by the nonblocking
 *        executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied. Then one step per matching of the pair schedule
 * (schedule/common.h), each after the previous one: in step s the rank exchanges one block with
 * its partner, rank XOR (s + 1) for p a power of two, the round-robin 1-factorisation of K_p
 * otherwise (p steps for odd p, one rank idle in each). Invariant: every step is a matching, so
 * each rank has exactly one message in and one out at a time. In place, the p blocks are first
 * copied to scratch and sent from there.
 *
 * @par Trace, p = 4 (partners per step)
 * @verbatim
   step 0:  0<->1  2<->3
   step 1:  0<->2  1<->3
   step 2:  0<->3  1<->2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoall_pair_p6.svg
 * @image html ialltoall_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes sent by each rank. (p - 1) alpha + (p - 1)/p n
 * beta for p even (p alpha + ... for p odd), without the congestion of posting every message at
 * once (collalg_ialltoall_linear()).
 *
 * @par Restrictions
 * None: any p >= 1; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step plus 300 bytes; in place, p blocks of the receive type.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (pair); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.3 (pairwise exchange).
 */
#ifndef COLLALG_IALLTOALL_PAIR_H
#define COLLALG_IALLTOALL_PAIR_H

#include "../core/persistent.h"
#include "../schedule/icoll_alltoall.h"

/** @brief The start of collalg_ialltoall_pair() (@p persistent 0) and of
 *         collalg_alltoall_init_pair() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoall_pair(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                           int persistent)
{
    return collalg__nbc_transport(collalg__ialltoall_pair_steps, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                                  recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoall by pairwise exchange.
 * @param sendbuf   p blocks of @p sendcount elements of @p sendtype (block j, at element
 *                  j * sendcount, goes to rank j), or MPI_IN_PLACE (the blocks are then taken
 *                  from @p recvbuf, and @p sendcount, @p sendtype are ignored)
 * @param sendcount elements per block sent (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j comes from rank j
 * @param recvcount elements per block received (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ialltoall_pair(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    return collalg__ialltoall_pair(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 0);
}

/**
 * @brief MPI_Alltoall_init by the algorithm of collalg_ialltoall_pair(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoall_pair()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoall_init_pair(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                              MPI_Request *request)
{
    (void)info;
    return collalg__ialltoall_pair(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, 1);
}

#endif /* COLLALG_IALLTOALL_PAIR_H */
