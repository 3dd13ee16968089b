/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/allgather.h
 * @ingroup allgather
 * @brief Every allgather algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup allgather Allgather
 * @brief MPI_Allgather: every rank's block ends up on every rank, in rank order.
 *
 * Every function takes exactly MPI_Allgather's arguments (tuning parameters appended, 0 = default).
 * n is one rank's block in bytes, recvcount * size(recvtype); symbols of the costs as in
 * @ref cost_model. Each file listed below is an algorithm's page: phases, a trace, the cost, two
 * figures of its messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_allgather_simple() | (p - 1)(alpha + n beta) + kappa | none |
 * | collalg_allgather_spreading_simple() | (p - 1)(alpha + n beta) + kappa, less node contention | none |
 * | collalg_allgather_ring() | (p - 1)(alpha + n beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_allgather_ring_light_barrier() | (p - 1)(alpha + n beta) + (p - 2) delta_l + kappa_s + kappa_l | none |
 * | collalg_allgather_ring_mpi_barrier() | (p - 1)(alpha + n beta) + (p - 2) delta_h + kappa_l | none |
 * | collalg_allgather_ring_n_mpi_barriers() | (p - 1)(alpha + n beta) + N delta_h + kappa | N barriers, 1 .. p - 2 |
 * | collalg_allgather_pair() | S (alpha + n beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l, S = p - 1 (p even) or p (p odd) | none |
 * | collalg_allgather_pair_light_barrier() | S (alpha + n beta) + (S - 1) delta_l + kappa_s + kappa_l | none |
 * | collalg_allgather_pair_mpi_barrier() | S (alpha + n beta) + (S - 1) delta_h + kappa_l | none |
 * | collalg_allgather_pair_n_mpi_barriers() | S (alpha + n beta) + N delta_h + kappa | N barriers, 1 .. S - 1 |
 * | collalg_allgather_mesh_2d() | 2(sqrt(p) - 1) alpha + (p - 1) n beta + theta + kappa | none |
 * | collalg_allgather_mesh_3d() | 3(cbrt(p) - 1) alpha + (p - 1) n beta + 2 theta + kappa | none |
 * | collalg_allgather_recursive_doubling() | lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta + kappa for p a power of two; see its page otherwise | none |
 * | collalg_allgather_swing() | lg(pof2) alpha + (pof2 - 1) n beta + (lg(pof2) - 1) theta + kappa for p = pof2; otherwise fold and unfold add 2 alpha + (p + 1) n beta, and the steps up to (pof2 - 1) n beta more (two-block super-blocks); the blocks of step s at distance abs(rho(s)) = 1, 1, 3, 5, 11, ... (Swing) | none |
 * | collalg_allgather_bruck() | ceil(lg p) alpha + (p - 1) n beta + (ceil(lg p) - 1) theta + kappa | none; p n bytes of scratch |
 * | collalg_allgather_k_bruck() | ceil(log_k p) alpha + (p - 1) n beta with the k - 1 messages of a round overlapping, up to (k - 1) ceil(log_k p) alpha + (p - 1) n beta one after another | radix k (default 2, >= 2); p n bytes of scratch |
 * | collalg_allgather_sparbit() | ceil(lg p) alpha + (p - 1) n beta + (ceil(lg p) - 1) theta + kappa; distances halving, the largest messages to the nearest ranks | none; 2 floor(p / 2) int of scratch |
 * | collalg_allgather_neighbor_exchange() | (p / 2) alpha + (p - 1) n beta + (p / 2 - 1) theta + kappa_s for p even; logical_ring's cost for p odd | none; odd p runs the neighbour-forwarding ring |
 * | collalg_allgather_gather_bcast() | 2 ceil(lg p) alpha + (p - 1) n beta + ceil(lg p) p n beta + kappa | none |
 * | collalg_allgather_hierarchical() | T_gather(q n) + T_inter(N leaders, q n per leader) + T_intra(p n): ring among the leaders (N - 1)(alpha + q n beta) | none; p n bytes of scratch on non-consecutive placements; inter-node and intra-node algorithms (default Bruck below 64 KiB of p blocks, ring from there; pipelined chain in the node) |
 * | collalg_allgather_logical_ring() | (p - 1)(alpha + n beta) + (p - 2) theta + kappa_s | none |
 * | collalg_allgather_shm() | ceil(n / M) node barriers, M = COLLALG_SHM_MAX_BYTES (8 KiB), plus copies of (p + 1) n bytes | one node only; the node's shared window (machine/shm.h) |
 * | collalg_allgather_topology_ring() | (p - 1)(alpha + n beta) + (p - 2) theta + kappa_s, contention free on a tree | none; topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level |
 * | collalg_allgather_recexch_doubling() | log_k(pofk) alpha + (pofk - 1)/pofk p n beta with the k - 1 messages of a step overlapping, pofk the largest power of k <= p; 2 alpha + (k - 1) p n beta more when p is not a power of k | radix k (default 2, >= 2); no scratch |
 * | collalg_allgather_recexch_halving() | as recexch_doubling, the spans in the reverse order (the largest messages to the nearest survivors) | radix k (default 2, >= 2); p n bytes of scratch when there are two steps or more |
 * | collalg_allgather_pat() | (lg A + min(M, p) - 1) alpha + (p - 1) n beta, A the blocks per message (a power of two, up to 2^(ceil(lg p) - 1)) and M = 2^ceil(lg p) / A: ceil(lg p) alpha for small blocks, (p - 1) alpha with A = 1; far peers first, the largest message to the neighbour | none; scratch bound in bytes (default 1 MiB), 2 A n bytes of scratch when A > 1 |
 * | collalg_allgather_bine() | lg(q) alpha + (q - 1)/q p n beta and two local copies of p n bytes, q the largest power of two <= p, plus 2 alpha + (p + 1) n beta unless p = q; the p n / 2^(s+1) bytes of step s at distance abs(rho(s)) = 1, 1, 3, 5, 11, ..., the nearest last (Bine butterfly) | p n bytes of scratch |
 * | collalg_allgather_circulant() | q alpha + (p - 1) n beta, q = ceil(lg p) rounds along the circulant graph's skips | none |
 */
#ifndef COLLALG_ALLGATHER_H
#define COLLALG_ALLGATHER_H

#include "core/core.h"
#include "allgather/simple.h"
#include "allgather/spreading_simple.h"
#include "allgather/ring.h"
#include "allgather/ring_light_barrier.h"
#include "allgather/ring_mpi_barrier.h"
#include "allgather/ring_n_mpi_barriers.h"
#include "allgather/pair.h"
#include "allgather/pair_light_barrier.h"
#include "allgather/pair_mpi_barrier.h"
#include "allgather/pair_n_mpi_barriers.h"
#include "allgather/mesh_2d.h"
#include "allgather/mesh_3d.h"
#include "allgather/recursive_doubling.h"
#include "allgather/swing.h"
#include "allgather/bruck.h"
#include "allgather/k_bruck.h"
#include "allgather/sparbit.h"
#include "allgather/neighbor_exchange.h"
#include "allgather/gather_bcast.h"
#include "allgather/logical_ring.h"
#include "allgather/topology_ring.h"
#include "allgather/shm.h"
#include "allgather/hierarchical.h"
#include "allgather/circulant.h"
#include "allgather/recexch_doubling.h"
#include "allgather/recexch_halving.h"
#include "allgather/pat.h"
#include "allgather/bine.h"

#endif /* COLLALG_ALLGATHER_H */
