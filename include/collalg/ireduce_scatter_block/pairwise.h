/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter_block/pairwise.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter_block, pairwise exchange for commutative operations (MPICH's
 *        ireduce_scatter_block sched_pairwise; ireduce_scatter/pairwise.h with every block
 *        recvcount elements), run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * As ireduce_scatter/pairwise.h on p blocks of recvcount elements: the own block of the input
 * into the accumulator; in steps i = 1 .. p - 1 block (rank + i) mod p goes to rank + i and
 * block rank of rank - i's input is combined with the accumulator (ranks rank, rank - 1, ...,
 * rank + 1 mod p: commutative operations); in place, the accumulator is then copied to element 0
 * of the receive buffer.
 *
 * @par Trace, p = 4
 * As ireduce_scatter/pairwise.h (step i: j -> j + i for every j).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_block_pairwise_p6.svg
 * @image html ireduce_scatter_block_pairwise_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements in bytes (the whole vector).
 * (p - 1)(alpha + n/p beta + n/p gamma), one message in and out at a time.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise, as the blocking
 * collalg_reduce_scatter_block_pairwise()). Any p >= 1, any recvcount, MPI_IN_PLACE as the send
 * buffer. The operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * One block (recvcount elements of the datatype), two in place, plus the operation (about 60
 * bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §4.5; T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and
 * Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IREDUCE_SCATTER_BLOCK_PAIRWISE_H
#define COLLALG_IREDUCE_SCATTER_BLOCK_PAIRWISE_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_block_pairwise() (@p persistent 0) and of
 *         collalg_reduce_scatter_block_init_pairwise() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_block_pairwise(const void *sendbuf, void *recvbuf, int recvcount,
                                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                           MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_pairwise_steps, 1, 0, sendbuf, recvbuf, recvcount, NULL,
                                       datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter_block by pairwise exchange, for commutative operations.
 * @param sendbuf   p blocks of @p recvcount elements of @p datatype, or MPI_IN_PLACE (the vector
 *                  is then in @p recvbuf)
 * @param recvbuf   @p recvcount elements of @p datatype: block rank of the reduction
 * @param recvcount elements per block (>= 0)
 * @param datatype  committed datatype
 * @param op        a commutative reduction operation (predefined or user-defined)
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL or a
 *         non-commutative operation;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_block_pairwise(const void *sendbuf, void *recvbuf, int recvcount,
                                                          MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                          MPI_Request *request)
{
    return collalg__ireduce_scatter_block_pairwise(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_block_init by the algorithm of collalg_ireduce_scatter_block_pairwise(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_block_pairwise()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_init_pairwise(const void *sendbuf, void *recvbuf, int recvcount,
                                                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                              MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_block_pairwise(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_BLOCK_PAIRWISE_H */
