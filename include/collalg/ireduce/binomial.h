/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce/binomial.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce, binomial tree in rank order (MPICH's sched_binomial with its rule for
 *        non-commutative operations, LibNBC's binomial ireduce): run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * 1. Binomial tree rooted at rank 0: rank r receives from its children r + 1, r + 2, r + 4, ...
 *    (below its lowest set bit) one after another and combines each behind its running value,
 *    which then covers the ranks [r, r + 2^(k+1)); then it sends that to its parent
 *    r - lowbit(r). Invariant: a node's running value is the reduction of a run of consecutive
 *    ranks starting at itself, so any operation reduces in the standard's order.
 * 2. Rank 0 copies the result into its receive buffer (root 0) or sends it to the root.
 *
 * @par Trace, p = 6, root 2 ([a..b] = v_a op ... op v_b)
 * @verbatim
   round 1:  1 -> 0, 3 -> 2, 5 -> 4       0: [0..1]  2: [2..3]  4: [4..5]
   round 2:  2 -> 0                       0: [0..3]
   round 3:  4 -> 0                       0: [0..5]
   result:   0 -> 2
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_binomial_p6.svg
 * @image html ireduce_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. ceil(lg p) (alpha + n beta + n gamma), plus
 * alpha + n beta for a root other than 0.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any operation; MPI_IN_PLACE as the root's send buffer. The
 * operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of count elements of the datatype on ranks with children, plus the operation
 * (about 60 bytes per step plus 300 bytes).
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.5 (the binomial reduce, non-commutative operations);
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IREDUCE_BINOMIAL_H
#define COLLALG_IREDUCE_BINOMIAL_H

#include "knomial.h"

/**
 * @brief MPI_Ireduce by a binomial tree, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype; MPI_IN_PLACE at the root (its input is then
 *                 in @p recvbuf)
 * @param recvbuf  at the root: @p count elements of @p datatype, the result; not significant
 *                 elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param root     rank of the root
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting. A reduction the datatype does not
 *         support fails in MPI_Reduce_local and comes back through the request.
 */
COLLALG_INLINE int collalg_ireduce_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
    return collalg_ireduce_knomial(sendbuf, recvbuf, count, datatype, op, root, comm, request, 2);
}

/**
 * @brief MPI_Reduce_init by the algorithm of collalg_ireduce_binomial(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ireduce_binomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_init_binomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return collalg_reduce_init_knomial(sendbuf, recvbuf, count, datatype, op, root, comm, info, request, 2);
}

#endif /* COLLALG_IREDUCE_BINOMIAL_H */
