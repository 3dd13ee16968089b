/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/alltoallw.h
 * @ingroup alltoallw
 * @brief Every alltoallw algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup alltoallw MPI_Alltoallw
 * @brief MPI_Alltoallw: every rank sends a distinct block to every rank, each block with its own
 *        count, datatype and byte displacement.
 *
 * Every function takes exactly MPI_Alltoallw's arguments (tuning parameters appended, 0 = default).
 * The blocks differ, so the costs sum over the phases: n_s is the largest message of phase s (for
 * equal blocks of n bytes, the alltoall costs of @ref alltoall). Symbols as in @ref cost_model.
 * MPI_IN_PLACE is accepted by all of them: pair_inplace swaps the blocks pair by pair through one
 * packed scratch block, the others stage the receive blocks first. Each file listed below is an
 * algorithm's page: phases, a trace, the cost, two figures of its messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_alltoallw_scattered() | about sum over B = ceil((p - 1) / m) batches of (m alpha + N_b beta) + (B - 1) theta + kappa | none; m = max_requests pairs in flight, >= 1, 0 = 32 |
 * | collalg_alltoallw_ring() | sum over s of (alpha + n_s beta) + (p - 2) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_alltoallw_pair() | sum over S steps of (alpha + n_s beta) + (S - 1) theta + kappa_n + kappa_s + kappa_l | none |
 * | collalg_alltoallw_pair_inplace() | as pair; in place, one packed block per step instead of staging recvbuf | none (in place: a block's packed size fits an int) |
 */
#ifndef COLLALG_ALLTOALLW_H
#define COLLALG_ALLTOALLW_H

#include "alltoallw/scattered.h"
#include "alltoallw/ring.h"
#include "alltoallw/pair.h"
#include "alltoallw/pair_inplace.h"

#endif /* COLLALG_ALLTOALLW_H */
