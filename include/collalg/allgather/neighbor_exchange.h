/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file neighbor_exchange.h
 * @ingroup allgather
 * @brief Allgather, neighbour exchange (Chen et al., HPC Asia 2005; Open MPI's
 *        `neighborexchange`): p / 2 steps, each a two-block exchange with one of the two ring
 *        neighbours; for odd p the neighbour-forwarding ring of logical_ring.h, as Open MPI does.
 *
 * @par Phases (p even)
 * The ranks form the pairs {2g, 2g + 1}, g = 0 .. p / 2 - 1; group g is the two consecutive
 * blocks 2g, 2g + 1 of recvbuf (schedule/common.h, collalg__neighbor_exchange_*).
 * - Phase 0: the own block into slot r of recvbuf (a no-op with MPI_IN_PLACE).
 * - Step 0: a rank exchanges its own block with its partner, r XOR 1: both hold their group.
 * - Step s = 1 .. p / 2 - 1: an even rank exchanges with its left neighbour r - 1 in odd steps
 *   and with its right one r + 1 (its partner) in even steps, an odd rank the other way round
 *   (ranks mod p). It sends the group it received in step s - 1 (its own group in step 1) and
 *   receives one group it lacks: an even rank of group g collects g - 1, g + 1, g - 2, g + 2, ...,
 *   an odd one g + 1, g - 1, g + 2, g - 2, ... (groups mod p / 2). Each message is two
 *   consecutive slots of recvbuf, sent and received in place.
 *
 * @par Odd p
 * The pairs need an even p. For odd p (p = 1 included) the call runs the neighbour-forwarding
 * ring of logical_ring.h instead, p - 1 steps of one block (Open MPI falls back to its ring, the
 * same neighbour forwarding). Every rank of a communicator sees the same p, so all take the same
 * branch. Generalisations that keep p / 2 steps (a triple in place of one pair) make one rank
 * relay twice the data, which costs more than the ring for the large blocks this algorithm is for.
 *
 * @par Trace, p = 6 (groups held by each rank after each step; g0 = blocks 0, 1)
 * @verbatim
   rank:           0          1          2          3          4          5
   step 0:        {g0}       {g0}       {g1}       {g1}       {g2}       {g2}     0<->1 2<->3 4<->5
   step 1:        {g0,g2}    {g0,g1}    {g1,g0}    {g1,g2}    {g2,g1}    {g2,g0}  1<->2 3<->4 5<->0
   step 2:        all        all        all        all        all        all      0<->1 2<->3 4<->5
   @endverbatim
 * In step 2 rank 0 sends g2 (from rank 5 in step 1) to its partner 1 and receives g1 (which 1 got
 * from rank 2). For p = 5 the ring runs: in step s rank r forwards block r - s to r + 1.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_neighbor_exchange_p6.svg
 * @image html allgather_neighbor_exchange_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block, p even:
 * (p / 2) alpha + (p - 1) n beta + (p / 2 - 1) theta + kappa_s (step 0 moves one block, the
 * others two; a rank talks only to its ring neighbours, so no node contention); p odd: as
 * logical_ring.h, (p - 1)(alpha + n beta) + (p - 2) theta + kappa_s.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0. The p / 2 steps need p even; odd p
 * takes the ring (above).
 *
 * @par Memory
 * No scratch; a contiguous datatype (collalg__blocks) only when 2 * recvcount exceeds INT_MAX.
 *
 * @par References
 * J. Chen, Y. Zhang, L. Zhang, W. Yuan, "Performance evaluation of Allgather algorithms on
 * terascale Linux cluster with fast Ethernet", HPC Asia 2005, doi:10.1109/HPCASIA.2005.75 (the
 * neighbour exchange algorithm, proposed there, beside ring, recursive doubling and Bruck);
 * Open MPI ompi/mca/coll/base/coll_base_allgather.c,
 * ompi_coll_base_allgather_intra_neighborexchange (even p; ring for odd p).
 */
#ifndef COLLALG_ALLGATHER_NEIGHBOR_EXCHANGE_H
#define COLLALG_ALLGATHER_NEIGHBOR_EXCHANGE_H

#include "../family/allgather.h"
#include "logical_ring.h"

/**
 * @brief The neighbour exchange for even p, after the entry step: the own block into its slot,
 *        then the p / 2 steps in recvbuf (the counterpart of collalg__allgather_ring_forward(),
 *        which odd p runs). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_neighbor_exchange_steps(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                              MPI_Datatype recvtype)
{
    collalg__blocks b;
    MPI_Aint rext = 0, mine = (MPI_Aint)c->rank * recvcount, partner = (MPI_Aint)(c->rank ^ 1) * recvcount;
    int s, peer, sent, got, p = c->size, me = c->rank;
    int err = collalg__allgather_own(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);

    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(c, recvcount, recvtype, 2, &b);
    if (err == MPI_SUCCESS) /* step 0: the own block with the partner */
        err = COLLALG_MPI(Sendrecv)(collalg__at(recvbuf, mine, rext), b.per_block, b.type, me ^ 1, COLLALG_TAG_DATA,
                                    collalg__at(recvbuf, partner, rext), b.per_block, b.type, me ^ 1, COLLALG_TAG_DATA,
                                    c->pcomm, MPI_STATUS_IGNORE);
    for (s = 1; s < p / 2 && err == MPI_SUCCESS; s++) { /* a group of two blocks each way */
        sent = collalg__neighbor_exchange_group(me, p, s - 1);
        got = collalg__neighbor_exchange_group(me, p, s);
        peer = collalg__neighbor_exchange_peer(me, p, s);
        err = COLLALG_MPI(Sendrecv)(collalg__at(recvbuf, (MPI_Aint)2 * sent * recvcount, rext), 2 * b.per_block, b.type,
                                    peer, COLLALG_TAG_DATA, collalg__at(recvbuf, (MPI_Aint)2 * got * recvcount, rext),
                                    2 * b.per_block, b.type, peer, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief MPI_Allgather by neighbour exchange (p even), by the neighbour-forwarding ring (p odd).
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_neighbor_exchange(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                       MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS && c.size % 2 == 0)
        err =
            collalg__allgather_neighbor_exchange_steps(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    else if (err == MPI_SUCCESS) /* odd p, 1 included: the neighbour-forwarding ring in rank order */
        err =
            collalg__allgather_ring_forward(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, NULL, NULL);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_NEIGHBOR_EXCHANGE_H */
