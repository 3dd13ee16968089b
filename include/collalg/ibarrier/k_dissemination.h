/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibarrier/k_dissemination.h
 * @ingroup nonblocking
 * @brief MPI_Ibarrier, k-ary dissemination (radix k a parameter; MPICH's ibarrier
 *        sched_k_dissemination): the rounds of collalg_barrier_k_dissemination() run by the
 *        nonblocking executor (core/nbc.h). Radix 2 is collalg_ibarrier_dissemination().
 *
 * @par Phases
 * Rounds r = 0 .. ceil(log_k p) - 1 of span k^r, each after the previous one has completed: the
 * rank receives a zero-byte token from (rank - j k^r) mod p and sends one to (rank + j k^r) mod p
 * for j = 1 .. k - 1 with j k^r < p, all at once. Invariant: after round r the rank has heard,
 * directly or not, from the ranks rank - 1, ..., rank - k^(r+1) + 1 (mod p); after the last
 * round that is every rank. A radix k >= p gives a single round in which every rank sends to
 * every other.
 *
 * @par Trace, p = 7, radix 3 (a -> b: token from a to b)
 * @verbatim
   round 0 (distances 1, 2):  q -> q+1, q+2     rank 0 has heard from {6, 5}
   round 1 (distances 3, 6):  q -> q+3, q+6     rank 0 hears from 4 (who knew {3, 2}) and
                                                from 1 (who knew {0, 6}): everyone
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibarrier_k_dissemination_p6.svg
 * @image html ibarrier_k_dissemination_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. ceil(log_k p) rounds of at most k - 1 zero-byte
 * messages sent and received per rank, started together: ceil(log_k p) alpha where they overlap,
 * up to (k - 1) ceil(log_k p) alpha where they go one after another.
 *
 * @par Restrictions
 * None: any p >= 1; the radix must be the same on every rank.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (min(k, p) - 1) ceil(log_k p) steps at most) plus
 * 300 bytes, until the request completes.
 *
 * @par References
 * D. Hensgen, R. Finkel, U. Manber, "Two Algorithms for Barrier Synchronization", IJPP 17(1),
 * 1988 (the dissemination barrier); J. Bruck et al., IEEE TPDS 8(11), 1997 (k-port rounds);
 * T. Hoefler, A. Lumsdaine, W. Rehm, SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IBARRIER_K_DISSEMINATION_H
#define COLLALG_IBARRIER_K_DISSEMINATION_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"
#include "../barrier/k_dissemination.h"

/** @brief The start of collalg_ibarrier_k_dissemination() (@p persistent 0) and of
 *         collalg_barrier_init_k_dissemination() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibarrier_k_dissemination(MPI_Comm comm, MPI_Request *request, int radix, int persistent)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    int p, rank, k = radix ? radix : COLLALG_BARRIER_K_DISSEMINATION_RADIX_DEFAULT, err;
    collalg__ctx_init(&c, comm);
    err = collalg__nbc_enter(&c, MPI_SUCCESS, request, &p, &rank);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    COLLALG__NBC_BUILD(err, op, collalg__ibarrier_k_dissemination_steps, (rank, p, k));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, NULL, MPI_BYTE);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibarrier by the k-ary dissemination algorithm: the request completes on each rank
 *        only after every rank of @p comm has started the barrier.
 * @param comm    intracommunicator
 * @param request out: the request (complete it with MPI_Wait / MPI_Test; see core/nbc.h for
 *                who advances it)
 * @param radix   k >= 2, the tokens a rank sends per round plus one (2: the dissemination
 *                barrier); 0 selects COLLALG_BARRIER_K_DISSEMINATION_RADIX_DEFAULT (4); a radix
 *                above p acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p radix is negative or 1 (nothing is sent); MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Errors of later steps come back through the request.
 */
COLLALG_INLINE int collalg_ibarrier_k_dissemination(MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__ibarrier_k_dissemination(comm, request, radix, 0);
}

/**
 * @brief MPI_Barrier_init by the algorithm of collalg_ibarrier_k_dissemination(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ibarrier_k_dissemination()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_barrier_init_k_dissemination(MPI_Comm comm, MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ibarrier_k_dissemination(comm, request, radix, 1);
}

#endif /* COLLALG_IBARRIER_K_DISSEMINATION_H */
