/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/neighbor_alltoallw.h
 * @ingroup neighbor
 * @brief Every neighbor_alltoallw algorithm of the catalogue (family umbrella): MPI_Neighbor_alltoallw, each rank
 *        sends a distinct block of its own count, datatype and byte displacement to every destination and from every source, over the neighbourhood of a Cartesian, graph or distributed-graph
 *        communicator. Each function has the blocking, nonblocking (`collalg_ineighbor_alltoallw_<algorithm>`)
 *        and persistent (`collalg_neighbor_alltoallw_init_<algorithm>`) forms; see @ref neighbor.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_neighbor_alltoallw_linear() | about alpha + n beta, every message posted at once | a topology (MPI's own requirement) |
 */
#ifndef COLLALG_NEIGHBOR_ALLTOALLW_H
#define COLLALG_NEIGHBOR_ALLTOALLW_H

#include "neighbor_alltoallw/linear.h"

#endif /* COLLALG_NEIGHBOR_ALLTOALLW_H */
