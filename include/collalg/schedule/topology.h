/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/topology.h
 * @brief Pure schedules on a rank tree (machine/topology.h): the DFS logical ring and the
 *        contention-free phases of all-to-all personalized communication. No MPI calls.
 *
 * The tree's leaves 0 .. p-1 are the ranks; every edge stands for a full-duplex link, i.e. two
 * directed links (up, down). A message from s to d crosses the up links on the path from s to
 * the lowest common ancestor and the down links from there to d. A rank sits at a leaf, so its
 * own edge models its network port (or, for ranks sharing a host, its share of the host).
 *
 * @par DFS logical ring
 * The ranks in the order a depth-first traversal of the tree visits them (children in the
 * tree's order, so the ranks of one host are consecutive, in rank order). Each subtree's ranks
 * are then consecutive on the ring, so the ring edges r_i -> r_(i+1) (and r_(p-1) -> r_0) cross
 * every directed link that separates ranks exactly once, and a link with no rank below it not at
 * all: p - 1 steps of "send to the next, receive from the previous" are contention-free and the
 * ring allgather reaches the link-load bound (Faraj, Patarasuk & Yuan, Cluster 2005;
 * Faraj & Yuan, ICS'05 section 3.1 "topology specific" allgather).
 *
 * @par Contention-free all-to-all phases
 * A phase is a set of messages in which every rank sends at most one and receives at most one
 * message and no directed link carries two; every ordered pair (s, d), s != d, lies in exactly
 * one phase. The lower bound on the number of phases is the largest link load, max over edges of
 * |A| |B| (A, B the ranks on its two sides; p - 1 on a single switch), which Faraj & Yuan
 * (IPDPS 2005; with Patarasuk, IEEE TPDS 18(2), 2007) reach on every tree. This header builds:
 * - **an explicit schedule, proven to reach the bound**, when the tree (after dropping vertices
 *   with one child, which change no link load) is a root whose k >= 2 children are either all
 *   ranks, or all "groups" of the same size m (a vertex whose children are m >= 1 ranks): one
 *   switch of ranks; hosts with m ranks each on one switch; switches of m hosts (one rank each)
 *   under a top switch, i.e. the switched test platforms (a), (b), (c). Phase (j, x, y), for
 *   j = 1 .. k-1 and x, y = 0 .. m-1, holds for every group g the global message from member x of
 *   g to member y of group (g + j) mod k and, for j = 1 and x != y, the local message from member
 *   y to member x of g: (k - 1) m^2 = m (p - m) phases, the bound.
 * - **otherwise a constructed schedule**, after the paper's idea:
 *   1. Root the tree at the centroid c (going down from the root into a child that holds more
 *      than p/2 ranks while there is one); the components of the tree without c are the groups
 *      G_0 .. G_(k-1), each with at most p/2 ranks, so the bound is L = m (p - m), m the largest
 *      group, and it is the load of that group's link to c.
 *   2. Global messages (between groups): the group multigraph with m_i m_j arcs i -> j is
 *      bipartite (senders, receivers) with largest degree L, so Koenig's edge colouring (by
 *      alternating-path swaps) gives L phases in which every group sends at most one global
 *      message and receives at most one: they never meet inside a group nor at c. The q-th
 *      phase of class i -> j carries member x = (q + a) mod m_i of i to member
 *      (q / m_i + b x + c) mod m_j of j (a bijection onto the pairs for any a, b, c).
 *   3. Local messages (inside one group): at most one per group and phase (so they never meet
 *      each other), matched to the phases whose global messages leave their path free, first fit
 *      then Kuhn's augmenting paths. The phase with global sender v and global receiver u always
 *      fits the local message u -> v (their paths use opposite directions), so a label choice
 *      that gives each group every such pair reaches the bound.
 *   4. Messages left over go first fit into the phases, new ones as needed. Steps 2-4 are
 *      repeated with up to COLLALG__TOPO_A2A_TRIES label choices (a = b = c = 0 first, then fixed
 *      hashes of the try and the class) until one takes L phases; else the best is kept.
 *
 *   The result is always complete and contention-free. Reaching the bound is not proven here
 *   (the label choice of step 2 is a search, not the paper's construction); it did on every tree
 *   tried, over 6000 random trees of 2 .. 256 ranks (hosts on inner switches, switches without
 *   hosts, 1 .. 3 ranks per host), and tests/test_topology.c asserts it on 180 of them.
 *   Cost: O(p^2 (k + depth)) time per try for the colouring and the paths; memory 2 k L ints for
 *   the colouring and 2 L n bytes of link occupancy (n vertices), plus the p^2-entry table:
 *   about 0.07 s and a few MB for p = 256, but it grows as p^3 to p^4, so a caller with p in
 *   the thousands off the exact class should not build this table (the explicit schedule of
 *   the exact class needs only the table).
 *
 * @par References
 * A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on Switched
 * Clusters", IEEE Cluster 2005. A. Faraj, X. Yuan, "Message Scheduling for All-to-All Personalized
 * Communication on Ethernet Switched Clusters", IPDPS 2005; A. Faraj, P. Patarasuk, X. Yuan,
 * "A Message Scheduling Scheme for All-to-All Personalized Communication on Ethernet Switched
 * Clusters", IEEE TPDS 18(2), 2007. A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI
 * Collective Communication Routines", ICS'05, section 3.1.
 */
#ifndef COLLALG_SCHEDULE_TOPOLOGY_H
#define COLLALG_SCHEDULE_TOPOLOGY_H

#include "../machine/topology.h"

/** @brief Label variants collalg__topo_a2a_phases() tries off the exact class before it keeps the best. */
#define COLLALG__TOPO_A2A_TRIES 16

/**
 * @brief The DFS logical ring of @p rt: @p ring[i] is the rank at position i (p entries), the
 *        ranks in depth-first order (children in the tree's order).
 * @param rt   a rank tree
 * @param ring receives the p ranks
 */
static inline void collalg__topo_dfs_ring(const collalg__topo_tree *rt, int *ring)
{
    int v = rt->root, k = 0;
    for (;;) {
        if (v < rt->p)
            ring[k++] = v;
        if (rt->first[v] < rt->first[v + 1]) {
            v = rt->child[rt->first[v]]; /* down to the first child */
            continue;
        }
        /* up until a vertex with a next sibling */
        while (v != rt->root && rt->idx[v] + 1 == rt->first[rt->parent[v] + 1])
            v = rt->parent[v];
        if (v == rt->root)
            break;
        v = rt->child[rt->idx[v] + 1];
    }
}

/**
 * @brief The lower bound on the number of all-to-all phases: the largest load of a link,
 *        max over non-root vertices v of size(v) (p - size(v)); 0 for p = 1.
 * @param rt a rank tree
 * @return the bound (p - 1 when all ranks hang on one vertex)
 */
static inline int collalg__topo_a2a_bound(const collalg__topo_tree *rt)
{
    int v, best = 0;
    for (v = 0; v < rt->n; v++)
        if (v != rt->root && rt->size[v] * (rt->p - rt->size[v]) > best)
            best = rt->size[v] * (rt->p - rt->size[v]);
    return best;
}

/** @brief @p v, or the vertex below it while it has exactly one child (its "effective" vertex). */
static inline int collalg__topo_skip_unary(const collalg__topo_tree *rt, int v)
{
    while (rt->first[v + 1] - rt->first[v] == 1)
        v = rt->child[rt->first[v]];
    return v;
}

/**
 * @brief The exact schedule when @p rt is in the class of the file comment (a root with k >= 2
 *        equal groups of m ranks, or of single ranks). Writes @p phase like
 *        collalg__topo_a2a_phases().
 * @return the number of phases, (k - 1) m^2; or -1 when @p rt is not in the class (nothing written
 *         then).
 */
static inline int collalg__topo_a2a_uniform(const collalg__topo_tree *rt, int *phase)
{
    int p = rt->p, root = collalg__topo_skip_unary(rt, rt->root), k, m = -1, c, j, x, y, g;
    k = rt->first[root + 1] - rt->first[root];
    if (p < 2 || k < 2)
        return -1;
    /* members of group g: the ranks below child g (after unary chains), checked first */
    for (c = rt->first[root]; c < rt->first[root + 1]; c++) {
        int w = collalg__topo_skip_unary(rt, rt->child[c]), size, e;
        if (w < p)
            size = 1;
        else {
            size = rt->first[w + 1] - rt->first[w];
            for (e = rt->first[w]; e < rt->first[w + 1]; e++)
                if (collalg__topo_skip_unary(rt, rt->child[e]) >= p)
                    return -1;
        }
        if (m >= 0 && size != m)
            return -1;
        m = size;
    }
    if (m * k != p)
        return -1;
#define COLLALG__TOPO_MEMBER(g, i)                                           \
    (m == 1 ? collalg__topo_skip_unary(rt, rt->child[rt->first[root] + (g)]) \
            : collalg__topo_skip_unary(                                      \
                  rt, rt->child[rt->first[collalg__topo_skip_unary(rt, rt->child[rt->first[root] + (g)])] + (i)]))
    for (j = 1; j < k; j++)
        for (x = 0; x < m; x++)
            for (y = 0; y < m; y++) {
                int t = ((j - 1) * m + x) * m + y;
                for (g = 0; g < k; g++) {
                    phase[COLLALG__TOPO_MEMBER(g, x) * p + COLLALG__TOPO_MEMBER((g + j) % k, y)] = t;
                    if (j == 1 && x != y)
                        phase[COLLALG__TOPO_MEMBER(g, y) * p + COLLALG__TOPO_MEMBER(g, x)] = t;
                }
            }
#undef COLLALG__TOPO_MEMBER
    for (x = 0; x < p; x++)
        phase[x * p + x] = -1;
    return (k - 1) * m * m;
}

/** @brief Marks (@p mark = 1) or tests (0: returns 1 when all free) the directed links of the path
 *         from @p s to @p d in the occupancy rows @p up, @p down (one byte per vertex). */
static inline int collalg__topo_path(const collalg__topo_tree *rt, const int *depth, int s, int d, unsigned char *up,
                                     unsigned char *down, int mark)
{
    while (s != d) {
        if (depth[s] >= depth[d]) {
            if (mark)
                up[s] = 1;
            else if (up[s])
                return 0;
            s = rt->parent[s];
        } else {
            if (mark)
                down[d] = 1;
            else if (down[d])
                return 0;
            d = rt->parent[d];
        }
    }
    return 1;
}

/** @brief What collalg__topo_augment() works on: the local messages ls[a] -> ld[a] of one group,
 *         the L phases with their link occupancy, and the matching built so far. */
typedef struct collalg__topo_match {
    const collalg__topo_tree *rt; /**< the tree */
    const int *depth;             /**< depth of each vertex */
    unsigned char *occ;           /**< phase t: up links at occ + 2 t n, down links at occ + (2 t + 1) n */
    int n;                        /**< vertices */
    int L;                        /**< phases */
    const int *ls, *ld;           /**< sender and receiver of each local message */
    int *owner;                   /**< owner[t]: local message in phase t, -1 none */
    int *match;                   /**< match[a]: phase of local message a, -1 none */
    unsigned char *seen;          /**< phases visited by the current search */
    int *stack;                   /**< (message, next phase) pairs of the search */
} collalg__topo_match;

/** @brief Whether local message @p a fits phase @p t (its path is free of the phase's messages). */
static inline int collalg__topo_fits(const collalg__topo_match *mt, int a, int t)
{
    return collalg__topo_path(mt->rt, mt->depth, mt->ls[a], mt->ld[a], mt->occ + (size_t)t * 2 * mt->n,
                              mt->occ + ((size_t)t * 2 + 1) * mt->n, 0);
}

/** @brief Kuhn's augmenting path from local message @p a (iterative; @p mt->seen cleared by the
 *         caller). @return 1 when @p a got a phase (others may have moved), else 0. */
static inline int collalg__topo_augment(collalg__topo_match *mt, int a)
{
    int top = 0, *st = mt->stack;
    st[0] = a;
    st[1] = 0;
    while (top >= 0) {
        int m = st[2 * top], t = st[2 * top + 1], found = -1, i;
        for (; t < mt->L; t++)
            if (!mt->seen[t] && collalg__topo_fits(mt, m, t)) {
                found = t;
                break;
            }
        if (found < 0) {
            top--;
            continue;
        }
        st[2 * top + 1] = found + 1;
        mt->seen[found] = 1;
        if (mt->owner[found] >= 0) {
            top++;
            st[2 * top] = mt->owner[found];
            st[2 * top + 1] = 0;
            continue;
        }
        /* augment: every message on the stack takes the phase it was exploring */
        for (i = top; i >= 0; i--) {
            int ph = st[2 * i + 1] - 1;
            mt->owner[ph] = st[2 * i];
            mt->match[st[2 * i]] = ph;
        }
        return 1;
    }
    return 0;
}

/**
 * @brief Contention-free all-to-all phases on @p rt (see the file comment): @p phase[s p + d] is
 *        the phase (0-based) of the message from rank s to rank d, -1 on the diagonal.
 * @param rt    a rank tree with p ranks
 * @param phase receives p * p entries
 * @return the number of phases (collalg__topo_a2a_bound() for the exact class, possibly more
 *         otherwise; 0 for p = 1), or -1 when out of memory.
 */
static inline int collalg__topo_a2a_phases(const collalg__topo_tree *rt, int *phase)
{
    int p = rt->p, n = rt->n, c, k = 0, L, mmax = 0, i, j, t, v, np, err = 0;
    int *depth = 0, *grp = 0, *gsize = 0, *gstart = 0, *mem = 0, *lc = 0, *rc = 0, *path = 0, *hint = 0;
    int *owner = 0, *match = 0, *stack = 0, *left = 0, nleft = 0, *keep = 0, tr, best = -1;
    unsigned char *occ = 0, *seen = 0;
    size_t cap = 0;
    if (p == 1) {
        phase[0] = -1;
        return 0;
    }
    if ((np = collalg__topo_a2a_uniform(rt, phase)) >= 0)
        return np;
    depth = (int *)malloc((size_t)n * sizeof(int));
    grp = (int *)malloc((size_t)p * sizeof(int));
    gsize = (int *)calloc((size_t)p + 1, sizeof(int));
    gstart = (int *)calloc((size_t)p + 2, sizeof(int));
    mem = (int *)malloc((size_t)p * sizeof(int));
    left = (int *)malloc((size_t)p * (size_t)p * sizeof(int));
    keep = (int *)malloc((size_t)p * (size_t)p * sizeof(int));
    if (!depth || !grp || !gsize || !gstart || !mem || !left || !keep)
        err = 1;
    if (!err) {
        /* centroid c: from the root, go down to a child holding more than p/2 ranks */
        for (v = 0; v < n; v++) {
            int u = v, d = 0;
            while (rt->parent[u] >= 0)
                u = rt->parent[u], d++;
            depth[v] = d;
        }
        c = rt->root;
        for (;;) {
            int next = -1, e;
            for (e = rt->first[c]; e < rt->first[c + 1]; e++)
                if (2 * rt->size[rt->child[e]] > p)
                    next = rt->child[e];
            if (next < 0)
                break;
            c = next;
        }
        /* groups: the components of the tree without c that hold ranks; the part above c is the
         * group of the ranks outside c's subtree. Group ids in order of their first rank. */
        {
            int *gid = (int *)malloc(((size_t)n + 1) * sizeof(int));
            if (!gid)
                err = 1;
            else {
                for (v = 0; v <= n; v++)
                    gid[v] = -1;
                for (i = 0; i < p; i++) {
                    int u = i, key;
                    while (u != c && rt->parent[u] >= 0 && rt->parent[u] != c)
                        u = rt->parent[u];
                    key = rt->parent[u] == c ? u : n; /* n: outside c's subtree */
                    if (gid[key] < 0)
                        gid[key] = k++;
                    grp[i] = gid[key];
                    gsize[grp[i]]++;
                }
                free(gid);
            }
        }
    }
    if (!err) {
        for (i = 0; i < k; i++) {
            gstart[i + 1] = gstart[i] + gsize[i];
            mmax = gsize[i] > mmax ? gsize[i] : mmax;
        }
        for (i = 0; i < k; i++)
            gsize[i] = 0;
        for (i = 0; i < p; i++)
            mem[gstart[grp[i]] + gsize[grp[i]]++] = i;
        L = mmax * (p - mmax);
        lc = (int *)malloc((size_t)k * (size_t)L * sizeof(int));
        rc = (int *)malloc((size_t)k * (size_t)L * sizeof(int));
        path = (int *)malloc((2 * (size_t)k + 4) * 3 * sizeof(int));
        hint = (int *)calloc(2 * (size_t)k, sizeof(int));
        cap = (size_t)L;
        occ = (unsigned char *)calloc(cap * 2 * (size_t)n, 1);
        if (!lc || !rc || !path || !occ || !hint)
            err = 1;
    }
    if (!err) {
        /* 1. Global messages between groups: a bipartite edge colouring (Koenig) of the group
         *    multigraph with m_i m_j arcs i -> j in L = max degree colours: in each colour a group
         *    sends at most one message and receives at most one. */
        for (i = 0; i < k * L; i++)
            lc[i] = rc[i] = -1;
        for (i = 0; i < k; i++)
            for (j = 0; j < k; j++) {
                int rep;
                if (i == j)
                    continue;
                for (rep = 0; rep < gsize[i] * gsize[j]; rep++) {
                    int a = hint[i], b = hint[k + j], np2 = 0, x, side, col;
                    while (lc[i * L + a] >= 0)
                        a++;
                    while (rc[j * L + b] >= 0)
                        b++;
                    hint[i] = a, hint[k + j] = b;
                    if (rc[j * L + a] >= 0) {
                        /* flip the a/b path from j: j -a- i1 -b- j2 -a- ... */
                        x = j, side = 1, col = a;
                        for (;;) {
                            int y = side ? rc[x * L + col] : lc[x * L + col];
                            if (y < 0)
                                break;
                            path[3 * np2] = side ? y : x;     /* left end */
                            path[3 * np2 + 1] = side ? x : y; /* right end */
                            path[3 * np2 + 2] = col;
                            np2++;
                            x = y, side = !side, col = col == a ? b : a;
                        }
                        for (t = 0; t < np2; t++) {
                            int u = path[3 * t], w = path[3 * t + 1], cl = path[3 * t + 2];
                            lc[u * L + cl] = rc[w * L + cl] = -1;
                            hint[u] = cl < hint[u] ? cl : hint[u];
                            hint[k + w] = cl < hint[k + w] ? cl : hint[k + w];
                        }
                        for (t = 0; t < np2; t++) {
                            int nc = path[3 * t + 2] == a ? b : a;
                            lc[path[3 * t] * L + nc] = path[3 * t + 1];
                            rc[path[3 * t + 1] * L + nc] = path[3 * t];
                        }
                    }
                    lc[i * L + a] = j;
                    rc[j * L + a] = i;
                }
            }
    }
    for (tr = 0; tr < COLLALG__TOPO_A2A_TRIES && !err; tr++) {
        /* machine labels, try by try: the q-th colour of class i -> j carries member
         * x = (q + a) mod m_i of i to member y = (q / m_i + b x + c) mod m_j of j (a bijection onto
         * the pairs for any a, b, c); try 0 has a = b = c = 0, the others take them from a fixed
         * hash of (try, i, j). The first try that reaches L phases is kept, else the best. */
        for (i = 0; i < p * p; i++)
            phase[i] = -1;
        memset(occ, 0, cap * 2 * (size_t)n);
        nleft = 0;
        for (i = 0; i < k; i++)
            for (j = 0; j < k; j++) {
                int q = 0;
                unsigned h = ((unsigned)tr * 7919u + (unsigned)i * 104729u + (unsigned)j * 1299709u) * 2654435761u;
                int oa = tr ? (int)(h % 1021u) : 0, ob = tr ? (int)((h >> 10) % 1021u) : 0,
                    oc = tr ? (int)((h >> 20) % 1021u) : 0;
                if (i == j)
                    continue;
                for (t = 0; t < L; t++)
                    if (lc[i * L + t] == j) {
                        int x = (q + oa) % gsize[i], y = (q / gsize[i] + ob * x + oc) % gsize[j];
                        int s = mem[gstart[i] + x], d = mem[gstart[j] + y];
                        phase[s * p + d] = t;
                        collalg__topo_path(rt, depth, s, d, occ + (size_t)t * 2 * n, occ + ((size_t)t * 2 + 1) * n, 1);
                        q++;
                    }
            }
        /* 2. Local messages, group by group: at most one per phase and group (so locals never meet
         *    each other), matched to phases whose global messages leave their path free. */
        for (i = 0; i < k && !err; i++) {
            int m = gsize[i], nl = m * (m - 1), a;
            collalg__topo_match mt;
            if (m < 2)
                continue;
            owner = (int *)malloc((size_t)L * sizeof(int));
            match = (int *)malloc((size_t)nl * 3 * sizeof(int));
            seen = (unsigned char *)malloc((size_t)L);
            stack = (int *)malloc(((size_t)nl + 1) * 2 * sizeof(int));
            if (!owner || !match || !seen || !stack) {
                err = 1;
                break;
            }
            mt.rt = rt, mt.depth = depth, mt.occ = occ, mt.n = n, mt.L = L;
            mt.ls = match + nl, mt.ld = match + 2 * nl;
            mt.owner = owner, mt.match = match, mt.seen = seen, mt.stack = stack;
            for (t = 0; t < L; t++)
                owner[t] = -1;
            for (a = 0; a < nl; a++) {
                match[a] = -1;
                match[nl + a] = mem[gstart[i] + a / (m - 1)];
                match[2 * nl + a] = mem[gstart[i] + (a % (m - 1) + a / (m - 1) + 1) % m];
            }
            /* first fit, then augmenting paths for the rest */
            for (a = 0; a < nl; a++)
                for (t = 0; t < L; t++)
                    if (owner[t] < 0 && collalg__topo_fits(&mt, a, t)) {
                        owner[t] = a, match[a] = t;
                        break;
                    }
            for (a = 0; a < nl; a++)
                if (match[a] < 0) {
                    memset(seen, 0, (size_t)L);
                    collalg__topo_augment(&mt, a);
                }
            for (a = 0; a < nl; a++) {
                int s = match[nl + a], d = match[2 * nl + a];
                if (match[a] >= 0) {
                    t = match[a];
                    phase[s * p + d] = t;
                    collalg__topo_path(rt, depth, s, d, occ + (size_t)t * 2 * n, occ + ((size_t)t * 2 + 1) * n, 1);
                } else
                    left[nleft++] = s * p + d;
            }
            free(owner), free(match), free(seen), free(stack);
            seen = 0, owner = match = stack = 0;
        }
        np = L;
        /* 3. What did not fit: first fit over all phases, new ones as needed. */
        for (i = 0; i < nleft && !err; i++) {
            int s = left[i] / p, d = left[i] % p;
            for (t = 0;; t++) {
                if ((size_t)t == cap) {
                    unsigned char *q = (unsigned char *)realloc(occ, cap * 2 * 2 * (size_t)n);
                    if (!q) {
                        err = 1;
                        break;
                    }
                    occ = q;
                    memset(occ + cap * 2 * n, 0, cap * 2 * (size_t)n);
                    cap *= 2;
                }
                if (collalg__topo_path(rt, depth, s, d, occ + (size_t)t * 2 * n, occ + ((size_t)t * 2 + 1) * n, 0))
                    break;
            }
            if (err)
                break;
            phase[s * p + d] = t;
            collalg__topo_path(rt, depth, s, d, occ + (size_t)t * 2 * n, occ + ((size_t)t * 2 + 1) * n, 1);
            np = t + 1 > np ? t + 1 : np;
        }
        if (!err && (best < 0 || np < best)) {
            best = np;
            memcpy(keep, phase, (size_t)p * p * sizeof(int));
        }
        if (best == L)
            break;
    }
    if (!err)
        memcpy(phase, keep, (size_t)p * p * sizeof(int));
    np = best;
    free(depth), free(grp), free(gsize), free(gstart), free(mem), free(lc), free(rc), free(path), free(hint);
    free(occ), free(left), free(keep), free(owner), free(match), free(seen), free(stack);
    return err ? -1 : np;
}

/**
 * @brief Rank @p r's part of a phase table: in phase t it sends to @p to[t] and receives from
 *        @p from[t] (-1: nothing).
 * @param p       ranks
 * @param phase   the table of collalg__topo_a2a_phases()
 * @param nphases its return value
 * @param r       the rank
 * @param to      receives nphases entries
 * @param from    receives nphases entries
 */
static inline void collalg__topo_a2a_rank(int p, const int *phase, int nphases, int r, int *to, int *from)
{
    int t, q;
    for (t = 0; t < nphases; t++)
        to[t] = from[t] = -1;
    for (q = 0; q < p; q++)
        if (q != r) {
            to[phase[r * p + q]] = q;
            from[phase[q * p + r]] = q;
        }
}

/** @brief qsort order of (phase, peer) pairs: by phase. */
static inline int collalg__topo_event_cmp(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/**
 * @brief Rank @p r's part of a phase table, compactly: its p - 1 sends and p - 1 receives, each
 *        sorted by phase (2 (p - 1) ints each instead of 2 nphases for collalg__topo_a2a_rank()).
 * @param p     ranks
 * @param phase the table of collalg__topo_a2a_phases()
 * @param r     the rank
 * @param sends receives 2 (p - 1) ints: pairs (phase, destination), phases increasing
 * @param recvs receives 2 (p - 1) ints: pairs (phase, source), phases increasing
 */
static inline void collalg__topo_a2a_rank_events(int p, const int *phase, int r, int *sends, int *recvs)
{
    int q, k = 0;
    for (q = 0; q < p; q++)
        if (q != r) {
            sends[2 * k] = phase[(size_t)r * p + q];
            sends[2 * k + 1] = q;
            recvs[2 * k] = phase[(size_t)q * p + r];
            recvs[2 * k + 1] = q;
            k++;
        }
    if (k > 1) {
        qsort(sends, (size_t)k, 2 * sizeof(int), collalg__topo_event_cmp);
        qsort(recvs, (size_t)k, 2 * sizeof(int), collalg__topo_event_cmp);
    }
}

#endif /* COLLALG_SCHEDULE_TOPOLOGY_H */
