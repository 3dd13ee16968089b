/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant.h
 * @ingroup bcast
 * @brief Bcast, Träff's round-optimal n-block broadcast on a circulant graph: the message is cut
 *        into n blocks, and in each of n - 1 + ceil(log2 p) rounds every rank sends one block to
 *        r + skip and receives one from r - skip.
 *
 * @par Phases
 * 1. Every rank views the message as bytes of the type signature (collalg__bcast_view: in place
 *    for a datatype without gaps, else packed at the root and unpacked by the others at the end)
 *    and cuts it into n blocks of @p blocksize bytes (the last one shorter).
 * 2. Every rank computes its receive and send schedules on relative ranks (root = 0) from
 *    schedule/circulant.h: the skips skip[0 .. q] (skip[q] = p, skip[k] = ceil(skip[k + 1] / 2)),
 *    and for each round which block comes from r - skip[k] and which goes to r + skip[k].
 * 3. Rounds j = 0 .. n - 2 + q: send the round's block to r + skip[k] while receiving the
 *    round's block from r - skip[k] (MPI_Sendrecv; a missing side, e.g. at the root or in the
 *    first q rounds, is simply not posted). Invariant: a rank only sends a block it received in
 *    an earlier round (or the root's), and receives every block exactly once; after the last
 *    round every rank holds all n blocks.
 * With n = 1 this is a binomial-like tree over the skips (ceil(log2 p) rounds); with p a power of
 * two and n = 1 it is the binomial tree.
 *
 * @par Trace, p = 6, root 0, n = 3 blocks (a -> b:block; skips 1 2 3 6; 5 rounds = n - 1 + q)
 * @verbatim
   round 0 (skip 2):  0->2:0
   round 1 (skip 3):  0->3:1  2->5:0
   round 2 (skip 1):  0->1:2  2->3:0  3->4:1
   round 3 (skip 2):  0->2:2  2->4:0  3->5:1  5->1:0
   round 4 (skip 3):  0->3:2  1->4:2  2->5:2  4->1:1  5->2:1
   @endverbatim
 * (every rank 1 .. 5 receives blocks 0, 1, 2 once each; rank 3 gets block 1 in round 1 and sends
 * it on in rounds 2 and 3.)
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_circulant_p6.svg
 * @image html bcast_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p), n bytes in
 * N = ceil(n / blocksize) blocks: (N - 1 + q)(alpha + (n / N) beta), the lower bound for N
 * indivisible blocks in the one-ported, bidirectional model; about q alpha + n beta for large N.
 * Schedule computation: O(log^4 p) local steps per rank (schedule/circulant.h).
 *
 * @par Restrictions
 * None: any p >= 1, any root, count 0, any datatype; the ranks may pass different datatypes with
 * the same signature (the blocks are cut in bytes of the signature). As with the other splitting
 * broadcasts, a message of more than INT_MAX bytes is cut in elements of the rank's own datatype,
 * then all ranks must pass the same datatype.
 *
 * @par Memory
 * None for a datatype without gaps; else count * size bytes (the packed message).
 *
 * @par References
 * J. L. Träff, "Round-optimal n-Block Broadcast Schedules in Logarithmic Time", arXiv 2312.11236
 * (2023), Sections 2-3 (skips, baseblocks, receive and send schedules); J. L. Träff, "Optimal
 * broadcast schedules in logarithmic time with applications to broadcast, all-broadcast,
 * reduction and all-reduction", arXiv 2407.18004; MPICH src/mpi/coll/bcast/bcast_intra_circ_graph.c.
 */
#ifndef COLLALG_BCAST_CIRCULANT_H
#define COLLALG_BCAST_CIRCULANT_H

#include "../family/bcast.h"
#include "../schedule/circulant.h"

/**
 * @brief Default block size of the circulant broadcast, reduce and allreduce, in bytes (64 KiB:
 *        one block per round keeps messages large enough to reach bandwidth, and a 1 MiB message
 *        still gets 16 blocks to pipeline).
 */
#ifndef COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT
#define COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT 65536
#endif

/**
 * @brief Elements per block: @p blocksize bytes (0 = COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT) rounded
 *        down to whole elements of @p type_size bytes, at least 1 (the whole message when elements
 *        are empty). @return MPI_SUCCESS, or MPI_ERR_ARG when @p blocksize < 0.
 */
COLLALG_INLINE int collalg__circulant_block_elems(int blocksize, int type_size, int count, int *out)
{
    *out = 1;
    if (blocksize < 0)
        return MPI_ERR_ARG;
    if (blocksize == 0)
        blocksize = COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT;
    if (type_size <= 0)
        *out = count > 0 ? count : 1;
    else if (blocksize / type_size > 1)
        *out = blocksize / type_size;
    return MPI_SUCCESS;
}

/** @brief Number of blocks of @p elems elements in @p count elements (0 for count 0). */
COLLALG_INLINE int collalg__circulant_nblocks(int count, int elems)
{
    return (int)(((MPI_Aint)count + elems - 1) / elems);
}

/**
 * @brief The rounds of phase 3 on @p buf (@p count elements of @p type, extent @p ext, cut into
 *        blocks of @p elems elements), rooted at absolute rank @p root, with tag @p tag.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_circulant_rounds(const collalg__ctx *c, void *buf, int count, MPI_Datatype type,
                                                   MPI_Aint ext, int root, int elems, int tag)
{
    collalg__circulant s;
    int n = collalg__circulant_nblocks(count, elems), j, rounds, err = MPI_SUCCESS;
    collalg__circulant_init(&s, c->size, collalg__relrank(c->rank, root, c->size));
    rounds = collalg__circulant_rounds(&s, n);
    for (j = 0; j < rounds && err == MPI_SUCCESS; j++) {
        int sb = collalg__circulant_send_block(&s, n, j), rb = collalg__circulant_recv_block(&s, n, j);
        int to = collalg__bcast_abs(collalg__circulant_to(&s, n, j), root, c->size);
        int from = collalg__bcast_abs(collalg__circulant_from(&s, n, j), root, c->size);
        MPI_Aint slo = (MPI_Aint)sb * elems, rlo = (MPI_Aint)rb * elems;
        int sn = sb < 0 ? 0 : (int)(count - slo < elems ? count - slo : elems);
        int rn = rb < 0 ? 0 : (int)(count - rlo < elems ? count - rlo : elems);
        if (sb >= 0 && rb >= 0)
            err = COLLALG_MPI(Sendrecv)(collalg__at(buf, slo, ext), sn, type, to, tag, collalg__at(buf, rlo, ext), rn,
                                        type, from, tag, c->pcomm, MPI_STATUS_IGNORE);
        else if (sb >= 0)
            err = COLLALG_MPI(Send)(collalg__at(buf, slo, ext), sn, type, to, tag, c->pcomm);
        else if (rb >= 0)
            err = COLLALG_MPI(Recv)(collalg__at(buf, rlo, ext), rn, type, from, tag, c->pcomm, MPI_STATUS_IGNORE);
    }
    return err;
}

/**
 * @brief MPI_Bcast by Träff's circulant-graph n-block schedule.
 *
 * @bcast_args
 * @param[in] blocksize bytes per block (rounded down to whole elements, at least one element);
 *                      0 selects COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT (64 KiB); the same on every
 *                      rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p blocksize < 0 (before any message);
 *         MPI_ERR_TYPE when a datatype with gaps does not pack to its bare signature
 *         (collalg__bcast_view_begin); MPI_ERR_NO_MEM when the packing scratch cannot be allocated;
 *         or the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_bcast_circulant(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                           int blocksize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int elems = 1, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__circulant_block_elems(blocksize, 1, 0, &elems);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err = collalg__circulant_block_elems(blocksize, w.size, w.count, &elems);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__bcast_circulant_rounds(&c, w.buf, w.count, w.type, w.extent, root, elems, COLLALG_TAG_DATA);
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_CIRCULANT_H */
