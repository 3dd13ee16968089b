/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the topology layer (machine/topology_comm.h) and the topology algorithms
 * (tests/mpi/topology.c: allgather, allgatherv and allreduce rings, allreduce in topology order,
 * bcast chain, contention-free alltoalls) under SimGrid at p = 32 on the network of the switched
 * platforms (b) and (c) (tests/platform/topology/switches-4x8.xml: four switches of eight
 * 100 Mb/s hosts under a top switch), with ranks placed consecutively per switch (hostfile-b),
 * round-robin over the switches (hostfile-c) and two per host on 16 hosts (hostfile-c2):
 * attached from a file and as text, from COLLALG_TOPOLOGY, without a description, malformed,
 * lacking a host; at p = 16 on platform (a), one switch; and under MPICH at p = 4 (one host: the
 * node level). The ring order is checked against the one expected from the processor names. */
#include "launch.h"

#define TT_DIR "tests/platform/topology/"
#define TT_ARGS "--counts 0,1,3,1000 " CL_SMPI_TYPES

/* smpirun of np ranks on `platform` with `hostfile` of tests/platform/topology/, after the
 * environment `env`. */
static void tt_smpi_on(const char *label, const char *env, const char *platform, int np, const char *hostfile,
                       const char *args)
{
    char launcher[768];
    snprintf(launcher, sizeof launcher,
             "env %s smpirun -np %d -platform " TT_DIR "%s -hostfile " TT_DIR "%s "
             "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG,
             env, np, platform, hostfile);
    cl_launch_as(launcher, "smpi", label, "topology", np, args, 1);
}

/* p = 32 on the network of (b) and (c). */
static void tt_smpi(const char *label, const char *env, const char *hostfile, const char *args)
{
    tt_smpi_on(label, env, "switches-4x8.xml", 32, hostfile, args);
}

/* Platform (a): 16 hosts on one switch, p = 16 (the DFS ring is the host order). */
Test(topology_mpi, smpi_a_attach_file)
{
    tt_smpi_on("a-attach", "-u COLLALG_TOPOLOGY", "switch-16.xml", 16, "hostfile-a",
               "--attach " TT_DIR "a.conf --mode described " TT_ARGS);
}

Test(topology_mpi, smpi_b_attach_file)
{
    tt_smpi("b-attach", "-u COLLALG_TOPOLOGY", "hostfile-b", "--attach " TT_DIR "b.conf --mode described " TT_ARGS);
}

Test(topology_mpi, smpi_c_attach_text)
{
    tt_smpi("c-attach-text", "-u COLLALG_TOPOLOGY", "hostfile-c",
            "--attach-text " TT_DIR "b.conf --mode described " TT_ARGS);
}

Test(topology_mpi, smpi_c_env)
{
    tt_smpi("c-env", "COLLALG_TOPOLOGY=" TT_DIR "b.conf", "hostfile-c", "--mode described " TT_ARGS);
}

Test(topology_mpi, smpi_c2_several_ranks_per_host)
{
    tt_smpi("c2-attach", "-u COLLALG_TOPOLOGY", "hostfile-c2", "--attach " TT_DIR "b.conf --mode described " TT_ARGS);
}

Test(topology_mpi, smpi_c_none)
{
    tt_smpi("c-none", "-u COLLALG_TOPOLOGY", "hostfile-c", "--mode node " TT_ARGS);
}

Test(topology_mpi, smpi_malformed_attach)
{
    tt_smpi("bad-attach", "-u COLLALG_TOPOLOGY", "hostfile-b", "--attach " TT_DIR "bad-syntax.conf --mode fail");
}

Test(topology_mpi, smpi_malformed_env)
{
    tt_smpi("bad-env", "COLLALG_TOPOLOGY=" TT_DIR "bad-cycle.conf", "hostfile-c", "--mode fail");
}

Test(topology_mpi, smpi_lacks_host_attach)
{
    tt_smpi("lacks-attach", "-u COLLALG_TOPOLOGY", "hostfile-b", "--attach " TT_DIR "lacks-host.conf --mode fail");
}

Test(topology_mpi, smpi_lacks_host_env)
{
    tt_smpi("lacks-env", "COLLALG_TOPOLOGY=" TT_DIR "lacks-host.conf", "hostfile-c", "--mode fail");
}

/* MPICH, all ranks on this host: the node level, and a description without this host. */
Test(topology_mpi, mpich_p4_node)
{
    cl_mpich_as("mpich-node", "topology", 4, "--mode node " CL_FULL);
}

Test(topology_mpi, mpich_p2_lacks_host)
{
    cl_mpich_as("mpich-lacks", "topology", 2, "--attach " TT_DIR "b.conf --mode fail");
}
