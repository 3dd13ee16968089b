/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file vcoll.h
 * @brief The MPI side of the tuner's v-collectives and barrier (collalg-tune): the pattern set up
 *        alike on every rank, the counts of one call, the buffers a pattern needs, and the sample
 *        sizes of each collective.
 *
 * @par Sample sizes
 * - alltoallv, allgatherv, gatherv, scatterv, alltoallw: the mean block of the pattern
 *   (tune/pattern.h: its matrix for alltoallv and alltoallw, its vector for the others, which for
 *   gatherv and scatterv is the root's row of counts), i.e. the n the selector compares; the --sizes list, or for a pattern FILE without --sizes and --max-size the
 *   file's own mean block only (the file used as is).
 * - barrier: one measurement per algorithm and parameter value, at "size" 0; its rules select by
 *   process count only.
 */
#ifndef COLLALG_SRC_TUNE_VCOLL_H
#define COLLALG_SRC_TUNE_VCOLL_H

#include <limits.h>
#include <stdio.h>
#include <mpi.h>
#include "pattern.h"
#include "table.h"

/** @brief 1 for the collectives tuned for a communication pattern (and their nonblocking forms). */
static int tune_is_v(enum tune_coll coll)
{
    coll = tune_twin(coll);
    return coll == TUNE_ALLTOALLV || coll == TUNE_ALLGATHERV || coll == TUNE_GATHERV || coll == TUNE_SCATTERV ||
           coll == TUNE_ALLTOALLW;
}

/** @brief 1 for the v-collectives of the pattern's matrix (alltoallv, alltoallw), 0 for those of its
 *         vector (allgatherv, and the root's row of gatherv and scatterv). */
static int tune_is_matrix(enum tune_coll coll)
{
    coll = tune_twin(coll);
    return coll == TUNE_ALLTOALLV || coll == TUNE_ALLTOALLW;
}

/** @brief 1 for alltoallv, alltoallw, gatherv and scatterv: their tuned routine's size-dependent
 *         rules agree on the size with one small collective at every call (select.h). */
static int tune_pays_agreement(enum tune_coll coll)
{
    return !tune_is_nonblocking(coll) && tune_is_v(coll) && coll != TUNE_ALLGATHERV;
}

/** @brief 1 for the nonblocking forms of alltoallv, alltoallw, gatherv and scatterv: a nonblocking
 *         start makes no blocking agreement, so their selector compares no size (n = 0, select.h)
 *         and their rules are one per communicator size, [0, COLLALG_INF). */
static int tune_size_free(enum tune_coll coll)
{
    return tune_is_nonblocking(coll) && tune_is_v(coll) && tune_twin(coll) != TUNE_ALLGATHERV;
}

/**
 * @brief Sets up pattern @p spec on every rank of @p comm: built-ins are computed locally (the
 *        same everywhere), a file is read on rank 0 and its weights broadcast. @p asis: use a
 *        file unscaled. @return 0, or 1 after rank 0 printed why not (every rank returns alike).
 */
static int tune_pattern_setup(tune_pattern *pt, const char *spec, int asis, MPI_Comm comm, int rank, int p)
{
    char err[300] = "";
    int bad = tune_pattern_init(pt, spec, p, rank == 0, asis, err, sizeof err) != 0;
    MPI_Bcast(&bad, 1, MPI_INT, 0, comm);
    if (!bad && pt->kind == TUNE_PAT_FILE) {
        MPI_Bcast(pt->m, p * p, MPI_LONG_LONG, 0, comm);
        MPI_Bcast(pt->v, p, MPI_LONG_LONG, 0, comm);
    }
    if (bad) {
        if (rank == 0)
            fprintf(stderr, "collalg-tune: --pattern %s: %s\n", spec, err);
        tune_pattern_free(pt);
    }
    return bad;
}

/**
 * @brief Largest send and receive buffer (bytes) the v-collective @p coll needs at mean block
 *        @p bytes on any rank; -1 when a count or an offset would not fit in an int.
 */
static long long tune_pattern_bytes(tune_pattern *pt, enum tune_coll coll, long bytes)
{
    long long send, recv;
    tune_pattern_need(pt, tune_is_matrix(coll), bytes, &send, &recv);
    if (send > INT_MAX || recv > INT_MAX)
        return -1;
    return send > recv ? send : recv;
}

/**
 * @brief Adds the counts of the v-collective @p coll at mean block @p bytes to call @p c, for rank
 *        @p rank; @p vc holds 4 p ints (send counts, send offsets, receive counts, offsets).
 *        alltoallv and alltoallw take the matrix (alltoallw: byte displacements, its MPI_BYTE
 *        types are set by the caller); allgatherv and gatherv the vector as receive counts (this
 *        rank sends its own entry), scatterv the vector as send counts (this rank receives its
 *        own entry): the root's row of the rooted ones.
 */
static void tune_pattern_call(tune_pattern *pt, enum tune_coll coll, long bytes, int rank, int *vc, tune_call *c)
{
    int p = pt->p;
    c->scounts = vc;
    c->sdispls = vc + p;
    c->rcounts = vc + 2 * p;
    c->rdispls = vc + 3 * p;
    if (tune_is_matrix(coll))
        tune_pattern_alltoallv(pt, bytes, rank, vc, vc + p, vc + 2 * p, vc + 3 * p);
    else if (tune_twin(coll) == TUNE_SCATTERV) {
        tune_pattern_allgatherv(pt, bytes, vc, vc + p);
        c->rcount = vc[rank];
    } else {
        tune_pattern_allgatherv(pt, bytes, vc + 2 * p, vc + 3 * p);
        c->count = vc[2 * p + rank];
    }
}

/**
 * @brief The sample sizes of collective @p coll (see the file comment) from the command line's
 *        @p sizes[0..ns), adjusted by @p adjust for @p p processes, into @p out. @return how many.
 */
static int tune_coll_sizes(const tune_pattern *pt, enum tune_coll coll, const long *sizes, int ns, int p,
                           long (*adjust)(enum tune_coll, long, int), long *out)
{
    int i, n = 0;
    if (tune_twin(coll) == TUNE_BARRIER) {
        out[0] = 0;
        return 1;
    }
    if (tune_is_v(coll) && pt->asis) {
        out[0] = tune_pattern_natural(pt, tune_is_matrix(coll));
        return 1;
    }
    for (i = 0; i < ns; i++) {
        long s = adjust(coll, sizes[i], p);
        if (n == 0 || s > out[n - 1])
            out[n++] = s;
    }
    return n;
}

#endif /* COLLALG_SRC_TUNE_VCOLL_H */
