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
 * Not under SimGrid: SimGrid 3.32 aborts in MPI_Topo_test ("not yet implemented"), which
 * core/neighbor.h needs to read the neighbour lists.
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
