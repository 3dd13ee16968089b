/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/scatter_rdb_allgather.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast for medium and long messages: binomial scatter, then recursive-doubling
 *        allgather (Van de Geijn's broadcast; MPICH's ibcast
 *        sched_scatter_recursive_doubling_allgather): the schedule of
 *        collalg_bcast_scatter_rdb_allgather() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The buffer is cut into p blocks of ceil(count / p) elements (the last ones shorter or empty),
 * block j for relative rank j = (rank - root) mod p.
 * 1. Scatter down the binomial tree, as collalg_ibcast_scatter_ring_allgather() does: a non-root
 *    receives the blocks of its subtree from its parent; every rank then sends each child the
 *    blocks of the child's subtree, all at once. Invariant: afterwards j holds block j.
 * 2. Recursive-doubling allgather over the relative ranks, any p (schedule/recursive_doubling.h),
 *    each step after the previous one: in the step with mask = 1, 2, 4, ... below p, j's group
 *    G = [j & ~(mask - 1), + mask) clipped to p is paired with G' = [(j & ~(mask - 1)) XOR mask,
 *    + mask) clipped; j sends the blocks of G to j XOR mask and receives those of G' (one run of
 *    the buffer each way) when that rank exists. When p is not a power of two, G' may hold only
 *    q < mask ranks: the members of the lower group G that received G' forward it to the members
 *    that have no partner, by doubling (ceil(lg(mask / q)) rounds). Invariant: after the step
 *    with mask, j holds the blocks of its whole aligned group of 2 mask ranks. No fold onto a
 *    power of two: every rank receives each block it lacks exactly once.
 *
 * @par Trace, p = 6, root 0, count 12 (blocks of 2 elements b0 .. b5)
 * @verbatim
   scatter:    0 -> 4: b4 b5;   0 -> 2: b2 b3;   0 -> 1: b1;   then 2 -> 3: b3;   4 -> 5: b5
   mask = 1:   0 <-> 1 (b0 / b1),  2 <-> 3 (b2 / b3),  4 <-> 5 (b4 / b5)
   mask = 2:   0 <-> 2 (b0 b1 / b2 b3),  1 <-> 3 (likewise);  4, 5 idle (no group [6, 8))
   mask = 4:   0 <-> 4 (b0..b3 / b4 b5),  1 <-> 5 (likewise);  2, 3 have no partner:
               forward b4 b5: 0 -> 2,  1 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_scatter_rdb_allgather_p6.svg
 * @image html ibcast_scatter_rdb_allgather_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. p a power of two: 2 lg(p) alpha +
 * 2 (p - 1)/p n beta. Otherwise, L = ceil(lg p): the scatter L alpha + (p - 1)/p n beta, the
 * allgather (L + R) alpha + (W / p) n beta with the forwarding rounds R and the blocks W of the
 * longest path as in collalg_bcast_scatter_rdb_allgather() (p = 6: W = 9, R = 1). Fewer steps than
 * collalg_ibcast_scatter_ring_allgather() (2 lg p against lg p + p - 1) for the same bandwidth term
 * when p is a power of two.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count (blocks may be empty; nothing is sent for count 0). The
 * buffer is cut in elements, so ranks passing different datatypes must pass ones of the same
 * layout of basic elements per element (as for collalg_ibcast_scatter_ring_allgather()).
 *
 * @par Memory
 * No scratch. The operation: about 60 bytes per step (about 2 ceil(lg p) + 2 per rank, plus the
 * forwarding rounds) plus 300 bytes.
 *
 * @par References
 * M. Barnett, S. Gupta, D. G. Payne, L. Shuler, R. van de Geijn, J. Watts, "Interprocessor
 * collective communication library (InterCom)", SHPCC 1994; R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.1, §4.2
 * (scatter and allgather broadcast; the allgather sends the missing data inside the exchange for p
 * not a power of two).
 */
#ifndef COLLALG_IBCAST_SCATTER_RDB_ALLGATHER_H
#define COLLALG_IBCAST_SCATTER_RDB_ALLGATHER_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_ibcast_scatter_rdb_allgather() (@p persistent 0) and of
 *         collalg_bcast_init_scatter_rdb_allgather() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_scatter_rdb_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                         MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    int p, rank, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_scatter_rdb_allgather_steps, (rank, p, root, count));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast by a binomial scatter and a recursive-doubling allgather.
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
COLLALG_INLINE int collalg_ibcast_scatter_rdb_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                        MPI_Comm comm, MPI_Request *request)
{
    return collalg__ibcast_scatter_rdb_allgather(buffer, count, datatype, root, comm, request, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_scatter_rdb_allgather(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffer then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_scatter_rdb_allgather()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_scatter_rdb_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                            MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ibcast_scatter_rdb_allgather(buffer, count, datatype, root, comm, request, 1);
}

#endif /* COLLALG_IBCAST_SCATTER_RDB_ALLGATHER_H */
