/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/icoll_smp.h
 * @brief Schedule builders of the node-aware (SMP) nonblocking collectives: the whole two-level
 *        schedule in the communicator's own ranks, so the executor (core/nbc.h) runs it on the
 *        one private communicator with no sub-communicator. No MPI.
 *
 * @par Node layout
 * The builders take the node layout as arrays (those of machine/node.h's collalg__node):
 * node_of[r], the node of rank r; the members of node i are members[first[i] .. first[i+1]-1]
 * in increasing rank order, members[first[i]] being its leader; nnodes nodes. Nodes need not be
 * consecutive ranks (round robin and uneven layouts work); one node, one rank per node and p = 1
 * too. tests/test_steps.c runs them over consecutive, round-robin and uneven layouts.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_SMP_H
#define COLLALG_SCHEDULE_ICOLL_SMP_H

#include "icoll.h"

/** @brief A node layout as the SMP builders take it (see the file comment). */
typedef struct collalg__smp_layout {
    int nnodes;         /**< nodes */
    const int *node_of; /**< node_of[r]: the node of rank r (p ints) */
    const int *first;   /**< first[i]: where node i starts in members (nnodes + 1 ints) */
    const int *members; /**< the ranks node by node, increasing within a node (p ints) */
} collalg__smp_layout;

/**
 * @brief Segmented node-aware broadcast of @p count elements of COLLALG_BUF_RECV from @p root
 *        (the schedule of collalg_ibcast_smp()). Segments of @p seg >= 1 elements
 *        (collalg__blocks_piece(); at most COLLALG_PIECE_MAX). For each segment: the root sends
 *        it to its node's leader when it is not that leader; a binomial tree among the leaders
 *        (node indices relative to the root's node) carries it to every leader; a binomial tree
 *        inside each node (node ranks, rooted at the leader) carries it to every member. In the
 *        root's node the root does not receive (its tree parent skips it) but still sends to its
 *        own tree children. A rank posts the receives of every segment at once; its sends form
 *        two chains, the leader tree's and the node tree's, each send after the previous one of
 *        its chain and after its segment arrived: so the leaders' tree sends of segment s run
 *        while the node tree moves segment s - 1, and the sends to one peer start in segment
 *        order. Nothing is sent for @p count 0.
 */
static inline void collalg__ibcast_smp_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                             long long seg, const collalg__smp_layout *nl)
{
    int node = nl->node_of[rank], rnode = nl->node_of[root], nn = nl->nnodes;
    const int *mine = nl->members + nl->first[node];
    int size = nl->first[node + 1] - nl->first[node], nr = 0, rootnr = -1, leader = mine[0];
    int lrel = (node - rnode + nn) % nn, prior_l = -1, prior_n = -1, got = -1, from = -1;
    long long nseg, i;
    collalg__knomial_it it;
    (void)p;
    while (mine[nr] != rank)
        nr++;
    if (node == rnode)
        while (mine[++rootnr] != root)
            ;
    if (seg > COLLALG_PIECE_MAX)
        seg = COLLALG_PIECE_MAX;
    if (count == 0)
        return;
    nseg = (count + seg - 1) / seg;
    if (rank != root) {
        if (nr > 0)
            from = mine[collalg__knomial_parent(nr, 2)];
        else if (lrel > 0)
            from = nl->members[nl->first[(collalg__knomial_parent(lrel, 2) + rnode) % nn]];
        else
            from = root; /* the leader of the root's node, the root being another member */
    }
    for (i = 0; i < nseg; i++) {
        collalg__piece sg = collalg__blocks_piece(count, seg, i, 1);
        if (from >= 0)
            got = collalg__steps_recv(s, from, sg);
        if (rank == root && nr > 0) { /* root -> its leader */
            int sent = collalg__steps_send(s, leader, sg);
            collalg__steps_dep(s, prior_l);
            prior_l = sent;
        }
        if (nr == 0)
            for (collalg__knomial_first(&it, lrel, nn, 2, 0); it.child >= 0; collalg__knomial_next(&it)) {
                int sent = collalg__steps_send(s, nl->members[nl->first[(it.child + rnode) % nn]], sg);
                collalg__steps_dep(s, got);
                collalg__steps_dep(s, prior_l);
                prior_l = sent;
            }
        for (collalg__knomial_first(&it, nr, size, 2, 0); it.child >= 0; collalg__knomial_next(&it))
            if (it.child != rootnr) {
                int sent = collalg__steps_send(s, mine[it.child], sg);
                collalg__steps_dep(s, got);
                collalg__steps_dep(s, prior_n);
                prior_n = sent;
            }
    }
}

#endif /* COLLALG_SCHEDULE_ICOLL_SMP_H */
