/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/neighbor_allgather.h
 * @ingroup neighbor
 * @brief Every neighbor_allgather algorithm of the catalogue (family umbrella): MPI_Neighbor_allgather, each rank
 *        sends the same block to every destination, one block from every source, over the neighbourhood of a Cartesian, graph or distributed-graph
 *        communicator. Each function has the blocking, nonblocking (`collalg_ineighbor_allgather_<algorithm>`)
 *        and persistent (`collalg_neighbor_allgather_init_<algorithm>`) forms; see @ref neighbor.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_neighbor_allgather_linear() | about alpha + n beta, every message posted at once | a topology (MPI's own requirement) |
 * | collalg_neighbor_allgather_combining() | R messages (distinct non-zero offset components per dimension, summed: 2 d for a 3^d stencil) instead of s, no more blocks than linear | isomorphic neighbourhood |
 */
#ifndef COLLALG_NEIGHBOR_ALLGATHER_H
#define COLLALG_NEIGHBOR_ALLGATHER_H

#include "neighbor_allgather/linear.h"
#include "neighbor_allgather/combining.h"

#endif /* COLLALG_NEIGHBOR_ALLGATHER_H */
