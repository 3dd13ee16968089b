/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mcs.h
 * @ingroup barrier
 * @brief Barrier, the Mellor-Crummey & Scott tree barrier (ACM TOCS 1991) in message-passing
 *        form, with a fan-in arrival tree and a fan-out wake-up tree (Pritchard, Nicholson &
 *        Schwarzmeier, CUG 2004, §"MPI_Barrier").
 *
 * @par Phases
 * Two complete trees in heap order rooted at rank 0 (schedule/barrier.h): in the arrival
 * tree of fan-in a the parent of r > 0 is (r - 1) / a and the children of r are a r + 1 .. a r + a;
 * in the wake-up tree of fan-out b likewise with b.
 * - Arrival: rank r waits for a token from each of its arrival children, then sends a token to
 *   its arrival parent. When rank 0 has all its children's tokens, every rank has entered.
 * - Wake-up: rank r > 0 waits for a token from its wake-up parent, then sends a token to each of
 *   its wake-up children.
 *
 * The original barrier polls flags in shared memory (fan-in 4 for arrival, binary wake-up); on
 * the Cray X1 Pritchard et al. found a 64-way fan-in/fan-out best. Here the flags are zero-byte
 * messages, and both fans are parameters.
 *
 * @par Trace, p = 7, fan-in 4, fan-out 2 (the defaults; a -> b: token from a to b)
 * @verbatim
   arrival tree:  0: {1, 2, 3, 4}   1: {5, 6}
   wake-up tree:  0: {1, 2}   1: {3, 4}   2: {5, 6}
   arrival:  round 1: 5 -> 1, 6 -> 1, 2 -> 0, 3 -> 0, 4 -> 0
             round 2: 1 -> 0
   wake-up:  round 1: 0 -> 1, 0 -> 2
             round 2: 1 -> 3, 1 -> 4, 2 -> 5, 2 -> 6
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_mcs_p6.svg
 * @image html barrier_mcs_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, fan-in a, fan-out b, and h(k) = the height of the k-ary heap tree over p
 * ranks (about log_k p): h(a) + h(b) rounds. Between (h(a) + h(b)) alpha, when the tokens of one
 * level overlap, and (a h(a) + b h(b)) alpha, when a parent handles its children's tokens one
 * after another. No beta term: the tokens carry no data. A large fan-in trades depth for the
 * tokens one rank must handle.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step). Fans above p - 1 behave like
 * p - 1 (a star: rank 0 hears from and releases every rank directly). A fan of 1 is rejected
 * (MPI_ERR_ARG): it would turn the tree into a chain of p - 1 levels, (p - 1) alpha per half,
 * which is no tree barrier and costs more than the light-weight ring barrier (light_weight.h).
 *
 * @par Memory
 * None.
 *
 * @par References
 * J. M. Mellor-Crummey, M. L. Scott, "Algorithms for scalable synchronization on shared-memory
 * multiprocessors", ACM TOCS 9(1), 1991 (the new tree-based barrier: 4-ary arrival tree, binary
 * wake-up tree); H. Pritchard, J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for
 * X1", CUG 2004, §"MPI_Barrier" (the MCS tree barrier with large fan-in/fan-out).
 */
#ifndef COLLALG_BARRIER_MCS_H
#define COLLALG_BARRIER_MCS_H

#include "../core/args.h"
#include "../core/tags.h"
#include "../schedule/barrier.h"

/** @brief Arrival up the fan-in tree, wake-up down the fan-out tree. @return MPI error code. */
COLLALG_INLINE int collalg__barrier_mcs_trees(const collalg__ctx *c, int fanin, int fanout)
{
    int i, err = MPI_SUCCESS, p = c->size, me = c->rank;
    int n = collalg__kary_nchildren(me, p, fanin), first = collalg__kary_first_child(me, fanin);

    for (i = 0; i < n && err == MPI_SUCCESS; i++)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, first + i, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    if (me > 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, collalg__kary_parent(me, fanin), COLLALG_TAG_TOKEN, c->pcomm);
    if (me > 0 && err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, collalg__kary_parent(me, fanout), COLLALG_TAG_TOKEN, c->pcomm,
                                MPI_STATUS_IGNORE);
    n = collalg__kary_nchildren(me, p, fanout);
    first = collalg__kary_first_child(me, fanout);
    for (i = 0; i < n && err == MPI_SUCCESS; i++)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, first + i, COLLALG_TAG_TOKEN, c->pcomm);
    return err;
}

/**
 * @brief MPI_Barrier by the MCS tree barrier: returns on each rank only after every rank of
 *        @p comm has entered the call.
 *
 * @barrier_args
 * @param[in] fanin  children per node of the arrival tree, >= 2; 0 selects 4 (Mellor-Crummey &
 *               Scott's value); values above p - 1 behave like p - 1.
 * @param[in] fanout children per node of the wake-up tree, >= 2; 0 selects 2 (binary wake-up);
 *               values above p - 1 behave like p - 1.
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p fanin or @p fanout is negative or equals 1 (before any message);
 *         or the error class of a failing MPI call.
 */
COLLALG_INLINE int collalg_barrier_mcs(MPI_Comm comm, int fanin, int fanout)
{
    collalg__ctx c;
    int a = -1, b = -1, err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS) {
        a = collalg__mcs_fan(fanin, 4, c.size);
        b = collalg__mcs_fan(fanout, 2, c.size);
        if (a < 0 || b < 0)
            err = MPI_ERR_ARG;
    }
    if (err == MPI_SUCCESS)
        err = collalg__barrier_mcs_trees(&c, a, b);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_MCS_H */
