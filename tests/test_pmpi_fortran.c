/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Criterion suite: the Fortran entry points of the PMPI library (src/pmpi/fortran.c, included by
 * src/pmpi/pmpi.c) under MPICH and under Open MPI.
 *
 * Each unmodified Fortran program of tests/pmpi/fortran/ (mpifh: include 'mpif.h' and MPI_INIT;
 * usempi: use mpi and MPI_INIT_THREAD; f08: use mpi_f08, ierror omitted on some calls), built by
 * mk/pmpi.mk with mpif90 into build/pmpi-fortran/ and with mpif90.openmpi into
 * build/pmpi-fortran-openmpi/, runs at p = 3:
 * - without the library: the reference output (a checksum line per result, "fortran p=3: done");
 * - with LD_PRELOAD=<library>, COLLALG_SELECT_VERBOSE=1 and one algorithm forced per collective:
 *   exit 0, the reference output byte for byte, and for each of the seventeen collectives a stderr
 *   line "collalg: MPI_<Coll> p=3 ... -> <algorithm> (forced by COLLALG_<COLL>)", i.e. the
 *   Fortran call reached the library's C wrapper and the program's MPI_INIT read the environment
 *   (under Open MPI every Fortran call went to PMPI_ directly before; under MPICH the f08
 *   MPI_Init and MPI_Barrier did);
 * - with an unknown algorithm name: exit 0, the reference output, and the message naming it
 *   exactly once (the environment is read once per process whichever init path ran).
 * Logs: build/logs/pmpi-fortran-<mpi>-<prog>-3-<label>.{out,err}.
 */
#include "launch.h"

/* One MPI: its name in the logs, the programs' directory, the library. */
typedef struct pf_mpi {
    const char *name; /* "mpich" or "openmpi" */
    const char *dir;  /* build/<dir>/<prog> */
    const char *lib;  /* LD_PRELOAD */
} pf_mpi;
static const pf_mpi pf_mpich = {"mpich", "pmpi-fortran", "build/lib/libcollalg_pmpi.so"};
static const pf_mpi pf_openmpi = {"openmpi", "pmpi-fortran-openmpi", "build/lib/libcollalg_pmpi_openmpi.so"};

#define PF_NP 3
/* The number of ranks of the runs: PF_NP, or the persistent tests' own (Criterion runs each test in a
 * process of its own, so a test sets it first). */
static int pf_np = PF_NP;

/* Each collective, its variable, the algorithm forced and the routine of its trace line. */
static const char *const pf_forced[][3] = {
    {"COLLALG_ALLTOALL", "bruck", "MPI_Alltoall"},
    {"COLLALG_ALLGATHER", "ring", "MPI_Allgather"},
    {"COLLALG_ALLREDUCE", "ring", "MPI_Allreduce"},
    {"COLLALG_BCAST", "binomial", "MPI_Bcast"},
    {"COLLALG_ALLTOALLV", "pair", "MPI_Alltoallv"},
    {"COLLALG_ALLGATHERV", "ring", "MPI_Allgatherv"},
    {"COLLALG_BARRIER", "dissemination", "MPI_Barrier"},
    {"COLLALG_GATHER", "knomial", "MPI_Gather"},
    {"COLLALG_SCATTER", "linear_nb", "MPI_Scatter"},
    {"COLLALG_GATHERV", "binomial", "MPI_Gatherv"},
    {"COLLALG_SCATTERV", "binomial", "MPI_Scatterv"},
    {"COLLALG_ALLTOALLW", "pair_inplace", "MPI_Alltoallw"},
    {"COLLALG_REDUCE", "in_order_binary", "MPI_Reduce"},
    {"COLLALG_SCAN", "binary_tree", "MPI_Scan"},
    {"COLLALG_EXSCAN", "recursive_doubling", "MPI_Exscan"},
    {"COLLALG_REDUCE_SCATTER_BLOCK", "recursive_halving", "MPI_Reduce_scatter_block"},
    {"COLLALG_REDUCE_SCATTER", "ring", "MPI_Reduce_scatter"},
};
#define PF_NCOLL (sizeof pf_forced / sizeof pf_forced[0])

/* The log path build/logs/pmpi-fortran-<mpi>-<prog>-<np>-<label>.<ext>. */
static void pf_log(char *path, size_t size, const pf_mpi *m, const char *prog, const char *label, const char *ext)
{
    snprintf(path, size, "build/logs/pmpi-fortran-%s-%s-%d-%s.%s", m->name, prog, pf_np, label, ext);
}

/* Runs build/<dir>/<prog> on pf_np ranks with the environment `env` (name=value words without
 * spaces; "" for none): under MPICH as a prefix of mpiexec, under Open MPI each word through -x
 * (so that mpiexec.openmpi itself does not load the library). Returns the exit status (-1 when
 * not exited). */
static int pf_run(const pf_mpi *m, const char *prog, const char *label, const char *env)
{
    char cmd[4096], launch[2048], words[1024], out[256], err[256], *w;
    int status;
    pf_log(out, sizeof out, m, prog, label, "out");
    pf_log(err, sizeof err, m, prog, label, "err");
    if (m == &pf_openmpi) {
        snprintf(launch, sizeof launch, CL_OPENMPI_EXEC);
        snprintf(words, sizeof words, "%s", env);
        for (w = strtok(words, " "); w; w = strtok(NULL, " ")) {
            size_t len = strlen(launch);
            snprintf(launch + len, sizeof launch - len, " -x %s", w);
        }
        env = "";
    } else
        snprintf(launch, sizeof launch, "mpiexec");
    snprintf(cmd, sizeof cmd, "mkdir -p build/logs && env %s timeout -k 10 %d %s -n %d build/%s/%s </dev/null >%s 2>%s",
             env, cl_timeout(), launch, pf_np, m->dir, prog, out, err);
    status = system(cmd);
    return status != -1 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* 1 when the outputs of runs `a` and `b` are the same bytes and non-empty. */
static int pf_same(const pf_mpi *m, const char *prog, const char *a, const char *b)
{
    char pa[256], pb[256];
    int ca, cb, same = 1, n = 0;
    FILE *fa, *fb;
    pf_log(pa, sizeof pa, m, prog, a, "out");
    pf_log(pb, sizeof pb, m, prog, b, "out");
    fa = fopen(pa, "r");
    fb = fopen(pb, "r");
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

/* The number of lines of the run's file `ext` containing `what` (and `also`, when not NULL). */
static int pf_count(const pf_mpi *m, const char *prog, const char *label, const char *ext, const char *what,
                    const char *also)
{
    char path[256], line[2048];
    int n = 0;
    FILE *f;
    pf_log(path, sizeof path, m, prog, label, ext);
    f = fopen(path, "r");
    if (!f)
        return 0;
    while (fgets(line, sizeof line, f))
        if (strstr(line, what) && (!also || strstr(line, also)))
            n++;
    fclose(f);
    return n;
}

/* Shows the run's stderr and stdout through Criterion's log. */
static void pf_show(const pf_mpi *m, const char *prog, const char *label)
{
    char path[256];
    pf_log(path, sizeof path, m, prog, label, "err");
    cl_show_log(path);
    pf_log(path, sizeof path, m, prog, label, "out");
    cl_show_log(path);
}

/* Runs prog under the library with `env`: exit 0 and the reference output. */
static void pf_check(const pf_mpi *m, const char *prog, const char *label, const char *env)
{
    char full[2048], pre[1024];
    int rc;
    snprintf(full, sizeof full, "LD_PRELOAD=%s %s", cl_preload_with_yield(m->lib, pre, sizeof pre), env);
    rc = pf_run(m, prog, label, full);
    if (rc != 0 || !pf_same(m, prog, "native", label))
        pf_show(m, prog, label);
    cr_assert(rc == 0, "%s (%s) p=%d with %s: exit status %d", prog, m->name, pf_np, full, rc);
    cr_assert(pf_same(m, prog, "native", label), "%s (%s) p=%d with %s: output differs from the native run", prog,
              m->name, pf_np, full);
}

/* The whole test of one program under one MPI. */
static void pf_program(const pf_mpi *m, const char *prog)
{
    char env[1024], done[64], want[128], unknown[128];
    size_t k, len;
    int rc;

    /* The reference. */
    rc = pf_run(m, prog, "native", "");
    snprintf(done, sizeof done, "fortran p=%d: done", pf_np);
    if (rc != 0 || pf_count(m, prog, "native", "out", done, NULL) != 1)
        pf_show(m, prog, "native");
    cr_assert(rc == 0, "%s (%s) p=%d without the library: exit status %d", prog, m->name, pf_np, rc);
    cr_assert(pf_count(m, prog, "native", "out", done, NULL) == 1, "%s (%s): no line \"%s\"", prog, m->name, done);

    /* Every collective forced, traced. */
    snprintf(env, sizeof env, "COLLALG_SELECT_VERBOSE=1");
    for (k = 0; k < PF_NCOLL; k++) {
        len = strlen(env);
        snprintf(env + len, sizeof env - len, " %s=%s", pf_forced[k][0], pf_forced[k][1]);
    }
    pf_check(m, prog, "forced", env);
    for (k = 0; k < PF_NCOLL; k++) {
        char routine[64];
        snprintf(routine, sizeof routine, "collalg: %s p=%d ", pf_forced[k][2], pf_np);
        snprintf(want, sizeof want, "-> %s (forced by %s)", pf_forced[k][1], pf_forced[k][0]);
        if (pf_count(m, prog, "forced", "err", routine, want) < 1)
            pf_show(m, prog, "forced");
        cr_assert(pf_count(m, prog, "forced", "err", routine, want) >= 1,
                  "%s (%s): no stderr line \"%s... %s\": the Fortran %s did not reach the library", prog, m->name,
                  routine, want, pf_forced[k][2]);
    }

    /* An unknown name: one message (the environment is read once), native, same output. */
    pf_check(m, prog, "unknown", "COLLALG_ALLTOALL=no_such_algorithm");
    snprintf(unknown, sizeof unknown, "collalg: COLLALG_ALLTOALL=no_such_algorithm: unknown algorithm; valid: ");
    rc = pf_count(m, prog, "unknown", "err", unknown, NULL);
    if (rc != 1)
        pf_show(m, prog, "unknown");
    cr_assert(rc == 1, "%s (%s): \"%s...\" printed %d times, expected once", prog, m->name, unknown, rc);
    cr_log_info("%s (%s) p=%d: native, %d collectives forced and traced, unknown name reported once", prog, m->name,
                pf_np, (int)PF_NCOLL);
}

/* clang-format off */
Test(pmpi_fortran, mpifh_mpich) { pf_program(&pf_mpich, "mpifh"); }
Test(pmpi_fortran, usempi_mpich) { pf_program(&pf_mpich, "usempi"); }
Test(pmpi_fortran, f08_mpich) { pf_program(&pf_mpich, "f08"); }
Test(pmpi_fortran, mpifh_openmpi) { pf_program(&pf_openmpi, "mpifh"); }
Test(pmpi_fortran, usempi_openmpi) { pf_program(&pf_openmpi, "usempi"); }
Test(pmpi_fortran, f08_openmpi) { pf_program(&pf_openmpi, "f08"); }
/* clang-format on */

/* tests/pmpi/fortran/nonblocking.f90 (mpif.h): MPI_IALLREDUCE with MPI_WAIT, with an MPI_TEST loop,
 * and MPI_IBCAST + MPI_IALLREDUCE with MPI_WAITALL, checked against the blocking collectives by the
 * program; forced to the catalogue (traced), the output is the reference. Under Open MPI the
 * library's Fortran completion calls drive the schedules (a run they do not drive waits until the
 * timeout). */
static void pf_nonblocking(const pf_mpi *m)
{
    static const char *const env = "COLLALG_SELECT_VERBOSE=1 COLLALG_IALLREDUCE=ring COLLALG_IBCAST=binomial";
    int rc = pf_run(m, "nonblocking", "native", "");
    if (rc != 0 || pf_count(m, "nonblocking", "native", "out", ": ok", NULL) != 3)
        pf_show(m, "nonblocking", "native");
    cr_assert(rc == 0, "nonblocking (%s) without the library: exit status %d", m->name, rc);
    cr_assert(pf_count(m, "nonblocking", "native", "out", ": ok", NULL) == 3, "nonblocking (%s): not 3 cases ok",
              m->name);
    pf_check(m, "nonblocking", "forced", env);
    cr_assert(pf_count(m, "nonblocking", "forced", "err", "collalg: MPI_Iallreduce p=3 ",
                       "-> ring (forced by COLLALG_IALLREDUCE)") == 3,
              "nonblocking (%s): the Fortran MPI_IALLREDUCE did not reach the library three times", m->name);
    cr_assert(pf_count(m, "nonblocking", "forced", "err", "collalg: MPI_Ibcast p=3 ",
                       "-> binomial (forced by COLLALG_IBCAST)") == 1,
              "nonblocking (%s): the Fortran MPI_IBCAST did not reach the library", m->name);
}

/* tests/pmpi/fortran/neighbor.f90 (mpif.h): the neighbourhood collectives on a periodic ring,
 * blocking, nonblocking (MPI_TEST loop, MPI_WAIT) and persistent (MPI_ or MPIX_NEIGHBOR_<COLL>_INIT,
 * two starts), checked by the program against the values the ring implies; forced to the
 * catalogue, the output is the reference and each of the nine calls is traced once (under Open MPI
 * its own Fortran bindings call PMPI_Neighbor_* directly: src/pmpi/fortran_neighbor.c's are what
 * reach the library). */
static void pf_neighbor(const pf_mpi *m)
{
    static const char *const env =
        "COLLALG_SELECT_VERBOSE=1 COLLALG_NEIGHBOR_ALLGATHER=combining COLLALG_INEIGHBOR_ALLGATHER=combining "
        "COLLALG_NEIGHBOR_ALLTOALL=combining COLLALG_INEIGHBOR_ALLTOALL=linear COLLALG_NEIGHBOR_ALLGATHERV=linear "
        "COLLALG_NEIGHBOR_ALLTOALLV=linear COLLALG_NEIGHBOR_ALLTOALLW=linear";
    static const char *const traced[][2] = {
        {"MPI_Neighbor_allgather p=3 ", "-> combining (forced by COLLALG_NEIGHBOR_ALLGATHER)"},
        {"MPI_Ineighbor_allgather p=3 ", "-> combining (forced by COLLALG_INEIGHBOR_ALLGATHER)"},
        {"_Neighbor_allgather_init p=3 ", "-> combining (forced by COLLALG_INEIGHBOR_ALLGATHER)"},
        {"MPI_Neighbor_allgatherv p=3 ", "-> linear (forced by COLLALG_NEIGHBOR_ALLGATHERV)"},
        {"MPI_Neighbor_alltoall p=3 ", "-> combining (forced by COLLALG_NEIGHBOR_ALLTOALL)"},
        {"MPI_Ineighbor_alltoall p=3 ", "-> linear (forced by COLLALG_INEIGHBOR_ALLTOALL)"},
        {"_Neighbor_alltoall_init p=3 ", "-> linear (forced by COLLALG_INEIGHBOR_ALLTOALL)"},
        {"MPI_Neighbor_alltoallv p=3 ", "-> linear (forced by COLLALG_NEIGHBOR_ALLTOALLV)"},
        {"MPI_Neighbor_alltoallw p=3 ", "-> linear (forced by COLLALG_NEIGHBOR_ALLTOALLW)"},
    };
    size_t k;
    int rc = pf_run(m, "neighbor", "native", "");
    if (rc != 0 || pf_count(m, "neighbor", "native", "out", ": ok", NULL) != 12)
        pf_show(m, "neighbor", "native");
    cr_assert(rc == 0, "neighbor (%s) without the library: exit status %d", m->name, rc);
    cr_assert(pf_count(m, "neighbor", "native", "out", ": ok", NULL) == 12, "neighbor (%s): not 12 cases ok", m->name);
    pf_check(m, "neighbor", "forced", env);
    for (k = 0; k < sizeof traced / sizeof traced[0]; k++)
        cr_assert(pf_count(m, "neighbor", "forced", "err", traced[k][0], traced[k][1]) == 1,
                  "neighbor (%s): the Fortran call of \"%s\" did not reach the library once", m->name, traced[k][0]);
}

/* clang-format off */
Test(pmpi_fortran, neighbor_mpich) { pf_neighbor(&pf_mpich); }
Test(pmpi_fortran, neighbor_openmpi) { pf_neighbor(&pf_openmpi); }
/* clang-format on */

/* tests/pmpi/fortran/persistent_f08.f90 (use mpi_f08 and Open MPI's mpi_f08_ext): persistent
 * allreduce, bcast with alltoall (MPI_STARTALL, MPI_WAITALL), barrier (MPI_TEST loop) and
 * neighbor_allgather on a ring, started with new data, checked by the program against the blocking
 * collectives and freed; forced to the catalogue, the output is the reference and each init is
 * traced once. Open MPI only: there every one of these calls reaches the library through its f08
 * entry points (mpix_allreduce_init_f08_, mpi_start_f08_, mpi_wait_f08_ ...). MPICH 4.0's f08
 * completion calls (mpi_wait_f08_ ...) call PMPI_Wait ... directly, which does not advance a
 * catalogue persistent request: a forced persistent collective waited on from `use mpi_f08` hangs
 * under MPICH (docs/pmpi.md). */
static void pf_persistent_f08(const pf_mpi *m)
{
    static const char *const env = "COLLALG_SELECT_VERBOSE=1 COLLALG_IALLREDUCE=ring COLLALG_IBCAST=binomial "
                                   "COLLALG_IALLTOALL=bruck COLLALG_IBARRIER=dissemination "
                                   "COLLALG_INEIGHBOR_ALLGATHER=combining";
    static const char *const traced[][2] = {
        {"MPIX_Allreduce_init p=3 ", "-> ring (forced by COLLALG_IALLREDUCE)"},
        {"MPIX_Bcast_init p=3 ", "-> binomial (forced by COLLALG_IBCAST)"},
        {"MPIX_Alltoall_init p=3 ", "-> bruck (forced by COLLALG_IALLTOALL)"},
        {"MPIX_Barrier_init p=3 ", "-> dissemination (forced by COLLALG_IBARRIER)"},
        {"MPIX_Neighbor_allgather_init p=3 ", "-> combining (forced by COLLALG_INEIGHBOR_ALLGATHER)"},
    };
    size_t k;
    int rc = pf_run(m, "persistent_f08", "native", "");
    if (rc != 0 || pf_count(m, "persistent_f08", "native", "out", ": ok", NULL) != 8)
        pf_show(m, "persistent_f08", "native");
    cr_assert(rc == 0, "persistent_f08 (%s) without the library: exit status %d", m->name, rc);
    cr_assert(pf_count(m, "persistent_f08", "native", "out", ": ok", NULL) == 8, "persistent_f08 (%s): not 8 cases ok",
              m->name);
    pf_check(m, "persistent_f08", "forced", env);
    for (k = 0; k < sizeof traced / sizeof traced[0]; k++)
        cr_assert(pf_count(m, "persistent_f08", "forced", "err", traced[k][0], traced[k][1]) == 1,
                  "persistent_f08 (%s): \"%s\" not traced once", m->name, traced[k][0]);
}

/* clang-format off */
Test(pmpi_fortran, persistent_f08_openmpi) { pf_persistent_f08(&pf_openmpi); }
/* clang-format on */

/* clang-format off */
Test(pmpi_fortran, nonblocking_mpich) { pf_nonblocking(&pf_mpich); }
Test(pmpi_fortran, nonblocking_openmpi) { pf_nonblocking(&pf_openmpi); }
/* clang-format on */

/* tests/pmpi/fortran/persistent.f90 (mpif.h; the MPIX_ names under Open MPI): MPI_ALLREDUCE_INIT
 * with MPI_START and MPI_WAIT, in place with an MPI_TEST loop, MPI_BCAST_INIT and
 * MPI_ALLTOALL_INIT in one MPI_STARTALL with a persistent send and receive and MPI_WAITALL, the
 * allreduce and the broadcast started in different orders on even and odd ranks with an
 * MPI_TESTALL loop, each started four times with new data and compared with the blocking
 * collective by the program; then every request freed while inactive by MPI_REQUEST_FREE, an
 * MPI_BARRIER_INIT one never started; then the thirteen other inits, each started twice with new
 * data and compared with its blocking collective (MPI_START, MPI_WAIT, MPI_REQUEST_FREE). With all
 * seventeen forced: exit 0, the 18 cases ok, and each init traced at init (two allreduces, one of
 * each other collective): the Fortran init reached the library's C wrapper. Under Open MPI, whose Fortran bindings call
 * PMPIX_<Coll>_init, PMPI_Start and PMPI_Request_free directly, a start the library's Fortran
 * MPI_START did not run, or a wait its Fortran completion calls did not drive, waits until the
 * timeout; the output must be the native run's, and with nothing forced (the tuned routines:
 * native inits through the library's wrappers) too. Under MPICH 4.0.2 the native run is no
 * reference: its own persistent collectives started in different orders on different ranks fail
 * ("Fatal error in internal_Testall", a message matched by the other operation), so there the
 * program's own comparisons with the blocking collectives are the check, and nothing runs native
 * (src/pmpi/persistent.c: MPICH's run hangs when one init of the library goes native). */
static void pf_persistent(const pf_mpi *m, int np)
{
    static const char *const env =
        "COLLALG_SELECT_VERBOSE=1 COLLALG_IALLREDUCE=ring COLLALG_IBCAST=binomial COLLALG_IALLTOALL=bruck "
        "COLLALG_IBARRIER=dissemination COLLALG_IREDUCE=binomial COLLALG_IGATHER=binomial COLLALG_IGATHERV=linear "
        "COLLALG_ISCATTER=knomial COLLALG_ISCATTERV=linear COLLALG_IALLGATHER=recursive_doubling "
        "COLLALG_IALLGATHERV=ring COLLALG_IALLTOALLV=pair COLLALG_IALLTOALLW=scattered "
        "COLLALG_IREDUCE_SCATTER_BLOCK=recursive_halving COLLALG_IREDUCE_SCATTER=pairwise "
        "COLLALG_ISCAN=recursive_doubling COLLALG_IEXSCAN=recursive_doubling";
    static const struct {
        const char *coll, *algo, *var;
        int calls;
    } traced[] = {{"Allreduce", "ring", "COLLALG_IALLREDUCE", 2},
                  {"Bcast", "binomial", "COLLALG_IBCAST", 1},
                  {"Alltoall", "bruck", "COLLALG_IALLTOALL", 1},
                  {"Barrier", "dissemination", "COLLALG_IBARRIER", 1},
                  {"Reduce", "binomial", "COLLALG_IREDUCE", 1},
                  {"Gather", "binomial", "COLLALG_IGATHER", 1},
                  {"Gatherv", "linear", "COLLALG_IGATHERV", 1},
                  {"Scatter", "knomial", "COLLALG_ISCATTER", 1},
                  {"Scatterv", "linear", "COLLALG_ISCATTERV", 1},
                  {"Allgather", "recursive_doubling", "COLLALG_IALLGATHER", 1},
                  {"Allgatherv", "ring", "COLLALG_IALLGATHERV", 1},
                  {"Alltoallv", "pair", "COLLALG_IALLTOALLV", 1},
                  {"Alltoallw", "scattered", "COLLALG_IALLTOALLW", 1},
                  {"Reduce_scatter_block", "recursive_halving", "COLLALG_IREDUCE_SCATTER_BLOCK", 1},
                  {"Reduce_scatter", "pairwise", "COLLALG_IREDUCE_SCATTER", 1},
                  {"Scan", "recursive_doubling", "COLLALG_ISCAN", 1},
                  {"Exscan", "recursive_doubling", "COLLALG_IEXSCAN", 1}};
    enum { cases = 18 }; /* the program's "<case>: ok" lines */
    const char *prefix = m == &pf_openmpi ? "MPIX" : "MPI";
    char routine[96], want[128], done[64], full[2048], pre[1024];
    size_t k;
    int rc;
    pf_np = np;
    snprintf(done, sizeof done, "fortran persistent p=%d: done", np);
    if (m == &pf_openmpi) {
        rc = pf_run(m, "persistent", "native", "");
        if (rc != 0 || pf_count(m, "persistent", "native", "out", ": ok", NULL) != cases)
            pf_show(m, "persistent", "native");
        cr_assert(rc == 0, "persistent (%s) p=%d without the library: exit status %d", m->name, np, rc);
        cr_assert(pf_count(m, "persistent", "native", "out", ": ok", NULL) == cases, "persistent (%s): not %d cases ok",
                  m->name, cases);
        pf_check(m, "persistent", "forced", env);
        pf_check(m, "persistent", "tuned", "COLLALG_SELECT_VERBOSE=1");
        snprintf(routine, sizeof routine, "collalg: %s_Allreduce_init p=%d ", prefix, np);
        cr_assert(
            pf_count(m, "persistent", "tuned", "err", routine, "-> native (tuned: collalg_tuned_iallreduce)") == 2,
            "persistent (%s): the tuned choice of the Fortran %s_ALLREDUCE_INIT not traced twice", m->name, prefix);
    } else {
        snprintf(full, sizeof full, "LD_PRELOAD=%s %s", cl_preload_with_yield(m->lib, pre, sizeof pre), env);
        rc = pf_run(m, "persistent", "forced", full);
        if (rc != 0 || pf_count(m, "persistent", "forced", "out", ": ok", NULL) != cases)
            pf_show(m, "persistent", "forced");
        cr_assert(rc == 0, "persistent (%s) p=%d with %s: exit status %d", m->name, np, full, rc);
        cr_assert(pf_count(m, "persistent", "forced", "out", ": ok", NULL) == cases, "persistent (%s): not %d cases ok",
                  m->name, cases);
    }
    cr_assert(pf_count(m, "persistent", "forced", "out", done, NULL) == 1, "persistent (%s): no line \"%s\"", m->name,
              done);
    for (k = 0; k < sizeof traced / sizeof traced[0]; k++) {
        snprintf(routine, sizeof routine, "collalg: %s_%s_init p=%d ", prefix, traced[k].coll, np);
        snprintf(want, sizeof want, "-> %s (forced by %s)", traced[k].algo, traced[k].var);
        rc = pf_count(m, "persistent", "forced", "err", routine, want);
        if (rc != traced[k].calls)
            pf_show(m, "persistent", "forced");
        cr_assert(rc == traced[k].calls, "persistent (%s): \"%s... %s\" traced %d times, expected %d", m->name, routine,
                  want, rc, traced[k].calls);
    }
    cr_log_info("persistent (%s) p=%d: %d cases ok, the init calls traced", m->name, np, cases);
}

/* clang-format off */
Test(pmpi_fortran, persistent_mpich_p2) { pf_persistent(&pf_mpich, 2); }
Test(pmpi_fortran, persistent_mpich_p3) { pf_persistent(&pf_mpich, 3); }
Test(pmpi_fortran, persistent_openmpi_p2) { pf_persistent(&pf_openmpi, 2); }
Test(pmpi_fortran, persistent_openmpi_p3) { pf_persistent(&pf_openmpi, 3); }
/* clang-format on */
