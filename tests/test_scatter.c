/* Criterion suite: every scatter algorithm against MPI_Scatter (tests/mpi/scatter.c). The k-nomial tree
 * the tree algorithms walk (schedule/knomial.h) is checked without MPI in test_knomial.c. */
#include "launch.h"

CL_MATRIX_SMALL(scatter, "scatter")
