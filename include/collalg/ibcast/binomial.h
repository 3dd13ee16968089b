/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/binomial.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, binomial tree (MPICH's and LibNBC's default for short messages): the tree
 *        of collalg_bcast_binomial() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * On relative ranks rel = (rank - root) mod p: a non-root receives the whole buffer from its
 * parent (rel with its lowest set bit cleared); then every rank sends it to its children
 * rel + 2^k for 2^k below rel's lowest set bit, one after another, the largest subtree first.
 * (Started all at once, the sends would share the sender's link: 2.5 times slower at 1 MiB,
 * p = 16, in `make bench-nonblocking`.)
 *
 * @par Trace, p = 6, root 0
 * @verbatim
   step 1:  0->4                 (4 has the subtree {4,5})
   step 2:  0->2  4->5           (2 has {2,3})
   step 3:  0->1  2->3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_binomial_p6.svg
 * @image html ibcast_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. ceil(lg p) (alpha + n beta).
 *
 * @par Restrictions
 * None: any p >= 1, any root.
 *
 * @par Memory
 * The operation: about 60 bytes per step plus 300 bytes, until the request completes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07, §4 (the binomial ibcast of LibNBC); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 19(1), 2005, §3.1 (the binomial tree).
 */
#ifndef COLLALG_IBCAST_BINOMIAL_H
#define COLLALG_IBCAST_BINOMIAL_H

#include "knomial.h"

/**
 * @brief MPI_Ibcast by a binomial tree.
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
COLLALG_INLINE int collalg_ibcast_binomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                           MPI_Request *request)
{
    return collalg_ibcast_knomial(buffer, count, datatype, root, comm, request, 2);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_binomial(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_binomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_binomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request)
{
    return collalg_bcast_init_knomial(buffer, count, datatype, root, comm, info, request, 2);
}

#endif /* COLLALG_IBCAST_BINOMIAL_H */
