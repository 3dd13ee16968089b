/**
 * @file topology_schedule.h
 * @brief Pure schedules on a rank tree (core/topology.h): the DFS logical ring and the
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
 * - **the exact schedule** when the tree (after dropping vertices with one child, which change
 *   no link load) is a root whose k >= 2 children are either all ranks, or all "groups" of the
 *   same size m (a vertex whose children are m >= 1 ranks): one switch of ranks, one host with
 *   several ranks, and switches of m hosts (one rank each) under a top switch (the seeds'
 *   platforms (a), (b), (c)), or hosts with m ranks each on one switch. Phase (j, x, y), for
 *   j = 1 .. k-1 and x, y = 0 .. m-1, holds for every group g the global message from member x of
 *   g to member y of group (g + j) mod k, and (for j = 1 and x != y) the local message from member
 *   y to member x of g: (k - 1) m^2 = m (p - m) phases, the bound.
 * - **otherwise a greedy schedule** that is contention-free by construction but may take more
 *   phases than the bound: messages in decreasing order of the largest load among the links they
 *   cross (then of the sum of those loads), each phase filled first-fit from the messages left.
 *   tests/test_topology.c checks the phase properties on every random tree and the bound on the
 *   exact class, and reports how often the greedy reaches it elsewhere.
 *
 * @par References
 * A. Faraj, P. Patarasuk, X. Yuan, "Bandwidth Efficient All-to-All Broadcast on Switched
 * Clusters", IEEE Cluster 2005. A. Faraj, X. Yuan, "Message Scheduling for All-to-All Personalized
 * Communication on Ethernet Switched Clusters", IPDPS 2005; A. Faraj, P. Patarasuk, X. Yuan,
 * "A Message Scheduling Scheme for All-to-All Personalized Communication on Ethernet Switched
 * Clusters", IEEE TPDS 18(2), 2007. A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI
 * Collective Communication Routines", ICS'05, section 3.1.
 */
#ifndef COLLALG_CORE_TOPOLOGY_SCHEDULE_H
#define COLLALG_CORE_TOPOLOGY_SCHEDULE_H

#include "topology.h"

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
#define COLLALG__TOPO_MEMBER(g, i)                                                                 \
    (m == 1 ? collalg__topo_skip_unary(rt, rt->child[rt->first[root] + (g)])                       \
            : collalg__topo_skip_unary(                                                           \
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
    int p = rt->p, n = rt->n, *depth, *up, *down, *sbusy, *rbusy, *msg, nmsg = 0, left, t, v, i;
    long *score;
    if (p == 1) {
        phase[0] = -1;
        return 0;
    }
    if ((t = collalg__topo_a2a_uniform(rt, phase)) >= 0)
        return t;
    depth = (int *)malloc((size_t)(n > p ? n : p) * 5 * sizeof(int));
    msg = (int *)malloc((size_t)p * (size_t)(p - 1) * sizeof(int));
    score = (long *)malloc((size_t)p * (size_t)(p - 1) * 2 * sizeof(long));
    if (!depth || !msg || !score) {
        free(depth);
        free(msg);
        free(score);
        return -1;
    }
    up = depth + n;
    down = up + n;
    sbusy = down + n;
    rbusy = sbusy + n;
    /* depths: parents of a vertex may have larger indices, so walk up */
    for (v = 0; v < n; v++) {
        int u = v, d = 0;
        while (rt->parent[u] >= 0)
            u = rt->parent[u], d++;
        depth[v] = d;
        up[v] = down[v] = sbusy[v] = rbusy[v] = -1;
    }
    /* messages with their keys: largest link load on the path, then the sum of the loads */
    for (i = 0; i < p; i++)
        for (t = 0; t < p; t++) {
            int a = i, b = t;
            long mx = 0, sum = 0;
            if (i == t) {
                phase[i * p + i] = -1;
                continue;
            }
            while (a != b) {
                int w = depth[a] >= depth[b] ? a : b;
                long load = (long)rt->size[w] * (p - rt->size[w]);
                mx = load > mx ? load : mx;
                sum += load;
                if (w == a)
                    a = rt->parent[a];
                else
                    b = rt->parent[b];
            }
            msg[nmsg] = i * p + t;
            score[2 * nmsg] = mx;
            score[2 * nmsg + 1] = sum;
            nmsg++;
        }
    /* order by (largest load desc, sum desc, s, d): a bottom-up merge sort (stable, no qsort context) */
    {
        int *tmp = (int *)malloc((size_t)nmsg * 2 * sizeof(int)), *ord, *aux, width;
        if (!tmp) {
            free(depth);
            free(msg);
            free(score);
            return -1;
        }
        ord = tmp;
        aux = tmp + nmsg;
        for (i = 0; i < nmsg; i++)
            ord[i] = i;
        for (width = 1; width < nmsg; width *= 2) {
            int lo;
            for (lo = 0; lo < nmsg; lo += 2 * width) {
                int mid = lo + width < nmsg ? lo + width : nmsg, hi = lo + 2 * width < nmsg ? lo + 2 * width : nmsg;
                int a = lo, b = mid, o = lo;
                while (a < mid || b < hi) {
                    int takea;
                    if (a == mid)
                        takea = 0;
                    else if (b == hi)
                        takea = 1;
                    else {
                        long *sa = score + 2 * ord[a], *sb = score + 2 * ord[b];
                        takea = sa[0] != sb[0] ? sa[0] > sb[0] : sa[1] != sb[1] ? sa[1] > sb[1] : ord[a] <= ord[b];
                    }
                    aux[o++] = takea ? ord[a++] : ord[b++];
                }
            }
            memcpy(ord, aux, (size_t)nmsg * sizeof(int));
        }
        for (i = 0; i < nmsg; i++)
            aux[i] = msg[ord[i]];
        memcpy(msg, aux, (size_t)nmsg * sizeof(int));
        free(tmp);
    }
    /* phases, first fit; up[v] / down[v] / sbusy[s] / rbusy[d] hold the last phase using them */
    for (left = nmsg, t = 0; left > 0; t++) {
        int kept = 0;
        for (i = 0; i < left; i++) {
            int s = msg[i] / p, d = msg[i] % p, a = s, b = d, ok = sbusy[s] != t && rbusy[d] != t;
            while (ok && a != b) {
                if (depth[a] >= depth[b]) {
                    ok = up[a] != t;
                    a = rt->parent[a];
                } else {
                    ok = down[b] != t;
                    b = rt->parent[b];
                }
            }
            if (!ok) {
                msg[kept++] = msg[i];
                continue;
            }
            for (a = s, b = d; a != b;) {
                if (depth[a] >= depth[b]) {
                    up[a] = t;
                    a = rt->parent[a];
                } else {
                    down[b] = t;
                    b = rt->parent[b];
                }
            }
            sbusy[s] = rbusy[d] = t;
            phase[s * p + d] = t;
        }
        left = kept;
    }
    free(depth);
    free(msg);
    free(score);
    return t;
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

#endif /* COLLALG_CORE_TOPOLOGY_SCHEDULE_H */
