/* Criterion suite: every allgatherv algorithm against MPI_Allgatherv (tests/mpi/allgatherv.c).
 *
 * The program's matrix is types x counts x 6 block patterns x in place, every algorithm in each
 * case, so it is six times the allgather matrix: the runs below cut it down by process count to
 * stay within the suite's time budget on a 2-core machine. Every run keeps every algorithm, in
 * place (for the same-type cases), the struct type (gaps, non-zero lower bound; MPICH only, see
 * CL_SMPI_TYPES) or the int-vector pair (different send and receive types), and patterns with
 * empty blocks and displacements out of rank order. */
#include "launch.h"

/* MPICH p = 1 and 2 (no oversubscription, about 2 s): the whole matrix, CL_FULL. */
/* MPICH p = 3, 4: the irregular patterns, a small and a 64 KiB base count. */
#define AV_P34 "--counts 3,big --types struct,int-vector --patterns zeros,uneven,permuted"
/* MPICH p >= 5 (slow oversubscribed): empty blocks and shuffled displacements, small counts. */
#define AV_P5 "--counts 3 --types struct,int-vector --patterns zeros,permuted"
/* SimGrid (no 64 KiB count: one such call costs seconds of simulation; MPICH covers it). p = 31
 * and 32 split the patterns between them. */
#define AV_SMPI16 "--counts 0,3,1000 --types int,vector,int-vector --patterns uniform,zeros,uneven,random,permuted"
#define AV_SMPI31 "--counts 3,1000 --types vector --patterns zeros,random,reverse"
#define AV_SMPI32 "--counts 3,1000 --types vector --patterns uniform,uneven,permuted"
#define AV_SMPI64 "--counts 3 --types vector,int-vector --patterns zeros,permuted"

Test(allgatherv, mpich_p1) { cl_mpich("allgatherv", 1, CL_FULL); }
Test(allgatherv, mpich_p2) { cl_mpich("allgatherv", 2, CL_FULL); }
Test(allgatherv, mpich_p3) { cl_mpich("allgatherv", 3, AV_P34); }
Test(allgatherv, mpich_p4) { cl_mpich("allgatherv", 4, AV_P34); }
Test(allgatherv, mpich_p5) { cl_mpich("allgatherv", 5, AV_P5); }
Test(allgatherv, mpich_p6) { cl_mpich("allgatherv", 6, AV_P5); }
Test(allgatherv, mpich_p7) { cl_mpich("allgatherv", 7, AV_P5); }
Test(allgatherv, mpich_p8) { cl_mpich("allgatherv", 8, AV_P5); }
Test(allgatherv, smpi_p16) { cl_smpi("allgatherv", 16, AV_SMPI16); }
Test(allgatherv, smpi_p17) { cl_smpi("allgatherv", 17, AV_SMPI16); }
Test(allgatherv, smpi_p31) { cl_smpi("allgatherv", 31, AV_SMPI31); }
Test(allgatherv, smpi_p32) { cl_smpi("allgatherv", 32, AV_SMPI32); }
Test(allgatherv, smpi_p64) { cl_smpi("allgatherv", 64, AV_SMPI64); }

/* ---- the recursive doubling schedule for any p (core/allgatherv_schedule.h), no MPI ---------- */
#include <collalg/core/schedule.h>
#include <collalg/core/allgatherv_schedule.h>

#define AV_MAXP 130

/* held[r][b]: rank r holds block b; got[r][b]: times r received b. One step or round moves data
 * from a snapshot of the previous state, as the messages of one step do. */
static unsigned char held[AV_MAXP][AV_MAXP], snap[AV_MAXP][AV_MAXP], got[AV_MAXP][AV_MAXP];

/* Rank r receives blocks [first, first + n) from `from`, which must hold them all. */
static void av_receive(int r, int from, int first, int n, int p, int m)
{
    int b;
    for (b = first; b < first + n; b++) {
        cr_assert(snap[from][b], "p=%d m=%d: %d sends block %d to %d without holding it", p, m, from, b, r);
        held[r][b] = 1;
        got[r][b]++;
    }
}

Test(allgatherv, rdb_schedule_any_p)
{
    int p, r, b, m, t, g, gn, pg, pgn, to, from, steps;
    for (p = 1; p <= AV_MAXP; p++) {
        memset(held, 0, sizeof held);
        memset(got, 0, sizeof got);
        for (r = 0; r < p; r++)
            held[r][r] = 1;
        steps = 0;
        for (m = 1; m < p; m <<= 1) {
            int rounds = 0;
            memcpy(snap, held, sizeof held);
            for (r = 0; r < p; r++) {
                int partner = collalg__allgatherv_rdb_partner(r, p, m);
                if (!collalg__allgatherv_rdb_groups(r, p, m, &g, &gn, &pg, &pgn))
                    continue;
                for (b = g; b < g + gn; b++)
                    cr_assert(snap[r][b], "p=%d m=%d: rank %d lacks block %d of its group", p, m, r, b);
                if (partner >= 0) {
                    cr_assert_eq(collalg__allgatherv_rdb_partner(partner, p, m), r);
                    av_receive(r, partner, pg, pgn, p, m);
                }
                if (collalg__allgatherv_rdb_rounds(r, p, m) > rounds)
                    rounds = collalg__allgatherv_rdb_rounds(r, p, m);
            }
            for (t = 0; t < rounds; t++) {
                memcpy(snap, held, sizeof held);
                for (r = 0; r < p; r++) {
                    if (t >= collalg__allgatherv_rdb_rounds(r, p, m))
                        continue;
                    collalg__allgatherv_rdb_forward(r, p, m, t, &to, &from);
                    if (to >= 0) {
                        int tto, tfrom;
                        cr_assert(to < p && t < collalg__allgatherv_rdb_rounds(to, p, m));
                        collalg__allgatherv_rdb_forward(to, p, m, t, &tto, &tfrom);
                        cr_assert_eq(tfrom, r, "p=%d m=%d round %d: %d sends to %d, which receives from %d", p, m,
                                     t, r, to, tfrom);
                    }
                    if (from >= 0) {
                        collalg__allgatherv_rdb_groups(r, p, m, &g, &gn, &pg, &pgn);
                        av_receive(r, from, pg, pgn, p, m);
                    }
                }
            }
            steps += 1 + rounds;
        }
        for (r = 0; r < p; r++)
            for (b = 0; b < p; b++) {
                cr_assert(held[r][b], "p=%d: rank %d ends without block %d", p, r, b);
                cr_assert_eq(got[r][b], b == r ? 0 : 1, "p=%d: rank %d received block %d %d times", p, r, b,
                             got[r][b]);
            }
        /* latency: ceil(lg p) exchanges plus the forwarding rounds, at most lg(p)^2 / 2 + lg p */
        cr_assert(steps <= collalg__ceil_log2(p) * (collalg__ceil_log2(p) + 3) / 2, "p=%d: %d steps", p, steps);
    }
}
