/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/nonblocking.h
 * @ingroup nonblocking
 * @brief Every nonblocking collective algorithm of the catalogue (family umbrella), and
 *        collalg_progress().
 */

/**
 * @defgroup nonblocking Nonblocking collectives
 * @brief MPI_Ibarrier, MPI_Ibcast, MPI_Iallgather, MPI_Ialltoall, MPI_Iallreduce: a schedule run
 *        behind a real MPI_Request.
 *
 * Every function takes exactly its MPI_I<collective>'s arguments. It checks them, builds the
 * calling rank's schedule (schedule/icoll.h: steps with dependencies, a pure function of rank,
 * p, root and counts, checked without MPI in tests/test_steps.c), starts what can start, and
 * returns. The executor (core/nbc.h) advances the schedule without blocking: under MPICH inside
 * the application's own MPI_Test and MPI_Wait (extended generalized requests), under any MPI in
 * collalg_progress(). The request completes with the operation's error, if any.
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_ibarrier_dissemination() | ceil(lg p) alpha | none |
 * | collalg_ibcast_binomial() | ceil(lg p) (alpha + n beta) | none |
 * | collalg_iallgather_ring() | (p - 1) alpha + (p - 1)/p n beta | none |
 * | collalg_ialltoall_linear() | alpha + n beta with every message in flight at once | none |
 * | collalg_iallreduce_recursive_doubling() | (lg p + 2) (alpha + n beta) + (lg p + 1) n gamma | none (rank order kept) |
 *
 * Not yet: the other twelve nonblocking collectives, the selector, the tuner and the PMPI
 * library's MPI_I* entry points.
 */
#ifndef COLLALG_NONBLOCKING_H
#define COLLALG_NONBLOCKING_H

#include "core/nbc.h"
#include "ibarrier/dissemination.h"
#include "ibcast/binomial.h"
#include "iallgather/ring.h"
#include "ialltoall/linear.h"
#include "iallreduce/recursive_doubling.h"

#endif /* COLLALG_NONBLOCKING_H */
