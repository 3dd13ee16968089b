/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file rabenseifner_var1.h
 * @ingroup allreduce
 * @brief Allreduce, Rabenseifner variation 1: reduce-scatter by recursive halving, allgather by
 *        any catalogue allgather (Faraj & Yuan, ICS'05, §3.1, "Rabenseifner algorithm
 *        variation 1").
 *
 * @par Phases
 * The vector is cut into p blocks of B = ceil(count / p) elements (the last ones clipped at
 * count, possibly empty), so that block j is what rank j contributes to an allgather of B
 * elements per rank.
 * 1. Copy the input into @c recvbuf.
 * 2. Fold (p not a power of two) as in rabenseifner.h: even ranks j < 2 rem hand their vector
 *    to j + 1; pof2 survivors remain, in rank order.
 * 3. Reduce-scatter by recursive halving among the survivors over the p blocks (ranges cut at
 *    lo + (hi - lo)/2, distance doubling: order preserved). Each survivor ends with 1 or 2 fully
 *    reduced blocks (p / pof2 is in [1, 2)).
 * 4. Redistribution: every block j goes to rank j (one round: each survivor sends at most two
 *    blocks, each rank receives at most one). This generalises the power-of-two case, where the
 *    halving leaves block bitreverse(i) at survivor i, and places the blocks where an allgather
 *    expects them.
 * 5. Allgather: the given allgather (default collalg_allgather_ring), in place, B elements per
 *    rank, into a buffer of p * B elements (recvbuf itself when p divides count).
 *
 * @par Trace, p = 3, count = 7 (pof2 = 2, B = 3: blocks [0,3) [3,6) [6,7))
 * @verbatim
   fold:      0 -> 1 (7 elements)          survivors: 1 (new 0), 2 (new 1)
   halving:   1 <-> 2: 1 keeps block 0, 2 keeps blocks 1-2 (cut at 3 / 2 = 1)
   redistr.:  1 -> 0 block 0, 2 -> 1 block 1, 2 keeps block 2
   allgather: 3 elements per rank (rank 2's block padded from 1 element)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_rabenseifner_var1_p6.svg
 * @image html allreduce_rabenseifner_var1_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, pof2 as above:
 * lg(pof2) alpha + (pof2 - 1)/pof2 n beta (halving) + alpha + n/p beta (redistribution)
 * + the allgather of n/p bytes per rank (e.g. ring: (p - 1)(alpha + n/p beta)), plus
 * alpha + n beta for the fold when p is not a power of two. The redistribution round is the
 * price of any p and any allgather; it is the unfold's counterpart.
 *
 * @par Restrictions
 * None: any p >= 1, any count (blocks padded to equal size in scratch, padding never
 * reduced), any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. Non-commutative
 * operations: the operand order is preserved (as rabenseifner.h).
 *
 * @par Memory
 * count elements of datatype, plus p * B elements when p does not divide count.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allreduce ("Rabenseifner algorithm
 * variation 1"); R. Rabenseifner 1997.
 */
#ifndef COLLALG_ALLREDUCE_RABENSEIFNER_VAR1_H
#define COLLALG_ALLREDUCE_RABENSEIFNER_VAR1_H

#include "../family/allreduce.h"
#include "../allgather/ring.h"

/**
 * @brief Work buffer of p blocks of B = ceil(count / p) elements for an inner alltoall or
 *        allgather: @p recvbuf itself when p divides count, else zeroed scratch (the padding
 *        travels but is never reduced). @return MPI_SUCCESS or MPI_ERR_NO_MEM.
 */
COLLALG_INLINE int collalg__allreduce_padded(collalg__ctx *c, const collalg__allreduce_red *r, void *recvbuf, int count,
                                             void **out)
{
    MPI_Aint blk = count / c->size + (count % c->size != 0);
    int err;
    *out = recvbuf;
    if (count % c->size == 0)
        return MPI_SUCCESS;
    err = collalg__scratch_typed(c, blk * c->size, &r->ti, out);
    if (err == MPI_SUCCESS)
        memset((char *)*out + r->ti.true_lb, 0, (size_t)collalg__span(blk * c->size, &r->ti));
    return err;
}

/**
 * @brief Redistribution after the halving over p padded blocks: every survivor sends each
 *        block j of its final range [lo, hi) (held in @p acc) to rank j; every rank receives
 *        its own block j = rank into @p work at element offset j * B.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_redistribute(const collalg__ctx *c, const collalg__allreduce_red *r,
                                                   const collalg__rdb_fold *f, const void *acc, void *work, int count,
                                                   int lo, int hi)
{
    MPI_Request req[3];
    MPI_Status st[3];
    int j, a, b, n = 0, err = MPI_SUCCESS, p = c->size, me = c->rank;
    int holder = collalg__rdb_rank(f, collalg__allreduce_halving_holder(me, p, f->pof2));
    void *mine = collalg__allreduce_at(r, work, (MPI_Aint)me * (count / p + (count % p != 0)));
    a = collalg__allreduce_split_padded(count, p, me);
    b = collalg__allreduce_split_padded(count, p, me + 1);
    if (holder != me)
        err = COLLALG_MPI(Irecv)(mine, b - a, r->type, holder, COLLALG_TAG_DATA2, c->pcomm, &req[n++]);
    else
        err = collalg__allreduce_copy(c, r, collalg__allreduce_at(r, acc, a), mine, b - a);
    for (j = lo; f->newrank >= 0 && j < hi && err == MPI_SUCCESS; j++) {
        if (j == me)
            continue;
        a = collalg__allreduce_split_padded(count, p, j);
        b = collalg__allreduce_split_padded(count, p, j + 1);
        err = COLLALG_MPI(Isend)(collalg__allreduce_at(r, acc, a), b - a, r->type, j, COLLALG_TAG_DATA2, c->pcomm,
                                 &req[n++]);
    }
    return collalg__first(err, n ? COLLALG_MPI(Waitall)(n, req, st) : MPI_SUCCESS);
}

/**
 * @brief Phase 5 and the copy out: allgather in place of B elements per rank in @p work, then
 *        the first @p count elements of @p work into @p recvbuf (no-op when they coincide).
 * @return MPI_SUCCESS or the error code of the allgather or the copy.
 */
COLLALG_INLINE int collalg__allreduce_gather_out(const collalg__ctx *c, const collalg__allreduce_red *r,
                                                 collalg_allgather_fn allgather, void *work, void *recvbuf, int count)
{
    int blk = count / c->size + (count % c->size != 0);
    int err = allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, work, blk, r->type, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, work, recvbuf, count);
    return err;
}

/**
 * @brief MPI_Allreduce by Rabenseifner's reduce-scatter and a given allgather.
 *
 * @allreduce_args
 * @param[in] allgather the allgather of phase 5 (any MPI_Allgather-shaped function that accepts
 *        MPI_IN_PLACE, e.g. a catalogue allgather or MPI_Allgather), called on the private
 *        communicator with ceil(count / p) elements per rank. NULL selects
 *        collalg_allgather_ring. collalg_allgather_topology_ring gives the topology's DFS ring
 *        (machine/topology_comm.h; MPI_ERR_ARG for a bad description). Its errors are returned as
 *        they come.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_rabenseifner_var1(const void *sendbuf, void *recvbuf, int count,
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                       collalg_allgather_fn allgather)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__rdb_fold f;
    int lo[COLLALG_ALLREDUCE_MAX_STEPS + 1], hi[COLLALG_ALLREDUCE_MAX_STEPS + 1], last;
    void *acc = recvbuf, *tmp = NULL, *work = NULL;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (!allgather)
        allgather = collalg_allgather_ring;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    if (err != MPI_SUCCESS || count == 0 || c.size == 1)
        return collalg__leave(&c, err);
    collalg__rdb_fold_init(&f, c.size, 1, c.rank, COLLALG__RDB_FOLD_PAIRS);
    last = collalg__ceil_log2(f.pof2);
    err = collalg__scratch_typed(&c, count, &r.ti, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_padded(&c, &r, recvbuf, count, &work);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_fold_in(&c, &r, &f, &acc, &tmp, count);
    if (err == MPI_SUCCESS && f.newrank >= 0)
        err =
            collalg__allreduce_halving(&c, &r, &f, &acc, &tmp, count, c.size, collalg__allreduce_split_padded, lo, hi);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_redistribute(&c, &r, &f, acc, work, count, f.newrank >= 0 ? lo[last] : 0,
                                              f.newrank >= 0 ? hi[last] : 0);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_gather_out(&c, &r, allgather, work, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RABENSEIFNER_VAR1_H */
