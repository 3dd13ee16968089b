/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every reduce_scatter_block algorithm against MPI_Reduce_scatter_block
 * (tests/mpi/reduce_scatter_block.c, which is tests/mpi/reduce_scatter.c built with RS_BLOCK).
 *
 * The program builds its own (datatype, op) cases, named in --types (int-sum, double-sum,
 * dint-minloc, int2-user, vec-user, mat-noncomm), so the standard CL_MATRIX type lists do not
 * apply. Every case runs out of place and in place; the non-commutative matrix product at every
 * p (MPI_ERR_OP expected from the commutative-only algorithms):
 *   MPICH p = 1, 2, 3        every case, counts 0,1,3,1000,big
 *   MPICH p = 4              the same (make check-large; make check: SimGrid p = 4)
 *   MPICH p = 5, 7, 8        int-sum, vec-user, mat-noncomm, counts 3,big (make check-large)
 *   SimGrid p = 16, 17       every count; p = 16 int-sum, int2-user, mat-noncomm, p = 17
 *                            double-sum, dint-minloc, vec-user, mat-noncomm (every case at both
 *                            under make check-large)
 *   SimGrid p = 31, 32       every case, counts 0,1,3,1000 (make check-large)
 *   SimGrid p = 64           int-sum, mat-noncomm, counts 1,1000 (make check-large)
 */
#include "launch.h"

#define RSB_SMALL "--counts 3,big --types int-sum,vec-user,mat-noncomm"
/* make check's SimGrid p = 16 and 17 share the cases out, the non-commutative one at both. */
#define RSB_P16_TYPES "--types int-sum,int2-user,mat-noncomm"
#define RSB_P17_TYPES "--types double-sum,dint-minloc,vec-user,mat-noncomm"

/* clang-format off */
Test(reduce_scatter_block, mpich_p1) { cl_mpich("reduce_scatter_block", 1, ""); }
Test(reduce_scatter_block, mpich_p2) { cl_mpich("reduce_scatter_block", 2, ""); }
Test(reduce_scatter_block, mpich_p3) { cl_mpich("reduce_scatter_block", 3, ""); }
Test(reduce_scatter_block, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("reduce_scatter_block", 4, ""); }
Test(reduce_scatter_block, smpi_p4) { cl_smpi("reduce_scatter_block", 4, ""); }
Test(reduce_scatter_block, mpich_p5) { if (!cl_large()) cr_skip_test("p = 5: make check-large"); cl_mpich("reduce_scatter_block", 5, RSB_SMALL); }
Test(reduce_scatter_block, mpich_p7) { if (!cl_large()) cr_skip_test("p = 7: make check-large"); cl_mpich("reduce_scatter_block", 7, RSB_SMALL); }
Test(reduce_scatter_block, mpich_p8) { if (!cl_large()) cr_skip_test("p = 8: make check-large"); cl_mpich("reduce_scatter_block", 8, RSB_SMALL); }
Test(reduce_scatter_block, smpi_p16) { cl_smpi("reduce_scatter_block", 16, cl_large() ? "" : RSB_P16_TYPES); }
Test(reduce_scatter_block, smpi_p17) { cl_smpi("reduce_scatter_block", 17, cl_large() ? "" : RSB_P17_TYPES); }
Test(reduce_scatter_block, smpi_p31) { if (!cl_large()) cr_skip_test("p = 31: make check-large"); cl_smpi("reduce_scatter_block", 31, "--counts 0,1,3,1000"); }
Test(reduce_scatter_block, smpi_p32) { if (!cl_large()) cr_skip_test("p = 32: make check-large"); cl_smpi("reduce_scatter_block", 32, "--counts 0,1,3,1000"); }
Test(reduce_scatter_block, smpi_p64) { if (!cl_large()) cr_skip_test("p = 64: make check-large"); cl_smpi("reduce_scatter_block", 64, "--counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */

/* The hierarchical algorithm (hierarchical) where ranks share nodes: MPICH with COLLALG_NODE_SIZE=2
 * (p = 3: nodes {0, 1}, {2}) and COLLALG_NODE_ROUNDROBIN=2 (p = 5: nodes {0, 2, 4}, {1, 3}, not
 * consecutive), SimGrid's smp platform (tests/platform/smp/) with 24 ranks on 3 nodes placed
 * consecutively, round-robin and unevenly, and 128 ranks on 16 nodes (make check-large). The runs
 * above (one node under MPICH, one rank per host under SimGrid) run it too. */
/* clang-format off */
Test(reduce_scatter_block, mpich_p3_hierarchical_nodes_of_2) { cl_mpich_env("mpich-nodes-of-2", "COLLALG_NODE_SIZE=2", "reduce_scatter_block", 3, "--algo hierarchical"); }
Test(reduce_scatter_block, mpich_p5_hierarchical_roundrobin_2) { CL_LARGE_ONLY(); cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "reduce_scatter_block", 5, "--algo hierarchical --counts 3,big --types int-sum,vec-user,mat-noncomm"); }
Test(reduce_scatter_block, smp_3x8_hierarchical) { CL_LARGE_ONLY(); cl_smp("reduce_scatter_block", "3x8", 24, "--algo hierarchical"); }
Test(reduce_scatter_block, smp_3x8_roundrobin_hierarchical) { cl_smp("reduce_scatter_block", "3x8-roundrobin", 24, "--algo hierarchical"); }
Test(reduce_scatter_block, smp_uneven_hierarchical) { cl_smp("reduce_scatter_block", "uneven", 24, "--algo hierarchical"); }
Test(reduce_scatter_block, smp_consecutive_p128_hierarchical) { CL_LARGE_ONLY(); cl_smp("reduce_scatter_block", "consecutive", 128, "--algo hierarchical --counts 1,100 --types int-sum,mat-noncomm"); }
Test(reduce_scatter_block, smp_roundrobin_p128_hierarchical) { CL_LARGE_ONLY(); cl_smp("reduce_scatter_block", "roundrobin", 128, "--algo hierarchical --counts 1,100 --types int-sum,mat-noncomm"); }
/* clang-format on */

/* The topology algorithm with a description whose DFS ring is not the rank order: SimGrid on the
 * network of the switched platform (c) (tests/platform/topology/switches-4x8.xml), 16 and 17 ranks
 * round-robin over the four switches (hostfile-c), COLLALG_TOPOLOGY=c.conf. */
/* clang-format off */
Test(reduce_scatter_block, smpi_c_p16_topology_ring) { CL_LARGE_ONLY(); cl_smpi_switched("topology-c", "reduce_scatter_block", 16, "c.conf", "hostfile-c", "--algo topology_ring"); }
Test(reduce_scatter_block, smpi_c_p17_topology_ring) { cl_smpi_switched("topology-c", "reduce_scatter_block", 17, "c.conf", "hostfile-c", "--algo topology_ring --counts 0,3,1000"); }
/* clang-format on */
