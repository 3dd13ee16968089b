/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file spreading_simple.h
 * @ingroup allgatherv
 * @brief Allgatherv, spreading simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgatherv": the allgather spreading simple algorithm extended to irregular blocks).
 *
 * @par Phases
 * As simple.h (own-block copy, then every receive and every send of the own block posted at
 * once and waited for; blocks of zero bytes skipped), but rank j posts its sends in the order
 * j + 1, j + 2, ..., j + p - 1 (mod p) and its receives in the order j - 1, j - 2, ...,
 * j - p + 1 (mod p): the i-th message of every rank goes to a different destination, which
 * may reduce node contention.
 *
 * @par Trace, p = 3 (a -> b: a sends its own block to b; order of posting)
 * @verbatim
   rank 0 sends to 1, 2;  rank 1 sends to 2, 0;  rank 2 sends to 0, 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_spreading_simple_p6.svg
 * @image html allgatherv_spreading_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j:
 * (p - 1)(alpha + max_j n_j beta) + kappa_n + kappa_s + kappa_l, the kappa terms possibly
 * smaller than for simple.h.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request and MPI_Status.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgatherv (extended from the
 * MPI_Allgather algorithms), "Spreading Simple algorithm".
 */
#ifndef COLLALG_ALLGATHERV_SPREADING_SIMPLE_H
#define COLLALG_ALLGATHERV_SPREADING_SIMPLE_H

#include "simple.h"

/**
 * @brief MPI_Allgatherv by the spreading simple algorithm.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); MPI_ERR_NO_MEM when the
 *         request array cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_spreading_simple(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, const int recvcounts[], const int displs[],
                                                       MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_simple_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                               1);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_SPREADING_SIMPLE_H */
