/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every gather algorithm against MPI_Gather (tests/mpi/gather.c). The k-nomial tree
 * the tree algorithms walk (schedule/knomial.h) is checked without MPI in test_knomial.c. */
#include "launch.h"

CL_MATRIX_SMALL(gather, "gather")

/* Where the machine has structure (the matrix above runs every algorithm on one node under
 * MPICH and on one rank per host under SimGrid): the hierarchical algorithm under MPICH with
 * COLLALG_NODE_SIZE=2 (nodes {0, 1}, {2, 3}, ...) and COLLALG_NODE_ROUNDROBIN=2 (nodes {0, 2, 4},
 * {1, 3}), and on SimGrid's 16 x 8-core cluster (tests/platform/smp/) with 24 ranks on 3 nodes
 * round-robin and unevenly (3, 13 and 8 ranks, rank 0 not on the first node). The shared-memory
 * and topology algorithms below. */
/* clang-format off */
Test(gather_nodes, mpich_p3_nodes_of_2) { cl_mpich_env("mpich-nodes-of-2", "COLLALG_NODE_SIZE=2", "gather", 3, "--algo hierarchical " CL_FULL); }
Test(gather_nodes, mpich_p4_roundrobin_2) { cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "gather", 4, "--algo hierarchical " CL_FULL); }
Test(gather_nodes, mpich_p5_roundrobin_2) { CL_LARGE_ONLY(); cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "gather", 5, "--algo hierarchical " CL_REDUCED); }
Test(gather_nodes, smp_3x8_roundrobin) { cl_smp("gather", "3x8-roundrobin", 24, "--algo hierarchical " CL_SMPI_SMALL_P); }
Test(gather_nodes, smp_uneven) { cl_smp("gather", "uneven", 24, "--algo hierarchical " CL_SMPI_SMALL_P); }
/* clang-format on */

/* The shared-memory algorithm on one node of the smp cluster (8 ranks) and refused on several
 * (MPICH with nodes of 2: MPI_ERR_ARG on every rank, buffers untouched); the topology algorithm
 * on the switched test platform (c) (four switches of eight hosts under a top switch, p = 32) with
 * the description tests/platform/topology/b.conf from COLLALG_TOPOLOGY, ranks round-robin over the
 * switches (hostfile-c) and two per host (hostfile-c2, make check-large). */
/* clang-format off */
Test(gather_shm, smp_one_node_p8) { cl_smp("gather", "consecutive", 8, "--algo shm " CL_SMPI_SMALL_P); }
Test(gather_shm, mpich_p4_nodes_of_2_refused) { cl_mpich_env("mpich-shm-nodes-of-2", "COLLALG_NODE_SIZE=2", "gather", 4, "--algo shm " CL_FULL); }
Test(gather_topology, smpi_c_described) { cl_smpi_described("topology-c", "gather", "hostfile-c", "--algo topology " CL_SMPI_LARGE_P); }
Test(gather_topology, smpi_c2_described) {
    if (!cl_large()) cr_skip_test("two ranks per host: make check-large");
    cl_smpi_described("topology-c2", "gather", "hostfile-c2", "--algo topology " CL_SMPI_LARGE_P);
}
/* clang-format on */
