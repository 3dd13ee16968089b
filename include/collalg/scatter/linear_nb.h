/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear_nb.h
 * @ingroup scatter
 * @brief Scatter, linear with a bounded number of sends in flight (Open MPI's linear_nb scatter).
 *
 * @par Phases
 * As linear.h (the root first copies its own block; nothing with MPI_IN_PLACE), but the root keeps at most @p max_requests sends in flight: its sends to ranks 0,
 * 1, ..., p - 1 (itself skipped) take request slots in turn, and the send to the j-th rank first
 * waits for the send posted max_requests sends before it (the slot's previous one). After the
 * loop the root waits for the last sends.
 * Every other rank receives its block. Invariant: at most max_requests sends are pending at the
 * root, so its memory and the MPI library's request and unexpected-message resources stay bounded
 * for any p.
 *
 * @par Trace, p = 6, root 2, max_requests = 2 (a -> b: a sends b its block)
 * @verbatim
   2 -> 0,  2 -> 1          (slots 0 and 1)
   wait 2 -> 0;  2 -> 3     (slot 0)
   wait 2 -> 1;  2 -> 4     (slot 1)
   wait 2 -> 3;  2 -> 5     (slot 0); then wait for 2 -> 4 and 2 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatter_linear_nb_p6.svg
 * @image html scatter_linear_nb_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes (one rank's block):
 * (p - 1)(alpha + n beta) at the root, as linear.h; with a small max_requests the root also waits
 * for each send's completion before reusing its slot, which adds latency when sends complete only
 * on a matching receive (rendezvous).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root.
 *
 * @par Memory
 * min(max_requests, p - 1) MPI_Request at the root, none elsewhere.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_scatter.c (ompi_coll_base_scatter_intra_linear_nb, after
 * the linear_nb broadcast's bounded requests).
 */
#ifndef COLLALG_SCATTER_LINEAR_NB_H
#define COLLALG_SCATTER_LINEAR_NB_H

#include "../family/scatter.h"

/**
 * @brief MPI_Scatter by the linear algorithm with at most @p max_requests sends in flight.
 *
 * @param sendbuf      the root's send buffer, p blocks of @p sendcount elements of @p sendtype in
 *                     rank order (significant at the root only)
 * @param sendcount    elements of @p sendtype per block (root only)
 * @param sendtype     datatype of the sent elements (root only)
 * @param recvbuf      this rank's block (MPI_IN_PLACE at the root: its block stays in @p sendbuf)
 * @param recvcount    elements of @p recvtype in the block
 * @param recvtype     datatype of the block's elements
 * @param root         rank that scatters, 0 <= root < p
 * @param comm         intracommunicator
 * @param max_requests most sends in flight at the root, >= 1; 0 selects
 *                     COLLALG_SCATTER_MAX_REQUESTS_DEFAULT (32)
 * @return MPI_SUCCESS; MPI_ERR_ARG when @p max_requests is negative; MPI_ERR_COMM, MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ROOT for bad arguments (family/scatter.h); MPI_ERR_NO_MEM when the root's
 *         requests cannot be allocated; or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_linear_nb(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,
                                             int max_requests)
{
    collalg__ctx c;
    int err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS && max_requests < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__scatter_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                                            max_requests ? max_requests : COLLALG_SCATTER_MAX_REQUESTS_DEFAULT);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_LINEAR_NB_H */
