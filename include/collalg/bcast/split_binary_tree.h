/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file split_binary_tree.h
 * @ingroup bcast
 * @brief Bcast, split binary tree: each half of the message pipelined down one subtree of a
 *        binary tree, then swapped between the subtrees (Open MPI's coll/base "split binary tree"
 *        broadcast, after Vadhiyar, Fagg & Dongarra's segmented tree broadcasts).
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. The message of n bytes is
 * cut into half 0 (the first ceil(n / 2) bytes) and half 1 (the rest). The tree
 * (schedule/common.h, collalg__split_tree_node): the root's left subtree holds the odd relative
 * ranks 1, 3, 5, .. (floor(p / 2) of them), its right subtree the even ones 2, 4, ..
 * (floor((p - 1) / 2)); within a subtree, its members in that order form the heap-ordered binary
 * tree of binary_tree.h (member i's children are members 2i + 1 and 2i + 2).
 * 1. Pipelines: the root sends half 0 down the left subtree and half 1 down the right one, segment
 *    by segment, alternating between its two children; every other rank receives its subtree's
 *    half from its parent and forwards each segment to its children as soon as it is in (the
 *    windowed, staggered pipeline of family/bcast.h, collalg__bcast_pipeline: up to W =
 *    COLLALG_FORWARD_WINDOW segments in flight per link; the root keeps W in flight per child).
 * 2. Exchange: relative rank 2i + 1 (left) and 2i + 2 (right) swap their halves in one
 *    send-receive. When p is even the left subtree has one member more, relative rank p - 1; it
 *    gets half 1 from the root instead (as in Open MPI). Invariant: after phase 1 every rank holds
 *    its subtree's half; after phase 2 both.
 *
 * Open MPI's tree puts the same ranks in the same subtrees but orders each subtree by levels
 * (children of s at level l: s + 2^l and s + 2^(l+1)); the heap order used here gives the same
 * depths and reuses the catalogue's binary tree.
 *
 * @par Small messages
 * A message of fewer than 2 bytes cannot be cut in two halves: it goes down the whole binary tree
 * of binary_tree.h instead (collalg__bcast_binary_tree_run), as Open MPI falls back to a
 * pipelined broadcast when a half is empty. Open MPI also falls back when a half is shorter than
 * one segment; here the split tree still runs then (one segment per half), and the choice is
 * left to the tuner.
 *
 * @par Trace, p = 6, root 0, one segment per half (A = half 0, B = half 1)
 * @verbatim
            0             left subtree (odd):  1 -> 3, 5
          /   \           right subtree (even): 2 -> 4
         1     2
        / \    |
       3   5   4
   phase 1, step 1: 0 -> 1 A, 0 -> 2 B
            step 2: 1 -> 3 A, 1 -> 5 A, 2 -> 4 B
   phase 2:         1 <-> 2 (A for B), 3 <-> 4 (A for B), 0 -> 5 B (p even: 5 has no partner)
   @endverbatim
 *
 * @par Segments
 * As binary_tree.h: `segsize` bytes rounded down to whole elements of the byte view (at least
 * one); 0 = COLLALG_BCAST_SEGSIZE_DEFAULT (4096 bytes; Open MPI's fixed decision rules run this
 * algorithm with 1 KiB segments). Each half is cut on its own, so each has ceil(n / (2 S))
 * segments of S bytes (the first W ramp up, collalg__ramp_lo).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_split_binary_tree_p6.svg
 * @image html bcast_split_binary_tree_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes, s segments per half (of n / (2s) bytes)
 * and subtree height h = floor(lg floor(p / 2)), window W = COLLALG_FORWARD_WINDOW:
 * phase 1: (h + 1) 2(alpha + (n / 2s) beta) (the first segment to the deepest leaf, two sends per
 * step) + (s - 1) max(2 (n / 2s) beta, 2 (alpha + (n / 2s) beta) / W) (the others); phase 2:
 * alpha + (n / 2) beta (one exchange of half the message each way). Against the binary tree's
 * bandwidth term 2 n beta (every inner rank sends the whole message twice), the split tree's is
 * n beta + n / 2 beta = 1.5 n beta: each inner rank sends only its half twice, then one half.
 * Measured in SimGrid on tests/platform/cluster.xml (10 Gb/s links to one crossbar, p = 16, root
 * 0, 2026-11-29), default segments: 1 MiB 1.90 ms against binary_tree's 2.66 ms, 16 MiB 28.0 ms
 * against 40.9 ms (the 0.75 ratio of the bandwidth terms); 1 KiB segments, 1 MiB: 3.64 ms.
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the halves and segments are cut in bytes of the signature: family/bcast.h,
 * collalg__bcast_view).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view of family/bcast.h);
 * none otherwise.
 *
 * @par References
 * J. Pješivac-Grbović, T. Angskun, G. Bosilca, G. E. Fagg, E. Gabriel, J. J. Dongarra,
 * "Performance analysis of MPI collective operations", Cluster Computing 10(2), 2007, the
 * broadcast algorithms (split-binary tree); S. S. Vadhiyar, G. E. Fagg, J. Dongarra,
 * "Automatically Tuned Collective Communications", SC 2000 (segmented tree broadcasts); Open MPI,
 * ompi/mca/coll/base/coll_base_bcast.c, ompi_coll_base_bcast_intra_split_bintree (the design;
 * no code taken).
 */
#ifndef COLLALG_BCAST_SPLIT_BINARY_TREE_H
#define COLLALG_BCAST_SPLIT_BINARY_TREE_H

#include "../family/bcast.h"
#include "binary_tree.h"

/**
 * @brief Phase 1 at the root: the @p nchild (at most 2) children in @p child (absolute ranks)
 *        each get their half, half i the @p n[i] elements from element @p first[i] of @p buf, in
 *        the staggered segments of collalg__bcast_pipeline (seg elements, the same cuts its
 *        receivers use), segment k of every half before segment k + 1, W =
 *        COLLALG_FORWARD_WINDOW segments in flight per child. Nothing is left pending on any path.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_split_root(const collalg__ctx *c, void *buf, const MPI_Aint *first, const int *n,
                                             MPI_Datatype type, MPI_Aint ext, const int *child, int nchild, int seg)
{
    enum { W = COLLALG_FORWARD_WINDOW };
    MPI_Request sq[2 * W]; /* sq[(k % W) * 2 + i]: segment k's send to child i */
    MPI_Aint k, nseg[2] = {0, 0}, most = 0, lo, hi;
    int i, err = MPI_SUCCESS;
    for (i = 0; i < 2 * W; i++)
        sq[i] = MPI_REQUEST_NULL;
    for (i = 0; i < nchild && i < 2; i++) {
        nseg[i] = collalg__ramp_nseg(n[i], seg, W);
        most = nseg[i] > most ? nseg[i] : most;
    }
    for (k = 0; k < most && err == MPI_SUCCESS; k++) {
        MPI_Request *s = &sq[(k % W) * 2];
        err = collalg__waitall(2, s); /* the sends of segment k - W */
        for (i = 0; i < nchild && i < 2 && err == MPI_SUCCESS; i++) {
            if (k >= nseg[i])
                continue;
            collalg__bcast_pipeline_range(k, seg, n[i], &lo, &hi);
            err = COLLALG_MPI(Isend)(collalg__at(buf, first[i] + lo, ext), (int)(hi - lo), type, child[i],
                                     COLLALG_TAG_DATA, c->pcomm, &s[i]);
        }
    }
    return collalg__first(err, collalg__waitall(2 * W, sq));
}

/**
 * @brief Phases 1 and 2 on the byte view @p w (at least 2 elements of it) in segments of @p seg
 *        elements. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_split_run(const collalg__ctx *c, const collalg__bcast_view *w, int root, int seg)
{
    collalg__split_tree t;
    MPI_Aint first[2];
    int n[2], child[2], i, h, err, p = c->size, relrank = collalg__relrank(c->rank, root, p);
    n[0] = w->count - w->count / 2; /* half 0: ceil(count / 2) */
    n[1] = w->count / 2;
    first[0] = 0;
    first[1] = n[0];
    collalg__split_tree_node(relrank, p, &t);
    for (i = 0; i < t.nchild; i++)
        child[i] = collalg__bcast_abs(t.child[i], root, p);
    if (relrank == 0) {
        err = collalg__bcast_split_root(c, w->buf, first, n, w->type, w->extent, child, t.nchild, seg);
        if (err == MPI_SUCCESS && p % 2 == 0) /* the left subtree's extra member gets half 1 */
            err = collalg__bcast_send(c, w->buf, first[1], w->count, w->type, w->extent,
                                      collalg__bcast_abs(p - 1, root, p));
        return err;
    }
    h = t.half;
    err = collalg__bcast_pipeline(c, collalg__at(w->buf, first[h], w->extent), n[h], w->type, w->extent,
                                  collalg__bcast_abs(t.parent, root, p), child, t.nchild, seg);
    if (err != MPI_SUCCESS)
        return err;
    if (t.pair == 0)
        return collalg__bcast_recv(c, w->buf, first[1], w->count, w->type, w->extent, root);
    return collalg__bcast_exchange(c, w->buf, first[h], first[h] + n[h], first[1 - h], first[1 - h] + n[1 - h], w->type,
                                   w->extent, collalg__bcast_abs(t.pair, root, p));
}

/**
 * @brief MPI_Bcast by the split binary tree (Open MPI's).
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *        0 = COLLALG_BCAST_SEGSIZE_DEFAULT (4096). A value above half the message gives one
 *        segment per half.
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (family/bcast.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler. Also MPI_ERR_ARG when @p segsize <
 *         0 (before any message).
 */
COLLALG_INLINE int collalg_bcast_split_binary_tree(void *buffer, int count, MPI_Datatype datatype, int root,
                                                   MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int seg, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize, w.size, w.count, &seg);
    if (err == MPI_SUCCESS && c.size > 1)
        err = w.count < 2 ? collalg__bcast_binary_tree_run(&c, &w, root, seg)
                          : collalg__bcast_split_run(&c, &w, root, seg);
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_SPLIT_BINARY_TREE_H */
