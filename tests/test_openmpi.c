/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the catalogue under Open MPI (installed beside MPICH by scripts/install-deps.sh).
 * - toolchain: MPICH is still the default mpicc and mpiexec, and the programs of build/openmpi/
 *   are linked with Open MPI's library;
 * - one test program per collective family (alltoall, allgather, allreduce, bcast, alltoallv,
 *   allgatherv, barrier), built with mpicc.openmpi by mk/openmpi.mk, on p = 1 .. 3 (p = 4 under
 *   make check-large; the full matrix of counts and types up to p = 2, the reduced one from
 *   p = 3; the families added later, alltoallw ..., on p = 2 and 3), each checked byte for
 *   byte against Open MPI's own collectives (the barrier: no rank leaves before the last one
 *   entered, on a host-wide clock since Open MPI's MPI_Wtime is per process); the selector
 *   (tests/mpi/select.c, restrictions and intercommunicators included) on p = 2, 3; the error
 *   classes (tests/mpi/errors.c) and the private communicator (tests/mpi/isolation.c) on p = 2, 3;
 *   the in-line local reduction against MPI_Reduce_local (tests/mpi/reduce_local.c) on p = 2;
 * - the example examples/hello.c built with mpicc.openmpi, on p = 1 .. 4.
 * Every run goes through tests/launch.h's cl_openmpi (mpiexec.openmpi --oversubscribe, root
 * allowed, shared memory without single-copy). */
#include "launch.h"

/* 1 when a line that `cmd` prints contains `needle`. */
static int output_has(const char *cmd, const char *needle)
{
    char line[1024] = "";
    FILE *f = popen(cmd, "r");
    int found = 0;
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    pclose(f);
    return found;
}

Test(openmpi_toolchain, mpich_stays_the_default)
{
    cr_expect(output_has("mpicc -show 2>&1", "mpich"), "mpicc is not MPICH's (scripts/install-deps.sh)");
    cr_expect(output_has("mpiexec --version 2>&1 </dev/null", "HYDRA"), "mpiexec is not MPICH's (Hydra)");
}

Test(openmpi_toolchain, programs_use_open_mpi)
{
    cr_expect(output_has("ldd build/openmpi/alltoall 2>&1", "libopen-pal"), "build/openmpi/alltoall: not Open MPI");
    cr_expect(output_has("ldd build/openmpi-examples/hello 2>&1", "libopen-pal"),
              "build/openmpi-examples/hello: not Open MPI");
    cr_expect(!output_has("ldd build/openmpi/alltoall 2>&1", "libmpich"), "build/openmpi/alltoall: MPICH linked");
}

/* allreduce names its types after the operation (tests/mpi/allreduce.c): the reduced matrix is
 * that of tests/test_allreduce.c at p = 4. */
#define OM_ALLREDUCE_REDUCED "--types int-sum,double-sum,2int-minloc,int2-sum,mat-noncomm --counts 1,p+1,big"

/* clang-format off */
Test(openmpi, alltoall_p1) { cl_openmpi("alltoall", 1, CL_FULL); }
Test(openmpi, alltoall_p2) { cl_openmpi("alltoall", 2, CL_FULL); }
Test(openmpi, alltoall_p3) { cl_openmpi("alltoall", 3, CL_REDUCED); }
Test(openmpi, alltoall_p4) { CL_LARGE_ONLY(); cl_openmpi("alltoall", 4, CL_REDUCED); }
Test(openmpi, allgather_p1) { cl_openmpi("allgather", 1, CL_FULL); }
Test(openmpi, allgather_p2) { cl_openmpi("allgather", 2, CL_FULL); }
Test(openmpi, allgather_p3) { cl_openmpi("allgather", 3, CL_REDUCED); }
Test(openmpi, allgather_p4) { CL_LARGE_ONLY(); cl_openmpi("allgather", 4, CL_REDUCED); }
Test(openmpi, allreduce_p1) { cl_openmpi("allreduce", 1, CL_FULL); }
Test(openmpi, allreduce_p2) { cl_openmpi("allreduce", 2, CL_FULL); }
Test(openmpi, allreduce_p3) { cl_openmpi("allreduce", 3, OM_ALLREDUCE_REDUCED); }
Test(openmpi, allreduce_p4) { CL_LARGE_ONLY(); cl_openmpi("allreduce", 4, OM_ALLREDUCE_REDUCED); }
Test(openmpi, bcast_p1) { cl_openmpi("bcast", 1, CL_FULL); }
Test(openmpi, bcast_p2) { cl_openmpi("bcast", 2, CL_FULL); }
Test(openmpi, bcast_p3) { cl_openmpi("bcast", 3, CL_REDUCED); }
Test(openmpi, bcast_p4) { CL_LARGE_ONLY(); cl_openmpi("bcast", 4, CL_REDUCED); }
Test(openmpi, alltoallv_p1) { cl_openmpi("alltoallv", 1, CL_FULL); }
Test(openmpi, alltoallv_p2) { cl_openmpi("alltoallv", 2, CL_FULL); }
Test(openmpi, alltoallv_p3) { cl_openmpi("alltoallv", 3, CL_REDUCED); }
Test(openmpi, alltoallv_p4) { CL_LARGE_ONLY(); cl_openmpi("alltoallv", 4, CL_REDUCED); }
Test(openmpi, allgatherv_p1) { cl_openmpi("allgatherv", 1, CL_FULL); }
Test(openmpi, allgatherv_p2) { cl_openmpi("allgatherv", 2, CL_FULL); }
Test(openmpi, allgatherv_p3) { cl_openmpi("allgatherv", 3, CL_REDUCED); }
Test(openmpi, allgatherv_p4) { CL_LARGE_ONLY(); cl_openmpi("allgatherv", 4, CL_REDUCED); }
Test(openmpi, barrier_p1) { cl_openmpi("barrier", 1, "--rotations 1 --repeat 5"); }
Test(openmpi, barrier_p2) { cl_openmpi("barrier", 2, "--rotations 1 --repeat 5"); }
Test(openmpi, barrier_p3) { cl_openmpi("barrier", 3, "--rotations 1 --repeat 5"); }
Test(openmpi, barrier_p4) { CL_LARGE_ONLY(); cl_openmpi("barrier", 4, "--rotations 1 --repeat 5"); }
Test(openmpi, alltoallw_p2) { cl_openmpi("alltoallw", 2, CL_FULL); }
Test(openmpi, alltoallw_p3) { cl_openmpi("alltoallw", 3, CL_REDUCED); }
Test(openmpi, gather_p2) { cl_openmpi("gather", 2, CL_FULL); }
Test(openmpi, gather_p3) { cl_openmpi("gather", 3, CL_REDUCED); }
Test(openmpi, scatter_p2) { cl_openmpi("scatter", 2, CL_FULL); }
Test(openmpi, scatter_p3) { cl_openmpi("scatter", 3, CL_REDUCED); }
Test(openmpi, gatherv_p2) { cl_openmpi("gatherv", 2, CL_FULL); }
Test(openmpi, gatherv_p3) { cl_openmpi("gatherv", 3, CL_REDUCED); }
Test(openmpi, scatterv_p2) { cl_openmpi("scatterv", 2, CL_FULL); }
Test(openmpi, scatterv_p3) { cl_openmpi("scatterv", 3, CL_REDUCED); }
Test(openmpi, reduce_p2) { cl_openmpi("reduce", 2, "--counts 0,3,big"); }
Test(openmpi, reduce_p3) { cl_openmpi("reduce", 3, "--counts 3,big --types int-sum,dint-minloc,vec-user,mat-noncomm"); }
Test(openmpi, scan_p3) { cl_openmpi("scan", 3, "--counts 0,3,big"); }
Test(openmpi, exscan_p3) { cl_openmpi("exscan", 3, "--counts 0,3,big"); }
Test(openmpi, reduce_scatter_block_p3) { cl_openmpi("reduce_scatter_block", 3, "--counts 0,3,big"); }
Test(openmpi, reduce_scatter_p3) { cl_openmpi("reduce_scatter", 3, "--counts 0,3,1000"); }
Test(openmpi, select_p2) { cl_openmpi("select", 2, ""); }
Test(openmpi, select_p3) { cl_openmpi("select", 3, ""); }
Test(openmpi, select_rooted_p3) { cl_openmpi("select_rooted", 3, ""); }
/* the node level and the shared-memory family (one window per node communicator) */
Test(openmpi, node_p3) { cl_openmpi("node", 3, ""); }
Test(openmpi, shm_p3) { cl_openmpi("shm", 3, "--counts 0,3,1000,big --types int,struct,int-vector"); }
Test(openmpi, errors_p2) { cl_openmpi("errors", 2, ""); }
Test(openmpi, errors_p3) { cl_openmpi("errors", 3, ""); }
Test(openmpi, isolation_p2) { cl_openmpi("isolation", 2, ""); }
Test(openmpi, isolation_p3) { cl_openmpi("isolation", 3, ""); }
Test(openmpi, reduce_local_p2) { cl_openmpi("reduce_local", 2, ""); }
/* clang-format on */

/* The example prints one line and exits non-zero when a result differs from the native one. */
static void om_hello(int np)
{
    char cmd[256];
    cl_openmpi_in("openmpi-examples", "openmpi", "hello", np, "", 0);
    snprintf(cmd, sizeof cmd, "cat build/logs/hello-openmpi-%d.log", np);
    cr_expect(output_has(cmd, "all results match MPI"), "hello on %d processes: no success line", np);
}

/* clang-format off */
Test(openmpi, hello_p1) { om_hello(1); }
Test(openmpi, hello_p2) { om_hello(2); }
Test(openmpi, hello_p3) { om_hello(3); }
Test(openmpi, hello_p4) { om_hello(4); }
/* clang-format on */
