/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pair.h
 * @ingroup alltoallw
 * @brief Alltoallw, pair algorithm: pairwise exchange by a 1-factorisation of the complete graph
 *        (the alltoallv pair algorithm, Faraj & Yuan, ICS'05, §3.1, with a count, a datatype and
 *        a byte displacement per peer).
 *
 * @par Phases
 * The steps s = 0 .. S-1 of the pair schedule (schedule/common.h, collalg__pair_peer): in step s
 * rank j exchanges blocks with its partner peer(j, s) in one send-receive: it sends its block
 * for the partner and receives the partner's block for j. A side of zero bytes is skipped (both
 * partners know its size). Invariant: every step is a matching and every pair of ranks meets in
 * exactly one step, so after step s rank j holds the blocks of its partners of steps 0 .. s.
 * - p a power of two: peer(j, s) = j XOR (s + 1), S = p - 1 steps.
 * - p even, not a power of two: the circle 1-factorisation, S = p - 1 perfect matchings.
 * - p even (both cases) and p = 1: the own block is copied locally before step 0.
 * - p odd: S = p steps; in each step one rank is its own partner (idle), and that step is its
 *   local copy of its own block.
 *
 * @par Trace, p = 6 (a <-> b: a and b exchange their blocks for each other; own blocks copied
 * before step 0)
 * @verbatim
   step 0:  0 <-> 5,  1 <-> 4,  2 <-> 3
   step 1:  0 <-> 1,  2 <-> 4,  3 <-> 5
   step 2:  0 <-> 2,  1 <-> 5,  3 <-> 4
   step 3:  0 <-> 3,  1 <-> 2,  4 <-> 5
   step 4:  0 <-> 4,  1 <-> 3,  2 <-> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoallw_pair_p6.svg
 * @image html alltoallw_pair_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, S = p - 1 (p even) or p (p odd) steps and n_s bytes the largest message of
 * step s: sum over s of (alpha + n_s beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l.
 *
 * @par Restrictions
 * None: any p >= 1, any counts (zero included), byte displacements and datatypes per peer,
 * MPI_IN_PLACE (the receive blocks are staged; pair_inplace.h avoids the staging).
 *
 * @par Memory
 * No scratch, except, when sendbuf is MPI_IN_PLACE, a copy of the span of recvbuf the receive
 * blocks touch.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (pair family) and for MPI_Alltoallv; H. Pritchard,
 * J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004 (edge-colouring
 * pairing).
 */
#ifndef COLLALG_ALLTOALLW_PAIR_H
#define COLLALG_ALLTOALLW_PAIR_H

#include "../family/alltoallw.h"

/**
 * @brief The pair steps: own block copied (before step 0 for even p and p = 1, in the idle step
 *        for odd p), step s exchanges blocks with collalg__pair_peer(rank, p, s) (zero-byte sides
 *        skipped). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoallw_pair_phases(const collalg__ctx *c, const collalg__alltoallw_view *v)
{
    int s, peer, err = MPI_SUCCESS, p = c->size, me = c->rank, nsteps = collalg__pair_nsteps(p);

    if (p % 2 == 0 || p == 1)
        err = collalg__alltoallw_self_copy(c, v);
    for (s = 0; s < nsteps && err == MPI_SUCCESS; s++) {
        peer = collalg__pair_peer(me, p, s);
        if (peer == me)
            err = collalg__alltoallw_self_copy(c, v);
        else
            err = collalg__alltoallw_exchange(c, v, peer, peer);
    }
    return err;
}

/**
 * @brief MPI_Alltoallw by the pair algorithm.
 *
 * @param[in] sendbuf send buffer, or MPI_IN_PLACE (then the send arguments are ignored and the
 *        data to send is taken from @p recvbuf, with the receive counts, displacements and types)
 * @param[in] sendcounts p counts: elements of sendtypes[j] sent to rank j
 * @param[in] sdispls p displacements in bytes from @p sendbuf: where the block for rank j starts
 * @param[in] sendtypes p datatypes: the type of the block for rank j
 * @param[out] recvbuf receive buffer
 * @param[in] recvcounts p counts: elements of recvtypes[i] received from rank i
 * @param[in] rdispls p displacements in bytes from @p recvbuf: where the block from rank i goes
 * @param[in] recvtypes p datatypes: the type of the block from rank i
 * @param[in] comm intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ARG (a NULL counts, displacements or types array),
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments (family/alltoallw.h);
 *         MPI_ERR_NO_MEM when the in-place staging cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoallw_pair(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                          const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                          const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    collalg__ctx c;
    collalg__alltoallw_view v;
    int err = collalg__alltoallw_start(&c, &v, sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls,
                                       recvtypes, comm, 1);
    if (err == MPI_SUCCESS)
        err = collalg__alltoallw_pair_phases(&c, &v);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALLW_PAIR_H */
