/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibarrier/recexch.h
 * @ingroup nonblocking
 * @brief MPI_Ibarrier, recursive exchange of radix k (MPICH's ibarrier tsp_recexch): the
 *        exchange pattern of the recursive multiplying allreduce with zero-byte tokens, run by
 *        the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p ranks take part (the survivors); the
 * p ranks are cut into pofk runs of 1 .. k consecutive ranks, the first rank of each (its
 * leader) a survivor (collalg__recmult, schedule/kradix.h).
 * 1. A member sends a token to its leader; the leader receives them all.
 * 2. Steps t = 0 .. log_k pofk - 1 (span k^t), each after the previous one: a survivor sends a
 *    token to the k - 1 survivors that differ from it in base-k digit t only and receives
 *    theirs. After step t it has heard, directly or not, from every rank of the runs of its
 *    aligned k^(t + 1) survivors; after the last step from every rank.
 * 3. The leader sends a token to each member, whose request completes on receiving it.
 *
 * @par Trace, p = 7, radix 2 (a -> b: token from a to b)
 * @verbatim
   pofk = 4, runs [0 1] [2 3] [4 5] [6]: survivors 0, 2, 4, 6
   phase 1:          1 -> 0, 3 -> 2, 5 -> 4
   step 0 (span 1):  0 <-> 2, 4 <-> 6      0 and 2 know {0 1 2 3}, 4 and 6 {4 5 6}
   step 1 (span 2):  0 <-> 4, 2 <-> 6      every survivor knows all
   phase 3:          0 -> 1, 2 -> 3, 4 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibarrier_recexch_p6.svg
 * @image html ibarrier_recexch_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. (log_k pofk + 2) alpha where the k - 1 messages of a step
 * overlap (the two extra: to and from the leader when p is not a power of k), up to
 * ((k - 1) log_k pofk + 2 (k - 1)) alpha where a leader's messages go one after another.
 *
 * @par Restrictions
 * None: any p >= 1; the radix must be the same on every rank.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (k - 1) (log_k pofk + 1) steps at most) plus 300
 * bytes, until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (recursive doubling, with the ranks beyond a power of two folded
 * in); M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce:
 * Now with simulation", Parallel Computing 69, 2017 (groups of k); MPICH
 * src/mpi/coll/ibarrier (tsp_recexch, an iallreduce of no data).
 */
#ifndef COLLALG_IBARRIER_RECEXCH_H
#define COLLALG_IBARRIER_RECEXCH_H

#include "../core/persistent.h"
#include "../schedule/recexch.h"

/**
 * @def COLLALG_IBARRIER_RECEXCH_RADIX_DEFAULT
 * @brief The radix radix 0 selects in collalg_ibarrier_recexch(): 2, as MPICH's
 *        `MPIR_CVAR_IBARRIER_RECEXCH_KVAL`. Define it before the include to change it.
 */
#ifndef COLLALG_IBARRIER_RECEXCH_RADIX_DEFAULT
#define COLLALG_IBARRIER_RECEXCH_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_ibarrier_recexch() (@p persistent 0) and of
 *         collalg_barrier_init_recexch() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibarrier_recexch(MPI_Comm comm, MPI_Request *request, int radix, int persistent)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    int p, rank, k = radix ? radix : COLLALG_IBARRIER_RECEXCH_RADIX_DEFAULT, err;
    collalg__ctx_init(&c, comm);
    err = collalg__nbc_enter(&c, MPI_SUCCESS, request, &p, &rank);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    COLLALG__NBC_BUILD(err, op, collalg__ibarrier_recexch_steps, (rank, p, k));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, NULL, MPI_BYTE);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibarrier by recursive exchange: the request completes on each rank only after every
 *        rank of @p comm has started the barrier.
 * @param comm    intracommunicator
 * @param request out: the request (complete it with MPI_Wait / MPI_Test; see core/nbc.h for
 *                who advances it)
 * @param radix   k >= 2, the size of the exchange groups (2: recursive doubling); 0 selects
 *                COLLALG_IBARRIER_RECEXCH_RADIX_DEFAULT (2); a radix above p acts as p; the same
 *                on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p radix is negative or 1 (nothing is sent); MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Errors of later steps come back through the request.
 */
COLLALG_INLINE int collalg_ibarrier_recexch(MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__ibarrier_recexch(comm, request, radix, 0);
}

/**
 * @brief MPI_Barrier_init by the algorithm of collalg_ibarrier_recexch(): a persistent request
 *        whose every collalg_start() runs that schedule once (core/persistent.h).
 * @copydetails collalg_ibarrier_recexch()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_barrier_init_recexch(MPI_Comm comm, MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__ibarrier_recexch(comm, request, radix, 1);
}

#endif /* COLLALG_IBARRIER_RECEXCH_H */
