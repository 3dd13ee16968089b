/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gatherv.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Gatherv over int, double and a vector type with uneven counts
 * ((j + 1) % 3 * scale from rank j, some zero) and a gap of one element after each block, scales
 * 1 and 60, from root 0 and from the last rank, on MPI_COMM_WORLD and a split communicator, out of
 * place and MPI_IN_PLACE at the root; dumps every rank's whole receive allocation.
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
                        int *rc, *rd;
                        void *sbuf, *rbuf;
                        MPI_Comm_size(pm_comm[c], &p);
                        MPI_Comm_rank(pm_comm[c], &rank);
                        root = r ? p - 1 : 0;
                        here = inplace && rank == root;
                        rc = (int *)malloc(2 * sizeof(int) * (size_t)p);
                        rd = rc + p;
                        for (j = 0; j < p; j++) {
                            rc[j] = (j + 1) % 3 * s;
                            rd[j] = tot, tot += rc[j] + 1;
                        }
                        sbuf = pm_alloc(t, (size_t)rc[rank] + 1);
                        rbuf = pm_alloc(t, (size_t)tot);
                        pm_fill(sbuf, t, (size_t)rc[rank] + 1, 1000 + rank);
                        pm_fill(rbuf, t, (size_t)tot, -1);
                        if (here)
                            memcpy((char *)rbuf + (size_t)rd[root] * pm_extent(t), sbuf,
                                   (size_t)rc[root] * pm_extent(t));
                        err = MPI_Gatherv(here ? MPI_IN_PLACE : sbuf, rc[rank], pm_type[t], rbuf, rc, rd, pm_type[t],
                                          root, pm_comm[c]);
                        snprintf(label, sizeof label, "gatherv %s %s scale=%d root=%d%s", pm_comm_name[c],
                                 pm_type_name[t], s, root, inplace ? " in-place" : "");
                        pm_dump(label, rbuf, (size_t)tot * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                        free(rc);
                    }
    pm_finish("gatherv");
    return 0;
}
