/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/knomial.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, k-nomial tree of radix k (MPICH's ibcast tsp_tree with a k-nomial tree): the
 *        tree of collalg_bcast_knomial() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * On relative ranks rel = (rank - root) mod p written in base k (schedule/knomial.h): a non-root
 * receives the whole buffer from its parent (rel with its lowest non-zero digit cleared); then
 * every rank sends it to its children rel + m k^j (k^j below the weight of rel's lowest non-zero
 * digit, m = 1 .. k - 1), one after another, the highest level first. Radix 2 is the binomial
 * tree of collalg_ibcast_binomial(); a larger radix makes the tree flatter (ceil(log_k p) levels)
 * and gives each rank up to (k - 1) children per level.
 *
 * @par Trace, p = 7, k = 3, root 0
 * @verbatim
   0 -> 3, then 0 -> 6        (3 heads the subtree {3,4,5}, 6 the subtree {6})
   0 -> 1, 0 -> 2, and 3 -> 4, 3 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_knomial_p6.svg
 * @image html ibcast_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. The root sends (k - 1) ceil(log_k p) messages
 * one after another: at most (k - 1) ceil(log_k p) (alpha + n beta) on the longest path.
 *
 * @par Restrictions
 * None: any p >= 1, any root; the radix must be the same on every rank.
 *
 * @par Memory
 * The operation: about 60 bytes per step (at most (k - 1) ceil(log_k p) + 1 steps) plus 300
 * bytes, until the request completes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (trees of a nonblocking broadcast); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 19(1), 2005, §3.1 (the binomial tree, radix 2).
 */
#ifndef COLLALG_IBCAST_KNOMIAL_H
#define COLLALG_IBCAST_KNOMIAL_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"
#include "../bcast/knomial.h"

/** @brief The start of collalg_ibcast_knomial() (@p persistent 0) and of
 *         collalg_bcast_init_knomial() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_knomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                           MPI_Request *request, int radix, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    int p, rank, k = 2, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_knomial_radix(radix, &k);
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_knomial_steps, (rank, p, root, count, k));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast by a k-nomial tree.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param radix    the tree's radix k >= 2 (2: the binomial tree); 0 selects
 *                 COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT (4); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_REQUEST
 *         when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ibcast_knomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                          MPI_Request *request, int radix)
{
    return collalg__ibcast_knomial(buffer, count, datatype, root, comm, request, radix, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_knomial(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_knomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_knomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                              MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ibcast_knomial(buffer, count, datatype, root, comm, request, radix, 1);
}

#endif /* COLLALG_IBCAST_KNOMIAL_H */
