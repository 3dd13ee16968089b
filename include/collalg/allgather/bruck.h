/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bruck.h
 * @ingroup allgather
 * @brief Allgather, Bruck's concatenation algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms
 *        for MPI_Allgather", Bruck; Bruck et al. 1997; Thakur, Rabenseifner & Gropp 2005, §4.1).
 *
 * @par Phases
 * Works in a scratch buffer T of p blocks (recvtype layout), indexed relative to the rank.
 * - Phase 0: T[0] = own block (sent with sendtype, stored with recvtype).
 * - Step k = 0 .. ceil(lg p) - 1, with d = 2^k: rank j sends T[0 .. m) to (j - d) mod p and
 *   receives m blocks from (j + d) mod p into T[d .. d + m), m = min(d, p - d).
 *   Invariant: after the step, T[i] holds the block of rank (j + i) mod p for i < min(2d, p).
 * - Final inverse rotation: T[0 .. p - j) -> recvbuf slots j .. p - 1 and
 *   T[p - j .. p) -> slots 0 .. j - 1 (two local copies of consecutive runs).
 *
 * Any p: the last step simply sends the p - d blocks still missing, no power of two needed.
 *
 * @par Trace, p = 5, rank 0 (T after each step, entries are source ranks)
 * @verbatim
   phase 0:        T = [0]
   step 0 (d=1):   T = [0 1]          (1 block from rank 1)
   step 1 (d=2):   T = [0 1 2 3]      (2 blocks from rank 2)
   step 2 (d=4):   T = [0 1 2 3 4]    (1 block from rank 4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_bruck_p6.svg
 * @image html allgather_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes per block:
 * ceil(lg p) alpha + (p - 1) n beta + (ceil(lg p) - 1) theta + kappa, plus two local copies of
 * p n bytes in all (phase 0 and the rotation).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * p * recvcount elements of recvtype (the span of that many, gaps included); a contiguous
 * datatype (collalg__blocks) only when p * recvcount exceeds INT_MAX.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Bruck algorithm";
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997;
 * R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA 2005, §4.1.
 */
#ifndef COLLALG_ALLGATHER_BRUCK_H
#define COLLALG_ALLGATHER_BRUCK_H

#include "../family/allgather.h"

/**
 * @brief Bruck's steps and the final rotation, with scratch @p t of p blocks (blocks of @p b).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_bruck_steps(collalg__ctx *c, void *t, void *recvbuf, int recvcount, MPI_Aint rext,
                                                  const collalg__blocks *b)
{
    int d, m, err = MPI_SUCCESS, p = c->size, me = c->rank;

    for (d = 1; d < p && err == MPI_SUCCESS; d <<= 1) {
        m = d < p - d ? d : p - d;
        err = COLLALG_MPI(Sendrecv)(t, m * b->per_block, b->type, collalg__ring_from(me, p, d), COLLALG_TAG_DATA,
                                    collalg__at(t, (MPI_Aint)d * recvcount, rext), m * b->per_block, b->type,
                                    collalg__ring_to(me, p, d), COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        if (d > p / 2)
            break;
    }
    return err == MPI_SUCCESS ? collalg__allgather_unrotate(c, t, recvbuf, recvcount, rext, b) : err;
}

/**
 * @brief MPI_Allgather by Bruck's concatenation algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler. Also MPI_ERR_NO_MEM when the scratch buffer cannot be
 *         allocated.
 */
COLLALG_INLINE int collalg_allgather_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__typeinfo rt;
    collalg__blocks b;
    void *t = NULL;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__typeinfo_get(recvtype, &rt);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(&c, (MPI_Aint)c.size * recvcount, &rt, &t);
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, t, recvcount, recvtype, c.pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__allgather_bruck_steps(&c, t, recvbuf, recvcount, rt.extent, &b);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_BRUCK_H */
