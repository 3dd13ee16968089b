/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * collalg_tuned.h - a fixed tuned header for tests/test_guidelines.c, in the shape collalg-tune
 * writes (see src/tune/collalg-tune.c, "Output"), with a couple of rules per collective for every
 * communicator size (as with collalg-tune --any-procs). Not measured: the rules are a plausible
 * choice, so that src/guidelines/collalg-guidelines.c has tuned routines that are not the native ones.
 *
 * Processes:   16 (rules apply to every communicator size)
 * Sizes:       bytes compared as in collalg/select.h (alltoall: per-pair block, allgather:
 *              per-process block, allreduce and bcast: whole vector, alltoallv: mean
 *              per-pair block, allgatherv: mean per-process block; barrier: by process count)
 */
#ifndef COLLALG_TUNED_H
#define COLLALG_TUNED_H

#include <collalg/collalg.h>
#include <collalg/alltoallv.h>
#include <collalg/allgatherv.h>
#include <collalg/barrier.h>
#include <collalg/select.h>

/* The rules laid out as collalg-tune writes them. */
/* clang-format off */
COLLALG_TUNED_ALLTOALL(collalg_tuned_alltoall,
    COLLALG_RULE(0, 1024, simple)
    COLLALG_RULE(1024, COLLALG_INF, pair_light_barrier))
/** Lower bounds (bytes) of the rules of collalg_tuned_alltoall. */
#define COLLALG_TUNED_ALLTOALL_BOUNDS 0, 1024

COLLALG_TUNED_ALLGATHER(collalg_tuned_allgather,
    COLLALG_RULE(0, 1024, recursive_doubling)
    COLLALG_RULE(1024, COLLALG_INF, ring))
/** Lower bounds (bytes) of the rules of collalg_tuned_allgather. */
#define COLLALG_TUNED_ALLGATHER_BOUNDS 0, 1024

COLLALG_TUNED_ALLREDUCE(collalg_tuned_allreduce,
    COLLALG_RULE(0, 2048, recursive_doubling)
    COLLALG_RULE(2048, COLLALG_INF, rabenseifner))
/** Lower bounds (bytes) of the rules of collalg_tuned_allreduce. */
#define COLLALG_TUNED_ALLREDUCE_BOUNDS 0, 2048

COLLALG_TUNED_BCAST(collalg_tuned_bcast,
    COLLALG_RULE(0, 4096, binomial)
    COLLALG_RULE(4096, COLLALG_INF, scatter_ring_allgather))
/** Lower bounds (bytes) of the rules of collalg_tuned_bcast. */
#define COLLALG_TUNED_BCAST_BOUNDS 0, 4096

COLLALG_TUNED_ALLTOALLV(collalg_tuned_alltoallv,
    COLLALG_RULE(0, 256, simple)
    COLLALG_RULE(256, COLLALG_INF, pair_light_barrier))
/** Lower bounds (bytes) of the rules of collalg_tuned_alltoallv. */
#define COLLALG_TUNED_ALLTOALLV_BOUNDS 0, 256

COLLALG_TUNED_ALLGATHERV(collalg_tuned_allgatherv,
    COLLALG_RULE(0, 512, bruck)
    COLLALG_RULE(512, COLLALG_INF, ring))
/** Lower bounds (bytes) of the rules of collalg_tuned_allgatherv. */
#define COLLALG_TUNED_ALLGATHERV_BOUNDS 0, 512

COLLALG_TUNED_BARRIER(collalg_tuned_barrier,
    COLLALG_RULE(0, COLLALG_INF, dissemination))
/** Lower bounds (bytes) of the rules of collalg_tuned_barrier. */
#define COLLALG_TUNED_BARRIER_BOUNDS 0

COLLALG_TUNED_REDUCE(collalg_tuned_reduce,
    COLLALG_RULE(0, 2048, binomial)
    COLLALG_RULE(2048, COLLALG_INF, rabenseifner))
/** Lower bounds (bytes) of the rules of collalg_tuned_reduce. */
#define COLLALG_TUNED_REDUCE_BOUNDS 0, 2048

COLLALG_TUNED_GATHER(collalg_tuned_gather,
    COLLALG_RULE(0, 1024, binomial)
    COLLALG_RULE(1024, COLLALG_INF, linear))
/** Lower bounds (bytes) of the rules of collalg_tuned_gather. */
#define COLLALG_TUNED_GATHER_BOUNDS 0, 1024

COLLALG_TUNED_SCATTER(collalg_tuned_scatter,
    COLLALG_RULE(0, 1024, binomial)
    COLLALG_RULE(1024, COLLALG_INF, linear))
/** Lower bounds (bytes) of the rules of collalg_tuned_scatter. */
#define COLLALG_TUNED_SCATTER_BOUNDS 0, 1024

COLLALG_TUNED_GATHERV(collalg_tuned_gatherv,
    COLLALG_RULE(0, 1024, binomial)
    COLLALG_RULE(1024, COLLALG_INF, linear))
/** Lower bounds (bytes) of the rules of collalg_tuned_gatherv. */
#define COLLALG_TUNED_GATHERV_BOUNDS 0, 1024

COLLALG_TUNED_SCATTERV(collalg_tuned_scatterv,
    COLLALG_RULE(0, 1024, binomial)
    COLLALG_RULE(1024, COLLALG_INF, linear))
/** Lower bounds (bytes) of the rules of collalg_tuned_scatterv. */
#define COLLALG_TUNED_SCATTERV_BOUNDS 0, 1024

COLLALG_TUNED_ALLTOALLW(collalg_tuned_alltoallw,
    COLLALG_RULE(0, 1024, pair)
    COLLALG_RULE(1024, COLLALG_INF, ring))
/** Lower bounds (bytes) of the rules of collalg_tuned_alltoallw. */
#define COLLALG_TUNED_ALLTOALLW_BOUNDS 0, 1024

COLLALG_TUNED_REDUCE_SCATTER_BLOCK(collalg_tuned_reduce_scatter_block,
    COLLALG_RULE(0, 2048, recursive_doubling)
    COLLALG_RULE(2048, COLLALG_INF, ring))
/** Lower bounds (bytes) of the rules of collalg_tuned_reduce_scatter_block. */
#define COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS 0, 2048

COLLALG_TUNED_REDUCE_SCATTER(collalg_tuned_reduce_scatter,
    COLLALG_RULE(0, 2048, recursive_doubling)
    COLLALG_RULE(2048, COLLALG_INF, pairwise))
/** Lower bounds (bytes) of the rules of collalg_tuned_reduce_scatter. */
#define COLLALG_TUNED_REDUCE_SCATTER_BOUNDS 0, 2048

COLLALG_TUNED_SCAN(collalg_tuned_scan,
    COLLALG_RULE(0, 4096, recursive_doubling)
    COLLALG_RULE(4096, COLLALG_INF, binary_tree))
/** Lower bounds (bytes) of the rules of collalg_tuned_scan. */
#define COLLALG_TUNED_SCAN_BOUNDS 0, 4096

COLLALG_TUNED_EXSCAN(collalg_tuned_exscan,
    COLLALG_RULE(0, 4096, recursive_doubling)
    COLLALG_RULE(4096, COLLALG_INF, binary_tree))
/** Lower bounds (bytes) of the rules of collalg_tuned_exscan. */
#define COLLALG_TUNED_EXSCAN_BOUNDS 0, 4096
/* clang-format on */

/** Processes the rules were tuned on. */
#define COLLALG_TUNED_PROCS 16

#endif /* COLLALG_TUNED_H */
