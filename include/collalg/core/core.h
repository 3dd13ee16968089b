/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/core.h
 * @ingroup core
 * @brief All shared building blocks of the catalogue (what every algorithm header includes).
 */

/**
 * @defgroup core Building blocks
 * @brief What an application may use besides the algorithms: configuration macros and
 *        function-pointer types.
 *
 * - Configuration (core/config.h), defined before the first include: `COLLALG_USE_PMPI` (call the
 *   `PMPI_` entry points, for a PMPI interposition library; see COLLALG_MPI()),
 *   COLLALG_MALLOC() / COLLALG_FREE() (the allocator of scratch buffers), `COLLALG_NO_ARG_CHECKS`
 *   (skip the argument checks of the entry step), COLLALG_INLINE (how every function is defined).
 * - Function-pointer types (core/fn.h), one per collective, with exactly the MPI function's
 *   argument list: collalg_alltoall_fn, collalg_allgather_fn, collalg_allreduce_fn,
 *   collalg_bcast_fn, collalg_alltoallv_fn, collalg_allgatherv_fn, collalg_barrier_fn,
 *   collalg_reduce_fn, collalg_gather_fn, collalg_scatter_fn, collalg_gatherv_fn,
 *   collalg_scatterv_fn, collalg_alltoallw_fn, collalg_reduce_scatter_block_fn,
 *   collalg_reduce_scatter_fn, collalg_scan_fn, collalg_exscan_fn. The allreduce variations take
 *   an inner algorithm of these types.
 * - The other files of core/ are the contract every algorithm goes through (private communicator,
 *   argument checks, datatypes, local reductions, scratch, tags, phase synchronisation); schedule/ holds the pure
 *   schedules, machine/ the machine model (topology, node level, shared window) and family/ what
 *   one family's algorithms share. Their functions, all named `collalg__*`, are in the internal
 *   reference (`make docs-internal`), not here.
 */
#ifndef COLLALG_CORE_CORE_H
#define COLLALG_CORE_CORE_H

#include "config.h"
#include "../schedule/common.h"
#include "tags.h"
#include "comm.h"
#include "datatype.h"
#include "reduce_local.h"
#include "context.h"
#include "args.h"
#include "phase_sync.h"
#include "request.h"
#include "fn.h"

#endif /* COLLALG_CORE_CORE_H */
