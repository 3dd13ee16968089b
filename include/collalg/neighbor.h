/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/neighbor.h
 * @ingroup neighbor
 * @brief Every neighbourhood collective algorithm of the catalogue (umbrella of the five
 *        families), blocking, nonblocking and persistent.
 */

/**
 * @defgroup neighbor Neighbourhood collectives
 * @brief MPI_Neighbor_allgather(v), MPI_Neighbor_alltoall(v,w) on Cartesian, graph and
 *        distributed-graph communicators, in their blocking, nonblocking (`MPI_Ineighbor_*`) and
 *        persistent (`MPI_Neighbor_*_init`) forms, all three from one schedule.
 *
 * Every function takes exactly the arguments of its MPI namesake. The neighbour lists come from
 * the communicator's topology at each call (core/neighbor.h: MPI-4.1 §8.6's order; Cartesian
 * borders are holes); the schedule is a pure function of the lists and the counts
 * (schedule/neighbor.h, checked without MPI in tests/test_steps.c). The nonblocking and
 * persistent forms run it on the executor of the nonblocking collectives (core/nbc.h,
 * core/persistent.h); the blocking form runs it to completion in place. Docs: docs/neighbor.md.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_neighbor_allgather_linear() | about alpha + n beta, every message posted at once | a topology |
 * | collalg_neighbor_allgather_combining() | R (distinct non-zero offset components per dimension, summed) messages instead of s, no more blocks | an isomorphic neighbourhood |
 * | collalg_neighbor_allgatherv_linear() | about alpha + n beta, every message posted at once | a topology |
 * | collalg_neighbor_alltoall_linear() | about alpha + n beta, every message posted at once | a topology |
 * | collalg_neighbor_alltoall_combining() | R messages instead of s, each block forwarded once per non-zero offset component | an isomorphic neighbourhood |
 * | collalg_neighbor_alltoallv_linear() | about alpha + n beta, every message posted at once | a topology |
 * | collalg_neighbor_alltoallw_linear() | about alpha + n beta, every message posted at once | a topology |
 *
 * Not yet: message combining for the v and w collectives, node-aware aggregation for
 * distributed graphs, the selector, the tuner and the PMPI library's entry points.
 */
#ifndef COLLALG_NEIGHBOR_H
#define COLLALG_NEIGHBOR_H

#include "neighbor_allgather.h"
#include "neighbor_allgatherv.h"
#include "neighbor_alltoall.h"
#include "neighbor_alltoallv.h"
#include "neighbor_alltoallw.h"

#endif /* COLLALG_NEIGHBOR_H */
