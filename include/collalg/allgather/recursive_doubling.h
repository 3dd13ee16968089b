/**
 * @file recursive_doubling.h
 * @brief Allgather, recursive doubling (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgather", rdb; Thakur, Rabenseifner & Gropp 2005, §4.1).
 *
 * @par Phases (p a power of two)
 * Phase 0 copies the own block into recvbuf. In step k = 0 .. lg p - 1, rank j exchanges with
 * j XOR 2^k everything it holds. Invariant: before step k, rank j holds the 2^k consecutive
 * blocks [j - (j mod 2^k), + 2^k), and its partner the adjacent range of the same length, so
 * each step is one contiguous send and one contiguous receive and doubles the range.
 *
 * @par Generalisation to any p (fold the extra ranks)
 * Let q be the largest power of two <= p and e = p - q. The first 2e ranks pair up:
 * - fold: even rank 2i (i < e) sends its own block to rank 2i + 1 and leaves the doubling;
 * - the q remaining ranks (odd ranks below 2e, all ranks from 2e on) run the doubling above
 *   under new ranks v = 0 .. q-1 (rank 2i + 1 is v = i, rank m >= 2e is v = m - e). New rank v
 *   stands for the blocks [f(v), f(v + 1)) with f(v) = 2v for v <= e and v + e otherwise, so
 *   the invariant "a consecutive run of new ranks holds a consecutive run of blocks" survives:
 *   every message is still one contiguous range of recvbuf;
 * - unfold: rank 2i + 1 sends all p blocks to rank 2i.
 * So the folded ranks add two steps: lg q + 2 steps for p not a power of two.
 *
 * @par Trace, p = 6 (q = 4, e = 2; new ranks 0..3 = ranks 1, 3, 4, 5)
 * @verbatim
   fold:     0 -> 1 (block 0),  2 -> 3 (block 2)
   step 0:   1 <-> 3  (blocks [0,2) / [2,4)),  4 <-> 5  (block 4 / block 5)
   step 1:   1 <-> 4  (blocks [0,4) / [4,6)),  3 <-> 5  (likewise)
   unfold:   1 -> 0,  3 -> 2  (all 6 blocks)
   @endverbatim
 *
 * @par Cost
 * With p processes and n = recvcount * size of recvtype bytes per block, p a power of two:
 * lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta + gamma. Otherwise, with q and e as above,
 * on the folded pairs' critical path (fold n, doubling at most (p - 2) n, unfold p n):
 * (lg(q) + 2) alpha + (2p - 1) n beta + (lg(q) + 1) theta + gamma, about twice the bandwidth
 * term, as the paper says ("the cost almost doubles").
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
 * MPICH", IJHPCA 2005, §4.1 (recursive doubling allgather).
 */
#ifndef COLLALG_ALLGATHER_RECURSIVE_DOUBLING_H
#define COLLALG_ALLGATHER_RECURSIVE_DOUBLING_H

#include "../core/allgather_common.h"

/** @brief First block held by new rank @p v when @p e extra ranks are folded: f(v) above. */
COLLALG_INLINE int collalg__allgather_rdb_first(int v, int e)
{
    return v <= e ? 2 * v : v + e;
}

/** @brief Rank of new rank @p v when @p e extra ranks are folded. */
COLLALG_INLINE int collalg__allgather_rdb_rank(int v, int e)
{
    return v < e ? 2 * v + 1 : v + e;
}

/**
 * @brief The doubling steps among the q = 2^m new ranks, new rank @p v, blocks of @p b.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_rdb_steps(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Aint rext,
                                                const collalg__blocks *b, int v, int q, int e)
{
    int mask, lo, plo, first, pfirst, err = MPI_SUCCESS;

    for (mask = 1; mask < q && err == MPI_SUCCESS; mask <<= 1) {
        lo = v & ~(mask - 1);
        plo = lo ^ mask;
        first = collalg__allgather_rdb_first(lo, e);
        pfirst = collalg__allgather_rdb_first(plo, e);
        err = COLLALG_MPI(Sendrecv)(collalg__at(recvbuf, (MPI_Aint)first * recvcount, rext),
                                    (collalg__allgather_rdb_first(lo + mask, e) - first) * b->per_block, b->type,
                                    collalg__allgather_rdb_rank(v ^ mask, e), COLLALG_TAG_DATA,
                                    collalg__at(recvbuf, (MPI_Aint)pfirst * recvcount, rext),
                                    (collalg__allgather_rdb_first(plo + mask, e) - pfirst) * b->per_block, b->type,
                                    collalg__allgather_rdb_rank(v ^ mask, e), COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief MPI_Allgather by recursive doubling (extra ranks folded for p not a power of two).
 *
 * Arguments, buffer shapes and errors as collalg_allgather_ring() (allgather/ring.h).
 */
COLLALG_INLINE int collalg_allgather_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm)
{
    collalg__ctx c;
    collalg__blocks b;
    MPI_Aint lb, rext = 0;
    int q, e, me;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &rext);
    if (err != MPI_SUCCESS)
        return collalg__leave(&c, err);
    me = c.rank;
    q = collalg__pof2_floor(c.size);
    e = c.size - q;
    if (me < 2 * e && me % 2 == 0) {
        /* folded rank: own block to the partner, all p blocks (its own included) back at the end */
        err = COLLALG_MPI(Send)(sendbuf, sendcount, sendtype, me + 1, COLLALG_TAG_DATA, c.pcomm);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(recvbuf, c.size * b.per_block, b.type, me + 1, COLLALG_TAG_DATA2, c.pcomm,
                                    MPI_STATUS_IGNORE);
        return collalg__leave(&c, err);
    }
    err = collalg__allgather_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);
    if (err == MPI_SUCCESS && me < 2 * e)
        err = COLLALG_MPI(Recv)(collalg__at(recvbuf, (MPI_Aint)(me - 1) * recvcount, rext), recvcount, recvtype,
                                me - 1, COLLALG_TAG_DATA, c.pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_rdb_steps(&c, recvbuf, recvcount, rext, &b, me < 2 * e ? me / 2 : me - e, q, e);
    if (err == MPI_SUCCESS && me < 2 * e)
        err = COLLALG_MPI(Send)(recvbuf, c.size * b.per_block, b.type, me - 1, COLLALG_TAG_DATA2, c.pcomm);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_RECURSIVE_DOUBLING_H */
