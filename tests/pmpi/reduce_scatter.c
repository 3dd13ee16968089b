/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce_scatter.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Reduce_scatter (reduce_scatter_block.c: MPI_Reduce_scatter_block, the
 * same cases with equal counts) with MPI_SUM and MPI_MAX over int and double (integer values, so
 * any order of the sum is exact), and with a user-defined commutative sum and maximum over the
 * vector of ints (MPICH rejects predefined operations on derived types), on MPI_COMM_WORLD and a
 * split communicator, out of place and MPI_IN_PLACE (the whole vector in the receive buffer);
 * counts: every block 0, every block 5, and (reduce_scatter) uneven blocks of 700 (rank 0), 0 (odd
 * ranks) and 3, or (reduce_scatter_block) every block 700; then a non-commutative operation over
 * ints (a op b = a: every rank gets its block of rank 0's vector), whose operand order every
 * algorithm must keep; dumps every rank's block of the result.
 */
#include "pm_common.h"

/* Block i of pattern k on p ranks into counts[0..p); returns the total. */
static int pm_counts(int k, int p, int *counts)
{
    int i, total = 0;
    for (i = 0; i < p; i++) {
#ifdef PM_BLOCK
        counts[i] = k == 0 ? 0 : k == 1 ? 5 : 700;
#else
        counts[i] = k == 0 ? 0 : k == 1 ? 5 : i == 0 ? 700 : i % 2 ? 0 : 3;
#endif
        total += counts[i];
    }
    return total;
}

/* The collective of this program. */
static int pm_call(const void *sbuf, void *rbuf, const int *counts, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
#ifdef PM_BLOCK
    return MPI_Reduce_scatter_block(sbuf, rbuf, counts[0], type, op, comm);
#else
    return MPI_Reduce_scatter(sbuf, rbuf, counts, type, op, comm);
#endif
}

#ifdef PM_BLOCK
#define PM_NAME "reduce_scatter_block"
#else
#define PM_NAME "reduce_scatter"
#endif

/* The non-commutative op on both communicators, patterns 1 and 2. */
static void pm_noncommutative(int *counts)
{
    MPI_Op left;
    int c, k, j;
    char label[128];
    MPI_Op_create(pm_left, 0, &left);
    for (c = 0; c < PM_NCOMMS; c++)
        for (k = 1; k < 3; k++) {
            int rank, p, err, total;
            int *sbuf, *rbuf;
            MPI_Comm_rank(pm_comm[c], &rank);
            MPI_Comm_size(pm_comm[c], &p);
            total = pm_counts(k, p, counts);
            sbuf = (int *)malloc((size_t)total * sizeof(int) + 1);
            rbuf = (int *)malloc((size_t)counts[rank] * sizeof(int) + 1);
            for (j = 0; j < total; j++)
                sbuf[j] = 1000 * rank + j;
            for (j = 0; j < counts[rank]; j++)
                rbuf[j] = -1;
            err = pm_call(sbuf, rbuf, counts, MPI_INT, left, pm_comm[c]);
            snprintf(label, sizeof label, PM_NAME " %s int non-commutative pattern %d", pm_comm_name[c], k);
            pm_dump(label, rbuf, (size_t)counts[rank] * sizeof(int), err);
            free(sbuf);
            free(rbuf);
        }
    MPI_Op_free(&left);
}

int main(int argc, char **argv)
{
    int c, t, k, o, inplace, *counts;
    char label[128];
    MPI_Op vop[2];
    pm_init(&argc, &argv);
    counts = (int *)malloc((size_t)pm_world_size * sizeof(int));
    MPI_Op_create(pm_vsum, 1, &vop[0]);
    MPI_Op_create(pm_vmax, 1, &vop[1]);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (o = 0; o < 2; o++)
                    for (inplace = 0; inplace < 2; inplace++) {
                        int rank, p, err, total;
                        void *sbuf, *rbuf;
                        MPI_Op op = t == 2 ? vop[o] : o ? MPI_MAX : MPI_SUM;
                        MPI_Comm_rank(pm_comm[c], &rank);
                        MPI_Comm_size(pm_comm[c], &p);
                        total = pm_counts(k, p, counts);
                        sbuf = pm_alloc(t, (size_t)total);
                        rbuf = pm_alloc(t, (size_t)(inplace ? total : counts[rank]));
                        pm_fill(sbuf, t, (size_t)total, 1000 + rank);
                        if (inplace)
                            pm_fill(rbuf, t, (size_t)total, 1000 + rank);
                        else
                            pm_fill(rbuf, t, (size_t)counts[rank], -1);
                        err = pm_call(inplace ? MPI_IN_PLACE : sbuf, rbuf, counts, pm_type[t], op, pm_comm[c]);
                        snprintf(label, sizeof label, PM_NAME " %s %s %s pattern %d%s", pm_comm_name[c],
                                 pm_type_name[t], o ? "max" : "sum", k, inplace ? " in-place" : "");
                        pm_dump(label, rbuf, (size_t)counts[rank] * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                    }
    MPI_Op_free(&vop[0]);
    MPI_Op_free(&vop[1]);
    pm_noncommutative(counts);
    free(counts);
    pm_finish(PM_NAME);
    return 0;
}
