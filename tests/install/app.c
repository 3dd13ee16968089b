/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * app.c - a user's program against an installed collalg (tests/test_install.c builds it with
 * pkg-config and with CMake, tests/install/cmake/): two catalogue algorithms called directly and
 * checked against the native collectives, and one MPI_Allreduce of its own, which the PMPI library
 * serves when the program is linked with it or runs with it preloaded.
 *
 *   mpicc $(pkg-config --cflags collalg) app.c -o app && mpiexec -n 2 ./app
 */
#include <collalg/collalg.h>
#include <stdio.h>
#include <string.h>

#define N 5

int main(int argc, char **argv)
{
    int rank, p, i, bad = 0, anybad = 0;
    int vec[N], mine[N], native[N];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    for (i = 0; i < N; i++)
        vec[i] = 10 * rank + i;

    collalg_allreduce_recursive_doubling(vec, mine, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(vec, native, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD); /* the PMPI library's, if any */
    bad |= memcmp(mine, native, sizeof mine) != 0;
    for (i = 0; i < N; i++)
        bad |= native[i] != 10 * p * (p - 1) / 2 + p * i;

    if (rank == p - 1)
        for (i = 0; i < N; i++)
            vec[i] = 7 * i + 1;
    collalg_bcast_binomial(vec, N, MPI_INT, p - 1, MPI_COMM_WORLD);
    for (i = 0; i < N; i++)
        bad |= vec[i] != 7 * i + 1;

    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (rank == 0)
        printf("collalg install test on %d processes: %s\n", p, anybad ? "WRONG RESULTS" : "ok");
    MPI_Finalize();
    return anybad ? 1 : 0;
}
