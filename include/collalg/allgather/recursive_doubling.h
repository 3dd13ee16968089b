/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup allgather
 * @brief Allgather, recursive doubling (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgather", rdb; Thakur, Rabenseifner & Gropp 2005, §4.1), any p without folding.
 *
 * @par Phases
 * Phase 0 copies the own block into recvbuf. In step k = 0 .. ceil(lg p) - 1, with mask = 2^k, the
 * ranks form groups of mask consecutive ranks G = [g, g + mask) clipped to p (g = rank with its k
 * low bits cleared); G is paired with G' = [g XOR mask, + mask), clipped to p. Invariant: before
 * step k, every member of G holds the blocks of all ranks of G, one contiguous range of recvbuf.
 * - G' empty (g XOR mask >= p): nothing to do in this step.
 * - Otherwise rank j sends the blocks of G to j XOR mask and receives those of G' from it (one
 *   contiguous range each way), when that rank exists. For p a power of two this is all: the
 *   paper's rdb, lg p steps.
 * - When G is the lower group and G' holds only q < mask ranks (p not a power of two), the members
 *   g + i, i >= q, have no partner: the q members that received G' forward it inside G by
 *   doubling (holders [g, g + h) send to [g + h, g + 2h), h = q, 2q, ... below mask), so every
 *   member of G ends with the blocks of G and G' (MPICH's fix-up inside the exchange).
 *
 * The peers of each step and round come from schedule/recursive_doubling.h (pure functions, unit tested).
 * Every rank receives every other block exactly once, and no rank resends the whole result: the
 * extra ranks are not folded onto a power-of-two subset.
 *
 * @par Trace, p = 6 (a <-> b: exchange; a -> b: forward; [..]: blocks moved)
 * @verbatim
   step 0 (mask=1):  0 <-> 1,  2 <-> 3,  4 <-> 5                 (one block each way)
   step 1 (mask=2):  0 <-> 2,  1 <-> 3  ([0,2) / [2,4));  4 and 5 idle (G' = [6,8) is empty)
   step 2 (mask=4):  0 <-> 4,  1 <-> 5  ([0,4) / [4,6));  then forward [4,6): 0 -> 2,  1 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_recursive_doubling_p6.svg
 * @image html allgather_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block, p a power of two:
 * lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta + kappa. Otherwise, with L = ceil(lg p),
 * R = the forwarding rounds on the critical path (at a step whose partner group holds q < mask
 * ranks, ceil(lg(mask / q)) rounds of q blocks; R <= L(L - 1) / 2) and W n the bytes on the
 * critical path (each step or round lasts as long as its largest message: mask blocks in the
 * exchange of a step, q blocks in a forwarding round): (L + R) alpha + W n beta + (L + R - 1)
 * theta + kappa, while every rank still receives only (p - 1) n bytes. W is at most about
 * 2.25 p (p - 1 + 1.23 p for all p < 2100). Examples (W, L + R): p = 6: 9, 4; p = 17: 35, 9;
 * p = 24: 39, 6; p = 48: 79, 7. The fold of the extra ranks (the paper's rdb for any p and the
 * previous version of this header) costs W = 2p - 1 + lg q and lg q + 2 steps (q the largest
 * power of two <= p): p = 6: 13, 4; p = 17: 37, 6; p = 24: 55, 6; p = 48: 111, 7. So the
 * bandwidth term never grows (modelled for p < 2100) and drops by up to a third for p well
 * above a power of two, but little just above one, where the latency term grows instead
 * (p = 2^k + 1: 2k + 1 steps instead of k + 2).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * No scratch; a contiguous datatype (collalg__blocks) only when p * recvcount exceeds INT_MAX.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Recursive doubling (rdb)";
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 2005, §4.1 (recursive doubling allgather; for p not a power of two the missing
 * data are sent inside the exchange, as here).
 */
#ifndef COLLALG_ALLGATHER_RECURSIVE_DOUBLING_H
#define COLLALG_ALLGATHER_RECURSIVE_DOUBLING_H

#include "../family/allgather.h"
#include "../schedule/recursive_doubling.h"

/**
 * @brief The doubling steps (own block already in place), blocks of @p b in @p recvbuf; peers
 *        from schedule/recursive_doubling.h. Blocks [first, first + n) travel as n * b->per_block
 *        elements of b->type from block @p first. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_rdb_steps(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Aint rext,
                                                const collalg__blocks *b)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int g, gn, pg, pgn, t, rounds, to, from, err = MPI_SUCCESS;
    void *theirs;

    collalg__rdb_fold_init(&f, c->size, 1, c->rank, COLLALG__RDB_FOLD_NONE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st) && err == MPI_SUCCESS; collalg__rdb_next(&f, &st)) {
        if (!collalg__rdb_groups(f.newrank, f.q, st.mask, &g, &gn, &pg, &pgn))
            continue; /* the partner group does not exist: G is already the whole group of 2 mask ranks */
        theirs = collalg__at(recvbuf, (MPI_Aint)pg * recvcount, rext);
        if (st.rank >= 0)
            err = COLLALG_MPI(Sendrecv)(collalg__at(recvbuf, (MPI_Aint)g * recvcount, rext), gn * b->per_block, b->type,
                                        st.rank, COLLALG_TAG_DATA, theirs, pgn * b->per_block, b->type, st.rank,
                                        COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        rounds = collalg__rdb_rounds(f.newrank, f.q, st.mask);
        /* lower group, partial partner group: forward G' to the members without a partner */
        for (t = 0; t < rounds && err == MPI_SUCCESS; t++) {
            collalg__rdb_forward(f.newrank, f.q, st.mask, t, &to, &from);
            if (to >= 0)
                err = COLLALG_MPI(Send)(theirs, pgn * b->per_block, b->type, to, COLLALG_TAG_DATA, c->pcomm);
            else if (from >= 0)
                err = COLLALG_MPI(Recv)(theirs, pgn * b->per_block, b->type, from, COLLALG_TAG_DATA, c->pcomm,
                                        MPI_STATUS_IGNORE);
        }
    }
    return err;
}

/**
 * @brief MPI_Allgather by recursive doubling (any p; partial groups completed by forwarding).
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm)
{
    collalg__ctx c;
    collalg__blocks b;
    MPI_Aint rext = 0;
    int err = collalg__allgather_enter_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &rext);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__allgather_rdb_steps(&c, recvbuf, recvcount, rext, &b);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_RECURSIVE_DOUBLING_H */
