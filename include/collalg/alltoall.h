/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/alltoall.h
 * @ingroup alltoall
 * @brief Every alltoall algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup alltoall Alltoall
 * @brief MPI_Alltoall: every rank sends a distinct block to every rank (a transpose of blocks).
 *
 * Every function takes exactly MPI_Alltoall's arguments (tuning parameters appended, 0 = default).
 * n is one block in bytes, sendcount * size(sendtype); symbols of the costs as in @ref cost_model.
 * Each file listed below is an algorithm's page: phases, a trace, the cost, two figures of its
 * messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_alltoall_simple() | (p - 1)(alpha + n beta) + kappa | none |
 * | collalg_alltoall_spreading_simple() | (p - 1)(alpha + n beta) + kappa, less node contention | none |
 * | collalg_alltoall_scattered() | (p - 1)(alpha + n beta) + (B - 1) theta + kappa, B = ceil((p - 1) / m) batches of m messages overlapped | m pairs in flight, default 32 |
 * | collalg_alltoall_mesh_2d() | 2(sqrt(p) - 1) alpha + 2(p - sqrt(p)) n beta + theta + kappa | none; prime p: one dimension |
 * | collalg_alltoall_mesh_3d() | 3(cbrt(p) - 1) alpha + 3(p - p^(2/3)) n beta + 2 theta + kappa | none |
 * | collalg_alltoall_recursive_doubling() | lg(p) alpha + (p - 1) p n beta + (lg(p) - 1) theta + kappa for p a power of two, almost double otherwise | p^2 n bytes of scratch; small messages |
 * | collalg_alltoall_bruck() | ceil(lg p) alpha + ceil(lg p) floor(p / 2) n beta + (ceil(lg p) - 1) theta + kappa | none; small messages |
 * | collalg_alltoall_k_bruck() | ceil(log_k p) alpha + about ceil(log_k p) (k - 1)/k p n beta, k - 1 messages per round overlapped | radix k, default 2; small messages |
 * | collalg_alltoall_bine() | lg(p) alpha + lg(p) p/2 n beta + (lg(p) - 1) theta + kappa for p a power of two, peers 1, 1, 3, 5, 11, ... ranks apart; 2 (alpha + p n beta) more for the fold | none; small messages |
 * | collalg_alltoall_ring() | (p - 1)(alpha + n beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_alltoall_ring_light_barrier() | (p - 1)(alpha + n beta) + (p - 2) delta_l + kappa_s + kappa_l | none |
 * | collalg_alltoall_ring_mpi_barrier() | (p - 1)(alpha + n beta) + (p - 2) delta_h + kappa_l | none |
 * | collalg_alltoall_ring_n_mpi_barriers() | (p - 1)(alpha + n beta) + N delta_h + kappa | N barriers, 1 .. p - 2 |
 * | collalg_alltoall_pair() | S (alpha + n beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l, S = p - 1 (p even) or p (p odd) | none |
 * | collalg_alltoall_pair_light_barrier() | S (alpha + n beta) + (S - 1) delta_l + kappa_s + kappa_l | none |
 * | collalg_alltoall_pair_mpi_barrier() | S (alpha + n beta) + (S - 1) delta_h + kappa_l | none |
 * | collalg_alltoall_pair_n_mpi_barriers() | S (alpha + n beta) + N delta_h + kappa | N barriers, 1 .. S - 1 |
 * | collalg_alltoall_pair_inplace() | as pair; in place one block at a time through MPI_Sendrecv_replace instead of staging p n bytes | none |
 * | collalg_alltoall_node_aware() | alpha_inter + (N - 1) q n beta_inter per rank (every node link carries (p - q) q n, the bound) + 2 (q - 1) intra-node messages of about (N + 1) n bytes; N nodes of q ranks | none; about (p + 2 s q) n bytes of scratch, s = the rank's sources |
 * | collalg_alltoall_shm() | ceil(n / floor(M / p)) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), plus copies of 2 p n bytes | one node only; the node's shared window (machine/shm.h) |
 * | collalg_alltoall_contention_free() | L (alpha + n beta) + (L - 1) theta + kappa, L = the largest link load of the topology tree (p - 1 on one switch); no link shared within a phase | none; topology from collalg_topology_attach(), `COLLALG_TOPOLOGY` or the node level |
 * | collalg_alltoall_contention_free_light_barrier() | L (alpha + n beta) + (L - 1) delta_l + kappa_s + kappa_l | as contention_free |
 * | collalg_alltoall_contention_free_mpi_barrier() | L (alpha + n beta) + (L - 1) delta_h | as contention_free |
 * | collalg_alltoall_contention_free_n_mpi_barriers() | L (alpha + n beta) + N delta_h + kappa | as contention_free; N barriers, 1 .. L - 1 |
 */
#ifndef COLLALG_ALLTOALL_H
#define COLLALG_ALLTOALL_H

#include "alltoall/simple.h"
#include "alltoall/spreading_simple.h"
#include "alltoall/scattered.h"
#include "alltoall/mesh_2d.h"
#include "alltoall/mesh_3d.h"
#include "alltoall/recursive_doubling.h"
#include "alltoall/bruck.h"
#include "alltoall/k_bruck.h"
#include "alltoall/bine.h"
#include "alltoall/ring.h"
#include "alltoall/ring_light_barrier.h"
#include "alltoall/ring_mpi_barrier.h"
#include "alltoall/ring_n_mpi_barriers.h"
#include "alltoall/pair.h"
#include "alltoall/pair_light_barrier.h"
#include "alltoall/pair_mpi_barrier.h"
#include "alltoall/pair_n_mpi_barriers.h"
#include "alltoall/pair_inplace.h"
#include "alltoall/contention_free.h"
#include "alltoall/contention_free_light_barrier.h"
#include "alltoall/contention_free_mpi_barrier.h"
#include "alltoall/contention_free_n_mpi_barriers.h"
#include "alltoall/shm.h"
#include "alltoall/node_aware.h"

#endif /* COLLALG_ALLTOALL_H */
