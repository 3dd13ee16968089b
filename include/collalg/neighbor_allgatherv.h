/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/neighbor_allgatherv.h
 * @ingroup neighbor
 * @brief Every neighbor_allgatherv algorithm of the catalogue (family umbrella): MPI_Neighbor_allgatherv, each rank
 *        sends the same block to every destination, one block of its own count and displacement from every source, over the neighbourhood of a Cartesian, graph or distributed-graph
 *        communicator. Each function has the blocking, nonblocking (`collalg_ineighbor_allgatherv_<algorithm>`)
 *        and persistent (`collalg_neighbor_allgatherv_init_<algorithm>`) forms; see @ref neighbor.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_neighbor_allgatherv_linear() | about alpha + n beta, every message posted at once | a topology (MPI's own requirement) |
 */
#ifndef COLLALG_NEIGHBOR_ALLGATHERV_H
#define COLLALG_NEIGHBOR_ALLGATHERV_H

#include "neighbor_allgatherv/linear.h"

#endif /* COLLALG_NEIGHBOR_ALLGATHERV_H */
