/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup allgather
 * @brief Allgather, Bine butterfly (De Sensi et al., SC 2025): vector doubling over the peers
 *        r +- rho(s), the farthest first (|rho| = ..., 11, 5, 3, 1, 1 ranks), with the blocks staged
 *        in the negabinary order that makes every message one contiguous run.
 *
 * @par Phases
 * q = 2^k, the largest power of two <= p, rem = p - q. The schedule is
 * schedule/bine_butterfly.h's (the reduce-scatter of reduce_scatter_block/bine.h run backwards).
 * 1. Fold (p not a power of two): each even rank 2i < 2 rem sends its block to 2i + 1, survivor
 *    i; rank j >= 2 rem is survivor j - rem. Survivor i's super-block is the blocks of the ranks
 *    it stands for.
 * 2. Stage: a scratch vector of p blocks in the block order nu; survivor i puts its super-block
 *    at position collalg__bine_nu(i).
 * 3. Doubling, s = k - 1 .. 0: survivor i holds the run of positions agreeing with nu(i) on
 *    their top s + 1 bits (collalg__bine_bf_run()); its peer pi(i, s) = i + rho(s) mod q
 *    (i even), i - rho(s) (i odd) holds the other half of the run of step s - 1; they swap, and
 *    each then holds the whole run. After step 0 every survivor holds all q positions.
 * 4. Unstage: the positions are copied into recvbuf in rank order (q local copies of runs).
 * 5. Unfold: survivor i < rem sends the whole of recvbuf to rank 2i.
 *
 * @par Trace, p = 6 (q = 4, rem = 2; survivors 0 .. 3 = ranks 1, 3, 4, 5; staged order of the
 *      blocks 0 1 | 5 | 2 3 | 4, positions 0 .. 3 of ranks 1, 5, 3, 4)
 * @verbatim
   fold:             0 -> 1 block 0, 2 -> 3 block 2
   step 1 (rho -1):  1 <-> 5: 1 sends blocks 0 1, receives 5;  3 <-> 4: 3 sends 2 3, receives 4
   step 0 (rho 1):   1 <-> 3: 1 sends 0 1 5, receives 2 3 4;  4 <-> 5: 4 sends 2 3 4, receives 0 1 5
   unfold:           1 -> 0, 3 -> 2 (all 6 blocks)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_bine_p6.svg
 * @image html allgather_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * recvtype bytes (the whole result): lg(q) alpha + (q - 1)/q n beta and two local copies of n bytes
 * (staging and unstaging), plus 2 alpha + (n/p + n) beta when p is not a power of two (fold and unfold):
 * recursive doubling's. What differs is the distance: the n / 2^(s+1) bytes of step s travel
 * |rho(s)| = (2^(s+1) + (-1)^s) / 3 ranks (1, 1, 3, 5, 11, ...), the large last messages to the
 * nearest ranks, so on ranks placed in order fewer bytes leave a group of neighbours (smaller
 * kappa_l; the paper: up to a third less global-link traffic).
 *
 * @par Restrictions
 * None: any p >= 1 (the fold above: the paper's butterfly needs a power of two), any counts and
 * datatypes with matching signatures, MPI_IN_PLACE.
 *
 * @par Memory
 * p * recvcount elements of recvtype (in its layout, extent included), and q + 1 ints.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Ba, M. Turisini, J. Domke, T. Hoefler,
 * "Bine Trees: Enhancing Collective Operations by Optimizing Communication Locality", SC 2025
 * (arXiv 2508.17311), §4 (Bine butterflies, the allgather and the remapped blocks).
 */
#ifndef COLLALG_ALLGATHER_BINE_H
#define COLLALG_ALLGATHER_BINE_H

#include "../family/allgather.h"
#include "../schedule/bine_butterfly.h"
#include "../schedule/recursive_doubling.h"

/**
 * @brief Phases 2 to 5 for a survivor (@p f newrank >= 0): @p t is scratch of p blocks of @p b
 *        (extent @p rext per element, @p recvcount elements per block), @p first the block
 *        order's first block of each position (collalg__bine_bf_first()).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allgather_bine_survivor(collalg__ctx *c, const collalg__rdb_fold *f, const int *first,
                                                    const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *t,
                                                    void *recvbuf, int recvcount, MPI_Aint rext,
                                                    const collalg__blocks *b)
{
    int k = collalg__swing_steps(f->q), s, pos = collalg__bine_nu(f->newrank, f->q, k), lo, hi, elo, ehi, i, sb,
        err = MPI_SUCCESS;
    MPI_Aint own = first[pos] + (f->partner >= 0);
    if (f->partner >= 0) /* the folded rank's block, first in the super-block */
        err = COLLALG_MPI(Recv)(collalg__at(t, (MPI_Aint)first[pos] * recvcount, rext), b->per_block, b->type,
                                f->partner, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(t, own * recvcount, rext), b->per_block, b->type,
                            c->pcomm);
    for (s = k - 1; s >= 0 && err == MPI_SUCCESS; s--) {
        int peer = collalg__swing_peer(f->newrank, f->q, s);
        collalg__bine_bf_run(f->newrank, f->q, k, s, &lo, &hi);
        collalg__bine_bf_run(peer, f->q, k, s, &elo, &ehi);
        err = COLLALG_MPI(Sendrecv)(collalg__at(t, (MPI_Aint)first[lo] * recvcount, rext),
                                    (first[hi] - first[lo]) * b->per_block, b->type, collalg__rdb_rank(f, peer),
                                    COLLALG_TAG_DATA, collalg__at(t, (MPI_Aint)first[elo] * recvcount, rext),
                                    (first[ehi] - first[elo]) * b->per_block, b->type, collalg__rdb_rank(f, peer),
                                    COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    for (pos = 0; pos < f->q && err == MPI_SUCCESS; pos++) { /* unstage */
        i = collalg__bine_nu_rank(pos, f->q, k);
        sb = i < f->rem ? 2 * i : i + f->rem;
        err = collalg__copy(collalg__at(t, (MPI_Aint)first[pos] * recvcount, rext),
                            (first[pos + 1] - first[pos]) * b->per_block, b->type,
                            collalg__at(recvbuf, (MPI_Aint)sb * recvcount, rext),
                            (first[pos + 1] - first[pos]) * b->per_block, b->type, c->pcomm);
    }
    if (err == MPI_SUCCESS && f->partner >= 0) /* unfold */
        err = COLLALG_MPI(Send)(recvbuf, c->size * b->per_block, b->type, f->partner, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief MPI_Allgather by the Bine butterfly (see the file comment).
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when scratch cannot be allocated; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgather_bine(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__typeinfo rt;
    collalg__blocks b;
    collalg__rdb_fold f;
    void *t = NULL, *mem = NULL;
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__typeinfo_get(recvtype, &rt);
    if (err == MPI_SUCCESS)
        err = collalg__ctx_blocks(&c, recvcount, recvtype, c.size, &b);
    if (err != MPI_SUCCESS)
        return collalg__leave(&c, err);
    collalg__rdb_fold_init(&f, c.size, 1, c.rank, COLLALG__RDB_FOLD_PAIRS);
    if (f.newrank < 0) { /* folded: hand the block over, receive the result */
        err = COLLALG_MPI(Send)(sendbuf, sendcount, sendtype, f.partner, COLLALG_TAG_DATA, c.pcomm);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(recvbuf, c.size * b.per_block, b.type, f.partner, COLLALG_TAG_DATA, c.pcomm,
                                    MPI_STATUS_IGNORE);
        return collalg__leave(&c, err);
    }
    err = collalg__scratch(&c, (MPI_Aint)(f.q + 1) * (MPI_Aint)sizeof(int), &mem);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(&c, (MPI_Aint)c.size * recvcount, &rt, &t);
    if (err == MPI_SUCCESS) {
        collalg__bine_bf_first(c.size, f.q, collalg__swing_steps(f.q), (int *)mem);
        err = collalg__allgather_bine_survivor(&c, &f, (const int *)mem, sendbuf, sendcount, sendtype, t, recvbuf,
                                               recvcount, rt.extent, &b);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_BINE_H */
