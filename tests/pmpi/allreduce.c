/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * allreduce.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Allreduce with MPI_SUM and MPI_MAX over int and double (integer values,
 * so any order of the sum is exact), and with a user-defined commutative sum and maximum over the
 * vector of ints (MPICH rejects predefined operations on derived types), counts 0, 5 and 700, on MPI_COMM_WORLD
 * and a split communicator, out of place and MPI_IN_PLACE; then a non-commutative operation over
 * ints (a op b = a: the result is rank 0's vector), which a forced algorithm that needs a
 * commutative one (ring) must leave to the native collective; dumps every result.
 */
#include "pm_common.h"

/* The non-commutative op on both communicators, counts 5 and 700. */
static void pm_noncommutative(void)
{
    MPI_Op left;
    int c, k, j;
    char label[128];
    MPI_Op_create(pm_left, 0, &left);
    for (c = 0; c < PM_NCOMMS; c++)
        for (k = 0; k < 2; k++) {
            int rank, err, n = k ? 700 : 5;
            int *sbuf = (int *)malloc((size_t)n * sizeof(int)), *rbuf = (int *)malloc((size_t)n * sizeof(int));
            MPI_Comm_rank(pm_comm[c], &rank);
            for (j = 0; j < n; j++)
                sbuf[j] = 1000 * rank + j, rbuf[j] = -1;
            err = MPI_Allreduce(sbuf, rbuf, n, MPI_INT, left, pm_comm[c]);
            snprintf(label, sizeof label, "allreduce %s int non-commutative n=%d", pm_comm_name[c], n);
            pm_dump(label, rbuf, (size_t)n * sizeof(int), err);
            free(sbuf);
            free(rbuf);
        }
    MPI_Op_free(&left);
}

int main(int argc, char **argv)
{
    static const int counts[] = {0, 5, 700};
    int c, t, k, o, inplace;
    char label[128];
    MPI_Op vop[2];
    pm_init(&argc, &argv);
    MPI_Op_create(pm_vsum, 1, &vop[0]);
    MPI_Op_create(pm_vmax, 1, &vop[1]);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (o = 0; o < 2; o++)
                    for (inplace = 0; inplace < 2; inplace++) {
                        int rank, err, n = counts[k];
                        void *sbuf, *rbuf;
                        MPI_Comm_rank(pm_comm[c], &rank);
                        sbuf = pm_alloc(t, (size_t)n);
                        rbuf = pm_alloc(t, (size_t)n);
                        pm_fill(sbuf, t, (size_t)n, 1000 + rank);
                        pm_fill(rbuf, t, (size_t)n, inplace ? 1000 + rank : -1);
                        err = MPI_Allreduce(inplace ? MPI_IN_PLACE : sbuf, rbuf, n, pm_type[t],
                                            t == 2 ? vop[o]
                                            : o    ? MPI_MAX
                                                   : MPI_SUM,
                                            pm_comm[c]);
                        snprintf(label, sizeof label, "allreduce %s %s %s n=%d%s", pm_comm_name[c], pm_type_name[t],
                                 o ? "max" : "sum", n, inplace ? " in-place" : "");
                        pm_dump(label, rbuf, (size_t)n * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                    }
    MPI_Op_free(&vop[0]);
    MPI_Op_free(&vop[1]);
    pm_noncommutative();
    pm_finish("allreduce");
    return 0;
}
