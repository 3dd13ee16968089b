/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * scatterv.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Scatterv over int, double and a vector type with uneven counts
 * ((j + 1) % 3 * scale to rank j, some zero) and a gap of one element after each block, scales
 * 1 and 60, from root 0 and from the last rank, on MPI_COMM_WORLD and a split communicator, out of
 * place and MPI_IN_PLACE at the root; dumps every rank's receive allocation (the in-place root:
 * its send buffer, which must be unchanged).
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int scales[] = {1, 60};
    int c, t, k, r, inplace;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 2; k++)
                for (r = 0; r < 2; r++)
                    for (inplace = 0; inplace < 2; inplace++) {
                        int p, rank, err, j, root, here, s = scales[k], tot = 0;
                        int *sc, *sd;
                        void *sbuf, *rbuf;
                        MPI_Comm_size(pm_comm[c], &p);
                        MPI_Comm_rank(pm_comm[c], &rank);
                        root = r ? p - 1 : 0;
                        here = inplace && rank == root;
                        sc = (int *)malloc(2 * sizeof(int) * (size_t)p);
                        sd = sc + p;
                        for (j = 0; j < p; j++) {
                            sc[j] = (j + 1) % 3 * s;
                            sd[j] = tot, tot += sc[j] + 1;
                        }
                        sbuf = pm_alloc(t, (size_t)tot);
                        rbuf = pm_alloc(t, (size_t)sc[rank] + 1);
                        pm_fill(sbuf, t, (size_t)tot, 1000 + rank);
                        pm_fill(rbuf, t, (size_t)sc[rank] + 1, -1);
                        err = MPI_Scatterv(sbuf, sc, sd, pm_type[t], here ? MPI_IN_PLACE : rbuf, sc[rank], pm_type[t],
                                           root, pm_comm[c]);
                        snprintf(label, sizeof label, "scatterv %s %s scale=%d root=%d%s", pm_comm_name[c],
                                 pm_type_name[t], s, root, inplace ? " in-place" : "");
                        if (here)
                            pm_dump(label, sbuf, (size_t)tot * pm_extent(t), err);
                        else
                            pm_dump(label, rbuf, ((size_t)sc[rank] + 1) * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                        free(sc);
                    }
    pm_finish("scatterv");
    return 0;
}
