/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce_scatter_block/butterfly.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce_scatter_block, Träff's butterfly in rank order (MPICH's
 *        ireduce_scatter_block sched_noncommutative, for any p here; ireduce_scatter/butterfly.h
 *        with every block recvcount elements), run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * As ireduce_scatter/butterfly.h on p blocks of recvcount elements: fold of the first 2 rem ranks
 * in pairs (pof2 = 2^floor(lg p), rem = p - pof2); halving among the pof2 survivors at distance
 * 1, 2, ..., pof2/2 on super-blocks, the lower survivor's operand first, which leaves survivor i
 * with super-block rev(i) (its lg(pof2) bits reversed); the swap of i and rev(i); delivery of
 * the folded ranks' blocks.
 *
 * @par Trace, p = 6
 * As ireduce_scatter/butterfly.h.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_scatter_block_butterfly_p6.svg
 * @image html ireduce_scatter_block_butterfly_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements in bytes (the whole vector), p
 * a power of two: lg(p) alpha + (p - 1)/p n (beta + gamma), plus alpha + n/p beta for the
 * permutation; otherwise the fold adds alpha + n (beta + gamma) and the delivery alpha + n/p beta.
 *
 * @par Restrictions
 * None: any operation (rank order kept), any p >= 1, any recvcount (the whole vector may exceed
 * an int count), MPI_IN_PLACE as the send buffer. The operation must not be freed before the
 * request completes (core/nbc.h).
 *
 * @par Memory
 * Two whole vectors (p recvcount elements of the datatype each) on the survivors, plus the
 * operation (about 60 bytes per step plus 300 bytes), until the request completes.
 *
 * @par References
 * J. L. Träff, "An improved algorithm for (non-commutative) reduce-scatter with an application",
 * EuroPVM/MPI 2005, LNCS 3666 (the butterfly and its permutation); R. Thakur, R. Rabenseifner,
 * W. Gropp, "Optimization of Collective Communication Operations in MPICH", IJHPCA 19(1), 2005,
 * §4.5 (MPICH's ireduce_scatter sched_noncommutative, powers of two); T. Hoefler, A. Lumsdaine,
 * W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective Operations for
 * MPI", SC'07.
 */
#ifndef COLLALG_IREDUCE_SCATTER_BLOCK_BUTTERFLY_H
#define COLLALG_IREDUCE_SCATTER_BLOCK_BUTTERFLY_H

#include "../family/reduce_scatter.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_scatter_block_butterfly() (@p persistent 0) and of
 *         collalg_reduce_scatter_block_init_butterfly() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_scatter_block_butterfly(const void *sendbuf, void *recvbuf, int recvcount,
                                                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                            MPI_Request *request, int persistent)
{
    return collalg__nbc_reduce_scatter(collalg__ireduce_scatter_butterfly_steps, 0, 0, sendbuf, recvbuf, recvcount,
                                       NULL, datatype, op, comm, request, persistent);
}

/**
 * @brief MPI_Ireduce_scatter_block by Träff's butterfly, in the standard's operand order.
 * @param sendbuf   p blocks of @p recvcount elements of @p datatype, or MPI_IN_PLACE (the vector
 *                  is then in @p recvbuf)
 * @param recvbuf   @p recvcount elements of @p datatype: block rank of the reduction
 * @param recvcount elements per block (>= 0)
 * @param datatype  committed datatype
 * @param op        the reduction operation (predefined or user-defined)
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_ireduce_scatter_block_butterfly(const void *sendbuf, void *recvbuf, int recvcount,
                                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                           MPI_Request *request)
{
    return collalg__ireduce_scatter_block_butterfly(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 0);
}

/**
 * @brief MPI_Reduce_scatter_block_init by the algorithm of collalg_ireduce_scatter_block_butterfly(): a persistent request whose every
 *        collalg_start() runs that schedule once, reading the buffers then (core/persistent.h).
 * @copydetails collalg_ireduce_scatter_block_butterfly()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_init_butterfly(const void *sendbuf, void *recvbuf, int recvcount,
                                                               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                               MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_scatter_block_butterfly(sendbuf, recvbuf, recvcount, datatype, op, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_SCATTER_BLOCK_BUTTERFLY_H */
