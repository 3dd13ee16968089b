/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file table.h
 * @brief THE ALGORITHM TABLE of the tuner and the PMPI library, generated from the catalogue
 *        table (include/collalg/catalogue.h): one tune_algo row per algorithm, in the table's
 *        order, with its wrapper (wrappers.h) and its search space (space.h).
 *
 * Nothing here is written per algorithm: a new algorithm is its header and its row in
 * COLLALG_CATALOGUE or COLLALG_NONBLOCKING (plus a wrapper in wrappers.h when its parameter is
 * not a plain int). A nonblocking row's wrapper starts the algorithm and waits for its request.
 * Nothing here calls MPI_ names either: the PMPI library includes it (src/pmpi/pmpi.c).
 */
#ifndef COLLALG_SRC_CATALOGUE_TABLE_H
#define COLLALG_SRC_CATALOGUE_TABLE_H

#include "wrappers.h"

/** @cond TUNE_WRAPPERS */
COLLALG_CATALOGUE(TUNE_WRAP)
COLLALG_NONBLOCKING(TUNE_IWRAP)

#define TUNE_COLL_alltoall TUNE_ALLTOALL
#define TUNE_COLL_allgather TUNE_ALLGATHER
#define TUNE_COLL_allreduce TUNE_ALLREDUCE
#define TUNE_COLL_bcast TUNE_BCAST
#define TUNE_COLL_alltoallv TUNE_ALLTOALLV
#define TUNE_COLL_allgatherv TUNE_ALLGATHERV
#define TUNE_COLL_barrier TUNE_BARRIER
#define TUNE_COLL_gather TUNE_GATHER
#define TUNE_COLL_scatter TUNE_SCATTER
#define TUNE_COLL_gatherv TUNE_GATHERV
#define TUNE_COLL_scatterv TUNE_SCATTERV
#define TUNE_COLL_alltoallw TUNE_ALLTOALLW
#define TUNE_COLL_reduce TUNE_REDUCE
#define TUNE_COLL_scan TUNE_SCAN
#define TUNE_COLL_exscan TUNE_EXSCAN
#define TUNE_COLL_reduce_scatter_block TUNE_REDUCE_SCATTER_BLOCK
#define TUNE_COLL_reduce_scatter TUNE_REDUCE_SCATTER
#define TUNE_ROW_2(id, coll, alg, space, flags) \
    {id, #alg, tune_##coll##_##alg, tune_space_##space, ((flags)&COLLALG_F_TOPOLOGY) != 0},
#define TUNE_ROW(coll, alg, r, params, space, flags) TUNE_ROW_2(TUNE_COLL_##coll, coll, alg, space, flags)
/* A nonblocking row: collective TUNE_I(its twin's), wrapper tune_i<coll>_<alg> (start + wait). */
#define TUNE_ICOLL_2(twin) TUNE_I(TUNE_COLL_##twin)
#define TUNE_ICOLL(twin) TUNE_ICOLL_2(twin)
#define TUNE_IROW(icoll, alg, r, params, space, flags) \
    TUNE_ROW_2(TUNE_ICOLL(TUNE_TWIN_##icoll), icoll, alg, space, flags)
/** @endcond */

/** @brief Every algorithm of the catalogue, in the order of COLLALG_CATALOGUE, then every
 *         nonblocking one, in the order of COLLALG_NONBLOCKING (collective TUNE_I() of its twin). */
static const tune_algo tune_table[] = {COLLALG_CATALOGUE(TUNE_ROW) COLLALG_NONBLOCKING(TUNE_IROW)};

/** @brief Rows of tune_table. */
#define TUNE_NALGOS ((int)(sizeof tune_table / sizeof tune_table[0]))

#endif /* COLLALG_SRC_CATALOGUE_TABLE_H */
