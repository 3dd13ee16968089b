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
 * From then on collalg__nbc_advance() starts every step whose dependencies are complete and tests
 * the messages in flight, never blocking; when the last step is done it completes the request
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
 * on the private duplicate, and the list of this process's outstanding operations on
 * MPI_COMM_SELF (one per process, and one per simulated process under SimGrid's SMPI).
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
#include "request.h"
#include "../schedule/steps.h"

/** @brief First tag of the nonblocking collectives on a private communicator. */
#define COLLALG_NBC_TAG_FIRST 64
/** @brief Tags the nonblocking collectives cycle through (the last is below 32767, the smallest
 *         MPI_TAG_UB the standard allows): most operations outstanding on one communicator. */
#define COLLALG_NBC_TAGS 32000

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

/** @brief States of a step in an operation. */
enum { COLLALG_NBC_WAITING, COLLALG_NBC_ACTIVE, COLLALG_NBC_DONE };

typedef struct collalg__nbc collalg__nbc;

/** @brief The outstanding operations of a process (cached on MPI_COMM_SELF). */
typedef struct collalg__nbc_list {
    collalg__nbc *head; /**< most recently started first */
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
    MPI_Request *req;                       /**< per step: its message's request while active */
    int *done_idx;                          /**< MPI_Testsome's index array */
    unsigned char *state;                   /**< per step: COLLALG_NBC_WAITING, _ACTIVE, _DONE */
    int first;                              /**< every step before it is done */
    int err;                                /**< first error (MPI_SUCCESS while all goes well) */
    int finished;                           /**< the request has been completed */
    void *tmp;                              /**< COLLALG_BUF_TMP's allocation */
    collalg__nbc_list *list;                /**< the process's list, while outstanding */
    collalg__nbc *prev, *next;              /**< neighbours in it */
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

/** @brief This process's list of outstanding operations (created on first use). */
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

/**
 * @brief Allocates an operation for the schedule counted in @p counted (collalg__steps_counting()
 *        and the builder), in one block: the operation, its steps and dependencies, and the
 *        per-step request, index and state arrays. Its schedule is left ready for the filling run
 *        (collalg__steps_filling()).
 * @return MPI_SUCCESS, or MPI_ERR_NO_MEM (then *op is NULL).
 */
COLLALG_INLINE int collalg__nbc_new(const collalg__steps *counted, collalg__nbc **op)
{
    size_t n = (size_t)counted->nsteps, bytes;
    collalg__nbc *o;
    char *at;
    int i;
    bytes = sizeof *o + n * sizeof(collalg__step) + (size_t)counted->ndeps * sizeof(int) + n * sizeof(MPI_Request) +
            n * sizeof(int) + n + 64;
    *op = NULL;
    o = (collalg__nbc *)COLLALG_MALLOC(bytes);
    if (!o)
        return MPI_ERR_NO_MEM;
    memset(o, 0, sizeof *o);
    at = (char *)(o + 1);
    at += (size_t)(-(size_t)at & 15); /* every array below keeps its own alignment */
    o->req = (MPI_Request *)at;
    at += n * sizeof(MPI_Request);
    at += (size_t)(-(size_t)at & 15);
    collalg__steps_filling(&o->s, (collalg__step *)at, NULL);
    at += n * sizeof(collalg__step);
    o->s.deps = (int *)at;
    at += (size_t)counted->ndeps * sizeof(int);
    o->done_idx = (int *)at;
    at += n * sizeof(int);
    o->state = (unsigned char *)at;
    memset(o->state, COLLALG_NBC_WAITING, n);
    for (i = 0; i < (int)n; i++)
        o->req[i] = MPI_REQUEST_NULL;
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
    memset(op->table_dup[buf], 0, (size_t)n);
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

/** @brief 1 when every dependency of step @p i of @p op is done. */
COLLALG_INLINE int collalg__nbc_ready(const collalg__nbc *op, int i)
{
    const collalg__step *t = &op->s.steps[i];
    int d;
    for (d = 0; d < t->ndeps; d++)
        if (op->state[op->s.deps[t->dep_first + d]] != COLLALG_NBC_DONE)
            return 0;
    return 1;
}

/**
 * @brief Starts step @p i of @p op: posts its message, or does its copy or reduction (which are
 *        then done). Piece counts fit an int: a piece is part of one buffer of an MPI call.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__nbc_start_step(collalg__nbc *op, int i)
{
    const collalg__step *t = &op->s.steps[i];
    int err;
    op->state[i] = COLLALG_NBC_ACTIVE;
    switch (t->kind) {
    case COLLALG_STEP_SEND:
        return COLLALG_MPI(Isend)(collalg__nbc_at(op, t->src), (int)t->src.count, collalg__nbc_type(op, t->src),
                                  t->peer, op->tag, op->pcomm, &op->req[i]);
    case COLLALG_STEP_RECV:
        return COLLALG_MPI(Irecv)(collalg__nbc_at(op, t->dst), (int)t->dst.count, collalg__nbc_type(op, t->dst),
                                  t->peer, op->tag, op->pcomm, &op->req[i]);
    case COLLALG_STEP_COPY:
        err = collalg__copy(collalg__nbc_at(op, t->src), (int)t->src.count, collalg__nbc_type(op, t->src),
                            collalg__nbc_at(op, t->dst), (int)t->dst.count, collalg__nbc_type(op, t->dst), op->pcomm);
        break;
    default: /* COLLALG_STEP_REDUCE */
        err = t->src.count == 0 ? MPI_SUCCESS
                                : COLLALG_MPI(Reduce_local)(collalg__nbc_at(op, t->src), collalg__nbc_at(op, t->dst),
                                                            (int)t->src.count, collalg__nbc_type(op, t->dst), op->op);
        break;
    }
    op->state[i] = COLLALG_NBC_DONE;
    return err;
}

/**
 * @brief Advances @p op as far as it goes without blocking: starts every step whose
 *        dependencies are done, tests the messages in flight, and repeats while that completes
 *        something. When the last step is done, or on the first error (the messages still in
 *        flight are then cancelled and completed), completes the request.
 * @return 1 when the request has been completed, else 0.
 */
COLLALG_INLINE int collalg__nbc_advance(collalg__nbc *op)
{
    int n = op->s.nsteps, moved = 1, i, out;
    while (moved && op->err == MPI_SUCCESS && !op->finished) {
        moved = 0;
        for (i = op->first; i < n && op->err == MPI_SUCCESS; i++)
            if (op->state[i] == COLLALG_NBC_WAITING && collalg__nbc_ready(op, i)) {
                op->err = collalg__nbc_start_step(op, i);
                moved += op->state[i] == COLLALG_NBC_DONE;
            }
        if (op->err == MPI_SUCCESS && op->first < n) {
            op->err = COLLALG_MPI(Testsome)(n - op->first, op->req + op->first, &out, op->done_idx,
                                            collalg__statuses_ignore());
            for (i = 0; op->err == MPI_SUCCESS && out != MPI_UNDEFINED && i < out; i++)
                op->state[op->first + op->done_idx[i]] = COLLALG_NBC_DONE;
            moved += op->err == MPI_SUCCESS && out != MPI_UNDEFINED && out > 0;
        }
        while (op->first < n && op->state[op->first] == COLLALG_NBC_DONE)
            op->first++;
        if (op->first == n)
            break;
    }
    if (op->finished || (op->first < n && op->err == MPI_SUCCESS))
        return op->finished;
    if (op->err != MPI_SUCCESS)
        collalg__cancel_all(n - op->first, op->req + op->first);
    op->finished = 1;
    collalg__nbc_unlink(op);
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
 * @brief Starts @p op (built, its buffers named) on @p comm's private communicator and returns
 *        its request in *@p request; on an earlier error @p err (or one here) frees @p op, sets
 *        *@p request to MPI_REQUEST_NULL and reports the error on @p comm, sending nothing.
 * @param op      the operation (NULL after a failed collalg__nbc_new())
 * @param err     MPI_SUCCESS, or the error of the steps before
 * @param comm    the user's communicator
 * @param request out: the request (when @p request is not NULL)
 * @return MPI_SUCCESS or the error class.
 */
COLLALG_INLINE int collalg__nbc_start(collalg__nbc *op, int err, MPI_Comm comm, MPI_Request *request)
{
    collalg__nbc_list *list = NULL;
    int cls;
    if (err == MPI_SUCCESS)
        err = collalg__nbc_tmp(op);
    if (err == MPI_SUCCESS)
        err = collalg__private_comm(comm, &op->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__nbc_next_tag(op->pcomm, &op->tag);
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
    if (err != MPI_SUCCESS) {
        collalg__nbc_free(op);
        if (request)
            *request = MPI_REQUEST_NULL;
        if (COLLALG_MPI(Error_class)(err, &cls) != MPI_SUCCESS)
            cls = err;
        collalg__report(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, err);
        return cls;
    }
    op->list = list;
    op->next = list->head;
    if (list->head)
        list->head->prev = op;
    list->head = op;
    *request = op->greq;
    collalg__nbc_advance(op);
    return MPI_SUCCESS;
}

/**
 * @brief The checks every nonblocking algorithm starts with: @p comm a valid intracommunicator,
 *        @p request not NULL; and @p comm's size and the caller's rank.
 * @return MPI_SUCCESS, MPI_ERR_COMM, MPI_ERR_REQUEST, or the error code of MPI_Comm_size /
 *         MPI_Comm_rank.
 */
COLLALG_INLINE int collalg__nbc_enter(MPI_Comm comm, MPI_Request *request, int *size, int *rank)
{
    int err = collalg__check_comm(comm);
    *size = *rank = 0;
    if (err == MPI_SUCCESS && !request)
        err = MPI_ERR_REQUEST;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_size)(comm, size);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_rank)(comm, rank);
    return err;
}

/** @brief A transport collective's schedule builder (schedule/icoll.h: iallgather, ialltoall). */
typedef void (*collalg__transport_steps_fn)(collalg__steps *s, int rank, int p, long long scount, long long rcount,
                                            int inplace);

/**
 * @brief The whole start of a nonblocking transport collective (MPI_Iallgather's or
 *        MPI_Ialltoall's arguments): the checks, the counting and filling runs of @p build, the
 *        buffers, collalg__nbc_start().
 * @return as the algorithm's function (MPI_SUCCESS, MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE,
 *         MPI_ERR_BUFFER, MPI_ERR_REQUEST, MPI_ERR_NO_MEM, or a failing MPI call's class).
 */
COLLALG_INLINE int collalg__nbc_transport(collalg__transport_steps_fn build, const void *sendbuf, int sendcount,
                                          MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                          MPI_Comm comm, MPI_Request *request)
{
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank, err = MPI_SUCCESS;
    if (COLLALG_ARG_CHECKS)
        err = collalg__check_transport(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    err = collalg__first(err, collalg__nbc_enter(comm, request, &p, &rank));
    COLLALG__NBC_BUILD(err, op, build, (rank, p, sendcount, recvcount, inplace));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_start(op, err, comm, request);
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
 *        @p datatype, which also types the scratch), then collalg__nbc_start().
 * @return as collalg__nbc_start().
 */
COLLALG_INLINE int collalg__nbc_reduction_start(collalg__nbc *o, int err, MPI_Op op, const void *sendbuf, void *recvbuf,
                                                MPI_Datatype datatype, int inplace, MPI_Comm comm, MPI_Request *request)
{
    if (err == MPI_SUCCESS) {
        o->op = op;
        err = collalg__nbc_buffer(o, COLLALG_BUF_RECV, recvbuf, datatype);
    }
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(o, COLLALG_BUF_SEND, sendbuf, datatype);
    return collalg__nbc_start(o, err, comm, request);
}

/** @brief An allreduce's schedule builder (schedule/icoll_reduce.h). */
typedef void (*collalg__allreduce_steps_fn)(collalg__steps *s, int rank, int p, long long count, int inplace);

/**
 * @brief The whole start of a nonblocking allreduce (MPI_Iallreduce's arguments): the checks of
 *        the blocking allreduces, MPI_ERR_OP for a non-commutative @p op when @p commutative_only,
 *        the counting and filling runs of @p build, collalg__nbc_reduction_start().
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__nbc_allreduce(collalg__allreduce_steps_fn build, int commutative_only, const void *sendbuf,
                                          void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                                          MPI_Request *request)
{
    collalg__ctx c; /* for the checks of the blocking reductions */
    collalg__nbc *o = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank;
    int err = collalg__allreduce_enter(&c, &sendbuf, recvbuf, count, datatype, op, comm);
    err = collalg__first(err, collalg__nbc_enter(comm, request, &p, &rank));
    if (commutative_only)
        err = collalg__nbc_commutative(err, op);
    COLLALG__NBC_BUILD(err, o, build, (rank, p, count, inplace));
    return collalg__nbc_reduction_start(o, err, op, sendbuf, recvbuf, datatype, inplace, comm, request);
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
