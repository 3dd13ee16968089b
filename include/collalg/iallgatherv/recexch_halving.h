/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/recexch_halving.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, recursive exchange of radix k with distance halving (MPICH's
 *        iallgatherv tsp_recexch_halving): collalg_iallgatherv_recexch_doubling()'s groups with
 *        the spans in the reverse order, the farthest group first.
 *
 * @par Phases
 * The survivors, runs and leaders of collalg_iallgatherv_recexch_doubling() (pofk = the largest
 * power of k <= p, s = log_k pofk steps).
 * 1. A member sends its block to its leader, which places it (and its own) in the scratch
 *    vector (sum(recvcounts) elements).
 * 2. Steps t = 0 .. s - 1 of span k^(s - 1 - t): the survivors that differ in base-k digit
 *    s - 1 - t only form a group of k and exchange what they hold. Before step t a survivor
 *    holds the runs of the k^t survivors that differ from it in the t highest digits, a strided
 *    set of runs at arbitrary displacements. In the scratch vector survivor g's run (its blocks
 *    back to back in rank order) lies at slot rev(g), rev() reversing the s base-k digits:
 *    there the held runs are k^t consecutive slots, so every message is one piece.
 * 3. The leader sends the whole vector to each member.
 * 4. Every rank copies each block from the vector to its place in the receive buffer.
 * Empty messages (zero counts) are left out. When s <= 1 the slots are in rank order and this
 * is collalg_iallgatherv_recexch_doubling() (the receive buffer is used when it can be).
 *
 * @par Trace, p = 5, radix 2, recvcounts {2, 0, 1, 1, 3} (held blocks, message sizes)
 * @verbatim
   pofk = 4, runs [0 1] [2] [3] [4]: survivors 0, 2, 3, 4 (g = 0 .. 3)
   slots (rev): 0: run 0 (ranks 0 1)  1: run 2 (3)  2: run 1 (2)  3: run 3 (4)
   phase 1:          1 -> 0 left out (0 elements)
   step 0 (span 2):  0 <-> 3 (2 | 1), 2 <-> 4 (1 | 3)     0, 3: 0-1 3   2, 4: 2 4
   step 1 (span 1):  0 <-> 2 (3 | 4), 3 <-> 4 (3 | 4)     all: slots 0-3
   phase 3:          0 -> 1 (7 elements); everyone copies the blocks out
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_recexch_halving_p6.svg
 * @image html iallgatherv_recexch_halving_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sum(recvcounts) elements. As
 * collalg_iallgatherv_recexch_doubling(), plus the local copies of the own block in and of the
 * n elements out of the scratch vector. Halving's largest messages (its last step) go between
 * the nearest survivors (span 1), doubling's over the farthest span.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer; the radix
 * must be the same on every rank.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype (none when s <= 1 and the blocks lie back to
 * back in rank order); plus the operation (about 60 bytes per step, at most
 * 2 (k - 1) (log_k pofk + 1) + p, and 300 bytes), until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (recursive doubling and halving); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (groups of k); MPICH src/mpi/coll/iallgatherv (tsp_recexch, distance halving).
 */
#ifndef COLLALG_IALLGATHERV_RECEXCH_HALVING_H
#define COLLALG_IALLGATHERV_RECEXCH_HALVING_H

#include "recexch_doubling.h"

/**
 * @brief MPI_Iallgatherv by recursive exchange of radix k, spans k^(s - 1), ..., k, 1.
 * @copydetails collalg_iallgatherv_recexch_doubling()
 */
COLLALG_INLINE int collalg_iallgatherv_recexch_halving(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, const int recvcounts[], const int displs[],
                                                       MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                                       int radix)
{
    return collalg__iallgatherv_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        request, radix, 1, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_recexch_halving(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h); the counts and displacements are read at the init.
 * @copydetails collalg_iallgatherv_recexch_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_recexch_halving(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                           void *recvbuf, const int recvcounts[], const int displs[],
                                                           MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                           MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallgatherv_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        request, radix, 1, 1);
}

#endif /* COLLALG_IALLGATHERV_RECEXCH_HALVING_H */
