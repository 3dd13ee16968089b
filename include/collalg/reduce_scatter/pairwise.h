/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pairwise.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, pairwise exchange (MPICH's pairwise reduce-scatter): p - 1 steps, in
 *        step i each rank sends the block of rank + i and reduces the contribution of rank - i
 *        into its own block.
 *
 * @par Phases
 * 1. The accumulator (recvbuf, or scratch when MPI_IN_PLACE) receives a copy of the own block
 *    of the input.
 * 2. Steps i = 1 .. p-1: send block (rank + i) mod p of the input to rank + i, receive block
 *    rank of rank - i's input and fold it into the accumulator. Invariant: after step i the
 *    accumulator holds the reduction of the own block over ranks rank, rank - 1, ..., rank - i
 *    (mod p), combined in that order, so the op must be commutative.
 * 3. With MPI_IN_PLACE, the accumulator is copied to the start of recvbuf.
 *
 * @par Trace, p = 6 (step i: j -> j + i for every j; rank 0 receives from 5, 4, 3, 2, 1)
 * @verbatim
   step 1:  0->1 1->2 2->3 3->4 4->5 5->0     0: [5,0]
   step 2:  0->2 1->3 2->4 3->5 4->0 5->1     0: [4,5,0]
   step 3:  0->3 1->4 2->5 3->0 4->1 5->2     0: [3,4,5,0]
   step 4:  0->4 1->5 2->0 3->1 4->2 5->3     0: [2..5,0]
   step 5:  0->5 1->0 2->1 3->2 4->3 5->4     0: all six
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_pairwise_p6.svg
 * @image html reduce_scatter_pairwise_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, n_j = recvcounts[j] * size of
 * datatype bytes and n the whole vector: (p - 1) alpha + (n - n_rank) beta sent and
 * (p - 1) n_rank beta received, (p - 1) n_rank gamma; for equal blocks (p - 1)(alpha + n/p beta
 * + n/p gamma).
 *
 * @par Restrictions
 * Commutative operations only: for an op that MPI_Op_commutative reports as non-commutative the
 * call returns MPI_ERR_OP before any message. Any p >= 1, any counts (zeros allowed), any
 * datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * One receive block (recvcounts[rank] elements of datatype); a second one with MPI_IN_PLACE.
 *
 * @par References
 * MPICH src/mpi/coll/reduce_scatter/reduce_scatter_intra_pairwise.c; Thakur, Rabenseifner &
 * Gropp, "Optimization of collective communication operations in MPICH", IJHPCA 2005, §4.5.
 */
#ifndef COLLALG_REDUCE_SCATTER_PAIRWISE_H
#define COLLALG_REDUCE_SCATTER_PAIRWISE_H

#include "../family/reduce_scatter.h"

/**
 * @brief Phases 1 to 3 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_pairwise_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                        void *recvbuf)
{
    int p = c->size, me = c->rank, n = collalg__rs_cnt(l, me), i, dst, src, err = MPI_SUCCESS;
    void *acc = recvbuf, *tmp = NULL;
    if (sendbuf == recvbuf)
        err = collalg__scratch_typed(c, n, &l->r.ti, &acc);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, n, &l->r.ti, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, collalg__rs_block(l, sendbuf, me), acc, n);
    for (i = 1; i < p && err == MPI_SUCCESS; i++) {
        dst = (me + i) % p;
        src = (me - i + p) % p;
        err = COLLALG_MPI(Sendrecv)(collalg__rs_block(l, sendbuf, dst), collalg__rs_cnt(l, dst), l->r.type, dst,
                                    COLLALG_TAG_DATA, tmp, n, l->r.type, src, COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && n > 0)
            err = collalg__reduce_local(tmp, acc, n, l->r.type, l->r.op);
    }
    if (err == MPI_SUCCESS && acc != recvbuf)
        err = collalg__rs_copy(c, l, acc, recvbuf, n);
    return err;
}

/**
 * @brief MPI_Reduce_scatter by pairwise exchange.
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
 *         @p op is not defined for @p datatype, before any message; MPI_ERR_NO_MEM when scratch
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_pairwise(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_pairwise_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_PAIRWISE_H */
