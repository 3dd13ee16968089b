/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/scatter.h
 * @brief Private building blocks of the scatter family: the entry step (argument checks,
 *        MPI_IN_PLACE), the linear phases, and the scatter over a k-nomial tree that binomial.h
 *        (radix 2) and knomial.h share: family/gather.h's pieces run backwards.
 *
 * Conventions as in family/gather.h: the root's send buffer holds p blocks of sendcount elements
 * of sendtype, block i at `collalg__at(sendbuf, i * sendcount, extent)`, B signature bytes each;
 * the tree algorithms move blocks as bytes (packed by the root, unpacked by their owner), a
 * subtree's blocks (a contiguous range of relative ranks) in one message.
 */
#ifndef COLLALG_FAMILY_SCATTER_H
#define COLLALG_FAMILY_SCATTER_H

#include "gather.h"

/** @brief Default number of sends in flight at the root of the linear_nb scatter (0 selects it). */
#ifndef COLLALG_SCATTER_MAX_REQUESTS_DEFAULT
#define COLLALG_SCATTER_MAX_REQUESTS_DEFAULT 32
#endif

/* ---- entry step ------------------------------------------------------------------------------ */

/**
 * @brief The argument checks of MPI_Scatter (see collalg__scatter_enter()).
 * @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__scatter_check(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          const void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                          collalg__ctx *c)
{
    int size = 0, rank = 0, inplace = recvbuf == MPI_IN_PLACE, err = collalg__ctx_comm(c, &size, &rank);
    if (err == MPI_SUCCESS && (root < 0 || root >= size))
        err = MPI_ERR_ROOT;
    if (err != MPI_SUCCESS)
        return err;
    if (rank != root) /* the send triple is not significant here */
        return inplace ? MPI_ERR_BUFFER : collalg__check_buffer(recvbuf, recvcount, recvtype);
    err = collalg__check_buffer(sendbuf, sendcount, sendtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_buffer(recvbuf, recvcount, recvtype);
    if (err == MPI_SUCCESS && !inplace && sendbuf == recvbuf && (recvcount > 0 || sendcount > 0))
        err = MPI_ERR_BUFFER;
    return err;
}

/**
 * @brief Entry step of the scatter algorithms.
 *
 * Checks the arguments, before any message and any write to @p recvbuf:
 * - everywhere: the communicator (MPI_ERR_COMM) and @p root in [0, p) (MPI_ERR_ROOT);
 * - at a non-root: only the receive triple (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER;
 *   MPI_IN_PLACE there is MPI_ERR_BUFFER); @p sendbuf, @p sendcount and @p sendtype are not read;
 * - at the root: the send triple, the receive triple unless MPI_IN_PLACE, and aliased buffers
 *   (MPI_ERR_BUFFER).
 *
 * Then attaches the private communicator. MPI_IN_PLACE as @p recvbuf (root only) is resolved by
 * pointing *recvbuf at the root's own block of @p sendbuf with *recvcount = sendcount, *recvtype =
 * sendtype, so that copying the own block is a no-op (the block stays where it is; the algorithms
 * never write to any other place of that buffer).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__scatter_enter(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                          void **recvbuf, int *recvcount, MPI_Datatype *recvtype, int root,
                                          MPI_Comm comm)
{
    int err = MPI_SUCCESS;
    MPI_Aint lb, ext;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__scatter_check(sendbuf, sendcount, sendtype, *recvbuf, *recvcount, *recvtype, root, c);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || c->rank != root || *recvbuf != MPI_IN_PLACE)
        return err;
    err = COLLALG_MPI(Type_get_extent)(sendtype, &lb, &ext);
    *recvbuf = collalg__at(sendbuf, (MPI_Aint)root * sendcount, ext);
    *recvcount = sendcount;
    *recvtype = sendtype;
    return err;
}

/** @brief The root's copy of its own block of @p sendbuf into @p recvbuf (a no-op in place). */
COLLALG_INLINE int collalg__scatter_own(const collalg__ctx *c, const void *sendbuf, int sendcount,
                                        MPI_Datatype sendtype, MPI_Aint sext, void *recvbuf, int recvcount,
                                        MPI_Datatype recvtype, int root)
{
    return collalg__copy(collalg__at(sendbuf, (MPI_Aint)root * sendcount, sext), sendcount, sendtype, recvbuf,
                         recvcount, recvtype, c->pcomm);
}

/* ---- linear ----------------------------------------------------------------------------------- */

/**
 * @brief The linear scatter: the root sends block i of @p sendbuf to every rank i (non-blocking,
 *        ranks in the order 0, 1, ..., p - 1), at most @p window sends in flight (a send waits for
 *        the one posted @p window sends before it; window >= p - 1: all at once), copies its own
 *        block and waits for the rest; every other rank receives its block from the root. A block
 *        of zero bytes is not sent. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__scatter_linear_phase(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype, int root, int window)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    MPI_Request *req;
    void *raw = NULL;
    int i, n = 0, err;

    if (c->rank != root) {
        err = collalg__gather_block(recvcount, recvtype, &ti, &bytes);
        if (err != MPI_SUCCESS || bytes == 0)
            return err;
        return COLLALG_MPI(Recv)(recvbuf, recvcount, recvtype, root, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    err = collalg__gather_block(sendcount, sendtype, &ti, &bytes);
    if (err == MPI_SUCCESS)
        err = collalg__scatter_own(c, sendbuf, sendcount, sendtype, ti.extent, recvbuf, recvcount, recvtype, root);
    if (err != MPI_SUCCESS || bytes == 0 || c->size == 1)
        return err;
    if (window > c->size - 1)
        window = c->size - 1;
    err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * window, &raw);
    req = (MPI_Request *)raw;
    for (i = 0; i < window && err == MPI_SUCCESS; i++)
        req[i] = MPI_REQUEST_NULL;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
        if (i == root)
            continue;
        if (req[n % window] != MPI_REQUEST_NULL) /* the slot's previous send, window sends ago */
            err = COLLALG_MPI(Wait)(&req[n % window], MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Isend)(collalg__at(sendbuf, (MPI_Aint)i * sendcount, ti.extent), sendcount, sendtype, i,
                                     COLLALG_TAG_DATA, c->pcomm, &req[n % window]);
        n++;
    }
    return raw ? collalg__first(err, collalg__waitall(window, req)) : err;
}

/* ---- k-nomial tree ---------------------------------------------------------------------------- */

/**
 * @brief A non-root rank of the tree scatter: receives its subtree's blocks (relative rank order)
 *        from its parent in one message, sends each child its subtree's part (largest subtree
 *        first), and unpacks its own block (the first). Invariant: after the receive, the buffer
 *        holds the blocks of relative ranks [relrank, relrank + subtree). A leaf with a gap-free
 *        type receives in place. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__scatter_tree_node(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                              const collalg__typeinfo *ti, MPI_Aint bytes, int root, int k)
{
    int p = c->size, rel = collalg__relrank(c->rank, root, p), n = collalg__knomial_subtree(rel, p, k);
    int parent = collalg__gather_abs(collalg__knomial_parent(rel, k), root, p), err;
    collalg__knomial_it it;
    collalg__blocks bt;
    void *raw = NULL;
    char *buf;

    err = collalg__ctx_blocks(c, (int)bytes, MPI_BYTE, p, &bt);
    if (err == MPI_SUCCESS && n == 1 && ti->dense)
        return COLLALG_MPI(Recv)((char *)recvbuf + ti->lb, bt.per_block, bt.type, parent, COLLALG_TAG_DATA, c->pcomm,
                                 MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)n * bytes, &raw);
    buf = (char *)raw;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(buf, n * bt.per_block, bt.type, parent, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    for (collalg__knomial_first(&it, rel, p, k, 0); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it))
        err = COLLALG_MPI(Send)(buf + (MPI_Aint)(it.child - rel) * bytes,
                                collalg__knomial_subtree(it.child, p, k) * bt.per_block, bt.type,
                                collalg__gather_abs(it.child, root, p), COLLALG_TAG_DATA, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__gather_unpack(c, buf, bytes, recvbuf, recvcount, recvtype, ti);
    return err;
}

/**
 * @brief The root of the tree scatter: sends each child its subtree's blocks (largest subtree
 *        first), straight from @p sendbuf when they form one run of bytes there
 *        (collalg__gather_direct), else packed into scratch first (one buffer, the largest such
 *        subtree, reused: each send completes before the next pack). The own block was copied by
 *        the caller. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__scatter_tree_root(collalg__ctx *c, const void *sendbuf, int sendcount,
                                              MPI_Datatype sendtype, const collalg__typeinfo *ti, MPI_Aint bytes,
                                              int root, int k)
{
    int p = c->size, err;
    collalg__knomial_it it;
    collalg__blocks bt;
    void *raw = NULL;
    char *stage;

    err = collalg__ctx_blocks(c, (int)bytes, MPI_BYTE, p, &bt);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, collalg__gather_tree_staging(ti, bytes, root, p, k, 1), &raw);
    stage = (char *)raw;
    for (collalg__knomial_first(&it, 0, p, k, 0); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it)) {
        int n = collalg__knomial_subtree(it.child, p, k), direct = collalg__gather_direct(ti, it.child, n, root, p);
        const char *from =
            direct ? collalg__at(sendbuf, (MPI_Aint)collalg__gather_abs(it.child, root, p) * sendcount, ti->extent) +
                         ti->lb
                   : stage;
        if (!direct)
            err = collalg__gather_place(c, stage, it.child, n, sendbuf, sendcount, sendtype, ti, bytes, root, 0);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Send)(from, n * bt.per_block, bt.type, collalg__gather_abs(it.child, root, p),
                                    COLLALG_TAG_DATA, c->pcomm);
    }
    return err;
}

/**
 * @brief The scatter over the k-nomial tree of radix @p k >= 2 rooted at @p root (binomial for
 *        k = 2). Blocks of more than INT_MAX bytes take the linear phase instead.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__scatter_tree(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, int k)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    int err, is_root = c->rank == root;

    err = collalg__gather_block(is_root ? sendcount : recvcount, is_root ? sendtype : recvtype, &ti, &bytes);
    if (err != MPI_SUCCESS)
        return err;
    if (bytes > (MPI_Aint)INT_MAX)
        return collalg__scatter_linear_phase(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                                             c->size);
    if (!is_root)
        return bytes == 0 ? MPI_SUCCESS
                          : collalg__scatter_tree_node(c, recvbuf, recvcount, recvtype, &ti, bytes, root, k);
    err = collalg__scatter_own(c, sendbuf, sendcount, sendtype, ti.extent, recvbuf, recvcount, recvtype, root);
    if (err != MPI_SUCCESS || bytes == 0 || c->size == 1)
        return err;
    return collalg__scatter_tree_root(c, sendbuf, sendcount, sendtype, &ti, bytes, root, k);
}

#endif /* COLLALG_FAMILY_SCATTER_H */
