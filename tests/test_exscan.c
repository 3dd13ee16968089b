/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every exscan algorithm against MPI_Exscan (tests/mpi/exscan.c).
 *
 * tests/mpi/exscan.c builds its own (datatype, op) cases, named in --types (int-sum, double-sum,
 * dint-minloc, int2-user, vec-user, mat-noncomm; see tests/mpi/scan.c), so the standard
 * CL_MATRIX type lists do not apply. Every case runs out of place and in place on every rank,
 * with the non-commutative matrix product at every p:
 *   MPICH p = 1, 2, 3          every case, counts 0,1,3,1000,big
 *   MPICH p = 4                the same (make check-large; make check: SimGrid p = 4)
 *   MPICH p = 5, 7, 8          every case, counts 0,3,big (make check-large)
 *   SimGrid p = 16, 17         every case, every count
 *   SimGrid p = 31, 32         every case, counts 0,1,3,1000 (make check-large)
 *   SimGrid p = 64             int-sum, mat-noncomm, counts 1,1000,big (make check-large)
 */
#include "launch.h"

#define SC_LARGE "--counts 0,3,big"

/* clang-format off */
Test(exscan, mpich_p1) { cl_mpich("exscan", 1, ""); }
Test(exscan, mpich_p2) { cl_mpich("exscan", 2, ""); }
Test(exscan, mpich_p3) { cl_mpich("exscan", 3, ""); }
Test(exscan, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("exscan", 4, ""); }
Test(exscan, smpi_p4) { cl_smpi("exscan", 4, ""); }
Test(exscan, mpich_p5) { if (!cl_large()) cr_skip_test("p = 5: make check-large"); cl_mpich("exscan", 5, SC_LARGE); }
Test(exscan, mpich_p7) { if (!cl_large()) cr_skip_test("p = 7: make check-large"); cl_mpich("exscan", 7, SC_LARGE); }
Test(exscan, mpich_p8) { if (!cl_large()) cr_skip_test("p = 8: make check-large"); cl_mpich("exscan", 8, SC_LARGE); }
Test(exscan, smpi_p16) { cl_smpi("exscan", 16, ""); }
Test(exscan, smpi_p17) { cl_smpi("exscan", 17, ""); }
Test(exscan, smpi_p31) { if (!cl_large()) cr_skip_test("p = 31: make check-large"); cl_smpi("exscan", 31, "--counts 0,1,3,1000"); }
Test(exscan, smpi_p32) { if (!cl_large()) cr_skip_test("p = 32: make check-large"); cl_smpi("exscan", 32, "--counts 0,1,3,1000"); }
Test(exscan, smpi_p64) { if (!cl_large()) cr_skip_test("p = 64: make check-large"); cl_smpi("exscan", 64, "--counts 1,1000,big --types int-sum,mat-noncomm"); }
/* clang-format on */

/* The hierarchical algorithm (hierarchical) where ranks share nodes: MPICH with COLLALG_NODE_SIZE=2
 * (p = 3: nodes {0, 1}, {2}) and COLLALG_NODE_ROUNDROBIN=2 (p = 5: nodes {0, 2, 4}, {1, 3}, not
 * consecutive), SimGrid's smp platform (tests/platform/smp/) with 24 ranks on 3 nodes placed
 * consecutively, round-robin and unevenly, and 128 ranks on 16 nodes (make check-large). The runs
 * above (one node under MPICH, one rank per host under SimGrid) run it too. */
/* clang-format off */
Test(exscan, mpich_p3_hierarchical_nodes_of_2) { cl_mpich_env("mpich-nodes-of-2", "COLLALG_NODE_SIZE=2", "exscan", 3, "--algo hierarchical"); }
Test(exscan, mpich_p5_hierarchical_roundrobin_2) { CL_LARGE_ONLY(); cl_mpich_env("mpich-roundrobin-2", "COLLALG_NODE_ROUNDROBIN=2", "exscan", 5, "--algo hierarchical --counts 0,3,big"); }
Test(exscan, smp_3x8_hierarchical) { CL_LARGE_ONLY(); cl_smp("exscan", "3x8", 24, "--algo hierarchical"); }
Test(exscan, smp_3x8_roundrobin_hierarchical) { cl_smp("exscan", "3x8-roundrobin", 24, "--algo hierarchical"); }
Test(exscan, smp_uneven_hierarchical) { cl_smp("exscan", "uneven", 24, "--algo hierarchical"); }
Test(exscan, smp_consecutive_p128_hierarchical) { CL_LARGE_ONLY(); cl_smp("exscan", "consecutive", 128, "--algo hierarchical --counts 1,1000,big --types int-sum,mat-noncomm"); }
Test(exscan, smp_roundrobin_p128_hierarchical) { CL_LARGE_ONLY(); cl_smp("exscan", "roundrobin", 128, "--algo hierarchical --counts 1,1000,big --types int-sum,mat-noncomm"); }
/* clang-format on */
