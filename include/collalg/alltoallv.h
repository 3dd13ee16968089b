/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/alltoallv.h
 * @ingroup alltoallv
 * @brief Every alltoallv algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup alltoallv Alltoallv
 * @brief MPI_Alltoallv: every rank sends a distinct block of its own size to every rank.
 *
 * Every function takes exactly MPI_Alltoallv's arguments (tuning parameters appended, 0 = default).
 * The blocks differ, so the costs sum over the phases: n_s is the largest message of phase s (for
 * equal blocks of n bytes, the alltoall costs of @ref alltoall). Symbols as in @ref cost_model.
 * Each file listed below is an algorithm's page: phases, a trace, the cost, two figures of its
 * messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_alltoallv_simple() | about max over i of (m_i alpha + N_i beta) + kappa, rank i sending m_i messages of N_i bytes in all | none |
 * | collalg_alltoallv_spreading_simple() | as simple, less node contention | none |
 * | collalg_alltoallv_scattered() | sum over B = ceil((p - 1) / m) batches of (m alpha + N_b beta) + (B - 1) theta + kappa | m pairs in flight, default 32 |
 * | collalg_alltoallv_ring() | sum over s of (alpha + n_s beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_alltoallv_ring_light_barrier() | sum over s of (alpha + n_s beta) + (p - 2) delta_l + kappa_s + kappa_l | none |
 * | collalg_alltoallv_ring_mpi_barrier() | sum over s of (alpha + n_s beta) + (p - 2) delta_h + kappa_l | none |
 * | collalg_alltoallv_ring_n_mpi_barriers() | sum over s of (alpha + n_s beta) + N delta_h + kappa | N barriers, 1 .. p - 2 |
 * | collalg_alltoallv_pair() | sum over S steps of (alpha + n_s beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_alltoallv_pair_light_barrier() | sum over s of (alpha + n_s beta) + (S - 1) delta_l + kappa_s + kappa_l | none |
 * | collalg_alltoallv_pair_mpi_barrier() | sum over s of (alpha + n_s beta) + (S - 1) delta_h + kappa_l | none |
 * | collalg_alltoallv_pair_n_mpi_barriers() | sum over s of (alpha + n_s beta) + N delta_h + kappa | N barriers, 1 .. S - 1 |
 * | collalg_alltoallv_pair_inplace() | as pair; in place one block at a time through MPI_Sendrecv_replace instead of staging every block | none |
 * | collalg_alltoallv_greedy() | an allgather of the p x p size matrix + sum over F <= 2p - 3 phases of (alpha + n_f beta) + (F - 1) delta_l + kappa_s + kappa_l | p <= 46340 |
 * | collalg_alltoallv_alltoall_based() | an allgather of the p x p size matrix + sum over F <= p phases of (alpha + n_f beta) + (F - 1) delta_l + kappa_s + kappa_l | p <= 46340 |
 */
#ifndef COLLALG_ALLTOALLV_H
#define COLLALG_ALLTOALLV_H

#include "alltoallv/simple.h"
#include "alltoallv/spreading_simple.h"
#include "alltoallv/scattered.h"
#include "alltoallv/ring.h"
#include "alltoallv/ring_light_barrier.h"
#include "alltoallv/ring_mpi_barrier.h"
#include "alltoallv/ring_n_mpi_barriers.h"
#include "alltoallv/pair.h"
#include "alltoallv/pair_light_barrier.h"
#include "alltoallv/pair_mpi_barrier.h"
#include "alltoallv/pair_n_mpi_barriers.h"
#include "alltoallv/pair_inplace.h"
#include "alltoallv/greedy.h"
#include "alltoallv/alltoall_based.h"

#endif /* COLLALG_ALLTOALLV_H */
