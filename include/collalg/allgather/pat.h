/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pat.h
 * @ingroup allgather
 * @brief Allgather, PAT: Parallel Aggregated Trees (Jeaugey 2025, NCCL 2.23+): Bruck's
 *        concatenation with the dimensions reversed (far peers first, the last and largest step
 *        to the neighbour), its messages bounded to what a scratch buffer of a given size holds.
 *
 * @par Phases
 * Every block travels down a binomial tree rooted at its owner; the p trees run in parallel and
 * the blocks that take the same edge in the same step travel in one message. Offsets are
 * relative to the rank: offset s of rank y is the block of rank (y + s) mod p, and it reaches y
 * from y + 2^(lowest set bit of s) (schedule/pat.h). With D = ceil(lg p), a message holds at
 * most A blocks (A a power of two <= 2^(D-1), the largest whose staging fits the buffer bound),
 * M = 2^D / A:
 * - Phase 0: the own block into its slot of recvbuf (sent with sendtype, stored with recvtype).
 * - High dimensions d = D - 1 .. lg M (lg A steps): y receives from y + 2^d the offsets
 *   2^d + j 2^(d+1) < p and sends to y - 2^d its offsets j 2^(d+1): the reversed Bruck
 *   all-gather of the offsets that are multiples of M.
 * - Groups c = 1 .. min(M, p) - 1 (one step each): y receives the offsets c + j M < p from
 *   y + 2^h, h the lowest set bit of c, and sends to y - 2^h its offsets c - 2^h + j M, which
 *   it received in an earlier step (group c - 2^h) or owns.
 * A message of one block goes straight from and to recvbuf; a larger one is packed into a
 * staging area and unpacked from one (the blocks of a step are not adjacent in recvbuf). Every
 * block received is a final block, so nothing else is kept. Invariant: after group c's step,
 * y holds the offsets that are multiples of M and those of groups 1 .. c.
 *
 * With full aggregation (A = 2^(D-1), small blocks) this is the reversed Bruck all-gather,
 * ceil(lg p) steps; with A = 1 (large blocks, a small bound) p - 1 steps of one block, in the
 * order of the trees. The paper's own order of the groups keeps NCCL's forwarding buffers
 * logarithmic; here the forwarded blocks are read from recvbuf, so the increasing order serves.
 *
 * @par Trace, p = 6, rank 0 (blocks received, by source rank)
 * @verbatim
   A = 4 (M = 2):  d=2: {4} from 4     d=1: {2} from 2     c=1: {1 3 5} from 1         3 steps
   A = 2 (M = 4):  d=2: {4} from 4     c=1: {1 5} from 1   c=2: {2} from 2   c=3: {3} from 1
   A = 1 (M = 8):  {1} from 1, {2} from 2, {3} from 1, {4} from 4, {5} from 1            5 steps
   rank 1 in step c=1 with A = 4 sends rank 0 its blocks of offsets 0 2 4 = ranks 1 3 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_pat_p6.svg
 * @image html allgather_pat_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per block, A the aggregation and
 * M = 2^ceil(lg p) / A: (lg A + min(M, p) - 1) alpha + (p - 1) n beta + (steps - 1) theta +
 * kappa, plus local copies of up to 2 (p - 1) n bytes (packing, unpacking) when A > 1. Full
 * aggregation: ceil(lg p) alpha + (p - 1) n beta; A = 1: (p - 1)(alpha + n beta). The largest
 * message, about p n / 2 bytes with full aggregation, goes to the neighbour.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * 2 A recvcount elements of recvtype (their span) when A > 1, none when A = 1: at most
 * @p buffer bytes.
 *
 * @par References
 * S. Jeaugey, "PAT: a new algorithm for all-gather and reduce-scatter operations at scale",
 * arXiv:2506.20252, 2025, §3 (Bruck with the dimensions reversed) and §4 (bounded buffer,
 * aggregation); NCCL src/include/collectives.h (PatAGAlgorithm); J. Bruck, C.-T. Ho, S. Kipnis,
 * E. Upfal, D. Weathersby, IEEE TPDS 8(11), 1997 (the concatenation).
 */
#ifndef COLLALG_ALLGATHER_PAT_H
#define COLLALG_ALLGATHER_PAT_H

#include "../family/allgather.h"
#include "../schedule/pat.h"

/** @brief Elements of block @p t: @p counts[t], or @p count when @p counts is NULL. */
COLLALG_INLINE int collalg__allgather_pat_cnt(const int *counts, int count, int t)
{
    return counts ? counts[t] : count;
}

/** @brief Address of block @p t of @p buf: at element @p displs[t], or t @p count when @p displs is NULL. */
COLLALG_INLINE char *collalg__allgather_pat_blk(void *buf, const int *displs, int count, int t, MPI_Aint ext)
{
    return collalg__at(buf, displs ? (MPI_Aint)displs[t] : (MPI_Aint)t * count, ext);
}

/**
 * @brief The PAT steps of schedule @p s on @p recvbuf, which holds the own block: block t has
 *        collalg__allgather_pat_cnt() elements of @p type (extent @p ext) at
 *        collalg__allgather_pat_blk(); @p stage holds two areas of @p cap elements (A times the
 *        largest block). Shared with allgatherv/pat.h. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_pat_steps(collalg__ctx *c, const collalg__pat *s, void *recvbuf,
                                                const int *counts, const int *displs, int count, MPI_Datatype type,
                                                MPI_Aint ext, void *stage, MPI_Aint cap)
{
    int i, j, t, n, sn, rn, err = MPI_SUCCESS, p = c->size, me = c->rank;
    char *sb, *rb;
    collalg__pat_step st;

    for (i = 0; i < s->steps && err == MPI_SUCCESS; i++) {
        collalg__pat_step_get(s, i, &st);
        sn = rn = 0;
        if (st.count == 1) { /* one block each way: straight from and to recvbuf */
            t = (me + st.first - st.dist) % p;
            sb = collalg__allgather_pat_blk(recvbuf, displs, count, t, ext);
            sn = collalg__allgather_pat_cnt(counts, count, t);
            t = (me + st.first) % p;
            rb = collalg__allgather_pat_blk(recvbuf, displs, count, t, ext);
            rn = collalg__allgather_pat_cnt(counts, count, t);
        } else {
            sb = (char *)stage;
            rb = collalg__at(stage, cap, ext);
            for (j = 0; j < st.count && err == MPI_SUCCESS; j++) {
                t = (me + st.first - st.dist + j * st.stride) % p;
                n = collalg__allgather_pat_cnt(counts, count, t);
                err = collalg__copy(collalg__allgather_pat_blk(recvbuf, displs, count, t, ext), n, type,
                                    collalg__at(sb, sn, ext), n, type, c->pcomm);
                sn += n;
                rn += collalg__allgather_pat_cnt(counts, count, (me + st.first + j * st.stride) % p);
            }
        }
        if (err == MPI_SUCCESS)
            err =
                COLLALG_MPI(Sendrecv)(sb, sn, type, collalg__ring_from(me, p, st.dist), COLLALG_TAG_DATA, rb, rn, type,
                                      collalg__ring_to(me, p, st.dist), COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        for (j = 0, rn = 0; st.count > 1 && j < st.count && err == MPI_SUCCESS; j++) {
            t = (me + st.first + j * st.stride) % p;
            n = collalg__allgather_pat_cnt(counts, count, t);
            err = collalg__copy(collalg__at(rb, rn, ext), n, type,
                                collalg__allgather_pat_blk(recvbuf, displs, count, t, ext), n, type, c->pcomm);
            rn += n;
        }
    }
    return err;
}

/**
 * @brief The PAT all-gather after the own block is in place: chooses A for @p buffer bytes
 *        (blocks of at most @p maxcount elements of @p type), allocates the staging areas and
 *        runs collalg__allgather_pat_steps(). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_pat_run(collalg__ctx *c, void *recvbuf, const int *counts, const int *displs,
                                              int count, int maxcount, MPI_Datatype type, int buffer)
{
    collalg__typeinfo ti;
    collalg__pat s;
    void *stage = NULL;
    MPI_Aint cap, ext;
    int err;
    if (c->size == 1)
        return MPI_SUCCESS;
    err = collalg__typeinfo_get(type, &ti);
    if (err != MPI_SUCCESS)
        return err;
    ext = ti.extent > 0 ? ti.extent : -ti.extent;
    collalg__pat_init(&s, c->size, collalg__pat_agg_bytes(c->size, buffer, (long long)maxcount * ext, maxcount, 0));
    cap = (MPI_Aint)s.agg * maxcount;
    if (s.agg > 1)
        err = collalg__scratch_typed(c, 2 * cap, &ti, &stage);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_pat_steps(c, &s, recvbuf, counts, displs, count, type, ti.extent, stage, cap);
    return err;
}

/**
 * @brief MPI_Allgather by PAT, Parallel Aggregated Trees (see the file comment).
 *
 * @allgather_args
 * @param[in] buffer bound in bytes of the staging scratch (packing and unpacking the blocks of a
 *        message); the messages carry as many blocks as it allows, a power of two. 0 selects
 *        #COLLALG_PAT_BUFFER_DEFAULT (1 MiB); a bound below four blocks gives one block per
 *        message (no scratch); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_ARG when @p buffer is negative (before any message and any
 *         write); MPI_ERR_NO_MEM when the staging areas cannot be allocated; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_pat(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int buffer)
{
    collalg__ctx c;
    MPI_Aint rext = 0;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS && buffer < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allgather_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &rext);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_pat_run(&c, recvbuf, NULL, NULL, recvcount, recvcount, recvtype, buffer);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_PAT_H */
