/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/scatterv.h
 * @ingroup scatterv
 * @brief Every scatterv algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup scatterv MPI_Scatterv
 * @brief MPI_Scatterv: the root sends every rank a block of its own size, taken from a
 *        displacement of the root's choosing.
 *
 * Every function takes exactly MPI_Scatterv's arguments (tuning parameters appended, 0 =
 * default). Only the root knows every block's count; sendbuf, sendcounts, displs and sendtype
 * are never read at the other ranks. n_j is rank j's block in bytes, sendcounts[j] *
 * size(sendtype), and N the sum of them. Symbols as in @ref cost_model. Each file listed below is
 * an algorithm's page: phases, a trace, the cost, two figures of its messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_scatterv_linear() | (p - 1) alpha + (N - n_root) beta | none |
 * | collalg_scatterv_binomial() | 2 ceil(lg p) alpha + (N - n_root + 8 (p - 1)) beta (each subtree's sizes before its data; packing not counted) | none (a homogeneous system); scratch: a subtree's bytes and 8 bytes per rank of it |
 * | collalg_scatterv_hierarchical() | (M + q - 2) alpha + (N - n_root) beta at the root, then (q - 1) alpha_intra + B_i beta_intra at node i's member, M nodes of at most q ranks, B_i node i's bytes: the gatherv's reverse | none (any placement); scratch: a node's bytes |
 */
#ifndef COLLALG_SCATTERV_H
#define COLLALG_SCATTERV_H

#include "core/core.h"
#include "scatterv/linear.h"
#include "scatterv/binomial.h"
#include "scatterv/hierarchical.h"

#endif /* COLLALG_SCATTERV_H */
