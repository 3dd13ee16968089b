/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file select.h
 * @ingroup selector
 * @brief The selector: macros that turn a pasted list of size thresholds into a tuned collective
 *        (Faraj & Yuan, ICS'05, §3.4 and Figure 3(a)).
 *
 * @par Usage
 * Include the algorithms the rules name (or `<collalg/collalg.h>`), then this header, then define
 * the routine. Figure 3(a) of the paper, verbatim:
 * @code
 *   #include <collalg/collalg.h>
 *   #include <collalg/select.h>
 *
 *   COLLALG_TUNED_ALLTOALL(alltoall_tuned,
 *       COLLALG_RULE(1,     8718,        simple)
 *       COLLALG_RULE(8718,  31718,       pair_light_barrier)
 *       COLLALG_RULE(31718, 72032,       pair_n_mpi_barriers, 4)
 *       COLLALG_RULE(72032, COLLALG_INF, pair_mpi_barrier))
 *
 *   ... err = alltoall_tuned(sbuf, n, MPI_CHAR, rbuf, n, MPI_CHAR, comm);
 * @endcode
 * The macro defines `static inline int alltoall_tuned(...)` with exactly MPI_Alltoall's argument
 * list. `COLLALG_TUNED_ALLGATHER`, `COLLALG_TUNED_ALLREDUCE`, `COLLALG_TUNED_BCAST`,
 * `COLLALG_TUNED_ALLTOALLV`, `COLLALG_TUNED_ALLGATHERV`, `COLLALG_TUNED_BARRIER`,
 * `COLLALG_TUNED_REDUCE`, `COLLALG_TUNED_GATHER`, `COLLALG_TUNED_SCATTER`,
 * `COLLALG_TUNED_GATHERV`, `COLLALG_TUNED_SCATTERV`, `COLLALG_TUNED_ALLTOALLW`,
 * `COLLALG_TUNED_REDUCE_SCATTER_BLOCK`, `COLLALG_TUNED_REDUCE_SCATTER`, `COLLALG_TUNED_SCAN` and
 * `COLLALG_TUNED_EXSCAN` do the same for the other collectives, each with exactly its MPI function's argument list. A barrier has no
 * message, so its rules select by process count only:
 * @code
 *   COLLALG_TUNED_BARRIER(barrier_tuned,
 *       COLLALG_RULE_P(1, 16,          0, COLLALG_INF, dissemination)
 *       COLLALG_RULE_P(17, COLLALG_INF, 0, COLLALG_INF, mcs, 4, 2))
 * @endcode
 *
 * @par Rules
 * - `COLLALG_RULE(lo, hi, algorithm [, parameters...])`: run `collalg_<collective>_<algorithm>`
 *   with the parameters appended when the message size n (bytes, see below) lies in [lo, hi).
 *   `hi = COLLALG_INF` means no upper bound.
 * - `COLLALG_RULE_P(pmin, pmax, lo, hi, algorithm [, parameters...])`: the same, only when the
 *   communicator has pmin <= p <= pmax processes (`pmax = COLLALG_INF`: no upper bound).
 * - The first rule that matches runs; when none matches, the native MPI collective runs (so a
 *   list that starts at 1 byte, like Figure 3(a), leaves zero-byte calls to MPI). A routine
 *   without any rule calls the native collective at once: it measures nothing (no query, no
 *   agreement message) and the hook reports n = -1 and p = 0 (with the trace on, it measures and
 *   reports n and p as a routine with rules does).
 * - A rule matches only when its algorithm applies to the call: an algorithm with restrictions
 *   (restrictions.h, e.g. `ring` allreduce needs a commutative operation) is skipped for a call
 *   outside them, the trace says so, and the following rules are tried. A rule with exactly the
 *   range (pmin, pmax, lo, hi) of the rule before it is that rule's *alternative*, tried when the
 *   earlier one does not apply:
 * @code
 *   COLLALG_TUNED_ALLREDUCE(allreduce_tuned,
 *       COLLALG_RULE(0,     65536,       recursive_doubling)
 *       COLLALG_RULE(65536, COLLALG_INF, ring)                  // commutative ops
 *       COLLALG_RULE(65536, COLLALG_INF, rabenseifner))         // the others
 * @endcode
 *   Restrictions are decided alike on every rank (the op and p are the same everywhere), and
 *   the check is compiled away for the algorithms without restrictions.
 * - Rules are consecutive invocations (no commas between them); at most 6 parameters each.
 *   Thresholds and process counts are integer constant expressions in [0, INT_MAX].
 *
 * @par Message size n (bytes) that the thresholds compare
 * | collective | n                                                               | cost of computing n |
 * |------------|-----------------------------------------------------------------|---------------------|
 * | alltoall   | per-pair block: recvcount * size(recvtype) (= sendcount * size(sendtype)) | local |
 * | allgather  | per-process block: recvcount * size(recvtype)                   | local |
 * | allreduce  | whole vector: count * size(datatype)                            | local |
 * | bcast      | whole vector: count * size(datatype)                            | local |
 * | alltoallv  | mean per-pair block: (sum over ranks i of sum_j recvcounts_i[j] * size(recvtype_i)) / p^2, rounded down | **one MPI_Allreduce of one long long (8 bytes, MPI_SUM) on comm per call** (none when the choice for this p does not depend on n, see below) |
 * | allgatherv | mean per-process block: (sum_j recvcounts[j] * size(recvtype)) / p, rounded down | local |
 * | barrier    | 0 (rules select by p: `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, alg)`) | local |
 * | reduce     | whole vector: count * size(datatype)                            | local |
 * | gather     | per-process block: sendcount * size(sendtype); at an in-place root recvcount * size(recvtype) (the same number: MPI requires equal signatures) | local |
 * | scatter    | per-process block: recvcount * size(recvtype); at an in-place root sendcount * size(sendtype) | local |
 * | gatherv    | mean per-process block at the root: (sum_j recvcounts[j] * size(recvtype)) / p, rounded down | **one MPI_Bcast of one long long from the root per call** (none when the choice for this p does not depend on n) |
 * | scatterv   | mean per-process block at the root: (sum_j sendcounts[j] * size(sendtype)) / p, rounded down | **one MPI_Bcast of one long long from the root per call** (none when the choice for this p does not depend on n) |
 * | reduce_scatter_block | whole vector: p * recvcount * size(datatype) | local |
 * | reduce_scatter | whole vector: sum_j recvcounts[j] * size(datatype) | local |
 * | scan, exscan | whole vector: count * size(datatype) | local |
 * | alltoallw  | mean per-pair block: (sum over ranks i of sum_j recvcounts_i[j] * size(recvtypes_i[j])) / p^2, rounded down | **one MPI_Allreduce of one long long on comm per call** (none when the choice for this p does not depend on n) |
 * Every rank computes the same n and p, so every rank picks the same algorithm (the receive side
 * is used because MPI_IN_PLACE makes the send side meaningless). An alltoallv rank sees only its
 * own row (sendcounts) and column (recvcounts) of the count matrix, which differ from rank to
 * rank; the total of all columns (= the total of all rows, every byte sent is received) is summed
 * over the ranks by that allreduce, so n is the mean of the whole matrix on every rank. The
 * allreduce runs on every rank exactly when comm is an intracommunicator (a property every rank
 * sees alike), so it cannot leave a rank waiting; a rank whose recvtype or recvcounts is invalid
 * contributes 0 and uses no rule (the native call reports the error). The allreduce is skipped
 * (n is then reported as 0) when the choice for this p cannot depend on n: the first rule whose
 * process range holds p covers [0, COLLALG_INF), or no rule holds p (native). A routine tuned for
 * one pattern (one rule from 0 up, as collalg-tune writes for a pattern file used as is) thus
 * costs no more than its algorithm. An allgatherv rank has every rank's count, so it needs no
 * message. The rooted v-collectives are the other way round: only the root knows the counts
 * (a gatherv rank knows its own sendcount, which differs from rank to rank), so the root computes
 * n and broadcasts it with one 8-byte MPI_Bcast, under the same rule as the alltoallv allreduce
 * (skipped, n reported as 0, when the choice for this p does not depend on n). A root whose
 * counts or type are invalid broadcasts -1: every rank then runs the native call, which reports
 * the error. A root outside [0, p) gives n = -1 on every rank without a message. The alltoallw
 * mean is the alltoallv one with a datatype per peer.
 *
 * @par Nonblocking collectives
 * `COLLALG_TUNED_IBARRIER`, `COLLALG_TUNED_IBCAST`, `COLLALG_TUNED_IGATHER`,
 * `COLLALG_TUNED_IGATHERV`, `COLLALG_TUNED_ISCATTER`, `COLLALG_TUNED_ISCATTERV`,
 * `COLLALG_TUNED_IALLGATHER`, `COLLALG_TUNED_IALLGATHERV`, `COLLALG_TUNED_IALLTOALL`,
 * `COLLALG_TUNED_IALLTOALLV`, `COLLALG_TUNED_IALLTOALLW`, `COLLALG_TUNED_IREDUCE`,
 * `COLLALG_TUNED_IALLREDUCE`, `COLLALG_TUNED_IREDUCE_SCATTER_BLOCK`,
 * `COLLALG_TUNED_IREDUCE_SCATTER`, `COLLALG_TUNED_ISCAN` and `COLLALG_TUNED_IEXSCAN` define a
 * routine with exactly the argument list of `MPI_I<collective>` (the blocking one's, then
 * `MPI_Request *request`) whose rules name the nonblocking algorithms (include/collalg/nonblocking.h,
 * catalogue.h's COLLALG_NONBLOCKING table, whose restrictions they skip as above); when no rule
 * matches it starts the native `MPI_I<collective>`. The rules, the trace and the hooks are the
 * blocking ones, and n is the blocking collective's (the table above) with one exception: a
 * nonblocking start makes no blocking call, so alltoallv, alltoallw, gatherv and scatterv, whose
 * blocking selector agrees on n with one small collective, select by process count only (n = 0 on
 * every rank; a rank's local sizes differ from rank to rank and cannot choose). Write their rules
 * `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm)`. The request is completed by the
 * application's MPI_Wait / MPI_Test (MPICH) or with collalg_progress() (core/nbc.h).
 * @code
 *   COLLALG_TUNED_IALLREDUCE(iallreduce_tuned,
 *       COLLALG_RULE(0,     65536,       recursive_doubling)
 *       COLLALG_RULE(65536, COLLALG_INF, ring)                  // commutative ops
 *       COLLALG_RULE(65536, COLLALG_INF, recursive_doubling))   // the others
 *
 *   ... err = iallreduce_tuned(sbuf, rbuf, n, MPI_DOUBLE, MPI_SUM, comm, &request);
 * @endcode
 *
 * @par Checks at compile time
 * - An unknown algorithm is an undeclared identifier whose name says which one, e.g.
 *   `'collalg_restrict_alltoall_pair_lite_barrier' undeclared` (its entry in restrictions.h).
 * - In each run of consecutive rules with the same process range, thresholds must be sorted
 *   and not overlap (hi of one rule <= lo of the next, or an alternative's range equal to the
 *   previous rule's), every rule needs 0 <= lo < hi and 1 <= pmin <= pmax. A violation is a compile error "negative width in bit-field
 *   'collalg_rules_must_be_sorted_by_size_and_nonempty'" pointing at the tuned routine.
 * - A wrong number or type of parameters is the compiler's usual diagnostic for the call.
 *
 * @par Cost
 * One MPI_Comm_test_inter and one MPI_Comm_size call (gather and scatter one MPI_Comm_rank more),
 * the datatype's size (MPI_Type_size, or a few comparisons for MPI_BYTE, MPI_CHAR, the C integers,
 * MPI_FLOAT and MPI_DOUBLE: core/datatype.h), then one comparison chain over compile-time
 * constants; allgatherv adds a sum over p counts; alltoallv that sum and, only where the rules for
 * this p depend on n, the 8-byte MPI_Allreduce of the table (about alpha * lg p); alltoallw the
 * same with one size per peer; gatherv and scatterv the sum at the root and, only where the rules
 * for this p depend on n, the 8-byte MPI_Bcast (about alpha * lg p). A matching rule whose
 * algorithm needs a commutative operation adds one MPI_Op_commutative call. Nothing is allocated
 * and no state is kept. A routine without any rule (the tuner writes one where native wins at
 * every size) calls the native collective at once. Measured with callgrind at p = 2 and 4, 8 bytes
 * (MPICH 4.0.2 and Open MPI 4.1.4; `make bench-overhead`, docs/overhead.md): a routine whose rule
 * runs an algorithm executes about 45 instructions more outside the MPI library than the algorithm
 * called directly (at most about 240, for the shared-memory family's one-node check), and makes 2
 * to 5 more MPI calls (the queries above; each costs 30 to 70 instructions inside the library).
 *
 * @par Saying what ran
 * With the environment variable `COLLALG_SELECT_VERBOSE=1` (read once per program and
 * translation unit), or the macro `COLLALG_SELECT_VERBOSE` defined to 1 before this header,
 * rank 0 of the communicator prints to stderr, at each call,
 * `collalg: alltoall_tuned p=4 n=8192 B -> pair_light_barrier` (the value 2 makes every rank
 * print, prefixed with its rank). Parameters are shown after macro expansion (a `NULL`
 * parameter prints as your `<stddef.h>` defines it). `COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs)` may
 * be defined before this header to observe each choice from code (the tests record with it).
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication
 * Routines", ICS'05, §3.4 and Figure 3(a).
 */

/**
 * @defgroup selector Selector: tuned routines
 * @brief Macros that turn a list of size thresholds (by hand, or pasted from `make tune`) into a
 *        tuned collective with exactly the MPI function's arguments.
 *
 * COLLALG_TUNED_ALLTOALL(), COLLALG_TUNED_ALLGATHER(), COLLALG_TUNED_ALLREDUCE(),
 * COLLALG_TUNED_BCAST(), COLLALG_TUNED_ALLTOALLV(), COLLALG_TUNED_ALLGATHERV(),
 * COLLALG_TUNED_BARRIER(), COLLALG_TUNED_REDUCE(), COLLALG_TUNED_GATHER(),
 * COLLALG_TUNED_SCATTER(), COLLALG_TUNED_GATHERV(), COLLALG_TUNED_SCATTERV(),
 * COLLALG_TUNED_ALLTOALLW(), COLLALG_TUNED_REDUCE_SCATTER_BLOCK(), COLLALG_TUNED_REDUCE_SCATTER(),
 * COLLALG_TUNED_SCAN() and COLLALG_TUNED_EXSCAN() define the routine from rules COLLALG_RULE() and COLLALG_RULE_P();
 * COLLALG_TUNED_IBARRIER() ... COLLALG_TUNED_IEXSCAN() the same for the seventeen nonblocking
 * collectives (MPI_Ibarrier ... MPI_Iexscan, their algorithms of include/collalg/nonblocking.h);
 * COLLALG_INF is the open upper bound and COLLALG_SELECT_HOOK() observes each choice. The file
 * select.h explains the rules, the message size each collective compares, the compile-time checks
 * and the cost; the tuner is described in @ref collalg-tune.c.
 */
#ifndef COLLALG_SELECT_H
#define COLLALG_SELECT_H

#include "core/core.h"
#include "restrictions.h"
#include "machine/node.h"
#include "family/neighbor_combining.h"
#include <stdio.h>

/** @brief "No upper bound" for a size threshold or a process count in a rule. */
#define COLLALG_INF 2147483647

/**
 * @brief A rule for every communicator size: run `algorithm` (a catalogue name such as
 *        `pair_n_mpi_barriers`) with the parameters that follow it when lo <= n < hi bytes.
 */
#define COLLALG_RULE(lo, hi, ...) (1, COLLALG_INF, lo, hi, __VA_ARGS__)

/**
 * @brief A rule restricted to communicators of pmin..pmax processes (both included):
 *        run `algorithm` with its parameters when lo <= n < hi bytes.
 */
#define COLLALG_RULE_P(pmin, pmax, lo, hi, ...) (pmin, pmax, lo, hi, __VA_ARGS__)

/**
 * @def COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs)
 * @brief Called on every rank at each call of a tuned routine, before the chosen algorithm runs:
 *        @p routine and @p algorithm are string literals (algorithm with its parameters, e.g.
 *        `"pair_n_mpi_barriers(4)"`, or `"native"`; @p routine is `__func__`, a `const char *`),
 *        @p bytes a `long long`, @p procs an `int`.
 *        Defaults to nothing.
 */
#ifndef COLLALG_SELECT_HOOK
#define COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs) ((void)0)
#endif

/**
 * @def COLLALG_SELECT_SKIP_HOOK(routine, algorithm, reason)
 * @brief Called on every rank when a rule matches the call's size but its algorithm does not
 *        apply to the call (restrictions.h), before the next rule is tried: @p routine is
 *        `__func__`, @p algorithm the rule's algorithm with its parameters (a string literal),
 *        @p reason the restriction in words (collalg_restriction_text()). Defaults to nothing.
 */
#ifndef COLLALG_SELECT_SKIP_HOOK
#define COLLALG_SELECT_SKIP_HOOK(routine, algorithm, reason) ((void)0)
#endif

/**
 * @brief Level of the "say what ran" switch: the macro COLLALG_SELECT_VERBOSE when defined, else
 *        the environment variable COLLALG_SELECT_VERBOSE (0, 1 or 2), read at the first call.
 *        The cached value is the same for every rank (also under SMPI, where ranks share it).
 */
COLLALG_INLINE int collalg__select_verbose(void)
{
#ifdef COLLALG_SELECT_VERBOSE
    return COLLALG_SELECT_VERBOSE;
#else
    static int level = -1;
    if (level < 0) {
        const char *s = getenv("COLLALG_SELECT_VERBOSE");
        level = s ? atoi(s) : 0;
        if (level < 0)
            level = 0;
    }
    return level;
#endif
}

/**
 * @brief Prints the choice of a tuned routine (see "Saying what ran") when the switch is on.
 * @param routine name of the tuned routine
 * @param algorithm algorithm with its parameters, or "native"
 * @param n message size in bytes (as in the table above)
 * @param p communicator size
 * @param comm the communicator (its rank 0 prints at level 1)
 */
COLLALG_INLINE void collalg__select_say(const char *routine, const char *algorithm, long long n, int p, MPI_Comm comm)
{
    int level = collalg__select_verbose(), rank = 0;
    if (level <= 0)
        return;
    COLLALG_MPI(Comm_rank)(comm, &rank);
    if (level >= 2)
        fprintf(stderr, "collalg: [%d] %s p=%d n=%lld B -> %s\n", rank, routine, p, n, algorithm);
    else if (rank == 0)
        fprintf(stderr, "collalg: %s p=%d n=%lld B -> %s\n", routine, p, n, algorithm);
}

/**
 * @brief 1 when every process of @p comm is on one node (machine/node.h: the node level, built by the
 *        first call on @p comm and cached), else 0; 0 too when the node level cannot be built
 *        (then no #COLLALG_R_ONE_NODE algorithm runs). Collective over @p comm on the first call.
 */
COLLALG_INLINE int collalg__select_one_node(MPI_Comm comm)
{
    collalg__ctx c;
    const collalg__node *nd = NULL;
    collalg__ctx_init(&c, comm);
    /* After the first call: two attribute lookups (private communicator, node level) */
    if (collalg__private_comm(comm, &c.pcomm) != MPI_SUCCESS)
        return 0;
    if (collalg__node_cached(c.pcomm, &nd) != MPI_SUCCESS)
        return 0;
    if (!nd && (collalg__ctx_attach(&c) != MPI_SUCCESS || collalg__node_get(&c, &nd) != MPI_SUCCESS))
        return 0;
    return nd->nnodes == 1;
}

/**
 * @brief The restriction kinds of @p r (restrictions.h) that the call breaks: 0 when an algorithm
 *        with restrictions @p r applies to a call with operation @p op (MPI_OP_NULL for the
 *        collectives without one) on the @p p processes of @p comm.
 *
 * The answer is the same on every rank: MPI requires the same op on every rank, p is the
 * communicator's, and every rank knows every rank's node. An op whose commutativity cannot be
 * queried counts as non-commutative (the native collective then reports the error).
 * #COLLALG_R_ISOMORPHIC (the combining neighbourhood collectives, with their default grid) is the
 * alltoall's test for both collectives (collalg__nbr_combining_applies(): sources and
 * destinations isomorphic and paired, collective on a graph communicator's first call), which
 * implies the allgather's (sources isomorphic): an allgather neighbourhood whose destinations do
 * not pair goes to the next rule.
 */
COLLALG_INLINE int collalg__select_broken(int r, MPI_Op op, int p, MPI_Comm comm)
{
    int broken = 0, commute = 0;
    if ((r & COLLALG_R_COMMUTATIVE) && op != MPI_OP_NULL &&
        (COLLALG_MPI(Op_commutative)(op, &commute) != MPI_SUCCESS || !commute))
        broken |= COLLALG_R_COMMUTATIVE;
    if ((r & COLLALG_R_MAX_P) && p > COLLALG_R_MAX_P_VALUE)
        broken |= COLLALG_R_MAX_P;
    if ((r & COLLALG_R_ONE_NODE) && !collalg__select_one_node(comm))
        broken |= COLLALG_R_ONE_NODE;
    if ((r & COLLALG_R_ISOMORPHIC) && !collalg__nbr_combining_applies(comm, 1))
        broken |= COLLALG_R_ISOMORPHIC;
    return broken;
}

/**
 * @brief 1 when a rule's algorithm, with restrictions @p r, applies to the call; else 0 after the
 *        skip hook and the trace line `collalg: <routine> p=<p> n=<n> B: <algorithm> skipped
 *        (<reason>)` (rank 0 of @p comm at level 1, every rank at level 2).
 */
COLLALG_INLINE int collalg__select_applies(int r, MPI_Op op, const char *routine, const char *algorithm, long long n,
                                           int p, MPI_Comm comm)
{
    int broken = collalg__select_broken(r, op, p, comm), level = collalg__select_verbose(), rank = 0;
    const char *why = collalg_restriction_text(broken);
    if (!broken)
        return 1;
    COLLALG_SELECT_SKIP_HOOK(routine, algorithm, why);
    (void)routine, (void)algorithm, (void)why;
    if (level > 0)
        COLLALG_MPI(Comm_rank)(comm, &rank);
    if (level >= 2)
        fprintf(stderr, "collalg: [%d] %s p=%d n=%lld B: %s skipped (%s)\n", rank, routine, p, n, algorithm, why);
    else if (level == 1 && rank == 0)
        fprintf(stderr, "collalg: %s p=%d n=%lld B: %s skipped (%s)\n", routine, p, n, algorithm, why);
    return 0;
}

/** @brief *@p n = @p count elements of @p type in bytes; left as it is for a null type or a
 *         failed size query (the caller has set it to -1: native). */
COLLALG_INLINE void collalg__select_bytes(int count, MPI_Datatype type, long long *n)
{
    int size = 0;
    if (type != MPI_DATATYPE_NULL && collalg__type_size(type, &size) == MPI_SUCCESS && size >= 0)
        *n = (long long)count * size;
}

/**
 * @brief Message size (@p count elements of @p type, in bytes) and size of @p comm, as the rules
 *        compare them. Leaves *n = -1 (no rule matches, the native collective runs: it serves an
 *        intercommunicator, and reports the error otherwise) when @p comm is null or an
 *        intercommunicator, @p type is null, or a query fails.
 */
COLLALG_INLINE void collalg__select_measure(MPI_Comm comm, int count, MPI_Datatype type, long long *n, int *p)
{
    *n = -1;
    *p = 0;
    if (collalg__check_comm(comm) != MPI_SUCCESS || COLLALG_MPI(Comm_size)(comm, p) != MPI_SUCCESS)
        return;
    collalg__select_bytes(count, type, n);
}

/** @brief What collalg__select_measure_v() computes. */
enum collalg__select_mean {
    COLLALG__MEAN_LOCAL,  /**< allgatherv: sum of the p counts / p, no communication */
    COLLALG__MEAN_GLOBAL, /**< alltoallv: the sum over all ranks (one allreduce) / p^2 */
    COLLALG__MEAN_NONE    /**< alltoallv whose rules do not depend on n for this p: n = 0 */
};

/**
 * @brief Mean block of a v-collective (see the table above): sum_j @p counts[j] * size(@p type)
 *        bytes over this rank's p counts, divided by p (COLLALG__MEAN_LOCAL, allgatherv), or
 *        summed over the ranks of @p comm by one MPI_Allreduce (MPI_SUM of one long long) and
 *        divided by p * p (COLLALG__MEAN_GLOBAL, alltoallv); COLLALG__MEAN_NONE checks the
 *        arguments and gives n = 0. Leaves *n = -1 (no rule matches, the native collective runs
 *        and reports the error) when @p comm, @p type or @p counts is invalid on this rank.
 *
 * The allreduce runs on every rank when @p comm is an intracommunicator, whatever the other
 * arguments, so a rank with invalid arguments cannot leave the others waiting in it (it adds 0).
 */
COLLALG_INLINE void collalg__select_measure_v(MPI_Comm comm, const int *counts, MPI_Datatype type,
                                              enum collalg__select_mean mode, long long *n, int *p)
{
    long long local = 0, total = 0;
    int size = 0, j, ok;
    *n = -1;
    *p = 0;
    if (collalg__check_comm(comm) != MPI_SUCCESS || COLLALG_MPI(Comm_size)(comm, p) != MPI_SUCCESS || *p < 1)
        return;
    ok = counts != NULL && type != MPI_DATATYPE_NULL && collalg__type_size(type, &size) == MPI_SUCCESS && size >= 0;
    for (j = 0; ok && j < *p; j++) {
        ok = counts[j] >= 0;
        local += (long long)counts[j] * size;
    }
    if (!ok)
        local = 0;
    if (mode == COLLALG__MEAN_GLOBAL) {
        if (COLLALG_MPI(Allreduce)(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, comm) != MPI_SUCCESS || !ok)
            return;
        *n = total / ((long long)*p * *p);
    } else if (ok)
        *n = mode == COLLALG__MEAN_LOCAL ? local / *p : 0;
}

/** @brief Size of @p comm when it is an intracommunicator, else 0 (no rule matches). */
COLLALG_INLINE long long collalg__select_procs(MPI_Comm comm)
{
    int p = 0;
    if (collalg__check_comm(comm) != MPI_SUCCESS || COLLALG_MPI(Comm_size)(comm, &p) != MPI_SUCCESS)
        return 0;
    return p;
}

/** @brief The barrier's size for the rules: n = 0 and p = size of @p comm; n = -1 (native) for
 *        MPI_COMM_NULL or an intercommunicator (MPI_Barrier accepts one, the algorithms do not). */
COLLALG_INLINE void collalg__select_measure_p(MPI_Comm comm, long long *n, int *p)
{
    *n = -1;
    *p = 0;
    if (collalg__check_comm(comm) == MPI_SUCCESS && COLLALG_MPI(Comm_size)(comm, p) == MPI_SUCCESS)
        *n = 0;
}

/**
 * @brief The block size of a rooted call (gather, scatter; see the table above): @p count
 *        elements of @p type, or at the root, when @p alt_at_root, @p alt_count elements of
 *        @p alt_type (the side that MPI_IN_PLACE leaves meaningful). Leaves *n = -1 (native) when
 *        @p comm is null or an intercommunicator, @p root is outside [0, p) (alike on every rank),
 *        the type is null, or a query fails.
 */
COLLALG_INLINE void collalg__select_measure_rooted(MPI_Comm comm, int root, int alt_at_root, int count,
                                                   MPI_Datatype type, int alt_count, MPI_Datatype alt_type,
                                                   long long *n, int *p)
{
    int rank = 0;
    collalg__select_measure_p(comm, n, p); /* p first: the side MPI ignores may be a null type */
    if (*n < 0 || COLLALG_MPI(Comm_rank)(comm, &rank) != MPI_SUCCESS || root < 0 || root >= *p) {
        *n = -1;
        return;
    }
    *n = -1;
    if (rank == root && alt_at_root)
        collalg__select_bytes(alt_count, alt_type, n);
    else
        collalg__select_bytes(count, type, n);
}

/**
 * @brief Mean block of a rooted v-collective (gatherv, scatterv; see the table above): the root
 *        sums its p @p counts of @p type (significant at the root only) and, when @p needed,
 *        broadcasts the mean to every rank with one MPI_Bcast of a long long; otherwise n = 0
 *        (-1 at a root whose counts or type are invalid). Leaves *n = -1 without a message when
 *        @p comm is null or an intercommunicator or @p root is outside [0, p).
 */
COLLALG_INLINE void collalg__select_measure_rootv(MPI_Comm comm, int root, const int *counts, MPI_Datatype type,
                                                  int needed, long long *n, int *p)
{
    long long mean = -1;
    int rank = 0, size = 0, j, ok;
    *n = -1;
    *p = 0;
    if (collalg__check_comm(comm) != MPI_SUCCESS || COLLALG_MPI(Comm_size)(comm, p) != MPI_SUCCESS || *p < 1 ||
        COLLALG_MPI(Comm_rank)(comm, &rank) != MPI_SUCCESS || root < 0 || root >= *p)
        return;
    if (rank == root) {
        ok = counts != NULL && type != MPI_DATATYPE_NULL && collalg__type_size(type, &size) == MPI_SUCCESS && size >= 0;
        for (mean = 0, j = 0; ok && j < *p; j++) {
            ok = counts[j] >= 0;
            mean += (long long)counts[j] * size;
        }
        mean = ok ? mean / *p : -1;
    }
    if (!needed)
        *n = rank == root ? (mean < 0 ? -1 : 0) : 0;
    else if (COLLALG_MPI(Bcast)(&mean, 1, MPI_LONG_LONG, root, comm) == MPI_SUCCESS)
        *n = mean;
}

/**
 * @brief Mean per-pair block of an alltoallw (see the table above): sum_j @p counts[j] *
 *        size(@p types[j]) over this rank's p peers, summed over the ranks by one MPI_Allreduce
 *        when @p needed and divided by p * p; otherwise n = 0. As collalg__select_measure_v(): the
 *        allreduce runs on every rank of an intracommunicator, and a rank with invalid arguments
 *        adds 0 and gets n = -1 (native).
 */
COLLALG_INLINE void collalg__select_measure_w(MPI_Comm comm, const int *counts, const MPI_Datatype *types, int needed,
                                              long long *n, int *p)
{
    long long local = 0, total = 0;
    int size = 0, j, ok;
    *n = -1;
    *p = 0;
    if (collalg__check_comm(comm) != MPI_SUCCESS || COLLALG_MPI(Comm_size)(comm, p) != MPI_SUCCESS || *p < 1)
        return;
    ok = counts != NULL && types != NULL;
    for (j = 0; ok && j < *p; j++) {
        ok = counts[j] >= 0 && (counts[j] == 0 || (types[j] != MPI_DATATYPE_NULL &&
                                                   collalg__type_size(types[j], &size) == MPI_SUCCESS && size >= 0));
        local += ok && counts[j] > 0 ? (long long)counts[j] * size : 0;
    }
    if (!ok)
        local = 0;
    if (!needed) {
        *n = ok ? 0 : -1;
        return;
    }
    if (COLLALG_MPI(Allreduce)(&local, &total, 1, MPI_LONG_LONG, MPI_SUM, comm) != MPI_SUCCESS || !ok)
        return;
    *n = total / ((long long)*p * *p);
}

/**
 * @brief The whole vector of a reduce-scatter (see the table above): sum_j @p counts[j] *
 *        size(@p type) bytes over the p counts every rank passes alike (@p ncounts = 0,
 *        reduce_scatter), or, with @p ncounts = 1, p times the one block @p counts[0] * size(@p type)
 *        (reduce_scatter_block). Leaves *n = -1 (native) when @p comm, @p type or a count is invalid.
 */
COLLALG_INLINE void collalg__select_measure_sum(MPI_Comm comm, const int *counts, int ncounts, MPI_Datatype type,
                                                long long *n, int *p)
{
    long long sum = 0;
    int size = 0, j;
    *n = -1;
    *p = 0;
    if (collalg__check_comm(comm) != MPI_SUCCESS || COLLALG_MPI(Comm_size)(comm, p) != MPI_SUCCESS || *p < 1 ||
        counts == NULL || type == MPI_DATATYPE_NULL || collalg__type_size(type, &size) != MPI_SUCCESS || size < 0)
        return;
    for (j = 0; j < (ncounts ? ncounts : *p); j++) {
        if (counts[j] < 0)
            return;
        sum += (long long)counts[j] * size;
    }
    *n = ncounts ? sum * *p : sum;
}

/** @cond COLLALG_INTERNAL */
/* ---- preprocessor machinery (not part of the interface) ----------------------------------- */
#define COLLALG__NCAT(a, b) COLLALG__NCAT_(a, b)
#define COLLALG__NCAT_(a, b) a##b
#define COLLALG__UNPAREN(...) __VA_ARGS__

/* Number of arguments (1..7): the algorithm plus its parameters. */
#define COLLALG__NARG(...) COLLALG__NARG_(__VA_ARGS__, 7, 6, 5, 4, 3, 2, 1, 0)
#define COLLALG__NARG_(a1, a2, a3, a4, a5, a6, a7, n, ...) n

/* Call pre##alg with the MPI arguments (a parenthesised list) and the parameters. */
#define COLLALG__CALL(pre, args, ...) COLLALG__NCAT(COLLALG__CALL_, COLLALG__NARG(__VA_ARGS__))(pre, args, __VA_ARGS__)
#define COLLALG__CALL_1(pre, args, alg) (pre##alg) args
#define COLLALG__CALL_2(pre, args, alg, a) (pre##alg)(COLLALG__UNPAREN args, a)
#define COLLALG__CALL_3(pre, args, alg, a, b) (pre##alg)(COLLALG__UNPAREN args, a, b)
#define COLLALG__CALL_4(pre, args, alg, a, b, c) (pre##alg)(COLLALG__UNPAREN args, a, b, c)
#define COLLALG__CALL_5(pre, args, alg, a, b, c, d) (pre##alg)(COLLALG__UNPAREN args, a, b, c, d)
#define COLLALG__CALL_6(pre, args, alg, a, b, c, d, e) (pre##alg)(COLLALG__UNPAREN args, a, b, c, d, e)
#define COLLALG__CALL_7(pre, args, alg, a, b, c, d, e, f) (pre##alg)(COLLALG__UNPAREN args, a, b, c, d, e, f)

/* "alg" or "alg(params)" as a string literal. */
#define COLLALG__NAME(...) COLLALG__NCAT(COLLALG__NAME_, COLLALG__NARG(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__NAME_1(alg) #alg
#define COLLALG__NAME_2(alg, ...) #alg "(" #__VA_ARGS__ ")"
#define COLLALG__NAME_3 COLLALG__NAME_2
#define COLLALG__NAME_4 COLLALG__NAME_2
#define COLLALG__NAME_5 COLLALG__NAME_2
#define COLLALG__NAME_6 COLLALG__NAME_2
#define COLLALG__NAME_7 COLLALG__NAME_2

/* The rule's algorithm (first element) and its restrictions (restrictions.h). */
#define COLLALG__FIRST(...) COLLALG__FIRST_(__VA_ARGS__, ~)
#define COLLALG__FIRST_(alg, ...) alg
#define COLLALG__RESTRICT(coll, alg) COLLALG__RESTRICT_(coll, alg)
#define COLLALG__RESTRICT_(coll, alg) collalg_restrict_##coll##_##alg

/* Opening of one rule: the order check against the previous rule (enumerators of the enclosing
 * block; a rule with the previous rule's very range is its alternative), this rule's enumerators,
 * and the test: size, process count, and the algorithm's restrictions (a compile-time 0 for most
 * algorithms, so the check costs nothing there). The block stays open; COLLALG__CLOSE closes it. */
/* clang-format off */
#define COLLALG__OPEN(pre, coll, op, args, pmin, pmax, lo, hi, ...)                                    \
    {                                                                                                        \
        struct collalg__rule_check {                                                                         \
            int collalg_rules_must_be_sorted_by_size_and_nonempty                                            \
                : ((pmin) >= 1 && (pmin) <= (pmax) && (lo) >= 0 && (lo) < (hi) &&                             \
                   (collalg__pa != (pmin) || collalg__pb != (pmax) || collalg__hi <= (lo) ||                  \
                    (collalg__lo == (lo) && collalg__hi == (hi))))                                            \
                      ? 1                                                                                    \
                      : -1;                                                                                  \
        };                                                                                                   \
        enum { collalg__pa = (pmin), collalg__pb = (pmax), collalg__lo = (lo), collalg__hi = (hi) };         \
        if (collalg__p >= (pmin) && collalg__p <= (pmax) && collalg__n >= (lo) &&                            \
            ((hi) == COLLALG_INF || collalg__n < (hi)) &&                                                    \
            (COLLALG__RESTRICT(coll, COLLALG__FIRST(__VA_ARGS__)) == 0 ||                                     \
             collalg__select_applies(COLLALG__RESTRICT(coll, COLLALG__FIRST(__VA_ARGS__)), op, __func__,      \
                                     COLLALG__NAME(__VA_ARGS__), collalg__n, collalg__pi, comm))) {          \
            COLLALG_SELECT_HOOK(__func__, COLLALG__NAME(__VA_ARGS__), collalg__n, collalg__pi);             \
            if (collalg__select_verbose() > 0)                                                               \
                collalg__select_say(__func__, COLLALG__NAME(__VA_ARGS__), collalg__n, collalg__pi, comm);        \
            return COLLALG__CALL(pre, args, __VA_ARGS__);                                                    \
        } else
/* clang-format on */

/* Sequence walkers (a rule list is a sequence of parenthesised tuples). */
#define COLLALG__A2A_ARGS (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
#define COLLALG__AG_ARGS (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
#define COLLALG__AR_ARGS (sendbuf, recvbuf, count, datatype, op, comm)
#define COLLALG__BC_ARGS (buffer, count, datatype, root, comm)
#define COLLALG__A2AV_ARGS (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm)
#define COLLALG__AGV_ARGS (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm)
#define COLLALG__BAR_ARGS (comm)
#define COLLALG__RED_ARGS (sendbuf, recvbuf, count, datatype, op, root, comm)
#define COLLALG__GA_ARGS (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm)
#define COLLALG__GAV_ARGS (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm)
#define COLLALG__SCV_ARGS (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm)
#define COLLALG__A2AW_ARGS (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm)
#define COLLALG__RSB_ARGS (sendbuf, recvbuf, recvcount, datatype, op, comm)
#define COLLALG__RS_ARGS (sendbuf, recvbuf, recvcounts, datatype, op, comm)
#define COLLALG__SCAN_ARGS (sendbuf, recvbuf, count, datatype, op, comm)
#define COLLALG__OA2A(...) COLLALG__OPEN(collalg_alltoall_, alltoall, MPI_OP_NULL, COLLALG__A2A_ARGS, __VA_ARGS__)
#define COLLALG__OAG(...) COLLALG__OPEN(collalg_allgather_, allgather, MPI_OP_NULL, COLLALG__AG_ARGS, __VA_ARGS__)
#define COLLALG__OAR(...) COLLALG__OPEN(collalg_allreduce_, allreduce, op, COLLALG__AR_ARGS, __VA_ARGS__)
#define COLLALG__OBC(...) COLLALG__OPEN(collalg_bcast_, bcast, MPI_OP_NULL, COLLALG__BC_ARGS, __VA_ARGS__)
#define COLLALG__OA2AV(...) COLLALG__OPEN(collalg_alltoallv_, alltoallv, MPI_OP_NULL, COLLALG__A2AV_ARGS, __VA_ARGS__)
#define COLLALG__OAGV(...) COLLALG__OPEN(collalg_allgatherv_, allgatherv, MPI_OP_NULL, COLLALG__AGV_ARGS, __VA_ARGS__)
#define COLLALG__OBAR(...) COLLALG__OPEN(collalg_barrier_, barrier, MPI_OP_NULL, COLLALG__BAR_ARGS, __VA_ARGS__)
#define COLLALG__ORED(...) COLLALG__OPEN(collalg_reduce_, reduce, op, COLLALG__RED_ARGS, __VA_ARGS__)
#define COLLALG__OGA(...) COLLALG__OPEN(collalg_gather_, gather, MPI_OP_NULL, COLLALG__GA_ARGS, __VA_ARGS__)
#define COLLALG__OSC(...) COLLALG__OPEN(collalg_scatter_, scatter, MPI_OP_NULL, COLLALG__GA_ARGS, __VA_ARGS__)
#define COLLALG__OGAV(...) COLLALG__OPEN(collalg_gatherv_, gatherv, MPI_OP_NULL, COLLALG__GAV_ARGS, __VA_ARGS__)
#define COLLALG__OSCV(...) COLLALG__OPEN(collalg_scatterv_, scatterv, MPI_OP_NULL, COLLALG__SCV_ARGS, __VA_ARGS__)
#define COLLALG__OA2AW(...) COLLALG__OPEN(collalg_alltoallw_, alltoallw, MPI_OP_NULL, COLLALG__A2AW_ARGS, __VA_ARGS__)
#define COLLALG__ORSB(...) \
    COLLALG__OPEN(collalg_reduce_scatter_block_, reduce_scatter_block, op, COLLALG__RSB_ARGS, __VA_ARGS__)
#define COLLALG__ORS(...) COLLALG__OPEN(collalg_reduce_scatter_, reduce_scatter, op, COLLALG__RS_ARGS, __VA_ARGS__)
#define COLLALG__OSCAN(...) COLLALG__OPEN(collalg_scan_, scan, op, COLLALG__SCAN_ARGS, __VA_ARGS__)
#define COLLALG__OEXSCAN(...) COLLALG__OPEN(collalg_exscan_, exscan, op, COLLALG__SCAN_ARGS, __VA_ARGS__)
/* Rule kind: M for a rule tuple (5 or more elements), E for the end marker (one element). */
#define COLLALG__KIND(...) COLLALG__KIND_(__VA_ARGS__, M, M, M, M, M, M, M, M, M, M, M, M, M, M, E, ~)
#define COLLALG__KIND_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, k, ...) k
#define COLLALG__OPEN_alltoall_A(...) COLLALG__NCAT(COLLALG__OA2A_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_alltoall_B(...) COLLALG__NCAT(COLLALG__OA2A_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OA2A_A_M(...) COLLALG__OA2A(__VA_ARGS__) COLLALG__OPEN_alltoall_B
#define COLLALG__OA2A_B_M(...) COLLALG__OA2A(__VA_ARGS__) COLLALG__OPEN_alltoall_A
#define COLLALG__OPEN_allgather_A(...) COLLALG__NCAT(COLLALG__OAG_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_allgather_B(...) COLLALG__NCAT(COLLALG__OAG_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OAG_A_M(...) COLLALG__OAG(__VA_ARGS__) COLLALG__OPEN_allgather_B
#define COLLALG__OAG_B_M(...) COLLALG__OAG(__VA_ARGS__) COLLALG__OPEN_allgather_A
#define COLLALG__OPEN_allreduce_A(...) COLLALG__NCAT(COLLALG__OAR_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_allreduce_B(...) COLLALG__NCAT(COLLALG__OAR_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OAR_A_M(...) COLLALG__OAR(__VA_ARGS__) COLLALG__OPEN_allreduce_B
#define COLLALG__OAR_B_M(...) COLLALG__OAR(__VA_ARGS__) COLLALG__OPEN_allreduce_A
#define COLLALG__OPEN_bcast_A(...) COLLALG__NCAT(COLLALG__OBC_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_bcast_B(...) COLLALG__NCAT(COLLALG__OBC_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OBC_A_M(...) COLLALG__OBC(__VA_ARGS__) COLLALG__OPEN_bcast_B
#define COLLALG__OBC_B_M(...) COLLALG__OBC(__VA_ARGS__) COLLALG__OPEN_bcast_A
#define COLLALG__OPEN_alltoallv_A(...) COLLALG__NCAT(COLLALG__OA2AV_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_alltoallv_B(...) COLLALG__NCAT(COLLALG__OA2AV_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OA2AV_A_M(...) COLLALG__OA2AV(__VA_ARGS__) COLLALG__OPEN_alltoallv_B
#define COLLALG__OA2AV_B_M(...) COLLALG__OA2AV(__VA_ARGS__) COLLALG__OPEN_alltoallv_A
#define COLLALG__OPEN_allgatherv_A(...) COLLALG__NCAT(COLLALG__OAGV_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_allgatherv_B(...) COLLALG__NCAT(COLLALG__OAGV_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OAGV_A_M(...) COLLALG__OAGV(__VA_ARGS__) COLLALG__OPEN_allgatherv_B
#define COLLALG__OAGV_B_M(...) COLLALG__OAGV(__VA_ARGS__) COLLALG__OPEN_allgatherv_A
#define COLLALG__OPEN_barrier_A(...) COLLALG__NCAT(COLLALG__OBAR_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_barrier_B(...) COLLALG__NCAT(COLLALG__OBAR_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OBAR_A_M(...) COLLALG__OBAR(__VA_ARGS__) COLLALG__OPEN_barrier_B
#define COLLALG__OBAR_B_M(...) COLLALG__OBAR(__VA_ARGS__) COLLALG__OPEN_barrier_A
#define COLLALG__OA2AV_A_E(x)
#define COLLALG__OA2AV_B_E(x)
#define COLLALG__OAGV_A_E(x)
#define COLLALG__OAGV_B_E(x)
#define COLLALG__OBAR_A_E(x)
#define COLLALG__OBAR_B_E(x)
#define COLLALG__OA2A_A_E(x)
#define COLLALG__OA2A_B_E(x)
#define COLLALG__OAG_A_E(x)
#define COLLALG__OAG_B_E(x)
#define COLLALG__OAR_A_E(x)
#define COLLALG__OAR_B_E(x)
#define COLLALG__OBC_A_E(x)
#define COLLALG__OBC_B_E(x)
#define COLLALG__OPEN_reduce_A(...) COLLALG__NCAT(COLLALG__ORED_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_reduce_B(...) COLLALG__NCAT(COLLALG__ORED_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__ORED_A_M(...) COLLALG__ORED(__VA_ARGS__) COLLALG__OPEN_reduce_B
#define COLLALG__ORED_B_M(...) COLLALG__ORED(__VA_ARGS__) COLLALG__OPEN_reduce_A
#define COLLALG__ORED_A_E(x)
#define COLLALG__ORED_B_E(x)
#define COLLALG__OPEN_gather_A(...) COLLALG__NCAT(COLLALG__OGA_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_gather_B(...) COLLALG__NCAT(COLLALG__OGA_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OGA_A_M(...) COLLALG__OGA(__VA_ARGS__) COLLALG__OPEN_gather_B
#define COLLALG__OGA_B_M(...) COLLALG__OGA(__VA_ARGS__) COLLALG__OPEN_gather_A
#define COLLALG__OGA_A_E(x)
#define COLLALG__OGA_B_E(x)
#define COLLALG__OPEN_scatter_A(...) COLLALG__NCAT(COLLALG__OSC_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_scatter_B(...) COLLALG__NCAT(COLLALG__OSC_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OSC_A_M(...) COLLALG__OSC(__VA_ARGS__) COLLALG__OPEN_scatter_B
#define COLLALG__OSC_B_M(...) COLLALG__OSC(__VA_ARGS__) COLLALG__OPEN_scatter_A
#define COLLALG__OSC_A_E(x)
#define COLLALG__OSC_B_E(x)
#define COLLALG__OPEN_gatherv_A(...) COLLALG__NCAT(COLLALG__OGAV_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_gatherv_B(...) COLLALG__NCAT(COLLALG__OGAV_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OGAV_A_M(...) COLLALG__OGAV(__VA_ARGS__) COLLALG__OPEN_gatherv_B
#define COLLALG__OGAV_B_M(...) COLLALG__OGAV(__VA_ARGS__) COLLALG__OPEN_gatherv_A
#define COLLALG__OGAV_A_E(x)
#define COLLALG__OGAV_B_E(x)
#define COLLALG__OPEN_scatterv_A(...) COLLALG__NCAT(COLLALG__OSCV_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_scatterv_B(...) COLLALG__NCAT(COLLALG__OSCV_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OSCV_A_M(...) COLLALG__OSCV(__VA_ARGS__) COLLALG__OPEN_scatterv_B
#define COLLALG__OSCV_B_M(...) COLLALG__OSCV(__VA_ARGS__) COLLALG__OPEN_scatterv_A
#define COLLALG__OSCV_A_E(x)
#define COLLALG__OSCV_B_E(x)
#define COLLALG__OPEN_alltoallw_A(...) COLLALG__NCAT(COLLALG__OA2AW_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_alltoallw_B(...) COLLALG__NCAT(COLLALG__OA2AW_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OA2AW_A_M(...) COLLALG__OA2AW(__VA_ARGS__) COLLALG__OPEN_alltoallw_B
#define COLLALG__OA2AW_B_M(...) COLLALG__OA2AW(__VA_ARGS__) COLLALG__OPEN_alltoallw_A
#define COLLALG__OA2AW_A_E(x)
#define COLLALG__OA2AW_B_E(x)
#define COLLALG__OPEN_reduce_scatter_block_A(...) \
    COLLALG__NCAT(COLLALG__ORSB_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_reduce_scatter_block_B(...) \
    COLLALG__NCAT(COLLALG__ORSB_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__ORSB_A_M(...) COLLALG__ORSB(__VA_ARGS__) COLLALG__OPEN_reduce_scatter_block_B
#define COLLALG__ORSB_B_M(...) COLLALG__ORSB(__VA_ARGS__) COLLALG__OPEN_reduce_scatter_block_A
#define COLLALG__ORSB_A_E(x)
#define COLLALG__ORSB_B_E(x)
#define COLLALG__OPEN_reduce_scatter_A(...) COLLALG__NCAT(COLLALG__ORS_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_reduce_scatter_B(...) COLLALG__NCAT(COLLALG__ORS_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__ORS_A_M(...) COLLALG__ORS(__VA_ARGS__) COLLALG__OPEN_reduce_scatter_B
#define COLLALG__ORS_B_M(...) COLLALG__ORS(__VA_ARGS__) COLLALG__OPEN_reduce_scatter_A
#define COLLALG__ORS_A_E(x)
#define COLLALG__ORS_B_E(x)
#define COLLALG__OPEN_scan_A(...) COLLALG__NCAT(COLLALG__OSCAN_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_scan_B(...) COLLALG__NCAT(COLLALG__OSCAN_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OSCAN_A_M(...) COLLALG__OSCAN(__VA_ARGS__) COLLALG__OPEN_scan_B
#define COLLALG__OSCAN_B_M(...) COLLALG__OSCAN(__VA_ARGS__) COLLALG__OPEN_scan_A
#define COLLALG__OSCAN_A_E(x)
#define COLLALG__OSCAN_B_E(x)
#define COLLALG__OPEN_exscan_A(...) COLLALG__NCAT(COLLALG__OEXSCAN_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OPEN_exscan_B(...) COLLALG__NCAT(COLLALG__OEXSCAN_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__OEXSCAN_A_M(...) COLLALG__OEXSCAN(__VA_ARGS__) COLLALG__OPEN_exscan_B
#define COLLALG__OEXSCAN_B_M(...) COLLALG__OEXSCAN(__VA_ARGS__) COLLALG__OPEN_exscan_A
#define COLLALG__OEXSCAN_A_E(x)
#define COLLALG__OEXSCAN_B_E(x)
/* The nonblocking collectives' walkers: one generic step, told its collective and the walker that
 * follows it; the call's arguments (the blocking collective's, then the request) and the operation
 * the restrictions look at come from COLLALG__IARGS_<icoll> and COLLALG__IOP_<icoll>. */
#define COLLALG__ISTEP(coll, next, ...) \
    COLLALG__NCAT(COLLALG__ISTEP_, COLLALG__KIND(__VA_ARGS__))(coll, next, __VA_ARGS__)
#define COLLALG__ISTEP_M(coll, next, ...) \
    COLLALG__OPEN(collalg_##coll##_, coll, COLLALG__IOP_##coll, COLLALG__IARGS_##coll, __VA_ARGS__) next
#define COLLALG__ISTEP_E(coll, next, x)
#define COLLALG__IOP_ibarrier MPI_OP_NULL
#define COLLALG__IOP_ibcast MPI_OP_NULL
#define COLLALG__IOP_igather MPI_OP_NULL
#define COLLALG__IOP_igatherv MPI_OP_NULL
#define COLLALG__IOP_iscatter MPI_OP_NULL
#define COLLALG__IOP_iscatterv MPI_OP_NULL
#define COLLALG__IOP_iallgather MPI_OP_NULL
#define COLLALG__IOP_iallgatherv MPI_OP_NULL
#define COLLALG__IOP_ialltoall MPI_OP_NULL
#define COLLALG__IOP_ialltoallv MPI_OP_NULL
#define COLLALG__IOP_ialltoallw MPI_OP_NULL
#define COLLALG__IOP_ireduce op
#define COLLALG__IOP_iallreduce op
#define COLLALG__IOP_ireduce_scatter_block op
#define COLLALG__IOP_ireduce_scatter op
#define COLLALG__IOP_iscan op
#define COLLALG__IOP_iexscan op
#define COLLALG__IARGS_ibarrier (comm, request)
#define COLLALG__IARGS_ibcast (buffer, count, datatype, root, comm, request)
#define COLLALG__IARGS_igather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request)
#define COLLALG__IARGS_iscatter COLLALG__IARGS_igather
#define COLLALG__IARGS_igatherv \
    (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request)
#define COLLALG__IARGS_iscatterv \
    (sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request)
#define COLLALG__IARGS_iallgather (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request)
#define COLLALG__IARGS_ialltoall COLLALG__IARGS_iallgather
#define COLLALG__IARGS_iallgatherv (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request)
#define COLLALG__IARGS_ialltoallv \
    (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request)
#define COLLALG__IARGS_ialltoallw \
    (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request)
#define COLLALG__IARGS_ireduce (sendbuf, recvbuf, count, datatype, op, root, comm, request)
#define COLLALG__IARGS_iallreduce (sendbuf, recvbuf, count, datatype, op, comm, request)
#define COLLALG__IARGS_iscan COLLALG__IARGS_iallreduce
#define COLLALG__IARGS_iexscan COLLALG__IARGS_iallreduce
#define COLLALG__IARGS_ireduce_scatter_block (sendbuf, recvbuf, recvcount, datatype, op, comm, request)
#define COLLALG__IARGS_ireduce_scatter (sendbuf, recvbuf, recvcounts, datatype, op, comm, request)
#define COLLALG__OPEN_ibarrier_A(...) COLLALG__ISTEP(ibarrier, COLLALG__OPEN_ibarrier_B, __VA_ARGS__)
#define COLLALG__OPEN_ibarrier_B(...) COLLALG__ISTEP(ibarrier, COLLALG__OPEN_ibarrier_A, __VA_ARGS__)
#define COLLALG__OPEN_ibcast_A(...) COLLALG__ISTEP(ibcast, COLLALG__OPEN_ibcast_B, __VA_ARGS__)
#define COLLALG__OPEN_ibcast_B(...) COLLALG__ISTEP(ibcast, COLLALG__OPEN_ibcast_A, __VA_ARGS__)
#define COLLALG__OPEN_igather_A(...) COLLALG__ISTEP(igather, COLLALG__OPEN_igather_B, __VA_ARGS__)
#define COLLALG__OPEN_igather_B(...) COLLALG__ISTEP(igather, COLLALG__OPEN_igather_A, __VA_ARGS__)
#define COLLALG__OPEN_igatherv_A(...) COLLALG__ISTEP(igatherv, COLLALG__OPEN_igatherv_B, __VA_ARGS__)
#define COLLALG__OPEN_igatherv_B(...) COLLALG__ISTEP(igatherv, COLLALG__OPEN_igatherv_A, __VA_ARGS__)
#define COLLALG__OPEN_iscatter_A(...) COLLALG__ISTEP(iscatter, COLLALG__OPEN_iscatter_B, __VA_ARGS__)
#define COLLALG__OPEN_iscatter_B(...) COLLALG__ISTEP(iscatter, COLLALG__OPEN_iscatter_A, __VA_ARGS__)
#define COLLALG__OPEN_iscatterv_A(...) COLLALG__ISTEP(iscatterv, COLLALG__OPEN_iscatterv_B, __VA_ARGS__)
#define COLLALG__OPEN_iscatterv_B(...) COLLALG__ISTEP(iscatterv, COLLALG__OPEN_iscatterv_A, __VA_ARGS__)
#define COLLALG__OPEN_iallgather_A(...) COLLALG__ISTEP(iallgather, COLLALG__OPEN_iallgather_B, __VA_ARGS__)
#define COLLALG__OPEN_iallgather_B(...) COLLALG__ISTEP(iallgather, COLLALG__OPEN_iallgather_A, __VA_ARGS__)
#define COLLALG__OPEN_iallgatherv_A(...) COLLALG__ISTEP(iallgatherv, COLLALG__OPEN_iallgatherv_B, __VA_ARGS__)
#define COLLALG__OPEN_iallgatherv_B(...) COLLALG__ISTEP(iallgatherv, COLLALG__OPEN_iallgatherv_A, __VA_ARGS__)
#define COLLALG__OPEN_ialltoall_A(...) COLLALG__ISTEP(ialltoall, COLLALG__OPEN_ialltoall_B, __VA_ARGS__)
#define COLLALG__OPEN_ialltoall_B(...) COLLALG__ISTEP(ialltoall, COLLALG__OPEN_ialltoall_A, __VA_ARGS__)
#define COLLALG__OPEN_ialltoallv_A(...) COLLALG__ISTEP(ialltoallv, COLLALG__OPEN_ialltoallv_B, __VA_ARGS__)
#define COLLALG__OPEN_ialltoallv_B(...) COLLALG__ISTEP(ialltoallv, COLLALG__OPEN_ialltoallv_A, __VA_ARGS__)
#define COLLALG__OPEN_ialltoallw_A(...) COLLALG__ISTEP(ialltoallw, COLLALG__OPEN_ialltoallw_B, __VA_ARGS__)
#define COLLALG__OPEN_ialltoallw_B(...) COLLALG__ISTEP(ialltoallw, COLLALG__OPEN_ialltoallw_A, __VA_ARGS__)
#define COLLALG__OPEN_ireduce_A(...) COLLALG__ISTEP(ireduce, COLLALG__OPEN_ireduce_B, __VA_ARGS__)
#define COLLALG__OPEN_ireduce_B(...) COLLALG__ISTEP(ireduce, COLLALG__OPEN_ireduce_A, __VA_ARGS__)
#define COLLALG__OPEN_iallreduce_A(...) COLLALG__ISTEP(iallreduce, COLLALG__OPEN_iallreduce_B, __VA_ARGS__)
#define COLLALG__OPEN_iallreduce_B(...) COLLALG__ISTEP(iallreduce, COLLALG__OPEN_iallreduce_A, __VA_ARGS__)
#define COLLALG__OPEN_ireduce_scatter_block_A(...) \
    COLLALG__ISTEP(ireduce_scatter_block, COLLALG__OPEN_ireduce_scatter_block_B, __VA_ARGS__)
#define COLLALG__OPEN_ireduce_scatter_block_B(...) \
    COLLALG__ISTEP(ireduce_scatter_block, COLLALG__OPEN_ireduce_scatter_block_A, __VA_ARGS__)
#define COLLALG__OPEN_ireduce_scatter_A(...) \
    COLLALG__ISTEP(ireduce_scatter, COLLALG__OPEN_ireduce_scatter_B, __VA_ARGS__)
#define COLLALG__OPEN_ireduce_scatter_B(...) \
    COLLALG__ISTEP(ireduce_scatter, COLLALG__OPEN_ireduce_scatter_A, __VA_ARGS__)
#define COLLALG__OPEN_iscan_A(...) COLLALG__ISTEP(iscan, COLLALG__OPEN_iscan_B, __VA_ARGS__)
#define COLLALG__OPEN_iscan_B(...) COLLALG__ISTEP(iscan, COLLALG__OPEN_iscan_A, __VA_ARGS__)
#define COLLALG__OPEN_iexscan_A(...) COLLALG__ISTEP(iexscan, COLLALG__OPEN_iexscan_B, __VA_ARGS__)
#define COLLALG__OPEN_iexscan_B(...) COLLALG__ISTEP(iexscan, COLLALG__OPEN_iexscan_A, __VA_ARGS__)
#define COLLALG__CLOSE_A(...) COLLALG__NCAT(COLLALG__CLOSE_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__CLOSE_B(...) COLLALG__NCAT(COLLALG__CLOSE_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
/* clang-format off */
#define COLLALG__CLOSE_A_M(...) } COLLALG__CLOSE_B
#define COLLALG__CLOSE_B_M(...) } COLLALG__CLOSE_A
/* clang-format on */
#define COLLALG__CLOSE_A_E(x)
#define COLLALG__CLOSE_B_E(x)

/* Does the choice for p = collalg__ps depend on n? The first rule whose process range holds p
 * decides: n-independent when it covers [0, COLLALG_INF); no such rule: always native. */
/* clang-format off */
#define COLLALG__FLAT1(pmin, pmax, lo, hi, ...)                                                             \
    if (!collalg__seen && collalg__ps >= (pmin) && collalg__ps <= (pmax))                                   \
        collalg__seen = 1, collalg__flat = (lo) == 0 && (hi) == COLLALG_INF;
/* clang-format on */
#define COLLALG__FLAT_A(...) COLLALG__NCAT(COLLALG__FLAT_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__FLAT_B(...) COLLALG__NCAT(COLLALG__FLAT_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__FLAT_A_M(...) COLLALG__FLAT1(__VA_ARGS__) COLLALG__FLAT_B
#define COLLALG__FLAT_B_M(...) COLLALG__FLAT1(__VA_ARGS__) COLLALG__FLAT_A
#define COLLALG__FLAT_A_E(x)
#define COLLALG__FLAT_B_E(x)
/* A measure that communicates only when the choice for this p depends on n: `stmt` reads
 * collalg__flat (1: every rule for this p covers [0, COLLALG_INF), or none holds p). */
/* clang-format off */
#define COLLALG__MEASURE_IF_NEEDED(rules, stmt)                                                             \
    {                                                                                                       \
        long long collalg__ps = collalg__select_procs(comm);                                                \
        int collalg__seen = 0, collalg__flat = 1;                                                           \
        (void)collalg__seen, (void)collalg__ps; /* no rules: nothing reads them */                          \
        COLLALG__FLAT_A rules(~)                                                                             \
        stmt;                                                                                               \
    }
/* The alltoallv measure: the allreduce only when the choice for this p depends on n. */
#define COLLALG__A2AV_MEASURE(rules)                                                                        \
    COLLALG__MEASURE_IF_NEEDED(rules,                                                                       \
        collalg__select_measure_v(comm, recvcounts, recvtype,                                               \
                                  collalg__flat ? COLLALG__MEAN_NONE : COLLALG__MEAN_GLOBAL, &collalg__n,   \
                                  &collalg__pi))
/* clang-format on */

/* The number of rules of a rule list, as a constant expression: (0 +1 +1 ...). */
#define COLLALG__COUNT_A(...) COLLALG__NCAT(COLLALG__COUNT_A_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__COUNT_B(...) COLLALG__NCAT(COLLALG__COUNT_B_, COLLALG__KIND(__VA_ARGS__))(__VA_ARGS__)
#define COLLALG__COUNT_A_M(...) +1 COLLALG__COUNT_B
#define COLLALG__COUNT_B_M(...) +1 COLLALG__COUNT_A
#define COLLALG__COUNT_A_E(x)
#define COLLALG__COUNT_B_E(x)

/* Body shared by the routines: measure, walk the rules, fall back to the native call. `measure` is a
 * statement that sets collalg__n and collalg__pi. A routine without rules goes straight to the
 * native call, without a query or an agreement (the hook sees n = -1, p = 0), unless the trace is
 * on; the rule count is a compile-time constant, so routines with rules pay nothing for it. */
/* clang-format off */
#define COLLALG__BODY_M(coll, measure, rules, native)                                                      \
    {                                                                                                        \
        long long collalg__n;                                                                                \
        long long collalg__p;                                                                                \
        int collalg__pi;                                                                                     \
        if ((0 COLLALG__COUNT_A rules(~)) == 0 && collalg__select_verbose() <= 0) {                        \
            COLLALG_SELECT_HOOK(__func__, "native", -1LL, 0);                                                \
            return native;                                                                                   \
        }                                                                                                    \
        measure;                                                                                             \
        collalg__p = collalg__pi;                                                                            \
        (void)collalg__p;                                                                                    \
        {                                                                                                    \
            enum { collalg__pa = 0, collalg__pb = 0, collalg__lo = 0, collalg__hi = 0 };                                      \
            COLLALG__OPEN_##coll##_A rules(~) {                                                              \
                COLLALG_SELECT_HOOK(__func__, "native", collalg__n, collalg__pi);                            \
                if (collalg__select_verbose() > 0)                                                           \
                    collalg__select_say(__func__, "native", collalg__n, collalg__pi, comm);                      \
                return native;                                                                               \
            }                                                                                                \
            COLLALG__CLOSE_A rules(~)                                                                        \
        }                                                                                                    \
    }
/* clang-format on */
/* The body of the collectives whose n is count * size(type). */
/* clang-format off */
#define COLLALG__BODY(coll, count, type, rules, native)                                                      \
    COLLALG__BODY_M(coll, collalg__select_measure(comm, count, type, &collalg__n, &collalg__pi), rules, native)
/* clang-format on */
/** @endcond */

/**
 * @brief Defines `static inline int name(const void *sendbuf, int sendcount, MPI_Datatype
 *        sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)`, an
 *        MPI_Alltoall that runs the first matching rule of @p rules (see the file comment).
 *
 * Buffers, types and errors are those of MPI_Alltoall and of the algorithm that runs. The size
 * the thresholds compare is the per-pair block, recvcount * size(recvtype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `alltoall` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_ALLTOALL(name, rules)                                                                  \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,        \
                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm)                             \
    COLLALG__BODY(alltoall, recvcount, recvtype, rules,                                         \
                         COLLALG_MPI(Alltoall)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,   \
                                               comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Allgather-shaped `static inline int name(...)` that runs the first
 *        matching rule of @p rules. The size compared is the per-process block,
 *        recvcount * size(recvtype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `allgather` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_ALLGATHER(name, rules)                                                                 \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,        \
                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm)                             \
    COLLALG__BODY(allgather, recvcount, recvtype, rules,                                        \
                         COLLALG_MPI(Allgather)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,  \
                                                comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Allreduce-shaped `static inline int name(const void *sendbuf, void
 *        *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)` that runs the
 *        first matching rule of @p rules. The size compared is the whole vector,
 *        count * size(datatype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `allreduce` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_ALLREDUCE(name, rules)                                                                 \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,  \
                            MPI_Comm comm)                                                                   \
    COLLALG__BODY(allreduce, count, datatype, rules,                                            \
                         COLLALG_MPI(Allreduce)(sendbuf, recvbuf, count, datatype, op, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Bcast-shaped `static inline int name(void *buffer, int count,
 *        MPI_Datatype datatype, int root, MPI_Comm comm)` that runs the first matching rule of
 *        @p rules. The size compared is the whole vector, count * size(datatype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `bcast` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_BCAST(name, rules)                                                                     \
    COLLALG_INLINE int name(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)         \
    COLLALG__BODY(bcast, count, datatype, rules,                                                \
                         COLLALG_MPI(Bcast)(buffer, count, datatype, root, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Alltoallv-shaped `static inline int name(const void *sendbuf, const int
 *        sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int
 *        recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)` that runs the
 *        first matching rule of @p rules.
 *
 * The size compared is the mean per-pair block of the whole count matrix,
 * (sum over all ranks of sum_j recvcounts[j] * size(recvtype)) / p^2 bytes, rounded down; every
 * rank computes it with one MPI_Allreduce of one long long on @p comm (see the file comment), so
 * each call costs that allreduce besides the algorithm, unless the rules for this p do not depend
 * on n (then n = 0 is reported and no message is sent). Buffers, types and errors are those of
 * MPI_Alltoallv and of the algorithm that runs.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `alltoallv` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_ALLTOALLV(name, rules)                                                                 \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int sdispls[],                \
                            MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], \
                            MPI_Datatype recvtype, MPI_Comm comm)                                            \
    COLLALG__BODY_M(alltoallv,                                                                               \
                    COLLALG__A2AV_MEASURE(rules),                                                            \
                    rules,                                                                                   \
                    COLLALG_MPI(Alltoallv)(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts,      \
                                           rdispls, recvtype, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Allgatherv-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int
 *        displs[], MPI_Datatype recvtype, MPI_Comm comm)` that runs the first matching rule of
 *        @p rules. The size compared is the mean per-process block,
 *        (sum_j recvcounts[j] * size(recvtype)) / p bytes, rounded down (no communication).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `allgatherv` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_ALLGATHERV(name, rules)                                                                \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,        \
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) \
    COLLALG__BODY_M(allgatherv,                                                                              \
                    collalg__select_measure_v(comm, recvcounts, recvtype, COLLALG__MEAN_LOCAL, &collalg__n,  \
                                              &collalg__pi),                                                 \
                    rules,                                                                                   \
                    COLLALG_MPI(Allgatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,       \
                                            recvtype, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Barrier-shaped `static inline int name(MPI_Comm comm)` that runs the first
 *        matching rule of @p rules. A barrier carries no data: n is 0, so the rules select by
 *        process count, `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm [, parameters])`
 *        (`COLLALG_RULE(0, COLLALG_INF, ...)` for every p).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `barrier` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_BARRIER(name, rules)                                                                   \
    COLLALG_INLINE int name(MPI_Comm comm)                                                                   \
    COLLALG__BODY_M(barrier, collalg__select_measure_p(comm, &collalg__n, &collalg__pi), rules,              \
                    COLLALG_MPI(Barrier)(comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Reduce-shaped `static inline int name(const void *sendbuf, void *recvbuf,
 *        int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)` that runs the
 *        first matching rule of @p rules. The size compared is the whole vector,
 *        count * size(datatype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `reduce` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_REDUCE(name, rules)                                                                    \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,  \
                            int root, MPI_Comm comm)                                                         \
    COLLALG__BODY(reduce, count, datatype, rules,                                                            \
                  COLLALG_MPI(Reduce)(sendbuf, recvbuf, count, datatype, op, root, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Gather-shaped `static inline int name(const void *sendbuf, int sendcount,
 *        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
 *        MPI_Comm comm)` that runs the first matching rule of @p rules. The size compared is one
 *        process's block, sendcount * size(sendtype) bytes (recvcount * size(recvtype) at a root
 *        that passes MPI_IN_PLACE), with no communication.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `gather` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_GATHER(name, rules)                                                                    \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,        \
                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)                   \
    COLLALG__BODY_M(gather,                                                                                  \
                    collalg__select_measure_rooted(comm, root, sendbuf == MPI_IN_PLACE, sendcount, sendtype, \
                                                   recvcount, recvtype, &collalg__n, &collalg__pi),          \
                    rules,                                                                                   \
                    COLLALG_MPI(Gather)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,    \
                                        comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Scatter-shaped `static inline int name(const void *sendbuf, int sendcount,
 *        MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
 *        MPI_Comm comm)` that runs the first matching rule of @p rules. The size compared is one
 *        process's block, recvcount * size(recvtype) bytes (sendcount * size(sendtype) at a root
 *        that passes MPI_IN_PLACE), with no communication.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `scatter` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_SCATTER(name, rules)                                                                   \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,        \
                            int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)                   \
    COLLALG__BODY_M(scatter,                                                                                 \
                    collalg__select_measure_rooted(comm, root, recvbuf == MPI_IN_PLACE, recvcount, recvtype, \
                                                   sendcount, sendtype, &collalg__n, &collalg__pi),          \
                    rules,                                                                                   \
                    COLLALG_MPI(Scatter)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root,   \
                                         comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Gatherv-shaped `static inline int name(const void *sendbuf, int sendcount,
 *        MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[],
 *        MPI_Datatype recvtype, int root, MPI_Comm comm)` that runs the first matching rule of
 *        @p rules. The size compared is the mean per-process block the root receives,
 *        (sum_j recvcounts[j] * size(recvtype)) / p bytes, broadcast from the root with one 8-byte
 *        MPI_Bcast when the choice for this p depends on it (see the file comment).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `gatherv` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_GATHERV(name, rules)                                                                   \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,        \
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,     \
                            MPI_Comm comm)                                                                   \
    COLLALG__BODY_M(gatherv,                                                                                 \
                    COLLALG__MEASURE_IF_NEEDED(rules,                                                        \
                        collalg__select_measure_rootv(comm, root, recvcounts, recvtype, !collalg__flat,      \
                                                      &collalg__n, &collalg__pi)),                           \
                    rules,                                                                                   \
                    COLLALG_MPI(Gatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,          \
                                         recvtype, root, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Scatterv-shaped `static inline int name(const void *sendbuf, const int
 *        sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount,
 *        MPI_Datatype recvtype, int root, MPI_Comm comm)` that runs the first matching rule of
 *        @p rules. The size compared is the mean per-process block the root sends,
 *        (sum_j sendcounts[j] * size(sendtype)) / p bytes, broadcast from the root with one 8-byte
 *        MPI_Bcast when the choice for this p depends on it (see the file comment).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `scatterv` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_SCATTERV(name, rules)                                                                  \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int displs[],                 \
                            MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,      \
                            int root, MPI_Comm comm)                                                         \
    COLLALG__BODY_M(scatterv,                                                                                \
                    COLLALG__MEASURE_IF_NEEDED(rules,                                                        \
                        collalg__select_measure_rootv(comm, root, sendcounts, sendtype, !collalg__flat,      \
                                                      &collalg__n, &collalg__pi)),                           \
                    rules,                                                                                   \
                    COLLALG_MPI(Scatterv)(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,         \
                                          recvtype, root, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Alltoallw-shaped `static inline int name(const void *sendbuf, const int
 *        sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const
 *        int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)`
 *        that runs the first matching rule of @p rules. The size compared is the mean per-pair
 *        block of the whole exchange, (sum over ranks of sum_j recvcounts[j] *
 *        size(recvtypes[j])) / p^2 bytes, summed by one 8-byte MPI_Allreduce when the choice for
 *        this p depends on it (see the file comment).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `alltoallw` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_ALLTOALLW(name, rules)                                                                 \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int sdispls[],                \
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],           \
                            const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)              \
    COLLALG__BODY_M(alltoallw,                                                                               \
                    COLLALG__MEASURE_IF_NEEDED(rules,                                                        \
                        collalg__select_measure_w(comm, recvcounts, recvtypes, !collalg__flat, &collalg__n,  \
                                                  &collalg__pi)),                                            \
                    rules,                                                                                   \
                    COLLALG_MPI(Alltoallw)(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts,     \
                                           rdispls, recvtypes, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Reduce_scatter_block-shaped `static inline int name(const void *sendbuf,
 *        void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)` that runs
 *        the first matching rule of @p rules. The size compared is the whole vector,
 *        p * recvcount * size(datatype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `reduce_scatter_block`
 *        algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_REDUCE_SCATTER_BLOCK(name, rules)                                                      \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype,        \
                            MPI_Op op, MPI_Comm comm)                                                        \
    COLLALG__BODY_M(reduce_scatter_block,                                                                    \
                    collalg__select_measure_sum(comm, &recvcount, 1, datatype, &collalg__n, &collalg__pi),   \
                    rules,                                                                                   \
                    COLLALG_MPI(Reduce_scatter_block)(sendbuf, recvbuf, recvcount, datatype, op, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Reduce_scatter-shaped `static inline int name(const void *sendbuf, void
 *        *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)` that
 *        runs the first matching rule of @p rules. The size compared is the whole vector,
 *        sum_j recvcounts[j] * size(datatype) bytes (every rank passes the same counts).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `reduce_scatter`
 *        algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_REDUCE_SCATTER(name, rules)                                                            \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, \
                            MPI_Op op, MPI_Comm comm)                                                        \
    COLLALG__BODY_M(reduce_scatter,                                                                          \
                    collalg__select_measure_sum(comm, recvcounts, 0, datatype, &collalg__n, &collalg__pi),   \
                    rules,                                                                                   \
                    COLLALG_MPI(Reduce_scatter)(sendbuf, recvbuf, recvcounts, datatype, op, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Scan-shaped `static inline int name(const void *sendbuf, void *recvbuf, int
 *        count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)` that runs the first matching rule
 *        of @p rules. The size compared is the whole vector, count * size(datatype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `scan` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_SCAN(name, rules)                                                                      \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,  \
                            MPI_Comm comm)                                                                   \
    COLLALG__BODY(scan, count, datatype, rules, COLLALG_MPI(Scan)(sendbuf, recvbuf, count, datatype, op, comm))
/* clang-format on */

/**
 * @brief Defines an MPI_Exscan-shaped `static inline int name(const void *sendbuf, void *recvbuf,
 *        int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)` that runs the first matching
 *        rule of @p rules. The size compared is the whole vector, count * size(datatype) bytes.
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `exscan` algorithms
 */
/* clang-format off */
#define COLLALG_TUNED_EXSCAN(name, rules)                                                                    \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,  \
                            MPI_Comm comm)                                                                   \
    COLLALG__BODY(exscan, count, datatype, rules,                                                            \
                  COLLALG_MPI(Exscan)(sendbuf, recvbuf, count, datatype, op, comm))
/* clang-format on */

/** @cond COLLALG_INTERNAL */
/* MPI_Igather and MPI_Iscatter (one argument list): the block of the side `inplace` leaves
 * meaningful at the root (collalg__select_measure_rooted()). */
#define COLLALG__TUNED_IROOTED(name, rules, coll, Coll, inplace, count, type, alt_count, alt_type)                   \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, \
                            MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)                    \
        COLLALG__BODY_M(                                                                                             \
            coll,                                                                                                    \
            collalg__select_measure_rooted(comm, root, inplace, count, type, alt_count, alt_type, &collalg__n,       \
                                           &collalg__pi),                                                            \
            rules, COLLALG_MPI(Coll)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request))
/* MPI_Iallgather and MPI_Ialltoall (one argument list): the receive block. */
#define COLLALG__TUNED_ITRANSPORT(name, rules, coll, Coll)                                                           \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, \
                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)                              \
        COLLALG__BODY_M(coll, collalg__select_measure(comm, recvcount, recvtype, &collalg__n, &collalg__pi), rules,  \
                        COLLALG_MPI(Coll)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request))
/* MPI_Iallreduce, MPI_Iscan and MPI_Iexscan (one argument list): the whole vector. */
#define COLLALG__TUNED_IVEC(name, rules, coll, Coll)                                                            \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,    \
                            MPI_Comm comm, MPI_Request *request)                                                \
        COLLALG__BODY_M(coll, collalg__select_measure(comm, count, datatype, &collalg__n, &collalg__pi), rules, \
                        COLLALG_MPI(Coll)(sendbuf, recvbuf, count, datatype, op, comm, request))
/* MPI_Ireduce_scatter_block (`counts` one int, ncounts 1) and MPI_Ireduce_scatter (an array, 0): the
 * whole vector (collalg__select_measure_sum()); `decl` declares the argument `arg`. */
#define COLLALG__TUNED_IRS(name, rules, coll, Coll, decl, arg, counts, ncounts)                                        \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, decl, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, \
                            MPI_Request *request)                                                                      \
        COLLALG__BODY_M(coll, collalg__select_measure_sum(comm, counts, ncounts, datatype, &collalg__n, &collalg__pi), \
                        rules, COLLALG_MPI(Coll)(sendbuf, recvbuf, arg, datatype, op, comm, request))
/** @endcond */

/**
 * @brief Defines an MPI_Ibarrier-shaped `static inline int name(MPI_Comm comm, MPI_Request
 *        *request)` that starts the first matching rule of @p rules (or the native MPI_Ibarrier)
 *        and returns its request in *request.
 *
 * A barrier carries no data: n is 0 and the rules select by process count, as for
 * COLLALG_TUNED_BARRIER(). The algorithms are `collalg_ibarrier_<algorithm>`
 * (include/collalg/ibarrier/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ibarrier` algorithms
 */
#define COLLALG_TUNED_IBARRIER(name, rules)                                                          \
    COLLALG_INLINE int name(MPI_Comm comm, MPI_Request *request)                                     \
        COLLALG__BODY_M(ibarrier, collalg__select_measure_p(comm, &collalg__n, &collalg__pi), rules, \
                        COLLALG_MPI(Ibarrier)(comm, request))

/**
 * @brief Defines an MPI_Ibcast-shaped `static inline int name(void *buffer, int count,
 *        MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)` that starts the
 *        first matching rule of @p rules (or the native MPI_Ibcast) and returns its request in
 *        *request.
 *
 * The size compared is the whole vector, count * size(datatype) bytes. The algorithms are
 * `collalg_ibcast_<algorithm>` (include/collalg/ibcast/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ibcast` algorithms
 */
#define COLLALG_TUNED_IBCAST(name, rules)                                                                         \
    COLLALG_INLINE int name(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,              \
                            MPI_Request *request)                                                                 \
        COLLALG__BODY_M(ibcast, collalg__select_measure(comm, count, datatype, &collalg__n, &collalg__pi), rules, \
                        COLLALG_MPI(Ibcast)(buffer, count, datatype, root, comm, request))

/**
 * @brief Defines an MPI_Igather-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
 *        int root, MPI_Comm comm, MPI_Request *request)` that starts the first matching rule of
 *        @p rules (or the native MPI_Igather) and returns its request in *request.
 *
 * The size compared is one process's block, sendcount * size(sendtype) bytes (recvcount *
 * size(recvtype) at a root that passes MPI_IN_PLACE), with no communication. The algorithms are
 * `collalg_igather_<algorithm>` (include/collalg/igather/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `igather` algorithms
 */
#define COLLALG_TUNED_IGATHER(name, rules)                                                                         \
    COLLALG__TUNED_IROOTED(name, rules, igather, Igather, sendbuf == MPI_IN_PLACE, sendcount, sendtype, recvcount, \
                           recvtype)

/**
 * @brief Defines an MPI_Igatherv-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int
 *        displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)` that
 *        starts the first matching rule of @p rules (or the native MPI_Igatherv) and returns its
 *        request in *request.
 *
 * No size is compared (n = 0: see "Nonblocking collectives" in the file comment): the rules
 * select by process count, `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm)`. The
 * algorithms are `collalg_igatherv_<algorithm>` (include/collalg/igatherv/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `igatherv` algorithms
 */
#define COLLALG_TUNED_IGATHERV(name, rules)                                                                            \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                  \
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,               \
                            MPI_Comm comm, MPI_Request *request)                                                       \
        COLLALG__BODY_M(igatherv,                                                                                      \
                        collalg__select_measure_rootv(comm, root, recvcounts, recvtype, 0, &collalg__n, &collalg__pi), \
                        rules,                                                                                         \
                        COLLALG_MPI(Igatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,     \
                                              root, comm, request))

/**
 * @brief Defines an MPI_Iscatter-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
 *        int root, MPI_Comm comm, MPI_Request *request)` that starts the first matching rule of
 *        @p rules (or the native MPI_Iscatter) and returns its request in *request.
 *
 * The size compared is one process's block, recvcount * size(recvtype) bytes (sendcount *
 * size(sendtype) at a root that passes MPI_IN_PLACE), with no communication. The algorithms are
 * `collalg_iscatter_<algorithm>` (include/collalg/iscatter/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iscatter` algorithms
 */
#define COLLALG_TUNED_ISCATTER(name, rules)                                                                          \
    COLLALG__TUNED_IROOTED(name, rules, iscatter, Iscatter, recvbuf == MPI_IN_PLACE, recvcount, recvtype, sendcount, \
                           sendtype)

/**
 * @brief Defines an MPI_Iscatterv-shaped `static inline int name(const void *sendbuf, const int
 *        sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount,
 *        MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)` that starts the
 *        first matching rule of @p rules (or the native MPI_Iscatterv) and returns its request in
 *        *request.
 *
 * No size is compared (n = 0: see "Nonblocking collectives" in the file comment): the rules
 * select by process count, `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm)`. The
 * algorithms are `collalg_iscatterv_<algorithm>` (include/collalg/iscatterv/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iscatterv` algorithms
 */
#define COLLALG_TUNED_ISCATTERV(name, rules)                                                                           \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,    \
                            void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm,              \
                            MPI_Request *request)                                                                      \
        COLLALG__BODY_M(iscatterv,                                                                                     \
                        collalg__select_measure_rootv(comm, root, sendcounts, sendtype, 0, &collalg__n, &collalg__pi), \
                        rules,                                                                                         \
                        COLLALG_MPI(Iscatterv)(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,    \
                                               root, comm, request))

/**
 * @brief Defines an MPI_Iallgather-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
 *        MPI_Comm comm, MPI_Request *request)` that starts the first matching rule of @p rules
 *        (or the native MPI_Iallgather) and returns its request in *request.
 *
 * The size compared is the per-process block, recvcount * size(recvtype) bytes. The algorithms
 * are `collalg_iallgather_<algorithm>` (include/collalg/iallgather/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iallgather` algorithms
 */
#define COLLALG_TUNED_IALLGATHER(name, rules) COLLALG__TUNED_ITRANSPORT(name, rules, iallgather, Iallgather)

/**
 * @brief Defines an MPI_Iallgatherv-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int
 *        displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)` that starts the
 *        first matching rule of @p rules (or the native MPI_Iallgatherv) and returns its request
 *        in *request.
 *
 * The size compared is the mean per-process block, (sum_j recvcounts[j] * size(recvtype)) / p
 * bytes, rounded down: every rank has every count, so it needs no message. The algorithms are
 * `collalg_iallgatherv_<algorithm>` (include/collalg/iallgatherv/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iallgatherv` algorithms
 */
#define COLLALG_TUNED_IALLGATHERV(name, rules)                                                                     \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,              \
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm,      \
                            MPI_Request *request)                                                                  \
        COLLALG__BODY_M(                                                                                           \
            iallgatherv,                                                                                           \
            collalg__select_measure_v(comm, recvcounts, recvtype, COLLALG__MEAN_LOCAL, &collalg__n, &collalg__pi), \
            rules,                                                                                                 \
            COLLALG_MPI(Iallgatherv)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,    \
                                     request))

/**
 * @brief Defines an MPI_Ialltoall-shaped `static inline int name(const void *sendbuf, int
 *        sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
 *        MPI_Comm comm, MPI_Request *request)` that starts the first matching rule of @p rules
 *        (or the native MPI_Ialltoall) and returns its request in *request.
 *
 * The size compared is the per-pair block, recvcount * size(recvtype) bytes. The algorithms are
 * `collalg_ialltoall_<algorithm>` (include/collalg/ialltoall/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ialltoall` algorithms
 */
#define COLLALG_TUNED_IALLTOALL(name, rules) COLLALG__TUNED_ITRANSPORT(name, rules, ialltoall, Ialltoall)

/**
 * @brief Defines an MPI_Ialltoallv-shaped `static inline int name(const void *sendbuf, const int
 *        sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int
 *        recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request
 *        *request)` that starts the first matching rule of @p rules (or the native
 *        MPI_Ialltoallv) and returns its request in *request.
 *
 * No size is compared (n = 0: see "Nonblocking collectives" in the file comment): the rules
 * select by process count, `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm)`. The
 * algorithms are `collalg_ialltoallv_<algorithm>` (include/collalg/ialltoallv/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ialltoallv` algorithms
 */
#define COLLALG_TUNED_IALLTOALLV(name, rules)                                                                        \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, \
                            void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,       \
                            MPI_Comm comm, MPI_Request *request)                                                     \
        COLLALG__BODY_M(                                                                                             \
            ialltoallv,                                                                                              \
            collalg__select_measure_v(comm, recvcounts, recvtype, COLLALG__MEAN_NONE, &collalg__n, &collalg__pi),    \
            rules,                                                                                                   \
            COLLALG_MPI(Ialltoallv)(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,  \
                                    comm, request))

/**
 * @brief Defines an MPI_Ialltoallw-shaped `static inline int name(const void *sendbuf, const int
 *        sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const
 *        int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm,
 *        MPI_Request *request)` that starts the first matching rule of @p rules (or the native
 *        MPI_Ialltoallw) and returns its request in *request.
 *
 * No size is compared (n = 0: see "Nonblocking collectives" in the file comment): the rules
 * select by process count, `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm)`. The
 * algorithms are `collalg_ialltoallw_<algorithm>` (include/collalg/ialltoallw/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ialltoallw` algorithms
 */
#define COLLALG_TUNED_IALLTOALLW(name, rules)                                                                          \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int sdispls[],                          \
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],                     \
                            const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)  \
        COLLALG__BODY_M(ialltoallw,                                                                                    \
                        collalg__select_measure_w(comm, recvcounts, recvtypes, 0, &collalg__n, &collalg__pi), rules,   \
                        COLLALG_MPI(Ialltoallw)(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, \
                                                recvtypes, comm, request))

/**
 * @brief Defines an MPI_Ireduce-shaped `static inline int name(const void *sendbuf, void
 *        *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
 *        MPI_Request *request)` that starts the first matching rule of @p rules (or the native
 *        MPI_Ireduce) and returns its request in *request.
 *
 * The size compared is the whole vector, count * size(datatype) bytes. The algorithms are
 * `collalg_ireduce_<algorithm>` (include/collalg/ireduce/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ireduce` algorithms
 */
#define COLLALG_TUNED_IREDUCE(name, rules)                                                                             \
    COLLALG_INLINE int name(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, \
                            MPI_Comm comm, MPI_Request *request)                                                       \
        COLLALG__BODY_M(ireduce, collalg__select_measure(comm, count, datatype, &collalg__n, &collalg__pi), rules,     \
                        COLLALG_MPI(Ireduce)(sendbuf, recvbuf, count, datatype, op, root, comm, request))

/**
 * @brief Defines an MPI_Iallreduce-shaped `static inline int name(const void *sendbuf, void
 *        *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request
 *        *request)` that starts the first matching rule of @p rules (or the native
 *        MPI_Iallreduce) and returns its request in *request.
 *
 * The size compared is the whole vector, count * size(datatype) bytes. The algorithms are
 * `collalg_iallreduce_<algorithm>` (include/collalg/iallreduce/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iallreduce` algorithms
 */
#define COLLALG_TUNED_IALLREDUCE(name, rules) COLLALG__TUNED_IVEC(name, rules, iallreduce, Iallreduce)

/**
 * @brief Defines an MPI_Ireduce_scatter_block-shaped `static inline int name(const void *sendbuf,
 *        void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
 *        MPI_Request *request)` that starts the first matching rule of @p rules (or the native
 *        MPI_Ireduce_scatter_block) and returns its request in *request.
 *
 * The size compared is the whole vector, p * recvcount * size(datatype) bytes. The algorithms are
 * `collalg_ireduce_scatter_block_<algorithm>` (include/collalg/ireduce_scatter_block/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ireduce_scatter_block` algorithms
 */
#define COLLALG_TUNED_IREDUCE_SCATTER_BLOCK(name, rules)                                                    \
    COLLALG__TUNED_IRS(name, rules, ireduce_scatter_block, Ireduce_scatter_block, int recvcount, recvcount, \
                       &recvcount, 1)

/**
 * @brief Defines an MPI_Ireduce_scatter-shaped `static inline int name(const void *sendbuf, void
 *        *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
 *        MPI_Request *request)` that starts the first matching rule of @p rules (or the native
 *        MPI_Ireduce_scatter) and returns its request in *request.
 *
 * The size compared is the whole vector, sum_j recvcounts[j] * size(datatype) bytes (every rank
 * passes the same counts). The algorithms are `collalg_ireduce_scatter_<algorithm>`
 * (include/collalg/ireduce_scatter/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `ireduce_scatter` algorithms
 */
#define COLLALG_TUNED_IREDUCE_SCATTER(name, rules) \
    COLLALG__TUNED_IRS(name, rules, ireduce_scatter, Ireduce_scatter, const int recvcounts[], recvcounts, recvcounts, 0)

/**
 * @brief Defines an MPI_Iscan-shaped `static inline int name(const void *sendbuf, void *recvbuf,
 *        int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)` that
 *        starts the first matching rule of @p rules (or the native MPI_Iscan) and returns its
 *        request in *request.
 *
 * The size compared is the whole vector, count * size(datatype) bytes. The algorithms are
 * `collalg_iscan_<algorithm>` (include/collalg/iscan/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iscan` algorithms
 */
#define COLLALG_TUNED_ISCAN(name, rules) COLLALG__TUNED_IVEC(name, rules, iscan, Iscan)

/**
 * @brief Defines an MPI_Iexscan-shaped `static inline int name(const void *sendbuf, void
 *        *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request
 *        *request)` that starts the first matching rule of @p rules (or the native MPI_Iexscan)
 *        and returns its request in *request.
 *
 * The size compared is the whole vector, count * size(datatype) bytes. The algorithms are
 * `collalg_iexscan_<algorithm>` (include/collalg/iexscan/).
 * @param name the routine's name
 * @param rules consecutive COLLALG_RULE / COLLALG_RULE_P invocations naming `iexscan` algorithms
 */
#define COLLALG_TUNED_IEXSCAN(name, rules) COLLALG__TUNED_IVEC(name, rules, iexscan, Iexscan)

/** @cond COLLALG_INTERNAL */
/* The neighbourhood collectives: one rule of the routine of collective `coll` (its restrictions:
 * catalogue.h's COLLALG_NEIGHBOR rows) whose algorithms are `pre<algorithm>` with the arguments
 * `args`, then `next` (the other walker) on the following rule. */
#define COLLALG__NSTEP(pre, coll, args, next, ...) \
    COLLALG__NCAT(COLLALG__NSTEP_, COLLALG__KIND(__VA_ARGS__))(pre, coll, args, next, __VA_ARGS__)
#define COLLALG__NSTEP_M(pre, coll, args, next, ...) COLLALG__OPEN(pre, coll, MPI_OP_NULL, args, __VA_ARGS__) next
#define COLLALG__NSTEP_E(pre, coll, args, next, x)
#define COLLALG__NARGS_U (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm)
#define COLLALG__NARGS_GV (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm)
#define COLLALG__NARGS_V (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm)
#define COLLALG__NARGS_W (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm)
#define COLLALG__NARGS_IU (sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request)
#define COLLALG__NARGS_IGV (sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request)
#define COLLALG__NARGS_IV \
    (sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request)
#define COLLALG__NARGS_IW \
    (sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request)
/* clang-format off */
#define COLLALG__OPEN_neighbor_allgather_A(...) COLLALG__NSTEP(collalg_neighbor_allgather_, neighbor_allgather, COLLALG__NARGS_U, COLLALG__OPEN_neighbor_allgather_B, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_allgather_B(...) COLLALG__NSTEP(collalg_neighbor_allgather_, neighbor_allgather, COLLALG__NARGS_U, COLLALG__OPEN_neighbor_allgather_A, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_alltoall_A(...) COLLALG__NSTEP(collalg_neighbor_alltoall_, neighbor_alltoall, COLLALG__NARGS_U, COLLALG__OPEN_neighbor_alltoall_B, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_alltoall_B(...) COLLALG__NSTEP(collalg_neighbor_alltoall_, neighbor_alltoall, COLLALG__NARGS_U, COLLALG__OPEN_neighbor_alltoall_A, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_allgatherv_A(...) COLLALG__NSTEP(collalg_neighbor_allgatherv_, neighbor_allgatherv, COLLALG__NARGS_GV, COLLALG__OPEN_neighbor_allgatherv_B, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_allgatherv_B(...) COLLALG__NSTEP(collalg_neighbor_allgatherv_, neighbor_allgatherv, COLLALG__NARGS_GV, COLLALG__OPEN_neighbor_allgatherv_A, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_alltoallv_A(...) COLLALG__NSTEP(collalg_neighbor_alltoallv_, neighbor_alltoallv, COLLALG__NARGS_V, COLLALG__OPEN_neighbor_alltoallv_B, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_alltoallv_B(...) COLLALG__NSTEP(collalg_neighbor_alltoallv_, neighbor_alltoallv, COLLALG__NARGS_V, COLLALG__OPEN_neighbor_alltoallv_A, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_alltoallw_A(...) COLLALG__NSTEP(collalg_neighbor_alltoallw_, neighbor_alltoallw, COLLALG__NARGS_W, COLLALG__OPEN_neighbor_alltoallw_B, __VA_ARGS__)
#define COLLALG__OPEN_neighbor_alltoallw_B(...) COLLALG__NSTEP(collalg_neighbor_alltoallw_, neighbor_alltoallw, COLLALG__NARGS_W, COLLALG__OPEN_neighbor_alltoallw_A, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_allgather_A(...) COLLALG__NSTEP(collalg_ineighbor_allgather_, neighbor_allgather, COLLALG__NARGS_IU, COLLALG__OPEN_ineighbor_allgather_B, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_allgather_B(...) COLLALG__NSTEP(collalg_ineighbor_allgather_, neighbor_allgather, COLLALG__NARGS_IU, COLLALG__OPEN_ineighbor_allgather_A, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_alltoall_A(...) COLLALG__NSTEP(collalg_ineighbor_alltoall_, neighbor_alltoall, COLLALG__NARGS_IU, COLLALG__OPEN_ineighbor_alltoall_B, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_alltoall_B(...) COLLALG__NSTEP(collalg_ineighbor_alltoall_, neighbor_alltoall, COLLALG__NARGS_IU, COLLALG__OPEN_ineighbor_alltoall_A, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_allgatherv_A(...) COLLALG__NSTEP(collalg_ineighbor_allgatherv_, neighbor_allgatherv, COLLALG__NARGS_IGV, COLLALG__OPEN_ineighbor_allgatherv_B, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_allgatherv_B(...) COLLALG__NSTEP(collalg_ineighbor_allgatherv_, neighbor_allgatherv, COLLALG__NARGS_IGV, COLLALG__OPEN_ineighbor_allgatherv_A, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_alltoallv_A(...) COLLALG__NSTEP(collalg_ineighbor_alltoallv_, neighbor_alltoallv, COLLALG__NARGS_IV, COLLALG__OPEN_ineighbor_alltoallv_B, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_alltoallv_B(...) COLLALG__NSTEP(collalg_ineighbor_alltoallv_, neighbor_alltoallv, COLLALG__NARGS_IV, COLLALG__OPEN_ineighbor_alltoallv_A, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_alltoallw_A(...) COLLALG__NSTEP(collalg_ineighbor_alltoallw_, neighbor_alltoallw, COLLALG__NARGS_IW, COLLALG__OPEN_ineighbor_alltoallw_B, __VA_ARGS__)
#define COLLALG__OPEN_ineighbor_alltoallw_B(...) COLLALG__NSTEP(collalg_ineighbor_alltoallw_, neighbor_alltoallw, COLLALG__NARGS_IW, COLLALG__OPEN_ineighbor_alltoallw_A, __VA_ARGS__)
/* clang-format on */
/* The routine of the uniform collectives (neighbor_allgather, neighbor_alltoall, and their
 * nonblocking forms `i`coll with `request`): n the block this rank sends to each neighbour. */
#define COLLALG__TUNED_NU(name, rules, icoll, Coll, reqdecl, reqarg)                                                 \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, \
                            MPI_Datatype recvtype, MPI_Comm comm reqdecl)                                            \
        COLLALG__BODY_M(icoll, collalg__select_measure(comm, sendcount, sendtype, &collalg__n, &collalg__pi), rules, \
                        COLLALG_MPI(Coll)(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm reqarg))
/* neighbor_allgatherv: n the block this rank sends to each neighbour. */
#define COLLALG__TUNED_NGV(name, rules, icoll, Coll, reqdecl, reqarg)                                                 \
    COLLALG_INLINE int name(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,                 \
                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm reqdecl) \
        COLLALG__BODY_M(                                                                                              \
            icoll, collalg__select_measure(comm, sendcount, sendtype, &collalg__n, &collalg__pi), rules,              \
            COLLALG_MPI(Coll)(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm reqarg))
/* neighbor_alltoallv: by process count only (n = 0: a rank's blocks differ from rank to rank). */
#define COLLALG__TUNED_NV(name, rules, icoll, Coll, reqdecl, reqarg)                                                 \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, \
                            void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,       \
                            MPI_Comm comm reqdecl)                                                                   \
        COLLALG__BODY_M(icoll, collalg__select_measure(comm, 0, MPI_BYTE, &collalg__n, &collalg__pi), rules,         \
                        COLLALG_MPI(Coll)(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,      \
                                          recvtype, comm reqarg))
/* neighbor_alltoallw: by process count only. */
#define COLLALG__TUNED_NW(name, rules, icoll, Coll, reqdecl, reqarg)                                             \
    COLLALG_INLINE int name(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[],               \
                            const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[],               \
                            const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm reqdecl)     \
        COLLALG__BODY_M(icoll, collalg__select_measure(comm, 0, MPI_BYTE, &collalg__n, &collalg__pi), rules,     \
                        COLLALG_MPI(Coll)(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, \
                                          recvtypes, comm reqarg))
#define COLLALG__NREQ_DECL , MPI_Request *request
#define COLLALG__NREQ_ARG , request
/** @endcond */

/**
 * @name The neighbourhood collectives
 * `COLLALG_TUNED_NEIGHBOR_ALLGATHER`, `COLLALG_TUNED_NEIGHBOR_ALLGATHERV`,
 * `COLLALG_TUNED_NEIGHBOR_ALLTOALL`, `COLLALG_TUNED_NEIGHBOR_ALLTOALLV` and
 * `COLLALG_TUNED_NEIGHBOR_ALLTOALLW` define a routine with exactly the argument list of
 * `MPI_Neighbor_<coll>`, and `COLLALG_TUNED_INEIGHBOR_<COLL>` one with that of
 * `MPI_Ineighbor_<coll>`, whose rules name the algorithms of catalogue.h's COLLALG_NEIGHBOR table
 * (`linear`; `combining` for allgather and alltoall, which takes the grid of a graph communicator
 * as two parameters: write `COLLALG_RULE(lo, hi, combining, 0, 0)` for the ring of the p ranks;
 * the trace then says `combining(0, 0)`). When no rule matches the routine calls the native collective. The size n the rules
 * compare is the block this rank sends to each neighbour, sendcount * size(sendtype) bytes, for
 * allgather, allgatherv and alltoall; the v and w alltoalls select by process count only (n = 0;
 * write `COLLALG_RULE_P(pmin, pmax, 0, COLLALG_INF, algorithm)`). A `combining` rule applies where
 * the neighbourhood is isomorphic (#COLLALG_R_ISOMORPHIC, tested as collalg__select_broken() says:
 * collective on a graph communicator's first call, then cached), else the next rule is tried.
 * The trace and the hooks are those of the other collectives.
 * @code
 *   COLLALG_TUNED_NEIGHBOR_ALLGATHER(stencil_allgather,
 *       COLLALG_RULE(0,    4096,        combining, 0, 0)      // isomorphic: fewer messages
 *       COLLALG_RULE(0,    4096,        linear)               // the others
 *       COLLALG_RULE(4096, COLLALG_INF, linear))
 * @endcode
 * @{
 */
/** @brief A tuned `MPI_Neighbor_allgather` @p name running the first matching rule of @p rules. */
#define COLLALG_TUNED_NEIGHBOR_ALLGATHER(name, rules) \
    COLLALG__TUNED_NU(name, rules, neighbor_allgather, Neighbor_allgather, , )
/** @brief A tuned `MPI_Neighbor_allgatherv` @p name running the first matching rule of @p rules. */
#define COLLALG_TUNED_NEIGHBOR_ALLGATHERV(name, rules) \
    COLLALG__TUNED_NGV(name, rules, neighbor_allgatherv, Neighbor_allgatherv, , )
/** @brief A tuned `MPI_Neighbor_alltoall` @p name running the first matching rule of @p rules. */
#define COLLALG_TUNED_NEIGHBOR_ALLTOALL(name, rules) \
    COLLALG__TUNED_NU(name, rules, neighbor_alltoall, Neighbor_alltoall, , )
/** @brief A tuned `MPI_Neighbor_alltoallv` @p name running the first matching rule of @p rules. */
#define COLLALG_TUNED_NEIGHBOR_ALLTOALLV(name, rules) \
    COLLALG__TUNED_NV(name, rules, neighbor_alltoallv, Neighbor_alltoallv, , )
/** @brief A tuned `MPI_Neighbor_alltoallw` @p name running the first matching rule of @p rules. */
#define COLLALG_TUNED_NEIGHBOR_ALLTOALLW(name, rules) \
    COLLALG__TUNED_NW(name, rules, neighbor_alltoallw, Neighbor_alltoallw, , )
/** @brief A tuned `MPI_Ineighbor_allgather` @p name starting the first matching rule of @p rules. */
#define COLLALG_TUNED_INEIGHBOR_ALLGATHER(name, rules) \
    COLLALG__TUNED_NU(name, rules, ineighbor_allgather, Ineighbor_allgather, COLLALG__NREQ_DECL, COLLALG__NREQ_ARG)
/** @brief A tuned `MPI_Ineighbor_allgatherv` @p name starting the first matching rule of @p rules. */
#define COLLALG_TUNED_INEIGHBOR_ALLGATHERV(name, rules) \
    COLLALG__TUNED_NGV(name, rules, ineighbor_allgatherv, Ineighbor_allgatherv, COLLALG__NREQ_DECL, COLLALG__NREQ_ARG)
/** @brief A tuned `MPI_Ineighbor_alltoall` @p name starting the first matching rule of @p rules. */
#define COLLALG_TUNED_INEIGHBOR_ALLTOALL(name, rules) \
    COLLALG__TUNED_NU(name, rules, ineighbor_alltoall, Ineighbor_alltoall, COLLALG__NREQ_DECL, COLLALG__NREQ_ARG)
/** @brief A tuned `MPI_Ineighbor_alltoallv` @p name starting the first matching rule of @p rules. */
#define COLLALG_TUNED_INEIGHBOR_ALLTOALLV(name, rules) \
    COLLALG__TUNED_NV(name, rules, ineighbor_alltoallv, Ineighbor_alltoallv, COLLALG__NREQ_DECL, COLLALG__NREQ_ARG)
/** @brief A tuned `MPI_Ineighbor_alltoallw` @p name starting the first matching rule of @p rules. */
#define COLLALG_TUNED_INEIGHBOR_ALLTOALLW(name, rules) \
    COLLALG__TUNED_NW(name, rules, ineighbor_alltoallw, Ineighbor_alltoallw, COLLALG__NREQ_DECL, COLLALG__NREQ_ARG)
/** @} */

#endif /* COLLALG_SELECT_H */
