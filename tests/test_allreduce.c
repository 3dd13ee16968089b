/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every allreduce algorithm against MPI_Allreduce (tests/mpi/allreduce.c).
 *
 * tests/mpi/allreduce.c builds its own (datatype, op) cases, named in --types (see its header
 * comment), and accepts "p-1" / "p+1" in --counts. The matrix is cut to fit the time budget
 * (about 3 minutes on 2 cores), keeping every algorithm, in place, uneven blocks and the
 * non-commutative case at every p:
 *   MPICH p = 1, 2       every case, counts 0,1,3,p-1,p+1,1000,big
 *   MPICH p = 3          every case, count p+1
 *   MPICH p = 4          the core cases, counts 1,p+1,big (make check-large; make check runs
 *                        them at SimGrid p = 4)
 *   MPICH p = 5          int-sum and mat-noncomm, counts 3,p+1,big
 *   MPICH p = 7, 8       int-sum and mat-noncomm, counts 3,big (big: 16387 ints, 4099 matrices)
 *   SimGrid p = 16       the core cases, every count
 *   SimGrid p = 17       every case, counts 1,p-1,p+1,1000
 *   SimGrid p = 31, 32   int-sum, double-sum, mat-noncomm, counts 1,p+1,1000
 *   SimGrid p = 64       int-sum and mat-noncomm, counts 1,p+1
 * make check runs MPICH p = 1 .. 3 and SimGrid p = 4, 16, 17; MPICH p = 4 and the larger p are
 * under make check-large.
 * SimGrid runs pin the native reference --cfg=smpi/allreduce:mpich: SimGrid 3.32's default
 * selection dies with SIGFPE on a user op over a derived datatype (int2-user at p = 16).
 * The topology algorithms (topology_ring, and the parameterised ones with the topology ring as
 * their inner allgather) run without a description here, i.e. on the node-level ring: MPICH
 * p = 1 .. 4 and SimGrid p = 16, 17 run them all; MPICH p = 5, 7, 8 run topology_ring but not the
 * parameterised ones (--skip "topology_ring)"); SimGrid p = 31, 32, 64 leave them out (their
 * rings cost most there; tests/test_topology_mpi.c runs them with descriptions at p = 32).
 */
#include "launch.h"

#define AR_ALL "--counts 0,1,3,p-1,p+1,1000,big"
#define AR_CORE "int-sum,double-sum,2int-minloc,int2-sum,mat-noncomm"
#define AR_NO_INNER_TOPO "--skip 'topology_ring)' "
#define AR_NO_TOPO "--skip topology_ring "
/* The HAN variants with small segments (many segments per call) run in tests/test_han.c, where
 * ranks share nodes; here (one node under MPICH, one rank per host under SimGrid) han runs with
 * its defaults only from p = 3 on. */
#define AR_NO_HAN_SEG "--skip 'han(1000' "

/* clang-format off */
Test(allreduce, mpich_p1) { cl_mpich("allreduce", 1, AR_ALL); }
Test(allreduce, mpich_p2) { cl_mpich("allreduce", 2, AR_ALL); }
Test(allreduce, mpich_p3) { cl_mpich("allreduce", 3, AR_NO_HAN_SEG "--counts p+1"); }
Test(allreduce, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("allreduce", 4, AR_NO_HAN_SEG "--types " AR_CORE " --counts 1,p+1,big"); }
Test(allreduce, smpi_p4) { cl_smpi("allreduce", 4, AR_NO_HAN_SEG "--types " AR_CORE " --counts 1,p+1,big"); }
Test(allreduce, mpich_p5) { CL_LARGE_ONLY(); cl_mpich("allreduce", 5, AR_NO_HAN_SEG AR_NO_INNER_TOPO "--types int-sum,mat-noncomm --counts 3,p+1,big"); }
Test(allreduce, mpich_p7) { CL_LARGE_ONLY(); cl_mpich("allreduce", 7, AR_NO_HAN_SEG AR_NO_INNER_TOPO "--types int-sum,mat-noncomm --counts 3,big"); }
Test(allreduce, mpich_p8) { CL_LARGE_ONLY(); cl_mpich("allreduce", 8, AR_NO_HAN_SEG AR_NO_INNER_TOPO "--types int-sum,mat-noncomm --counts 3,big"); }
Test(allreduce, smpi_p16) { cl_smpi("allreduce", 16, AR_NO_HAN_SEG "--types " AR_CORE " " AR_ALL); }
Test(allreduce, smpi_p17) { cl_smpi("allreduce", 17, AR_NO_HAN_SEG "--counts 1,p-1,p+1,1000"); }
Test(allreduce, smpi_p31) { CL_LARGE_ONLY(); cl_smpi("allreduce", 31, AR_NO_HAN_SEG AR_NO_TOPO "--types int-sum,double-sum,mat-noncomm --counts 1,p+1,1000"); }
Test(allreduce, smpi_p32) { CL_LARGE_ONLY(); cl_smpi("allreduce", 32, AR_NO_HAN_SEG AR_NO_TOPO "--types int-sum,double-sum,mat-noncomm --counts 1,p+1,1000"); }
Test(allreduce, smpi_p64) { CL_LARGE_ONLY(); cl_smpi("allreduce", 64, AR_NO_HAN_SEG AR_NO_TOPO "--types int-sum,mat-noncomm --counts 1,p+1"); }
/* clang-format on */
