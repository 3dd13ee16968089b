/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/binary_tree.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, pipelined binary tree (Open MPI's segmented binary-tree broadcast, MPICH's
 *        ibcast tsp_tree with a k-ary tree of k = 2): the tree of collalg_bcast_binary_tree() run
 *        by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Ranks are taken relative to the root, rel = (rank - root) mod p, and form the complete binary
 * tree in heap order: the parent of rel > 0 is (rel - 1) / 2, its children 2 rel + 1 and
 * 2 rel + 2 when below p. The buffer is cut into s segments of `seg` elements (the last one
 * shorter). A non-root posts the receives of all s segments from its parent at the start; a rank
 * sends segment i to each child as soon as segment i is in and its send of segment i - 1 to that
 * child is done (so the sends to one peer start in segment order, whatever order the receives
 * complete in). Invariant: a rank at depth h can forward segment i once the h links above it
 * have carried segments 0 .. i.
 *
 * @par Trace, p = 6, root 0, 2 segments (a -s-> b: segment s)
 * @verbatim
          0
        /   \
       1     2
      / \   /
     3   4 5
   step 1:  0 -0-> 1, 0 -0-> 2
   step 2:  0 -1-> 1, 0 -1-> 2,  1 -0-> 3, 1 -0-> 4, 2 -0-> 5
   step 3:                       1 -1-> 3, 1 -1-> 4, 2 -1-> 5
   @endverbatim
 *
 * @par Segments
 * As collalg_ibcast_chain(): `segsize` bytes rounded down to whole elements of the datatype (at
 * least one element); segsize 0 selects COLLALG_BCAST_SEGSIZE_DEFAULT (4096 bytes).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_binary_tree_p6.svg
 * @image html ibcast_binary_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, s segments, tree height h = floor(lg p):
 * (h + s - 1) 2 (alpha + (n / s) beta) when a rank's two sends of a segment share its link.
 *
 * @par Restrictions
 * As collalg_ibcast_chain(): any p >= 1, any root, any count (nothing is sent for count 0);
 * ranks passing different datatypes must pass ones of the same size and signature per element;
 * the segment size must be the same on every rank.
 *
 * @par Memory
 * No scratch. The operation: about 60 bytes per step (3 s steps per inner rank) plus 300 bytes.
 *
 * @par References
 * S. S. Vadhiyar, G. E. Fagg, J. Dongarra, "Automatically Tuned Collective Communications",
 * SC'00 (segmented tree broadcasts); T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and
 * Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IBCAST_BINARY_TREE_H
#define COLLALG_IBCAST_BINARY_TREE_H

#include "chain.h"

/**
 * @brief MPI_Ibcast by a pipelined binary tree.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param segsize  bytes per segment, rounded down to whole elements (at least one); 0 selects
 *                 COLLALG_BCAST_SEGSIZE_DEFAULT (4096); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_ARG when @p segsize < 0; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ibcast_binary_tree(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                              MPI_Request *request, int segsize)
{
    return collalg__ibcast_pipeline(buffer, count, datatype, root, comm, request, segsize, 2, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_binary_tree(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffer then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_binary_tree()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_binary_tree(void *buffer, int count, MPI_Datatype datatype, int root,
                                                  MPI_Comm comm, MPI_Info info, MPI_Request *request, int segsize)
{
    (void)info;
    return collalg__ibcast_pipeline(buffer, count, datatype, root, comm, request, segsize, 2, 1);
}

#endif /* COLLALG_IBCAST_BINARY_TREE_H */
