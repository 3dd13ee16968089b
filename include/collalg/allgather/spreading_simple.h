/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file spreading_simple.h
 * @ingroup allgather
 * @brief Allgather, spreading simple algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgather", spreading simple algorithm).
 *
 * @par Phases
 * As simple.h (own-block copy, then all p - 1 receives and p - 1 sends of the own block posted
 * at once and waited for), but rank j posts its sends in the order j + 1, j + 2, ...,
 * j + p - 1 (mod p) and its receives in the order j - 1, j - 2, ..., j - p + 1 (mod p): the
 * i-th message of every rank goes to a different destination, which may reduce node
 * contention.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_spreading_simple_p6.svg
 * @image html allgather_spreading_simple_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * (p - 1)(alpha + n beta) + kappa_n + kappa_s + kappa_l, the kappa terms possibly smaller than
 * for simple.h.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request and MPI_Status.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather ("work exactly like their
 * all-to-all counterparts"), "Spreading Simple algorithm".
 */
#ifndef COLLALG_ALLGATHER_SPREADING_SIMPLE_H
#define COLLALG_ALLGATHER_SPREADING_SIMPLE_H

#include "simple.h"

/**
 * @brief MPI_Allgather by the spreading simple algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler. Also MPI_ERR_NO_MEM when the request array cannot be allocated.
 */
COLLALG_INLINE int collalg_allgather_spreading_simple(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                      void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                      MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_simple_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 1);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_SPREADING_SIMPLE_H */
