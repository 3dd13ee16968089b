/**
 * @file collalg.h
 * @brief Umbrella header: includes every algorithm of the catalogue (convenience only; including
 *        just the algorithm headers you call compiles faster).
 */
#ifndef COLLALG_COLLALG_H
#define COLLALG_COLLALG_H

#include "core/core.h"

/* alltoall */
#include "alltoall/ring.h"
#include "alltoall/ring_light_barrier.h"
#include "alltoall/ring_mpi_barrier.h"
#include "alltoall/ring_n_mpi_barriers.h"

#endif /* COLLALG_COLLALG_H */
