/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file chain.h
 * @ingroup bcast
 * @brief Bcast, pipelined chain (Imamura's slides, "Collective Communication" table: Broadcast -
 *        Chain, after Vadhiyar et al.).
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p, and form the chain
 * 0 -> 1 -> ... -> p-1. The message is cut into s segments of `seg` elements (the last one
 * shorter). For each segment in turn, rank relrank > 0 receives it from relrank - 1, and rank
 * relrank < p - 1 forwards it to relrank + 1 with a non-blocking send as soon as it is in. The
 * pipeline is windowed (family/bcast.h, collalg__bcast_pipeline): up to W =
 * COLLALG_FORWARD_WINDOW (4) segments are in flight on each link, the receives posted W segments
 * ahead and segment k's send waiting only for segment k - W's, so one segment's latency overlaps
 * the previous segments' transfers. Invariant: in step t (t = 1 .. p + s - 2) rank relrank
 * forwards segment t - relrank, if there is one (a step here is the round of one segment per
 * link; with the window, steps of different ranks overlap).
 * collalg_bcast_topology_chain() runs the same chain along the topology's DFS ring
 * (collalg__bcast_chain_run takes the ring order).
 *
 * @par Trace, p = 3, root 1, 2 segments (a -s-> b: segment s)
 * @verbatim
   step 1:  1 -0-> 2
   step 2:  1 -1-> 2,  2 -0-> 0
   step 3:             2 -1-> 0
   @endverbatim
 *
 * @par Segments
 * A segment is `segsize` bytes rounded down to whole elements of the datatype (at least one
 * element), so every message is a range of elements of the user's buffer sent with the user's
 * datatype. segsize 0 selects COLLALG_BCAST_SEGSIZE_DEFAULT (4096 bytes; family/bcast.h).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_chain_p6.svg
 * @image html bcast_chain_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s = ceil(n / segment bytes)
 * segments, window W = COLLALG_FORWARD_WINDOW: (p - 1)(alpha + (n / s) beta) (the first segment
 * down the chain) + (s - 1) max((n / s) beta, (alpha + (n / s) beta) / W) (the others, W in
 * flight: latency hidden once W segments cover it); without the window this was
 * (p + s - 2)(alpha + (n / s) beta). In SimGrid's fluid network model the W segments in flight on
 * a link share its bandwidth; the first W segments ramp up from 1 / W of a segment, so that their
 * ends are staggered and the link does not idle a latency between bursts (collalg__bcast_pipeline;
 * 4 MiB along 16 one-rank nodes of tests/platform/smp/ in 8 KiB segments: 3.92 ms, 4.48 without
 * the ramp, bound 3.36).
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the message is cut in bytes of the signature: family/bcast.h,
 * collalg__bcast_view).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view of
 * family/bcast.h); none otherwise.
 *
 * @par References
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Collective
 * Communication" table (Broadcast: Chain), after Vadhiyar, Fagg, Dongarra (2004); segments as in
 * "Optimization ... (=communication algorithm, routing, segments, etc.)".
 */
#ifndef COLLALG_BCAST_CHAIN_H
#define COLLALG_BCAST_CHAIN_H

#include "../family/bcast.h"

/**
 * @brief The pipelined chain after the enter step, shared by chain.h and topology_chain.h: along
 *        the ring @p ring from the root's position (the rank at the root's position + k is k-th in
 *        the chain), in segments of @p segsize bytes, on the byte view of family/bcast.h.
 * @param c the call's context
 * @param buffer,count,datatype,root the MPI_Bcast arguments
 * @param segsize segment size in bytes (see collalg_bcast_chain())
 * @param ring ring[i]: the rank at position i (NULL: rank order, ring[i] = i)
 * @param pos pos[r]: the position of rank r (NULL with @p ring NULL)
 * @return MPI_SUCCESS; MPI_ERR_ARG when @p segsize < 0 (before any message); MPI_ERR_NO_MEM; or
 *         the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_chain_run(collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype, int root,
                                            int segsize, const int *ring, const int *pos)
{
    collalg__bcast_view w;
    int seg, me, first, parent, next, err;
    err = collalg__bcast_view_begin(c, buffer, count, datatype, root, &w, MPI_SUCCESS);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize, w.size, w.count, &seg);
    if (err == MPI_SUCCESS) {
        me = pos ? pos[c->rank] : c->rank;
        first = pos ? pos[root] : root;
        parent = collalg__ring_from(me, c->size, 1);
        next = collalg__ring_to(me, c->size, 1);
        if (ring) {
            parent = ring[parent];
            next = ring[next];
        }
        /* position me is the k-th of the chain, k = collalg__relrank(me, first, p) */
        err = collalg__bcast_pipeline(c, w.buf, w.count, w.type, w.extent, me != first ? parent : -1, &next,
                                      collalg__relrank(me, first, c->size) + 1 < c->size ? 1 : 0, seg);
    }
    return collalg__bcast_view_end(c, &w, err);
}

/**
 * @brief MPI_Bcast by the pipelined chain root -> root+1 -> ... (mod p).
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *        0 = COLLALG_BCAST_SEGSIZE_DEFAULT (4096). A value above the message size gives one
 *        segment (no pipelining).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (family/bcast.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler. Also MPI_ERR_ARG when @p segsize <
 *         0 (before any message).
 */
COLLALG_INLINE int collalg_bcast_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                       int segsize)
{
    collalg__ctx c;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_chain_run(&c, buffer, count, datatype, root, segsize, NULL, NULL);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_CHAIN_H */
