/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup exscan
 * @brief Exscan, hierarchical: exscan inside each node, exscan of the node totals among the node
 *        leaders, the leader's prefix broadcast and combined in the node.
 *
 * The body is scan/hierarchical.h's, exclusive.
 *
 * @par Phases (every node holds consecutive ranks)
 * Node k holds ranks f_k .. f_k + q_k - 1; v_a..v_b below is v_a op ... op v_b.
 * 1. Node exscan (@p intra on the node communicator) into scratch x: node rank j > 0 holds
 *    x = v_(f_k)..v_(f_k + j - 1). recvbuf is not written before phase 4, so MPI_IN_PLACE needs
 *    no copy of the input.
 * 2. The node's last member computes the node total T_k = x op v (v alone when q_k = 1) and sends
 *    it to the leader.
 * 3. Leaders: exscan of the totals (@p inter on the leaders' communicator): the leader of node
 *    k > 0 gets E_k = v_0..v_(f_k - 1).
 * 4. Node k > 0: the leader broadcasts E_k in the node; node rank 0 writes E_k, node rank j > 0
 *    writes E_k op x. Node 0: node rank j > 0 writes x; rank 0's recvbuf is never written.
 *
 * @par Other placements
 * When a node's ranks are not consecutive, the placement is detected from the node level and the
 * ranks run collalg_exscan_recursive_doubling() (up to 64 KiB) or the linear pipeline
 * collalg_exscan_linear() (above, default segment) on the whole communicator instead (every rank
 * takes the same branch), for every operation (see scan/hierarchical.h).
 *
 * @par Trace, p = 7 on nodes {0, 1, 2}, {3, 4}, {5, 6}
 * @verbatim
   1. node exscans: 1: [0] 2: [0..1] | 4: [3] | 6: [5]
   2. totals:       2 -> 0 ([0..1] op v2), 4 -> 3 ([3] op v4), 6 -> 5 ([5] op v6)
   3. leaders:      exscan over 0, 3, 5: 3 gets [0..2], 5 gets [0..4]
   4. broadcast:    3 -> 4, 5 -> 6;  3: [0..2]  4: [0..3]  5: [0..4]  6: [0..5]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html exscan_hierarchical_p6.svg
 * @image html exscan_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks and n = count * size of
 * datatype bytes: T_intra(q) + (alpha + n beta + n gamma) + T_inter(N) + T_bcast(q) + n gamma,
 * with the defaults (recursive doubling up to 64 KiB) T_intra = ceil(lg q)(alpha + n beta +
 * 2 n gamma), T_inter = ceil(lg N)(alpha + n beta + 2 n gamma); the linear pipelines above.
 *
 * @par Restrictions
 * None: any p >= 1, any placement, count 0, any datatype MPI_Reduce_local accepts with @c op,
 * MPI_IN_PLACE on any rank, non-commutative operations (order kept). Rank 0's recvbuf is not
 * written.
 *
 * @par Memory
 * Up to 3 count elements of scratch per rank (x, E_k, and T_k on the last member or the leader);
 * plus the node level (machine/node.h) and what @p intra and @p inter take.
 *
 * @par References
 * MPICH src/mpi/coll/scan/scan_intra_smp.c (the inclusive two-level scheme this one makes
 * exclusive).
 */
#ifndef COLLALG_EXSCAN_HIERARCHICAL_H
#define COLLALG_EXSCAN_HIERARCHICAL_H

#include "../scan/hierarchical.h"

/**
 * @brief MPI_Exscan, hierarchical: node exscan, exscan among the node leaders, node broadcast and
 *        combine (see the file comment).
 *
 * @param[in] sendbuf  this rank's input, count elements of datatype (MPI_IN_PLACE: the input is
 *                     in recvbuf)
 * @param[out] recvbuf the result v_0 op ... op v_(rank-1), count elements of datatype; rank 0's
 *                     is not significant and is not written
 * @param[in] count    number of elements of the vector (the same on every rank)
 * @param[in] datatype datatype of the elements (the same on every rank)
 * @param[in] op       the reduction (any op, commutative or not)
 * @param[in] comm     intracommunicator
 * @param[in] intra    the exscan inside each node (phase 1), any MPI_Exscan-shaped function that
 *                     keeps the operand order, out of place, on the node communicator of
 *                     machine/node.h. NULL: collalg_exscan_recursive_doubling() up to 64 KiB
 *                     (#COLLALG_SCAN_HIER_PIPELINE_BYTES), the linear pipeline above.
 * @param[in] inter    the exscan among the node leaders (phase 3), any MPI_Exscan-shaped
 *                     function that keeps the operand order, out of place, on the leaders'
 *                     communicator. NULL: as @p intra.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/scan.h, collalg__exscan_enter); the error of
 *         MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is not defined for
 *         @p datatype, before any message; MPI_ERR_NO_MEM when scratch or the node level cannot be
 *         allocated; the error of @p intra or @p inter as they return it; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_exscan_hierarchical(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm, collalg_exscan_fn intra,
                                               collalg_exscan_fn inter)
{
    collalg__ctx c;
    int err = collalg__exscan_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__scan_hier_run(&c, sendbuf, recvbuf, count, datatype, op, 1, NULL, intra, inter);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_EXSCAN_HIERARCHICAL_H */
