/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup barrier
 * @brief Barrier, the synchronisation of the shared-memory family (Pritchard et al., "Leveraging
 *        Shared Memory for MPI Collectives", §3).
 *
 * @par Phases
 * 1. MPI_Win_sync on the node's shared window (machine/shm.h); 2. MPI_Barrier on the node
 * communicator; 3. MPI_Win_sync. Pritchard et al. let ranks wait on flags in the shared
 * buffer; waiting on memory is ruled out here (SimGrid runs all ranks in one process without
 * preemption, and a spinning rank would never yield), so the flag wait becomes the node
 * communicator's barrier, and the window syncs make every store a rank made into the window
 * before the barrier visible to every rank after it.
 *
 * @par Trace, p = 3
 * @verbatim
   0, 1, 2: Win_sync, then the node barrier, then Win_sync; no rank leaves before all entered
   @endverbatim
 *
 * @par Cost
 * p ranks of one node: one barrier of the node communicator (ceil(lg p) alpha with a
 * dissemination barrier).
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank.
 *
 * @par Memory
 * The cached window of the family (2 #COLLALG_SHM_MAX_BYTES bytes per rank), allocated by the
 * first call of the family on the communicator; nothing per call.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §11.7 (MPI_Win_sync).
 */
#ifndef COLLALG_BARRIER_SHM_H
#define COLLALG_BARRIER_SHM_H

#include "../core/core.h"
#include "../machine/shm.h"

/**
 * @brief MPI_Barrier of the shared-memory family (one node only).
 *
 * @barrier_args
 * @return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL or an intercommunicator; MPI_ERR_ARG on
 *         every rank when @p comm spans more than one node; MPI_ERR_NO_MEM when the window's
 *         table cannot be allocated; or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_barrier_shm(MPI_Comm comm)
{
    collalg__ctx c;
    collalg__shm *s = NULL;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS)
        err = collalg__shm_sync(s);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_SHM_H */
