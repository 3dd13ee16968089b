/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup scatter
 * @brief Scatter through the node's shared window (the shared-memory family of machine/shm.h,
 *        after Pritchard et al., "Leveraging Shared Memory for MPI Collectives", §3): the root
 *        stores every rank's block in that rank's region, one barrier, every rank copies its
 *        block out.
 *
 * @par Phases
 * Each block is B packed bytes (recvcount * size of recvtype; gap-free types are used in place,
 * others packed with MPI_Pack: the root packs all of sendbuf once). It moves in rounds of at most
 * M = #COLLALG_SHM_MAX_BYTES bytes (machine/shm.h), ceil(B / M) of them, the same count on every
 * rank. Each round:
 * 1. the root copies the next piece of block r into the current half of rank r's region, for
 *    every rank r but itself;
 * 2. one synchronisation (MPI_Win_sync, MPI_Barrier on the node communicator, MPI_Win_sync);
 * 3. every rank but the root copies the piece out of its own half.
 * Consecutive rounds and calls alternate halves, so the root may store round k + 1 while a rank
 * still reads round k. A rank whose receive type has gaps unpacks at the end; the root copies its
 * own block directly (nothing in place).
 *
 * @par Trace, p = 6 on one node, root 2, B <= M (one round)
 * @verbatim
   store:  2 writes blocks 0, 1, 3, 4, 5 into half h of regions 0, 1, 3, 4, 5; copies its own
   sync:   barrier of 0 .. 5
   load:   ranks 0, 1, 3, 4, 5 copy half h of their own regions into recvbuf
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, n = B bytes per block, M bytes per round: ceil(n / M) rounds, each one
 * barrier (about ceil(lg p) alpha), a store of (p - 1) n bytes at the root and a load of n bytes
 * per rank in all (memory bandwidth, no message carries data).
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank, before any data moves. Any p >= 1, any root, any size (pieces of M bytes), any
 * datatypes with matching signatures, count 0, MPI_IN_PLACE at the root.
 *
 * @par Memory
 * The cached window (2 M bytes of shared memory per rank); p B bytes of scratch at the root when
 * its send type has gaps, B bytes at a rank whose receive type has gaps.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §11.2.3, §11.7.
 */
#ifndef COLLALG_SCATTER_SHM_H
#define COLLALG_SCATTER_SHM_H

#include "../family/scatter.h"
#include "../machine/shm.h"

/** @brief The rounds of the shared-memory scatter (see the file comment). @return MPI error code. */
COLLALG_INLINE int collalg__scatter_shm_rounds(collalg__ctx *c, collalg__shm *s, const void *sendbuf, int sendcount,
                                               MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                               MPI_Datatype recvtype, int root)
{
    collalg__shm_bytes sb = {NULL, 0, 0}, rb = {NULL, 0, 0};
    MPI_Aint k, rounds, off, len, b;
    int r, is_root = c->rank == root, err;
    if (is_root)
        err = collalg__shm_bytes_init(c, &sb, sendbuf, (MPI_Aint)c->size * sendcount, sendtype, 1);
    else
        err = collalg__shm_bytes_init(c, &rb, recvbuf, recvcount, recvtype, 0);
    if (err != MPI_SUCCESS)
        return err;
    b = is_root ? sb.len / c->size : rb.len;
    rounds = collalg__shm_rounds(b, s->bytes);
    for (k = 0; k < rounds && err == MPI_SUCCESS; k++) {
        off = k * s->bytes;
        len = b - off < s->bytes ? b - off : s->bytes;
        for (r = 0; r < c->size && is_root; r++)
            if (r != root)
                collalg__shm_copy(collalg__shm_at(s, r), sb.at + (MPI_Aint)r * b + off, len);
        err = collalg__shm_sync(s);
        if (err == MPI_SUCCESS && !is_root)
            collalg__shm_copy(rb.at + off, collalg__shm_at(s, s->me), len);
        collalg__shm_next(s);
    }
    if (err == MPI_SUCCESS && !is_root)
        err = collalg__shm_bytes_done(c, &rb, recvbuf, recvcount, recvtype);
    return err;
}

/**
 * @brief MPI_Scatter through the node's shared window (one node only).
 *
 * @param sendbuf   the root's send buffer, p blocks of @p sendcount elements of @p sendtype in
 *                  rank order (significant at the root only)
 * @param sendcount elements of @p sendtype per block (root only)
 * @param sendtype  datatype of the sent elements (root only)
 * @param recvbuf   this rank's block (MPI_IN_PLACE at the root: its block stays in @p sendbuf)
 * @param recvcount elements of @p recvtype in the block
 * @param recvtype  datatype of the block's elements
 * @param root      rank that scatters, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/scatter.h); MPI_ERR_ARG on every rank, @p recvbuf untouched, when
 *         @p comm spans more than one node; MPI_ERR_NO_MEM when scratch or the window's table
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_shm(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__shm *s = NULL;
    int err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS && c.rank == root) {
        MPI_Aint lb, ext;
        err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &ext);
        if (err == MPI_SUCCESS)
            err = collalg__scatter_own(&c, sendbuf, sendcount, sendtype, ext, recvbuf, recvcount, recvtype, root);
    }
    if (err == MPI_SUCCESS)
        err = collalg__scatter_shm_rounds(&c, s, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_SHM_H */
