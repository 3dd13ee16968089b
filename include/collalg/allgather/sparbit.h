/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file sparbit.h
 * @ingroup allgather
 * @brief Allgather, Sparbit, "Stripe Parallel Binomial Trees" (Loch & Koslovski, SBAC-PAD 2021;
 *        Open MPI's `sparbit`): Bruck's ceil(lg p) steps with the distances reversed, largest
 *        first, so that the messages grow as the peers get closer, and every block goes straight
 *        into its slot of recvbuf (no scratch buffer, no final rotation).
 *
 * @par Phases
 * Offsets count down from a rank: offset o of rank r is the block of rank (r - o) mod p.
 * - Phase 0: the own block into slot r of recvbuf (a no-op with MPI_IN_PLACE).
 * - Step s = 0 .. L - 1, L = ceil(lg p), distance d = 2^(L - 1 - s): rank r holds the blocks at
 *   the offsets 2 d j below p; it sends those with 2 d j + d < p, m = ceil((p - d) / (2 d))
 *   blocks, to r + d, and receives the m blocks at its offsets 2 d j + d (the odd multiples of
 *   d below p) from r - d (schedule/common.h, collalg__sparbit_*). Invariant: after the step,
 *   rank r holds the blocks at every offset that is a multiple of d below p; after the last
 *   step (d = 1), all of them.
 * - The m blocks of a step are scattered through recvbuf (a stride of 2 d slots, wrapping at p):
 *   one message per step all the same, described by an MPI_Type_create_indexed_block of the m
 *   slots (a plain block when m = 1). Open MPI's version sends one message per block instead.
 *
 * A call that moves no data (recvcount 0, or a receive type of size 0) sends nothing: SimGrid
 * 3.32 crashes on block-set datatypes of zero-length blocks (collalg__alltoall_empty()).
 *
 * Any p: where p is not a power of two, the offsets that would land at p or beyond are not
 * sent (the count m is clipped; the paper's and Open MPI's "ignored" steps), so no block is
 * sent twice; m never decreases from one step to the next, and the m's add up to p - 1.
 *
 * @par Trace, p = 6 (blocks held by each rank after each step; d is the distance)
 * @verbatim
   rank:            0          1          2          3          4          5
   phase 0:        {0}        {1}        {2}        {3}        {4}        {5}
   step 0 (d=4):   {0,2}      {1,3}      {2,4}      {3,5}      {4,0}      {5,1}     m = 1
   step 1 (d=2):   {0,2,4}    {1,3,5}    {2,4,0}    {3,5,1}    {4,0,2}    {5,1,3}   m = 1 (clipped)
   step 2 (d=1):   all six: rank r gets r - 1, r - 3, r - 5 from r - 1              m = 3
   @endverbatim
 * In step 1 rank 0 holds offsets 0 and 4 (blocks 0, 2) but sends only offset 0 (block 0) to
 * rank 2: offset 4 + 2 = 6 is p, rank 2 already has that block (its own).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_sparbit_p6.svg
 * @image html allgather_sparbit_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * ceil(lg p) alpha + (p - 1) n beta + (ceil(lg p) - 1) theta + kappa, plus one local copy of n
 * bytes (phase 0) and, in every step with m >= 2, the packing and unpacking of its m
 * non-contiguous blocks and two datatypes built and freed.
 * The largest messages, (p / 2) n in the last step, go to the nearest ranks, r + 1: with ranks
 * placed node by node they stay in the node mostly (the paper's data locality).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * 2 floor(p / 2) int (the slots of one step's send and receive types) for p >= 4; a contiguous
 * datatype (collalg__blocks) only when p * recvcount exceeds INT_MAX.
 *
 * @par References
 * W. J. Loch, G. P. Koslovski, "Sparbit: a new logarithmic-cost and data locality-aware MPI
 * Allgather algorithm", SBAC-PAD 2021, arXiv:2109.08751 (the Stripe Parallel Binomial Trees
 * algorithm, its cost and its exclusion of repeated blocks for p not a power of two); Open MPI
 * ompi/mca/coll/base/coll_base_allgather.c, ompi_coll_base_allgather_intra_sparbit.
 */
#ifndef COLLALG_ALLGATHER_SPARBIT_H
#define COLLALG_ALLGATHER_SPARBIT_H

#include "../family/allgather.h"
#include "../family/alltoall.h"

/**
 * @brief One step, distance @p d, in recvbuf: blocks of @p b, room @p idx for the 2 m slots of
 *        its two datatypes when m >= 2. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_sparbit_step(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Aint rext,
                                                   const collalg__blocks *b, int *idx, int d)
{
    MPI_Datatype st = MPI_DATATYPE_NULL, rt = MPI_DATATYPE_NULL;
    MPI_Request rq = MPI_REQUEST_NULL;
    void *sbuf = recvbuf, *rbuf = recvbuf;
    int j, p = c->size, me = c->rank, from = collalg__ring_from(me, p, d), m = collalg__sparbit_nblocks(p, d);
    int cnt = 1, err = MPI_SUCCESS;

    if (m == 1) { /* the own block of me and of from: one block each way */
        sbuf = collalg__at(recvbuf, (MPI_Aint)me * recvcount, rext);
        rbuf = collalg__at(recvbuf, (MPI_Aint)from * recvcount, rext);
        cnt = b->per_block;
        st = rt = b->type;
    } else {
        for (j = 0; j < m; j++) {
            idx[j] = collalg__sparbit_block(me, p, d, j);
            idx[m + j] = collalg__sparbit_block(from, p, d, j);
        }
        err = collalg__alltoall_indexed_type(b, m, idx, &st);
        if (err == MPI_SUCCESS)
            err = collalg__alltoall_indexed_type(b, m, idx + m, &rt);
    }
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Irecv)(rbuf, cnt, rt, from, COLLALG_TAG_DATA, c->pcomm, &rq);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(sbuf, cnt, st, collalg__ring_to(me, p, d), COLLALG_TAG_DATA, c->pcomm);
    err = err == MPI_SUCCESS ? COLLALG_MPI(Wait)(&rq, MPI_STATUS_IGNORE)
                             : collalg__first(err, collalg__cancel_all(1, &rq));
    if (m > 1) {
        collalg__alltoall_type_free(&st);
        collalg__alltoall_type_free(&rt);
    }
    return err;
}

/**
 * @brief The ceil(lg p) steps in recvbuf, p >= 2, own block already in place (extent @p rext of
 *        @p recvtype): the block layout, the slot array (p >= 4), then the steps, distances
 *        halving. @return MPI_SUCCESS, MPI_ERR_NO_MEM or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_sparbit_steps(collalg__ctx *c, void *recvbuf, int recvcount,
                                                    MPI_Datatype recvtype, MPI_Aint rext)
{
    collalg__blocks b;
    void *idx = NULL;
    int s, p = c->size, err = collalg__ctx_blocks(c, recvcount, recvtype, p, &b);
    if (err == MPI_SUCCESS && p >= 4)
        err = collalg__scratch(c, 2 * (MPI_Aint)(p / 2) * (MPI_Aint)sizeof(int), &idx);
    for (s = 0; s < collalg__ceil_log2(p) && err == MPI_SUCCESS; s++)
        err = collalg__allgather_sparbit_step(c, recvbuf, recvcount, rext, &b, (int *)idx, collalg__sparbit_dist(p, s));
    return err;
}

/**
 * @brief MPI_Allgather by Sparbit: Bruck's steps with the distances halving, every block straight
 *        into its slot.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when the slot array cannot be allocated; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_sparbit(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    MPI_Aint rext = 0;
    int err = collalg__allgather_enter_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &rext);
    if (err == MPI_SUCCESS && c.size > 1 && !collalg__alltoall_empty(recvcount, recvtype))
        err = collalg__allgather_sparbit_steps(&c, recvbuf, recvcount, recvtype, rext);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_SPARBIT_H */
