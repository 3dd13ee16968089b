/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file greedy.h
 * @ingroup alltoallv
 * @brief Alltoallv, greedy scheduling algorithm of CC-MPI (Karwande, Yuan & Lowenthal, PPoPP
 *        2003), named in Faraj & Yuan, ICS'05, §3.1 "Algorithms for MPI_Alltoallv".
 *
 * @par Phases
 * 1. Own block copied locally.
 * 2. Every rank learns the whole message matrix: one MPI_Allgather, on the private
 *    communicator, of each rank's row of message sizes in bytes (sendcounts[j] times the size
 *    of sendtype, as long long: a message may pass INT_MAX bytes).
 * 3. Every rank computes the same schedule (schedule/alltoallv.h,
 *    collalg__alltoallv_greedy_schedule): the non-empty messages i -> j (i != j) sorted by size,
 *    largest first, ties by (i, j); each goes into the first phase in which its sender sends
 *    nothing yet and its receiver receives nothing yet. Every phase is a partial matching (no
 *    node contention), and the large messages share the early phases (load balance: a phase
 *    costs its largest message).
 * 4. Phase by phase, each rank sends its message of the phase (if any) and receives its message
 *    of the phase (if any) in one send-receive; between phases the light-weight barrier
 *    (core/phase_sync.h) with this rank's sender and receiver of the next phase keeps a receiver
 *    from getting a message of the next phase while still busy with this one.
 *
 * @par Trace, p = 3 (message sizes in bytes; a -> b: a sends its block for b)
 * @verbatim
   bytes    to 0  to 1  to 2       sorted: 0->1 (8), 2->0 (8), 1->0 (4), 0->2 (2)
   from 0     -     8     2        (1->2 and 2->1 are empty: never scheduled)
   from 1     4     -     0
   from 2     8     0     -
   phase 0:  0 -> 1 (8),  2 -> 0 (8)
   light barrier (0 ~> 1: receiver 0's token to its next sender 1; 2 ~> 0)
   phase 1:  1 -> 0 (4),  0 -> 2 (2)      (0 -> 2 could not go in phase 0: 0 was sending)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_greedy_p6.svg
 * @image html alltoallv_greedy_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, F phases (at most 2p - 3) and n_f bytes the largest message of phase f:
 * alpha lg p + 8 p^2 beta (the allgather of the p x p matrix of 8-byte sizes, roughly, for the
 * native allgather) + sum over f of (alpha + n_f beta) + (F - 1) delta_l + kappa_s + kappa_l,
 * plus the local schedule computation: O(p^2 lg p) for the sort and O(p^3 / 64) word
 * operations for the first-fit search, the same on every rank. Worth it when the messages are
 * large and uneven; for small messages the allgather dominates.
 *
 * @par Restrictions
 * Any p up to 46340 (COLLALG_ALLTOALLV_MAX_P: the message matrix is indexed by an int; beyond,
 * MPI_ERR_NO_MEM), any counts and displacements, any datatypes, MPI_IN_PLACE. The schedule
 * avoids node contention only: link contention inside a switch tree, which CC-MPI also
 * schedules around when it knows the topology, is out of scope, since no topology description
 * exists yet in the catalogue (on one switch there is none).
 *
 * @par Memory
 * One scratch block of 8 (p^2 + p) bytes (the byte matrix and this rank's row), 16 p ceil(p / 32)
 * bytes (busy bitmaps) and 4 (2 p^2 + 4 p) bytes (phase matrix, sorted order, this rank's
 * peers): about 16.5 p^2 bytes, 17 MiB at p = 1024; plus, when sendbuf is MPI_IN_PLACE, a copy
 * of the span of recvbuf the receive blocks cover.
 *
 * @par References
 * A. Karwande, X. Yuan, D. K. Lowenthal, "CC-MPI: A Compiled Communication Capable MPI
 * Prototype for Ethernet Switched Clusters", PPoPP 2003 (the greedy algorithm); A. Faraj,
 * X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines", ICS'05,
 * §3.1, Algorithms for MPI_Alltoallv.
 */
#ifndef COLLALG_ALLTOALLV_GREEDY_H
#define COLLALG_ALLTOALLV_GREEDY_H

#include "../family/alltoallv.h"

/**
 * @brief MPI_Alltoallv by the greedy scheduling algorithm of CC-MPI.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (a NULL counts or displacements array) for bad arguments (core/args.h);
 *         MPI_ERR_NO_MEM when the schedule's scratch or the in-place staging cannot be
 *         allocated, or p > COLLALG_ALLTOALLV_MAX_P; or the class of an error raised by an MPI
 *         call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_greedy(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                            const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallv_scheduled(&c, &v, COLLALG_ALLTOALLV_GREEDY);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_GREEDY_H */
