/**
 * @file request.h
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

#endif /* COLLALG_CORE_REQUEST_H */
