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
 * relrank < p - 1 forwards it to relrank + 1 with a non-blocking send, which is completed before
 * the next segment is forwarded (so receiving segment k + 1 overlaps forwarding segment k).
 * Invariant: in step t (t = 1 .. p + s - 2) rank relrank forwards segment t - relrank, if there is
 * one.
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
 * datatype. segsize 0 selects COLLALG_BCAST_SEGSIZE_DEFAULT (16384 bytes; core/bcast_common.h).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_chain_p6.svg
 * @image html bcast_chain_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = count * size of datatype bytes and s = ceil(n / segment bytes)
 * segments: (p + s - 2)(alpha + (n / s) beta).
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the message is cut in bytes of the signature: core/bcast_common.h,
 * collalg__bcast_view).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view of
 * core/bcast_common.h); none otherwise.
 *
 * @par References
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Collective
 * Communication" table (Broadcast: Chain), after Vadhiyar, Fagg, Dongarra (2004); segments as in
 * "Optimization ... (=communication algorithm, routing, segments, etc.)".
 */
#ifndef COLLALG_BCAST_CHAIN_H
#define COLLALG_BCAST_CHAIN_H

#include "../core/bcast_common.h"

/**
 * @brief MPI_Bcast by the pipelined chain root -> root+1 -> ... (mod p).
 *
 * @bcast_args
 * @param[in] segsize segment size in bytes, >= 0; rounded down to whole elements, at least one;
 *        0 = COLLALG_BCAST_SEGSIZE_DEFAULT (16384). A value above the message size gives one
 *        segment (no pipelining).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (core/bcast_common.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler. Also MPI_ERR_ARG when @p segsize <
 *         0 (before any message).
 */
COLLALG_INLINE int collalg_bcast_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                       int segsize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int seg, relrank, next, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize, w.size, w.count, &seg);
    if (err == MPI_SUCCESS) {
        relrank = collalg__relrank(c.rank, root, c.size);
        next = collalg__bcast_abs(relrank + 1, root, c.size);
        err = collalg__bcast_pipeline(&c, w.buf, w.count, w.type, w.extent,
                                      relrank > 0 ? collalg__bcast_abs(relrank - 1, root, c.size) : -1, &next,
                                      relrank + 1 < c.size ? 1 : 0, seg);
    }
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_CHAIN_H */
