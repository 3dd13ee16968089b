/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every bcast algorithm against MPI_Bcast (tests/mpi/bcast.c), and every
 * Copy/Split/Merge program executed (--csm-all) at p = 4, 8, 16 and at p = 12 (the fold). */
#include "launch.h"

CL_MATRIX(bcast, "bcast")

/* clang-format off */
Test(bcast_csm, mpich_p4) { cl_mpich_as("csm-mpich", "bcast", 4, "--csm-all --types int"); }
Test(bcast_csm, smpi_p4) { cl_smpi_as("csm-smpi", "bcast", 4, "--csm-all " CL_SMPI_TYPES); }
Test(bcast_csm, smpi_p8) { cl_smpi_as("csm-smpi", "bcast", 8, "--csm-all " CL_SMPI_TYPES); }
Test(bcast_csm, smpi_p12) { cl_smpi_as("csm-smpi", "bcast", 12, "--csm-all " CL_SMPI_TYPES); }
Test(bcast_csm, smpi_p16) { cl_smpi_as("csm-smpi", "bcast", 16, "--csm-all " CL_SMPI_TYPES); }
/* clang-format on */
