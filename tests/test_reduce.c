/* Criterion suite: every reduce algorithm against MPI_Reduce (tests/mpi/reduce.c).
 *
 * tests/mpi/reduce.c builds its own (datatype, op) cases, named in --types (int-sum, double-sum,
 * dint-minloc, int2-user, vec-user, mat-noncomm; see its header comment), so the standard
 * CL_MATRIX type lists do not apply. Every root runs for p <= 8 (0, p/2, p-1 above), in place at
 * the root, and the non-commutative matrix product at every p:
 *   MPICH p = 1, 2, 3     every case, counts 0,1,3,1000,big
 *   MPICH p = 4           every case, counts 0,3,big
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
Test(reduce, mpich_p4) { cl_mpich("reduce", 4, "--counts 0,3,big"); }
Test(reduce, mpich_p5) { if (!cl_large()) cr_skip_test("p = 5: make check-large"); cl_mpich("reduce", 5, RD_P5); }
Test(reduce, mpich_p7) { if (!cl_large()) cr_skip_test("p = 7: make check-large"); cl_mpich("reduce", 7, RD_P8); }
Test(reduce, mpich_p8) { if (!cl_large()) cr_skip_test("p = 8: make check-large"); cl_mpich("reduce", 8, RD_P8); }
Test(reduce, smpi_p16) { cl_smpi("reduce", 16, ""); }
Test(reduce, smpi_p17) { cl_smpi("reduce", 17, ""); }
Test(reduce, smpi_p31) { if (!cl_large()) cr_skip_test("p = 31: make check-large"); cl_smpi("reduce", 31, "--counts 0,1,3,1000"); }
Test(reduce, smpi_p32) { if (!cl_large()) cr_skip_test("p = 32: make check-large"); cl_smpi("reduce", 32, "--counts 0,1,3,1000"); }
Test(reduce, smpi_p64) { if (!cl_large()) cr_skip_test("p = 64: make check-large"); cl_smpi("reduce", 64, "--counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */
