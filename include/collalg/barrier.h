/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/barrier.h
 * @ingroup barrier
 * @brief Every barrier algorithm of the catalogue (family umbrella). Not to be confused with
 *        core/phase_sync.h, the light-weight barrier primitive used between phases.
 */

/**
 * @defgroup barrier Barrier
 * @brief MPI_Barrier: no rank leaves before every rank has entered.
 *
 * Every function takes exactly MPI_Barrier's argument (tuning parameters appended, 0 = default).
 * The tokens carry no data, so every cost is a number of message latencies alpha
 * (@ref cost_model). Each file listed below is an algorithm's page: phases, a trace, the cost, two
 * figures of its messages.
 *
 * | function | cost (leading terms) | restrictions, parameters |
 * |---|---|---|
 * | collalg_barrier_dissemination() | ceil(lg p) alpha | none |
 * | collalg_barrier_k_dissemination() | ceil(log_k p) alpha with the k - 1 tokens of a round overlapping, up to (k - 1) ceil(log_k p) alpha one after another | radix k (default 4, >= 2) |
 * | collalg_barrier_pairwise_exchange() | floor(lg p) alpha for p a power of two, (floor(lg p) + 2) alpha otherwise | none |
 * | collalg_barrier_binomial() | 2 ceil(lg p) alpha | none |
 * | collalg_barrier_mcs() | from (h(a) + h(b)) alpha to (a h(a) + b h(b)) alpha, h(k) the height of a k-ary tree over p ranks | fan-in a (default 4), fan-out b (default 2) |
 * | collalg_barrier_js() | 3 rounds: from 3 alpha to (2 (g - 1) + 2 (ceil(p / g) - 1)) alpha | group size g (default ceil(sqrt p)) |
 * | collalg_barrier_shm() | one barrier of the node communicator (MPI_Barrier) between two MPI_Win_sync | one node only; the shared-memory family's synchronisation (machine/shm.h) |
 * | collalg_barrier_light_weight() | (p - 1) alpha | none |
 * | collalg_barrier_knomial() | at most 2 (k - 1) ceil(log_k p) alpha: k-nomial gather to rank 0, release down the same tree | radix k (default 4, >= 2) |
 * | collalg_barrier_recexch() | (log_k(pofk) + 2) alpha with the k - 1 tokens of a step overlapping, pofk the largest power of k <= p (log_k p alpha for p a power of k), up to ((k - 1) log_k(pofk) + 2 (k - 1)) alpha one after another | radix k (default 2, >= 2) |
 * | collalg_barrier_double_ring() | 2 p alpha: the token twice around the ring, arrival then release | none |
 */
#ifndef COLLALG_BARRIER_H
#define COLLALG_BARRIER_H

#include "barrier/dissemination.h"
#include "barrier/pairwise_exchange.h"
#include "barrier/binomial.h"
#include "barrier/mcs.h"
#include "barrier/js.h"
#include "barrier/light_weight.h"
#include "barrier/shm.h"
#include "barrier/knomial.h"
#include "barrier/k_dissemination.h"
#include "barrier/recexch.h"
#include "barrier/double_ring.h"

#endif /* COLLALG_BARRIER_H */
