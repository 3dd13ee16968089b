/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pipelined_tree.h
 * @ingroup bcast
 * @brief Bcast, pipelined tree (MPICH's tree broadcast of the transport-based collectives, with a
 *        pipeline chunk size): the buffer cut into segments that flow down a k-ary or k-nomial
 *        tree rooted at the root, each rank forwarding segment i as soon as it holds it.
 *
 * The blocking form of collalg_ibcast_pipelined_tree(): the same schedule
 * (collalg__ibcast_pipelined_tree_steps(), schedule/icoll_tree.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h: the executor's steps, MPI_Waitsome on the messages in
 * flight, COLLALG_TAG_DATA on the private communicator, no request). One difference: it moves
 * the bytes of the type signature (collalg__bcast_view, family/bcast.h: the buffer itself for a
 * datatype without gaps, else packed at the root and unpacked elsewhere), as the other splitting
 * broadcasts do, so every rank cuts the message at the same places even when ranks pass
 * different datatypes of the same signature (the root 2n MPI_INT, the others n vectors of two
 * ints), which the nonblocking form does not allow.
 *
 * @par Phases
 * Ranks are taken relative to the root, rel = (rank - root) mod p, relative rank 0 on top, and
 * form one of the trees of schedule/icoll_tree.h: the k-nomial tree of schedule/knomial.h, or a
 * k-ary tree numbered in pre-order (a run of consecutive relative ranks is a subtree, its first
 * rank the node, the rest cut into at most k runs). The buffer is cut into s segments of
 * `segsize` bytes (whole elements; the last one shorter).
 * 1. A non-root posts the receives of all s segments from its parent at the start.
 * 2. A rank sends segment i to each child, the last child (the largest subtree) first, as soon
 *    as segment i is in and its send of segment i - 1 to that child is done, so the sends to one
 *    peer start in segment order whatever order the receives complete in.
 * Invariant: a rank at depth h can forward segment i once the h links above it have carried
 * segments 0 .. i. s = 1 is the unsegmented tree broadcast (collalg_bcast_knomial()'s tree for
 * the k-nomial kind); the k-ary tree of radix 2 with the pre-order numbering generalises
 * collalg_bcast_binary_tree()'s heap-numbered binary tree.
 *
 * @par Trace, p = 6, root 2, the default tree (k-ary, radix 2, on the relative ranks: 2's
 * children 3, 0; 3's 4, 5; 0's 1), 3 segments (a -s-> b: segment s; one line per pipeline step)
 * @verbatim
   step 1:  2 -0-> 0, 3
   step 2:  2 -1-> 0, 3;  3 -0-> 5, 4;  0 -0-> 1
   step 3:  2 -2-> 0, 3;  3 -1-> 5, 4;  0 -1-> 1
   step 4:                3 -2-> 5, 4;  0 -2-> 1
   the k-nomial tree of radix 3 instead (relative ranks 0's children 1, 2, 3; 3's 4, 5): 2's
   children 3, 4, 5; 5's 0, 1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_pipelined_tree_p6.svg
 * @image html bcast_pipelined_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = count * size(datatype) bytes in s segments, p ranks,
 * L the tree's height (ceil(log_k p) for the k-nomial tree, about log_k p for the k-ary one), c
 * the most children of a rank ((k - 1) L for the k-nomial tree, k for the k-ary one): about
 * (L + s - 1) c (alpha + (n / s) beta) when a rank's sends of a segment share its link. Long
 * messages gain when s is well above L; the k-ary tree of radix 2 keeps c = 2 at any p.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count (nothing is sent for count 0), any datatypes of matching
 * signatures (a message of more than INT_MAX bytes moves each rank's own elements: then every
 * rank must pass the same datatype); the segment size, tree and radix must be the same on every
 * rank.
 *
 * @par Memory
 * n bytes of scratch for a datatype with gaps (the packed message), none otherwise; the schedule,
 * about 60 bytes per step ((c + 1) s steps on a rank with c children) plus 300 bytes, during the
 * call.
 *
 * @par References
 * MPICH src/mpi/coll/ibcast/ibcast_tsp_tree_algos.h and src/mpi/coll/algorithms/treealgo (the
 * tree broadcast of the transport-based collectives, its chunked pipeline and tree kinds);
 * S. S. Vadhiyar, G. E. Fagg, J. Dongarra, "Automatically Tuned Collective Communications",
 * SC'00 (segmented tree broadcasts).
 */
#ifndef COLLALG_BCAST_PIPELINED_TREE_H
#define COLLALG_BCAST_PIPELINED_TREE_H

#include "../ibcast/pipelined_tree.h"

/**
 * @brief MPI_Bcast by a pipelined k-ary or k-nomial tree.
 *
 * @bcast_args
 * @param[in] segsize bytes per segment, rounded down to whole elements (at least one); 0 selects
 *                    COLLALG_BCAST_SEGSIZE_DEFAULT (4096); the same on every rank
 * @param[in] tree    #COLLALG_TREE_KNOMIAL or #COLLALG_TREE_KARY; 0 selects
 *                    COLLALG_IBCAST_PIPELINED_TREE_KIND_DEFAULT (k-ary); the same on every rank
 * @param[in] radix   the tree's radix k >= 2; 0 selects
 *                    COLLALG_IBCAST_PIPELINED_TREE_RADIX_DEFAULT (2); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p segsize is negative, @p tree is not 0
 *         or a tree kind, or @p radix is negative or 1 (before any message); MPI_ERR_NO_MEM when
 *         the packing scratch or the schedule cannot be allocated; MPI_ERR_TYPE when packed data
 *         is not the bare signature (not a homogeneous system); or the class of an error raised
 *         by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_pipelined_tree(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                                int segsize, int tree, int radix)
{
    collalg__ctx c;
    collalg__bcast_view w; /* the bytes of the signature: the same cuts on every rank */
    MPI_Request none = MPI_REQUEST_NULL;
    int seg = 1,
        err = collalg__ibcast_ptree_enter(&c, buffer, count, datatype, root, comm, &none, segsize, &tree, &radix, &seg);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize, w.size, w.count, &seg);
    err = collalg__ibcast_ptree_launch(&c, err, w.buf, w.count, w.type, root, &none, seg, tree, radix,
                                       COLLALG__NBC_BLOCKING);
    if (err != MPI_SUCCESS) { /* reported by collalg__nbc_run(); only the view's scratch is left */
        (void)collalg__leave(&c, MPI_SUCCESS);
        return err;
    }
    return collalg__leave(&c, collalg__bcast_view_end(&c, &w, MPI_SUCCESS));
}

#endif /* COLLALG_BCAST_PIPELINED_TREE_H */
