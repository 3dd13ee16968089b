/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * hello.c - the smallest collalg program: include the catalogue, call a few algorithms in place of
 * the native collectives, check the results against the native ones.
 *
 *   mpicc -std=c99 -Iinclude examples/hello.c -o hello && mpiexec -n 4 ./hello
 */
#include <collalg/collalg.h>
#include <stdio.h>
#include <string.h>

#define N 4 /* elements per block */

int main(int argc, char **argv)
{
    int rank, p, i, bad = 0, anybad = 0;
    int send[64 * N], mine[64 * N], native[64 * N], vec[N], sum[N], native_sum[N];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (p > 64) {
        if (rank == 0)
            fprintf(stderr, "hello: at most 64 processes\n");
        MPI_Finalize();
        return 1;
    }
    for (i = 0; i < p * N; i++)
        send[i] = 100 * rank + i; /* block j (elements j*N .. j*N+N-1) goes to rank j */

    /* Alltoall: the pair algorithm with a light-weight barrier between its steps. */
    collalg_alltoall_pair_light_barrier(send, N, MPI_INT, mine, N, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall(send, N, MPI_INT, native, N, MPI_INT, MPI_COMM_WORLD);
    bad |= memcmp(mine, native, sizeof(int) * (size_t)(p * N)) != 0;

    /* Allgather: Bruck's algorithm. */
    collalg_allgather_bruck(send, N, MPI_INT, mine, N, MPI_INT, MPI_COMM_WORLD);
    MPI_Allgather(send, N, MPI_INT, native, N, MPI_INT, MPI_COMM_WORLD);
    bad |= memcmp(mine, native, sizeof(int) * (size_t)(p * N)) != 0;

    /* Allreduce: Rabenseifner's reduce-scatter + allgather. */
    for (i = 0; i < N; i++)
        vec[i] = rank + i;
    collalg_allreduce_rabenseifner(vec, sum, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(vec, native_sum, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    bad |= memcmp(sum, native_sum, sizeof sum) != 0;

    /* Bcast from the last rank: van de Geijn's scatter + allgather, in place in vec. */
    collalg_bcast_scatter_rdb_allgather(vec, N, MPI_INT, p - 1, MPI_COMM_WORLD);
    for (i = 0; i < N; i++)
        bad |= vec[i] != p - 1 + i;

    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (rank == 0)
        printf("hello from collalg on %d processes: %s\n", p, anybad ? "WRONG RESULTS" : "all results match MPI");
    MPI_Finalize();
    return anybad ? 1 : 0;
}
