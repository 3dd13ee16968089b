/* Criterion suite: every gather algorithm against MPI_Gather (tests/mpi/gather.c). The k-nomial tree
 * the tree algorithms walk (schedule/knomial.h) is checked without MPI in test_knomial.c. */
#include "launch.h"

CL_MATRIX_SMALL(gather, "gather")
