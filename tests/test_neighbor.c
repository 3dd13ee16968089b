/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the neighbourhood collectives (include/collalg/neighbor_<coll>/linear.h,
 * the message-combining neighbor_allgather and neighbor_alltoall, core/neighbor.h) against a point-to-point reference written to the MPI-4.1 text, byte for byte
 * (tests/mpi/neighbor.c: Cartesian 1-D to 3-D, periodic and not, dimensions of size 1 and 2;
 * graphs with self loops and repeated neighbours and an empty neighbourhood; distributed graphs
 * with in-degree != out-degree, weighted, unweighted and reordered; the five collectives in
 * their blocking, nonblocking and persistent forms; a nonblocking one outstanding during a
 * blocking one; MPI_ERR_TOPOLOGY without a topology; the native calls compared where they follow
 * MPI-4.1).
 *   MPICH p = 1, 2       int, vector, struct, int-vector; counts 0, 1, 5
 *   MPICH p = 3, 4       int and struct, counts 0 and 3 (with more ranks than cores MPICH's
 *                        busy-polling makes the full matrix take minutes)
 *   Open MPI p = 3       the same
 *   make check-large     MPICH p = 5 .. 8 and Open MPI p = 2, the full matrix
 *   SimGrid p = 9        a 3 x 3 Cartesian grid (int, count 3) and the adjacent distributed graphs
 *                        with the stencils (vector and int-vector, counts 0 and 3)
 *   make check-large     SimGrid p = 16 and 17 (every Cartesian shape, the distributed graphs;
 *                        int and int-vector, count 3) and p = 64 (8 x 8, 4 x 4 x 4, the
 *                        distributed graphs; int, count 3)
 * SimGrid 3.32 aborts in MPI_Topo_test and has no distributed graphs: src/bench/smpi_topo.h
 * supplies both to the program (not graph communicators, nor the reordered distributed graph);
 * its runs leave the struct type out (SimGrid mis-serialises it, tests/launch.h) and are split
 * with --algo, as a SimGrid run slows down with every message a test completed
 * (docs/limitations.md): p = 9 with both counts in one run took 113 s, each part here a few.
 * The schedules themselves are checked without MPI in tests/test_neighbor_steps.c. */
#include "launch.h"

/* The matrix of the runs with more ranks than the machine has cores (MPICH busy-polls). */
#define NB_REDUCED "--types int,struct --counts 0,3"

Test(neighbor, mpich_p1)
{
    cl_mpich("neighbor", 1, "");
}
Test(neighbor, mpich_p2)
{
    cl_mpich("neighbor", 2, "");
}
Test(neighbor, mpich_p3)
{
    cl_mpich("neighbor", 3, NB_REDUCED);
}
Test(neighbor, mpich_p4)
{
    CL_LARGE_ONLY();
    cl_mpich("neighbor", 4, NB_REDUCED);
}
Test(neighbor, openmpi_p3)
{
    cl_openmpi("neighbor", 3, NB_REDUCED);
}
Test(neighbor, mpich_p5_to_8)
{
    int p;
    CL_LARGE_ONLY();
    for (p = 5; p <= 8; p++)
        cl_mpich("neighbor", p, "");
}
Test(neighbor, openmpi_p2)
{
    CL_LARGE_ONLY();
    cl_openmpi("neighbor", 2, "");
}

/* SimGrid: the matrix in parts (--algo: a substring of the cases' descriptions). */
Test(neighbor, smpi_p9_cart)
{
    cl_smpi_as("smpi-cart", "neighbor", 9, "--types int --counts 3 --algo 3x3x0");
}
Test(neighbor, smpi_p9_dist)
{
    cl_smpi_as("smpi-dist", "neighbor", 9, "--types vector,int-vector --counts 0,3 --algo dist");
}
static void nb_smpi_parts(int np, const char *const *parts, const char *args)
{
    char label[64], all[256];
    int i;
    for (i = 0; parts[i]; i++) {
        snprintf(label, sizeof label, "smpi-%s", parts[i]);
        snprintf(all, sizeof all, "%s --algo %s", args, parts[i]);
        cl_smpi_as(label, "neighbor", np, all);
    }
}
Test(neighbor, smpi_p16, .timeout = 3600)
{
    static const char *const parts[] = {"16x0x0", "16x1x0", "4x4x0", "1x1x16", "4x2x2", "dist", NULL};
    CL_LARGE_ONLY();
    nb_smpi_parts(16, parts, "--types int,int-vector --counts 3");
}
Test(neighbor, smpi_p17, .timeout = 3600)
{
    static const char *const parts[] = {"17x0x0", "17x1x0", "1x1x17", "17x1x1", "dist", NULL};
    CL_LARGE_ONLY();
    nb_smpi_parts(17, parts, "--types int,int-vector --counts 3");
}
Test(neighbor, smpi_p64, .timeout = 3600)
{
    static const char *const parts[] = {"8x8x0", "4x4x4", "dist", NULL};
    CL_LARGE_ONLY();
    nb_smpi_parts(64, parts, "--types int --counts 3");
}
