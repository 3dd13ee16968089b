/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/neighbor_alltoallv.h
 * @ingroup neighbor
 * @brief Every neighbor_alltoallv algorithm of the catalogue (family umbrella): MPI_Neighbor_alltoallv, each rank
 *        sends a distinct block of its own count and displacement to every destination and from every source, over the neighbourhood of a Cartesian, graph or distributed-graph
 *        communicator. Each function has the blocking, nonblocking (`collalg_ineighbor_alltoallv_<algorithm>`)
 *        and persistent (`collalg_neighbor_alltoallv_init_<algorithm>`) forms; see @ref neighbor.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_neighbor_alltoallv_linear() | about alpha + n beta, every message posted at once | a topology (MPI's own requirement) |
 */
#ifndef COLLALG_NEIGHBOR_ALLTOALLV_H
#define COLLALG_NEIGHBOR_ALLTOALLV_H

#include "neighbor_alltoallv/linear.h"

#endif /* COLLALG_NEIGHBOR_ALLTOALLV_H */
