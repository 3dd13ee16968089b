/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file gather_bcast.h
 * @ingroup allgatherv
 * @brief Allgatherv, gather then broadcast (the allgather Gather-Bcast of Faraj & Yuan, ICS'05,
 *        §3.1, extended to irregular blocks), binomial trees rooted at rank 0.
 *
 * @par Phases
 * - Phase 0: the own block is copied to displs[j] of recvbuf.
 * - Gather (binomial tree rooted at rank 0, schedule/common.h): rank j's subtree is the ranks
 *   [j, j + s) with s = collalg__binomial_subtree(j, p). Rank j receives, for 2^k = 1, 2, ...
 *   below its lowest set bit, the blocks of child j + 2^k's subtree straight to their places in
 *   recvbuf, then sends the blocks of its whole subtree to its parent. A subtree never wraps
 *   past p - 1, so every message is the blocks of one range of ranks: one message of recvtype
 *   when they lie back to back in rank order, one hindexed datatype otherwise
 *   (family/allgatherv.h).
 * - Broadcast (same tree, reversed): every rank but 0 receives the p blocks from its parent (its
 *   own block arrives again, with the same bytes), then sends them to its children, the largest
 *   subtree first.
 *
 * Any p: the binomial tree is simply clipped at p.
 *
 * @par Trace, p = 5 ([..]: ranks whose blocks move)
 * @verbatim
   gather:  1 -> 0 [1],  3 -> 2 [3];  2 -> 0 [2,3];  4 -> 0 [4]
   bcast:   0 -> 4 [0..4];  0 -> 2;  2 -> 3,  0 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_gather_bcast_p6.svg
 * @image html allgatherv_gather_bcast_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j, N = sum n_j and
 * L = ceil(lg p): gather L alpha + (N - n_0) beta at the root + (L - 1) theta, then broadcast
 * L (alpha + N beta) + (L - 1) theta + kappa.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * p (2 MPI_Aint + 2 int) bytes of index arrays; a derived datatype per multi-block message.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Gather-Bcast algorithm".
 */
#ifndef COLLALG_ALLGATHERV_GATHER_BCAST_H
#define COLLALG_ALLGATHERV_GATHER_BCAST_H

#include "../family/allgatherv.h"

/**
 * @brief Binomial gather to rank 0 of the blocks (plan @p s, own block already in place).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_gather0(collalg__ctx *c, const collalg__vset *s, void *recvbuf)
{
    int mask, child, err = MPI_SUCCESS, p = c->size, me = c->rank;

    for (mask = 1; mask < p && err == MPI_SUCCESS; mask <<= 1) {
        if (me & mask)
            return collalg__vset_sendrecv(c, s, recvbuf, me, collalg__binomial_subtree(me, p),
                                          collalg__binomial_parent(me), 0, 0, MPI_PROC_NULL, COLLALG_TAG_DATA);
        child = me + mask;
        if (child < p)
            err = collalg__vset_sendrecv(c, s, recvbuf, 0, 0, MPI_PROC_NULL, child, collalg__binomial_subtree(child, p),
                                         child, COLLALG_TAG_DATA);
        if (mask > p / 2)
            break;
    }
    return err;
}

/**
 * @brief Binomial broadcast from rank 0 of all p blocks (plan @p s) of @p recvbuf.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_bcast0(collalg__ctx *c, const collalg__vset *s, void *recvbuf)
{
    collalg__vmsg all;
    int mask, err, p = c->size, me = c->rank;

    err = collalg__vmsg_make(s, recvbuf, 0, p, &all);
    if (err == MPI_SUCCESS && me != 0)
        err = COLLALG_MPI(Recv)(all.buf, all.count, all.type, collalg__binomial_parent(me), COLLALG_TAG_DATA2, c->pcomm,
                                MPI_STATUS_IGNORE);
    for (mask = collalg__binomial_mask(me, p) >> 1; mask > 0 && err == MPI_SUCCESS; mask >>= 1)
        if (me + mask < p)
            err = COLLALG_MPI(Send)(all.buf, all.count, all.type, me + mask, COLLALG_TAG_DATA2, c->pcomm);
    collalg__vmsg_free(&all);
    return err;
}

/**
 * @brief MPI_Allgatherv by a binomial gather to rank 0 followed by a binomial broadcast.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler. Also MPI_ERR_NO_MEM
 *         when the index arrays cannot be allocated.
 */
COLLALG_INLINE int collalg_allgatherv_gather_bcast(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                   void *recvbuf, const int recvcounts[], const int displs[],
                                                   MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__vset s;
    MPI_Aint rext = 0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__vset_recv(&c, recvcounts, displs, recvtype, &s);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__allgatherv_gather0(&c, &s, recvbuf);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__allgatherv_bcast0(&c, &s, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_GATHER_BCAST_H */
