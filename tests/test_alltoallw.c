/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every alltoallw algorithm against MPI_Alltoallw (tests/mpi/alltoallw.c): the
 * standard matrix of process counts; each run covers every pattern (a different datatype per
 * peer, empty messages, the FFT transpose), in place, count 0 and the rejected arguments. */
#include "launch.h"

CL_MATRIX_SMALL(alltoallw, "alltoallw")
