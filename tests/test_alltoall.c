/* Criterion suite: every alltoall algorithm against MPI_Alltoall (tests/mpi/alltoall.c). */
#include "launch.h"

CL_MATRIX(alltoall, "alltoall")
