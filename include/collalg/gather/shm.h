/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup gather
 * @brief Gather through the node's shared window (the shared-memory family of machine/shm.h,
 *        after Pritchard et al., "Leveraging Shared Memory for MPI Collectives", §3): every rank
 *        stores its block in its own region, one barrier, the root copies every block out.
 *
 * @par Phases
 * Each rank's block is B packed bytes (sendcount * size of sendtype; gap-free types are used in
 * place, others packed with MPI_Pack). It moves in rounds of at most M = #COLLALG_SHM_MAX_BYTES
 * bytes (machine/shm.h), ceil(B / M) of them, the same count on every rank. Each round:
 * 1. every rank but the root copies the next piece of its block into its own half of the window;
 * 2. one synchronisation (MPI_Win_sync, MPI_Barrier on the node communicator, MPI_Win_sync);
 * 3. the root copies the piece of every other rank r from r's half into block r (of recvbuf for a
 *    gap-free receive type, else of a packed copy that is unpacked block by block at the end).
 * Consecutive rounds and calls alternate halves, so a rank may store round k + 1 while the root
 * still reads round k. The root copies its own block directly (nothing in place).
 *
 * @par Trace, p = 6 on one node, root 2, B <= M (one round)
 * @verbatim
   store:  ranks 0, 1, 3, 4, 5 write their blocks into half h of their regions
   sync:   barrier of 0 .. 5
   load:   2 copies half h of regions 0, 1, 3, 4, 5 into blocks 0, 1, 3, 4, 5; its own block 2
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, n = B bytes per block, M bytes per round: ceil(n / M) rounds, each one
 * barrier (about ceil(lg p) alpha), a store of n bytes per rank and a load of (p - 1) n bytes at
 * the root in all (memory bandwidth, no message carries data).
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank, before any data moves. Any p >= 1, any root, any size (pieces of M bytes), any
 * datatypes with matching signatures, count 0, MPI_IN_PLACE at the root.
 *
 * @par Memory
 * The cached window (2 M bytes of shared memory per rank); B bytes of scratch at a rank whose send
 * type has gaps, p B bytes at the root when its receive type has gaps.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §11.2.3, §11.7.
 */
#ifndef COLLALG_GATHER_SHM_H
#define COLLALG_GATHER_SHM_H

#include "../family/gather.h"
#include "../machine/shm.h"

/** @brief The root's end of the gather rounds: blocks other than its own unpacked from the packed
 *         copy @p rb (nothing for a gap-free type). @return MPI error code. */
COLLALG_INLINE int collalg__gather_shm_unpack(collalg__ctx *c, const collalg__shm_bytes *rb, MPI_Aint b, void *recvbuf,
                                              int recvcount, MPI_Datatype recvtype, int root)
{
    collalg__typeinfo ti;
    int r, err;
    if (!rb->packed)
        return MPI_SUCCESS;
    err = collalg__typeinfo_get(recvtype, &ti);
    for (r = 0; r < c->size && err == MPI_SUCCESS; r++)
        if (r != root)
            err = collalg__shm_pack(1, collalg__at(recvbuf, (MPI_Aint)r * recvcount, ti.extent), recvcount, recvtype,
                                    &ti, rb->at + (MPI_Aint)r * b, c->pcomm);
    return err;
}

/** @brief The rounds of the shared-memory gather (see the file comment). @return MPI error code. */
COLLALG_INLINE int collalg__gather_shm_rounds(collalg__ctx *c, collalg__shm *s, const void *sendbuf, int sendcount,
                                              MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                              MPI_Datatype recvtype, int root)
{
    collalg__shm_bytes sb = {NULL, 0, 0}, rb = {NULL, 0, 0};
    MPI_Aint k, rounds, off, len, b;
    int r, is_root = c->rank == root, err;
    if (is_root)
        err = collalg__shm_bytes_init(c, &rb, recvbuf, (MPI_Aint)c->size * recvcount, recvtype, 0);
    else
        err = collalg__shm_bytes_init(c, &sb, sendbuf, sendcount, sendtype, 1);
    if (err != MPI_SUCCESS)
        return err;
    b = is_root ? rb.len / c->size : sb.len;
    rounds = collalg__shm_rounds(b, s->bytes);
    for (k = 0; k < rounds && err == MPI_SUCCESS; k++) {
        off = k * s->bytes;
        len = b - off < s->bytes ? b - off : s->bytes;
        if (!is_root)
            collalg__shm_copy(collalg__shm_at(s, s->me), sb.at + off, len);
        err = collalg__shm_sync(s);
        for (r = 0; r < c->size && err == MPI_SUCCESS && is_root; r++)
            if (r != root)
                collalg__shm_copy(rb.at + (MPI_Aint)r * b + off, collalg__shm_at(s, r), len);
        collalg__shm_next(s);
    }
    if (err == MPI_SUCCESS && is_root)
        err = collalg__gather_shm_unpack(c, &rb, b, recvbuf, recvcount, recvtype, root);
    return err;
}

/**
 * @brief MPI_Gather through the node's shared window (one node only).
 *
 * @param sendbuf   this rank's block (MPI_IN_PLACE at the root: its block is already in place in
 *                  @p recvbuf)
 * @param sendcount elements of @p sendtype in the block
 * @param sendtype  datatype of the block's elements
 * @param recvbuf   the root's receive buffer, p blocks of @p recvcount elements of @p recvtype in
 *                  rank order (significant at the root only)
 * @param recvcount elements of @p recvtype per block (root only)
 * @param recvtype  datatype of the received elements (root only)
 * @param root      rank that gathers, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/gather.h); MPI_ERR_ARG on every rank, @p recvbuf untouched, when
 *         @p comm spans more than one node; MPI_ERR_NO_MEM when scratch or the window's table
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_gather_shm(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                      int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__shm *s = NULL;
    int err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS && c.rank == root) {
        MPI_Aint lb, ext;
        err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &ext);
        if (err == MPI_SUCCESS)
            err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, ext),
                                recvcount, recvtype, c.pcomm);
    }
    if (err == MPI_SUCCESS)
        err = collalg__gather_shm_rounds(&c, s, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_SHM_H */
