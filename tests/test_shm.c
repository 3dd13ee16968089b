/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the shared-memory family (bcast, allreduce, allgather, alltoall, barrier
 * *_shm) against the native collectives on node communicators (tests/mpi/shm.c): MPICH on one
 * node at p = 1 .. 5, MPICH with COLLALG_NODE_SIZE=3 at p = 5 (nodes of 3 and 2 ranks: the world
 * spans two nodes, so every algorithm must return MPI_ERR_ARG there), and SimGrid's 16 x 8-core
 * cluster (tests/platform/smp/) with 8 ranks on one node (the calls on MPI_COMM_WORLD too), 24
 * ranks on 3 nodes, 24 ranks unevenly placed (3, 13 and 8
 * per node) and one rank per node.
 *
 * The SimGrid runs do not pin MPI_Allgather to SimGrid's mpich selector as cl_smp() does: that
 * selector returns wrong data when the send and receive types differ (int-vector; seen at p = 8
 * with collalg_allgather_ring as well), and at p <= 24 SimGrid's default selector is fast. */
#include "launch.h"

#define SHM_SMP_ARGS "--counts 0,1,3,1000,big " CL_SMPI_TYPES

static void shm_smp(const char *placement, int np, const char *args)
{
    char launcher[512], tag[128];
    snprintf(launcher, sizeof launcher,
             "smpirun -np %d -platform tests/platform/smp/smp.xml -hostfile tests/platform/smp/hostfile-%s "
             "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG,
             np, placement);
    snprintf(tag, sizeof tag, "smp-%s", placement);
    cl_launch_as(launcher, "smpi", tag, "shm", np, args, 1);
}

Test(shm, mpich_p1)
{
    cl_mpich("shm", 1, CL_FULL);
}
Test(shm, mpich_p2)
{
    cl_mpich("shm", 2, CL_FULL);
}
Test(shm, mpich_p3)
{
    cl_mpich("shm", 3, CL_FULL);
}
Test(shm, mpich_p4)
{
    cl_mpich("shm", 4, CL_REDUCED);
}
Test(shm, mpich_p5)
{
    cl_mpich("shm", 5, CL_REDUCED);
}
Test(shm, mpich_p5_nodes_of_3)
{
    cl_launch_as("env COLLALG_NODE_SIZE=3 mpiexec -n 5", "mpich", "mpich-nodes-of-3", "shm", 5, CL_REDUCED, 1);
}
Test(shm, smp_one_node_p8)
{
    shm_smp("3x8", 8, SHM_SMP_ARGS);
}
Test(shm, smp_3x8)
{
    shm_smp("3x8", 24, SHM_SMP_ARGS);
}
Test(shm, smp_uneven)
{
    shm_smp("uneven", 24, SHM_SMP_ARGS);
}
Test(shm, smp_one_per_node)
{
    shm_smp("one-per-node", 16, SHM_SMP_ARGS);
}
