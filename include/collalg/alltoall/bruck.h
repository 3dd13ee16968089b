/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bruck.h
 * @ingroup alltoall
 * @brief Alltoall, Bruck's algorithm, radix 2 (Faraj & Yuan, ICS'05, §3.1 "Bruck algorithm";
 *        Bruck et al., IEEE TPDS 8(11), 1997), for any p.
 *
 * @par Phases
 * 1. Local rotation: rank j puts its block for rank (j + i) mod p at position i of a p-block
 *    work buffer, i = 0 .. p-1.
 * 2. Rounds k = 0 .. ceil(lg p) - 1: rank j sends the blocks at every position i whose bit k is
 *    set to rank (j + 2^k) mod p, in one message, and receives the same positions from rank
 *    (j - 2^k) mod p (through a staging buffer, then copied into those positions). Invariant:
 *    a block at position i has travelled the low k bits of i; it never changes position, and
 *    after the last round it has travelled i ranks, so position i of rank j holds the block of
 *    rank (j - i) mod p for rank j.
 * 3. Inverse rotation: position i goes to block (j - i) mod p of the receive buffer.
 *
 * Nothing in it needs a power of two: for other p the last round simply has fewer positions.
 *
 * @par Trace, p = 5, rank 0 (position i: "s>d" = block of rank s for rank d)
 * @verbatim
   rotation: 0>0 0>1 0>2 0>3 0>4
   round 0 (positions 1,3 to rank 1, from rank 4):  0>0 4>0 0>2 4>2 0>4
   round 1 (positions 2,3 to rank 2, from rank 3):  0>0 4>0 3>0 2>0 0>4
   round 2 (position 4 to rank 4, from rank 1):     0>0 4>0 3>0 2>0 1>0
   inverse rotation: 0>0 1>0 2>0 3>0 4>0
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_bruck_p6.svg
 * @image html alltoall_bruck_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair, L = ceil(lg p) rounds
 * of at most floor(p / 2) blocks: L alpha + L floor(p / 2) n beta + (L - 1) theta + kappa, plus
 * the two local rotations (the paper's formula, for p a power of two, prints the bandwidth term
 * as (n^2 / 2) lg(p) beta; the blocks moved are p / 2 per round).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. Meant for small messages.
 *
 * @par Memory
 * (p + floor(p / 2)) * recvcount elements of recvtype (work and staging buffers) and p ints,
 * plus p * recvcount elements of recvtype when sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (Bruck; its references [2] and [21]).
 */
#ifndef COLLALG_ALLTOALL_BRUCK_H
#define COLLALG_ALLTOALL_BRUCK_H

#include "../family/alltoall.h"

/**
 * @brief Round with distance @p pof (a power of two) of step 2 on the work buffer @p work
 *        (p blocks of @p l->rb), staging through @p stage; @p idx has room for p ints.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_bruck_round(const collalg__ctx *c, const collalg__alltoall_layout *l, void *work,
                                                 void *stage, int *idx, int pof)
{
    MPI_Datatype set = MPI_DATATYPE_NULL;
    int i, nb = 0, p = c->size, err;

    for (i = 0; i < p; i++)
        if (i & pof)
            idx[nb++] = i;
    err = collalg__alltoall_indexed_type(&l->rb, nb, idx, &set);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Sendrecv)(work, 1, set, collalg__mod(c->rank + pof, p), COLLALG_TAG_DATA, stage,
                                    nb * l->rb.per_block, l->rb.type, collalg__mod(c->rank - pof, p), COLLALG_TAG_DATA,
                                    c->pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__copy(stage, nb * l->rb.per_block, l->rb.type, work, 1, set, c->pcomm);
    collalg__alltoall_type_free(&set);
    return err;
}

/**
 * @brief Steps 1-3 (see the file comment). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__alltoall_bruck(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                           void *recvbuf, int recvcount, MPI_Datatype recvtype)
{
    collalg__alltoall_layout l;
    collalg__typeinfo rti;
    MPI_Datatype unrotate = MPI_DATATYPE_NULL;
    void *work = NULL, *mem = NULL;
    int *idx;
    int i, pof, p = c->size, me = c->rank, err;

    err = collalg__alltoall_layout_init(c, sendcount, sendtype, recvcount, recvtype, p, &l);
    err = collalg__first(err, collalg__typeinfo_get(recvtype, &rti));
    if (err == MPI_SUCCESS)
        err = collalg__scratch_typed(c, (MPI_Aint)(p + p / 2) * recvcount, &rti, &work);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)p * (MPI_Aint)sizeof(int), &mem);
    if (err != MPI_SUCCESS)
        return err;
    idx = (int *)mem;
    /* Step 1: blocks me .. p-1, then 0 .. me-1. */
    err = collalg__copy(collalg__alltoall_block(sendbuf, me, sendcount, l.sext), (p - me) * l.sb.per_block, l.sb.type,
                        work, (p - me) * l.rb.per_block, l.rb.type, c->pcomm);
    if (err == MPI_SUCCESS && me > 0)
        err = collalg__copy(sendbuf, me * l.sb.per_block, l.sb.type,
                            collalg__alltoall_block(work, p - me, recvcount, l.rext), me * l.rb.per_block, l.rb.type,
                            c->pcomm);
    for (pof = 1; pof < p && err == MPI_SUCCESS; pof <<= 1)
        err = collalg__alltoall_bruck_round(c, &l, work, collalg__alltoall_block(work, p, recvcount, l.rext), idx, pof);
    /* Step 3: position i to block (me - i) mod p. */
    for (i = 0; i < p; i++)
        idx[i] = collalg__mod(me - i, p);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_indexed_type(&l.rb, p, idx, &unrotate);
    if (err == MPI_SUCCESS)
        err = collalg__copy(work, p * l.rb.per_block, l.rb.type, recvbuf, 1, unrotate, c->pcomm);
    collalg__alltoall_type_free(&unrotate);
    return err;
}

/**
 * @brief MPI_Alltoall by Bruck's algorithm (radix 2).
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_NO_MEM when the work buffers (or the in-place
 *         staging) cannot be allocated; or the class of an error raised by an MPI call. Errors
 *         go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_bruck(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                          int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS && !collalg__alltoall_empty(recvcount, recvtype))
        err = collalg__alltoall_bruck(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_BRUCK_H */
