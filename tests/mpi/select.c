/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * select.c - the selector (include/collalg/select.h): every tuned routine below must run the
 * algorithm its rules name for each message size (boundaries included) and communicator size,
 * fall back to the native collective where no rule matches, and give the native result.
 * The choice is observed through COLLALG_SELECT_HOOK (recorded per rank of MPI_COMM_WORLD).
 * For alltoallv, allgatherv and barrier every rank's choice is also gathered and compared: they
 * must agree, also when one rank's row of the alltoallv count matrix holds almost every byte and
 * the mean block (the size the rules compare) sits just below or at a threshold.
 *
 * Options: those of harness.h (-v), plus
 *   --expect-verbose L   check that the COLLALG_SELECT_VERBOSE switch reads L
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* clock_gettime (harness.h th_stamp) under -std=c99 */
#endif
#include <mpi.h>

#include "select_hook.h"

#include <stdio.h>
#include <collalg/collalg.h>
#include <collalg/alltoallv.h>
#include <collalg/allgatherv.h>
#include <collalg/barrier.h>
#include <collalg/select.h>
#include "catalogue.h"
#include "harness.h"

/* Figure 3(a) of Faraj & Yuan, ICS'05, verbatim. */
/* clang-format off */
COLLALG_TUNED_ALLTOALL(alltoall_tuned,
    COLLALG_RULE(1,     8718,        simple)
    COLLALG_RULE(8718,  31718,       pair_light_barrier)
    COLLALG_RULE(31718, 72032,       pair_n_mpi_barriers, 4)
    COLLALG_RULE(72032, COLLALG_INF, pair_mpi_barrier))
/* clang-format on */

/* Communicator-size ranges: p = 1, p in 2..3, p >= 4, then a rule for every p. */
/* clang-format off */
COLLALG_TUNED_ALLGATHER(allgather_tuned,
    COLLALG_RULE_P(1, 1, 0, COLLALG_INF, simple)
    COLLALG_RULE_P(2, 3, 0, 64, ring)
    COLLALG_RULE_P(2, 3, 64, COLLALG_INF, ring_n_mpi_barriers, 1)
    COLLALG_RULE_P(4, COLLALG_INF, 0, 100, bruck)
    COLLALG_RULE_P(4, COLLALG_INF, 100, 4096, pair_light_barrier)
    COLLALG_RULE(0, 1000000, recursive_doubling))
/* clang-format on */

/* A parameter that is a function (an inner algorithm) and one that is a null pointer. */
/* clang-format off */
COLLALG_TUNED_ALLREDUCE(allreduce_tuned,
    COLLALG_RULE(0, 16, reduce_bcast)
    COLLALG_RULE(16, 256, allgather_based, collalg_allgather_ring)
    COLLALG_RULE(256, 1024, allgather_based, NULL)
    COLLALG_RULE(1024, COLLALG_INF, recursive_doubling))
/* clang-format on */

/* Restrictions (restrictions.h): ring and topology_ring need a commutative op; each is followed
 * by its alternative (same range). A non-commutative op skips both and runs recursive doubling. */
/* clang-format off */
COLLALG_TUNED_ALLREDUCE(allreduce_alternatives,
    COLLALG_RULE(0, COLLALG_INF, ring)
    COLLALG_RULE(0, COLLALG_INF, topology_ring)
    COLLALG_RULE(0, COLLALG_INF, recursive_doubling))
/* clang-format on */

/* The shared-memory allreduce needs every rank on one node (COLLALG_R_ONE_NODE): it runs on one
 * node (MPICH here) and is skipped for the native collective across nodes (SimGrid's cluster, one
 * rank per host). */
/* clang-format off */
COLLALG_TUNED_ALLREDUCE(allreduce_shm_first,
    COLLALG_RULE(0, COLLALG_INF, shm))
/* clang-format on */

/* A restricted rule without an alternative: a non-commutative op goes native. */
/* clang-format off */
COLLALG_TUNED_ALLREDUCE(allreduce_ring_only,
    COLLALG_RULE(0, COLLALG_INF, ring))
/* clang-format on */

/* Gaps between the rules fall back to MPI_Bcast. */
/* clang-format off */
COLLALG_TUNED_BCAST(bcast_tuned,
    COLLALG_RULE(0, 10, linear)
    COLLALG_RULE(20, 1000, chain, 64)
    COLLALG_RULE(1000, COLLALG_INF, binomial))
/* clang-format on */

/* No rule at all: always native. */
/* clang-format off */
COLLALG_TUNED_BCAST(bcast_native_only, )
/* clang-format on */

/* The v-collectives: n is the mean block of the whole pattern (alltoallv: of the p x p matrix). */
/* clang-format off */
COLLALG_TUNED_ALLTOALLV(alltoallv_tuned,
    COLLALG_RULE(1, 64, simple)
    COLLALG_RULE(64, 1000, pair_light_barrier)
    COLLALG_RULE(1000, COLLALG_INF, ring_n_mpi_barriers, 0))
/* clang-format on */

/* For p <= 3 one rule from 0 up: the choice cannot depend on n, so no allreduce runs and n is
 * reported as 0; from p = 4 on the size decides again. */
/* clang-format off */
COLLALG_TUNED_ALLTOALLV(alltoallv_flat,
    COLLALG_RULE_P(1, 3, 0, COLLALG_INF, pair)
    COLLALG_RULE(0, 100, simple))
/* clang-format on */

/* clang-format off */
COLLALG_TUNED_ALLGATHERV(allgatherv_tuned,
    COLLALG_RULE_P(1, 1, 0, COLLALG_INF, simple)
    COLLALG_RULE(0, 100, bruck)
    COLLALG_RULE(100, 2000, ring_n_mpi_barriers, 0)
    COLLALG_RULE(2000, COLLALG_INF, recursive_doubling))
/* clang-format on */

/* The barrier: by process count only; p > 16 falls back to MPI_Barrier. */
/* clang-format off */
COLLALG_TUNED_BARRIER(barrier_tuned,
    COLLALG_RULE_P(1, 1, 0, COLLALG_INF, dissemination)
    COLLALG_RULE_P(2, 3, 0, COLLALG_INF, mcs, 2, 2)
    COLLALG_RULE_P(4, 8, 0, COLLALG_INF, js, 0)
    COLLALG_RULE_P(9, 16, 0, COLLALG_INF, light_weight))
/* clang-format on */

/* Checks that the last choice on this rank was `want` (routine:algorithm) for `bytes`, `procs`. */
/* Fills the buffers of one case, deterministic per rank. */
static void fill(char *buf, size_t n, int rank, int salt)
{
    th_fill(buf, n, (unsigned)(rank * 131 + salt));
}

/* The expected alltoall algorithm of Figure 3(a) for a block of n bytes. */
static const char *fig3a(long long n)
{
    if (n < 1)
        return "alltoall_tuned:native";
    if (n < 8718)
        return "alltoall_tuned:simple";
    if (n < 31718)
        return "alltoall_tuned:pair_light_barrier";
    if (n < 72032)
        return "alltoall_tuned:pair_n_mpi_barriers(4)";
    return "alltoall_tuned:pair_mpi_barrier";
}

static void test_alltoall(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int sizes[] = {0, 1, 2, 8717, 8718, 8719, 31717, 31718, 72031, 72032, 72033};
    int p, rank, i;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (i = 0; i < (int)(sizeof sizes / sizeof *sizes); i++) {
        int n = sizes[i], err, nerr;
        size_t bytes = (size_t)n * (size_t)p + 1;
        char *s = (char *)th_alloc(bytes), *r1 = (char *)th_alloc(bytes), *r2 = (char *)th_alloc(bytes);
        char what[160];
        fill(s, bytes, rank, n);
        memset(r1, 7, bytes);
        memset(r2, 7, bytes);
        nerr = MPI_Alltoall(s, n, MPI_BYTE, r1, n, MPI_BYTE, comm);
        err = alltoall_tuned(s, n, MPI_BYTE, r2, n, MPI_BYTE, comm);
        snprintf(what, sizeof what, "%s alltoall n=%d chose %s", cname, n, fig3a(n));
        th_expect(res, o, what, sel_was(fig3a(n), n, p));
        snprintf(what, sizeof what, "%s alltoall n=%d result", cname, n);
        if (err == MPI_ERR_ARG && n >= 31718 && n < 72032 && collalg__pair_nsteps(p) - 1 < 4)
            th_expect(res, o, what, 1); /* N = 4 is out of range at this p: the algorithm's error */
        else
            th_check(res, o, what, r2, r1, bytes);
        (void)nerr;
        free(s);
        free(r1);
        free(r2);
    }
}

static const char *allgather_expect(int p, long long n)
{
    if (p == 1)
        return "allgather_tuned:simple";
    if (p <= 3)
        return n < 64 ? "allgather_tuned:ring" : "allgather_tuned:ring_n_mpi_barriers(1)";
    if (n < 100)
        return "allgather_tuned:bruck";
    if (n < 4096)
        return "allgather_tuned:pair_light_barrier";
    return n < 1000000 ? "allgather_tuned:recursive_doubling" : "allgather_tuned:native";
}

static void test_allgather(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int counts[] = {0, 15, 16, 25, 1023, 1024, 249999, 250000};
    int p, rank, i;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (i = 0; i < (int)(sizeof counts / sizeof *counts); i++) {
        int c = counts[i], err;
        long long n = 4LL * c;
        size_t bytes = (size_t)n * (size_t)p + 1;
        char *s = (char *)th_alloc((size_t)n + 1), *r1 = (char *)th_alloc(bytes), *r2 = (char *)th_alloc(bytes);
        char what[160];
        if (p > 8 && c > 1024)
            c = 1024, n = 4096; /* keep SimGrid runs small */
        bytes = (size_t)n * (size_t)p + 1;
        fill(s, (size_t)n + 1, rank, c);
        memset(r1, 7, bytes);
        memset(r2, 7, bytes);
        MPI_Allgather(s, c, MPI_INT, r1, c, MPI_INT, comm);
        err = allgather_tuned(s, c, MPI_INT, r2, c, MPI_INT, comm);
        snprintf(what, sizeof what, "%s allgather n=%lld chose %s", cname, n, allgather_expect(p, n));
        th_expect(res, o, what, sel_was(allgather_expect(p, n), n, p));
        snprintf(what, sizeof what, "%s allgather n=%lld result (err %d)", cname, n, err);
        th_check(res, o, what, r2, r1, bytes);
        free(s);
        free(r1);
        free(r2);
    }
}

#define SEL_STR(x) SEL_STR_(x)
#define SEL_STR_(x) #x
static const char *allreduce_expect(long long n)
{
    if (n < 16)
        return "allreduce_tuned:reduce_bcast";
    if (n < 256)
        return "allreduce_tuned:allgather_based(collalg_allgather_ring)";
    if (n < 1024)
        return "allreduce_tuned:allgather_based(" SEL_STR(NULL) ")"; /* macros show expanded */
    return "allreduce_tuned:recursive_doubling";
}

static void test_allreduce(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int counts[] = {0, 1, 3, 4, 63, 64, 255, 256, 1000};
    int p, rank, i, j;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (i = 0; i < (int)(sizeof counts / sizeof *counts); i++) {
        int c = counts[i], err;
        long long n = 4LL * c;
        int *s = (int *)th_alloc(4 * (size_t)c + 4), *r1 = (int *)th_alloc(4 * (size_t)c + 4),
            *r2 = (int *)th_alloc(4 * (size_t)c + 4);
        char what[160];
        for (j = 0; j < c + 1; j++)
            s[j] = rank * 1000 + j, r1[j] = r2[j] = -1;
        MPI_Allreduce(s, r1, c, MPI_INT, MPI_SUM, comm);
        err = allreduce_tuned(s, r2, c, MPI_INT, MPI_SUM, comm);
        snprintf(what, sizeof what, "%s allreduce n=%lld chose %s", cname, n, allreduce_expect(n));
        th_expect(res, o, what, sel_was(allreduce_expect(n), n, p));
        snprintf(what, sizeof what, "%s allreduce n=%lld result (err %d)", cname, n, err);
        th_check(res, o, what, r2, r1, 4 * (size_t)c + 4);
        free(s);
        free(r1);
        free(r2);
    }
}

/* A non-commutative (and associative) operation: a op b = a, so the result is rank 0's vector. An
 * algorithm that reorders operands gives another rank's vector. */
static void sel_left(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int size = 0;
    MPI_Type_size(*type, &size);
    memcpy(inout, in, (size_t)*len * (size_t)size);
}

/* Runs `fn` with `op` on `c` ints and compares with MPI_Allreduce; checks the choice and the skips. */
static void sel_restricted(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname, collalg_allreduce_fn fn,
                           MPI_Op op, int c, const char *want, int skips, const char *skipped)
{
    int p, rank, j, err, r = sel_world_rank();
    int *s = (int *)th_alloc(4 * (size_t)c + 4), *r1 = (int *)th_alloc(4 * (size_t)c + 4),
        *r2 = (int *)th_alloc(4 * (size_t)c + 4);
    char what[200];
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (j = 0; j < c + 1; j++)
        s[j] = rank * 1000 + j + 1, r1[j] = r2[j] = -1;
    sel_skips[r] = 0;
    sel_skip[r][0] = 0;
    MPI_Allreduce(s, r1, c, MPI_INT, op, comm);
    err = fn(s, r2, c, MPI_INT, op, comm);
    snprintf(what, sizeof what, "%s restricted allreduce c=%d chose %s", cname, c, want);
    th_expect(res, o, what, sel_was(want, 4LL * c, p));
    snprintf(what, sizeof what, "%s restricted allreduce c=%d skipped %d rules, the last %s (recorded %d, %s)", cname,
             c, skips, skipped, sel_skips[r], sel_skip[r]);
    th_expect(res, o, what, sel_skips[r] == skips && strcmp(sel_skip[r], skipped) == 0);
    snprintf(what, sizeof what, "%s restricted allreduce c=%d result (err %d)", cname, c, err);
    th_check(res, o, what, r2, r1, 4 * (size_t)c + 4);
    free(s);
    free(r1);
    free(r2);
}

/* 1 when every rank of @p comm has the same processor name (one node), found independently of
 * machine/node.h. */
static int sel_on_one_node(MPI_Comm comm)
{
    char name[MPI_MAX_PROCESSOR_NAME], first[MPI_MAX_PROCESSOR_NAME];
    int len = 0, same, all = 0;
    memset(name, 0, sizeof name);
    MPI_Get_processor_name(name, &len);
    memcpy(first, name, sizeof name);
    MPI_Bcast(first, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, 0, comm);
    same = strcmp(first, name) == 0;
    MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_LAND, comm);
    return all;
}

/* COLLALG_R_ONE_NODE: the shm rule runs exactly when the communicator is on one node. */
static void sel_one_node(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    int one = sel_on_one_node(comm), c;
    for (c = 1; c <= 1000; c *= 10)
        sel_restricted(res, o, comm, cname, allreduce_shm_first, MPI_SUM, c,
                       one ? "allreduce_shm_first:shm" : "allreduce_shm_first:native", one ? 0 : 1,
                       one ? "" : "allreduce_shm_first:shm");
}

/* The selector honours restrictions.h: a commutative op runs the first rule, a non-commutative
 * one skips the rules whose algorithm needs commutativity (to the alternative, else native). */
static void test_restrictions(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int counts[] = {0, 1, 5, 1000};
    MPI_Op left;
    int i;
    MPI_Op_create(sel_left, 0, &left);
    for (i = 0; i < (int)(sizeof counts / sizeof *counts); i++) {
        int c = counts[i];
        sel_restricted(res, o, comm, cname, allreduce_alternatives, MPI_SUM, c, "allreduce_alternatives:ring", 0, "");
        sel_restricted(res, o, comm, cname, allreduce_alternatives, left, c,
                       "allreduce_alternatives:recursive_doubling", 2, "allreduce_alternatives:topology_ring");
        sel_restricted(res, o, comm, cname, allreduce_ring_only, MPI_SUM, c, "allreduce_ring_only:ring", 0, "");
        sel_restricted(res, o, comm, cname, allreduce_ring_only, left, c, "allreduce_ring_only:native", 1,
                       "allreduce_ring_only:ring");
    }
    MPI_Op_free(&left);
    sel_one_node(res, o, comm, cname);
}

/* The table agrees with the algorithms: with a non-commutative op, an allreduce returns
 * MPI_ERR_OP exactly when restrictions.h says COLLALG_R_COMMUTATIVE, and the right vector
 * otherwise. */
static void test_restriction_table(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    int k, j, rank, err, r;
    int s[8], want[8], got[8];
    MPI_Op left;
    MPI_Op_create(sel_left, 0, &left);
    MPI_Comm_rank(comm, &rank);
    TC_EACH (allreduce, k) {
        const char *name = strchr(tc_catalogue[k].name, ' ') + 1;
        char what[200];
        for (j = 0; j < 8; j++)
            s[j] = rank * 100 + j, want[j] = got[j] = -1;
        MPI_Allreduce(s, want, 7, MPI_INT, left, comm);
        err = TC_FN(allreduce, k)(s, got, 7, MPI_INT, left, comm);
        r = collalg_restrictions("allreduce", name);
        snprintf(what, sizeof what, "%s %s: table says %d, non-commutative op returns %d", cname, name, r, err);
        th_expect(res, o, what, r >= 0 && (err == MPI_ERR_OP) == ((r & COLLALG_R_COMMUTATIVE) != 0));
        if (err == MPI_SUCCESS) {
            snprintf(what, sizeof what, "%s %s non-commutative result", cname, name);
            th_check(res, o, what, got, want, sizeof got);
        }
    }
    MPI_Op_free(&left);
}

#ifndef SMPI_H /* SimGrid 3.32 lacks MPI_Intercomm_create */
/* An intercommunicator goes to the native collective, which serves it: alltoall and allreduce
 * between the even and the odd ranks of MPI_COMM_WORLD (p >= 2), results equal to native. */
static void test_intercomm(th_result *res, const th_opts *o)
{
    MPI_Comm half, inter;
    int p, rank, remote, c = 300, j, err;
    int *s, *r1, *r2;
    char what[160];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (p < 2)
        return;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, rank % 2 ? 0 : 1, 98, &inter);
    MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
    MPI_Comm_remote_size(inter, &remote);
    s = (int *)th_alloc(4 * (size_t)c * (size_t)remote);
    r1 = (int *)th_alloc(4 * (size_t)c * (size_t)remote);
    r2 = (int *)th_alloc(4 * (size_t)c * (size_t)remote);
    for (j = 0; j < c * remote; j++)
        s[j] = rank * 100000 + j, r1[j] = r2[j] = -1;
    MPI_Alltoall(s, c, MPI_INT, r1, c, MPI_INT, inter);
    err = alltoall_tuned(s, c, MPI_INT, r2, c, MPI_INT, inter);
    th_expect(res, o, "intercomm alltoall went native", sel_was("alltoall_tuned:native", -1, 0));
    snprintf(what, sizeof what, "intercomm alltoall result (err %d)", err);
    th_check(res, o, what, r2, r1, 4 * (size_t)c * (size_t)remote);
    MPI_Allreduce(s, r1, c, MPI_INT, MPI_SUM, inter);
    err = allreduce_tuned(s, r2, c, MPI_INT, MPI_SUM, inter);
    th_expect(res, o, "intercomm allreduce went native", sel_was("allreduce_tuned:native", -1, 0));
    snprintf(what, sizeof what, "intercomm allreduce result (err %d)", err);
    th_check(res, o, what, r2, r1, 4 * (size_t)c);
    free(s);
    free(r1);
    free(r2);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
}
#endif

static const char *bcast_expect(long long n)
{
    if (n < 10)
        return "bcast_tuned:linear";
    if (n < 20)
        return "bcast_tuned:native";
    return n < 1000 ? "bcast_tuned:chain(64)" : "bcast_tuned:binomial";
}

static void test_bcast(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const int sizes[] = {0, 9, 10, 19, 20, 999, 1000, 5000};
    int p, rank, i;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    for (i = 0; i < (int)(sizeof sizes / sizeof *sizes); i++) {
        int n = sizes[i], root = (i * 7) % p;
        char *b1 = (char *)th_alloc((size_t)n + 1), *b2 = (char *)th_alloc((size_t)n + 1);
        char what[160];
        fill(b1, (size_t)n + 1, rank == root ? 0 : rank + 1, n);
        memcpy(b2, b1, (size_t)n + 1);
        MPI_Bcast(b1, n, MPI_BYTE, root, comm);
        bcast_tuned(b2, n, MPI_BYTE, root, comm);
        snprintf(what, sizeof what, "%s bcast n=%d root=%d chose %s", cname, n, root, bcast_expect(n));
        th_expect(res, o, what, sel_was(bcast_expect(n), n, p));
        snprintf(what, sizeof what, "%s bcast n=%d result", cname, n);
        th_check(res, o, what, b2, b1, (size_t)n + 1);
        bcast_native_only(b2, n, MPI_BYTE, root, comm);
        snprintf(what, sizeof what, "%s bcast (no rules) n=%d is native", cname, n);
        /* without the trace a routine without rules measures nothing (n = -1, p = 0) */
        th_expect(res, o, what,
                  collalg__select_verbose() > 0 ? sel_was("bcast_native_only:native", n, p)
                                                : sel_was("bcast_native_only:native", -1, 0));
        free(b1);
        free(b2);
    }
}

static const char *alltoallv_expect(long long n)
{
    if (n < 1)
        return "alltoallv_tuned:native";
    if (n < 64)
        return "alltoallv_tuned:simple";
    return n < 1000 ? "alltoallv_tuned:pair_light_barrier" : "alltoallv_tuned:ring_n_mpi_barriers(0)";
}

/* Counts of rank `rank` in a p x p matrix of `total` bytes: uniform (every block total / p^2,
 * one more byte in the first total % p^2 blocks in row-major order), or skewed (every block 1
 * byte, or 0 when total < 2 p^2, and the rest in the one block rank 0 sends to rank 1 % p: row
 * 0 holds almost everything, and only rank 1 % p receives it, so the ranks' columns differ). */
static void a2av_counts(int p, int rank, long long total, int skewed, int *sc, int *rc)
{
    long long pp = (long long)p * p, t = skewed ? (total >= 2 * pp ? 1 : 0) : total / pp, rest = total - t * pp;
    int j;
    for (j = 0; j < p; j++) {
        sc[j] = (int)t + (!skewed && (long long)rank * p + j < rest);
        rc[j] = (int)t + (!skewed && (long long)j * p + rank < rest);
    }
    if (skewed && rank == 0)
        sc[1 % p] += (int)rest;
    if (skewed && rank == 1 % p)
        rc[0] += (int)rest;
}

static long a2av_displs(const int *c, int *d, int p)
{
    long o = 0;
    int j;
    for (j = 0; j < p; j++)
        d[j] = (int)o, o += c[j];
    return o;
}

/* One alltoallv case: `fn` (a tuned routine named `label`) on a matrix of `total` bytes
 * (a2av_counts) must choose `want` with mean block `n` on every rank, alike on all ranks, and give
 * MPI_Alltoallv's result. */
static void a2av_case(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname, collalg_alltoallv_fn fn,
                      const char *label, long long total, int skewed, const char *want, long long n)
{
    int p, rank, err;
    int *v, *sc, *sd, *rc, *rd;
    long sb, rb;
    char *s, *r1, *r2, what[200];
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    v = (int *)th_alloc(4 * (size_t)p * sizeof(int));
    sc = v, sd = v + p, rc = v + 2 * p, rd = v + 3 * p;
    a2av_counts(p, rank, total, skewed, sc, rc);
    sb = a2av_displs(sc, sd, p);
    rb = a2av_displs(rc, rd, p);
    s = (char *)th_alloc((size_t)sb + 1);
    r1 = (char *)th_alloc((size_t)rb + 1);
    r2 = (char *)th_alloc((size_t)rb + 1);
    fill(s, (size_t)sb + 1, rank, (int)total);
    memset(r1, 7, (size_t)rb + 1);
    memset(r2, 7, (size_t)rb + 1);
    MPI_Alltoallv(s, sc, sd, MPI_BYTE, r1, rc, rd, MPI_BYTE, comm);
    err = fn(s, sc, sd, MPI_BYTE, r2, rc, rd, MPI_BYTE, comm);
    snprintf(what, sizeof what, "%s %s %s total=%lld n=%lld chose %s", cname, label, skewed ? "skewed" : "uniform",
             total, n, want);
    th_expect(res, o, what, sel_was_keep(want, n, p));
    snprintf(what, sizeof what, "%s %s %s total=%lld: all ranks chose alike", cname, label,
             skewed ? "skewed" : "uniform", total);
    th_expect(res, o, what, sel_agree(comm));
    snprintf(what, sizeof what, "%s %s %s total=%lld result (err %d)", cname, label, skewed ? "skewed" : "uniform",
             total, err);
    th_check(res, o, what, r2, r1, (size_t)rb + 1);
    free(s);
    free(r1);
    free(r2);
    free(v);
}

/* Alltoallv at mean blocks straddling each threshold (n p^2 - 1, n p^2 and n p^2 + p^2 - 1 bytes
 * in all), uniform and skewed: every rank must choose the rule of the global mean, the same on
 * every rank, and the result must equal MPI_Alltoallv's. */
static void test_alltoallv(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    static const long long means[] = {0, 1, 63, 64, 999, 1000};
    int p, i, k, sk;
    MPI_Comm_size(comm, &p);
    for (i = 0; i < (int)(sizeof means / sizeof *means); i++)
        for (k = -1; k <= 1; k++)
            for (sk = 0; sk <= 1; sk++) {
                long long pp = (long long)p * p, total = means[i] * pp + (k < 0 ? -1 : k > 0 ? pp - 1 : 0);
                if (total >= 0)
                    a2av_case(res, o, comm, cname, alltoallv_tuned, "alltoallv", total, sk,
                              alltoallv_expect(total / pp), total / pp);
            }
}

/* alltoallv_flat at mean blocks 99 and 100, skewed: pair with n = 0 for p <= 3, else by n. */
static void test_alltoallv_flat(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    int p, i;
    MPI_Comm_size(comm, &p);
    for (i = 0; i < 2; i++) {
        long long n = p <= 3 ? 0 : 99 + i;
        const char *want = p <= 3 ? "alltoallv_flat:pair" : n < 100 ? "alltoallv_flat:simple" : "alltoallv_flat:native";
        a2av_case(res, o, comm, cname, alltoallv_flat, "alltoallv_flat", (99 + i) * (long long)p * p, 1, want, n);
    }
}

static const char *allgatherv_expect(int p, long long n)
{
    if (p == 1)
        return "allgatherv_tuned:simple";
    if (n < 100)
        return "allgatherv_tuned:bruck";
    return n < 2000 ? "allgatherv_tuned:ring_n_mpi_barriers(0)" : "allgatherv_tuned:recursive_doubling";
}

/* Allgatherv with uneven counts (ranks j >= 1 give j % 3 ints while the total allows, rank 0 the
 * rest) of total ints on either side of each threshold (ceil(B p / 4) - 1 and ceil(B p / 4):
 * n = 4 total / p is then just below and at B); MPI_INT, so n counts 4-byte elements. */
static void test_allgatherv(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    int p, rank, i, j, err;
    int *rc, *rd;
    long long totals[6];
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    totals[0] = 0, totals[1] = 1;
    totals[3] = (100LL * p + 3) / 4, totals[2] = totals[3] - 1;
    totals[5] = (2000LL * p + 3) / 4, totals[4] = totals[5] - 1;
    rc = (int *)th_alloc(2 * (size_t)p * sizeof(int));
    rd = rc + p;
    for (i = 0; i < 6; i++) {
        long long tot = totals[i], small = 0, n;
        char *s, *r1, *r2, what[200];
        for (j = 1; j < p; j++) {
            rc[j] = small + j % 3 <= tot ? j % 3 : 0;
            small += rc[j];
        }
        rc[0] = (int)(tot - small);
        a2av_displs(rc, rd, p);
        n = 4 * tot / p;
        s = (char *)th_alloc(4 * (size_t)rc[rank] + 4);
        r1 = (char *)th_alloc(4 * (size_t)tot + 4);
        r2 = (char *)th_alloc(4 * (size_t)tot + 4);
        fill(s, 4 * (size_t)rc[rank] + 4, rank, (int)tot);
        memset(r1, 7, 4 * (size_t)tot + 4);
        memset(r2, 7, 4 * (size_t)tot + 4);
        MPI_Allgatherv(s, rc[rank], MPI_INT, r1, rc, rd, MPI_INT, comm);
        err = allgatherv_tuned(s, rc[rank], MPI_INT, r2, rc, rd, MPI_INT, comm);
        snprintf(what, sizeof what, "%s allgatherv ints=%lld n=%lld chose %s", cname, tot, n, allgatherv_expect(p, n));
        th_expect(res, o, what, sel_was_keep(allgatherv_expect(p, n), n, p));
        snprintf(what, sizeof what, "%s allgatherv ints=%lld: all ranks chose alike", cname, tot);
        th_expect(res, o, what, sel_agree(comm));
        snprintf(what, sizeof what, "%s allgatherv ints=%lld result (err %d)", cname, tot, err);
        th_check(res, o, what, r2, r1, 4 * (size_t)tot + 4);
        free(s);
        free(r1);
        free(r2);
    }
    free(rc);
}

static const char *barrier_expect(int p)
{
    if (p == 1)
        return "barrier_tuned:dissemination";
    if (p <= 3)
        return "barrier_tuned:mcs(2, 2)";
    if (p <= 8)
        return "barrier_tuned:js(0)";
    return p <= 16 ? "barrier_tuned:light_weight" : "barrier_tuned:native";
}

/* The tuned barrier: the rule of this p on every rank, success, and no rank leaves before the
 * last one entered (MPI_Wtime stamps: max entry <= min exit; a causality check, not a timing). */
static void test_barrier(th_result *res, const th_opts *o, MPI_Comm comm, const char *cname)
{
    int p, err, k;
    double t[2], m[2];
    char what[160];
    MPI_Comm_size(comm, &p);
    for (k = 0; k < 3; k++) {
        t[0] = th_stamp();
        err = barrier_tuned(comm);
        t[1] = -th_stamp();
        MPI_Allreduce(t, m, 2, MPI_DOUBLE, MPI_MAX, comm);
        snprintf(what, sizeof what, "%s barrier #%d chose %s", cname, k, barrier_expect(p));
        th_expect(res, o, what, sel_was_keep(barrier_expect(p), 0, p));
        snprintf(what, sizeof what, "%s barrier #%d: all ranks chose alike", cname, k);
        th_expect(res, o, what, sel_agree(comm));
        snprintf(what, sizeof what, "%s barrier #%d returns MPI_SUCCESS (err %d) and holds until all entered", cname, k,
                 err);
        th_expect(res, o, what, err == MPI_SUCCESS && m[0] <= -m[1]);
    }
}

/* A derived datatype: the size compared is its size (bytes of data), not its extent. */
static void test_derived(th_result *res, const th_opts *o)
{
    MPI_Datatype vec;
    int p, rank, c = 3;
    int *s, *r1, *r2;
    size_t ints;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec); /* size 8 bytes, extent 12 */
    MPI_Type_commit(&vec);
    ints = (size_t)(3 * c * p + 4);
    s = (int *)th_alloc(4 * ints);
    r1 = (int *)th_alloc(4 * ints);
    r2 = (int *)th_alloc(4 * ints);
    fill((char *)s, 4 * ints, rank, 99);
    memset(r1, 0, 4 * ints);
    memset(r2, 0, 4 * ints);
    MPI_Allgather(s, c, vec, r1, c, vec, MPI_COMM_WORLD);
    allgather_tuned(s, c, vec, r2, c, vec, MPI_COMM_WORLD);
    th_expect(res, o, "allgather vector type: n = count * size", sel_was(allgather_expect(p, 8LL * c), 8LL * c, p));
    th_check(res, o, "allgather vector type result", r2, r1, 4 * ints);
    MPI_Type_free(&vec);
    free(s);
    free(r1);
    free(r2);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result res;
    MPI_Comm half;
    int rank, size, i, expect_verbose = -1;
    char name[64];

    /* harness.h helpers this program does not need */
    (void)th_want_algo, (void)th_want_type, (void)th_big_count, (void)th_bytes, (void)th_types_free,
        (void)th_types_init;
    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--expect-verbose"))
            expect_verbose = atoi(argv[i + 1]);
    memset(&res, 0, sizeof res);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    MPI_Comm_set_errhandler(half, MPI_ERRORS_RETURN);

    if (expect_verbose >= 0)
        th_expect(&res, &o, "COLLALG_SELECT_VERBOSE level", collalg__select_verbose() == expect_verbose);

    test_alltoall(&res, &o, MPI_COMM_WORLD, "world");
    test_alltoall(&res, &o, MPI_COMM_SELF, "self");
    test_allgather(&res, &o, MPI_COMM_WORLD, "world");
    test_allgather(&res, &o, MPI_COMM_SELF, "self");
    /* Both halves run the same sequence of cases (sizes differ by at most one). */
    snprintf(name, sizeof name, "half");
    test_allgather(&res, &o, half, name);
    test_allreduce(&res, &o, MPI_COMM_WORLD, "world");
    test_allreduce(&res, &o, half, name);
    test_restrictions(&res, &o, MPI_COMM_WORLD, "world");
    test_restrictions(&res, &o, half, name);
    test_restriction_table(&res, &o, MPI_COMM_WORLD, "world");
#ifndef SMPI_H
    test_intercomm(&res, &o);
#endif
    test_bcast(&res, &o, MPI_COMM_WORLD, "world");
    test_bcast(&res, &o, half, name);
    test_derived(&res, &o);
    test_alltoallv(&res, &o, MPI_COMM_WORLD, "world");
    test_alltoallv(&res, &o, MPI_COMM_SELF, "self");
    test_alltoallv(&res, &o, half, name);
    test_alltoallv_flat(&res, &o, MPI_COMM_WORLD, "world");
    test_alltoallv_flat(&res, &o, half, name);
    test_allgatherv(&res, &o, MPI_COMM_WORLD, "world");
    test_allgatherv(&res, &o, half, name);
    test_barrier(&res, &o, MPI_COMM_WORLD, "world");
    test_barrier(&res, &o, MPI_COMM_SELF, "self");
    test_barrier(&res, &o, half, name);

    MPI_Comm_free(&half);
    i = th_finish(&res, "select");
    MPI_Finalize();
    return i;
}
