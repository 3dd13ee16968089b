/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/gather.h
 * @ingroup gather
 * @brief Every gather algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup gather MPI_Gather
 * @brief MPI_Gather: every rank's block is collected, in rank order, at the root.
 *
 * Every function takes exactly MPI_Gather's arguments (tuning parameters appended, 0 = default).
 * n is one rank's block in bytes, sendcount * size(sendtype); symbols as in @ref cost_model. Each
 * file listed below is an algorithm's page: phases, a trace, the cost, two figures of its messages.
 * The receive arguments are significant at the root only; MPI_IN_PLACE is allowed at the root as
 * sendbuf (its block is then already in place). The tree algorithms move blocks as bytes of the
 * type signature, so every rank may pass its own datatype.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_gather_linear() | (p - 1)(alpha + n beta) + kappa_n at the root | none |
 * | collalg_gather_linear_sync() | (p - 1)(3 alpha + n beta), one rank at a time (2 alpha when n <= f) | first segment f bytes (default 1024) |
 * | collalg_gather_binomial() | ceil(lg p) alpha + (p - 1) n beta | none; scratch of a subtree's blocks |
 * | collalg_gather_bine() | ceil(lg p) alpha + (p - 1) n beta, round-r runs from |rho| ~ 2^(k-r) / 3 ranks away instead of 2^(k-1-r) (Bine tree, De Sensi et al.) | none; scratch of a subtree's blocks |
 * | collalg_gather_knomial() | (k - 1) ceil(log_k p) alpha + (p - 1) n beta | radix k >= 2 (default 4); k = 2 is binomial |
 * | collalg_gather_hierarchical() | (q - 1)(alpha_intra + n beta_intra) + (N - 1)(alpha_inter + q n beta_inter): node gather to one member, linear gatherv of the N node runs to the root, reorder | none (any placement); scratch at the root and members: a node's or all blocks |
 * | collalg_gather_topology() | about (d + c) alpha + (p - 1) n beta along the switch tree: one message per up link, each subtree's blocks aggregated | none; topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level |
 * | collalg_gather_shm() | ceil(n / M) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), plus copies of (p - 1) n bytes at the root | one node only; the node's shared window (machine/shm.h) |
 */
#ifndef COLLALG_GATHER_H
#define COLLALG_GATHER_H

#include "core/core.h"
#include "gather/linear.h"
#include "gather/linear_sync.h"
#include "gather/binomial.h"
#include "gather/bine.h"
#include "gather/knomial.h"
#include "gather/hierarchical.h"
#include "gather/topology.h"
#include "gather/shm.h"

#endif /* COLLALG_GATHER_H */
