/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup allgatherv
 * @brief Allgatherv, recursive doubling (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv"; Thakur, Rabenseifner & Gropp 2005, §4.1), any p without folding.
 *
 * @par Phases
 * Phase 0 copies the own block to displs[rank] of recvbuf. In step k = 0 .. ceil(lg p) - 1,
 * with mask = 2^k, the ranks form groups of mask consecutive ranks G = [g, g + mask) clipped to p
 * (g = rank with its k low bits cleared); group G is paired with group G' = [g XOR mask, + mask),
 * clipped to p. Invariant: before step k, every member of G holds the blocks of all ranks of G.
 * - G' empty (g XOR mask >= p): nothing to do in this step.
 * - Otherwise rank j exchanges with j XOR mask when that rank exists: it sends the blocks of G and
 *   receives those of G', each set of irregular blocks as one message (one hindexed datatype
 *   over recvbuf, family/allgatherv.h).
 * - When G is the lower group and G' holds only q < mask ranks (p not a power of two), the members
 *   g + i, i >= q, have no partner: the q members that received G' forward it inside G by
 *   doubling (holders [g, g + h) send to [g + h, g + 2h), h = q, 2q, ... below mask), so every
 *   member of G ends with the blocks of G and G'.
 *
 * The peers of each step and round come from schedule/recursive_doubling.h (pure functions, unit
 * tested). Every rank receives every other block exactly once, and no rank ever resends the
 * whole result (unlike allgather/recursive_doubling.h, which folds the extra ranks).
 *
 * @par Trace, p = 6 (a <-> b: exchange; a -> b: forward; [..]: ranks whose blocks move)
 * @verbatim
   step 0 (mask=1):  0 <-> 1,  2 <-> 3,  4 <-> 5
   step 1 (mask=2):  0 <-> 2,  1 <-> 3  ([0,1] / [2,3]);  4 and 5 idle (G' = [6,8) is empty)
   step 2 (mask=4):  0 <-> 4,  1 <-> 5  ([0..3] / [4,5]);  then forward [4,5]: 0 -> 2,  1 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_recursive_doubling_p6.svg
 * @image html allgatherv_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j, N = sum n_j, p a
 * power of two and blocks of equal size n: lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta +
 * kappa, as the paper's rdb. Irregular blocks: step k moves the 2^k blocks of a group, so a
 * step lasts as long as its heaviest group. Otherwise, at each step whose partner group holds
 * q < mask ranks, ceil(lg(mask / q)) forwarding rounds of those q blocks follow; in all at most
 * ceil(lg p) + sum of those rounds (<= lg(p)^2 / 2) alphas; each rank still receives N - n_rank
 * bytes, a forwarder sends the q forwarded blocks once per round.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements (a set of blocks
 * may hold more than INT_MAX elements: it travels as one hindexed datatype).
 *
 * @par Memory
 * p (2 MPI_Aint + 2 int) bytes of index arrays; a derived datatype per multi-block message,
 * freed after it (none when the blocks of a message lie back to back in rank order).
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgatherv, "Recursive doubling";
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 2005, §4.1 (recursive doubling allgather; for p not a power of two the
 * missing data are sent inside the exchange rather than by folding, as here).
 */
#ifndef COLLALG_ALLGATHERV_RECURSIVE_DOUBLING_H
#define COLLALG_ALLGATHERV_RECURSIVE_DOUBLING_H

#include "../family/allgatherv.h"
#include "../schedule/recursive_doubling.h"

/**
 * @brief The doubling steps over the rank-order plan @p s of @p recvbuf (own block in place),
 *        peers from schedule/recursive_doubling.h.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rdb_steps(collalg__ctx *c, const collalg__vset *s, void *recvbuf)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int g, gn, pg, pgn, t, rounds, to, from, err = MPI_SUCCESS;

    collalg__rdb_fold_init(&f, c->size, 1, c->rank, COLLALG__RDB_FOLD_NONE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st) && err == MPI_SUCCESS; collalg__rdb_next(&f, &st)) {
        if (!collalg__rdb_groups(f.newrank, f.q, st.mask, &g, &gn, &pg, &pgn))
            continue; /* the partner group does not exist: G is already the whole group of 2 mask ranks */
        if (st.rank >= 0)
            err = collalg__vset_sendrecv(c, s, recvbuf, g, gn, st.rank, pg, pgn, st.rank, COLLALG_TAG_DATA);
        rounds = collalg__rdb_rounds(f.newrank, f.q, st.mask);
        for (t = 0; t < rounds && err == MPI_SUCCESS; t++) {
            collalg__rdb_forward(f.newrank, f.q, st.mask, t, &to, &from);
            err = collalg__vset_sendrecv(c, s, recvbuf, pg, pgn, to < 0 ? MPI_PROC_NULL : to, pg, pgn,
                                         from < 0 ? MPI_PROC_NULL : from, COLLALG_TAG_DATA);
        }
    }
    return err;
}

/**
 * @brief MPI_Allgatherv by recursive doubling (any p, partial groups completed by forwarding).
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler. Also MPI_ERR_NO_MEM
 *         when the index arrays cannot be allocated.
 */
COLLALG_INLINE int collalg_allgatherv_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
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
        err = collalg__rdb_steps(&c, &s, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_RECURSIVE_DOUBLING_H */
