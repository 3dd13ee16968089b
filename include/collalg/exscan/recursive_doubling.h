/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_doubling.h
 * @ingroup exscan
 * @brief Exscan, recursive doubling (MPICH's exscan): ceil(lg p) rounds of pairwise exchanges,
 *        each rank keeping a partial result of its block and the prefix of the ranks below it.
 *
 * @par Phases
 * The body is scan/recursive_doubling.h's (collalg__scan_rd_run with exclusive = 1). Each rank
 * holds `partial`, the reduction over the aligned block of 2^k ranks that contains it (clipped
 * at p), starting as its input; and its result in recvbuf, the reduction over the ranks of that
 * block strictly below it, at first empty (recvbuf not yet written).
 * 1. For mask = 1, 2, 4, ... < p: the partner is rank XOR mask; when it exists (< p) the two
 *    exchange `partial` (MPI_Sendrecv). Partner below: partial = received op partial, and
 *    recvbuf = received (the first time) or received op recvbuf. Partner above:
 *    partial = partial op received. Invariant after the round with mask: partial covers the
 *    aligned block of 2 mask ranks containing the rank, recvbuf that block's ranks below the
 *    rank, both in rank order.
 * 2. After the last round recvbuf = v_0 op ... op v_(rank-1). Rank 0 never has a partner below,
 *    so it never writes recvbuf.
 *
 * @par Trace, p = 6 ([a..b] = v_a op ... op v_b; partial / recvbuf, - = not written)
 * @verbatim
   mask 1: 0<->1, 2<->3, 4<->5   0: [0..1]/-   1: [0..1]/[0]   2: [2..3]/-
                                 3: [2..3]/[2] 4: [4..5]/-     5: [4..5]/[4]
   mask 2: 0<->2, 1<->3          2: [0..1], 3: [0..2]   (4, 5: partners 6, 7 do not exist)
   mask 4: 0<->4, 1<->5          4: [0..3], 5: [0..4]   (2, 3: partners 6, 7 do not exist)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html exscan_recursive_doubling_p6.svg
 * @image html exscan_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: ceil(lg p)(alpha + n beta) +
 * up to 2 ceil(lg p) n gamma.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE
 * on any rank, non-commutative operations (the operand order is kept). Rank 0's recvbuf is
 * never written.
 *
 * @par Memory
 * 2 count elements of datatype of scratch per rank (partial and the receive buffer), when p > 1.
 *
 * @par References
 * MPICH src/mpi/coll/exscan/exscan_intra_recursive_doubling.c; Open MPI
 * ompi/mca/coll/base/coll_base_exscan.c (ompi_coll_base_exscan_intra_recursivedoubling).
 */
#ifndef COLLALG_EXSCAN_RECURSIVE_DOUBLING_H
#define COLLALG_EXSCAN_RECURSIVE_DOUBLING_H

#include "../scan/recursive_doubling.h"

/**
 * @brief MPI_Exscan by recursive doubling.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_(rank-1), count elements of datatype; rank 0's
 *                     is not significant and is not written
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__exscan_enter); the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, found before any message; MPI_ERR_NO_MEM when scratch cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_exscan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__exscan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__scan_rd_run(&c, &r, sendbuf, recvbuf, count, 1);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_EXSCAN_RECURSIVE_DOUBLING_H */
