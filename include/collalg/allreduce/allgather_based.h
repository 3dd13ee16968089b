/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file allgather_based.h
 * @ingroup allreduce
 * @brief Allreduce, allgather-based (Faraj & Yuan, ICS'05, §3.1, "All-gather based
 *        algorithm"): gather every vector everywhere, then reduce locally.
 *
 * @par Phases
 * 1. Allgather: the given allgather (default collalg_allgather_ring) collects the p input
 *    vectors into a scratch buffer, vector j at element offset j * count.
 * 2. Local reduction in rank order, from the right: recvbuf = v(p-1), then for
 *    j = p-2 down to 0, recvbuf = v_j op recvbuf. Invariant: recvbuf holds [j .. p-1].
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_allgather_based_p6.svg
 * @image html allreduce_allgather_based_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: the cost of the allgather with
 * n bytes per rank (e.g. ring: (p - 1)(alpha + n beta) + (p - 2) theta + kappa_s), plus
 * p - 1 local reductions of n bytes ((p - 1) n gamma).
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * (the allgather reads the input before recvbuf is written). Non-commutative operations: the
 * operand order is preserved. Every rank computes the same reduction in the same order, so all
 * ranks get bit-identical results.
 *
 * @par Memory
 * p * count elements of datatype of scratch.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allreduce ("All-gather based").
 */
#ifndef COLLALG_ALLREDUCE_ALLGATHER_BASED_H
#define COLLALG_ALLREDUCE_ALLGATHER_BASED_H

#include "../family/allreduce.h"
#include "../allgather/ring.h"

/**
 * @brief MPI_Allreduce by an allgather of every vector followed by a local reduction.
 *
 * @allreduce_args
 * @param[in] allgather the allgather used for phase 1 (any MPI_Allgather-shaped function, e.g. a
 *        catalogue allgather or MPI_Allgather itself); it is called on the private
 *        communicator. NULL selects collalg_allgather_ring. collalg_allgather_topology_ring
 *        gives the topology's DFS ring (machine/topology_comm.h; MPI_ERR_ARG for a bad description).
 *        Its errors are returned as they come.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_allgather_based(const void *sendbuf, void *recvbuf, int count,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                     collalg_allgather_fn allgather)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    void *all = NULL;
    int j, err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (!allgather)
        allgather = collalg_allgather_ring;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err != MPI_SUCCESS || count == 0 || c.size == 1) {
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
        return collalg__leave(&c, err);
    }
    err = collalg__scratch_typed(&c, (MPI_Aint)c.size * count, &r.ti, &all);
    if (err == MPI_SUCCESS)
        err = allgather(sendbuf, count, datatype, all, count, datatype, c.pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(&c, &r, collalg__allreduce_at(&r, all, (MPI_Aint)(c.size - 1) * count), recvbuf,
                                      count);
    for (j = c.size - 2; j >= 0 && err == MPI_SUCCESS; j--)
        err = collalg__reduce_local(collalg__allreduce_at(&r, all, (MPI_Aint)j * count), recvbuf, count, datatype, op);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_ALLGATHER_BASED_H */
