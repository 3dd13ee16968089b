/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/request.h
 * @brief Completing non-blocking requests.
 */
#ifndef COLLALG_CORE_REQUEST_H
#define COLLALG_CORE_REQUEST_H

#include "config.h"
#include "args.h"

/**
 * @brief Waits for the @p n requests @p req one by one (MPI_Wait with MPI_STATUS_IGNORE).
 *
 * Every request is waited for, even after an error, so nothing stays in flight when the call
 * returns. (One by one rather than MPI_Waitall with MPI_STATUSES_IGNORE: that call trips GCC 12's
 * false -Wstringop-overflow on MPICH 4.0's mpi.h under -Werror.)
 * @return MPI_SUCCESS or the first error code.
 */
COLLALG_INLINE int collalg__waitall(int n, MPI_Request *req)
{
    int i, err = MPI_SUCCESS;
    for (i = 0; i < n; i++)
        err = collalg__first(err, COLLALG_MPI(Wait)(&req[i], MPI_STATUS_IGNORE));
    return err;
}

/**
 * @brief Posts one side of distance @p i of a scattered exchange (the alltoall family's
 *        scattered algorithms): with @p recv the receive from rank (rank - i) mod p, else the
 *        send to rank (rank + i) mod p, its request stored at req[*n] and *n incremented (nothing
 *        posted for an empty message). @p arg is the algorithm's view of the call.
 * @return MPI_SUCCESS or the MPI error code.
 */
typedef int (*collalg__scattered_post_fn)(const collalg__ctx *c, const void *arg, int i, int recv, MPI_Request *req,
                                          int *n);

/**
 * @brief The batches of a scattered exchange: the distances i = 1 .. p - 1 in batches of @p m
 *        consecutive ones (m clipped to p - 1); for each batch every receive, then every send,
 *        posted by @p post, then a wait for all of them. Every rank takes the same distances in
 *        the same batches, so a message's receive and send are posted in the same batch.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM when the 2 m requests cannot be allocated, or the MPI
 *         error code.
 */
COLLALG_INLINE int collalg__scattered_exchange(collalg__ctx *c, int m, collalg__scattered_post_fn post, const void *arg)
{
    void *mem = NULL;
    MPI_Request *req;
    int lo, hi, i, n, p = c->size, err = MPI_SUCCESS;

    if (p == 1)
        return MPI_SUCCESS;
    m = m > p - 1 ? p - 1 : m;
    err = collalg__scratch(c, 2 * (MPI_Aint)m * (MPI_Aint)sizeof(MPI_Request), &mem);
    req = (MPI_Request *)mem;
    for (lo = 1; lo < p && err == MPI_SUCCESS; lo = hi) {
        hi = lo + m < p ? lo + m : p;
        n = 0;
        for (i = lo; i < hi && err == MPI_SUCCESS; i++)
            err = post(c, arg, i, 1, req, &n);
        for (i = lo; i < hi && err == MPI_SUCCESS; i++)
            err = post(c, arg, i, 0, req, &n);
        err = collalg__first(err, collalg__waitall(n, req));
    }
    return err;
}

/**
 * @brief Sends a forwarding loop keeps in flight (the ring allgathers): step s + 1's send starts
 *        as soon as its block has arrived, without waiting for step s's send to complete, so one
 *        step's latency overlaps the previous step's transfer; receives are posted as many steps
 *        ahead. A program may define it (an integer >= 1) before its first collalg include. More is
 *        not always faster: under SimGrid's fair link sharing the messages in flight finish
 *        together, so each hop of a chain forwards in bursts (4 MiB along 16 one-rank nodes of
 *        tests/platform/smp/ in 8 KiB segments, with the staggered start of collalg__bcast_pipeline: 3.93 ms
 *        with 2, 3.92 with 4, 4.26 with 8, 4.86 with 16).
 */
#ifndef COLLALG_FORWARD_WINDOW
#define COLLALG_FORWARD_WINDOW 4
#endif

/**
 * @brief Error path of a loop with receives in flight: cancels the @p n requests @p req (those
 *        still pending; MPI_REQUEST_NULL entries are skipped) and completes them, so nothing is
 *        left pending when the call returns.
 * @return MPI_SUCCESS or the first error code.
 */
COLLALG_INLINE int collalg__cancel_all(int n, MPI_Request *req)
{
    int i, err = MPI_SUCCESS;
    for (i = 0; i < n; i++)
        if (req[i] != MPI_REQUEST_NULL) {
            err = collalg__first(err, COLLALG_MPI(Cancel)(&req[i]));
            err = collalg__first(err, COLLALG_MPI(Wait)(&req[i], MPI_STATUS_IGNORE));
        }
    return err;
}

#endif /* COLLALG_CORE_REQUEST_H */
