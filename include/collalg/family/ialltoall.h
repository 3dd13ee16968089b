/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/ialltoall.h
 * @brief Private building blocks of the nonblocking alltoall, alltoallv and alltoallw
 *        algorithms: their starts, from the argument checks to the request, around the builders
 *        of schedule/icoll_alltoall.h (collalg__a2a_steps()).
 *
 * Each start checks the arguments as the blocking family does (core/args.h for alltoall and
 * alltoallv, family/alltoallw.h for alltoallw), refuses a negative window with MPI_ERR_ARG,
 * builds the schedule of one collalg__a2a_alg and names the buffers; an error leaves
 * *request MPI_REQUEST_NULL with nothing sent (core/nbc.h).
 */
#ifndef COLLALG_FAMILY_IALLTOALL_H
#define COLLALG_FAMILY_IALLTOALL_H

#include "../core/persistent.h"
#include "alltoallw.h"
#include "../schedule/icoll_alltoall.h"

/**
 * @brief The bytes [*lo, *hi) of a buffer that its @p p blocks (block j: @p counts[j] elements
 *        of @p types[j] at byte @p displs[j]) touch; both 0 when no block holds data. With
 *        @p displs NULL every block is taken at byte 0: the bytes around a block's displacement
 *        that any one block may touch.
 * @return MPI_SUCCESS or the error code of the datatype queries.
 */
COLLALG_INLINE int collalg__wblocks_span(int p, const int *counts, const int *displs, const MPI_Datatype *types,
                                         long long *lo, long long *hi)
{
    int j, err = MPI_SUCCESS, any = 0;
    *lo = *hi = 0;
    for (j = 0; j < p && err == MPI_SUCCESS; j++) {
        collalg__typeinfo ti;
        long long a, b;
        if (counts[j] == 0)
            continue;
        err = collalg__typeinfo_get(types[j], &ti);
        a = (displs ? displs[j] : 0) + (long long)ti.true_lb +
            (ti.extent < 0 ? (long long)(counts[j] - 1) * ti.extent : 0);
        b = a + (long long)collalg__span(counts[j], &ti);
        *lo = !any || a < *lo ? a : *lo;
        *hi = !any || b > *hi ? b : *hi;
        any = 1;
    }
    return err;
}

/**
 * @brief The common end of the starts below: after the argument checks' verdict @p err, enters
 *        (collalg__nbc_enter()), refuses @p window < 0 (MPI_ERR_ARG), measures the alltoallw
 *        scratch span when in place, builds algorithm @p alg for @p a (collalg__a2a_steps()),
 *        names the buffers (one datatype each, @p sendtypes[0] and @p recvtypes[0], or a table
 *        of p per-peer datatypes when @p a is typed) and launches (@p persistent: see
 *        collalg__nbc_launch()).
 * @return as collalg__nbc_start().
 */
COLLALG_INLINE int collalg__ialltoall_go(collalg__ctx *c, int err, collalg__a2a *a, int alg, int window,
                                         const void *sendbuf, const MPI_Datatype *sendtypes, void *recvbuf,
                                         const MPI_Datatype *recvtypes, MPI_Request *request, int persistent)
{
    collalg__nbc *op = NULL;
    int p, rank;
    err = collalg__nbc_enter(c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && window < 0)
        err = MPI_ERR_ARG;
    if (err == MPI_SUCCESS && a->typed && a->inplace) /* the staged image, or one swapped block */
        err = collalg__wblocks_span(p, a->rcv.counts, alg == COLLALG_A2A_PAIR_INPLACE ? NULL : a->rcv.displs, recvtypes,
                                    &a->lo, &a->hi);
    COLLALG__NBC_BUILD(err, op, collalg__a2a_steps, (rank, p, a, alg, window));
    if (err == MPI_SUCCESS)
        err = a->typed ? collalg__nbc_table(op, COLLALG_BUF_RECV, recvbuf, recvtypes, p)
                       : collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtypes[0]);
    if (err == MPI_SUCCESS && !a->inplace)
        err = a->typed ? collalg__nbc_table(op, COLLALG_BUF_SEND, sendbuf, sendtypes, p)
                       : collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtypes[0]);
    return collalg__nbc_launch(op, err, c, request, persistent);
}

/**
 * @brief The start of a nonblocking alltoall by algorithm @p alg (collalg__a2a_alg) with window
 *        @p window (COLLALG_A2A_SCATTERED; 0: the default), MPI_Alltoall's arguments, then
 *        @p request; @p persistent 0 for `MPI_Ialltoall`, 1 for `MPI_Alltoall_init`.
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__ialltoall_start(int alg, int window, const void *sendbuf, int sendcount,
                                            MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                            MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c;
    collalg__a2a a = collalg__a2a_uniform(sendcount, recvcount, sendbuf == MPI_IN_PLACE);
    int err = MPI_SUCCESS;
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__check_transport(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return collalg__ialltoall_go(&c, err, &a, alg, window, sendbuf, &sendtype, recvbuf, &recvtype, request, persistent);
}

/**
 * @brief The start of a nonblocking alltoallv by algorithm @p alg with window @p window, as
 *        collalg__ialltoall_start() (the checks of the blocking alltoallvs).
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__ialltoallv_start(int alg, int window, const void *sendbuf, const int *sendcounts,
                                             const int *sdispls, MPI_Datatype sendtype, void *recvbuf,
                                             const int *recvcounts, const int *rdispls, MPI_Datatype recvtype,
                                             MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c;
    int inplace = sendbuf == MPI_IN_PLACE, err = MPI_SUCCESS;
    collalg__a2a a = collalg__a2a_v(sendcounts, sdispls, recvcounts, rdispls, 0, inplace);
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__alltoallv_check(&c, sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                                       recvtype);
    return collalg__ialltoall_go(&c, err, &a, alg, window, sendbuf, &sendtype, recvbuf, &recvtype, request, persistent);
}

/**
 * @brief The start of a nonblocking alltoallw by algorithm @p alg with window @p window, as
 *        collalg__ialltoall_start() (the checks of the blocking alltoallws).
 * @return as the algorithm's function.
 */
COLLALG_INLINE int collalg__ialltoallw_start(int alg, int window, const void *sendbuf, const int *sendcounts,
                                             const int *sdispls, const MPI_Datatype *sendtypes, void *recvbuf,
                                             const int *recvcounts, const int *rdispls, const MPI_Datatype *recvtypes,
                                             MPI_Comm comm, MPI_Request *request, int persistent)
{
    collalg__ctx c;
    int inplace = sendbuf == MPI_IN_PLACE, err = MPI_SUCCESS;
    collalg__a2a a = collalg__a2a_v(sendcounts, sdispls, recvcounts, rdispls, 1, inplace);
    collalg__ctx_init(&c, comm);
    if (COLLALG_ARG_CHECKS)
        err = collalg__alltoallw_check(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                       &c);
    return collalg__ialltoall_go(&c, err, &a, alg, window, sendbuf, sendtypes, recvbuf, recvtypes, request, persistent);
}

#endif /* COLLALG_FAMILY_IALLTOALL_H */
