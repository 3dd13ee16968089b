/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file two_stage.h
 * @ingroup allreduce
 * @brief Allreduce, two-stage blocked reduction for short vectors (Pritchard, Nicholson &
 *        Schwarzmeier, CUG 2004, "MPI_Allreduce": ranks grouped in blocks, a master per block,
 *        the masters combine).
 *
 * @par Phases
 * Ranks are grouped in nb = ceil(p / B) blocks of B consecutive ranks (the last block may be
 * smaller); the first rank of each block is its master.
 * 1. Gather-reduce in the block: each member sends its vector to its master; the master
 *    receives them in rank order and appends each on the right. Invariant: the master holds the
 *    reduction over its block's ranks so far, in order.
 * 2. Masters combine: recursive doubling among the nb masters (with the fold of
 *    recursive_doubling.h when nb is not a power of two), so every master holds the result.
 *    (The paper's shared-memory version stores into the master's buffer and polls flags; here
 *    the stages are point-to-point messages, and the inner stage among the masters is recursive
 *    doubling, lg(nb) rounds.)
 * 3. Each master sends the result to the members of its block.
 *
 * @par Trace, p = 7, B = 3 (blocks {0,1,2} {3,4,5} {6}; masters 0, 3, 6)
 * @verbatim
   stage 1:  1 -> 0, 2 -> 0;  4 -> 3, 5 -> 3        0: [0..2]  3: [3..5]  6: [6]
   stage 2:  fold 0 -> 3 (3: [0..5]);  3 <-> 6 (both [0..6]);  unfold 3 -> 0
   stage 3:  0 -> 1, 0 -> 2;  3 -> 4, 3 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_two_stage_p6.svg
 * @image html allreduce_two_stage_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, block size B and nb = ceil(p / B):
 * 2 (B - 1)(alpha + n beta) at the masters (the members' messages arrive one after the other)
 * + ceil(lg nb) (alpha + n beta) (+ 2 (alpha + n beta) when nb is not a power of two)
 * + kappa; B - 1 + ceil(lg nb) local reductions of n bytes at a master (n gamma each). Meant for short
 * vectors, where the alpha terms dominate and B trades the masters' fan-in against the depth of
 * stage 2.
 *
 * @par Restrictions
 * None: any p >= 1, any B >= 1 (B >= p means one block: a linear reduce and broadcast through
 * rank 0; B = 1 is recursive doubling), any count, any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Non-commutative operations: the operand order is preserved (blocks are
 * runs of consecutive ranks, reduced in order, and stage 2 preserves order over the masters).
 *
 * @par Memory
 * count elements of datatype of scratch at the masters.
 *
 * @par References
 * H. Pritchard, J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004,
 * section "MPI_Allreduce": blocks of 64 ranks, the first rank of each block its master, an inner
 * stage among the masters when p > 64.
 */
#ifndef COLLALG_ALLREDUCE_TWO_STAGE_H
#define COLLALG_ALLREDUCE_TWO_STAGE_H

#include "../family/allreduce.h"

/** @brief Block size two_stage uses when its parameter is 0. */
#define COLLALG_ALLREDUCE_TWO_STAGE_BLOCK 8

/**
 * @brief The master's part: stage 1 (receive the members' vectors in rank order and fold),
 *        stage 2 (recursive doubling among masters), stage 3 (send to the members). @p recvbuf
 *        holds the master's own vector on entry and the result on return.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_two_stage_master(collalg__ctx *c, const collalg__allreduce_red *r, void *recvbuf,
                                                       int count, int block)
{
    collalg__rdb_fold f;
    void *acc = recvbuf, *tmp = NULL;
    int j, nb = (c->size + block - 1) / block, end = c->rank + block < c->size ? c->rank + block : c->size;
    int err = collalg__scratch_typed(c, count, &r->ti, &tmp);
    for (j = c->rank + 1; j < end && err == MPI_SUCCESS; j++) {
        err = COLLALG_MPI(Recv)(tmp, count, r->type, j, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(r, &acc, &tmp, 0, count, 0);
    }
    collalg__rdb_fold_init(&f, nb, block, c->rank / block, COLLALG__RDB_FOLD_PAIRS);
    if (err == MPI_SUCCESS && nb > 1)
        err = collalg__allreduce_rdb(c, r, &f, &acc, &tmp, count);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, acc, recvbuf, count);
    for (j = c->rank + 1; j < end && err == MPI_SUCCESS; j++)
        err = COLLALG_MPI(Send)(recvbuf, count, r->type, j, COLLALG_TAG_DATA2, c->pcomm);
    return err;
}

/**
 * @brief MPI_Allreduce by the two-stage blocked reduction.
 *
 * @allreduce_args
 * @param[in] block B, the number of consecutive ranks per block: 0 selects
 *        COLLALG_ALLREDUCE_TWO_STAGE_BLOCK (8); values >= p make one block; a negative value
 *        returns MPI_ERR_ARG (before any message).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_two_stage(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, int block)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int master, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS && COLLALG_ARG_CHECKS && block < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    if (err != MPI_SUCCESS || count == 0 || c.size == 1)
        return collalg__leave(&c, err);
    if (block <= 0) /* 0, or a negative value under COLLALG_NO_ARG_CHECKS */
        block = COLLALG_ALLREDUCE_TWO_STAGE_BLOCK;
    if (block > c.size)
        block = c.size;
    master = c.rank - c.rank % block;
    if (master == c.rank) {
        err = collalg__allreduce_two_stage_master(&c, &r, recvbuf, count, block);
    } else {
        err = COLLALG_MPI(Send)(recvbuf, count, datatype, master, COLLALG_TAG_DATA, c.pcomm);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(recvbuf, count, datatype, master, COLLALG_TAG_DATA2, c.pcomm, MPI_STATUS_IGNORE);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_TWO_STAGE_H */
