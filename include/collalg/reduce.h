/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/reduce.h
 * @ingroup reduce
 * @brief Every reduce algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup reduce MPI_Reduce
 * @brief MPI_Reduce: the root gets v_0 op v_1 op ... op v_(p-1), elementwise.
 *
 * Every function takes exactly MPI_Reduce's arguments (tuning parameters appended, 0 = default).
 * n is the whole vector in bytes, count * size(datatype); gamma is the computation time per byte
 * of a reduction; pof2 is the largest power of two <= p; s is the number of segments of the
 * segmented algorithms (segsize bytes each, default 64 KiB). Symbols as in @ref cost_model. Each
 * file listed below is an algorithm's page: phases, a trace, the cost, two figures of its
 * messages.
 *
 * Every algorithm but topology_order, circulant and bine keeps the standard's operand order, so they accept
 * non-commutative operations. The tree algorithms take ranks relative to the root for a commutative op; for a
 * non-commutative op they keep ranks in order (the tree's top is rank 0, or p - 1 for the
 * in-order binary tree) and the top sends the result to the root at the end (the "+ hand-off"
 * below: alpha + n beta when the root is not the top).
 *
 * | function | cost (leading terms) | operand order, parameters |
 * |---|---|---|
 * | collalg_reduce_linear() | (p - 1)(alpha + n beta) + (p - 1) n gamma at the root; alpha + (p - 1) n (beta + gamma) for small vectors (receives posted at once) | kept |
 * | collalg_reduce_binomial() | ceil(lg p)(alpha + n beta + n gamma) + hand-off | kept |
 * | collalg_reduce_bine() | ceil(lg p)(alpha + n beta + n gamma), round-r messages |rho(r)| ~ 2^(r+1) / 3 ranks apart instead of 2^r (Bine tree, De Sensi et al.) | commutative op only |
 * | collalg_reduce_in_order_binary() | (floor(lg p) + s - 1)(2 alpha + 2 (n/s)(beta + gamma)) + hand-off | kept; segsize |
 * | collalg_reduce_binary_tree() | (floor(lg p) + s - 1)(2 alpha + 2 (n/s)(beta + gamma)) + hand-off | kept (pre-order numbered tree); segsize |
 * | collalg_reduce_chain() | (ceil((p - 1)/f) + s - 1)(alpha + (n/s)(beta + gamma)), the root taking f segments per step + hand-off | kept; fan-out f (default 4), segsize |
 * | collalg_reduce_pipeline() | (p + s - 2)(alpha + (n/s)(beta + gamma)) + hand-off | kept; segsize |
 * | collalg_reduce_knomial() | (ceil(log_k p) + s - 1)(k - 1)(alpha + (n/s)(beta + gamma)) + hand-off | kept; radix k (default 4, >= 2), segsize |
 * | collalg_reduce_rabenseifner() | 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta + n gamma, plus alpha + n (beta + gamma) unless p = pof2 | kept |
 * | collalg_reduce_topology_order() | the inner reduction's, on the ranks renumbered in DFS order (each switch's vectors combined before one crosses its uplink) | commutative op only; inner reduction (NULL = binomial); topology as bcast's topology_chain |
 * | collalg_reduce_circulant() | (N - 1 + q)(alpha + (n / N)(beta + gamma)), q = ceil(lg p), N = ceil(n / b) blocks: the circulant broadcast reversed | commutative op only; block size b (default 64 KiB) |
 * | collalg_reduce_two_tree() | at most (2 ceil(s / 2) + 2 ceil(lg p))(alpha + (n / s)(beta + 2 gamma)), s segments: the two-tree broadcast reversed + hand-off | kept; segment size (default 8 KiB) |
 * | collalg_reduce_han() | T_sr(m) + (s - 1) max(T_ir(m), T_sr(m)) + T_ir(m), s segments of m bytes, T_sr the node reduction at the leader, T_ir the reduction among the N leaders (HAN) | kept (binomial on the whole communicator when a non-commutative op meets nodes that are not consecutive); segment size (default 512 KiB), inter-node reduce (NULL: binomial up to 64 KiB segments, else Rabenseifner) |
 * | collalg_reduce_topology_chain() | (p + s - 2)(alpha + (n/s)(beta + gamma)) along the topology's DFS ring, no link carrying two edges on a tree | kept (the rank-order pipeline for a non-commutative op); segsize; topology as bcast's topology_chain |
 * | collalg_reduce_shm() | ceil(n / M) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), + (p - 1) n gamma at the root | kept; one node only; the node's shared window (machine/shm.h) |
 * | collalg_reduce_pipelined_tree() | about (L + s - 1) c (alpha + (n/s)(beta + gamma)), s segments, L the tree height, c the most children of a rank, + hand-off (MPICH's tree reduce with chunks; the blocking collalg_ireduce_pipelined_tree()) | kept; segment size (default 64 KiB), tree k-nomial (default) or k-ary, radix k (default 2) |
 */
#ifndef COLLALG_REDUCE_H
#define COLLALG_REDUCE_H

#include "core/core.h"
#include "reduce/linear.h"
#include "reduce/binomial.h"
#include "reduce/bine.h"
#include "reduce/in_order_binary.h"
#include "reduce/binary_tree.h"
#include "reduce/chain.h"
#include "reduce/pipeline.h"
#include "reduce/knomial.h"
#include "reduce/rabenseifner.h"
#include "reduce/topology_order.h"
#include "reduce/circulant.h"
#include "reduce/two_tree.h"
#include "reduce/han.h"
#include "reduce/topology_chain.h"
#include "reduce/shm.h"
#include "reduce/pipelined_tree.h"

#endif /* COLLALG_REDUCE_H */
