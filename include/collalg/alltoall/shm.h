/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup alltoall
 * @brief Alltoall through the node's shared window (Pritchard et al., "Leveraging Shared Memory
 *        for MPI Collectives", §3: every rank stores its p blocks, one barrier, every rank copies
 *        the blocks addressed to it out).
 *
 * @par Phases
 * Each block is b packed bytes (recvcount * size of recvtype; dense types are used in place,
 * others packed with MPI_Pack). A rank's half of the window (M = #COLLALG_SHM_MAX_BYTES bytes,
 * machine/shm.h) is cut into p slots of S = floor(M / p) bytes, slot j for destination j. Blocks
 * move in rounds of at most S bytes each. Each round: 1. every rank copies the next piece of its
 * block j into slot j of its half, for every j; 2. one synchronisation (MPI_Win_sync,
 * MPI_Barrier on the node communicator, MPI_Win_sync); 3. every rank r copies slot r of every
 * rank i's half into its block i. Consecutive rounds and calls alternate halves. Non-dense
 * receive types are unpacked at the end.
 *
 * @par Trace, p = 3, b <= S (one round)
 * @verbatim
   store:  rank i writes its block j into slot j of half h of region i   (i, j = 0, 1, 2)
   sync:   barrier of 0, 1, 2
   load:   rank r copies slot r of half h of regions 0, 1, 2 into its blocks 0, 1, 2
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, b bytes per block, S = floor(M / p): ceil(b / S) rounds, each one
 * barrier (about ceil(lg p) alpha) plus a store and a load of p b bytes per rank in all.
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank; so does a node of more than M ranks (S = 0, count > 0). Any size (pieces of S
 * bytes), any datatypes (send and receive types may differ, signatures equal), MPI_IN_PLACE.
 *
 * @par Memory
 * The cached window (2 M bytes of shared memory per rank); p b bytes of scratch when the send
 * type is not dense, as many when the receive type is not dense, and p b of the receive layout
 * for MPI_IN_PLACE (core/args.h).
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §11.2.3, §11.7.
 */
#ifndef COLLALG_ALLTOALL_SHM_H
#define COLLALG_ALLTOALL_SHM_H

#include "../family/alltoall.h"
#include "../machine/shm.h"

/** @brief The rounds of the shared-memory alltoall. @return MPI error code. */
COLLALG_INLINE int collalg__alltoall_shm_rounds(collalg__ctx *c, collalg__shm *s, const void *sendbuf, int sendcount,
                                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                MPI_Datatype recvtype)
{
    collalg__shm_bytes sb, rb;
    MPI_Aint k, rounds, off, len, b, slot = s->bytes / c->size;
    int j, err = collalg__shm_bytes_init(c, &rb, recvbuf, (MPI_Aint)c->size * recvcount, recvtype, 0);
    b = rb.len / c->size;
    if (err == MPI_SUCCESS && b > 0 && slot == 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_init(c, &sb, sendbuf, (MPI_Aint)c->size * sendcount, sendtype, 1);
    if (err != MPI_SUCCESS)
        return err;
    rounds = collalg__shm_rounds(b, slot);
    for (k = 0; k < rounds && err == MPI_SUCCESS; k++) {
        off = k * slot;
        len = b - off < slot ? b - off : slot;
        for (j = 0; j < c->size; j++)
            collalg__shm_copy(collalg__shm_at(s, s->me) + (MPI_Aint)j * slot, sb.at + (MPI_Aint)j * b + off, len);
        err = collalg__shm_sync(s);
        for (j = 0; j < c->size && err == MPI_SUCCESS; j++)
            collalg__shm_copy(rb.at + (MPI_Aint)j * b + off, collalg__shm_at(s, j) + (MPI_Aint)s->me * slot, len);
        collalg__shm_next(s);
    }
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_done(c, &rb, recvbuf, (MPI_Aint)c->size * recvcount, recvtype);
    return err;
}

/**
 * @brief MPI_Alltoall through the node's shared window (one node only).
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG on every rank when @p comm spans more than one
 *         node or its node has more than #COLLALG_SHM_MAX_BYTES ranks (count > 0);
 *         MPI_ERR_NO_MEM when scratch or the window's table cannot be allocated; or the class of
 *         an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_shm(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__shm *s = NULL;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_shm_rounds(&c, s, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_SHM_H */
