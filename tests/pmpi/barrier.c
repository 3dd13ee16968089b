/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * barrier.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): MPI_Barrier on MPI_COMM_WORLD and a split communicator, each rank entering
 * late in turn; checks that no rank left before the last one entered (stamps of one host-wide
 * clock: the latest entry precedes the earliest exit, a causality check, not a timing) and
 * dumps the verdict and the error codes.
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* clock_gettime under -std=c99 */
#endif
#include <time.h>
#include "pm_common.h"

/* Seconds on a clock that the ranks of one host share: MPI_Wtime under MPICH; under Open MPI, whose
 * MPI_Wtime counts from each process's own start, CLOCK_MONOTONIC. */
static double pm_stamp(void)
{
#if defined(OPEN_MPI) && defined(CLOCK_MONOTONIC)
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return MPI_Wtime();
#endif
}

/* Waits about `s` seconds in MPI_Wtime (the late rank's delay). */
static void pm_wait(double s)
{
    double t0 = MPI_Wtime();
    while (MPI_Wtime() - t0 < s) {
    }
}

int main(int argc, char **argv)
{
    int c, late;
    char label[128];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (late = 0; late < 4; late++) {
            int p, rank, err, r, ok = 1;
            double t[2], *all;
            MPI_Comm_size(pm_comm[c], &p);
            MPI_Comm_rank(pm_comm[c], &rank);
            if (rank == late % p)
                pm_wait(0.02);
            t[0] = pm_stamp();
            err = MPI_Barrier(pm_comm[c]);
            t[1] = pm_stamp();
            all = (double *)malloc(2 * sizeof(double) * (size_t)p);
            MPI_Gather(t, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, 0, pm_comm[c]);
            if (rank == 0)
                for (r = 0; r < p; r++) {
                    int q;
                    for (q = 0; q < p; q++)
                        ok &= all[2 * r] <= all[2 * q + 1];
                }
            MPI_Bcast(&ok, 1, MPI_INT, 0, pm_comm[c]);
            snprintf(label, sizeof label, "barrier %s late=%d ordered=%d", pm_comm_name[c], late, ok);
            pm_dump(label, &ok, sizeof ok, err);
            free(all);
        }
    pm_finish("barrier");
    return 0;
}
