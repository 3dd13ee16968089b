/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/comm.h
 * @brief The private communicator every algorithm talks on.
 *
 * The first catalogue call on a communicator duplicates it (MPI_Comm_dup, collective, so all
 * ranks do it in the same call) and caches the duplicate as an attribute of the user's
 * communicator. Every later call finds it there. The duplicate has its own context, so no
 * catalogue message can match a receive the application posts on its communicator, not even
 * one with MPI_ANY_SOURCE / MPI_ANY_TAG. The attribute's delete callback frees the duplicate
 * when the user frees (or disconnects) the communicator; the copy callback is
 * MPI_COMM_NULL_COPY_FN, so a duplicate of the user's communicator gets a fresh private one.
 * The private communicator's error handler is MPI_ERRORS_RETURN: errors inside an algorithm come
 * back as return codes and are reported once, on the user's communicator (see context.h).
 *
 * The cache itself is core/attr.h's (collalg__attr_get()): after the first call, one
 * MPI_Comm_get_attr.
 */
#ifndef COLLALG_CORE_COMM_H
#define COLLALG_CORE_COMM_H

#include "config.h"
#include "attr.h"

/**
 * @brief Attribute delete callback: frees the cached private communicator.
 * @param comm   the user's communicator (MPI_COMM_NULL: the duplicate was never attached)
 * @param keyval the keyval (unused)
 * @param attr   the cached handle (an MPI_Comm allocated by collalg__private_comm_build())
 * @param extra  unused
 * @return MPI_SUCCESS or the error code of MPI_Comm_free.
 */
COLLALG_INLINE int collalg__private_comm_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    MPI_Comm *priv = (MPI_Comm *)attr;
    int err = MPI_SUCCESS;
    (void)comm;
    (void)keyval;
    (void)extra;
#ifdef OPEN_MPI
    /* The attributes of MPI_COMM_WORLD and MPI_COMM_SELF are deleted by MPI_Finalize only. Open MPI
     * (4.1) deletes them after closing its one-sided layer, so freeing the duplicate there would
     * run the shared-memory window's MPI_Win_free (machine/shm.h) into a NULL function pointer: the
     * duplicate and what it holds are left to MPI_Finalize. */
    if (comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF) {
        COLLALG_FREE(priv);
        return MPI_SUCCESS;
    }
#endif
    if (priv) {
        if (*priv != MPI_COMM_NULL)
            err = COLLALG_MPI(Comm_free)(priv);
        COLLALG_FREE(priv);
    }
    return err;
}

/**
 * @brief Builds the private duplicate of a communicator: MPI_Comm_dup, errors returned.
 * @param arg   the user's communicator (a const MPI_Comm *)
 * @param value out: the duplicate's handle (a heap MPI_Comm, freed by collalg__private_comm_delete())
 * @return MPI_SUCCESS; MPI_ERR_NO_MEM; or the error code of MPI_Comm_dup /
 *         MPI_Comm_set_errhandler. Collective over the communicator.
 */
COLLALG_INLINE int collalg__private_comm_build(const void *arg, void **value)
{
    MPI_Comm *slot = (MPI_Comm *)COLLALG_MALLOC(sizeof *slot);
    int err;
    if (!slot)
        return MPI_ERR_NO_MEM;
    *slot = MPI_COMM_NULL;
    err = COLLALG_MPI(Comm_dup)(*(const MPI_Comm *)arg, slot);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_set_errhandler)(*slot, MPI_ERRORS_RETURN);
    if (err != MPI_SUCCESS) {
        collalg__private_comm_delete(MPI_COMM_NULL, MPI_KEYVAL_INVALID, slot, NULL);
        return err;
    }
    *value = slot;
    return MPI_SUCCESS;
}

/** @brief The kind of the cached private communicator (core/attr.h; one per translation unit). */
COLLALG_INLINE collalg__attr_kind *collalg__private_comm_attr(void)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__private_comm_delete, collalg__private_comm_build};
    return &kind;
}

/**
 * @brief Finds (or on first use creates) the private duplicate of @p comm.
 * @param comm  the user's intracommunicator (already checked not to be MPI_COMM_NULL)
 * @param priv  out: the private duplicate, to be used for every message of the algorithm
 * @return MPI_SUCCESS; MPI_ERR_NO_MEM when the handle cannot be allocated; or the error code of
 *         MPI_Comm_create_keyval / MPI_Comm_get_attr / MPI_Comm_dup / MPI_Comm_set_attr.
 *         Collective over @p comm on the first call only.
 */
COLLALG_INLINE int collalg__private_comm(MPI_Comm comm, MPI_Comm *priv)
{
    void *slot = NULL;
    int err = collalg__attr_get(comm, collalg__private_comm_attr(), &comm, &slot);
    if (err == MPI_SUCCESS)
        *priv = *(const MPI_Comm *)slot;
    return err;
}

#endif /* COLLALG_CORE_COMM_H */
