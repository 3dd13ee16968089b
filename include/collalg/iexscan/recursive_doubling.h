/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iexscan/recursive_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iexscan, recursive doubling in rank order (MPICH's iexscan
 *        sched_recursive_doubling): the exchanges of iscan/recursive_doubling.h, the result
 *        built from the lower partners' partial reductions only, run by the nonblocking executor
 *        (core/nbc.h).
 *
 * @par Phases
 * The partial reduction P of the rank's group starts as its input. In step mask = 1, 2, 4, ...
 * (each after the previous one has completed) rank r exchanges P with r XOR mask when that rank
 * exists: from a lower partner, the received P goes in front of P and becomes (the first time)
 * or goes in front of the result; from a higher one, behind P only. Rank 0 never has a lower
 * partner: its receive buffer is not written, as the standard leaves it undefined.
 *
 * @par Trace, p = 5 ([a..b] = v_a op ... op v_b; result of each rank after each step)
 * @verbatim
   mask 1:    -      [0]     -       [2]     -
   mask 2:    -      [0]     [0..1]  [0..2]  -
   mask 4:    -      [0]     [0..1]  [0..2]  [0..3]   (4's partner 0 holds P = [0..3])
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iexscan_recursive_doubling_p6.svg
 * @image html iexscan_recursive_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. ceil(lg p) (alpha + n beta + 2 n gamma).
 *
 * @par Restrictions
 * None: any p >= 1, any operation; MPI_IN_PLACE as the send buffer. The operation must not be
 * freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of count elements of the datatype, plus the operation (about 60 bytes per step plus
 * 300 bytes).
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (MPICH's recursive-doubling exscan); T. Hoefler, A. Lumsdaine,
 * W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective Operations for
 * MPI", SC'07.
 */
#ifndef COLLALG_IEXSCAN_RECURSIVE_DOUBLING_H
#define COLLALG_IEXSCAN_RECURSIVE_DOUBLING_H

#include "../core/persistent.h"
#include "../family/scan.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_iexscan_recursive_doubling() (@p persistent 0) and of
 *         collalg_exscan_init_recursive_doubling() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iexscan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                       MPI_Request *request, int persistent)
{
    return collalg__nbc_vector(collalg__exscan_enter, collalg__iscan_recursive_doubling_steps, 1, MPI_SUCCESS, 0,
                               sendbuf, recvbuf, count, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Iexscan by recursive doubling, in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: v_0 op ... op v_(rank - 1); rank 0's is not
 *                 written
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         significant (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iexscan_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                      MPI_Request *request)
{
    return collalg__iexscan_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Exscan_init by the algorithm of collalg_iexscan_recursive_doubling(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iexscan_recursive_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_exscan_init_recursive_doubling(const void *sendbuf, void *recvbuf, int count,
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                          MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__iexscan_recursive_doubling(sendbuf, recvbuf, count, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IEXSCAN_RECURSIVE_DOUBLING_H */
