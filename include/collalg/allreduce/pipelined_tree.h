/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pipelined_tree.h
 * @ingroup allreduce
 * @brief Allreduce, pipelined tree (MPICH's tree allreduce of the transport-based collectives,
 *        with a pipeline chunk size): the vector cut into segments, each reduced up a k-nomial or
 *        k-ary tree to rank 0 and broadcast back down the same tree while the next goes up, in
 *        rank order for any operation.
 *
 * The blocking form of collalg_iallreduce_pipelined_tree(): the same schedule
 * (collalg__iallreduce_pipelined_tree_steps(), schedule/icoll_tree.h) run to completion in place
 * (collalg__nbc_run(), core/nbc.h: the executor's steps and local reductions, MPI_Waitsome on the
 * messages in flight, COLLALG_TAG_DATA on the private communicator, no request). Unlike the
 * nonblocking form it first probes the (datatype, op) pair on every rank
 * (collalg__allreduce_probe_blocking(), family/allreduce.h), so that an invalid pair fails before any message.
 *
 * @par Phases
 * The tree is one of schedule/icoll_tree.h on the ranks as they are, rank 0 on top, every subtree
 * a run of consecutive ranks (the k-nomial tree, or the k-ary tree in pre-order numbering); the
 * vector goes in segments of `segsize` bytes, whole elements (collalg_iallreduce_pipelined_tree()
 * has the details of the steps and their dependencies).
 * 1. Up, per segment: a rank receives the segment's partial results of all its children at once
 *    into scratch, folds them onto its own operand in increasing rank order, and sends the result
 *    to its parent; rank 0 keeps it in its receive buffer.
 * 2. Down, per segment: a rank other than 0 receives the reduced segment from its parent into its
 *    receive buffer and passes it on to its children, the last (largest subtree) first.
 * No rounds: segment i + 1 travels up while segment i comes down, each step starting as soon as
 * its data and the previous message between the same two ranks are through.
 *
 * @par Trace, p = 6, the default tree (k-nomial, radix 2: rank 0's children 1, 2, 4; 2's 3; 4's
 * 5), 2 segments (a -s-> b: segment s; one line per pipeline step)
 * @verbatim
   step 1:  1 -0-> 0;  3 -0-> 2;  5 -0-> 4
   step 2:  2, 4 -0-> 0;  1 -1-> 0;  3 -1-> 2;  5 -1-> 4   (0: v0 op v1 op [2..3] op [4..5])
   step 3:  0 -0-> 4, 2, 1;  2, 4 -1-> 0
   step 4:  2 -0-> 3;  4 -0-> 5;  0 -1-> 4, 2, 1
   step 5:  2 -1-> 3;  4 -1-> 5
   the k-ary tree of radix 2 instead: 0's children 1, 4; 1's 2, 3; 4's 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_pipelined_tree_p6.svg
 * @image html allreduce_pipelined_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With n = count * size(datatype) bytes cut into s
 * segments on p ranks, a tree of height L (ceil(log_k p) k-nomial, about log_k p k-ary) whose
 * busiest rank has c children (k-nomial: (k - 1) L; k-ary: k): about
 * (2 L + s - 1) c (alpha + (n/s) beta) + (L + s - 1) c (n/s) gamma, the pipeline taking 2 L
 * stages to fill and then finishing one segment per stage; s = 1 is an unsegmented reduce +
 * broadcast (collalg_allreduce_reduce_bcast() on the binomial tree). Worth it for long vectors,
 * s of 2 L or more.
 *
 * @par Restrictions
 * None: any p >= 1, any count, any operation (rank order kept on both trees); MPI_IN_PLACE as the
 * send buffer. The segment size, tree and radix must be the same on every rank.
 *
 * @par Memory
 * Two segments of scratch per child (2 c segsize bytes at most on a rank with c children, none on
 * a leaf), plus the schedule (about 60 bytes per step, 2 c + 3 per segment, plus 300 bytes),
 * during the call.
 *
 * @par References
 * MPICH src/mpi/coll/iallreduce/iallreduce_tsp_tree_algos.h and src/mpi/coll/algorithms/treealgo
 * (the tree allreduce of the transport-based collectives, its chunked pipeline and tree kinds);
 * P. Patarasuk, X. Yuan, "Bandwidth optimal all-reduce algorithms for clusters of workstations",
 * JPDC 69(2), 2009 (pipelined tree reductions).
 */
#ifndef COLLALG_ALLREDUCE_PIPELINED_TREE_H
#define COLLALG_ALLREDUCE_PIPELINED_TREE_H

#include "../iallreduce/pipelined_tree.h"

/**
 * @brief MPI_Allreduce by a pipelined tree (segments reduced up to rank 0 and broadcast back down
 *        the same tree), in the standard's operand order.
 *
 * @allreduce_args
 * @param[in] segsize segment size in bytes, >= 0, rounded down to whole elements, at least one; 0
 *                    selects COLLALG_IALLREDUCE_PIPELINED_TREE_SEGSIZE_DEFAULT (64 KiB); the same
 *                    on every rank
 * @param[in] tree    #COLLALG_TREE_KNOMIAL or #COLLALG_TREE_KARY; 0 selects
 *                    COLLALG_IALLREDUCE_PIPELINED_TREE_KIND_DEFAULT (k-nomial); the same on every
 *                    rank
 * @param[in] radix   the tree's radix k >= 2; 0 selects
 *                    COLLALG_IALLREDUCE_PIPELINED_TREE_RADIX_DEFAULT (2); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_ARG when @p segsize is negative,
 *         @p tree is not 0 or a tree kind, or @p radix is negative or 1; the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype (family/allreduce.h, collalg__allreduce_probe); all of these before any
 *         message; MPI_ERR_NO_MEM when the scratch or the schedule cannot be allocated; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_pipelined_tree(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int segsize,
                                                    int tree, int radix)
{
    MPI_Request none = MPI_REQUEST_NULL;
    return collalg__iallreduce_pipelined_tree(sendbuf, recvbuf, count, datatype, op, comm, &none, segsize, tree, radix,
                                              COLLALG__NBC_BLOCKING);
}

#endif /* COLLALG_ALLREDUCE_PIPELINED_TREE_H */
