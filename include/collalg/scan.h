/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/scan.h
 * @ingroup scan
 * @brief Every scan algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup scan MPI_Scan
 * @brief MPI_Scan: rank i gets the inclusive prefix v_0 op v_1 op ... op v_i, elementwise.
 *
 * Every function takes exactly MPI_Scan's arguments (tuning parameters appended, 0 = default).
 * n is the whole vector in bytes, count * size(datatype); gamma is the computation time per byte
 * of a reduction; s is the number of segments of the linear pipeline (segsize bytes each,
 * default 64 KiB). Symbols as in @ref cost_model. Each file listed below is an algorithm's page:
 * phases, a trace, the cost, two figures of its messages.
 *
 * Every algorithm keeps the standard's operand order, so all of them accept non-commutative
 * operations, and MPI_IN_PLACE on any rank. The shared entry step and the in-order binary tree
 * are in family/scan.h.
 *
 * | function | cost (leading terms) | operand order, parameters |
 * |---|---|---|
 * | collalg_scan_linear() | (p + s - 2)(alpha + (n/s)(beta + gamma)) | kept; segsize |
 * | collalg_scan_recursive_doubling() | ceil(lg p)(alpha + n beta + 2 n gamma) | kept |
 * | collalg_scan_binary_tree() | about 4 floor(lg p)(alpha + n beta + n gamma) (not pipelined) | kept |
 * | collalg_scan_hierarchical() | T_intra(q) + alpha + n beta + T_inter(N) + T_bcast(q) + n gamma: scan in each node, exscan of the node totals among the N leaders, combine in the node | kept (when nodes are not consecutive: flat recursive doubling up to 64 KiB, else the flat linear pipeline); intra scan and inter exscan (NULL: recursive doubling up to 64 KiB, else the linear pipeline) |
 */
#ifndef COLLALG_SCAN_H
#define COLLALG_SCAN_H

#include "core/core.h"
#include "scan/linear.h"
#include "scan/recursive_doubling.h"
#include "scan/binary_tree.h"
#include "scan/hierarchical.h"

#endif /* COLLALG_SCAN_H */
