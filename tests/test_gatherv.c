/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every gatherv algorithm against MPI_Gatherv (tests/mpi/gatherv.c): types x
 * counts x 6 block patterns (empty blocks, one heavy rank, displacements reversed and shuffled
 * with gaps) x roots (every root for p <= 8, else 0, p/2, p-1) x in place at the root, with
 * garbage for the root-only arguments elsewhere; then the argument errors. */
#include "launch.h"

CL_MATRIX_SMALL(gatherv, "gatherv")

/* Where the machine has structure (the matrix above runs every algorithm on one node under
 * MPICH and on one rank per host under SimGrid): the hierarchical algorithm under MPICH with
 * COLLALG_NODE_SIZE=2 (nodes {0, 1}, {2, 3}, ...) and COLLALG_NODE_ROUNDROBIN=2 (nodes {0, 2, 4},
 * {1, 3}), and on SimGrid's 16 x 8-core cluster (tests/platform/smp/) with 24 ranks on 3 nodes
 * round-robin and unevenly (3, 13 and 8 ranks, rank 0 not on the first node). */
/* clang-format off */
Test(gatherv_nodes, mpich_p3_nodes_of_2) { cl_mpich_env("mpich-nodes-of-2", "COLLALG_NODE_SIZE=2", "gatherv", 3, "--algo hierarchical " CL_FULL); }
Test(gatherv_nodes, mpich_p4_roundrobin_2) { cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "gatherv", 4, "--algo hierarchical " CL_FULL); }
Test(gatherv_nodes, mpich_p5_roundrobin_2) { CL_LARGE_ONLY(); cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "gatherv", 5, "--algo hierarchical " CL_REDUCED); }
Test(gatherv_nodes, smp_3x8_roundrobin) { cl_smp("gatherv", "3x8-roundrobin", 24, "--algo hierarchical " CL_SMPI_SMALL_P); }
Test(gatherv_nodes, smp_uneven) { cl_smp("gatherv", "uneven", 24, "--algo hierarchical " CL_SMPI_SMALL_P); }
/* clang-format on */
