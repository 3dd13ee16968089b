/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * alltoallv.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Alltoallv over int, double and a vector type with uneven counts
 * ((i + 2 j) % 3 * scale from rank i to rank j, some zero) and gaps between the blocks, scales 1 and 40, on MPI_COMM_WORLD and a split communicator; in place with a symmetric count matrix
 * ((i + j) % 3 * scale); dumps every result.
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int scales[] = {1, 40};
    int c, t, k, inplace;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 2; k++)
                for (inplace = 0; inplace < 2; inplace++) {
                    int p, rank, err, j, s = scales[k], stot = 0, rtot = 0;
                    int *sc, *sd, *rc, *rd;
                    void *sbuf, *rbuf;
                    MPI_Comm_size(pm_comm[c], &p);
                    MPI_Comm_rank(pm_comm[c], &rank);
                    sc = (int *)malloc(4 * sizeof(int) * (size_t)p);
                    sd = sc + p, rc = sd + p, rd = rc + p;
                    for (j = 0; j < p; j++) {
                        sc[j] = (inplace ? rank + j : rank + 2 * j) % 3 * s;
                        rc[j] = (inplace ? j + rank : j + 2 * rank) % 3 * s;
                        sd[j] = stot + 1, stot += sc[j] + 1;
                        rd[j] = rtot + 2, rtot += rc[j] + 2;
                    }
                    if (inplace)
                        memcpy(sd, rd, sizeof(int) * (size_t)p), stot = rtot;
                    sbuf = pm_alloc(t, (size_t)stot);
                    rbuf = pm_alloc(t, (size_t)rtot);
                    pm_fill(sbuf, t, (size_t)stot, 1000 + rank);
                    pm_fill(rbuf, t, (size_t)rtot, inplace ? 1000 + rank : -1);
                    err = MPI_Alltoallv(inplace ? MPI_IN_PLACE : sbuf, sc, sd, pm_type[t], rbuf, rc, rd, pm_type[t],
                                        pm_comm[c]);
                    snprintf(label, sizeof label, "alltoallv %s %s scale=%d%s", pm_comm_name[c], pm_type_name[t], s,
                             inplace ? " in-place" : "");
                    pm_dump(label, rbuf, (size_t)rtot * pm_extent(t), err);
                    free(sbuf);
                    free(rbuf);
                    free(sc);
                }
    pm_finish("alltoallv");
    return 0;
}
