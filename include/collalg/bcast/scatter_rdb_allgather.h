/**
 * @file scatter_rdb_allgather.h
 * @brief Bcast, van de Geijn: binomial scatter then recursive-doubling allgather (Imamura's
 *        slides, "Bcast (broadcast)" 2. V.Geijn/Rabenseifner: all S steps, then all M steps).
 *
 * @par Phases
 * Ranks are taken relative to the root, v = (rank - root) mod p; q is the largest power of two
 * <= p. The message is cut into q uneven blocks of elements (the first count mod q blocks one
 * element longer; some blocks are empty when count < q); block b belongs to relative rank b.
 * -# Scatter (ranks v < q): a binomial scatter (the tree of binomial.h); v receives from its
 *    parent the blocks of its subtree, [v, v + lowbit(v)), and passes the upper parts on.
 *    Invariant: afterwards v holds block v.
 * -# Allgather by recursive doubling (ranks v < q): for m = 1, 2, 4, ..., q/2, v exchanges with
 *    v XOR m the group of m blocks it holds, [v & ~(m-1), + m), for its partner's group.
 *    Invariant: after the exchange with mask m, v holds the 2m blocks [v & ~(2m-1), + 2m).
 * -# Fold (only when p is not a power of two): v < p - q sends the whole message to v + q.
 *
 * @par Trace, p = 6 (q = 4), root 0, count 8 (blocks of 2 elements: b0 = [0,2), b1 = [2,4), ...)
 * @verbatim
   scatter:    0 -> 2: b2 b3;     0 -> 1: b1;     2 -> 3: b3
   allgather:  m = 1: 0 <-> 1 (b0 / b1),   2 <-> 3 (b2 / b3)
               m = 2: 0 <-> 2 (b0 b1 / b2 b3),   1 <-> 3 (b0 b1 / b2 b3)
   fold:       0 -> 4 (all),  1 -> 5 (all)
   @endverbatim
 *
 * @par Cost
 * With p processes, q the largest power of two <= p and n = count * size of datatype bytes:
 * 2 log2(q) alpha + 2 ((q - 1) / q) n beta, plus alpha + n beta for the fold when p != q.
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
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Bcast
 * (broadcast)", 2. V.Geijn/Rabenseifner (recursive halving/doubling).
 */
#ifndef COLLALG_BCAST_SCATTER_RDB_ALLGATHER_H
#define COLLALG_BCAST_SCATTER_RDB_ALLGATHER_H

#include "../core/bcast_common.h"

/**
 * @brief Recursive-doubling allgather of the q blocks among the relative ranks 0 .. q-1 (q a
 *        power of two, v < q); see the file comment. @return MPI error code.
 */
COLLALG_INLINE int collalg__bcast_rdb_allgather(const collalg__ctx *c, void *buf, int count, MPI_Datatype type,
                                                MPI_Aint ext, int root, int v, int q)
{
    int m, mine, theirs, err = MPI_SUCCESS;
    for (m = 1; m < q && err == MPI_SUCCESS; m <<= 1) {
        mine = v & ~(m - 1);
        theirs = mine ^ m;
        err = collalg__bcast_exchange(c, buf, collalg__bcast_block_lo(mine, q, count),
                                      collalg__bcast_block_lo(mine + m, q, count),
                                      collalg__bcast_block_lo(theirs, q, count),
                                      collalg__bcast_block_lo(theirs + m, q, count), type, ext,
                                      collalg__bcast_abs(v ^ m, root, c->size));
    }
    return err;
}

/**
 * @brief MPI_Bcast by van de Geijn's algorithm: binomial scatter, recursive-doubling allgather,
 *        and for p not a power of two the fold described in the file comment.
 *
 * Arguments and buffer shape as MPI_Bcast (see collalg_bcast_linear()).
 * @return as collalg_bcast_binomial().
 */
COLLALG_INLINE int collalg_bcast_scatter_rdb_allgather(void *buffer, int count, MPI_Datatype datatype, int root,
                                                       MPI_Comm comm)
{
    collalg__ctx c;
    collalg__bcast_view w;
    int v, q, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
    if (err == MPI_SUCCESS && w.count > 0) {
        v = collalg__relrank(c.rank, root, c.size);
        q = collalg__pof2_floor(c.size);
        if (v < q) {
            err = collalg__bcast_scatter(&c, w.buf, w.count, w.type, w.extent, root, v, q);
            if (err == MPI_SUCCESS)
                err = collalg__bcast_rdb_allgather(&c, w.buf, w.count, w.type, w.extent, root, v, q);
        }
        if (err == MPI_SUCCESS)
            err = collalg__bcast_fold(&c, w.buf, w.count, w.type, w.extent, root, v, q);
    }
    err = collalg__bcast_view_end(&c, &w, err);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_SCATTER_RDB_ALLGATHER_H */
