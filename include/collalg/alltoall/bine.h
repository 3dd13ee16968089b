/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/alltoall/bine.h
 * @ingroup alltoall
 * @brief Alltoall, Bine butterfly (De Sensi et al., SC 2025): Bruck-like store and forward over
 *        the peers r +- rho(s) (1, 1, 3, 5, 11, ... ranks apart), lg p steps of p / 2 blocks;
 *        any p by the fold of pairs.
 *
 * @par Phases
 * q = 2^k, the largest power of two <= p, rem = p - q. The survivors and their super-blocks are
 * those of schedule/bine_butterfly.h: ranks 2i < 2 rem fold onto 2i + 1 (survivor i, standing
 * for ranks 2i and 2i + 1), rank j >= 2 rem is survivor j - rem. A survivor works on a matrix
 * of blocks: one row per source rank, one column per destination rank, the columns in the
 * butterfly's negabinary block order (super-block of survivor v at position nu(v)), so that every
 * run of positions is a run of columns.
 * 1. Stage: a survivor copies its send buffer into its row in column order; a folded rank sends
 *    its send buffer, in that order, to its survivor (row above the survivor's own).
 * 2. Steps s = 0 .. k - 1 (collalg__bine_a2a_step()): survivor i and its peer pi(i, s) hold the
 *    same run of columns (collalg__bine_bf_run()); each keeps one half
 *    (collalg__bine_bf_halve()), sends every row's other half to the peer in one message (a
 *    strided block set), and appends the peer's rows of the kept half below its own.
 *    Invariant: after step s survivor i holds, for the 2^(s+1) survivors of its group
 *    (collalg__bine_bf_source(): its own group then its peer's), every block whose destination
 *    lies in its run of 2^(k-s-1) positions.
 * 3. Deliver: survivor i holds the blocks from all p ranks for its super-block, one row per
 *    source in its group order. It picks the column of each destination in source order (an
 *    indexed block set): into its receive buffer, and in one message to its folded rank.
 *
 * @par Trace, p = 8 (no fold; columns in the order of ranks 0 3 7 4 1 6 2 5; r>d: r's block for d)
 * @verbatim
   step 0 (rho 1):   0-1 2-3 4-5 6-7. Rank 0 keeps the columns 0 3 7 4, sends 0>1 0>6 0>2 0>5 to
                     1, receives 1>0 1>3 1>7 1>4: rows 0 1
   step 1 (rho -1):  0-7 1-2 3-4 5-6. Rank 0 keeps 0 3, sends 0>7 0>4 1>7 1>4, receives rows 7 6
   step 2 (rho 3):   0-3 1-6 2-5 4-7. Rank 0 keeps 0, sends 0>3 1>3 7>3 6>3, receives 3>0 2>0 4>0
                     5>0: rows 0 1 7 6 3 2 4 5, picked in rank order
   @endverbatim
 * With p = 6 ranks 0 and 2 fold onto 1 and 3 (survivors 0 .. 3 = ranks 1, 3, 4, 5; columns in the
 * order 0 1 5 2 3 4): rank 1 stages rows 0 and 1 and sends rank 3 their columns 2 3 4 in step 0;
 * it then holds rows 0 1 2 3, sends their column 5 to rank 5 in step 1 and receives rows 5 4; it
 * ends with the columns 0 and 1 of the six rows and sends column 0 to rank 0.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_bine_p6.svg
 * @image html alltoall_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sendcount * size of sendtype bytes per block. For p
 * a power of two: lg(p) alpha + lg(p) p/2 n beta + (lg(p) - 1) theta + kappa, plus local copies of
 * (2 + lg(p)/2) p n bytes (stage, kept halves, delivery): the rounds and volume of
 * collalg_alltoall_bruck(). What differs is where the blocks go: step s's p/2 blocks travel
 * |rho(s)| = 1, 1, 3, 5, 11, ... ranks where Bruck's travel 2^s, and a block moves only within its
 * butterfly group, which keeps traffic between groups of neighbouring ranks lower on ranks placed
 * in order (the paper's global-link measure). Otherwise, with q and rem as above: 2 (alpha + p n
 * beta) for the fold and the delivery to a folded rank, and a survivor of a pair moves up to twice
 * the blocks per step.
 *
 * @par Restrictions
 * None: any p >= 1 (the paper's butterfly needs a power of two: the fold above), any datatypes,
 * MPI_IN_PLACE, count 0. Meant for small messages.
 *
 * @par Memory
 * Two matrices of M blocks of recvcount elements of recvtype each (the span of the type), M the
 * largest a survivor holds: p blocks for p a power of two, up to 4 q with the fold; 2 q + p + 2 ints;
 * plus p * recvcount elements of recvtype when sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Ba, M. Turisini, J. Domke, T. Hoefler,
 * "Bine Trees: Enhancing Collective Operations by Optimizing Communication Locality", SC 2025
 * (arXiv 2508.17311), §4 (the alltoall over the Bine butterfly: blocks forwarded by the
 * negabinary order of their destinations; power-of-two p); J. Bruck et al., IEEE TPDS 8(11),
 * 1997 (store and forward in lg p rounds); R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA 2005
 * (the fold).
 */
#ifndef COLLALG_ALLTOALL_BINE_H
#define COLLALG_ALLTOALL_BINE_H

#include "../family/alltoall.h"
#include "../schedule/bine_butterfly.h"
#include "../schedule/recursive_doubling.h"

/** @brief One Bine alltoall call on one rank (see the file comment). */
typedef struct collalg__alltoall_bine {
    collalg__rdb_fold f;        /**< this rank in the fold of pairs onto q survivors */
    int k;                      /**< lg q, the butterfly's steps */
    int *first;                 /**< q + 1 ints: first column of each position (collalg__bine_bf_first()) */
    int *rowstart;              /**< q + 1 ints: first row of the m-th survivor of the group order */
    int *idx;                   /**< p ints: block indices of a block set */
    collalg__alltoall_layout l; /**< send and receive block layouts */
    int count;                  /**< recvcount */
    MPI_Aint mat;               /**< blocks of one matrix (M of the file comment) */
} collalg__alltoall_bine;

/** @brief The first rank of survivor @p i's super-block (i = q: p). */
COLLALG_INLINE int collalg__alltoall_bine_sb(const collalg__alltoall_bine *b, int i)
{
    return i < b->f.rem ? 2 * i : i + b->f.rem;
}

/** @brief Fills first, rowstart (this survivor's group order) and the matrix size M. */
COLLALG_INLINE void collalg__alltoall_bine_shape(collalg__alltoall_bine *b, int p)
{
    collalg__bine_a2a st;
    int m, s, a, me = b->f.newrank, q = b->f.q,
                 own = collalg__alltoall_bine_sb(b, me + 1) - collalg__alltoall_bine_sb(b, me);
    collalg__bine_bf_first(p, q, b->k, b->first);
    b->rowstart[0] = 0;
    for (m = 0; m < q; m++) {
        a = collalg__bine_bf_source(me, q, b->k - 1, m);
        b->rowstart[m + 1] = b->rowstart[m] + collalg__alltoall_bine_sb(b, a + 1) - collalg__alltoall_bine_sb(b, a);
    }
    b->mat = (MPI_Aint)own * p; /* staged, and delivered: p rows of own columns */
    for (s = 0; s < b->k; s++) {
        collalg__bine_a2a_step(me, q, b->k, s, b->first, b->rowstart, &st);
        if ((MPI_Aint)st.rows * st.width > b->mat)
            b->mat = (MPI_Aint)st.rows * st.width;
    }
}

/** @brief @p idx[col] = the destination rank of column col (the columns in the block order). */
COLLALG_INLINE void collalg__alltoall_bine_columns(const collalg__alltoall_bine *b, int *idx)
{
    int pos, j, v;
    for (pos = 0; pos < b->f.q; pos++) {
        v = collalg__bine_nu_rank(pos, b->f.q, b->k);
        for (j = b->first[pos]; j < b->first[pos + 1]; j++)
            idx[j] = collalg__alltoall_bine_sb(b, v) + j - b->first[pos];
    }
}

/**
 * @brief Phase 1: @p sendbuf in column order, into row @p row of @p mat (a survivor), or to the
 *        survivor @p to (a folded rank, @p mat NULL). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_bine_stage(const collalg__ctx *c, const collalg__alltoall_bine *b,
                                                const void *sendbuf, void *mat, int row, int to)
{
    MPI_Datatype cols = MPI_DATATYPE_NULL;
    int err, p = c->size;
    collalg__alltoall_bine_columns(b, b->idx);
    err = collalg__alltoall_indexed_type(&b->l.sb, p, b->idx, &cols);
    if (err == MPI_SUCCESS && mat)
        err = collalg__copy(sendbuf, 1, cols, collalg__alltoall_block(mat, (MPI_Aint)row * p, b->count, b->l.rext),
                            p * b->l.rb.per_block, b->l.rb.type, c->pcomm);
    else if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(sendbuf, 1, cols, to, COLLALG_TAG_DATA, c->pcomm);
    collalg__alltoall_type_free(&cols);
    return err;
}

/**
 * @brief Step @p s of phase 2: @p cur's other half of every row to the peer, the kept half and
 *        the peer's rows into @p next. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_bine_step(const collalg__ctx *c, const collalg__alltoall_bine *b, int s,
                                               const void *cur, void *next)
{
    collalg__bine_a2a st;
    MPI_Datatype give = MPI_DATATYPE_NULL, keep = MPI_DATATYPE_NULL;
    int err, n, peer;
    collalg__bine_a2a_step(b->f.newrank, b->f.q, b->k, s, b->first, b->rowstart, &st);
    peer = collalg__rdb_rank(&b->f, st.peer);
    n = st.rows * st.kw; /* blocks kept: the received rows follow them */
    err = collalg__alltoall_strided_type(&b->l.rb, st.rows, st.gw, st.width, &give);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_strided_type(&b->l.rb, st.rows, st.kw, st.width, &keep);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Sendrecv)(collalg__alltoall_block(cur, st.give, b->count, b->l.rext), 1, give, peer,
                                    COLLALG_TAG_DATA, collalg__alltoall_block(next, n, b->count, b->l.rext),
                                    st.prow * st.kw * b->l.rb.per_block, b->l.rb.type, peer, COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__copy(collalg__alltoall_block(cur, st.keep, b->count, b->l.rext), 1, keep, next,
                            n * b->l.rb.per_block, b->l.rb.type, c->pcomm);
    collalg__alltoall_type_free(&give);
    collalg__alltoall_type_free(&keep);
    return err;
}

/**
 * @brief Phase 3: column @p col of the final matrix @p mat (p rows in the group order, @p width
 *        columns), in source order, into @p recvbuf or (@p recvbuf NULL) to rank @p to.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_bine_deliver(const collalg__ctx *c, const collalg__alltoall_bine *b,
                                                  const void *mat, int width, int col, void *recvbuf, int to)
{
    MPI_Datatype pick = MPI_DATATYPE_NULL;
    int m, a, src, err, p = c->size;
    for (m = 0; m < b->f.q; m++) { /* the rows of survivor a: its sources, from rowstart[m] */
        a = collalg__bine_bf_source(b->f.newrank, b->f.q, b->k - 1, m);
        for (src = collalg__alltoall_bine_sb(b, a); src < collalg__alltoall_bine_sb(b, a + 1); src++)
            b->idx[src] = (b->rowstart[m] + src - collalg__alltoall_bine_sb(b, a)) * width + col;
    }
    err = collalg__alltoall_indexed_type(&b->l.rb, p, b->idx, &pick);
    if (err == MPI_SUCCESS && recvbuf)
        err = collalg__copy(mat, 1, pick, recvbuf, p * b->l.rb.per_block, b->l.rb.type, c->pcomm);
    else if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(mat, 1, pick, to, COLLALG_TAG_DATA2, c->pcomm);
    collalg__alltoall_type_free(&pick);
    return err;
}

/** @brief Phases 1 to 3 on a survivor. @return MPI_SUCCESS or the MPI error code. */
COLLALG_INLINE int collalg__alltoall_bine_survivor(collalg__ctx *c, collalg__alltoall_bine *b, const void *sendbuf,
                                                   void *recvbuf, const collalg__typeinfo *rti)
{
    void *cur = NULL, *next = NULL, *swap;
    int s, me = c->rank, p = c->size, lowest = collalg__alltoall_bine_sb(b, b->f.newrank);
    int width = collalg__alltoall_bine_sb(b, b->f.newrank + 1) - lowest;
    int err = collalg__scratch_typed(c, b->mat * b->count, rti, &cur);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, b->mat * b->count, rti, &next);
    if (err == MPI_SUCCESS && b->f.partner >= 0) /* the folded rank's row, above the own one */
        err = COLLALG_MPI(Recv)(cur, p * b->l.rb.per_block, b->l.rb.type, b->f.partner, COLLALG_TAG_DATA, c->pcomm,
                                MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_bine_stage(c, b, sendbuf, cur, me - lowest, -1);
    for (s = 0; s < b->k && err == MPI_SUCCESS; s++) {
        err = collalg__alltoall_bine_step(c, b, s, cur, next);
        swap = cur;
        cur = next;
        next = swap;
    }
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_bine_deliver(c, b, cur, width, me - lowest, recvbuf, -1);
    if (err == MPI_SUCCESS && b->f.partner >= 0)
        err = collalg__alltoall_bine_deliver(c, b, cur, width, 0, NULL, b->f.partner);
    return err;
}

/**
 * @brief MPI_Alltoall by the Bine butterfly (store and forward, lg p steps).
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when the matrices (or the in-place staging)
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_bine(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoall_bine b;
    collalg__typeinfo rti;
    void *mem = NULL;
    int p, err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err != MPI_SUCCESS || collalg__alltoall_empty(recvcount, recvtype))
        return collalg__leave(&c, err);
    p = c.size;
    collalg__rdb_fold_init(&b.f, p, 1, c.rank, COLLALG__RDB_FOLD_PAIRS);
    b.k = collalg__swing_steps(b.f.q);
    b.count = recvcount;
    err = collalg__scratch(&c, (MPI_Aint)(2 * b.f.q + 2 + p) * (MPI_Aint)sizeof(int), &mem);
    if (err == MPI_SUCCESS) {
        b.first = (int *)mem;
        b.rowstart = b.first + b.f.q + 1;
        b.idx = b.rowstart + b.f.q + 1;
        b.mat = p;
        if (b.f.newrank >= 0)
            collalg__alltoall_bine_shape(&b, p);
        else
            collalg__bine_bf_first(p, b.f.q, b.k, b.first);
        err = collalg__typeinfo_get(recvtype, &rti);
    }
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_layout_init(&c, sendcount, sendtype, recvcount, recvtype, b.mat > p ? b.mat : p, &b.l);
    if (err == MPI_SUCCESS && b.f.newrank >= 0)
        err = collalg__alltoall_bine_survivor(&c, &b, sendbuf, recvbuf, &rti);
    else if (err == MPI_SUCCESS) { /* folded rank: its row to the survivor, its blocks back from it */
        err = collalg__alltoall_bine_stage(&c, &b, sendbuf, NULL, 0, b.f.partner);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(recvbuf, p * b.l.rb.per_block, b.l.rb.type, b.f.partner, COLLALG_TAG_DATA2, c.pcomm,
                                    MPI_STATUS_IGNORE);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_BINE_H */
