/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/alltoall/k_bruck.h
 * @ingroup alltoall
 * @brief Alltoall, Bruck's index algorithm with radix k (MPICH's alltoall `k_brucks`), for any
 *        p: ceil(log_k p) rounds of up to k - 1 messages each way, every block moved one base-k
 *        digit of its distance per round.
 *
 * The blocking form of collalg_ialltoall_k_bruck(): the same schedule
 * (collalg__ialltoall_k_bruck_steps(), schedule/icoll_alltoall.h; phases, invariant and trace
 * there) run to completion in place (collalg__nbc_run(), core/nbc.h: the executor's steps,
 * MPI_Waitsome on the messages in flight, COLLALG_TAG_DATA on the private communicator, no
 * request).
 *
 * @par Phases
 * 1. Rotation: block j of a p-block scratch is the block for rank (rank + j) mod p.
 * 2. Rounds of span d = 1, k, k^2, ... below p: for each digit value v = 1 .. k - 1 with v d < p,
 *    the scratch blocks j whose base-k digit at d is v are packed, sent to rank + v d and
 *    replaced by the pack from rank - v d; the k - 1 messages of a round each way are in flight
 *    together.
 * 3. Inverse rotation: scratch block j is the receive buffer's block (rank - j) mod p.
 * Radix 2 moves the blocks of collalg_alltoall_bruck(); a radix >= p is one round of p - 1
 * messages each way (a linear exchange through the scratch).
 *
 * A trace for p = 5, radix 3 is on collalg_ialltoall_k_bruck()'s page.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_k_bruck_p6.svg
 * @image html alltoall_k_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sendcount * size of sendtype bytes per block.
 * collalg_ialltoall_k_bruck()'s: ceil(log_k p) alpha + about ceil(log_k p) (k - 1)/k p n beta in
 * the k-port model, plus about (2 + 2 ceil(log_k p) (k - 1)/k) p n bytes of local copies. Against
 * radix 2 (collalg_alltoall_bruck(), ceil(lg p) rounds of p / 2 blocks), a radix of 4 halves the
 * rounds and moves each block over fewer of them: the small-block algorithm for large p.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0; the radix must be the same on every
 * rank.
 *
 * @par Memory
 * collalg_ialltoall_k_bruck()'s scratch ((p + 2 M) blocks, M <= p - 1) and schedule, during the call.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997 (the index
 * algorithm with radix r in the k-port model); MPICH src/mpi/coll/alltoall/alltoall_intra_k_brucks.c.
 */
#ifndef COLLALG_ALLTOALL_K_BRUCK_H
#define COLLALG_ALLTOALL_K_BRUCK_H

#include "../ialltoall/k_bruck.h"

/**
 * @brief MPI_Alltoall by Bruck's index algorithm with radix k.
 *
 * @alltoall_args
 * @param[in] radix k >= 2, the messages a rank sends per round plus one (2: the rounds of
 *        collalg_alltoall_bruck()); 0 selects COLLALG_IALLTOALL_K_BRUCK_RADIX_DEFAULT (2, as
 *        MPICH's); a radix above p acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG when @p radix is negative or 1 (before any
 *         message); MPI_ERR_NO_MEM when the scratch or the schedule cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__ialltoall_k_bruck(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &none, radix,
                                      COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLTOALL_K_BRUCK_H */
