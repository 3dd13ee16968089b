/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tuned.c - a tuned routine: the selector macros of <collalg/select.h> turn size thresholds into
 * one function with MPI_Allreduce's (or MPI_Alltoall's) arguments. `make tune` writes such rules
 * for this machine into build/tuned/collalg_tuned.h; here they are written by hand, so that the
 * program builds without a tuning run. Each result is checked against the native collective.
 *
 *   mpicc -std=c99 -Iinclude examples/tuned.c -o tuned && mpiexec -n 4 ./tuned
 *   COLLALG_SELECT_VERBOSE=1 mpiexec -n 4 ./tuned      (each call says which algorithm it ran)
 */
#include <collalg/collalg.h>
#include <collalg/select.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* clang-format off */
/* Thresholds in bytes of the per-pair block (after Faraj & Yuan's Figure 3(a)). */
COLLALG_TUNED_ALLTOALL(alltoall_tuned,
    COLLALG_RULE(0,     8718,        simple)
    COLLALG_RULE(8718,  72032,       pair_light_barrier)
    COLLALG_RULE(72032, COLLALG_INF, pair_mpi_barrier))

/* Thresholds in bytes of the whole vector. The ring needs a commutative operation: for the others
 * the rule after it, over the same range, is its alternative. */
COLLALG_TUNED_ALLREDUCE(allreduce_tuned,
    COLLALG_RULE(0,    4096,        recursive_doubling)
    COLLALG_RULE(4096, COLLALG_INF, ring)
    COLLALG_RULE(4096, COLLALG_INF, rabenseifner))
/* clang-format on */

/* A non-commutative operation (2 x 2 integer matrix product), which the ring must not serve. */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int *a = (int *)in, *b = (int *)inout, k;
    (void)type;
    for (k = 0; k < *len; k++, a += 4, b += 4) {
        int c[4] = {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                    a[2] * b[1] + a[3] * b[3]};
        memcpy(b, c, sizeof c);
    }
}

int main(int argc, char **argv)
{
    const int sizes[] = {1, 1000, 10000, 100000}; /* elements: small to past every threshold */
    int rank, p, s, i, bad = 0, anybad = 0;
    MPI_Datatype mat;
    MPI_Op mul;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Type_contiguous(4, MPI_INT, &mat);
    MPI_Type_commit(&mat);
    MPI_Op_create(matmul, 0, &mul);

    for (s = 0; s < 4; s++) {
        int n = sizes[s];
        int *a = malloc(sizeof(int) * (size_t)n * (size_t)p), *b = malloc(sizeof(int) * (size_t)n * (size_t)p);
        int *c = malloc(sizeof(int) * (size_t)n * (size_t)p);
        for (i = 0; i < n * p; i++)
            a[i] = rank * 7 + i % 5;

        /* Alltoall: n ints per pair. */
        alltoall_tuned(a, n, MPI_INT, b, n, MPI_INT, MPI_COMM_WORLD);
        MPI_Alltoall(a, n, MPI_INT, c, n, MPI_INT, MPI_COMM_WORLD);
        bad |= memcmp(b, c, sizeof(int) * (size_t)n * (size_t)p) != 0;

        /* Allreduce, commutative: the ring serves the large vectors. */
        allreduce_tuned(a, b, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(a, c, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        bad |= memcmp(b, c, sizeof(int) * (size_t)n) != 0;

        /* Allreduce, non-commutative: n / 4 matrices; Rabenseifner's algorithm replaces the ring. */
        allreduce_tuned(a, b, n / 4, mat, mul, MPI_COMM_WORLD);
        MPI_Allreduce(a, c, n / 4, mat, mul, MPI_COMM_WORLD);
        bad |= memcmp(b, c, sizeof(int) * (size_t)(n / 4 * 4)) != 0;
        free(a);
        free(b);
        free(c);
    }

    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    if (rank == 0)
        printf("tuned routines on %d processes: %s\n", p, anybad ? "WRONG RESULTS" : "all results match MPI");
    MPI_Op_free(&mul);
    MPI_Type_free(&mat);
    MPI_Finalize();
    return anybad ? 1 : 0;
}
