/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every allgather algorithm against MPI_Allgather (tests/mpi/allgather.c). */
#include "launch.h"

CL_MATRIX(allgather, "allgather")
