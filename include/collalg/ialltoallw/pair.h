/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoallw/pair.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoallw, pairwise exchange (the pair algorithm of Faraj & Yuan): the schedule of
 *        collalg_alltoallw_pair() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The own block is copied. Then one step per matching of the pair schedule (schedule/common.h),
 * each after the previous one: in step s the rank exchanges one block, each with its own datatype
 * with its partner, rank XOR (s + 1) for p a power of two, the round-robin 1-factorisation of K_p
 * otherwise (p steps for odd p, one rank idle in each). Invariant: every step is a matching, so
 * each rank has exactly one message in and one out at a time. In place, the bytes the receive
 * blocks span are first copied as raw bytes to scratch, and the blocks sent from that image with
 * their datatypes, so the datatypes' gaps in the receive buffer are never written.
 *
 * @par Trace, p = 5 (partners per step; (r): rank r idle)
 * @verbatim
   step 0:  (0)  1<->4  2<->3
   step 1:  0<->1  2<->4  (3)
   step 2:  0<->2  (1)  3<->4
   step 3:  0<->3  1<->2  (4)
   step 4:  0<->4  1<->3  (2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoallw_pair_p6.svg
 * @image html ialltoallw_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; S = p - 1 steps for p even, p for p odd, m_s the largest
 * message of step s. Sum over s of (alpha + m_s beta), without the congestion of posting every
 * message at once (the linear algorithm).
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements and datatypes; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 p steps), a table of p datatypes per buffer plus 300
 * bytes; in place, the bytes the receive blocks span as well.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (pair); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.3 (pairwise exchange);
 * H. Pritchard, J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004
 * (the edge-colouring pairing for any p).
 */
#ifndef COLLALG_IALLTOALLW_PAIR_H
#define COLLALG_IALLTOALLW_PAIR_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoallw_pair() (@p persistent 0) and of
 *         collalg_alltoallw_init_pair() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoallw_pair(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                            const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                            MPI_Request *request, int persistent)
{
    return collalg__ialltoallw_start(COLLALG_A2A_PAIR, 0, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,
                                     rdispls, recvtypes, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoallw by pairwise exchange.
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
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays; MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or aliased buffers;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing
 *         MPI call while starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ialltoallw_pair(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                           const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                           const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                           MPI_Request *request)
{
    return collalg__ialltoallw_pair(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                    comm, request, 0);
}

/**
 * @brief MPI_Alltoallw_init by the algorithm of collalg_ialltoallw_pair(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoallw_pair()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoallw_init_pair(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                               const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                               const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ialltoallw_pair(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                    comm, request, 1);
}

#endif /* COLLALG_IALLTOALLW_PAIR_H */
