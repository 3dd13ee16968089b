/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Criterion suite: the MPI-call counter of the per-call overhead benchmark (make bench-overhead,
 * src/bench/mpicount.c preloaded into src/bench/overhead.c, both built by make build under
 * build/bench/mpich/).
 *
 * The benchmark runs one algorithm on 2 MPICH ranks with the counting library, and the counted
 * messages must be what the algorithm must send: allreduce recursive_doubling at p = 2 is one
 * exchange (one MPI_Sendrecv per rank: 2 messages, no collective), directly and through its tuned
 * routine; bcast binomial at p = 2 is the root's one send; iallreduce recursive_doubling is the
 * same exchange as two nonblocking messages per rank, and the benchmark's MPI_Allreduce between
 * the tests of the completion is not counted (counting paused). Without the library nothing is
 * counted (-1). Counts only, no time. Logs: build/logs/overhead-<label>-2.log.
 */
#include "launch.h"

/* The counts of one row of the log `log` (the benchmark's `row,<collective>,<impl>,<runs>,...`
 * line for impl and runs): calls, messages, collectives; 0 when the row is missing or not ok. */
static int ov_row(const char *log, const char *impl, const char *runs, long long out[3])
{
    char line[512], head[128];
    FILE *f = fopen(log, "r");
    int found = 0;
    if (!f)
        return 0;
    snprintf(head, sizeof head, ",%s,%s,", impl, runs);
    while (!found && fgets(line, sizeof line, f)) {
        const char *at = strstr(line, head);
        if (strncmp(line, "row,", 4) != 0 || !at)
            continue;
        /* after impl and runs: p, bytes, status, calls, messages, collectives */
        at += strlen(head);
        found = sscanf(at, "%*d,%*d,ok,%lld,%lld,%lld", &out[0], &out[1], &out[2]) == 3;
    }
    fclose(f);
    return found;
}

/* Runs the benchmark for `coll` `alg` on 2 MPICH ranks, the counting library preloaded when
 * `counted`; the log is build/logs/overhead-<label>-2.log. */
static void ov_run(const char *label, const char *coll, const char *alg, int counted)
{
    char args[128];
    snprintf(args, sizeof args, "%s %s", coll, alg);
    cl_launch_as(counted ? "mpiexec -n 2 env LD_PRELOAD=$PWD/build/bench/mpich/libmpicount.so" : "mpiexec -n 2",
                 "bench/mpich", label, "overhead", 2, args, 0);
}

Test(overhead, allreduce_recursive_doubling_messages, .timeout = 120)
{
    long long direct[3], tuned[3];
    const char *log = "build/logs/overhead-count-allreduce-2.log";
    ov_run("count-allreduce", "allreduce", "recursive_doubling", 1);
    cr_assert(ov_row(log, "recursive_doubling", "recursive_doubling", direct), "no direct row in %s", log);
    cr_assert(ov_row(log, "tuned", "recursive_doubling", tuned), "no tuned row in %s", log);
    cr_expect_eq(direct[1], 2, "allreduce recursive_doubling at p = 2: %lld messages, 2 expected", direct[1]);
    cr_expect_eq(direct[2], 0, "it calls no collective: %lld counted", direct[2]);
    cr_expect_eq(tuned[1], 2, "its tuned routine: %lld messages, 2 expected", tuned[1]);
    cr_expect_eq(tuned[2], 0, "its tuned routine calls no collective: %lld counted", tuned[2]);
    cr_expect(direct[0] >= direct[1] && tuned[0] >= direct[0],
              "MPI calls: direct %lld, tuned %lld (at least the messages; the tuned routine at least as many)",
              direct[0], tuned[0]);
}

Test(overhead, bcast_binomial_and_native, .timeout = 120)
{
    long long direct[3], native[3];
    const char *log = "build/logs/overhead-count-bcast-2.log";
    ov_run("count-bcast", "bcast", "binomial", 1);
    ov_run("count-native", "bcast", "native", 1);
    cr_assert(ov_row(log, "binomial", "binomial", direct), "no row in %s", log);
    cr_expect_eq(direct[1], 1, "bcast binomial at p = 2: %lld messages, 1 expected (the root's send)", direct[1]);
    cr_assert(ov_row("build/logs/overhead-count-native-2.log", "native", "native", native), "no native row");
    cr_expect(native[0] == 2 && native[1] == 0 && native[2] == 2,
              "MPI_Bcast: one call per rank, one collective, no message counted (got %lld, %lld, %lld)", native[0],
              native[1], native[2]);
}

Test(overhead, iallreduce_recursive_doubling_messages, .timeout = 120)
{
    long long direct[3], tuned[3];
    const char *log = "build/logs/overhead-count-iallreduce-2.log";
    ov_run("count-iallreduce", "iallreduce", "recursive_doubling", 1);
    cr_assert(ov_row(log, "recursive_doubling", "recursive_doubling", direct), "no direct row in %s", log);
    cr_assert(ov_row(log, "tuned", "recursive_doubling", tuned), "no tuned row in %s", log);
    cr_expect(direct[1] == 2 && tuned[1] == 2,
              "iallreduce recursive_doubling at p = 2: %lld and %lld messages, 2 expected", direct[1], tuned[1]);
    cr_expect(direct[2] == 0 && tuned[2] == 0,
              "no collective counted (the stepping MPI_Allreduce is outside the count): %lld and %lld", direct[2],
              tuned[2]);
}

Test(overhead, nothing_counted_without_the_library, .timeout = 120)
{
    long long direct[3];
    ov_run("uncounted", "allreduce", "recursive_doubling", 0);
    cr_assert(ov_row("build/logs/overhead-uncounted-2.log", "recursive_doubling", "recursive_doubling", direct),
              "no row");
    cr_expect(direct[0] == -1 && direct[1] == -1, "without the library the counts are -1 (got %lld, %lld)", direct[0],
              direct[1]);
}
