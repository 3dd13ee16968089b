/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iscatter/knomial.h
 * @ingroup nonblocking
 * @brief MPI_Iscatter, k-nomial tree of radix k (MPICH's iscatter tsp_tree with a k-nomial tree):
 *        the tree of collalg_scatter_knomial() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The k-nomial gather of collalg_igather_knomial() reversed. On relative ranks
 * rel = (rank - root) mod p written in base k (schedule/knomial.h) the subtree of rel is the
 * range [rel, rel + n) of relative ranks, and relative block j is block (j + root) mod p of the
 * root's send buffer. The root copies its own block (unless MPI_IN_PLACE) and sends each child
 * the blocks of its subtree straight from its send buffer, all sends posted at once, the largest
 * subtree first; the subtree that passes block p - 1 (root > 0) goes as two messages (the blocks
 * up to p - 1, then those from 0), so the root needs neither scratch nor a rotation. A leaf
 * receives its block straight into its receive buffer. Another non-root receives its n blocks
 * into scratch, then sends each child c its part (block c - rel on) and copies its own block
 * (the first) out. Invariant: what a rank receives holds the blocks of relative ranks
 * [rel, rel + n) in that order. Radix 2 is collalg_iscatter_binomial().
 *
 * @par Trace, p = 7, k = 3, root 2 (a -> b [x, y): blocks of relative ranks x .. y - 1)
 * @verbatim
   relative: 0 1 2 3 4 5 6    children of 0: 3 [3,6), 6, 1, 2;  of 3: 4, 5
   rank:     2 3 4 5 6 0 1
   round 1:  2 -> 5 [3,5) and [5,6) (blocks 5, 6, then block 0), 2 -> 1 [6,7), 2 -> 3 [1,2),
             2 -> 4 [2,3)
   round 2:  5 -> 6 [4,5), 5 -> 0 [5,6)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iscatter_knomial_p6.svg
 * @image html iscatter_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per block. (k - 1) ceil(log_k p) alpha +
 * (p - 1) n beta at the root, one alpha more for the wrapping subtree when root > 0. Radix 2:
 * ceil(lg p) alpha + (p - 1) n beta.
 *
 * @par Restrictions
 * None: any p >= 1, any root, MPI_IN_PLACE as the root's receive buffer, any datatypes with
 * matching signatures; the radix must be the same on every rank. A message of more than
 * 2^31 - 1 elements (a subtree of that many) is cut into several, alike on both sides only when
 * the two ranks pass the same element count.
 *
 * @par Memory
 * A non-root with a subtree of s > 1 ranks: s blocks of its receive type as scratch (at most
 * p / 2 blocks for radix 2); leaves and the root none. The operation: about 60 bytes per step
 * plus 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (trees of nonblocking collectives); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 19(1), 2005, §3 (the binomial scatter, radix 2); MPICH's iscatter sched_binomial and
 * tsp_tree.
 */
#ifndef COLLALG_ISCATTER_KNOMIAL_H
#define COLLALG_ISCATTER_KNOMIAL_H

#include "../core/persistent.h"
#include "../family/scatter.h"
#include "../schedule/icoll_rooted.h"

/** @brief The start of collalg_iscatter_knomial() (@p persistent 0) and of
 *         collalg_scatter_init_knomial() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iscatter_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                             MPI_Request *request, int radix, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking scatters */
    collalg__nbc *op = NULL;
    int inplace = recvbuf == MPI_IN_PLACE, p, rank, k = 2, err = MPI_SUCCESS;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__scatter_check(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &c);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__knomial_radix(radix, &k);
    COLLALG__NBC_BUILD(err, op, collalg__iscatter_knomial_steps, (rank, p, root, sendcount, recvcount, k, inplace));
    if (err == MPI_SUCCESS && rank == root)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    if (err == MPI_SUCCESS && !inplace) /* also types the scratch of a non-root */
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Iscatter by a k-nomial tree.
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
 * @param radix     the tree's radix k >= 2 (2: the binomial tree); 0 selects
 *                  COLLALG_KNOMIAL_RADIX_DEFAULT (4); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting. Nothing is sent
 *         when an argument is refused.
 */
COLLALG_INLINE int collalg_iscatter_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                            MPI_Request *request, int radix)
{
    return collalg__iscatter_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request,
                                     radix, 0);
}

/**
 * @brief MPI_Scatter_init by the algorithm of collalg_iscatter_knomial(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iscatter_knomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_scatter_init_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                                MPI_Comm comm, MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iscatter_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request,
                                     radix, 1);
}

#endif /* COLLALG_ISCATTER_KNOMIAL_H */
