/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gather_bcast.h
 * @ingroup allgather
 * @brief Allgather, gather then broadcast (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgather", Gather-Bcast), binomial trees rooted at rank 0.
 *
 * @par Phases
 * - Phase 0: the own block is copied into slot j of recvbuf.
 * - Gather (binomial tree rooted at rank 0, schedule/common.h): rank j's subtree is the ranks
 *   [j, j + s) with s = collalg__binomial_subtree(j, p). Rank j receives, for 2^k = 1, 2, ...
 *   below its lowest set bit, the subtree range of child j + 2^k straight into slots
 *   [j + 2^k, ...) of recvbuf, then sends its whole range [j, j + s) to its parent. Invariant:
 *   when j sends, slots [j, j + s) hold the blocks of those ranks. With the root at rank 0 a
 *   subtree is a range of ranks that never wraps past p - 1, so every message is one contiguous
 *   run of blocks in rank order (no rotation needed).
 * - Broadcast (same tree, reversed): every rank but 0 receives all p blocks from its parent,
 *   then sends them to its children, the largest subtree first.
 *
 * Any p: the binomial tree is simply clipped at p.
 *
 * @par Trace, p = 5
 * @verbatim
   gather:  1 -> 0 [1],  3 -> 2 [3];  2 -> 0 [2,3];  4 -> 0 [4]
   bcast:   0 -> 4 [0..4];  0 -> 2;  2 -> 3,  0 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_gather_bcast_p6.svg
 * @image html allgather_gather_bcast_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block, L = ceil(lg p):
 * gather L alpha + (p - 1) n beta + (L - 1) theta, then broadcast
 * L (alpha + p n beta) + (L - 1) theta + kappa (the paper's binary-tree estimate is
 * lg(p)(alpha + n beta) + ... for the gather; with the binomial tree the root receives p - 1
 * blocks in all).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch; a contiguous datatype (collalg__blocks) only when p * recvcount exceeds INT_MAX.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Gather-Bcast algorithm".
 */
#ifndef COLLALG_ALLGATHER_GATHER_BCAST_H
#define COLLALG_ALLGATHER_GATHER_BCAST_H

#include "../family/allgather.h"

/**
 * @brief Binomial gather to rank 0 of the blocks in rank order (own block already in place).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_gather0(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Aint rext,
                                              const collalg__blocks *b)
{
    int mask, child, n, err = MPI_SUCCESS, p = c->size, me = c->rank;

    for (mask = 1; mask < p && err == MPI_SUCCESS; mask <<= 1) {
        if (me & mask) {
            n = collalg__binomial_subtree(me, p);
            return COLLALG_MPI(Send)(collalg__at(recvbuf, (MPI_Aint)me * recvcount, rext), n * b->per_block, b->type,
                                     collalg__binomial_parent(me), COLLALG_TAG_DATA, c->pcomm);
        }
        child = me + mask;
        if (child < p)
            err = COLLALG_MPI(Recv)(collalg__at(recvbuf, (MPI_Aint)child * recvcount, rext),
                                    collalg__binomial_subtree(child, p) * b->per_block, b->type, child,
                                    COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (mask > p / 2)
            break;
    }
    return err;
}

/**
 * @brief Binomial broadcast from rank 0 of all p blocks of @p recvbuf.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_bcast0(collalg__ctx *c, void *recvbuf, const collalg__blocks *b)
{
    int mask, err = MPI_SUCCESS, p = c->size, me = c->rank;

    if (me != 0)
        err = COLLALG_MPI(Recv)(recvbuf, p * b->per_block, b->type, collalg__binomial_parent(me), COLLALG_TAG_DATA2,
                                c->pcomm, MPI_STATUS_IGNORE);
    for (mask = collalg__binomial_mask(me, p) >> 1; mask > 0 && err == MPI_SUCCESS; mask >>= 1)
        if (me + mask < p)
            err = COLLALG_MPI(Send)(recvbuf, p * b->per_block, b->type, me + mask, COLLALG_TAG_DATA2, c->pcomm);
    return err;
}

/**
 * @brief MPI_Allgather by a binomial gather to rank 0 followed by a binomial broadcast.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_gather_bcast(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                  void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__blocks b;
    MPI_Aint rext = 0;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_gather0(&c, recvbuf, recvcount, rext, &b);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_bcast0(&c, recvbuf, &b);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_GATHER_BCAST_H */
