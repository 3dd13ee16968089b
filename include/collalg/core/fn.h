/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/fn.h
 * @ingroup core
 * @brief Function-pointer types of the collectives, for algorithms that take an inner algorithm
 *        as a parameter (e.g. Rabenseifner's variations).
 *
 * Each type has exactly the argument list of the MPI function, so a catalogue algorithm without
 * tuning parameters, the native MPI function itself, or a user wrapper that fixes an algorithm's
 * parameters can be passed.
 */
#ifndef COLLALG_CORE_FN_H
#define COLLALG_CORE_FN_H

#include "config.h"

/** @brief An MPI_Alltoall-shaped function. */
typedef int (*collalg_alltoall_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/** @brief An MPI_Allgather-shaped function. */
typedef int (*collalg_allgather_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                    int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
/** @brief An MPI_Allreduce-shaped function. */
typedef int (*collalg_allreduce_fn)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                    MPI_Comm comm);
/** @brief An MPI_Bcast-shaped function. */
typedef int (*collalg_bcast_fn)(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
/** @brief An MPI_Alltoallv-shaped function. */
typedef int (*collalg_alltoallv_fn)(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                    MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[],
                                    MPI_Datatype recvtype, MPI_Comm comm);
/** @brief An MPI_Allgatherv-shaped function. */
typedef int (*collalg_allgatherv_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                     const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm);
/** @brief An MPI_Barrier-shaped function. */
typedef int (*collalg_barrier_fn)(MPI_Comm comm);
/** @brief An MPI_Reduce-shaped function. */
typedef int (*collalg_reduce_fn)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                 int root, MPI_Comm comm);
/** @brief An MPI_Gather-shaped function. */
typedef int (*collalg_gather_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/** @brief An MPI_Scatter-shaped function. */
typedef int (*collalg_scatter_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
/** @brief An MPI_Gatherv-shaped function. */
typedef int (*collalg_gatherv_fn)(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                  const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                  MPI_Comm comm);
/** @brief An MPI_Scatterv-shaped function. */
typedef int (*collalg_scatterv_fn)(const void *sendbuf, const int sendcounts[], const int displs[],
                                   MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                                   MPI_Comm comm);
/** @brief An MPI_Reduce_scatter_block-shaped function. */
typedef int (*collalg_reduce_scatter_block_fn)(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,
                                               MPI_Op op, MPI_Comm comm);
/** @brief An MPI_Reduce_scatter-shaped function. */
typedef int (*collalg_reduce_scatter_fn)(const void *sendbuf, void *recvbuf, const int recvcounts[],
                                         MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
/** @brief An MPI_Scan-shaped function. */
typedef int (*collalg_scan_fn)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                               MPI_Comm comm);
/** @brief An MPI_Exscan-shaped function. */
typedef int (*collalg_exscan_fn)(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                                 MPI_Comm comm);
/** @brief An MPI_Alltoallw-shaped function (counts, byte displacements and a datatype per peer). */
typedef int (*collalg_alltoallw_fn)(const void *sendbuf, const int sendcounts[], const int sdispls[],
                                    const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],
                                    const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm);

#endif /* COLLALG_CORE_FN_H */
