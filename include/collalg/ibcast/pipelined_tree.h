/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/pipelined_tree.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, pipelined tree: the buffer cut into segments that flow down a k-ary or
 *        k-nomial tree (MPICH's ibcast tsp_tree with a pipeline chunk size), run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Ranks are taken relative to the root, rel = (rank - root) mod p, relative rank 0 on top, and
 * form one of the trees of schedule/icoll_tree.h (those of collalg_iallreduce_pipelined_tree()):
 * the k-nomial tree of schedule/knomial.h, or a k-ary tree numbered in pre-order (a run of
 * consecutive relative ranks is a subtree, its first rank the node, the rest cut into at most k
 * runs). The buffer is cut into s segments of `segsize` bytes (whole elements; the last one
 * shorter). A non-root posts the receives of all s segments from its parent at the start; a rank
 * sends segment i to each child, the last child (the largest subtree) first, as soon as segment i
 * is in and its send of segment i - 1 to that child is done, so the sends to one peer start in
 * segment order whatever order the receives complete in. Invariant: a rank at depth h can
 * forward segment i once the h links above it have carried segments 0 .. i. It generalises
 * collalg_ibcast_binary_tree() (a heap-numbered binary tree) to any radix and to the k-nomial
 * tree; s = 1 is the unsegmented tree broadcast (collalg_ibcast_knomial() for the k-nomial tree).
 *
 * @par Trace, p = 7, root 0, k-nomial tree of radix 3 (0's children 1, 2, 3, 6; 3's 4, 5), 2
 * segments (a -s-> b: segment s; one line per pipeline step)
 * @verbatim
   step 1:  0 -0-> 6, 3, 2, 1
   step 2:  0 -1-> 6, 3, 2, 1;  3 -0-> 5, 4
   step 3:                      3 -1-> 5, 4
   the k-ary tree of radix 3 instead: 0's children 1, 3, 5; 1's 2, 3's 4, 5's 6
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_pipelined_tree_p6.svg
 * @image html ibcast_pipelined_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in s segments, L the tree's height
 * (ceil(log_k p) for the k-nomial tree, about log_k p for the k-ary one), c the most children of
 * a rank ((k - 1) L for the k-nomial tree, k for the k-ary one): about
 * (L + s - 1) c (alpha + (n / s) beta) when a rank's sends of a segment share its link. Long
 * messages gain when s is well above L; the k-ary tree of radix 2 keeps c = 2 at any p.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count (nothing is sent for count 0); ranks passing different
 * datatypes must pass ones of the same size and signature per element; the segment size, tree and
 * radix must be the same on every rank.
 *
 * @par Memory
 * No scratch. The operation: about 60 bytes per step ((c + 1) s steps on a rank with c children)
 * plus 300 bytes, until the request completes.
 *
 * @par References
 * MPICH src/mpi/coll/ibcast/ibcast_tsp_tree_algos.h and src/mpi/coll/algorithms/treealgo (the
 * tree broadcast of the transport-based collectives, its chunked pipeline and tree kinds);
 * S. S. Vadhiyar, G. E. Fagg, J. Dongarra, "Automatically Tuned Collective Communications",
 * SC'00 (segmented tree broadcasts); T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and
 * Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IBCAST_PIPELINED_TREE_H
#define COLLALG_IBCAST_PIPELINED_TREE_H

#include "chain.h"
#include "../schedule/icoll_tree.h"

/** @brief Default tree of collalg_ibcast_pipelined_tree(): #COLLALG_TREE_KARY (as MPICH's
 *         `MPIR_CVAR_IBCAST_TREE_TYPE`). */
#ifndef COLLALG_IBCAST_PIPELINED_TREE_KIND_DEFAULT
#define COLLALG_IBCAST_PIPELINED_TREE_KIND_DEFAULT COLLALG_TREE_KARY
#endif

/** @brief Default radix of collalg_ibcast_pipelined_tree(): 2 (binary, or binomial; as MPICH's
 *         `MPIR_CVAR_IBCAST_TREE_KVAL`). */
#ifndef COLLALG_IBCAST_PIPELINED_TREE_RADIX_DEFAULT
#define COLLALG_IBCAST_PIPELINED_TREE_RADIX_DEFAULT 2
#endif

/**
 * @brief The checks of collalg_ibcast_pipelined_tree() and collalg_bcast_pipelined_tree(): the
 *        broadcast's and the request's (collalg__ibcast_seg_enter()), then the parameters: *@p seg
 *        the elements of a segment of @p segsize bytes of @p datatype, *@p tree and *@p radix
 *        with their defaults for 0; MPI_ERR_ARG for a @p tree other than 0 or a tree kind, or a
 *        negative radix or radix 1.
 * @return MPI_SUCCESS or the first error found (nothing sent).
 */
COLLALG_INLINE int collalg__ibcast_ptree_enter(collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype,
                                               int root, MPI_Comm comm, MPI_Request *request, int segsize, int *tree,
                                               int *radix, int *seg)
{
    int p, rank,
        err = collalg__ibcast_seg_enter(c, buffer, count, datatype, root, comm, request, segsize, &p, &rank, seg);
    if (err == MPI_SUCCESS && (*tree < 0 || *tree > COLLALG_TREE_KARY || *radix < 0 || *radix == 1))
        err = MPI_ERR_ARG;
    *tree = *tree ? *tree : COLLALG_IBCAST_PIPELINED_TREE_KIND_DEFAULT;
    *radix = *radix ? *radix : COLLALG_IBCAST_PIPELINED_TREE_RADIX_DEFAULT;
    return err;
}

/**
 * @brief After @p err (the checks' verdict, collalg__ibcast_ptree_enter()): the schedule of the
 *        broadcast of @p count elements of @p datatype at @p buffer in segments of @p seg
 *        elements down the tree of @p tree and @p radix (collalg__ibcast_pipelined_tree_steps()),
 *        its buffer, then collalg__nbc_launch() with @p persistent (0: MPI_Ibcast, 1:
 *        MPI_Bcast_init, COLLALG__NBC_BLOCKING: run in place, collalg_bcast_pipelined_tree()).
 * @return as collalg__nbc_launch().
 */
COLLALG_INLINE int collalg__ibcast_ptree_launch(collalg__ctx *c, int err, void *buffer, int count,
                                                MPI_Datatype datatype, int root, MPI_Request *request, int seg,
                                                int tree, int radix, int persistent)
{
    collalg__nbc *op = NULL;
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_pipelined_tree_steps,
                       (c->rank, c->size, root, count, seg, tree, radix));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, c, request, persistent);
}

/** @brief The start of collalg_ibcast_pipelined_tree() (@p persistent 0) and of
 *         collalg_bcast_init_pipelined_tree() (1): collalg__ibcast_ptree_enter(), then
 *         collalg__ibcast_ptree_launch(). */
COLLALG_INLINE int collalg__ibcast_pipelined_tree(void *buffer, int count, MPI_Datatype datatype, int root,
                                                  MPI_Comm comm, MPI_Request *request, int segsize, int tree, int radix,
                                                  int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    int seg = 1, err = collalg__ibcast_ptree_enter(&c, buffer, count, datatype, root, comm, request, segsize, &tree,
                                                   &radix, &seg);
    return collalg__ibcast_ptree_launch(&c, err, buffer, count, datatype, root, request, seg, tree, radix, persistent);
}

/**
 * @brief MPI_Ibcast by a pipelined k-ary or k-nomial tree.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param segsize  bytes per segment, rounded down to whole elements (at least one); 0 selects
 *                 COLLALG_BCAST_SEGSIZE_DEFAULT (4096)
 * @param tree     #COLLALG_TREE_KNOMIAL or #COLLALG_TREE_KARY; 0 selects
 *                 COLLALG_IBCAST_PIPELINED_TREE_KIND_DEFAULT (k-ary)
 * @param radix    the tree's radix k >= 2; 0 selects COLLALG_IBCAST_PIPELINED_TREE_RADIX_DEFAULT
 *                 (2)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_ARG when @p segsize is negative, @p tree is not 0 or
 *         a tree kind, or @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting. Nothing is
 *         sent when an argument is refused. The three parameters must be the same on every
 *         rank.
 */
COLLALG_INLINE int collalg_ibcast_pipelined_tree(void *buffer, int count, MPI_Datatype datatype, int root,
                                                 MPI_Comm comm, MPI_Request *request, int segsize, int tree, int radix)
{
    return collalg__ibcast_pipelined_tree(buffer, count, datatype, root, comm, request, segsize, tree, radix, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_pipelined_tree(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffer then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_pipelined_tree()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_pipelined_tree(void *buffer, int count, MPI_Datatype datatype, int root,
                                                     MPI_Comm comm, MPI_Info info, MPI_Request *request, int segsize,
                                                     int tree, int radix)
{
    (void)info;
    return collalg__ibcast_pipelined_tree(buffer, count, datatype, root, comm, request, segsize, tree, radix, 1);
}

#endif /* COLLALG_IBCAST_PIPELINED_TREE_H */
