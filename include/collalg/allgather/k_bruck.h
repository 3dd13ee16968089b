/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file k_bruck.h
 * @ingroup allgather
 * @brief Allgather, Bruck's concatenation algorithm with radix k (Bruck et al. 1997, the k-port
 *        index of concatenation; MPICH's `k_brucks`): ceil(log_k p) rounds of k - 1 messages
 *        each; radix 2 is allgather/bruck.h.
 *
 * @par Phases
 * Works in a scratch buffer T of p blocks (recvtype layout), indexed relative to the rank.
 * - Phase 0: T[0] = own block (sent with sendtype, stored with recvtype).
 * - Round r = 0 .. ceil(log_k p) - 1, span s = k^r: for each j = 1 .. k - 1 with j s < p, rank
 *   q receives m_j = min(s, p - j s) blocks from (q + j s) mod p into T[j s .. j s + m_j) and
 *   sends T[0 .. m_j) to (q - j s) mod p; the 2 (k - 1) messages of a round are in flight
 *   together, then awaited. Invariant: after the round, T[i] holds the block of rank (q + i) mod p
 *   for i < min(k s, p) (the blocks sent, T[0 .. s), are not written in the round).
 * - Final inverse rotation: T[0 .. p - q) -> recvbuf slots q .. p - 1 and T[p - q .. p) -> slots
 *   0 .. q - 1 (two local copies of consecutive runs).
 *
 * Any p: the last round sends only the blocks still missing (m_j clipped at p, and no message
 * for j s >= p), no power of k needed; a radix k >= p is one round of p - 1 messages.
 *
 * @par Trace, p = 7, radix 3, rank 0 (T after each round, entries are source ranks)
 * @verbatim
   phase 0:                T = [0]
   round 0 (s=1):          T = [0 1 2]             (1 block from rank 1, 1 block from rank 2)
   round 1 (s=3):          T = [0 1 2 3 4 5 6]     (3 blocks from rank 3, 1 block from rank 6)
   rotation (rank 0):      recvbuf = T
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_k_bruck_p6.svg
 * @image html allgather_k_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, radix k and n = recvcount * size of recvtype bytes per block:
 * ceil(log_k p) alpha + (p - 1) n beta where a rank's k - 1 messages of a round overlap (the
 * k-port model), up to (k - 1) ceil(log_k p) alpha + (p - 1) n beta where they go one after
 * another; plus (ceil(log_k p) - 1) theta + kappa, and two local copies of p n bytes in all
 * (phase 0 and the rotation).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * p * recvcount elements of recvtype (the span of that many, gaps included), and
 * 2 (min(k, p) - 1) MPI_Request; a contiguous datatype (collalg__blocks) only when
 * p * recvcount exceeds INT_MAX.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997, the index
 * algorithm's concatenation in the k-port model; MPICH
 * src/mpi/coll/allgather/allgather_intra_k_brucks.c (the radix-k allgather).
 */
#ifndef COLLALG_ALLGATHER_K_BRUCK_H
#define COLLALG_ALLGATHER_K_BRUCK_H

#include "../family/allgather.h"
#include "../schedule/kradix.h"

/** @brief Default radix of the k-port Bruck allgather (MPICH's default k too). */
#ifndef COLLALG_ALLGATHER_K_BRUCK_RADIX_DEFAULT
#define COLLALG_ALLGATHER_K_BRUCK_RADIX_DEFAULT 2
#endif

/**
 * @brief The rounds and the final rotation, radix @p k (2 <= k <= p), with scratch @p t of p
 *        blocks (blocks of @p b) and room @p req for 2 (k - 1) requests.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_k_bruck_rounds(collalg__ctx *c, void *t, void *recvbuf, int recvcount,
                                                     MPI_Aint rext, const collalg__blocks *b, int k, MPI_Request *req)
{
    long long span;
    int j, d, m, n, err = MPI_SUCCESS, p = c->size, me = c->rank;

    for (span = 1; span < p && err == MPI_SUCCESS; span *= k) {
        n = 0;
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0 && err == MPI_SUCCESS; j++) {
            m = collalg__kradix_bruck_blocks(p, span, j);
            err = COLLALG_MPI(Irecv)(collalg__at(t, (MPI_Aint)d * recvcount, rext), m * b->per_block, b->type,
                                     collalg__ring_to(me, p, d), COLLALG_TAG_DATA, c->pcomm, &req[n]);
            n += err == MPI_SUCCESS;
        }
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0 && err == MPI_SUCCESS; j++) {
            m = collalg__kradix_bruck_blocks(p, span, j);
            err = COLLALG_MPI(Isend)(t, m * b->per_block, b->type, collalg__ring_from(me, p, d), COLLALG_TAG_DATA,
                                     c->pcomm, &req[n]);
            n += err == MPI_SUCCESS;
        }
        err = collalg__first(err, collalg__waitall(n, req));
    }
    return err == MPI_SUCCESS ? collalg__allgather_unrotate(c, t, recvbuf, recvcount, rext, b) : err;
}

/**
 * @brief MPI_Allgather by Bruck's concatenation algorithm with radix k.
 *
 * @allgather_args
 * @param[in] radix k >= 2, the messages a rank sends per round plus one (2: allgather/bruck.h's
 *        rounds); 0 selects COLLALG_ALLGATHER_K_BRUCK_RADIX_DEFAULT (2); a radix above p acts
 *        as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_ARG when @p radix is negative or 1 (before any message);
 *         MPI_ERR_NO_MEM when the scratch buffers cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_k_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm, int radix)
{
    collalg__ctx c;
    collalg__typeinfo rt;
    collalg__blocks b;
    void *t = NULL, *req = NULL;
    int k = radix == 0 ? COLLALG_ALLGATHER_K_BRUCK_RADIX_DEFAULT : radix;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS) {
        k = k < c.size ? k : c.size;
        k = k > 2 ? k : 2;
        err = collalg__typeinfo_get(recvtype, &rt);
    }
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(&c, (MPI_Aint)c.size * recvcount, &rt, &t);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(&c, 2 * (MPI_Aint)(k - 1) * (MPI_Aint)sizeof(MPI_Request), &req);
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, t, recvcount, recvtype, c.pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_k_bruck_rounds(&c, t, recvbuf, recvcount, rt.extent, &b, k, (MPI_Request *)req);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_K_BRUCK_H */
