/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Reduce with MPI_SUM and MPI_MAX over int and double (integer values,
 * so any order of the sum is exact), and with a user-defined commutative sum and maximum over the
 * vector of ints (MPICH rejects predefined operations on derived types), counts 0, 5 and 700, to
 * root 0 and to the last rank, on MPI_COMM_WORLD and a split communicator, out of place, and
 * MPI_IN_PLACE at root 0 only (MPICH 4.0.2's own MPI_Reduce crashes in place at a root other than
 * 0 from 700 ints on 3 processes: its reduce-scatter-gather path; the catalogue's in-place roots
 * are covered by tests/mpi/reduce.c); then a non-commutative operation over ints (a op b = a: the root gets
 * rank 0's vector), whose operand order every algorithm must keep; dumps every rank's receive
 * allocation (untouched but at the root).
 */
#include "pm_common.h"

/* The non-commutative op on both communicators, counts 5 and 700, to the last rank. */
static void pm_noncommutative(void)
{
    MPI_Op left;
    int c, k, j;
    char label[128];
    MPI_Op_create(pm_left, 0, &left);
    for (c = 0; c < PM_NCOMMS; c++)
        for (k = 0; k < 2; k++) {
            int rank, p, err, n = k ? 700 : 5;
            int *sbuf = (int *)malloc((size_t)n * sizeof(int)), *rbuf = (int *)malloc((size_t)n * sizeof(int));
            MPI_Comm_rank(pm_comm[c], &rank);
            MPI_Comm_size(pm_comm[c], &p);
            for (j = 0; j < n; j++)
                sbuf[j] = 1000 * rank + j, rbuf[j] = -1;
            err = MPI_Reduce(sbuf, rbuf, n, MPI_INT, left, p - 1, pm_comm[c]);
            snprintf(label, sizeof label, "reduce %s int non-commutative n=%d", pm_comm_name[c], n);
            pm_dump(label, rbuf, (size_t)n * sizeof(int), err);
            free(sbuf);
            free(rbuf);
        }
    MPI_Op_free(&left);
}

int main(int argc, char **argv)
{
    static const int counts[] = {0, 5, 700};
    int c, t, k, o, r, inplace;
    char label[128];
    MPI_Op vop[2];
    pm_init(&argc, &argv);
    MPI_Op_create(pm_vsum, 1, &vop[0]);
    MPI_Op_create(pm_vmax, 1, &vop[1]);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (o = 0; o < 2; o++)
                    for (r = 0; r < 2; r++)
                        for (inplace = 0; inplace < 2; inplace++) {
                            int rank, p, root, here, err, n = counts[k];
                            void *sbuf, *rbuf;
                            MPI_Comm_rank(pm_comm[c], &rank);
                            MPI_Comm_size(pm_comm[c], &p);
                            root = r ? p - 1 : 0;
                            here = inplace && rank == root;
                            if (inplace && root != 0)
                                continue; /* MPICH 4.0.2's own MPI_Reduce crashes there (below) */
                            sbuf = pm_alloc(t, (size_t)n);
                            rbuf = pm_alloc(t, (size_t)n);
                            pm_fill(sbuf, t, (size_t)n, 1000 + rank);
                            pm_fill(rbuf, t, (size_t)n, here ? 1000 + rank : -1);
                            err = MPI_Reduce(here ? MPI_IN_PLACE : sbuf, rbuf, n, pm_type[t],
                                             t == 2 ? vop[o]
                                             : o    ? MPI_MAX
                                                    : MPI_SUM,
                                             root, pm_comm[c]);
                            snprintf(label, sizeof label, "reduce %s %s %s n=%d root=%d%s", pm_comm_name[c],
                                     pm_type_name[t], o ? "max" : "sum", n, root, inplace ? " in-place" : "");
                            pm_dump(label, rbuf, (size_t)n * pm_extent(t), err);
                            free(sbuf);
                            free(rbuf);
                        }
    MPI_Op_free(&vop[0]);
    MPI_Op_free(&vop[1]);
    pm_noncommutative();
    pm_finish("reduce");
    return 0;
}
