/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/config.h
 * @ingroup core
 * @brief Configuration macros of the catalogue: PMPI entry points, allocator, argument checks.
 *
 * Define any of these before the first `#include` of a collalg header (or on the compiler's
 * command line) to change them; every other header includes this one first.
 *
 * | macro                   | default            | meaning |
 * |-------------------------|--------------------|---------|
 * | COLLALG_USE_PMPI        | undefined          | call `PMPI_` entry points instead of `MPI_`, so the catalogue can live inside a PMPI interposition library |
 * | COLLALG_MALLOC(bytes)   | `malloc(bytes)`    | allocator for scratch buffers (argument in bytes, a `size_t`) |
 * | COLLALG_FREE(ptr)       | `free(ptr)`        | matching deallocator |
 * | COLLALG_NO_ARG_CHECKS   | undefined          | skip the argument checks (counts, buffers, types, communicator, parameters) |
 */
#ifndef COLLALG_CORE_CONFIG_H
#define COLLALG_CORE_CONFIG_H

#include <mpi.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/**
 * @def COLLALG_MPI(fn)
 * @brief Name of the MPI entry point `fn` the catalogue calls: `MPI_fn`, or `PMPI_fn` when
 *        `COLLALG_USE_PMPI` is defined.
 */
#ifdef COLLALG_USE_PMPI
#define COLLALG_MPI(fn) PMPI_##fn
#else
#define COLLALG_MPI(fn) MPI_##fn
#endif

/** @brief Allocates @p bytes (a `size_t`) of scratch memory; may return NULL. */
#ifndef COLLALG_MALLOC
#define COLLALG_MALLOC(bytes) malloc(bytes)
#endif

/** @brief Frees memory obtained from COLLALG_MALLOC; NULL is allowed. */
#ifndef COLLALG_FREE
#define COLLALG_FREE(ptr) free(ptr)
#endif

/** @brief Storage class of every catalogue function. */
#define COLLALG_INLINE static inline

/** @brief 1 when argument checks are compiled in (the default), 0 under COLLALG_NO_ARG_CHECKS. */
#ifdef COLLALG_NO_ARG_CHECKS
#define COLLALG_ARG_CHECKS 0
#else
#define COLLALG_ARG_CHECKS 1
#endif

#endif /* COLLALG_CORE_CONFIG_H */
