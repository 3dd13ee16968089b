/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binary_tree.h
 * @ingroup bcast
 * @brief Bcast, pipelined binary tree (Imamura's slides, "Collective Communication" table:
 *        Broadcast - Binary, after Vadhiyar et al.).
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p, and form the complete binary
 * tree in heap order: the parent of relrank > 0 is (relrank - 1) / 2, its children 2 relrank + 1
 * and 2 relrank + 2 when below p. The message is cut into s segments; for each segment in turn,
 * rank relrank > 0 receives it from its parent and forwards it to its children with non-blocking
 * sends as soon as it is in. The pipeline is windowed (family/bcast.h,
 * collalg__bcast_pipeline): up to W = COLLALG_FORWARD_WINDOW (4) segments in flight per link,
 * receives posted W segments ahead, segment k's sends waiting only for segment k - W's.
 * Invariant: a rank at depth h forwards segment k in step h + k + 1 (counting a step as one round
 * of at most two sends; with the window, steps of different ranks overlap).
 *
 * @par Trace, p = 6, root 0, 1 segment
 * @verbatim
          0
        /   \
       1     2
      / \   /
     3   4 5
   step 1: 0 -> 1, 0 -> 2;   step 2: 1 -> 3, 1 -> 4, 2 -> 5
   @endverbatim
 *
 * @par Segments
 * As chain.h: `segsize` bytes rounded down to whole elements (at least one);
 * 0 = COLLALG_BCAST_SEGSIZE_DEFAULT (4096 bytes).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_binary_tree_p6.svg
 * @image html bcast_binary_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, s segments and tree height
 * h = floor(log2 p), window W = COLLALG_FORWARD_WINDOW: h * 2(alpha + (n / s) beta) (the first
 * segment down the tree; two sends per step from an inner rank) + (s - 1) max(2 (n / s) beta,
 * 2 (alpha + (n / s) beta) / W) (the others, W in flight); without the window this was
 * (h + s - 1) * 2(alpha + (n / s) beta).
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the message is cut in bytes of the signature: family/bcast.h,
 * collalg__bcast_view).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view of
 * family/bcast.h); none otherwise.
 *
 * @par References
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Collective
 * Communication" table (Broadcast: Binary), after Vadhiyar, Fagg, Dongarra (2004).
 */
#ifndef COLLALG_BCAST_BINARY_TREE_H
#define COLLALG_BCAST_BINARY_TREE_H

#include "../family/bcast.h"

/**
 * @brief The Phases on the byte view @p w (family/bcast.h) in segments of @p seg elements of it:
 *        the heap-ordered binary tree rooted at @p root, pipelined (collalg__bcast_pipeline);
 *        shared with split_binary_tree.h (its fallback for messages too small to split).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_binary_tree_run(const collalg__ctx *c, const collalg__bcast_view *w, int root,
                                                  int seg)
{
    int relrank = collalg__relrank(c->rank, root, c->size), i, nchildren = 0, children[2];
    for (i = 1; i <= 2; i++)
        if (2L * relrank + i < c->size)
            children[nchildren++] = collalg__bcast_abs(2 * relrank + i, root, c->size);
    return collalg__bcast_pipeline(c, w->buf, w->count, w->type, w->extent,
                                   relrank > 0 ? collalg__bcast_abs((relrank - 1) / 2, root, c->size) : -1, children,
                                   nchildren, seg);
}

/**
 * @brief MPI_Bcast by the pipelined binary tree.
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *        0 = COLLALG_BCAST_SEGSIZE_DEFAULT (4096). A value above the message size gives one
 *        segment.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (family/bcast.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler. Also MPI_ERR_ARG when @p segsize <
 *         0 (before any message).
 */
COLLALG_INLINE int collalg_bcast_binary_tree(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                             int segsize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int seg, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize, w.size, w.count, &seg);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_binary_tree_run(&c, &w, root, seg);
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_BINARY_TREE_H */
