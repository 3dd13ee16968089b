/* Criterion suite: every alltoall algorithm against MPI_Alltoall (tests/mpi/alltoall.c). */
#include "launch.h"

CL_MATRIX(alltoall, "alltoall")

/* Meshes whose dimensions all differ (the standard matrix has squares, cubes and primes):
 * p = 12 is 3 x 4 and 2 x 2 x 3, p = 24 is 4 x 6 and 2 x 3 x 4. */
/* clang-format off */
Test(alltoall, smpi_p12_mesh) { cl_smpi_as("smpi-mesh", "alltoall", 12, "--algo mesh " CL_SMPI_LARGE_P); }
Test(alltoall, smpi_p24_mesh) { cl_smpi_as("smpi-mesh", "alltoall", 24, "--algo mesh " CL_SMPI_LARGE_P); }
/* clang-format on */
