/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file spreading_simple.h
 * @ingroup alltoallv
 * @brief Alltoallv, spreading simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Alltoallv": the alltoallv version of the alltoall spreading simple algorithm).
 *
 * @par Phases
 * As simple.h (own block copied, every non-empty message posted at once, one wait), but rank i
 * sends in the order i -> i+1, i -> i+2, ..., i -> i+p-1 (mod p) and receives in the matching
 * order from i-1, i-2, ..., i-p+1. The k-th messages of all ranks go to p different receivers,
 * so the receivers are spread instead of every rank hitting rank 0 first. Zero-byte messages
 * are skipped by both sides.
 *
 * @par Trace, p = 3, rank 1 sends nothing to rank 2 (one line per rank, in posting order)
 * @verbatim
   rank 0:  0 -> 1,  0 -> 2
   rank 1:  1 -> 0                     (1 -> 2 is empty: skipped)
   rank 2:  2 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_spreading_simple_p6.svg
 * @image html alltoallv_spreading_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * As simple.h (for equal messages of n bytes, (p - 1)(alpha + n beta) + kappa), with a smaller
 * node-contention share of kappa.
 *
 * @par Restrictions
 * None: any p >= 1, any counts and displacements, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request handles; plus, when sendbuf is MPI_IN_PLACE, a copy of the span of
 * recvbuf the receive blocks cover.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Alltoall and for MPI_Alltoallv.
 */
#ifndef COLLALG_ALLTOALLV_SPREADING_SIMPLE_H
#define COLLALG_ALLTOALLV_SPREADING_SIMPLE_H

#include "simple.h"

/**
 * @brief MPI_Alltoallv by the spreading simple algorithm.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG (a
 *         NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM when
 *         the request array or the in-place staging cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_spreading_simple(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                      MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                      const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    int err = collalg__alltoallv_start(&c, &v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallv_post_all(&c, &v, 1);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_SPREADING_SIMPLE_H */
