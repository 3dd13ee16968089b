/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/exscan.h
 * @ingroup exscan
 * @brief Every exscan algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup exscan MPI_Exscan
 * @brief MPI_Exscan: rank i > 0 gets the exclusive prefix v_0 op ... op v_(i-1), elementwise;
 *        rank 0's receive buffer is undefined and never written.
 *
 * Every function takes exactly MPI_Exscan's arguments (tuning parameters appended,
 * 0 = default). n is the whole vector in bytes, count * size(datatype); gamma is the computation
 * time per byte of a reduction; s is the number of segments of the linear pipeline (segsize bytes
 * each, default 64 KiB). Symbols as in @ref cost_model. Each file listed below is an algorithm's
 * page: phases, a trace, the cost, two figures of its messages.
 *
 * Every algorithm keeps the standard's operand order, so all of them accept non-commutative
 * operations, and MPI_IN_PLACE on any rank. Each shares its body with the scan algorithm of the
 * same name (the header of the same file name in scan/) and the entry step with family/scan.h.
 *
 * | function | cost (leading terms) | operand order, parameters |
 * |---|---|---|
 * | collalg_exscan_linear() | (p + s - 2)(alpha + (n/s)(beta + gamma)) | kept; segsize |
 * | collalg_exscan_recursive_doubling() | ceil(lg p)(alpha + n beta + 2 n gamma) | kept |
 * | collalg_exscan_binary_tree() | about 4 floor(lg p)(alpha + n beta + n gamma) (not pipelined) | kept |
 * | collalg_exscan_hierarchical() | as scan's hierarchical: exscan in each node, exscan of the node totals among the N leaders, combine in the node | kept (when nodes are not consecutive: flat recursive doubling up to 64 KiB, else the flat linear pipeline); intra and inter exscan (NULL: recursive doubling up to 64 KiB, else the linear pipeline) |
 */
#ifndef COLLALG_EXSCAN_H
#define COLLALG_EXSCAN_H

#include "core/core.h"
#include "exscan/linear.h"
#include "exscan/recursive_doubling.h"
#include "exscan/binary_tree.h"
#include "exscan/hierarchical.h"

#endif /* COLLALG_EXSCAN_H */
