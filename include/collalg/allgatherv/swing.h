/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file swing.h
 * @ingroup allgatherv
 * @brief Allgatherv, Swing (De Sensi, Bonato, Saam, Hoefler, NSDI 2024): the allgather half of
 *        the bandwidth-optimal Swing allreduce, the gathered blocks doubling in each step between
 *        the peers r +- rho(s), rho(s) = 1, -1, 3, -5, 11, ..., received in place in rank order.
 *
 * @par Phases
 * pof2 = the largest power of two <= p, rem = p - pof2, k = lg(pof2).
 * 1. Own block into recvbuf (a no-op with MPI_IN_PLACE).
 * 2. Fold (p not a power of two; schedule/recursive_doubling.h, COLLALG__RDB_FOLD_PAIRS): each
 *    even rank j < 2 rem sends its block to j + 1, which is survivor j / 2; rank j >= 2 rem is
 *    survivor j - rem. Survivor i then holds its super-block: the blocks of the ranks it stands
 *    for (2i and 2i + 1 for i < rem, else i + rem).
 * 3. Swing allgather, the reduce-scatter's steps backwards (s = k - 1 .. 0): survivor i starts
 *    with position collalg__swing_block(i, pof2) of the Swing order of super-blocks (position b
 *    is the super-block of survivor collalg__swing_owners()[b]); in step s it sends the range of
 *    positions it holds to its Swing peer pi(i, s) (i + rho(s) mod pof2 for an even i, i - rho(s)
 *    for an odd one) and receives the peer's range, the other half of the range they hold
 *    together after the step (collalg__swing_halve() run forwards gives the ranges). Invariant:
 *    after step s survivor i holds the blocks of the 2^(k-s) survivors of its group. A range of
 *    positions is one run of the Swing order, but its blocks are not a run of ranks in recvbuf,
 *    so the blocks are received in place, in rank order, through one derived datatype per message
 *    (family/allgatherv.h's block sets: an MPI_Type_create_hindexed over recvtype, or no type when
 *    the blocks lie back to back): no copy, no scratch vector.
 * 4. Unfold: survivor i < rem sends the whole result to rank 2i (one message; it includes the
 *    receiver's own block, which arrives unchanged).
 *
 * @par Trace, p = 6 (survivors 0..3 = ranks 1, 3, 4, 5 with super-blocks {0,1}, {2,3}, {4}, {5};
 *      Swing order of super-blocks: survivors 0, 3, 1, 2, i.e. blocks [0 1 | 5 | 2 3 | 4])
 * @verbatim
   fold:            0 -> 1 block 0, 2 -> 3 block 2
   step 1 (rho -1): 1 <-> 5: {0,1} / {5};  3 <-> 4: {2,3} / {4}
   step 0 (rho 1):  1 <-> 3: {0,1,5} / {2,3,4};  4 <-> 5: {2,3,4} / {0,1,5}
   unfold:          1 -> 0, 3 -> 2 (all 6 blocks)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgatherv_swing_p6.svg
 * @image html allgatherv_swing_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n bytes per block (equal blocks),
 * p a power of two: lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta + kappa, with the 2^(k-s-1)
 * n bytes of step s travelling |rho(s)| = 1, 1, 3, 5, 11, ... ranks instead of recursive
 * doubling's 2^s (smaller kappa_l on a ring or torus with ranks in order). Otherwise the fold and
 * unfold add 2 alpha + (p + 1) n beta, and a step's messages are as long as their super-blocks
 * (one or two blocks each): between (pof2 - 1) n beta and 2 (pof2 - 1) n beta on the critical
 * path of the steps. Per multi-block message, one
 * derived datatype created and freed (O(blocks) work); O(p + pof2 lg(pof2)) integer operations
 * for the plan.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, counts 0, any displacements (a set of blocks may
 * hold more than INT_MAX elements: it travels as one hindexed datatype).
 *
 * @par Memory
 * p (2 MPI_Aint + 2 int) + (2 pof2 + 1) int bytes of plan; a derived datatype per multi-block
 * message, freed after it.
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3 (the peers pi(r, s), rho(s), the allgather of the
 * bandwidth-optimal allreduce and its block sets); R. Thakur, R. Rabenseifner, W. Gropp,
 * "Optimization of Collective Communication Operations in MPICH", IJHPCA 2005 (the fold).
 */
#ifndef COLLALG_ALLGATHERV_SWING_H
#define COLLALG_ALLGATHERV_SWING_H

#include "../family/allgatherv.h"
#include "../schedule/recursive_doubling.h"
#include "../schedule/swing.h"

/**
 * @brief Phases 2 to 4 (own block already in place) over the blocks of @p recvbuf: block u is
 *        @p recvcounts[u] elements of @p recvtype at element displacement @p displs[u], or, when
 *        @p recvcounts is NULL, @p recvcount elements at u * recvcount (allgather/swing.h).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__allgatherv_swing_run(collalg__ctx *c, void *recvbuf, int recvcount, const int *recvcounts,
                                                 const int *displs, MPI_Datatype recvtype)
{
    collalg__rdb_fold f;
    collalg__vset set;
    int lo[COLLALG_SWING_MAX_STEPS + 1], hi[COLLALG_SWING_MAX_STEPS + 1];
    int glo[COLLALG_SWING_MAX_STEPS], ghi[COLLALG_SWING_MAX_STEPS];
    int *cnt = NULL, *owner = NULL, *first;
    MPI_Aint *dsp = NULL;
    void *mem = NULL;
    int p = c->size, q, k, b, u, j, s, mine, peer, err;

    collalg__rdb_fold_init(&f, p, 1, c->rank, COLLALG__RDB_FOLD_PAIRS);
    q = f.q;
    k = collalg__swing_steps(q);
    err = collalg__vset_alloc(c, p, recvtype, &set, &cnt, &dsp);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)(2 * q + 1) * (MPI_Aint)sizeof(int), &mem);
    if (err != MPI_SUCCESS)
        return err;
    owner = (int *)mem;
    first = owner + q;
    collalg__swing_owners(q, owner);
    for (b = 0, j = 0; b < q; b++) { /* the plan: the blocks in Swing order of super-blocks */
        first[b] = j;
        for (u = collalg__rdb_rank(&f, owner[b]) - (owner[b] < f.pairs); u <= collalg__rdb_rank(&f, owner[b]);
             u++, j++) {
            cnt[j] = recvcounts ? recvcounts[u] : recvcount;
            dsp[j] = recvcounts ? (MPI_Aint)displs[u] : (MPI_Aint)u * recvcount;
        }
    }
    first[q] = j;
    /* the fold: the even rank's block is the first of its survivor's super-block */
    mine = first[collalg__swing_block(collalg__rdb_survivor(&f, c->rank), q)];
    if (f.partner >= 0)
        err = collalg__vset_sendrecv(c, &set, recvbuf, mine, 1, f.newrank < 0 ? f.partner : MPI_PROC_NULL, mine, 1,
                                     f.newrank >= 0 ? f.partner : MPI_PROC_NULL, COLLALG_TAG_DATA);
    lo[0] = 0;
    hi[0] = q;
    for (s = 0; s < k && f.newrank >= 0; s++) { /* the reduce-scatter's ranges, forwards */
        lo[s + 1] = lo[s];
        hi[s + 1] = hi[s];
        collalg__swing_halve(f.newrank, q, k, s, &lo[s + 1], &hi[s + 1], &glo[s], &ghi[s]);
    }
    for (s = k - 1; s >= 0 && f.newrank >= 0 && err == MPI_SUCCESS; s--) {
        peer = collalg__rdb_rank(&f, collalg__swing_peer(f.newrank, q, s));
        err = collalg__vset_sendrecv(c, &set, recvbuf, first[lo[s + 1]], first[hi[s + 1]] - first[lo[s + 1]], peer,
                                     first[glo[s]], first[ghi[s]] - first[glo[s]], peer, COLLALG_TAG_DATA);
    }
    if (err == MPI_SUCCESS && f.partner >= 0) /* unfold: the whole result to the folded rank */
        err = collalg__vset_sendrecv(c, &set, recvbuf, 0, p, f.newrank >= 0 ? f.partner : MPI_PROC_NULL, 0, p,
                                     f.newrank < 0 ? f.partner : MPI_PROC_NULL, COLLALG_TAG_DATA2);
    return err;
}

/**
 * @brief MPI_Allgatherv by Swing (see the file comment).
 *
 * @allgatherv_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ARG
 *         (NULL recvcounts or displs) for bad arguments (core/args.h); MPI_ERR_NO_MEM when the
 *         plan cannot be allocated; or the class of an error raised by an MPI call. Errors go
 *         through @p comm's error handler.
 */
COLLALG_INLINE int collalg_allgatherv_swing(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                                            MPI_Comm comm)
{
    collalg__ctx c;
    MPI_Aint rext = 0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allgatherv_own(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, &rext);
    if (err == MPI_SUCCESS && c.size > 1)
        err = collalg__allgatherv_swing_run(&c, recvbuf, 0, recvcounts, displs, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHERV_SWING_H */
