/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg-tune.c
 * @brief The tuner: measures every catalogue algorithm on this machine and writes a paste-ready
 *        header of selector rules (Faraj & Yuan, ICS'05, §3.2-3.4 and Figure 2), with the
 *        repetition rule of PGMPI (Hunold et al., Euro-Par 2016, §4.2).
 *
 * @par Usage
 * @code
 *   mpiexec -n P collalg-tune [--collectives alltoall,allgather,allreduce,bcast,alltoallv,
 *                                            allgatherv,barrier,gather,scatter,gatherv,
 *                                            scatterv,alltoallw,reduce,scan,exscan,
 *                                            reduce_scatter_block,reduce_scatter]
 *                             [--sizes LIST | --max-size BYTES] [--pattern NAME|FILE]
 *                             [--time-budget SECONDS] [--out DIR] [--min-reps N] [--max-reps N]
 *                             [--step N] [--rse T] [--precision F] [--alpha A] [--tolerance F]
 *                             [--procs LIST | --any-procs] [--quick] [--topology FILE] [--native-only]
 *                             [--algorithms LIST] [--han-model | --han-exhaustive] [--help]
 * @endcode
 * - `--sizes LIST`: comma-separated sample sizes in bytes (suffixes K and M = KiB, MiB);
 *   default the paper's 1, 64, 256, 512 B, 1 KiB, 2 KiB ... 256 KiB. `--max-size BYTES`: the
 *   default list, cut at or extended (by doubling) to BYTES (e.g. 4M).
 * - `--collectives LIST`: comma-separated names (default the seventeen blocking ones), their
 *   nonblocking forms `ialltoall` ... `ireduce_scatter`, and the groups `blocking`, `nonblocking`
 *   and `all`. A nonblocking collective is tuned as start + wait: every algorithm of catalogue.h's
 *   COLLALG_NONBLOCKING table started and its request completed (MPI_Wait under MPICH,
 *   collalg_progress() and MPI_Test elsewhere) against the native `MPI_I<Coll>` + MPI_Wait, with
 *   the sizes, pattern, statistics and validation of its blocking twin; ialltoallv, ialltoallw,
 *   igatherv and iscatterv select by process count only (select.h), so they get one rule for all
 *   sizes or none. The header defines `collalg_tuned_i<coll>` only for those tuned (the PMPI
 *   library defines the others without rules); CSV rows and report name them with their `i`.
 * - Sizes are those the selector compares (select.h): per-pair block for alltoall, per-process
 *   block for allgather, gather and scatter, whole vector for allreduce, bcast, reduce, scan,
 *   exscan, reduce_scatter_block and reduce_scatter (the last two: all p blocks), mean per-pair
 *   block for alltoallv and alltoallw, mean per-process block for allgatherv, the root's mean
 *   per-process block for gatherv and scatterv. The reductions (allreduce, reduce, scan, exscan,
 *   reduce_scatter_block, reduce_scatter) run MPI_INT with MPI_SUM, so their sizes are rounded up
 *   to whole ints (4 bytes; reduce_scatter_block to 4 p bytes, one int per rank: recvcount = n /
 *   4 p; reduce_scatter splits the n / 4 ints as evenly as possible, the first ranks one more);
 *   the others run MPI_BYTE (alltoallw: MPI_BYTE for every
 *   peer, byte displacements); bcast, reduce, gather, scatter, gatherv and scatterv root 0. The barrier is
 *   measured once per algorithm and parameter value (MCS fan-in x fan-out in {2,4,8,16} x {2,4},
 *   JS group in {2, 4, 8, ceil sqrt P}); its rules select by process count only.
 * - `--pattern NAME|FILE` (default uniform): the communication pattern the v-collectives are
 *   tuned for (Faraj & Yuan §3.4; tune/pattern.h): alltoallv and alltoallw take its matrix,
 *   allgatherv its vector, gatherv and scatterv its vector as the root's row of counts (what
 *   the root receives from, or sends to, each rank): `uniform`, `random[:SEED]` (each block
 *   uniform between 0 and twice the sample size, the same on every rank), `heavy` (rank 0's row,
 *   or block, holds 90% of the bytes), or a FILE of counts (p lines of p counts, row i = what
 *   rank i sends; or one line of p counts for the vector; `#` comments). The pattern is scaled so
 *   that its mean block is each sample size; a FILE is used as is, at its own mean block only,
 *   when neither --sizes nor --max-size is given. The header records the pattern and a checksum.
 * - `--time-budget SECONDS`: wall-clock budget. Each communicator size (`--procs`) gets a share
 *   of what is left proportional to its size (q over the sum of the sizes still to tune: a
 *   measurement on q processes costs about q times more, since SimGrid simulates every rank on
 *   one core and the block collectives send about q messages per rank; an even share would starve
 *   P, whose rules matter most), and within it each collective an even share of what is left;
 *   past its share the binary searches stop (crossings are set to the midpoint) and every
 *   further measurement takes the fewest calls that may decide: 10 (a re-measurement: as many as
 *   the first measurement had); past the whole budget the run stops as after Ctrl-C (sizes not
 *   reached, and sample sizes not validated, get no rules: the native collective; the report and
 *   the header say so).
 * - Repetitions (PGMPI's RSE rule, tune/stats.h): `--min-reps` (default 10), `--max-reps`
 *   (100), `--step` (5), `--rse` threshold (0.05). `--quick` = 3, 15, 3, 0.1. Whatever the
 *   options, no measurement that enters a choice has fewer than 10 samples (TUNE_MIN_SAMPLES,
 *   tune/decide.h): --min-reps and --max-reps below 10 act as 10.
 * - `--precision F`: a binary search stops when its interval is narrower than F times its lower
 *   end (default 0.05) or one element.
 * - `--alpha A` (default 0.05), `--tolerance F` (default 0.02): the level of the rank-sum test
 *   and the relative margin of the statistical rule below (0 < A <= 1, 0 <= F < 1).
 * - `--help`: the options with their defaults (exit status 0).
 * - `--topology FILE`: a topology description (Slurm topology.conf, machine/topology.h) attached to
 *   the tuner's communicator; without it a non-empty environment variable `COLLALG_TOPOLOGY`
 *   is attached the same way. With either, the topology algorithms (COLLALG_F_TOPOLOGY in catalogue.h)
 *   are measured too, and the header records the file, its checksum and how to give the tuned
 *   routines the same topology; without, they are left out. A description that cannot be used
 *   stops the run (exit status 1) with the attach's message.
 * - `--native-only`: measure only the native collectives at the sample sizes and write the CSV
 *   (no rules, no header, no plots): what `make bench-topology` uses to time SimGrid's own
 *   selectors.
 * - `--algorithms LIST`: comma-separated catalogue names (include/collalg/catalogue.h): only these algorithms
 *   compete, with the native collective (a shortlist for large simulated runs, as `make
 *   bench-hierarchical` uses); names of other collectives' algorithms are ignored.
 * - `--han-model`: instead of the procedure below, tune the segment size and inner algorithms of
 *   collalg_bcast_han() and collalg_allreduce_han() (those of the two that --collectives selects)
 *   at the sample sizes by HAN's task-based cost model (time the tasks, ib and sb or ir and the
 *   node's sr + sb, once per segment length and inner choice, predict, measure the 3 best
 *   predictions; tune/han.h) and print the picks; `--han-exhaustive` also measures the whole
 *   space at every size and reports the measurement time of both searches and how often they
 *   agree (within 5%). Only the CSV is written (phases han-task, han-model, han-exhaustive).
 * - `--procs LIST`: the communicator sizes to tune, comma-separated, each 1 <= q <= P (default:
 *   the powers of two from 2 up to P, and P; P is always tuned, 1 never: every collective is a
 *   local copy there, and the smallest tuned size serves it). See "Communicator sizes".
 * - `--any-procs`: tune P alone and emit its rules for every communicator size (COLLALG_RULE)
 *   instead of rules over communicator-size ranges (COLLALG_RULE_P(pmin, pmax, ...)); with a
 *   size's parameters as tuned on P (an N-barrier count or csm program that does not fit another
 *   size makes that call return MPI_ERR_ARG). Refused together with `--procs` (exit status 1):
 *   the two answer the same question, one by measuring and one by assuming.
 *
 * @par Communicator sizes (--procs)
 * For each size q, ascending, the whole procedure below runs on a communicator of the FIRST q
 * ranks of the tuner's (MPI_Comm_split; the other ranks wait in a barrier on the whole
 * communicator until that size is done, then every rank agrees on an interruption or a stop):
 * its own buffers, pattern, topology attach and sample measurements (the CSV's `procs` column is
 * q). The first q ranks, because rank 0, which writes every file, belongs to each, and because
 * they are what a program's communicator of q ranks most often is: the first block of
 * MPI_COMM_WORLD. On a cluster they are a block of the placement: with several ranks per node
 * (MPICH's default) the first q may share one node, and the rules of q are then those of an
 * intra-node communicator, while a program's column communicator of q ranks spans q nodes; with
 * one rank per node (or round-robin placement, as platform (c)) they span q nodes. Tune with the
 * placement your programs' communicators have. A size's rules serve the communicator sizes
 * nearest to it in ratio (src/tune/procs.h: the boundary between adjacent tuned sizes a < b is
 * floor(sqrt(a b)): costs grow with lg p and (p - 1) / p, so the crossings between algorithms
 * move with the ratio of sizes; the first range starts at 1, the last ends at P), written
 * `COLLALG_RULE_P(pmin, pmax, lo, hi, ...)`; the ranges cover 1 .. P without gap or overlap, and
 * since the selector (collalg/select.h) runs the first rule that matches the communicator's size
 * and the message size, a call runs the rules of exactly one tuned size. Communicators of more
 * than P processes have no rule (native MPI). Where a tuned parameter is not valid on some sizes
 * of its range (N MPI barriers above a size's phases, a csm program for another number of
 * dimensions: tune/rules.h tune_choice_valid()), those sizes get the rule with the algorithm's
 * default parameter (0, NULL) as a rule of their own. The HAN modes, `--native-only` without
 * `--procs`, `--any-procs` and a pattern FILE for a wanted v-collective (its counts fit P only)
 * tune P alone; `--procs` naming another size than P with `--any-procs`, a HAN mode or a pattern
 * file is refused (exit status 1) (`--procs P` is allowed: the benchmarks pass it always).
 *
 * @par Procedure, per collective (Figure 2 of the paper)
 * 1. Sampling, size by size: at each sample size the native collective (for the ratios), every
 *    value of every parameterised algorithm (its search space, src/catalogue/space.h) and every plain
 *    algorithm are measured as one interleaved batch (see Timing), each measurement's samples
 *    kept.
 * 2. Step 3 of the paper, per parameterised algorithm: the value chosen at each sample size by
 *    the statistical rule below (the fastest there, merged with its neighbours only where that
 *    costs nothing); between adjacent sample sizes whose chosen values differ, a binary search
 *    finds where the value changes. The result, a piecewise choice of values, is from then on
 *    one more plain algorithm.
 * 3. Step 4: the algorithm chosen at each sample size by the same rule (parameterised ones at
 *    their chosen value), and binary searches for the crossing points between adjacent sizes
 *    with different choices, only there. Below the first sample size the first choice applies,
 *    above the last the last one (the paper's "same algorithm from 256 KiB on"). Neighbouring
 *    ranges with the same algorithm and value merge into one rule. The native collective
 *    competes as one more algorithm: a range it wins gets no rule, so the selector's fallback
 *    runs it there.
 * 4. Validation, at every sample size: the tuned routine as the header will run it (with the
 *    selector's agreement collective for the v-collectives, see Output), the native collective
 *    and the two fastest other algorithms there (each alone), as one interleaved batch, each
 *    with at least as many samples as the most any of them had in step 1 (and at least 10).
 *    A runner-up faster than the routine by more than 5% and significantly so (Wilcoxon,
 *    p < --alpha) is a defect of the tuner; a size with a defect is validated once more (a new
 *    batch) and that second batch stands (at 17 collectives x 13 sizes, one test each at level
 *    0.05 would otherwise flag a few sizes by chance alone).
 * 5. Cuts: where the routine's median is above (1 + --tolerance) times native's (no
 *    significance asked: native is the safe side), or the size could not be validated (budget,
 *    interruption), the rule is cut over the part of the size range that sample size stands
 *    for (from the midpoint to the neighbouring sample size, or the rule's own bound where the
 *    neighbour is under another rule, on each side): no rule there, so native runs. The rules
 *    stay sorted and non-overlapping; the alternative rules (step 6) follow the cut rules. The
 *    report and the header show the validated numbers.
 *    The v-collectives' agreement must pay for itself: alltoallv and alltoallw (an 8-byte
 *    MPI_Allreduce), gatherv and scatterv (an 8-byte MPI_Bcast from the root) pay the selector's
 *    agreement at every call of a size-dependent rule set (select.h), even where it then runs
 *    native, so cutting cannot help them. When such a set is slower than native at any sample
 *    size (or any size failed validation), it is replaced by the best size-independent choice,
 *    free of the agreement: one rule [0, COLLALG_INF) of the algorithm and value with the
 *    smallest geometric mean of its ratio to native in step 1, validated at every size like the
 *    routine (a failure confirmed by a second batch), or, when none is faster on average or it
 *    fails anywhere, no rule (native). The size-dependent set is thus kept only where it is
 *    never slower than native.
 * 6. The rules are written (header); after a rule whose algorithm has restrictions
 *    (collalg/restrictions.h, e.g. allreduce `ring`: commutative operations only) comes an
 *    *alternative rule* with the same range, naming the algorithm without restrictions (at one
 *    value) whose median is on average closest to the fastest at the sample sizes of that range,
 *    so that such a call still runs a tuned algorithm (select.h); where that is the native
 *    collective, a comment `alternative: native` stands in its place (the selector's fallback
 *    runs it when it skips the restricted rule).
 *
 * @par The statistical rule (tune/decide.h; PGMPI's Wilcoxon rank-sum test, §4)
 * Every measurement that enters a choice has at least 10 samples. At each sample size the
 * choice is the fastest (smallest median). Neighbouring sizes share one choice (one algorithm
 * and value, hence one rule) only where it costs nothing: the shared choice must not be
 * significantly slower than the fastest at any size it covers, where significantly slower
 * means both slower by more than `--tolerance` (relative, default 0.02: its median above
 * (1 + 0.02) times the fastest's) AND the one-sided Wilcoxon rank-sum test (Mann-Whitney U,
 * normal approximation with tie and continuity corrections, tune/wilcoxon.h) of "the fastest's
 * samples are stochastically smaller" gives p < `--alpha` (default 0.05). Walking the sizes
 * upward, each group is made as long as one choice allows (of several, the one closest to the
 * fastest over the group). A binary search step decides a midpoint the other way round: the
 * upper choice takes it only when faster than the lower one by more than the tolerance and
 * significantly so. The chosen algorithm is therefore slower than another at a sample size by
 * more than the tolerance only when that difference is not significant; and, after the
 * validation, the routine is not slower than native by more than the tolerance at any sample
 * size where a rule stands.
 *
 * @par Timing
 * Each sample is one call: all ranks leave an MPI_Barrier, time the call with MPI_Wtime, and the
 * sample is the maximum over the ranks (one MPI_Allreduce per chunk of calls). The measurements
 * of a batch (everything at one sample size; the two sides of a search step; the routine and its
 * runners-up) take turns chunk by chunk and all run as many chunks as the slowest to satisfy the
 * RSE rule, so they have as many samples taken over the same stretch of time and a change of
 * load hits them alike (tune/measure.h). The reported time is the median of the samples (s).
 *
 * @par Output (in --out DIR, default build/tuned; rank 0 writes)
 * - `collalg_tuned.h`: `collalg_tuned_alltoall`, `_allgather`, `_allreduce`, `_bcast`,
 *   `_alltoallv`, `_allgatherv`, `_barrier`, `_gather`, `_scatter`, `_gatherv`, `_scatterv`,
 *   `_alltoallw`, `_reduce`, `_scan`, `_exscan`, `_reduce_scatter_block`, `_reduce_scatter`
 *   defined with the selector (untuned collectives: no rules, i.e. native), each with the rules of
 *   every tuned size in turn over the communicator sizes it serves; a comment saying where, when,
 *   on how many processes and with which MPI they were tuned; `COLLALG_TUNED_<COLL>_BOUNDS` (the
 *   rules' lower bounds over all sizes, for tests), `COLLALG_TUNED_PROCS` (P),
 *   `COLLALG_TUNED_PROCS_LIST` (the tuned sizes) and `COLLALG_TUNED_PROCS_RANGES` (pmin, pmax of
 *   each in turn); the comment also gives the statistical settings, the validation and the
 *   v-collectives' agreement rule (step 5), per tuned size the communicator sizes it serves and
 *   the number of primary rules per collective (alternative rules not counted), and per tuned
 *   size, collective and sample size the validated tuned and native times, the samples, tuned /
 *   native and tuned / next (the fastest other algorithm alone) with their p-values, the cuts,
 *   what replaced a v-collective's rules, a summary line per collective and one for the run
 *   (geometric mean of tuned / native, sizes over 1.05 against native and against the next,
 *   cuts and sizes not validated). When the alltoallv (alltoallw) rules depend on the size, the
 *   tuned alltoallv (alltoallw) is validated with the selector's 8-byte MPI_Allreduce included,
 *   the tuned gatherv and scatterv with its 8-byte MPI_Bcast from the root (what the generated
 *   routine then adds to each call); the sample measurements (CSV, plots) are of the algorithms
 *   alone.
 * - `collalg_tuned.csv`: every measurement, written as it is made (phase `native`, `sample`,
 *   `param`, `param-search`, `search`; the validation's `routine`, `validate` (the native
 *   collective) and `rival`).
 * - `<coll>.dat`, `<coll>.gp`, `<coll>.png`, `<coll>.svg` (not for the barrier, which has one
 *   size; for a tuned size q below P `<coll>-p<q>.dat` ... ): time against size of every algorithm
 *   (parameterised ones at their chosen value), the native collective and the tuned routine, with
 *   the chosen ranges marked (gnuplot).
 * On stdout (rank 0), after each tuned size: per collective and sample size the validated tuned
 * and native times, the fastest runner-up, the samples, the ratios and the p-values that native
 * and the runner-up are faster, cuts and defects; per collective the number of rules and the
 * summary line (as in the header), and at the end the run's. On stderr (rank 0): a progress bar
 * with what is measured and the time left.
 *
 * @par Interruption
 * Ctrl-C (SIGINT) or SIGTERM sets a flag that the ranks agree on at the next chunk of calls (and
 * every rank at the end of each communicator size); the tuner then writes what is finished:
 * collectives whose sample measurements are complete get their rules (with midpoint crossings for
 * searches not done), the others none, and sizes not reached none. A second Ctrl-C kills the run.
 *
 * @par Exit status
 * 0 on success (also after an interruption), 1 on a bad command line, 2 when an output file
 * cannot be written.
 */
#ifndef _POSIX_C_SOURCE
/** @brief isatty(), mkdir(), signal() semantics of POSIX. */
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <mpi.h>

/* One module per concern, in the order they build on each other (all static, one translation unit):
 *   tune/stats.h     summary statistics and PGMPI's repetition rule (no MPI)
 *   tune/wilcoxon.h  the Wilcoxon rank-sum test (no MPI)
 *   tune/decide.h    the statistical rule: fastest per size, merge, tolerance, test; piecewise
 *                    choices (no MPI)
 *   tune/table.h     the catalogue's algorithm table (src/catalogue: wrappers, parameter search
 *                    spaces, shared with the PMPI library) and the timed call, native or not
 *   tune/pattern.h   communication patterns of the v-collectives (no MPI); tune/vcoll.h their MPI side
 *   tune/procs.h     the communicator sizes to tune and the sizes each serves (no MPI)
 *   tune/cli.h       the command line
 *   tune/run.h       the state of a run: communicators, buffers, topology, flags; setup and teardown
 *                    per communicator size
 *   tune/progress.h  the progress bar
 *   tune/measure.h   measurements: interleaved batches of timed chunks, agreement of the ranks, CSV
 *   tune/rules.h     piecewise choices, the result of a collective, flattening into selector rules,
 *                    alternative rules after restricted algorithms
 *   tune/search.h    the binary search for a crossing point
 *   tune/choose.h    the procedure per collective (steps 1-5 above: sampling, choice, validation,
 *                    cuts, the v-collectives' agreement)
 *   tune/report.h    the terminal report
 *   tune/output.h    the output directory, the CSV, the header, the plots */
#include "choose.h"
#include "output.h"
#include "report.h"
#include "han.h"

/** @brief Tunes every wanted collective in turn on T->comm, each with an even share of what is
 *         left of this size's share of the budget (T->size_deadline). */
static void tune_all(tuner *T, tune_result *res)
{
    int c, remaining = 0;
    for (c = 0; c < TUNE_NALL; c++)
        if (T->o.want[c]) {
            T->total += tune_plan(T, (enum tune_coll)c);
            remaining++;
        }
    for (c = 0; c < TUNE_NALL; c++) {
        if (!T->o.want[c])
            continue;
        T->hurry = 0;
        T->coll_deadline = 0;
        if (T->size_deadline) {
            double left = difftime(T->size_deadline, time(NULL));
            T->coll_deadline = time(NULL) + (time_t)(left > 0 ? left / remaining : 0);
        }
        remaining--;
        if (T->o.native_only)
            tune_natives(T, (enum tune_coll)c);
        else if (!T->stopped)
            tune_collective(T, (enum tune_coll)c, &res[c]);
        if (T->rank == 0 && !T->stopped) {
            tune_progress(T, tune_coll_name[c], 1);
            if (T->tty)
                fprintf(stderr, "\n");
        }
    }
}

/**
 * @brief Rank 0, after size @p T->p: the terminal report of its collectives and their plots
 *        (`<coll>.*` for the largest size, `<coll>-p<q>.*` for the others).
 * @return the defects found; *@p status 2 when a plot file cannot be written.
 */
static int tune_size_report(const tuner *T, const tune_result *res, int *status)
{
    int c, defects = 0;
    char base[64];
    for (c = 0; c < TUNE_NALL; c++)
        if (T->o.want[c])
            defects += tune_report(T, (enum tune_coll)c, &res[c]);
    for (c = 0; c < TUNE_NALL && *status == 0; c++) {
        if (!res[c].tuned || tune_twin((enum tune_coll)c) == TUNE_BARRIER)
            continue;
        if (T->p == T->P)
            snprintf(base, sizeof base, "%s", tune_coll_name[c]);
        else
            snprintf(base, sizeof base, "%s-p%d", tune_coll_name[c], T->p);
        *status = tune_write_plot(T, (enum tune_coll)c, base, &res[c]);
    }
    return defects;
}

/** @brief Rank 0: the closing lines and the header; @p status 2 when a plot could not be written.
 *         @return the exit status (0, or 2). */
static int tune_finish(const tuner *T, const tune_result *res, int defects, int status)
{
    if (T->o.native_only) {
        printf("wrote %s/collalg_tuned.csv (native collectives only) in %.0f s\n", T->o.out,
               difftime(time(NULL), T->start));
        return 0;
    }
    tune_report_run(T, res);
    printf("%d defect(s) of the tuner (tuned routine > 5%% slower than a runner-up, significantly: Wilcoxon p < %g)\n",
           defects, T->o.test.alpha);
    if (T->stopped)
        printf("stopped early (%s): wrote what was finished\n", T->stopped == 1 ? "interrupted" : "time budget");
    if (tune_write_header(T, res) != 0)
        status = 2;
    if (status)
        fprintf(stderr, "collalg-tune: cannot write into %s\n", T->o.out);
    else
        printf("wrote %s/collalg_tuned.h, collalg_tuned.csv and plots in %.0f s\n", T->o.out,
               difftime(time(NULL), T->start));
    return status;
}

/**
 * @brief The budget share of the @p i-th tuned size: what is left of --time-budget times its size
 *        over the sum of the sizes still to tune (a measurement costs about p times more on p
 *        processes: SimGrid simulates every rank on one core, and the per-call messages of the
 *        block collectives grow with p). @return its deadline, 0 without a budget.
 */
static time_t tune_size_deadline(const tuner *T, int i)
{
    double left, sum = 0;
    int j;
    if (T->o.budget <= 0)
        return 0;
    for (j = i; j < T->nprocs; j++)
        sum += T->procs[j];
    left = T->o.budget - difftime(time(NULL), T->start);
    return time(NULL) + (time_t)(left > 0 ? left * T->procs[i] / sum : 0);
}

/**
 * @brief Tunes size @p i (T->procs[i]) on the first q ranks, into @p res (its TUNE_NALL results);
 *        the other ranks wait in a barrier on the whole communicator. Afterwards every rank agrees
 *        on a failed setup, a stop and an interruption (one MPI_Allreduce on world).
 * @return 0, 1 when the setup failed (topology or pattern), 2 when a plot cannot be written.
 */
static int tune_one_size(tuner *T, int i, tune_result *res, int *defects)
{
    int flags[3] = {0, 0, 0}, all[3], status = 0, c;
    if (tune_enter_size(T, T->procs[i])) {
        T->size_deadline = tune_size_deadline(T, i);
        if (tune_setup(T) != 0)
            flags[0] = 1;
        else if (T->o.han)
            status = tune_han_mode(T, T->o.han == 2);
        else {
            if (T->rank == 0 && T->nprocs > 1) {
                printf("\n=== communicator of %d processes (the first %d of %d) ===\n", T->p, T->p, T->P);
                fflush(stdout);
            }
            tune_all(T, res);
            if (T->rank == 0 && !T->o.native_only)
                *defects += tune_size_report(T, res, &status);
        }
        fflush(stdout);
    }
    MPI_Barrier(T->world); /* the ranks outside the sub-communicator wait here */
    flags[1] = T->stopped;
    flags[2] = tune_interrupted;
    MPI_Allreduce(flags, all, 3, MPI_INT, MPI_MAX, T->world);
    T->stopped = all[1] ? all[1] : all[2] ? 1 : 0;
    if (T->wrank != 0) /* only rank 0 writes the header: the others free the samples now */
        for (c = 0; c < TUNE_NALL; c++)
            tune_result_free(&res[c]);
    tune_teardown(T);
    return all[0] ? 1 : status;
}

/** @brief Runs the tuner (see the file comment). @return the exit status described there. */
int main(int argc, char **argv)
{
    tuner T;
    tune_result *res = NULL;
    int i, status, plots = 0, defects = 0;

    MPI_Init(&argc, &argv);
    status = tune_begin(&T, argc, argv);
    if (status == 0)
        res = (tune_result *)calloc((size_t)T.nprocs * TUNE_NALL, sizeof *res);
    if (status == 0 && !res) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T.world, 2);
    }
    if (status == 2) /* --help */
        status = 0;
    else if (status == 0) {
        tune_open_csv(&T);
        if (T.wrank == 0) {
            printf("collalg-tune: %d processes on %s, %s\n", T.P, T.host, T.mpi);
            if (T.nprocs > 1) {
                printf("collalg-tune: communicator sizes");
                for (i = 0; i < T.nprocs; i++)
                    printf(" %d", T.procs[i]);
                printf("\n");
            }
            fflush(stdout);
        }
        for (i = 0; i < T.nprocs && status == 0 && !T.stopped; i++) { /* sizes not reached: no rules */
            int st = tune_one_size(&T, i, res + (size_t)i * TUNE_NALL, &defects);
            if (st == 2)
                plots = 2;
            else
                status = st;
        }
        if (T.o.han)
            status = status ? status : plots;
        else if (status == 0)
            status = T.wrank == 0 ? tune_finish(&T, res, defects, plots) : 0;
        fflush(stdout);
        MPI_Bcast(&status, 1, MPI_INT, 0, T.world);
    }
    for (i = 0; res && i < T.nprocs * TUNE_NALL; i++)
        tune_result_free(&res[i]);
    free(res);
    tune_end(&T);
    MPI_Finalize();
    return status;
}
