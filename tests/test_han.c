/* Criterion suite: the hierarchical algorithms (HAN bcast, HAN allreduce, hierarchical allgather)
 * against the native collectives where ranks share nodes: on SimGrid's 16 x 8-core cluster
 * (tests/platform/smp/) with 24 ranks on 3 nodes placed consecutively, round-robin and unevenly
 * (3, 13 and 8 ranks, rank 0 not on the first node), one rank per node, and 128 ranks; under MPICH
 * with COLLALG_NODE_SIZE cutting the machine into nodes of 2 ranks (p = 3 and 5). The other suites
 * run the same algorithms on one node (MPICH) and on one rank per host (SimGrid's cluster.xml). */
#include "launch.h"

#define HAN_SMP_ARGS "--counts 0,1,3,1000,big " CL_SMPI_TYPES
#define HAN_P128_ARGS "--counts 0,3,1000 --types int,int-vector"

static void han_nodes_of_2(const char *prog, int np, const char *args)
{
    char launcher[128];
    snprintf(launcher, sizeof launcher, "env COLLALG_NODE_SIZE=2 mpiexec -n %d", np);
    cl_launch_as(launcher, "mpich", "mpich-nodes-of-2", prog, np, args, 1);
}

/* clang-format off */
#define HAN_MATRIX(suite, prog, algo)                                                                            \
    Test(suite, mpich_p3_nodes_of_2) { han_nodes_of_2(prog, 3, "--algo " algo " " CL_FULL); }                      \
    Test(suite, mpich_p5_nodes_of_2) { han_nodes_of_2(prog, 5, "--algo " algo " " CL_REDUCED); }                   \
    Test(suite, smp_3x8) { cl_smp(prog, "3x8", 24, "--algo " algo " " HAN_SMP_ARGS); }                             \
    Test(suite, smp_3x8_roundrobin) { cl_smp(prog, "3x8-roundrobin", 24, "--algo " algo " " HAN_SMP_ARGS); }       \
    Test(suite, smp_uneven) { cl_smp(prog, "uneven", 24, "--algo " algo " " HAN_SMP_ARGS); }                       \
    Test(suite, smp_one_per_node) { cl_smp(prog, "one-per-node", 16, "--algo " algo " " HAN_SMP_ARGS); }           \
    Test(suite, smp_roundrobin_p128) {                                                                             \
        if (!cl_large()) cr_skip_test("p = 128: make check-large");                                                \
        cl_smp(prog, "roundrobin", 128, "--algo " algo " " HAN_P128_ARGS);                                         \
    }
/* clang-format on */

HAN_MATRIX(han_bcast, "bcast", "han")
