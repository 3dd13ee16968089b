/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce_scatter_block.c - every catalogue reduce_scatter_block algorithm against
 * MPI_Reduce_scatter_block: tests/mpi/reduce_scatter.c built with RS_BLOCK (every rank gets the
 * same count; see that file's header comment for the cases, options and checks).
 */
#define RS_BLOCK 1
#include "reduce_scatter.c"
