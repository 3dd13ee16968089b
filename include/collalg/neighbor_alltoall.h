/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/neighbor_alltoall.h
 * @ingroup neighbor
 * @brief Every neighbor_alltoall algorithm of the catalogue (family umbrella): MPI_Neighbor_alltoall, each rank
 *        sends a distinct block to every destination, one from every source, over the neighbourhood of a Cartesian, graph or distributed-graph
 *        communicator. Each function has the blocking, nonblocking (`collalg_ineighbor_alltoall_<algorithm>`)
 *        and persistent (`collalg_neighbor_alltoall_init_<algorithm>`) forms; see @ref neighbor.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_neighbor_alltoall_linear() | about alpha + n beta, every message posted at once | a topology (MPI's own requirement) |
 * | collalg_neighbor_alltoall_combining() | R messages (distinct non-zero offset components per dimension, summed: 2 d for a 3^d stencil) instead of s, each block forwarded once per non-zero component of its offset | isomorphic neighbourhood |
 */
#ifndef COLLALG_NEIGHBOR_ALLTOALL_H
#define COLLALG_NEIGHBOR_ALLTOALL_H

#include "neighbor_alltoall/linear.h"
#include "neighbor_alltoall/combining.h"

#endif /* COLLALG_NEIGHBOR_ALLTOALL_H */
