/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iscatter/binomial.h
 * @ingroup nonblocking
 * @brief MPI_Iscatter, binomial tree (MPICH's iscatter sched_binomial, LibNBC's tree scatter): the
 *        tree of collalg_scatter_binomial() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The k-nomial scatter of collalg_iscatter_knomial() with radix 2. On relative ranks
 * rel = (rank - root) mod p, the subtree of rel is [rel, rel + mask) clipped to p, mask being
 * rel's lowest set bit. The root sends each child (rel + 2^j, the largest first, all at once)
 * its subtree's blocks straight from its send buffer; the subtree that passes block p - 1
 * (root > 0) goes as two messages. A leaf receives its block into its receive buffer; another
 * non-root receives its subtree into scratch from its parent (rel with its lowest set bit
 * cleared), sends its children their parts and copies its own block out.
 *
 * @par Trace, p = 6, root 3 (a -> b [x, y): blocks of relative ranks x .. y - 1)
 * @verbatim
   relative: 0 1 2 3 4 5
   rank:     3 4 5 0 1 2
   round 1:  3 -> 1 [4,6),  3 -> 5 [2,4) (blocks 5, then 0: two messages),  3 -> 4 [1,2)
   round 2:  1 -> 2 [5,6),  5 -> 0 [3,4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iscatter_binomial_p6.svg
 * @image html iscatter_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per block. ceil(lg p) alpha + (p - 1) n beta at
 * the root, one alpha more for the wrapping subtree when root > 0.
 *
 * @par Restrictions
 * As collalg_iscatter_knomial(): none (any p, any root, MPI_IN_PLACE at the root, any datatypes
 * with matching signatures; a message beyond 2^31 - 1 elements needs equal counts on its two
 * sides).
 *
 * @par Memory
 * A non-root with a subtree of s > 1 ranks: s blocks of its receive type (at most p / 2). The
 * operation: about 60 bytes per step plus 300 bytes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §3 (the binomial scatter); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_ISCATTER_BINOMIAL_H
#define COLLALG_ISCATTER_BINOMIAL_H

#include "knomial.h"

/**
 * @brief MPI_Iscatter by a binomial tree.
 * @param sendbuf   at the root: p blocks of @p sendcount elements of @p sendtype, block r (at
 *                  element r * sendcount) for rank r; not significant elsewhere
 * @param sendcount elements per block (at the root)
 * @param sendtype  committed datatype of @p sendbuf (at the root)
 * @param recvbuf   @p recvcount elements of @p recvtype; MPI_IN_PLACE at the root (its block then
 *                  stays in @p sendbuf)
 * @param recvcount elements this rank receives (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param root      rank of the root
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iscatter_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                             MPI_Request *request)
{
    return collalg_iscatter_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, 2);
}

/**
 * @brief MPI_Scatter_init by the algorithm of collalg_iscatter_binomial(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iscatter_binomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_scatter_init_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                                 MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return collalg_scatter_init_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info,
                                        request, 2);
}

#endif /* COLLALG_ISCATTER_BINOMIAL_H */
