/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant.h
 * @ingroup allgather
 * @brief Allgather as p simultaneous circulant-graph broadcasts of one block each (Träff's
 *        all-broadcast with n = 1): ceil(log2 p) rounds over the skips of the circulant graph,
 *        every block placed straight into its slot of recvbuf.
 *
 * @par Phases
 * 1. Copy the own block into slot rank of recvbuf (nothing with MPI_IN_PLACE).
 * 2. Rounds k = 0 .. q - 1 over the skips of schedule/circulant.h (q = ceil(log2 p), skip[q] = p,
 *    skip[k] = ceil(skip[k + 1] / 2)). Invariant: before round k, rank r holds the blocks of the
 *    skip[k] ranks r, r - 1, ..., r - skip[k] + 1 (mod p). In round k, with m = skip[k + 1] -
 *    skip[k] <= skip[k], rank r sends the blocks of ranks r - m + 1 .. r to r + skip[k] and
 *    receives those of ranks r - skip[k + 1] + 1 .. r - skip[k] from r - skip[k]; both runs are
 *    contiguous slots of recvbuf modulo p (at most two pieces each, split where the run wraps past
 *    slot p - 1; sender and receiver split the same run at the same place).
 * Seen from one root j, this is the circulant broadcast of one block (schedule/circulant.h with
 * n = 1): relative rank r' in [skip[k], skip[k + 1]) receives j's block in round k from r' - skip[k].
 * All p broadcasts use the same edge in a round, so their blocks travel together.
 *
 * @par Trace, p = 6 (skips 1 2 3 6; "r: a..b <- f" = r receives the blocks of ranks a..b from f)
 * @verbatim
   round 0 (skip 1, m 1):  0: 5 <- 5    1: 0 <- 0    2: 1 <- 1 ...    r: r-1 <- r-1
   round 1 (skip 2, m 1):  0: 4 <- 4    1: 5 <- 5    2: 0 <- 0 ...    r: r-2 <- r-2
   round 2 (skip 3, m 3):  0: 1..3 <- 3 1: 2..4 <- 4 2: 3..5 <- 5 ... r: r-5..r-3 <- r-3
   @endverbatim
 * (rank 0 in round 2 receives slots 1, 2, 3, no wrap; rank 4 receives 5, 0, 1: two pieces.)
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_circulant_p6.svg
 * @image html allgather_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p) and n = recvcount *
 * size of recvtype bytes per block: q alpha + (p - 1) n beta (up to two messages per round and
 * direction where a run wraps).
 *
 * @par Restrictions
 * None: any p >= 1, count 0, any datatypes with the same signature, MPI_IN_PLACE.
 *
 * @par Memory
 * None.
 *
 * @par References
 * J. L. Träff, "Optimal broadcast schedules in logarithmic time with applications to broadcast,
 * all-broadcast, reduction and all-reduction", arXiv 2407.18004, all-broadcast section (here with
 * one block per root); MPICH src/mpi/coll/allgather/allgather_intra_circ_graph.c. For n = 1 the
 * schedule is the Bruck et al. concatenation with halving skips instead of powers of two
 * (J. Bruck et al., IEEE TPDS 8(11), 1997).
 */
#ifndef COLLALG_ALLGATHER_CIRCULANT_H
#define COLLALG_ALLGATHER_CIRCULANT_H

#include "../family/allgather.h"
#include "../schedule/circulant.h"

/**
 * @brief Posts the send (@p send = 1) or the receive of the run of @p m slots ending at slot
 *        @p last (mod p) of @p recvbuf, as one or two pieces (split where the run wraps).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_circulant_run(const collalg__ctx *c, void *recvbuf, MPI_Aint rext, int recvcount,
                                                    const collalg__blocks *b, int last, int m, int peer, int send,
                                                    MPI_Request *req)
{
    int p = c->size, first = collalg__mod(last - m + 1, p), piece[2], start[2], i, err = MPI_SUCCESS;
    start[0] = first;
    piece[0] = first + m <= p ? m : p - first;
    start[1] = 0;
    piece[1] = m - piece[0];
    for (i = 0; i < 2 && err == MPI_SUCCESS; i++) {
        void *at = collalg__at(recvbuf, (MPI_Aint)start[i] * recvcount, rext);
        if (piece[i] == 0)
            continue;
        if (send)
            err = COLLALG_MPI(Isend)(at, piece[i] * b->per_block, b->type, peer, COLLALG_TAG_DATA, c->pcomm, &req[i]);
        else
            err = COLLALG_MPI(Irecv)(at, piece[i] * b->per_block, b->type, peer, COLLALG_TAG_DATA, c->pcomm, &req[i]);
    }
    return err;
}

/** @brief Phase 2: the q rounds. @return MPI_SUCCESS or the MPI error code. */
COLLALG_INLINE int collalg__allgather_circulant_rounds(const collalg__ctx *c, void *recvbuf, MPI_Aint rext,
                                                       int recvcount, const collalg__blocks *b)
{
    int skip[COLLALG_CIRCULANT_MAXQ + 1], q = collalg__circulant_skips(c->size, skip), k, i, err = MPI_SUCCESS;
    int p = c->size, r = c->rank;
    for (k = 0; k < q && err == MPI_SUCCESS; k++) {
        MPI_Request req[4];
        int m = skip[k + 1] - skip[k];
        for (i = 0; i < 4; i++)
            req[i] = MPI_REQUEST_NULL;
        err = collalg__allgather_circulant_run(c, recvbuf, rext, recvcount, b, collalg__mod(r - skip[k], p), m,
                                               collalg__mod(r - skip[k], p), 0, req);
        if (err == MPI_SUCCESS)
            err = collalg__allgather_circulant_run(c, recvbuf, rext, recvcount, b, r, m, (r + skip[k]) % p, 1, req + 2);
        if (err != MPI_SUCCESS)
            err = collalg__first(err, collalg__cancel_all(2, req));
        err = collalg__first(err, collalg__waitall(4, req));
    }
    return err;
}

/**
 * @brief MPI_Allgather by p simultaneous one-block circulant-graph broadcasts.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler. No scratch: never MPI_ERR_NO_MEM (a block datatype is created
 *         only when p * recvcount exceeds INT_MAX).
 */
COLLALG_INLINE int collalg_allgather_circulant(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                               int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__blocks b;
    MPI_Aint rext = 0;
    int err = collalg__allgather_enter_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &rext);
    if (err == MPI_SUCCESS && recvcount > 0 && c.size > 1) {
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
        if (err == MPI_SUCCESS)
            err = collalg__allgather_circulant_rounds(&c, recvbuf, rext, recvcount, &b);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_CIRCULANT_H */
