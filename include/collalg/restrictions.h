/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file restrictions.h
 * @ingroup selector
 * @brief What each algorithm of the catalogue cannot do, in one machine-readable table (in the
 *        spirit of MPICH's `coll_algorithms.txt`): the selector (select.h) skips a rule whose
 *        algorithm does not apply to the call, the PMPI library sends such a call to the native
 *        collective, and the tuner writes an alternative rule after a restricted one.
 *
 * @par The table
 * The restrictions are the third column of the catalogue's tables (catalogue.h, COLLALG_CATALOGUE
 * and, for the nonblocking algorithms, COLLALG_NONBLOCKING, for the neighbourhood ones
 * COLLALG_NEIGHBOR):
 * this header turns them into compile-time constants `collalg_restrict_<collective>_<algorithm>`
 * (what the selector's rules read) and a run-time lookup by name (the PMPI library, the tuner).
 * The kinds (COLLALG_R_COMMUTATIVE, COLLALG_R_MAX_P, COLLALG_R_ONE_NODE,
 * COLLALG_R_ISOMORPHIC) are defined there too.
 * A call outside an algorithm's restrictions makes it return an error before any message
 * (MPI_ERR_OP, MPI_ERR_NO_MEM, MPI_ERR_ARG): the selector never lets it get there. The select
 * test (tests/mpi/select.c) checks that an allreduce returns MPI_ERR_OP for a non-commutative
 * operation exactly when the table says #COLLALG_R_COMMUTATIVE.
 *
 * @par Algorithms outside the catalogue
 * A rule may name a function `collalg_<collective>_<name>` of your own: declare its restrictions
 * beside it, `enum { collalg_restrict_<collective>_<name> = 0 };`.
 *
 * This header needs no MPI: the checks that look at a call are in select.h.
 */
#ifndef COLLALG_RESTRICTIONS_H
#define COLLALG_RESTRICTIONS_H

#include <string.h>
#include "catalogue.h"

/** @cond COLLALG_INTERNAL */
#define COLLALG__R_ENUM(coll, alg, r, params, space, flags) collalg_restrict_##coll##_##alg = (r),
#define COLLALG__R_LOOKUP(coll, alg, r, params, space, flags)   \
    if (!strcmp(collective, #coll) && !strcmp(algorithm, #alg)) \
        return (r);
/** @endcond */

/** @brief The table as constants `collalg_restrict_<collective>_<algorithm>` (what the selector's
 *         rules read at compile time). */
enum collalg_restrict {
    COLLALG_CATALOGUE(COLLALG__R_ENUM) COLLALG_NONBLOCKING(COLLALG__R_ENUM) COLLALG_NEIGHBOR(COLLALG__R_ENUM)
        collalg_restrict_end_ = 0
};

/**
 * @brief The restrictions of an algorithm by name, at run time (the PMPI library and the tuner).
 * @param collective a collective's bare name: "alltoall", "allgather", "allreduce", "bcast",
 *        "alltoallv", "allgatherv", "barrier", "reduce", "gather", "scatter", "gatherv",
 *        "scatterv", "alltoallw", "scan", "exscan", "reduce_scatter" or "reduce_scatter_block", or
 *        a nonblocking one with its `i` ("iallreduce", ...; catalogue.h's COLLALG_NONBLOCKING), or
 *        a neighbourhood one ("neighbor_allgather", ...; COLLALG_NEIGHBOR)
 * @param algorithm an algorithm's bare name, e.g. "ring"
 * @return the bit set of COLLALG_R_ kinds (0: none), or -1 when the table has no such algorithm
 *         (or either name is NULL).
 */
static inline int collalg_restrictions(const char *collective, const char *algorithm)
{
    if (!collective || !algorithm)
        return -1;
    COLLALG_CATALOGUE(COLLALG__R_LOOKUP)
    COLLALG_NONBLOCKING(COLLALG__R_LOOKUP)
    COLLALG_NEIGHBOR(COLLALG__R_LOOKUP)
    return -1;
}

/**
 * @brief The restriction kinds in @p r in words, for the selector's trace.
 * @param r a bit set of COLLALG_R_ kinds
 * @return a string literal: the first kind set in @p r, e.g. "the operation must be commutative";
 *         "" for 0.
 */
static inline const char *collalg_restriction_text(int r)
{
    if (r & COLLALG_R_COMMUTATIVE)
        return "the operation must be commutative";
    if (r & COLLALG_R_MAX_P)
        return "at most 46340 processes";
    if (r & COLLALG_R_ONE_NODE)
        return "every process must be on one node";
    if (r & COLLALG_R_ISOMORPHIC)
        return "the neighbourhood must be isomorphic";
    return "";
}

#endif /* COLLALG_RESTRICTIONS_H */
