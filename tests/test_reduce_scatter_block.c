/* Criterion suite: every reduce_scatter_block algorithm against MPI_Reduce_scatter_block
 * (tests/mpi/reduce_scatter_block.c, which is tests/mpi/reduce_scatter.c built with RS_BLOCK).
 *
 * The program builds its own (datatype, op) cases, named in --types (int-sum, double-sum,
 * dint-minloc, int2-user, vec-user, mat-noncomm), so the standard CL_MATRIX type lists do not
 * apply. Every case runs out of place and in place; the non-commutative matrix product at every
 * p (MPI_ERR_OP expected from the commutative-only algorithms):
 *   MPICH p = 1, 2, 3, 4     every case, counts 0,1,3,1000,big
 *   MPICH p = 5, 7, 8        int-sum, vec-user, mat-noncomm, counts 3,big (make check-large)
 *   SimGrid p = 16, 17       every case, every count
 *   SimGrid p = 31, 32       every case, counts 0,1,3,1000 (make check-large)
 *   SimGrid p = 64           int-sum, mat-noncomm, counts 1,1000 (make check-large)
 */
#include "launch.h"

#define RSB_SMALL "--counts 3,big --types int-sum,vec-user,mat-noncomm"

/* clang-format off */
Test(reduce_scatter_block, mpich_p1) { cl_mpich("reduce_scatter_block", 1, ""); }
Test(reduce_scatter_block, mpich_p2) { cl_mpich("reduce_scatter_block", 2, ""); }
Test(reduce_scatter_block, mpich_p3) { cl_mpich("reduce_scatter_block", 3, ""); }
Test(reduce_scatter_block, mpich_p4) { cl_mpich("reduce_scatter_block", 4, ""); }
Test(reduce_scatter_block, mpich_p5) { if (!cl_large()) cr_skip_test("p = 5: make check-large"); cl_mpich("reduce_scatter_block", 5, RSB_SMALL); }
Test(reduce_scatter_block, mpich_p7) { if (!cl_large()) cr_skip_test("p = 7: make check-large"); cl_mpich("reduce_scatter_block", 7, RSB_SMALL); }
Test(reduce_scatter_block, mpich_p8) { if (!cl_large()) cr_skip_test("p = 8: make check-large"); cl_mpich("reduce_scatter_block", 8, RSB_SMALL); }
Test(reduce_scatter_block, smpi_p16) { cl_smpi("reduce_scatter_block", 16, ""); }
Test(reduce_scatter_block, smpi_p17) { cl_smpi("reduce_scatter_block", 17, ""); }
Test(reduce_scatter_block, smpi_p31) { if (!cl_large()) cr_skip_test("p = 31: make check-large"); cl_smpi("reduce_scatter_block", 31, "--counts 0,1,3,1000"); }
Test(reduce_scatter_block, smpi_p32) { if (!cl_large()) cr_skip_test("p = 32: make check-large"); cl_smpi("reduce_scatter_block", 32, "--counts 0,1,3,1000"); }
Test(reduce_scatter_block, smpi_p64) { if (!cl_large()) cr_skip_test("p = 64: make check-large"); cl_smpi("reduce_scatter_block", 64, "--counts 1,1000 --types int-sum,mat-noncomm"); }
/* clang-format on */
