/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * exscan.c - every catalogue exscan algorithm against MPI_Exscan: scan.c built with
 * SC_EXCLUSIVE = 1 (see scan.c for the cases, the references and the options). Rank 0's receive
 * buffer, undefined by the standard, must be left untouched by every algorithm.
 */
#define SC_EXCLUSIVE 1
#include "scan.c"
