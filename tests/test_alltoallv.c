/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: every alltoallv algorithm against MPI_Alltoallv (tests/mpi/alltoallv.c), and
 * the pure schedule functions of schedule/alltoallv.h checked without MPI. */
#include "launch.h"
#include <limits.h>
#include <collalg/schedule/alltoallv.h>

/* ---- the schedules, without MPI -------------------------------------------------------------- */

#define SMAX 64

/* Deterministic pseudo-random matrices of message sizes: kind 0 sparse (about a third empty),
 * 1 dense with few distinct sizes (many ties), 2 one heavy row, 3 all empty but one message,
 * 4 all empty, 5 dense with sizes past INT_MAX. */
static void matrix(int kind, int p, unsigned seed, long long *bytes)
{
    unsigned s = seed * 2654435761u + 7u;
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++) {
            unsigned x;
            s = s * 1103515245u + 12345u;
            x = s >> 8;
            switch (kind) {
            case 0: bytes[i * p + j] = x % 3 == 0 ? 0 : (long long)(x % 100000); break;
            case 1: bytes[i * p + j] = 1 + x % 4; break;
            case 2: bytes[i * p + j] = i == 0 ? 1000000 + x % 7 : x % 50; break;
            case 3: bytes[i * p + j] = (i == p / 2 && j == (p / 2 + 1) % p) ? 42 : 0; break;
            case 4: bytes[i * p + j] = 0; break;
            default: bytes[i * p + j] = 3000000000LL + (long long)(x % 5) * 1000000000LL; break;
            }
        }
}

/* Checks a phase matrix against its input: every non-empty off-diagonal message in exactly one
 * phase in [0, nphases), the others -1; each phase a partial matching and non-empty; and the
 * per-rank view (collalg__alltoallv_schedule_peers) agrees with the matrix. */
static void check_schedule(const char *name, int p, const long long *bytes, const int *phase, int nphases)
{
    static char sends[2 * SMAX][SMAX], recvs[2 * SMAX][SMAX];
    static int used[2 * SMAX], to[2 * SMAX], from[2 * SMAX];
    memset(sends, 0, sizeof sends);
    memset(recvs, 0, sizeof recvs);
    memset(used, 0, sizeof used);
    cr_assert(nphases >= 0 && nphases <= 2 * SMAX, "%s p=%d: %d phases", name, p, nphases);
    for (int i = 0; i < p; i++)
        for (int j = 0; j < p; j++) {
            int f = phase[i * p + j];
            if (i == j || bytes[i * p + j] <= 0) {
                cr_assert_eq(f, -1, "%s p=%d: empty message %d -> %d in phase %d", name, p, i, j, f);
                continue;
            }
            cr_assert(f >= 0 && f < nphases, "%s p=%d: message %d -> %d in phase %d of %d", name, p, i, j, f, nphases);
            cr_assert_eq(sends[f][i]++, 0, "%s p=%d: rank %d sends twice in phase %d", name, p, i, f);
            cr_assert_eq(recvs[f][j]++, 0, "%s p=%d: rank %d receives twice in phase %d", name, p, j, f);
            used[f] = 1;
        }
    for (int f = 0; f < nphases; f++)
        cr_assert(used[f], "%s p=%d: phase %d of %d is empty", name, p, f, nphases);
    for (int r = 0; r < p; r++) {
        collalg__alltoallv_schedule_peers(p, r, phase, nphases, to, from);
        for (int f = 0; f < nphases; f++) {
            cr_assert(to[f] == -1 || phase[r * p + to[f]] == f, "%s p=%d rank %d phase %d: to %d", name, p, r, f,
                      to[f]);
            cr_assert(from[f] == -1 || phase[from[f] * p + r] == f, "%s p=%d rank %d phase %d: from %d", name, p, r, f,
                      from[f]);
            cr_assert_eq(to[f] != -1, sends[f][r] != 0, "%s p=%d rank %d phase %d: send missing", name, p, r, f);
            cr_assert_eq(from[f] != -1, recvs[f][r] != 0, "%s p=%d rank %d phase %d: receive missing", name, p, r, f);
        }
    }
}

static long long bytes_[SMAX * SMAX];
static int phase_[SMAX * SMAX], again_[SMAX * SMAX], order_[SMAX * SMAX], keep_[SMAX];
static unsigned long long busy_[2 * SMAX * 4];

Test(alltoallv_schedule, greedy_is_a_valid_schedule)
{
    cr_assert_leq(2 * collalg__alltoallv_greedy_words(SMAX), (int)(sizeof busy_ / sizeof busy_[0]) / SMAX);
    for (int p = 1; p <= SMAX; p++)
        for (int kind = 0; kind < 6; kind++)
            for (unsigned seed = 0; seed < (p <= 16 ? 6u : 2u); seed++) {
                int n;
                matrix(kind, p, seed + 100u * (unsigned)p, bytes_);
                n = collalg__alltoallv_greedy_schedule(p, bytes_, phase_, order_, busy_);
                check_schedule("greedy", p, bytes_, phase_, n);
                cr_assert_leq(n, p > 1 ? 2 * p - 3 : 0, "greedy p=%d: %d phases", p, n);
                if (kind == 4 || p == 1)
                    cr_assert_eq(n, 0);
                if (kind == 3 && p > 1)
                    cr_assert_eq(n, 1);
            }
}

/* The greedy property: a message sits in phase f only because in every earlier phase its sender
 * already sent, or its receiver already received, a message that goes before it in the order
 * (larger, or as large with a smaller index). */
Test(alltoallv_schedule, greedy_is_first_fit_largest_first)
{
    for (int p = 2; p <= SMAX; p += (p < 12 ? 1 : 7))
        for (int kind = 0; kind < 3; kind++) {
            int n;
            matrix(kind, p, 7u * (unsigned)p + (unsigned)kind, bytes_);
            n = collalg__alltoallv_greedy_schedule(p, bytes_, phase_, order_, busy_);
            for (int i = 0; i < p; i++)
                for (int j = 0; j < p; j++) {
                    int f = phase_[i * p + j];
                    for (int g = 0; g < f; g++) {
                        int blocked = 0;
                        for (int q = 0; q < p && !blocked; q++) {
                            if (phase_[i * p + q] == g && collalg__alltoallv_before(bytes_, i * p + q, i * p + j))
                                blocked = 1;
                            if (phase_[q * p + j] == g && collalg__alltoallv_before(bytes_, q * p + j, i * p + j))
                                blocked = 1;
                        }
                        cr_assert(blocked, "greedy p=%d: %d -> %d in phase %d though phase %d was free", p, i, j, f, g);
                    }
                }
            /* the largest message goes first */
            if (n > 0) {
                int best = -1;
                for (int k = 0; k < p * p; k++)
                    if (k / p != k % p && bytes_[k] > 0 && (best < 0 || collalg__alltoallv_before(bytes_, k, best)))
                        best = k;
                cr_assert_eq(phase_[best], 0, "greedy p=%d: the largest message is not in phase 0", p);
            }
        }
}

/* Every rank computes the schedule on its own: the result may depend only on the matrix, not on
 * what the workspace held before. */
Test(alltoallv_schedule, deterministic)
{
    for (int p = 1; p <= SMAX; p += 3)
        for (int kind = 0; kind < 6; kind++) {
            int n1, n2;
            matrix(kind, p, (unsigned)(p * 13 + kind), bytes_);
            memset(order_, 0x00, sizeof order_);
            memset(busy_, 0x00, sizeof busy_);
            n1 = collalg__alltoallv_greedy_schedule(p, bytes_, phase_, order_, busy_);
            memset(order_, 0x7F, sizeof order_);
            memset(busy_, 0xFF, sizeof busy_);
            memset(again_, 0x3C, sizeof again_);
            n2 = collalg__alltoallv_greedy_schedule(p, bytes_, again_, order_, busy_);
            cr_assert_eq(n1, n2, "greedy p=%d kind %d: %d then %d phases", p, kind, n1, n2);
            cr_assert_arr_eq(phase_, again_, (size_t)(p * p) * sizeof(int), "greedy p=%d kind %d differs", p, kind);
            memset(keep_, 0x00, sizeof keep_);
            n1 = collalg__alltoallv_alltoall_based_schedule(p, bytes_, phase_, keep_);
            memset(keep_, 0x7F, sizeof keep_);
            memset(again_, 0x3C, sizeof again_);
            n2 = collalg__alltoallv_alltoall_based_schedule(p, bytes_, again_, keep_);
            cr_assert_eq(n1, n2);
            cr_assert_arr_eq(phase_, again_, (size_t)(p * p) * sizeof(int), "alltoall_based p=%d kind %d", p, kind);
        }
}

/* The all-to-all based schedule: a valid schedule whose phases are the non-empty steps of the
 * pair schedule, in order. */
Test(alltoallv_schedule, alltoall_based_follows_the_pair_steps)
{
    for (int p = 1; p <= SMAX; p++)
        for (int kind = 0; kind < 6; kind++)
            for (unsigned seed = 0; seed < 3u; seed++) {
                int n, s, f = 0, nsteps = collalg__pair_nsteps(p);
                matrix(kind, p, seed + 1000u * (unsigned)p, bytes_);
                n = collalg__alltoallv_alltoall_based_schedule(p, bytes_, phase_, keep_);
                check_schedule("alltoall_based", p, bytes_, phase_, n);
                cr_assert_leq(n, nsteps);
                for (s = 0; s < nsteps; s++) {
                    int any = 0;
                    for (int i = 0; i < p; i++) {
                        int j = collalg__pair_peer(i, p, s);
                        if (j != i && bytes_[i * p + j] > 0) {
                            any = 1;
                            cr_assert_eq(phase_[i * p + j], f, "alltoall_based p=%d: %d -> %d (step %d) in phase %d", p,
                                         i, j, s, phase_[i * p + j]);
                        }
                    }
                    f += any;
                }
                cr_assert_eq(n, f, "alltoall_based p=%d: %d phases, %d non-empty steps", p, n, f);
                if (kind == 1 && p > 1)
                    cr_assert_eq(n, nsteps, "alltoall_based p=%d kind %d: a dense matrix keeps every step", p, kind);
            }
}

Test(alltoallv_schedule, sort_orders_largest_first)
{
    int idx[200];
    for (int n = 0; n <= 200; n += 7) {
        matrix(1, 15, (unsigned)n, bytes_);
        for (int k = 0; k < n; k++)
            idx[k] = (k * 7919) % 225; /* distinct: 7919 is prime to 225 = 15 * 15 */
        collalg__alltoallv_sort(bytes_, idx, n);
        for (int k = 0; k + 1 < n; k++)
            cr_assert(collalg__alltoallv_before(bytes_, idx[k], idx[k + 1]), "n=%d: position %d out of order", n, k);
    }
}

Test(alltoallv_schedule, fits)
{
    cr_assert(collalg__alltoallv_schedule_fits(1));
    cr_assert(collalg__alltoallv_schedule_fits(COLLALG_ALLTOALLV_MAX_P));
    cr_assert(!collalg__alltoallv_schedule_fits(COLLALG_ALLTOALLV_MAX_P + 1));
    cr_assert_leq((long long)COLLALG_ALLTOALLV_MAX_P * COLLALG_ALLTOALLV_MAX_P, (long long)INT_MAX);
}

/* ---- the algorithms, under MPI ------------------------------------------------------------ */

/* The program's full matrix (5 types x 5 counts x 5 count patterns x in place, 16 algorithm
 * variants) is five times the alltoall one, more than the suite's time budget (~150 s) allows
 * beyond p = 2, and MPICH from p = 5 on costs a scheduler time slice per phase on a small
 * machine. So p = 1 and 2 run all of it, and each larger p runs a slice: together the slices
 * cover every type, count, pattern and in-place case at some p > 2 (every pattern at p = 3, 4,
 * 5 and under SimGrid up to p = 32), and every algorithm at every p.
 * make check runs MPICH p <= 3 and SimGrid p = 4, 16, 17; MPICH p = 4 and the larger p are under
 * make check-large. */
/* clang-format off */
Test(alltoallv, mpich_p1) { cl_mpich("alltoallv", 1, CL_FULL); }
Test(alltoallv, mpich_p2) { cl_mpich("alltoallv", 2, CL_FULL); }
Test(alltoallv, mpich_p3) { cl_mpich("alltoallv", 3, "--counts big --types struct,int-vector"); }
Test(alltoallv, mpich_p4) { CL_LARGE_ONLY(); cl_mpich("alltoallv", 4, "--counts 1000 --types vector,int-vector"); }
Test(alltoallv, smpi_p4) { cl_smpi("alltoallv", 4, "--counts 1000 --types vector,int-vector"); }
Test(alltoallv, mpich_p5) { CL_LARGE_ONLY(); cl_mpich("alltoallv", 5, "--counts 3 --types int-vector"); }
/* clang-format on */
Test(alltoallv, mpich_p6)
{
    CL_LARGE_ONLY();
    cl_mpich("alltoallv", 6, "--counts 0,1000 --types struct --no-inplace --patterns heavy,irregular");
}
/* clang-format off */
Test(alltoallv, mpich_p7) { CL_LARGE_ONLY(); cl_mpich("alltoallv", 7, "--counts 1 --types double --patterns zeros,random"); }
Test(alltoallv, mpich_p8) { CL_LARGE_ONLY(); cl_mpich("alltoallv", 8, "--counts 3 --types int --no-inplace --patterns uniform,heavy"); }
Test(alltoallv, smpi_p16) { cl_smpi("alltoallv", 16, "--counts 3,1000 --types int,vector,int-vector"); }
Test(alltoallv, smpi_p17) { cl_smpi("alltoallv", 17, "--counts 1,1000 --types double,int-vector"); }
Test(alltoallv, smpi_p31) { CL_LARGE_ONLY(); cl_smpi("alltoallv", 31, "--counts 0,3 --types int,int-vector"); }
Test(alltoallv, smpi_p32) { CL_LARGE_ONLY(); cl_smpi("alltoallv", 32, "--counts 1000 --types int-vector"); }
Test(alltoallv, smpi_p64) { CL_LARGE_ONLY(); cl_smpi("alltoallv", 64, "--counts 3 --types int-vector --patterns random,zeros,heavy"); }
/* clang-format on */
