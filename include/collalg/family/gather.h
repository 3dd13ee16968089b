/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/gather.h
 * @brief Private building blocks of the gather family: the entry step (argument checks,
 *        MPI_IN_PLACE), the byte view of one rank's block, the linear phase, and the gather over a
 *        k-nomial tree that binomial.h (radix 2) and knomial.h share. family/scatter.h runs the
 *        same pieces backwards.
 *
 * Conventions: p ranks, the root's receive buffer holds p blocks of recvcount elements of
 * recvtype, block i at `collalg__at(recvbuf, i * recvcount, extent)`. Every rank sends a block of
 * the same type signature, B bytes (B = sendcount * size(sendtype) = recvcount * size(recvtype)),
 * but each rank may pass its own datatype. The tree algorithms therefore move blocks as bytes of
 * the signature (MPI_BYTE): a datatype without gaps is viewed in place, any other is packed
 * (MPI_Pack) by the rank that sends it first and unpacked (MPI_Unpack) by the root, as in
 * family/bcast.h's collalg__bcast_view (homogeneous system: packed data is the bare signature,
 * checked, else MPI_ERR_TYPE). Ranks are taken relative to the root (schedule/common.h,
 * collalg__relrank); the subtree of a relative rank is a contiguous range of relative ranks
 * (schedule/knomial.h), so it travels as one message of consecutive blocks.
 */
#ifndef COLLALG_FAMILY_GATHER_H
#define COLLALG_FAMILY_GATHER_H

#include "../core/core.h"
#include "../schedule/knomial.h"

/** @brief Default radix of the k-nomial gather and scatter (knomial.h, 0 selects it). */
#ifndef COLLALG_KNOMIAL_RADIX_DEFAULT
#define COLLALG_KNOMIAL_RADIX_DEFAULT 4
#endif

/** @brief Default first segment of the linear_sync gather, bytes (0 selects it). */
#ifndef COLLALG_GATHER_FIRST_SEGMENT_DEFAULT
#define COLLALG_GATHER_FIRST_SEGMENT_DEFAULT 1024
#endif

/* ---- entry step ------------------------------------------------------------------------------ */

/**
 * @brief The argument checks of MPI_Gather (see collalg__gather_enter()).
 * @return the first error found, else MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__gather_check(const void *sendbuf, int sendcount, MPI_Datatype sendtype, const void *recvbuf,
                                         int recvcount, MPI_Datatype recvtype, int root, collalg__ctx *c)
{
    int size = 0, rank = 0, inplace = sendbuf == MPI_IN_PLACE, err = collalg__ctx_comm(c, &size, &rank);
    if (err == MPI_SUCCESS && (root < 0 || root >= size))
        err = MPI_ERR_ROOT;
    if (err != MPI_SUCCESS)
        return err;
    if (rank != root) /* the receive triple is not significant here */
        return inplace ? MPI_ERR_BUFFER : collalg__check_buffer(sendbuf, sendcount, sendtype);
    err = collalg__check_buffer(recvbuf, recvcount, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__check_buffer(sendbuf, sendcount, sendtype);
    if (err == MPI_SUCCESS && !inplace && sendbuf == recvbuf && (recvcount > 0 || sendcount > 0))
        err = MPI_ERR_BUFFER;
    return err;
}

/**
 * @brief Entry step of the gather algorithms.
 *
 * Checks the arguments, before any message and any write to @p recvbuf:
 * - everywhere: the communicator (MPI_ERR_COMM) and @p root in [0, p) (MPI_ERR_ROOT);
 * - at a non-root: only the send triple (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER; MPI_IN_PLACE
 *   there is MPI_ERR_BUFFER); @p recvbuf, @p recvcount and @p recvtype are not read;
 * - at the root: the receive triple, the send triple unless MPI_IN_PLACE, and aliased buffers
 *   (MPI_ERR_BUFFER).
 *
 * Then attaches the private communicator. MPI_IN_PLACE (root only) is resolved by pointing
 * *sendbuf at the root's own block of @p recvbuf with *sendcount = recvcount, *sendtype =
 * recvtype, so that copying the own block is a no-op (the block stays where it is).
 * @return MPI_SUCCESS or an error code for collalg__leave().
 */
COLLALG_INLINE int collalg__gather_enter(collalg__ctx *c, const void **sendbuf, int *sendcount, MPI_Datatype *sendtype,
                                         void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int err = MPI_SUCCESS;
    MPI_Aint lb, ext;

    collalg__ctx_init(c, comm);
    if (COLLALG_ARG_CHECKS) {
        err = collalg__gather_check(*sendbuf, *sendcount, *sendtype, recvbuf, recvcount, recvtype, root, c);
        if (err != MPI_SUCCESS)
            return err;
    }
    err = collalg__ctx_attach(c);
    if (err != MPI_SUCCESS || c->rank != root || *sendbuf != MPI_IN_PLACE)
        return err;
    err = COLLALG_MPI(Type_get_extent)(recvtype, &lb, &ext);
    *sendbuf = collalg__at(recvbuf, (MPI_Aint)root * recvcount, ext);
    *sendcount = recvcount;
    *sendtype = recvtype;
    return err;
}

/**
 * @brief The radix of a k-nomial algorithm: @p radix, or COLLALG_KNOMIAL_RADIX_DEFAULT for 0.
 * @return MPI_SUCCESS, or MPI_ERR_ARG when @p radix is negative or 1.
 */
COLLALG_INLINE int collalg__knomial_radix(int radix, int *k)
{
    *k = radix == 0 ? COLLALG_KNOMIAL_RADIX_DEFAULT : radix;
    return *k >= 2 ? MPI_SUCCESS : MPI_ERR_ARG;
}

/** @brief Absolute rank of relative rank @p relrank in a tree of @p p ranks rooted at @p root. */
COLLALG_INLINE int collalg__gather_abs(int relrank, int root, int p)
{
    return (int)(((long)relrank + root) % p);
}

/* ---- byte view of one block ------------------------------------------------------------------- */

/**
 * @brief This rank's block: the type facts of @p type and the block's signature bytes
 *        (@p count elements). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_block(int count, MPI_Datatype type, collalg__typeinfo *ti, MPI_Aint *bytes)
{
    int err = collalg__typeinfo_get(type, ti);
    *bytes = err == MPI_SUCCESS ? (MPI_Aint)count * ti->size : 0;
    return err;
}

/**
 * @brief Writes the @p bytes (<= INT_MAX) signature bytes of @p count elements of @p type at
 *        @p buf to @p out: memcpy for a type without gaps, else MPI_Pack.
 * @return MPI_SUCCESS, MPI_ERR_TYPE when packed data is not the bare signature (not a homogeneous
 *         system), or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_pack(const collalg__ctx *c, const void *buf, int count, MPI_Datatype type,
                                        const collalg__typeinfo *ti, char *out, MPI_Aint bytes)
{
    int pos = 0, err;
    if (bytes == 0)
        return MPI_SUCCESS;
    if (ti->dense) {
        memcpy(out, (const char *)buf + ti->lb, (size_t)bytes);
        return MPI_SUCCESS;
    }
    err = COLLALG_MPI(Pack)(buf, count, type, out, (int)bytes, &pos, c->pcomm);
    return err == MPI_SUCCESS && pos != bytes ? MPI_ERR_TYPE : err;
}

/** @brief The reverse of collalg__gather_pack(): @p bytes signature bytes at @p in into @p buf. */
COLLALG_INLINE int collalg__gather_unpack(const collalg__ctx *c, const char *in, MPI_Aint bytes, void *buf, int count,
                                          MPI_Datatype type, const collalg__typeinfo *ti)
{
    int pos = 0;
    if (bytes == 0)
        return MPI_SUCCESS;
    if (ti->dense) {
        memcpy((char *)buf + ti->lb, in, (size_t)bytes);
        return MPI_SUCCESS;
    }
    return COLLALG_MPI(Unpack)(in, (int)bytes, &pos, buf, count, type, c->pcomm);
}

/**
 * @brief 1 when the blocks of relative ranks [@p rel, @p rel + @p n) sit in the root's buffer as
 *        one run of bytes: the root's type has no gaps and the run does not wrap past rank p - 1.
 */
COLLALG_INLINE int collalg__gather_direct(const collalg__typeinfo *ti, int rel, int n, int root, int p)
{
    long first = (long)rel + root;
    return ti->dense && (first >= p || first + n <= p);
}

/* ---- linear ----------------------------------------------------------------------------------- */

/**
 * @brief The linear gather: every non-root sends its block to the root; the root posts all its
 *        receives straight into @p recvbuf (in the user's receive type), copies its own block, and
 *        waits once. A block of zero bytes is not sent. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_linear_phase(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                MPI_Datatype recvtype, int root)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    MPI_Request *req;
    void *raw = NULL;
    int i, n = 0, err;

    if (c->rank != root) {
        err = collalg__gather_block(sendcount, sendtype, &ti, &bytes);
        if (err != MPI_SUCCESS || bytes == 0)
            return err;
        return COLLALG_MPI(Send)(sendbuf, sendcount, sendtype, root, COLLALG_TAG_DATA, c->pcomm);
    }
    err = collalg__gather_block(recvcount, recvtype, &ti, &bytes);
    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, ti.extent),
                            recvcount, recvtype, c->pcomm);
    if (err != MPI_SUCCESS || bytes == 0 || c->size == 1)
        return err;
    err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * (c->size - 1), &raw);
    req = (MPI_Request *)raw;
    for (i = 0; i < c->size && err == MPI_SUCCESS; i++) {
        if (i == root)
            continue;
        err = COLLALG_MPI(Irecv)(collalg__at(recvbuf, (MPI_Aint)i * recvcount, ti.extent), recvcount, recvtype, i,
                                 COLLALG_TAG_DATA, c->pcomm, &req[n]);
        n += err == MPI_SUCCESS;
    }
    if (err != MPI_SUCCESS)
        return collalg__first(err, collalg__cancel_all(n, req));
    return collalg__waitall(n, req);
}

/* ---- k-nomial tree ---------------------------------------------------------------------------- */

/**
 * @brief A non-root rank of the tree gather: packs its own block at the start of a scratch buffer
 *        of its subtree's blocks (relative rank order), receives each child's subtree right after
 *        (smallest subtree first), and sends the whole subtree to its parent in one message.
 *        Invariant: when a rank sends, its buffer holds the blocks of relative ranks
 *        [relrank, relrank + subtree) in order. A leaf with a gap-free type sends in place.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_tree_node(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
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
        return COLLALG_MPI(Send)((const char *)sendbuf + ti->lb, bt.per_block, bt.type, parent, COLLALG_TAG_DATA,
                                 c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)n * bytes, &raw);
    buf = (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__gather_pack(c, sendbuf, sendcount, sendtype, ti, buf, bytes);
    for (collalg__knomial_first(&it, rel, p, k, 1); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it))
        err = COLLALG_MPI(Recv)(buf + (MPI_Aint)(it.child - rel) * bytes,
                                collalg__knomial_subtree(it.child, p, k) * bt.per_block, bt.type,
                                collalg__gather_abs(it.child, root, p), COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(buf, n * bt.per_block, bt.type, parent, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief Scratch bytes for the root's subtrees that cannot land in (gather) or leave from
 *        (scatter) the root's buffer directly (collalg__gather_direct): all of them, or the
 *        largest one when @p largest. @return the bytes.
 */
COLLALG_INLINE MPI_Aint collalg__gather_tree_staging(const collalg__typeinfo *ti, MPI_Aint bytes, int root, int p,
                                                     int k, int largest)
{
    collalg__knomial_it it;
    MPI_Aint total = 0;
    for (collalg__knomial_first(&it, 0, p, k, 0); it.child >= 0; collalg__knomial_next(&it)) {
        int n = collalg__knomial_subtree(it.child, p, k);
        if (collalg__gather_direct(ti, it.child, n, root, p))
            continue;
        if (!largest)
            total += n;
        else if (n > total)
            total = n;
    }
    return total * bytes;
}

/**
 * @brief Moves the @p n blocks of relative ranks [@p rel, @p rel + @p n) between the byte run
 *        @p run and their places in the root's buffer @p buf (@p count elements of @p type per
 *        block): unpacks into @p buf when @p to_user (gather), packs from it otherwise (scatter).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_place(const collalg__ctx *c, char *run, int rel, int n, const void *buf, int count,
                                         MPI_Datatype type, const collalg__typeinfo *ti, MPI_Aint bytes, int root,
                                         int to_user)
{
    int j, err = MPI_SUCCESS;
    for (j = 0; j < n && err == MPI_SUCCESS; j++) {
        void *block = collalg__at(buf, (MPI_Aint)collalg__gather_abs(rel + j, root, c->size) * count, ti->extent);
        if (to_user)
            err = collalg__gather_unpack(c, run + (MPI_Aint)j * bytes, bytes, block, count, type, ti);
        else
            err = collalg__gather_pack(c, block, count, type, ti, run + (MPI_Aint)j * bytes, bytes);
    }
    return err;
}

/**
 * @brief The root of the tree gather: receives each child's subtree (smallest first), straight
 *        into @p recvbuf when its blocks form one run of bytes there (collalg__gather_direct), else
 *        into scratch (one buffer, the largest such subtree, reused), from which the blocks are
 *        unpacked to their places at once (the wrap-around of relative ranks, any type with gaps). The own block was copied by the caller.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_tree_root(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                             const collalg__typeinfo *ti, MPI_Aint bytes, int root, int k)
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
    for (collalg__knomial_first(&it, 0, p, k, 1); it.child >= 0 && err == MPI_SUCCESS; collalg__knomial_next(&it)) {
        int n = collalg__knomial_subtree(it.child, p, k), direct = collalg__gather_direct(ti, it.child, n, root, p);
        char *to =
            direct ? collalg__at(recvbuf, (MPI_Aint)collalg__gather_abs(it.child, root, p) * recvcount, ti->extent) +
                         ti->lb
                   : stage;
        err = COLLALG_MPI(Recv)(to, n * bt.per_block, bt.type, collalg__gather_abs(it.child, root, p), COLLALG_TAG_DATA,
                                c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && !direct)
            err = collalg__gather_place(c, stage, it.child, n, recvbuf, recvcount, recvtype, ti, bytes, root, 1);
    }
    return err;
}

/**
 * @brief The gather over the k-nomial tree of radix @p k >= 2 rooted at @p root (binomial for
 *        k = 2). Blocks of more than INT_MAX bytes (beyond what one MPI_Pack describes) take the
 *        linear phase instead. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_tree(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                        void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, int k)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    int err, is_root = c->rank == root;

    err = collalg__gather_block(is_root ? recvcount : sendcount, is_root ? recvtype : sendtype, &ti, &bytes);
    if (err != MPI_SUCCESS)
        return err;
    if (bytes > (MPI_Aint)INT_MAX)
        return collalg__gather_linear_phase(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    if (!is_root)
        return bytes == 0 ? MPI_SUCCESS
                          : collalg__gather_tree_node(c, sendbuf, sendcount, sendtype, &ti, bytes, root, k);
    err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, ti.extent),
                        recvcount, recvtype, c->pcomm);
    if (err != MPI_SUCCESS || bytes == 0 || c->size == 1)
        return err;
    return collalg__gather_tree_root(c, recvbuf, recvcount, recvtype, &ti, bytes, root, k);
}

#endif /* COLLALG_FAMILY_GATHER_H */
