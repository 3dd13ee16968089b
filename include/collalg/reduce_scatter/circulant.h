/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter on the circulant graph of Träff's broadcast schedules: ceil(log2 p)
 *        rounds for any p, every rank sending, receiving and reducing p - 1 blocks in all (the
 *        circulant allgather, allgather/circulant.h, run backwards with the blocks combined).
 *
 * @par Phases
 * The skips of schedule/circulant.h: q = ceil(log2 p), skip[q] = p, skip[k] = ceil(skip[k + 1] /
 * 2), so skip[0] = 1 and skip[k + 1] - skip[k] <= skip[k]. Rank r keeps its partial results in
 * relative order: slot i holds block (r + i) mod p.
 * 1. Copy the input into the slots (two pieces: blocks r .. p - 1, then 0 .. r - 1).
 * 2. Rounds k = q - 1 down to 0, m = skip[k + 1] - skip[k]. Invariant: before round k, slots
 *    0 .. skip[k + 1] - 1 are live. Rank r sends slots skip[k] .. skip[k + 1] - 1 (blocks
 *    r + skip[k] .. r + skip[k + 1] - 1, one contiguous message) to r + skip[k], which holds the
 *    same blocks in its slots 0 .. m - 1; it receives the partials of its slots 0 .. m - 1 from
 *    r - skip[k] and folds them in. Slots 0 .. skip[k] - 1 stay live.
 * 3. After round 0 slot 0, block r, holds every rank's contribution: copy it into recvbuf.
 * Seen from one block b, the rounds are the circulant broadcast of b from rank b (allgather/
 * circulant.h) reversed: each rank sends its partial of b to its parent in that broadcast only
 * after the partials of all its children have arrived (in the rounds before, which are the
 * broadcast's later rounds), so every contribution is folded in exactly once. The partials are
 * combined in the tree's order, not the ranks': commutative operations only (as the paper
 * assumes).
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r -> t: a..b" = r sends its partials of blocks a..b to t)
 * @verbatim
   round 2 (skip 3, m 3):  0 -> 3: 3..5   1 -> 4: 4..0   ...   r -> r+3: r+3..r+5
   round 1 (skip 2, m 1):  0 -> 2: 2      1 -> 3: 3      ...   r -> r+2: r+2
   round 0 (skip 1, m 1):  0 -> 1: 1      1 -> 2: 2      ...   r -> r+1: r+1
   @endverbatim
 * (rank 0 holds block 0 of ranks 0, 3 after round 2; of 0, 3, 4, 1 after round 1 (its own
 * partial of block 0 and rank 4's, which holds 4 and 1); of all six after round 0.)
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_circulant_p6.svg
 * @image html reduce_scatter_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p) and blocks of b bytes
 * (n = p b the whole vector): q alpha + (p - 1) b (beta + gamma), the minimum number of rounds
 * and the minimum volume at once; with unequal blocks, round k costs the larger of the runs of
 * m blocks sent and received. Plus a local copy of the whole vector.
 *
 * @par Restrictions
 * Commutative operations only: MPI_ERR_OP before any message for an op that MPI_Op_commutative
 * reports as non-commutative. Any p >= 1, any counts (zeros allowed), any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The sum of the counts must fit an int
 * (MPI_ERR_COUNT before any message otherwise).
 *
 * @par Memory
 * The whole vector (sum of the counts, elements of datatype) for the partials, plus the largest
 * run of ceil(p / 2) consecutive blocks for the message received.
 *
 * @par References
 * J. L. Träff, "Optimal, Non-pipelined Reduce-scatter and Allreduce Algorithms", arXiv 2410.14234
 * (2024) (the reduce-scatter in ceil(log2 p) rounds with p - 1 blocks on the circulant graph;
 * commutative operators); J. L. Träff, "Optimal Broadcast Schedules in Logarithmic Time with
 * Applications to Broadcast, All-Broadcast, Reduction and All-Reduction", arXiv 2407.18004 (the
 * circulant graph and its skips).
 */
#ifndef COLLALG_REDUCE_SCATTER_CIRCULANT_H
#define COLLALG_REDUCE_SCATTER_CIRCULANT_H

#include "../family/reduce_scatter.h"
#include "../schedule/circulant.h"

/** @brief Elements of the blocks me + a .. me + b - 1 (mod p), relative slots a .. b - 1. */
COLLALG_INLINE MPI_Aint collalg__rs_circ_span(const collalg__rs *l, int me, int a, int b)
{
    MPI_Aint n = 0;
    int i;
    for (i = a; i < b; i++)
        n += collalg__rs_cnt(l, (me + i) % l->p);
    return n;
}

/**
 * @brief The rounds on the rotated vector @p acc (slot i = block (rank + i) mod p), with @p tmp
 *        scratch of the largest run of ceil(p / 2) consecutive blocks. @p reduce 1: the
 *        reduce-scatter, rounds k = q - 1 .. 0, slots skip[k] .. skip[k + 1] - 1 sent to
 *        rank + skip[k] and the run of slots 0 .. m - 1 received from rank - skip[k] folded in
 *        (commutative: the arriving partial is the lower operand); afterwards slot 0 is final.
 *        @p reduce 0: the allgather (slot 0 final on entry), rounds k = 0 .. q - 1, slots 0 ..
 *        m - 1 sent to rank - skip[k] and slots skip[k] .. skip[k + 1] - 1 received from
 *        rank + skip[k]; afterwards every slot is final. m = skip[k + 1] - skip[k] <= skip[k].
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_circ_rounds(const collalg__ctx *c, const collalg__rs *l, void *acc, void *tmp,
                                           int reduce)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1];
    int p = c->size, me = c->rank, q = collalg__circulant_skips(p, skip), i, k, up, down, err = MPI_SUCCESS;
    for (i = 0; i < q && err == MPI_SUCCESS; i++) {
        MPI_Aint m, lo, far; /* elements: of slots 0 .. m - 1, before slot skip[k], of skip[k] .. skip[k + 1] - 1 */
        k = reduce ? q - 1 - i : i;
        up = (me + skip[k]) % p;
        down = (me - skip[k] + p) % p;
        m = collalg__rs_circ_span(l, me, 0, skip[k + 1] - skip[k]);
        lo = collalg__rs_circ_span(l, me, 0, skip[k]);
        far = collalg__rs_circ_span(l, me, skip[k], skip[k + 1]);
        if (reduce) {
            err =
                COLLALG_MPI(Sendrecv)(collalg__allreduce_at(&l->r, acc, lo), (int)far, l->r.type, up, COLLALG_TAG_DATA,
                                      tmp, (int)m, l->r.type, down, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
            if (err == MPI_SUCCESS)
                err = collalg__rs_reduce(l, tmp, acc, 0, m);
        } else
            err = COLLALG_MPI(Sendrecv)(acc, (int)m, l->r.type, down, COLLALG_TAG_DATA,
                                        collalg__allreduce_at(&l->r, acc, lo), (int)far, l->r.type, up,
                                        COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief Phase 1: scratch for the rotated vector (*@p acc, slot i = block (rank + i) mod p,
 *        filled from @p sendbuf) and for the largest run received (*@p tmp).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__rs_circ_stage(collalg__ctx *c, const collalg__rs *l, const void *sendbuf, void **acc,
                                          void **tmp)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1];
    int me = c->rank, q = collalg__circulant_skips(l->p, skip), k, err;
    MPI_Aint total = collalg__rs_off(l, l->p), head = total - collalg__rs_off(l, me), m, most = 0;
    for (k = 0; k < q; k++) { /* the largest run received */
        m = collalg__rs_circ_span(l, me, 0, skip[k + 1] - skip[k]);
        most = m > most ? m : most;
    }
    err = collalg__scratch_typed(c, total, &l->r.ti, acc);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, most, &l->r.ti, tmp);
    if (err == MPI_SUCCESS) /* blocks me .. p - 1, then 0 .. me - 1 */
        err = collalg__rs_copy(c, l, collalg__rs_block(l, sendbuf, me), *acc, (int)head);
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, sendbuf, collalg__allreduce_at(&l->r, *acc, head), (int)(total - head));
    return err;
}

/**
 * @brief Phases 1 to 3 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_circulant_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                         void *recvbuf)
{
    void *acc = NULL, *tmp = NULL;
    int err = collalg__rs_fits(l);
    if (err == MPI_SUCCESS && c->size == 1)
        return collalg__rs_copy(c, l, sendbuf, recvbuf, collalg__rs_cnt(l, 0));
    if (err == MPI_SUCCESS)
        err = collalg__rs_circ_stage(c, l, sendbuf, &acc, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__rs_circ_rounds(c, l, acc, tmp, 1);
    /* slot 0 is block rank, complete */
    return err == MPI_SUCCESS ? collalg__rs_copy(c, l, acc, recvbuf, collalg__rs_cnt(l, c->rank)) : err;
}

/**
 * @brief MPI_Reduce_scatter on the circulant graph (see the file comment).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction; commutative only
 * @param[in] comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         MPI_ERR_OP for a non-commutative op, or the error of MPI_Reduce_local when a predefined
 *         @p op is not defined for @p datatype, before any message; MPI_ERR_COUNT when the sum of
 *         the counts exceeds INT_MAX; MPI_ERR_NO_MEM when scratch cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_circulant(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_circulant_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_CIRCULANT_H */
