/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/recexch_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, recursive exchange of radix k with distance doubling (MPICH's iallgather
 *        tsp_recexch_doubling): in each step a rank exchanges what it holds with the k - 1 other
 *        members of its k-ary group, the groups' spans growing 1, k, k^2, ...
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p ranks take part (the survivors); the
 * p ranks are cut into pofk runs of 1 .. k consecutive ranks, the first rank of each (its
 * leader) a survivor (collalg__recmult, schedule/kradix.h).
 * 1. A member sends its block to its leader.
 * 2. Steps t = 0 .. log_k pofk - 1 (span k^t): the survivors that differ in base-k digit t only
 *    form a group of k; each sends the blocks it holds (the runs of its aligned k^t survivors,
 *    consecutive ranks, one piece of the receive buffer) to the k - 1 others and receives
 *    theirs. After the step it holds the runs of k^(t + 1) survivors; after the last all.
 * 3. The leader sends the whole result to each member.
 * The blocks are worked on in the receive buffer itself (an allgather's blocks lie back to back
 * in rank order). collalg_iallgather_recexch_halving() runs the spans the other way round.
 *
 * @par Trace, p = 7, radix 2 (blocks held by the survivors)
 * @verbatim
   pofk = 4, runs [0 1] [2 3] [4 5] [6]: survivors 0, 2, 4, 6
   phase 1:          1 -> 0, 3 -> 2, 5 -> 4         0: 0-1  2: 2-3  4: 4-5  6: 6
   step 0 (span 1):  0 <-> 2, 4 <-> 6               0, 2: 0-3   4, 6: 4-6
   step 1 (span 2):  0 <-> 4, 2 <-> 6               all: 0-6
   phase 3:          0 -> 1, 2 -> 3, 4 -> 5 (0-6)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_recexch_doubling_p6.svg
 * @image html iallgather_recexch_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements of the result. The steps:
 * log_k pofk alpha where the k - 1 messages of a step overlap ((k - 1) log_k pofk alpha where
 * they go one after another) + n (pofk - 1) / pofk beta received, whichever the radix. When p is
 * not a power of k: 2 alpha more, and a leader sends the whole result to each of its up to
 * k - 1 members, (k - 1) n beta at most.
 *
 * @par Restrictions
 * None: any p >= 1; the radix must be the same on every rank.
 *
 * @par Memory
 * The operation: about 60 bytes per step (2 (k - 1) (log_k pofk + 1) steps at most) plus 300
 * bytes, until the request completes; no scratch.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (recursive doubling allgather); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (groups of k); MPICH src/mpi/coll/iallgather (tsp_recexch).
 */
#ifndef COLLALG_IALLGATHER_RECEXCH_DOUBLING_H
#define COLLALG_IALLGATHER_RECEXCH_DOUBLING_H

#include "../core/persistent.h"
#include "../schedule/recexch.h"

/**
 * @def COLLALG_IALLGATHER_RECEXCH_RADIX_DEFAULT
 * @brief The radix radix 0 selects in collalg_iallgather_recexch_doubling() and
 *        collalg_iallgather_recexch_halving(): 2, as MPICH's `MPIR_CVAR_IALLGATHER_RECEXCH_KVAL`.
 *        Define it before the include to change it.
 */
#ifndef COLLALG_IALLGATHER_RECEXCH_RADIX_DEFAULT
#define COLLALG_IALLGATHER_RECEXCH_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_iallgather_recexch_doubling() (@p halving 0) and
 *         collalg_iallgather_recexch_halving() (1), nonblocking (@p persistent 0) or persistent
 *         (1): checks (the radix too), schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgather_recexch(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm,
                                               MPI_Request *request, int radix, int halving, int persistent)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, err = MPI_SUCCESS;
    int k = radix ? radix : COLLALG_IALLGATHER_RECEXCH_RADIX_DEFAULT;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__check_transport(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    COLLALG__NBC_BUILD(err, op, collalg__iallgather_recexch_steps,
                       (rank, p, sendcount, recvcount, inplace, k, halving));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Iallgather by recursive exchange of radix k, spans 1, k, k^2, ...
 * @param sendbuf   @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                  already at offset rank * recvcount of @p recvbuf)
 * @param sendcount elements sent by each rank (>= 0)
 * @param sendtype  committed datatype of @p sendbuf
 * @param recvbuf   p blocks of @p recvcount elements of @p recvtype; block j (at element
 *                  j * recvcount) is rank j's contribution
 * @param recvcount elements received from each rank (>= 0)
 * @param recvtype  committed datatype of @p recvbuf
 * @param comm      intracommunicator
 * @param request   out: the request (see core/nbc.h for who advances it)
 * @param radix     k >= 2, the size of the exchange groups (2: recursive doubling); 0 selects
 *                  COLLALG_IALLGATHER_RECEXCH_RADIX_DEFAULT (2); a radix above p acts as p; the
 *                  same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_ARG when @p radix is negative or 1 (nothing is sent); MPI_ERR_NO_MEM; or the
 *         error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgather_recexch_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                       MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__iallgather_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                       0, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_recexch_doubling(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_iallgather_recexch_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_recexch_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                           void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                           MPI_Comm comm, MPI_Info info, MPI_Request *request,
                                                           int radix)
{
    (void)info;
    return collalg__iallgather_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                       0, 1);
}

#endif /* COLLALG_IALLGATHER_RECEXCH_DOUBLING_H */
