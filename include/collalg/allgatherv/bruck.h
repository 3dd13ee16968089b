/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bruck.h
 * @ingroup allgatherv
 * @brief Allgatherv, Bruck's concatenation algorithm with irregular blocks (Bruck et al. 1997;
 *        Thakur, Rabenseifner & Gropp 2005, §4.1; the allgather Bruck of Faraj & Yuan, ICS'05,
 *        §3.1, extended to MPI_Allgatherv).
 *
 * @par Phases
 * Works in a scratch buffer T that holds the blocks of ranks j, j + 1, ..., j + p - 1 (mod p),
 * j being this rank, back to back in that rotated order in the layout of recvtype: T[i] is
 * recvcounts[(j + i) mod p] elements at element offset sum_{l < i} recvcounts[(j + l) mod p].
 * - Phase 0: T[0] = own block (sent with sendtype, stored with recvtype), and the own block is
 *   copied to displs[j] of recvbuf.
 * - Step k = 0 .. ceil(lg p) - 1, with d = 2^k: rank j sends T[0 .. m) to (j - d) mod p and
 *   receives T[d .. d + m) from (j + d) mod p, m = min(d, p - d). Both runs are contiguous in T
 *   (one message of the receive type, or one hindexed datatype when the run holds more than
 *   INT_MAX elements). Invariant: after the step, T[i] holds the block of rank (j + i) mod p for
 *   i < min(2d, p).
 * - Final: T[i] is copied to displs[(j + i) mod p] of recvbuf for i = 1 .. p - 1.
 *
 * Any p: the last step simply sends the p - d blocks still missing, no power of two needed.
 *
 * @par Trace, p = 5, rank 0 (T after each step, entries are source ranks)
 * @verbatim
   phase 0:        T = [0]
   step 0 (d=1):   T = [0 1]          (block of 1, from rank 1)
   step 1 (d=2):   T = [0 1 2 3]      (blocks of 2 and 3, from rank 2)
   step 2 (d=4):   T = [0 1 2 3 4]    (block of 4, from rank 4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_bruck_p6.svg
 * @image html allgatherv_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in block j, N = sum n_j:
 * ceil(lg p) alpha + (N - n_rank) beta received per rank + (ceil(lg p) - 1) theta + kappa (for
 * equal blocks n: (p - 1) n beta), plus local copies of about 2 N bytes (phase 0 and the final
 * placement).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements.
 *
 * @par Memory
 * sum(recvcounts) elements of recvtype (their span, gaps of the type included) for T, and
 * p (2 MPI_Aint + 2 int) bytes of index arrays.
 *
 * @par References
 * J. Bruck, C.-T. Ho, S. Kipnis, E. Upfal, D. Weathersby, "Efficient Algorithms for All-to-All
 * Communications in Multiport Message-Passing Systems", IEEE TPDS 8(11), 1997;
 * R. Thakur, R. Rabenseifner, W. Gropp, IJHPCA 2005, §4.1;
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Allgather, "Bruck algorithm".
 */
#ifndef COLLALG_ALLGATHERV_BRUCK_H
#define COLLALG_ALLGATHERV_BRUCK_H

#include "../family/allgatherv.h"

/**
 * @brief The rotated plan of T: block i is recvcounts[(rank + i) mod p] elements at the prefix
 *        sum of the previous ones. Sets *total to the elements of all p blocks.
 * @return as collalg__vset_alloc().
 */
COLLALG_INLINE int collalg__allgatherv_bruck_plan(collalg__ctx *c, const int *recvcounts, MPI_Datatype recvtype,
                                                  collalg__vset *s, MPI_Aint *total)
{
    int i, *cnt = NULL;
    MPI_Aint *dsp = NULL;
    int err = collalg__vset_alloc(c, c->size, recvtype, s, &cnt, &dsp);
    *total = 0;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
        cnt[i] = recvcounts[(c->rank + i) % c->size];
        dsp[i] = *total;
        *total += cnt[i];
    }
    return err;
}

/**
 * @brief Bruck's steps in @p t (plan @p s) and the final placement into @p recvbuf.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_bruck_steps(collalg__ctx *c, const collalg__vset *s, void *t, void *recvbuf,
                                                   const int *displs)
{
    int d, m, i, err = MPI_SUCCESS, p = c->size, me = c->rank;

    for (d = 1; d < p && err == MPI_SUCCESS; d <<= 1) {
        m = d < p - d ? d : p - d;
        err = collalg__vset_sendrecv(c, s, t, 0, m, collalg__ring_from(me, p, d), d, m, collalg__ring_to(me, p, d),
                                     COLLALG_TAG_DATA);
        if (d > p / 2)
            break;
    }
    for (i = 1; i < p && err == MPI_SUCCESS; i++)
        err = collalg__copy(collalg__at(t, s->displs[i], s->ext), s->counts[i], s->elem,
                            collalg__at(recvbuf, displs[(me + i) % p], s->ext), s->counts[i], s->elem, c->pcomm);
    return err;
}

/**
 * @brief MPI_Allgatherv by Bruck's concatenation algorithm.
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler. Also MPI_ERR_NO_MEM
 *         when the scratch buffer or the index arrays cannot be allocated.
 */
COLLALG_INLINE int collalg_allgatherv_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                            MPI_Comm comm)
{
    collalg__ctx c;
    collalg__typeinfo rt;
    collalg__vset s;
    MPI_Aint rext = 0, total = 0;
    void *t = NULL;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);
    if (err != MPI_SUCCESS || c.size == 1)
        return collalg__leave(&c, err);
    err = collalg__typeinfo_get(recvtype, &rt);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_bruck_plan(&c, recvcounts, recvtype, &s, &total);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(&c, total, &rt, &t);
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, t, recvcounts[c.rank], recvtype, c.pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_bruck_steps(&c, &s, t, recvbuf, displs);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_BRUCK_H */
