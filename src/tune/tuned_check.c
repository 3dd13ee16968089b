/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file tuned_check.c
 * @brief Checks a tuned header (written by collalg-tune) against the native collectives: at every
 *        rule boundary (bound - 1, bound, bound + 1 bytes) and a few other sizes, each tuned
 *        routine must give exactly the native result (also in place where MPI allows).
 *
 * The v-collectives run a skewed pattern whose mean block (the size the selector compares) is
 * exactly the size tried: rank 0's row (alltoallv) or block (allgatherv) carries most bytes; in
 * place they run uniform counts (alltoallv in place needs a symmetric matrix). The barrier is
 * checked to return MPI_SUCCESS and to hold every rank until the last one entered (clock stamps:
 * the latest entry precedes the earliest exit; a causality check, not a timing; tc_now()).
 * Headers written before the v-collectives existed (no COLLALG_TUNED_ALLTOALLV_BOUNDS) check the
 * four others only.
 *
 * The rooted collectives (gather, scatter, gatherv, scatterv) run from root 0 and from the last
 * rank, out of place and in place at the root (gather: MPI_IN_PLACE as the root's send buffer,
 * scatter: as its receive buffer); every rank compares its whole receive allocation (the root
 * also its send buffer in place), so a write where MPI allows none is caught too. gatherv and
 * scatterv run the skewed pattern as the root's counts (the root's block, or the first rank's,
 * carries most bytes) with a one-byte gap after each block; alltoallw runs the alltoallv pattern
 * with MPI_BYTE for every peer and byte displacements, then uniform in place. Headers written
 * before these collectives existed (no COLLALG_TUNED_GATHER_BOUNDS) do not check them. Reduce
 * (MPI_INT, MPI_SUM, sizes rounded down to whole ints) runs to root 0 and to the last rank, out
 * of place, and in place at root 0 (see tc_reduce), when the header has it (COLLALG_TUNED_REDUCE_BOUNDS).
 * Scan, exscan, reduce_scatter_block and reduce_scatter (MPI_INT, MPI_SUM: sizes are whole vectors
 * rounded down to whole ints, reduce_scatter_block to one int per rank) run out of place and in
 * place, each rank comparing its whole receive allocation and one guard int past it (exscan:
 * rank 0's buffer, which MPI leaves undefined, only its guard); reduce_scatter runs uneven counts
 * (rank 0's block the largest, the last rank's empty for p > 1) whose sum is the size tried, when
 * the header has them (COLLALG_TUNED_SCAN_BOUNDS).
 *
 * Nonblocking routines: every tuned nonblocking routine the header has (COLLALG_TUNED_I<COLL>_BOUNDS:
 * collalg-tune --collectives nonblocking) runs the cases of its blocking twin at its own rule
 * boundaries, started and completed by collalg_progress() and MPI_Test (any MPI), reported with
 * its i-name.
 *
 * Communicator sizes: every check runs on a communicator of the first q ranks of MPI_COMM_WORLD
 * (MPI_Comm_split; the other ranks wait in a barrier), for each q of `-p LIST` (comma-separated,
 * sizes above the world's size dropped), by default the world's size P and, with a header of
 * several tuned sizes (COLLALG_TUNED_PROCS_RANGES, collalg-tune --procs), every tuned size and the
 * first size of every range (1, and each size just past a boundary between two tuned sizes), so
 * that the rules of every tuned size run where they were tuned and at the edge of their range.
 *
 * Build against a generated header (what `make tune` does):
 * @code
 *   mpicc -std=c99 -Iinclude -Ibuild/tuned -DCOLLALG_TUNED_HEADER='"collalg_tuned.h"' \
 *         src/tune/tuned_check.c -o build/tuned/tuned_check
 *   mpiexec -n P build/tuned/tuned_check [-v] [-p LIST]
 * @endcode
 * Without COLLALG_TUNED_HEADER it checks a built-in stand-in with the same shape (Figure 3(a) of
 * Faraj & Yuan for alltoall), so it also builds alone. Prints which algorithm ran for each case
 * with -v ("ok   alltoall 8 B p=4 in place -> bruck (err 0)"), and a last line
 * "tuned_check p=P (communicators of q1, q2 ... processes): N passed, M failed"; exits 0 when all
 * passed.
 */
#ifndef _POSIX_C_SOURCE
/** @brief clock_gettime() of POSIX. */
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mpi.h>

/** @brief What the tuned routine ran last on this process (set by the selector's hook). */
static char tc_last[128];
/** @brief Records the algorithm of each call in tc_last (see select.h). */
/* clang-format off */
#define COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs)                                                 \
    ((void)(bytes), (void)(procs), snprintf(tc_last, sizeof tc_last, "%s", algorithm))
/* clang-format on */

#ifdef COLLALG_TUNED_HEADER
#include COLLALG_TUNED_HEADER
#else
/** @cond TC_STAND_IN */
/* Stand-in with the shape of a generated header. */
#include <collalg/collalg.h>
#include <collalg/select.h>
/* clang-format off */
COLLALG_TUNED_ALLTOALL(collalg_tuned_alltoall,
    COLLALG_RULE(1, 8718, simple)
    COLLALG_RULE(8718, 31718, pair_light_barrier)
    COLLALG_RULE(31718, 72032, pair_n_mpi_barriers, 0)
    COLLALG_RULE(72032, COLLALG_INF, pair_mpi_barrier))
/* clang-format on */
#define COLLALG_TUNED_ALLTOALL_BOUNDS 0, 1, 8718, 31718, 72032
/* clang-format off */
COLLALG_TUNED_ALLGATHER(collalg_tuned_allgather,
    COLLALG_RULE(0, 1024, recursive_doubling)
    COLLALG_RULE(1024, COLLALG_INF, ring))
/* clang-format on */
#define COLLALG_TUNED_ALLGATHER_BOUNDS 0, 1024
/* clang-format off */
COLLALG_TUNED_ALLREDUCE(collalg_tuned_allreduce,
    COLLALG_RULE(0, 2048, recursive_doubling)
    COLLALG_RULE(2048, COLLALG_INF, rabenseifner))
/* clang-format on */
#define COLLALG_TUNED_ALLREDUCE_BOUNDS 0, 2048
/* clang-format off */
COLLALG_TUNED_BCAST(collalg_tuned_bcast,
    COLLALG_RULE(0, 4096, binomial)
    COLLALG_RULE(4096, COLLALG_INF, scatter_ring_allgather))
/* clang-format on */
#define COLLALG_TUNED_BCAST_BOUNDS 0, 4096
#include <collalg/alltoallv.h>
#include <collalg/allgatherv.h>
#include <collalg/barrier.h>
/* clang-format off */
COLLALG_TUNED_ALLTOALLV(collalg_tuned_alltoallv,
    COLLALG_RULE(1, 256, simple)
    COLLALG_RULE(256, 4096, pair_light_barrier)
    COLLALG_RULE(4096, COLLALG_INF, ring_n_mpi_barriers, 0))
/* clang-format on */
#define COLLALG_TUNED_ALLTOALLV_BOUNDS 0, 1, 256, 4096
/* clang-format off */
COLLALG_TUNED_ALLGATHERV(collalg_tuned_allgatherv,
    COLLALG_RULE(0, 512, bruck)
    COLLALG_RULE(512, COLLALG_INF, ring))
/* clang-format on */
#define COLLALG_TUNED_ALLGATHERV_BOUNDS 0, 512
/* clang-format off */
COLLALG_TUNED_BARRIER(collalg_tuned_barrier,
    COLLALG_RULE_P(1, 8, 0, COLLALG_INF, dissemination)
    COLLALG_RULE_P(9, COLLALG_INF, 0, COLLALG_INF, mcs, 4, 2))
/* clang-format on */
#define COLLALG_TUNED_BARRIER_BOUNDS 0
/* clang-format off */
COLLALG_TUNED_GATHER(collalg_tuned_gather,
    COLLALG_RULE(0, 256, binomial)
    COLLALG_RULE(256, 4096, knomial, 3)
    COLLALG_RULE(4096, COLLALG_INF, linear_sync, 1024))
/* clang-format on */
#define COLLALG_TUNED_GATHER_BOUNDS 0, 256, 4096
/* clang-format off */
COLLALG_TUNED_SCATTER(collalg_tuned_scatter,
    COLLALG_RULE(0, 512, knomial, 4)
    COLLALG_RULE(512, COLLALG_INF, linear_nb, 4))
/* clang-format on */
#define COLLALG_TUNED_SCATTER_BOUNDS 0, 512
/* clang-format off */
COLLALG_TUNED_GATHERV(collalg_tuned_gatherv,
    COLLALG_RULE(0, 1024, binomial)
    COLLALG_RULE(1024, COLLALG_INF, linear))
/* clang-format on */
#define COLLALG_TUNED_GATHERV_BOUNDS 0, 1024
/* clang-format off */
COLLALG_TUNED_SCATTERV(collalg_tuned_scatterv,
    COLLALG_RULE(1, 1024, binomial)
    COLLALG_RULE(1024, COLLALG_INF, linear))
/* clang-format on */
#define COLLALG_TUNED_SCATTERV_BOUNDS 0, 1, 1024
/* clang-format off */
COLLALG_TUNED_ALLTOALLW(collalg_tuned_alltoallw,
    COLLALG_RULE(0, 256, scattered, 4)
    COLLALG_RULE(256, 2048, pair)
    COLLALG_RULE(2048, COLLALG_INF, ring))
/* clang-format on */
#define COLLALG_TUNED_ALLTOALLW_BOUNDS 0, 256, 2048
#include <collalg/reduce.h>
/* clang-format off */
COLLALG_TUNED_REDUCE(collalg_tuned_reduce,
    COLLALG_RULE(0, 64, binomial)
    COLLALG_RULE(64, 4096, knomial, 3, 0)
    COLLALG_RULE(4096, COLLALG_INF, rabenseifner))
/* clang-format on */
#define COLLALG_TUNED_REDUCE_BOUNDS 0, 64, 4096
#include <collalg/scan.h>
#include <collalg/exscan.h>
#include <collalg/reduce_scatter_block.h>
#include <collalg/reduce_scatter.h>
/* clang-format off */
COLLALG_TUNED_SCAN(collalg_tuned_scan,
    COLLALG_RULE(0, 256, recursive_doubling)
    COLLALG_RULE(256, 8192, binary_tree)
    COLLALG_RULE(8192, COLLALG_INF, linear, 4096))
/* clang-format on */
#define COLLALG_TUNED_SCAN_BOUNDS 0, 256, 8192
/* clang-format off */
COLLALG_TUNED_EXSCAN(collalg_tuned_exscan,
    COLLALG_RULE(0, 1024, binary_tree)
    COLLALG_RULE(1024, COLLALG_INF, linear, 0))
/* clang-format on */
#define COLLALG_TUNED_EXSCAN_BOUNDS 0, 1024
/* clang-format off */
COLLALG_TUNED_REDUCE_SCATTER_BLOCK(collalg_tuned_reduce_scatter_block,
    COLLALG_RULE(0, 512, recursive_doubling)
    COLLALG_RULE(512, COLLALG_INF, ring)
    COLLALG_RULE(512, COLLALG_INF, reduce_scatterv))
/* clang-format on */
#define COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS 0, 512
/* clang-format off */
COLLALG_TUNED_REDUCE_SCATTER(collalg_tuned_reduce_scatter,
    COLLALG_RULE(0, 2048, recursive_halving)
    COLLALG_RULE(0, 2048, recursive_doubling)
    COLLALG_RULE(2048, COLLALG_INF, pairwise))
/* clang-format on */
#define COLLALG_TUNED_REDUCE_SCATTER_BOUNDS 0, 2048
#include <collalg/nonblocking.h>
/* clang-format off */
COLLALG_TUNED_IALLREDUCE(collalg_tuned_iallreduce,
    COLLALG_RULE(0, 2048, recursive_doubling)
    COLLALG_RULE(2048, COLLALG_INF, rabenseifner))
/* clang-format on */
#define COLLALG_TUNED_IALLREDUCE_BOUNDS 0, 2048
/* clang-format off */
COLLALG_TUNED_IALLTOALL(collalg_tuned_ialltoall,
    COLLALG_RULE(0, 256, bruck)
    COLLALG_RULE(256, COLLALG_INF, pair))
/* clang-format on */
#define COLLALG_TUNED_IALLTOALL_BOUNDS 0, 256
/* clang-format off */
COLLALG_TUNED_IGATHERV(collalg_tuned_igatherv,
    COLLALG_RULE(0, COLLALG_INF, linear))
/* clang-format on */
#define COLLALG_TUNED_IGATHERV_BOUNDS 0
/* clang-format off */
COLLALG_TUNED_IBARRIER(collalg_tuned_ibarrier,
    COLLALG_RULE(0, COLLALG_INF, k_dissemination, 3))
/* clang-format on */
#define COLLALG_TUNED_IBARRIER_BOUNDS 0
/** @endcond */
#endif

/** @brief Largest buffer (bytes per process) a case may use; bigger sizes are skipped. */
#define TC_MAX_BUFFER (16L * 1024 * 1024)

/** @brief Verdicts of this process. */
typedef struct tc_state {
    MPI_Comm comm;   /**< the communicator checked: the first p ranks of MPI_COMM_WORLD */
    int rank;        /**< rank in comm */
    int p;           /**< size of comm */
    int verbose;     /**< -v: print every case */
    long passed;     /**< cases passed (agreed over ranks) */
    long failed;     /**< cases failed */
    int nb;          /**< 1: the checks run the nonblocking routines (TC_CALL) */
    MPI_Request req; /**< the request of the nonblocking routine running */
} tc_state;

/** @brief Fills @p n bytes with a pattern of (@p seed, position). */
static void tc_fill(unsigned char *b, long n, unsigned seed)
{
    long i;
    unsigned s = seed * 2654435761u + 12345u;
    for (i = 0; i < n; i++) {
        s = s * 1103515245u + 12345u;
        b[i] = (unsigned char)(s >> 16);
    }
}

/** @brief Records one case (agreed over the ranks: it passes when it passed everywhere). */
static void tc_record(tc_state *st, const char *coll, long bytes, const char *mode, int ok, int err)
{
    int all = ok;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, st->comm);
    if (all)
        st->passed++;
    else
        st->failed++;
    if (st->rank == 0 && (!all || st->verbose))
        printf("%s %s%s %ld B p=%d%s -> %s (err %d)\n", all ? "ok  " : "FAIL", st->nb ? "i" : "", coll, bytes, st->p,
               mode, tc_last, err);
}

/** @brief Completes request @p req of a start that returned @p err, with any MPI: collalg_progress()
 *         and MPI_Test in a loop (core/nbc.h). @return @p err, or the completion's error. */
static int tc_wait(int err, MPI_Request *req)
{
    int done = 0;
    while (err == MPI_SUCCESS && !done) {
        collalg_progress();
        err = MPI_Test(req, &done, MPI_STATUS_IGNORE);
    }
    return err;
}

/** @cond TC_CALLS */
/* The routine a check runs, with the MPI arguments given (the checker's tc_state *st in scope):
 * the tuned blocking routine collalg_tuned_<coll>, or when st->nb the tuned nonblocking one
 * collalg_tuned_i<coll>, started and completed by tc_wait(). TC_I<COLL> is the latter when the
 * header has it (COLLALG_TUNED_I<COLL>_BOUNDS), else MPI_ERR_INTERN through tc_wait(), which
 * then always has a caller (st->nb is never set for it: tc_all()). */
#define TC_CALL(coll, COLL, ...) (st->nb ? TC_I##COLL(__VA_ARGS__) : collalg_tuned_##coll(__VA_ARGS__))
#define TC_NB(icoll, ...) tc_wait(collalg_tuned_##icoll(__VA_ARGS__, &st->req), &st->req)
#ifdef COLLALG_TUNED_IALLTOALL_BOUNDS
#define TC_IALLTOALL(...) TC_NB(ialltoall, __VA_ARGS__)
#else
#define TC_IALLTOALL(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IALLGATHER_BOUNDS
#define TC_IALLGATHER(...) TC_NB(iallgather, __VA_ARGS__)
#else
#define TC_IALLGATHER(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IALLREDUCE_BOUNDS
#define TC_IALLREDUCE(...) TC_NB(iallreduce, __VA_ARGS__)
#else
#define TC_IALLREDUCE(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IBCAST_BOUNDS
#define TC_IBCAST(...) TC_NB(ibcast, __VA_ARGS__)
#else
#define TC_IBCAST(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IALLTOALLV_BOUNDS
#define TC_IALLTOALLV(...) TC_NB(ialltoallv, __VA_ARGS__)
#else
#define TC_IALLTOALLV(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IALLGATHERV_BOUNDS
#define TC_IALLGATHERV(...) TC_NB(iallgatherv, __VA_ARGS__)
#else
#define TC_IALLGATHERV(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IBARRIER_BOUNDS
#define TC_IBARRIER(...) TC_NB(ibarrier, __VA_ARGS__)
#else
#define TC_IBARRIER(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IGATHER_BOUNDS
#define TC_IGATHER(...) TC_NB(igather, __VA_ARGS__)
#else
#define TC_IGATHER(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_ISCATTER_BOUNDS
#define TC_ISCATTER(...) TC_NB(iscatter, __VA_ARGS__)
#else
#define TC_ISCATTER(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IGATHERV_BOUNDS
#define TC_IGATHERV(...) TC_NB(igatherv, __VA_ARGS__)
#else
#define TC_IGATHERV(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_ISCATTERV_BOUNDS
#define TC_ISCATTERV(...) TC_NB(iscatterv, __VA_ARGS__)
#else
#define TC_ISCATTERV(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IALLTOALLW_BOUNDS
#define TC_IALLTOALLW(...) TC_NB(ialltoallw, __VA_ARGS__)
#else
#define TC_IALLTOALLW(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IREDUCE_BOUNDS
#define TC_IREDUCE(...) TC_NB(ireduce, __VA_ARGS__)
#else
#define TC_IREDUCE(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_ISCAN_BOUNDS
#define TC_ISCAN(...) TC_NB(iscan, __VA_ARGS__)
#else
#define TC_ISCAN(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IEXSCAN_BOUNDS
#define TC_IEXSCAN(...) TC_NB(iexscan, __VA_ARGS__)
#else
#define TC_IEXSCAN(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IREDUCE_SCATTER_BLOCK_BOUNDS
#define TC_IREDUCE_SCATTER_BLOCK(...) TC_NB(ireduce_scatter_block, __VA_ARGS__)
#else
#define TC_IREDUCE_SCATTER_BLOCK(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
#ifdef COLLALG_TUNED_IREDUCE_SCATTER_BOUNDS
#define TC_IREDUCE_SCATTER(...) TC_NB(ireduce_scatter, __VA_ARGS__)
#else
#define TC_IREDUCE_SCATTER(...) tc_wait(MPI_ERR_INTERN, &st->req)
#endif
/** @endcond */

/** @brief Alltoall of @p n bytes per pair, normal and in place. */
static void tc_alltoall(tc_state *st, long n)
{
    long total = n * st->p + 1;
    unsigned char *s = (unsigned char *)malloc((size_t)total), *r1 = (unsigned char *)malloc((size_t)total),
                  *r2 = (unsigned char *)malloc((size_t)total);
    int err, ok;
    tc_fill(s, total, (unsigned)st->rank);
    memset(r1, 1, (size_t)total);
    memset(r2, 1, (size_t)total);
    MPI_Alltoall(s, (int)n, MPI_BYTE, r1, (int)n, MPI_BYTE, st->comm);
    err = TC_CALL(alltoall, ALLTOALL, s, (int)n, MPI_BYTE, r2, (int)n, MPI_BYTE, st->comm);
    tc_record(st, "alltoall", n, "", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)total), err);
    memcpy(r2, s, (size_t)total);
    err = TC_CALL(alltoall, ALLTOALL, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r2, (int)n, MPI_BYTE, st->comm);
    ok = err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)(n * st->p));
    tc_record(st, "alltoall", n, " in place", ok, err);
    free(s), free(r1), free(r2);
}

/** @brief Allgather of @p n bytes per process, normal and in place. */
static void tc_allgather(tc_state *st, long n)
{
    long total = n * st->p + 1;
    unsigned char *s = (unsigned char *)malloc((size_t)n + 1), *r1 = (unsigned char *)malloc((size_t)total),
                  *r2 = (unsigned char *)malloc((size_t)total);
    int err;
    tc_fill(s, n + 1, (unsigned)st->rank + 7u);
    memset(r1, 1, (size_t)total);
    memset(r2, 1, (size_t)total);
    MPI_Allgather(s, (int)n, MPI_BYTE, r1, (int)n, MPI_BYTE, st->comm);
    err = TC_CALL(allgather, ALLGATHER, s, (int)n, MPI_BYTE, r2, (int)n, MPI_BYTE, st->comm);
    tc_record(st, "allgather", n, "", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)total), err);
    memset(r2, 1, (size_t)total);
    if (n > 0)
        memcpy(r2 + (long)st->rank * n, s, (size_t)n);
    err = TC_CALL(allgather, ALLGATHER, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r2, (int)n, MPI_BYTE, st->comm);
    tc_record(st, "allgather", n, " in place", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)total), err);
    free(s), free(r1), free(r2);
}

/** @brief Allreduce (MPI_INT, MPI_SUM) of @p n bytes rounded down to whole ints, normal and in
 *         place, against MPI_Allreduce. */
static void tc_allreduce(tc_state *st, long n)
{
    int count = (int)(n / 4), i, err;
    int *s = (int *)malloc(4 * (size_t)count + 4), *r1 = (int *)malloc(4 * (size_t)count + 4),
        *r2 = (int *)malloc(4 * (size_t)count + 4);
    for (i = 0; i <= count; i++)
        s[i] = (st->rank + 1) * 1000 + i % 977, r1[i] = r2[i] = -5;
    MPI_Allreduce(s, r1, count, MPI_INT, MPI_SUM, st->comm);
    err = TC_CALL(allreduce, ALLREDUCE, s, r2, count, MPI_INT, MPI_SUM, st->comm);
    tc_record(st, "allreduce", 4L * count, "", err == MPI_SUCCESS && !memcmp(r1, r2, 4 * (size_t)count + 4), err);
    memcpy(r2, s, 4 * (size_t)count);
    err = TC_CALL(allreduce, ALLREDUCE, MPI_IN_PLACE, r2, count, MPI_INT, MPI_SUM, st->comm);
    tc_record(st, "allreduce", 4L * count, " in place", err == MPI_SUCCESS && !memcmp(r1, r2, 4 * (size_t)count), err);
    free(s), free(r1), free(r2);
}

/** @brief Bcast of @p n bytes from root 0 and from the last rank, against MPI_Bcast. */
static void tc_bcast(tc_state *st, long n)
{
    unsigned char *b1 = (unsigned char *)malloc((size_t)n + 1), *b2 = (unsigned char *)malloc((size_t)n + 1);
    int root, err;
    char mode[32];
    for (root = 0; root<st->p; root += st->p - 1> 0 ? st->p - 1 : 1) {
        tc_fill(b1, n + 1, st->rank == root ? 99u : (unsigned)st->rank);
        memcpy(b2, b1, (size_t)n + 1);
        MPI_Bcast(b1, (int)n, MPI_BYTE, root, st->comm);
        err = TC_CALL(bcast, BCAST, b2, (int)n, MPI_BYTE, root, st->comm);
        snprintf(mode, sizeof mode, " root %d", root);
        tc_record(st, "bcast", n, mode, err == MPI_SUCCESS && !memcmp(b1, b2, (size_t)n + 1), err);
        if (st->p == 1)
            break;
    }
    free(b1), free(b2);
}

#ifdef COLLALG_TUNED_GATHER_BOUNDS
/** @brief The roots a rooted case runs from: 0 and the last rank (one root when p = 1). */
#define TC_FOR_ROOTS(st, root) for (root = 0; root<(st)->p; root += (st)->p - 1> 0 ? (st)->p - 1 : (st)->p)

/** @brief Gather of @p n bytes per process from each root, out of place and in place at the root. */
static void tc_gather(tc_state *st, long n)
{
    long total = n * st->p + 1;
    unsigned char *s = (unsigned char *)malloc((size_t)n + 1), *r1 = (unsigned char *)malloc((size_t)total),
                  *r2 = (unsigned char *)malloc((size_t)total);
    int root, err, inplace;
    char mode[48];
    tc_fill(s, n + 1, (unsigned)st->rank + 21u);
    TC_FOR_ROOTS(st, root)
    for (inplace = 0; inplace < 2; inplace++) {
        int here = inplace && st->rank == root;
        memset(r1, 1, (size_t)total);
        memset(r2, 1, (size_t)total);
        MPI_Gather(s, (int)n, MPI_BYTE, r1, (int)n, MPI_BYTE, root, st->comm);
        if (here && n > 0)
            memcpy(r2 + (long)root * n, s, (size_t)n);
        err = TC_CALL(gather, GATHER, here ? MPI_IN_PLACE : s, here ? 0 : (int)n, here ? MPI_DATATYPE_NULL : MPI_BYTE,
                      r2, (int)n, MPI_BYTE, root, st->comm);
        snprintf(mode, sizeof mode, " root %d%s", root, inplace ? " in place" : "");
        tc_record(st, "gather", n, mode, err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)total), err);
    }
    free(s), free(r1), free(r2);
}

/** @brief Scatter of @p n bytes per process from each root, out of place and in place at the root. */
static void tc_scatter(tc_state *st, long n)
{
    long total = n * st->p + 1;
    unsigned char *s = (unsigned char *)malloc((size_t)total), *s2 = (unsigned char *)malloc((size_t)total),
                  *r1 = (unsigned char *)malloc((size_t)n + 1), *r2 = (unsigned char *)malloc((size_t)n + 1);
    int root, err, inplace, ok;
    char mode[48];
    tc_fill(s, total, (unsigned)st->rank + 31u);
    TC_FOR_ROOTS(st, root)
    for (inplace = 0; inplace < 2; inplace++) {
        int here = inplace && st->rank == root;
        memset(r1, 1, (size_t)n + 1);
        memset(r2, 1, (size_t)n + 1);
        memcpy(s2, s, (size_t)total);
        MPI_Scatter(s, (int)n, MPI_BYTE, r1, (int)n, MPI_BYTE, root, st->comm);
        err = TC_CALL(scatter, SCATTER, s2, (int)n, MPI_BYTE, here ? MPI_IN_PLACE : r2, here ? 0 : (int)n,
                      here ? MPI_DATATYPE_NULL : MPI_BYTE, root, st->comm);
        ok = err == MPI_SUCCESS && !memcmp(s, s2, (size_t)total);
        ok = ok && (here ? !memcmp(s + (long)root * n, r1, (size_t)n) : !memcmp(r1, r2, (size_t)n + 1));
        snprintf(mode, sizeof mode, " root %d%s", root, inplace ? " in place" : "");
        tc_record(st, "scatter", n, mode, ok, err);
    }
    free(s), free(s2), free(r1), free(r2);
}
#endif

#ifdef COLLALG_TUNED_REDUCE_BOUNDS
/** @brief Reduce (MPI_INT, MPI_SUM) of @p n bytes rounded down to whole ints to root 0 and the
 *         last rank, out of place, and in place at root 0 (MPICH 4.0.2's own MPI_Reduce, which
 *         the tuned routine runs outside its rules, crashes in place at another root from 2 KiB
 *         on); every rank compares its whole receive allocation (untouched but at the root). */
static void tc_reduce(tc_state *st, long n)
{
    int count = (int)(n / 4), i, err, root, inplace;
    int *s = (int *)malloc(4 * (size_t)count + 4), *r1 = (int *)malloc(4 * (size_t)count + 4),
        *r2 = (int *)malloc(4 * (size_t)count + 4);
    char mode[48];
    for (root = 0; root<st->p; root += st->p - 1> 0 ? st->p - 1 : st->p)
        for (inplace = 0; inplace < 2; inplace++) {
            int here = inplace && st->rank == root;
            if (inplace && root != 0)
                continue; /* MPICH 4.0.2's MPI_Reduce (the native fallback) crashes there */
            for (i = 0; i <= count; i++)
                s[i] = (st->rank + 1) * 1000 + i % 977, r1[i] = r2[i] = -5;
            MPI_Reduce(s, r1, count, MPI_INT, MPI_SUM, root, st->comm);
            if (here)
                memcpy(r2, s, 4 * (size_t)count);
            err = TC_CALL(reduce, REDUCE, here ? MPI_IN_PLACE : s, r2, count, MPI_INT, MPI_SUM, root, st->comm);
            snprintf(mode, sizeof mode, " root %d%s", root, inplace ? " in place" : "");
            tc_record(st, "reduce", 4L * count, mode, err == MPI_SUCCESS && !memcmp(r1, r2, 4 * (size_t)count + 4),
                      err);
        }
    free(s), free(r1), free(r2);
}
#endif

#ifdef COLLALG_TUNED_SCAN_BOUNDS
/** @brief Fills the send vector @p s (@p n ints and a guard) of this rank and sets @p r1, @p r2 to -5. */
static void tc_fill_ints(const tc_state *st, int *s, int *r1, int *r2, long n)
{
    long i;
    for (i = 0; i <= n; i++)
        s[i] = (st->rank + 1) * 1000 + (int)(i % 977), r1[i] = r2[i] = -5;
}

/** @brief Scan (@p exclusive 0) or exscan (1) of @p n bytes rounded down to whole ints, out of place
 *         and in place; rank 0 of exscan compares its guard only (its buffer is undefined). */
static void tc_scans(tc_state *st, long n, int exclusive)
{
    int count = (int)(n / 4), err, inplace;
    int *s = (int *)malloc(4 * (size_t)count + 4), *r1 = (int *)malloc(4 * (size_t)count + 4),
        *r2 = (int *)malloc(4 * (size_t)count + 4);
    const char *name = exclusive ? "exscan" : "scan";
    for (inplace = 0; inplace < 2; inplace++) {
        size_t cmp = exclusive && st->rank == 0 ? 0 : 4 * (size_t)count;
        tc_fill_ints(st, s, r1, r2, count);
        if (exclusive)
            MPI_Exscan(s, r1, count, MPI_INT, MPI_SUM, st->comm);
        else
            MPI_Scan(s, r1, count, MPI_INT, MPI_SUM, st->comm);
        if (inplace)
            memcpy(r2, s, 4 * (size_t)count);
        if (exclusive)
            err = TC_CALL(exscan, EXSCAN, inplace ? MPI_IN_PLACE : s, r2, count, MPI_INT, MPI_SUM, st->comm);
        else
            err = TC_CALL(scan, SCAN, inplace ? MPI_IN_PLACE : s, r2, count, MPI_INT, MPI_SUM, st->comm);
        tc_record(st, name, 4L * count, inplace ? " in place" : "",
                  err == MPI_SUCCESS && !memcmp(r1, r2, cmp) && r2[count] == -5, err);
    }
    free(s), free(r1), free(r2);
}

/** @brief Scan of @p n bytes (tc_scans). */
static void tc_scan(tc_state *st, long n)
{
    tc_scans(st, n, 0);
}

/** @brief Exscan of @p n bytes (tc_scans). */
static void tc_exscan(tc_state *st, long n)
{
    tc_scans(st, n, 1);
}

/** @brief Reduce_scatter_block of @p n bytes rounded down to one int per rank (recvcount = n / 4 p),
 *         out of place and in place (the whole vector in the receive buffer). */
static void tc_reduce_scatter_block(tc_state *st, long n)
{
    int rc = (int)(n / 4 / st->p), total = rc * st->p, err, inplace;
    int *s = (int *)malloc(4 * (size_t)total + 4), *r1 = (int *)malloc(4 * (size_t)total + 4),
        *r2 = (int *)malloc(4 * (size_t)total + 4);
    for (inplace = 0; inplace < 2; inplace++) {
        tc_fill_ints(st, s, r1, r2, total);
        MPI_Reduce_scatter_block(s, r1, rc, MPI_INT, MPI_SUM, st->comm);
        if (inplace)
            memcpy(r2, s, 4 * (size_t)total);
        err = TC_CALL(reduce_scatter_block, REDUCE_SCATTER_BLOCK, inplace ? MPI_IN_PLACE : s, r2, rc, MPI_INT, MPI_SUM,
                      st->comm);
        /* out of place the whole allocation; in place the block and the guard (the rest of the
         * vector is the algorithm's to use) */
        tc_record(st, "reduce_scatter_block", 4L * total, inplace ? " in place" : "",
                  err == MPI_SUCCESS && !memcmp(r1, r2, 4 * (size_t)(inplace ? rc : total + 1)) && r2[total] == -5,
                  err);
    }
    free(s), free(r1), free(r2);
}

/** @brief Reduce_scatter of @p n bytes rounded down to whole ints, uneven counts (rank 0's block
 *         the largest, the last rank's empty for p > 1), out of place and in place. */
static void tc_reduce_scatter(tc_state *st, long n)
{
    int total = (int)(n / 4), p = st->p, j, left, err, inplace;
    int *c = (int *)malloc((size_t)p * sizeof(int)), *s = (int *)malloc(4 * (size_t)total + 4),
        *r1 = (int *)malloc(4 * (size_t)total + 4), *r2 = (int *)malloc(4 * (size_t)total + 4);
    for (j = 0, left = total; j < p; j++) { /* half of what is left; p - 2 the rest; p - 1 none */
        c[j] = j == p - 1 && p > 1 ? 0 : j >= p - 2 ? left : left - left / 2;
        left -= c[j];
    }
    for (inplace = 0; inplace < 2; inplace++) {
        tc_fill_ints(st, s, r1, r2, total);
        MPI_Reduce_scatter(s, r1, c, MPI_INT, MPI_SUM, st->comm);
        if (inplace)
            memcpy(r2, s, 4 * (size_t)total);
        err = TC_CALL(reduce_scatter, REDUCE_SCATTER, inplace ? MPI_IN_PLACE : s, r2, c, MPI_INT, MPI_SUM, st->comm);
        tc_record(st, "reduce_scatter", 4L * total, inplace ? " in place" : "",
                  err == MPI_SUCCESS && !memcmp(r1, r2, 4 * (size_t)(inplace ? c[st->rank] : total + 1)) &&
                      r2[total] == -5,
                  err);
    }
    free(c), free(s), free(r1), free(r2);
}
#endif

#ifdef COLLALG_TUNED_ALLTOALLV_BOUNDS
/**
 * @brief Counts of a skewed pattern of mean block @p n over @p cells blocks, cell @p k: n / 2 each,
 *        and the rest of n * cells spread over the @p heavy cells 0 .. heavy - 1.
 */
static int tc_skew(long n, long cells, long heavy, long k)
{
    long rest = (n - n / 2) * cells;
    return (int)(n / 2 + (k < heavy ? rest / heavy + (k < rest % heavy) : 0));
}

/** @brief Byte offsets of @p c[0..p) into @p d; @return their sum. */
static long tc_offsets(const int *c, int *d, int p)
{
    long o = 0;
    int j;
    for (j = 0; j < p; j++)
        d[j] = (int)o, o += c[j];
    return o;
}

/** @brief Alltoallv with mean block @p n bytes: rank 0's row carries most bytes; then uniform in place. */
static void tc_alltoallv(tc_state *st, long n)
{
    int p = st->p, j, err;
    int *v = (int *)malloc(4 * (size_t)p * sizeof(int)), *sc = v, *sd = v + p, *rc = v + 2 * p, *rd = v + 3 * p;
    long stot, rtot;
    unsigned char *s, *r1, *r2;
    for (j = 0; j < p; j++) {
        sc[j] = tc_skew(n, (long)p * p, p, st->rank == 0 ? j : p);
        rc[j] = tc_skew(n, (long)p * p, p, j == 0 ? st->rank : p);
    }
    stot = tc_offsets(sc, sd, p);
    rtot = tc_offsets(rc, rd, p);
    s = (unsigned char *)malloc((size_t)stot + 1);
    r1 = (unsigned char *)malloc((size_t)rtot + 1);
    r2 = (unsigned char *)malloc((size_t)rtot + 1);
    tc_fill(s, stot + 1, (unsigned)st->rank + 3u);
    memset(r1, 1, (size_t)rtot + 1);
    memset(r2, 1, (size_t)rtot + 1);
    MPI_Alltoallv(s, sc, sd, MPI_BYTE, r1, rc, rd, MPI_BYTE, st->comm);
    err = TC_CALL(alltoallv, ALLTOALLV, s, sc, sd, MPI_BYTE, r2, rc, rd, MPI_BYTE, st->comm);
    tc_record(st, "alltoallv", n, "", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)rtot + 1), err);
    free(s), free(r1), free(r2);
    for (j = 0; j < p; j++)
        rc[j] = (int)n;
    rtot = tc_offsets(rc, rd, p);
    r1 = (unsigned char *)malloc((size_t)rtot + 1);
    r2 = (unsigned char *)malloc((size_t)rtot + 1);
    tc_fill(r2, rtot + 1, (unsigned)st->rank + 5u);
    MPI_Alltoallv(r2, rc, rd, MPI_BYTE, r1, rc, rd, MPI_BYTE, st->comm);
    r1[rtot] = r2[rtot];
    err = TC_CALL(alltoallv, ALLTOALLV, MPI_IN_PLACE, rc, rd, MPI_BYTE, r2, rc, rd, MPI_BYTE, st->comm);
    tc_record(st, "alltoallv", n, " in place", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)rtot + 1), err);
    free(r1), free(r2), free(v);
}

/** @brief Allgatherv with mean block @p n bytes: rank 0's block carries most bytes; then in place. */
static void tc_allgatherv(tc_state *st, long n)
{
    int p = st->p, j, err;
    int *rc = (int *)malloc(2 * (size_t)p * sizeof(int)), *rd = rc + p;
    long tot;
    unsigned char *s, *r1, *r2;
    for (j = 0; j < p; j++)
        rc[j] = tc_skew(n, p, 1, j);
    tot = tc_offsets(rc, rd, p);
    s = (unsigned char *)malloc((size_t)rc[st->rank] + 1);
    r1 = (unsigned char *)malloc((size_t)tot + 1);
    r2 = (unsigned char *)malloc((size_t)tot + 1);
    tc_fill(s, rc[st->rank] + 1, (unsigned)st->rank + 11u);
    memset(r1, 1, (size_t)tot + 1);
    memset(r2, 1, (size_t)tot + 1);
    MPI_Allgatherv(s, rc[st->rank], MPI_BYTE, r1, rc, rd, MPI_BYTE, st->comm);
    err = TC_CALL(allgatherv, ALLGATHERV, s, rc[st->rank], MPI_BYTE, r2, rc, rd, MPI_BYTE, st->comm);
    tc_record(st, "allgatherv", n, "", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)tot + 1), err);
    memset(r2, 1, (size_t)tot + 1);
    memcpy(r2 + rd[st->rank], s, (size_t)rc[st->rank]);
    err = TC_CALL(allgatherv, ALLGATHERV, MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r2, rc, rd, MPI_BYTE, st->comm);
    tc_record(st, "allgatherv", n, " in place", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)tot + 1), err);
    free(s), free(r1), free(r2), free(rc);
}

/**
 * @brief A time stamp (s) that the ranks of one node can compare: MPI_Wtime, except under Open
 *        MPI, whose MPI_Wtime counts from each process's own start: there the node's monotonic
 *        clock (the tuner's checks run on one node).
 */
static double tc_now(void)
{
#ifdef OMPI_MAJOR_VERSION
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#else
    return MPI_Wtime();
#endif
}

/** @brief The tuned barrier, three times: success, and no rank leaves before the last one entered. */
static void tc_barrier(tc_state *st, long n)
{
    int k, err = MPI_SUCCESS;
    double in, out, t[2], m[2];
    for (k = 0; k < 3; k++) {
        in = tc_now();
        err = TC_CALL(barrier, BARRIER, st->comm);
        out = tc_now();
        t[0] = in, t[1] = -out;
        MPI_Allreduce(t, m, 2, MPI_DOUBLE, MPI_MAX, st->comm);
        tc_record(st, "barrier", n, "", err == MPI_SUCCESS && m[0] <= -m[1], err);
    }
}
#ifdef COLLALG_TUNED_GATHER_BOUNDS
/**
 * @brief The root's counts of a rooted v-collective of mean block @p n: tc_skew over p cells, the
 *        heavy one being the root's (@p heavy_root) or rank 0's; offsets with a one-byte gap after
 *        each block into @p d. @return the bytes the root's buffer spans.
 */
static long tc_root_counts(const tc_state *st, long n, int root, int heavy_root, int *c, int *d)
{
    long o = 0;
    int j;
    for (j = 0; j < st->p; j++) {
        int heavy = heavy_root ? (j - root + st->p) % st->p : j;
        c[j] = tc_skew(n, st->p, 1, heavy);
        d[j] = (int)o, o += c[j] + 1;
    }
    return o;
}

/** @brief Gatherv with the root's mean block @p n bytes from each root (the heavy block the root's
 *         own, then rank 0's), out of place and in place at the root. */
static void tc_gatherv(tc_state *st, long n)
{
    int p = st->p, root, err, inplace;
    int *c = (int *)malloc(2 * (size_t)p * sizeof(int)), *d = c + p;
    char mode[64];
    TC_FOR_ROOTS(st, root)
    for (inplace = 0; inplace < 2; inplace++) {
        int here = inplace && st->rank == root;
        long tot = tc_root_counts(st, n, root, inplace, c, d);
        unsigned char *s = (unsigned char *)malloc((size_t)c[st->rank] + 1),
                      *r1 = (unsigned char *)malloc((size_t)tot + 1), *r2 = (unsigned char *)malloc((size_t)tot + 1);
        tc_fill(s, c[st->rank] + 1, (unsigned)st->rank + 41u);
        memset(r1, 1, (size_t)tot + 1);
        memset(r2, 1, (size_t)tot + 1);
        MPI_Gatherv(s, c[st->rank], MPI_BYTE, r1, c, d, MPI_BYTE, root, st->comm);
        if (here)
            memcpy(r2 + d[root], s, (size_t)c[root]);
        err = TC_CALL(gatherv, GATHERV, here ? MPI_IN_PLACE : s, c[st->rank], MPI_BYTE, r2, c, d, MPI_BYTE, root,
                      st->comm);
        snprintf(mode, sizeof mode, " root %d%s", root, inplace ? " in place, heavy root" : "");
        tc_record(st, "gatherv", n, mode, err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)tot + 1), err);
        free(s), free(r1), free(r2);
    }
    free(c);
}

/** @brief Scatterv with the root's mean block @p n bytes from each root, out of place and in place
 *         at the root. */
static void tc_scatterv(tc_state *st, long n)
{
    int p = st->p, root, err, inplace, ok;
    int *c = (int *)malloc(2 * (size_t)p * sizeof(int)), *d = c + p;
    char mode[64];
    TC_FOR_ROOTS(st, root)
    for (inplace = 0; inplace < 2; inplace++) {
        int here = inplace && st->rank == root;
        long tot = tc_root_counts(st, n, root, inplace, c, d);
        unsigned char *s = (unsigned char *)malloc((size_t)tot + 1), *s2 = (unsigned char *)malloc((size_t)tot + 1),
                      *r1 = (unsigned char *)malloc((size_t)c[st->rank] + 1),
                      *r2 = (unsigned char *)malloc((size_t)c[st->rank] + 1);
        tc_fill(s, tot + 1, (unsigned)st->rank + 51u);
        memcpy(s2, s, (size_t)tot + 1);
        memset(r1, 1, (size_t)c[st->rank] + 1);
        memset(r2, 1, (size_t)c[st->rank] + 1);
        MPI_Scatterv(s, c, d, MPI_BYTE, r1, c[st->rank], MPI_BYTE, root, st->comm);
        err = TC_CALL(scatterv, SCATTERV, s2, c, d, MPI_BYTE, here ? MPI_IN_PLACE : r2, c[st->rank], MPI_BYTE, root,
                      st->comm);
        ok = err == MPI_SUCCESS && !memcmp(s, s2, (size_t)tot + 1);
        ok = ok && (here ? !memcmp(s + d[root], r1, (size_t)c[root]) : !memcmp(r1, r2, (size_t)c[st->rank] + 1));
        snprintf(mode, sizeof mode, " root %d%s", root, inplace ? " in place, heavy root" : "");
        tc_record(st, "scatterv", n, mode, ok, err);
        free(s), free(s2), free(r1), free(r2);
    }
    free(c);
}

/** @brief Alltoallw (MPI_BYTE for every peer, byte displacements) with mean block @p n bytes: rank
 *         0's row carries most bytes; then uniform in place. */
static void tc_alltoallw(tc_state *st, long n)
{
    int p = st->p, j, err;
    int *v = (int *)malloc(4 * (size_t)p * sizeof(int)), *sc = v, *sd = v + p, *rc = v + 2 * p, *rd = v + 3 * p;
    MPI_Datatype *ty = (MPI_Datatype *)malloc((size_t)p * sizeof(MPI_Datatype));
    long stot, rtot;
    unsigned char *s, *r1, *r2;
    for (j = 0; j < p; j++) {
        sc[j] = tc_skew(n, (long)p * p, p, st->rank == 0 ? j : p);
        rc[j] = tc_skew(n, (long)p * p, p, j == 0 ? st->rank : p);
        ty[j] = MPI_BYTE;
    }
    stot = tc_offsets(sc, sd, p);
    rtot = tc_offsets(rc, rd, p);
    s = (unsigned char *)malloc((size_t)stot + 1);
    r1 = (unsigned char *)malloc((size_t)rtot + 1);
    r2 = (unsigned char *)malloc((size_t)rtot + 1);
    tc_fill(s, stot + 1, (unsigned)st->rank + 61u);
    memset(r1, 1, (size_t)rtot + 1);
    memset(r2, 1, (size_t)rtot + 1);
    MPI_Alltoallw(s, sc, sd, ty, r1, rc, rd, ty, st->comm);
    err = TC_CALL(alltoallw, ALLTOALLW, s, sc, sd, ty, r2, rc, rd, ty, st->comm);
    tc_record(st, "alltoallw", n, "", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)rtot + 1), err);
    free(s), free(r1), free(r2);
    for (j = 0; j < p; j++)
        rc[j] = (int)n;
    rtot = tc_offsets(rc, rd, p);
    r1 = (unsigned char *)malloc((size_t)rtot + 1);
    r2 = (unsigned char *)malloc((size_t)rtot + 1);
    tc_fill(r2, rtot + 1, (unsigned)st->rank + 71u);
    MPI_Alltoallw(r2, rc, rd, ty, r1, rc, rd, ty, st->comm);
    r1[rtot] = r2[rtot];
    err = TC_CALL(alltoallw, ALLTOALLW, MPI_IN_PLACE, rc, rd, ty, r2, rc, rd, ty, st->comm);
    tc_record(st, "alltoallw", n, " in place", err == MPI_SUCCESS && !memcmp(r1, r2, (size_t)rtot + 1), err);
    free(r1), free(r2), free(v), free(ty);
}
#endif
#endif

/** @brief Runs @p run at bound - 1, bound, bound + 1 of every bound in @p bounds, and 0 and 1. */
static void tc_sweep(tc_state *st, void (*run)(tc_state *, long), const long *bounds, int nb, long per_p)
{
    long sizes[3 * 64 + 2];
    int i, j, n = 0;
    sizes[n++] = 0;
    sizes[n++] = 1;
    for (i = 0; i < nb && n + 3 <= (int)(sizeof sizes / sizeof *sizes); i++)
        for (j = -1; j <= 1; j++)
            if (bounds[i] + j > 1)
                sizes[n++] = bounds[i] + j;
    for (i = 0; i < n; i++) {
        int dup = 0;
        for (j = 0; j < i; j++)
            dup |= sizes[j] == sizes[i];
        if (!dup && sizes[i] * per_p <= TC_MAX_BUFFER)
            run(st, sizes[i]);
    }
}

/** @cond TC_CALLS */
/* tc_sweep() of checker `run` (per process per byte `per_p`) over the bounds that follow, with
 * the nonblocking routines (st->nb). */
#define TC_NB_SWEEP(run, per_p, ...)                                 \
    do {                                                             \
        static const long b_[] = {__VA_ARGS__};                      \
        st->nb = 1;                                                  \
        tc_sweep(st, run, b_, (int)(sizeof b_ / sizeof *b_), per_p); \
        st->nb = 0;                                                  \
    } while (0)
/** @endcond */

/** @brief Every check of the file comment on st->comm. */
static void tc_all(tc_state *st)
{
    static const long a2a[] = {COLLALG_TUNED_ALLTOALL_BOUNDS}, ag[] = {COLLALG_TUNED_ALLGATHER_BOUNDS},
                      ar[] = {COLLALG_TUNED_ALLREDUCE_BOUNDS}, bc[] = {COLLALG_TUNED_BCAST_BOUNDS};
    tc_sweep(st, tc_alltoall, a2a, (int)(sizeof a2a / sizeof *a2a), st->p);
    tc_sweep(st, tc_allgather, ag, (int)(sizeof ag / sizeof *ag), st->p);
    tc_sweep(st, tc_allreduce, ar, (int)(sizeof ar / sizeof *ar), 1);
    tc_sweep(st, tc_bcast, bc, (int)(sizeof bc / sizeof *bc), 1);
#ifdef COLLALG_TUNED_ALLTOALLV_BOUNDS
    {
        static const long a2av[] = {COLLALG_TUNED_ALLTOALLV_BOUNDS}, agv[] = {COLLALG_TUNED_ALLGATHERV_BOUNDS};
        tc_sweep(st, tc_alltoallv, a2av, (int)(sizeof a2av / sizeof *a2av), 2L * st->p * st->p);
        tc_sweep(st, tc_allgatherv, agv, (int)(sizeof agv / sizeof *agv), st->p);
        tc_barrier(st, 0);
    }
#endif
#if defined(COLLALG_TUNED_ALLTOALLV_BOUNDS) && defined(COLLALG_TUNED_GATHER_BOUNDS)
    {
        static const long ga[] = {COLLALG_TUNED_GATHER_BOUNDS}, sc[] = {COLLALG_TUNED_SCATTER_BOUNDS},
                          gav[] = {COLLALG_TUNED_GATHERV_BOUNDS}, scv[] = {COLLALG_TUNED_SCATTERV_BOUNDS},
                          a2aw[] = {COLLALG_TUNED_ALLTOALLW_BOUNDS};
        tc_sweep(st, tc_gather, ga, (int)(sizeof ga / sizeof *ga), st->p);
        tc_sweep(st, tc_scatter, sc, (int)(sizeof sc / sizeof *sc), st->p);
        tc_sweep(st, tc_gatherv, gav, (int)(sizeof gav / sizeof *gav), 2L * st->p);
        tc_sweep(st, tc_scatterv, scv, (int)(sizeof scv / sizeof *scv), 2L * st->p);
        tc_sweep(st, tc_alltoallw, a2aw, (int)(sizeof a2aw / sizeof *a2aw), 2L * st->p * st->p);
    }
#endif
#ifdef COLLALG_TUNED_REDUCE_BOUNDS
    {
        static const long red[] = {COLLALG_TUNED_REDUCE_BOUNDS};
        tc_sweep(st, tc_reduce, red, (int)(sizeof red / sizeof *red), 1);
    }
#endif
#ifdef COLLALG_TUNED_SCAN_BOUNDS
    {
        static const long scn[] = {COLLALG_TUNED_SCAN_BOUNDS}, exs[] = {COLLALG_TUNED_EXSCAN_BOUNDS},
                          rsb[] = {COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS},
                          rs[] = {COLLALG_TUNED_REDUCE_SCATTER_BOUNDS};
        tc_sweep(st, tc_scan, scn, (int)(sizeof scn / sizeof *scn), 1);
        tc_sweep(st, tc_exscan, exs, (int)(sizeof exs / sizeof *exs), 1);
        tc_sweep(st, tc_reduce_scatter_block, rsb, (int)(sizeof rsb / sizeof *rsb), 1);
        tc_sweep(st, tc_reduce_scatter, rs, (int)(sizeof rs / sizeof *rs), 1);
    }
#endif
    /* The nonblocking routines the header has, through the same checks (TC_CALL). */
#if defined(COLLALG_TUNED_IALLTOALL_BOUNDS)
    TC_NB_SWEEP(tc_alltoall, st->p, COLLALG_TUNED_IALLTOALL_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IALLGATHER_BOUNDS)
    TC_NB_SWEEP(tc_allgather, st->p, COLLALG_TUNED_IALLGATHER_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IALLREDUCE_BOUNDS)
    TC_NB_SWEEP(tc_allreduce, 1, COLLALG_TUNED_IALLREDUCE_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IBCAST_BOUNDS)
    TC_NB_SWEEP(tc_bcast, 1, COLLALG_TUNED_IBCAST_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IALLTOALLV_BOUNDS) && defined(COLLALG_TUNED_ALLTOALLV_BOUNDS)
    TC_NB_SWEEP(tc_alltoallv, 2L * st->p * st->p, COLLALG_TUNED_IALLTOALLV_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IALLGATHERV_BOUNDS) && defined(COLLALG_TUNED_ALLTOALLV_BOUNDS)
    TC_NB_SWEEP(tc_allgatherv, st->p, COLLALG_TUNED_IALLGATHERV_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IBARRIER_BOUNDS) && defined(COLLALG_TUNED_ALLTOALLV_BOUNDS)
    st->nb = 1;
    tc_barrier(st, 0);
    st->nb = 0;
#endif
#if defined(COLLALG_TUNED_IGATHER_BOUNDS) && defined(COLLALG_TUNED_GATHER_BOUNDS)
    TC_NB_SWEEP(tc_gather, st->p, COLLALG_TUNED_IGATHER_BOUNDS);
#endif
#if defined(COLLALG_TUNED_ISCATTER_BOUNDS) && defined(COLLALG_TUNED_GATHER_BOUNDS)
    TC_NB_SWEEP(tc_scatter, st->p, COLLALG_TUNED_ISCATTER_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IGATHERV_BOUNDS) && defined(COLLALG_TUNED_GATHER_BOUNDS)
    TC_NB_SWEEP(tc_gatherv, 2L * st->p, COLLALG_TUNED_IGATHERV_BOUNDS);
#endif
#if defined(COLLALG_TUNED_ISCATTERV_BOUNDS) && defined(COLLALG_TUNED_GATHER_BOUNDS)
    TC_NB_SWEEP(tc_scatterv, 2L * st->p, COLLALG_TUNED_ISCATTERV_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IALLTOALLW_BOUNDS) && defined(COLLALG_TUNED_GATHER_BOUNDS)
    TC_NB_SWEEP(tc_alltoallw, 2L * st->p * st->p, COLLALG_TUNED_IALLTOALLW_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IREDUCE_BOUNDS) && defined(COLLALG_TUNED_REDUCE_BOUNDS)
    TC_NB_SWEEP(tc_reduce, 1, COLLALG_TUNED_IREDUCE_BOUNDS);
#endif
#if defined(COLLALG_TUNED_ISCAN_BOUNDS) && defined(COLLALG_TUNED_SCAN_BOUNDS)
    TC_NB_SWEEP(tc_scan, 1, COLLALG_TUNED_ISCAN_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IEXSCAN_BOUNDS) && defined(COLLALG_TUNED_SCAN_BOUNDS)
    TC_NB_SWEEP(tc_exscan, 1, COLLALG_TUNED_IEXSCAN_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IREDUCE_SCATTER_BLOCK_BOUNDS) && defined(COLLALG_TUNED_SCAN_BOUNDS)
    TC_NB_SWEEP(tc_reduce_scatter_block, 1, COLLALG_TUNED_IREDUCE_SCATTER_BLOCK_BOUNDS);
#endif
#if defined(COLLALG_TUNED_IREDUCE_SCATTER_BOUNDS) && defined(COLLALG_TUNED_SCAN_BOUNDS)
    TC_NB_SWEEP(tc_reduce_scatter, 1, COLLALG_TUNED_IREDUCE_SCATTER_BOUNDS);
#endif
}

/** @brief Most communicator sizes one run checks. */
#define TC_MAX_SIZES 64

/**
 * @brief The communicator sizes to check, ascending and distinct, at most @p P: those of `-p LIST`
 *        (@p list, NULL: the default), else P itself, and with a multi-size header
 *        (COLLALG_TUNED_PROCS_RANGES) every tuned size and the first size of each range (1 and
 *        the sizes just past each boundary, served by the next tuned size's rules).
 * @return how many were written into @p q.
 */
static int tc_sizes(int P, const char *list, int *q)
{
    int n = 0, i, j, v;
    if (list) {
        char *end;
        while (*list && n < TC_MAX_SIZES) {
            v = (int)strtol(list, &end, 10);
            if (end == list)
                break;
            q[n++] = v;
            list = end;
            if (*list != ',')
                break;
            list++;
        }
    } else {
        q[n++] = P;
#ifdef COLLALG_TUNED_PROCS_RANGES
        {
            static const int ranges[] = {COLLALG_TUNED_PROCS_RANGES}, tuned[] = {COLLALG_TUNED_PROCS_LIST};
            for (i = 0; i < (int)(sizeof tuned / sizeof *tuned) && n + 2 <= TC_MAX_SIZES; i++) {
                q[n++] = tuned[i];
                q[n++] = ranges[2 * i];
            }
        }
#endif
    }
    for (i = 1; i < n; i++) /* insertion sort, then distinct values in 1 .. P */
        for (j = i; j > 0 && q[j - 1] > q[j]; j--)
            v = q[j], q[j] = q[j - 1], q[j - 1] = v;
    for (i = 0, j = 0; i < n; i++)
        if (q[i] >= 1 && q[i] <= P && (j == 0 || q[i] != q[j - 1]))
            q[j++] = q[i];
    return j;
}

/** @brief Checks the tuned routines (see the file comment). @return 0 when all passed. */
int main(int argc, char **argv)
{
    tc_state st;
    int i, wrank, P, nq, q[TC_MAX_SIZES];
    const char *list = NULL;
    MPI_Init(&argc, &argv);
    memset(&st, 0, sizeof st);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (i = 1; i < argc; i++) {
        st.verbose |= !strcmp(argv[i], "-v");
        if (!strcmp(argv[i], "-p") && i + 1 < argc)
            list = argv[++i];
    }
    nq = tc_sizes(P, list, q);
    for (i = 0; i < nq; i++) { /* the first q[i] ranks; the others wait in the barrier */
        MPI_Comm_split(MPI_COMM_WORLD, wrank < q[i] ? 0 : MPI_UNDEFINED, wrank, &st.comm);
        if (st.comm != MPI_COMM_NULL) {
            MPI_Comm_set_errhandler(st.comm, MPI_ERRORS_RETURN);
            MPI_Comm_rank(st.comm, &st.rank);
            MPI_Comm_size(st.comm, &st.p);
            tc_all(&st);
            MPI_Comm_free(&st.comm);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (wrank == 0) {
        printf("tuned_check p=%d (communicators of", P);
        for (i = 0; i < nq; i++)
            printf("%s %d", i ? "," : "", q[i]);
        printf(" processes): %ld passed, %ld failed\n", st.passed, st.failed);
    }
    MPI_Finalize();
    return st.failed != 0;
}
