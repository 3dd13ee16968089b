/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/machine/shm.h
 * @brief The node's shared window of the shared-memory short-message family (Pritchard et al.,
 *        §3): an MPI-3 shared-memory window on the node communicator, allocated on first use,
 *        cached with the private communicator, double-buffered, synchronised by MPI calls only.
 *
 * @par Window
 * MPI_Win_allocate_shared over the node communicator (machine/node.h), 2 #COLLALG_SHM_MAX_BYTES
 * bytes per rank: rank r owns a *region* of two *halves* of #COLLALG_SHM_MAX_BYTES bytes each.
 * Every rank learns every region's address once (MPI_Win_shared_query of rank 0, see below)
 * and opens one passive
 * epoch on the window (MPI_Win_lock_all(MPI_MODE_NOCHECK)) that lasts as long as the window, so
 * that MPI_Win_sync is allowed.
 *
 * @par Rounds
 * An algorithm moves its data in *rounds*: every rank stores into its own region's current half
 * (or, for alltoall, into slots of it), then collalg__shm_sync() (MPI_Win_sync, MPI_Barrier on the
 * node communicator, MPI_Win_sync), then every rank reads the regions of the others, then
 * collalg__shm_next() switches to the other half. That is one synchronisation per round, and a
 * call whose data fit one half is one round. Consecutive rounds (of one call or of consecutive
 * calls of any collective of the family on the communicator) alternate halves, and that makes
 * the one barrier enough: a rank that writes a half in round k has left the barrier of round
 * k-1, so every rank has entered that barrier, so every rank has finished reading round k-2,
 * the last round that used the same half. Every rank counts the same rounds (the round counts
 * depend only on sizes that every rank agrees on), so all ranks agree on the current half.
 *
 * @par No spinning
 * The synchronisation is a message-based MPI_Barrier: no rank ever waits by reading a flag in
 * the window. This is what SimGrid needs (SMPI runs all ranks in one process without
 * preemption), and under MPICH MPI_Win_sync is the memory barrier that orders the stores before
 * the barrier with the loads after it. SimGrid 3.32 provides MPI_Win_allocate_shared,
 * MPI_Win_shared_query and MPI_Win_lock_all, but its MPI_Win_sync only prints "not yet
 * implemented" (#COLLALG_SHM_WIN_SYNC leaves it out there: one process, no memory ordering to
 * enforce), and its MPI_Win_shared_query returns the start of the whole window for every rank.
 * The regions are therefore found from rank 0's segment alone: the window is allocated without
 * the alloc_shared_noncontig info key, so by MPI-3.1 §11.2.3 the segments are contiguous in
 * rank order, and region r starts r 2 #COLLALG_SHM_MAX_BYTES bytes after region 0 (on MPICH as
 * on SimGrid).
 *
 * @par One node
 * When the communicator spans more than one node (nnodes > 1: every rank knows it from the
 * cached node level) collalg__shm_get() returns MPI_ERR_ARG on every rank, before any message
 * of the call (building the node level on the first call of a communicator is collective,
 * though).
 *
 * @par Cache
 * The window is an attribute of the private communicator (core/attr.h, a kind of its own); its
 * delete callback closes the epoch and frees the window when the user frees the
 * communicator (collective, like MPI_Comm_free; not under SimGrid, see #COLLALG_SHM_FREE_WINDOW). If a rank cannot allocate its table of region
 * addresses, every rank returns MPI_ERR_NO_MEM and nothing is kept.
 *
 * @par Memory
 * 2 #COLLALG_SHM_MAX_BYTES bytes of shared memory per rank of the node, plus a table of n
 * pointers (n = ranks of the node) per rank.
 */
#ifndef COLLALG_MACHINE_SHM_H
#define COLLALG_MACHINE_SHM_H

#include "../core/core.h"
#include "node.h"

/**
 * @brief Bytes of one half of a rank's region: the most one rank stores in one round (8 KiB
 *        unless defined before the first include; at least 64).
 */
#ifndef COLLALG_SHM_MAX_BYTES
#define COLLALG_SHM_MAX_BYTES 8192
#endif

/**
 * @brief 1 when a round's synchronisation calls MPI_Win_sync around the barrier. Default: 0 under
 *        SimGrid's SMPI, whose MPI_Win_sync (3.32) is "not yet implemented" (a warning, no
 *        effect) and unneeded (all ranks share one address space and run one at a time, so a
 *        store is visible to every rank at once); 1 elsewhere.
 */
#ifndef COLLALG_SHM_WIN_SYNC
#ifdef SMPI_SHARED_MALLOC
#define COLLALG_SHM_WIN_SYNC 0
#else
#define COLLALG_SHM_WIN_SYNC 1
#endif
#endif

/** @brief The cached shared window of a one-node communicator (see the file comment). */
typedef struct collalg__shm {
    MPI_Win win;       /**< the shared window (MPI_WIN_NULL until allocated) */
    int locked;        /**< 1 while the lock_all epoch is open */
    int n;             /**< ranks of the node */
    int me;            /**< this rank in the node */
    int half;          /**< the half (0 or 1) the current round uses */
    MPI_Aint bytes;    /**< bytes of one half: #COLLALG_SHM_MAX_BYTES */
    MPI_Comm nodecomm; /**< the node communicator (owned by the node level) */
    char **region;     /**< region[r]: rank r's region (n pointers) */
} collalg__shm;

/** @brief Closes the epoch, frees the window and @p s (NULL allowed). */
COLLALG_INLINE void collalg__shm_free(collalg__shm *s)
{
    if (!s)
        return;
    if (s->locked)
        COLLALG_MPI(Win_unlock_all)(s->win);
    if (s->win != MPI_WIN_NULL)
        COLLALG_MPI(Win_free)(&s->win);
    COLLALG_FREE(s->region);
    COLLALG_FREE(s);
}

/**
 * @brief 1 when the delete callback frees the window (MPI_Win_free, collective). Default: 0 under
 *        SimGrid's SMPI, which (3.32) runs the attribute delete callbacks of MPI_COMM_WORLD once,
 *        in the last rank to call MPI_Finalize, alone: MPI_Win_free's barrier then aborts the
 *        simulation ("Actor is gone"). There the window is left to the end of the simulation
 *        (2 #COLLALG_SHM_MAX_BYTES bytes per rank and communicator); 1 elsewhere.
 */
#ifndef COLLALG_SHM_FREE_WINDOW
#ifdef SMPI_SHARED_MALLOC
#define COLLALG_SHM_FREE_WINDOW 0
#else
#define COLLALG_SHM_FREE_WINDOW 1
#endif
#endif

/**
 * @brief Attribute delete callback of the cached window (see #COLLALG_SHM_FREE_WINDOW).
 * @param comm   the private communicator; MPI_COMM_NULL for a window never attached (then freed
 *               whatever #COLLALG_SHM_FREE_WINDOW says)
 * @param keyval the keyval (unused)
 * @param attr   the window (collalg__shm *)
 * @param extra  unused
 * @return MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__shm_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    collalg__shm *s = (collalg__shm *)attr;
    (void)keyval;
    (void)extra;
    if (!COLLALG_SHM_FREE_WINDOW && s && comm != MPI_COMM_NULL) {
        s->locked = 0;
        s->win = MPI_WIN_NULL;
    }
    collalg__shm_free(s);
    return MPI_SUCCESS;
}

/**
 * @brief Allocates the window of a node (the builder of collalg__shm_get()'s cache). Collective
 *        over nd->nodecomm.
 * @param arg the node level (a const collalg__node *)
 * @param out out: the window (a collalg__shm *; freed with collalg__shm_free())
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM on every rank when one rank cannot allocate its table, or
 *         the MPI error code.
 */
COLLALG_INLINE int collalg__shm_build(const void *arg, void **out)
{
    const collalg__node *nd = (const collalg__node *)arg;
    collalg__shm *s = (collalg__shm *)COLLALG_MALLOC(sizeof *s);
    int err, r, nomem, any_nomem = 0, disp = 1;
    MPI_Aint size = 0;
    void *mine = NULL;

    *out = NULL;
    if (s) {
        memset(s, 0, sizeof *s);
        s->win = MPI_WIN_NULL;
        s->n = nd->node_size;
        s->me = nd->node_rank;
        s->bytes = COLLALG_SHM_MAX_BYTES;
        s->nodecomm = nd->nodecomm;
        s->region = (char **)COLLALG_MALLOC((size_t)nd->node_size * sizeof(char *));
    }
    nomem = !s || !s->region;
    err = COLLALG_MPI(Allreduce)(&nomem, &any_nomem, 1, MPI_INT, MPI_MAX, nd->nodecomm);
    if (err == MPI_SUCCESS && any_nomem)
        err = MPI_ERR_NO_MEM;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Win_allocate_shared)(2 * s->bytes, 1, MPI_INFO_NULL, nd->nodecomm, &mine, &s->win);
    /* the segments are contiguous (no alloc_shared_noncontig): region r = region 0 + r * 2 M */
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Win_shared_query)(s->win, 0, &size, &disp, &s->region[0]);
    for (r = 1; err == MPI_SUCCESS && r < s->n; r++)
        s->region[r] = s->region[0] + (MPI_Aint)r * 2 * s->bytes;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Win_lock_all)(MPI_MODE_NOCHECK, s->win);
    if (err == MPI_SUCCESS) {
        s->locked = 1;
        *out = s;
    } else
        collalg__shm_free(s);
    return err;
}

/** @brief The kind of the cached window (core/attr.h; one per translation unit). */
COLLALG_INLINE collalg__attr_kind *collalg__shm_attr(void)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__shm_delete, collalg__shm_build};
    return &kind;
}

/**
 * @brief The node level and the cached window of @p c's communicator (built on first use).
 * @return MPI_SUCCESS; MPI_ERR_ARG on every rank when the communicator spans more than one
 *         node; MPI_ERR_NO_MEM; or the MPI error code of the calls that build the node level or
 *         the window.
 */
COLLALG_INLINE int collalg__shm_get(collalg__ctx *c, collalg__shm **out)
{
    const collalg__node *nd = NULL;
    void *value = NULL;
    int err = collalg__node_get(c, &nd);
    if (err == MPI_SUCCESS && nd->nnodes > 1)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS)
        err = collalg__attr_get(c->pcomm, collalg__shm_attr(), nd, &value);
    *out = (collalg__shm *)value;
    return err;
}

/** @brief Rank @p r's half of the current round. */
COLLALG_INLINE char *collalg__shm_at(const collalg__shm *s, int r)
{
    return s->region[r] + (MPI_Aint)s->half * s->bytes;
}

/**
 * @brief The one synchronisation of a round: the stores of every rank become visible to every
 *        rank (MPI_Win_sync, MPI_Barrier on the node communicator, MPI_Win_sync).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__shm_sync(const collalg__shm *s)
{
    int err = COLLALG_SHM_WIN_SYNC ? COLLALG_MPI(Win_sync)(s->win) : MPI_SUCCESS;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Barrier)(s->nodecomm);
    if (err == MPI_SUCCESS && COLLALG_SHM_WIN_SYNC)
        err = COLLALG_MPI(Win_sync)(s->win);
    return err;
}

/** @brief Ends a round: the next round uses the other half. */
COLLALG_INLINE void collalg__shm_next(collalg__shm *s)
{
    s->half ^= 1;
}

/* ---- data in and out of the window --------------------------------------------------------- */

/**
 * @brief A message of @p count elements of @p type as a string of packed bytes: where byte k of
 *        it is found (dense types: in the user's buffer itself; otherwise in a packed copy).
 */
typedef struct collalg__shm_bytes {
    char *at;     /**< byte 0 of the packed message (user memory or scratch) */
    MPI_Aint len; /**< its length: count * size of type */
    int packed;   /**< 1 when @c at is a scratch copy (MPI_Pack / MPI_Unpack needed) */
} collalg__shm_bytes;

/**
 * @brief Packs or unpacks @p count elements of @p type at @p buf to or from the packed bytes at
 *        @p bytes (MPI_Pack / MPI_Unpack in pieces whose size fits an int).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__shm_pack(int unpack, const void *buf, MPI_Aint count, MPI_Datatype type,
                                     const collalg__typeinfo *ti, char *bytes, MPI_Comm comm)
{
    MPI_Aint done = 0, piece = ti->size > 0 ? (MPI_Aint)(INT_MAX / ti->size) : count;
    int err = MPI_SUCCESS;
    while (done < count && err == MPI_SUCCESS) {
        int n = (int)(count - done < piece ? count - done : piece), pos = 0;
        char *at = bytes + done * ti->size;
        if (unpack)
            err = COLLALG_MPI(Unpack)(at, n * ti->size, &pos, collalg__at(buf, done, ti->extent), n, type, comm);
        else
            err = COLLALG_MPI(Pack)(collalg__at(buf, done, ti->extent), n, type, at, n * ti->size, &pos, comm);
        done += n;
    }
    return err;
}

/**
 * @brief Sets @p b up for @p count elements of @p type at @p buf: dense types are used in place;
 *        others get a scratch copy (owned by @p c), packed now when @p pack_now (a message to
 *        send), to be unpacked by collalg__shm_bytes_done() otherwise.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__shm_bytes_init(collalg__ctx *c, collalg__shm_bytes *b, const void *buf, MPI_Aint count,
                                           MPI_Datatype type, int pack_now)
{
    collalg__typeinfo ti;
    void *mem = NULL;
    int err = collalg__typeinfo_get(type, &ti);
    b->at = NULL;
    b->len = count * ti.size;
    b->packed = 0;
    if (err != MPI_SUCCESS || b->len == 0)
        return err;
    if (ti.dense) {
        b->at = (char *)buf + ti.lb;
        return MPI_SUCCESS;
    }
    err = collalg__scratch(c, b->len, &mem);
    b->at = (char *)mem;
    b->packed = 1;
    if (err == MPI_SUCCESS && pack_now)
        err = collalg__shm_pack(0, buf, count, type, &ti, b->at, c->pcomm);
    return err;
}

/** @brief Unpacks a received message of @p b into its user buffer (nothing for dense types). */
COLLALG_INLINE int collalg__shm_bytes_done(collalg__ctx *c, const collalg__shm_bytes *b, void *buf, MPI_Aint count,
                                           MPI_Datatype type)
{
    collalg__typeinfo ti;
    int err;
    if (!b->packed)
        return MPI_SUCCESS;
    err = collalg__typeinfo_get(type, &ti);
    if (err == MPI_SUCCESS)
        err = collalg__shm_pack(1, buf, count, type, &ti, b->at, c->pcomm);
    return err;
}

/** @brief Copies @p len bytes (no-op for 0 or the same address). */
COLLALG_INLINE void collalg__shm_copy(char *dst, const char *src, MPI_Aint len)
{
    if (len > 0 && dst != src)
        memcpy(dst, src, (size_t)len);
}

/** @brief Rounds of a transfer of @p len bytes through slots of @p slot bytes (0 for len 0). */
COLLALG_INLINE MPI_Aint collalg__shm_rounds(MPI_Aint len, MPI_Aint slot)
{
    return len > 0 ? (len + slot - 1) / slot : 0;
}

#endif /* COLLALG_MACHINE_SHM_H */
