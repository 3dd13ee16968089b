/**
 * @file ring.h
 * @ingroup allreduce
 * @brief Allreduce, ring: reduce-scatter around a ring, then allgather around the same ring
 *        (Patarasuk & Yuan's bandwidth-optimal allreduce; Faraj & Yuan, ICS'05, §3.1).
 *
 * @par Phases
 * The vector is cut into p blocks whose sizes differ by at most one element (some empty when
 * count < p). Rank j sends to j + 1 and receives from j - 1 (mod p) throughout.
 * 1. Copy the input into @c recvbuf.
 * 2. Reduce-scatter, steps s = 0 .. p-2: rank j sends its partial block (j - s - 1) mod p and
 *    receives partial block (j - s - 2) mod p, which it folds into its own copy. Invariant:
 *    after step s, the block rank j last received holds the contributions of ranks
 *    j - s - 1 .. j (s + 2 ranks); after step p-2 rank j holds block j fully reduced.
 * 3. Allgather, steps s = 0 .. p-2: rank j sends block (j - s) mod p and receives block
 *    (j - s - 1) mod p, final, into place.
 *
 * collalg_allreduce_topology_ring() runs the same steps around the topology's DFS ring instead
 * of the ring of ranks (collalg__allreduce_ring_phases takes the ring order).
 *
 * @par Trace, p = 3 (blocks A, B, C; rank j ends owning block j)
 * @verbatim
   reduce-scatter s=0:  0 -> 1 C,  1 -> 2 A,  2 -> 0 B     (1: C from 0,1; 2: A from 1,2; 0: B from 2,0)
                  s=1:  0 -> 1 B,  1 -> 2 C,  2 -> 0 A     (1: B complete; 2: C complete; 0: A complete)
   allgather      s=0:  0 -> 1 A,  1 -> 2 B,  2 -> 0 C
                  s=1:  0 -> 1 C,  1 -> 2 A,  2 -> 0 B
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_ring_p6.svg
 * @image html allreduce_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes:
 * 2 (p - 1)(alpha + n/p beta) + (2p - 3) theta + (p - 1)/p n gamma + kappa ((p - 1) local
 * reductions of n/p bytes): the bandwidth term 2 (p-1)/p n beta is optimal (Patarasuk & Yuan).
 *
 * @par Restrictions
 * Any p >= 1 (no power of two needed), any count, any datatype MPI_Reduce_local accepts with
 * @c op, MPI_IN_PLACE. Non-commutative operations are NOT supported: a block's partial result
 * travels the ring from rank j + 1 round to rank j, so for every block but one it wraps from
 * rank p - 1 to rank 0 and the ranks' contributions cannot stay in order. For an op that
 * MPI_Op_commutative reports as non-commutative the call returns MPI_ERR_OP before any message.
 *
 * @par Memory
 * ceil(count / p) elements of datatype of scratch.
 *
 * @par References
 * P. Patarasuk, X. Yuan, "Bandwidth Optimal All-reduce Algorithms for Clusters of
 * Workstations", JPDC 2009; A. Faraj, X. Yuan, ICS'05, §3.1 (the ring pattern).
 */
#ifndef COLLALG_ALLREDUCE_RING_H
#define COLLALG_ALLREDUCE_RING_H

#include "../core/allreduce_common.h"

/**
 * @brief Phases 2 and 3 on @p buf (the rank's copy of the vector), with @p tmp scratch of one
 *        block, around a logical ring; shared by ring.h and topology_ring.h. The rank at ring
 *        position i plays rank j of the Phases: it sends to position i + 1, receives from
 *        position i - 1, and ends owning block i (blocks are the even split of the vector,
 *        numbered by position).
 * @param c     the call's context
 * @param r     the reduction
 * @param buf   the rank's copy of the vector, @p count elements; the result on return
 * @param tmp   scratch of ceil(count / p) elements
 * @param count elements of the vector
 * @param ring  ring[i]: the rank at position i (NULL: rank order, ring[i] = i)
 * @param pos   pos[r]: the position of rank r (NULL with @p ring NULL)
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_ring_phases(const collalg__ctx *c, const collalg__allreduce_red *r, void *buf,
                                                  void *tmp, int count, const int *ring, const int *pos)
{
    int s, sb, rb, ra, rz, err = MPI_SUCCESS, p = c->size, me = pos ? pos[c->rank] : c->rank;
    int to = collalg__ring_to(me, p, 1), from = collalg__ring_from(me, p, 1);
    if (ring) {
        to = ring[to];
        from = ring[from];
    }
    for (s = 0; s < p - 1 && err == MPI_SUCCESS; s++) {
        sb = collalg__mod(me - s - 1, p);
        rb = collalg__mod(me - s - 2, p);
        ra = collalg__allreduce_split(count, p, rb);
        rz = collalg__allreduce_split(count, p, rb + 1);
        err = collalg__allreduce_exchange_to(c, r, buf, collalg__allreduce_split(count, p, sb),
                                             collalg__allreduce_split(count, p, sb + 1), to, tmp, 0, rz - ra, from);
        if (err == MPI_SUCCESS && rz > ra)
            err = COLLALG_MPI(Reduce_local)(tmp, collalg__allreduce_at(r, buf, ra), rz - ra, r->type, r->op);
    }
    for (s = 0; s < p - 1 && err == MPI_SUCCESS; s++) {
        sb = collalg__mod(me - s, p);
        rb = collalg__mod(me - s - 1, p);
        err = collalg__allreduce_exchange_to(
            c, r, buf, collalg__allreduce_split(count, p, sb), collalg__allreduce_split(count, p, sb + 1), to, buf,
            collalg__allreduce_split(count, p, rb), collalg__allreduce_split(count, p, rb + 1), from);
    }
    return err;
}

/**
 * @brief Fills @p r (collalg__allreduce_red_init) and refuses a non-commutative @p op with
 *        MPI_ERR_OP (see Restrictions), before any message; shared by ring.h and topology_ring.h.
 * @return MPI_SUCCESS, MPI_ERR_OP, or the error of collalg__allreduce_red_init.
 */
COLLALG_INLINE int collalg__allreduce_ring_init(collalg__ctx *c, collalg__allreduce_red *r, MPI_Datatype datatype,
                                                MPI_Op op)
{
    int err = collalg__allreduce_red_init(c, r, datatype, op);
    if (err == MPI_SUCCESS && !r->commute)
        err = MPI_ERR_OP;
    return err;
}

/**
 * @brief Phases 1 to 3 around the ring @p ring (NULL: rank order; see
 *        collalg__allreduce_ring_phases), after collalg__allreduce_ring_init: the copy into
 *        @p recvbuf, one block of scratch, the reduce-scatter and the allgather.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_ring_run(collalg__ctx *c, const collalg__allreduce_red *r, const void *sendbuf,
                                               void *recvbuf, int count, const int *ring, const int *pos)
{
    void *tmp = NULL;
    int err = collalg__allreduce_copy(c, r, sendbuf, recvbuf, count);
    if (err == MPI_SUCCESS && count > 0 && c->size > 1) {
        err = collalg__scratch_typed(c, count / c->size + (count % c->size != 0), &r->ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_ring_phases(c, r, recvbuf, tmp, count, ring, pos);
    }
    return err;
}

/**
 * @brief MPI_Allreduce by the ring algorithm (reduce-scatter ring, allgather ring).
 *
 * @allreduce_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); the error of MPI_Reduce_local (e.g.
 *         MPI_ERR_OP) when a predefined @p op is not defined for @p datatype, found on every rank
 *         before any message (core/allreduce_common.h, collalg__allreduce_probe); MPI_ERR_NO_MEM
 *         when scratch cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler. Also MPI_ERR_OP when @p op is not commutative (see
 *         Restrictions; nothing is sent and @p recvbuf is left untouched).
 */
COLLALG_INLINE int collalg_allreduce_ring(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                          MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_ring_run(&c, &r, sendbuf, recvbuf, count, NULL, NULL);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RING_H */
