/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * allgatherv.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Allgatherv over int, double and a vector type with uneven counts
 * ((j + 1) % 3 * scale from rank j, some zero) and a gap after each block (the first block at
 * offset 0: MPICH 4's MPI_Allgatherv on one process ignores displs[0]), scales 1 and 60, on
 * MPI_COMM_WORLD and a split communicator, out of place and MPI_IN_PLACE; dumps every result.
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int scales[] = {1, 60};
    int c, t, k, inplace;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 2; k++)
                for (inplace = 0; inplace < 2; inplace++) {
                    int p, rank, err, j, s = scales[k], tot = 0;
                    int *rc, *rd;
                    void *sbuf, *rbuf;
                    MPI_Comm_size(pm_comm[c], &p);
                    MPI_Comm_rank(pm_comm[c], &rank);
                    rc = (int *)malloc(2 * sizeof(int) * (size_t)p);
                    rd = rc + p;
                    for (j = 0; j < p; j++) {
                        rc[j] = (j + 1) % 3 * s;
                        rd[j] = tot, tot += rc[j] + 1;
                    }
                    sbuf = pm_alloc(t, (size_t)rc[rank] + 1);
                    rbuf = pm_alloc(t, (size_t)tot);
                    pm_fill(sbuf, t, (size_t)rc[rank] + 1, 1000 + rank);
                    pm_fill(rbuf, t, (size_t)tot, inplace ? 1000 + rank : -1);
                    err = MPI_Allgatherv(inplace ? MPI_IN_PLACE : sbuf, rc[rank], pm_type[t], rbuf, rc, rd, pm_type[t],
                                         pm_comm[c]);
                    snprintf(label, sizeof label, "allgatherv %s %s scale=%d%s", pm_comm_name[c], pm_type_name[t], s,
                             inplace ? " in-place" : "");
                    pm_dump(label, rbuf, (size_t)tot * pm_extent(t), err);
                    free(sbuf);
                    free(rbuf);
                    free(rc);
                }
    pm_finish("allgatherv");
    return 0;
}
