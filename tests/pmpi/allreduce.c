/*
 * allreduce.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Allreduce with MPI_SUM and MPI_MAX over int and double (integer values,
 * so any order of the sum is exact), and with a user-defined commutative sum and maximum over the
 * vector of ints (MPICH rejects predefined operations on derived types), counts 0, 5 and 700, on MPI_COMM_WORLD
 * and a split communicator, out of place and MPI_IN_PLACE; dumps every result.
 */
#include "pm_common.h"

/* The two ints of each element of the vector type (offsets 0 and 3 ints, extent 6 ints). */
static void pm_vsum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int k, *a = (int *)in, *b = (int *)inout;
    (void)type;
    for (k = 0; k < *len; k++)
        b[6 * k] += a[6 * k], b[6 * k + 3] += a[6 * k + 3];
}

static void pm_vmax(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int k, j, *a = (int *)in, *b = (int *)inout;
    (void)type;
    for (k = 0; k < *len; k++)
        for (j = 0; j < 4; j += 3)
            if (a[6 * k + j] > b[6 * k + j])
                b[6 * k + j] = a[6 * k + j];
}

int main(int argc, char **argv)
{
    static const int counts[] = {0, 5, 700};
    int c, t, k, o, inplace;
    char label[128];
    MPI_Op vop[2];
    pm_init(&argc, &argv);
    MPI_Op_create(pm_vsum, 1, &vop[0]);
    MPI_Op_create(pm_vmax, 1, &vop[1]);
    for (c = 0; c < PM_NCOMMS; c++)
        for (t = 0; t < PM_NTYPES; t++)
            for (k = 0; k < 3; k++)
                for (o = 0; o < 2; o++)
                    for (inplace = 0; inplace < 2; inplace++) {
                        int rank, err, n = counts[k];
                        void *sbuf, *rbuf;
                        MPI_Comm_rank(pm_comm[c], &rank);
                        sbuf = pm_alloc(t, (size_t)n);
                        rbuf = pm_alloc(t, (size_t)n);
                        pm_fill(sbuf, t, (size_t)n, 1000 + rank);
                        pm_fill(rbuf, t, (size_t)n, inplace ? 1000 + rank : -1);
                        err = MPI_Allreduce(inplace ? MPI_IN_PLACE : sbuf, rbuf, n, pm_type[t],
                                            t == 2 ? vop[o]
                                            : o    ? MPI_MAX
                                                   : MPI_SUM,
                                            pm_comm[c]);
                        snprintf(label, sizeof label, "allreduce %s %s %s n=%d%s", pm_comm_name[c], pm_type_name[t],
                                 o ? "max" : "sum", n, inplace ? " in-place" : "");
                        pm_dump(label, rbuf, (size_t)n * pm_extent(t), err);
                        free(sbuf);
                        free(rbuf);
                    }
    MPI_Op_free(&vop[0]);
    MPI_Op_free(&vop[1]);
    pm_finish("allreduce");
    return 0;
}
