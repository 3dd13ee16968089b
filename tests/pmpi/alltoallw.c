/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * alltoallw.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Alltoallw with a datatype per pair (int, double or the vector type,
 * by (first + i + j) % 3 for ranks i and j) and a count per pair ((i + j) % 3 * scale, some zero),
 * byte displacements with an 8-byte gap after each block, scales 1 and 40, on MPI_COMM_WORLD and
 * a split communicator, out of place and MPI_IN_PLACE (the pattern is symmetric, as in place
 * needs); dumps every result.
 */
#include "pm_common.h"

/* Byte offsets of the blocks of counts `n` and type indices `ty` into `d`, 8-byte aligned with a
 * gap of 8 bytes after each; returns the bytes spanned (a multiple of 8). */
static size_t offsets(const int *n, const int *ty, int *d, int p)
{
    size_t o = 0, len;
    int j;
    for (j = 0; j < p; j++) {
        d[j] = (int)o;
        len = (size_t)n[j] * pm_extent(ty[j]);
        o += (len + 7) / 8 * 8 + 8;
    }
    return o;
}

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
                    int p, rank, err, j, *cnt, *ty, *disp;
                    MPI_Datatype *types;
                    size_t bytes;
                    void *sbuf, *rbuf;
                    MPI_Comm_size(pm_comm[c], &p);
                    MPI_Comm_rank(pm_comm[c], &rank);
                    cnt = (int *)malloc(3 * sizeof(int) * (size_t)p);
                    ty = cnt + p;
                    disp = cnt + 2 * p;
                    types = (MPI_Datatype *)malloc(sizeof(MPI_Datatype) * (size_t)p);
                    for (j = 0; j < p; j++) {
                        cnt[j] = (rank + j) % 3 * scales[k];
                        ty[j] = (t + rank + j) % PM_NTYPES;
                        types[j] = pm_type[ty[j]];
                    }
                    bytes = offsets(cnt, ty, disp, p);
                    sbuf = pm_alloc(0, bytes / sizeof(int));
                    rbuf = pm_alloc(0, bytes / sizeof(int));
                    pm_fill(sbuf, 0, bytes / sizeof(int), 1000 + rank);
                    pm_fill(rbuf, 0, bytes / sizeof(int), inplace ? 1000 + rank : -1);
                    err = MPI_Alltoallw(inplace ? MPI_IN_PLACE : sbuf, cnt, disp, types, rbuf, cnt, disp, types,
                                        pm_comm[c]);
                    snprintf(label, sizeof label, "alltoallw %s first=%s scale=%d%s", pm_comm_name[c], pm_type_name[t],
                             scales[k], inplace ? " in-place" : "");
                    pm_dump(label, rbuf, bytes, err);
                    free(sbuf);
                    free(rbuf);
                    free(cnt);
                    free(types);
                }
    pm_finish("alltoallw");
    return 0;
}
