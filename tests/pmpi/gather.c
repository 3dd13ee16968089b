/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * gather.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Gather over int, double and a vector type, counts 0, 5 and 200, from
 * root 0 and from the last rank, on MPI_COMM_WORLD and a split communicator, out of place and
 * MPI_IN_PLACE at the root; dumps every rank's whole receive allocation (untouched but at the root).
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 5, 200};
    int c, t, k, r, inplace;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (r = 0; r < 2; r++)
                    for (inplace = 0; inplace < 2; inplace++) {
                        int p, rank, err, root, here, n = counts[k];
                        void *sbuf, *rbuf;
                        MPI_Comm_size(pm_comm[c], &p);
                        MPI_Comm_rank(pm_comm[c], &rank);
                        root = r ? p - 1 : 0;
                        here = inplace && rank == root;
                        sbuf = pm_alloc(t, (size_t)n);
                        rbuf = pm_alloc(t, (size_t)n * p);
                        pm_fill(sbuf, t, (size_t)n, 1000 + rank);
                        pm_fill(rbuf, t, (size_t)n * p, -1);
                        if (here) /* the root's own block already in place */
                            memcpy((char *)rbuf + (size_t)root * n * pm_extent(t), sbuf, (size_t)n * pm_extent(t));
                        err = MPI_Gather(here ? MPI_IN_PLACE : sbuf, n, pm_type[t], rbuf, n, pm_type[t], root,
                                         pm_comm[c]);
                        snprintf(label, sizeof label, "gather %s %s n=%d root=%d%s", pm_comm_name[c], pm_type_name[t],
                                 n, root, inplace ? " in-place" : "");
                        pm_dump(label, rbuf, (size_t)n * p * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                    }
    pm_finish("gather");
    return 0;
}
