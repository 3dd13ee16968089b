/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file shm.h
 * @ingroup allgather
 * @brief Allgather through the node's shared window (Pritchard et al., "Leveraging Shared Memory
 *        for MPI Collectives", §3: every rank stores its block, one barrier, every rank copies
 *        all blocks out).
 *
 * @par Phases
 * Each rank's block is b packed bytes (recvcount * size of recvtype; dense types are used in
 * place, others packed with MPI_Pack). It moves in rounds of at most M = #COLLALG_SHM_MAX_BYTES
 * bytes per rank (machine/shm.h). Each round: 1. every rank copies the next piece of its block
 * into its own half of the window; 2. one synchronisation (MPI_Win_sync, MPI_Barrier on the node
 * communicator, MPI_Win_sync); 3. every rank copies the piece of every rank r (its own
 * included) from r's half into block r. Consecutive rounds and calls alternate halves.
 * Non-dense receive types are unpacked at the end.
 *
 * @par Trace, p = 3, b <= M (one round)
 * @verbatim
   store:  r = 0, 1, 2 writes block r into half h of region r
   sync:   barrier of 0, 1, 2
   load:   every rank copies half h of regions 0, 1, 2 into blocks 0, 1, 2
   @endverbatim
 *
 * @par Cost
 * p ranks of one node, b bytes per block, M bytes per round: ceil(b / M) rounds, each one
 * barrier (about ceil(lg p) alpha) plus a store of b and a load of p b bytes per rank in all.
 *
 * @par Restrictions
 * One node (#COLLALG_R_ONE_NODE): a communicator that spans several nodes gets MPI_ERR_ARG on
 * every rank. Any size (pieces of M bytes), any datatypes (send and receive types may differ,
 * signatures equal), MPI_IN_PLACE.
 *
 * @par Memory
 * The cached window (2 M bytes of shared memory per rank); b bytes of scratch when the send type
 * is not dense, p b bytes when the receive type is not dense.
 *
 * @par References
 * H. Pritchard, D. Gilmore, M. ten Bruggencate, D. Knaak, M. Pagel, "Leveraging Shared Memory
 * for MPI Collectives" (Cray), §3; MPI-3.1 §11.2.3, §11.7.
 */
#ifndef COLLALG_ALLGATHER_SHM_H
#define COLLALG_ALLGATHER_SHM_H

#include "../family/allgather.h"
#include "../machine/shm.h"

/** @brief The rounds of the shared-memory allgather. @return MPI error code. */
COLLALG_INLINE int collalg__allgather_shm_rounds(collalg__ctx *c, collalg__shm *s, const void *sendbuf, int sendcount,
                                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype)
{
    collalg__shm_bytes sb, rb;
    MPI_Aint k, rounds, off, len, b;
    int r, err = collalg__shm_bytes_init(c, &sb, sendbuf, sendcount, sendtype, 1);
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_init(c, &rb, recvbuf, (MPI_Aint)c->size * recvcount, recvtype, 0);
    if (err != MPI_SUCCESS)
        return err;
    b = rb.len / c->size;
    rounds = collalg__shm_rounds(b, s->bytes);
    for (k = 0; k < rounds && err == MPI_SUCCESS; k++) {
        off = k * s->bytes;
        len = b - off < s->bytes ? b - off : s->bytes;
        collalg__shm_copy(collalg__shm_at(s, s->me), sb.at + off, len);
        err = collalg__shm_sync(s);
        for (r = 0; r < c->size && err == MPI_SUCCESS; r++)
            collalg__shm_copy(rb.at + (MPI_Aint)r * b + off, collalg__shm_at(s, r), len);
        collalg__shm_next(s);
    }
    if (err == MPI_SUCCESS)
        err = collalg__shm_bytes_done(c, &rb, recvbuf, (MPI_Aint)c->size * recvcount, recvtype);
    return err;
}

/**
 * @brief MPI_Allgather through the node's shared window (one node only).
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG on every rank when @p comm spans more than one
 *         node; MPI_ERR_NO_MEM when scratch or the window's table cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_shm(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__shm *s = NULL;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__shm_get(&c, &s);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_shm_rounds(&c, s, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_SHM_H */
