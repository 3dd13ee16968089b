/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bcast.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Bcast from the first and the last rank over int, double and a vector
 * type, counts 0, 5 and 3000 (several segments of the pipelined trees), on MPI_COMM_WORLD and a
 * split communicator; dumps every result.
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 5, 3000};
    int c, t, k, r;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (r = 0; r < 2; r++) {
                    int p, rank, root, err, n = counts[k];
                    void *buf;
                    MPI_Comm_size(pm_comm[c], &p);
                    MPI_Comm_rank(pm_comm[c], &rank);
                    root = r ? p - 1 : 0;
                    buf = pm_alloc(t, (size_t)n);
                    pm_fill(buf, t, (size_t)n, rank == root ? 1000 + rank : -1 - rank);
                    err = MPI_Bcast(buf, n, pm_type[t], root, pm_comm[c]);
                    snprintf(label, sizeof label, "bcast %s %s n=%d root=%s", pm_comm_name[c], pm_type_name[t], n,
                             r ? "last" : "first");
                    pm_dump(label, buf, (size_t)n * pm_extent(t), err);
                    free(buf);
                }
    pm_finish("bcast");
    return 0;
}
