/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallreduce/pipelined_tree.h
 * @ingroup nonblocking
 * @brief MPI_Iallreduce, pipelined tree: the vector cut into segments, each reduced up a k-nomial
 *        or k-ary tree to rank 0 and broadcast back down the same tree while the next goes up, in
 *        rank order (MPICH's iallreduce tsp_tree with a pipeline chunk size), run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * The trees (schedule/icoll_tree.h) are on the ranks as they are, rank 0 on top, and every
 * subtree is a run of consecutive ranks: the k-nomial tree of schedule/knomial.h, or a k-ary tree
 * numbered in pre-order (a run's first rank is its node, the rest cut into at most k runs). The
 * vector is cut into segments of `segsize` bytes (whole elements). For each segment:
 * 1. Up: every rank receives its children's partial results for the segment (all children at
 *    once, into scratch) and folds them onto its own operand in rank order (running op child, one
 *    after another as they arrive), then sends the reduction of its subtree to its parent. Rank 0
 *    puts the segment's result into its receive buffer.
 * 2. Down: every rank other than 0 receives the segment's result from its parent into its
 *    receive buffer and sends it to its children.
 * Each step waits only for what it needs (its data, and the message before it between the same
 * two ranks), not for rounds: segment s + 1 goes up while segment s comes down; scratch for two
 * segments per child lets a rank receive segment s + 1 while it sends segment s on.
 *
 * @par Trace, p = 7, k-nomial tree of radix 3 (rank 0's children 1, 2, 3, 6; rank 3's 4, 5), 2
 * segments (a -s-> b: segment s; one line per pipeline step)
 * @verbatim
   step 1:  1, 2, 6 -0-> 0;  4, 5 -0-> 3
   step 2:  3 -0-> 0;  1, 2, 6 -1-> 0;  4, 5 -1-> 3      (0: v0 op v1 op v2 op [3..5] op v6)
   step 3:  0 -0-> 6, 3, 2, 1;  3 -1-> 0
   step 4:  3 -0-> 5, 4;  0 -1-> 6, 3, 2, 1
   step 5:  3 -1-> 5, 4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallreduce_pipelined_tree_p6.svg
 * @image html iallreduce_pipelined_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes in s segments of n/s bytes, L the tree's height
 * (ceil(log_k p) for the k-nomial tree, about log_k p for the k-ary one), c the most children of a
 * rank ((k - 1) L for the k-nomial tree, k for the k-ary one). About
 * (2 L + s - 1) c (alpha + (n/s) beta) + (L + s - 1) c (n/s) gamma: the pipeline fills in 2 L
 * stages and then delivers a segment per stage. s = 1 is the unsegmented reduce + broadcast of
 * collalg_iallreduce_reduce_bcast(); long vectors gain when s is near 2 L or more.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any operation (rank order kept on both trees); MPI_IN_PLACE as the
 * send buffer. The segment size, tree and radix must be the same on every rank. The operation
 * must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two segments of scratch per child (2 c segsize bytes at most on a rank with c children, none on
 * a leaf), plus the operation (about 60 bytes per step, 2 c + 3 per segment, plus 300 bytes),
 * until the request completes.
 *
 * @par References
 * MPICH src/mpi/coll/iallreduce/iallreduce_tsp_tree_algos.h and src/mpi/coll/algorithms/treealgo
 * (the tree allreduce of the transport-based collectives, its chunked pipeline and tree kinds);
 * P. Patarasuk, X. Yuan, "Bandwidth optimal all-reduce algorithms for clusters of workstations",
 * JPDC 69(2), 2009 (pipelined tree reductions); T. Hoefler, A. Lumsdaine, W. Rehm,
 * "Implementation and Performance Analysis of Non-Blocking Collective Operations for MPI", SC'07.
 */
#ifndef COLLALG_IALLREDUCE_PIPELINED_TREE_H
#define COLLALG_IALLREDUCE_PIPELINED_TREE_H

#include "../core/persistent.h"
#include "../family/reduce.h"
#include "../schedule/icoll_tree.h"

/** @brief Default segment size of collalg_iallreduce_pipelined_tree(), in bytes: 64 KiB
 *         (COLLALG_REDUCE_SEGSIZE_DEFAULT's value). */
#ifndef COLLALG_IALLREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT
#define COLLALG_IALLREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT 65536
#endif

/** @brief Default tree of collalg_iallreduce_pipelined_tree(): #COLLALG_TREE_KNOMIAL. */
#ifndef COLLALG_IALLREDUCE_PIPELINED_TREE_KIND_DEFAULT
#define COLLALG_IALLREDUCE_PIPELINED_TREE_KIND_DEFAULT COLLALG_TREE_KNOMIAL
#endif

/** @brief Default radix of collalg_iallreduce_pipelined_tree(): 2 (binomial, or binary). */
#ifndef COLLALG_IALLREDUCE_PIPELINED_TREE_RADIX_DEFAULT
#define COLLALG_IALLREDUCE_PIPELINED_TREE_RADIX_DEFAULT 2
#endif

/**
 * @brief The parameters of the pipelined trees (collalg_iallreduce_pipelined_tree(),
 *        collalg_ireduce_pipelined_tree()) after @p err: MPI_ERR_ARG for a @p tree other than 0
 *        or a tree kind, or a negative radix or radix 1; then *@p tree and *@p radix with their
 *        defaults @p tree0 and @p radix0 for 0, and *@p seg the elements of a segment of
 *        @p segsize bytes (0: @p segsize0) of @p datatype.
 * @return @p err, or the first error found.
 */
COLLALG_INLINE int collalg__ptree_params(int err, MPI_Datatype datatype, int count, int segsize, int segsize0,
                                         int *tree, int tree0, int *radix, int radix0, int *seg)
{
    int size = 0;
    if (err == MPI_SUCCESS && (*tree < 0 || *tree > COLLALG_TREE_KARY || *radix < 0 || *radix == 1))
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__type_size(datatype, &size);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_seg_elems(segsize ? segsize : segsize0, size, count, seg);
    *tree = *tree ? *tree : tree0;
    *radix = *radix ? *radix : radix0;
    return err;
}

/** @brief The start of collalg_iallreduce_pipelined_tree() (@p persistent 0), of
 *         collalg_allreduce_init_pipelined_tree() (1) and the whole of
 *         collalg_allreduce_pipelined_tree() (COLLALG__NBC_BLOCKING): checks, parameters, the
 *         blocking form's probe, schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallreduce_pipelined_tree(const void *sendbuf, void *recvbuf, int count,
                                                      MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                      MPI_Request *request, int segsize, int tree, int radix,
                                                      int persistent)
{
    collalg__ctx c; /* for the checks of the blocking allreduces */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, seg = 1;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    err = collalg__ptree_params(err, datatype, count, segsize, COLLALG_IALLREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT, &tree,
                                COLLALG_IALLREDUCE_PIPELINED_TREE_KIND_DEFAULT, &radix,
                                COLLALG_IALLREDUCE_PIPELINED_TREE_RADIX_DEFAULT, &seg);
    err = collalg__allreduce_probe_blocking(err, &c, datatype, op, persistent == COLLALG__NBC_BLOCKING);
    COLLALG__NBC_BUILD(err, o, collalg__iallreduce_pipelined_tree_steps, (rank, p, count, inplace, seg, tree, radix));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, recvbuf, datatype, inplace, &c, request, persistent);
}

/**
 * @brief MPI_Iallreduce by a pipelined tree (segments reduced up to rank 0 and broadcast back
 *        down the same tree), in the standard's operand order.
 * @param sendbuf  @p count elements of @p datatype, or MPI_IN_PLACE (the input is then in
 *                 @p recvbuf)
 * @param recvbuf  @p count elements of @p datatype: the reduction of all ranks' inputs
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param op       the reduction operation (predefined or user-defined)
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param segsize  segment size in bytes, >= 0, rounded down to whole elements, at least one; 0
 *                 selects COLLALG_IALLREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT (64 KiB)
 * @param tree     #COLLALG_TREE_KNOMIAL or #COLLALG_TREE_KARY; 0 selects
 *                 COLLALG_IALLREDUCE_PIPELINED_TREE_KIND_DEFAULT (k-nomial)
 * @param radix    the tree's radix k >= 2; 0 selects
 *                 COLLALG_IALLREDUCE_PIPELINED_TREE_RADIX_DEFAULT (2)
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad
 *         (buffer, count, type) or aliased buffers; MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_ARG when
 *         @p segsize is negative, @p tree is not 0 or a tree kind, or @p radix is negative or 1;
 *         MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or the error class of a
 *         failing MPI call while starting. Nothing is sent when an argument is refused. An
 *         operation the datatype does not support fails in MPI_Reduce_local and comes back
 *         through the request. The three parameters must be the same on every rank.
 */
COLLALG_INLINE int collalg_iallreduce_pipelined_tree(const void *sendbuf, void *recvbuf, int count,
                                                     MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                                     MPI_Request *request, int segsize, int tree, int radix)
{
    return collalg__iallreduce_pipelined_tree(sendbuf, recvbuf, count, datatype, op, comm, request, segsize, tree,
                                              radix, 0);
}

/**
 * @brief MPI_Allreduce_init by the algorithm of collalg_iallreduce_pipelined_tree(): a persistent
 *        request whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_iallreduce_pipelined_tree()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allreduce_init_pipelined_tree(const void *sendbuf, void *recvbuf, int count,
                                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info,
                                                         MPI_Request *request, int segsize, int tree, int radix)
{
    (void)info;
    return collalg__iallreduce_pipelined_tree(sendbuf, recvbuf, count, datatype, op, comm, request, segsize, tree,
                                              radix, 1);
}

#endif /* COLLALG_IALLREDUCE_PIPELINED_TREE_H */
