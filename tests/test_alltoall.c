/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every alltoall algorithm against MPI_Alltoall (tests/mpi/alltoall.c). */
#include "launch.h"

CL_MATRIX(alltoall, "alltoall")

/* Meshes whose dimensions all differ (the standard matrix has squares, cubes and primes):
 * p = 12 is 3 x 4 and 2 x 2 x 3, p = 24 is 4 x 6 and 2 x 3 x 4. */
/* clang-format off */
Test(alltoall, smpi_p12_mesh) { cl_smpi_as("smpi-mesh", "alltoall", 12, "--algo mesh " CL_SMPI_LARGE_P); }
Test(alltoall, smpi_p24_mesh) { cl_smpi_as("smpi-mesh", "alltoall", 24, "--algo mesh " CL_SMPI_LARGE_P); }
/* clang-format on */

/* The synchronised contention-free variants move the messages of contention_free (which runs in
 * the standard matrix) in the same phases, so they run on a smaller matrix: MPICH p = 1 .. 4
 * (p = 4 reduced) without a description (the node level: one switch, p - 1 phases), and SimGrid
 * p = 17 (without the 64 KiB count) with a description (tests/mpi/alltoall.c --cf-switches:
 * hosts node-0 .. node-16 round-robin over 3 switches, 66 phases, a schedule off the exact class
 * of schedule/topology.h). The described runs also
 * check that the topology is shared with the private communicator (what inner calls see),
 * replaced on both by a second attach, and freed once; MPICH p = 3 does that on one host. */
/* clang-format off */
Test(alltoall, mpich_p1_cf_sync) { cl_mpich_as("mpich-cf-sync", "alltoall", 1, "--algo contention_free_ --cf-sync " CL_FULL); }
Test(alltoall, mpich_p2_cf_sync) { cl_mpich_as("mpich-cf-sync", "alltoall", 2, "--algo contention_free_ --cf-sync " CL_FULL); }
Test(alltoall, mpich_p3_cf_sync) { cl_mpich_as("mpich-cf-sync", "alltoall", 3, "--algo contention_free_ --cf-sync " CL_FULL); }
Test(alltoall, mpich_p4_cf_sync) { cl_mpich_as("mpich-cf-sync", "alltoall", 4, "--algo contention_free_ --cf-sync " CL_REDUCED); }
Test(alltoall, smpi_p17_cf_described) { cl_smpi_as("smpi-cf-described", "alltoall", 17, "--algo contention_free --cf-sync --cf-switches 3 " CL_SMPI_LARGE_P); }
Test(alltoall, mpich_p3_cf_described) { cl_mpich_as("mpich-cf-described", "alltoall", 3, "--algo contention_free_mpi_barrier --cf-sync --cf-switches 2 --counts 0,3 --types int,struct"); }
/* clang-format on */
