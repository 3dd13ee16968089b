/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file igather/knomial.h
 * @ingroup nonblocking
 * @brief MPI_Igather, k-nomial tree of radix k (MPICH's igather tsp_tree with a k-nomial tree):
 *        the tree of collalg_gather_knomial() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * On relative ranks rel = (rank - root) mod p written in base k (schedule/knomial.h) the subtree
 * of rel is the range [rel, rel + n) of relative ranks. A leaf sends its block to its parent
 * straight from its send buffer. Another non-root copies its block to the start of a scratch
 * buffer of n blocks, posts the receives of its children's subtrees at once (child c's lands at
 * block c - rel) and, when all have arrived, sends its n blocks to its parent in one message.
 * Invariant: what a rank sends holds the blocks of relative ranks [rel, rel + n) in that order.
 * The root copies its own block into place (unless MPI_IN_PLACE) and receives each child's
 * subtree straight into its receive buffer: relative block j is block (j + root) mod p there,
 * so a subtree is one run of blocks, except the one that passes block p - 1 when root > 0; that
 * child sends it as two messages (the blocks up to p - 1, then those from 0), so the root needs
 * neither scratch nor a final rotation. Radix 2 is collalg_igather_binomial().
 *
 * @par Trace, p = 7, k = 3, root 2 (a -> b [x, y): blocks of relative ranks x .. y - 1)
 * @verbatim
   relative: 0 1 2 3 4 5 6    children of 0: 1, 2, 3 [3,6), 6;  of 3: 4, 5
   rank:     2 3 4 5 6 0 1
   round 1:  3 -> 2 [1,2), 4 -> 2 [2,3), 1 -> 2 [6,7), 6 -> 5 [4,5), 0 -> 5 [5,6)
   round 2:  5 -> 2 [3,5) and [5,6)   (blocks 5, 6 of the root's buffer, then block 0)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html igather_knomial_p6.svg
 * @image html igather_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes per block. (k - 1) ceil(log_k p) alpha +
 * (p - 1) n beta at the root, whose receives are all posted at once; one alpha more for the
 * wrapping subtree when root > 0. Radix 2: ceil(lg p) alpha + (p - 1) n beta.
 *
 * @par Restrictions
 * None: any p >= 1, any root, MPI_IN_PLACE as the root's send buffer, any datatypes with
 * matching signatures; the radix must be the same on every rank. A message of more than
 * 2^31 - 1 elements (a subtree of that many) is cut into several, alike on both sides only when
 * the two ranks pass the same element count.
 *
 * @par Memory
 * A non-root with a subtree of s > 1 ranks: s blocks of its send type as scratch (at most
 * p / 2 blocks for radix 2); leaves and the root none. The operation: about 60 bytes per step plus
 * 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (trees of nonblocking collectives); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 19(1), 2005, §3 (the binomial gather, radix 2); MPICH's igather sched_binomial and
 * tsp_tree.
 */
#ifndef COLLALG_IGATHER_KNOMIAL_H
#define COLLALG_IGATHER_KNOMIAL_H

#include "../core/persistent.h"
#include "../family/gather.h"
#include "../schedule/icoll_rooted.h"

/** @brief The start of collalg_igather_knomial() (@p persistent 0) and of
 *         collalg_gather_init_knomial() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__igather_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                            MPI_Request *request, int radix, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking gathers */
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, k = 2, err = MPI_SUCCESS;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__gather_check(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, &c);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__knomial_radix(radix, &k);
    COLLALG__NBC_BUILD(err, op, collalg__igather_knomial_steps, (rank, p, root, sendcount, recvcount, k, inplace));
    /* off the root the receive buffer is not significant: naming it with the send type types the
     * scratch that stages the subtree's blocks */
    if (err == MPI_SUCCESS)
        err = rank == root ? collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype)
                           : collalg__nbc_buffer(op, COLLALG_BUF_RECV, NULL, sendtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Igather by a k-nomial tree.
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
 * @param radix     the tree's radix k >= 2 (2: the binomial tree); 0 selects
 *                  COLLALG_KNOMIAL_RADIX_DEFAULT (4); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_ARG when @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting. Nothing is sent
 *         when an argument is refused.
 */
COLLALG_INLINE int collalg_igather_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                           MPI_Request *request, int radix)
{
    return collalg__igather_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request,
                                    radix, 0);
}

/**
 * @brief MPI_Gather_init by the algorithm of collalg_igather_knomial(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_igather_knomial()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_gather_init_knomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                               MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__igather_knomial(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request,
                                    radix, 1);
}

#endif /* COLLALG_IGATHER_KNOMIAL_H */
