/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pat.h
 * @ingroup allgatherv
 * @brief Allgatherv, PAT: Parallel Aggregated Trees (Jeaugey 2025, NCCL 2.23+): Bruck's
 *        concatenation with the dimensions reversed (far peers first, the largest step to the
 *        neighbour), its messages bounded to what a scratch buffer of a given size holds.
 *
 * The steps are allgather/pat.h's (schedule/pat.h), on blocks of recvcounts[t] elements at
 * displs[t]; the aggregation A is chosen for the largest block.
 *
 * @par Phases
 * D = ceil(lg p); a message carries at most A blocks (a power of two <= 2^(D-1), the largest
 * whose staging fits the bound), M = 2^D / A; offsets are relative to the rank.
 * - Phase 0: the own block to displs[rank] (sent with sendtype, stored with recvtype).
 * - High dimensions d = D - 1 .. lg M: rank y receives the blocks of ranks y + 2^d + j 2^(d+1)
 *   (offsets below p) from y + 2^d and sends those of y + j 2^(d+1) to y - 2^d.
 * - Groups c = 1 .. min(M, p) - 1: y receives the blocks of ranks y + c + j M from y + 2^h, h the
 *   lowest set bit of c, and sends those of y + c - 2^h + j M to y - 2^h.
 * A step of several blocks is packed into a staging area and unpacked from one (by their
 * counts); a step of one block goes straight from and to recvbuf. Invariant: after group c's
 * step, y holds the blocks of the offsets that are multiples of M and of groups 1 .. c.
 *
 * @par Trace, p = 6, A = 4, rank 0 (blocks received, by source rank)
 * @verbatim
   d=2: {4} from 4     d=1: {2} from 2     c=1: {1 3 5} from 1 (packed: counts[1] + counts[3] + counts[5])
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_pat_p6.svg
 * @image html allgatherv_pat_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, N = the sum of the blocks in bytes,
 * A the aggregation and M = 2^ceil(lg p) / A: (lg A + min(M, p) - 1) alpha + (N - own block)
 * beta + (steps - 1) theta + kappa, plus local copies of up to 2 N bytes when A > 1; the
 * messages are unbalanced as the blocks are.
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zeros included), any displacements, any datatypes,
 * MPI_IN_PLACE.
 *
 * @par Memory
 * 2 A max(recvcounts) elements of recvtype (their span) when A > 1, none when A = 1: at most
 * @p buffer bytes.
 *
 * @par References
 * S. Jeaugey, "PAT: a new algorithm for all-gather and reduce-scatter operations at scale",
 * arXiv:2506.20252, 2025, §3 and §4; NCCL src/include/collectives.h (PatAGAlgorithm).
 */
#ifndef COLLALG_ALLGATHERV_PAT_H
#define COLLALG_ALLGATHERV_PAT_H

#include "../allgather/pat.h"
#include "../family/allgatherv.h"

/**
 * @brief MPI_Allgatherv by PAT, Parallel Aggregated Trees (see the file comment).
 *
 * @allgatherv_args
 * @param[in] buffer bound in bytes of the staging scratch (packing and unpacking the blocks of a
 *        message); the messages carry as many blocks as it allows (for the largest block), a
 *        power of two. 0 selects #COLLALG_PAT_BUFFER_DEFAULT (1 MiB); a bound below four of the
 *        largest blocks gives one block per message (no scratch); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p buffer is negative (before any
 *         message and any write); MPI_ERR_NO_MEM when the staging areas cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_pat(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                          MPI_Comm comm, int buffer)
{
    collalg__ctx c;
    MPI_Aint rext = 0;
    int i, maxcount = 0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS && buffer < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);
    for (i = 0; err == MPI_SUCCESS && i < c.size; i++)
        maxcount = recvcounts[i] > maxcount ? recvcounts[i] : maxcount;
    if (err == MPI_SUCCESS)
        err = collalg__allgather_pat_run(&c, recvbuf, recvcounts, displs, 0, maxcount, recvtype, buffer);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_PAT_H */
