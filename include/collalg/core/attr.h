/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/attr.h
 * @brief Values the catalogue caches as communicator attributes, written once: the private
 *        duplicate (core/comm.h), the node level and the shared window (machine/node.h,
 *        machine/shm.h), the topology (machine/topology_comm.h), the two-tree colouring
 *        (bcast/two_tree.h).
 *
 * Each kind of value is one collalg__attr_kind: its keyval, its delete callback and its builder.
 * The first use creates the keyval (MPI_Comm_create_keyval with MPI_COMM_NULL_COPY_FN, so a
 * duplicate of the communicator starts without the value and builds its own); the delete
 * callback frees the value when the communicator is freed. collalg__attr_get() is the whole cache: one MPI_Comm_get_attr
 * once the value is there (the hot path: no other MPI call), else the kind's builder runs and
 * MPI_Comm_set_attr keeps what it made. collalg__attr_find() and collalg__attr_keep() are its two
 * halves, for a cache that checks what it finds or keeps a value made elsewhere.
 *
 * Keyval storage: one collalg__attr_kind per kind and translation unit, a function-local static
 * (collalg__private_comm_attr() and its like), whose keyval is created on first use. Under
 * SimGrid's SMPI, where all ranks share one process, a keyval created by one rank is valid for
 * all, so sharing it is harmless. Concurrent first calls from several threads on different
 * communicators are not protected (MPI_THREAD_MULTIPLE users: make one catalogue call per
 * communicator before starting threads).
 */
#ifndef COLLALG_CORE_ATTR_H
#define COLLALG_CORE_ATTR_H

#include "config.h"

/**
 * @brief Builds the value of a kind on a cache miss (collalg__attr_get()).
 * @param arg   what the builder needs, passed through collalg__attr_get()
 * @param value out: the new value (owned by the cache once attached)
 * @return MPI_SUCCESS, or an error code (then nothing is left allocated)
 */
typedef int (*collalg__attr_build_fn)(const void *arg, void **value);

/**
 * @brief One kind of cached value. The delete callback is also called with comm = MPI_COMM_NULL
 *        for a value that was built but could not be attached (collalg__attr_keep()): it then
 *        frees the value whatever it does at MPI_Finalize.
 */
typedef struct collalg__attr_kind {
    int keyval;                         /**< MPI_KEYVAL_INVALID until the first use creates it */
    MPI_Comm_delete_attr_function *del; /**< frees a value (its communicator freed, or never attached) */
    collalg__attr_build_fn build;       /**< builds a value for collalg__attr_get() (NULL: not used) */
} collalg__attr_kind;

/**
 * @brief The keyval of @p kind, created on first use.
 * @param kind   the kind (a function-local static of its header)
 * @param keyval out: the keyval
 * @return MPI_SUCCESS or the error code of MPI_Comm_create_keyval.
 */
COLLALG_INLINE int collalg__attr_keyval(collalg__attr_kind *kind, int *keyval)
{
    int err = MPI_SUCCESS;
    if (kind->keyval == MPI_KEYVAL_INVALID)
        err = COLLALG_MPI(Comm_create_keyval)(MPI_COMM_NULL_COPY_FN, kind->del, &kind->keyval, NULL);
    *keyval = kind->keyval;
    return err;
}

/**
 * @brief The value of @p kind cached on @p comm: one attribute lookup, no message.
 * @param comm  the communicator
 * @param kind  the kind
 * @param value out: the value, or NULL when @p comm holds none
 * @return MPI_SUCCESS, or the error code of MPI_Comm_create_keyval / MPI_Comm_get_attr.
 */
COLLALG_INLINE int collalg__attr_find(MPI_Comm comm, collalg__attr_kind *kind, void **value)
{
    int keyval, found = 0, err = collalg__attr_keyval(kind, &keyval);
    void *attr = NULL;
    *value = NULL;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_get_attr)(comm, keyval, &attr, &found);
    if (err == MPI_SUCCESS && found)
        *value = attr;
    return err;
}

/**
 * @brief Caches @p value as the @p kind of @p comm (replacing an earlier one, which its delete
 *        callback frees); on failure frees @p value by the delete callback, with MPI_COMM_NULL.
 * @param comm  the communicator
 * @param kind  the kind
 * @param value the value (owned by @p comm from now on)
 * @return MPI_SUCCESS, or the error code of MPI_Comm_create_keyval / MPI_Comm_set_attr.
 */
COLLALG_INLINE int collalg__attr_keep(MPI_Comm comm, collalg__attr_kind *kind, void *value)
{
    int keyval, err = collalg__attr_keyval(kind, &keyval);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_set_attr)(comm, keyval, value);
    if (err != MPI_SUCCESS)
        kind->del(MPI_COMM_NULL, keyval, value, NULL);
    return err;
}

/**
 * @def COLLALG__COLD
 * @brief Storage class of the first-call half of a cache (collalg__attr_make()): a static function
 *        kept out of line (GCC, Clang), so that what is inlined into every call is the lookup
 *        alone; elsewhere COLLALG_INLINE.
 */
#if defined(__GNUC__)
#define COLLALG__COLD static __attribute__((noinline, cold, unused))
#else
#define COLLALG__COLD COLLALG_INLINE
#endif

/**
 * @brief The slow half of collalg__attr_get(): looks @p kind up again (creating its keyval on the
 *        first use, reporting any error of the lookup); on a miss builds the value from @p arg
 *        (kind->build) and caches it on @p comm (collalg__attr_keep()). On a communicator's
 *        first call the lookup is thus made twice (no message; the hot path stays one call).
 * @param comm  the communicator
 * @param kind  the kind
 * @param arg   passed to kind->build
 * @param value out: the value (owned by @p comm), or NULL on failure
 * @return MPI_SUCCESS, the error of kind->build, or the error code of MPI_Comm_create_keyval /
 *         MPI_Comm_get_attr / MPI_Comm_set_attr.
 */
COLLALG__COLD int collalg__attr_make(MPI_Comm comm, collalg__attr_kind *kind, const void *arg, void **value)
{
    void *made = NULL;
    int err = collalg__attr_find(comm, kind, value);
    if (err != MPI_SUCCESS || *value)
        return err;
    err = kind->build(arg, &made);
    if (err == MPI_SUCCESS)
        err = collalg__attr_keep(comm, kind, made);
    *value = err == MPI_SUCCESS ? made : NULL;
    return err;
}

/**
 * @brief The value of @p kind cached on @p comm; on a miss, the one kind->build makes from @p arg,
 *        cached (collalg__attr_make()). Once cached: one MPI_Comm_get_attr.
 * @param comm  the communicator
 * @param kind  the kind (kind->build may be collective over @p comm or a communicator derived
 *              from it: then so is the first call)
 * @param arg   passed to kind->build
 * @param value out: the value (owned by @p comm), or NULL on failure
 * @return MPI_SUCCESS, the error of kind->build, or the error code of MPI_Comm_create_keyval /
 *         MPI_Comm_get_attr / MPI_Comm_set_attr.
 */
COLLALG_INLINE int collalg__attr_get(MPI_Comm comm, collalg__attr_kind *kind, const void *arg, void **value)
{
    int found = 0;
    /* The hot path, inlined into every call: the keyval exists and comm holds the value. */
    if (kind->keyval != MPI_KEYVAL_INVALID &&
        COLLALG_MPI(Comm_get_attr)(comm, kind->keyval, value, &found) == MPI_SUCCESS && found)
        return MPI_SUCCESS;
    /* Anything else (the first use, a miss, an error) goes the slow way, out of line. */
    return collalg__attr_make(comm, kind, arg, value);
}

#endif /* COLLALG_CORE_ATTR_H */
