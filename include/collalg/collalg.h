/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg.h
 * @brief Umbrella header: includes every algorithm of the catalogue (convenience only; including
 *        just the algorithm headers you call compiles faster).
 */
#ifndef COLLALG_COLLALG_H
#define COLLALG_COLLALG_H

#include "core/core.h"
#include "alltoall.h"
#include "allgather.h"
#include "allreduce.h"
#include "bcast.h"
#include "alltoallv.h"
#include "allgatherv.h"
#include "barrier.h"
#include "alltoallw.h"
#include "gather.h"
#include "scatter.h"
#include "gatherv.h"
#include "scatterv.h"
#include "reduce.h"
#include "scan.h"
#include "exscan.h"
#include "reduce_scatter_block.h"
#include "reduce_scatter.h"
#include "nonblocking.h"
#include "neighbor.h"
#include "restrictions.h"

#endif /* COLLALG_COLLALG_H */
