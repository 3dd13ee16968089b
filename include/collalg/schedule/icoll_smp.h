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
 *
 * @par Reductions and rank order
 * The reductions (collalg__ireduce_smp_steps(), collalg__iallreduce_smp_steps(),
 * collalg__iscan_smp_steps()) reduce inside
 * each node in node-rank order and among the nodes in node order; that is the standard's rank
 * order exactly when every node is a run of consecutive ranks. For a non-commutative operation
 * (the scan: any operation, since a rank's prefix is a run of ranks) on any other layout the
 * caller passes collalg__smp_runs() of it instead: every node cut into
 * its runs of consecutive ranks (round robin: one rank per run), which keeps the order at the
 * price of more inter-node messages.
 *
 * @par Groups
 * A reduction's sub-schedules (a tree inside a node, a tree or a recursive doubling among the
 * nodes) are the builders of schedule/icoll_reduce.h and schedule/icoll.h run on positions
 * 0 .. n-1 of a group (collalg__smp_group), their peers translated into ranks afterwards
 * (collalg__smp_translate()). The rounds chain the sub-schedules of one rank.
 */
#ifndef COLLALG_SCHEDULE_ICOLL_SMP_H
#define COLLALG_SCHEDULE_ICOLL_SMP_H

#include "icoll.h"
#include "icoll_reduce.h"

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

/**
 * @brief The runs of consecutive ranks of @p nl's nodes as a layout of their own, in @p out: rank r
 *        starts a run when r is 0 or r - 1 is on another node; runs are numbered in rank order, so
 *        every node of @p out holds consecutive ranks (@p members is the identity). A layout of
 *        consecutive nodes gives itself. @p node_of and @p members: p ints, @p first: p + 1.
 */
static inline void collalg__smp_runs(const collalg__smp_layout *nl, int p, int *node_of, int *first, int *members,
                                     collalg__smp_layout *out)
{
    int r, n = 0;
    for (r = 0; r < p; r++) {
        if (r == 0 || nl->node_of[r] != nl->node_of[r - 1])
            first[n++] = r;
        node_of[r] = n - 1;
        members[r] = r;
    }
    first[n] = p;
    out->nnodes = n;
    out->node_of = node_of;
    out->first = first;
    out->members = members;
}

/** @brief A group of n ranks addressed by position 0 .. n-1: position i is
 *         members[index[(i + rot) mod n] + base] (@p index NULL: members[(i + rot) mod n + base]),
 *         except that position 0 is @p top when top >= 0. */
typedef struct collalg__smp_group {
    const int *members; /**< ranks */
    const int *index;   /**< the entries' places in members (before base is added), or NULL: 0, 1, ... */
    int base;           /**< added to every place */
    int rot;            /**< the entry of position 0 */
    int n;              /**< positions */
    int top;            /**< the rank at position 0 instead of its entry's, or -1 */
} collalg__smp_group;

/** @brief Node @p v of @p nl as a group, position 0 at node rank @p h (positions follow in node
 *         rank order, cyclically). */
static inline collalg__smp_group collalg__smp_node_group(const collalg__smp_layout *nl, int v, int h)
{
    collalg__smp_group g;
    g.members = nl->members;
    g.index = 0; /* positions are places */
    g.base = nl->first[v];
    g.n = nl->first[v + 1] - nl->first[v];
    g.rot = h;
    g.top = -1;
    return g;
}

/** @brief The nodes of @p nl as a group of their leaders, position 0 at node @p rot (positions follow
 *         in node order, cyclically); position 0 is rank @p top instead when top >= 0. */
static inline collalg__smp_group collalg__smp_leaders_group(const collalg__smp_layout *nl, int rot, int top)
{
    collalg__smp_group g;
    g.members = nl->members;
    g.index = nl->first;
    g.base = 0;
    g.n = nl->nnodes;
    g.rot = rot;
    g.top = top;
    return g;
}

/** @brief The rank at position @p pos of group @p g. */
static inline int collalg__smp_rank(const collalg__smp_group *g, int pos)
{
    int i = (pos + g->rot) % g->n;
    if (pos == 0 && g->top >= 0)
        return g->top;
    return g->members[(g->index ? g->index[i] : i) + g->base];
}

/** @brief Turns the peers of steps [@p from, end) of @p s, written as positions of group @p g, into
 *         ranks (nothing while counting). */
static inline void collalg__smp_translate(collalg__steps *s, int from, const collalg__smp_group *g)
{
    int i;
    for (i = from; s->steps && i < s->nsteps; i++)
        if (s->steps[i].kind == COLLALG_STEP_SEND || s->steps[i].kind == COLLALG_STEP_RECV)
            s->steps[i].peer = collalg__smp_rank(g, s->steps[i].peer);
}

/** @brief The node rank of @p rank in node @p v of @p nl. */
static inline int collalg__smp_node_rank(const collalg__smp_layout *nl, int v, int rank)
{
    int nr = 0;
    while (nl->members[nl->first[v] + nr] != rank)
        nr++;
    return nr;
}

/** @brief The two vectors of COLLALG_BUF_TMP elements [0, 3 @p count) other than @p res (in the
 *         first two when @p res is not one of them), into *@p a and *@p b. */
static inline void collalg__smp_spare(collalg__piece res, long long count, collalg__piece *a, collalg__piece *b)
{
    long long at = res.buf == COLLALG_BUF_TMP ? res.first : -1;
    *a = collalg__pc(COLLALG_BUF_TMP, at == 0 ? count : 0, count);
    *b = collalg__pc(COLLALG_BUF_TMP, at == 0 || at == count ? 2 * count : count, count);
}

/**
 * @brief The k-nomial reduction (radix 2, collalg__ireduce_tree_in_steps()) of piece @p in over
 *        the positions of group @p g, this rank at position @p pos, onto position 0, in position
 *        order, its scratch the two vectors of COLLALG_BUF_TMP [0, 3 count) other than @p in.
 * @return where the result is at position 0 (elsewhere, what was sent).
 */
static inline collalg__piece collalg__smp_reduce_steps(collalg__steps *s, const collalg__smp_group *g, int pos,
                                                       long long count, collalg__piece in)
{
    collalg__piece a, b, res;
    int from = s->nsteps;
    collalg__smp_spare(in, count, &a, &b);
    res = collalg__ireduce_tree_in_steps(s, pos, g->n, 2, count, in, a, b);
    collalg__smp_translate(s, from, g);
    return res;
}

/**
 * @brief Node-aware reduce of @p count elements to @p root (the schedule of collalg_ireduce_smp()):
 *        the input is COLLALG_BUF_SEND (the root's COLLALG_BUF_RECV when @p inplace); the result
 *        lands in the root's COLLALG_BUF_RECV. Each node's head is its leader, or with
 *        @p relative in the root's node the root. (1) A binomial reduction inside each node onto
 *        its head (collalg__smp_reduce_steps(); positions: node ranks from the head on,
 *        cyclically); (2) a binomial reduction among the heads onto position 0 (node indices from
 *        the root's node on with @p relative, else from node 0); (3) with @p relative position 0
 *        is the root and keeps the result, else it is rank 0's leader (rank 0), which sends it to
 *        the root (MPICH's rule for a non-commutative operation). Without @p relative, the rank
 *        order is kept when the nodes of @p nl are runs of consecutive ranks; @p relative needs a
 *        commutative operation. Each phase of a rank waits for its previous one (rounds); scratch:
 *        COLLALG_BUF_TMP [0, 3 count) at most. Nothing is sent for @p count 0.
 */
static inline void collalg__ireduce_smp_steps(collalg__steps *s, int rank, int p, int root, long long count,
                                              int inplace, int relative, const collalg__smp_layout *nl)
{
    int node = nl->node_of[rank], rnode = nl->node_of[root], nn = nl->nnodes;
    int size = nl->first[node + 1] - nl->first[node], nr = collalg__smp_node_rank(nl, node, rank);
    int h = relative && node == rnode ? collalg__smp_node_rank(nl, node, root) : 0;
    int top = relative ? root : nl->members[nl->first[0]];
    collalg__piece in = collalg__pc(inplace && rank == root ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count);
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count), res;
    collalg__smp_group g = collalg__smp_node_group(nl, node, h);
    (void)p;
    if (count == 0)
        return;
    res = collalg__smp_reduce_steps(s, &g, (nr - h + size) % size, count, in);
    if (nr == h) { /* a head: the reduction among the heads */
        g = collalg__smp_leaders_group(nl, relative ? rnode : 0, relative ? root : -1);
        res = collalg__smp_reduce_steps(s, &g, (node - g.rot + nn) % nn, count, res);
        if (rank == top && rank == root && !(res.buf == COLLALG_BUF_RECV && res.first == 0))
            collalg__steps_copy(s, res, out);
        else if (rank == top && rank != root)
            collalg__steps_send(s, root, res);
    }
    if (rank == root && rank != top)
        collalg__steps_recv(s, top, out);
}

/**
 * @brief Node-aware allreduce of @p count elements (the schedule of collalg_iallreduce_smp()): the
 *        input is COLLALG_BUF_SEND (COLLALG_BUF_RECV when @p inplace), the result lands in every
 *        rank's COLLALG_BUF_RECV. (1) A binomial reduction inside each node onto its leader, in
 *        node-rank order (collalg__smp_reduce_steps()); (2) the leader copies it into its
 *        COLLALG_BUF_RECV, and the leaders run a recursive-doubling allreduce in node order
 *        (collalg__iallreduce_recursive_doubling_steps() on node indices, MPICH's fold of pairs for
 *        a number of nodes not a power of two); (3) a binomial broadcast inside each node from
 *        its leader (collalg__ibcast_knomial_steps() on node ranks). The rank order is kept when
 *        the nodes of @p nl are runs of consecutive ranks. Each phase of a rank waits for its
 *        previous one (rounds); scratch: COLLALG_BUF_TMP [0, 3 count) at most. Nothing is sent
 *        for @p count 0.
 */
static inline void collalg__iallreduce_smp_steps(collalg__steps *s, int rank, int p, long long count, int inplace,
                                                 const collalg__smp_layout *nl)
{
    int node = nl->node_of[rank], size = nl->first[node + 1] - nl->first[node];
    int nr = collalg__smp_node_rank(nl, node, rank), from;
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count), res;
    collalg__smp_group g = collalg__smp_node_group(nl, node, 0), lg;
    (void)p;
    if (count == 0)
        return;
    res = collalg__smp_reduce_steps(s, &g, nr, count,
                                    collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count));
    if (nr == 0) { /* a leader: the allreduce among the leaders */
        if (!(res.buf == COLLALG_BUF_RECV && res.first == 0)) {
            collalg__steps_copy(s, res, out);
            collalg__steps_round(s);
        }
        lg = collalg__smp_leaders_group(nl, 0, -1);
        from = s->nsteps;
        collalg__iallreduce_recursive_doubling_steps(s, node, nl->nnodes, count, 1, 0);
        collalg__smp_translate(s, from, &lg);
        collalg__steps_round(s);
    }
    from = s->nsteps;
    collalg__ibcast_knomial_steps(s, nr, size, 0, count, 2);
    collalg__smp_translate(s, from, &g);
}

/**
 * @brief Node-aware inclusive scan of @p count elements (the schedule of collalg_iscan_smp()) on a
 *        layout whose nodes are runs of consecutive ranks (collalg__smp_runs()): the input is
 *        COLLALG_BUF_SEND (COLLALG_BUF_RECV when @p inplace), the result lands in
 *        COLLALG_BUF_RECV. (1) A recursive-doubling scan inside each node, in node-rank order
 *        (collalg__iscan_rdb_in_steps() on node ranks): COLLALG_BUF_RECV holds the node's prefix
 *        up to this rank, and at the node's last rank the node's total; (2) the last ranks of the
 *        nodes run an exclusive recursive-doubling scan of the totals on node indices, from
 *        COLLALG_BUF_RECV into E = COLLALG_BUF_TMP [2 count, 3 count): at node v > 0, E is the
 *        reduction of every rank of nodes 0 .. v - 1; (3) in nodes v > 0 a binomial broadcast of
 *        E from the last rank (collalg__ibcast_knomial_in_steps() on node ranks), then every rank
 *        computes E op its node prefix into COLLALG_BUF_RECV. Rank order throughout. Each phase
 *        of a rank waits for its previous one (rounds). Nothing is sent for @p count 0.
 */
static inline void collalg__iscan_smp_steps(collalg__steps *s, int rank, int p, long long count, int inplace,
                                            const collalg__smp_layout *nl)
{
    int node = nl->node_of[rank], size = nl->first[node + 1] - nl->first[node];
    int nr = collalg__smp_node_rank(nl, node, rank), from;
    collalg__piece out = collalg__pc(COLLALG_BUF_RECV, 0, count), e = collalg__pc(COLLALG_BUF_TMP, 2 * count, count);
    collalg__smp_group g = collalg__smp_node_group(nl, node, 0), lg;
    (void)p;
    if (count == 0)
        return;
    from = s->nsteps;
    collalg__iscan_rdb_in_steps(s, nr, size, count,
                                collalg__pc(inplace ? COLLALG_BUF_RECV : COLLALG_BUF_SEND, 0, count), out, 0);
    collalg__smp_translate(s, from, &g);
    collalg__steps_round(s);
    if (nl->nnodes == 1)
        return;
    collalg__steps_tmp(s, 3 * count);
    if (nr == size - 1) { /* the node's last rank: the exclusive scan of the totals */
        lg = collalg__smp_leaders_group(nl, 0, -1);
        lg.index = nl->first + 1; /* the last rank of each node */
        lg.base = -1;
        from = s->nsteps;
        collalg__iscan_rdb_in_steps(s, node, nl->nnodes, count, out, e, 1);
        collalg__smp_translate(s, from, &lg);
        collalg__steps_round(s);
    }
    if (node == 0)
        return;
    from = s->nsteps;
    collalg__ibcast_knomial_in_steps(s, nr, size, size - 1, e, 2);
    collalg__smp_translate(s, from, &g);
    collalg__steps_round(s);
    collalg__steps_reduce(s, e, out);
}

#endif /* COLLALG_SCHEDULE_ICOLL_SMP_H */
