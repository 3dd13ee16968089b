/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_inplace.h
 * @ingroup alltoallv
 * @brief Alltoallv, pair algorithm in place: MPI_IN_PLACE without staging the receive buffer,
 *        each pair of blocks swapped through one packed block of scratch (MPICH's
 *        "pairwise_sendrecv_replace" alltoallv, on the pair schedule of pair.h).
 *
 * @par Phases
 * Not in place: exactly pair.h. In place, the steps s = 0 .. S-1 of the pair schedule
 * (collalg__pair_peer): in step s rank j and its partner q = peer(j, s) swap the blocks they hold
 * for each other: rank j's block q (recvcounts[q] elements of recvtype at rdispls[q], its data
 * for q) is packed (MPI_Pack) into scratch, exchanged in one send-receive for q's packed data for
 * j (both sides MPI_PACKED) and unpacked (MPI_Unpack) over block q: what MPI_Sendrecv_replace
 * does, which MPICH 4.0 fails with MPI_ERR_TRUNCATE for a resized struct type
 * (collalg__swap_packed). In place the standard makes the two blocks of a pair the same type signature (recvcounts[q] at j matches
 * recvcounts[j] at q), so one buffer serves both ways. Invariant: before step s every block not
 * yet swapped still holds the rank's own data for that peer, and after it block q holds q's data
 * for j; every pair of ranks meets in exactly one step. The own block stays where it is; for odd
 * p the idle step does nothing. A pair whose blocks have zero bytes is skipped by both partners.
 *
 * @par Trace, p = 5, in place, the blocks of ranks 1 and 3 for each other empty (a <-> b: a and
 * b swap their blocks for each other; (a) idle; [a b] a pair skipped)
 * @verbatim
   step 0:  (0)  1 <-> 4,  2 <-> 3
   step 1:  0 <-> 1,  2 <-> 4,  (3)
   step 2:  0 <-> 2,  (1)  3 <-> 4
   step 3:  0 <-> 3,  1 <-> 2,  (4)
   step 4:  0 <-> 4,  [1 3],  (2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallv_pair_inplace_p6.svg
 * @image html alltoallv_pair_inplace_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, S = p - 1 (p even) or p (p odd) steps and n_s bytes the largest block swapped
 * in step s: sum over s of (alpha + n_s beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l, as
 * pair.h; in place each step adds the packing and unpacking of one block (local copies of n_s
 * bytes, against pair.h's staging of every receive block before its first step).
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included), displacements and datatypes, MPI_IN_PLACE. In
 * place, the packed size of one block (MPI_Pack_size) must fit an int.
 *
 * @par Memory
 * In place: two blocks of the largest packed receive block, 2 max over q != rank of
 * MPI_Pack_size(recvcounts[q], recvtype) bytes. Not in place: none.
 *
 * @par References
 * MPICH src/mpi/coll/alltoallv/alltoallv_intra_pairwise_sendrecv_replace.c (in place, each pair
 * of blocks swapped through a temporary buffer by MPI_Sendrecv_replace); MPI 4.1, §6.8 (MPI_IN_PLACE for MPI_Alltoallv);
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (the pair algorithm).
 */
#ifndef COLLALG_ALLTOALLV_PAIR_INPLACE_H
#define COLLALG_ALLTOALLV_PAIR_INPLACE_H

#include "pair.h"

/**
 * @brief The in-place pair steps: in step s receive block q = peer(rank, s) of @p v swapped with
 *        the partner's block for this rank through two packed blocks of scratch, each of the
 *        largest packed receive block (pairs of zero bytes skipped); the idle step (odd p) and the
 *        own block left as they are.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM when the scratch cannot be allocated, or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallv_pair_inplace_phases(collalg__ctx *c, const collalg__alltoallv_view *v)
{
    void *tmp = NULL;
    int s, q, size, bytes = 0, err = MPI_SUCCESS, me = c->rank, nsteps = collalg__pair_nsteps(c->size);

    for (q = 0; q < c->size && err == MPI_SUCCESS; q++) {
        if (q == me || collalg__alltoallv_rbytes(v, q) == 0)
            continue;
        err = COLLALG_MPI(Pack_size)(v->recvcounts[q], v->recvtype, c->pcomm, &size);
        if (err == MPI_SUCCESS && size > bytes)
            bytes = size;
    }
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, 2 * (MPI_Aint)bytes, &tmp);
    for (s = 0; s < nsteps && err == MPI_SUCCESS; s++) {
        q = collalg__pair_peer(me, c->size, s);
        if (q != me && collalg__alltoallv_rbytes(v, q) > 0)
            err = collalg__swap_packed(collalg__alltoallv_rblock(v, q), v->recvcounts[q], v->recvtype, q,
                                       COLLALG_TAG_DATA, tmp, bytes, c->pcomm);
    }
    return err;
}

/**
 * @brief MPI_Alltoallv by the pair algorithm, in place without staging.
 *
 * @alltoallv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (a NULL counts or displacements array) for bad arguments (core/args.h); MPI_ERR_NO_MEM
 *         when the scratch blocks cannot be allocated; or the class of an error raised by an MPI
 *         call (e.g. of MPI_Pack_size for a block whose packed size passes INT_MAX). Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallv_pair_inplace(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                  MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                                  const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallv_view v;
    collalg__phase_sync sync;
    int err = collalg__alltoallv_attach(&c, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                        recvtype, comm);
    if (err == MPI_SUCCESS && sendbuf == MPI_IN_PLACE)
        err = collalg__alltoallv_view_init(&v, NULL, recvcounts, rdispls, recvtype, recvbuf, recvcounts, rdispls,
                                           recvtype);
    else if (err == MPI_SUCCESS)
        err = collalg__alltoallv_view_init(&v, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                           recvtype);
    if (err == MPI_SUCCESS && sendbuf == MPI_IN_PLACE) {
        err = collalg__alltoallv_pair_inplace_phases(&c, &v);
    } else if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoallv_pair_phases(&c, &v, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLV_PAIR_INPLACE_H */
