/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * alltoall.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Alltoall over int, double and a vector type, counts 0, 5 and 200,
 * on MPI_COMM_WORLD and a split communicator, out of place and MPI_IN_PLACE; dumps every result.
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 5, 200};
    int c, t, k, inplace;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (inplace = 0; inplace < 2; inplace++) {
                    int p, rank, err, n = counts[k];
                    void *sbuf, *rbuf;
                    MPI_Comm_size(pm_comm[c], &p);
                    MPI_Comm_rank(pm_comm[c], &rank);
                    sbuf = pm_alloc(t, (size_t)n * p);
                    rbuf = pm_alloc(t, (size_t)n * p);
                    pm_fill(sbuf, t, (size_t)n * p, 1000 + rank);
                    pm_fill(rbuf, t, (size_t)n * p, inplace ? 1000 + rank : -1);
                    err = MPI_Alltoall(inplace ? MPI_IN_PLACE : sbuf, n, pm_type[t], rbuf, n, pm_type[t], pm_comm[c]);
                    snprintf(label, sizeof label, "alltoall %s %s n=%d%s", pm_comm_name[c], pm_type_name[t], n,
                             inplace ? " in-place" : "");
                    pm_dump(label, rbuf, (size_t)n * p * pm_extent(t), err);
                    free(sbuf);
                    free(rbuf);
                }
    pm_finish("alltoall");
    return 0;
}
