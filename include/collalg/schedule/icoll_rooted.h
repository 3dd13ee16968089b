/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_rooted.h
 * @brief Schedule builders of the nonblocking gather, scatter, gatherv and scatterv (see
 *        schedule/icoll.h for what a builder is). No MPI.
 *
 * The linear algorithms (LibNBC's, MPICH's sched_linear): the root posts every message at once,
 * in the order of distance root + 1, root + 2, ...; every other rank one message. A v-builder
 * takes the root's counts and displacements (in elements of the root's buffer) as arrays of p
 * ints, NULL on the other ranks.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_ROOTED_H
#define COLLALG_SCHEDULE_ICOLL_ROOTED_H

#include "steps.h"
#include "common.h"

/**
 * @brief Linear gatherv (@p rcounts, @p displs: the root's arrays) or gather (@p rcounts NULL:
 *        blocks of @p rcount elements at r * rcount, significant at the root only): rank r's
 *        @p scount elements of COLLALG_BUF_SEND land in block r of the root's COLLALG_BUF_RECV.
 *        The root copies its own block unless @p inplace (then it is already there).
 */
static inline void collalg__igatherv_linear_steps(collalg__steps *s, int rank, int p, int root, long long scount,
                                                  long long rcount, const int *rcounts, const int *displs, int inplace)
{
    int i;
    if (rank != root) {
        collalg__steps_send(s, root, collalg__pc(COLLALG_BUF_SEND, 0, scount));
        return;
    }
    if (!inplace)
        collalg__steps_copy(s, collalg__pc(COLLALG_BUF_SEND, 0, scount),
                            collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, root));
    for (i = 1; i < p; i++) {
        int r = collalg__ring_to(root, p, i);
        collalg__steps_recv(s, r, collalg__vblock(COLLALG_BUF_RECV, rcounts, displs, rcount, r));
    }
}

/**
 * @brief Linear scatterv (@p scounts, @p displs: the root's arrays) or scatter (@p scounts
 *        NULL: blocks of @p scount elements at r * scount): block r of the root's
 *        COLLALG_BUF_SEND goes to rank r's @p rcount elements of COLLALG_BUF_RECV. The root copies
 *        its own block unless @p inplace (then it stays in the send buffer).
 */
static inline void collalg__iscatterv_linear_steps(collalg__steps *s, int rank, int p, int root, long long scount,
                                                   const int *scounts, const int *displs, long long rcount, int inplace)
{
    int i;
    if (rank != root) {
        collalg__steps_recv(s, root, collalg__pc(COLLALG_BUF_RECV, 0, rcount));
        return;
    }
    if (!inplace)
        collalg__steps_copy(s, collalg__vblock(COLLALG_BUF_SEND, scounts, displs, scount, root),
                            collalg__pc(COLLALG_BUF_RECV, 0, rcount));
    for (i = 1; i < p; i++) {
        int r = collalg__ring_to(root, p, i);
        collalg__steps_send(s, r, collalg__vblock(COLLALG_BUF_SEND, scounts, displs, scount, r));
    }
}

#endif /* COLLALG_SCHEDULE_ICOLL_ROOTED_H */
