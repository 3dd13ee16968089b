/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter_block/recexch.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter_block, recursive exchange of radix k in rank order (MPICH's
 *        ireduce_scatter_block tsp_recexch; ireduce_scatter/recexch.h with every block
 *        recvcount elements), run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * As ireduce_scatter/recexch.h on p blocks of recvcount elements, with k clamped to p and
 * pofk = the largest power of k <= p: fold of each run of 1 .. k consecutive ranks into its
 * leader, left to right; the leader lays the super-blocks (its run's blocks) out in the
 * digit-reversed order of their survivors; steps t = 0 .. log_k(pofk) - 1 in which each
 * survivor sends the k - 1 other parts of its range to its group and combines its own part in
 * digit order, the range shrinking k-fold; delivery of the members' blocks by their leaders.
 *
 * @par Trace, p = 7, radix 3 (pofk = 3; runs [0 1 2] [3 4] [5 6], survivors 0, 3, 5;
 * [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    1, 2 -> 0;  4 -> 3;  6 -> 5              0: [0..2]  3: [3..4]  5: [5..6]
   step 0:  group {0, 3, 5}: 0 keeps blocks 0..2, 3 keeps 3..4, 5 keeps 5..6, each
            receives them from the two others and combines ([0..2] op [3..4]) op [5..6]
   deliver: 0 -> 1, 2;  3 -> 4;  5 -> 6 (one block each)
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements in bytes (the whole vector),
 * L = log_k(pofk). L alpha + (pofk - 1)/pofk n (beta + gamma) in the k-port model (up to
 * L (k - 1) alpha one message after another), plus 2 alpha + n beta + (k - 1) n gamma when p is
 * not a power of k, and local copies of n bytes on the leaders.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any recvcount (the whole vector may exceed
 * an int count), MPI_IN_PLACE as the send buffer. The radix must be the same on every rank. The
 * operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * min(k, p) whole vectors (p recvcount elements of the datatype each) on the leaders, plus the
 * operation (about 60 bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now with
 * simulation", Parallel Computing 69, 2017; MPICH src/mpi/coll/ireduce_scatter_block
 * (ireduce_scatter_block_tsp_recexch, for commutative operations); T. Hoefler, A. Lumsdaine,
 * W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective Operations for
 * MPI", SC'07.
 */
#ifndef COLLALG_IREDUCE_SCATTER_BLOCK_RECEXCH_H
#define COLLALG_IREDUCE_SCATTER_BLOCK_RECEXCH_H

#include "../ireduce_scatter/recexch.h"

/** @brief The start of collalg_ireduce_scatter_block_recexch() (@p persistent 0) and of
 *         collalg_reduce_scatter_block_init_recexch() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_block_recexch(const void *sendbuf, void *recvbuf, int recvcount,
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                          MPI_Request *request, int radix, int persistent)
{
    return collalg__nbc_reduce_scatter_any(NULL, collalg__ireduce_scatter_recexch_steps, radix,
                                           COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT, 0, 0, sendbuf, recvbuf,
                                           recvcount, NULL, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter_block by recursive exchange of radix k, in the standard's operand
 *        order.
 * @param sendbuf   p blocks of @p recvcount elements of @p datatype, or MPI_IN_PLACE (the vector
 *                  is then in @p recvbuf)
 * @param recvbuf   @p recvcount elements of @p datatype: block rank of the reduction
 * @param recvcount elements per block (>= 0)
 * @param datatype  committed datatype
 * @param op        the reduction operation (predefined or user-defined)
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @param radix     k >= 2, the size of the groups that exchange in one step; 0 selects
 *                  COLLALG_IREDUCE_SCATTER_RECEXCH_RADIX_DEFAULT (2); a radix above p acts as p;
 *                  the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when
 *         @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM;
 *         or the error class of a failing MPI call while starting. Nothing is sent when an
 *         argument is refused.
 */
COLLALG_INLINE int collalg_ireduce_scatter_block_recexch(const void *sendbuf, void *recvbuf, int recvcount,
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                         MPI_Request *request, int radix)
{
    return collalg__ireduce_scatter_block_recexch(sendbuf, recvbuf, recvcount, datatype, op, comm, request, radix, 0);
}

/**
 * @brief MPI_Reduce_scatter_block_init by the algorithm of
 *        collalg_ireduce_scatter_block_recexch(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_block_recexch()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_init_recexch(const void *sendbuf, void *recvbuf, int recvcount,
                                                             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                             MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ireduce_scatter_block_recexch(sendbuf, recvbuf, recvcount, datatype, op, comm, request, radix, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_BLOCK_RECEXCH_H */
