/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/neighbor_combining.h
 * @brief Schedule of the message-combining neighbourhood allgather on a Cartesian layout (Träff,
 *        Carpen-Amarie, Hunold, Rougier; Träff, Hunold): blocks travel dimension by dimension and
 *        the blocks with a common path share one message. Pure functions of the grid, the rank
 *        and the relative offsets; no MPI.
 *
 * @par The neighbourhood
 * A grid of @p nd dimensions (sizes @p dims, @p periods), ranks row-major as MPI_Cart_create
 * numbers them, and a list of @p ns source offsets, the same for every rank: receive block j of
 * rank r comes from the rank at coordinates r + offs[j] (an isomorphic neighbourhood). In a
 * periodic dimension the coordinates wrap (an offset is taken modulo the size, so offsets that
 * name the same rank are the same offset); in a non-periodic one a source beyond the border is a
 * hole: its receive block is left untouched (the Cartesian neighbourhood's MPI_PROC_NULL).
 * Offsets may repeat, be zero (a self loop) or exceed the grid.
 *
 * @par Routing
 * The block of rank s goes to s - offs[j] for every j: let t_j = -offs[j] (each component in
 * (-n/2, n/2] in a periodic dimension of size n). It travels along dimension 0 by t_j[0], then
 * along dimension 1 by t_j[1], and so on. Targets whose t agree on dimensions 0 .. k-1 share the
 * path up to there: the prefixes form a trie whose nodes at depth k are the distinct prefixes
 * t[0 .. k-1]. After dimension k-1 every rank r holds, for each node q at depth k, the block of
 * source r - q. In the round (k, c), one per dimension k and distinct non-zero value c of t[k],
 * rank r sends to r + c e_k, in one message, the blocks of every depth-k node that has the child
 * (q, c), and receives from r - c e_k the blocks of those children, in the same order. Blocks of
 * sources beyond a non-periodic border are left out on both sides, so sender and receiver always
 * agree on a message's blocks. At the end receive block j is the block of the depth-nd node t_j.
 *
 * @par Steps and buffers
 * Every receive is posted at once, each into its own area: the receive blocks themselves when
 * the message's blocks end in consecutive receive blocks and go no further, else scratch. A send
 * waits only for the receives of the blocks it carries (so the 2 nd messages of the plain
 * Cartesian neighbourhood go at once, as the linear algorithm's); a message of several blocks
 * that are not consecutive in one area is packed into scratch by copies first. Last, each
 * receive block not received in place is copied from where its block is (the send buffer for a
 * zero offset).
 */
#ifndef COLLALG_SCHEDULE_NEIGHBOR_COMBINING_H
#define COLLALG_SCHEDULE_NEIGHBOR_COMBINING_H

#include "steps.h"

/** @brief Ints of the work array of collalg__neighbor_allgather_combining_steps(). */
static inline long long collalg__nbr_comb_work(int ns, int nd)
{
    return (long long)ns * nd + 5LL * (nd + 1) * ns + nd + 1;
}

/** @brief Component @p c of an offset in a dimension of size @p n: in (-n/2, n/2] when periodic,
 *         else @p c itself. */
static inline int collalg__nbr_comb_canon(long long c, int n, int periodic)
{
    if (!periodic || n <= 0)
        return (int)c;
    c %= n;
    if (c < 0)
        c += n;
    return (int)(c > n / 2 ? c - n : c);
}

/** @brief The arrays of the builder, carved from its work array. */
typedef struct collalg__nbr_comb {
    int nd, ns;
    const int *dims, *periods;
    int *t;     /**< t[j * nd + k]: target offset j, canonical */
    int *rep;   /**< rep[k * ns + j]: the smallest j' with t_j' [0 .. k) = t_j [0 .. k) */
    int *hbuf;  /**< per node (k * ns + rep): the buffer holding its block */
    int *hpos;  /**< its block index there (0 in the send buffer) */
    int *hs0;   /**< the first step making it (-1: none) */
    int *hs1;   /**< the last one */
    int *coord; /**< the rank's coordinates */
} collalg__nbr_comb;

/** @brief 1 when targets @p a and @p b agree on dimensions 0 .. @p k - 1. */
static inline int collalg__nbr_comb_same(const collalg__nbr_comb *w, int a, int b, int k)
{
    int i;
    for (i = 0; i < k; i++)
        if (w->t[a * w->nd + i] != w->t[b * w->nd + i])
            return 0;
    return 1;
}

/** @brief The rank at the caller's coordinates moved by @p delta in dimension @p k (-1 beyond a
 *         non-periodic border). */
static inline int collalg__nbr_comb_peer(const collalg__nbr_comb *w, int k, long long delta)
{
    int i, rank = 0;
    for (i = 0; i < w->nd; i++) {
        long long x = w->coord[i] + (i == k ? delta : 0);
        if (x < 0 || x >= w->dims[i]) {
            if (!w->periods[i])
                return -1;
            x %= w->dims[i];
            x += x < 0 ? w->dims[i] : 0;
        }
        rank = rank * w->dims[i] + (int)x;
    }
    return rank;
}

/** @brief 1 when the source of node (depth @p k, rep @p j), the rank at coord - t_j[0 .. k), is
 *         in the grid. */
static inline int collalg__nbr_comb_in_grid(const collalg__nbr_comb *w, int k, int j)
{
    int i;
    for (i = 0; i < k; i++) {
        long long x = (long long)w->coord[i] - w->t[j * w->nd + i];
        if (!w->periods[i] && (x < 0 || x >= w->dims[i]))
            return 0;
    }
    return 1;
}

/** @brief The child of node (depth @p k, rep @p p) along value @p c of dimension k: its rep, or -1. */
static inline int collalg__nbr_comb_child(const collalg__nbr_comb *w, int k, int p, int c)
{
    int j;
    for (j = p; j < w->ns; j++)
        if (w->rep[k * w->ns + j] == p && w->t[j * w->nd + k] == c)
            return j;
    return -1;
}

/** @brief 1 when every target below node (depth @p k, rep @p q) is t_q: it goes no further. */
static inline int collalg__nbr_comb_leaf(const collalg__nbr_comb *w, int k, int q)
{
    int j, i;
    for (j = q; j < w->ns; j++)
        if (w->rep[k * w->ns + j] == q)
            for (i = k; i < w->nd; i++)
                if (w->t[j * w->nd + i] != 0)
                    return 0;
    return 1;
}

/** @brief The smallest value of t[.][k] above @p after (INT_MIN-like start: @p first 1), 0s
 *         skipped; @return 0 when none is left (0 never names a round). */
static inline int collalg__nbr_comb_next(const collalg__nbr_comb *w, int k, int after, int first)
{
    int j, best = 0, found = 0;
    for (j = 0; j < w->ns; j++) {
        int v = w->t[j * w->nd + k];
        if (v != 0 && (first || v > after) && (!found || v < best)) {
            best = v;
            found = 1;
        }
    }
    return best;
}

/** @brief The piece of node @p n's block: @p rcount elements at its block of the receive or
 *         scratch buffer, or the send buffer's @p scount. */
static inline collalg__piece collalg__nbr_comb_home(const collalg__nbr_comb *w, int n, long long scount,
                                                    long long rcount)
{
    if (w->hbuf[n] == COLLALG_BUF_SEND)
        return collalg__pc(COLLALG_BUF_SEND, 0, scount);
    return collalg__pc(w->hbuf[n], (long long)w->hpos[n] * rcount, rcount);
}

/**
 * @brief The message-combining neighbourhood allgather (see the file comment).
 * @param s       the schedule (counting or filling)
 * @param rank    the caller's rank, row-major in the grid
 * @param nd      dimensions (>= 0)
 * @param dims    their sizes (product: the number of ranks)
 * @param periods 1 for a periodic dimension
 * @param ns      receive blocks (the in-degree)
 * @param offs    offs[j * nd + k]: component k of the offset of source j (receive block j)
 * @param scount  elements of the send buffer (send type)
 * @param rcount  elements of a receive block (receive type); scratch is in these elements
 * @param work    collalg__nbr_comb_work(ns, nd) ints the builder writes (same on both runs)
 */
static inline void collalg__neighbor_allgather_combining_steps(collalg__steps *s, int rank, int nd, const int *dims,
                                                               const int *periods, int ns, const int *offs,
                                                               long long scount, long long rcount, int *work)
{
    collalg__nbr_comb w;
    int j, k, i, rest = rank, tmp = 0, nodes = (nd + 1) * ns;
    collalg__piece none = collalg__pc(COLLALG_BUF_RECV, 0, 0);
    w.nd = nd;
    w.ns = ns;
    w.dims = dims;
    w.periods = periods;
    w.t = work;
    w.rep = w.t + ns * nd;
    w.hbuf = w.rep + nodes;
    w.hpos = w.hbuf + nodes;
    w.hs0 = w.hpos + nodes;
    w.hs1 = w.hs0 + nodes;
    w.coord = w.hs1 + nodes;
    for (k = nd - 1; k >= 0; k--) {
        w.coord[k] = rest % dims[k];
        rest /= dims[k];
    }
    for (j = 0; j < ns; j++)
        for (k = 0; k < nd; k++)
            w.t[j * nd + k] = collalg__nbr_comb_canon(-(long long)offs[j * nd + k], dims[k], periods[k]);
    for (k = 0; k <= nd; k++) /* the trie: the smallest index of each prefix */
        for (j = 0; j < ns; j++) {
            int r = 0;
            while (r < j && !collalg__nbr_comb_same(&w, r, j, k))
                r++;
            w.rep[k * ns + j] = r;
        }
    for (i = 0; i < nodes; i++)
        w.hbuf[i] = w.hpos[i] = 0, w.hs0[i] = w.hs1[i] = -1;
    /* Receives of every round, all at once; homes of the depth-(k + 1) nodes. */
    for (k = 0; k < nd; k++) {
        int c = collalg__nbr_comb_next(&w, k, 0, 1);
        while (c != 0) {
            int from = collalg__nbr_comb_peer(&w, k, -(long long)c), m = 0, q0 = -1, direct = 1, first = s->nsteps;
            int last, area;
            for (j = 0; j < ns; j++) { /* depth-k nodes with child c, their sources in the grid */
                int q = w.rep[k * ns + j] == j ? collalg__nbr_comb_child(&w, k, j, c) : -1;
                if (q < 0 || !collalg__nbr_comb_in_grid(&w, k + 1, q))
                    continue;
                q0 = m == 0 ? q : q0;
                direct = direct && q == q0 + m && collalg__nbr_comb_leaf(&w, k + 1, q);
                m++;
            }
            if (m > 0 && from >= 0) {
                area = direct ? q0 : tmp;
                last = collalg__steps_append_after(
                    s, COLLALG_STEP_RECV, from, none,
                    collalg__pc(direct ? COLLALG_BUF_RECV : COLLALG_BUF_TMP, (long long)area * rcount, m * rcount), 0,
                    0);
                tmp += direct ? 0 : m;
                m = 0;
                for (j = 0; j < ns; j++) {
                    int q = w.rep[k * ns + j] == j ? collalg__nbr_comb_child(&w, k, j, c) : -1, n;
                    if (q < 0 || !collalg__nbr_comb_in_grid(&w, k + 1, q))
                        continue;
                    n = (k + 1) * ns + q;
                    w.hbuf[n] = direct ? COLLALG_BUF_RECV : COLLALG_BUF_TMP;
                    w.hpos[n] = area + m++;
                    w.hs0[n] = first;
                    w.hs1[n] = last;
                }
            }
            c = collalg__nbr_comb_next(&w, k, c, 0);
        }
    }
    if (ns > 0)
        w.hbuf[0] = COLLALG_BUF_SEND; /* the root: the own block */
    for (k = 0; k < nd; k++)          /* a 0 step keeps the parent's home */
        for (j = 0; j < ns; j++)
            if (w.rep[(k + 1) * ns + j] == j && w.t[j * nd + k] == 0) {
                int n = (k + 1) * ns + j, p = k * ns + w.rep[k * ns + j];
                w.hbuf[n] = w.hbuf[p];
                w.hpos[n] = w.hpos[p];
                w.hs0[n] = w.hs0[p];
                w.hs1[n] = w.hs1[p];
            }
    /* Sends, round by round: each after the receives of its blocks (packed when scattered). */
    for (k = 0; k < nd; k++) {
        int c = collalg__nbr_comb_next(&w, k, 0, 1);
        while (c != 0) {
            int to = collalg__nbr_comb_peer(&w, k, c), m = 0, p0 = -1, direct = 1;
            for (j = 0; j < ns; j++) {
                int n = k * ns + j;
                if (w.rep[n] != j || collalg__nbr_comb_child(&w, k, j, c) < 0 || !collalg__nbr_comb_in_grid(&w, k, j))
                    continue;
                p0 = m == 0 ? n : p0;
                direct = direct && (m == 0 || (w.hbuf[n] == w.hbuf[p0] && w.hbuf[n] != COLLALG_BUF_SEND &&
                                               w.hpos[n] == w.hpos[p0] + m && w.hs0[n] == w.hs0[p0]));
                m++;
            }
            if (m > 0 && to >= 0) {
                if (direct) {
                    collalg__piece x = collalg__nbr_comb_home(&w, p0, scount, rcount);
                    x.count = w.hbuf[p0] == COLLALG_BUF_SEND ? scount : m * rcount;
                    collalg__steps_append_after(s, COLLALG_STEP_SEND, to, x, none, w.hs0[p0],
                                                w.hs0[p0] < 0 ? 0 : w.hs1[p0] - w.hs0[p0] + 1);
                } else {
                    int first = s->nsteps, last = -1;
                    m = 0;
                    for (j = 0; j < ns; j++) {
                        int n = k * ns + j;
                        if (w.rep[n] != j || collalg__nbr_comb_child(&w, k, j, c) < 0 ||
                            !collalg__nbr_comb_in_grid(&w, k, j))
                            continue;
                        last = collalg__steps_append_after(
                            s, COLLALG_STEP_COPY, -1, collalg__nbr_comb_home(&w, n, scount, rcount),
                            collalg__pc(COLLALG_BUF_TMP, (long long)(tmp + m++) * rcount, rcount), w.hs0[n],
                            w.hs0[n] < 0 ? 0 : w.hs1[n] - w.hs0[n] + 1);
                    }
                    collalg__steps_append_after(s, COLLALG_STEP_SEND, to,
                                                collalg__pc(COLLALG_BUF_TMP, (long long)tmp * rcount, m * rcount), none,
                                                first, last - first + 1);
                    tmp += m;
                }
            }
            c = collalg__nbr_comb_next(&w, k, c, 0);
        }
    }
    /* Every receive block not received in place, from its block's home. */
    for (j = 0; j < ns; j++) {
        int n = nd * ns + w.rep[nd * ns + j];
        if (!collalg__nbr_comb_in_grid(&w, nd, j) || (w.hbuf[n] == COLLALG_BUF_RECV && w.hpos[n] == j))
            continue;
        collalg__steps_append_after(s, COLLALG_STEP_COPY, -1, collalg__nbr_comb_home(&w, n, scount, rcount),
                                    collalg__pc(COLLALG_BUF_RECV, (long long)j * rcount, rcount), w.hs0[n],
                                    w.hs0[n] < 0 ? 0 : w.hs1[n] - w.hs0[n] + 1);
    }
    collalg__steps_tmp(s, (long long)tmp * rcount);
}

/* ---- Alltoall: every block its own route --------------------------------------------------- */

/** @brief Ints of the work array of collalg__neighbor_alltoall_combining_steps(). */
static inline long long collalg__nbr_a2a_work(int nb, int nd)
{
    return (long long)nb * nd * 4 + nd + 1;
}

/**
 * @brief Which receive block each send block fills at its destination, for an isomorphic
 *        alltoall: send block j (destination offset @p b_j) pairs with a receive block i whose
 *        source offset @p a_i is -b_j, the k-th occurrence of b_j among the destinations with
 *        the k-th occurrence of -b_j among the sources (MPI's order of repeated edges).
 * @param nd    dimensions
 * @param dims  their sizes
 * @param exact 1: offsets compared as integers (a Cartesian communicator, whose -e_k and +e_k
 *              stay distinct even when they name the same rank, MPI-4.1 Example 8.10); 0:
 *              modulo the sizes (a torus read from a graph)
 * @param ni    receive blocks (sources); @p a: ni * nd ints
 * @param nb    send blocks (destinations); @p b: nb * nd ints
 * @param pair  out: nb ints, the receive block of each send block
 * @return 1 when every send block pairs and every receive block is paired once, else 0.
 */
static inline int collalg__nbr_a2a_pair(int nd, const int *dims, int exact, int ni, const int *a, int nb, const int *b,
                                        int *pair)
{
    int j, i, k, jj, seen, used;
    if (ni != nb)
        return 0;
    for (j = 0; j < nb; j++) {
        for (seen = 0, jj = 0; jj < j; jj++) { /* earlier destinations with the same offset */
            int same = 1;
            for (k = 0; k < nd; k++)
                same = same &&
                       (exact ? b[jj * nd + k] == b[j * nd + k]
                              : collalg__nbr_comb_canon((long long)b[jj * nd + k] - b[j * nd + k], dims[k], 1) == 0);
            seen += same;
        }
        pair[j] = -1;
        for (i = 0; i < ni && pair[j] < 0; i++) {
            int match = 1;
            for (k = 0; k < nd; k++)
                match = match &&
                        (exact ? a[i * nd + k] == -b[j * nd + k]
                               : collalg__nbr_comb_canon((long long)a[i * nd + k] + b[j * nd + k], dims[k], 1) == 0);
            if (match && seen-- == 0)
                pair[j] = i;
        }
        if (pair[j] < 0)
            return 0;
    }
    for (i = 0; i < ni; i++) { /* a bijection: every receive block once */
        for (used = 0, j = 0; j < nb; j++)
            used += pair[j] == i;
        if (used != 1)
            return 0;
    }
    return 1;
}

/** @brief 1 when the caller holds block @p j before dimension @p k: its source, the rank at
 *         coord - t_j[0 .. k), and its destination, source + t_j, are in the grid. */
static inline int collalg__nbr_a2a_holds(const collalg__nbr_comb *w, int j, int k)
{
    int i;
    for (i = 0; i < w->nd; i++) {
        long long x = (long long)w->coord[i] + (i < k ? -w->t[j * w->nd + i] : w->t[j * w->nd + i]);
        if (!w->periods[i] && (x < 0 || x >= w->dims[i]))
            return 0;
    }
    return 1;
}

/** @brief 1 when block @p j moves no further after dimension @p k. */
static inline int collalg__nbr_a2a_final(const collalg__nbr_comb *w, int j, int k)
{
    int i;
    for (i = k + 1; i < w->nd; i++)
        if (w->t[j * w->nd + i] != 0)
            return 0;
    return 1;
}

/** @brief Where block @p j lies before dimension @p k: its index in the home arrays of the last
 *         dimension before @p k it moved along, or -1 (still in the send buffer). */
static inline int collalg__nbr_a2a_home(const collalg__nbr_comb *w, int j, int k)
{
    while (--k >= 0)
        if (w->t[j * w->nd + k] != 0)
            return k * w->ns + j;
    return -1;
}

/** @brief The piece of block @p j at home @p h (collalg__nbr_a2a_home()). */
static inline collalg__piece collalg__nbr_a2a_piece(const collalg__nbr_comb *w, int h, int j, long long scount,
                                                    long long rcount)
{
    if (h < 0)
        return collalg__pc(COLLALG_BUF_SEND, (long long)j * scount, scount);
    return collalg__pc(w->hbuf[h], (long long)w->hpos[h] * rcount, rcount);
}

/**
 * @brief The message-combining neighbourhood alltoall on a grid (Träff, Hunold).
 *
 * Send block j of every rank goes to the rank at offset @p b_j and fills its receive block
 * @p pair[j] (collalg__nbr_a2a_pair()). Let t_j be b_j, each component canonical (in (-n/2, n/2]
 * in a periodic dimension of size n). The block travels along dimension 0 by t_j[0], then along
 * dimension 1 by t_j[1], and so on; unlike allgather's, every block is distinct and follows its
 * own route, so nothing is shared, but the blocks that cross the same dimension by the same
 * value travel together. In the round (k, c), one per dimension k and distinct non-zero value c
 * of t[k], rank r sends to r + c e_k one message with, in increasing j, every block j with
 * t_j[k] = c that it holds (the block of source r - t_j[0 .. k), when that source and its
 * destination are in the grid), and receives the same blocks, in the same order, from r - c e_k.
 * A block with t_j = 0 (a self loop, or a periodic dimension of size 1) is a local copy.
 *
 * Every receive is posted at once, into the receive blocks themselves when the message's blocks
 * go no further and fill consecutive receive blocks in order, else into scratch. A send waits
 * only for the receives of the blocks it carries; a message whose blocks are not consecutive in
 * one place is packed into scratch by copies first. Last, every block not received in place is
 * copied to its receive block.
 *
 * @param s       the schedule (counting or filling)
 * @param rank    the caller's rank, row-major in the grid
 * @param nd      dimensions (>= 0)
 * @param dims    their sizes (product: the number of ranks)
 * @param periods 1 for a periodic dimension
 * @param nb      send blocks (the out-degree; the in-degree is the same)
 * @param offs    offs[j * nd + k]: component k of destination j's offset
 * @param pair    the receive block that send block j fills at its destination
 * @param scount  elements of a send block (send type)
 * @param rcount  elements of a receive block (receive type); scratch is in these elements
 * @param work    collalg__nbr_a2a_work(nb, nd) ints the builder writes (same on both runs)
 */
static inline void collalg__neighbor_alltoall_combining_steps(collalg__steps *s, int rank, int nd, const int *dims,
                                                              const int *periods, int nb, const int *offs,
                                                              const int *pair, long long scount, long long rcount,
                                                              int *work)
{
    collalg__nbr_comb w;
    int j, k, rest = rank, tmp = 0;
    collalg__piece none = collalg__pc(COLLALG_BUF_RECV, 0, 0);
    w.nd = nd;
    w.ns = nb;
    w.dims = dims;
    w.periods = periods;
    w.t = work;
    w.hbuf = w.t + nb * nd; /* per (dimension k, block j): where the receive along k puts it */
    w.hpos = w.hbuf + nb * nd;
    w.hs0 = w.hpos + nb * nd; /* the receive step */
    w.coord = w.hs0 + nb * nd;
    w.rep = w.hs1 = 0;
    for (k = nd - 1; k >= 0; k--) {
        w.coord[k] = rest % dims[k];
        rest /= dims[k];
    }
    for (j = 0; j < nb; j++)
        for (k = 0; k < nd; k++)
            w.t[j * nd + k] = collalg__nbr_comb_canon(offs[j * nd + k], dims[k], periods[k]);
    /* Receives of every round, all at once. */
    for (k = 0; k < nd; k++) {
        int c = collalg__nbr_comb_next(&w, k, 0, 1);
        while (c != 0) {
            int from = collalg__nbr_comb_peer(&w, k, -(long long)c), m = 0, j0 = -1, direct = 1, area, step;
            for (j = 0; j < nb; j++) {
                if (w.t[j * nd + k] != c || !collalg__nbr_a2a_holds(&w, j, k + 1))
                    continue;
                j0 = m == 0 ? j : j0;
                direct = direct && collalg__nbr_a2a_final(&w, j, k) && pair[j] == pair[j0] + m;
                m++;
            }
            if (m > 0 && from >= 0) {
                area = direct ? pair[j0] : tmp;
                step = collalg__steps_append_after(
                    s, COLLALG_STEP_RECV, from, none,
                    collalg__pc(direct ? COLLALG_BUF_RECV : COLLALG_BUF_TMP, (long long)area * rcount, m * rcount), 0,
                    0);
                tmp += direct ? 0 : m;
                for (m = 0, j = 0; j < nb; j++) {
                    if (w.t[j * nd + k] != c || !collalg__nbr_a2a_holds(&w, j, k + 1))
                        continue;
                    w.hbuf[k * nb + j] = direct ? COLLALG_BUF_RECV : COLLALG_BUF_TMP;
                    w.hpos[k * nb + j] = area + m++;
                    w.hs0[k * nb + j] = step;
                }
            }
            c = collalg__nbr_comb_next(&w, k, c, 0);
        }
    }
    /* Sends, round by round: each after the receives of its blocks (packed when scattered). */
    for (k = 0; k < nd; k++) {
        int c = collalg__nbr_comb_next(&w, k, 0, 1);
        while (c != 0) {
            int to = collalg__nbr_comb_peer(&w, k, c), m = 0, j0 = -1, h0 = -1, direct = 1;
            for (j = 0; j < nb; j++) {
                int h;
                if (w.t[j * nd + k] != c || !collalg__nbr_a2a_holds(&w, j, k))
                    continue;
                h = collalg__nbr_a2a_home(&w, j, k);
                if (m == 0)
                    j0 = j, h0 = h;
                else if (h0 < 0)
                    direct = direct && h < 0 && j == j0 + m;
                else
                    direct = direct && h >= 0 && w.hs0[h] == w.hs0[h0] && w.hpos[h] == w.hpos[h0] + m;
                m++;
            }
            if (m > 0 && to >= 0) {
                if (direct) {
                    collalg__piece x = collalg__nbr_a2a_piece(&w, h0, j0, scount, rcount);
                    x.count *= m;
                    collalg__steps_append_after(s, COLLALG_STEP_SEND, to, x, none, h0 < 0 ? 0 : w.hs0[h0],
                                                h0 < 0 ? 0 : 1);
                } else {
                    int first = s->nsteps, last = -1;
                    for (m = 0, j = 0; j < nb; j++) {
                        int h;
                        if (w.t[j * nd + k] != c || !collalg__nbr_a2a_holds(&w, j, k))
                            continue;
                        h = collalg__nbr_a2a_home(&w, j, k);
                        last = collalg__steps_append_after(
                            s, COLLALG_STEP_COPY, -1, collalg__nbr_a2a_piece(&w, h, j, scount, rcount),
                            collalg__pc(COLLALG_BUF_TMP, (long long)(tmp + m++) * rcount, rcount), h < 0 ? 0 : w.hs0[h],
                            h < 0 ? 0 : 1);
                    }
                    collalg__steps_append_after(s, COLLALG_STEP_SEND, to,
                                                collalg__pc(COLLALG_BUF_TMP, (long long)tmp * rcount, m * rcount), none,
                                                first, last - first + 1);
                    tmp += m;
                }
            }
            c = collalg__nbr_comb_next(&w, k, c, 0);
        }
    }
    /* Every block not received in place to its receive block (the send buffer's for t_j = 0). */
    for (j = 0; j < nb; j++) {
        int h = collalg__nbr_a2a_home(&w, j, nd);
        if (!collalg__nbr_a2a_holds(&w, j, nd) || (h >= 0 && w.hbuf[h] == COLLALG_BUF_RECV))
            continue;
        collalg__steps_append_after(s, COLLALG_STEP_COPY, -1, collalg__nbr_a2a_piece(&w, h, j, scount, rcount),
                                    collalg__pc(COLLALG_BUF_RECV, (long long)pair[j] * rcount, rcount),
                                    h < 0 ? 0 : w.hs0[h], h < 0 ? 0 : 1);
    }
    collalg__steps_tmp(s, (long long)tmp * rcount);
}

#endif /* COLLALG_SCHEDULE_NEIGHBOR_COMBINING_H */
