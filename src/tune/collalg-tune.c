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
 *                             [--any-procs] [--quick] [--topology FILE] [--native-only]
 *                             [--algorithms LIST] [--han-model | --han-exhaustive] [--help]
 * @endcode
 * - `--sizes LIST`: comma-separated sample sizes in bytes (suffixes K and M = KiB, MiB);
 *   default the paper's 1, 64, 256, 512 B, 1 KiB, 2 KiB ... 256 KiB. `--max-size BYTES`: the
 *   default list, cut at or extended (by doubling) to BYTES (e.g. 4M).
 * - `--collectives LIST`: comma-separated names (default all seventeen).
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
 * - `--time-budget SECONDS`: wall-clock budget. Each collective gets an even share of what is
 *   left; past its share the binary searches stop (crossings are set to the midpoint) and every
 *   further measurement takes only min(3, min-reps) calls; past the whole budget the run stops
 *   as after Ctrl-C.
 * - Repetitions (PGMPI's RSE rule, tune/stats.h): `--min-reps` (default 10), `--max-reps`
 *   (100), `--step` (5), `--rse` threshold (0.05). `--quick` = 3, 15, 3, 0.1.
 * - `--precision F`: a binary search stops when its interval is narrower than F times its lower
 *   end (default 0.05) or one element.
 * - `--alpha A` (default 0.05), `--tolerance F` (default 0.02): the level of the rank-sum test
 *   and the relative margin of the statistical rule below (0 < A <= 1, 0 <= F < 1).
 * - `--help`: the options with their defaults (exit status 0).
 * - `--topology FILE`: a topology description (Slurm topology.conf, machine/topology.h) attached to
 *   the tuner's communicator; without it a non-empty environment variable `COLLALG_TOPOLOGY`
 *   is attached the same way. With either, the topology algorithms (tune/table.h, fifth field)
 *   are measured too, and the header records the file, its checksum and how to give the tuned
 *   routines the same topology; without, they are left out. A description that cannot be used
 *   stops the run (exit status 1) with the attach's message.
 * - `--native-only`: measure only the native collectives at the sample sizes and write the CSV
 *   (no rules, no header, no plots): what `make bench-topology` uses to time SimGrid's own
 *   selectors.
 * - `--algorithms LIST`: comma-separated catalogue names (tune/table.h): only these algorithms
 *   compete, with the native collective (a shortlist for large simulated runs, as `make
 *   bench-hierarchical` uses); names of other collectives' algorithms are ignored.
 * - `--han-model`: instead of the procedure below, tune the segment size and inner algorithms of
 *   collalg_bcast_han() and collalg_allreduce_han() (those of the two that --collectives selects)
 *   at the sample sizes by HAN's task-based cost model (time the tasks, ib and sb or ir and the
 *   node's sr + sb, once per segment length and inner choice, predict, measure the 3 best
 *   predictions; tune/han.h) and print the picks; `--han-exhaustive` also measures the whole
 *   space at every size and reports the measurement time of both searches and how often they
 *   agree (within 5%). Only the CSV is written (phases han-task, han-model, han-exhaustive).
 * - `--any-procs`: emit rules for every communicator size (COLLALG_RULE) instead of rules for
 *   exactly P processes (COLLALG_RULE_P(P, P, ...)), the default.
 *
 * @par Procedure, per collective (Figure 2 of the paper)
 * 1. Sampling, size by size: at each sample size the native collective (for the ratios), every
 *    value of every parameterised algorithm (its search space, tune/table.h) and every plain
 *    algorithm are measured as one interleaved batch (see Timing), each measurement's samples
 *    kept.
 * 2. Step 3 of the paper, per parameterised algorithm: the value chosen at each sample size by
 *    the statistical rule below, walking the sizes upward; between adjacent sample sizes whose
 *    chosen values differ, a binary search finds where the value changes. The result, a
 *    piecewise choice of values, is from then on one more plain algorithm.
 * 3. Step 4: the algorithm chosen at each sample size by the same rule (parameterised ones at
 *    their chosen value), and binary searches for the crossing points between adjacent sizes
 *    with different winners, only there. Below the first sample size the first winner applies,
 *    above the last the last one (the paper's "same algorithm from 256 KiB on"). Neighbouring
 *    ranges with the same algorithm and value merge into one rule. The native collective
 *    competes as one more algorithm: a range it wins gets no rule, so the selector's fallback
 *    runs it there (a tuned routine is never knowingly slower than native).
 * 4. The rules are written (header); after a rule whose algorithm has restrictions
 *    (collalg/restrictions.h, e.g. allreduce `ring`: commutative operations only) comes an
 *    *alternative rule* with the same range, naming the algorithm without restrictions (at one
 *    value) whose median is on average closest to the fastest at the sample sizes of that range,
 *    so that such a call still runs a tuned algorithm (select.h); where that is the native
 *    collective, a comment `alternative: native` stands in its place (the selector's fallback
 *    runs it when it skips the restricted rule). The tuned routine is
 *    re-measured at every sample size in one batch with the two fastest other algorithms there
 *    and compared with the native collective (ratio) and with them: a runner-up faster by more
 *    than 5% and significantly so (Wilcoxon, p < --alpha) is a defect of the tuner. A size with
 *    a defect is re-measured once more (a new batch) and that second measurement is reported:
 *    the defect stands only when it holds again (at 13 collectives x 13 sizes, one test each at
 *    level 0.05 would otherwise flag a few sizes by chance alone).
 *
 * @par The statistical rule (tune/decide.h; PGMPI's Wilcoxon rank-sum test, §4)
 * Walking the sample sizes upward, the *incumbent* at a size is the choice made at the size
 * before (at the first size: the smallest median). Another algorithm (or value) replaces it only
 * when it is faster by more than `--tolerance` (relative, default 0.02: its median below
 * (1 - 0.02) times the incumbent's; 2% keeps the tuned routine within 2% of the best single
 * algorithm where runs are deterministic, as under SimGrid; the tolerance is raised to the
 * incumbent's own relative spread, IQR / median, when that is larger, as it is for microsecond
 * calls on a loaded machine) AND significantly faster: the one-sided Wilcoxon rank-sum
 * test (Mann-Whitney U, normal approximation with tie and continuity corrections,
 * tune/wilcoxon.h) of "its samples are stochastically smaller than the incumbent's" gives
 * p < `--alpha` (default 0.05). Of several such challengers the smallest median wins. A binary
 * search step decides the same way: the upper winner takes the midpoint only when it beats the
 * lower one there. Ties (equal or noise-level differences) therefore keep one algorithm and one
 * rule; the chosen algorithm is slower than another at a sample size by more than the tolerance
 * only when that difference is not significant.
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
 *   defined with the selector (untuned collectives: no rules, i.e. native), a comment saying where, when,
 *   on how many processes and with which MPI they were tuned, and `COLLALG_TUNED_<COLL>_BOUNDS`
 *   (the rules' lower bounds, for tests); the comment also gives the statistical settings and the
 *   number of primary rules per collective (alternative rules not counted). When the alltoallv
 *   (alltoallw) rules depend on the size, the tuned alltoallv (alltoallw) is re-measured with the
 *   selector's 8-byte MPI_Allreduce included, the tuned gatherv and scatterv with its 8-byte
 *   MPI_Bcast from the root (what the generated routine then adds to each call); the sample
 *   measurements (CSV, plots) are of the algorithms alone.
 * - `collalg_tuned.csv`: every measurement, written as it is made.
 * - `<coll>.dat`, `<coll>.gp`, `<coll>.png`, `<coll>.svg` (not for the barrier, which has one
 *   size): time against size of every algorithm
 *   (parameterised ones at their chosen value), the native collective and the tuned routine, with
 *   the chosen ranges marked (gnuplot).
 * On stdout (rank 0): per collective and sample size the tuned and native times, their ratio, the
 * fastest runner-up, the ratio to it and the p-value that it is faster, defects; per collective
 * the number of rules and the worst ratio to a runner-up. On stderr (rank 0): a progress bar with what is measured and the time left.
 *
 * @par Interruption
 * Ctrl-C (SIGINT) or SIGTERM sets a flag that the ranks agree on at the next chunk of calls; the
 * tuner then writes what is finished: collectives whose sample measurements are complete get
 * their rules (with midpoint crossings for searches not done), the others none. A second Ctrl-C
 * kills the run.
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
 *   tune/decide.h    the statistical rule: incumbent, tolerance, test (no MPI)
 *   tune/table.h     the algorithm table: wrappers and parameter search spaces
 *   tune/pattern.h   communication patterns of the v-collectives (no MPI); tune/vcoll.h their MPI side
 *   tune/cli.h       the command line
 *   tune/run.h       the state of a run: communicator, buffers, topology, flags; setup and teardown
 *   tune/progress.h  the progress bar
 *   tune/measure.h   measurements: interleaved batches of timed chunks, agreement of the ranks, CSV
 *   tune/rules.h     piecewise choices, the result of a collective, flattening into selector rules,
 *                    alternative rules after restricted algorithms
 *   tune/search.h    the binary search for a crossing point
 *   tune/choose.h    the procedure per collective (steps 1-4 above)
 *   tune/report.h    the terminal report
 *   tune/output.h    the output directory, the CSV, the header, the plots */
#include "choose.h"
#include "output.h"
#include "report.h"
#include "han.h"

/** @brief Tunes every wanted collective in turn, each with an even share of the budget left. */
static void tune_all(tuner *T, tune_result *res)
{
    int c, remaining = 0;
    for (c = 0; c < TUNE_NCOLL; c++)
        if (T->o.want[c]) {
            T->total += tune_plan(T, (enum tune_coll)c);
            remaining++;
        }
    for (c = 0; c < TUNE_NCOLL; c++) {
        if (!T->o.want[c])
            continue;
        T->hurry = 0;
        T->coll_deadline = 0;
        if (T->o.budget > 0) {
            double left = T->o.budget - difftime(time(NULL), T->start);
            T->coll_deadline = time(NULL) + (time_t)(left > 0 ? left / remaining : 0);
        }
        remaining--;
        if (T->o.native_only)
            tune_natives(T, (enum tune_coll)c);
        else
            tune_collective(T, (enum tune_coll)c, &res[c]);
        if (T->rank == 0 && !T->stopped) {
            tune_progress(T, tune_coll_name[c], 1);
            if (T->tty)
                fprintf(stderr, "\n");
        }
    }
}

/** @brief Rank 0: the report, the header and the plots. @return the exit status (0, or 2). */
static int tune_finish(const tuner *T, const tune_result *res)
{
    int c, status, defects = 0;
    if (T->o.native_only) {
        printf("wrote %s/collalg_tuned.csv (native collectives only) in %.0f s\n", T->o.out,
               difftime(time(NULL), T->start));
        return 0;
    }
    for (c = 0; c < TUNE_NCOLL; c++)
        if (T->o.want[c])
            defects += tune_report(T, (enum tune_coll)c, &res[c]);
    printf(
        "\n%d defect(s) of the tuner (tuned routine > 5%% slower than a runner-up, significantly: Wilcoxon p < %g)\n",
        defects, T->o.test.alpha);
    if (T->stopped)
        printf("stopped early (%s): wrote what was finished\n", T->stopped == 1 ? "interrupted" : "time budget");
    status = tune_write_header(T, res);
    for (c = 0; c < TUNE_NCOLL && status == 0; c++)
        if (res[c].tuned && c != TUNE_BARRIER)
            status = tune_write_plot(T, (enum tune_coll)c, &res[c]);
    if (status)
        fprintf(stderr, "collalg-tune: cannot write into %s\n", T->o.out);
    else
        printf("wrote %s/collalg_tuned.h, collalg_tuned.csv and plots in %.0f s\n", T->o.out,
               difftime(time(NULL), T->start));
    return status;
}

/** @brief Runs the tuner (see the file comment). @return the exit status described there. */
int main(int argc, char **argv)
{
    tuner T;
    tune_result res[TUNE_NCOLL];
    int c, status;

    MPI_Init(&argc, &argv);
    memset(res, 0, sizeof res);
    status = tune_begin(&T, argc, argv);
    if (status == 2) /* --help */
        status = 0;
    else if (status == 0 && tune_setup(&T) != 0)
        status = 1;
    else if (status == 0) {
        tune_open_csv(&T);
        if (T.rank == 0) {
            printf("collalg-tune: %d processes on %s, %s\n", T.p, T.host, T.mpi);
            fflush(stdout);
        }
        if (T.o.han)
            status = tune_han_mode(&T, T.o.han == 2);
        else {
            tune_all(&T, res);
            status = T.rank == 0 ? tune_finish(&T, res) : 0;
        }
        fflush(stdout);
        MPI_Bcast(&status, 1, MPI_INT, 0, T.comm);
    }
    for (c = 0; c < TUNE_NCOLL; c++)
        tune_result_free(&res[c]);
    tune_end(&T);
    MPI_Finalize();
    return status;
}
