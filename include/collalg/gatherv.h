/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/gatherv.h
 * @ingroup gatherv
 * @brief Every gatherv algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup gatherv MPI_Gatherv
 * @brief MPI_Gatherv: every rank's block, of its own size, ends up at the root, at a
 *        displacement of the root's choosing.
 *
 * Every function takes exactly MPI_Gatherv's arguments (tuning parameters appended, 0 =
 * default). Only the root knows every block's count; recvbuf, recvcounts, displs and recvtype
 * are never read at the other ranks. n_j is rank j's block in bytes, recvcounts[j] *
 * size(recvtype), and N the sum of them. Symbols as in @ref cost_model. Each file listed below is
 * an algorithm's page: phases, a trace, the cost, two figures of its messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_gatherv_linear() | (p - 1) alpha + (N - n_root) beta | none |
 * | collalg_gatherv_binomial() | (2 ceil(lg p) - 1) alpha + (N - n_root) beta (sizes up the tree first, then the data; packing not counted) | none (a homogeneous system); scratch: a subtree's bytes |
 * | collalg_gatherv_hierarchical() | 2 (q - 1) alpha_intra + B_i beta_intra at node i's member, then (M - 1) alpha_inter + (N - B_root) beta_inter at the root, M nodes of at most q ranks, B_i node i's bytes: sizes learnt inside each node, one message per node (Open MPI han) | none (any placement); scratch: a node's bytes |
 */
#ifndef COLLALG_GATHERV_H
#define COLLALG_GATHERV_H

#include "core/core.h"
#include "gatherv/linear.h"
#include "gatherv/binomial.h"
#include "gatherv/hierarchical.h"

#endif /* COLLALG_GATHERV_H */
