/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup alltoall
 * @brief Alltoall, recursive doubling algorithm (Faraj & Yuan, ICS'05, §3.1 "Recursive doubling
 *        (rdb) algorithm"), generalised to any p by folding the ranks beyond a power of two.
 *
 * @par Phases
 * The alltoall as an allgather of whole send buffers: each rank collects the p send buffers of
 * all ranks (p * p blocks, "segment" s = rank s's send buffer, block (s, d) at segment s,
 * position d), then copies block (s, rank) of every segment s into block s of its receive
 * buffer. Let pof2 be the largest power of two <= p and rem = p - pof2.
 * 1. Fold (only when rem > 0): rank pof2 + i (i < rem) sends its send buffer to rank i, which
 *    stores it as segment pof2 + i. From here on rank i < rem stands for the pair {i, pof2 + i}.
 * 2. Recursive doubling among ranks 0 .. pof2-1, rounds k = 0 .. lg pof2 - 1: rank j exchanges with
 *    j XOR 2^k every segment it holds. Invariant before round k: rank j holds the segments of
 *    the ranks of its aligned group of 2^k ranks (j with the low k bits cleared, and the next
 *    2^k - 1) and of their fold partners; in the natural segment order these are two
 *    contiguous ranges, [base, base + 2^k) and [pof2 + base, pof2 + min(base + 2^k, rem)), so a
 *    round is at most two messages each way (the second is empty, MPI_PROC_NULL, once base >= rem).
 * 3. Copy-out: rank j < pof2 copies blocks (s, j) for s = 0 .. p-1 into its receive buffer (one
 *    strided copy); rank i < rem also sends blocks (s, pof2 + i) straight into the receive buffer
 *    of rank pof2 + i (one strided message).
 *
 * @par Trace, p = 6 (pof2 = 4, rem = 2; "[..]" = segments held)
 * @verbatim
   fold:     4 -> 0, 5 -> 1                 0:[0,4] 1:[1,5] 2:[2] 3:[3]
   round 0:  0 <-> 1, 2 <-> 3               0,1:[0,1,4,5]   2,3:[2,3]
   round 1:  0 <-> 2, 1 <-> 3               all of 0..3: [0..5]
   back:     0 -> 4 (blocks (s,4)), 1 -> 5 (blocks (s,5)); ranks 0..3 copy their own blocks
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_recursive_doubling_p6.svg
 * @image html alltoall_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair. p a power of two (the
 * paper's formula): lg(p) alpha + (p - 1) p n beta + (lg(p) - 1) theta + kappa. Otherwise, with
 * pof2 and rem as above: the fold and the return add 2 (alpha + p n beta) and 2 theta, and a rank
 * that stands for a pair sends up to two messages per round: at most
 * (2 lg(pof2) + 2) alpha + (p - 1 + 2) p n beta + (lg(pof2) + 1) theta + kappa, the "almost double"
 * cost the paper quotes for non-powers of two.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. Meant for small messages: memory and traffic
 * grow as p * p * n.
 *
 * @par Memory
 * p * p * recvcount elements of recvtype on ranks 0 .. pof2-1 (none on the folded ranks), plus
 * p * recvcount elements of recvtype when sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (recursive doubling; its reference [21], Thakur,
 * Rabenseifner, Gropp, "Optimization of collective communication operations in MPICH").
 */
#ifndef COLLALG_ALLTOALL_RECURSIVE_DOUBLING_H
#define COLLALG_ALLTOALL_RECURSIVE_DOUBLING_H

#include "../family/alltoall.h"
#include "../schedule/recursive_doubling.h"

/** @brief Shape of one recursive doubling call (see the file comment for pof2, rem and segments). */
typedef struct collalg__alltoall_rdb {
    int p;               /**< communicator size */
    collalg__rdb_fold f; /**< this rank in the fold onto pof2 (COLLALG__RDB_FOLD_HIGH): pof2, rem, partner */
    int count;           /**< recvcount: elements of recvtype per block */
    MPI_Aint ext;        /**< extent of recvtype */
    collalg__blocks gb;  /**< block layout for messages of up to p * p blocks of recvtype */
    void *all;           /**< the p * p blocks collected (ranks < pof2) */
} collalg__alltoall_rdb;

/** @brief Address of segment @p s (rank s's send buffer, p blocks) in the collected buffer. */
COLLALG_INLINE char *collalg__alltoall_rdb_seg(const collalg__alltoall_rdb *r, int s)
{
    return collalg__alltoall_block(r->all, (MPI_Aint)s * r->p, r->count, r->ext);
}

/** @brief Number of fold partners' segments the aligned group [base, base + len) holds. */
COLLALG_INLINE int collalg__alltoall_rdb_high(const collalg__alltoall_rdb *r, int base, int len)
{
    int end = base + len < r->f.rem ? base + len : r->f.rem;
    return end > base ? end - base : 0;
}

/**
 * @brief Round @p st of step 2 (mask 2^k): exchange every held segment with rank ^ mask.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_rdb_round(const collalg__ctx *c, collalg__alltoall_rdb *r,
                                               const collalg__rdb_step *st)
{
    MPI_Request req[4];
    int n = 0, err = MPI_SUCCESS, peer = st->rank, mask = st->mask;
    int base = c->rank & ~(mask - 1), pbase = peer & ~(mask - 1);
    int hi = collalg__alltoall_rdb_high(r, base, mask), phi = collalg__alltoall_rdb_high(r, pbase, mask);
    int blk = r->p * r->gb.per_block; /* elements of gb.type per segment */

    err = COLLALG_MPI(Irecv)(collalg__alltoall_rdb_seg(r, pbase), mask * blk, r->gb.type, peer, COLLALG_TAG_DATA,
                             c->pcomm, &req[n++]);
    if (err == MPI_SUCCESS && phi > 0)
        err = COLLALG_MPI(Irecv)(collalg__alltoall_rdb_seg(r, r->f.pof2 + pbase), phi * blk, r->gb.type, peer,
                                 COLLALG_TAG_DATA2, c->pcomm, &req[n++]);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Isend)(collalg__alltoall_rdb_seg(r, base), mask * blk, r->gb.type, peer, COLLALG_TAG_DATA,
                                 c->pcomm, &req[n++]);
    if (err == MPI_SUCCESS && hi > 0)
        err = COLLALG_MPI(Isend)(collalg__alltoall_rdb_seg(r, r->f.pof2 + base), hi * blk, r->gb.type, peer,
                                 COLLALG_TAG_DATA2, c->pcomm, &req[n++]);
    return collalg__first(err, collalg__waitall(n, req));
}

/**
 * @brief Step 3 for one destination @p d: blocks (s, d), s = 0 .. p-1, of the collected buffer
 *        into @p recvbuf (a local copy when @p d is this rank, else a message to folded rank d).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_rdb_copy_out(const collalg__ctx *c, collalg__alltoall_rdb *r, int d, void *recvbuf)
{
    MPI_Datatype column = MPI_DATATYPE_NULL;
    const void *first = collalg__alltoall_block(r->all, d, r->count, r->ext);
    int err = collalg__alltoall_strided_type(&r->gb, r->p, 1, r->p, &column);
    if (err == MPI_SUCCESS && d == c->rank)
        err = collalg__copy(first, 1, column, recvbuf, r->p * r->gb.per_block, r->gb.type, c->pcomm);
    else if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(first, 1, column, d, COLLALG_TAG_DATA, c->pcomm);
    collalg__alltoall_type_free(&column);
    return err;
}

/**
 * @brief Steps 1-3 on a rank j < pof2. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_rdb_core(collalg__ctx *c, collalg__alltoall_rdb *r, const void *sendbuf,
                                              int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                              const collalg__typeinfo *rti)
{
    collalg__blocks sb;
    collalg__rdb_step st;
    int me = c->rank, err;

    err = collalg__ctx_blocks(c, sendcount, sendtype, r->p, &sb);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, (MPI_Aint)r->p * r->p * r->count, rti, &r->all);
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, r->p * sb.per_block, sb.type, collalg__alltoall_rdb_seg(r, me),
                            r->p * r->gb.per_block, r->gb.type, c->pcomm);
    if (err == MPI_SUCCESS && r->f.partner >= 0)
        err = COLLALG_MPI(Recv)(collalg__alltoall_rdb_seg(r, r->f.partner), r->p * r->gb.per_block, r->gb.type,
                                r->f.partner, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    for (collalg__rdb_begin(&r->f, &st, 0); collalg__rdb_more(&r->f, &st) && err == MPI_SUCCESS;
         collalg__rdb_next(&r->f, &st))
        err = collalg__alltoall_rdb_round(c, r, &st);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_rdb_copy_out(c, r, me, recvbuf);
    if (err == MPI_SUCCESS && r->f.partner >= 0)
        err = collalg__alltoall_rdb_copy_out(c, r, r->f.partner, recvbuf);
    return err;
}

/**
 * @brief MPI_Alltoall by recursive doubling (an allgather of the send buffers, then a local
 *        selection).
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when the p * p-block buffer (or the in-place
 *         staging) cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_recursive_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                       MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoall_rdb r;
    collalg__typeinfo rti;
    collalg__blocks sb;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS && !collalg__alltoall_empty(recvcount, recvtype)) {
        r.p = c.size;
        collalg__rdb_fold_init(&r.f, c.size, 1, c.rank, COLLALG__RDB_FOLD_HIGH);
        r.count = recvcount;
        r.all = NULL;
        err = collalg__typeinfo_get(recvtype, &rti);
        r.ext = rti.extent;
        if (err == MPI_SUCCESS)
            err = collalg__ctx_blocks(&c, recvcount, recvtype, (MPI_Aint)c.size * c.size, &r.gb);
        if (err == MPI_SUCCESS && r.f.newrank >= 0)
            err = collalg__alltoall_rdb_core(&c, &r, sendbuf, sendcount, sendtype, recvbuf, &rti);
        else if (err == MPI_SUCCESS) {
            /* Folded rank: its send buffer to rank - pof2, its receive buffer back from it. */
            err = collalg__ctx_blocks(&c, sendcount, sendtype, c.size, &sb);
            if (err == MPI_SUCCESS)
                err = COLLALG_MPI(Sendrecv)(sendbuf, c.size * sb.per_block, sb.type, r.f.partner, COLLALG_TAG_DATA,
                                            recvbuf, c.size * r.gb.per_block, r.gb.type, r.f.partner, COLLALG_TAG_DATA,
                                            c.pcomm, MPI_STATUS_IGNORE);
        }
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_RECURSIVE_DOUBLING_H */
