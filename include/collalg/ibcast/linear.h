/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/linear.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, linear (LibNBC's linear ibcast): the root sends the whole buffer to every
 *        other rank at once, run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * One round: the root starts p - 1 sends of the whole buffer, to root + 1, root + 2, ... (mod p),
 * all at once; every other rank receives the buffer from the root. Nothing is sent for count 0.
 *
 * @par Trace, p = 5, root 2 (all started together)
 * @verbatim
   2 -> 3, 2 -> 4, 2 -> 0, 2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_linear_p6.svg
 * @image html ibcast_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. alpha + (p - 1) n beta: one latency, but the
 * root's p - 1 messages share its link. For small p or small messages only; the trees
 * (collalg_ibcast_binomial(), collalg_ibcast_knomial()) take ceil(log_k p) latencies.
 *
 * @par Restrictions
 * None: any p >= 1, any root.
 *
 * @par Memory
 * The operation: about 60 bytes per step (p - 1 at the root, 1 elsewhere) plus 300 bytes, until
 * the request completes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (LibNBC; Open MPI's ompi/mca/coll/libnbc/nbc_ibcast.c, linear).
 */
#ifndef COLLALG_IBCAST_LINEAR_H
#define COLLALG_IBCAST_LINEAR_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"

/** @brief The start of collalg_ibcast_linear() (@p persistent 0) and of collalg_bcast_init_linear()
 *         (1): checks, schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_linear(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                          MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    int p, rank, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_linear_steps, (rank, p, root, count));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast by the root sending to every rank at once.
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
COLLALG_INLINE int collalg_ibcast_linear(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                         MPI_Request *request)
{
    return collalg__ibcast_linear(buffer, count, datatype, root, comm, request, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_linear(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_linear()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_linear(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                             MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ibcast_linear(buffer, count, datatype, root, comm, request, 1);
}

#endif /* COLLALG_IBCAST_LINEAR_H */
