/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: argument errors, isolation, the in-line local reduction, valgrind and the
 * example. */
#include "launch.h"

/* clang-format off */
Test(errors, mpich_p1) { cl_mpich("errors", 1, ""); }
Test(errors, mpich_p2) { cl_mpich("errors", 2, ""); }
Test(errors, mpich_p3) { cl_mpich("errors", 3, ""); }
Test(errors, smpi_p4) { cl_smpi("errors", 4, "--no-intercomm"); }

/* Offsets past 2 GiB: 3 blocks of 720 MiB each (tests/mpi/bigoffsets.c). */
Test(bigoffsets, mpich_p3, .timeout = 1560) { cl_mpich("bigoffsets", 3, ""); }

Test(isolation, mpich_p1) { cl_mpich("isolation", 1, ""); }
Test(isolation, mpich_p2) { cl_mpich("isolation", 2, ""); }
Test(isolation, mpich_p3) { cl_mpich("isolation", 3, ""); }
Test(isolation, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("isolation", 4, ""); }
Test(isolation, smpi_p4) { cl_smpi("isolation", 4, ""); }
Test(isolation, smpi_p16) { cl_smpi("isolation", 16, ""); }
Test(isolation, smpi_p17) { cl_smpi("isolation", 17, ""); }

/* core/reduce_local.h against each library's MPI_Reduce_local (tests/mpi/reduce_local.c); Open
 * MPI's run is in tests/test_openmpi.c. */
Test(reduce_local, mpich_p2) { cl_mpich("reduce_local", 2, ""); }
Test(reduce_local, smpi_p2) { cl_smpi("reduce_local", 2, ""); }
/* clang-format on */

/* valgrind (memcheck) on every rank: no invalid access and no definite or indirect leak whose stack
 * lies outside the MPI library (tests/valgrind.supp lists what is suppressed and why). */
/* clang-format off */
#define CL_VALGRIND                                                                                       \
    "valgrind -q --leak-check=full --show-leak-kinds=definite,indirect "                                  \
    "--errors-for-leak-kinds=definite,indirect --suppressions=tests/valgrind.supp --error-exitcode=3"
/* clang-format on */
/* Blocks of up to 100 elements in make check, 1000 under make check-large (memcheck makes each run
 * 20 to 50 times slower; the larger blocks add no code path below the big count). */
#define CL_VG_ARGS \
    (cl_large() ? "--counts 0,3,1000 --types int,struct,int-vector" : "--counts 0,3,100 --types int,struct,int-vector")
#define CL_VG_COUNTS (cl_large() ? "--counts 0,3,1000" : "--counts 0,3,100")

static void cl_valgrind(const char *prog, int np, const char *args)
{
    char launcher[512];
    snprintf(launcher, sizeof launcher, "mpiexec -n %d " CL_VALGRIND, np);
    cl_launch_as(launcher, "mpich", "valgrind", prog, np, args, 1);
}

/* clang-format off */
Test(valgrind, alltoall_p3, .timeout = 1560) { cl_valgrind("alltoall", 3, CL_VG_ARGS); }
Test(valgrind, allgather_p3, .timeout = 1560) { cl_valgrind("allgather", 3, CL_VG_ARGS); }
Test(valgrind, allreduce_p3, .timeout = 1560) { cl_valgrind("allreduce", 3, CL_VG_COUNTS); }
Test(valgrind, bcast_p3, .timeout = 1560) { cl_valgrind("bcast", 3, CL_VG_ARGS); }
/* clang-format on */
/* The v-collectives: every algorithm, type and in-place case, on the patterns with zero blocks and
 * irregular displacements, blocks of at most 100 elements (the full pattern set took minutes). */
Test(valgrind, alltoallv_p3, .timeout = 1560)
{
    cl_valgrind("alltoallv", 3, "--counts 0,3,100 --types int,struct,int-vector --patterns zeros,irregular");
}
Test(valgrind, allgatherv_p3, .timeout = 1560)
{
    cl_valgrind("allgatherv", 3, "--counts 0,3,100 --types int,struct,int-vector --patterns zeros,permuted");
}
/* clang-format off */
Test(valgrind, barrier_p3, .timeout = 1560) { cl_valgrind("barrier", 3, ""); }
/* the nonblocking family: the executor's operations, scratch, datatype tables and duplicates (counts
 * 0 and 3, int and struct; make check-large adds 100 and int-vector) */
Test(valgrind, nonblocking_p3, .timeout = 1560)
{
    cl_valgrind("nonblocking", 3,
                cl_large() ? "--counts 0,3,100 --types int,struct,int-vector" : "--counts 0,3 --types int,struct");
}
/* the rooted collectives, the reductions and alltoallw: every algorithm, root and in-place case,
 * small counts; make check runs gatherv, alltoallw, reduce and scan, make check-large the others
 * (whose scratch handling these share: the same family headers or bodies) */
#define CL_VG_SMALL "--counts 0,3 --types int,struct,int-vector"
Test(valgrind, gather_p3, .timeout = 1560) { if (!cl_large()) cr_skip_test("make check-large"); cl_valgrind("gather", 3, CL_VG_SMALL); }
Test(valgrind, scatter_p3, .timeout = 1560) { if (!cl_large()) cr_skip_test("make check-large"); cl_valgrind("scatter", 3, CL_VG_SMALL); }
Test(valgrind, gatherv_p3, .timeout = 1560) { cl_valgrind("gatherv", 3, CL_VG_SMALL); }
Test(valgrind, scatterv_p3, .timeout = 1560) { if (!cl_large()) cr_skip_test("make check-large"); cl_valgrind("scatterv", 3, CL_VG_SMALL); }
Test(valgrind, alltoallw_p3, .timeout = 1560) { cl_valgrind("alltoallw", 3, CL_VG_SMALL); }
Test(valgrind, reduce_p3, .timeout = 1560) { cl_valgrind("reduce", 3, "--counts 0,3"); }
Test(valgrind, scan_p3, .timeout = 1560) { cl_valgrind("scan", 3, "--counts 0,3"); }
Test(valgrind, exscan_p3, .timeout = 1560) { if (!cl_large()) cr_skip_test("make check-large"); cl_valgrind("exscan", 3, "--counts 0,3"); }
Test(valgrind, reduce_scatter_block_p3, .timeout = 1560) { if (!cl_large()) cr_skip_test("make check-large"); cl_valgrind("reduce_scatter_block", 3, "--counts 0,3"); }
Test(valgrind, reduce_scatter_p3, .timeout = 1560) { if (!cl_large()) cr_skip_test("make check-large"); cl_valgrind("reduce_scatter", 3, "--counts 0,3"); }
Test(valgrind, errors_p2, .timeout = 1560) { cl_valgrind("errors", 2, ""); }
Test(valgrind, isolation_p2, .timeout = 1560) { cl_valgrind("isolation", 2, ""); }
/* The hierarchical algorithms with their inter-node levels: nodes of 2 ranks (COLLALG_NODE_SIZE). */
static void cl_vg_nodes_of_2(const char *prog, const char *algo, const char *args)
{
    char all[256];
    snprintf(all, sizeof all, "--algo %s %s", algo, args);
    cl_launch_as("env COLLALG_NODE_SIZE=2 mpiexec -n 3 " CL_VALGRIND, "mpich", "valgrind-nodes-of-2", prog, 3, all, 1);
}
Test(valgrind, han_bcast_p3_nodes_of_2, .timeout = 1560) { cl_vg_nodes_of_2("bcast", "han", CL_VG_ARGS); }
Test(valgrind, hierarchical_bcast_p3_nodes_of_2, .timeout = 1560)
{
    cl_vg_nodes_of_2("bcast", "hierarchical", CL_VG_ARGS);
}
Test(valgrind, han_allreduce_p3_nodes_of_2, .timeout = 1560) { cl_vg_nodes_of_2("allreduce", "han", CL_VG_COUNTS); }
Test(valgrind, node_aware_alltoall_p3_nodes_of_2, .timeout = 1560)
{
    cl_vg_nodes_of_2("alltoall", "node_aware", CL_VG_ARGS);
}
Test(valgrind, hierarchical_allgather_p3_nodes_of_2, .timeout = 1560)
{
    cl_vg_nodes_of_2("allgather", "hierarchical", CL_VG_ARGS);
}
/* clang-format on */

/* The README's examples under mpiexec, as a user would run them: hello, and a tuned routine. */
/* clang-format off */
Test(examples, hello_p4) { cl_launch_as("mpiexec -n 4", "examples", "mpich", "hello", 4, "", 0); }
Test(examples, tuned_p3) { cl_launch_as("mpiexec -n 3", "examples", "mpich", "tuned", 3, "", 0); }
/* clang-format on */
