/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * exscan.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): the cases of scan.c with MPI_Exscan.
 */
#define PM_EXSCAN 1
#include "scan.c"
