/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_inplace.h
 * @ingroup alltoall
 * @brief Alltoall, pair algorithm in place: MPI_IN_PLACE without staging the receive buffer,
 *        each pair of blocks swapped through one packed block of scratch (MPICH's
 *        "pairwise_sendrecv_replace" alltoall, on the pair schedule of pair.h).
 *
 * @par Phases
 * Not in place: exactly pair.h. In place, the steps s = 0 .. S-1 of the pair schedule
 * (collalg__pair_peer): in step s rank j and its partner q = peer(j, s) swap the blocks they hold
 * for each other: rank j packs (MPI_Pack) its block q of recvbuf (its data for q) into scratch,
 * exchanges it in one send-receive for q's packed block j (q's data for j, both sides
 * MPI_PACKED) and unpacks (MPI_Unpack) that over block q: what MPI_Sendrecv_replace does, which
 * MPICH 4.0 fails with MPI_ERR_TRUNCATE for a resized struct type (collalg__swap_packed).
 * Invariant: before step s every block of
 * recvbuf not yet swapped still holds the rank's own data for that peer, and after it block q
 * holds q's data for j; every pair of ranks meets in exactly one step. The own block stays where
 * it is (in place it already is the result); for odd p the idle step does nothing. Empty blocks
 * (recvcount 0 or a type of size 0) send nothing.
 *
 * @par Trace, p = 5, in place (a <-> b: a and b swap their blocks for each other; (a) idle)
 * @verbatim
   step 0:  (0)  1 <-> 4,  2 <-> 3
   step 1:  0 <-> 1,  2 <-> 4,  (3)
   step 2:  0 <-> 2,  (1)  3 <-> 4
   step 3:  0 <-> 3,  1 <-> 2,  (4)
   step 4:  0 <-> 4,  1 <-> 3,  (2)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_pair_inplace_p6.svg
 * @image html alltoall_pair_inplace_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per pair and S = p - 1 (p even) or p
 * (p odd) steps: S (alpha + n beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l, as pair.h; in
 * place each step adds the MPI library's copy of one block through its own buffer (against
 * pair.h's staging of the whole receive buffer, p n bytes, before its first step).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. In place, the packed size of one block
 * (MPI_Pack_size) must fit an int.
 *
 * @par Memory
 * In place: two packed blocks, 2 MPI_Pack_size(recvcount, recvtype) bytes. Not in place: none.
 *
 * @par References
 * MPICH src/mpi/coll/alltoall/alltoall_intra_pairwise_sendrecv_replace.c (in place, each pair of
 * blocks swapped through a temporary buffer by MPI_Sendrecv_replace); MPI 4.1, §6.8 (MPI_IN_PLACE for MPI_Alltoall);
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1 (the pair algorithm).
 */
#ifndef COLLALG_ALLTOALL_PAIR_INPLACE_H
#define COLLALG_ALLTOALL_PAIR_INPLACE_H

#include "pair.h"

/**
 * @brief The in-place pair steps: in step s block peer(rank, s) of @p recvbuf swapped with the
 *        partner's block for this rank through two packed blocks of scratch; the idle step (odd
 *        p) and the own block left as they are.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM when the scratch cannot be allocated, or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_pair_inplace_phases(collalg__ctx *c, void *recvbuf, int recvcount,
                                                         MPI_Datatype recvtype)
{
    MPI_Aint lb, ext;
    void *tmp = NULL;
    int s, peer, bytes = 0, me = c->rank, nsteps = collalg__pair_nsteps(c->size);
    int err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &ext);

    if (err != MPI_SUCCESS || nsteps == 0 || collalg__alltoall_empty(recvcount, recvtype))
        return err;
    err = COLLALG_MPI(Pack_size)(recvcount, recvtype, c->pcomm, &bytes);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, 2 * (MPI_Aint)bytes, &tmp);
    for (s = 0; s < nsteps && err == MPI_SUCCESS; s++) {
        peer = collalg__pair_peer(me, c->size, s);
        if (peer != me)
            err = collalg__swap_packed(collalg__alltoall_block(recvbuf, peer, recvcount, ext), recvcount, recvtype,
                                       peer, COLLALG_TAG_DATA, tmp, bytes, c->pcomm);
    }
    return err;
}

/**
 * @brief MPI_Alltoall by the pair algorithm, in place without staging.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when the scratch blocks cannot be allocated; or
 *         the class of an error raised by an MPI call (e.g. of MPI_Pack_size for a block whose
 *         packed size passes INT_MAX). Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_pair_inplace(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                 void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__phase_sync sync;
    int err = collalg__alltoall_attach(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);

    if (err == MPI_SUCCESS && sendbuf == MPI_IN_PLACE) {
        err = collalg__alltoall_pair_inplace_phases(&c, recvbuf, recvcount, recvtype);
    } else if (err == MPI_SUCCESS) {
        collalg__phase_sync_init(&sync, COLLALG_SYNC_NONE, collalg__pair_nsteps(c.size), 0);
        err = collalg__alltoall_pair_phases(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &sync);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_PAIR_INPLACE_H */
