/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair_inplace.h
 * @ingroup alltoallw
 * @brief Alltoallw, pair algorithm in place: MPI_IN_PLACE without staging the receive buffer,
 *        each block exchanged through packed scratch blocks of its size (MPICH's
 *        sendrecv_replace alltoallw, on the pair schedule of pair.h).
 *
 * @par Phases
 * Not in place: exactly pair.h. In place, the steps s = 0 .. S-1 of the pair schedule
 * (collalg__pair_peer): in step s rank j and its partner q = peer(j, s) swap the blocks they
 * hold for each other. Rank j packs (MPI_Pack) its block for q, recvcounts[q] elements of
 * recvtypes[q] at byte displacement rdispls[q], into a scratch buffer, exchanges it in one
 * send-receive for q's packed block for j (both sides MPI_PACKED), and unpacks (MPI_Unpack) that
 * into the same place of recvbuf. (Packed on the wire both ways: MPICH 4.0 reports a truncation
 * when a large MPI_PACKED message is received straight into the harness's resized struct type.)
 * Invariant: before step s every block of recvbuf not yet exchanged still holds the
 * rank's own data for that peer, and after it the block of q holds q's data for j; every pair
 * of ranks meets in exactly one step. The own block stays where it is (in place it is already
 * the result); for odd p the idle step does nothing. A block of zero bytes is skipped by both
 * partners (the standard requires the same signature both ways in place).
 *
 * @par Trace, p = 7, in place (a <-> b: a and b swap their blocks for each other through
 * packed copies; (a) idle)
 * @verbatim
   step 0:  (0)  1 <-> 6,  2 <-> 5,  3 <-> 4
   step 1:  0 <-> 1,  2 <-> 6,  3 <-> 5,  (4)
   step 2:  0 <-> 2,  (1)  3 <-> 6,  4 <-> 5
   step 3:  0 <-> 3,  1 <-> 2,  4 <-> 6,  (5)
   step 4:  0 <-> 4,  1 <-> 3,  (2)  5 <-> 6
   step 5:  0 <-> 5,  1 <-> 4,  2 <-> 3,  (6)
   step 6:  0 <-> 6,  1 <-> 5,  2 <-> 4,  (3)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallw_pair_inplace_p6.svg
 * @image html alltoallw_pair_inplace_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * As pair.h: with S = p - 1 (p even) or p (p odd) steps and n_s bytes the largest message of step
 * s, sum over s of (alpha + n_s beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l; in place
 * each step adds the local packing and unpacking of one block (local copies of n_s bytes,
 * against pair.h's staging of the whole receive buffer before its first step).
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included), byte displacements and datatypes per peer,
 * MPI_IN_PLACE. In place, the packed size of one block (MPI_Pack_size) must fit an int.
 *
 * @par Memory
 * In place: two blocks (outgoing, incoming) of the largest packed block, 2 max over q != rank of
 * MPI_Pack_size(recvcounts[q], recvtypes[q]) bytes. Not in place: none.
 *
 * @par References
 * MPICH src/mpi/coll/alltoallw/alltoallw_intra_pairwise_sendrecv_replace.c (in place: each pair
 * of blocks swapped through a temporary buffer); MPI 4.0, §5.2 (pack and unpack); A. Faraj, X. Yuan, "Automatic Generation and
 * Tuning of MPI Collective Communication Routines", ICS'05, §3.1 (pair algorithm); H. Pritchard,
 * J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004 (edge-colouring
 * pairing).
 */
#ifndef COLLALG_ALLTOALLW_PAIR_INPLACE_H
#define COLLALG_ALLTOALLW_PAIR_INPLACE_H

#include "pair.h"

/**
 * @brief Scratch for the in-place swaps: two blocks of *bytes, the largest packed size of a
 *        receive block for another rank, in one allocation from @p c (the outgoing block at
 *        *buf, the incoming one *bytes further). *buf is NULL and *bytes 0 when every such block
 *        is empty.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code of MPI_Pack_size.
 */
COLLALG_INLINE int collalg__alltoallw_swap_scratch(collalg__ctx *c, const collalg__alltoallw_view *v, void **buf,
                                                   int *bytes)
{
    int q, size, err = MPI_SUCCESS;
    *bytes = 0;
    *buf = NULL;
    for (q = 0; q < c->size && err == MPI_SUCCESS; q++) {
        if (q == c->rank || collalg__alltoallw_rbytes(v, q) == 0)
            continue;
        err = COLLALG_MPI(Pack_size)(v->recvcounts[q], v->recvtypes[q], c->pcomm, &size);
        if (err == MPI_SUCCESS && size > *bytes)
            *bytes = size;
    }
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, 2 * (MPI_Aint)*bytes, buf);
    return err;
}

/**
 * @brief One in-place swap with rank @p q: this rank's block for q packed into @p tmp, exchanged
 *        for q's packed block for this rank (received at @p tmp + @p bytes), which is unpacked
 *        into the same place of recvbuf. @p bytes is the room of each half of @p tmp. Nothing
 *        happens for an empty block. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_swap(const collalg__ctx *c, const collalg__alltoallw_view *v, int q, void *tmp,
                                           int bytes)
{
    if (collalg__alltoallw_rbytes(v, q) == 0)
        return MPI_SUCCESS;
    return collalg__swap_packed(collalg__alltoallw_rblock(v, q), v->recvcounts[q], v->recvtypes[q], q, COLLALG_TAG_DATA,
                                tmp, bytes, c->pcomm);
}

/**
 * @brief The in-place pair steps: in step s a swap with collalg__pair_peer(rank, p, s), the idle
 *        step (odd p) and the own block left as they are.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM when the scratch block cannot be allocated, or the MPI
 *         error code.
 */
COLLALG_INLINE int collalg__alltoallw_pair_inplace_phases(collalg__ctx *c, const collalg__alltoallw_view *v)
{
    void *tmp = NULL;
    int s, peer, bytes = 0, me = c->rank, nsteps = collalg__pair_nsteps(c->size);
    int err = collalg__alltoallw_swap_scratch(c, v, &tmp, &bytes);
    for (s = 0; s < nsteps && err == MPI_SUCCESS; s++) {
        peer = collalg__pair_peer(me, c->size, s);
        if (peer != me)
            err = collalg__alltoallw_swap(c, v, peer, tmp, bytes);
    }
    return err;
}

/**
 * @brief MPI_Alltoallw by the pair algorithm, in place without staging.
 *
 * @param[in] sendbuf send buffer, or MPI_IN_PLACE (then the send arguments are ignored and the
 *        data to send is taken from @p recvbuf, with the receive counts, displacements and types;
 *        the blocks are swapped pair by pair through one packed scratch block)
 * @param[in] sendcounts p counts: elements of sendtypes[j] sent to rank j
 * @param[in] sdispls p displacements in bytes from @p sendbuf: where the block for rank j starts
 * @param[in] sendtypes p datatypes: the type of the block for rank j
 * @param[in,out] recvbuf receive buffer (in place: also the data to send)
 * @param[in] recvcounts p counts: elements of recvtypes[i] received from rank i
 * @param[in] rdispls p displacements in bytes from @p recvbuf: where the block from rank i goes
 * @param[in] recvtypes p datatypes: the type of the block from rank i
 * @param[in] comm intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (a NULL counts, displacements or types array),
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments (family/alltoallw.h);
 *         MPI_ERR_NO_MEM when the scratch block cannot be allocated; or the class of an error
 *         raised by an MPI call (e.g. of MPI_Pack_size for a block whose packed size passes
 *         INT_MAX). Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallw_pair_inplace(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                                  const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                                  const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallw_view v;
    int inplace = sendbuf == MPI_IN_PLACE;
    int err = collalg__alltoallw_start(&c, &v, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                       recvtypes, comm, 0);
    if (err == MPI_SUCCESS)
        err = inplace ? collalg__alltoallw_pair_inplace_phases(&c, &v) : collalg__alltoallw_pair_phases(&c, &v);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLW_PAIR_INPLACE_H */
