/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file scatter_rdb_allgather.h
 * @ingroup bcast
 * @brief Bcast, van de Geijn: binomial scatter then recursive-doubling allgather (Imamura's
 *        slides, "Bcast (broadcast)" 2. V.Geijn/Rabenseifner: all S steps, then all M steps;
 *        Thakur, Rabenseifner & Gropp 2005, §4.2), any p without folding.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p. The message is cut into p
 * uneven blocks of elements (the first count mod p blocks one element longer; some blocks are
 * empty when count < p); block b belongs to relative rank b.
 * -# Scatter: a binomial scatter over all p ranks (the tree of binomial.h, subtrees clipped to
 *    p); relrank receives from its parent the blocks of its subtree, [relrank,
 *    relrank + lowbit(relrank)) clipped, and passes the upper parts on. Invariant: afterwards
 *    relrank holds block relrank.
 * -# Allgather by recursive doubling for any p (the schedule of schedule/recursive_doubling.h, as in
 *    allgather/recursive_doubling.h): for mask = 1, 2, 4, ... below p, the group G = [relrank &
 *    ~(mask-1), + mask) clipped to p is paired with G' = [(relrank & ~(mask-1)) XOR mask, + mask)
 *    clipped; relrank sends the blocks of G to relrank XOR mask and receives those of G' (one
 *    contiguous range each way) when that rank exists; when G is the lower group and G' holds only
 *    q < mask ranks, the q members that received G' forward it to the other members of G by
 *    doubling (h = q, 2q, ... below mask). Invariant: after the step with this mask, relrank holds
 *    the blocks of its whole group of 2 mask ranks.
 * No rank receives the whole message from another (no fold of the ranks past a power of two):
 * every rank receives each block it lacks exactly once.
 *
 * @par Trace, p = 6, root 0, count 12 (blocks of 2 elements: b0 = [0,2), b1 = [2,4), ...)
 * @verbatim
   scatter:    0 -> 4: b4 b5;   0 -> 2: b2 b3;   0 -> 1: b1;   2 -> 3: b3;   4 -> 5: b5
   allgather:  mask = 1: 0 <-> 1 (b0 / b1),  2 <-> 3 (b2 / b3),  4 <-> 5 (b4 / b5)
               mask = 2: 0 <-> 2 (b0 b1 / b2 b3),  1 <-> 3 (likewise);  4, 5 idle
               mask = 4: 0 <-> 4 (b0..b3 / b4 b5),  1 <-> 5 (likewise);  forward b4 b5: 0 -> 2,  1 -> 3
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_scatter_rdb_allgather_p6.svg
 * @image html bcast_scatter_rdb_allgather_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes, p a power of two:
 * 2 lg(p) alpha + 2 ((p - 1) / p) n beta. Otherwise, with L = ceil(lg p): the scatter costs
 * L alpha + ((p - 1) / p) n beta, the allgather (L + R) alpha + (W / p) n beta with R and W as
 * in allgather/recursive_doubling.h (blocks of n / p bytes; p = 6: W = 9, R = 1; p = 17: W = 35,
 * R = 4; p = 24: W = 39, R = 1; p = 48: W = 79, R = 1). In all (bandwidth term): p = 6: 2.33 n,
 * p = 17: 3.00 n, p = 24: 2.58 n, p = 48: 2.63 n beta, where the fold onto pof2 = 2^floor(lg p)
 * ranks (the previous version of this header: scatter and allgather among pof2, then the whole
 * message to the p - pof2 others) costs 2 ((pof2 - 1) / pof2) n + n: 2.5 n, 2.88 n, 2.88 n, 2.94 n,
 * in 2 lg(pof2) + 1 steps. So this version has the smaller bandwidth term for p well above a
 * power of two and the larger just above one (modelled: pof2 < p < 1.5 pof2 from p = 17 on, e.g.
 * p = 17 .. 23, 33 .. 47, 65 .. 95; also p = 5, 9 .. 11), and for every p not a power of two
 * it takes more steps (2L + R > 2 lg(pof2) + 1).
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
 * (broadcast)", 2. V.Geijn/Rabenseifner (recursive halving/doubling); R. Thakur,
 * R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in MPICH",
 * IJHPCA 2005, §4.1, §4.2 (scatter and allgather broadcast; the allgather sends the missing data
 * inside the exchange for p not a power of two).
 */
#ifndef COLLALG_BCAST_SCATTER_RDB_ALLGATHER_H
#define COLLALG_BCAST_SCATTER_RDB_ALLGATHER_H

#include "../family/bcast.h"
#include "../schedule/recursive_doubling.h"

/**
 * @brief Recursive-doubling allgather of the p blocks among all p relative ranks (relrank holds
 *        block relrank); see the file comment. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_rdb_allgather(const collalg__ctx *c, void *buf, int count, MPI_Datatype type,
                                                MPI_Aint ext, int root, int relrank)
{
    collalg__rdb_fold f;
    collalg__rdb_step st;
    int g, gn, pg, pgn, t, rounds, to, from, p = c->size, err = MPI_SUCCESS;
    MPI_Aint lo, hi;

    collalg__rdb_fold_init(&f, p, 1, relrank, COLLALG__RDB_FOLD_NONE);
    for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st) && err == MPI_SUCCESS; collalg__rdb_next(&f, &st)) {
        if (!collalg__rdb_groups(f.newrank, f.q, st.mask, &g, &gn, &pg, &pgn))
            continue; /* the partner group does not exist: G is already the whole group of 2 mask ranks */
        lo = collalg__bcast_block_lo(pg, p, count);
        hi = collalg__bcast_block_lo(pg + pgn, p, count);
        if (st.rank >= 0)
            err = collalg__bcast_exchange(c, buf, collalg__bcast_block_lo(g, p, count),
                                          collalg__bcast_block_lo(g + gn, p, count), lo, hi, type, ext,
                                          collalg__bcast_abs(st.rank, root, p));
        rounds = collalg__rdb_rounds(f.newrank, f.q, st.mask);
        /* lower group, partial partner group: forward G' to the members without a partner */
        for (t = 0; t < rounds && err == MPI_SUCCESS; t++) {
            collalg__rdb_forward(relrank, p, st.mask, t, &to, &from);
            if (to >= 0)
                err = collalg__bcast_send(c, buf, lo, hi, type, ext, collalg__bcast_abs(to, root, p));
            else if (from >= 0)
                err = collalg__bcast_recv(c, buf, lo, hi, type, ext, collalg__bcast_abs(from, root, p));
        }
    }
    return err;
}

/**
 * @brief MPI_Bcast by van de Geijn's algorithm: binomial scatter, then recursive-doubling
 *        allgather for any p (see the file comment).
 *
 * @bcast_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (family/bcast.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_bcast_scatter_rdb_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
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
            err = collalg__bcast_rdb_allgather(&c, w.buf, w.count, w.type, w.extent, root, relrank);
    }
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_SCATTER_RDB_ALLGATHER_H */
