/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the hierarchical algorithms (HAN bcast, HAN allreduce, full-lane allreduce and
 * its pipelined form, hierarchical allgather, node-aware alltoall) against the native collectives
 * where ranks share nodes: on SimGrid's 16 x 8-core cluster (tests/platform/smp/) with 24 ranks on
 * 3 nodes placed consecutively, round-robin and unevenly (3, 13 and 8 ranks, rank 0 not on the
 * first node), one rank per node, and 128 ranks; under MPICH with COLLALG_NODE_SIZE cutting the
 * machine into nodes of 2 ranks (p = 3 and 5) and with COLLALG_NODE_ROUNDROBIN=2 into nodes
 * {0, 2, 4} and {1, 3} (p = 5). The other suites run the same algorithms on one node (MPICH) and
 * on one rank per host (SimGrid's cluster.xml). */
#include "launch.h"

/* Arguments per program: full (MPICH p = 3; SimGrid p <= 24 under make check-large), smp (SimGrid
 * p <= 24 under make check), reduced (MPICH p = 5) and p = 128.
 * allreduce.c names its own (datatype, op) cases (see its header comment). */
#define BC_FULL CL_FULL " " CL_SMPI_TYPES
#define BC_SMP CL_SMPI_LARGE_P
#define BC_REDUCED CL_REDUCED
#define BC_P128 "--counts 0,3,1000 --types int,int-vector"
#define AR_FULL "--counts 0,1,3,p+1,1000,big"
#define AR_SMP "--counts 0,1,3,p+1,1000"
#define AR_REDUCED "--types int-sum,int2-user,mat-noncomm --counts 3,p+1,big"
#define AR_P128 "--types int-sum,double-sum,mat-noncomm --counts 1,p+1,1000"
/* At p = 128 SimGrid's reference allgather is its mpich selection: one type on both sides. */
#define AG_P128 "--counts 0,3,1000 --types int,double"

/* Nodes that do not hold consecutive ranks under MPICH: rank r on node r mod 2. */
static void han_roundrobin_2(const char *prog, int np, const char *args)
{
    char launcher[128];
    snprintf(launcher, sizeof launcher, "env COLLALG_NODE_ROUNDROBIN=2 mpiexec -n %d", np);
    cl_launch_as(launcher, "mpich", "mpich-roundrobin-2", prog, np, args, 1);
}

static void han_nodes_of_2(const char *prog, int np, const char *args)
{
    char launcher[128];
    snprintf(launcher, sizeof launcher, "env COLLALG_NODE_SIZE=2 mpiexec -n %d", np);
    cl_launch_as(launcher, "mpich", "mpich-nodes-of-2", prog, np, args, 1);
}

/* The SimGrid runs of 16 and 24 ranks: `smp` (no 64 KiB count: MPICH p = 3 runs it) under make
 * check, `full` under make check-large (the big count was most of the 122 s they took). */
#define HAN_SMP(algo, full, smp) (cl_large() ? "--algo " algo " " full : "--algo " algo " " smp)
/* clang-format off */
#define HAN_MATRIX(suite, prog, algo, full, smp, reduced, p128)                                                \
    Test(suite, mpich_p3_nodes_of_2) { han_nodes_of_2(prog, 3, "--algo " algo " " full); }                     \
    Test(suite, mpich_p5_nodes_of_2) { CL_LARGE_ONLY(); han_nodes_of_2(prog, 5, "--algo " algo " " reduced); } \
    Test(suite, mpich_p5_roundrobin_2) { han_roundrobin_2(prog, 5, "--algo " algo " " reduced); }              \
    Test(suite, smp_3x8) { cl_smp(prog, "3x8", 24, HAN_SMP(algo, full, smp)); }                                \
    Test(suite, smp_3x8_roundrobin) { cl_smp(prog, "3x8-roundrobin", 24, HAN_SMP(algo, full, smp)); }          \
    Test(suite, smp_uneven) { cl_smp(prog, "uneven", 24, HAN_SMP(algo, full, smp)); }                          \
    Test(suite, smp_one_per_node) { cl_smp(prog, "one-per-node", 16, HAN_SMP(algo, full, smp)); }              \
    Test(suite, smp_consecutive_p128) {                                                                        \
        if (!cl_large()) cr_skip_test("p = 128: make check-large");                                            \
        cl_smp(prog, "consecutive", 128, "--algo " algo " " p128);                                             \
    }                                                                                                          \
    Test(suite, smp_roundrobin_p128) {                                                                         \
        if (!cl_large()) cr_skip_test("p = 128: make check-large");                                            \
        cl_smp(prog, "roundrobin", 128, "--algo " algo " " p128);                                              \
    }
/* clang-format on */

HAN_MATRIX(han_bcast, "bcast", "han", BC_FULL, BC_SMP, BC_REDUCED, BC_P128)
HAN_MATRIX(hierarchical_bcast, "bcast", "hierarchical", BC_FULL, BC_SMP, BC_REDUCED, BC_P128)
HAN_MATRIX(han_allreduce, "allreduce", "han", AR_FULL, AR_SMP, AR_REDUCED, AR_P128)
/* --algo full_lane selects by substring: full_lane and pipelined_full_lane, both in this matrix */
HAN_MATRIX(full_lane_allreduce, "allreduce", "full_lane", AR_FULL, AR_SMP, AR_REDUCED, AR_P128)
HAN_MATRIX(hierarchical_allgather, "allgather", "hierarchical", BC_FULL, BC_SMP, BC_REDUCED, AG_P128)
HAN_MATRIX(node_aware_alltoall, "alltoall", "node_aware", BC_FULL, BC_SMP, BC_REDUCED, BC_P128)
