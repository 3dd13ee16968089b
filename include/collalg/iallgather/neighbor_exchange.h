/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/neighbor_exchange.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, neighbour exchange (Open MPI's coll/base neighborexchange,
 *        as a nonblocking schedule): the p / 2 steps of collalg_allgather_neighbor_exchange() run by the
 *        nonblocking executor (core/nbc.h); for odd p, the ring of collalg_iallgather_ring(), as
 *        the blocking algorithm does.
 *
 * @par Phases (p even)
 * The ranks form the pairs {2g, 2g + 1}; group g is the two consecutive blocks 2g, 2g + 1 of the
 * receive buffer (schedule/common.h). Each phase starts when the one before has completed.
 * 1. The own block is copied into its place (not in place).
 * 2. Step 0: the own block is exchanged with the partner, rank XOR 1: both hold their group.
 * 3. Steps s = 1 .. p / 2 - 1: an even rank exchanges with its left neighbour in odd steps and
 *    with its right one in even steps, an odd rank the other way round; it sends the group it
 *    received in step s - 1 (its own in step 1) and receives a group it lacks, as one message of
 *    two blocks each way, in place.
 *
 * @par Odd p
 * The pairs need an even p. For odd p (1 included) the request runs the ring of
 * collalg_iallgather_ring() instead: p - 1 steps of one block, each rank forwarding to its
 * right neighbour the block it received (Open MPI falls back to its ring too). Every rank sees
 * the same p, so all take the same branch; the call succeeds either way.
 *
 * @par Trace, p = 6 (groups held; g0 = blocks 0, 1)
 * @verbatim
   step 0:  0<->1 2<->3 4<->5    0,1: {g0}     2,3: {g1}     4,5: {g2}
   step 1:  1<->2 3<->4 5<->0    0: {g0,g2} 1: {g0,g1} 2: {g1,g0} 3: {g1,g2} 4: {g2,g1} 5: {g2,g0}
   step 2:  0<->1 2<->3 4<->5    all
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_neighbor_exchange_p6.svg
 * @image html iallgather_neighbor_exchange_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes gathered in all. p even: (p / 2) alpha +
 * (p - 1)/p n beta, every message between ring neighbours; p odd: as collalg_iallgather_ring(),
 * (p - 1) alpha + (p - 1)/p n beta.
 *
 * @par Restrictions
 * None: any p >= 1 (odd p runs the ring, above); MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The operation: about 60 bytes per step (p + 2 steps at most) plus 300 bytes.
 *
 * @par References
 * J. Chen, Y. Zhang, L. Zhang, W. Yuan, "Performance evaluation of Allgather algorithms on
 * terascale Linux cluster with fast Ethernet", HPC Asia 2005 (the neighbour exchange);
 * T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IALLGATHER_NEIGHBOR_EXCHANGE_H
#define COLLALG_IALLGATHER_NEIGHBOR_EXCHANGE_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_iallgather_neighbor_exchange() (@p persistent 0) and of
 *         collalg_allgather_init_neighbor_exchange() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_neighbor_exchange(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                         void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                         MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_transport(collalg__iallgather_neighbor_exchange_steps, sendbuf, sendcount, sendtype, recvbuf,
                                  recvcount, recvtype, comm, request, persistent);
}

/**
 * @brief MPI_Iallgather by neighbour exchange (p even), by the ring (p odd).
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
COLLALG_INLINE int collalg_iallgather_neighbor_exchange(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm, MPI_Request *request)
{
    return collalg__iallgather_neighbor_exchange(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                                 request, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_neighbor_exchange(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallgather_neighbor_exchange()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_neighbor_exchange(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                            void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                            MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iallgather_neighbor_exchange(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                                 request, 1);
}

#endif /* COLLALG_IALLGATHER_NEIGHBOR_EXCHANGE_H */
