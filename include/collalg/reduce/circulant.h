/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file circulant.h
 * @ingroup reduce
 * @brief Reduce, the circulant-graph n-block broadcast run backwards (Träff): the vector is cut
 *        into n blocks, and in each of n - 1 + ceil(log2 p) rounds every rank sends one partial
 *        block to r - skip and receives one from r + skip, which it folds into its own.
 *
 * @par Phases
 * 1. Checks, before any message: blocksize >= 0 (MPI_ERR_ARG) and a commutative op (MPI_ERR_OP:
 *    the partial results meet in the order of the broadcast trees, not in rank order).
 * 2. Every rank copies its input into an accumulator (recvbuf at the root, scratch elsewhere) and
 *    computes the broadcast schedule of bcast/circulant.h on relative ranks (root = 0).
 * 3. The broadcast's rounds in reverse order, j = n - 2 + q .. 0: where the broadcast received
 *    block b from r - skip[k], the rank now sends its accumulated block b to r - skip[k]; where
 *    the broadcast sent block b' to r + skip[k], it now receives a partial block b' from there and
 *    folds it into its accumulator (MPI_Reduce_local). Both in one MPI_Sendrecv; b != b' (in the
 *    broadcast a rank never sends the block it receives in the same round).
 *    Invariant: in the broadcast every rank receives each block exactly once and forwards it only
 *    afterwards, so the ranks it forwarded block b to form its subtree in block b's broadcast
 *    tree; run backwards, every such partial has arrived (its rounds come first) before the rank
 *    sends its own partial of b up, which then covers its whole subtree. At the end the root's
 *    accumulator holds every block reduced over all p ranks.
 *
 * @par Trace, p = 6, root 0, n = 3 blocks (a -> b:block, partial results; the reverse of
 * bcast/circulant.h's trace)
 * @verbatim
   round 4 (skip 3):  3->0:2  4->1:2  5->2:2  1->4:1  2->5:1
   round 3 (skip 2):  2->0:2  4->2:0  5->3:1  1->5:0
   round 2 (skip 1):  1->0:2  3->2:0  4->3:1
   round 1 (skip 3):  3->0:1  5->2:0
   round 0 (skip 2):  2->0:0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_circulant_p6.svg
 * @image html reduce_circulant_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes, q = ceil(log2 p), n bytes in
 * N = ceil(n / blocksize) blocks: (N - 1 + q)(alpha + (n / N)(beta + gamma)); about
 * q alpha + n (beta + gamma) for large N. Schedule: O(log^4 p) local steps per rank (schedule/circulant.h).
 *
 * @par Restrictions
 * Commutative operations only (COLLALG_R_COMMUTATIVE): a non-commutative op returns MPI_ERR_OP on
 * every rank before any message. Any p >= 1, any root, count 0, any datatype (the same on every
 * rank, as MPI_Reduce requires), MPI_IN_PLACE at the root.
 *
 * @par Memory
 * count * extent (the accumulator, on every rank but the root) plus one block of
 * min(count, blocksize / size) elements (the receive buffer), bytes per rank.
 *
 * @par References
 * J. L. Träff, "Optimal broadcast schedules in logarithmic time with applications to broadcast,
 * all-broadcast, reduction and all-reduction", arXiv 2407.18004, reduction section (the
 * broadcast schedule reversed); MPICH src/mpi/coll/reduce/reduce_intra_circ_graph.c.
 */
#ifndef COLLALG_REDUCE_CIRCULANT_H
#define COLLALG_REDUCE_CIRCULANT_H

#include "../family/reduce.h"
#include "../bcast/circulant.h"

/**
 * @brief Phase 3 on the accumulator @p acc (@p count elements of r->type, blocks of @p elems
 *        elements), with @p tmp (one block) as receive buffer, reducing to absolute rank @p root
 *        with tag @p tag. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_circulant_rounds(const collalg__ctx *c, const collalg__allreduce_red *r, void *acc,
                                                    void *tmp, int count, int root, int elems, int tag)
{
    collalg__circulant s;
    int n = collalg__circulant_nblocks(count, elems), j, err = MPI_SUCCESS;
    collalg__circulant_init(&s, c->size, collalg__relrank(c->rank, root, c->size));
    for (j = collalg__circulant_rounds(&s, n) - 1; j >= 0 && err == MPI_SUCCESS; j--) {
        int up = collalg__circulant_recv_block(&s, n, j), down = collalg__circulant_send_block(&s, n, j);
        int to = collalg__bcast_abs(collalg__circulant_from(&s, n, j), root, c->size);
        int from = collalg__bcast_abs(collalg__circulant_to(&s, n, j), root, c->size);
        MPI_Aint ulo = (MPI_Aint)up * elems, dlo = (MPI_Aint)down * elems;
        int un = up < 0 ? 0 : (int)(count - ulo < elems ? count - ulo : elems);
        int dn = down < 0 ? 0 : (int)(count - dlo < elems ? count - dlo : elems);
        if (up >= 0 && down >= 0)
            err = COLLALG_MPI(Sendrecv)(collalg__allreduce_at(r, acc, ulo), un, r->type, to, tag, tmp, dn, r->type,
                                        from, tag, c->pcomm, MPI_STATUS_IGNORE);
        else if (up >= 0)
            err = COLLALG_MPI(Send)(collalg__allreduce_at(r, acc, ulo), un, r->type, to, tag, c->pcomm);
        else if (down >= 0)
            err = COLLALG_MPI(Recv)(tmp, dn, r->type, from, tag, c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && down >= 0)
            err = collalg__reduce_local(tmp, collalg__allreduce_at(r, acc, dlo), dn, r->type, r->op);
    }
    return err;
}

/**
 * @brief Phases 2 and 3 after the checks: the accumulator @p acc (the caller's buffer, or NULL for
 *        scratch) and the receive block, then the rounds. @return MPI_SUCCESS, MPI_ERR_NO_MEM, or
 *        the MPI error code.
 */
COLLALG_INLINE int collalg__reduce_circulant_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                                 void *acc, int count, int root, int elems, int tag)
{
    void *tmp = NULL;
    int err = MPI_SUCCESS;
    if (acc == NULL)
        err = collalg__scratch_typed(c, count, &r->ti, &acc);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, sendbuf, acc, count);
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, elems < count ? elems : count, &r->ti, &tmp);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_circulant_rounds(c, r, acc, tmp, count, root, elems, tag);
    return err;
}

/**
 * @brief MPI_Reduce by the circulant-graph n-block broadcast schedule run backwards.
 *
 * @param[in] sendbuf   this rank's input, count elements of datatype (MPI_IN_PLACE at the root:
 *                      the input is in recvbuf)
 * @param[out] recvbuf  the result, count elements of datatype; significant at the root only
 * @param[in] count     number of elements of the vector (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction; commutative only
 * @param[in] root      rank that receives the result
 * @param[in] comm      intracommunicator
 * @param[in] blocksize bytes per block (rounded down to whole elements, at least one); 0 selects
 *                      COLLALG_CIRCULANT_BLOCKSIZE_DEFAULT (64 KiB); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT,
 *         MPI_ERR_OP (MPI_OP_NULL) for bad arguments (family/reduce.h, collalg__reduce_enter);
 *         MPI_ERR_ARG when @p blocksize < 0 and MPI_ERR_OP for a non-commutative @p op, both before
 *         any message; the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a predefined @p op is
 *         not defined for @p datatype, found on every rank before any message; MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call.
 *         Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_circulant(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                            MPI_Op op, int root, MPI_Comm comm, int blocksize)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int elems = 1, err = collalg__reduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__circulant_block_elems(blocksize, 1, 0, &elems);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_init(&c, &r, datatype, op, 1);
    if (err == MPI_SUCCESS)
        err = collalg__circulant_block_elems(blocksize, r.ti.size, count, &elems);
    if (err == MPI_SUCCESS && c.size == 1 && count > 0)
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    else if (err == MPI_SUCCESS && count > 0)
        err = collalg__reduce_circulant_run(&c, &r, sendbuf, c.rank == root ? recvbuf : NULL, count, root, elems,
                                            COLLALG_TAG_DATA);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_CIRCULANT_H */
