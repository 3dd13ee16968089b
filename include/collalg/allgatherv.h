/**
 * @file allgatherv.h
 * @brief Every allgatherv algorithm of the catalogue (family umbrella).
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
#include "allgatherv/bruck.h"
#include "allgatherv/gather_bcast.h"
#include "allgatherv/logical_ring.h"

#endif /* COLLALG_ALLGATHERV_H */
