/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite of the barrier family:
 *  - the pure schedule functions of schedule/barrier.h (and the binomial tree and the folded
 *    recursive doubling the barriers walk), checked without MPI by simulating who has heard from
 *    whom;
 *  - every barrier algorithm under MPICH (p = 1 .. 8) and SimGrid (p = 16, 17, 31, 32, 64) with
 *    tests/mpi/barrier.c, which checks max entry <= min exit over trials with late ranks;
 *  - that the check can fail: the program's --broken barriers must be reported FAILED. */
#include "launch.h"
#include <stdint.h>
#include <collalg/schedule/barrier.h>
#include <collalg/schedule/recursive_doubling.h>

/* ---- knowledge sets: known[r] = the ranks r has heard from, transitively ------------------- */

#define PMAX 300
#define WORDS ((PMAX + 63) / 64)

typedef struct {
    uint64_t w[WORDS];
} kset;

static kset known[PMAX], snap[PMAX];

static void k_init(int p)
{
    memset(known, 0, sizeof known);
    for (int r = 0; r < p; r++)
        known[r].w[r / 64] |= (uint64_t)1 << (r % 64);
}

/* known[to] |= what `from` knew at the start of the round (snap). */
static void k_send(int from, int to)
{
    for (int i = 0; i < WORDS; i++)
        known[to].w[i] |= snap[from].w[i];
}

static void k_snapshot(void)
{
    memcpy(snap, known, sizeof known);
}

static int k_full(int r, int p)
{
    for (int q = 0; q < p; q++)
        if (!(known[r].w[q / 64] >> (q % 64) & 1))
            return 0;
    return 1;
}

static int k_all_full(int p)
{
    for (int r = 0; r < p; r++)
        if (!k_full(r, p))
            return 0;
    return 1;
}

/* ---- dissemination --------------------------------------------------------------------- */

Test(barrier_schedule, dissemination_everyone_hears_from_everyone)
{
    for (int p = 1; p <= PMAX; p++) {
        int n = collalg__dissemination_nrounds(p);
        cr_assert_eq(n, collalg__ceil_log2(p));
        k_init(p);
        for (int k = 0; k < n; k++) {
            cr_assert(!k_all_full(p) || p == 1, "p=%d: complete before round %d of %d", p, k, n);
            k_snapshot();
            for (int r = 0; r < p; r++) {
                int to = collalg__dissemination_to(r, p, k);
                cr_assert(to >= 0 && to < p && to != r, "p=%d k=%d r=%d: to %d", p, k, r, to);
                cr_assert_eq(collalg__dissemination_from(to, p, k), r, "p=%d k=%d: from(to(%d))", p, k, r);
                k_send(r, to);
            }
        }
        cr_assert(k_all_full(p), "p=%d: not every rank heard from every rank after %d rounds", p, n);
    }
}

/* ---- pairwise exchange with the fold (schedule/recursive_doubling.h, FOLD_HIGH) ------------- */

Test(barrier_schedule, pairwise_exchange_with_fold)
{
    for (int p = 1; p <= PMAX; p++) {
        collalg__rdb_fold f, g;
        collalg__rdb_step st;
        int q = collalg__pof2_floor(p), n = collalg__ceil_log2(q);
        k_init(p);
        /* fold in */
        k_snapshot();
        for (int r = 0; r < p; r++) {
            collalg__rdb_fold_init(&f, p, 1, r, COLLALG__RDB_FOLD_HIGH);
            cr_assert_eq(f.q, q);
            cr_assert_eq(f.steps, n);
            if (r >= q) {
                cr_assert_eq(f.newrank, -1);
                cr_assert_eq(f.partner, r - q);
                collalg__rdb_fold_init(&g, p, 1, f.partner, COLLALG__RDB_FOLD_HIGH);
                cr_assert_eq(g.partner, r, "p=%d: fold of %d not mutual", p, r);
                k_send(r, f.partner);
            } else {
                cr_assert_eq(f.newrank, r);
                cr_assert_eq(f.partner, r + q < p ? r + q : -1, "p=%d r=%d fold %d", p, r, f.partner);
            }
        }
        for (int k = 0; k < n; k++) {
            k_snapshot();
            for (int r = 0; r < q; r++) {
                int steps = 0;
                collalg__rdb_fold_init(&f, p, 1, r, COLLALG__RDB_FOLD_HIGH);
                for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st) && st.s < k; collalg__rdb_next(&f, &st))
                    steps++;
                cr_assert_eq(steps, k, "p=%d r=%d: step %d is not the %d-th", p, r, k, k);
                cr_assert(collalg__rdb_more(&f, &st) && st.mask == 1 << k);
                cr_assert(st.rank >= 0 && st.rank < q && st.rank != r && st.rank == (r ^ (1 << k)));
                k_send(st.rank, r);
            }
        }
        for (int r = 0; r < q; r++)
            cr_assert(k_full(r, p), "p=%d: rank %d incomplete after the exchange rounds", p, r);
        /* fold out */
        k_snapshot();
        for (int r = q; r < p; r++)
            k_send(r - q, r);
        cr_assert(k_all_full(p), "p=%d: an extra rank incomplete after the fold out", p);
    }
}

/* ---- binomial gather-release: the children loop of barrier/binomial.h ------------------- */

Test(barrier_schedule, binomial_gather_release)
{
    for (int p = 1; p <= PMAX; p++) {
        int parents = 0;
        k_init(p);
        /* children as barrier/binomial.h enumerates them, checked against the parent function */
        for (int v = 0; v < p; v++) {
            int mask = collalg__binomial_mask(v, p), nchild = 0;
            for (int m = 1; m < mask; m <<= 1)
                if (v + m < p) {
                    cr_assert_eq(collalg__binomial_parent(v + m), v, "p=%d: child %d of %d", p, v + m, v);
                    nchild++;
                }
            parents += nchild;
        }
        cr_assert_eq(parents, p - 1, "p=%d: %d parent links", p, parents);
        /* gather: a child reports to its parent once its own subtree is in (children > parent) */
        for (int v = p - 1; v > 0; v--) {
            cr_assert(collalg__binomial_parent(v) < v);
            memcpy(&snap[v], &known[v], sizeof snap[v]);
            k_send(v, collalg__binomial_parent(v));
        }
        cr_assert(k_full(0, p), "p=%d: rank 0 incomplete after the gather", p);
        for (int v = 1; v < p; v++) { /* release, parents first */
            memcpy(&snap[collalg__binomial_parent(v)], &known[collalg__binomial_parent(v)], sizeof snap[0]);
            k_send(collalg__binomial_parent(v), v);
        }
        cr_assert(k_all_full(p), "p=%d: incomplete after the release", p);
    }
}

/* ---- k-ary heap trees of the MCS barrier ------------------------------------------------- */

/* Every rank but the root has exactly one parent, lies in its parent's children range, and the
 * tree spans all ranks; the height matches the deepest rank. */
static void check_kary(int p, int fan)
{
    static int seen[PMAX];
    int links = 0, height = 0;
    memset(seen, 0, sizeof seen);
    cr_assert_eq(collalg__kary_parent(0, fan), -1);
    for (int r = 0; r < p; r++) {
        int n = collalg__kary_nchildren(r, p, fan), first = collalg__kary_first_child(r, fan), depth = 0;
        cr_assert(n >= 0 && n <= fan, "p=%d fan=%d r=%d: %d children", p, fan, r, n);
        for (int i = 0; i < n; i++) {
            int c = first + i;
            cr_assert(c > r && c < p, "p=%d fan=%d: child %d of %d", p, fan, c, r);
            cr_assert_eq(collalg__kary_parent(c, fan), r, "p=%d fan=%d: parent of %d", p, fan, c);
            seen[c]++;
        }
        links += n;
        for (int v = r; v > 0; v = collalg__kary_parent(v, fan))
            depth++;
        if (depth > height)
            height = depth;
    }
    cr_assert_eq(links, p - 1, "p=%d fan=%d: %d links", p, fan, links);
    cr_assert_eq(seen[0], 0);
    for (int r = 1; r < p; r++)
        cr_assert_eq(seen[r], 1, "p=%d fan=%d: rank %d has %d parents", p, fan, r, seen[r]);
    cr_assert_eq(collalg__kary_height(p, fan), height, "p=%d fan=%d", p, fan);
}

Test(barrier_schedule, mcs_trees_span_all_ranks)
{
    for (int p = 1; p <= PMAX; p++)
        for (int fan = 1; fan <= p + 1; fan += (fan < 10 || fan >= p - 2) ? 1 : 7)
            check_kary(p, fan);
}

Test(barrier_schedule, mcs_arrival_then_wakeup)
{
    static const int fans[][2] = {{4, 2}, {2, 2}, {3, 5}, {64, 64}, {2, 7}};
    for (int p = 1; p <= PMAX; p++)
        for (int f = 0; f < 5; f++) {
            int a = collalg__mcs_fan(fans[f][0], 4, p), b = collalg__mcs_fan(fans[f][1], 2, p);
            k_init(p);
            for (int v = p - 1; v > 0; v--) { /* arrival: children > parent report first */
                memcpy(&snap[v], &known[v], sizeof snap[v]);
                k_send(v, collalg__kary_parent(v, a));
            }
            cr_assert(k_full(0, p), "p=%d fans %d/%d: root incomplete after arrival", p, a, b);
            for (int v = 1; v < p; v++) {
                int par = collalg__kary_parent(v, b);
                cr_assert(par >= 0 && par < v);
                memcpy(&snap[par], &known[par], sizeof snap[0]);
                k_send(par, v);
            }
            cr_assert(k_all_full(p), "p=%d fans %d/%d: incomplete after wake-up", p, a, b);
        }
}

Test(barrier_schedule, mcs_fan_resolution)
{
    cr_assert_eq(collalg__mcs_fan(-1, 4, 10), -1);
    cr_assert_eq(collalg__mcs_fan(1, 4, 10), -1);
    cr_assert_eq(collalg__mcs_fan(1, 4, 2), -1);
    cr_assert_eq(collalg__mcs_fan(0, 4, 10), 4);
    cr_assert_eq(collalg__mcs_fan(0, 2, 10), 2);
    cr_assert_eq(collalg__mcs_fan(0, 4, 3), 2);
    cr_assert_eq(collalg__mcs_fan(3, 4, 10), 3);
    cr_assert_eq(collalg__mcs_fan(9, 4, 10), 9);
    cr_assert_eq(collalg__mcs_fan(10, 4, 10), 9);
    cr_assert_eq(collalg__mcs_fan(1 << 30, 4, 10), 9);
    cr_assert_eq(collalg__mcs_fan(2, 4, 2), 1);
    cr_assert_eq(collalg__mcs_fan(0, 4, 1), 1);
    cr_assert_eq(collalg__mcs_fan(5, 4, 1), 1);
}

/* ---- JS groups and masters ---------------------------------------------------------------- */

Test(barrier_schedule, js_groups_and_masters)
{
    cr_assert_eq(collalg__js_group(-1, 10), -1);
    cr_assert_eq(collalg__js_group(0, 1), 1);
    cr_assert_eq(collalg__js_group(0, 7), 3);
    cr_assert_eq(collalg__js_group(0, 16), 4);
    cr_assert_eq(collalg__js_group(0, 17), 5);
    cr_assert_eq(collalg__js_group(20, 7), 7);
    cr_assert_eq(collalg__js_group(1 << 30, 7), 7);
    for (int p = 1; p <= PMAX; p++) {
        int s = collalg__ceil_sqrt(p);
        cr_assert(s * s >= p && (s - 1) * (s - 1) < p, "ceil_sqrt(%d) = %d", p, s);
        for (int group = 0; group <= p + 2; group += (group < 12 || group >= p - 2) ? 1 : 5) {
            int g = collalg__js_group(group, p), nm = collalg__js_nmasters(p, g), masters = 0;
            cr_assert(g >= 1 && g <= p, "p=%d group=%d: g=%d", p, group, g);
            k_init(p);
            /* fan-in */
            for (int r = 0; r < p; r++) {
                int m = collalg__js_master(r, g), end = collalg__js_group_end(m, g, p);
                cr_assert(m <= r && r < end && m % g == 0 && end - m <= g, "p=%d g=%d r=%d", p, g, r);
                cr_assert_eq(collalg__js_master(m, g), m);
                if (m == r) {
                    cr_assert_eq(m, masters * g, "p=%d g=%d: master %d is not index %d times g", p, g, m, masters);
                    masters++;
                    memcpy(snap, known, sizeof known);
                    for (int i = m + 1; i < end; i++)
                        k_send(i, m);
                }
            }
            cr_assert_eq(masters, nm, "p=%d g=%d: %d masters, nmasters %d", p, g, masters, nm);
            /* all-to-all among masters, then release */
            k_snapshot();
            for (int i = 0; i < nm; i++)
                for (int j = 0; j < nm; j++)
                    if (i != j)
                        k_send(i * g, j * g);
            for (int i = 0; i < nm; i++)
                cr_assert(k_full(i * g, p), "p=%d g=%d: master %d incomplete", p, g, i * g);
            k_snapshot();
            for (int r = 0; r < p; r++)
                if (collalg__js_master(r, g) != r)
                    k_send(collalg__js_master(r, g), r);
            cr_assert(k_all_full(p), "p=%d g=%d: incomplete after the release", p, g);
        }
    }
}

/* ---- light-weight ring: p - 1 rounds needed and enough ------------------------------------ */

Test(barrier_schedule, light_weight_needs_p_minus_1_rounds)
{
    for (int p = 1; p <= 120; p++) {
        k_init(p);
        for (int k = 1; k < p; k++) {
            cr_assert(!k_all_full(p), "p=%d: complete after %d rounds", p, k - 1);
            k_snapshot();
            for (int r = 0; r < p; r++)
                k_send(r, collalg__ring_to(r, p, 1));
        }
        cr_assert(k_all_full(p), "p=%d: incomplete after p - 1 rounds", p);
    }
}

/* ---- the MPI matrix ----------------------------------------------------------------------- */

/* MPICH oversubscribes 2 cores with busy polling: every token hop costs a scheduler time slice,
 * so the trial counts shrink with p (every rank is still late once in every algorithm). */
#define TB_MPICH_SMALL "--rotations 2 --repeat 8"
#define TB_MPICH_LARGE "--rotations 1 --repeat 3"
/* clang-format off */
Test(barrier, mpich_p1) { cl_mpich("barrier", 1, TB_MPICH_SMALL); }
Test(barrier, mpich_p2) { cl_mpich("barrier", 2, TB_MPICH_SMALL); }
Test(barrier, mpich_p3) { cl_mpich("barrier", 3, "--rotations 1 --repeat 5"); }
Test(barrier, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("barrier", 4, "--rotations 1 --repeat 5"); }
Test(barrier, smpi_p4) { cl_smpi("barrier", 4, "--rotations 1 --repeat 5"); }
Test(barrier, mpich_p5) { CL_LARGE_ONLY(); cl_mpich("barrier", 5, TB_MPICH_LARGE); }
Test(barrier, mpich_p6) { CL_LARGE_ONLY(); cl_mpich("barrier", 6, TB_MPICH_LARGE); }
Test(barrier, mpich_p7) { CL_LARGE_ONLY(); cl_mpich("barrier", 7, TB_MPICH_LARGE); }
Test(barrier, mpich_p8) { CL_LARGE_ONLY(); cl_mpich("barrier", 8, TB_MPICH_LARGE); }
/* clang-format on */

/* SimGrid: simulated time, one global clock. At p = 64 the late rank visits every second rank
 * (and the last): js(1) and light_weight move p (p - 1) tokens per call. */
/* clang-format off */
Test(barrier, smpi_p16) { cl_smpi("barrier", 16, "--rotations 1 --repeat 10"); }
Test(barrier, smpi_p17) { cl_smpi("barrier", 17, "--rotations 1 --repeat 10"); }
Test(barrier, smpi_p31) { CL_LARGE_ONLY(); cl_smpi("barrier", 31, "--rotations 1 --repeat 4"); }
Test(barrier, smpi_p32) { CL_LARGE_ONLY(); cl_smpi("barrier", 32, "--rotations 1 --repeat 4"); }
Test(barrier, smpi_p64) { CL_LARGE_ONLY(); cl_smpi("barrier", 64, "--rotations 1 --stride 2 --repeat 3"); }
/* clang-format on */

/* ---- the check can fail ------------------------------------------------------------------- */

/* Runs `launcher` build/<dir>/barrier `args`; asserts a non-zero exit status, a closing line
 * with "failed" > 0, a FAILED line for each broken barrier, and none for any other algorithm. */
static void expect_broken(const char *launcher, const char *dir, int np, const char *args)
{
    char cmd[2048], log[256], line[512];
    long passed = -1, failed = -1;
    int status, none = 0, diss = 0, other = 0;
    FILE *f;
    snprintf(log, sizeof log, "build/logs/barrier-broken-%s-%d.log", dir, np);
    snprintf(cmd, sizeof cmd, "mkdir -p build/logs && timeout -k 10 %d %s build/%s/barrier %s </dev/null >'%s' 2>&1",
             cl_timeout(), launcher, dir, args, log);
    status = system(cmd);
    f = fopen(log, "r");
    cr_assert(f, "no log %s", log);
    while (fgets(line, sizeof line, f)) {
        const char *at = strrchr(line, ':');
        if (strstr(line, " passed, ") && at)
            sscanf(at + 1, "%ld passed, %ld failed", &passed, &failed);
        if (strncmp(line, "FAILED: ", 8) == 0) {
            if (strstr(line, "broken_none"))
                none++;
            else if (strstr(line, "broken_dissemination"))
                diss++;
            else
                other++;
        }
    }
    fclose(f);
    if (!(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) != 0) || failed <= 0 || !none || !diss || other)
        cl_show_log(log);
    cr_assert(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) != 0, "--broken run exited 0 (status %d)",
              status);
    cr_assert(failed > 0, "--broken run reports %ld failed", failed);
    cr_assert(none > 0 && diss > 0, "broken_none failed %d checks, broken_dissemination %d", none, diss);
    cr_assert_eq(other, 0, "%d checks of the real algorithms failed; log: %s", other, log);
}

/* MPICH p = 4: the real algorithms must pass, the two broken ones must fail (a long delay, so
 * the early exits show even when the scheduler is slow). */
Test(barrier_broken, mpich_p4)
{
    expect_broken("mpiexec -n 4", "mpich", 4, "--broken --rotations 1 --repeat 2 --delay 20000");
}

Test(barrier_broken, smpi_p17)
{
    expect_broken("smpirun -np 17 -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile "
                  "--log=root.thres:warning --cfg=smpi/display-timing:no " CL_SMPI_CFG,
                  "smpi", 17, "--broken --algo broken --repeat 2");
}
