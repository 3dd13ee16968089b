/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ireduce/rabenseifner.h
 * @ingroup nonblocking
 * @brief MPI_Ireduce, Rabenseifner's algorithm for any p in rank order (MPICH's ireduce
 *        sched_reduce_scatter_gather): recursive-halving reduce-scatter then a binomial gather
 *        of the blocks to the root, the schedule of collalg_reduce_rabenseifner() run by the
 *        nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * pof2 = 2^floor(lg p), rem = p - pof2; the vector is cut into pof2 blocks (sizes differ by at
 * most one element; some are empty when count < pof2). Each phase starts when the one before has
 * completed on this rank.
 * 1. The input is copied into a scratch vector (on the ranks that go on after the fold).
 * 2. Fold: each even rank r < 2 rem sends its vector to r + 1, which combines the two (r's
 *    operand first) and goes on as survivor r / 2; the ranks r >= 2 rem go on as survivors
 *    r - rem. The survivors keep the ranks' order.
 * 3. Reduce-scatter by recursive halving, mask = 1, 2, ..., pof2/2: survivors i and i XOR mask
 *    hold the same block range; each keeps one half (bit mask of i set: the upper one), sends the
 *    other and combines the half it receives with its own, the lower group's operand first.
 *    Invariant: after the step with mask, survivor i holds, for its range, the reduction over
 *    the aligned run of 2 mask survivors containing i.
 * 4. Binomial gather to survivor T (the root's survivor index; for a folded even root, that of
 *    root + 1), retracing phase 3 backwards (mask = pof2/2, ..., 1): the survivor whose bit
 *    mask differs from T's sends its range to its partner and is done; the partner receives it
 *    next to its own range. Invariant: after the step with mask, each survivor still gathering
 *    holds the final result over the range it held before halving step mask.
 * 5. T copies the result into the root's receive buffer, or sends it to the folded root.
 *
 * @par Trace, p = 6, count = 8, root 2 (pof2 = 4; survivors 1, 3, 4, 5; blocks of 2 elements)
 * @verbatim
   fold:     0 -> 1, 2 -> 3 (8 elements each)
   halving:  mask 1: 1 <-> 3, 4 <-> 5 swap 4 elements (1, 4 keep blocks 0-1; 3, 5 keep 2-3)
             mask 2: 1 <-> 4, 3 <-> 5 swap 2 elements (1: block 0, 4: 1, 3: 2, 5: 3)
   gather:   T = survivor 1 (rank 3, onto which root 2 folded)
             mask 2: 4 -> 1 (block 1), 5 -> 3 (block 3);  mask 1: 1 -> 3 (blocks 0-1)
   hand-off: 3 -> 2 (8 elements)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ireduce_rabenseifner_p6.svg
 * @image html ireduce_rabenseifner_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes. 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta +
 * (pof2 - 1)/pof2 n gamma; plus alpha + n (beta + gamma) for the fold when p is not a power of
 * two, and alpha + n beta when the root was folded away. Against collalg_ireduce_binomial(): about
 * 2 n instead of lg(p) n bytes through the root's links, for long vectors.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any count, any operation (the operand order is the standard's: the
 * halving runs at doubling distance, so a partner's contribution is a run of ranks wholly below
 * or above this rank's, and the gather only moves data); MPI_IN_PLACE at the root. The operation
 * must not be freed before the request completes (core/nbc.h).
 *
 * @par Memory
 * Two vectors of count elements of the datatype on the survivors, plus the operation (about 60
 * bytes per step, 3 lg(pof2) + 6 steps at most, plus 300 bytes), until the request completes.
 *
 * @par References
 * R. Rabenseifner, "Optimization of Collective Reduction Operations", ICCS 2004, §3
 * (reduce-scatter + gather); R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective
 * Communication Operations in MPICH", IJHPCA 19(1), 2005, §4.3; MPICH
 * src/mpi/coll/ireduce (ireduce_intra_sched_reduce_scatter_gather); T. Hoefler, A. Lumsdaine,
 * W. Rehm, "Implementation and Performance Analysis of Non-Blocking Collective Operations for
 * MPI", SC'07 (rounds of a nonblocking schedule).
 */
#ifndef COLLALG_IREDUCE_RABENSEIFNER_H
#define COLLALG_IREDUCE_RABENSEIFNER_H

#include "../core/persistent.h"
#include "../family/reduce.h"
#include "../schedule/icoll_reduce.h"

/** @brief The start of collalg_ireduce_rabenseifner() (@p persistent 0) and of
 *         collalg_reduce_init_rabenseifner() (1): checks, schedule, buffers, then
 *         collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ireduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                 MPI_Op op, int root, MPI_Comm comm, MPI_Request *request,
                                                 int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reduces */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank;
    int err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    COLLALG__NBC_BUILD(err, o, collalg__ireduce_rabenseifner_steps, (rank, p, root, count, inplace));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, rank == root ? recvbuf : NULL, datatype, inplace, &c,
                                        request, persistent);
}

/**
 * @brief MPI_Ireduce by Rabenseifner's algorithm (recursive-halving reduce-scatter, binomial
 *        gather to the root), in the standard's operand order.
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
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ROOT; MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for
 *         a bad significant (buffer, count, type), MPI_IN_PLACE off the root or aliased buffers;
 *         MPI_ERR_OP for MPI_OP_NULL; MPI_ERR_REQUEST when @p request is NULL; MPI_ERR_NO_MEM; or
 *         the error class of a failing MPI call while starting. Nothing is sent when an argument
 *         is refused. A reduction the datatype does not support fails in MPI_Reduce_local and
 *         comes back through the request.
 */
COLLALG_INLINE int collalg_ireduce_rabenseifner(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
    return collalg__ireduce_rabenseifner(sendbuf, recvbuf, count, datatype, op, root, comm, request, 0);
}

/**
 * @brief MPI_Reduce_init by the algorithm of collalg_ireduce_rabenseifner(): a persistent request
 *        whose every collalg_start() runs that schedule once, reading the buffers then
 *        (core/persistent.h).
 * @copydetails collalg_ireduce_rabenseifner()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_reduce_init_rabenseifner(const void *sendbuf, void *recvbuf, int count,
                                                    MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                                                    MPI_Info info, MPI_Request *request)
{
    (void)info;
    return collalg__ireduce_rabenseifner(sendbuf, recvbuf, count, datatype, op, root, comm, request, 1);
}

#endif /* COLLALG_IREDUCE_RABENSEIFNER_H */
