/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file rabenseifner_var2.h
 * @ingroup allreduce
 * @brief Allreduce, Rabenseifner variation 2: reduce-scatter by an alltoall of blocks and a
 *        local reduction, allgather by any catalogue allgather (Faraj & Yuan, ICS'05, §3.1,
 *        "Rabenseifner algorithm variation 2").
 *
 * @par Phases
 * The vector is cut into p blocks of B = ceil(count / p) elements (the last ones clipped at
 * count, padded with zeros in scratch up to B), block j belonging to rank j.
 * 1. Alltoall: the given alltoall (default collalg_alltoall_ring) sends block j of every input
 *    to rank j; rank j receives the p copies of its block, from rank i at offset i * B.
 * 2. Local reduction of the valid elements of the own block, in rank order from the right:
 *    acc = copy(p-1); for i = p-2 down to 0, acc = copy(i) op acc.
 * 3. Allgather: the given allgather (default collalg_allgather_ring), in place, B elements per
 *    rank, into a buffer of p * B elements (recvbuf itself when p divides count).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_rabenseifner_var2_p6.svg
 * @image html allreduce_rabenseifner_var2_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: the alltoall with n/p bytes per
 * pair (e.g. ring: (p - 1)(alpha + n/p beta) + (p - 2) theta) plus the allgather with n/p bytes
 * per rank (e.g. ring: (p - 1)(alpha + n/p beta) + (p - 2) theta), plus p - 1 local reductions
 * of n/p bytes ((p - 1)/p n gamma).
 *
 * @par Restrictions
 * None: any p >= 1 (no power of two needed), any count (padding as above, never reduced), any
 * datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. Non-commutative operations: the
 * operand order is preserved (each rank reduces its block's p copies in rank order).
 *
 * @par Memory
 * p * B elements of datatype for the alltoall's receive side, plus p * B elements when p does
 * not divide count (padded input and allgather buffer).
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allreduce ("Rabenseifner algorithm
 * variation 2").
 */
#ifndef COLLALG_ALLREDUCE_RABENSEIFNER_VAR2_H
#define COLLALG_ALLREDUCE_RABENSEIFNER_VAR2_H

#include "rabenseifner_var1.h"
#include "../alltoall/ring.h"

/**
 * @brief Phase 2: reduces the p copies of this rank's block (at offsets i * @p blk of @p copies,
 *        @p valid elements each) in rank order into @p out. @return MPI_SUCCESS or the MPI
 *        error code.
 */
COLLALG_INLINE int collalg__allreduce_reduce_copies(const collalg__ctx *c, const collalg__allreduce_red *r,
                                                    void *copies, MPI_Aint blk, int valid, void *out)
{
    int i, err = MPI_SUCCESS;
    void *acc = collalg__allreduce_at(r, copies, (MPI_Aint)(c->size - 1) * blk);
    for (i = c->size - 2; i >= 0 && err == MPI_SUCCESS && valid > 0; i--)
        err = collalg__reduce_local(collalg__allreduce_at(r, copies, (MPI_Aint)i * blk), acc, valid, r->type, r->op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, acc, out, valid);
    return err;
}

/**
 * @brief MPI_Allreduce by an alltoall of blocks, a local reduction and an allgather.
 *
 * @allreduce_args
 * @param[in] alltoall the alltoall of phase 1 (any MPI_Alltoall-shaped function, e.g. a catalogue
 *        alltoall or MPI_Alltoall), called on the private communicator with ceil(count / p)
 *        elements per pair. NULL selects collalg_alltoall_ring.
 * @param[in] allgather the allgather of phase 3 (any MPI_Allgather-shaped function that accepts
 *        MPI_IN_PLACE), called on the private communicator with ceil(count / p) elements per
 *        rank. NULL selects collalg_allgather_ring. collalg_allgather_topology_ring gives the
 *        topology's DFS ring (machine/topology_comm.h; MPI_ERR_ARG for a bad description).
 * The inner functions' errors are returned as they come.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_rabenseifner_var2(const void *sendbuf, void *recvbuf, int count,
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                       collalg_alltoall_fn alltoall, collalg_allgather_fn allgather)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    MPI_Aint blk;
    void *work = NULL, *copies = NULL;
    const void *in;
    int a, b, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (!alltoall)
        alltoall = collalg_alltoall_ring;
    if (!allgather)
        allgather = collalg_allgather_ring;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err != MPI_SUCCESS || count == 0 || c.size == 1) {
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
        return collalg__leave(&c, err);
    }
    blk = count / c.size + (count % c.size != 0);
    a = collalg__allreduce_split_padded(count, c.size, c.rank);
    b = collalg__allreduce_split_padded(count, c.size, c.rank + 1);
    err = collalg__allreduce_padded(&c, &r, recvbuf, count, &work);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(&c, blk * c.size, &r.ti, &copies);
    /* the padded input: sendbuf itself when p divides count, else a copy in the work buffer */
    in = work == recvbuf ? sendbuf : work;
    if (err == MPI_SUCCESS && in != sendbuf)
        err = collalg__allreduce_copy(&c, &r, sendbuf, work, count);
    if (err == MPI_SUCCESS)
        err = alltoall(in, (int)blk, datatype, copies, (int)blk, datatype, c.pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_reduce_copies(&c, &r, copies, blk, b - a,
                                               collalg__allreduce_at(&r, work, (MPI_Aint)c.rank * blk));
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_gather_out(&c, &r, allgather, work, recvbuf, count);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RABENSEIFNER_VAR2_H */
