/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup bcast
 * @brief Bcast, binomial tree (Imamura's slides, "Bcast (broadcast)" 1. Binomial: the product
 *        of C steps over every hypercube dimension).
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. The parent of relrank > 0 is
 * relrank with its lowest set bit cleared; the children of relrank are relrank + 2^j for every 2^j
 * below relrank's lowest set bit (every 2^j < p for the root) with relrank + 2^j < p. Rank relrank
 * first receives the whole message from its parent, then sends it to its children, the farthest
 * (largest subtree) first. Invariant: after round r (r = 1 .. ceil(log2 p)) the ranks relrank < 2^r
 * hold the message.
 *
 * @par Trace, p = 6, root 0 (a -> b in round r)
 * @verbatim
   round 1:  0 -> 4
   round 2:  0 -> 2,  4 -> 5 (4's only child: 4 + 2 = 6 >= p)
   round 3:  0 -> 1,  2 -> 3
   @endverbatim
 * (rank 4 has no child 6, so it sends to 5 in round 2 already.)
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_binomial_p6.svg
 * @image html bcast_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: ceil(log2 p)(alpha + n beta).
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatype; the ranks may pass different datatypes with the
 * same signature (the message is never split).
 *
 * @par Memory
 * None.
 *
 * @par References
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Bcast
 * (broadcast)", 1. Binomial, Bcast = prod_i C^(i).
 */
#ifndef COLLALG_BCAST_BINOMIAL_H
#define COLLALG_BCAST_BINOMIAL_H

#include "../family/bcast.h"

/** @brief The receive from the parent and the sends to the children. @return MPI error code. */
COLLALG_INLINE int collalg__bcast_binomial_tree(const collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype,
                                                int root)
{
    int p = c->size, relrank = collalg__relrank(c->rank, root, p), mask = collalg__binomial_mask(relrank, p),
        err = MPI_SUCCESS;

    if (count == 0)
        return MPI_SUCCESS;
    if (relrank > 0)
        err = COLLALG_MPI(Recv)(buffer, count, datatype, collalg__bcast_abs(collalg__binomial_parent(relrank), root, p),
                                COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    for (mask >>= 1; mask > 0 && err == MPI_SUCCESS; mask >>= 1)
        if (relrank + mask < p)
            err = COLLALG_MPI(Send)(buffer, count, datatype, collalg__bcast_abs(relrank + mask, root, p),
                                    COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief MPI_Bcast by the binomial tree.
 *
 * @bcast_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); or the class of an error raised by an MPI call (never
 *         MPI_ERR_NO_MEM: no scratch). Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_binomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_binomial_tree(&c, buffer, count, datatype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_BINOMIAL_H */
