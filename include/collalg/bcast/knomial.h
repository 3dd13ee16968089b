/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file knomial.h
 * @ingroup bcast
 * @brief Bcast, k-nomial tree (radix k a parameter): the whole message goes down the k-nomial tree
 *        of schedule/knomial.h rooted at the root; radix 2 is the binomial tree.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. Write relrank in base k;
 * its parent is relrank with its lowest non-zero digit cleared, its children are relrank + m k^j
 * (m = 1 .. k - 1) for every level k^j below its lowest non-zero digit's (every k^j < p at the
 * root), clipped to p (schedule/knomial.h). Relative rank relrank > 0 first receives the whole
 * message from its parent, then sends it to its children, the highest level first and inside a
 * level m = 1, 2, ..., k - 1 (largest subtrees first). Invariant: after level L - t is served
 * (L = ceil(log_k p)), every relative rank below k^t holds the message.
 *
 * @par Trace, p = 7, root 0, radix 3 (a -> b in send order; relative = absolute ranks)
 * @verbatim
   level 1:  0 -> 3,  0 -> 6
   level 0:  0 -> 1,  0 -> 2,   3 -> 4,  3 -> 5
   @endverbatim
 * (rank 6's subtree is {6} only: 6 + 1 >= p.)
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_knomial_p6.svg
 * @image html bcast_knomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, radix k and n = count * size of
 * datatype bytes: at most (k - 1) ceil(log_k p)(alpha + n beta) (a rank sends its k - 1 children of
 * a level one after another); radix 2 gives the binomial tree's ceil(log2 p)(alpha + n beta).
 * A larger radix makes the tree shallower (fewer hops of latency on a network where a rank's
 * sends overlap) at the price of more sends per level.
 *
 * @par Restrictions
 * None: any p >= 1, any root, count 0, any datatype; the ranks may pass different datatypes with
 * the same signature (the message is never split).
 *
 * @par Memory
 * None.
 *
 * @par References
 * MPICH src/mpi/coll/bcast/bcast_intra_tree.c with the k-nomial tree of
 * src/mpi/coll/algorithms/treealgo/treeutil.c (MPII_Treeutil_tree_knomial_1_init); Open MPI
 * ompi/mca/coll/base/coll_base_bcast.c (ompi_coll_base_bcast_intra_knomial); the k-nomial tree of
 * schedule/knomial.h.
 */
#ifndef COLLALG_BCAST_KNOMIAL_H
#define COLLALG_BCAST_KNOMIAL_H

#include "../family/bcast.h"
#include "../schedule/knomial.h"

/** @brief Default radix of the k-nomial broadcast and barrier. */
#ifndef COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT
#define COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT 4
#endif

/**
 * @brief The radix @p radix stands for: 0 = COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT, else itself.
 * @return MPI_SUCCESS, or MPI_ERR_ARG when @p radix is negative or 1.
 */
COLLALG_INLINE int collalg__bcast_knomial_radix(int radix, int *out)
{
    *out = radix == 0 ? COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT : radix;
    return radix < 0 || radix == 1 ? MPI_ERR_ARG : MPI_SUCCESS;
}

/** @brief The receive from the parent and the sends to the children. @return MPI error code. */
COLLALG_INLINE int collalg__bcast_knomial_tree(const collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype,
                                               int root, int k)
{
    collalg__knomial_it it;
    int p = c->size, relrank = collalg__relrank(c->rank, root, p), err = MPI_SUCCESS;
    if (count == 0 || p == 1)
        return MPI_SUCCESS;
    if (relrank > 0)
        err =
            COLLALG_MPI(Recv)(buffer, count, datatype, collalg__bcast_abs(collalg__knomial_parent(relrank, k), root, p),
                              COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    for (collalg__knomial_first(&it, relrank, p, k, 0); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it))
        err = COLLALG_MPI(Send)(buffer, count, datatype, collalg__bcast_abs(it.child, root, p), COLLALG_TAG_DATA,
                                c->pcomm);
    return err;
}

/**
 * @brief MPI_Bcast by the k-nomial tree.
 *
 * @bcast_args
 * @param[in] radix the tree's radix k >= 2 (2: the binomial tree); 0 selects
 *                  COLLALG_BCAST_KNOMIAL_RADIX_DEFAULT (4); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p radix is negative or 1 (before any
 *         message); or the class of an error raised by an MPI call (never MPI_ERR_NO_MEM: no
 *         scratch). Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_knomial(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                         int radix)
{
    collalg__ctx c;
    int k = 2, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_knomial_radix(radix, &k);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_knomial_tree(&c, buffer, count, datatype, root, k);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_KNOMIAL_H */
