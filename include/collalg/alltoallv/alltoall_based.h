/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file alltoall_based.h
 * @ingroup alltoallv
 * @brief Alltoallv, all-to-all based scheduling algorithm of CC-MPI (Karwande, Yuan &
 *        Lowenthal, PPoPP 2003), named in Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Alltoallv".
 *
 * @par Phases
 * 1. Own block copied locally.
 * 2. Every rank learns the whole message matrix: one MPI_Allgather, on the private
 *    communicator, of each rank's row of message sizes in bytes (as long long).
 * 3. Every rank computes the same schedule (schedule/alltoallv.h,
 *    collalg__alltoallv_alltoall_based_schedule): the phases of a contention-free all-to-all
 *    schedule, on one switch the steps of the pair schedule (schedule/common.h: XOR for powers of
 *    two, the circle 1-factorisation otherwise; p - 1 steps for even p, p for odd p). Each
 *    phase carries every non-empty message of its permutation; a phase whose messages are all
 *    empty is dropped (every rank knows the matrix, so all drop the same phases).
 * 4. Phase by phase, one send-receive per rank (either side idle when its message is empty),
 *    with the light-weight barrier (core/phase_sync.h) between the remaining phases.
 *
 * Against greedy.h: at most p phases instead of up to 2p - 3, no sort, but a large message
 * does not choose its companions.
 *
 * @par Trace, p = 3 (message sizes in bytes; a -> b: a sends its block for b)
 * @verbatim
   bytes    to 0  to 1  to 2       pair steps (p odd): 0: 1 <-> 2   1: 0 <-> 1   2: 0 <-> 2
   from 0     -     8     2
   from 1     4     -     0        step 0: 1 -> 2 and 2 -> 1 both empty: dropped
   from 2     8     0     -
   phase 0 (step 1):  0 -> 1 (8),  1 -> 0 (4)
   light barrier (0 ~> 2: receiver 0's token to its next sender 2; 2 ~> 0)
   phase 1 (step 2):  0 -> 2 (2),  2 -> 0 (8)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_alltoall_based_p6.svg
 * @image html alltoallv_alltoall_based_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, F kept phases (at most p) and n_f bytes the largest message of phase f:
 * alpha lg p + 8 p^2 beta (the allgather of the p x p matrix of 8-byte sizes, roughly) +
 * sum over f of (alpha + n_f beta) + (F - 1) delta_l + kappa_s + kappa_l, plus O(p^2) local
 * work on every rank.
 *
 * @par Restrictions
 * Any p up to 46340 (COLLALG_ALLTOALLV_MAX_P; beyond, MPI_ERR_NO_MEM), any counts and
 * displacements, any datatypes, MPI_IN_PLACE. The contention-free phases are those of a single
 * switch: link contention in a switch tree (CC-MPI's topology-specific phases) is out of scope,
 * since no topology description exists yet in the catalogue.
 *
 * @par Memory
 * One scratch block of 8 (p^2 + p) bytes (the byte matrix and this rank's row) and
 * 4 (p^2 + 5 p) bytes (phase matrix, step numbering, this rank's peers): about 12 p^2 bytes,
 * 12 MiB at p = 1024; plus, when sendbuf is MPI_IN_PLACE, a copy of the span of recvbuf the
 * receive blocks cover.
 *
 * @par References
 * A. Karwande, X. Yuan, D. K. Lowenthal, "CC-MPI: A Compiled Communication Capable MPI
 * Prototype for Ethernet Switched Clusters", PPoPP 2003 (the all-to-all based algorithm);
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Alltoallv; H. Pritchard et al., CUG 2004
 * (edge-colouring pairing for p not a power of two).
 */
#ifndef COLLALG_ALLTOALLV_ALLTOALL_BASED_H
#define COLLALG_ALLTOALLV_ALLTOALL_BASED_H

#include "../family/alltoallv.h"

/**
 * @brief MPI_Alltoallv by the all-to-all based scheduling algorithm of CC-MPI.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG (a
 *         NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM when
 *         the schedule's scratch or the in-place staging cannot be allocated, or p >
 *         COLLALG_ALLTOALLV_MAX_P; or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_alltoall_based(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                    const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallv_scheduled(&c, &v, COLLALG_ALLTOALLV_ALLTOALL_BASED);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_ALLTOALL_BASED_H */
