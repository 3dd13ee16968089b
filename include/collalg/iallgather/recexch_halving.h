/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgather/recexch_halving.h
 * @ingroup nonblocking
 * @brief MPI_Iallgather, recursive exchange of radix k with distance halving (MPICH's iallgather
 *        tsp_recexch_halving): collalg_iallgather_recexch_doubling()'s groups with the spans in
 *        the reverse order, the farthest group first.
 *
 * @par Phases
 * The survivors, runs and leaders of collalg_iallgather_recexch_doubling() (pofk = the largest
 * power of k <= p, s = log_k pofk steps).
 * 1. A member sends its block to its leader.
 * 2. Steps t = 0 .. s - 1 of span k^(s - 1 - t): the survivors that differ in base-k digit
 *    s - 1 - t only form a group of k and exchange what they hold. Before step t a survivor
 *    holds the runs of the k^t survivors that differ from it in the t highest digits: a strided
 *    set of runs. They are worked on in scratch in which survivor g's run lies at slot rev(g),
 *    rev() reversing the s base-k digits: there the held runs are k^t consecutive slots, so
 *    every message is one piece. At the end the runs are copied to their places in the receive
 *    buffer.
 * 3. The leader sends the whole scratch to each member, which copies it out as well.
 * Halving and doubling move the same data; halving's largest messages (its last step) go
 * between the nearest survivors (span 1), which suits a network where consecutive ranks share
 * the faster links; doubling's go over the farthest span.
 *
 * @par Trace, p = 7, radix 2 (blocks held by the survivors)
 * @verbatim
   pofk = 4, runs [0 1] [2 3] [4 5] [6]: survivors 0, 2, 4, 6 (g = 0 .. 3)
   slots (rev): 0: run 0 (ranks 0 1)  1: run 2 (4 5)  2: run 1 (2 3)  3: run 3 (6)
   phase 1:          1 -> 0, 3 -> 2, 5 -> 4         0: 0-1  2: 2-3  4: 4-5  6: 6
   step 0 (span 2):  0 <-> 4, 2 <-> 6               0, 4: 0-1 4-5   2, 6: 2-3 6
   step 1 (span 1):  0 <-> 2, 4 <-> 6               all: 0-6 (slots 0-3)
   phase 3:          0 -> 1, 2 -> 3, 4 -> 5 (slots 0-3); everyone copies the slots out
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgather_recexch_halving_p6.svg
 * @image html iallgather_recexch_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = p recvcount elements of the result. As
 * collalg_iallgather_recexch_doubling(): log_k pofk alpha (overlapped) + n (pofk - 1) / pofk
 * beta, 2 alpha and up to (k - 1) n beta more when p is not a power of k; plus the local copy of
 * the own block in and of the n elements out of the scratch.
 *
 * @par Restrictions
 * None: any p >= 1; the radix must be the same on every rank.
 *
 * @par Memory
 * n elements of scratch (the result in slot order; none when pofk <= k, where the slots are in
 * rank order and the receive buffer is used), plus about 60 bytes per step
 * (2 (k - 1) (log_k pofk + 1) + p steps at most) and 300 bytes, until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (recursive doubling and halving); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (groups of k); MPICH src/mpi/coll/iallgather (tsp_recexch, distance halving).
 */
#ifndef COLLALG_IALLGATHER_RECEXCH_HALVING_H
#define COLLALG_IALLGATHER_RECEXCH_HALVING_H

#include "recexch_doubling.h"

/**
 * @brief MPI_Iallgather by recursive exchange of radix k, spans k^(s - 1), ..., k, 1.
 * @copydetails collalg_iallgather_recexch_doubling()
 */
COLLALG_INLINE int collalg_iallgather_recexch_halving(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                      MPI_Comm comm, MPI_Request *request, int radix)
{
    return collalg__iallgather_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                       1, 0);
}

/**
 * @brief MPI_Allgather_init by the algorithm of collalg_iallgather_recexch_halving(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h).
 * @copydetails collalg_iallgather_recexch_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgather_init_recexch_halving(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                          void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                          MPI_Comm comm, MPI_Info info, MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallgather_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request, radix,
                                       1, 1);
}

#endif /* COLLALG_IALLGATHER_RECEXCH_HALVING_H */
