/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/scatter.h
 * @ingroup scatter
 * @brief Every scatter algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup scatter MPI_Scatter
 * @brief MPI_Scatter: block i of the root's buffer goes to rank i.
 *
 * Every function takes exactly MPI_Scatter's arguments (tuning parameters appended, 0 = default).
 * n is one rank's block in bytes, recvcount * size(recvtype); symbols as in @ref cost_model. Each
 * file listed below is an algorithm's page: phases, a trace, the cost, two figures of its messages.
 * The send arguments are significant at the root only; MPI_IN_PLACE is allowed at the root as
 * recvbuf (its block then stays in sendbuf). The tree algorithms move blocks as bytes of the type
 * signature, so every rank may pass its own datatype.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_scatter_linear() | (p - 1)(alpha + n beta) at the root | none |
 * | collalg_scatter_linear_nb() | (p - 1)(alpha + n beta) at the root, at most r sends in flight | max_requests r (default 32) |
 * | collalg_scatter_binomial() | ceil(lg p) alpha + (p - 1) n beta | none; scratch of a subtree's blocks |
 * | collalg_scatter_bine() | ceil(lg p) alpha + (p - 1) n beta, round-r runs sent |rho| ~ 2^(k-r) / 3 ranks away instead of 2^(k-1-r) (Bine tree, De Sensi et al.) | none; scratch of a subtree's blocks |
 * | collalg_scatter_knomial() | (k - 1) ceil(log_k p) alpha + (p - 1) n beta | radix k >= 2 (default 4); k = 2 is binomial |
 * | collalg_scatter_hierarchical() | (N - 1)(alpha_inter + q n beta_inter) + (q - 1)(alpha_intra + n beta_intra) at the root, then (q - 1)(alpha_intra + n beta_intra) at a member: the gather's reverse | none (any placement); scratch at the root and members |
 * | collalg_scatter_topology() | about (d + c) alpha + (p - 1) n beta along the switch tree: one message per down link | none; topology as gather_topology |
 * | collalg_scatter_shm() | ceil(n / M) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), plus copies of (p - 1) n bytes at the root | one node only; the node's shared window (machine/shm.h) |
 */
#ifndef COLLALG_SCATTER_H
#define COLLALG_SCATTER_H

#include "core/core.h"
#include "scatter/linear.h"
#include "scatter/linear_nb.h"
#include "scatter/binomial.h"
#include "scatter/bine.h"
#include "scatter/knomial.h"
#include "scatter/hierarchical.h"
#include "scatter/topology.h"
#include "scatter/shm.h"

#endif /* COLLALG_SCATTER_H */
