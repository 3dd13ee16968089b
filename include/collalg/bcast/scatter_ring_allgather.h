/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file scatter_ring_allgather.h
 * @ingroup bcast
 * @brief Bcast, binomial scatter then ring allgather (the long-message variant of van de
 *        Geijn's broadcast; Imamura's slides, "Bcast (broadcast)" 2, with the allgather done by
 *        the ring of Faraj & Yuan, ICS'05, §3.1).
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. The message is cut into p
 * uneven blocks of elements (the first count mod p one element longer; some empty when
 * count < p); block b belongs to relative rank b.
 * -# Scatter: a binomial scatter over all p ranks (the tree of binomial.h, subtrees clipped to
 *    p, so any p works). Invariant: afterwards relrank holds block relrank.
 * -# Allgather by the ring: in step i = 0 .. p-2, relrank sends block (relrank - i) mod p to
 *    relrank + 1 and receives block (relrank - i - 1) mod p from relrank - 1. Invariant: after step
 *    i, relrank holds blocks relrank - i - 1 .. relrank.
 *
 * @par Trace, p = 3, root 0, blocks b0 b1 b2
 * @verbatim
   scatter:   0 -> 2: b2;  0 -> 1: b1
   ring i=0:  0 -> 1: b0,  1 -> 2: b1,  2 -> 0: b2
   ring i=1:  0 -> 1: b2,  1 -> 2: b0,  2 -> 0: b1
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_scatter_ring_allgather_p6.svg
 * @image html bcast_scatter_ring_allgather_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * ceil(log2 p) alpha + ((p - 1) / p) n beta (scatter) + (p - 1)(alpha + (n / p) beta) (ring).
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
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Bcast
 * (broadcast)", 2. V.Geijn; A. Faraj, X. Yuan, ICS'05, §3.1, ring allgather.
 */
#ifndef COLLALG_BCAST_SCATTER_RING_ALLGATHER_H
#define COLLALG_BCAST_SCATTER_RING_ALLGATHER_H

#include "../family/bcast.h"

/** @brief Ring allgather of the p blocks (see the file comment). @return MPI error code. */
COLLALG_INLINE int collalg__bcast_ring_allgather(const collalg__ctx *c, void *buf, int count, MPI_Datatype type,
                                                 MPI_Aint ext, int root, int relrank)
{
    int i, sb, rb, p = c->size, err = MPI_SUCCESS;
    int next = collalg__bcast_abs(collalg__ring_to(relrank, p, 1), root, p);
    int prev = collalg__bcast_abs(collalg__ring_from(relrank, p, 1), root, p);
    for (i = 0; i < p - 1 && err == MPI_SUCCESS; i++) {
        sb = collalg__mod(relrank - i, p);
        rb = collalg__mod(relrank - i - 1, p);
        err = COLLALG_MPI(Sendrecv)(
            collalg__at(buf, collalg__bcast_block_lo(sb, p, count), ext),
            (int)(collalg__bcast_block_lo(sb + 1, p, count) - collalg__bcast_block_lo(sb, p, count)), type, next,
            COLLALG_TAG_DATA, collalg__at(buf, collalg__bcast_block_lo(rb, p, count), ext),
            (int)(collalg__bcast_block_lo(rb + 1, p, count) - collalg__bcast_block_lo(rb, p, count)), type, prev,
            COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief MPI_Bcast by binomial scatter then ring allgather.
 *
 * @bcast_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (family/bcast.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_scatter_ring_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                        MPI_Comm comm)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int relrank, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS && w.count > 0) {
        relrank = collalg__relrank(c.rank, root, c.size);
        err = collalg__bcast_scatter(&c, w.buf, w.count, w.type, w.extent, root, relrank, c.size);
        if (err == MPI_SUCCESS)
            err = collalg__bcast_ring_allgather(&c, w.buf, w.count, w.type, w.extent, root, relrank);
    }
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_SCATTER_RING_ALLGATHER_H */
