/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file js.h
 * @ingroup barrier
 * @brief Barrier, the JS tree barrier (Pritchard, Nicholson & Schwarzmeier, CUG 2004,
 *        §"MPI_Barrier"): a group fan-in, an all-to-all among the group masters, a group release.
 *
 * @par Phases
 * The ranks fall into groups of g consecutive ranks [m, m + g) (the last group may be smaller);
 * the master of a group is its first rank m (schedule/barrier.h). There are M = ceil(p / g)
 * masters: 0, g, 2g, ...
 * - First level (fan-in): every non-master sends a token to its master; the master waits for a
 *   token from every member of its group.
 * - Second level (all-to-all among masters): every master sends a release token to every other
 *   master and waits for the tokens of all of them (non-blocking, all in flight at once). When a
 *   master has them, every master has heard from its whole group: every rank has entered.
 * - Release: every master sends a token to each member of its group; a non-master leaves when it
 *   has its master's token.
 *
 * The paper's second level is a vector of flag stores into the other masters' memory; here each
 * flag is a zero-byte message. g = 1 makes every rank a master (a plain all-to-all of tokens);
 * g = p makes rank 0 the only master (a flat gather and a flat release).
 *
 * @par Trace, p = 7, g = ceil(sqrt 7) = 3 (the default; groups {0,1,2} {3,4,5} {6}, masters 0, 3, 6)
 * @verbatim
   fan-in:     1 -> 0, 2 -> 0,  4 -> 3, 5 -> 3       (6 is alone in its group)
   all-to-all: 0 -> 3, 0 -> 6,  3 -> 0, 3 -> 6,  6 -> 0, 6 -> 3
   release:    0 -> 1, 0 -> 2,  3 -> 4, 3 -> 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html barrier_js_p6.svg
 * @image html barrier_js_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, group size g and M = ceil(p / g) masters: 3 rounds. Between 3 alpha, when
 * the messages of one round overlap, and (2 (g - 1) + 2 (M - 1)) alpha, when a master handles
 * its messages one after another; with the default g = ceil(sqrt p), about 4 sqrt(p) alpha at
 * most. No beta term: the tokens carry no data. Fewer trips through the network than a deep
 * tree, at the price of M - 1 messages sent and received per master.
 *
 * @par Restrictions
 * None: any p >= 1 (p = 1 returns at once after the entry step), any group size (values above p
 * behave like p). As the paper notes, for very large p a third level (groups of masters) would
 * be needed to keep M small; this version has two levels.
 *
 * @par Memory
 * On a master: 2 (M - 1) MPI_Request (the all-to-all's requests); none on other ranks.
 *
 * @par References
 * H. Pritchard, J. Nicholson, J. Schwarzmeier, "Optimizing MPI Collectives for X1", CUG 2004,
 * §"MPI_Barrier" (the JS tree barrier: the MCS fan-in at the first level, an all-to-all
 * broadcast of release flags among masters at the second).
 */
#ifndef COLLALG_BARRIER_JS_H
#define COLLALG_BARRIER_JS_H

#include "../core/args.h"
#include "../core/tags.h"
#include "../core/request.h"
#include "../schedule/barrier.h"

/**
 * @brief The all-to-all of release tokens among the M masters (group size @p g), for master
 *        index @p mi: M - 1 receives and M - 1 sends in flight at once.
 * @return MPI_SUCCESS or the MPI error code (MPI_ERR_NO_MEM when the requests cannot be allocated).
 */
COLLALG_INLINE int collalg__barrier_js_masters(collalg__ctx *c, int g, int mi)
{
    int j, n = 0, nm = collalg__js_nmasters(c->size, g), err;
    void *mem = NULL;
    MPI_Request *req;

    if (nm < 2)
        return MPI_SUCCESS;
    err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * 2 * (nm - 1), &mem);
    req = (MPI_Request *)mem;
    for (j = 1; j < nm && err == MPI_SUCCESS; j++) {
        err = COLLALG_MPI(Irecv)(NULL, 0, MPI_BYTE, collalg__mod(mi - j, nm) * g, COLLALG_TAG_TOKEN, c->pcomm, &req[n]);
        n += err == MPI_SUCCESS;
    }
    for (j = 1; j < nm && err == MPI_SUCCESS; j++) {
        err = COLLALG_MPI(Isend)(NULL, 0, MPI_BYTE, collalg__mod(mi + j, nm) * g, COLLALG_TAG_TOKEN, c->pcomm, &req[n]);
        n += err == MPI_SUCCESS;
    }
    return collalg__first(err, collalg__waitall(n, req));
}

/** @brief Fan-in to the masters, the masters' all-to-all, the release. @return MPI error code. */
COLLALG_INLINE int collalg__barrier_js_levels(collalg__ctx *c, int g)
{
    int i, err = MPI_SUCCESS, me = c->rank, master = collalg__js_master(me, g);
    int end = collalg__js_group_end(master, g, c->size);

    if (me != master) {
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, master, COLLALG_TAG_TOKEN, c->pcomm);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, master, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
        return err;
    }
    for (i = master + 1; i < end && err == MPI_SUCCESS; i++)
        err = COLLALG_MPI(Recv)(NULL, 0, MPI_BYTE, i, COLLALG_TAG_TOKEN, c->pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__barrier_js_masters(c, g, master / g);
    for (i = master + 1; i < end && err == MPI_SUCCESS; i++)
        err = COLLALG_MPI(Send)(NULL, 0, MPI_BYTE, i, COLLALG_TAG_TOKEN, c->pcomm);
    return err;
}

/**
 * @brief MPI_Barrier by the JS tree barrier: returns on each rank only after every rank of
 *        @p comm has entered the call.
 *
 * @barrier_args
 * @param[in] group g, the number of consecutive ranks per first-level group (master included), >= 1;
 *              0 selects ceil(sqrt(p)); values above p behave like p.
 * @return MPI_SUCCESS; MPI_ERR_COMM when @p comm is MPI_COMM_NULL or an intercommunicator;
 *         MPI_ERR_ARG when @p group < 0 (before any message); MPI_ERR_NO_MEM when a master's
 *         request array cannot be allocated; or the error class of a failing MPI call.
 */
COLLALG_INLINE int collalg_barrier_js(MPI_Comm comm, int group)
{
    collalg__ctx c;
    int g = -1, err = collalg__barrier_enter(&c, comm);
    if (err == MPI_SUCCESS) {
        g = collalg__js_group(group, c.size);
        if (g < 0)
            err = MPI_ERR_ARG;
    }
    if (err == MPI_SUCCESS)
        err = collalg__barrier_js_levels(&c, g);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BARRIER_JS_H */
