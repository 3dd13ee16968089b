/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file chain.h
 * @ingroup reduce
 * @brief Reduce, segmented chains of fan-out f (Open MPI's chain reduce on its generic segmented
 *        reduce): f chains end at the root, segments pipelined towards it.
 *
 * @par Phases
 * The tree (family/reduce.h, collalg__reduce_tree_chain): relative ranks 1 .. p-1 are cut into
 * f' = min(f, p - 1) chains of consecutive ranks (lengths differ by at most one, the longer
 * first); relative rank 0, the top, is the parent of each chain's first rank, every other rank's
 * parent is the rank before it. Ranks are taken relative to the root for a commutative op, and
 * as they are (relative rank = rank) for a non-commutative one.
 * 1. The vector is cut into segments of `segsize` bytes (whole elements). For each segment, a
 *    rank receives the partial results of its children (the next rank of its chain; the f'
 *    chain heads at the top), computes own op child1 op ... from the right
 *    (MPI_Reduce_local(child, acc) with the last child's buffer as accumulator, the own segment
 *    last), and sends the result to its parent while it works on the next segment (receives
 *    posted up to 3 segments ahead). Invariant: a rank's result for a segment is the reduction
 *    over its run (itself to the end of its chain; the whole vector at the top), in rank order.
 * 2. The top writes each segment into recvbuf; for a non-commutative op with root != 0 rank 0
 *    collects the result in scratch and sends it to the root at the end.
 *
 * @par Trace, p = 7, f = 2, root 0 (chains 1-2-3 and 4-5-6; segments s0, s1)
 * @verbatim
   step 1:  3 -s0-> 2, 6 -s0-> 5
   step 2:  2 -s0-> 1, 5 -s0-> 4, 3 -s1-> 2, 6 -s1-> 5
   step 3:  1 -s0-> 0, 4 -s0-> 0, 2 -s1-> 1, 5 -s1-> 4
   step 4:  1 -s1-> 0, 4 -s1-> 0          0: v0 op [1..3] op [4..6] per segment
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_chain_p6.svg
 * @image html reduce_chain_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, s segments of n/s bytes and chains of
 * L = ceil((p - 1) / f') ranks: (L + s - 1)(alpha + (n/s) beta + (n/s) gamma) along a chain, the
 * top taking f' segments per step: about (L - 1)(alpha + (n/s) beta) + s f' (alpha + (n/s) beta
 * + (n/s) gamma) when f' > 1; plus alpha + n beta for a non-commutative op when root != 0.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE at the root. Non-commutative operations: the operand order is kept.
 *
 * @par Memory
 * 3 c segments of scratch on a rank with c children (c = f' at the top, else 0 or 1); count
 * elements more at the top when it is not the root.
 *
 * @par References
 * Open MPI ompi/mca/coll/base/coll_base_reduce.c (ompi_coll_base_reduce_intra_chain,
 * ompi_coll_base_reduce_generic) and ompi/mca/coll/base/coll_base_topo.c (the chain);
 * Vadhiyar, Fagg, Dongarra, "Automatically Tuned Collective Communications", SC 2000.
 */
#ifndef COLLALG_REDUCE_CHAIN_H
#define COLLALG_REDUCE_CHAIN_H

#include "../family/reduce.h"

/** @brief Default fan-out of collalg_reduce_chain() (Open MPI's usual chain fan-out). */
#ifndef COLLALG_REDUCE_CHAIN_FANOUT_DEFAULT
#define COLLALG_REDUCE_CHAIN_FANOUT_DEFAULT 4
#endif

/**
 * @brief MPI_Reduce by f segmented chains ending at the root.
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                     the input is in recvbuf)
 * @param[out] recvbuf the result, count elements of datatype; significant at the root only
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] root     rank that receives the result
 * @param[in] comm     intracommunicator
 * @param[in] fanout   number of chains f, >= 0; 0 = COLLALG_REDUCE_CHAIN_FANOUT_DEFAULT (4); more
 *                     than p - 1 gives p - 1 chains of one rank (the linear tree)
 * @param[in] segsize  segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *                     0 = COLLALG_REDUCE_SEGSIZE_DEFAULT (64 KiB)
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p fanout < 0 or @p segsize < 0; the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype; all of these before
 *         any message; MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_chain(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                        int root, MPI_Comm comm, int fanout, int segsize)
{
    collalg__ctx c;
    collalg__reduce_tree t;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS && fanout < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS) {
        collalg__reduce_tree_chain(&t, c.size, fanout ? fanout : COLLALG_REDUCE_CHAIN_FANOUT_DEFAULT);
        err = collalg__reduce_segtree_run(&c, &t, sendbuf, recvbuf, count, datatype, op, root, segsize);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_CHAIN_H */
