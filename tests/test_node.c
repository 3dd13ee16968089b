/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the node level (machine/node.h, tests/mpi/node.c) under MPICH (one host; with
 * COLLALG_NODE_SIZE cutting it into nodes of 2 ranks) and on SimGrid's multi-core cluster
 * (tests/platform/smp/) with consecutive, round-robin, uneven and one-rank-per-node placements. */
#include "launch.h"

/* clang-format off */
Test(node, mpich_p1) { cl_mpich("node", 1, ""); }
Test(node, mpich_p3) { cl_mpich("node", 3, ""); }
Test(node, mpich_p5_nodes_of_2) { cl_launch_as("env COLLALG_NODE_SIZE=2 mpiexec -n 5", "mpich", "mpich-nodes-of-2", "node", 5, "", 1); }
Test(node, mpich_p5_roundrobin_2) { cl_launch_as("env COLLALG_NODE_ROUNDROBIN=2 mpiexec -n 5", "mpich", "mpich-roundrobin-2", "node", 5, "", 1); }
Test(node, smp_3x8) { cl_smp("node", "3x8", 24, ""); }
Test(node, smp_3x8_roundrobin) { cl_smp("node", "3x8-roundrobin", 24, ""); }
Test(node, smp_uneven) { cl_smp("node", "uneven", 24, ""); }
Test(node, smp_one_per_node) { cl_smp("node", "one-per-node", 16, ""); }
Test(node, smp_roundrobin_p128) { cl_smp("node", "roundrobin", 128, ""); }
/* clang-format on */
