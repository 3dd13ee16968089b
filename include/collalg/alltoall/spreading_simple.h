/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file spreading_simple.h
 * @ingroup alltoall
 * @brief Alltoall, spreading simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Spreading Simple
 *        algorithm").
 *
 * @par Phases
 * As simple.h (own block copied, everything posted at once, one wait), but rank i sends in the
 * order i -> i+1, i -> i+2, ..., i -> i+p-1 (mod p) and receives in the matching order from
 * i-1, i-2, ..., i-p+1. The k-th messages of all ranks go to p different receivers, so the
 * receivers are spread instead of every rank hitting rank 0 first: less node contention.
 *
 * @par Trace, p = 3 (a -> b: a sends its block for b; one line per rank, in posting order)
 * @verbatim
   rank 0:  0 -> 1,  0 -> 2
   rank 1:  1 -> 2,  1 -> 0
   rank 2:  2 -> 0,  2 -> 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_spreading_simple_p6.svg
 * @image html alltoall_spreading_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair:
 * (p - 1)(alpha + n beta) + kappa, with a smaller node-contention share of kappa than simple.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request handles; plus p * recvcount elements of recvtype when sendbuf is
 * MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Alltoall.
 */
#ifndef COLLALG_ALLTOALL_SPREADING_SIMPLE_H
#define COLLALG_ALLTOALL_SPREADING_SIMPLE_H

#include "simple.h"

/**
 * @brief MPI_Alltoall by the spreading simple algorithm.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when the request array or the in-place staging cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_alltoall_spreading_simple(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                     void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_post_all(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 1);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_SPREADING_SIMPLE_H */
