/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/allreduce.h
 * @ingroup allreduce
 * @brief Every allreduce algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup allreduce Allreduce
 * @brief MPI_Allreduce: every rank gets v_0 op v_1 op ... op v_(p-1), elementwise.
 *
 * Every function takes exactly MPI_Allreduce's arguments (tuning parameters appended, 0 or NULL =
 * default). n is the whole vector in bytes, count * size(datatype); gamma is the computation time
 * per byte of a reduction; pof2 is the largest power of two <= p. Symbols as in @ref cost_model.
 * Each file listed below is an algorithm's page: phases, a trace, the cost, two figures of its
 * messages.
 *
 * The inner allgather of the parameterised algorithms is called on the algorithm's private
 * communicator: collalg_allgather_topology_ring() there schedules on the user's communicator's
 * topology (machine/topology_comm.h stores it on the private communicator too, so an attached
 * description reaches the inner call; else `COLLALG_TOPOLOGY`, else the node level).
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_allreduce_reduce_bcast() | 2 ceil(lg p)(alpha + n beta) + ceil(lg p) n gamma + kappa | none |
 * | collalg_allreduce_allgather_based() | the allgather of n bytes per rank + (p - 1) n gamma | inner allgather (NULL = ring; collalg_allgather_topology_ring() gives the topology ring) |
 * | collalg_allreduce_han() | T_sr(m) + (s - 1) max(T_ir(m), T_sr(m) + T_sb(m)) + T_ir(m) + T_sb(m), s segments of m bytes, T_ir among the N node leaders (ring: node links carry 2 (N - 1) / N n) | segment size (default 2 MiB), inter-node allreduce (default ring); non-commutative ops: recursive doubling on all ranks |
 * | collalg_allreduce_recursive_doubling() | lg(pof2)(alpha + n beta) + lg(pof2) n gamma + kappa, plus 2 (alpha + n beta) unless p = pof2 | none |
 * | collalg_allreduce_recursive_multiplying() | L (alpha + n beta) + L (k - 1) n gamma, L = floor(log_k p), with the k - 1 messages of a step overlapping (up to L (k - 1)(alpha + n beta) one after another), plus 2 (alpha + n beta) unless p is a power of k | radix k (default 4, >= 2); operand order kept |
 * | collalg_allreduce_rabenseifner() | 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta + n gamma + kappa, plus 2 (alpha + n beta) unless p = pof2 | none |
 * | collalg_allreduce_rabenseifner_var1() | halving reduce-scatter + one redistribution + the allgather of n/p bytes per rank | inner allgather (NULL = ring; collalg_allgather_topology_ring() gives the topology ring) |
 * | collalg_allreduce_rabenseifner_var2() | the alltoall of n/p bytes per pair + the allgather of n/p bytes per rank + (p - 1)/p n gamma | inner alltoall and allgather (NULL = ring; collalg_allgather_topology_ring() gives the topology ring) |
 * | collalg_allreduce_ring() | 2 (p - 1)(alpha + n/p beta) + (p - 1)/p n gamma + kappa | commutative op only |
 * | collalg_allreduce_segmented_ring() | P (p - 1)(alpha + n/(pP) beta) + (p - 1)(alpha + n/p beta) + (p - 1)/p n gamma + kappa, P phases: the ring's reduce-scatter on segments of at most m bytes (Open MPI's), each reduction overlapping the next segment's transfer | commutative op only; segment size m (default 1 MiB; blocks within one segment: the ring) |
 * | collalg_allreduce_topology_ring() | 2 (p - 1)(alpha + n/p beta) + (p - 1)/p n gamma + kappa, contention free on a tree | commutative op only; topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level |
 * | collalg_allreduce_topology_order() | the inner allreduce's, on the ranks renumbered in DFS order (Rabenseifner: its smallest distances, which carry the most bytes, stay under one switch) | commutative op only; inner allreduce (NULL = rabenseifner); topology as topology_ring |
 * | collalg_allreduce_shm() | ceil(n / M) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), + (p - 1) n gamma on every rank | one node only; the node's shared window (machine/shm.h) |
 * | collalg_allreduce_two_stage() | 2 (B - 1)(alpha + n beta) + ceil(lg nb)(alpha + n beta) + kappa, nb = ceil(p / B) blocks | block size B (default 8) |
 * | collalg_allreduce_circulant() | 2 (N - 1 + q)(alpha + (n / N) beta) + (N - 1 + q)(n / N) gamma, q = ceil(lg p), N = ceil(n / b) blocks: circulant reduce to 0, then circulant bcast | commutative op only; block size b (default 64 KiB) |
 * | collalg_allreduce_two_tree() | about 2 n beta + 4 lg p alpha + 2 n gamma for many segments: two-tree reduce to rank p - 1, then two-tree bcast on the same trees | none (operand order kept); segment size (default 8 KiB) |
 * | collalg_allreduce_swing_latency() | lg(pof2)(alpha + n beta) + lg(pof2) n gamma + kappa, plus 2 (alpha + n beta) unless p = pof2; step s at distance abs(rho(s)) = 1, 1, 3, 5, 11, ... (Swing) | commutative op only |
 * | collalg_allreduce_swing_bandwidth() | 2 lg(pof2) alpha + 2 (pof2 - 1)/pof2 n beta + n gamma + kappa, plus 2 (alpha + n beta) unless p = pof2; the n / 2^(s+1) bytes of step s at distance abs(rho(s)) (Swing) | commutative op only |
 * | collalg_allreduce_bine() | 2 lg(q) alpha + 2 (q - 1)/q n beta + n gamma + kappa, q the largest power of two <= p, plus 2 (alpha + n beta) unless p = q; the n / 2^(s+1) bytes of step s at distance abs(rho(s)), blocks in the negabinary order (Bine butterfly; Swing's messages) | commutative op only |
 * | collalg_allreduce_pipelined_tree() | about (2 L + s - 1) c (alpha + (n/s) beta) + (L + s - 1) c (n/s) gamma, s segments, L the tree height, c the most children of a rank: each segment reduced up to rank 0 and broadcast down the same tree while the next goes up (MPICH's tree allreduce with chunks; the blocking collalg_iallreduce_pipelined_tree()) | none (operand order kept); segment size (default 64 KiB), tree k-nomial (default) or k-ary, radix k (default 2) |
 * | collalg_allreduce_full_lane() | 2 (q - 1) alpha + 2 (q - 1)/q n beta + (q - 1)/q n gamma inside the node (ring reduce-scatter and allgather) + T_inter(n / q) on q lanes at once, q ranks per node (Träff and Hunold's full-lane decomposition: every rank of a node carries 1/q of the inter-node allreduce) | inter-node allreduce (default: HAN's choice by size); non-commutative ops: recursive doubling on all ranks |
 * | collalg_allreduce_pipelined_full_lane() | (T + 2) max(2 (q - 1)/q m beta_node + (q - 1) alpha_node, T_inter(m / q)) for T segments of m bytes: full_lane with each segment's node phases overlapping the neighbouring segments' lane allreduces | segment size (default 1 MiB); non-commutative ops: recursive doubling on all ranks |
 * | collalg_allreduce_circulant_reduce_scatter_allgather() | 2 q alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma for any p, q = ceil(lg p), no fold: Träff's circulant reduce-scatter, then the circulant allgather, on the skips p, ceil(p/2), ... | commutative op only |
 */
#ifndef COLLALG_ALLREDUCE_H
#define COLLALG_ALLREDUCE_H

#include "core/core.h"
#include "allreduce/han.h"
#include "allreduce/reduce_bcast.h"
#include "allreduce/allgather_based.h"
#include "allreduce/recursive_doubling.h"
#include "allreduce/recursive_multiplying.h"
#include "allreduce/rabenseifner.h"
#include "allreduce/rabenseifner_var1.h"
#include "allreduce/rabenseifner_var2.h"
#include "allreduce/ring.h"
#include "allreduce/segmented_ring.h"
#include "allreduce/topology_ring.h"
#include "allreduce/topology_order.h"
#include "allreduce/two_stage.h"
#include "allreduce/shm.h"
#include "allreduce/circulant.h"
#include "allreduce/two_tree.h"
#include "allreduce/swing_latency.h"
#include "allreduce/swing_bandwidth.h"
#include "allreduce/bine.h"
#include "allreduce/pipelined_tree.h"
#include "allreduce/full_lane.h"
#include "allreduce/pipelined_full_lane.h"
#include "allreduce/circulant_reduce_scatter_allgather.h"

#endif /* COLLALG_ALLREDUCE_H */
