/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file igather/binomial.h
 * @ingroup nonblocking
 * @brief MPI_Igather, binomial tree (MPICH's igather sched_binomial, LibNBC's tree gather): the
 *        tree of collalg_gather_binomial() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The k-nomial gather of collalg_igather_knomial() with radix 2. On relative ranks
 * rel = (rank - root) mod p, the subtree of rel is [rel, rel + mask) clipped to p, mask being
 * rel's lowest set bit. A leaf sends its block from its send buffer; another non-root copies its
 * block to the start of a scratch buffer of its subtree's blocks, receives its children's subtrees
 * (rel + 1, rel + 2, rel + 4, ...: all posted at once) behind it, then sends the whole subtree to
 * its parent (rel with its lowest set bit cleared). The root receives each subtree straight into
 * its blocks; the subtree that passes block p - 1 (root > 0) comes as two messages, so the root
 * needs no scratch and no rotation.
 *
 * @par Trace, p = 6, root 3 (a -> b [x, y): blocks of relative ranks x .. y - 1)
 * @verbatim
   relative: 0 1 2 3 4 5
   rank:     3 4 5 0 1 2
   round 1:  4 -> 3 [1,2),  0 -> 5 [3,4),  2 -> 1 [5,6)
   round 2:  5 -> 3 [2,4)   (blocks 5, then 0: two messages),  1 -> 3 [4,6)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html igather_binomial_p6.svg
 * @image html igather_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per block. ceil(lg p) alpha + (p - 1) n beta at
 * the root (subtrees of p n / 2, p n / 4, ..., n bytes for p a power of two), one alpha more for
 * the wrapping subtree when root > 0.
 *
 * @par Restrictions
 * As collalg_igather_knomial(): none (any p, any root, MPI_IN_PLACE at the root, any datatypes
 * with matching signatures; a message beyond 2^31 - 1 elements needs equal counts on its two
 * sides).
 *
 * @par Memory
 * A non-root with a subtree of s > 1 ranks: s blocks of its send type (at most p / 2). The
 * operation: about 60 bytes per step plus 300 bytes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005, §3 (the binomial gather); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IGATHER_BINOMIAL_H
#define COLLALG_IGATHER_BINOMIAL_H

#include "knomial.h"

/**
 * @brief MPI_Igather by a binomial tree.
 * @param sendbuf   @p sendcount elements of @p sendtype; MPI_IN_PLACE at the root (its block is
 *                  then already in place in @p recvbuf)
 * @param sendcount elements each rank sends (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   at the root: p blocks of @p recvcount elements of @p recvtype, block r (at
 *                  element r * recvcount) from rank r; not significant elsewhere
 * @param recvcount elements per block (at the root)
 * @param recvtype  committed datatype of @p recvbuf (at the root)
 * @param root      rank of the root
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting.
 */
COLLALG_INLINE int collalg_igather_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                            MPI_Request *request)
{
    return collalg_igather_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request, 2);
}

/**
 * @brief MPI_Gather_init by the algorithm of collalg_igather_binomial(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_igather_binomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_gather_init_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                                MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return collalg_gather_init_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info,
                                       request, 2);
}

#endif /* COLLALG_IGATHER_BINOMIAL_H */
