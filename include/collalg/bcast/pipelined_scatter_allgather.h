/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pipelined_scatter_allgather.h
 * @ingroup bcast
 * @brief Bcast, van de Geijn's scatter-allgather pipelined over chunks, both phases done by
 *        direct sends: per chunk, the root sends piece j to relative rank j + 1, which sends it on
 *        to every other non-root rank; chunk k + 1's scatter overlaps chunk k's allgather.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. The message (its bytes:
 * family/bcast.h's view) is cut into chunks of @p segsize bytes, and every chunk into p - 1
 * uneven pieces (collalg__bcast_block_lo; some empty when the chunk is shorter than p - 1);
 * piece j of every chunk belongs to relative rank j + 1. For each chunk k, in order:
 * -# Scatter: the root sends piece j of chunk k to relative rank j + 1 (all p - 1 sends at once).
 * -# Allgather: relative rank v > 0, once its piece v - 1 of chunk k is in, sends it to every
 *    other non-root rank (p - 2 sends at once) and receives their p - 2 pieces of chunk k.
 * Up to W = #COLLALG_BCAST_PSA_CHUNKS chunks are in flight, the first W of them ramped up
 * (chunk j < W holds (j + 1) / W of a chunk) so that consecutive chunks do not end together: a
 * non-root rank posts all receives of chunk k + W as soon as chunk k is complete, and the root
 * sends chunk k as soon as the sends of chunk k - W are done, so the scatter of the next chunks
 * proceeds while the current one is being exchanged. Invariant: when a rank finishes chunk k it
 * holds chunks 0 .. k. Messages between two ranks with one tag stay in order (MPI's
 * non-overtaking rule), so the receives posted ahead match the chunks in order without a chunk
 * number in the tag.
 *
 * The same code runs collalg_bcast_hierarchical() over a group of one rank per node, each of
 * which also passes every complete chunk on to the other ranks of its node (collalg__psa_run()).
 *
 * @par Trace, p = 4, root 0, 2 chunks (a -k.j-> b: piece j of chunk k)
 * @verbatim
   chunk 0:  0 -0.0-> 1, 0 -0.1-> 2, 0 -0.2-> 3
             1 -0.0-> 2,3   2 -0.1-> 1,3   3 -0.2-> 1,2     (with: 0 -1.j-> j+1, chunk 1's scatter)
   chunk 1:  1 -1.0-> 2,3   2 -1.1-> 1,3   3 -1.2-> 1,2
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, n bytes, chunks of m bytes: every
 * rank's link out carries n (the root) or (p - 2) / (p - 1) n bytes, every link in n bytes: the
 * bandwidth term is n beta, the broadcast's lower bound, reached once the pipeline is full. The
 * pipeline is two hops deep: T ~ 2 (alpha + m beta) + n beta + (n / m) (p - 1) o, where o is the
 * per-message overhead of a send (each chunk costs the root p - 1 messages and the others
 * 2 (p - 2)). Compare the chain: (p - 1)(alpha + m beta) to fill, and van de Geijn unpipelined:
 * about 2 n beta. It suits a moderate p of one rank per link, such as one rank per node in
 * collalg_bcast_hierarchical() and collalg_bcast_han() (with q ranks per node it is a bad flat
 * broadcast: every node link carries q n, and each chunk costs (p - 1)(p - 2) messages in all):
 * 4 MiB among the 16 one-rank nodes of tests/platform/smp/ (node links 1.25 GB/s and 2 us, bound
 * 3.36 ms) takes 3.75 ms, against 3.92 ms for the best pipelined chain (8 KiB segments). The
 * staggered start (the first chunk half a chunk: schedule/common.h, collalg__ramp_lo)
 * took it from 3.85 ms: without it a chunk's pieces and the next chunk's start together, share
 * each link fairly and end together, and the link idles a latency before the next pair. Most of
 * the rest is SimGrid's cross traffic: every flow sends 5% of its bytes back along the reverse
 * route (network/crosstraffic), so a rank that receives n and forwards (p - 2) / (p - 1) n has
 * about 1.05 n on its link in: 3.52 ms. More chunks in flight made it worse (3.79 ms with W = 3,
 * 3.83 with 4). Small messages are fast too (two latencies): 4 KiB 0.016 ms inside
 * collalg_bcast_han() at 128 ranks, against 0.050 ms for the binomial tree.
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the message is cut in bytes of the signature: family/bcast.h).
 *
 * @par Memory
 * For a datatype with gaps, count * size bytes of scratch (the byte view); requests:
 * W (2 p - 3) on a non-root rank, W (p - 1) on the root (W = #COLLALG_BCAST_PSA_CHUNKS).
 *
 * @par References
 * M. Barnett, S. Gupta, D. G. Payne, L. Shuler, R. van de Geijn, J. Watts, "Interprocessor
 * collective communication library (InterCom)", SHPCC 1994 (the scatter-allgather broadcast);
 * E. Chan, M. Heimlich, A. Purkayastha, R. van de Geijn, "Collective communication: theory,
 * practice, and experience", CCPE 19(13), 2007, §6 (long-vector broadcast; pipelining); the
 * direct (one-step) allgather of Faraj & Yuan, ICS'05, §3.1 (simple).
 */
#ifndef COLLALG_BCAST_PIPELINED_SCATTER_ALLGATHER_H
#define COLLALG_BCAST_PIPELINED_SCATTER_ALLGATHER_H

#include "../family/bcast.h"

/** @brief Default chunk size of collalg_bcast_pipelined_scatter_allgather(), bytes: 128 KiB (4 MiB
 *         among 16 one-rank nodes of tests/platform/smp/: 3.75 ms, against 3.77 with 96 KiB, 3.76
 *         with 192 KiB, 3.78 with 256 KiB and 3.84 with 64 KiB). */
#define COLLALG_BCAST_PSA_SEGSIZE_DEFAULT (128 << 10)

/** @brief Chunks in flight (W) in collalg_bcast_pipelined_scatter_allgather(): receives posted ahead
 *         on the non-root ranks, sends in flight at the root; also the length of the staggered start
 *         (chunk j < W holds (j + 1) / W of a chunk: collalg__ramp_lo). With the ramp, 4 MiB
 *         among 16 one-rank nodes of tests/platform/smp/: 3.75 ms with 2, 3.79 with 3, 3.83 with 4. */
#define COLLALG_BCAST_PSA_CHUNKS 2

/** @brief One rank's view of the chunks and pieces, and its request slots. */
typedef struct collalg__psa {
    const collalg__ctx *c; /**< the call */
    char *buf;             /**< element 0 of the moved data */
    MPI_Datatype type;     /**< its datatype */
    MPI_Aint ext;          /**< its extent */
    int count;             /**< elements in all */
    int chunk;             /**< elements per chunk (past the staggered start) */
    int root;              /**< the root (absolute) */
    int v;                 /**< this rank's index in the group (0: the root) */
    int np;                /**< pieces per chunk: the group's size - 1 */
    const int *group;      /**< group[i]: absolute rank of index i (group[0] = root); NULL: every rank,
                                index i = relative rank i */
    const int *local;      /**< ranks this member passes every complete chunk on to (nlocal) */
    int nlocal;            /**< their number */
    MPI_Request *rq;       /**< W slots of np receives (member: its own piece first, then the others'; a
                                local rank: one each) */
    MPI_Request *sq;       /**< W slots of np sends (the root) or np - 1 (the other members) */
    MPI_Request *lq;       /**< W slots of nlocal sends to the local ranks */
} collalg__psa;

/** @brief First element of chunk @p k (k = the number of chunks: the end, count). */
COLLALG_INLINE MPI_Aint collalg__psa_chunk_lo(const collalg__psa *s, MPI_Aint k)
{
    MPI_Aint lo = collalg__ramp_lo(k, s->chunk, COLLALG_BCAST_PSA_CHUNKS);
    return lo < s->count ? lo : s->count;
}

/** @brief First element of piece @p j of chunk @p k (j = np: the chunk's end); np >= 1. */
COLLALG_INLINE MPI_Aint collalg__psa_lo(const collalg__psa *s, MPI_Aint k, int j)
{
    MPI_Aint lo = collalg__psa_chunk_lo(s, k);
    return lo + collalg__bcast_block_lo(j, s->np, (int)(collalg__psa_chunk_lo(s, k + 1) - lo));
}

/** @brief Starts a send or receive of elements [@p lo, @p hi) with @p peer; an empty range leaves
 *         *@p r MPI_REQUEST_NULL. @return MPI error code. */
COLLALG_INLINE int collalg__psa_range(const collalg__psa *s, int send, MPI_Aint lo, MPI_Aint hi, int peer, int tag,
                                      MPI_Request *r)
{
    void *at = collalg__at(s->buf, lo, s->ext);
    *r = MPI_REQUEST_NULL;
    if (hi <= lo)
        return MPI_SUCCESS;
    if (send)
        return COLLALG_MPI(Isend)(at, (int)(hi - lo), s->type, peer, tag, s->c->pcomm, r);
    return COLLALG_MPI(Irecv)(at, (int)(hi - lo), s->type, peer, tag, s->c->pcomm, r);
}

/** @brief Starts a send (TAG_DATA from the root, TAG_DATA2 between the others) or receive of
 *         piece @p j of chunk @p k with @p peer. @return MPI error code. */
COLLALG_INLINE int collalg__psa_start(const collalg__psa *s, int send, MPI_Aint k, int j, int peer, int tag,
                                      MPI_Request *r)
{
    return collalg__psa_range(s, send, collalg__psa_lo(s, k, j), collalg__psa_lo(s, k, j + 1), peer, tag, r);
}

/** @brief Absolute rank of the owner of piece @p j (group index j + 1). */
COLLALG_INLINE int collalg__psa_owner(const collalg__psa *s, int j)
{
    return s->group ? s->group[j + 1] : collalg__bcast_abs(j + 1, s->root, s->c->size);
}

/** @brief Chunk @p k is complete here: passes it on to the local ranks, after the sends of chunk
 *         k - W, which used the same slot (TAG_DATA). @return MPI error code. */
COLLALG_INLINE int collalg__psa_share(collalg__psa *s, MPI_Aint k)
{
    MPI_Request *slot = s->lq + (k % COLLALG_BCAST_PSA_CHUNKS) * s->nlocal;
    MPI_Aint lo = collalg__psa_chunk_lo(s, k), hi = collalg__psa_chunk_lo(s, k + 1);
    int i, err = collalg__waitall(s->nlocal, slot);
    for (i = 0; i < s->nlocal && err == MPI_SUCCESS; i++)
        err = collalg__psa_range(s, 1, lo, hi, s->local[i], COLLALG_TAG_DATA, &slot[i]);
    return err;
}

/** @brief The root: scatters every chunk and passes it on to its local ranks, W chunks in flight.
 *         @return MPI error code. */
COLLALG_INLINE int collalg__psa_root(collalg__psa *s, MPI_Aint nchunks)
{
    enum { W = COLLALG_BCAST_PSA_CHUNKS };
    MPI_Aint k;
    int j, err = MPI_SUCCESS;
    for (k = 0; k < nchunks && err == MPI_SUCCESS; k++) {
        MPI_Request *slot = s->sq + (k % W) * s->np;
        err = collalg__waitall(s->np, slot); /* chunk k - W */
        for (j = 0; j < s->np && err == MPI_SUCCESS; j++)
            err = collalg__psa_start(s, 1, k, j, collalg__psa_owner(s, j), COLLALG_TAG_DATA, &slot[j]);
        if (err == MPI_SUCCESS)
            err = collalg__psa_share(s, k);
    }
    err = collalg__first(err, collalg__waitall(W * s->np, s->sq));
    return collalg__first(err, collalg__waitall(W * s->nlocal, s->lq));
}

/** @brief A non-root member: posts every receive of chunk @p k into its slot (its own piece from
 *         the root first). @return MPI error code. */
COLLALG_INLINE int collalg__psa_post(collalg__psa *s, MPI_Aint k)
{
    int j, n = 1, mine = s->v - 1, err;
    MPI_Request *r = s->rq + (k % COLLALG_BCAST_PSA_CHUNKS) * s->np;
    err = collalg__psa_start(s, 0, k, mine, s->root, COLLALG_TAG_DATA, &r[0]);
    for (j = 0; j < s->np && err == MPI_SUCCESS; j++)
        if (j != mine)
            err = collalg__psa_start(s, 0, k, j, collalg__psa_owner(s, j), COLLALG_TAG_DATA2, &r[n++]);
    return err;
}

/** @brief A non-root member: its piece of chunk @p k is in; passes it on to the other non-root
 *         members (after the sends of chunk k - W, which used the same slot). @return MPI error code. */
COLLALG_INLINE int collalg__psa_forward(collalg__psa *s, MPI_Aint k)
{
    MPI_Request *slot = s->sq + (k % COLLALG_BCAST_PSA_CHUNKS) * (s->np - 1);
    int j, n = 0, mine = s->v - 1, err = collalg__waitall(s->np - 1, slot);
    for (j = 0; j < s->np && err == MPI_SUCCESS; j++)
        if (j != mine)
            err = collalg__psa_start(s, 1, k, mine, collalg__psa_owner(s, j), COLLALG_TAG_DATA2, &slot[n++]);
    return err;
}

/**
 * @brief A non-root member, chunk by chunk: waits for its own piece and passes it on, waits for
 *        the others' pieces, passes the complete chunk on to its local ranks, posts the receives of
 *        chunk k + W in the freed slot. Only blocking completions, in this order: under SimGrid's
 *        SMPI, MPI_Test and MPI_Waitany cost simulated time of their own (versions that passed the
 *        next chunk's piece on early through them took 6.5 to 26 ms instead of 3.85 for the 4 MiB
 *        of the file comment), and waiting for the next piece before the current chunk's others
 *        took 3.93 ms. @return MPI error code.
 */
COLLALG_INLINE int collalg__psa_member(collalg__psa *s, MPI_Aint nchunks)
{
    enum { W = COLLALG_BCAST_PSA_CHUNKS };
    MPI_Aint k;
    int err = MPI_SUCCESS;
    for (k = 0; k < nchunks && k < W && err == MPI_SUCCESS; k++)
        err = collalg__psa_post(s, k);
    for (k = 0; k < nchunks && err == MPI_SUCCESS; k++) {
        MPI_Request *slot = s->rq + (k % W) * s->np;
        err = COLLALG_MPI(Wait)(&slot[0], MPI_STATUS_IGNORE); /* my piece of chunk k */
        if (err == MPI_SUCCESS)
            err = collalg__psa_forward(s, k);
        if (err == MPI_SUCCESS)
            err = collalg__waitall(s->np, slot); /* the others' pieces of chunk k */
        if (err == MPI_SUCCESS)
            err = collalg__psa_share(s, k);
        if (err == MPI_SUCCESS && k + W < nchunks)
            err = collalg__psa_post(s, k + W);
    }
    if (err != MPI_SUCCESS) /* nothing stays pending: receives cancelled, sends completed */
        err = collalg__first(err, collalg__cancel_all(W * s->np, s->rq));
    err = collalg__first(err, collalg__waitall(W * (s->np - 1), s->sq));
    return collalg__first(err, collalg__waitall(W * s->nlocal, s->lq));
}

/** @brief A local rank (not in the group): receives the chunks from the member @p from of its node,
 *         W receives posted ahead (TAG_DATA). @return MPI error code. */
COLLALG_INLINE int collalg__psa_local(collalg__psa *s, int from, MPI_Aint nchunks)
{
    enum { W = COLLALG_BCAST_PSA_CHUNKS };
    MPI_Aint k;
    int err = MPI_SUCCESS;
    for (k = 0; k < nchunks && k < W && err == MPI_SUCCESS; k++)
        err = collalg__psa_range(s, 0, collalg__psa_chunk_lo(s, k), collalg__psa_chunk_lo(s, k + 1), from,
                                 COLLALG_TAG_DATA, &s->rq[k]);
    for (k = 0; k < nchunks && err == MPI_SUCCESS; k++) {
        err = COLLALG_MPI(Wait)(&s->rq[k % W], MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && k + W < nchunks)
            err = collalg__psa_range(s, 0, collalg__psa_chunk_lo(s, k + W), collalg__psa_chunk_lo(s, k + W + 1), from,
                                     COLLALG_TAG_DATA, &s->rq[k % W]);
    }
    if (err != MPI_SUCCESS)
        err = collalg__first(err, collalg__cancel_all(W, s->rq));
    return err;
}

/**
 * @brief The algorithm on the byte view (or the rank's own elements past INT_MAX bytes), among
 *        the @p ngroup ranks @p group (group[0] = @p root; NULL: every rank of the communicator,
 *        relative to the root). A member of the group passes every chunk on to its @p nlocal
 *        ranks @p local; a rank outside the group (@p from >= 0) receives the chunks from @p from.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM (request slots), or the MPI error code.
 */
COLLALG_INLINE int collalg__psa_run(collalg__ctx *c, const collalg__bcast_view *w, int root, int segsize,
                                    const int *group, int ngroup, int v, const int *local, int nlocal, int from)
{
    enum { W = COLLALG_BCAST_PSA_CHUNKS };
    collalg__psa s;
    void *mem = NULL;
    MPI_Aint nchunks, nrq, nsq, i;
    int err;
    memset(&s, 0, sizeof s);
    s.c = c;
    s.buf = (char *)w->buf;
    s.type = w->type;
    s.ext = w->extent;
    s.count = w->count;
    s.root = root;
    s.v = v;
    s.np = ngroup - 1;
    s.group = group;
    s.local = local;
    s.nlocal = from >= 0 ? 0 : nlocal;
    err = collalg__bcast_seg_elems(segsize ? segsize : COLLALG_BCAST_PSA_SEGSIZE_DEFAULT, w->size, w->count, &s.chunk);
    if (err != MPI_SUCCESS || s.count == 0 || (from < 0 && s.np == 0 && s.nlocal == 0))
        return err;
    nchunks = collalg__ramp_nseg(s.count, s.chunk, W);
    /* receives: W np (a member), W (a local rank), none (the root); sends: W np (the root),
       W (np - 1) (a member), none (a local rank); W nlocal to the local ranks */
    nrq = from >= 0 ? (MPI_Aint)W : v == 0 ? 0 : (MPI_Aint)W * s.np;
    nsq = from >= 0 ? 0 : v == 0 ? (MPI_Aint)W * s.np : (MPI_Aint)W * (s.np - 1);
    err = collalg__scratch(c, (nrq + nsq + (MPI_Aint)W * s.nlocal) * (MPI_Aint)sizeof(MPI_Request), &mem);
    if (err != MPI_SUCCESS)
        return err;
    for (i = 0; i < nrq + nsq + (MPI_Aint)W * s.nlocal; i++)
        ((MPI_Request *)mem)[i] = MPI_REQUEST_NULL;
    s.rq = (MPI_Request *)mem;
    s.sq = s.rq + nrq;
    s.lq = s.sq + nsq;
    if (from >= 0)
        return collalg__psa_local(&s, from, nchunks);
    if (v == 0)
        return collalg__psa_root(&s, nchunks);
    return collalg__psa_member(&s, nchunks);
}

/**
 * @brief MPI_Bcast by a scatter-allgather pipelined over chunks, both phases by direct sends.
 *
 * @bcast_args
 * @param[in] segsize chunk size in bytes, >= 0, rounded down to whole elements of the moved data
 *        (bytes of the signature, or the datatype's elements past INT_MAX bytes), at least one;
 *        0 = #COLLALG_BCAST_PSA_SEGSIZE_DEFAULT (128 KiB).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_ARG when @p segsize < 0 (before any message);
 *         MPI_ERR_NO_MEM when the request slots or the scratch of a datatype with gaps cannot be
 *         allocated (on that rank); or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_pipelined_scatter_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                             MPI_Comm comm, int segsize)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS && segsize < 0)
        err = MPI_ERR_ARG;
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS)
        err =
            collalg__psa_run(&c, &w, root, segsize, NULL, c.size, collalg__relrank(c.rank, root, c.size), NULL, 0, -1);
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_PIPELINED_SCATTER_ALLGATHER_H */
