/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/scatterv_recexch_allgatherv.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast for medium and long messages: binomial scatter, then an allgatherv by
 *        recursive exchange of radix k (MPICH's ibcast tsp_scatterv_recexch_allgatherv), run by
 *        the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Ranks are taken relative to the root, rel = (rank - root) mod p. The buffer is cut into p
 * blocks of ceil(count / p) elements (the last ones shorter or empty), block j for relative rank
 * j, back to back, so the allgatherv's messages land in the buffer itself.
 * 1. Scatter down the binomial tree, as collalg_ibcast_scatter_rdb_allgather() does: a non-root
 *    receives the blocks of its subtree from its parent, then sends each child the blocks of the
 *    child's subtree, one after the other. Invariant: afterwards rel holds block rel (and those
 *    of its subtree).
 * 2. The allgatherv of collalg_iallgatherv_recexch_doubling() on the relative ranks, in place:
 *    with k clamped to p and pofk the largest power of k <= p, the relative ranks are cut into
 *    pofk runs of 1 .. k consecutive ranks, each led by its first (a survivor). A member whose
 *    block is not in its leader's binomial subtree sends it to the leader (the others' blocks
 *    the leader has from the scatter); in steps of span 1, k, k^2, ... the survivors that differ
 *    in one base-k digit exchange the blocks they hold, k - 1 messages each; each leader then
 *    sends the whole buffer to its members. Invariant: after the step of span k^t a survivor
 *    holds the blocks of the runs of its aligned k^(t + 1) survivors.
 *
 * @par Trace, p = 5, root 0, radix 2, count 10 (blocks of 2 elements b0 .. b4)
 * @verbatim
   scatter:        0 -> 4: b4;   0 -> 2: b2 b3;   0 -> 1: b1;   then 2 -> 3: b3
   runs [0 1] [2] [3] [4]: survivors 0, 2, 3, 4; 0 holds b1 (its subtree): 1 sends nothing
   step span 1:    0 <-> 2 (b0 b1 | b2),   3 <-> 4 (b3 | b4)
   step span 2:    0 <-> 3, 2 <-> 4 (b0 b1 b2 | b3 b4)
   last:           0 -> 1: b0 .. b4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_scatterv_recexch_allgatherv_p6.svg
 * @image html ibcast_scatterv_recexch_allgatherv_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. p a power of k: the scatter ceil(lg p) alpha +
 * (p - 1)/p n beta, the allgatherv log_k p steps of k - 1 messages each (posted together, so
 * about log_k p alpha when they overlap, (k - 1) log_k p alpha when they share one port) and
 * (p - 1)/p n beta: 2 (p - 1)/p n beta in all, as collalg_ibcast_scatter_rdb_allgather() at
 * k = 2. Other p: up to 2 alpha + (k - 1) n beta more for the members of the runs (the whole
 * buffer to each, one after the other), against the forwarding rounds of the recursive-doubling
 * allgather.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count (blocks may be empty; nothing is sent for count 0). The
 * radix must be the same on every rank. The buffer is cut in elements, so ranks passing
 * different datatypes must pass ones of the same layout of basic elements per element (as for
 * collalg_ibcast_scatter_rdb_allgather()).
 *
 * @par Memory
 * No scratch. The operation: about 60 bytes per step (at most ceil(lg p) + 1 + 2 (k - 1)
 * (log_k pofk + 1) per rank) plus 300 bytes, until the request completes.
 *
 * @par References
 * M. Barnett, S. Gupta, D. G. Payne, L. Shuler, R. van de Geijn, J. Watts, "Interprocessor
 * collective communication library (InterCom)", SHPCC 1994 (scatter and allgather broadcast);
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now with
 * simulation", Parallel Computing 69, 2017 (groups of k); MPICH src/mpi/coll/ibcast
 * (tsp_scatterv_recexch_allgatherv).
 */
#ifndef COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_H
#define COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_H

#include "../core/persistent.h"
#include "../schedule/recexch.h"

/**
 * @def COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_RADIX_DEFAULT
 * @brief The radix radix 0 selects in collalg_ibcast_scatterv_recexch_allgatherv(): 2. Define it
 *        before the include to change it.
 */
#ifndef COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_RADIX_DEFAULT
#define COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_ibcast_scatterv_recexch_allgatherv() (@p persistent 0) and of
 *         collalg_bcast_init_scatterv_recexch_allgatherv() (1): checks (the radix too),
 *         schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_scatterv_recexch_allgatherv(void *buffer, int count, MPI_Datatype datatype, int root,
                                                               MPI_Comm comm, MPI_Request *request, int radix,
                                                               int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    int p, rank, k = radix ? radix : COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_RADIX_DEFAULT;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_scatterv_recexch_allgatherv_steps, (rank, p, root, count, k));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast by a binomial scatter and a recursive-exchange allgatherv of radix k.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param radix    k >= 2, the size of the allgatherv's exchange groups; 0 selects
 *                 COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_RADIX_DEFAULT (2); a radix above p
 *                 acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_ARG for a negative radix or radix 1;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ibcast_scatterv_recexch_allgatherv(void *buffer, int count, MPI_Datatype datatype, int root,
                                                              MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__ibcast_scatterv_recexch_allgatherv(buffer, count, datatype, root, comm, request, radix, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_scatterv_recexch_allgatherv(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffer then (core/persistent.h).
 * @copydetails collalg_ibcast_scatterv_recexch_allgatherv()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_scatterv_recexch_allgatherv(void *buffer, int count, MPI_Datatype datatype,
                                                                  int root, MPI_Comm comm, MPI_Info info,
                                                                  MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ibcast_scatterv_recexch_allgatherv(buffer, count, datatype, root, comm, request, radix, 1);
}

#endif /* COLLALG_IBCAST_SCATTERV_RECEXCH_ALLGATHERV_H */
