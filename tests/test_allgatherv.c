/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every allgatherv algorithm against MPI_Allgatherv (tests/mpi/allgatherv.c).
 *
 * The program's matrix is types x counts x 6 block patterns x in place, every algorithm in each
 * case, so it is six times the allgather matrix: the runs below cut it down by process count to
 * stay within the suite's time budget on a 2-core machine. Every run keeps every algorithm, in
 * place (for the same-type cases), the struct type (gaps, non-zero lower bound; MPICH only, see
 * CL_SMPI_TYPES) or the int-vector pair (different send and receive types), and patterns with
 * empty blocks and displacements out of rank order.
 * make check runs MPICH p <= 3 and SimGrid p = 4, 16, 17; MPICH p = 4 and the larger p are under
 * make check-large. */
#include "launch.h"

/* MPICH p = 1 and 2 (no oversubscription, about 2 s): the whole matrix, CL_FULL. */
/* MPICH p = 3, 4: the irregular patterns, a small and a 64 KiB base count. */
#define AV_P34 "--counts 3,big --types struct,int-vector --patterns zeros,uneven,permuted"
/* MPICH p >= 5 (slow oversubscribed): empty blocks and shuffled displacements, small counts. */
#define AV_P5 "--counts 3 --types struct,int-vector --patterns zeros,permuted"
/* SimGrid p = 4: MPICH p = 3's patterns and counts, with SimGrid's types (CL_SMPI_TYPES: no struct). */
#define AV_SMPI4 "--counts 3,big --types vector,int-vector --patterns zeros,uneven,permuted"
/* SimGrid (no 64 KiB count: one such call costs seconds of simulation; MPICH covers it). p = 31
 * and 32 split the patterns between them. */
#define AV_SMPI16 "--counts 0,3,1000 --types int,vector,int-vector --patterns uniform,zeros,uneven,random,permuted"
/* make check's p = 16 and 17 share AV_SMPI16's types and patterns out (about half the 91 s of simulation
 * the two took); make check-large runs AV_SMPI16 at both. */
#define AV_SMPI16_SHARE "--counts 0,3,1000 --types int,int-vector --patterns uniform,zeros,permuted"
#define AV_SMPI17_SHARE "--counts 0,3,1000 --types vector,int-vector --patterns zeros,uneven,random,permuted"
#define AV_SMPI31 "--counts 3,1000 --types vector --patterns zeros,random,reverse"
#define AV_SMPI32 "--counts 3,1000 --types vector --patterns uniform,uneven,permuted"
#define AV_SMPI64 "--counts 3 --types vector,int-vector --patterns zeros,permuted"

/* clang-format off */
Test(allgatherv, mpich_p1) { cl_mpich("allgatherv", 1, CL_FULL); }
Test(allgatherv, mpich_p2) { cl_mpich("allgatherv", 2, CL_FULL); }
Test(allgatherv, mpich_p3) { cl_mpich("allgatherv", 3, AV_P34); }
Test(allgatherv, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("allgatherv", 4, AV_P34); }
Test(allgatherv, smpi_p4) { cl_smpi("allgatherv", 4, AV_SMPI4); }
Test(allgatherv, mpich_p5) { CL_LARGE_ONLY(); cl_mpich("allgatherv", 5, AV_P5); }
Test(allgatherv, mpich_p6) { CL_LARGE_ONLY(); cl_mpich("allgatherv", 6, AV_P5); }
Test(allgatherv, mpich_p7) { CL_LARGE_ONLY(); cl_mpich("allgatherv", 7, AV_P5); }
Test(allgatherv, mpich_p8) { CL_LARGE_ONLY(); cl_mpich("allgatherv", 8, AV_P5); }
Test(allgatherv, smpi_p16) { cl_smpi("allgatherv", 16, cl_large() ? AV_SMPI16 : AV_SMPI16_SHARE); }
Test(allgatherv, smpi_p17) { cl_smpi("allgatherv", 17, cl_large() ? AV_SMPI16 : AV_SMPI17_SHARE); }
Test(allgatherv, smpi_p31) { CL_LARGE_ONLY(); cl_smpi("allgatherv", 31, AV_SMPI31); }
Test(allgatherv, smpi_p32) { CL_LARGE_ONLY(); cl_smpi("allgatherv", 32, AV_SMPI32); }
Test(allgatherv, smpi_p64) { CL_LARGE_ONLY(); cl_smpi("allgatherv", 64, AV_SMPI64); }
/* clang-format on */

/* The recursive doubling schedule (schedule/recursive_doubling.h) is checked without MPI in test_rdb_schedule.c. */
