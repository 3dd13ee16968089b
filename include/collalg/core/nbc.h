/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/nbc.h
 * @brief The executor of the nonblocking collectives: runs a schedule (schedule/steps.h) behind
 *        a real MPI_Request, without blocking, and the progress call collalg_progress().
 *
 * @par Life of an operation
 * A nonblocking algorithm (`include/collalg/i<collective>/`) checks its arguments, runs its
 * builder once to count the steps, gets an operation of that size from collalg__nbc_new(),
 * builds the steps into it, names its buffers (collalg__nbc_buffer()) and calls
 * collalg__nbc_start(), which starts the steps that wait for nothing and returns the request.
 * From then on collalg__nbc_advance() starts every step whose dependencies are complete (per step
 * a count of open dependencies and the list of its successors; a heap of ready steps, smallest
 * index first) and tests the messages in flight, never blocking; when the last step is done it completes the request
 * (MPI_Grequest_complete). The application's MPI_Wait / MPI_Test then returns, and the
 * request's free function releases everything the operation holds: the steps, the scratch
 * buffer, the datatypes it duplicated.
 *
 * @par Who advances it
 * - With MPICH, the request is an extended generalized request (MPIX_Grequest_class_create,
 *   Latham, Gropp, Ross, Thakur, EuroPVM/MPI 2007): MPICH's MPI_Test, MPI_Wait and their array
 *   forms call the class's poll function, which advances the operation, so the application's
 *   own completion calls drive it. Define COLLALG_NO_MPIX_GREQUEST to use plain generalized
 *   requests there too.
 * - With any MPI, collalg_progress() advances every outstanding operation of the calling process;
 *   a plain generalized request completes only through it (MPI_Wait alone would wait forever):
 *   call collalg_progress() until MPI_Test says the request is complete.
 * Progress happens only inside those calls; there is no helper thread.
 *
 * @par Messages and tags
 * The messages travel on the communicator's private duplicate (core/comm.h). Each operation
 * takes the next tag of that communicator, COLLALG_NBC_TAG_FIRST + (n mod COLLALG_NBC_TAGS) for
 * its n-th nonblocking collective: all ranks start the collectives of a communicator in the same
 * order, so they agree on it, and up to COLLALG_NBC_TAGS operations may be outstanding on one
 * communicator, interleaved with blocking catalogue calls (whose tags are below
 * COLLALG_NBC_TAG_FIRST) and with the application's own traffic (on the user communicator).
 *
 * @par State
 * Two values cached as communicator attributes (core/attr.h), no static state: the tag counter
 * on the private duplicate, and the list of this process's operations on MPI_COMM_SELF (one per
 * process, and one per simulated process under SimGrid's SMPI). A nonblocking operation stays in
 * that list from its start until its request is freed (its free function), marked finished once
 * its request is complete, so that a caller (the PMPI library's completion calls) can tell the
 * catalogue's requests from the MPI's own until the application has completed them; a persistent
 * operation is in it while it runs (core/persistent.h).
 *
 * @par Limits
 * - The first catalogue call on a communicator, blocking or not, duplicates it (MPI_Comm_dup), so
 *   it is collective: a program that starts a nonblocking collective and then waits for a
 *   point-to-point message another rank sends before it starts the same collective deadlocks on
 *   that first call only. Make one catalogue call on the communicator beforehand.
 * - A derived datatype is duplicated at the start, so the application may free its own (not
 *   under SimGrid: COLLALG_NBC_KEEP_TYPES); an MPI_Op cannot be duplicated: a user-defined operation must not be freed before the request
 *   completes.
 * - MPI_Cancel on the request returns MPI_ERR_REQUEST (cancelling a collective is erroneous).
 */
#ifndef COLLALG_CORE_NBC_H
#define COLLALG_CORE_NBC_H

#include "config.h"
#include "args.h"
#include "attr.h"
#include "comm.h"
#include "datatype.h"
#include "reduce_local.h"
#include "tags.h"
#include "request.h"
#include "../schedule/steps.h"

/** @brief First tag of the nonblocking collectives on a private communicator. */
#define COLLALG_NBC_TAG_FIRST 64
/** @brief Tags the nonblocking collectives cycle through (the last is below 32767, the smallest
 *         MPI_TAG_UB the standard allows): most operations outstanding on one communicator. */
#define COLLALG_NBC_TAGS 32000
/** @brief Tag of the empty message that completes a persistent operation's request, on the
 *         operation's own communicator (where its messages have tag COLLALG_NBC_TAG_FIRST and
 *         local copies tag 0: core/persistent.h). */
#define COLLALG_NBC_SIGNAL_TAG (COLLALG_NBC_TAG_FIRST + 1)

/**
 * @def COLLALG_NBC_KEEP_TYPES
 * @brief 1: an operation duplicates the application's derived datatypes at the start (the
 *        default); 0 under SimGrid's SMPI, whose duplicates (3.32: MPI_Type_dup, and a
 *        contiguous type of one element alike) lose a vector's stride beyond the first element:
 *        there the application must keep its datatypes until the request completes.
 */
#ifndef COLLALG_NBC_KEEP_TYPES
#ifdef SMPI_H
#define COLLALG_NBC_KEEP_TYPES 0
#else
#define COLLALG_NBC_KEEP_TYPES 1
#endif
#endif

/**
 * @def COLLALG_NBC_PERSISTENT_P2P
 * @brief 1: a persistent operation makes a persistent send or receive per message at init and
 *        starts it at each start (collalg__nbc_prepare(), the default); 0 under SimGrid's SMPI,
 *        whose MPI_Send_init (3.32) packs the data of a derived datatype when the request is
 *        made, so every start would send the contents the buffer had at init. There each start
 *        posts MPI_Isend and MPI_Irecv, which the simulation charges the same.
 */
#ifndef COLLALG_NBC_PERSISTENT_P2P
#ifdef SMPI_H
#define COLLALG_NBC_PERSISTENT_P2P 0
#else
#define COLLALG_NBC_PERSISTENT_P2P 1
#endif
#endif

/**
 * @def COLLALG_NBC_MPIX
 * @brief 1 when requests are MPICH's extended generalized requests (MPICH's mpi.h, and
 *        COLLALG_NO_MPIX_GREQUEST not defined): MPI_Test and MPI_Wait advance them. 0: plain
 *        generalized requests, advanced by collalg_progress().
 */
#if defined(MPICH) && !defined(COLLALG_NO_MPIX_GREQUEST)
#define COLLALG_NBC_MPIX 1
#else
#define COLLALG_NBC_MPIX 0
#endif

typedef struct collalg__nbc collalg__nbc;

/** @brief The operations of a process (cached on MPI_COMM_SELF): see "State" above. */
typedef struct collalg__nbc_list {
    collalg__nbc *head;       /**< most recently started first: the nonblocking operations whose
                                   request is not freed yet, the persistent ones while they run */
    collalg__nbc *persistent; /**< the persistent operations, started or not (core/persistent.h) */
} collalg__nbc_list;

/** @brief One nonblocking collective in flight (see the file comment). */
struct collalg__nbc {
    collalg__steps s;                       /**< the schedule (steps and deps live in this allocation) */
    char *base[COLLALG_NBUF];               /**< buffer addresses (COLLALG_BUF_*) */
    MPI_Datatype type[COLLALG_NBUF];        /**< their datatypes */
    MPI_Aint extent[COLLALG_NBUF];          /**< their extents */
    MPI_Datatype owned[COLLALG_NBUF];       /**< duplicated datatypes, freed at the end */
    MPI_Datatype dup_of[COLLALG_NBUF];      /**< the application's datatype each one duplicates */
    int nowned;                             /**< used entries of owned */
    MPI_Datatype *table[COLLALG_NBUF];      /**< per-peer datatypes of a buffer (MPI_Alltoallw), or NULL */
    unsigned char *table_dup[COLLALG_NBUF]; /**< per entry: 1 when the table holds our duplicate */
    int table_n;                            /**< entries per table (p) */
    MPI_Op op;                              /**< the reduction of COLLALG_STEP_REDUCE */
    MPI_Comm pcomm;                         /**< private communicator */
    int tag;                                /**< this operation's tag */
    MPI_Request greq;                       /**< the application's request */
    MPI_Request *req;                       /**< the requests of the messages in flight, nact of them */
    MPI_Request *preq;                      /**< persistent: per step, the persistent send or receive
                                                 made at init (MPI_REQUEST_NULL for a copy or a
                                                 reduction); NULL for the other operations */
    int *act_step;                          /**< per entry of req: its step */
    int nact;                               /**< messages in flight */
    int *done_idx;                          /**< MPI_Testsome's index array */
    int *left;                              /**< per step: dependencies not yet done */
    int *succ_first;                        /**< per step: its successors are succ[succ_first[i] ..
                                                 succ_first[i + 1]) (nsteps + 1 entries) */
    int *succ;                              /**< the steps that depend on each step, in index order */
    int *ready;                             /**< min-heap of the steps ready to start */
    int nready;                             /**< entries of ready */
    int ndone;                              /**< steps done */
    int err;                                /**< first error (MPI_SUCCESS while all goes well) */
    int finished;                           /**< the request has been completed */
    void *tmp;                              /**< COLLALG_BUF_TMP's allocation */
    collalg__nbc_list *list;                /**< the process's list, while in it (see "State") */
    collalg__nbc *prev, *next;              /**< neighbours in it */
    int persistent;                         /**< 1: a persistent operation (core/persistent.h) */
    int self;                               /**< persistent: the caller's rank */
    int signal;                             /**< persistent: the empty completion message's buffer */
    MPI_Comm ucomm;                         /**< persistent: the user's communicator (errors) */
    collalg__nbc_list *plist;               /**< persistent: the process's list holding it */
    collalg__nbc *pprev, *pnext;            /**< persistent: neighbours in the list of them */
};

/* ---- Cached state: the tag counter and the process's list ------------------------------------ */

/** @brief Delete callback of the tag counter and of the list: frees the value. */
COLLALG_INLINE int collalg__nbc_state_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    COLLALG_FREE(attr);
    return MPI_SUCCESS;
}

/** @brief Builder of the tag counter and of the list: zeroed memory of *(size_t *)arg bytes. */
COLLALG_INLINE int collalg__nbc_state_build(const void *arg, void **value)
{
    size_t bytes = *(const size_t *)arg;
    *value = COLLALG_MALLOC(bytes);
    if (!*value)
        return MPI_ERR_NO_MEM;
    memset(*value, 0, bytes);
    return MPI_SUCCESS;
}

/** @brief The next tag of private communicator @p pcomm. @return MPI_SUCCESS or an error code. */
COLLALG_INLINE int collalg__nbc_next_tag(MPI_Comm pcomm, int *tag)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__nbc_state_delete, collalg__nbc_state_build};
    size_t bytes = sizeof(unsigned);
    void *v;
    int err = collalg__attr_get(pcomm, &kind, &bytes, &v);
    if (err != MPI_SUCCESS)
        return err;
    *tag = COLLALG_NBC_TAG_FIRST + (int)(*(unsigned *)v % COLLALG_NBC_TAGS);
    ++*(unsigned *)v;
    return MPI_SUCCESS;
}

/** @brief This process's list of operations (created on first use; see "State"). */
COLLALG_INLINE int collalg__nbc_list_get(collalg__nbc_list **list)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__nbc_state_delete, collalg__nbc_state_build};
    size_t bytes = sizeof(collalg__nbc_list);
    void *v = NULL;
    int err = collalg__attr_get(MPI_COMM_SELF, &kind, &bytes, &v);
    *list = (collalg__nbc_list *)v;
    return err;
}

/** @brief Takes @p op out of its process's list (no-op when it is not in one). */
COLLALG_INLINE void collalg__nbc_unlink(collalg__nbc *op)
{
    if (!op->list)
        return;
    if (op->prev)
        op->prev->next = op->next;
    else
        op->list->head = op->next;
    if (op->next)
        op->next->prev = op->prev;
    op->list = NULL;
    op->prev = op->next = NULL;
}

/** @brief Frees everything @p op holds, and @p op (NULL: no-op). The request, if any, is the
 *         caller's business. */
COLLALG_INLINE void collalg__nbc_free(collalg__nbc *op)
{
    int i;
    if (!op)
        return;
    collalg__nbc_unlink(op);
    if (op->plist) { /* out of the list of persistent operations */
        if (op->pprev)
            op->pprev->pnext = op->pnext;
        else
            op->plist->persistent = op->pnext;
        if (op->pnext)
            op->pnext->pprev = op->pprev;
    }
    if (op->persistent) {
        for (i = 0; op->preq && i < op->s.nsteps; i++)
            if (op->preq[i] != MPI_REQUEST_NULL)
                COLLALG_MPI(Request_free)(&op->preq[i]);
        COLLALG_FREE(op->preq);
        if (op->greq != MPI_REQUEST_NULL)
            COLLALG_MPI(Request_free)(&op->greq);
        if (op->pcomm != MPI_COMM_NULL)
            COLLALG_MPI(Comm_free)(&op->pcomm);
    }
    for (i = 0; i < op->nowned; i++)
        COLLALG_MPI(Type_free)(&op->owned[i]);
    for (i = 0; i < COLLALG_NBUF; i++) {
        int j;
        for (j = 0; op->table[i] && j < op->table_n; j++)
            if (op->table_dup[i][j])
                COLLALG_MPI(Type_free)(&op->table[i][j]);
        COLLALG_FREE(op->table[i]);
    }
    COLLALG_FREE(op->tmp);
    COLLALG_FREE(op);
}

/* ---- Building an operation --------------------------------------------------------------------- */

/** @brief Room for @p n objects of @p size bytes at *@p at, aligned to 16 bytes; advances *@p at. */
COLLALG_INLINE void *collalg__nbc_carve(char **at, size_t n, size_t size)
{
    void *mine;
    *at += (size_t)(-(size_t)*at & 15);
    mine = *at;
    *at += n * size;
    return mine;
}

/**
 * @brief Allocates an operation for the schedule counted in @p counted (collalg__steps_counting()
 *        and the builder), in one block: the operation, its steps and dependencies, and the
 *        executor's per-step arrays. Its schedule is left ready for the filling run
 *        (collalg__steps_filling()).
 * @return MPI_SUCCESS, or MPI_ERR_NO_MEM (then *op is NULL).
 */
COLLALG_INLINE int collalg__nbc_new(const collalg__steps *counted, collalg__nbc **op)
{
    size_t n = (size_t)counted->nsteps, nd = (size_t)counted->ndeps, bytes;
    collalg__nbc *o;
    char *at;
    int i;
    bytes = sizeof *o + n * (sizeof(MPI_Request) + sizeof(collalg__step) + 5 * sizeof(int)) +
            (2 * nd + 1) * sizeof(int) + 8 * 16;
    *op = NULL;
    o = (collalg__nbc *)COLLALG_MALLOC(bytes);
    if (!o)
        return MPI_ERR_NO_MEM;
    memset(o, 0, sizeof *o);
    at = (char *)(o + 1);
    o->req = (MPI_Request *)collalg__nbc_carve(&at, n, sizeof(MPI_Request));
    collalg__steps_filling(&o->s, (collalg__step *)collalg__nbc_carve(&at, n, sizeof(collalg__step)), NULL);
    o->s.deps = (int *)collalg__nbc_carve(&at, nd, sizeof(int));
    o->succ = (int *)collalg__nbc_carve(&at, nd, sizeof(int));
    o->succ_first = (int *)collalg__nbc_carve(&at, n + 1, sizeof(int));
    o->act_step = (int *)collalg__nbc_carve(&at, n, sizeof(int));
    o->done_idx = (int *)collalg__nbc_carve(&at, n, sizeof(int));
    o->left = (int *)collalg__nbc_carve(&at, n, sizeof(int));
    o->ready = (int *)collalg__nbc_carve(&at, n, sizeof(int));
    for (i = 0; i < COLLALG_NBUF; i++)
        o->type[i] = MPI_DATATYPE_NULL;
    o->op = MPI_OP_NULL;
    o->pcomm = MPI_COMM_NULL;
    o->greq = MPI_REQUEST_NULL;
    *op = o;
    return MPI_SUCCESS;
}

/**
 * @brief The datatype @p op keeps for @p type: @p type itself when it is predefined, else a
 *        duplicate @p op frees at the end (so the application may free its own at once). Under
 *        SimGrid (COLLALG_NBC_KEEP_TYPES 0) @p type itself.
 * @return MPI_SUCCESS or the error code of MPI_Type_get_envelope / MPI_Type_dup.
 */
COLLALG_INLINE int collalg__nbc_keep_type(collalg__nbc *op, MPI_Datatype type, MPI_Datatype *kept)
{
    int ni, na, nd, comb, err, i;
    *kept = type;
    if (COLLALG_NBC_KEEP_TYPES == 0 || type == MPI_DATATYPE_NULL || collalg__basic_size(type) > 0)
        return MPI_SUCCESS;
    for (i = 0; i < op->nowned; i++) /* the same type for two buffers: one duplicate */
        if (op->dup_of[i] == type) {
            *kept = op->owned[i];
            return MPI_SUCCESS;
        }
    err = COLLALG_MPI(Type_get_envelope)(type, &ni, &na, &nd, &comb);
    if (err != MPI_SUCCESS || comb == MPI_COMBINER_NAMED)
        return err;
    err = COLLALG_MPI(Type_dup)(type, kept);
    if (err == MPI_SUCCESS) {
        op->dup_of[op->nowned] = type;
        op->owned[op->nowned++] = *kept;
    }
    return err;
}

/**
 * @brief Names buffer @p buf (COLLALG_BUF_SEND or COLLALG_BUF_RECV) of @p op: address @p base,
 *        elements of @p type.
 * @return MPI_SUCCESS or an MPI error code (from the datatype queries or MPI_Type_contiguous).
 */
COLLALG_INLINE int collalg__nbc_buffer(collalg__nbc *op, int buf, const void *base, MPI_Datatype type)
{
    MPI_Aint lb;
    int err = collalg__nbc_keep_type(op, type, &op->type[buf]);
    op->base[buf] = (char *)base;
    if (err == MPI_SUCCESS && type != MPI_DATATYPE_NULL)
        err = COLLALG_MPI(Type_get_extent)(type, &lb, &op->extent[buf]);
    return err;
}

/**
 * @brief Names buffer @p buf of @p op as one of per-peer datatypes (MPI_Alltoallw): address
 *        @p base, addressed in bytes, block j of datatype @p types[j] (@p n of them), each
 *        derived datatype duplicated as by collalg__nbc_keep_type() (one duplicate for a run of
 *        equal entries).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code of MPI_Type_get_envelope /
 *         MPI_Type_dup.
 */
COLLALG_INLINE int collalg__nbc_table(collalg__nbc *op, int buf, const void *base, const MPI_Datatype *types, int n)
{
    int j, err = MPI_SUCCESS, ni, na, nd, comb;
    op->table[buf] = (MPI_Datatype *)COLLALG_MALLOC((size_t)n * (sizeof(MPI_Datatype) + 1) + 1);
    if (!op->table[buf])
        return MPI_ERR_NO_MEM;
    op->table_dup[buf] = (unsigned char *)(op->table[buf] + n);
    memset(op->table_dup[buf], 0, (size_t)(n > 0 ? n : 0)); /* (GCC 12 sees a negative n otherwise) */
    op->table_n = n;
    op->base[buf] = (char *)base;
    op->extent[buf] = 1;
    for (j = 0; j < n && err == MPI_SUCCESS; j++) {
        op->table[buf][j] = types[j];
        if (!COLLALG_NBC_KEEP_TYPES || types[j] == MPI_DATATYPE_NULL || collalg__basic_size(types[j]) > 0)
            continue;
        if (j > 0 && types[j] == types[j - 1]) { /* the previous entry's duplicate serves */
            op->table[buf][j] = op->table[buf][j - 1];
            continue;
        }
        err = COLLALG_MPI(Type_get_envelope)(types[j], &ni, &na, &nd, &comb);
        if (err == MPI_SUCCESS && comb != MPI_COMBINER_NAMED) {
            err = COLLALG_MPI(Type_dup)(types[j], &op->table[buf][j]);
            op->table_dup[buf][j] = err == MPI_SUCCESS;
        }
    }
    return err;
}

/**
 * @brief Allocates COLLALG_BUF_TMP: the schedule's tmp_count elements of the receive buffer's
 *        datatype (named before this call), or tmp_count bytes when the receive buffer has
 *        per-peer datatypes (collalg__nbc_table()).
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code of the datatype queries.
 */
COLLALG_INLINE int collalg__nbc_tmp(collalg__nbc *op)
{
    collalg__typeinfo ti;
    MPI_Aint bytes;
    int err;
    op->type[COLLALG_BUF_TMP] = op->type[COLLALG_BUF_RECV];
    op->extent[COLLALG_BUF_TMP] = op->extent[COLLALG_BUF_RECV];
    if (op->s.tmp_count == 0)
        return MPI_SUCCESS;
    if (op->table[COLLALG_BUF_RECV]) { /* per-peer datatypes: tmp_count raw bytes */
        if ((unsigned long long)op->s.tmp_count > (unsigned long long)(size_t)-1)
            return MPI_ERR_NO_MEM;
        op->tmp = COLLALG_MALLOC((size_t)op->s.tmp_count);
        op->base[COLLALG_BUF_TMP] = (char *)op->tmp;
        return op->tmp ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    }
    err = collalg__typeinfo_get(op->type[COLLALG_BUF_RECV], &ti);
    if (err != MPI_SUCCESS)
        return err;
    bytes = collalg__span((MPI_Aint)op->s.tmp_count, &ti);
    if ((unsigned long long)bytes > (unsigned long long)(size_t)-1)
        return MPI_ERR_NO_MEM;
    op->tmp = COLLALG_MALLOC((size_t)bytes);
    if (!op->tmp)
        return MPI_ERR_NO_MEM;
    op->base[COLLALG_BUF_TMP] = (char *)op->tmp - ti.true_lb;
    return MPI_SUCCESS;
}

/** @brief Removes the parentheses of a builder's argument list (COLLALG__NBC_BUILD()). */
#define COLLALG__NBC_UNPAREN(...) __VA_ARGS__

/**
 * @brief The two runs of a schedule builder: when @p err is MPI_SUCCESS, counts the steps of
 *        `build(&steps, args...)`, allocates @p op for them (collalg__nbc_new(), which may set
 *        @p err to MPI_ERR_NO_MEM) and builds them into it. @p args is the builder's argument
 *        list after the schedule, in parentheses.
 */
#define COLLALG__NBC_BUILD(err, op, build, args)                 \
    do {                                                         \
        if ((err) == MPI_SUCCESS) {                              \
            collalg__steps collalg__counted;                     \
            collalg__steps_counting(&collalg__counted);          \
            build(&collalg__counted, COLLALG__NBC_UNPAREN args); \
            (err) = collalg__nbc_new(&collalg__counted, &(op));  \
            if ((err) == MPI_SUCCESS)                            \
                build(&(op)->s, COLLALG__NBC_UNPAREN args);      \
        }                                                        \
    } while (0)

/* ---- Running it ------------------------------------------------------------------------------- */

/** @brief Address of piece @p x of @p op. */
COLLALG_INLINE char *collalg__nbc_at(const collalg__nbc *op, collalg__piece x)
{
    return collalg__at(op->base[x.buf], (MPI_Aint)x.first, x.type == COLLALG_TYPE_BUFFER ? op->extent[x.buf] : 1);
}

/** @brief Datatype of piece @p x of @p op: its buffer's, MPI_BYTE, or an entry of a per-peer
 *         table (COLLALG_BUF_TMP: the receive buffer's). */
COLLALG_INLINE MPI_Datatype collalg__nbc_type(const collalg__nbc *op, collalg__piece x)
{
    if (x.type == COLLALG_TYPE_BUFFER)
        return op->type[x.buf];
    if (x.type == COLLALG_TYPE_BYTES)
        return MPI_BYTE;
    return op->table[x.buf == COLLALG_BUF_TMP ? COLLALG_BUF_RECV : x.buf][x.type];
}

/** @brief MPI_STATUSES_IGNORE, through a volatile pointer: passed directly, it trips GCC 12's
 *         false -Wstringop-overflow on MPICH 4.0's mpi.h (see collalg__waitall()). */
COLLALG_INLINE MPI_Status *collalg__statuses_ignore(void)
{
    MPI_Status *volatile none = MPI_STATUSES_IGNORE;
    return none;
}

/** @brief Puts step @p i into the ready heap of @p op (smallest index on top). */
COLLALG_INLINE void collalg__nbc_push(collalg__nbc *op, int i)
{
    int k = op->nready++;
    while (k > 0 && op->ready[(k - 1) / 2] > i) {
        op->ready[k] = op->ready[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    op->ready[k] = i;
}

/** @brief Takes the ready step of the smallest index out of the heap of @p op (not empty). */
COLLALG_INLINE int collalg__nbc_pop(collalg__nbc *op)
{
    int top = op->ready[0], last = op->ready[--op->nready], k = 0, c;
    while ((c = 2 * k + 1) < op->nready) {
        if (c + 1 < op->nready && op->ready[c + 1] < op->ready[c])
            c++;
        if (op->ready[c] >= last)
            break;
        op->ready[k] = op->ready[c];
        k = c;
    }
    if (op->nready > 0)
        op->ready[k] = last;
    return top;
}

/**
 * @brief Inverts the dependency lists of the built schedule of @p op: per step the steps that
 *        wait for it (succ_first, succ), each list in index order. Once per operation.
 */
COLLALG_INLINE void collalg__nbc_successors(collalg__nbc *op)
{
    int n = op->s.nsteps, i, d;
    memset(op->succ_first, 0, ((size_t)n + 1) * sizeof(int));
    for (i = 0; i < op->s.ndeps; i++)
        op->succ_first[op->s.deps[i] + 1]++;
    for (i = 0; i < n; i++)
        op->succ_first[i + 1] += op->succ_first[i];
    for (i = 0; i < n; i++) { /* succ_first[j] runs ahead while j's list fills ... */
        const collalg__step *t = &op->s.steps[i];
        for (d = 0; d < t->ndeps; d++)
            op->succ[op->succ_first[op->s.deps[t->dep_first + d]]++] = i;
    }
    for (i = n; i > 0; i--) /* ... and is moved back to the list's start here */
        op->succ_first[i] = op->succ_first[i - 1];
    op->succ_first[0] = 0;
}

/**
 * @brief Readies @p op for a run (its start, or each start of a persistent operation): nothing
 *        done or in flight, per step all its dependencies open, the steps that wait for nothing
 *        in the ready heap.
 */
COLLALG_INLINE void collalg__nbc_arm(collalg__nbc *op)
{
    int i;
    op->ndone = op->nact = op->nready = 0;
    op->err = MPI_SUCCESS;
    op->finished = 0;
    for (i = 0; i < op->s.nsteps; i++) {
        op->left[i] = op->s.steps[i].ndeps;
        if (op->left[i] == 0)
            collalg__nbc_push(op, i);
    }
}

/** @brief Marks step @p i of @p op done: every successor whose last dependency it was becomes ready. */
COLLALG_INLINE void collalg__nbc_done(collalg__nbc *op, int i)
{
    int k;
    op->ndone++;
    for (k = op->succ_first[i]; k < op->succ_first[i + 1]; k++)
        if (--op->left[op->succ[k]] == 0)
            collalg__nbc_push(op, op->succ[k]);
}

/**
 * @brief Starts step @p i of @p op: posts its message (then in flight), or does its copy or
 *        reduction (then done). Piece counts fit an int: a piece is part of one buffer of an MPI
 *        call.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__nbc_start_step(collalg__nbc *op, int i)
{
    const collalg__step *t = &op->s.steps[i];
    MPI_Request *r = &op->req[op->nact];
    int err;
    if (op->preq && op->preq[i] != MPI_REQUEST_NULL) { /* a message of a persistent operation */
        *r = op->preq[i];
        err = COLLALG_MPI(Start)(r);
        if (err == MPI_SUCCESS)
            op->act_step[op->nact++] = i;
        return err;
    }
    switch (t->kind) {
    case COLLALG_STEP_SEND:
        err = COLLALG_MPI(Isend)(collalg__nbc_at(op, t->src), (int)t->src.count, collalg__nbc_type(op, t->src), t->peer,
                                 op->tag, op->pcomm, r);
        break;
    case COLLALG_STEP_RECV:
        err = COLLALG_MPI(Irecv)(collalg__nbc_at(op, t->dst), (int)t->dst.count, collalg__nbc_type(op, t->dst), t->peer,
                                 op->tag, op->pcomm, r);
        break;
    case COLLALG_STEP_COPY:
        err = collalg__copy(collalg__nbc_at(op, t->src), (int)t->src.count, collalg__nbc_type(op, t->src),
                            collalg__nbc_at(op, t->dst), (int)t->dst.count, collalg__nbc_type(op, t->dst), op->pcomm);
        collalg__nbc_done(op, i);
        return err;
    default: /* COLLALG_STEP_REDUCE */
        err = t->src.count == 0 ? MPI_SUCCESS
                                : collalg__reduce_local(collalg__nbc_at(op, t->src), collalg__nbc_at(op, t->dst),
                                                        (int)t->src.count, collalg__nbc_type(op, t->dst), op->op);
        collalg__nbc_done(op, i);
        return err;
    }
    if (err == MPI_SUCCESS)
        op->act_step[op->nact++] = i;
    return err;
}

/**
 * @brief Tests the messages of @p op in flight (one MPI_Testsome), marks the completed ones'
 *        steps done and drops their requests from the array.
 * @return the number completed (0 on an error, which is left in op->err).
 */
COLLALG_INLINE int collalg__nbc_test(collalg__nbc *op)
{
    int out = 0, i, k = 0;
    op->err = COLLALG_MPI(Testsome)(op->nact, op->req, &out, op->done_idx, collalg__statuses_ignore());
    if (op->err != MPI_SUCCESS || out == MPI_UNDEFINED || out == 0)
        return 0;
    for (i = 0; i < out; i++) { /* a persistent message's request stays allocated: drop it here */
        collalg__nbc_done(op, op->act_step[op->done_idx[i]]);
        op->req[op->done_idx[i]] = MPI_REQUEST_NULL;
    }
    for (i = 0; i < op->nact; i++) /* keep the requests still in flight, in their order */
        if (op->req[i] != MPI_REQUEST_NULL) {
            op->req[k] = op->req[i];
            op->act_step[k++] = op->act_step[i];
        }
    op->nact = k;
    return out;
}

/**
 * @brief Completes the request of persistent operation @p op: reports a failed run on the user's
 *        communicator (its error handler), then sends the empty message its request, a receive
 *        from self, waits for (core/persistent.h).
 */
COLLALG_INLINE void collalg__nbc_signal(collalg__nbc *op)
{
    MPI_Request r = MPI_REQUEST_NULL;
    if (op->err != MPI_SUCCESS)
        collalg__report(op->ucomm, op->err);
    if (COLLALG_MPI(Isend)(&op->signal, 0, MPI_INT, op->self, COLLALG_NBC_SIGNAL_TAG, op->pcomm, &r) == MPI_SUCCESS)
        COLLALG_MPI(Request_free)(&r);
}

/**
 * @brief Advances @p op as far as it goes without blocking: starts the ready steps, smallest
 *        index first (so messages to one peer that become ready together start in index order,
 *        schedule/steps.h), tests the messages in flight, and repeats while that completes
 *        something. When the last step is done, or on the first error (the messages still in
 *        flight are then cancelled and completed), completes the request. A call costs the
 *        steps it starts and the messages in flight, not the whole schedule.
 * @return 1 when the request has been completed, else 0.
 */
COLLALG_INLINE int collalg__nbc_advance(collalg__nbc *op)
{
    if (op->finished)
        return 1;
    while (op->err == MPI_SUCCESS) {
        while (op->nready > 0 && op->err == MPI_SUCCESS)
            op->err = collalg__nbc_start_step(op, collalg__nbc_pop(op));
        if (op->err != MPI_SUCCESS || op->ndone == op->s.nsteps || op->nact == 0 || collalg__nbc_test(op) == 0)
            break;
    }
    if (op->err == MPI_SUCCESS && op->ndone < op->s.nsteps)
        return 0;
    if (op->err != MPI_SUCCESS)
        collalg__cancel_all(op->nact, op->req);
    op->finished = 1;
    if (op->persistent) { /* the request is a receive from self (core/persistent.h) */
        collalg__nbc_unlink(op);
        collalg__nbc_signal(op);
    } else /* stays in the list until its request is freed (see "State") */
        COLLALG_MPI(Grequest_complete)(op->greq);
    return 1;
}

/* ---- The generalized request ------------------------------------------------------------------- */

/** @brief Query function: an empty status carrying the operation's error. */
COLLALG_INLINE int collalg__nbc_query(void *extra, MPI_Status *status)
{
    collalg__nbc *op = (collalg__nbc *)extra;
    COLLALG_MPI(Status_set_elements)(status, MPI_BYTE, 0);
    COLLALG_MPI(Status_set_cancelled)(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    status->MPI_ERROR = op->err;
    return op->err;
}

/** @brief Free function: releases the operation (called once its request is complete and freed). */
COLLALG_INLINE int collalg__nbc_free_fn(void *extra)
{
    collalg__nbc_free((collalg__nbc *)extra);
    return MPI_SUCCESS;
}

/** @brief Cancel function: a collective cannot be cancelled. @return MPI_ERR_REQUEST unless it
 *         has completed. */
COLLALG_INLINE int collalg__nbc_cancel(void *extra, int complete)
{
    (void)extra;
    return complete ? MPI_SUCCESS : MPI_ERR_REQUEST;
}

#if COLLALG_NBC_MPIX
/** @brief MPICH's poll function: advances the operation (MPI_Test and MPI_Wait call it). */
COLLALG_INLINE int collalg__nbc_poll(void *extra, MPI_Status *status)
{
    (void)status;
    collalg__nbc_advance((collalg__nbc *)extra);
    return MPI_SUCCESS;
}

/** @brief MPICH's wait function: advances the @p count operations until all are complete. */
COLLALG_INLINE int collalg__nbc_wait(int count, void **extra, double timeout, MPI_Status *status)
{
    int i, left = count;
    (void)timeout;
    (void)status;
    while (left > 0)
        for (i = 0, left = 0; i < count; i++)
            left += !collalg__nbc_advance((collalg__nbc *)extra[i]);
    return MPI_SUCCESS;
}

/** @brief The extended generalized request class of the catalogue (created on first use). */
COLLALG_INLINE int collalg__nbc_class(MPIX_Grequest_class *cls)
{
    static MPIX_Grequest_class made;
    static int have;
    int err = MPI_SUCCESS;
    if (!have) {
        err = MPIX_Grequest_class_create(collalg__nbc_query, collalg__nbc_free_fn, collalg__nbc_cancel,
                                         collalg__nbc_poll, collalg__nbc_wait, &made);
        have = err == MPI_SUCCESS;
    }
    *cls = made;
    return err;
}
#endif

/**
 * @brief The failed start of @p op (NULL: no-op) with error @p err: frees it, sets *@p request
 *        (when not NULL) to MPI_REQUEST_NULL and reports @p err on the user's communicator of
 *        @p c (MPI_COMM_WORLD when it is MPI_COMM_NULL).
 * @return the error class of @p err.
 */
COLLALG_INLINE int collalg__nbc_fail(collalg__nbc *op, int err, const collalg__ctx *c, MPI_Request *request)
{
    int cls;
    collalg__nbc_free(op);
    if (request)
        *request = MPI_REQUEST_NULL;
    if (COLLALG_MPI(Error_class)(err, &cls) != MPI_SUCCESS)
        cls = err;
    collalg__report(c->comm == MPI_COMM_NULL ? MPI_COMM_WORLD : c->comm, err);
    return cls;
}

/** @brief Runs @p op (its successor lists made): arms it, puts it at the head of the process's
 *         list @p list of outstanding operations and advances it as far as it goes. */
COLLALG_INLINE void collalg__nbc_go(collalg__nbc *op, collalg__nbc_list *list)
{
    collalg__nbc_arm(op);
    op->list = list;
    op->next = list->head;
    if (list->head)
        list->head->prev = op;
    list->head = op;
    collalg__nbc_advance(op);
}

/**
 * @brief Starts @p op (built, its buffers named) on the private communicator of @p c
 *        (collalg__nbc_enter()) and returns its request in *@p request; on an earlier error @p err
 *        (or one here) frees @p op, sets *@p request to MPI_REQUEST_NULL and reports the error on
 *        the user's communicator, sending nothing.
 * @param op      the operation (NULL after a failed collalg__nbc_new())
 * @param err     MPI_SUCCESS, or the error of the steps before
 * @param c       the call's context, attached by collalg__nbc_enter() when @p err is MPI_SUCCESS
 * @param request out: the request (when @p request is not NULL)
 * @return MPI_SUCCESS or the error class.
 */
COLLALG_INLINE int collalg__nbc_start(collalg__nbc *op, int err, const collalg__ctx *c, MPI_Request *request)
{
    collalg__nbc_list *list = NULL;
    if (err == MPI_SUCCESS)
        err = collalg__nbc_tmp(op);
    if (err == MPI_SUCCESS) {
        op->pcomm = c->pcomm;
        err = collalg__nbc_next_tag(op->pcomm, &op->tag);
    }
    if (err == MPI_SUCCESS)
        err = collalg__nbc_list_get(&list);
    if (err == MPI_SUCCESS) {
#if COLLALG_NBC_MPIX
        MPIX_Grequest_class cls;
        err = collalg__nbc_class(&cls);
        if (err == MPI_SUCCESS)
            err = MPIX_Grequest_class_allocate(cls, op, &op->greq);
#else
        err = COLLALG_MPI(Grequest_start)(collalg__nbc_query, collalg__nbc_free_fn, collalg__nbc_cancel, op, &op->greq);
#endif
    }
    if (err != MPI_SUCCESS)
        return collalg__nbc_fail(op, err, c, request);
    *request = op->greq;
    collalg__nbc_successors(op);
    collalg__nbc_go(op, list);
    return MPI_SUCCESS;
}

/**
 * @brief The persistent point-to-point requests of persistent operation @p op (its buffers,
 *        scratch, communicator and tag set): per send or receive step, MPI_Send_init or
 *        MPI_Recv_init with the arguments the step's MPI_Isend or MPI_Irecv would have, so that
 *        each start only starts them (collalg__nbc_start_step()); MPI_REQUEST_NULL for the other
 *        steps. They are freed with @p op. None when COLLALG_NBC_PERSISTENT_P2P is 0.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the error code of MPI_Send_init / MPI_Recv_init.
 */
COLLALG_INLINE int collalg__nbc_prepare(collalg__nbc *op)
{
    int i, err = MPI_SUCCESS;
    if (COLLALG_NBC_PERSISTENT_P2P == 0)
        return MPI_SUCCESS;
    op->preq = (MPI_Request *)COLLALG_MALLOC(((size_t)op->s.nsteps + 1) * sizeof(MPI_Request));
    if (!op->preq)
        return MPI_ERR_NO_MEM;
    for (i = 0; i < op->s.nsteps; i++)
        op->preq[i] = MPI_REQUEST_NULL;
    for (i = 0; i < op->s.nsteps && err == MPI_SUCCESS; i++) {
        const collalg__step *t = &op->s.steps[i];
        if (t->kind == COLLALG_STEP_SEND)
            err = COLLALG_MPI(Send_init)(collalg__nbc_at(op, t->src), (int)t->src.count, collalg__nbc_type(op, t->src),
                                         t->peer, op->tag, op->pcomm, &op->preq[i]);
        else if (t->kind == COLLALG_STEP_RECV)
            err = COLLALG_MPI(Recv_init)(collalg__nbc_at(op, t->dst), (int)t->dst.count, collalg__nbc_type(op, t->dst),
                                         t->peer, op->tag, op->pcomm, &op->preq[i]);
    }
    return err;
}

/**
 * @brief Makes @p op (built, its buffers named) a persistent operation (`MPI_<Coll>_init`): its
 *        own duplicate of the private communicator of @p c (collective, like the init call),
 *        its scratch, its messages' persistent requests (collalg__nbc_prepare()), and the
 *        request the application holds, a persistent receive of an empty message from the
 *        caller itself on that communicator, which the run's end sends (collalg__nbc_signal()).
 *        Nothing is sent until collalg_start() (core/persistent.h). On an error as
 *        collalg__nbc_start().
 * @return MPI_SUCCESS or the error class.
 */
COLLALG_INLINE int collalg__nbc_init(collalg__nbc *op, int err, const collalg__ctx *c, MPI_Request *request)
{
    collalg__nbc_list *list = NULL;
    if (err == MPI_SUCCESS)
        err = collalg__nbc_tmp(op);
    if (err == MPI_SUCCESS) {
        op->persistent = 1;
        op->self = c->rank;
        op->ucomm = c->comm;
        op->tag = COLLALG_NBC_TAG_FIRST;
        err = COLLALG_MPI(Comm_dup)(c->pcomm, &op->pcomm);
        if (err != MPI_SUCCESS)
            op->pcomm = MPI_COMM_NULL;
    }
    if (err == MPI_SUCCESS)
        err = collalg__nbc_prepare(op);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv_init)(&op->signal, 0, MPI_INT, op->self, COLLALG_NBC_SIGNAL_TAG, op->pcomm, &op->greq);
    if (err == MPI_SUCCESS)
        err = collalg__nbc_list_get(&list);
    if (err != MPI_SUCCESS)
        return collalg__nbc_fail(op, err, c, request);
    op->plist = list;
    op->pnext = list->persistent;
    if (list->persistent)
        list->persistent->pprev = op;
    list->persistent = op;
    op->finished = 1; /* inactive until started */
    collalg__nbc_successors(op);
    *request = op->greq;
    return MPI_SUCCESS;
}

/**
 * @brief Blocks until at least one message of @p op in flight completes: MPI_Waitsome, which
 *        returns every completed one at once; under SimGrid's SMPI MPI_Waitany, one at a time.
 *        SMPI 3.32 forgets to drop a message that a test, rather than a wait, found complete
 *        from its rank's list of activities (kernel/activity/CommImpl.cpp, finish()), and
 *        every later completion searches that list: MPI_Waitsome finds all but the first by a
 *        test, and one process running MPI_Allreduce pipelined_tree a few thousand times became
 *        three times slower for the rest of the run (p = 17); each such test also charges
 *        `smpi/test` (0.1 ms by default) of simulated time. A wait registers itself on each
 *        message, so MPI_Waitany leaves nothing behind and costs no simulated time of its own
 *        (docs/limitations.md has the numbers).
 * @return MPI_SUCCESS or the error class; the count in *@p out and the indices in op->done_idx,
 *         as MPI_Waitsome.
 */
COLLALG_INLINE int collalg__nbc_run_wait(collalg__nbc *op, int *out)
{
#ifdef SMPI_H
    int err;
    op->done_idx[0] = MPI_UNDEFINED;
    err = COLLALG_MPI(Waitany)(op->nact, op->req, &op->done_idx[0], MPI_STATUS_IGNORE);
    *out = op->done_idx[0] == MPI_UNDEFINED ? MPI_UNDEFINED : 1;
    return err;
#else
    return COLLALG_MPI(Waitsome)(op->nact, op->req, out, op->done_idx, collalg__statuses_ignore());
#endif
}

/**
 * @brief Runs the built schedule of @p op to completion on the private communicator of @p c,
 *        blocking (see "The blocking form" in core/neighbor.h), then frees @p op. On an earlier error @p err (or one
 *        here) reports it on the user's communicator, as the nonblocking start does.
 * @return MPI_SUCCESS or the error class.
 */
COLLALG_INLINE int collalg__nbc_run(collalg__nbc *op, int err, const collalg__ctx *c)
{
    if (err == MPI_SUCCESS)
        err = collalg__nbc_tmp(op);
    if (err == MPI_SUCCESS) {
        op->pcomm = c->pcomm;
        op->tag = COLLALG_TAG_DATA;
        collalg__nbc_successors(op);
        collalg__nbc_arm(op);
        while (op->err == MPI_SUCCESS && op->ndone < op->s.nsteps) {
            int out = 0, i, k = 0;
            while (op->nready > 0 && op->err == MPI_SUCCESS)
                op->err = collalg__nbc_start_step(op, collalg__nbc_pop(op));
            if (op->err != MPI_SUCCESS || op->ndone == op->s.nsteps)
                break;
            op->err = collalg__nbc_run_wait(op, &out);
            for (i = 0; op->err == MPI_SUCCESS && out != MPI_UNDEFINED && i < out; i++)
                collalg__nbc_done(op, op->act_step[op->done_idx[i]]);
            for (i = 0; i < op->nact; i++) /* keep the requests still in flight */
                if (op->req[i] != MPI_REQUEST_NULL) {
                    op->req[k] = op->req[i];
                    op->act_step[k++] = op->act_step[i];
                }
            op->nact = k;
        }
        if (op->err != MPI_SUCCESS)
            collalg__cancel_all(op->nact, op->req);
        err = op->err;
    }
    if (err != MPI_SUCCESS)
        return collalg__nbc_fail(op, err, c, NULL);
    collalg__nbc_free(op);
    return MPI_SUCCESS;
}

/**
 * @def COLLALG__NBC_BLOCKING
 * @brief collalg__nbc_launch()'s @p persistent for the blocking form of a schedule-built
 *        algorithm: the schedule is run to completion in place (collalg__nbc_run()). Its start
 *        is given the address of a request of its own, which it leaves MPI_REQUEST_NULL.
 */
#define COLLALG__NBC_BLOCKING 2

/**
 * @brief How every nonblocking algorithm's start ends: collalg__nbc_start() (@p persistent 0,
 *        MPI_I<Coll>), collalg__nbc_init() (1, `MPI_<Coll>_init`) or collalg__nbc_run()
 *        (COLLALG__NBC_BLOCKING, the blocking `MPI_<Coll>`: start + wait).
 * @return as those.
 */
COLLALG_INLINE int collalg__nbc_launch(collalg__nbc *op, int err, const collalg__ctx *c, MPI_Request *request,
                                       int persistent)
{
    if (persistent == COLLALG__NBC_BLOCKING)
        return collalg__nbc_run(op, err, c);
    return persistent ? collalg__nbc_init(op, err, c, request) : collalg__nbc_start(op, err, c, request);
}

/**
 * @brief The entry step every nonblocking algorithm ends its checks with: when @p err (the
 *        argument checks' verdict) is MPI_SUCCESS, checks @p request, then the communicator of
 *        @p c (a valid intracommunicator, unless the checks found it already) and attaches its
 *        private duplicate (collalg__ctx_attach()). Each fact is queried once per call.
 * @param c       the call's context (collalg__ctx_init(), possibly filled by the checks)
 * @param err     MPI_SUCCESS or the checks' error code
 * @param request the application's request argument
 * @param size    out: p (0 on an error)
 * @param rank    out: the caller's rank (0 on an error)
 * @return @p err, MPI_ERR_REQUEST when @p request is NULL, MPI_ERR_COMM, or the error code of
 *         MPI_Comm_size / MPI_Comm_rank / the duplication.
 */
COLLALG_INLINE int collalg__nbc_enter(collalg__ctx *c, int err, MPI_Request *request, int *size, int *rank)
{
    *size = *rank = 0;
    if (err == MPI_SUCCESS && !request)
        err = MPI_ERR_REQUEST;
    if (err == MPI_SUCCESS)
        err = collalg__ctx_comm(c, NULL, NULL);
    if (err == MPI_SUCCESS && c->pcomm == MPI_COMM_NULL)
        err = collalg__private_comm(c->comm, &c->pcomm);
    if (err == MPI_SUCCESS) {
        *size = c->size;
        *rank = c->rank;
    }
    return err;
}

/** @brief A transport collective's schedule builder (schedule/icoll.h: iallgather;
 *         schedule/icoll_alltoall.h: ialltoall). */
typedef void (*collalg__transport_steps_fn)(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                            int inplace);

/** @brief A transport collective's schedule builder with a radix @p k (the k-port Bruck ones). */
typedef void (*collalg__transport_k_steps_fn)(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                              int inplace, int k);

/**
 * @brief The whole start of a nonblocking transport collective (MPI_Iallgather's or
 *        MPI_Ialltoall's arguments): the checks, the counting and filling runs of @p build (or,
 *        when it is NULL, of @p build_k with radix @p radix, @p radix0 for 0, MPI_ERR_ARG for a
 *        negative radix or radix 1), the buffers, collalg__nbc_launch() (@p persistent: see
 *        there).
 * @return as the algorithm's function (MPI_SUCCESS, MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_REQUEST, MPI_ERR_ARG, MPI_ERR_NO_MEM, or a failing MPI call's
 *         class).
 */
COLLALG_INLINE int collalg__nbc_transport_k(collalg__transport_steps_fn build, collalg__transport_k_steps_fn build_k,
                                            int radix, int radix0, const void *sendbuf, int sendcount,
                                            MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, err = MPI_SUCCESS, k = radix ? radix : radix0;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__check_transport(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && !build && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (build)
        COLLALG__NBC_BUILD(err, op, build, (rank, p, sendcount, recvcount, inplace));
    else
        COLLALG__NBC_BUILD(err, op, build_k, (rank, p, sendcount, recvcount, inplace, k));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/** @brief collalg__nbc_transport_k() of a builder without a radix. */
COLLALG_INLINE int collalg__nbc_transport(collalg__transport_steps_fn build, const void *sendbuf, int sendcount,
                                          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                          MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_transport_k(build, NULL, 0, 0, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                    request, persistent);
}

/** @brief An allgatherv's schedule builder (schedule/icoll.h: @p rcounts and @p displs, or NULL
 *         for blocks of @p rcount elements). */
typedef void (*collalg__allgatherv_steps_fn)(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                             const int *rcounts, const int *displs, int inplace);

/** @brief An allgatherv's schedule builder with a radix @p k (the k-port Bruck one). */
typedef void (*collalg__allgatherv_k_steps_fn)(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                               const int *rcounts, const int *displs, int inplace, int k);

/**
 * @brief The whole start of a nonblocking allgatherv (MPI_Iallgatherv's arguments): the checks
 *        of the blocking allgathervs, the counting and filling runs of @p build (or, when it is
 *        NULL, of @p build_k with radix @p radix, @p radix0 for 0, MPI_ERR_ARG for a negative
 *        radix or radix 1), the buffers, collalg__nbc_launch() (@p persistent: see there).
 * @return as the algorithm's function (MPI_SUCCESS, MPI_ERR_COMM, MPI_ERR_ARG, MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_REQUEST, MPI_ERR_NO_MEM, or a failing MPI call's
 *         class).
 */
COLLALG_INLINE int collalg__nbc_allgatherv_k(collalg__allgatherv_steps_fn build, collalg__allgatherv_k_steps_fn build_k,
                                             int radix, int radix0, const void *sendbuf, int sendcount,
                                             MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                             const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                             MPI_Request *request, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking allgathervs */
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, k = radix ? radix : radix0;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && !build && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    if (build)
        COLLALG__NBC_BUILD(err, op, build, (rank, p, sendcount, 0, recvcounts, displs, inplace));
    else
        COLLALG__NBC_BUILD(err, op, build_k, (rank, p, sendcount, 0, recvcounts, displs, inplace, k));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/** @brief collalg__nbc_allgatherv_k() of a builder without a radix. */
COLLALG_INLINE int collalg__nbc_allgatherv(collalg__allgatherv_steps_fn build, const void *sendbuf, int sendcount,
                                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                                           const int displs[], MPI_Datatype recvtype, MPI_Comm comm,
                                           MPI_Request *request, int persistent)
{
    return collalg__nbc_allgatherv_k(build, NULL, 0, 0, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                                     recvtype, comm, request, persistent);
}

/** @brief @p err, or MPI_ERR_OP when @p err is MPI_SUCCESS and @p op is not commutative: the
 *         algorithms of the COLLALG_R_COMMUTATIVE rows refuse such an operation before any message. */
COLLALG_INLINE int collalg__nbc_commutative(int err, MPI_Op op)
{
    int commute = 0;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Op_commutative)(op, &commute);
    return err == MPI_SUCCESS && !commute ? MPI_ERR_OP : err;
}

/**
 * @brief The end of a nonblocking reduction's start: on success so far, gives @p o the operation
 *        @p op and its buffers (@p recvbuf, and @p sendbuf unless @p inplace; both of elements of
 *        @p datatype, which also types the scratch), then collalg__nbc_launch() on @p c
 *        (@p persistent: see there).
 * @return as collalg__nbc_start().
 */
COLLALG_INLINE int collalg__nbc_reduction_start(collalg__nbc *o, int err, MPI_Op op, const void *sendbuf, void *recvbuf,
                                                MPI_Datatype datatype, int inplace, const collalg__ctx *c,
                                                MPI_Request *request, int persistent)
{
    if (err == MPI_SUCCESS) {
        o->op = op;
        err = collalg__nbc_buffer(o, COLLALG_BUF_RECV, recvbuf, datatype);
    }
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(o, COLLALG_BUF_SEND, sendbuf, datatype);
    return collalg__nbc_launch(o, err, c, request, persistent);
}

/** @brief The entry step of a vector reduction's checks: collalg__allreduce_enter() (core/args.h),
 *         collalg__scan_enter() or collalg__exscan_enter() (family/scan.h). */
typedef int (*collalg__vector_enter_fn)(collalg__ctx *c, const void **sendbuf, void *recvbuf, int count,
                                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/** @brief The schedule builder of a vector reduction (iallreduce, iscan, iexscan:
 *         schedule/icoll_reduce.h); @p arg is its one parameter (a radix, the exclusive flag of
 *         the scans), unused by the others. */
typedef void (*collalg__vector_steps_fn)(collalg__steps *s, int rank, int p, long long count, int inplace, int arg);

/**
 * @brief The whole start of a nonblocking vector reduction (the arguments of MPI_Iallreduce,
 *        MPI_Iscan, MPI_Iexscan): @p enter (the checks of the blocking namesakes), then
 *        @p arg_err (MPI_SUCCESS, or MPI_ERR_ARG for a parameter the caller found bad),
 *        MPI_ERR_OP for a non-commutative @p op when @p commutative_only, the counting and
 *        filling runs of @p build with @p arg, collalg__nbc_reduction_start() (@p persistent:
 *        see collalg__nbc_launch()).
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__nbc_vector(collalg__vector_enter_fn enter, collalg__vector_steps_fn build, int arg,
                                       int arg_err, int commutative_only, const void *sendbuf, void *recvbuf, int count,
                                       MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request,
                                       int persistent)
{
    collalg__ctx c; /* for the checks of the blocking reductions */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank;
    int err = enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = arg_err;
    if (commutative_only)
        err = collalg__nbc_commutative(err, op);
    COLLALG__NBC_BUILD(err, o, build, (rank, p, count, inplace, arg));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, recvbuf, datatype, inplace, &c, request, persistent);
}

/** @brief collalg__nbc_vector() with the checks of the blocking allreduces and no parameter. */
COLLALG_INLINE int collalg__nbc_allreduce(collalg__vector_steps_fn build, int commutative_only, const void *sendbuf,
                                          void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                          MPI_Request *request, int persistent)
{
    return collalg__nbc_vector(collalg__allreduce_enter, build, 0, MPI_SUCCESS, commutative_only, sendbuf, recvbuf,
                               count, datatype, op, comm, request, persistent);
}

/**
 * @brief collalg__nbc_vector() with the checks of the blocking allreduces and a radix: @p radix
 *        (0: @p radix_default) goes to @p build; a negative radix or 1 is refused with
 *        MPI_ERR_ARG before any message.
 */
COLLALG_INLINE int collalg__nbc_allreduce_radix(collalg__vector_steps_fn build, int radix, int radix_default,
                                                const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                                                MPI_Op op, MPI_Comm comm, MPI_Request *request, int persistent)
{
    return collalg__nbc_vector(collalg__allreduce_enter, build, radix ? radix : radix_default,
                               radix < 0 || radix == 1 ? MPI_ERR_ARG : MPI_SUCCESS, 0, sendbuf, recvbuf, count,
                               datatype, op, comm, request, persistent);
}

/**
 * @brief Advances every outstanding nonblocking catalogue collective of the calling process, as
 *        far as each goes without blocking, and completes the requests of those that finish.
 *
 * With MPICH the application's own MPI_Test and MPI_Wait do this for the requests they are
 * given; with any other MPI call it (for example between slices of computation, or in a loop
 * around MPI_Test) until the requests are complete. Not collective; never blocks.
 * @return MPI_SUCCESS, or the error code of the attribute lookup on MPI_COMM_SELF. (An
 *         operation's own error is returned by the completion call of its request.)
 */
COLLALG_INLINE int collalg_progress(void)
{
    collalg__nbc_list *list;
    collalg__nbc *op, *next;
    int err = collalg__nbc_list_get(&list);
    if (err != MPI_SUCCESS)
        return err;
    for (op = list->head; op; op = next) {
        next = op->next;
        collalg__nbc_advance(op);
    }
    return MPI_SUCCESS;
}

#endif /* COLLALG_CORE_NBC_H */
