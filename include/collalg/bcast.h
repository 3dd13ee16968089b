/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/bcast.h
 * @ingroup bcast
 * @brief Every bcast algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup bcast Bcast
 * @brief MPI_Bcast: the root's message is copied to every rank.
 *
 * Every function takes exactly MPI_Bcast's arguments (tuning parameters appended, 0 or NULL =
 * default). n is the message in bytes, count * size(datatype); symbols as in @ref cost_model.
 * Each file listed below is an algorithm's page: phases, a trace, the cost, two figures of its
 * messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_bcast_linear() | (p - 1)(alpha + n beta) at the root | none |
 * | collalg_bcast_chain() | (p - 1)(alpha + (n / s) beta) + (s - 1) max((n / s) beta, (alpha + (n / s) beta) / W), s segments, W = COLLALG_FORWARD_WINDOW in flight | segment size (default 4 KiB) |
 * | collalg_bcast_topology_chain() | as chain, contention free on a tree | segment size (default 4 KiB); topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level |
 * | collalg_bcast_topology_order() | the inner broadcast's, on the ranks renumbered in DFS order (a subtree of ranks is a subtree of machines) | inner broadcast (NULL = binomial); topology as topology_chain |
 * | collalg_bcast_binary_tree() | 2 floor(lg p)(alpha + (n / s) beta) + (s - 1) max(2 (n / s) beta, 2 (alpha + (n / s) beta) / W), s segments, W = COLLALG_FORWARD_WINDOW in flight | segment size (default 4 KiB) |
 * | collalg_bcast_split_binary_tree() | 2 (floor(lg floor(p / 2)) + s)(alpha + (n / 2s) beta) + alpha + (n / 2) beta, s segments per half: each half pipelined down one subtree, then swapped (Open MPI's split binary tree; bandwidth term 1.5 n beta against the binary tree's 2 n beta) | segment size (default 4 KiB); messages under 2 bytes: the binary tree |
 * | collalg_bcast_pipelined_scatter_allgather() | about 2 (alpha + m beta) + n beta + (n / m)(p - 1) o, chunks of m bytes: every link carries at most n | chunk size (default 128 KiB); (2 p - 3) W requests |
 * | collalg_bcast_han() | T_ib(m) + (s - 1) max(T_ib(m), T_sb(m)) + T_sb(m), s segments of m bytes, T_ib among the N node leaders, T_sb inside a node | segment size (default 2 MiB), inter-node and intra-node algorithms (default linear for small segments, else the pipelined scatter-allgather; MPI_Ibcast) |
 * | collalg_bcast_hierarchical() | n beta_inter + 2 (alpha_inter + m beta_inter) + alpha_intra + m beta_intra, chunks of m bytes: the pipelined scatter-allgather among one member per node, each chunk passed on inside the node once complete | chunk size (default 128 KiB) |
 * | collalg_bcast_binomial() | ceil(lg p)(alpha + n beta) | none |
 * | collalg_bcast_bine() | ceil(lg p)(alpha + n beta), round-r messages |rho| ~ 2^(k-r) / 3 ranks apart instead of 2^(k-1-r) (Bine tree, De Sensi et al.) | none |
 * | collalg_bcast_scatter_rdb_allgather() | 2 lg(p) alpha + 2 ((p - 1) / p) n beta for p a power of two; see its page otherwise | none |
 * | collalg_bcast_scatter_ring_allgather() | (ceil(lg p) + p - 1) alpha + 2 ((p - 1) / p) n beta | none |
 * | collalg_bcast_shm() | ceil(n / M) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), plus copies of n bytes | one node only; the node's shared window (machine/shm.h) |
 * | collalg_bcast_csm() | from k(alpha + n beta) (binomial) to 2k alpha + 2 ((q - 1) / q) n beta (van de Geijn), q = 2^k <= p | a Copy/Split/Merge program (NULL = binomial) |
 * | collalg_bcast_knomial() | at most (k - 1) ceil(log_k p)(alpha + n beta); radix 2 is the binomial tree | radix k (default 4, >= 2) |
 * | collalg_bcast_circulant() | (N - 1 + q)(alpha + (n / N) beta), q = ceil(lg p), N = ceil(n / b) blocks: round-optimal; about q alpha + n beta for large N | block size b (default 64 KiB) |
 * | collalg_bcast_two_tree() | at most (2 ceil(s / 2) + 2 ceil(lg p))(alpha + (n / s) beta), s segments: half the segments down each of two in-order binary trees, one send and one receive per rank and step (Sanders, Speck & Träff) | segment size (default 8 KiB) |
 * | collalg_bcast_pipelined_tree() | about (L + s - 1) c (alpha + (n / s) beta), s segments, L the tree height, c the most children of a rank (MPICH's tree broadcast with chunks; the blocking collalg_ibcast_pipelined_tree()) | segment size (default 4 KiB), tree k-ary (default) or k-nomial, radix k (default 2) |
 *
 * The Copy/Split/Merge programs of collalg_bcast_csm() are written, checked, printed and
 * enumerated with the functions of schedule/csm_program.h (in this group too).
 */
#ifndef COLLALG_BCAST_H
#define COLLALG_BCAST_H

#include "core/core.h"
#include "bcast/linear.h"
#include "bcast/chain.h"
#include "bcast/topology_chain.h"
#include "bcast/topology_order.h"
#include "bcast/han.h"
#include "bcast/hierarchical.h"
#include "bcast/binary_tree.h"
#include "bcast/split_binary_tree.h"
#include "bcast/pipelined_scatter_allgather.h"
#include "bcast/binomial.h"
#include "bcast/bine.h"
#include "bcast/scatter_rdb_allgather.h"
#include "bcast/scatter_ring_allgather.h"
#include "bcast/csm.h"
#include "bcast/shm.h"
#include "bcast/circulant.h"
#include "bcast/knomial.h"
#include "bcast/two_tree.h"
#include "bcast/pipelined_tree.h"

#endif /* COLLALG_BCAST_H */
