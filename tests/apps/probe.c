/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * probe.c - a program that only initialises MPI (scripts/check-apps.sh): run under the collalg
 * PMPI library with COLLALG_<COLL>=? for every collective, the library's MPI_Init prints, for each
 * collective it knows, the line naming its valid algorithms, which the script reads as the list of
 * algorithms to force.
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
