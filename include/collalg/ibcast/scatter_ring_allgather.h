/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/scatter_ring_allgather.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast for long messages: binomial scatter, then ring allgather (Van de Geijn's
 *        broadcast; MPICH's ibcast sched_scatter_ring_allgather): the schedule of
 *        collalg_bcast_scatter_ring_allgather() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The buffer is cut into p blocks of ceil(count / p) elements (the last ones shorter or empty),
 * block j for relative rank j = (rank - root) mod p.
 * 1. Scatter down the binomial tree: a non-root receives the blocks of its subtree from its
 *    parent; every rank then sends each child the blocks of the child's subtree, all at once.
 * 2. Ring allgather over the relative ranks: p - 1 steps, each after the previous one; in step i
 *    relative rank j sends block (j - i) mod p to j + 1 and receives block (j - i - 1) mod p from
 *    j - 1. Invariant: after step i, j holds blocks j, j - 1, ..., j - i - 1.
 *
 * @par Trace, p = 4, root 0, blocks b0..b3
 * @verbatim
   scatter:  0 -> 2 {b2,b3}, 0 -> 1 {b1}; then 2 -> 3 {b3}
   ring:     3 steps, each rank passes one block to its right neighbour
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_scatter_ring_allgather_p6.svg
 * @image html ibcast_scatter_ring_allgather_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. (ceil(lg p) + p - 1) alpha + 2 (p - 1)/p n beta:
 * about twice the bandwidth term of a pipeline's optimum, far below the binomial tree's
 * ceil(lg p) n beta for long messages.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count (blocks may be empty).
 *
 * @par Memory
 * The operation: about 60 bytes per step plus 300 bytes.
 *
 * @par References
 * M. Barnett, S. Gupta, D. G. Payne, L. Shuler, R. van de Geijn, J. Watts, "Interprocessor
 * collective communication library (InterCom)", SHPCC 1994; R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §3.1.
 */
#ifndef COLLALG_IBCAST_SCATTER_RING_ALLGATHER_H
#define COLLALG_IBCAST_SCATTER_RING_ALLGATHER_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_ibcast_scatter_ring_allgather() (@p persistent 0) and of
 *         collalg_bcast_init_scatter_ring_allgather() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_scatter_ring_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                          MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    int p, rank, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_scatter_ring_allgather_steps, (rank, p, root, count));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast by a binomial scatter and a ring allgather.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ibcast_scatter_ring_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                         MPI_Comm comm, MPI_Request *request)
{
    return collalg__ibcast_scatter_ring_allgather(buffer, count, datatype, root, comm, request, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_scatter_ring_allgather(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_scatter_ring_allgather()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_scatter_ring_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                             MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ibcast_scatter_ring_allgather(buffer, count, datatype, root, comm, request, 1);
}

#endif /* COLLALG_IBCAST_SCATTER_RING_ALLGATHER_H */
