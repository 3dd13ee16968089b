/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: the tuner's HAN task-based cost model (src/tune/han_model.h, han.h;
 * collalg-tune --han-model / --han-exhaustive) and its --algorithms shortlist.
 * - the pure model (no MPI): segments, segment lengths, redundant segment sizes, the pipeline
 *   prediction (HAN's T = t_ib + (s - 1) max + t_sb and the steady-state variant), the top-k
 *   choice, agreement and saving;
 * - one SimGrid run on 3 nodes of 8 cores (tests/platform/smp, p = 24): --han-exhaustive runs
 *   the bcast han and allreduce han studies, logs the tasks, the model's measurements and the exhaustive ones, and prints the summary;
 * - --algorithms: only the listed algorithms (and native) are measured (MPICH p = 2).
 * No test asserts a timing or the agreement (those are the benchmark's figures). */
#include "launch.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../src/tune/han_model.h"

Test(han_model, segments_and_lengths)
{
    cr_expect_eq(tune_han_nseg(0, 65536), 1, "an empty message is one segment");
    cr_expect_eq(tune_han_nseg(8, 65536), 1);
    cr_expect_eq(tune_han_nseg(65536, 65536), 1);
    cr_expect_eq(tune_han_nseg(65537, 65536), 2);
    cr_expect_eq(tune_han_nseg(4194304, 65536), 64);
    cr_expect_eq(tune_han_nseg(1000, 0), 1, "segment size 0: one segment");
    cr_expect_eq(tune_han_seglen(8, 65536), 8);
    cr_expect_eq(tune_han_seglen(4194304, 65536), 65536);
    cr_expect_eq(tune_han_seglen(100, 0), 100);
}

Test(han_model, redundant_segment_sizes)
{
    static const long segs[4] = {16384, 65536, 262144, 1048576};
    cr_expect(!tune_han_redundant(8, segs, 0), "the smallest is never redundant");
    cr_expect(tune_han_redundant(8, segs, 1), "8 B: 64 KiB gives one segment as 16 KiB does");
    cr_expect(tune_han_redundant(8, segs, 3));
    cr_expect(!tune_han_redundant(65536, segs, 1), "64 KiB: 16 KiB gives 4 segments, 64 KiB one");
    cr_expect(tune_han_redundant(65536, segs, 2), "64 KiB: 256 KiB gives one as 64 KiB does");
    cr_expect(!tune_han_redundant(4194304, segs, 3), "4 MiB: every segment size differs");
}

Test(han_model, pipeline_prediction)
{
    double first[2] = {3, 1}, next[2] = {3, 1}, fast[2] = {3, 1}, fastnext[2] = {1.5, 1}, one[1] = {4};
    /* HAN's model (next = first): t_ib + (s - 1) max(t_ib, t_sb) + t_sb */
    cr_expect_float_eq(tune_han_predict_steady(first, next, 2, 1), 4.0, 1e-12, "one segment: the sum");
    cr_expect_float_eq(tune_han_predict_steady(first, next, 2, 5), 3 + 4 * 3.0 + 1, 1e-12);
    /* steady state: a chain's second segment adds less than its first */
    cr_expect_float_eq(tune_han_predict_steady(fast, fastnext, 2, 5), 4 + 4 * 1.5, 1e-12);
    /* a merged stage (blocking intra: ib + sb in turn) */
    cr_expect_float_eq(tune_han_predict_steady(one, one, 1, 3), 12.0, 1e-12);
    /* the pipeline beats the unsegmented levels when the stages balance */
    {
        double seg[2] = {1, 1}, whole[2] = {4, 4};
        cr_expect(tune_han_predict_steady(seg, seg, 2, 4) < tune_han_predict_steady(whole, whole, 2, 1));
    }
    /* noise: a negative next counts as 0; unmeasured tasks are never predicted best */
    {
        double f[2] = {2, 2}, n[2] = {-1, -0.5}, bad[2] = {1e300, 1}, neg[2] = {-1, 1};
        cr_expect_float_eq(tune_han_predict_steady(f, n, 2, 10), 4.0, 1e-12);
        cr_expect(tune_han_predict_steady(bad, f, 2, 2) >= 1e300);
        cr_expect(tune_han_predict_steady(neg, f, 2, 2) >= 1e300);
        cr_expect(tune_han_predict_steady(f, f, 0, 2) >= 1e300);
    }
}

Test(han_model, top_k)
{
    double pred[6] = {5, 1, 1e300, 3, 1, 2};
    int idx[6], n;
    n = tune_han_top(pred, 6, 3, idx);
    cr_assert_eq(n, 3);
    cr_expect_eq(idx[0], 1, "ties: lower index first");
    cr_expect_eq(idx[1], 4);
    cr_expect_eq(idx[2], 5);
    n = tune_han_top(pred, 6, 6, idx);
    cr_expect_eq(n, 5, "1e300 (redundant or unmeasured) is never picked");
    cr_expect_eq(idx[4], 0);
    cr_expect_eq(tune_han_top(pred, 0, 3, idx), 0);
}

Test(han_model, agreement_and_saving)
{
    cr_expect(tune_han_agrees(1.0, 1.0, 0.05));
    cr_expect(tune_han_agrees(1.049, 1.0, 0.05));
    cr_expect(!tune_han_agrees(1.06, 1.0, 0.05));
    cr_expect_float_eq(tune_han_saving(1, 4), 0.75, 1e-12);
    cr_expect_float_eq(tune_han_saving(1, 0), 0.0, 1e-12);
}

/* Counts the lines of @p path containing @p what. */
static int count_lines(const char *path, const char *what)
{
    char line[2048];
    int n = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        n += strstr(line, what) != NULL;
    fclose(f);
    return n;
}

Test(han_model, smpi_exhaustive_run, .timeout = 1260)
{
    int st;
    cr_assert(system("rm -rf build/logs/han-model && mkdir -p build/logs/han-model") == 0);
    st = system("timeout -k 10 1200 smpirun -np 24 -platform tests/platform/smp/smp.xml -hostfile "
                "tests/platform/smp/hostfile-3x8 --log=root.thres:warning --cfg=smpi/display-timing:no "
                "--cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 build/smpi-bin/collalg-tune --quick "
                "--collectives bcast,allreduce --sizes 8,64K,1M --han-exhaustive --out build/logs/han-model "
                "</dev/null >build/logs/han-model.log 2>&1");
    if (st != 0)
        cl_show_log("build/logs/han-model.log");
    cr_assert_eq(st, 0, "collalg-tune --han-exhaustive failed (build/logs/han-model.log)");
    cr_expect_eq(count_lines("build/logs/han-model.log", "bcast han on 24 processes, 3 nodes"), 1);
    cr_expect_eq(count_lines("build/logs/han-model.log", "allreduce han on 24 processes, 3 nodes"), 1);
    cr_expect_eq(count_lines("build/logs/han-model.log", "han-model: measurement time"), 2);
    cr_expect_eq(count_lines("build/logs/han-model.log", "han-exhaustive: measurement time"), 2);
    cr_expect_eq(count_lines("build/logs/han-model.log", "han-summary: saving"), 2);
    /* bcast, 3 sizes: the tasks at every distinct segment length (8 B, 16 KiB, 64 KiB, 256 KiB,
     * 1 MiB) x 12 tasks (4 inter and 2 intra choices, once and twice), the model's top 3 at each
     * size, every distinct call at each size (8 B: 8; 64 KiB: 16; 1 MiB: 32) */
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", "bcast,han-task,"), 5 * 12);
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", "bcast,han-model,"), 3 * 3);
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", "bcast,han-exhaustive,"), 8 + 16 + 32);
    /* allreduce: lengths 8 B, 64 KiB, 256 KiB, 1 MiB x 6 tasks (5 inter choices and the node task,
     * once: HAN's own model); every distinct call (8 B: 5; 64 KiB: 5; 1 MiB: 15, the 2 MiB segment
     * giving one segment as 1 MiB does) */
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", "allreduce,han-task,"), 4 * 6);
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", "allreduce,han-model,"), 3 * 3);
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", "allreduce,han-exhaustive,"), 5 + 5 + 15);
    cr_expect_eq(count_lines("build/logs/han-model/collalg_tuned.csv", ",error"), 0, "a call failed");
}

Test(han_model, algorithms_shortlist, .timeout = 660)
{
    int st;
    cr_assert(system("rm -rf build/logs/tune-shortlist && mkdir -p build/logs/tune-shortlist") == 0);
    st = system("timeout -k 10 600 mpiexec -n 2 build/bin/collalg-tune --quick --collectives bcast,allreduce "
                "--sizes 1K --algorithms binomial,ring,han --out build/logs/tune-shortlist </dev/null "
                ">build/logs/tune-shortlist.log 2>&1");
    if (st != 0)
        cl_show_log("build/logs/tune-shortlist.log");
    cr_assert_eq(st, 0);
    cr_expect_gt(count_lines("build/logs/tune-shortlist/collalg_tuned.csv", "bcast,sample,binomial,"), 0);
    cr_expect_gt(count_lines("build/logs/tune-shortlist/collalg_tuned.csv", "bcast,param,han,"), 0);
    cr_expect_gt(count_lines("build/logs/tune-shortlist/collalg_tuned.csv", "allreduce,sample,ring,"), 0);
    cr_expect_gt(count_lines("build/logs/tune-shortlist/collalg_tuned.csv", ",native,"), 0);
    cr_expect_eq(count_lines("build/logs/tune-shortlist/collalg_tuned.csv", ",chain,"), 0, "chain is not listed");
    cr_expect_eq(count_lines("build/logs/tune-shortlist/collalg_tuned.csv", ",rabenseifner,"), 0);
}
