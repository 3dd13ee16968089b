/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mpicount.c
 * @brief The MPI-call counter of the per-call overhead benchmark (make bench-overhead): an
 *        LD_PRELOAD library that counts, through the MPI profiling interface, the MPI calls a
 *        program makes between `MPI_Pcontrol(1)` and `MPI_Pcontrol(0)`.
 *
 * @par What it wraps
 * One `MPI_<Name>` per MPI function the catalogue calls (`COLLALG_MPI(Name)` in include/), plus
 * the sends listed below, each forwarding to `PMPI_<Name>` after counting. The list and the
 * prototypes are generated (src/bench/overhead_gen.py, build/bench/<mpi>/overhead_mpi.h) from
 * the headers and from the mpi.h of the MPI the library is built for, so a new MPI call in the
 * catalogue is counted without editing this file.
 *
 * @par What it counts (this rank, while counting is on)
 * - calls: every wrapped call;
 * - messages: point-to-point sends, one per call of Send, Isend, Ssend, Issend, Rsend, Sendrecv
 *   and Sendrecv_replace, and one-sided Put, Get and Accumulate;
 * - collectives: calls of MPI collectives (Barrier, Bcast, Ibcast, Allreduce, Reduce, ...), the
 *   communicator and window constructors and destructors included (Comm_dup, Comm_split,
 *   Comm_split_type, Comm_free, Win_allocate_shared, Win_free: collective over the communicator too).
 * MPI_Pcontrol(level) turns counting on (level 1: the counters restart at 0; level 2: they go on
 * from where they stopped, for a pause) or off (level 0).
 *
 * @par How the program reads it
 * `int mpicount_get(long long out[3])`, looked up with dlsym(RTLD_DEFAULT, "mpicount_get"): fills
 * calls, messages, collectives and returns 0 (a program run without the library finds no symbol).
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include "overhead_mpi.h"

/** @brief What one wrapped call counts as. */
enum mpicount_kind {
    MPICOUNT_OTHER = 0,     /**< an MPI call only */
    MPICOUNT_MESSAGE = 1,   /**< a point-to-point or one-sided send */
    MPICOUNT_COLLECTIVE = 2 /**< a collective call */
};

/** @brief The counters of this rank: calls, messages, collectives. */
static long long mpicount_counts[3];
/** @brief 1 between MPI_Pcontrol(1) and MPI_Pcontrol(0). */
static int mpicount_on;

/** @brief The functions counted as messages (names without MPI_, each between spaces). */
static const char mpicount_sends[] = " Send Isend Ssend Issend Rsend Sendrecv Sendrecv_replace Put Get Accumulate ";
/** @brief The functions counted as collectives (names without MPI_, each between spaces). */
static const char mpicount_colls[] = " Barrier Bcast Ibcast Allreduce Reduce Allgather Allgatherv Alltoall Alltoallv"
                                     " Alltoallw Gather Gatherv Scatter Scatterv Scan Exscan Reduce_scatter"
                                     " Reduce_scatter_block Comm_dup Comm_split Comm_split_type Comm_free"
                                     " Win_allocate_shared Win_free ";

/** @brief 1 when @p name is one of the words of @p list. */
static int mpicount_in(const char *name, const char *list)
{
    char word[64];
    snprintf(word, sizeof word, " %s ", name);
    return strstr(list, word) != NULL;
}

/** @brief The kind of the function @p name (computed once per wrapper, then cached there). */
static int mpicount_kind_of(const char *name)
{
    if (mpicount_in(name, mpicount_sends))
        return MPICOUNT_MESSAGE;
    if (mpicount_in(name, mpicount_colls))
        return MPICOUNT_COLLECTIVE;
    return MPICOUNT_OTHER;
}

/** @brief Counts one call of the function @p name whose cached kind is @p kind (-1: not known yet). */
static void mpicount_hit(const char *name, int *kind)
{
    if (!mpicount_on)
        return;
    if (*kind < 0)
        *kind = mpicount_kind_of(name);
    mpicount_counts[0]++;
    if (*kind == MPICOUNT_MESSAGE)
        mpicount_counts[1]++;
    else if (*kind == MPICOUNT_COLLECTIVE)
        mpicount_counts[2]++;
}

/**
 * @brief The counters since the last MPI_Pcontrol(1): @p out[0] calls, @p out[1] messages,
 *        @p out[2] collectives.
 * @return 0
 */
int mpicount_get(long long out[3]);
int mpicount_get(long long out[3])
{
    memcpy(out, mpicount_counts, sizeof mpicount_counts);
    return 0;
}

/** @brief Profiling control: level != 0 restarts the counters and counts, 0 stops counting. */
int MPI_Pcontrol(const int level, ...)
{
    if (level) {
        if (level == 1)
            memset(mpicount_counts, 0, sizeof mpicount_counts);
        mpicount_on = 1;
    } else
        mpicount_on = 0;
    return PMPI_Pcontrol(level);
}

/** @cond MPICOUNT_WRAPPERS */
#define MPICOUNT_WRAP(name, params, args) \
    int MPI_##name params                 \
    {                                     \
        static int kind = -1;             \
        mpicount_hit(#name, &kind);       \
        return PMPI_##name args;          \
    }
OVERHEAD_MPI_FUNCTIONS(MPICOUNT_WRAP)
/** @endcond */
