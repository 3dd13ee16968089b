/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, recursive doubling (MPICH's reduce-scatter for non-commutative
 *        operations): partners at distance 1, 2, 4, ... exchange every block outside their own
 *        group; the operand order is kept, so any op is accepted.
 *
 * @par Phases
 * pof2 = largest power of two <= p, rem = p - pof2.
 * 1. Fold (as in recursive halving, order kept): the input is copied into an accumulator; ranks
 *    2i < 2 rem send their whole vector to 2i + 1 (survivor i); rank j >= 2 rem is survivor
 *    j - rem. Survivor i stands for a run of consecutive ranks and owns their run of blocks, its
 *    super-block i.
 * 2. Doubling, mask = 1, 2, ..., pof2/2: survivor i belongs to the aligned group G of mask
 *    survivors containing i; its partner i XOR mask to the sibling group G'. Invariant: before
 *    the step, survivor i holds, for every super-block outside G and for its own, the reduction
 *    over the ranks of G. It sends those outside G and receives the partner's outside G' (which
 *    contains its own), then combines, for the super-blocks outside G u G' and its own, the two
 *    partial results with G' on the left when it is the lower group: the ranks stay in order.
 * 3. Deliver: survivor i < rem sends block 2i to rank 2i; each survivor copies its own block to
 *    recvbuf.
 *
 * @par Trace, p = 6, equal blocks (pof2 = 4; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    0 -> 1, 2 -> 3 (whole vectors)      1: [0..1]  3: [2..3]  (survivors 1, 3, 4, 5)
   mask 1:  1 -> 3 blocks 2..5;  3 -> 1 blocks 0,1,4,5;  4 -> 5 blocks 0..3,5;  5 -> 4 blocks 0..4
            1: blocks 0,1,4,5 of [0..3]  3: 2..5 of [0..3]  4: 0..4 of [4..5]  5: 0..3,5 of [4..5]
   mask 2:  1 -> 4 blocks 4,5;  4 -> 1 blocks 0..3;  3 -> 5 blocks 4,5;  5 -> 3 blocks 0..3
            1: blocks 0,1 of [0..5]  3: 2,3  4: 4  5: 5
   deliver: 1 -> 0 block 0, 3 -> 2 block 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_recursive_doubling_p6.svg
 * @image html reduce_scatter_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the whole vector in bytes
 * (equal blocks): lg(pof2) alpha + (lg(pof2) - (pof2 - 1)/pof2) n (beta + gamma), plus
 * 2 alpha + n (beta + gamma) + n/p beta when p is not a power of two.
 *
 * @par Restrictions
 * None on the op: non-commutative operations keep their operand order. Any p >= 1 (the
 * non-power-of-two remainder is folded first; MPICH's variant instead handles it inside the
 * doubling steps), any counts (zeros allowed), any datatype
 * MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The whole vector (sum of the counts) must
 * fit an int count: MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Two whole vectors (sum of the counts elements of datatype each).
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter/reduce_scatter_intra_recursive_doubling.c; Thakur,
 * Rabenseifner & Gropp, "Optimization of collective communication operations in MPICH",
 * IJHPCA 2005, §4.5.
 */
#ifndef COLLALG_REDUCE_SCATTER_RECURSIVE_DOUBLING_H
#define COLLALG_REDUCE_SCATTER_RECURSIVE_DOUBLING_H

#include "../family/reduce_scatter.h"

/**
 * @brief One combine of phase 2: the element ranges outside the group run [glo, ghi) of
 *        super-blocks and the own super-block @p own, with @p tmp on the left when
 *        @p tmp_is_lower. The result is in *acc (the pointers are swapped when tmp is on the
 *        right). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_rdb_combine(const collalg__rs *l, const collalg__rdb_fold *f, void **acc,
                                                       void **tmp, int glo, int ghi, int own, int tmp_is_lower)
{
    void *lower = tmp_is_lower ? *tmp : *acc, *upper = tmp_is_lower ? *acc : *tmp, *swap;
    int err = collalg__rs_reduce(l, lower, upper, 0, collalg__rs_sboff(l, f, glo));
    if (err == MPI_SUCCESS)
        err = collalg__rs_reduce(l, lower, upper, collalg__rs_sboff(l, f, ghi), collalg__rs_sboff(l, f, f->pof2));
    if (err == MPI_SUCCESS)
        err = collalg__rs_reduce(l, lower, upper, collalg__rs_sboff(l, f, own), collalg__rs_sboff(l, f, own + 1));
    if (!tmp_is_lower) {
        swap = *acc;
        *acc = *tmp;
        *tmp = swap;
    }
    return err;
}

/**
 * @brief Phase 2 among the survivors; on return *acc holds super-block newrank reduced over
 *        every rank. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_doubling(const collalg__ctx *c, const collalg__rs *l,
                                                    const collalg__rdb_fold *f, void **acc, void **tmp)
{
    collalg__rdb_step st;
    int g, pg, err = MPI_SUCCESS;
    MPI_Aint end = collalg__rs_sboff(l, f, f->pof2);
    for (collalg__rdb_begin(f, &st, 0); collalg__rdb_more(f, &st) && err == MPI_SUCCESS; collalg__rdb_next(f, &st)) {
        g = f->newrank & ~(st.mask - 1); /* own group [g, g + mask) */
        pg = g ^ st.mask;                /* partner's group */
        err = collalg__rs_exchange(c, l, *acc, 0, collalg__rs_sboff(l, f, g), *tmp, 0, collalg__rs_sboff(l, f, pg),
                                   st.rank);
        if (err == MPI_SUCCESS)
            err = collalg__rs_exchange(c, l, *acc, collalg__rs_sboff(l, f, g + st.mask), end, *tmp,
                                       collalg__rs_sboff(l, f, pg + st.mask), end, st.rank);
        if (err == MPI_SUCCESS)
            err = collalg__reduce_scatter_rdb_combine(l, f, acc, tmp, g < pg ? g : pg, (g < pg ? g : pg) + 2 * st.mask,
                                                      f->newrank, st.upper);
    }
    return err;
}

/**
 * @brief Phases 1 to 3 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_recursive_doubling_run(collalg__ctx *c, const collalg__rs *l,
                                                                  const void *sendbuf, void *recvbuf)
{
    collalg__rdb_fold f;
    void *acc = NULL, *tmp = NULL;
    int err = collalg__rs_fold_start(c, l, &f, sendbuf, &acc, &tmp);
    if (err == MPI_SUCCESS && f.newrank >= 0)
        err = collalg__reduce_scatter_doubling(c, l, &f, &acc, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__rs_deliver(c, l, &f, acc, recvbuf);
    return err;
}

/**
 * @brief MPI_Reduce_scatter by recursive doubling (any op, order kept).
 *
 * @param[in] sendbuf    this rank's input: the whole vector, recvcounts[0] + ... +
 *                       recvcounts[p-1] elements of datatype (MPI_IN_PLACE: the input is in
 *                       recvbuf)
 * @param[out] recvbuf   block rank of the result, recvcounts[rank] elements (with MPI_IN_PLACE:
 *                       the whole input vector on entry, the block at its start on return)
 * @param[in] recvcounts elements of each rank's block (the same array on every rank)
 * @param[in] datatype   datatype of the elements (the same on every rank)
 * @param[in] op         the reduction (any op, commutative or not)
 * @param[in] comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (recvcounts NULL), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h);
 *         the error of MPI_Reduce_local when a predefined @p op is not defined for @p datatype,
 *         before any message; MPI_ERR_COUNT when the sum of the counts exceeds INT_MAX;
 *         MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_recursive_doubling(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_recursive_doubling_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_RECURSIVE_DOUBLING_H */
