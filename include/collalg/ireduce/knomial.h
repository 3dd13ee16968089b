/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce/knomial.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce, k-nomial tree of radix k in rank order (MPICH's ireduce tsp_tree with a
 *        k-nomial tree): the tree of collalg_reduce_knomial() without segments, run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The tree is schedule/knomial.h's on the ranks as they are (rank 0 on top), so that every
 * subtree is a run of consecutive ranks and any operation is reduced in the standard's order.
 * 1. Each rank r combines its children r + m k^j (k^j below the weight of r's lowest non-zero
 *    base-k digit, m = 1 .. k - 1) in increasing rank order, one after another as each arrives,
 *    its running value as the left operand; then sends the result to its parent (r with that
 *    digit cleared). Invariant: before child c is combined, the running value is the reduction
 *    over ranks [r, c), and c's subtree is the run that follows.
 * 2. Rank 0 copies the result into its receive buffer when it is the root, else sends it to
 *    the root.
 *
 * @par Trace, p = 7, k = 3, root 0 ([a..b] = v_a op ... op v_b)
 * @verbatim
   3: [3..3] op v4 op v5 = [3..5], then 3 -> 0
   0: v0 op v1 op v2 = [0..2], then op [3..5] (from 3), then op v6 = [0..6]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_knomial_p6.svg
 * @image html ireduce_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. On the longest path at most (k - 1)
 * ceil(log_k p) (alpha + n beta + n gamma), plus alpha + n beta when root != 0. Radix 2 is
 * collalg_ireduce_binomial(); a larger radix gives fewer levels and more children per rank.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any operation (rank order kept); MPI_IN_PLACE at the root. The
 * radix must be the same on every rank. The operation must not be freed before the request
 * completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of count elements of the datatype on ranks with children, plus the operation
 * (about 60 bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.2 (the binomial reduce, rank order for non-commutative
 * operations); T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of
 * Non-Blocking Collective Operations for MPI", SC'07 (trees of a nonblocking reduction).
 */
#ifndef COLLALG_IREDUCE_KNOMIAL_H
#define COLLALG_IREDUCE_KNOMIAL_H

#include "../core/persistent.h"
#include "../family/reduce.h"
#include "../schedule/icoll_reduce.h"
#include "../reduce/knomial.h"

/** @brief The start of collalg_ireduce_knomial() (@p persistent 0) and of
 *         collalg_reduce_init_knomial() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_knomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, int root, MPI_Comm comm, MPI_Request *request, int radix,
                                            int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reduces */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, k = radix ? radix : COLLALG_REDUCE_KNOMIAL_RADIX_DEFAULT;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    COLLALG__NBC_BUILD(err, o, collalg__ireduce_knomial_steps, (rank, p, root, count, inplace, k));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, rank == root ? recvbuf : NULL, datatype, inplace, &c,
                                        request, persistent);
}

/**
 * @brief MPI_Ireduce by a k-nomial tree, in the standard's operand order.
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
 * @param radix    the tree's radix k >= 2 (2: the binomial tree); 0 selects
 *                 COLLALG_REDUCE_KNOMIAL_RADIX_DEFAULT (4); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Nothing is sent when an argument is refused. A reduction the datatype does
 *         not support fails in MPI_Reduce_local and comes back through the request.
 */
COLLALG_INLINE int collalg_ireduce_knomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                           MPI_Op op, int root, MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__ireduce_knomial(sendbuf, recvbuf, count, datatype, op, root, comm, request, radix, 0);
}

/**
 * @brief MPI_Reduce_init by the algorithm of collalg_ireduce_knomial(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ireduce_knomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_init_knomial(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request,
                                               int radix)
{
    (void)info;
    return collalg__ireduce_knomial(sendbuf, recvbuf, count, datatype, op, root, comm, request, radix, 1);
}

#endif /* COLLALG_IREDUCE_KNOMIAL_H */
