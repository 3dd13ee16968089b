/*
 * allreduce.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Allreduce with MPI_SUM and MPI_MAX over int, double (integer values, so
 * any order of the sum is exact) and a vector of ints, counts 0, 1, 5 and 700, on MPI_COMM_WORLD
 * and a split communicator, out of place and MPI_IN_PLACE; dumps every result.
 */
#include "pm_common.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 5, 700};
    int c, t, k, o, inplace;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 4; k++)
                for (o = 0; o < 2; o++)
                    for (inplace = 0; inplace < 2; inplace++) {
                        int rank, err, n = counts[k];
                        void *sbuf, *rbuf;
                        MPI_Comm_rank(pm_comm[c], &rank);
                        sbuf = pm_alloc(t, (size_t)n);
                        rbuf = pm_alloc(t, (size_t)n);
                        pm_fill(sbuf, t, (size_t)n, 1000 + rank);
                        pm_fill(rbuf, t, (size_t)n, inplace ? 1000 + rank : -1);
                        err = MPI_Allreduce(inplace ? MPI_IN_PLACE : sbuf, rbuf, n, pm_type[t], o ? MPI_MAX : MPI_SUM,
                                            pm_comm[c]);
                        snprintf(label, sizeof label, "allreduce %s %s %s n=%d%s", pm_comm_name[c], pm_type_name[t],
                                 o ? "max" : "sum", n, inplace ? " in-place" : "");
                        pm_dump(label, rbuf, (size_t)n * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                    }
    pm_finish("allreduce");
    return 0;
}
