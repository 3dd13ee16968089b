/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/allgatherv.h
 * @ingroup allgatherv
 * @brief Every allgatherv algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup allgatherv Allgatherv
 * @brief MPI_Allgatherv: every rank's block, of its own size, ends up on every rank.
 *
 * Every function takes exactly MPI_Allgatherv's arguments (tuning parameters appended, 0 =
 * default). n_j is rank j's block in bytes, recvcounts[j] * size(recvtype), and N the sum of
 * them; a step lasts as long as its largest message. Symbols as in @ref cost_model. Each file
 * listed below is an algorithm's page: phases, a trace, the cost, two figures of its messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_allgatherv_simple() | (p - 1)(alpha + max_j n_j beta) + kappa | none |
 * | collalg_allgatherv_spreading_simple() | (p - 1)(alpha + max_j n_j beta) + kappa, less node contention | none |
 * | collalg_allgatherv_ring() | at most (p - 1)(alpha + max_j n_j beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_allgatherv_ring_light_barrier() | at most (p - 1)(alpha + max_j n_j beta) + (p - 2) delta_l + kappa_s + kappa_l | none |
 * | collalg_allgatherv_ring_mpi_barrier() | at most (p - 1)(alpha + max_j n_j beta) + (p - 2) delta_h + kappa_l | none |
 * | collalg_allgatherv_ring_n_mpi_barriers() | at most (p - 1)(alpha + max_j n_j beta) + N delta_h + kappa | N barriers, 1 .. p - 2 |
 * | collalg_allgatherv_pair() | at most S (alpha + max_j n_j beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_allgatherv_pair_light_barrier() | at most S (alpha + max_j n_j beta) + (S - 1) delta_l + kappa_s + kappa_l | none |
 * | collalg_allgatherv_pair_mpi_barrier() | at most S (alpha + max_j n_j beta) + (S - 1) delta_h + kappa_l | none |
 * | collalg_allgatherv_pair_n_mpi_barriers() | at most S (alpha + max_j n_j beta) + N delta_h + kappa | N barriers, 1 .. S - 1 |
 * | collalg_allgatherv_recursive_doubling() | lg(p) alpha + (p - 1) n beta + (lg(p) - 1) theta + kappa for p a power of two and equal blocks; see its page otherwise | none |
 * | collalg_allgatherv_swing() | lg(pof2) alpha + (pof2 - 1) n beta + (lg(pof2) - 1) theta + kappa for p = pof2 and equal blocks; otherwise fold and unfold add 2 alpha + (p + 1) n beta, and the steps up to (pof2 - 1) n beta more; the blocks of step s at distance abs(rho(s)) (Swing) | none |
 * | collalg_allgatherv_bruck() | ceil(lg p) alpha + (N - n_r) beta + (ceil(lg p) - 1) theta + kappa | none; N bytes of scratch |
 * | collalg_allgatherv_gather_bcast() | 2 ceil(lg p) alpha + (N - n_0) beta + ceil(lg p) N beta + kappa | none |
 * | collalg_allgatherv_logical_ring() | at most (p - 1)(alpha + max_j n_j beta) + (p - 2) theta + kappa_s | none |
 * | collalg_allgatherv_topology_ring() | at most (p - 1)(alpha + max_j n_j beta) + (p - 2) theta + kappa_s, contention free on a tree | none; topology from collalg_topology_attach(), `COLLALG_TOPOLOGY`, or the node level |
 * | collalg_allgatherv_recexch_doubling() | log_k(pofk) alpha + (pofk - 1)/pofk n beta for equal blocks (n the whole vector) with the k - 1 messages of a step overlapping, pofk the largest power of k <= p; 2 alpha + (k - 1) n beta more when p is not a power of k | radix k (default 2, >= 2); n bytes of scratch unless the blocks lie back to back in rank order |
 * | collalg_allgatherv_pat() | (lg A + min(M, p) - 1) alpha + (N - own block) beta, A the blocks per message (a power of two, up to 2^(ceil(lg p) - 1)) and M = 2^ceil(lg p) / A | none; scratch bound in bytes (default 1 MiB), 2 A max(recvcounts) elements of scratch when A > 1 |
 * | collalg_allgatherv_circulant() | ceil(lg p) alpha + (p - 1)/p n beta for equal blocks (one message per block: up to (p - 1) alpha), blocks in place | none |
 * | collalg_allgatherv_recexch_halving() | as recexch_doubling, the spans in the reverse order | radix k (default 2, >= 2); n bytes of scratch with two steps or more |
 */
#ifndef COLLALG_ALLGATHERV_H
#define COLLALG_ALLGATHERV_H

#include "core/core.h"
#include "allgatherv/simple.h"
#include "allgatherv/spreading_simple.h"
#include "allgatherv/ring.h"
#include "allgatherv/ring_light_barrier.h"
#include "allgatherv/ring_mpi_barrier.h"
#include "allgatherv/ring_n_mpi_barriers.h"
#include "allgatherv/pair.h"
#include "allgatherv/pair_light_barrier.h"
#include "allgatherv/pair_mpi_barrier.h"
#include "allgatherv/pair_n_mpi_barriers.h"
#include "allgatherv/recursive_doubling.h"
#include "allgatherv/swing.h"
#include "allgatherv/bruck.h"
#include "allgatherv/gather_bcast.h"
#include "allgatherv/logical_ring.h"
#include "allgatherv/topology_ring.h"
#include "allgatherv/recexch_doubling.h"
#include "allgatherv/recexch_halving.h"
#include "allgatherv/pat.h"
#include "allgatherv/circulant.h"

#endif /* COLLALG_ALLGATHERV_H */
