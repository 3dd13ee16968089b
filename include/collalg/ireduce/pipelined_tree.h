/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce/pipelined_tree.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce, pipelined tree: the vector cut into segments, each reduced up a k-nomial or
 *        k-ary tree while the next one follows (MPICH's ireduce tsp_tree with a pipeline chunk
 *        size), in rank order for any operation; the up phase of
 *        collalg_iallreduce_pipelined_tree(), run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The trees are those of schedule/icoll_tree.h: the k-nomial tree of schedule/knomial.h, or a
 * k-ary tree numbered in pre-order (a run of consecutive ranks is a subtree, its first rank the
 * node, the rest cut into at most k runs). For a commutative operation the tree is on the ranks
 * relative to the root, (rank - root) mod p, the root on top (MPICH's tree); for any other it is
 * on the ranks as they are, rank 0 on top, so that every subtree is a run of consecutive ranks.
 * The vector is cut into segments of `segsize` bytes (whole elements). For each segment:
 * 1. Up: every rank receives its children's partial results for the segment (all children at
 *    once, into scratch) and folds them onto its own operand in rank order (running op child, one
 *    after another as they arrive), then sends the reduction of its subtree to its parent.
 *    Invariant: before child c is folded in, the running value of rank r is the reduction over
 *    ranks [r, c), and c's subtree is the run that follows.
 * 2. The top copies the segment's result into the root's receive buffer; when it is rank 0 and
 *    the root is another rank (a non-commutative operation), it sends the segment to the root
 *    instead, as soon as it is done, so the hand-off is pipelined too.
 * Each step waits only for what it needs (its data, and the message before it between the same
 * two ranks), not for rounds; scratch for two segments per child lets a rank receive segment
 * s + 1 while it sends segment s on.
 *
 * @par Trace, p = 7, root 2, a non-commutative operation, k-nomial tree of radix 3 (rank 0's
 * children 1, 2, 3, 6; rank 3's 4, 5), 2 segments (a -s-> b: segment s; one line per pipeline
 * step)
 * @verbatim
   step 1:  1, 2, 6 -0-> 0;  4, 5 -0-> 3
   step 2:  3 -0-> 0;  1, 2, 6 -1-> 0;  4, 5 -1-> 3      (0: v0 op v1 op v2 op [3..5] op v6)
   step 3:  0 -0-> 2;  3 -1-> 0
   step 4:  0 -1-> 2
   a commutative operation: the same tree on the relative ranks, root 2 on top, no hand-off
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_pipelined_tree_p6.svg
 * @image html ireduce_pipelined_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in s segments of n/s bytes, L the tree's height
 * (ceil(log_k p) for the k-nomial tree, about log_k p for the k-ary one), c the most children of a
 * rank ((k - 1) L for the k-nomial tree, k for the k-ary one). About
 * (L + s - 1) c (alpha + (n/s) beta + (n/s) gamma), plus alpha + (n/s) beta for the hand-off to a
 * root other than 0 with a non-commutative operation. s = 1 is the unsegmented tree reduce
 * (collalg_ireduce_knomial() for the k-nomial tree); long vectors gain when s is well above L.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any operation (rank order kept on both trees);
 * MPI_IN_PLACE at the root. The segment size, tree and radix must be the same on every rank. The
 * operation must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two segments of scratch per child (2 c segsize bytes at most on a rank with c children, none on
 * a leaf), plus the operation (about 60 bytes per step, 2 c + 2 per segment, plus 300 bytes),
 * until the request completes.
 *
 * @par References
 * MPICH src/mpi/coll/ireduce/ireduce_tsp_tree_algos.h and src/mpi/coll/algorithms/treealgo (the
 * tree reduce of the transport-based collectives, its chunked pipeline and tree kinds);
 * P. Sanders, J. Speck, J. L. Traff, "Two-tree algorithms for full bandwidth broadcast,
 * reduction and scan", Parallel Computing 35 (2009) 581-594, §3 (a pipelined reduction is the
 * pipelined broadcast reversed; in-order trees for non-commutative operators); T. Hoefler,
 * A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective
 * Operations for MPI", SC'07.
 */
#ifndef COLLALG_IREDUCE_PIPELINED_TREE_H
#define COLLALG_IREDUCE_PIPELINED_TREE_H

#include "../iallreduce/pipelined_tree.h"

/** @brief Default segment size of collalg_ireduce_pipelined_tree(), in bytes: 64 KiB (as
 *         collalg_iallreduce_pipelined_tree()). */
#ifndef COLLALG_IREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT
#define COLLALG_IREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT 65536
#endif

/** @brief Default tree of collalg_ireduce_pipelined_tree(): #COLLALG_TREE_KNOMIAL. */
#ifndef COLLALG_IREDUCE_PIPELINED_TREE_KIND_DEFAULT
#define COLLALG_IREDUCE_PIPELINED_TREE_KIND_DEFAULT COLLALG_TREE_KNOMIAL
#endif

/** @brief Default radix of collalg_ireduce_pipelined_tree(): 2 (binomial, or binary). */
#ifndef COLLALG_IREDUCE_PIPELINED_TREE_RADIX_DEFAULT
#define COLLALG_IREDUCE_PIPELINED_TREE_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_ireduce_pipelined_tree() (@p persistent 0), of
 *         collalg_reduce_init_pipelined_tree() (1) and the whole of
 *         collalg_reduce_pipelined_tree() (COLLALG__NBC_BLOCKING): checks, parameters, the
 *         blocking form's probe (collalg__allreduce_probe_blocking(), family/allreduce.h), schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_pipelined_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                   MPI_Op op, int root, MPI_Comm comm, MPI_Request *request,
                                                   int segsize, int tree, int radix, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reduces */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, seg = 1, commute = 0;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    err = collalg__ptree_params(err, datatype, count, segsize, COLLALG_IREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT, &tree,
                                COLLALG_IREDUCE_PIPELINED_TREE_KIND_DEFAULT, &radix,
                                COLLALG_IREDUCE_PIPELINED_TREE_RADIX_DEFAULT, &seg);
    err = collalg__allreduce_probe_blocking(err, &c, datatype, op, persistent == COLLALG__NBC_BLOCKING);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    COLLALG__NBC_BUILD(err, o, collalg__ireduce_pipelined_tree_steps,
                       (rank, p, root, count, inplace, seg, tree, radix, commute));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, rank == root ? recvbuf : NULL, datatype, inplace, &c,
                                        request, persistent);
}

/**
 * @brief MPI_Ireduce by a pipelined tree (segments reduced up a k-nomial or k-ary tree), in the
 *        standard's operand order.
 * @param sendbuf  @p count elements of @p datatype; MPI_IN_PLACE at the root (its input is then
 *                 in @p recvbuf)
 * @param recvbuf  at the root: @p count elements of @p datatype, the result; not significant
 *                 elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param root     rank of the root
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param segsize  segment size in bytes, >= 0, rounded down to whole elements, at least one; 0
 *                 selects COLLALG_IREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT (64 KiB)
 * @param tree     #COLLALG_TREE_KNOMIAL or #COLLALG_TREE_KARY; 0 selects
 *                 COLLALG_IREDUCE_PIPELINED_TREE_KIND_DEFAULT (k-nomial)
 * @param radix    the tree's radix k >= 2; 0 selects COLLALG_IREDUCE_PIPELINED_TREE_RADIX_DEFAULT
 *                 (2)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when @p segsize is negative, @p tree is not 0
 *         or a tree kind, or @p radix is negative or 1; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting. Nothing is
 *         sent when an argument is refused. A reduction the datatype does not support fails in
 *         MPI_Reduce_local and comes back through the request. The three parameters must be the
 *         same on every rank.
 */
COLLALG_INLINE int collalg_ireduce_pipelined_tree(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                  MPI_Op op, int root, MPI_Comm comm, MPI_Request *request, int segsize,
                                                  int tree, int radix)
{
    return collalg__ireduce_pipelined_tree(sendbuf, recvbuf, count, datatype, op, root, comm, request, segsize, tree,
                                           radix, 0);
}

/**
 * @brief MPI_Reduce_init by the algorithm of collalg_ireduce_pipelined_tree(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ireduce_pipelined_tree()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_init_pipelined_tree(const void *sendbuf, void *recvbuf, int count,
                                                      MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                                      MPI_Info info, MPI_Request *request, int segsize, int tree,
                                                      int radix)
{
    (void)info;
    return collalg__ireduce_pipelined_tree(sendbuf, recvbuf, count, datatype, op, root, comm, request, segsize, tree,
                                           radix, 1);
}

#endif /* COLLALG_IREDUCE_PIPELINED_TREE_H */
