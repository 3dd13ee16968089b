/* Criterion suite: every reduce_scatter algorithm against MPI_Reduce_scatter
 * (tests/mpi/reduce_scatter.c).
 *
 * The program builds its own (datatype, op) cases, named in --types (int-sum, double-sum,
 * dint-minloc, int2-user, vec-user, mat-noncomm), and four block patterns, named in --patterns
 * (uniform, zeros, one, random; see its header comment). Every case runs out of place and in
 * place; the non-commutative matrix product at every p (MPI_ERR_OP expected from the
 * commutative-only algorithms):
 *   MPICH p = 1, 2           every case, every pattern, counts 0,1,3,1000,big
 *   MPICH p = 3              every case, every pattern, counts 0,1,3,1000
 *   MPICH p = 4              every case, patterns uniform,random, counts 0,3,big
 *   MPICH p = 5, 7, 8        int-sum, vec-user, mat-noncomm, every pattern, counts 3,big
 *                            (make check-large)
 *   SimGrid p = 16           every case, patterns zeros,one, counts 0,1,3,big
 *   SimGrid p = 17           every case, every pattern, counts 0,1,3,1000
 *   SimGrid p = 31, 32       every case, every pattern, counts 0,1,3,1000 (make check-large)
 *   SimGrid p = 64           int-sum, mat-noncomm, every pattern, counts 1,1000 (make check-large)
 */
#include "launch.h"

#define RS_SMALL "--counts 3,big --types int-sum,vec-user,mat-noncomm"

/* clang-format off */
Test(reduce_scatter, mpich_p1) { cl_mpich("reduce_scatter", 1, ""); }
Test(reduce_scatter, mpich_p2) { cl_mpich("reduce_scatter", 2, ""); }
Test(reduce_scatter, mpich_p3) { cl_mpich("reduce_scatter", 3, "--counts 0,1,3,1000"); }
Test(reduce_scatter, mpich_p4) { cl_mpich("reduce_scatter", 4, "--counts 0,3,big --patterns uniform,random"); }
Test(reduce_scatter, mpich_p5) { if (!cl_large()) cr_skip_test("p = 5: make check-large"); cl_mpich("reduce_scatter", 5, RS_SMALL); }
Test(reduce_scatter, mpich_p7) { if (!cl_large()) cr_skip_test("p = 7: make check-large"); cl_mpich("reduce_scatter", 7, RS_SMALL); }
Test(reduce_scatter, mpich_p8) { if (!cl_large()) cr_skip_test("p = 8: make check-large"); cl_mpich("reduce_scatter", 8, RS_SMALL); }
Test(reduce_scatter, smpi_p16) { cl_smpi("reduce_scatter", 16, "--counts 0,1,3,big --patterns zeros,one"); }
Test(reduce_scatter, smpi_p17) { cl_smpi("reduce_scatter", 17, "--counts 0,1,3,1000"); }
Test(reduce_scatter, smpi_p31) { if (!cl_large()) cr_skip_test("p = 31: make check-large"); cl_smpi("reduce_scatter", 31, "--counts 0,1,3,1000"); }
Test(reduce_scatter, smpi_p32) { if (!cl_large()) cr_skip_test("p = 32: make check-large"); cl_smpi("reduce_scatter", 32, "--counts 0,1,3,1000"); }
Test(reduce_scatter, smpi_p64) { if (!cl_large()) cr_skip_test("p = 64: make check-large"); cl_smpi("reduce_scatter", 64, "--counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */
