/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file k_dissemination.h
 * @ingroup barrier
 * @brief Barrier, k-ary dissemination (radix k a parameter): Hensgen, Finkel & Manber's
 *        dissemination barrier with k - 1 tokens per rank and round, as MPICH's
 *        `k_dissemination` barrier; radix 2 is barrier/dissemination.h.
 *
 * @par Phases
 * Rounds r = 0 .. ceil(log_k p) - 1, span k^r: rank q posts its receives of a zero-byte token
 * from (q - j k^r) mod p and sends one to (q + j k^r) mod p, for j = 1 .. k - 1 with
 * j k^r < p (a larger distance would only repeat another round's, schedule/kradix.h), then
 * waits for all of them before the next round. Invariant: after round r, rank q has heard,
 * transitively, from the ranks q - 1, ..., q - k^(r+1) + 1 (mod p), i.e. each of them has
 * entered the barrier: the token of q - j k^r carries what that rank had heard after round
 * r - 1, the k^r ranks below it. After the last round that is every rank, since
 * k^ceil(log_k p) - 1 >= p - 1. Every rank is busy in every round, for any p (no fold).
 * A radix k >= p gives a single round in which every rank sends to every other.
 *
 * @par Trace, p = 7, radix 3 (a -> b: token from a to b)
 * @verbatim
   round 0 (span 1, distances 1, 2):  q -> q+1, q+2:  0->1,2  1->2,3  ...  6->0,1
                                      rank 0 has heard from {6, 5}
   round 1 (span 3, distances 3, 6):  q -> q+3, q+6:  0->3,6  1->4,0  ...  6->2,5
                                      rank 0 hears from 4 (who knew {3, 2}) and from 1 (who
                                      knew {0, 6}): from {6, 5, 4, 3, 2, 1}, everyone
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_k_dissemination_p6.svg
 * @image html barrier_k_dissemination_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and radix k: ceil(log_k p) rounds of
 * at most k - 1 zero-byte messages sent and received per rank, started together:
 * ceil(log_k p) alpha where a rank's k - 1 messages overlap (the multiport model of Bruck et
 * al.), up to (k - 1) ceil(log_k p) alpha where they go one after another, plus
 * (ceil(log_k p) - 1) theta and kappa_n (k - 1 tokens arrive at a rank at once). No beta term:
 * the tokens carry no data.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step).
 *
 * @par Memory
 * 2 (min(k, p) - 1) MPI_Request (the requests of one round).
 *
 * @par References
 * D. Hensgen, R. Finkel, U. Manber, "Two algorithms for barrier synchronization", International
 * Journal of Parallel Programming 17(1), 1988 (the dissemination barrier); MPICH
 * src/mpi/coll/barrier/barrier_intra_k_dissemination.c (the radix-k form); J. Bruck et al.,
 * "Efficient Algorithms for All-to-All Communications in Multiport Message-Passing Systems",
 * IEEE TPDS 8(11), 1997 (the k-port model whose rounds this barrier's are).
 */
#ifndef COLLALG_BARRIER_K_DISSEMINATION_H
#define COLLALG_BARRIER_K_DISSEMINATION_H

#include "../core/core.h"
#include "../schedule/kradix.h"

/** @brief Default radix of the k-ary dissemination barrier. */
#ifndef COLLALG_BARRIER_K_DISSEMINATION_RADIX_DEFAULT
#define COLLALG_BARRIER_K_DISSEMINATION_RADIX_DEFAULT 4
#endif

/**
 * @brief The ceil(log_k p) token rounds on the private communicator, with room @p req for
 *        2 (min(k, p) - 1) requests. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__barrier_k_dissemination_rounds(const collalg__ctx *c, int k, MPI_Request *req)
{
    long long span;
    int j, d, n, err = MPI_SUCCESS, p = c->size, me = c->rank;
    for (span = 1; span < p && err == MPI_SUCCESS; span *= k) {
        n = 0;
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0 && err == MPI_SUCCESS; j++) {
            err = COLLALG_MPI(Irecv)(NULL, 0, MPI_BYTE, collalg__ring_from(me, p, d), COLLALG_TAG_TOKEN, c->pcomm,
                                     &req[n]);
            n += err == MPI_SUCCESS;
        }
        for (j = 1; j < k && (d = collalg__kradix_dist(p, span, j)) > 0 && err == MPI_SUCCESS; j++) {
            err =
                COLLALG_MPI(Isend)(NULL, 0, MPI_BYTE, collalg__ring_to(me, p, d), COLLALG_TAG_TOKEN, c->pcomm, &req[n]);
            n += err == MPI_SUCCESS;
        }
        err = collalg__first(err, collalg__waitall(n, req));
    }
    return err;
}

/**
 * @brief MPI_Barrier by the k-ary dissemination algorithm: returns on each rank only after
 *        every rank of @p comm has entered the call.
 *
 * @param[in] comm  intracommunicator
 * @param[in] radix k >= 2, the tokens a rank sends per round plus one (2: the dissemination
 *                  barrier); 0 selects COLLALG_BARRIER_K_DISSEMINATION_RADIX_DEFAULT (4); a
 *                  radix above p acts as p; the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p radix is negative or 1 (before any message); MPI_ERR_NO_MEM when
 *         the request array cannot be allocated; or the error class of a failing MPI call
 *         (point-to-point, or the private communicator's creation).
 */
COLLALG_INLINE int collalg_barrier_k_dissemination(MPI_Comm comm, int radix)
{
    collalg__ctx c;
    void *req = NULL;
    int k = radix == 0 ? COLLALG_BARRIER_K_DISSEMINATION_RADIX_DEFAULT : radix;
    int err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS && c.size > 1) {
        k = k < c.size ? k : c.size;
        err = collalg__scratch(&c, 2 * (MPI_Aint)(k - 1) * (MPI_Aint)sizeof(MPI_Request), &req);
        if (err == MPI_SUCCESS)
            err = collalg__barrier_k_dissemination_rounds(&c, k, (MPI_Request *)req);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_K_DISSEMINATION_H */
