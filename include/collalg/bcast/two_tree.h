/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file two_tree.h
 * @ingroup bcast
 * @brief Bcast, two-tree algorithm (Sanders, Speck & Traff, "Two-tree algorithms for full
 *        bandwidth broadcast, reduction and scan", Parallel Computing 35, 2009, §2): half of the
 *        message's segments down each of two in-order binary trees, pipelined, every rank
 *        sending and receiving at most once per step.
 *
 * @par Phases
 * Ranks are taken relative to the root; the root is the paper's extra node X, and the other
 * p - 1 ranks are tree ranks v = (rank - root - 1) mod p of the two trees of
 * schedule/two_tree.h: T1 in-order on positions v + 1, T2 its mirror (p - 1 even) or its shift
 * (p - 1 odd), so that every rank is interior in at most one tree. Their edges carry a colour
 * 0 or 1 such that a rank's two incoming and its two outgoing edges differ
 * (collalg__two_tree_colour).
 * 1. The message (bytes of the type signature: family/bcast.h, collalg__bcast_view) is cut
 *    into nb segments of `segsize` bytes; T1 carries segments 0, 2, 4, ..., T2 segments 1, 3, ....
 * 2. Step t uses the edges of colour t mod 2: the root sends the k-th segment of tree j to the
 *    tree's root in step 2k + colour, and each rank forwards the k-th segment of tree j to a
 *    child in step 2k + delay(child) (collalg__two_tree_delay), the first step of the child's
 *    edge colour after the segment arrived. Invariant: in every step a rank sends at most one
 *    segment and receives at most one, and every segment it sends arrived in an earlier step.
 * Each rank walks its own steps in order with non-blocking calls: up to
 * W = COLLALG_FORWARD_WINDOW (4) receives posted ahead and W sends in flight; a step's send is
 * started before the step's receive is waited for. (Deadlock-free: a rank waits in step t only
 * for messages that their senders post in step t, after their own waits of earlier steps.)
 *
 * @par Trace, p = 7, root 0, 4 segments s0 .. s3 (tree ranks v = rank - 1)
 * @verbatim
   T1: 0 -> 4;  4 -> 2, 6;  2 -> 1, 3;  6 -> 5        (T1 carries s0, s2)
   T2: 0 -> 3;  3 -> 1, 5;  5 -> 4, 6;  1 -> 2        (T2 carries s1, s3)
   every rank but the root is interior in one tree and a leaf in the other; in each step it
   receives at most one segment (from one of its two parents) and sends at most one (to one of
   its children); 4 segments take 8 steps here (collalg__two_tree_rounds).
   @endverbatim
 *
 * @par Segments
 * `segsize` bytes rounded down to whole elements of the byte view (at least one);
 * 0 = COLLALG_BCAST_TWO_TREE_SEGSIZE_DEFAULT (8192 bytes).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_two_tree_p6.svg
 * @image html bcast_two_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and nb segments of n / nb bytes: at most
 * 2 ceil(nb / 2) + 2 ceil(log2 p) steps of alpha + (n / nb) beta, i.e. about
 * (nb + 2 log2 p)(alpha + (n / nb) beta) = n beta + 2 log2 p alpha + ... with one send and one
 * receive per rank and step (full duplex): twice the bandwidth of a pipelined binary tree.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatype; the ranks may pass different datatypes with the
 * same type signature (the message is cut in bytes of the signature).
 *
 * @par Memory
 * 2 (p - 1) + 16 bytes kept with the communicator by the first call (the colouring, shared by
 * every two-tree call on it: collalg__two_tree_shared_get()); for a datatype with gaps, count *
 * size bytes more (the byte view of family/bcast.h).
 *
 * @par References
 * P. Sanders, J. Speck, J. L. Traff, "Two-tree algorithms for full bandwidth broadcast,
 * reduction and scan", Parallel Computing 35 (2009) 581-594, §2 (two-tree broadcast, the
 * mirrored and shifted trees, the bipartite edge colouring).
 */
#ifndef COLLALG_BCAST_TWO_TREE_H
#define COLLALG_BCAST_TWO_TREE_H

#include "../family/bcast.h"
#include "../schedule/two_tree.h"

/** @brief Default segment size of collalg_bcast_two_tree, in bytes. */
#ifndef COLLALG_BCAST_TWO_TREE_SEGSIZE_DEFAULT
#define COLLALG_BCAST_TWO_TREE_SEGSIZE_DEFAULT 8192
#endif

/** @brief One rank's view of the two-tree schedule (tree ranks; -1 = the root X). */
typedef struct collalg__two_tree_plan {
    int n;                    /**< tree ranks, p - 1 */
    int me;                   /**< this rank's tree rank, COLLALG_TWO_TREE_X at the root */
    long long nb;             /**< segments */
    long long rounds;         /**< steps of the schedule */
    int parent[2];            /**< parent in each tree (tree rank or X) */
    int delay[2];             /**< first step of a receive in each tree */
    int child[2][2];          /**< children [tree][lower, higher], -1 for none */
    int cdelay[2][2];         /**< their delays */
    const unsigned char *col; /**< the colouring */
} collalg__two_tree_plan;

/**
 * @brief What every two-tree call on one communicator shares: the colouring of its n = p - 1 tree
 *        ranks and each tree's latest first-block step, built by the first call (O(n log n), the
 *        bulk of a small call's instructions otherwise) and cached with the private communicator
 *        (an attribute freed with it). @c col points into the same allocation.
 */
typedef struct collalg__two_tree_shared {
    int n;              /**< tree ranks */
    int max_delay[2];   /**< collalg__two_tree_max_delay() of each tree */
    unsigned char *col; /**< the colouring, 2 n bytes (collalg__two_tree_colour()) */
} collalg__two_tree_shared;

/**
 * @brief Attribute delete callback of collalg__two_tree_shared.
 * @param comm   the private communicator (unused)
 * @param keyval the keyval (unused)
 * @param attr   the shared facts (one allocation)
 * @param extra  unused
 * @return MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__two_tree_shared_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    COLLALG_FREE(attr);
    return MPI_SUCCESS;
}

/** @brief The kind of the cached collalg__two_tree_shared (core/attr.h; one per translation unit). */
COLLALG_INLINE collalg__attr_kind *collalg__two_tree_shared_attr(void)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__two_tree_shared_delete, NULL};
    return &kind;
}

/**
 * @brief The shared two-tree facts for @p n tree ranks on c->pcomm: from the cache, or built and
 *        cached (local work, no message; a cached value for another n is replaced).
 * @param c   the call's context (c->pcomm holds the cache)
 * @param n   tree ranks
 * @param out out: the shared facts (owned by the cache)
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code of MPI_Comm_create_keyval /
 *         MPI_Comm_get_attr / MPI_Comm_set_attr.
 */
COLLALG_INLINE int collalg__two_tree_shared_get(const collalg__ctx *c, int n, const collalg__two_tree_shared **out)
{
    void *value = NULL;
    collalg__two_tree_shared *sh;
    int err = collalg__attr_find(c->pcomm, collalg__two_tree_shared_attr(), &value);
    *out = NULL;
    if (err == MPI_SUCCESS && value && ((const collalg__two_tree_shared *)value)->n == n)
        *out = (const collalg__two_tree_shared *)value;
    if (err != MPI_SUCCESS || *out)
        return err;
    sh = (collalg__two_tree_shared *)COLLALG_MALLOC(sizeof *sh + 2 * (size_t)n);
    if (!sh)
        return MPI_ERR_NO_MEM;
    sh->n = n;
    sh->col = (unsigned char *)(sh + 1);
    collalg__two_tree_colour(n, sh->col);
    sh->max_delay[0] = collalg__two_tree_max_delay(n, 0, sh->col);
    sh->max_delay[1] = collalg__two_tree_max_delay(n, 1, sh->col);
    err = collalg__attr_keep(c->pcomm, collalg__two_tree_shared_attr(), sh);
    if (err == MPI_SUCCESS)
        *out = sh;
    return err;
}

/**
 * @brief Fills @p s for tree rank @p me of @p n tree ranks and @p nb segments, with the colouring
 *        shared by every call on c's communicator (collalg__two_tree_shared_get()).
 * @return MPI_SUCCESS or the error of collalg__two_tree_shared_get().
 */
COLLALG_INLINE int collalg__two_tree_plan_init(collalg__ctx *c, collalg__two_tree_plan *s, int n, int me, long long nb)
{
    const collalg__two_tree_shared *sh = NULL;
    int j, i, err;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->me = me;
    s->nb = nb;
    if (n == 0)
        return MPI_SUCCESS;
    err = collalg__two_tree_shared_get(c, n, &sh);
    if (err != MPI_SUCCESS)
        return err;
    s->col = sh->col;
    s->rounds = collalg__two_tree_rounds_from(nb, sh->max_delay);
    for (j = 0; j < 2; j++) {
        if (me == COLLALG_TWO_TREE_X) { /* X's "children": the two roots */
            s->child[j][0] = collalg__two_tree_root(n, j);
            s->child[j][1] = -1;
        } else {
            s->parent[j] = collalg__two_tree_parent(n, j, me);
            s->delay[j] = collalg__two_tree_delay(n, j, me, s->col);
            for (i = 0; i < 2; i++)
                s->child[j][i] = collalg__two_tree_child(n, j, me, i);
        }
        for (i = 0; i < 2; i++)
            s->cdelay[j][i] = s->child[j][i] < 0 ? 0 : collalg__two_tree_delay(n, j, s->child[j][i], s->col);
    }
    return MPI_SUCCESS;
}

/** @brief Segment tree @p j moves in step @p t when its receiver's first step is @p delay, else -1. */
COLLALG_INLINE long long collalg__two_tree_seg_at(const collalg__two_tree_plan *s, int j, int delay, long long t)
{
    long long k = t - delay;
    if (k < 0 || k % 2 != 0 || k / 2 >= collalg__two_tree_blocks(s->nb, j))
        return -1;
    return k + j; /* the (k/2)-th block of tree j is segment 2 (k/2) + j */
}

/** @brief This rank's receive in step @p t: the segment (or -1), and the sender's tree rank in *@p from. */
COLLALG_INLINE long long collalg__two_tree_recv_at(const collalg__two_tree_plan *s, long long t, int *from)
{
    int j;
    long long seg;
    if (s->me == COLLALG_TWO_TREE_X)
        return -1;
    for (j = 0; j < 2; j++)
        if ((seg = collalg__two_tree_seg_at(s, j, s->delay[j], t)) >= 0) {
            *from = s->parent[j];
            return seg;
        }
    return -1;
}

/** @brief This rank's send in step @p t: the segment (or -1), and the receiver's tree rank in *@p to. */
COLLALG_INLINE long long collalg__two_tree_send_at(const collalg__two_tree_plan *s, long long t, int *to)
{
    int j, i;
    long long seg;
    for (j = 0; j < 2; j++)
        for (i = 0; i < 2; i++)
            if (s->child[j][i] >= 0 && (seg = collalg__two_tree_seg_at(s, j, s->cdelay[j][i], t)) >= 0) {
                *to = s->child[j][i];
                return seg;
            }
    return -1;
}

/** @brief Element range [*@p lo, *@p hi) of segment @p k of @p seg elements out of @p count. */
COLLALG_INLINE void collalg__two_tree_range(long long k, int seg, int count, MPI_Aint *lo, MPI_Aint *hi)
{
    *lo = (MPI_Aint)k * seg;
    *hi = *lo + seg < count ? *lo + seg : count;
}

/**
 * @brief Runs the broadcast schedule of @p s on @p count elements of @p type (extent @p ext) at
 *        @p buf, segments of @p seg elements; tree rank v is communicator rank (v + 1 + root) mod p.
 * @return MPI_SUCCESS or the MPI error code; nothing is left pending.
 */
COLLALG_INLINE int collalg__bcast_two_tree_run(const collalg__ctx *c, const collalg__two_tree_plan *s, void *buf,
                                               int count, MPI_Datatype type, MPI_Aint ext, int seg, int root)
{
    enum { W = COLLALG_FORWARD_WINDOW };
    MPI_Request rq[W], sq[W];
    long long t, tp = 0, seg_k;
    MPI_Aint lo, hi;
    int i, peer, nr = 0, nposted = 0, ns = 0, err = MPI_SUCCESS;

    for (i = 0; i < W; i++)
        rq[i] = sq[i] = MPI_REQUEST_NULL;
    for (t = 0; t < s->rounds && err == MPI_SUCCESS; t++) {
        /* keep up to W receives posted ahead, in step order (rq[n % W]: the n-th receive) */
        for (; tp < s->rounds && nposted - nr < W && err == MPI_SUCCESS; tp++)
            if ((seg_k = collalg__two_tree_recv_at(s, tp, &peer)) >= 0) {
                collalg__two_tree_range(seg_k, seg, count, &lo, &hi);
                err = COLLALG_MPI(Irecv)(collalg__at(buf, lo, ext), (int)(hi - lo), type,
                                         collalg__bcast_abs(peer + 1, root, c->size), COLLALG_TAG_DATA, c->pcomm,
                                         &rq[nposted++ % W]);
            }
        if (err == MPI_SUCCESS && (seg_k = collalg__two_tree_send_at(s, t, &peer)) >= 0) {
            collalg__two_tree_range(seg_k, seg, count, &lo, &hi);
            err = COLLALG_MPI(Wait)(&sq[ns % W], MPI_STATUS_IGNORE); /* the send W sends ago */
            if (err == MPI_SUCCESS)
                err = COLLALG_MPI(Isend)(collalg__at(buf, lo, ext), (int)(hi - lo), type,
                                         collalg__bcast_abs(peer + 1, root, c->size), COLLALG_TAG_DATA, c->pcomm,
                                         &sq[ns++ % W]);
        }
        if (err == MPI_SUCCESS && collalg__two_tree_recv_at(s, t, &peer) >= 0)
            err = COLLALG_MPI(Wait)(&rq[nr++ % W], MPI_STATUS_IGNORE); /* this step's segment is in */
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(W, rq));
    return collalg__first(err, collalg__waitall(W, sq));
}

/**
 * @brief MPI_Bcast by the two-tree algorithm.
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *        0 = COLLALG_BCAST_TWO_TREE_SEGSIZE_DEFAULT (8192). A value above the message size gives
 *        one segment (then only T1 carries data).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0 (before any message);
 *         MPI_ERR_NO_MEM when the colouring or the scratch buffer of a datatype with gaps
 *         (family/bcast.h) cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_two_tree(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                          int segsize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    collalg__two_tree_plan s;
    int seg = 1, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err =
            collalg__bcast_seg_elems(segsize ? segsize : COLLALG_BCAST_TWO_TREE_SEGSIZE_DEFAULT, w.size, w.count, &seg);
    if (err == MPI_SUCCESS && w.count > 0 && c.size > 1)
        err = collalg__two_tree_plan_init(&c, &s, c.size - 1, collalg__relrank(c.rank, root, c.size) - 1,
                                          ((long long)w.count + seg - 1) / seg);
    if (err == MPI_SUCCESS && w.count > 0 && c.size > 1)
        err = collalg__bcast_two_tree_run(&c, &s, w.buf, w.count, w.type, w.extent, seg, root);
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_TWO_TREE_H */
