/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ring.h
 * @ingroup alltoallw
 * @brief Alltoallw, ring algorithm: the alltoallv ring (Faraj & Yuan, ICS'05, §3.1) with a count,
 *        a datatype and a byte displacement per peer.
 *
 * @par Phases
 * Phase 0 copies the rank's own block locally (its send type to its receive type). In phase
 * i = 1 .. p-1, rank j sends its block for rank (j + i) mod p and receives the block of rank
 * (j - i) mod p, in one send-receive; a side whose message has zero bytes is skipped
 * (MPI_PROC_NULL: the peer knows the same size and skips it too). Invariant: after phase i, rank
 * j holds the blocks of ranks j, j - 1, ..., j - i; each rank receives from at most one sender
 * per phase. Nothing keeps the phases in step.
 *
 * @par Trace, p = 6 (a -> b: a sends its block for b)
 * @verbatim
   phase 1:  0 -> 1,  1 -> 2,  2 -> 3,  3 -> 4,  4 -> 5,  5 -> 0
   phase 2:  0 -> 2,  1 -> 3,  2 -> 4,  3 -> 5,  4 -> 0,  5 -> 1
   phase 3:  0 -> 3,  1 -> 4,  2 -> 5,  3 -> 0,  4 -> 1,  5 -> 2
   phase 4:  0 -> 4,  1 -> 5,  2 -> 0,  3 -> 1,  4 -> 2,  5 -> 3
   phase 5:  0 -> 5,  1 -> 0,  2 -> 1,  3 -> 2,  4 -> 3,  5 -> 4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallw_ring_p6.svg
 * @image html alltoallw_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n_i bytes the largest message of phase i:
 * sum over i = 1 .. p-1 of (alpha + n_i beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l;
 * for equal messages of n bytes, (p - 1)(alpha + n beta) + (p - 2) theta + ...
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included), byte displacements and datatypes per peer,
 * MPI_IN_PLACE (the receive blocks are staged).
 *
 * @par Memory
 * No scratch, except, when sendbuf is MPI_IN_PLACE, a copy of the span of recvbuf the receive
 * blocks touch.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (ring family) and for MPI_Alltoallv.
 */
#ifndef COLLALG_ALLTOALLW_RING_H
#define COLLALG_ALLTOALLW_RING_H

#include "../family/alltoallw.h"

/**
 * @brief The ring phases: phase 0 the local copy, phase i sends to rank + i and receives from
 *        rank - i (zero-byte sides skipped). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_ring_phases(const collalg__ctx *c, const collalg__alltoallw_view *v)
{
    int i, p = c->size, me = c->rank, err = collalg__alltoallw_self_copy(c, v);
    for (i = 1; i < p && err == MPI_SUCCESS; i++)
        err = collalg__alltoallw_exchange(c, v, collalg__ring_to(me, p, i), collalg__ring_from(me, p, i));
    return err;
}

/**
 * @brief MPI_Alltoallw by the ring algorithm.
 *
 * @param[in] sendbuf send buffer, or MPI_IN_PLACE (then the send arguments are ignored and the
 *        data to send is taken from @p recvbuf, with the receive counts, displacements and types)
 * @param[in] sendcounts p counts: elements of sendtypes[j] sent to rank j
 * @param[in] sdispls p displacements in bytes from @p sendbuf: where the block for rank j starts
 * @param[in] sendtypes p datatypes: the type of the block for rank j
 * @param[out] recvbuf receive buffer
 * @param[in] recvcounts p counts: elements of recvtypes[i] received from rank i
 * @param[in] rdispls p displacements in bytes from @p recvbuf: where the block from rank i goes
 * @param[in] recvtypes p datatypes: the type of the block from rank i
 * @param[in] comm intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (a NULL counts, displacements or types array),
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments (family/alltoallw.h);
 *         MPI_ERR_NO_MEM when the in-place staging cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallw_ring(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                          const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                          const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallw_view v;
    int err = collalg__alltoallw_start(&c, &v, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                       recvtypes, comm, 1);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallw_ring_phases(&c, &v);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLW_RING_H */
