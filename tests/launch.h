/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * launch.h - how the Criterion suites launch the MPI test programs.
 *
 * Criterion forks a process per test, so MPI never runs inside the Criterion process: each test
 * launches a program of tests/mpi/ (built by the Makefile under build/mpich/ and build/smpi/, and
 * for Open MPI under build/openmpi/) under MPICH's mpiexec, SimGrid's smpirun or Open MPI's
 * mpiexec.openmpi, with its output in build/logs/, and asserts on its
 * exit status and its closing line "... N passed, 0 failed". A failing run's log is printed.
 */
#ifndef COLLALG_TESTS_LAUNCH_H
#define COLLALG_TESTS_LAUNCH_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* popen, pclose */
#endif

#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/wait.h>
#include <unistd.h>

/* The absolute path of build/tests/libyield.so (tests/yield.c: oversubscribed MPICH ranks yield
 * the core while they wait), or "" when it is not built. */
static inline const char *cl_yield_lib(void)
{
    static char path[PATH_MAX + 32];
    static int looked;
    const char *rel = "/build/tests/libyield.so";
    if (!looked) {
        looked = 1;
        if (access(rel + 1, R_OK) == 0 && getcwd(path, PATH_MAX))
            strcat(path, rel);
        else
            path[0] = 0;
    }
    return path;
}

/* `lib` followed by the yield library in LD_PRELOAD's syntax ("lib:yield", or `lib` when that is
 * not built), written to buf: for a command that sets LD_PRELOAD itself. Returns buf. */
static inline const char *cl_preload_with_yield(const char *lib, char *buf, size_t size)
{
    const char *yield = cl_yield_lib();
    snprintf(buf, size, "%s%s%s", lib, yield[0] ? ":" : "", yield);
    return buf;
}

/* Before any test: LD_PRELOAD names the yield library (after what it named already), so that every
 * program a test launches, under whichever mpiexec, has it. A command that sets LD_PRELOAD itself
 * (the PMPI library's tests) names it again (tests/test_pmpi.c). */
__attribute__((constructor)) static void cl_preload_yield(void)
{
    const char *lib = cl_yield_lib(), *old = getenv("LD_PRELOAD");
    char value[2 * PATH_MAX + 2];
    if (!lib[0] || (old && strstr(old, lib)))
        return;
    setenv("LD_PRELOAD", old && *old ? cl_preload_with_yield(old, value, sizeof value) : lib, 1);
}

/* The matrix of counts and types. MPICH runs oversubscribed on small machines, where a waiting
 * rank can only yield its core (tests/yield.c) and each communication phase still waits for the
 * peer's time slice, so from p = 5 on the MPICH runs take a reduced (still every algorithm, in
 * place included) matrix. */
#define CL_FULL "--counts 0,1,3,1000,big"
#define CL_REDUCED "--counts 0,3,big --types int,struct,int-vector"
/* SimGrid 3.32 mis-serialises the resized struct type (reads past the buffer, valgrind shows it
 * in Type_Struct::serialize), so the SimGrid runs use the other four types; the struct type is
 * covered by the MPICH runs. */
#define CL_SMPI_TYPES "--types int,double,vector,int-vector"

/* Seconds one launched program may run before it is counted as hung. Generous: a run that takes
 * 150 s on an idle machine took over 600 s beside other MPI jobs (bigoffsets, MPICH p = 3), and a
 * busy machine must not fail a test. COLLALG_TEST_TIMEOUT overrides it (e.g. shorter when looking
 * for a hang). Criterion's own .timeout on long tests is CL_TIMEOUT plus a minute. */
#ifndef CL_TIMEOUT
#define CL_TIMEOUT 1500
#endif

/* CL_TIMEOUT, or COLLALG_TEST_TIMEOUT when it is a positive number. */
static inline int cl_timeout(void)
{
    const char *env = getenv("COLLALG_TEST_TIMEOUT");
    int t = env ? atoi(env) : 0;
    return t > 0 ? t : CL_TIMEOUT;
}

/* Prints the last lines of `log` through Criterion's logger. */
static inline void cl_show_log(const char *log)
{
    char cmd[1024], line[512];
    FILE *f;
    snprintf(cmd, sizeof cmd, "tail -n 40 '%s'", log);
    f = popen(cmd, "r");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        cr_log_error("%s", line);
    }
    pclose(f);
}

/* 1 when the log's last "passed, failed" line reports 0 failed and at least one passed. */
static inline int cl_log_passed(const char *log)
{
    char line[512], last[512] = "";
    long passed = 0, failed = -1;
    const char *at;
    FILE *f = fopen(log, "r");
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f))
        if (strstr(line, " passed, ") && strstr(line, " failed"))
            snprintf(last, sizeof last, "%s", line);
    fclose(f);
    at = strrchr(last, ':');
    if (!at || sscanf(at + 1, "%ld passed, %ld failed", &passed, &failed) != 2)
        return 0;
    return failed == 0 && passed > 0;
}

/* Runs `launcher` (the start of a command line) with program build/<dir>/<prog> and `args`,
 * logging to build/logs/<prog>-<logtag>-<np>.log; asserts a zero exit status and, when
 * `expect_pass_line`, a closing "N passed, 0 failed" line. */
static inline void cl_launch_as(const char *launcher, const char *dir, const char *logtag, const char *prog, int np,
                                const char *args, int expect_pass_line)
{
    char cmd[2048], log[512];
    int status, ok;
    snprintf(log, sizeof log, "build/logs/%s-%s-%d.log", prog, logtag, np);
    snprintf(cmd, sizeof cmd, "mkdir -p build/logs && timeout -k 10 %d %s build/%s/%s %s </dev/null >'%s' 2>&1",
             cl_timeout(), launcher, dir, prog, args, log);
    status = system(cmd);
    ok = status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (ok && expect_pass_line)
        ok = cl_log_passed(log);
    if (!ok) {
        cr_log_error("command failed (status %d): %s", status, cmd);
        cl_show_log(log);
    }
    cr_assert(ok, "%s on %d ranks (%s) failed; log: %s", prog, np, logtag, log);
}

/* cl_launch_as with the program directory as the log tag ("mpich" or "smpi"). */
static inline void cl_launch(const char *launcher, const char *tag, const char *prog, int np, const char *args,
                             int expect_pass_line)
{
    cl_launch_as(launcher, tag, tag, prog, np, args, expect_pass_line);
}

/* Runs tests/mpi/<prog>.c under MPICH's mpiexec on np processes; the log is named after `label`
 * (so several runs of one program at one p keep separate logs). */
static inline void cl_mpich_as(const char *label, const char *prog, int np, const char *args)
{
    char launcher[128];
    snprintf(launcher, sizeof launcher, "mpiexec -n %d", np);
    cl_launch_as(launcher, "mpich", label, prog, np, args, 1);
}

/* MPICH with the environment `env` ("VAR=value ..."), e.g. COLLALG_NODE_SIZE=2 to split the
 * ranks into nodes of 2 (machine/node.h); log tag `label`. */
static inline void cl_mpich_env(const char *label, const char *env, const char *prog, int np, const char *args)
{
    char launcher[256];
    snprintf(launcher, sizeof launcher, "env %s mpiexec -n %d", env, np);
    cl_launch_as(launcher, "mpich", label, prog, np, args, 1);
}

static inline void cl_mpich(const char *prog, int np, const char *args)
{
    cl_mpich_as("mpich", prog, np, args);
}

/* Open MPI, installed beside MPICH by scripts/install-deps.sh under its own names (mpicc.openmpi,
 * mpiexec.openmpi), launched for a container where CI runs as root with no standard input: more
 * ranks than cores (--oversubscribe), root allowed (Open MPI refuses it otherwise), no binding,
 * the ob1 messaging layer over the self and shared-memory transports only (one host), and shared
 * memory without the kernel's single-copy mechanism (CMA, often denied in containers). */
#define CL_OPENMPI_EXEC                                                                                      \
    "mpiexec.openmpi --oversubscribe --allow-run-as-root --bind-to none --mca pml ob1 --mca btl self,vader " \
    "--mca btl_vader_single_copy_mechanism none"

/* Runs build/<dir>/<prog> (built by mk/openmpi.mk with mpicc.openmpi) under Open MPI on np
 * processes, logging to build/logs/<prog>-<label>-<np>.log; `expect_pass_line` as cl_launch_as. */
static inline void cl_openmpi_in(const char *dir, const char *label, const char *prog, int np, const char *args,
                                 int expect_pass_line)
{
    char launcher[256];
    snprintf(launcher, sizeof launcher, CL_OPENMPI_EXEC " -n %d", np);
    cl_launch_as(launcher, dir, label, prog, np, args, expect_pass_line);
}

/* Runs tests/mpi/<prog>.c, built with Open MPI into build/openmpi/, under Open MPI on np processes. */
static inline void cl_openmpi(const char *prog, int np, const char *args)
{
    cl_openmpi_in("openmpi", "openmpi", prog, np, args, 1);
}

/* The settings every test under smpirun shares:
 * - --cfg=smpi/simulate-computation:no: the tests check results, not times, and with it on
 *   SimGrid charges each rank's real CPU time as simulated computation, so a rank polling a
 *   nonblocking collective (collalg_progress() + MPI_Test) waits out the others' arithmetic one
 *   simulated test at a time (tests/mpi/nonblocking.c at p = 5, int, count 1000: more than 900 s
 *   with it, 21 s without).
 * - The native collectives SMPI uses as references are pinned to algorithms that are right:
 *   SimGrid 3.32's automatic choice for small alltoall messages (Bruck) gives wrong results when
 *   the send and receive datatypes differ (seen at p = 16, int sent, vector received), and its
 *   default allreduce selection dies with SIGFPE on a user op over a derived datatype. */
#define CL_SMPI_CFG "--cfg=smpi/simulate-computation:no --cfg=smpi/alltoall:basic_linear --cfg=smpi/allreduce:mpich"

/* Runs tests/mpi/<prog>.c under SimGrid's smpirun on np simulated hosts of
 * tests/platform/cluster.xml, rank i on host node-i (tests/platform/hostfile). */
static inline void cl_smpi_as(const char *label, const char *prog, int np, const char *args)
{
    char launcher[512];
    snprintf(launcher, sizeof launcher,
             "smpirun -np %d -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile "
             "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG,
             np);
    cl_launch_as(launcher, "smpi", label, prog, np, args, 1);
}

static inline void cl_smpi(const char *prog, int np, const char *args)
{
    cl_smpi_as("smpi", prog, np, args);
}

/* Runs tests/mpi/<prog>.c under smpirun on the multi-core cluster tests/platform/smp/smp.xml (16
 * nodes of 8 cores) with the hostfile tests/platform/smp/hostfile-<placement> (consecutive,
 * roundrobin, 3x8, 3x8-roundrobin, uneven, one-per-node), so that ranks share nodes and
 * MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) groups them by host; the log is named
 * <prog>-smp-<placement>-<np>.log. From 64 ranks on, SimGrid's MPI_Allgather is pinned to its
 * mpich selection: the default takes 100 s of real time for a few calls at p = 128 there (0.2 s
 * pinned). Below, it is not: the mpich and ring selections return wrong data when the send and
 * receive datatypes differ (int sent, vector received), so runs at p >= 64 that compare an
 * allgather must use one type on both sides. */
static inline void cl_smp(const char *prog, const char *placement, int np, const char *args)
{
    char launcher[512], tag[128];
    snprintf(launcher, sizeof launcher,
             "smpirun -np %d -platform tests/platform/smp/smp.xml -hostfile tests/platform/smp/hostfile-%s "
             "--log=root.thres:warning --cfg=smpi/display-timing:no %s " CL_SMPI_CFG,
             np, placement, np >= 64 ? "--cfg=smpi/allgather:mpich" : "");
    snprintf(tag, sizeof tag, "smp-%s", placement);
    cl_launch_as(launcher, "smpi", tag, prog, np, args, 1);
}

/* SimGrid on the switched test platform (tests/platform/topology/switches-4x8.xml: four switches
 * of eight hosts under a top switch), np ranks placed by `hostfile` of that folder, with the
 * description `conf` of that folder in COLLALG_TOPOLOGY; log tag `label`. */
static inline void cl_smpi_switched(const char *label, const char *prog, int np, const char *conf, const char *hostfile,
                                    const char *args)
{
    char launcher[768];
    snprintf(launcher, sizeof launcher,
             "env COLLALG_TOPOLOGY=tests/platform/topology/%s smpirun -np %d -platform "
             "tests/platform/topology/switches-4x8.xml -hostfile tests/platform/topology/%s "
             "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG,
             conf, np, hostfile);
    cl_launch_as(launcher, "smpi", label, prog, np, args, 1);
}

/* cl_smpi_switched at p = 32 with the description b.conf. */
static inline void cl_smpi_described(const char *label, const char *prog, const char *hostfile, const char *args)
{
    cl_smpi_switched(label, prog, 32, "b.conf", hostfile, args);
}

/* SimGrid argument sets. The 64 KiB-block count runs at p = 4, and at p = 16 and 17 under make
 * check-large only (at p = 17 it took 57 s of alltoall's 95 s suite). From p = 31 on it is left
 * out because one such call moves p * p * 64 KiB of data through memcpy in one process (256 MiB
 * for alltoall at p = 64), which costs minutes per algorithm, not correctness coverage. */
#define CL_SMPI_SMALL_P CL_FULL " " CL_SMPI_TYPES
#define CL_SMPI_LARGE_P "--counts 0,1,3,1000 " CL_SMPI_TYPES
/* make check's p = 16 and 17 share the types out (each keeps int-vector, the pair of different
 * types), and p = 17 keeps count 1 (one element per block, fewer blocks than ranks): 14 cases
 * where each took CL_SMPI_LARGE_P's 16 (make check-large runs CL_SMPI_SMALL_P at both). */
#define CL_SMPI_P16 "--counts 0,3,1000 --types int,int-vector"
#define CL_SMPI_P17 "--counts 0,1,3,1000 --types vector,int-vector"
/* make check-large's p = 31 and 32 share them out the same way, and p = 64 runs the pair of
 * different types: every algorithm of allgather at p = 31 and 32 with CL_SMPI_LARGE_P and at
 * p = 64 with counts 0, 1, 3, 1000 of int and int-vector took 2192 s of simulation. */
#define CL_SMPI_P64 "--counts 3,1000 --types int-vector"

/* 1 under `make check-large` (environment COLLALG_CHECK_LARGE set and not "0"): the larger
 * matrix, which make check leaves out to stay within its time budget. */
static inline int cl_large(void)
{
    const char *v = getenv("COLLALG_CHECK_LARGE");
    return v && *v && strcmp(v, "0") != 0;
}

/* make check runs MPICH p = 1 .. 3 and SimGrid p = 4, 16, 17 for every family (real processes
 * with one and two ranks per core, and a power-of-two and a non-power-of-two p at each simulated
 * scale: every algorithm, the full count and type matrix); every larger MPICH p, MPICH p = 4 and
 * every larger simulated p are under make check-large only. MPICH past 2 ranks on a 2-core
 * machine busy-polls: a family's matrix took 0.5 s at p = 2, 16 s at p = 3 and 30 s at p = 4, where
 * the same cases at SimGrid p = 4 take seconds; every algorithm of a family at p = 32 or 64 costs
 * one to two minutes of simulation. CL_LARGE_ONLY() opens such a test. */
#define CL_LARGE_ONLY()                       \
    do {                                      \
        if (!cl_large())                      \
            cr_skip_test("make check-large"); \
    } while (0)

/* Declares the standard matrix of one program: MPICH p in {1,2,3} full, SimGrid p = 4 full and
 * p in {16,17} without the big count and with two types each (CL_SMPI_P16, CL_SMPI_P17; under
 * make check-large every count and type); under make check-large also MPICH p = 4 full and
 * {5,7,8} reduced, SimGrid {31,32} as {17,16} and {64} with one type pair. The v-collectives,
 * allreduce, barrier and the reductions keep their own p lists with the same split. */
/* clang-format off */
#define CL_MATRIX(suite, prog)                                                                                               \
    Test(suite, mpich_p1) { cl_mpich(prog, 1, CL_FULL); }                                                                    \
    Test(suite, mpich_p2) { cl_mpich(prog, 2, CL_FULL); }                                                                    \
    Test(suite, mpich_p3) { cl_mpich(prog, 3, CL_FULL); }                                                                    \
    Test(suite, mpich_p4) { CL_LARGE_ONLY(); cl_mpich(prog, 4, CL_FULL); }                                                   \
    Test(suite, mpich_p5) { CL_LARGE_ONLY(); cl_mpich(prog, 5, CL_REDUCED); }                                                \
    Test(suite, mpich_p7) { CL_LARGE_ONLY(); cl_mpich(prog, 7, CL_REDUCED); }                                                \
    Test(suite, mpich_p8) { CL_LARGE_ONLY(); cl_mpich(prog, 8, CL_REDUCED); }                                                \
    Test(suite, smpi_p4) { cl_smpi(prog, 4, CL_SMPI_SMALL_P); }                                                              \
    Test(suite, smpi_p16) { cl_smpi(prog, 16, cl_large() ? CL_SMPI_SMALL_P : CL_SMPI_P16); }                                 \
    Test(suite, smpi_p17) { cl_smpi(prog, 17, cl_large() ? CL_SMPI_SMALL_P : CL_SMPI_P17); }                                 \
    Test(suite, smpi_p31) { CL_LARGE_ONLY(); cl_smpi(prog, 31, CL_SMPI_P17); }                                               \
    Test(suite, smpi_p32) { CL_LARGE_ONLY(); cl_smpi(prog, 32, CL_SMPI_P16); }                                               \
    Test(suite, smpi_p64) { CL_LARGE_ONLY(); cl_smpi(prog, 64, CL_SMPI_P64); }

/* The name the rooted and reduction families took when they joined; the same matrix. */
#define CL_MATRIX_SMALL(suite, prog) CL_MATRIX(suite, prog)

#endif /* COLLALG_TESTS_LAUNCH_H */
