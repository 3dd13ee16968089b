/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/persistent.h
 * @ingroup nonblocking
 * @brief Persistent collectives (MPI-4's `MPI_<Coll>_init`): collalg_start(), collalg_startall()
 *        and collalg_request_free() for the requests of the `collalg_<collective>_init_<algorithm>`
 *        functions.
 *
 * @par Life of a persistent operation
 * `collalg_<collective>_init_<algorithm>()` (in the header of the nonblocking algorithm,
 * `include/collalg/i<collective>/<algorithm>.h`) checks its arguments and does, once, all that
 * does not depend on the buffers' contents: the schedule, the scratch, the duplicates of derived
 * datatypes, a communicator of its own (MPI_Comm_dup of the private duplicate, so the init call
 * is collective, as MPI's is; each persistent operation has its own context, so the ranks may
 * start different persistent operations in different orders, as the standard allows), and a
 * persistent point-to-point request (MPI_Send_init / MPI_Recv_init) per message of the schedule
 * (collalg__nbc_prepare()), so a start pays MPI_Start per message instead of building an
 * MPI_Isend or MPI_Irecv. It sends nothing. Each collalg_start() runs the schedule once: it reads
 * the send buffer then, not at init. The run ends by completing the request; the request is then inactive and may be
 * started again; collalg_request_free() releases everything.
 *
 * @par The request
 * The request is a real persistent MPI request: a persistent receive (MPI_Recv_init) of an empty
 * message from the caller itself on the operation's communicator, which the run sends when its
 * last step is done. The application's own MPI_Wait, MPI_Test, their array forms and
 * MPI_Request_get_status work on it as on any persistent request, mixed with other requests;
 * after completion it is inactive, as MPI-4 prescribes.
 *
 * @par What MPI's own calls cannot do for it
 * MPI gives no way to run code inside MPI_Start, MPI_Startall or MPI_Request_free, or inside a
 * wait on a plain persistent request. So, in a program that calls the catalogue directly:
 * - start it with collalg_start() / collalg_startall() (they pass other requests to MPI_Start,
 *   so a mixed array is fine), and free it with collalg_request_free(): MPI_Start alone would
 *   post the receive and never run the schedule, and MPI_Request_free alone would leave the
 *   operation's memory and communicator behind;
 * - advance it with collalg_progress() (core/nbc.h) between the start and the completion call,
 *   under every MPI, MPICH included: a wait on the request alone would wait forever.
 * The PMPI library (src/pmpi) does all three inside MPI_Start, MPI_Startall, MPI_Request_free
 * and the completion calls, so an unmodified program gets them.
 *
 * @par Errors
 * An error of a run (a failing MPI call inside the schedule) is reported on the user's
 * communicator through its error handler when the run ends (the request's status cannot carry
 * it: it is a receive's); under MPI_ERRORS_ARE_FATAL the program aborts, as a native collective's
 * error would. The init functions return their errors as the nonblocking ones do.
 *
 * @par References
 * MPI Forum, MPI: A Message-Passing Interface Standard, Version 4.0, 2021, §6.13 (persistent
 * collective operations) and §3.9 (persistent communication requests); T. Hoefler, T.
 * Schneider, "Optimization Principles for Collective Neighborhood Communications", SC'12 (a
 * schedule built once and replayed).
 */
#ifndef COLLALG_CORE_PERSISTENT_H
#define COLLALG_CORE_PERSISTENT_H

#include "nbc.h"

/**
 * @brief The persistent operation of this process whose request is *@p request, into *@p op
 *        (NULL for a request of another kind, MPI_REQUEST_NULL included).
 * @return MPI_SUCCESS; MPI_ERR_REQUEST when @p request is NULL or the operation is running; or
 *         the error code of the list lookup.
 */
COLLALG_INLINE int collalg__persistent_idle(const MPI_Request *request, collalg__nbc **op)
{
    collalg__nbc_list *list = NULL;
    int err = MPI_SUCCESS;
    *op = NULL;
    if (!request)
        return MPI_ERR_REQUEST;
    if (*request == MPI_REQUEST_NULL)
        return MPI_SUCCESS;
    err = collalg__nbc_list_get(&list);
    for (*op = err == MPI_SUCCESS ? list->persistent : NULL; *op && (*op)->greq != *request; *op = (*op)->pnext)
        ;
    return err == MPI_SUCCESS && *op && !(*op)->finished ? MPI_ERR_REQUEST : err;
}

/**
 * @brief MPI_Start for any request: a persistent catalogue collective's request is started
 *        (the application's MPI_Start on it, then one run of its schedule, advanced as far as it
 *        goes without blocking); any other request goes to MPI_Start.
 * @param request a persistent request (inactive)
 * @return MPI_SUCCESS; MPI_ERR_REQUEST when @p request is NULL or its catalogue operation is
 *         still running (starting an active request is erroneous); or the error code of
 *         MPI_Start or of the list lookup.
 */
COLLALG_INLINE int collalg_start(MPI_Request *request)
{
    collalg__nbc *op;
    int err = collalg__persistent_idle(request, &op);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Start)(request);
    if (err == MPI_SUCCESS && op)
        collalg__nbc_go(op, op->plist);
    return err;
}

/**
 * @brief MPI_Startall for any requests: collalg_start() on each of @p requests[0 .. @p count).
 * @param count    number of requests (>= 0)
 * @param requests the requests (persistent, inactive)
 * @return MPI_SUCCESS; MPI_ERR_COUNT when @p count < 0; MPI_ERR_REQUEST when @p requests is
 *         NULL with @p count > 0; else the first error of collalg_start() (the requests before
 *         it are started, those after it are not).
 */
COLLALG_INLINE int collalg_startall(int count, MPI_Request requests[])
{
    int i, err = MPI_SUCCESS;
    if (count < 0)
        return MPI_ERR_COUNT;
    if (count > 0 && !requests)
        return MPI_ERR_REQUEST;
    for (i = 0; i < count && err == MPI_SUCCESS; i++)
        err = collalg_start(&requests[i]);
    return err;
}

/**
 * @brief MPI_Request_free for any request: a persistent catalogue collective's request, when
 *        inactive, is freed with everything its operation holds (schedule, scratch, datatype
 *        duplicates, communicator), and *@p request set to MPI_REQUEST_NULL; any other request
 *        goes to MPI_Request_free.
 * @param request the request to free (a persistent catalogue request: inactive)
 * @return MPI_SUCCESS; MPI_ERR_REQUEST when @p request is NULL or its catalogue operation is
 *         still running (freeing an active persistent collective request is erroneous); or the
 *         error code of MPI_Request_free or of the list lookup.
 */
COLLALG_INLINE int collalg_request_free(MPI_Request *request)
{
    collalg__nbc *op;
    int err = collalg__persistent_idle(request, &op);
    if (err != MPI_SUCCESS || !op)
        return err == MPI_SUCCESS ? COLLALG_MPI(Request_free)(request) : err;
    collalg__nbc_free(op);
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

#endif /* COLLALG_CORE_PERSISTENT_H */
