/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup reduce_scatter
 * @brief Reduce_scatter, ring: p - 1 steps around the ring of ranks; each block travels from
 *        rank j + 1 round to rank j, every rank on the way folding in its contribution.
 *
 * @par Phases
 * Rank j sends to j + 1 and receives from j - 1 (mod p) throughout.
 * 1. Step 0: rank j sends its input block (j - 1) mod p and receives the partial block
 *    (j - 2) mod p, into which it folds its own input block.
 * 2. Steps s = 1 .. p-2: rank j sends the partial block it received in step s - 1, block
 *    (j - s - 1) mod p, and receives partial block (j - s - 2) mod p, into which it folds its
 *    input. Invariant: after step s the block just received holds the contributions of ranks
 *    j - s - 1 .. j (s + 2 ranks, combined going down the ring, so the op must be commutative);
 *    after step p-2 rank j holds block j fully reduced.
 * 3. Copy that block into recvbuf (the input is read until here, so MPI_IN_PLACE needs no copy).
 *
 * @par Trace, p = 6 (blocks named by their owner; [a..b] = the ranks folded in so far)
 * @verbatim
   step 0:  j -> j+1 its input block j-1     0 holds block 4 [5,0]   1: block 5 [0,1] ...
   step 1:  j -> j+1 block j-2               0 holds block 3 [4,5,0]
   step 2:                                   0 holds block 2 [3..5,0]
   step 3:                                   0 holds block 1 [2..5,0]
   step 4:                                   0 holds block 0, all six ranks
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_ring_p6.svg
 * @image html reduce_scatter_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n the whole vector in bytes
 * (blocks of n/p bytes when equal): (p - 1)(alpha + n/p beta + n/p gamma); with unequal blocks
 * each step costs the larger of the block sent and the block received.
 *
 * @par Restrictions
 * Commutative operations only: a block's partial result wraps from rank p - 1 to rank 0, so the
 * contributions cannot stay in order; for an op that MPI_Op_commutative reports as
 * non-commutative the call returns MPI_ERR_OP before any message. Any p >= 1, any counts (zeros
 * allowed), any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 *
 * @par Memory
 * Two blocks of the largest count (max recvcounts[i] elements of datatype each).
 *
 * @par References
 * Patarasuk & Yuan, "Bandwidth optimal all-reduce algorithms for clusters of workstations",
 * JPDC 2009, §3 (the reduce-scatter half of the ring allreduce); Open MPI
 * ompi/mca/coll/base/coll_base_reduce_scatter.c (ompi_coll_base_reduce_scatter_intra_ring).
 */
#ifndef COLLALG_REDUCE_SCATTER_RING_H
#define COLLALG_REDUCE_SCATTER_RING_H

#include "../family/reduce_scatter.h"

/**
 * @brief Phases 1 to 3 after the enter and init steps (both collectives).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_scatter_ring_run(collalg__ctx *c, const collalg__rs *l, const void *sendbuf,
                                                    void *recvbuf)
{
    int p = c->size, me = c->rank, next = (me + 1) % p, prev = (me - 1 + p) % p, s, out, in, err;
    void *a = NULL, *b = NULL, *swap;
    const void *send;
    if (p == 1)
        return collalg__rs_copy(c, l, sendbuf, recvbuf, collalg__rs_cnt(l, 0));
    err = collalg__scratch_typed(c, collalg__rs_max(l), &l->r.ti, &a);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, collalg__rs_max(l), &l->r.ti, &b);
    for (s = 0; s < p - 1 && err == MPI_SUCCESS; s++) {
        out = (me - s - 1 + 2 * p) % p;
        in = (me - s - 2 + 2 * p) % p;
        send = s == 0 ? (const void *)collalg__rs_block(l, sendbuf, out) : a; /* step 0: the own input */
        err = COLLALG_MPI(Sendrecv)(send, collalg__rs_cnt(l, out), l->r.type, next, COLLALG_TAG_DATA, b,
                                    collalg__rs_cnt(l, in), l->r.type, prev, COLLALG_TAG_DATA, c->pcomm,
                                    MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && collalg__rs_cnt(l, in) > 0)
            err =
                collalg__reduce_local(collalg__rs_block(l, sendbuf, in), b, collalg__rs_cnt(l, in), l->r.type, l->r.op);
        swap = a; /* a: the partial block to send next */
        a = b;
        b = swap;
    }
    if (err == MPI_SUCCESS)
        err = collalg__rs_copy(c, l, a, recvbuf, collalg__rs_cnt(l, me));
    return err;
}

/**
 * @brief MPI_Reduce_scatter around a ring.
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
COLLALG_INLINE int collalg_reduce_scatter_ring(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_enter(&c, &sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__rs_init(&c, &l, recvcounts, 0, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_ring_run(&c, &l, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_RING_H */
