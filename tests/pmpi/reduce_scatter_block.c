/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce_scatter_block.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): the cases of reduce_scatter.c with MPI_Reduce_scatter_block (equal blocks).
 */
#define PM_BLOCK 1
#include "reduce_scatter.c"
