/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant_reduce_scatter_allgather.h
 * @ingroup allreduce
 * @brief Allreduce as Träff's optimal non-pipelined reduce-scatter on the circulant graph
 *        (reduce_scatter/circulant.h) followed by the circulant allgather on the same graph:
 *        2 ceil(log2 p) rounds and 2 (p - 1) / p of the vector sent per rank, for any p, with
 *        no fold.
 *
 * @par Phases
 * The vector is cut into p blocks by the even split (block j: elements [j count / p, (j + 1)
 * count / p)); skips skip[0 .. q] of schedule/circulant.h (q = ceil(log2 p), skip[q] = p,
 * skip[k] = ceil(skip[k + 1] / 2)). Rank r works on a rotated copy of the vector, slot i = block
 * (r + i) mod p, so that every message is one run of slots.
 * 1. Copy the input into the slots (two pieces).
 * 2. Reduce-scatter, rounds k = q - 1 .. 0 (reduce_scatter/circulant.h): slots skip[k] ..
 *    skip[k + 1] - 1 to r + skip[k]; the partials of slots 0 .. m - 1 (m = skip[k + 1] -
 *    skip[k]) from r - skip[k], folded in. Afterwards slot 0, block r, holds every contribution.
 * 3. Allgather, rounds k = 0 .. q - 1 (allgather/circulant.h in the rotated layout). Invariant:
 *    before round k slots 0 .. skip[k] - 1 are final; rank r sends slots 0 .. m - 1 to
 *    r - skip[k] and receives slots skip[k] .. skip[k + 1] - 1 from r + skip[k], whose slots
 *    0 .. m - 1 are those blocks (m <= skip[k]).
 * 4. Copy the slots back into recvbuf in block order (two pieces).
 * Each block is reduced once, at its owner, and copied from there: every rank ends with the same
 * bits. The partials are combined in a tree's order, not the ranks': commutative operations only.
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r -> t: a..b" = r sends blocks a..b to t)
 * @verbatim
   reduce-scatter  round 2 (skip 3):  r -> r+3: partials of r+3 .. r+5
                   round 1 (skip 2):  r -> r+2: partial of r+2
                   round 0 (skip 1):  r -> r+1: partial of r+1     (r holds block r reduced)
   allgather       round 0 (skip 1):  r -> r-1: block r
                   round 1 (skip 2):  r -> r-2: block r
                   round 2 (skip 3):  r -> r-3: blocks r .. r+2     (r holds all six)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_circulant_reduce_scatter_allgather_p6.svg
 * @image html allreduce_circulant_reduce_scatter_allgather_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p) and n bytes:
 * 2 q alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma for any p (blocks of n/p bytes, the even
 * split rounding), against Rabenseifner's 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta plus
 * 2 alpha + n beta for the fold when p is not a power of two. Plus two local copies of the vector.
 *
 * @par Restrictions
 * Commutative operations only: MPI_ERR_OP before any message for an op that MPI_Op_commutative
 * reports as non-commutative. Any p >= 1, count 0 (and count < p: empty blocks), any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * The vector (count elements of datatype) plus ceil(p / 2) blocks, and p ints for the block
 * counts, per rank.
 *
 * @par References
 * J. L. Träff, "Optimal, Non-pipelined Reduce-scatter and Allreduce Algorithms", arXiv 2410.14234
 * (2024) (the reduce-scatter, and the allreduce as reduce-scatter plus the circulant allgather on
 * the same ceil(log2 p)-regular circulant graph; commutative operators); R. Rabenseifner,
 * "Optimization of collective reduction operations", ICCS 2004 (reduce-scatter + allgather).
 */
#ifndef COLLALG_ALLREDUCE_CIRCULANT_REDUCE_SCATTER_ALLGATHER_H
#define COLLALG_ALLREDUCE_CIRCULANT_REDUCE_SCATTER_ALLGATHER_H

#include "../reduce_scatter/circulant.h"

/**
 * @brief Phases 1 to 4 after the enter step and collalg__allreduce_red_init (@p r commutative).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_circulant_rsag_run(collalg__ctx *c, const collalg__allreduce_red *r,
                                                         const void *sendbuf, void *recvbuf, int count)
{
    collalg__rs l;
    void *acc = NULL, *tmp = NULL, *mem = NULL;
    int *counts, p = c->size, j, head, err;
    if (p == 1 || count == 0)
        return sendbuf == recvbuf ? MPI_SUCCESS : collalg__allreduce_copy(c, r, sendbuf, recvbuf, count);
    err = collalg__scratch(c, (MPI_Aint)p * (MPI_Aint)sizeof(int), &mem);
    if (err != MPI_SUCCESS)
        return err;
    counts = (int *)mem;
    for (j = 0; j < p; j++)
        counts[j] = collalg__allreduce_split(count, p, j + 1) - collalg__allreduce_split(count, p, j);
    l.r = *r;
    l.counts = counts;
    l.count = 0;
    l.p = p;
    head = count - collalg__allreduce_split(count, p, c->rank); /* slots 0 .. p - 1 - rank */
    err = collalg__rs_circ_stage(c, &l, sendbuf, &acc, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__rs_circ_rounds(c, &l, acc, tmp, 1);
    if (err == MPI_SUCCESS)
        err = collalg__rs_circ_rounds(c, &l, acc, tmp, 0);
    if (err == MPI_SUCCESS) /* 4. slots 0 .. p - 1 - rank are blocks rank .. p - 1 */
        err = collalg__allreduce_copy(c, r, acc, collalg__allreduce_at(r, recvbuf, count - head), head);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, collalg__allreduce_at(r, acc, head), recvbuf, count - head);
    return err;
}

/**
 * @brief MPI_Allreduce by the circulant reduce-scatter and allgather (see the file comment).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_OP for a non-commutative op, or
 *         the error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype
 *         (family/allreduce.h, collalg__allreduce_probe), before any message; MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_circulant_reduce_scatter_allgather(const void *sendbuf, void *recvbuf, int count,
                                                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS && !r.commute)
        err = MPI_ERR_OP;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_circulant_rsag_run(&c, &r, sendbuf, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_CIRCULANT_REDUCE_SCATTER_ALLGATHER_H */
