/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file recursive_multiplying.h
 * @ingroup allreduce
 * @brief Allreduce, recursive multiplying (radix k a parameter): recursive doubling generalised
 *        to groups of k (Ruefenacht, Bull & Booth 2017; MPICH's `recursive_multiplying`, PR
 *        #7177); radix 2 is allreduce/recursive_doubling.h's exchange pattern.
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p survivors (schedule/kradix.h): the p
 * ranks are cut into pofk runs of consecutive ranks of 1 .. k ranks each (the longer runs
 * first); the first rank of run g, its leader, is survivor g.
 * 1. Copy the input into @c recvbuf.
 * 2. Fold (p not a power of k): the other ranks of a run send their vector to its leader, which
 *    combines the run's vectors in rank order.
 * 3. Steps t = 0 .. log_k(pofk) - 1, span k^t: survivor g exchanges its whole partial result
 *    with the k - 1 survivors that differ from g in base-k digit t only (all messages of a step
 *    in flight together), then combines the k results of its group in digit order. Invariant:
 *    after step t, survivor g holds the reduction over the ranks of the aligned run of k^(t+1)
 *    survivors containing g, a run of consecutive ranks, so the group's partial results stand
 *    for consecutive runs in digit order.
 * 4. Unfold: each leader sends the result to the other ranks of its run.
 *
 * @par Operand order
 * Every combine folds a list of partial results that stand for consecutive runs of ranks, from
 * the lowest to the highest, left to right: ((P_0 op P_1) op P_2) ... op P_(k-1). The
 * standard's v0 op ... op v(p-1) is therefore kept for non-commutative operations, and every
 * rank of a group computes the same association, so all ranks get bit-identical results.
 *
 * @par Trace, p = 7, radix 3 (runs [0 1 2] [3 4] [5 6]; [a..b] = v_a op ... op v_b)
 * @verbatim
   fold:    1, 2 -> 0;  4 -> 3;  6 -> 5          0: [0..2]   3: [3..4]   5: [5..6]
   step 0:  0 <-> 3 <-> 5 (every pair, both ways)  0, 3, 5: ([0..2] op [3..4]) op [5..6]
   unfold:  0 -> 1, 2;  3 -> 4;  5 -> 6
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allreduce_recursive_multiplying_p6.svg
 * @image html allreduce_recursive_multiplying_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, radix k and n = count * size of datatype bytes; L = log_k(pofk) steps:
 * L (alpha + n beta) + L (k - 1) n gamma where a rank's k - 1 messages of a step overlap (the
 * k-port model), up to L (k - 1)(alpha + n beta) where they go one after another; plus, when p is
 * not a power of k, 2 (alpha + n beta) for the fold and unfold (a leader's up to k - 1 messages
 * each) and up to (k - 1) n gamma; plus (L - 1) theta + kappa (k - 1 vectors arrive at a rank at
 * once).
 *
 * @par Restrictions
 * None: any p >= 1, any count, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE.
 * Non-commutative operations: the operand order is preserved (see above).
 *
 * @par Memory
 * (min(k, p) - 1) * count elements of datatype (in its layout, extent included), and
 * 2 (min(k, p) - 1) MPI_Request with 2 min(k, p) pointers.
 *
 * @par References
 * M. Ruefenacht, M. Bull, S. Booth, "Generalisation of recursive doubling for allreduce: Now with
 * simulation", Parallel Computing 69, 2017; MPICH
 * src/mpi/coll/allreduce/allreduce_intra_recursive_multiplying.c (pmodels/mpich PR #7177), whose
 * fold sends the ranks above pofk to lower ones; here the runs of consecutive ranks keep the
 * operand order.
 */
#ifndef COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_H
#define COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_H

#include "../family/allreduce.h"
#include "../schedule/kradix.h"

/** @brief Default radix of the recursive multiplying allreduce. */
#ifndef COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_RADIX_DEFAULT
#define COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_RADIX_DEFAULT 4
#endif

/**
 * @brief The buffers of one call: @c pool holds the k buffers of count elements (pool[0] the
 *        partial result, the others scratch), @c slot the same pointers in the digit order of one
 *        combine, @c req room for 2 (k - 1) requests.
 */
typedef struct collalg__recmult_bufs {
    void **pool;      /**< k buffers; pool[0] holds this rank's partial result */
    void **slot;      /**< the buffers of one combine, in rank order */
    MPI_Request *req; /**< 2 (k - 1) requests */
} collalg__recmult_bufs;

/**
 * @brief One combine of @p n partial results, this rank's own at position @p mine: receives the
 *        others from @p peers (peers[mine] unused) into scratch buffers, sends pool[0] to each of
 *        them when @p send is set, then folds slot[0] op slot[1] op ... op slot[n-1] left to right
 *        into slot[n - 1], which becomes pool[0]. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__allreduce_recmult_combine(const collalg__ctx *c, const collalg__allreduce_red *r,
                                                      collalg__recmult_bufs *bf, const int *peers, int n, int mine,
                                                      int send, int count)
{
    int j, next = 1, nreq = 0, err = MPI_SUCCESS;
    for (j = 0; j < n; j++)
        bf->slot[j] = j == mine ? bf->pool[0] : bf->pool[next++];
    for (j = 0; j < n && err == MPI_SUCCESS; j++)
        if (j != mine) {
            err = COLLALG_MPI(Irecv)(bf->slot[j], count, r->type, peers[j], COLLALG_TAG_DATA, c->pcomm, &bf->req[nreq]);
            nreq += err == MPI_SUCCESS;
        }
    for (j = 0; j < n && send && err == MPI_SUCCESS; j++)
        if (j != mine) {
            err = COLLALG_MPI(Isend)(bf->slot[mine], count, r->type, peers[j], COLLALG_TAG_DATA, c->pcomm,
                                     &bf->req[nreq]);
            nreq += err == MPI_SUCCESS;
        }
    err = collalg__first(err, collalg__waitall(nreq, bf->req));
    for (j = 1; j < n && err == MPI_SUCCESS; j++)
        err = collalg__reduce_local(bf->slot[j - 1], bf->slot[j], count, r->type, r->op);
    if (err != MPI_SUCCESS)
        return err;
    bf->pool[0] = bf->slot[n - 1];
    for (j = 0; j < n - 1; j++)
        bf->pool[j + 1] = bf->slot[j];
    return MPI_SUCCESS;
}

/**
 * @brief Fold, steps and unfold of schedule @p s; @p recvbuf holds this rank's vector on entry and
 *        the result on return; @p peers has room for k ranks. @return MPI_SUCCESS or the MPI error
 *        code.
 */
COLLALG_INLINE int collalg__allreduce_recmult(const collalg__ctx *c, const collalg__allreduce_red *r,
                                              const collalg__recmult *s, collalg__recmult_bufs *bf, int *peers,
                                              void *recvbuf, int count)
{
    long long span;
    int j, nreq = 0, err = MPI_SUCCESS;
    if (c->rank != s->leader) { /* a member: its vector to the leader, the result back */
        err = COLLALG_MPI(Send)(recvbuf, count, r->type, s->leader, COLLALG_TAG_DATA, c->pcomm);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(recvbuf, count, r->type, s->leader, COLLALG_TAG_DATA2, c->pcomm, MPI_STATUS_IGNORE);
        return err;
    }
    for (j = 0; j < s->gsize; j++)
        peers[j] = s->leader + j;
    if (s->gsize > 1)
        err = collalg__allreduce_recmult_combine(c, r, bf, peers, s->gsize, 0, 0, count);
    for (span = 1; span < s->pofk && err == MPI_SUCCESS; span *= s->k) {
        for (j = 0; j < s->k; j++)
            peers[j] = collalg__recmult_peer(s, span, j);
        err = collalg__allreduce_recmult_combine(c, r, bf, peers, s->k, collalg__recmult_digit(s, span), 1, count);
    }
    for (j = 1; j < s->gsize && err == MPI_SUCCESS; j++) {
        err =
            COLLALG_MPI(Isend)(bf->pool[0], count, r->type, s->leader + j, COLLALG_TAG_DATA2, c->pcomm, &bf->req[nreq]);
        nreq += err == MPI_SUCCESS;
    }
    err = collalg__first(err, collalg__waitall(nreq, bf->req));
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_copy(c, r, bf->pool[0], recvbuf, count);
    return err;
}

/**
 * @brief MPI_Allreduce by recursive multiplying.
 *
 * @allreduce_args
 * @param[in] radix k >= 2, the size of the groups that exchange in one step (2: recursive
 *        doubling's pattern); 0 selects COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_RADIX_DEFAULT (4);
 *        a radix above p acts as p (one step among all ranks); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (core/args.h); MPI_ERR_ARG when @p radix is negative
 *         or 1 (before any message); the error of MPI_Reduce_local (e.g. MPI_ERR_OP) when a
 *         predefined @p op is not defined for @p datatype, found on every rank before any
 *         message (family/allreduce.h, collalg__allreduce_probe); MPI_ERR_NO_MEM when scratch
 *         cannot be allocated; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_allreduce_recursive_multiplying(const void *sendbuf, void *recvbuf, int count,
                                                           MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, int radix)
{
    collalg__ctx c;
    collalg__allreduce_red r;
    collalg__recmult s;
    collalg__recmult_bufs bf;
    void *tmp = NULL, *mem = NULL;
    int j, *peers;
    MPI_Aint rbytes;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__allreduce_red_init(&c, &r, datatype, op);
    if (err == MPI_SUCCESS && count > 0 && c.size > 1) {
        collalg__recmult_init(&s, c.rank, c.size,
                              radix == 0 ? COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_RADIX_DEFAULT : radix);
        /* requests, then 2 k pointers, then k ints (peers), each part 16-byte aligned */
        rbytes = ((2 * (MPI_Aint)(s.k - 1) * (MPI_Aint)sizeof(MPI_Request) + 15) / 16) * 16;
        err = collalg__scratch(&c,
                               rbytes + ((2 * (MPI_Aint)s.k * (MPI_Aint)sizeof(void *) + 15) / 16) * 16 +
                                   (MPI_Aint)s.k * (MPI_Aint)sizeof(int),
                               &mem);
        if (err == MPI_SUCCESS && c.rank == s.leader)
            err = collalg__scratch_typed(&c, (MPI_Aint)(s.k - 1) * count, &r.ti, &tmp);
        if (err == MPI_SUCCESS)
            err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
        if (err == MPI_SUCCESS) {
            bf.req = (MPI_Request *)mem;
            bf.pool = (void **)(void *)((char *)mem + rbytes);
            bf.slot = bf.pool + s.k;
            peers =
                (int *)(void *)((char *)mem + rbytes + ((2 * (MPI_Aint)s.k * (MPI_Aint)sizeof(void *) + 15) / 16) * 16);
            bf.pool[0] = recvbuf;
            for (j = 1; j < s.k; j++)
                bf.pool[j] = tmp ? collalg__allreduce_at(&r, tmp, (MPI_Aint)(j - 1) * count) : NULL;
            err = collalg__allreduce_recmult(&c, &r, &s, &bf, peers, recvbuf, count);
        }
    } else if (err == MPI_SUCCESS) {
        err = collalg__allreduce_copy(&c, &r, sendbuf, recvbuf, count);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLREDUCE_RECURSIVE_MULTIPLYING_H */
