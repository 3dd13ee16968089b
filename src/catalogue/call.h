/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file call.h
 * @brief What the tuner and the PMPI library share to call any algorithm of the catalogue through
 *        one signature: the collectives (enum tune_coll), the union of their arguments
 *        (tune_call), a parameter value (tune_choice) and a row of the algorithm table (tune_algo).
 *
 * Buffers: the tuner passes MPI_BYTE data (MPI_INT with MPI_SUM for the reductions: allreduce,
 * reduce, scan, exscan, reduce_scatter_block, reduce_scatter), count elements per block as
 * MPI_<Collective> defines them, root 0 for bcast, reduce, gather, scatter, gatherv and scatterv;
 * reduce_scatter_block gets the whole vector's ints / p as its recvcount, reduce_scatter the whole
 * vector's ints split as evenly as possible (the first ranks one more) as its recvcounts;
 * alltoallv, allgatherv, gatherv, scatterv and alltoallw get the counts and offsets of the
 * communication pattern (src/tune/pattern.h) at the sample size (alltoallw: byte displacements
 * and MPI_BYTE for every peer). The PMPI library fills a tune_call from the application's call.
 * The rooted collectives and alltoallw pass the send and the receive side separately
 * (tune_call::rcount, rtype, stypes, rtypes), so that the PMPI library can force their algorithms
 * on any call.
 */
#ifndef COLLALG_SRC_CATALOGUE_CALL_H
#define COLLALG_SRC_CATALOGUE_CALL_H

#include <stdio.h>
#include <string.h>
#include <collalg/collalg.h>

/** @brief The collectives the tuner knows, in the order it tunes them: the seventeen blocking ones,
 *         then their nonblocking forms in the same order (TUNE_I(): `MPI_I<Coll>`, timed as start
 *         + wait, the algorithms of catalogue.h's COLLALG_NONBLOCKING table). */
enum tune_coll {
    TUNE_ALLTOALL = 0,
    TUNE_ALLGATHER = 1,
    TUNE_ALLREDUCE = 2,
    TUNE_BCAST = 3,
    TUNE_ALLTOALLV = 4,
    TUNE_ALLGATHERV = 5,
    TUNE_BARRIER = 6,
    TUNE_GATHER = 7,
    TUNE_SCATTER = 8,
    TUNE_GATHERV = 9,
    TUNE_SCATTERV = 10,
    TUNE_ALLTOALLW = 11,
    TUNE_REDUCE = 12,
    TUNE_SCAN = 13,
    TUNE_EXSCAN = 14,
    TUNE_REDUCE_SCATTER_BLOCK = 15,
    TUNE_REDUCE_SCATTER = 16,
    TUNE_NCOLL = 17, /**< the blocking collectives; TUNE_I(c) of each follows */
    TUNE_NALL = 34   /**< blocking and nonblocking */
};

/** @brief The nonblocking form of blocking collective @p coll (`MPI_I<Coll>`). */
#define TUNE_I(coll) ((enum tune_coll)(TUNE_NCOLL + (coll)))

/** @cond TUNE_NAMES */
/* The blocking collectives in the order of enum tune_coll: the names below are generated from it. */
/* clang-format off */
#define TUNE_COLLS(X)                                                                                  \
    X(alltoall) X(allgather) X(allreduce) X(bcast) X(alltoallv) X(allgatherv) X(barrier) X(gather)     \
    X(scatter) X(gatherv) X(scatterv) X(alltoallw) X(reduce) X(scan) X(exscan) X(reduce_scatter_block) \
    X(reduce_scatter)
/* clang-format on */
#define TUNE_NAME(coll) #coll,
#define TUNE_INAME(coll) "i" #coll,
/** @endcond */

/** @brief Names of enum tune_coll, as in `collalg_<name>_...` and `COLLALG_TUNED_<NAME>`: the
 *         blocking ones, then their nonblocking forms ("ialltoall", ...). */
static const char *const tune_coll_name[TUNE_NALL] = {TUNE_COLLS(TUNE_NAME) TUNE_COLLS(TUNE_INAME)};

/** @brief 1 for a nonblocking collective (TUNE_I()). */
static inline int tune_is_nonblocking(enum tune_coll coll)
{
    return coll >= TUNE_NCOLL;
}

/** @brief The blocking twin of @p coll (itself when blocking): its arguments, sizes and pattern. */
static inline enum tune_coll tune_twin(enum tune_coll coll)
{
    return tune_is_nonblocking(coll) ? (enum tune_coll)(coll - TUNE_NCOLL) : coll;
}

/** @brief The arguments of one timed call (the union of the argument lists). */
typedef struct tune_call {
    const void *sbuf;           /**< send buffer (every collective with one) */
    void *rbuf;                 /**< receive buffer; the buffer of bcast */
    int count;                  /**< elements per block (alltoall: per pair, allgather: per process) or in
                                      all (reductions: the whole vector); allgatherv, gatherv: this rank's
                                      block; gather, scatter: the send side's count */
    MPI_Datatype type;          /**< element type (gather, scatter, gatherv, scatterv: of the send side) */
    int rcount;                 /**< gather, scatter, scatterv: the receive side's count; reduce_scatter_block:
                                      recvcount (count / p) */
    MPI_Datatype rtype;         /**< gather, scatter, gatherv, scatterv: the receive side's type */
    MPI_Op op;                  /**< reduction (allreduce, reduce, scan, exscan, reduce_scatter(_block)) */
    int root;                   /**< root (bcast, reduce, gather, scatter, gatherv, scatterv) */
    MPI_Comm comm;              /**< communicator */
    const int *scounts;         /**< alltoallv, alltoallw, scatterv: send counts (p) */
    const int *sdispls;         /**< alltoallv, alltoallw, scatterv: send offsets (p; alltoallw: bytes) */
    const int *rcounts;         /**< alltoallv, allgatherv, alltoallw, gatherv, reduce_scatter: receive counts (p) */
    const int *rdispls;         /**< alltoallv, allgatherv, alltoallw, gatherv: receive offsets (p) */
    const MPI_Datatype *stypes; /**< alltoallw: send type per peer (p) */
    const MPI_Datatype *rtypes; /**< alltoallw: receive type per peer (p) */
    int select_cost;            /**< 1: also run what the tuned routine adds before the algorithm (alltoallv,
                                      alltoallw: the selector's 8-byte MPI_Allreduce; gatherv, scatterv: its
                                      8-byte MPI_Bcast from the root; select.h) */
} tune_call;

/** @brief One value of an algorithm's parameter. */
typedef struct tune_choice {
    int i;          /**< integer value, or index into the wrapper's own list */
    char str[256];  /**< string value (bcast csm program), "" otherwise */
    char text[300]; /**< how the value is written in a selector rule: "4", "\"S0 M0\"", "" for none */
} tune_choice;

/** @brief Runs one algorithm with one parameter value (NULL for none). @return MPI error code. */
typedef int (*tune_run_fn)(const tune_call *c, const tune_choice *ch);

/**
 * @brief Lists the values to try for a parameter on @p p processes into @p out (at most @p max).
 * @return how many values were written (>= 1).
 */
typedef int (*tune_space_fn)(int p, tune_choice *out, int max);

/** @brief One row of the table. */
typedef struct tune_algo {
    enum tune_coll coll; /**< its collective */
    const char *name;    /**< catalogue name (`collalg_<coll>_<name>`) */
    tune_run_fn run;     /**< wrapper */
    tune_space_fn space; /**< parameter values to try; NULL: no parameter */
    int topo;            /**< 1: a topology algorithm (machine/topology_comm.h), measured only when the run has a
                              topology (collalg-tune --topology FILE or `COLLALG_TOPOLOGY`) */
} tune_algo;

/** @brief 1 for the reductions the tuner runs on MPI_INT with MPI_SUM (see the file comment), and
 *         their nonblocking forms. */
static inline int tune_is_reduction(enum tune_coll coll)
{
    coll = tune_twin(coll);
    return coll == TUNE_ALLREDUCE || coll == TUNE_REDUCE || coll == TUNE_SCAN || coll == TUNE_EXSCAN ||
           coll == TUNE_REDUCE_SCATTER_BLOCK || coll == TUNE_REDUCE_SCATTER;
}

#endif /* COLLALG_SRC_CATALOGUE_CALL_H */
