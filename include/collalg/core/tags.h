/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/tags.h
 * @brief Message tags on the private communicator.
 *
 * The private communicator carries only catalogue traffic and every call completes all of its
 * messages before it returns, so one tag per kind of message suffices: MPI's non-overtaking
 * rule keeps consecutive calls apart. Tag 0 is used by collalg__copy for copies to self.
 */
#ifndef COLLALG_CORE_TAGS_H
#define COLLALG_CORE_TAGS_H

/** @brief Data messages of all algorithms. */
#define COLLALG_TAG_DATA 1
/** @brief Zero-byte tokens of the light-weight barrier. */
#define COLLALG_TAG_TOKEN 2
/** @brief Data messages of a second phase that may overlap the first (e.g. gather then bcast). */
#define COLLALG_TAG_DATA2 3

#endif /* COLLALG_CORE_TAGS_H */
