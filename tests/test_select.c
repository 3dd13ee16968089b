/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the selector (include/collalg/select.h).
 * - dispatch: tests/mpi/select.c under MPICH and SimGrid (right algorithm for each size,
 *   boundaries, communicator-size ranges, native fallback, results equal to the native ones;
 *   alltoallv, allgatherv and barrier: every rank's choice gathered and compared, with a skewed
 *   alltoallv matrix whose mean block straddles the thresholds);
 * - the verbose switch (COLLALG_SELECT_VERBOSE);
 * - malformed rules fail to compile with a readable message; well-formed ones (alternatives
 *   included) compile as C99 and as C++;
 * - the macros of reduce, gather, scatter, gatherv, scatterv and alltoallw: tests/mpi/select_rooted.c
 *   (every rank's choice compared for gatherv and scatterv, whose counts only the root knows);
 * - restrictions (restrictions.h): tests/mpi/select.c runs tuned allreduces whose rules name
 *   ring and topology_ring with a non-commutative op (skipped to the alternative, else native). */
#include "launch.h"

/* clang-format off */
Test(select, mpich_p1) { cl_mpich("select", 1, ""); }
Test(select, mpich_p2) { cl_mpich("select", 2, ""); }
Test(select, mpich_p3) { cl_mpich("select", 3, ""); }
Test(select, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("select", 4, ""); }
Test(select, smpi_p4) { cl_smpi("select", 4, ""); }
Test(select, smpi_p8) { cl_smpi("select", 8, ""); }
Test(select, smpi_p17) { cl_smpi("select", 17, ""); }
/* the rooted collectives, reduce and alltoallw (tests/mpi/select_rooted.c) */
Test(select, rooted_mpich_p1) { cl_mpich("select_rooted", 1, ""); }
Test(select, rooted_mpich_p3) { cl_mpich("select_rooted", 3, ""); }
Test(select, rooted_mpich_p4) { cl_mpich("select_rooted", 4, ""); }
Test(select, rooted_smpi_p8) { cl_smpi("select_rooted", 8, ""); }
Test(select, rooted_smpi_p17) { cl_smpi("select_rooted", 17, ""); }
/* clang-format on */

/* 1 when file `path` contains `needle`. */
static int file_has(const char *path, const char *needle)
{
    char line[2048];
    int found = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, needle) != NULL;
    fclose(f);
    return found;
}

Test(select, verbose_switch)
{
    cl_launch("env COLLALG_SELECT_VERBOSE=1 mpiexec -n 2", "mpich", "select", 2, "--expect-verbose 1", 1);
    cr_expect(file_has("build/logs/select-mpich-2.log", "collalg: alltoall_tuned p=2 n=8718 B -> pair_light_barrier"),
              "rank 0 did not report its choice");
    cr_expect(!file_has("build/logs/select-mpich-2.log", "collalg: [1]"), "level 1 prints from rank 0 only");
    cl_launch("env COLLALG_SELECT_VERBOSE=2 mpiexec -n 2", "mpich", "select", 2, "--expect-verbose 2", 1);
    cr_expect(file_has("build/logs/select-mpich-2.log", "collalg: [1] bcast_tuned p=2 n=20 B -> chain(64)"),
              "level 2 prints from every rank");
    cl_launch("mpiexec -n 2", "mpich", "select", 2, "--expect-verbose 0", 1);
    cr_expect(!file_has("build/logs/select-mpich-2.log", "collalg: "), "silent by default");
}

/* Compiles `rules` (the second argument of COLLALG_TUNED_ALLTOALL) with `compiler`; returns the
 * exit status and leaves the diagnostics in build/logs/select-compile-<tag>.log. */
static int compile_rules(const char *tag, const char *compiler, const char *ext, const char *rules)
{
    char src[256], log[256], cmd[2048];
    FILE *f;
    int status;
    snprintf(src, sizeof src, "build/logs/select-compile-%s.%s", tag, ext);
    snprintf(log, sizeof log, "build/logs/select-compile-%s.log", tag);
    if (system("mkdir -p build/logs") != 0)
        return -1;
    f = fopen(src, "w");
    cr_assert(f != NULL);
    fprintf(f,
            "#include <collalg/alltoall.h>\n#include <collalg/select.h>\n"
            "COLLALG_TUNED_ALLTOALL(alltoall_tuned, %s)\n"
            "int main(void) { return alltoall_tuned(0, 0, MPI_BYTE, 0, 0, MPI_BYTE, MPI_COMM_NULL); }\n",
            rules);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -Iinclude -c %s -o build/logs/select-compile-%s.o >%s 2>&1", compiler, src, tag, log);
    status = system(cmd);
    return status;
}

#define C99 "mpicc -std=c99 -pedantic -Wall -Wextra -Werror"
/* clang-format off */
#define FIG3A                                                                                              \
    "COLLALG_RULE(1, 8718, simple) COLLALG_RULE(8718, 31718, pair_light_barrier) "                         \
    "COLLALG_RULE(31718, 72032, pair_n_mpi_barriers, 4) COLLALG_RULE(72032, COLLALG_INF, pair_mpi_barrier)"
/* clang-format on */

Test(select, compiles_figure_3a_c99_and_cxx)
{
    cr_expect(compile_rules("fig3a", C99, "c", FIG3A) == 0, "Figure 3(a) must compile (see build/logs)");
    cr_expect(compile_rules("fig3a-cxx", "mpicxx -std=c++11 -pedantic -Wall -Wextra -Werror", "cpp", FIG3A) == 0,
              "Figure 3(a) must compile as C++");
    cr_expect(compile_rules("groups", C99, "c",
                            "COLLALG_RULE_P(1, 8, 0, 100, simple) COLLALG_RULE_P(1, 8, 100, COLLALG_INF, pair) "
                            "COLLALG_RULE_P(9, COLLALG_INF, 0, 50, bruck) COLLALG_RULE(0, 10, ring)") == 0,
              "thresholds restart with each process range");
    cr_expect(compile_rules("empty", C99, "c", "") == 0, "no rules: native only");
}

Test(select, rejects_unsorted_thresholds)
{
    cr_expect(compile_rules("unsorted", C99, "c", "COLLALG_RULE(1, 8718, simple) COLLALG_RULE(100, 200, pair)") != 0);
    cr_expect(file_has("build/logs/select-compile-unsorted.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
    cr_expect(compile_rules("overlap", C99, "c",
                            "COLLALG_RULE_P(2, 4, 0, 100, simple) COLLALG_RULE_P(2, 4, 99, 200, pair)") != 0);
    cr_expect(file_has("build/logs/select-compile-overlap.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
}

Test(select, alternatives_compile_and_partial_overlap_does_not)
{
    cr_expect(compile_rules("alternative", C99, "c",
                            "COLLALG_RULE(0, 100, simple) COLLALG_RULE(100, COLLALG_INF, pair) "
                            "COLLALG_RULE(100, COLLALG_INF, bruck)") == 0,
              "a rule with the previous rule's range is its alternative (see build/logs)");
    cr_expect(compile_rules("alternative-cxx", "mpicxx -std=c++11 -pedantic -Wall -Wextra -Werror", "cpp",
                            "COLLALG_RULE(0, 100, simple) COLLALG_RULE(0, 100, pair)") == 0,
              "alternatives compile as C++");
    cr_expect(compile_rules("half-overlap", C99, "c", "COLLALG_RULE(0, 100, simple) COLLALG_RULE(0, 50, pair)") != 0);
    cr_expect(
        file_has("build/logs/select-compile-half-overlap.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
}

Test(select, rejects_empty_ranges)
{
    cr_expect(compile_rules("emptyrange", C99, "c", "COLLALG_RULE(100, 100, simple)") != 0);
    cr_expect(
        file_has("build/logs/select-compile-emptyrange.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
    cr_expect(compile_rules("procs", C99, "c", "COLLALG_RULE_P(8, 4, 0, 100, simple)") != 0);
    cr_expect(file_has("build/logs/select-compile-procs.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
}

/* Compiles `rules` for the tuned routine of `coll` (alltoallv, allgatherv, barrier), called once. */
static int compile_v(const char *tag, const char *compiler, const char *ext, const char *coll, const char *rules)
{
    char src[256], log[256], cmd[2048], up[32];
    const char *call;
    FILE *f;
    size_t i;
    snprintf(src, sizeof src, "build/logs/select-compile-%s.%s", tag, ext);
    snprintf(log, sizeof log, "build/logs/select-compile-%s.log", tag);
    for (i = 0; coll[i] && i + 1 < sizeof up; i++)
        up[i] = (char)(coll[i] - 'a' + 'A');
    up[i] = 0;
    if (!strcmp(coll, "alltoallv"))
        call = "tuned(0, 0, 0, MPI_BYTE, 0, 0, 0, MPI_BYTE, MPI_COMM_NULL)";
    else if (!strcmp(coll, "allgatherv"))
        call = "tuned(0, 0, MPI_BYTE, 0, 0, 0, MPI_BYTE, MPI_COMM_NULL)";
    else if (!strcmp(coll, "reduce"))
        call = "tuned(0, 0, 0, MPI_BYTE, MPI_SUM, 0, MPI_COMM_NULL)";
    else if (!strcmp(coll, "gather") || !strcmp(coll, "scatter"))
        call = "tuned(0, 0, MPI_BYTE, 0, 0, MPI_BYTE, 0, MPI_COMM_NULL)";
    else if (!strcmp(coll, "gatherv"))
        call = "tuned(0, 0, MPI_BYTE, 0, 0, 0, MPI_BYTE, 0, MPI_COMM_NULL)";
    else if (!strcmp(coll, "scatterv"))
        call = "tuned(0, 0, 0, MPI_BYTE, 0, 0, MPI_BYTE, 0, MPI_COMM_NULL)";
    else if (!strcmp(coll, "alltoallw"))
        call = "tuned(0, 0, 0, 0, 0, 0, 0, 0, MPI_COMM_NULL)";
    else
        call = "tuned(MPI_COMM_NULL)";
    if (system("mkdir -p build/logs") != 0)
        return -1;
    f = fopen(src, "w");
    cr_assert(f != NULL);
    fprintf(f,
            "#include <collalg/%s.h>\n#include <collalg/select.h>\nCOLLALG_TUNED_%s(tuned, %s)\n"
            "int main(void) { return %s; }\n",
            coll, up, rules, call);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -Iinclude -c %s -o build/logs/select-compile-%s.o >%s 2>&1", compiler, src, tag, log);
    return system(cmd);
}

#define CXX "mpicxx -std=c++11 -pedantic -Wall -Wextra -Werror"

Test(select, v_collectives_and_barrier_compile_c99_and_cxx)
{
    static const char *const a2av = "COLLALG_RULE(1, 64, simple) COLLALG_RULE(64, 4096, pair_n_mpi_barriers, 2) "
                                    "COLLALG_RULE(4096, COLLALG_INF, alltoall_based)";
    static const char *const agv = "COLLALG_RULE_P(1, 4, 0, COLLALG_INF, ring) COLLALG_RULE(0, 100, bruck) "
                                   "COLLALG_RULE(100, COLLALG_INF, ring_n_mpi_barriers, 1)";
    static const char *const bar = "COLLALG_RULE_P(1, 8, 0, COLLALG_INF, dissemination) "
                                   "COLLALG_RULE_P(9, 64, 0, COLLALG_INF, mcs, 4, 2) "
                                   "COLLALG_RULE_P(65, COLLALG_INF, 0, COLLALG_INF, js, 0)";
    cr_expect(compile_v("a2av", C99, "c", "alltoallv", a2av) == 0, "alltoallv rules (see build/logs)");
    cr_expect(compile_v("a2av-cxx", CXX, "cpp", "alltoallv", a2av) == 0, "alltoallv rules as C++");
    cr_expect(compile_v("agv", C99, "c", "allgatherv", agv) == 0, "allgatherv rules");
    cr_expect(compile_v("agv-cxx", CXX, "cpp", "allgatherv", agv) == 0, "allgatherv rules as C++");
    cr_expect(compile_v("bar", C99, "c", "barrier", bar) == 0, "barrier rules");
    cr_expect(compile_v("bar-cxx", CXX, "cpp", "barrier", bar) == 0, "barrier rules as C++");
    cr_expect(compile_v("bar-empty", C99, "c", "barrier", "") == 0, "no rules: native only");
    cr_expect(compile_v("a2av-empty", C99, "c", "alltoallv", "") == 0, "no rules: native only");
    cr_expect(compile_v("agv-empty", C99, "c", "allgatherv", "") == 0, "no rules: native only");
}

Test(select, v_collectives_and_barrier_reject_bad_rules)
{
    cr_expect(compile_v("a2av-unknown", C99, "c", "alltoallv", "COLLALG_RULE(0, 100, bruck)") != 0);
    cr_expect(file_has("build/logs/select-compile-a2av-unknown.log", "collalg_alltoallv_bruck"));
    cr_expect(compile_v("agv-unsorted", C99, "c", "allgatherv",
                        "COLLALG_RULE(100, 200, ring) COLLALG_RULE(0, 100, bruck)") != 0);
    cr_expect(
        file_has("build/logs/select-compile-agv-unsorted.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
    cr_expect(compile_v("bar-procs", C99, "c", "barrier", "COLLALG_RULE_P(8, 4, 0, COLLALG_INF, binomial)") != 0);
    cr_expect(file_has("build/logs/select-compile-bar-procs.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
    cr_expect(compile_v("bar-params", C99, "c", "barrier", "COLLALG_RULE(0, COLLALG_INF, mcs, 4)") != 0,
              "mcs takes two parameters");
}

/* The macros of the rooted collectives, reduce and alltoallw: well-formed rules compile as C99 and
 * C++ (no rules: native only), an unknown algorithm names its restriction constant, unsorted
 * thresholds fail. */
Test(select, rooted_reduce_alltoallw_compile_c99_and_cxx)
{
    static const char *const colls[][2] = {
        {"reduce", "COLLALG_RULE(1, 64, binomial) COLLALG_RULE(64, 4096, knomial, 3, 0) "
                   "COLLALG_RULE(4096, COLLALG_INF, rabenseifner)"},
        {"gather", "COLLALG_RULE(1, 100, binomial) COLLALG_RULE(100, COLLALG_INF, linear_sync, 512)"},
        {"scatter", "COLLALG_RULE(1, 100, knomial, 4) COLLALG_RULE(100, COLLALG_INF, linear_nb, 8)"},
        {"gatherv", "COLLALG_RULE_P(1, 8, 0, COLLALG_INF, linear) COLLALG_RULE(0, 40, linear) "
                    "COLLALG_RULE(40, COLLALG_INF, binomial)"},
        {"scatterv", "COLLALG_RULE(1, 40, linear) COLLALG_RULE(40, COLLALG_INF, binomial)"},
        {"alltoallw", "COLLALG_RULE(1, 40, pair) COLLALG_RULE(40, COLLALG_INF, scattered, 2)"}};
    char tag[64];
    int i;
    for (i = 0; i < 6; i++) {
        snprintf(tag, sizeof tag, "%s", colls[i][0]);
        cr_expect(compile_v(tag, C99, "c", colls[i][0], colls[i][1]) == 0, "%s rules (see build/logs)", colls[i][0]);
        snprintf(tag, sizeof tag, "%s-cxx", colls[i][0]);
        cr_expect(compile_v(tag, CXX, "cpp", colls[i][0], colls[i][1]) == 0, "%s rules as C++", colls[i][0]);
        snprintf(tag, sizeof tag, "%s-empty", colls[i][0]);
        cr_expect(compile_v(tag, C99, "c", colls[i][0], "") == 0, "%s without rules", colls[i][0]);
    }
    cr_expect(compile_v("gather-unknown", C99, "c", "gather", "COLLALG_RULE(0, 100, ring)") != 0);
    cr_expect(file_has("build/logs/select-compile-gather-unknown.log", "collalg_restrict_gather_ring"));
    cr_expect(compile_v("reduce-unsorted", C99, "c", "reduce",
                        "COLLALG_RULE(100, 200, linear) COLLALG_RULE(0, 100, binomial)") != 0);
    cr_expect(
        file_has("build/logs/select-compile-reduce-unsorted.log", "collalg_rules_must_be_sorted_by_size_and_nonempty"));
}

Test(select, rejects_unknown_algorithm)
{
    cr_expect(compile_rules("unknown", C99, "c", "COLLALG_RULE(0, 100, pair_lite_barrier)") != 0);
    cr_expect(file_has("build/logs/select-compile-unknown.log", "collalg_alltoall_pair_lite_barrier"));
    /* without -Werror too: an undeclared identifier, not an implicit declaration */
    cr_expect(compile_rules("unknown-nowerror", "mpicc -std=c99", "c", "COLLALG_RULE(0, 100, pair_lite_barrier)") != 0);
}
