/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every reduce algorithm against MPI_Reduce (tests/mpi/reduce.c).
 *
 * tests/mpi/reduce.c builds its own (datatype, op) cases, named in --types (int-sum, double-sum,
 * dint-minloc, int2-user, vec-user, mat-noncomm; see its header comment), so the standard
 * CL_MATRIX type lists do not apply. Every root runs for p <= 8 (0, p/2, p-1 above), in place at
 * the root, and the non-commutative matrix product at every p:
 *   MPICH p = 1, 2, 3     every case, counts 0,1,3,1000,big
 *   MPICH p = 4           every case, counts 0,3,big (make check-large; make check: SimGrid p = 4)
 *   MPICH p = 5           int-sum, dint-minloc, vec-user, mat-noncomm, counts 3,big (make check-large)
 *   MPICH p = 7, 8        int-sum, mat-noncomm, counts 3,big (make check-large)
 *   SimGrid p = 16, 17    every case, every count
 *   SimGrid p = 31, 32    every case, counts 0,1,3,1000 (make check-large)
 *   SimGrid p = 64        int-sum, mat-noncomm, counts 1,1000 (make check-large)
 */
#include "launch.h"

#define RD_P5 "--counts 3,big --types int-sum,dint-minloc,vec-user,mat-noncomm"
#define RD_P8 "--counts 3,big --types int-sum,mat-noncomm"

/* clang-format off */
Test(reduce, mpich_p1) { cl_mpich("reduce", 1, ""); }
Test(reduce, mpich_p2) { cl_mpich("reduce", 2, ""); }
Test(reduce, mpich_p3) { cl_mpich("reduce", 3, ""); }
Test(reduce, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("reduce", 4, "--counts 0,3,big"); }
Test(reduce, smpi_p4) { cl_smpi("reduce", 4, "--counts 0,3,big"); }
Test(reduce, mpich_p5) { if (!cl_large()) cr_skip_test("p = 5: make check-large"); cl_mpich("reduce", 5, RD_P5); }
Test(reduce, mpich_p7) { if (!cl_large()) cr_skip_test("p = 7: make check-large"); cl_mpich("reduce", 7, RD_P8); }
Test(reduce, mpich_p8) { if (!cl_large()) cr_skip_test("p = 8: make check-large"); cl_mpich("reduce", 8, RD_P8); }
Test(reduce, smpi_p16) { cl_smpi("reduce", 16, ""); }
Test(reduce, smpi_p17) { cl_smpi("reduce", 17, ""); }
Test(reduce, smpi_p31) { if (!cl_large()) cr_skip_test("p = 31: make check-large"); cl_smpi("reduce", 31, "--counts 0,1,3,1000"); }
Test(reduce, smpi_p32) { if (!cl_large()) cr_skip_test("p = 32: make check-large"); cl_smpi("reduce", 32, "--counts 0,1,3,1000"); }
Test(reduce, smpi_p64) { if (!cl_large()) cr_skip_test("p = 64: make check-large"); cl_smpi("reduce", 64, "--counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */

/* The hierarchical algorithm (han) where ranks share nodes: MPICH with COLLALG_NODE_SIZE=2
 * (p = 3: nodes {0, 1}, {2}) and COLLALG_NODE_ROUNDROBIN=2 (p = 5: nodes {0, 2, 4}, {1, 3}, not
 * consecutive), SimGrid's smp platform (tests/platform/smp/) with 24 ranks on 3 nodes placed
 * consecutively, round-robin and unevenly, and 128 ranks on 16 nodes (make check-large). The runs
 * above (one node under MPICH, one rank per host under SimGrid) run it too. */
/* clang-format off */
Test(reduce, mpich_p3_han_nodes_of_2) { cl_mpich_env("mpich-nodes-of-2", "COLLALG_NODE_SIZE=2", "reduce", 3, "--algo han"); }
Test(reduce, mpich_p5_han_roundrobin_2) { CL_LARGE_ONLY(); cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "reduce", 5, "--algo han --counts 3,big --types int-sum,vec-user,mat-noncomm"); }
Test(reduce, smp_3x8_han) { CL_LARGE_ONLY(); cl_smp("reduce", "3x8", 24, "--algo han"); }
Test(reduce, smp_3x8_roundrobin_han) { cl_smp("reduce", "3x8-roundrobin", 24, "--algo han"); }
Test(reduce, smp_uneven_han) { cl_smp("reduce", "uneven", 24, "--algo han"); }
Test(reduce, smp_consecutive_p128_han) { CL_LARGE_ONLY(); cl_smp("reduce", "consecutive", 128, "--algo han --counts 1,1000 --types int-sum,mat-noncomm"); }
Test(reduce, smp_roundrobin_p128_han) { CL_LARGE_ONLY(); cl_smp("reduce", "roundrobin", 128, "--algo han --counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */

/* The topology algorithm with a description whose DFS ring is not the rank order: SimGrid on the
 * network of the switched platform (c) (tests/platform/topology/switches-4x8.xml), 16 and 17 ranks
 * round-robin over the four switches (hostfile-c), COLLALG_TOPOLOGY=c.conf. */
/* clang-format off */
Test(reduce, smpi_c_p16_topology_chain) { CL_LARGE_ONLY(); cl_smpi_switched("topology-c", "reduce", 16, "c.conf", "hostfile-c", "--algo topology_chain"); }
Test(reduce, smpi_c_p17_topology_chain) { cl_smpi_switched("topology-c", "reduce", 17, "c.conf", "hostfile-c", "--algo topology_chain --counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */
