/* Criterion suite: every scatterv algorithm against MPI_Scatterv (tests/mpi/scatterv.c): types x
 * counts x 6 block patterns (empty blocks, one heavy rank, displacements reversed and shuffled
 * with gaps) x roots (every root for p <= 8, else 0, p/2, p-1) x in place at the root, with
 * garbage for the root-only arguments elsewhere; then the argument errors. */
#include "launch.h"

CL_MATRIX_SMALL(scatterv, "scatterv")
