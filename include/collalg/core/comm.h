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
 * Keyval storage: one keyval per translation unit (a function-local static), created on first
 * use. Under SimGrid's SMPI, where all ranks share one process, a keyval created by one rank is
 * valid for all, so sharing it is harmless. Concurrent first calls from several threads on
 * different communicators are not protected (MPI_THREAD_MULTIPLE users: make one catalogue call
 * per communicator before starting threads).
 */
#ifndef COLLALG_CORE_COMM_H
#define COLLALG_CORE_COMM_H

#include "config.h"

/** @brief Attribute delete callback: frees the cached private communicator. */
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
        err = COLLALG_MPI(Comm_free)(priv);
        COLLALG_FREE(priv);
    }
    return err;
}

/** @brief The keyval under which the private communicator is cached (created on first use). */
COLLALG_INLINE int collalg__private_comm_keyval(int *keyval)
{
    static int cached = MPI_KEYVAL_INVALID;
    int err = MPI_SUCCESS;
    if (cached == MPI_KEYVAL_INVALID)
        err = COLLALG_MPI(Comm_create_keyval)(MPI_COMM_NULL_COPY_FN, collalg__private_comm_delete, &cached, NULL);
    *keyval = cached;
    return err;
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
    int keyval, found = 0, err;
    void *attr = NULL;
    MPI_Comm *slot;

    err = collalg__private_comm_keyval(&keyval);
    if (err != MPI_SUCCESS)
        return err;
    err = COLLALG_MPI(Comm_get_attr)(comm, keyval, &attr, &found);
    if (err != MPI_SUCCESS)
        return err;
    if (found) {
        *priv = *(MPI_Comm *)attr;
        return MPI_SUCCESS;
    }
    slot = (MPI_Comm *)COLLALG_MALLOC(sizeof *slot);
    if (!slot)
        return MPI_ERR_NO_MEM;
    *slot = MPI_COMM_NULL;
    err = COLLALG_MPI(Comm_dup)(comm, slot);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_set_errhandler)(*slot, MPI_ERRORS_RETURN);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_set_attr)(comm, keyval, slot);
    if (err != MPI_SUCCESS) {
        if (*slot != MPI_COMM_NULL)
            COLLALG_MPI(Comm_free)(slot);
        COLLALG_FREE(slot);
        return err;
    }
    *priv = *slot;
    return MPI_SUCCESS;
}

#endif /* COLLALG_CORE_COMM_H */
