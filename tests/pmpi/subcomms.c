/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * subcomms.c - an unmodified MPI program (MPI only, no collalg header) that runs its collectives
 * on sub-communicators, as codes with row and column communicators do: MPI_COMM_WORLD (P ranks)
 * is split into consecutive blocks of 8 ranks that each run MPI_Alltoall, and into blocks of 4
 * ranks that each run MPI_Allreduce (a last block may be smaller when P is not a multiple).
 * Linked with the PMPI library built from a multi-size tuned header (collalg-tune --procs), every
 * call is served by the rules of the tuned size nearest to its communicator's size; with
 * COLLALG_SELECT_VERBOSE=1 rank 0 of each communicator prints what served it
 * (tests/pmpi/subcomms.sh checks that no call went native).
 *
 *   subcomms [--alltoall LIST] [--allreduce LIST]
 *
 * LIST: comma-separated sizes in bytes as the selector compares them (alltoall: the per-pair
 * block, run as MPI_BYTE; allreduce: the whole vector, run as MPI_INT with MPI_SUM, rounded down
 * to whole ints); default 8,65536 for both. Every rank checks its whole receive buffer (one guard
 * byte or int past it included) against values it computes itself: the alltoall block from rank i
 * is a function of i's world rank, this rank's and the position; the allreduce sum is the sum of
 * the members' contributions. Closing line "subcomms p=P: N passed, M failed" (cases agreed over
 * the ranks); exit status 1 when one failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

/* Most sizes per list. */
#define SC_MAX 32

/* The byte that world rank `src` sends to world rank `dst` at position k of its block. */
static unsigned char sc_byte(int src, int dst, long k)
{
    return (unsigned char)((src * 131 + dst * 17 + k * 7 + k / 251) & 0xff);
}

/* Parses a comma-separated list of byte sizes into v; returns how many. */
static int sc_list(const char *s, long *v)
{
    int n = 0;
    char *end;
    while (*s && n < SC_MAX) {
        v[n++] = strtol(s, &end, 10);
        if (end == s || v[n - 1] < 0)
            return 0;
        s = *end == ',' ? end + 1 : end;
        if (*end != ',')
            break;
    }
    return n;
}

/* One case, agreed over MPI_COMM_WORLD (every rank runs every case of its communicators). */
static void sc_record(long *passed, long *failed, int ok)
{
    int all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (all)
        (*passed)++;
    else
        (*failed)++;
}

/* MPI_Alltoall of n bytes per pair on comm (the block of 8 ranks from world rank base). */
static int sc_alltoall(MPI_Comm comm, int base, int wrank, long n)
{
    int q, r, i, ok = 1;
    long k;
    unsigned char *s, *d;
    MPI_Comm_size(comm, &q);
    MPI_Comm_rank(comm, &r);
    s = (unsigned char *)malloc((size_t)(n * q) + 1);
    d = (unsigned char *)malloc((size_t)(n * q) + 1);
    if (!s || !d)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (i = 0; i < q; i++)
        for (k = 0; k < n; k++)
            s[i * n + k] = sc_byte(wrank, base + i, k);
    memset(d, 0xA5, (size_t)(n * q) + 1);
    ok = MPI_Alltoall(s, (int)n, MPI_BYTE, d, (int)n, MPI_BYTE, comm) == MPI_SUCCESS;
    for (i = 0; i < q && ok; i++)
        for (k = 0; k < n && ok; k++)
            ok = d[i * n + k] == sc_byte(base + i, wrank, k);
    ok = ok && d[n * q] == 0xA5 && r == wrank - base;
    free(s);
    free(d);
    return ok;
}

/* MPI_Allreduce (MPI_INT, MPI_SUM) of n bytes rounded down to ints on comm (world ranks base ..). */
static int sc_allreduce(MPI_Comm comm, int base, int wrank, long n)
{
    int q, i, j, ok, count = (int)(n / 4);
    int *s = (int *)malloc(4 * (size_t)count + 4), *d = (int *)malloc(4 * (size_t)count + 4);
    if (!s || !d)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Comm_size(comm, &q);
    for (j = 0; j < count; j++)
        s[j] = wrank * 1000 + j % 997;
    d[count] = -7;
    ok = MPI_Allreduce(s, d, count, MPI_INT, MPI_SUM, comm) == MPI_SUCCESS;
    for (j = 0; j < count && ok; j++) {
        long want = 0;
        for (i = 0; i < q; i++)
            want += (long)(base + i) * 1000 + j % 997;
        ok = d[j] == want;
    }
    ok = ok && d[count] == -7;
    free(s);
    free(d);
    return ok;
}

int main(int argc, char **argv)
{
    long a2a[SC_MAX] = {8, 65536}, ar[SC_MAX] = {8, 65536}, passed = 0, failed = 0;
    int na2a = 2, nar = 2, wrank, P, i;
    MPI_Comm c8, c4;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--alltoall"))
            na2a = sc_list(argv[i + 1], a2a);
        else if (!strcmp(argv[i], "--allreduce"))
            nar = sc_list(argv[i + 1], ar);
    }
    MPI_Comm_split(MPI_COMM_WORLD, wrank / 8, wrank, &c8);
    MPI_Comm_split(MPI_COMM_WORLD, wrank / 4, wrank, &c4);
    MPI_Comm_set_errhandler(c8, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(c4, MPI_ERRORS_RETURN);
    for (i = 0; i < na2a; i++)
        sc_record(&passed, &failed, sc_alltoall(c8, wrank / 8 * 8, wrank, a2a[i]));
    for (i = 0; i < nar; i++)
        sc_record(&passed, &failed, sc_allreduce(c4, wrank / 4 * 4, wrank, ar[i]));
    if (wrank == 0)
        printf("subcomms p=%d: %ld passed, %ld failed\n", P, passed, failed);
    MPI_Comm_free(&c8);
    MPI_Comm_free(&c4);
    MPI_Finalize();
    return failed != 0;
}
