/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup scan
 * @brief Scan, recursive doubling (MPICH's scan): ceil(lg p) rounds of pairwise exchanges, each
 *        rank keeping a partial result of its block and its own prefix.
 *
 * @par Phases
 * Each rank holds two vectors: `partial`, the reduction over the aligned block of 2^k ranks
 * that contains it (clipped at p), and its result in recvbuf, the reduction over the ranks of
 * that block up to itself. Both start as its input.
 * 1. For mask = 1, 2, 4, ... < p: the partner is rank XOR mask; when it exists (< p) the two
 *    exchange `partial` (MPI_Sendrecv). The partner's block lies wholly below or wholly above.
 *    Below (partner < rank): partial = received op partial and recvbuf = received op recvbuf.
 *    Above: partial = partial op received (recvbuf unchanged).
 *    Invariant after the round with mask: partial covers the aligned block of 2 mask ranks
 *    containing the rank, recvbuf that block's ranks up to and including the rank, both in
 *    rank order. A partner past p - 1 would stand for an empty block: the round is skipped.
 * 2. After the last round the block is [0, p), so recvbuf = v_0 op ... op v_rank.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b; partial / recvbuf)
 * @verbatim
   mask 1: 0<->1, 2<->3, 4<->5   0: [0..1]/[0]   1: [0..1]/[0..1]  2: [2..3]/[2]
                                 3: [2..3]/[2..3] 4: [4..5]/[4]    5: [4..5]/[4..5]
   mask 2: 0<->2, 1<->3          0..3: partial [0..3]; 2: [0..2], 3: [0..3]
           (4, 5: partners 6, 7 do not exist)
   mask 4: 0<->4, 1<->5          4: [0..4], 5: [0..5]   (2, 3: partners 6, 7 do not exist)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scan_recursive_doubling_p6.svg
 * @image html scan_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: ceil(lg p)(alpha + n beta) +
 * up to 2 ceil(lg p) n gamma (two reductions in a round where the partner is below).
 *
 * @par Restrictions
 * None: any p >= 1 (no power of two needed: missing partners skip the round), any count, any
 * datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE on any rank, non-commutative
 * operations (the operand order is kept).
 *
 * @par Memory
 * 2 count elements of datatype of scratch per rank (partial and the receive buffer), when p > 1.
 *
 * @par References
 * MPICH src/mpi/coll/scan/scan_intra_recursive_doubling.c; Open MPI
 * ompi/mca/coll/base/coll_base_scan.c (ompi_coll_base_scan_intra_recursivedoubling).
 */
#ifndef COLLALG_SCAN_RECURSIVE_DOUBLING_H
#define COLLALG_SCAN_RECURSIVE_DOUBLING_H

#include "../family/scan.h"
#include "../schedule/recursive_doubling.h"

/**
 * @brief What the received block (ranks below the rank) does to the result in recvbuf.
 *        Inclusive: recvbuf = tmp op recvbuf. Exclusive: the first lower block is copied into
 *        recvbuf (*have = 1), later ones are put in front of it.
 */
COLLALG_INLINE int collalg__scan_rd_result(const collalg__ctx *c, const collalg__allreduce_red *r, const void *tmp,
                                           void *recvbuf, int count, int exclusive, int *have)
{
    if (exclusive && !*have) {
        *have = 1;
        return collalg__allreduce_copy(c, r, tmp, recvbuf, count);
    }
    return collalg__reduce_local(tmp, recvbuf, count, r->type, r->op);
}

/**
 * @brief Phases 1 and 2 after the enter and init steps, shared with
 *        collalg_exscan_recursive_doubling. Exclusive (@p exclusive = 1): recvbuf starts empty
 *        and only lower blocks go into it, so rank 0 never writes it.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__scan_rd_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                        void *recvbuf, int count, int exclusive)
{
    void *partial = NULL, *tmp = NULL;
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int have = 0, err = MPI_SUCCESS;
    if (count == 0)
        return MPI_SUCCESS;
    if (c->size > 1) {
        err = collalg__scratch_typed(c, count, &r->ti, &partial);
        if (err == MPI_SUCCESS)
            err = collalg__scratch_typed(c, count, &r->ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(c, r, sendbuf, partial, count);
    }
    if (err == MPI_SUCCESS && !exclusive)
        err = collalg__allreduce_copy(c, r, sendbuf, recvbuf, count);
    collalg__rdb_fold_init(&f, c->size, 1, c->rank, COLLALG__RDB_FOLD_NONE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st) && err == MPI_SUCCESS; collalg__rdb_next(&f, &st)) {
        if (st.rank < 0)
            continue; /* rank XOR mask >= p: nothing to exchange in this step */
        err = collalg__allreduce_exchange(c, r, partial, 0, count, tmp, 0, count, st.rank);
        if (err == MPI_SUCCESS && st.upper)
            err = collalg__scan_rd_result(c, r, tmp, recvbuf, count, exclusive, &have);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_combine(r, &partial, &tmp, 0, count, st.upper);
    }
    return err;
}

/**
 * @brief MPI_Scan by recursive doubling.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_rank, count elements of datatype
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__scan_enter); the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, found before any message; MPI_ERR_NO_MEM when scratch cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_scan_recursive_doubling(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                   MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__scan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__scan_rd_run(&c, &r, sendbuf, recvbuf, count, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCAN_RECURSIVE_DOUBLING_H */
