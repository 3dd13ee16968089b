/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/allgatherv/circulant.h
 * @ingroup allgatherv
 * @brief Allgatherv as p simultaneous circulant-graph broadcasts of one block each (Träff's
 *        all-broadcast with n = 1): collalg_allgather_circulant() on irregular blocks,
 *        ceil(lg p) rounds over the skips of the circulant graph, every block straight into its
 *        place.
 *
 * The blocking form of collalg_iallgatherv_circulant(): the same schedule
 * (collalg__iallgatherv_circulant_steps(), schedule/icoll.h; phases and trace there) run to
 * completion in place (collalg__nbc_run(), core/nbc.h). Each round sends the run of m blocks the
 * rank holds to rank + skip[k], one message per block (the blocking allgather sends a run in one
 * or two messages: its blocks lie back to back).
 *
 * @image html allgatherv_circulant_p6.svg
 * @image html allgatherv_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sum(recvcounts) elements in bytes. ceil(lg p)
 * rounds, each as long as its heaviest run of blocks: for equal blocks ceil(lg p) alpha +
 * (p - 1)/p n beta where the messages of a round (to one peer) pipeline, up to (p - 1) alpha
 * where each pays its own latency. Against allgatherv bruck (also ceil(lg p) rounds), no scratch
 * and no rotation: the blocks land in place.
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer.
 *
 * @par Memory
 * The schedule (about 60 bytes per step, 2 (p - 1) + 1 steps, and 300 bytes), during the call.
 *
 * @par References
 * J. L. Träff, "Optimal broadcast schedules in logarithmic time with applications to broadcast,
 * all-broadcast, reduction and all-reduction", arXiv 2407.18004, all-broadcast section (here with
 * one block per root, blocks of any size); MPICH src/mpi/coll/allgather/allgather_intra_circ_graph.c
 * (the regular allgather).
 */
#ifndef COLLALG_ALLGATHERV_CIRCULANT_H
#define COLLALG_ALLGATHERV_CIRCULANT_H

#include "../iallgatherv/circulant.h"

/**
 * @brief MPI_Allgatherv by p simultaneous one-block circulant-graph broadcasts.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (NULL arrays), MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER for bad arguments; MPI_ERR_NO_MEM when the schedule cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_allgatherv_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__iallgatherv_circulant(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                          &none, COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLGATHERV_CIRCULANT_H */
