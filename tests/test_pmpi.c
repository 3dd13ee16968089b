/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Criterion suite: the PMPI library (src/pmpi/pmpi.c, build/lib/libcollalg_pmpi.so) under MPICH.
 *
 * Each unmodified MPI program of tests/pmpi/ (built by mk/pmpi.mk) runs without the library (the
 * reference), then with LD_PRELOAD=build/lib/libcollalg_pmpi.so: with its collective forced to an
 * unknown name (the message at MPI_Init must name the variable and list the valid names, the run
 * must exit 0 with the reference output: the collective stays native), with the tuned routine
 * (no forcing; p = 3 only), and once per algorithm with COLLALG_<COLL>=<name>; every output must equal the
 * reference byte for byte. The names are the valid list of that message, i.e. the catalogue table
 * (include/collalg/catalogue.h) the library was built with, so the suite runs every algorithm of the
 * table without a second list (at least two names: gatherv and scatterv have two). At p = 3 every algorithm runs under make check-large and every
 * other one under make check; at p = 4 (make check-large) every fourth one, starting at a
 * different one for each collective.
 * Also: parameters (integer, encoded, program), malformed parameters, COLLALG_PMPI=off, the verbose
 * trace, and an intercommunicator (native) with every collective forced.
 * Logs: build/logs/pmpi-<prog>-<np>-<label>.{out,err}.
 */
#include "launch.h"
#include <ctype.h>
#include <sys/stat.h>
#include <collalg/restrictions.h>

#define PM_LIB "build/lib/libcollalg_pmpi.so"
#define PM_MAX_NAMES 64

/* The MPI the suite runs under: MPICH (build/pmpi/, build/lib/libcollalg_pmpi.so) by default, or
 * Open MPI (build/pmpi-openmpi/, build/lib/libcollalg_pmpi_openmpi.so, mk/pmpi.mk) for the
 * pmpi_openmpi tests. Criterion runs each test in a process of its own, so a test sets it first. */
typedef struct pm_mpi {
    const char *tag; /* "" (MPICH: the log names of the MPICH tests) or "openmpi-" */
    const char *dir; /* the programs, build/<dir>/<prog> */
    const char *lib; /* the library */
} pm_mpi;
static const pm_mpi pm_mpich = {"", "pmpi", PM_LIB};
static const pm_mpi pm_openmpi = {"openmpi-", "pmpi-openmpi", "build/lib/libcollalg_pmpi_openmpi.so"};
/* SimGrid (mk/pmpi.mk): the programs linked with build/lib/collalg_pmpi_smpi.o in build/pmpi-smpi/,
 * the reference (label "native") without it in build/pmpi-smpi-native/; no preload. */
static const pm_mpi pm_smpi = {"smpi-", "pmpi-smpi", NULL};
static const pm_mpi *pm_in = &pm_mpich;

/* Runs build/<dir>/<prog> on np ranks with the environment `env` ("" for none; LD_PRELOAD is part
 * of it when wanted: name=value words without spaces inside values under Open MPI, whose mpiexec
 * passes each one to the ranks with -x and must not load the library itself), stdout and stderr
 * to build/logs/pmpi-<tag><prog>-<np>-<label>.{out,err}; returns the exit status (-1 when not
 * exited). */
static int pm_run(const char *prog, int np, const char *label, const char *env)
{
    char cmd[4096], launch[2048] = "", words[1024], *w;
    const char *dir = pm_in->dir, *np_flag = "-n";
    int status;
    if (pm_in == &pm_smpi) {
        snprintf(launch, sizeof launch,
                 "smpirun -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile "
                 "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG);
        np_flag = "-np";
        dir = strcmp(label, "native") ? "pmpi-smpi" : "pmpi-smpi-native";
    } else if (pm_in == &pm_openmpi) {
        snprintf(launch, sizeof launch, CL_OPENMPI_EXEC);
        snprintf(words, sizeof words, "%s", env);
        for (w = strtok(words, " "); w; w = strtok(NULL, " ")) {
            size_t len = strlen(launch);
            snprintf(launch + len, sizeof launch - len, " -x %s", w);
        }
        env = "";
    } else
        snprintf(launch, sizeof launch, "mpiexec");
    snprintf(cmd, sizeof cmd,
             "mkdir -p build/logs && env %s timeout -k 10 %d %s %s %d build/%s/%s </dev/null "
             ">build/logs/pmpi-%s%s-%d-%s.out 2>build/logs/pmpi-%s%s-%d-%s.err",
             env, cl_timeout(), launch, np_flag, np, dir, prog, pm_in->tag, prog, np, label, pm_in->tag, prog, np,
             label);
    status = system(cmd);
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* 1 when the two outputs are the same bytes and non-empty. */
static int pm_same(const char *prog, int np, const char *label)
{
    char a[256], b[256];
    int ca, cb, same = 1, n = 0;
    FILE *fa, *fb;
    snprintf(a, sizeof a, "build/logs/pmpi-%s%s-%d-native.out", pm_in->tag, prog, np);
    snprintf(b, sizeof b, "build/logs/pmpi-%s%s-%d-%s.out", pm_in->tag, prog, np, label);
    fa = fopen(a, "r");
    fb = fopen(b, "r");
    if (!fa || !fb)
        same = 0;
    while (same) {
        ca = fgetc(fa);
        cb = fgetc(fb);
        if (ca != cb)
            same = 0;
        if (ca == EOF)
            break;
        n++;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same && n > 0;
}

/* The reference run of prog on np ranks (without the library), unless its output is newer than
 * the program (another test of this run made it). */
static void pm_native(const char *prog, int np)
{
    char out[256], bin[256];
    struct stat so, sb;
    int rc;
    snprintf(out, sizeof out, "build/logs/pmpi-%s%s-%d-native.out", pm_in->tag, prog, np);
    snprintf(bin, sizeof bin, "build/%s/%s", pm_in->dir, prog);
    if (stat(out, &so) == 0 && stat(bin, &sb) == 0 && so.st_mtime > sb.st_mtime && pm_same(prog, np, "native"))
        return;
    rc = pm_run(prog, np, "native", "");
    cr_assert(rc == 0 && pm_same(prog, np, "native"), "%s p=%d without the library: status %d", prog, np, rc);
}

/* Runs prog with env under the library and asserts exit 0 and the reference output. */
static void pm_check(const char *prog, int np, const char *label, const char *env)
{
    char full[2048], log[256], pre[1024];
    int rc;
    if (pm_in->lib)
        snprintf(full, sizeof full, "LD_PRELOAD=%s %s", cl_preload_with_yield(pm_in->lib, pre, sizeof pre), env);
    else
        snprintf(full, sizeof full, "%s", env); /* SimGrid: the library is linked in */
    rc = pm_run(prog, np, label, full);
    if (rc != 0 || !pm_same(prog, np, label)) {
        snprintf(log, sizeof log, "build/logs/pmpi-%s%s-%d-%s.err", pm_in->tag, prog, np, label);
        cl_show_log(log);
        snprintf(log, sizeof log, "build/logs/pmpi-%s%s-%d-%s.out", pm_in->tag, prog, np, label);
        cl_show_log(log);
    }
    cr_assert(rc == 0, "%s p=%d with %s: exit status %d", prog, np, full, rc);
    cr_assert(pm_same(prog, np, label),
              "%s p=%d with %s: output differs from the native run (build/logs/pmpi-%s%s-%d-%s.out)", prog, np, full,
              pm_in->tag, prog, np, label);
}

/* The first line of build/logs/pmpi-<prog>-<np>-<label>.err containing `what` into line; 1 when found. */
static int pm_err_line(const char *prog, int np, const char *label, const char *what, char *line, size_t size)
{
    char path[256];
    FILE *f;
    int found = 0;
    snprintf(path, sizeof path, "build/logs/pmpi-%s%s-%d-%s.err", pm_in->tag, prog, np, label);
    f = fopen(path, "r");
    if (!f)
        return 0;
    while (!found && fgets(line, (int)size, f))
        found = strstr(line, what) != NULL;
    fclose(f);
    return found;
}

/* The whole test of one program: reference, unknown name (gives the names), tuned, every name
 * (every `stride`-th from `first` when stride > 1). */
static void pm_program(const char *prog, const char *var, int np, int stride, int first)
{
    static char line[8192];
    char env[512], want[256], label[160], *names[PM_MAX_NAMES], *s;
    int n = 0, k, count = 0, tuned = np == 3 && pm_in == &pm_mpich; /* the tuned routine: MPICH at p = 3 */
    pm_native(prog, np);

    /* An unknown name: one clear line on rank 0's stderr, native collective, exit 0. */
    snprintf(env, sizeof env, "%s=no_such_algorithm", var);
    pm_check(prog, np, "unknown", env);
    snprintf(want, sizeof want, "collalg: %s=no_such_algorithm: unknown algorithm; valid: ", var);
    cr_assert(pm_err_line(prog, np, "unknown", want, line, sizeof line), "%s p=%d: no line \"%s...\" on stderr", prog,
              np, want);
    s = strstr(line, want) + strlen(want);
    s[strcspn(s, ";")] = 0;
    for (s = strtok(s, " "); s && n < PM_MAX_NAMES; s = strtok(NULL, " "))
        names[n++] = s;
    cr_assert(n >= 2, "%s: only %d valid names listed", prog, n); /* gatherv, scatterv: 2 */

    if (tuned)
        pm_check(prog, np, "tuned", "");
    for (k = first % stride; k < n; k += stride) {
        snprintf(env, sizeof env, "%s=%s", var, names[k]);
        snprintf(label, sizeof label, "forced-%s", names[k]);
        pm_check(prog, np, label, env);
        count++;
    }
    cr_log_info("%s p=%d: native, unknown name, %s%d of %d forced algorithms agree", prog, np, tuned ? "tuned, " : "",
                count, n);
}

/* Every algorithm at p = 3 under make check-large; every other one under make check (each launch
 * costs about half a second; the Open MPI runs below take every third, from other offsets). */
#define PM_P3_STRIDE (cl_large() ? 1 : 2)

/* clang-format off */
Test(pmpi, alltoall_p3) { pm_program("alltoall", "COLLALG_ALLTOALL", 3, PM_P3_STRIDE, 0); }
Test(pmpi, allgather_p3) { pm_program("allgather", "COLLALG_ALLGATHER", 3, PM_P3_STRIDE, 1); }
Test(pmpi, allreduce_p3) { pm_program("allreduce", "COLLALG_ALLREDUCE", 3, PM_P3_STRIDE, 0); }
Test(pmpi, bcast_p3) { pm_program("bcast", "COLLALG_BCAST", 3, PM_P3_STRIDE, 1); }
Test(pmpi, alltoallv_p3) { pm_program("alltoallv", "COLLALG_ALLTOALLV", 3, PM_P3_STRIDE, 0); }
Test(pmpi, allgatherv_p3) { pm_program("allgatherv", "COLLALG_ALLGATHERV", 3, PM_P3_STRIDE, 1); }
Test(pmpi, barrier_p3) { pm_program("barrier", "COLLALG_BARRIER", 3, PM_P3_STRIDE, 0); }
Test(pmpi, gather_p3) { pm_program("gather", "COLLALG_GATHER", 3, PM_P3_STRIDE, 1); }
Test(pmpi, scatter_p3) { pm_program("scatter", "COLLALG_SCATTER", 3, PM_P3_STRIDE, 0); }
Test(pmpi, gatherv_p3) { pm_program("gatherv", "COLLALG_GATHERV", 3, PM_P3_STRIDE, 1); }
Test(pmpi, scatterv_p3) { pm_program("scatterv", "COLLALG_SCATTERV", 3, PM_P3_STRIDE, 0); }
Test(pmpi, alltoallw_p3) { pm_program("alltoallw", "COLLALG_ALLTOALLW", 3, PM_P3_STRIDE, 1); }
Test(pmpi, reduce_p3) { pm_program("reduce", "COLLALG_REDUCE", 3, PM_P3_STRIDE, 0); }
Test(pmpi, scan_p3) { pm_program("scan", "COLLALG_SCAN", 3, PM_P3_STRIDE, 1); }
Test(pmpi, exscan_p3) { pm_program("exscan", "COLLALG_EXSCAN", 3, PM_P3_STRIDE, 0); }
Test(pmpi, reduce_scatter_block_p3) { pm_program("reduce_scatter_block", "COLLALG_REDUCE_SCATTER_BLOCK", 3, PM_P3_STRIDE, 1); }
Test(pmpi, reduce_scatter_p3) { pm_program("reduce_scatter", "COLLALG_REDUCE_SCATTER", 3, PM_P3_STRIDE, 0); }
Test(pmpi, alltoall_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("alltoall", "COLLALG_ALLTOALL", 4, 4, 0); }
Test(pmpi, allgather_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("allgather", "COLLALG_ALLGATHER", 4, 4, 1); }
Test(pmpi, allreduce_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("allreduce", "COLLALG_ALLREDUCE", 4, 4, 2); }
Test(pmpi, bcast_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("bcast", "COLLALG_BCAST", 4, 4, 0); }
Test(pmpi, alltoallv_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("alltoallv", "COLLALG_ALLTOALLV", 4, 4, 1); }
Test(pmpi, allgatherv_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("allgatherv", "COLLALG_ALLGATHERV", 4, 4, 2); }
Test(pmpi, barrier_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("barrier", "COLLALG_BARRIER", 4, 4, 0); }
Test(pmpi, gather_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("gather", "COLLALG_GATHER", 4, 4, 3); }
Test(pmpi, scatter_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("scatter", "COLLALG_SCATTER", 4, 4, 1); }
Test(pmpi, gatherv_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("gatherv", "COLLALG_GATHERV", 4, 4, 1); }
Test(pmpi, scatterv_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("scatterv", "COLLALG_SCATTERV", 4, 4, 0); }
Test(pmpi, alltoallw_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("alltoallw", "COLLALG_ALLTOALLW", 4, 4, 2); }
Test(pmpi, reduce_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("reduce", "COLLALG_REDUCE", 4, 4, 3); }
Test(pmpi, scan_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("scan", "COLLALG_SCAN", 4, 2, 0); }
Test(pmpi, exscan_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("exscan", "COLLALG_EXSCAN", 4, 2, 1); }
Test(pmpi, reduce_scatter_block_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("reduce_scatter_block", "COLLALG_REDUCE_SCATTER_BLOCK", 4, 2, 0); }
Test(pmpi, reduce_scatter_p4) { if (!cl_large()) cr_skip_test("p = 4: make check-large"); pm_program("reduce_scatter", "COLLALG_REDUCE_SCATTER", 4, 2, 1); }
/* clang-format on */

/* Parameters of each kind at p = 3: integer, encoded value of the search space, program. */
Test(pmpi, parameters_p3)
{
    pm_native("alltoall", 3);
    pm_check("alltoall", 3, "param-pair-n", "COLLALG_ALLTOALL=pair_n_mpi_barriers:1");
    pm_native("allreduce", 3);
    pm_check("allreduce", 3, "param-allgather-based", "COLLALG_ALLREDUCE=allgather_based:bruck");
    pm_check("allreduce", 3, "param-var2", "'COLLALG_ALLREDUCE=rabenseifner_var2:pair, ring'");
    pm_check("allreduce", 3, "param-two-stage", "COLLALG_ALLREDUCE=two_stage:2");
    pm_native("bcast", 3);
    pm_check("bcast", 3, "param-chain", "COLLALG_BCAST=chain:1024");
    pm_check("bcast", 3, "param-csm-default", "'COLLALG_BCAST=csm'");
    pm_native("barrier", 3);
    pm_check("barrier", 3, "param-mcs", "COLLALG_BARRIER=mcs:2,2");
}

/* A malformed parameter and a parameter for an algorithm without one: a message, native, exit 0. */
Test(pmpi, bad_parameters_p3)
{
    char line[1024];
    pm_native("bcast", 3);
    pm_check("bcast", 3, "bad-int", "COLLALG_BCAST=chain:abc");
    cr_assert(pm_err_line("bcast", 3, "bad-int",
                          "collalg: COLLALG_BCAST=chain:abc: the parameter of chain is an integer", line, sizeof line));
    pm_check("bcast", 3, "bad-none", "COLLALG_BCAST=binomial:4");
    cr_assert(pm_err_line("bcast", 3, "bad-none", "collalg: COLLALG_BCAST=binomial:4: binomial takes no parameter",
                          line, sizeof line));
    pm_native("allreduce", 3);
    pm_check("allreduce", 3, "bad-encoded", "COLLALG_ALLREDUCE=allgather_based:nosuch");
    cr_assert(pm_err_line("allreduce", 3, "bad-encoded",
                          "collalg: COLLALG_ALLREDUCE=allgather_based:nosuch: unknown parameter of allgather_based; "
                          "valid on 3 processes: 'collalg_allgather_ring'",
                          line, sizeof line));
}

/* COLLALG_PMPI=off: nothing of the library runs (no trace even when asked); the verbose trace of a
 * forced and of a tuned call. */
Test(pmpi, off_and_verbose_p3)
{
    char line[1024];
    pm_native("alltoall", 3);
    pm_check("alltoall", 3, "off", "COLLALG_PMPI=off COLLALG_SELECT_VERBOSE=1 COLLALG_ALLTOALL=bruck");
    cr_assert(!pm_err_line("alltoall", 3, "off", "collalg:", line, sizeof line), "COLLALG_PMPI=off still traced: %s",
              line);
    pm_check("alltoall", 3, "verbose", "COLLALG_SELECT_VERBOSE=1 COLLALG_ALLTOALL=bruck");
    cr_assert(pm_err_line("alltoall", 3, "verbose",
                          "collalg: MPI_Alltoall p=3 n=20 B -> bruck (forced by COLLALG_ALLTOALL)", line, sizeof line));
    cr_assert(pm_err_line("alltoall", 3, "verbose", "collalg: MPI_Alltoall p=2 n=20 B -> bruck", line, sizeof line));
    pm_check("alltoall", 3, "verbose-tuned", "COLLALG_SELECT_VERBOSE=1");
    cr_assert(pm_err_line("alltoall", 3, "verbose-tuned", "collalg: collalg_tuned_alltoall p=3 n=20 B -> ", line,
                          sizeof line));
}

/* A forced algorithm outside its restrictions (restrictions.h) goes native and says so: ring
 * allreduce with the non-commutative op of tests/pmpi/allreduce.c; the output is the native one. */
Test(pmpi, restriction_p3)
{
    char line[1024];
    pm_native("allreduce", 3);
    pm_check("allreduce", 3, "restricted", "COLLALG_SELECT_VERBOSE=1 COLLALG_ALLREDUCE=ring");
    cr_assert(pm_err_line("allreduce", 3, "restricted",
                          "collalg: MPI_Allreduce p=3 n=20 B -> native (COLLALG_ALLREDUCE=ring does not apply: the "
                          "operation must be commutative)",
                          line, sizeof line));
    cr_assert(pm_err_line("allreduce", 3, "restricted", "collalg: MPI_Allreduce p=3 n=20 B -> ring (forced by", line,
                          sizeof line),
              "a commutative op still runs the forced ring");
    /* reduce_scatter: the non-commutative cases of tests/pmpi/reduce_scatter.c go native */
    pm_native("reduce_scatter", 3);
    pm_check("reduce_scatter", 3, "restricted", "COLLALG_SELECT_VERBOSE=1 COLLALG_REDUCE_SCATTER=ring");
    cr_assert(pm_err_line("reduce_scatter", 3, "restricted",
                          "collalg: MPI_Reduce_scatter p=3 n=2812 B -> native (COLLALG_REDUCE_SCATTER=ring does not "
                          "apply: the operation must be commutative)",
                          line, sizeof line));
    cr_assert(pm_err_line("reduce_scatter", 3, "restricted",
                          "collalg: MPI_Reduce_scatter p=3 n=5624 B -> ring (forced by COLLALG_REDUCE_SCATTER)", line,
                          sizeof line),
              "a commutative op still runs the forced ring");
}

/* Intercommunicators go to the native collectives: every collective forced (and the tuned
 * routines) give the reference output (tests/pmpi/intercomm.c). */
#define PM_FORCE_ALL                                                                                        \
    "COLLALG_ALLTOALL=bruck COLLALG_ALLGATHER=ring COLLALG_ALLREDUCE=ring COLLALG_BCAST=binomial "          \
    "COLLALG_ALLTOALLV=pair COLLALG_ALLGATHERV=ring COLLALG_BARRIER=dissemination COLLALG_GATHER=binomial " \
    "COLLALG_SCATTER=knomial COLLALG_GATHERV=binomial COLLALG_SCATTERV=binomial COLLALG_ALLTOALLW=pair "    \
    "COLLALG_REDUCE=binomial COLLALG_SCAN=linear COLLALG_EXSCAN=binary_tree "                               \
    "COLLALG_REDUCE_SCATTER_BLOCK=ring COLLALG_REDUCE_SCATTER=recursive_doubling"
Test(pmpi, intercomm_p3)
{
    pm_native("intercomm", 3);
    pm_check("intercomm", 3, "forced", PM_FORCE_ALL);
    pm_check("intercomm", 3, "tuned", "");
}

Test(pmpi, intercomm_p4)
{
    pm_native("intercomm", 4);
    pm_check("intercomm", 4, "forced", PM_FORCE_ALL);
}

/* The Open MPI build (libcollalg_pmpi_openmpi.so, whose handles are pointers, not MPICH's integers)
 * under the same programs built with mpicc.openmpi: at p = 3 every third algorithm of each
 * collective (all of them run under MPICH above); intercommunicators native. The p = 4 runs of the
 * collectives added with the rooted and reduction families are make check-large only. */
/* clang-format off */
Test(pmpi_openmpi, alltoall_p3) { pm_in = &pm_openmpi; pm_program("alltoall", "COLLALG_ALLTOALL", 3, 3, 0); }
Test(pmpi_openmpi, allgather_p3) { pm_in = &pm_openmpi; pm_program("allgather", "COLLALG_ALLGATHER", 3, 3, 1); }
Test(pmpi_openmpi, allreduce_p3) { pm_in = &pm_openmpi; pm_program("allreduce", "COLLALG_ALLREDUCE", 3, 3, 0); }
Test(pmpi_openmpi, bcast_p3) { pm_in = &pm_openmpi; pm_program("bcast", "COLLALG_BCAST", 3, 3, 1); }
Test(pmpi_openmpi, alltoallv_p3) { pm_in = &pm_openmpi; pm_program("alltoallv", "COLLALG_ALLTOALLV", 3, 3, 0); }
Test(pmpi_openmpi, allgatherv_p3) { pm_in = &pm_openmpi; pm_program("allgatherv", "COLLALG_ALLGATHERV", 3, 3, 1); }
Test(pmpi_openmpi, barrier_p3) { pm_in = &pm_openmpi; pm_program("barrier", "COLLALG_BARRIER", 3, 3, 0); }
Test(pmpi_openmpi, gather_p3) { pm_in = &pm_openmpi; pm_program("gather", "COLLALG_GATHER", 3, 3, 1); }
Test(pmpi_openmpi, scatter_p3) { pm_in = &pm_openmpi; pm_program("scatter", "COLLALG_SCATTER", 3, 3, 0); }
Test(pmpi_openmpi, gatherv_p3) { pm_in = &pm_openmpi; pm_program("gatherv", "COLLALG_GATHERV", 3, 3, 1); }
Test(pmpi_openmpi, scatterv_p3) { pm_in = &pm_openmpi; pm_program("scatterv", "COLLALG_SCATTERV", 3, 3, 0); }
Test(pmpi_openmpi, alltoallw_p3) { pm_in = &pm_openmpi; pm_program("alltoallw", "COLLALG_ALLTOALLW", 3, 3, 1); }
Test(pmpi_openmpi, reduce_p3) { pm_in = &pm_openmpi; pm_program("reduce", "COLLALG_REDUCE", 3, 3, 0); }
Test(pmpi_openmpi, scan_p3) { pm_in = &pm_openmpi; pm_program("scan", "COLLALG_SCAN", 3, 3, 1); }
Test(pmpi_openmpi, exscan_p3) { pm_in = &pm_openmpi; pm_program("exscan", "COLLALG_EXSCAN", 3, 3, 2); }
Test(pmpi_openmpi, reduce_scatter_block_p3) { pm_in = &pm_openmpi; pm_program("reduce_scatter_block", "COLLALG_REDUCE_SCATTER_BLOCK", 3, 3, 0); }
Test(pmpi_openmpi, reduce_scatter_p3) { pm_in = &pm_openmpi; pm_program("reduce_scatter", "COLLALG_REDUCE_SCATTER", 3, 3, 1); }
Test(pmpi_openmpi, intercomm_p3)
{
    pm_in = &pm_openmpi;
    pm_native("intercomm", 3);
    pm_check("intercomm", 3, "forced", PM_FORCE_ALL);
}
/* clang-format on */

/* The trace shows that the Open MPI build, not Open MPI, served a forced call. */
Test(pmpi_openmpi, verbose_p3)
{
    char line[1024];
    pm_in = &pm_openmpi;
    pm_native("alltoall", 3);
    pm_check("alltoall", 3, "verbose", "COLLALG_SELECT_VERBOSE=1 COLLALG_ALLTOALL=bruck");
    cr_assert(pm_err_line("alltoall", 3, "verbose",
                          "collalg: MPI_Alltoall p=3 n=20 B -> bruck (forced by COLLALG_ALLTOALL)", line, sizeof line));
}

/* The SimGrid build (build/lib/collalg_pmpi_smpi.o, linked into the program by smpicc; see
 * src/pmpi/pmpi.c, "SimGrid") at 16 simulated ranks: with one algorithm forced (two for allreduce:
 * the commutative-only ring goes native for the program's non-commutative op and says so) the
 * output equals the program built without the library, and the trace shows the catalogue served
 * the calls; without forcing, the tuned routine (no rule: native) traces its calls. */
Test(pmpi_smpi, forced_p16, .timeout = 600)
{
    static const char *const runs[][3] = {
        {"alltoall", "COLLALG_ALLTOALL", "bruck"},
        {"allreduce", "COLLALG_ALLREDUCE", "rabenseifner"},
        {"allreduce", "COLLALG_ALLREDUCE", "ring"},
        {"reduce_scatter_block", "COLLALG_REDUCE_SCATTER_BLOCK", "recursive_doubling"},
    };
    static const char *const routine[] = {"MPI_Alltoall", "MPI_Allreduce", "MPI_Allreduce", "MPI_Reduce_scatter_block"};
    char env[256], label[64], want[256], line[1024];
    size_t k;
    pm_in = &pm_smpi;
    for (k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        pm_native(runs[k][0], 16);
        snprintf(env, sizeof env, "COLLALG_SELECT_VERBOSE=1 %s=%s", runs[k][1], runs[k][2]);
        snprintf(label, sizeof label, "forced-%s", runs[k][2]);
        pm_check(runs[k][0], 16, label, env);
        snprintf(want, sizeof want, "collalg: %s p=16 n=", routine[k]);
        cr_assert(pm_err_line(runs[k][0], 16, label, want, line, sizeof line), "%s: no trace \"%s\"", runs[k][0], want);
        snprintf(want, sizeof want, " -> %s (forced by %s)", runs[k][2], runs[k][1]);
        cr_assert(pm_err_line(runs[k][0], 16, label, want, line, sizeof line),
                  "%s %s=%s under SimGrid: the catalogue served no call", runs[k][0], runs[k][1], runs[k][2]);
    }
    cr_assert(pm_err_line("allreduce", 16, "forced-ring",
                          "native (COLLALG_ALLREDUCE=ring does not apply: the operation must be commutative)", line,
                          sizeof line));
    pm_check("alltoall", 16, "tuned", "COLLALG_SELECT_VERBOSE=1");
    cr_assert(pm_err_line("alltoall", 16, "tuned", "collalg: collalg_tuned_alltoall p=16 n=", line, sizeof line),
              "the tuned routine did not trace its calls under SimGrid");
}

/* The nonblocking algorithms as the catalogue lists them (COLLALG_NONBLOCKING, rows grouped by
 * collective): the PMPI library's forced names. */
typedef struct pm_nb_row {
    const char *coll, *name;
    int restrict_bits, params;
} pm_nb_row;
#define PM_NB_ROW(coll, alg, restrict, params, space, flags) {#coll, #alg, (restrict), (params)},
static const pm_nb_row pm_nb_rows[] = {COLLALG_NONBLOCKING(PM_NB_ROW)};
#define PM_NB_NROWS ((int)(sizeof pm_nb_rows / sizeof pm_nb_rows[0]))

/* Writes force set `set` into env: for every nonblocking collective with n algorithms, its
 * (set mod n)-th as COLLALG_I<COLL>=name, with the parameter ":3" (a radix, a segment of 3 bytes
 * rounded up to one element, a window of 3) when the algorithm has one and `set` is odd.
 * @return the number of sets that run every algorithm at least once (the largest n). */
static int pm_nb_force_set(int set, char *env, size_t size)
{
    int i = 0, j, k, n, most = 0;
    size_t len = 0;
    env[0] = 0;
    while (i < PM_NB_NROWS) {
        for (n = 1; i + n < PM_NB_NROWS && strcmp(pm_nb_rows[i + n].coll, pm_nb_rows[i].coll) == 0; n++)
            ;
        most = n > most ? n : most;
        j = i + set % n;
        len += (size_t)snprintf(env + len, len < size ? size - len : 0, "%sCOLLALG_", len ? " " : "");
        for (k = 0; pm_nb_rows[j].coll[k] && len + 1 < size; k++)
            env[len++] = (char)toupper((unsigned char)pm_nb_rows[j].coll[k]);
        len += (size_t)snprintf(env + len, len < size ? size - len : 0, "=%s%s", pm_nb_rows[j].name,
                                pm_nb_rows[j].params && set % 2 ? ":3" : "");
        i += n;
    }
    cr_assert(len < size, "force set %d does not fit", set);
    return most;
}

/* The nonblocking collectives (tests/pmpi/nonblocking.c: all seventeen, completed with MPI_Wait,
 * MPI_Waitall on a mixed array, MPI_Test, MPI_Testany, MPI_Waitany, MPI_Waitsome and
 * MPI_Request_get_status, each result checked against the blocking collective by the program):
 * every collective forced, in the sets pm_nb_force_set() makes from the catalogue's table (every
 * algorithm runs, those with a parameter with their default and, where the set's parity allows,
 * with a forced one), and the reference output; the trace of a forced call, of a forced
 * parameter and of ring going native for the non-commutative operation; an unknown name, a
 * parameter for an algorithm without one and a parameter that is not an integer rejected once,
 * native. Under Open MPI (and SimGrid) the library's completion calls drive the schedules: a run
 * that is not driven waits until the timeout. */
static void pm_nonblocking(int np)
{
    char line[1024], want[256], env[2048], label[32];
    int set, sets = 1;
    pm_native("nonblocking", np);
    for (set = 0; set < sets; set++) {
        snprintf(label, sizeof label, "forced-%d", set);
        sets = pm_nb_force_set(set, env + snprintf(env, sizeof env, "COLLALG_SELECT_VERBOSE=1 "),
                               sizeof env - strlen("COLLALG_SELECT_VERBOSE=1 "));
        pm_check("nonblocking", np, label, env);
    }
    snprintf(want, sizeof want, "collalg: MPI_Iallreduce p=%d n=12 B -> ring (forced by COLLALG_IALLREDUCE)", np);
    pm_check("nonblocking", np, "trace",
             "COLLALG_SELECT_VERBOSE=1 COLLALG_IALLREDUCE=ring COLLALG_IALLTOALLW=linear COLLALG_IBCAST=knomial:3");
    cr_assert(pm_err_line("nonblocking", np, "trace", want, line, sizeof line), "no trace \"%s\"", want);
    snprintf(want, sizeof want, "collalg: MPI_Ialltoallw p=%d n=0 B -> linear (forced by COLLALG_IALLTOALLW)", np);
    cr_assert(pm_err_line("nonblocking", np, "trace", want, line, sizeof line), "no trace \"%s\"", want);
    cr_assert(pm_err_line("nonblocking", np, "trace", "-> knomial(3) (forced by COLLALG_IBCAST)", line, sizeof line),
              "no trace of the forced parameter");
    snprintf(want, sizeof want,
             "collalg: MPI_Iallreduce p=%d n=12 B -> native (COLLALG_IALLREDUCE=ring does not apply: the operation "
             "must be commutative)",
             np);
    cr_assert(pm_err_line("nonblocking", np, "trace", want, line, sizeof line), "no trace \"%s\"", want);
    pm_check("nonblocking", np, "unknown",
             "COLLALG_IALLREDUCE=no_such_algorithm COLLALG_IBCAST=binomial:2 COLLALG_IREDUCE=knomial:x");
    cr_assert(pm_err_line("nonblocking", np, "unknown",
                          "collalg: COLLALG_IALLREDUCE=no_such_algorithm: unknown algorithm; valid: recursive_doubling "
                          "ring rabenseifner recursive_multiplying reduce_bcast",
                          line, sizeof line));
    cr_assert(pm_err_line("nonblocking", np, "unknown",
                          "collalg: COLLALG_IBCAST=binomial:2: binomial takes no parameter; ibcast stays native", line,
                          sizeof line));
    cr_assert(pm_err_line("nonblocking", np, "unknown",
                          "collalg: COLLALG_IREDUCE=knomial:x: the parameter of knomial is an integer; ireduce stays "
                          "native",
                          line, sizeof line));
}

/* clang-format off */
Test(pmpi, nonblocking_p2) { pm_nonblocking(2); }
Test(pmpi, nonblocking_p3) { pm_nonblocking(3); }
Test(pmpi_openmpi, nonblocking_p2) { pm_in = &pm_openmpi; pm_nonblocking(2); }
Test(pmpi_openmpi, nonblocking_p3) { pm_in = &pm_openmpi; pm_nonblocking(3); }
/* clang-format on */

/* The neighbourhood collectives (tests/pmpi/neighbor.c: the five, blocking, nonblocking and
 * persistent, on Cartesian, graph and distributed-graph communicators, the nonblocking and
 * persistent results also compared with the blocking one by the program): nothing forced (native),
 * every call forced to linear, and allgather and alltoall forced to combining, each output the
 * native run's; the traces of a forced call in each form and of combining going native on the
 * neighbourhood that is not isomorphic; an unknown name and a parameter rejected once, native. */
static void pm_neighbor(int np)
{
    static const char *const colls[] = {"ALLGATHER", "ALLGATHERV", "ALLTOALL", "ALLTOALLV", "ALLTOALLW"};
    const char *init = pm_in == &pm_openmpi ? "MPIX" : "MPI";
    char line[1024], want[256], env[2048];
    size_t len;
    int c;
    pm_native("neighbor", np);
    pm_check("neighbor", np, "unforced", "COLLALG_SELECT_VERBOSE=1");
    cr_assert(!pm_err_line("neighbor", np, "unforced", "eighbor_", line, sizeof line), "nothing forced, yet \"%s\"",
              line);
    len = (size_t)snprintf(env, sizeof env, "COLLALG_SELECT_VERBOSE=1");
    for (c = 0; c < 5; c++)
        len += (size_t)snprintf(env + len, sizeof env - len, " COLLALG_NEIGHBOR_%s=linear COLLALG_INEIGHBOR_%s=linear",
                                colls[c], colls[c]);
    pm_check("neighbor", np, "linear", env);
    snprintf(want, sizeof want,
             "collalg: MPI_Neighbor_alltoallw p=%d n=0 B -> linear (forced by COLLALG_NEIGHBOR_ALLTOALLW)", np);
    cr_assert(pm_err_line("neighbor", np, "linear", want, line, sizeof line), "no trace \"%s\"", want);
    snprintf(want, sizeof want,
             "collalg: MPI_Ineighbor_allgatherv p=%d n=0 B -> linear (forced by "
             "COLLALG_INEIGHBOR_ALLGATHERV)",
             np);
    cr_assert(pm_err_line("neighbor", np, "linear", want, line, sizeof line), "no trace \"%s\"", want);
    pm_check("neighbor", np, "combining",
             "COLLALG_SELECT_VERBOSE=1 COLLALG_NEIGHBOR_ALLGATHER=combining COLLALG_INEIGHBOR_ALLGATHER=combining "
             "COLLALG_NEIGHBOR_ALLTOALL=combining COLLALG_INEIGHBOR_ALLTOALL=combining");
    snprintf(want, sizeof want,
             "collalg: MPI_Neighbor_allgather p=%d n=0 B -> combining (forced by "
             "COLLALG_NEIGHBOR_ALLGATHER)",
             np);
    cr_assert(pm_err_line("neighbor", np, "combining", want, line, sizeof line), "no trace \"%s\"", want);
    snprintf(want, sizeof want,
             "collalg: %s_Neighbor_alltoall_init p=%d n=0 B -> combining (forced by "
             "COLLALG_INEIGHBOR_ALLTOALL)",
             init, np);
    cr_assert(pm_err_line("neighbor", np, "combining", want, line, sizeof line), "no trace \"%s\"", want);
    snprintf(want, sizeof want,
             "collalg: MPI_Ineighbor_alltoall p=%d n=24 B -> native (COLLALG_INEIGHBOR_ALLTOALL="
             "combining does not apply: the neighbourhood must be isomorphic)",
             np);
    cr_assert(pm_err_line("neighbor", np, "combining", want, line, sizeof line), "no trace \"%s\"", want);
    pm_check("neighbor", np, "unknown", "COLLALG_NEIGHBOR_ALLGATHER=nope COLLALG_INEIGHBOR_ALLTOALL=combining:2");
    cr_assert(pm_err_line("neighbor", np, "unknown",
                          "collalg: COLLALG_NEIGHBOR_ALLGATHER=nope: unknown algorithm; valid: linear combining; "
                          "neighbor_allgather stays native",
                          line, sizeof line));
    cr_assert(pm_err_line("neighbor", np, "unknown",
                          "collalg: COLLALG_INEIGHBOR_ALLTOALL=combining:2: combining takes no parameter from the "
                          "environment; ineighbor_alltoall stays native",
                          line, sizeof line));
}

/* clang-format off */
Test(pmpi, neighbor_p2) { pm_neighbor(2); }
Test(pmpi, neighbor_p3) { pm_neighbor(3); }
Test(pmpi_openmpi, neighbor_p3) { pm_in = &pm_openmpi; pm_neighbor(3); }
/* clang-format on */

/* 1 when the outputs of prog under labels a and b are the same bytes and non-empty. */
static int pm_same_runs(const char *prog, int np, const char *a, const char *b)
{
    char pa[256], pb[256], cmd[800];
    snprintf(pa, sizeof pa, "build/logs/pmpi-%s%s-%d-%s.out", pm_in->tag, prog, np, a);
    snprintf(pb, sizeof pb, "build/logs/pmpi-%s%s-%d-%s.out", pm_in->tag, prog, np, b);
    snprintf(cmd, sizeof cmd, "test -s %s && cmp -s %s %s", pa, pa, pb);
    return system(cmd) == 0;
}

/* Runs prog under the library with env and asserts exit 0 (the program compares every result with
 * the blocking collective itself) and, unless `ref` is NULL, the output of label `ref`. */
static void pm_check_self(const char *prog, int np, const char *label, const char *env, const char *ref)
{
    char full[2048], log[256], pre[1024];
    int rc;
    snprintf(full, sizeof full, "LD_PRELOAD=%s %s", cl_preload_with_yield(pm_in->lib, pre, sizeof pre), env);
    rc = pm_run(prog, np, label, full);
    if (rc != 0) {
        snprintf(log, sizeof log, "build/logs/pmpi-%s%s-%d-%s.err", pm_in->tag, prog, np, label);
        cl_show_log(log);
    }
    cr_assert(rc == 0, "%s p=%d with %s: exit status %d", prog, np, full, rc);
    cr_assert(!ref || pm_same_runs(prog, np, ref, label), "%s p=%d with %s: output differs from the run %s", prog, np,
              full, ref);
}

/* Where env forces an iallreduce algorithm that takes commutative operations only (the catalogue's
 * COLLALG_R_COMMUTATIVE: ring, circulant_reduce_scatter_allgather), the start of its
 * "COLLALG_IALLREDUCE=name" in env; NULL when it forces another. */
static char *pm_nb_commutative_only(char *env)
{
    char want[128], *at;
    int i;
    for (i = 0; i < PM_NB_NROWS; i++) {
        if (strcmp(pm_nb_rows[i].coll, "iallreduce") != 0 || !(pm_nb_rows[i].restrict_bits & COLLALG_R_COMMUTATIVE))
            continue;
        snprintf(want, sizeof want, "COLLALG_IALLREDUCE=%s", pm_nb_rows[i].name);
        at = strstr(env, want);
        if (at && (at[strlen(want)] == ' ' || at[strlen(want)] == 0))
            return at;
    }
    return NULL;
}

/* The persistent collectives (tests/pmpi/persistent.c: the seventeen MPI_<Coll>_init, or Open
 * MPI's MPIX_<Coll>_init, an in-place and a non-commutative allreduce, started four times with new
 * data, alone and in MPI_Startall arrays with persistent point-to-point requests, completed by
 * MPI_Wait, MPI_Waitall, MPI_Waitany and MPI_Waitsome, each result compared with the blocking
 * collective by the program, then freed while inactive): every collective forced in the three
 * sets (the choice at init is traced, the non-commutative allreduce under ring goes native), and
 * with nothing forced (the tuned routines, native without rules); the outputs of all runs must
 * be the same bytes. The reference is the blocking collective, not the native persistent
 * one: MPICH 4.0.2's own MPI_Gather_init, MPI_Scatter_init and MPI_Allgather_init give results
 * that differ from the blocking ones when the data changes between starts (pmodels/mpich#7078,
 * #6423), and its run of the program hangs (at p = 3, in any run where one init goes native, e.g.
 * the non-commutative allreduce under a forced ring). So under MPICH every run forces every
 * collective and nothing falls back: an algorithm for commutative operations only
 * (pm_nb_commutative_only()) is replaced by recursive_doubling, and the trace and tuned runs
 * (which go native) are Open MPI's only. */
static void pm_persistent(int np)
{
    const char *init = pm_in == &pm_openmpi ? "MPIX" : "MPI";
    char line[1024], want[256], env[2048], tmp[2048], label[32], *comm;
    int set, sets = 1, mpich = pm_in != &pm_openmpi;
    if (!mpich) {
        pm_check_self("persistent", np, "trace",
                      "COLLALG_SELECT_VERBOSE=1 COLLALG_IALLREDUCE=ring COLLALG_IBCAST=knomial:3", NULL);
        snprintf(want, sizeof want, "collalg: %s_Allreduce_init p=%d n=12 B -> ring (forced by COLLALG_IALLREDUCE)",
                 init, np);
        cr_assert(pm_err_line("persistent", np, "trace", want, line, sizeof line), "no line \"%s\"", want);
        snprintf(want, sizeof want,
                 "collalg: %s_Allreduce_init p=%d n=12 B -> native (COLLALG_IALLREDUCE=ring does not apply: the "
                 "operation must be commutative)",
                 init, np);
        cr_assert(pm_err_line("persistent", np, "trace", want, line, sizeof line), "no line \"%s\"", want);
    }
    for (set = 0; set < sets; set++) {
        snprintf(label, sizeof label, "forced-%d", set);
        sets = pm_nb_force_set(set, env + snprintf(env, sizeof env, "COLLALG_SELECT_VERBOSE=1 "),
                               sizeof env - strlen("COLLALG_SELECT_VERBOSE=1 "));
        if (mpich && (comm = pm_nb_commutative_only(env)) != NULL) { /* native for the non-commutative one */
            snprintf(tmp, sizeof tmp, "%.*sCOLLALG_IALLREDUCE=recursive_doubling%s", (int)(comm - env), env,
                     strchr(comm, ' ') ? strchr(comm, ' ') : "");
            snprintf(env, sizeof env, "%s", tmp);
        }
        pm_check_self("persistent", np, label, env, mpich ? (set ? "forced-0" : NULL) : "trace");
    }
    cr_assert(pm_err_line("persistent", np, "forced-1", "-> knomial(3) (forced by COLLALG_IBCAST)", line, sizeof line),
              "no trace of the forced parameter");
    if (mpich)
        return;
    pm_check_self("persistent", np, "tuned", "COLLALG_SELECT_VERBOSE=1", "trace");
    snprintf(want, sizeof want, "collalg: %s_Allreduce_init p=%d n=12 B -> native (tuned: collalg_tuned_iallreduce)",
             init, np);
    cr_assert(pm_err_line("persistent", np, "tuned", want, line, sizeof line), "no line \"%s\"", want);
}

/* clang-format off */
Test(pmpi, persistent_p2) { pm_persistent(2); }
Test(pmpi, persistent_p3) { pm_persistent(3); }
Test(pmpi_openmpi, persistent_p2) { pm_in = &pm_openmpi; pm_persistent(2); }
Test(pmpi_openmpi, persistent_p3) { pm_in = &pm_openmpi; pm_persistent(3); }
/* clang-format on */

/* SimGrid (no extended generalized requests: the library's completion calls drive the schedules)
 * at 4 simulated ranks, every collective forced, the three sets. SimGrid 3.32's own
 * PMPI_Waitall, PMPI_Waitany and PMPI_Testany mishandle generalized requests (dangling handles,
 * incomplete ones taken as complete, ones never reported: src/pmpi/nonblocking.c), so the
 * library completes the catalogue's requests one by one; this test is what shows it. */
Test(pmpi_smpi, nonblocking_p4, .timeout = 300)
{
    char line[1024];
    pm_in = &pm_smpi;
    pm_native("nonblocking", 4);
    pm_check("nonblocking", 4, "forced-a",
             "COLLALG_SELECT_VERBOSE=1 COLLALG_IBARRIER=dissemination COLLALG_IBCAST=binomial COLLALG_IGATHER=linear "
             "COLLALG_IGATHERV=linear COLLALG_ISCATTER=linear COLLALG_ISCATTERV=linear COLLALG_IALLGATHER=ring "
             "COLLALG_IALLGATHERV=ring COLLALG_IALLTOALL=linear COLLALG_IALLTOALLV=linear COLLALG_IALLTOALLW=linear "
             "COLLALG_IREDUCE=binomial COLLALG_IALLREDUCE=ring COLLALG_IREDUCE_SCATTER_BLOCK=reduce_scatterv "
             "COLLALG_IREDUCE_SCATTER=reduce_scatterv COLLALG_ISCAN=recursive_doubling "
             "COLLALG_IEXSCAN=recursive_doubling");
    cr_assert(pm_err_line("nonblocking", 4, "forced-a",
                          "collalg: MPI_Iallreduce p=4 n=12 B -> ring (forced by COLLALG_IALLREDUCE)", line,
                          sizeof line));
    /* The other two sets without their iallreduce: recursive_doubling and rabenseifner keep the
     * operand order of the non-commutative case, SimGrid's own MPI_Iallreduce (the reference) does
     * not (its ranks do not even agree). */
    pm_check("nonblocking", 4, "forced-b",
             "COLLALG_IBCAST=scatter_ring_allgather COLLALG_IALLGATHER=recursive_doubling COLLALG_IALLTOALL=pair");
    pm_check("nonblocking", 4, "forced-c",
             "COLLALG_IBARRIER=k_dissemination COLLALG_IBCAST=knomial COLLALG_IALLGATHER=bruck COLLALG_IALLTOALL=bruck "
             "COLLALG_IREDUCE=knomial COLLALG_IREDUCE_SCATTER_BLOCK=recursive_halving "
             "COLLALG_IREDUCE_SCATTER=recursive_halving");
}
