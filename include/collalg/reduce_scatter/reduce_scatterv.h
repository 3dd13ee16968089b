/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file reduce_scatterv.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter as a reduce to rank 0 (the binomial reduce, which keeps the operand
 *        order) followed by a linear scatterv of the blocks.
 *
 * @par Phases
 * 1. Reduce the whole vector to rank 0 with reduce/binomial.h's binomial tree (ranks taken from
 *    0 in order for a non-commutative op, so any op is accepted); rank 0 holds it in scratch.
 *    Invariant of the tree: a node holds the reduction over the run of ranks of its subtree.
 * 2. Scatterv: rank 0 sends block i to rank i (i = 1 .. p-1, empty blocks skipped) and copies
 *    block 0 into its recvbuf; every other rank with a non-empty block receives it.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b)
 * @verbatim
   reduce round 1:  1 -> 0, 3 -> 2, 5 -> 4       0: [0..1]  2: [2..3]  4: [4..5]
   reduce round 2:  2 -> 0                       0: [0..3]
   reduce round 3:  4 -> 0                       0: [0..5]
   scatterv:        0 -> 1, 0 -> 2, 0 -> 3, 0 -> 4, 0 -> 5 (block i to rank i)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_reduce_scatterv_p6.svg
 * @image html reduce_scatter_reduce_scatterv_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the whole vector in bytes:
 * ceil(lg p)(alpha + n beta + n gamma) for the reduce, (p - 1) alpha + (n - n_0) beta for the
 * scatterv at rank 0 (n_0 = its own block).
 *
 * @par Restrictions
 * None on the op: non-commutative operations keep their operand order. Any p >= 1, any counts
 * (zeros allowed), any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. The whole
 * vector (sum of the counts) must fit an int count: MPI_ERR_COUNT otherwise, before any message.
 *
 * @par Memory
 * Rank 0: two whole vectors (the result and the binomial reduce's receive buffer); another
 * rank with children in the tree: two whole vectors; a leaf: none.
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter/reduce_scatter_intra_noncommutative.c is the other MPICH
 * choice; this composition is Open MPI's basic reduce_scatter
 * (ompi/mca/coll/basic/coll_basic_reduce_scatter.c, reduce then scatterv).
 */
#ifndef COLLALG_REDUCE_SCATTER_REDUCE_SCATTERV_H
#define COLLALG_REDUCE_SCATTER_REDUCE_SCATTERV_H

#include "../family/reduce_scatter.h"
#include "../reduce/binomial.h"

/**
 * @brief Phase 2: rank 0 sends block i of @p full to rank i and copies its own; the others
 *        receive. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_linear_scatterv(const collalg__ctx *c, const collalg__rs *l,
                                                           const void *full, void *recvbuf)
{
    int i, err = MPI_SUCCESS;
    if (c->rank != 0)
        return collalg__rs_cnt(l, c->rank) == 0 ? MPI_SUCCESS
                                                : COLLALG_MPI(Recv)(recvbuf, collalg__rs_cnt(l, c->rank), l->r.type, 0,
                                                                    COLLALG_TAG_DATA2, c->pcomm, MPI_STATUS_IGNORE);
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++)
        if (collalg__rs_cnt(l, i) > 0)
            err = COLLALG_MPI(Send)(collalg__rs_block(l, full, i), collalg__rs_cnt(l, i), l->r.type, i,
                                    COLLALG_TAG_DATA2, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, full, recvbuf, collalg__rs_cnt(l, 0));
    return err;
}

/**
 * @brief Phases 1 and 2 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_COUNT, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_reduce_scatterv_run(collalg__ctx *c, const collalg__rs *l,
                                                               const void *sendbuf, void *recvbuf)
{
    void *full = NULL;
    int total, err = collalg__rs_fits(l);
    if (err != MPI_SUCCESS)
        return err;
    total = (int)collalg__rs_off(l, l->p);
    if (c->rank == 0)
        err = collalg__scratch_typed(c, total, &l->r.ti, &full);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_binomial_run(c, &l->r, sendbuf, full, total, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_linear_scatterv(c, l, full, recvbuf);
    return err;
}

/**
 * @brief MPI_Reduce_scatter as a binomial reduce to rank 0 and a linear scatterv (any op).
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
COLLALG_INLINE int collalg_reduce_scatter_reduce_scatterv(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 0);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_reduce_scatterv_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_REDUCE_SCATTERV_H */
