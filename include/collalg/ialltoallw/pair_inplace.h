/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ialltoallw/pair_inplace.h
 * @ingroup nonblocking
 * @brief MPI_Ialltoallw, pair algorithm in place without staging (MPICH's ialltoallw
 *        sched_inplace, on the pair schedule; the nonblocking form of
 *        collalg_alltoallw_pair_inplace()): MPI_IN_PLACE through one block of scratch, run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * In place, one step per matching of the pair schedule (schedule/common.h), each after the
 * previous one: in step s, rank r and its partner q send each other their receive blocks for each
 * other, each with its own datatype, straight from their place, and receive into the scratch
 * block; then each copies the scratch block into the block of its partner. Invariant: before step
 * s every block not yet exchanged still holds the rank's own data for that peer, and after it
 * block q holds q's data for r; every pair of ranks meets in exactly one step. The own block stays
 * where it is. Not in place: exactly collalg_ialltoallw_pair().
 *
 * @par Trace, p = 5, in place (a <-> b: a and b swap their blocks for each other through the
 * scratch block; (r): rank r idle)
 * @verbatim
   step 0:  (0)  1<->4  2<->3      each: send block q, receive into scratch; then copy scratch -> block q
   step 1:  0<->1  2<->4  (3)
   step 2:  0<->2  (1)  3<->4
   step 3:  0<->3  1<->2  (4)
   step 4:  0<->4  1<->3  (2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ialltoallw_pair_inplace_p6.svg
 * @image html ialltoallw_pair_inplace_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; S = p - 1 steps for p even, p for p odd, m_s the largest
 * message of step s. Sum over s of (alpha + m_s beta) and a local copy of m_s bytes per step
 * (against collalg_ialltoallw_pair()'s staging of the whole receive buffer before its first step);
 * the copy separates the steps, so no step overlaps the next.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements and datatypes; MPI_IN_PLACE as the send buffer
 * (not in place: the pair algorithm).
 *
 * @par Memory
 * The operation: about 60 bytes per step (3 p steps), a table of p datatypes per buffer plus 300
 * bytes; in place, the bytes one receive block spans around its displacement, the largest such
 * span over the blocks (their datatypes' true bounds); not in place, nothing more.
 *
 * @par References
 * MPICH src/mpi/coll/ialltoallw/ialltoallw_intra_sched_inplace.c (in place, one pair of
 * blocks at a time through a temporary buffer) and the blocking collalg_alltoallw_pair_inplace();
 * A. Faraj,
 * X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines", ICS'05,
 * §3.1 (pair); H. Pritchard, J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1",
 * CUG 2004 (the edge-colouring pairing).
 */
#ifndef COLLALG_IALLTOALLW_PAIR_INPLACE_H
#define COLLALG_IALLTOALLW_PAIR_INPLACE_H

#include "../family/ialltoall.h"

/** @brief The start of collalg_ialltoallw_pair_inplace() (@p persistent 0) and of
 *         collalg_alltoallw_init_pair_inplace() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ialltoallw_pair_inplace(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                    const MPI_Datatype sendtypes[], void *recvbuf,
                                                    const int recvcounts[], const int rdispls[],
                                                    const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request,
                                                    int persistent)
{
    return collalg__ialltoallw_start(COLLALG_A2A_PAIR_INPLACE, 0, sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                                     recvcounts, rdispls, recvtypes, comm, request, persistent);
}

/**
 * @brief MPI_Ialltoallw by the pair algorithm, in place without staging.
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
COLLALG_INLINE int collalg_ialltoallw_pair_inplace(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                   const MPI_Datatype sendtypes[], void *recvbuf,
                                                   const int recvcounts[], const int rdispls[],
                                                   const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    return collalg__ialltoallw_pair_inplace(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                            recvtypes, comm, request, 0);
}

/**
 * @brief MPI_Alltoallw_init by the algorithm of collalg_ialltoallw_pair_inplace(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ialltoallw_pair_inplace()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_alltoallw_init_pair_inplace(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                       const MPI_Datatype sendtypes[], void *recvbuf,
                                                       const int recvcounts[], const int rdispls[],
                                                       const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info,
                                                       MPI_Request *request)
{
    (void)info;
    return collalg__ialltoallw_pair_inplace(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                            recvtypes, comm, request, 1);
}

#endif /* COLLALG_IALLTOALLW_PAIR_INPLACE_H */
