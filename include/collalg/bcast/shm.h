/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup bcast
 * @brief Bcast through the node's shared window (Pritchard et al., "Leveraging Shared Memory
 *        for MPI Collectives", §3: the root stores, one barrier, every rank copies out).
 *
 * @par Phases
 * The message, n bytes packed (count * size of datatype; dense types are used in place,
 * others are packed with MPI_Pack), moves in rounds of at most M = #COLLALG_SHM_MAX_BYTES bytes
 * (machine/shm.h). Each round: 1. the root copies the next piece into its half of the window;
 * 2. one synchronisation (MPI_Win_sync, MPI_Barrier on the node communicator, MPI_Win_sync);
 * 3. every other rank copies the piece out of the root's half. Consecutive rounds and calls
 * alternate halves, so the barrier of a round also tells the root that the piece before last
 * has been read. Non-dense types are unpacked at the end.
 *
 * @par Trace, p = 3, root 1, n <= M (one round)
 * @verbatim
   store:  1 writes its message into half h of region 1
   sync:   barrier of 0, 1, 2
   load:   0 and 2 copy half h of region 1 into their buffers
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, n bytes, M bytes per round: ceil(n / M) rounds, each one barrier
 * (about ceil(lg p) alpha with the dissemination barrier of MPICH) plus two copies of at most M
 * bytes per rank (gamma-like memory time; the root's store and each reader's load), none for
 * n = 0.
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank. Any size (pieces of M bytes), any root, any datatype.
 *
 * @par Memory
 * The cached window (2 M bytes per rank of shared memory, machine/shm.h); n bytes of scratch for
 * the packed message when the datatype is not dense.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3 (shared buffer, flags and one barrier); MPI-3.1 §11.2.3
 * (MPI_Win_allocate_shared), §11.7 (MPI_Win_sync and the separate memory model).
 */
#ifndef COLLALG_BCAST_SHM_H
#define COLLALG_BCAST_SHM_H

#include "../family/bcast.h"
#include "../machine/shm.h"

/** @brief The rounds of the shared-memory bcast. @return MPI error code. */
COLLALG_INLINE int collalg__bcast_shm_rounds(collalg__ctx *c, collalg__shm *s, void *buffer, int count,
                                             MPI_Datatype datatype, int root)
{
    collalg__shm_bytes b;
    MPI_Aint k, rounds, off, len;
    int err = collalg__shm_bytes_init(c, &b, buffer, count, datatype, c->rank == root);
    if (err != MPI_SUCCESS)
        return err;
    rounds = collalg__shm_rounds(b.len, s->bytes);
    for (k = 0; k < rounds && err == MPI_SUCCESS; k++) {
        off = k * s->bytes;
        len = b.len - off < s->bytes ? b.len - off : s->bytes;
        if (c->rank == root)
            collalg__shm_copy(collalg__shm_at(s, root), b.at + off, len);
        err = collalg__shm_sync(s);
        if (err == MPI_SUCCESS && c->rank != root)
            collalg__shm_copy(b.at + off, collalg__shm_at(s, root), len);
        collalg__shm_next(s);
    }
    if (err == MPI_SUCCESS && c->rank != root)
        err = collalg__shm_bytes_done(c, &b, buffer, count, datatype);
    return err;
}

/**
 * @brief MPI_Bcast through the node's shared window (one node only).
 *
 * @bcast_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG on every rank when @p comm spans more than one
 *         node; MPI_ERR_NO_MEM when scratch or the window's table cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_shm(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__shm *s = NULL;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_shm_rounds(&c, s, buffer, count, datatype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_SHM_H */
