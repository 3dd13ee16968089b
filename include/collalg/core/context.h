/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/context.h
 * @brief Per-call context: private communicator, rank and size, scratch buffers, one exit path.
 *
 * Every algorithm follows the same shape:
 * @code
 *   collalg__ctx c;
 *   int err = collalg__<collective>_enter(&c, ...arguments..., comm);  // checks, private comm
 *   if (err == MPI_SUCCESS) err = ...phases...;                        // may call collalg__scratch
 *   return collalg__leave(&c, err);                                    // frees, reports
 * @endcode
 * collalg__leave() frees every scratch buffer and datatype registered with the context, and on
 * error calls the user communicator's error handler and returns the error class, as a native
 * collective would. That is the one exit path.
 *
 * The context is also what keeps a small call cheap: the communicator's size and rank are queried
 * once (collalg__ctx_comm() during the checks, else collalg__ctx_attach()), and scratch requests
 * are served from COLLALG_SMALL_SCRATCH bytes inside the context (on the caller's stack) while they
 * fit, from COLLALG_MALLOC beyond.
 */
#ifndef COLLALG_CORE_CONTEXT_H
#define COLLALG_CORE_CONTEXT_H

#include "config.h"
#include "comm.h"
#include "datatype.h"

/** @brief Most scratch buffers one call may hold at once. */
#define COLLALG_MAX_SCRATCH 4
/** @brief Most derived datatypes one call may hold at once. */
#define COLLALG_MAX_TYPES 4

/**
 * @def COLLALG_SMALL_SCRATCH
 * @brief Bytes of scratch space every call carries in its context (on the stack): a scratch
 *        request that fits what is left of it is served from there, without malloc and free
 *        (about 130 instructions a pair with glibc). Define it before the first include to change
 *        it (a multiple of 16; 0 turns the small space off). Default 256.
 */
#ifndef COLLALG_SMALL_SCRATCH
#define COLLALG_SMALL_SCRATCH 256
#endif

/** @brief One unit of the small scratch space: aligned for any element type of the catalogue. */
typedef union collalg__align {
    long double ld; /**< widest floating type */
    long long ll;   /**< widest integer type */
    void *ptr;      /**< pointers */
} collalg__align;

/** @brief State of one catalogue call (see the file comment for its life cycle). */
typedef struct collalg__ctx {
    MPI_Comm comm;                            /**< the user's communicator (errors are reported on it) */
    MPI_Comm pcomm;                           /**< private duplicate: every message goes here */
    int rank;                                 /**< rank in comm */
    int size;                                 /**< size of comm, p */
    void *scratch[COLLALG_MAX_SCRATCH];       /**< buffers freed by collalg__leave */
    int nscratch;                             /**< used entries of scratch */
    collalg__blocks types[COLLALG_MAX_TYPES]; /**< datatypes freed by collalg__leave */
    int ntypes;                               /**< used entries of types */
    MPI_Aint small_used;                      /**< units of small already handed out */
    /** small scratch space (COLLALG_SMALL_SCRATCH bytes, at least one unit) */
    collalg__align small[(COLLALG_SMALL_SCRATCH + sizeof(collalg__align) - 1) / sizeof(collalg__align) + 1];
} collalg__ctx;

/** @brief Clears @p c (the small scratch space is left as it is); collalg__leave() is safe on it
 *         from then on. */
COLLALG_INLINE void collalg__ctx_init(collalg__ctx *c, MPI_Comm comm)
{
    memset(c, 0, offsetof(collalg__ctx, small));
    c->comm = comm;
    c->pcomm = MPI_COMM_NULL;
}

/**
 * @brief Allocates @p bytes of scratch memory owned by @p c (freed by collalg__leave()): from the
 *        context's small space (COLLALG_SMALL_SCRATCH) while it lasts, else from COLLALG_MALLOC.
 * @param out receives the buffer (NULL when @p bytes is 0), aligned as collalg__align
 * @return MPI_SUCCESS, or MPI_ERR_NO_MEM when the allocator fails, @p bytes does not fit a
 *         size_t, or the context already holds COLLALG_MAX_SCRATCH buffers (a catalogue bug).
 */
COLLALG_INLINE int collalg__scratch(collalg__ctx *c, MPI_Aint bytes, void **out)
{
    MPI_Aint units = (bytes + (MPI_Aint)sizeof(collalg__align) - 1) / (MPI_Aint)sizeof(collalg__align);
    *out = NULL;
    if (bytes <= 0)
        return MPI_SUCCESS;
    if (bytes <= COLLALG_SMALL_SCRATCH - c->small_used * (MPI_Aint)sizeof(collalg__align)) {
        *out = &c->small[c->small_used];
        c->small_used += units;
        return MPI_SUCCESS;
    }
    if (c->nscratch == COLLALG_MAX_SCRATCH || (unsigned long long)bytes > (unsigned long long)(size_t)-1)
        return MPI_ERR_NO_MEM;
    *out = COLLALG_MALLOC((size_t)bytes);
    if (!*out)
        return MPI_ERR_NO_MEM;
    c->scratch[c->nscratch++] = *out;
    return MPI_SUCCESS;
}

/**
 * @brief Scratch space for @p count elements of a type described by @p ti, returned as the
 *        address the MPI calls take (already shifted by the true lower bound).
 * @return as collalg__scratch().
 */
COLLALG_INLINE int collalg__scratch_typed(collalg__ctx *c, MPI_Aint count, const collalg__typeinfo *ti, void **out)
{
    void *raw;
    int err = collalg__scratch(c, collalg__span(count, ti), &raw);
    *out = raw ? (char *)raw - ti->true_lb : NULL;
    return err;
}

/**
 * @brief Block layout (see collalg__blocks) whose datatype, if one is created, @p c frees.
 * @return as collalg__blocks_init(); MPI_ERR_INTERN past COLLALG_MAX_TYPES (a catalogue bug).
 */
COLLALG_INLINE int collalg__ctx_blocks(collalg__ctx *c, int count, MPI_Datatype elem, MPI_Aint max_blocks,
                                       collalg__blocks *out)
{
    int err;
    if (c->ntypes == COLLALG_MAX_TYPES)
        return MPI_ERR_INTERN;
    err = collalg__blocks_init(out, count, elem, max_blocks);
    if (err == MPI_SUCCESS && out->owned)
        c->types[c->ntypes++] = *out;
    return err;
}

/**
 * @brief Calls @p comm's error handler with @p err, as a native collective does on error.
 *
 * MPI_ERRORS_RETURN is not called (calling it does nothing): SimGrid 3.32 crashes in
 * MPI_Comm_call_errhandler on a communicator whose handler is MPI_ERRORS_RETURN.
 */
COLLALG_INLINE void collalg__report(MPI_Comm comm, int err)
{
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    if (COLLALG_MPI(Comm_get_errhandler)(comm, &eh) != MPI_SUCCESS)
        return;
    if (eh != MPI_ERRORS_RETURN)
        COLLALG_MPI(Comm_call_errhandler)(comm, err);
    if (eh != MPI_ERRHANDLER_NULL)
        COLLALG_MPI(Errhandler_free)(&eh);
}

/**
 * @brief The one exit path: frees everything @p c holds; on error reports @p err on the user's
 *        communicator (MPI_COMM_WORLD when that is MPI_COMM_NULL) and returns its error class.
 */
COLLALG_INLINE int collalg__leave(collalg__ctx *c, int err)
{
    int i, cls = err;
    for (i = 0; i < c->nscratch; i++)
        COLLALG_FREE(c->scratch[i]);
    c->nscratch = 0;
    for (i = 0; i < c->ntypes; i++)
        collalg__blocks_free(&c->types[i]);
    c->ntypes = 0;
    if (err == MPI_SUCCESS)
        return MPI_SUCCESS;
    if (COLLALG_MPI(Error_class)(err, &cls) != MPI_SUCCESS)
        cls = err;
    collalg__report(c->comm == MPI_COMM_NULL ? MPI_COMM_WORLD : c->comm, err);
    return cls;
}

/**
 * @brief Size and rank of @p c's communicator into @p c, queried once per call (the checks'
 *        collalg__ctx_comm() and the attach step both come here). @return MPI_SUCCESS or the MPI
 *        error code.
 */
COLLALG_INLINE int collalg__ctx_size_rank(collalg__ctx *c)
{
    int err = MPI_SUCCESS;
    if (c->size == 0) {
        err = COLLALG_MPI(Comm_size)(c->comm, &c->size);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Comm_rank)(c->comm, &c->rank);
        if (err != MPI_SUCCESS)
            c->size = 0;
    }
    return err;
}

/**
 * @brief Finishes the common part of entering a call on a checked communicator: size and rank
 *        (collalg__ctx_size_rank()) and the private communicator.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__ctx_attach(collalg__ctx *c)
{
    int err = collalg__ctx_size_rank(c);
    if (err == MPI_SUCCESS)
        err = collalg__private_comm(c->comm, &c->pcomm);
    return err;
}

#endif /* COLLALG_CORE_CONTEXT_H */
