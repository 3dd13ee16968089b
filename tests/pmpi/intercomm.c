/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * intercomm.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so, every collective forced): the thirteen collectives before the scans and the
 * reduce-scatters on an intercommunicator (MPI defines no scan there; MPICH 4.0.2's own
 * intercommunicator MPI_Reduce_scatter(_block) gives a different result at p = 3 from run to run)
 * between the even and the odd world ranks (p >= 2), which the library leaves to the native
 * collectives (the rooted ones from rank 0 of the even group); dumps every result.
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    MPI_Comm half, inter;
    int color, rank, rsize, err, k, n = 3, *sbuf, *rbuf, *counts, *displs, *bdispls, root;
    MPI_Datatype *types;
    pm_init(&argc, &argv);
    color = pm_world_rank % 2;
    MPI_Comm_split(MPI_COMM_WORLD, color, pm_world_rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - color, 7, &inter);
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    MPI_Comm_rank(half, &rank);
    MPI_Comm_remote_size(inter, &rsize);
    sbuf = (int *)malloc(sizeof(int) * (size_t)(n * pm_world_size));
    rbuf = (int *)malloc(sizeof(int) * (size_t)(n * pm_world_size));
    counts = (int *)malloc(2 * sizeof(int) * (size_t)pm_world_size);
    displs = counts + pm_world_size;
    bdispls = (int *)malloc(sizeof(int) * (size_t)pm_world_size);
    types = (MPI_Datatype *)malloc(sizeof(MPI_Datatype) * (size_t)pm_world_size);
    for (k = 0; k < pm_world_size; k++)
        counts[k] = n, displs[k] = n * k;
    for (k = 0; k < n * pm_world_size; k++)
        sbuf[k] = 100 * pm_world_rank + k;

    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Alltoall(sbuf, n, MPI_INT, rbuf, n, MPI_INT, inter);
    pm_dump("intercomm alltoall", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Allgather(sbuf, n, MPI_INT, rbuf, n, MPI_INT, inter);
    pm_dump("intercomm allgather", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Allreduce(sbuf, rbuf, n, MPI_INT, MPI_SUM, inter);
    pm_dump("intercomm allreduce", rbuf, sizeof(int) * (size_t)n, err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Alltoallv(sbuf, counts, displs, MPI_INT, rbuf, counts, displs, MPI_INT, inter);
    pm_dump("intercomm alltoallv", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Allgatherv(sbuf, n, MPI_INT, rbuf, counts, displs, MPI_INT, inter);
    pm_dump("intercomm allgatherv", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    /* Bcast from rank 0 of the even group to the odd group. */
    root = color == 0 ? (rank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
    memcpy(rbuf, sbuf, sizeof(int) * (size_t)n);
    err = MPI_Bcast(rbuf, n, MPI_INT, root, inter);
    pm_dump("intercomm bcast", rbuf, sizeof(int) * (size_t)n, err);
    err = MPI_Barrier(inter);
    pm_dump("intercomm barrier", &err, 0, err);
    /* Gather to and scatter from rank 0 of the even group (root as for the bcast above). */
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Gather(sbuf, n, MPI_INT, rbuf, n, MPI_INT, root, inter);
    pm_dump("intercomm gather", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Scatter(sbuf, n, MPI_INT, rbuf, n, MPI_INT, root, inter);
    pm_dump("intercomm scatter", rbuf, sizeof(int) * (size_t)n, err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Gatherv(sbuf, n, MPI_INT, rbuf, counts, displs, MPI_INT, root, inter);
    pm_dump("intercomm gatherv", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Scatterv(sbuf, counts, displs, MPI_INT, rbuf, n, MPI_INT, root, inter);
    pm_dump("intercomm scatterv", rbuf, sizeof(int) * (size_t)n, err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    for (k = 0; k < pm_world_size; k++)
        bdispls[k] = displs[k] * (int)sizeof(int), types[k] = MPI_INT;
    err = MPI_Alltoallw(sbuf, counts, bdispls, types, rbuf, counts, bdispls, types, inter);
    pm_dump("intercomm alltoallw", rbuf, sizeof(int) * (size_t)(n * rsize), err);
    memset(rbuf, 0, sizeof(int) * (size_t)(n * pm_world_size));
    err = MPI_Reduce(sbuf, rbuf, n, MPI_INT, MPI_SUM, root, inter);
    pm_dump("intercomm reduce", rbuf, sizeof(int) * (size_t)n, err);

    free(sbuf);
    free(rbuf);
    free(counts);
    free(bdispls);
    free(types);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    pm_finish("intercomm");
    return 0;
}
