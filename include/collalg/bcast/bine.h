/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup bcast
 * @brief Bcast, Bine tree (De Sensi et al., SC 2025): the binomial broadcast on negabinary rank
 *        labels, whose round-r messages travel |rho| = 1, 1, 3, 5, 11, ... ranks instead of the
 *        binomial tree's 1, 2, 4, 8, ...
 *
 * @par Phases
 * Ranks are taken relative to the root, v = (rank - root) mod p. The tree is schedule/bine.h's:
 * on the q = 2^k core ranks at signed offsets x in [lo_k, hi_k] from the root (the k-digit
 * negabinary numbers), the binomial tree on the labels c = b XOR (b >> 1) of x's digits b, by
 * distance halving; the p - q other ranks (p not a power of two) are leaves under the core
 * ranks at offsets lo_k .. lo_k + p - q - 1, served in one extra last round. Each rank receives
 * the whole message from its parent (collalg__bine_parent()), then sends it to its children in
 * their order (collalg__bine_child(): largest subtree first, the extra last). Invariant: after
 * round r < k the core ranks whose label is a multiple of 2^(k-1-r) hold the message.
 *
 * @par Trace, p = 6, root 0 (q = 4, offsets -2 .. 1; extras 2 and 3 under 4 and 5)
 * @verbatim
   round 0:  0 -> 5            (offset -1: one rank away around the ring)
   round 1:  0 -> 1,  5 -> 4
   round 2:  4 -> 2,  5 -> 3   (the extras, e = 2 ranks away)
   @endverbatim
 * With p = 8 the rounds are 0 -> 3; 0 -> 7, 3 -> 4; 0 -> 1, 7 -> 6, 3 -> 2, 4 -> 5 (distances
 * 3, 1, 1), where the binomial tree's are 4, 2, 1.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_bine_p6.svg
 * @image html bcast_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: ceil(lg p)(alpha + n beta), as the
 * binomial tree; the gain is on the network: on p = 2^k ranks laid out in order, a round-r
 * message spans |rho(k - 1 - r)| ~ 2^(k-r) / 3 ranks instead of 2^(k-1-r), so fewer of them
 * leave a group of consecutive ranks (the paper: up to a third less global-link traffic).
 *
 * @par Restrictions
 * None: any p >= 1 (the paper's tree needs a power of two; see schedule/bine.h for the extras),
 * any root, any datatype; the ranks may pass different datatypes with the same signature (the
 * message is never split).
 *
 * @par Memory
 * None.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Kumar, T. Hoefler, "Bine Trees:
 * Enhancing Collective Operations by Optimizing Communication Locality", SC 2025 (arXiv
 * 2508.17311), §3 (Bine trees) and §4 (broadcast, distance halving).
 */
#ifndef COLLALG_BCAST_BINE_H
#define COLLALG_BCAST_BINE_H

#include "../family/bcast.h"
#include "../schedule/bine.h"

/** @brief The receive from the parent and the sends to the children. @return MPI error code. */
COLLALG_INLINE int collalg__bcast_bine_tree(const collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype,
                                            int root)
{
    collalg__bine t = collalg__bine_shape(c->size);
    int v = collalg__relrank(c->rank, root, c->size), parent = collalg__bine_parent(&t, v),
        n = collalg__bine_nchildren(&t, v), i, round, err = MPI_SUCCESS;

    if (count == 0)
        return MPI_SUCCESS;
    if (parent >= 0)
        err = COLLALG_MPI(Recv)(buffer, count, datatype, collalg__bcast_abs(parent, root, c->size), COLLALG_TAG_DATA,
                                c->pcomm, MPI_STATUS_IGNORE);
    for (i = 0; i < n && err == MPI_SUCCESS; i++)
        err = COLLALG_MPI(Send)(buffer, count, datatype,
                                collalg__bcast_abs(collalg__bine_child(&t, v, i, &round), root, c->size),
                                COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief MPI_Bcast by the Bine tree.
 *
 * @bcast_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); or the class of an error raised by an MPI call (never
 *         MPI_ERR_NO_MEM: no scratch). Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_bine(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_bine_tree(&c, buffer, count, datatype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_BINE_H */
